// Hand-written validation of core/v1 beside the generated one: the rules of
// upstream's `pkg/apis/core/validation/validation.go` that users meet first
// and no marker says, with upstream's messages. Unlike the generated rules
// they are not ratcheted: upstream checks the whole new object on update.

use std::collections::BTreeSet;

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::{IntOrString, Quantity};
use runtime::validate::{Context, ValidateExtra, immutable_field, names};

use super::{
    ConfigMap, Container, KeyToPath, PodSpec, PodTemplateSpec, ResourceRequirements, Secret,
    Volume, VolumeSource,
};

/// `api.MaxSecretSize`: the most data a ConfigMap or a Secret holds.
const MAX_DATA_SIZE: usize = 1024 * 1024;

fn key_errors(path: &Path, key: &str) -> ErrorList {
    names::config_map_key(key)
        .iter()
        .map(|m| Error::invalid(&path.key(key), BadValue::Str(key.into()), m))
        .collect()
}

/// Upstream's detail for a change to an object marked `immutable`.
const IMMUTABLE_WHEN_SET: &str = "field is immutable when `immutable` is set";

/// What `ValidateConfigMapUpdate` and `ValidateSecretUpdate` forbid once
/// the old object is marked `immutable: true`: unmarking it, and changing
/// `changed` (`data`, and a ConfigMap's `binaryData`, each compared
/// whole), in that order.
fn immutable_errors(
    path: &Path,
    old_immutable: Option<bool>,
    new_immutable: Option<bool>,
    changed: &[(&'static str, bool)],
) -> ErrorList {
    if old_immutable != Some(true) {
        return Vec::new();
    }
    let mut errs = Vec::new();
    if new_immutable != Some(true) {
        errs.push(Error::forbidden(
            &path.field("immutable"),
            IMMUTABLE_WHEN_SET,
        ));
    }
    for &(field, differs) in changed {
        if differs {
            errs.push(Error::forbidden(&path.field(field), IMMUTABLE_WHEN_SET));
        }
    }
    errs
}

impl ValidateExtra for ConfigMap {
    /// `ValidateConfigMapUpdate` on update (nothing changes in an object
    /// marked `immutable` but its metadata), then `ValidateConfigMap`: key
    /// names, a key in both `data` and `binaryData`, and the 1 MiB total
    /// (reported on the whole object).
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = match old {
            Some(old) => immutable_errors(
                path,
                old.immutable,
                self.immutable,
                &[
                    ("data", self.data != old.data),
                    ("binaryData", self.binary_data != old.binary_data),
                ],
            ),
            None => Vec::new(),
        };
        let mut size = 0;
        let data = path.child("data");
        for (key, value) in &self.data {
            errs.extend(key_errors(&data, key));
            if self.binary_data.contains_key(key) {
                errs.push(Error::invalid(
                    &data.key(key),
                    BadValue::Str(key.clone()),
                    "duplicate of key present in binaryData",
                ));
            }
            size += value.len();
        }
        let binary = path.child("binaryData");
        for (key, value) in &self.binary_data {
            errs.extend(key_errors(&binary, key));
            if self.data.contains_key(key) {
                errs.push(Error::invalid(
                    &binary.key(key),
                    BadValue::Str(key.clone()),
                    "duplicate of key present in data",
                ));
            }
            size += value.len();
        }
        if size > MAX_DATA_SIZE {
            errs.push(Error::too_long(
                &path.child(""),
                BadValue::Omit,
                MAX_DATA_SIZE,
            ));
        }
        errs
    }
}

impl ValidateExtra for Secret {
    /// `ValidateSecretUpdate` on update (the `type` never changes; nothing
    /// but metadata changes in a Secret marked `immutable`; `stringData` is
    /// merged into `data` before), then `ValidateSecret`: key names of
    /// `data` and its 1 MiB total.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        if let Some(old) = old {
            errs.extend(immutable_field(
                &path.field("type"),
                &self.r#type,
                &old.r#type,
            ));
            errs.extend(immutable_errors(
                path,
                old.immutable,
                self.immutable,
                &[("data", self.data != old.data)],
            ));
        }
        let data = path.child("data");
        errs.extend(self.data.keys().flat_map(|k| key_errors(&data, k)));
        let size: usize = self.data.values().map(Vec::len).sum();
        if size > MAX_DATA_SIZE {
            errs.push(Error::too_long(&data, BadValue::Omit, MAX_DATA_SIZE));
        }
        secret_type_errors(self, &data, &mut errs);
        errs
    }
}

/// `ValidateSecret`'s rules per `type`: a service account token names its
/// account, a Docker config holds its key as a JSON object, basic and SSH
/// auth hold their keys, TLS both its certificate and key. Upstream builds
/// the basic and SSH auth paths from the literal `data[%s]`, so they read
/// `data[%s][username]`; that is kept.
fn secret_type_errors(secret: &Secret, data: &Path, errs: &mut ErrorList) {
    let has = |key: &str| secret.data.contains_key(key);
    let literal = Path::new("data[%s]");
    match secret.r#type.as_str() {
        "kubernetes.io/service-account-token" => {
            let key = "kubernetes.io/service-account.name";
            if secret
                .metadata
                .annotations
                .get(key)
                .is_none_or(String::is_empty)
            {
                let metadata = Path::new("metadata");
                let annotations = metadata.child("annotations");
                errs.push(Error::required(&annotations.key(key), ""));
            }
        }
        "kubernetes.io/dockercfg" => docker_config_errors(secret, ".dockercfg", data, errs),
        "kubernetes.io/dockerconfigjson" => {
            docker_config_errors(secret, ".dockerconfigjson", data, errs)
        }
        "kubernetes.io/basic-auth" if !has("username") && !has("password") => {
            errs.push(Error::required(&literal.key("username"), ""));
            errs.push(Error::required(&literal.key("password"), ""));
        }
        "kubernetes.io/ssh-auth" if secret.data.get("ssh-privatekey").is_none_or(Vec::is_empty) => {
            errs.push(Error::required(&literal.key("ssh-privatekey"), ""));
        }
        "kubernetes.io/tls" => {
            for key in ["tls.crt", "tls.key"] {
                if !has(key) {
                    errs.push(Error::required(&data.key(key), ""));
                }
            }
        }
        _ => {}
    }
}

/// A Docker config key must be there and hold a JSON object (or `null`),
/// as Go's `json.Unmarshal` into a map takes it. Go's messages are given
/// for an empty or cut-off value and for JSON of another type; other
/// syntax errors carry serde_json's description instead of Go's.
fn docker_config_errors(secret: &Secret, key: &str, data: &Path, errs: &mut ErrorList) {
    let at = data.key(key);
    let Some(bytes) = secret.data.get(key) else {
        errs.push(Error::required(&at, ""));
        return;
    };
    let detail = match serde_json::from_slice::<serde_json::Value>(bytes) {
        Ok(serde_json::Value::Object(_) | serde_json::Value::Null) => return,
        Ok(other) => {
            let kind = match other {
                serde_json::Value::Array(_) => "array",
                serde_json::Value::String(_) => "string",
                serde_json::Value::Number(_) => "number",
                _ => "bool",
            };
            format!("json: cannot unmarshal {kind} into Go value of type map[string]interface {{}}")
        }
        Err(e) if e.is_eof() => "unexpected end of JSON input".to_string(),
        Err(e) => e.to_string(),
    };
    errs.push(Error::invalid(
        &at,
        BadValue::Str("<secret contents redacted>".into()),
        &detail,
    ));
}

impl ValidateExtra for PodTemplateSpec {
    /// `ValidatePodTemplateSpec`'s first rules, before the spec's: the
    /// template's labels (`ValidateLabels`) and annotation keys and size
    /// (`ValidateAnnotations`), at `labels` and `annotations` of the
    /// template's path (upstream's path names no `metadata`).
    fn validate_extra_first(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = runtime::validate::labels(&self.metadata.labels, &path.child("labels"));
        let annotations = path.child("annotations");
        for key in self.metadata.annotations.keys() {
            for m in names::annotation_key(key) {
                errs.push(Error::invalid(&annotations, BadValue::Str(key.clone()), &m));
            }
        }
        let size: usize = self
            .metadata
            .annotations
            .iter()
            .map(|(k, v)| k.len() + v.len())
            .sum();
        if size > 256 * 1024 {
            errs.push(Error::too_long(
                &annotations,
                BadValue::Str(String::new()),
                256 * 1024,
            ));
        }
        errs
    }
}

impl ValidateExtra for PodSpec {
    /// `ValidatePodSpec`'s first rules: volumes (`ValidateVolumes`), then
    /// `validateContainers` and `validateInitContainers`: at least one
    /// container; each container has a DNS-1123 label name unique in the
    /// pod, an image, valid ports, environment variable names, volume
    /// mounts of declared volumes, resource requests within their limits,
    /// and (regular containers) valid probes; then the pod's
    /// `restartPolicy` and `dnsPolicy` among upstream's values.
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = validate_volumes(&self.volumes, &path.child("volumes"));
        let containers = path.child("containers");
        if self.containers.is_empty() {
            errs.push(Error::required(&containers, ""));
        }
        let mut names = Seen::new(
            self.containers
                .iter()
                .chain(&self.init_containers)
                .map(|c| c.name.as_str()),
        );
        for (i, c) in self.containers.iter().enumerate() {
            let at = containers.index(i);
            validate_container(c, &self.volumes, &at, &mut errs);
            if !names.insert(c.name.as_str()) {
                errs.push(Error::duplicate(
                    &at.child("name"),
                    BadValue::Str(c.name.clone()),
                ));
            }
            if let Some(lifecycle) = &c.lifecycle {
                super::handler_validation::lifecycle_errors(
                    lifecycle,
                    &at.child("lifecycle"),
                    &mut errs,
                );
            }
            super::handler_validation::validate_probe(
                c.liveness_probe.as_deref(),
                &at.child("livenessProbe"),
                true,
                &mut errs,
            );
            super::handler_validation::validate_probe(
                c.readiness_probe.as_deref(),
                &at.child("readinessProbe"),
                false,
                &mut errs,
            );
            super::handler_validation::validate_probe(
                c.startup_probe.as_deref(),
                &at.child("startupProbe"),
                true,
                &mut errs,
            );
        }
        // validateInitContainers: the common rules, and names unique across
        // regular and init containers.
        let init = path.child("initContainers");
        for (i, c) in self.init_containers.iter().enumerate() {
            let at = init.index(i);
            validate_container(c, &self.volumes, &at, &mut errs);
            if names.contains(c.name.as_str()) {
                errs.push(Error::duplicate(
                    &at.child("name"),
                    BadValue::Str(c.name.clone()),
                ));
            } else if !c.name.is_empty() {
                names.insert(c.name.as_str());
            }
        }
        errs.extend(one_of(
            &path.child("restartPolicy"),
            &self.restart_policy,
            &["Always", "OnFailure", "Never"],
        ));
        errs.extend(one_of(
            &path.child("dnsPolicy"),
            &self.dns_policy,
            &["ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"],
        ));
        errs
    }
}

/// The two views of a volume's sources, from one list of them in the
/// order upstream's `validateVolumeSource` looks at them (`flocker`, gone
/// upstream, comes last):
///
/// - `source_count`, the number of sources set: a sum of flags, all that
///   most volumes (one source each) need;
/// - `set_source_names`, the names of the sources set in that order: the
///   first is the volume's type, later ones are errors. Only a volume that
///   sets several is walked by name.
macro_rules! volume_sources {
    ($($name:literal => $field:ident,)*) => {
        fn source_count(v: &VolumeSource) -> usize {
            0 $(+ usize::from(v.$field.is_some()))*
        }

        fn set_source_names(v: &VolumeSource) -> impl Iterator<Item = &'static str> {
            [$(($name, v.$field.is_some())),*]
                .into_iter()
                .filter_map(|(name, set)| set.then_some(name))
        }
    };
}

volume_sources! {
    "emptyDir" => empty_dir,
    "hostPath" => host_path,
    "gitRepo" => git_repo,
    "gcePersistentDisk" => gce_persistent_disk,
    "awsElasticBlockStore" => aws_elastic_block_store,
    "secret" => secret,
    "nfs" => nfs,
    "iscsi" => iscsi,
    "glusterfs" => glusterfs,
    "flexVolume" => flex_volume,
    "persistentVolumeClaim" => persistent_volume_claim,
    "rbd" => rbd,
    "quobyte" => quobyte,
    "cephfs" => cephfs,
    "cinder" => cinder,
    "downwardAPI" => downward_api,
    "fc" => fc,
    "azureFile" => azure_file,
    "vsphereVolume" => vsphere_volume,
    "azureDisk" => azure_disk,
    "configMap" => config_map,
    "photonPersistentDisk" => photon_persistent_disk,
    "projected" => projected,
    "portworxVolume" => portworx_volume,
    "scaleIO" => scale_io,
    "storageos" => storageos,
    "csi" => csi,
    "ephemeral" => ephemeral,
    "image" => image,
    "flocker" => flocker,
}

/// FNV-1a of a name: equal names hash equal, and short names hash in a
/// few steps (no per-call hasher state, unlike the standard hasher).
fn name_hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Whether two of `names` may be equal: a Bloom filter of 4,096 bits on
/// the stack, two bits per name. `false` is certain; `true` may be a
/// false alarm (for 30 distinct names, about one list in 500).
fn may_repeat<'a>(names: impl Iterator<Item = &'a str>) -> bool {
    let mut bits = [0u64; 64];
    let mut maybe = false;
    for name in names {
        let hash = name_hash(name);
        let (a, b) = ((hash & 4095) as usize, ((hash >> 32) & 4095) as usize);
        let bit = |i: usize| 1u64 << (i % 64);
        maybe |= bits[a / 64] & bit(a) != 0 && bits[b / 64] & bit(b) != 0;
        bits[a / 64] |= bit(a);
        bits[b / 64] |= bit(b);
    }
    maybe
}

/// The set a list's duplicate check fills, filled only when
/// [`may_repeat`] finds that two of the list's names may be equal: names
/// are usually unique, and a list whose names cannot repeat needs no set
/// (a false alarm only costs the exact walk). Answers as a `BTreeSet` of
/// the names inserted would.
struct Seen<'a> {
    set: Option<BTreeSet<&'a str>>,
}

impl<'a> Seen<'a> {
    /// For a list whose names are `names` (every name it may insert).
    fn new(names: impl Iterator<Item = &'a str>) -> Self {
        Seen {
            set: may_repeat(names).then(BTreeSet::new),
        }
    }

    /// Records `name`; `false` if it was seen before.
    fn insert(&mut self, name: &'a str) -> bool {
        self.set.as_mut().is_none_or(|set| set.insert(name))
    }

    /// Whether `name` was inserted before.
    fn contains(&self, name: &str) -> bool {
        self.set.as_ref().is_some_and(|set| set.contains(name))
    }
}

/// `ValidateVolumes`: each volume has exactly one source and a unique
/// DNS-1123 label name.
fn validate_volumes(volumes: &[Volume], path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    let mut seen = Seen::new(volumes.iter().map(|v| v.name.as_str()));
    for (i, volume) in volumes.iter().enumerate() {
        let at = path.index(i);
        let count = source_count(&volume.volume_source);
        if count == 0 {
            errs.push(Error::required(&at, "must specify a volume type"));
        }
        if count > 1 {
            for extra in set_source_names(&volume.volume_source).skip(1) {
                errs.push(Error::forbidden(
                    &at.child(extra),
                    "may not specify more than 1 volume type",
                ));
            }
        }
        volume_source_errors(&volume.volume_source, &at, &mut errs);
        let name = at.child("name");
        if volume.name.is_empty() {
            errs.push(Error::required(&name, ""));
        } else {
            for m in names::dns1123_label(&volume.name) {
                errs.push(Error::invalid(
                    &name,
                    BadValue::Str(volume.name.clone()),
                    &m,
                ));
            }
        }
        if !seen.insert(volume.name.as_str()) {
            errs.push(Error::duplicate(&name, BadValue::Str(volume.name.clone())));
        }
    }
    errs
}

/// `fileModeErrorMsg`: a file mode is between 0 and 0777.
const FILE_MODE: &str = "must be a number between 0 and 0777 (octal), both inclusive";

/// A `defaultMode` or `mode` outside 0..=0o777 (a JSON `644` meant as
/// octal is 0o1204).
fn file_mode_errors(mode: Option<i32>, path: &Path) -> Option<Error> {
    mode.filter(|m| !(0..=0o777).contains(m))
        .map(|m| Error::invalid(path, BadValue::Int(m.into()), FILE_MODE))
}

/// `validateKeyToPath`: a key, a relative path without `..` steps
/// (`ValidateLocalNonReservedPath`), a file mode in range.
fn key_to_path_errors(items: &[KeyToPath], path: &Path, errs: &mut ErrorList) {
    for (i, item) in items.iter().enumerate() {
        let at = path.index(i);
        if item.key.is_empty() {
            errs.push(Error::required(&at.child("key"), ""));
        }
        let item_path = at.child("path");
        if item.path.is_empty() {
            errs.push(Error::required(&item_path, ""));
        }
        local_non_reserved_path_errors(&item.path, &item_path, errs);
        errs.extend(file_mode_errors(item.mode, &at.child("mode")));
    }
}

/// `ValidateLocalNonReservedPath`: relative, no `..` element (one error
/// however many), and not starting with `..`.
fn local_non_reserved_path_errors(target: &str, path: &Path, errs: &mut ErrorList) {
    let invalid = |detail: &str| Error::invalid(path, BadValue::Str(target.into()), detail);
    if target.starts_with('/') {
        errs.push(invalid("must be a relative path"));
    }
    // Only a path with two dots in a row can have a `..` element.
    let dots = target.as_bytes().windows(2).any(|w| w == b"..");
    if dots && target.split('/').any(|part| part == "..") {
        errs.push(invalid("must not contain '..'"));
    }
    if target.starts_with("..") && !target.starts_with("../") {
        errs.push(invalid("must not start with '..'"));
    }
}

/// `validateVolumeSource`'s checks of the common sources' contents, in
/// its order of sources: a host path's `path`, a secret's `secretName`,
/// a claim's `claimName` and a config map's `name` are required; file
/// modes are in range; items name a key and a relative path.
fn volume_source_errors(source: &VolumeSource, path: &Path, errs: &mut ErrorList) {
    if let Some(host_path) = &source.host_path
        && host_path.path.is_empty()
    {
        errs.push(Error::required(&path.child("hostPath").child("path"), ""));
    }
    if let Some(secret) = &source.secret {
        let at = path.child("secret");
        if secret.secret_name.is_empty() {
            errs.push(Error::required(&at.child("secretName"), ""));
        }
        errs.extend(file_mode_errors(
            secret.default_mode,
            &at.child("defaultMode"),
        ));
        key_to_path_errors(&secret.items, &at.child("items"), errs);
    }
    if let Some(claim) = &source.persistent_volume_claim
        && claim.claim_name.is_empty()
    {
        errs.push(Error::required(
            &path.child("persistentVolumeClaim").child("claimName"),
            "",
        ));
    }
    if let Some(config_map) = &source.config_map {
        let at = path.child("configMap");
        if config_map.local_object_reference.name.is_empty() {
            errs.push(Error::required(&at.child("name"), ""));
        }
        errs.extend(file_mode_errors(
            config_map.default_mode,
            &at.child("defaultMode"),
        ));
        key_to_path_errors(&config_map.items, &at.child("items"), errs);
    }
}

/// `validation.IsValidPortName`: an IANA service name.
pub(crate) fn port_name_errors(name: &str) -> Vec<&'static str> {
    let mut errs = Vec::new();
    if name.len() > 15 {
        errs.push("must be no more than 15 characters");
    }
    // `^[-a-z0-9]+$`, which an empty name fails too.
    if name.is_empty()
        || !name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        errs.push("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
    }
    if !name.bytes().any(|b| b.is_ascii_lowercase()) {
        errs.push("must contain at least one letter (a-z)");
    }
    if name.contains("--") {
        errs.push("must not contain consecutive hyphens (-)");
    }
    if name.starts_with('-') || name.ends_with('-') {
        errs.push("must not begin or end with a hyphen (-)");
    }
    errs
}

pub(crate) const PORT_RANGE: &str = "must be between 1 and 65535, inclusive";

/// `ValidatePortNumOrName`: a port number in range, or a port name.
pub(super) fn port_num_or_name_errors(port: &IntOrString, path: &Path, errs: &mut ErrorList) {
    match port {
        IntOrString::Int(n) if !(1..=65535).contains(n) => {
            errs.push(Error::invalid(path, BadValue::Int((*n).into()), PORT_RANGE));
        }
        IntOrString::Int(_) => {}
        IntOrString::String(name) => {
            for m in port_name_errors(name) {
                errs.push(Error::invalid(path, BadValue::Str(name.clone()), m));
            }
        }
    }
}

/// `validateContainerCommon`, in upstream's order: name, image, ports,
/// environment, volume mounts, resources.
fn validate_container(c: &Container, volumes: &[Volume], path: &Path, errs: &mut ErrorList) {
    let name = path.child("name");
    if c.name.is_empty() {
        errs.push(Error::required(&name, ""));
    } else {
        for m in names::dns1123_label(&c.name) {
            errs.push(Error::invalid(&name, BadValue::Str(c.name.clone()), &m));
        }
    }
    if c.image.is_empty() {
        errs.push(Error::required(&path.child("image"), ""));
    }
    errs.extend(one_of(
        &path.child("terminationMessagePolicy"),
        &c.termination_message_policy,
        &["File", "FallbackToLogsOnError"],
    ));
    // validateContainerPorts
    let ports = path.child("ports");
    let mut port_names = Seen::new(
        c.ports
            .iter()
            .filter(|p| !p.name.is_empty())
            .map(|p| p.name.as_str()),
    );
    for (i, port) in c.ports.iter().enumerate() {
        let at = ports.index(i);
        if !port.name.is_empty() {
            let problems = port_name_errors(&port.name);
            for m in &problems {
                errs.push(Error::invalid(
                    &at.child("name"),
                    BadValue::Str(port.name.clone()),
                    m,
                ));
            }
            if problems.is_empty() && !port_names.insert(port.name.as_str()) {
                errs.push(Error::duplicate(
                    &at.child("name"),
                    BadValue::Str(port.name.clone()),
                ));
            }
        }
        if port.container_port == 0 {
            errs.push(Error::required(&at.child("containerPort"), ""));
        } else if !(1..=65535).contains(&port.container_port) {
            errs.push(Error::invalid(
                &at.child("containerPort"),
                BadValue::Int(port.container_port.into()),
                PORT_RANGE,
            ));
        }
        if port.host_port != 0 && !(1..=65535).contains(&port.host_port) {
            errs.push(Error::invalid(
                &at.child("hostPort"),
                BadValue::Int(port.host_port.into()),
                PORT_RANGE,
            ));
        }
        // `supportedPortProtocols`, listed sorted (`sets.List`).
        errs.extend(one_of(
            &at.child("protocol"),
            &port.protocol,
            &["SCTP", "TCP", "UDP"],
        ));
    }
    super::env_validation::env_errors(&c.env, &path.child("env"), errs);
    super::env_validation::env_from_errors(&c.env_from, &path.child("envFrom"), errs);
    // ValidateVolumeMounts
    let mounts = path.child("volumeMounts");
    let mut mount_paths = Seen::new(c.volume_mounts.iter().map(|m| m.mount_path.as_str()));
    for (i, mount) in c.volume_mounts.iter().enumerate() {
        let at = mounts.index(i);
        if mount.name.is_empty() {
            errs.push(Error::required(&at.child("name"), ""));
        }
        if !volumes.iter().any(|v| v.name == mount.name) {
            errs.push(Error::not_found(
                &at.child("name"),
                BadValue::Str(mount.name.clone()),
            ));
        }
        if mount.mount_path.is_empty() {
            errs.push(Error::required(&at.child("mountPath"), ""));
        }
        if !mount_paths.insert(mount.mount_path.as_str()) {
            errs.push(Error::invalid(
                &at.child("mountPath"),
                BadValue::Str(mount.mount_path.clone()),
                "must be unique",
            ));
        }
    }
    // validatePullPolicy
    errs.extend(one_of(
        &path.child("imagePullPolicy"),
        &c.image_pull_policy,
        &["Always", "IfNotPresent", "Never"],
    ));
    validate_resources(&c.resources, &path.child("resources"), errs);
}

/// Upstream's switch over a string enum (`validateRestartPolicy`,
/// `validateDNSPolicy`, `validatePullPolicy`, a container's
/// `terminationMessagePolicy`, a port's protocol): empty is `Required`,
/// a value outside `valid` is `NotSupported` listing them in the order
/// given.
pub(super) fn one_of(path: &Path, value: &str, valid: &[&str]) -> Option<Error> {
    if value.is_empty() {
        Some(Error::required(path, ""))
    } else if valid.contains(&value) {
        None
    } else {
        Some(Error::not_supported(
            path,
            BadValue::Str(value.into()),
            valid,
        ))
    }
}

/// `helper.IsNativeResource`: a resource name without a domain prefix, or
/// with a `kubernetes.io/` one.
pub(crate) fn is_native_resource(name: &str) -> bool {
    !name.contains('/') || name.contains("kubernetes.io/")
}

/// Whether a request may be below its limit (`helper.IsOvercommitAllowed`):
/// native resources other than huge pages.
pub(crate) fn overcommit_allowed(resource: &str) -> bool {
    is_native_resource(resource) && !resource.starts_with("hugepages-")
}

/// `helper.IsIntegerResourceName`: the object counts of quotas, and
/// extended resources (a domain-prefixed name outside `kubernetes.io/`
/// that is a qualified name as `requests.<name>`), which are counted in
/// whole units.
fn is_integer_resource_name(name: &str) -> bool {
    // A `match` on the names, not a scan of a list: this runs for every
    // resource of every container a write validates.
    let counted = matches!(
        name,
        "pods"
            | "resourcequotas"
            | "services"
            | "replicationcontrollers"
            | "secrets"
            | "configmaps"
            | "persistentvolumeclaims"
            | "services.nodeports"
            | "services.loadbalancers"
    );
    counted || is_extended_resource_name(name)
}

/// `helper.IsExtendedResourceName`: a domain-prefixed name outside
/// `kubernetes.io/` that is a qualified name as `requests.<name>`.
pub fn is_extended_resource_name(name: &str) -> bool {
    !is_native_resource(name)
        && !name.starts_with("requests.")
        && runtime::validate::names::qualified_name(&format!("requests.{name}")).is_empty()
}

/// `ValidateResourceQuantityValue`: an amount of the resource `name` is
/// not negative, and is a whole number for a resource counted in units
/// (`must be an integer`; upstream prints that amount as Go's dump of the
/// `resource.Quantity` struct, written here as the quantity's text).
pub(crate) fn resource_quantity_value_errors(name: &str, q: &Quantity, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    if q.is_negative() {
        errs.push(Error::invalid(
            path,
            BadValue::Str(q.to_string()),
            "must be greater than or equal to 0",
        ));
    }
    if is_integer_resource_name(name) && !q.is_whole() {
        errs.push(Error::invalid(
            path,
            BadValue::Str(q.to_string()),
            "must be an integer",
        ));
    }
    errs
}

/// `ValidateContainerResourceRequirements`: resource names a container
/// may have, no negative amounts, whole numbers of integer resources, and
/// each request at most its limit (equal to it, and a limit set, where
/// overcommit is not allowed).
fn validate_resources(resources: &ResourceRequirements, path: &Path, errs: &mut ErrorList) {
    let limits = path.child("limits");
    for (name, q) in &resources.limits {
        let at = limits.key(name);
        errs.extend(super::limit_range::container_resource_name_errors(
            name, &at,
        ));
        errs.extend(resource_quantity_value_errors(name, q, &at));
    }
    let requests = path.child("requests");
    for (name, q) in &resources.requests {
        let at = requests.key(name);
        errs.extend(super::limit_range::container_resource_name_errors(
            name, &at,
        ));
        errs.extend(resource_quantity_value_errors(name, q, &at));
        let Some(limit) = resources.limits.get(name) else {
            if !overcommit_allowed(name) {
                errs.push(Error::required(
                    &limits,
                    "Limit must be set for non overcommitable resources",
                ));
            }
            continue;
        };
        let order = q.cmp_amount(limit);
        if order != std::cmp::Ordering::Equal && !overcommit_allowed(name) {
            errs.push(Error::invalid(
                &requests,
                BadValue::Str(q.to_string()),
                &format!("must be equal to {name} limit of {limit}"),
            ));
        } else if order == std::cmp::Ordering::Greater {
            errs.push(Error::invalid(
                &requests,
                BadValue::Str(q.to_string()),
                &format!("must be less than or equal to {name} limit of {limit}"),
            ));
        }
    }
    let compute = |list: &std::collections::BTreeMap<String, Quantity>| {
        list.contains_key("cpu") || list.contains_key("memory")
    };
    let huge_pages = |list: &std::collections::BTreeMap<String, Quantity>| {
        list.keys().any(|k| k.starts_with("hugepages-"))
    };
    if !compute(&resources.limits)
        && !compute(&resources.requests)
        && (huge_pages(&resources.limits) || huge_pages(&resources.requests))
    {
        errs.push(Error::forbidden(path, "HugePages require cpu or memory"));
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::{Seen, may_repeat};

    #[test]
    fn the_name_filter_never_misses_a_repeat() {
        let names: Vec<String> = (0..500).map(|i| format!("volume-{i}")).collect();
        for repeated in [0, 1, 250, 499] {
            let with_repeat = names
                .iter()
                .map(String::as_str)
                .chain([names[repeated].as_str()]);
            assert!(may_repeat(with_repeat), "volume-{repeated}");
        }
        // Distinct names of a usual pod are told apart without the walk.
        let usual: Vec<String> = (0..30).map(|i| format!("v{i}")).collect();
        assert!(!may_repeat(usual.iter().map(String::as_str)));
    }

    /// `Seen` answers every insert and lookup as a `BTreeSet` does, for
    /// lists with and without repeats (the empty name included).
    #[test]
    fn seen_answers_as_a_set() {
        let lists: [&[&str]; 4] = [
            &["a", "b", "c"],
            &["a", "b", "a", "c", "b"],
            &["", "x", ""],
            &[],
        ];
        for names in lists {
            let mut seen = Seen::new(names.iter().copied());
            let mut set = BTreeSet::new();
            for name in names {
                assert_eq!(seen.contains(name), set.contains(name), "{names:?}");
                assert_eq!(seen.insert(name), set.insert(*name), "{names:?}");
            }
        }
    }
}
