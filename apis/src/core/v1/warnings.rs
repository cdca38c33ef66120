//! Warnings about pods and pod templates (and, for Endpoints, addresses:
//! [`ip_warning`]) that are valid but likely wrong,
//! as upstream's `pkg/api/pod/warnings.go` (`GetWarningsForPod`,
//! `GetWarningsForPodTemplate`) gives them to the pod, Deployment and Job
//! strategies' `WarningsOnCreate`/`WarningsOnUpdate`, with upstream's
//! texts. Ported: deprecated node labels in `nodeSelector` and topology
//! spread constraints, a topology spread constraint without a label
//! selector, deprecated annotations, deprecated volume plugins, duplicate
//! host alias IPs and image pull secrets, empty image pull secret names,
//! and environment variables that hide an earlier one. Not ported yet:
//! node affinity terms, projected volume paths, fractional byte
//! quantities, seccomp and AppArmor annotations, ports.

use std::collections::BTreeSet;

use runtime::meta::ObjectMeta;

use super::{Container, PodSpec};

/// Node labels that have a newer name (`pkg/api/node`'s
/// `deprecatedNodeLabels`), with upstream's message.
const DEPRECATED_NODE_LABELS: [(&str, &str); 5] = [
    (
        "beta.kubernetes.io/arch",
        r#"deprecated since v1.14; use "kubernetes.io/arch" instead"#,
    ),
    (
        "beta.kubernetes.io/os",
        r#"deprecated since v1.14; use "kubernetes.io/os" instead"#,
    ),
    (
        "failure-domain.beta.kubernetes.io/region",
        r#"deprecated since v1.17; use "topology.kubernetes.io/region" instead"#,
    ),
    (
        "failure-domain.beta.kubernetes.io/zone",
        r#"deprecated since v1.17; use "topology.kubernetes.io/zone" instead"#,
    ),
    (
        "beta.kubernetes.io/instance-type",
        r#"deprecated since v1.17; use "node.kubernetes.io/instance-type" instead"#,
    ),
];

/// Annotations that no longer do anything, with upstream's message.
const DEPRECATED_ANNOTATIONS: [(&str, &str); 3] = [
    (
        "scheduler.alpha.kubernetes.io/critical-pod",
        r#"non-functional in v1.16+; use the "priorityClassName" field instead"#,
    ),
    (
        "security.alpha.kubernetes.io/sysctls",
        r#"non-functional in v1.11+; use the "sysctls" field instead"#,
    ),
    (
        "security.alpha.kubernetes.io/unsafe-sysctls",
        r#"non-functional in v1.11+; use the "sysctls" field instead"#,
    ),
];

/// `GetNodeLabelDeprecatedMessage`: the message for a node label that has
/// a newer name, if `key` is one.
pub fn node_label_deprecation(key: &str) -> Option<&'static str> {
    DEPRECATED_NODE_LABELS
        .iter()
        .find(|(label, _)| *label == key)
        .map(|(_, message)| *message)
}

/// The warnings for a pod's (or a pod template's) spec and metadata;
/// `prefix` is the template's path (`spec.template`), empty for a pod.
pub fn pod_warnings(prefix: &str, spec: &PodSpec, meta: &ObjectMeta) -> Vec<String> {
    let at = |path: &str| {
        if prefix.is_empty() {
            path.to_string()
        } else {
            format!("{prefix}.{path}")
        }
    };
    let mut warnings = Vec::new();
    for key in spec.node_selector.keys() {
        if let Some(message) = node_label_deprecation(key) {
            warnings.push(format!("{}[{key}]: {message}", at("spec.nodeSelector")));
        }
    }
    for (i, constraint) in spec.topology_spread_constraints.iter().enumerate() {
        let path = || at(&format!("spec.topologySpreadConstraints[{i}]"));
        if let Some(message) = node_label_deprecation(&constraint.topology_key) {
            warnings.push(format!(
                "{}.topologyKey: {} is {message}",
                path(),
                constraint.topology_key
            ));
        }
        if constraint.label_selector.is_none() {
            warnings.push(format!(
                "{}.labelSelector: a null labelSelector results in matching no pod",
                path()
            ));
        }
    }
    for (key, message) in DEPRECATED_ANNOTATIONS {
        if meta.annotations.contains_key(key) {
            warnings.push(format!("{}[{key}]: {message}", at("metadata.annotations")));
        }
    }
    for (i, volume) in spec.volumes.iter().enumerate() {
        let source = &volume.volume_source;
        let deprecated = [
            (
                source.photon_persistent_disk.is_some(),
                "photonPersistentDisk",
                "deprecated in v1.11, non-functional in v1.16+",
            ),
            (source.git_repo.is_some(), "gitRepo", "deprecated in v1.11"),
            (
                source.scale_io.is_some(),
                "scaleIO",
                "deprecated in v1.16, non-functional in v1.22+",
            ),
            (
                source.flocker.is_some(),
                "flocker",
                "deprecated in v1.22, non-functional in v1.25+",
            ),
            (
                source.storageos.is_some(),
                "storageOS",
                "deprecated in v1.22, non-functional in v1.25+",
            ),
            (
                source.quobyte.is_some(),
                "quobyte",
                "deprecated in v1.22, non-functional in v1.25+",
            ),
            (
                source.glusterfs.is_some(),
                "glusterfs",
                "deprecated in v1.25, non-functional in v1.26+",
            ),
            (
                source.cephfs.is_some(),
                "cephfs",
                "deprecated in v1.28, non-functional in v1.31+",
            ),
            (
                source.rbd.is_some(),
                "rbd",
                "deprecated in v1.28, non-functional in v1.31+",
            ),
        ];
        for (set, name, message) in deprecated {
            if set {
                warnings.push(format!(
                    "{}.{name}: {message}",
                    at(&format!("spec.volumes[{i}]"))
                ));
            }
        }
    }
    let mut ips = BTreeSet::new();
    for (i, alias) in spec.host_aliases.iter().enumerate() {
        if !ips.insert(alias.ip.as_str()) && spec.host_aliases.len() > 1 {
            warnings.push(format!(
                "{}: duplicate ip {:?}",
                at(&format!("spec.hostAliases[{i}].ip")),
                alias.ip
            ));
        }
    }
    let mut names = BTreeSet::new();
    for (i, secret) in spec.image_pull_secrets.iter().enumerate() {
        if !names.insert(secret.name.as_str()) {
            warnings.push(format!(
                "{}: duplicate name {:?}",
                at(&format!("spec.imagePullSecrets[{i}].name")),
                secret.name
            ));
        }
    }
    for (i, secret) in spec.image_pull_secrets.iter().enumerate() {
        if secret.name.is_empty() {
            warnings.push(format!(
                "{}: invalid empty name \"\"",
                at(&format!("spec.imagePullSecrets[{i}].name"))
            ));
        }
    }
    let containers = (spec.init_containers.iter().enumerate())
        .map(|(i, c)| ("initContainers", i, c))
        .chain((spec.containers.iter().enumerate()).map(|(i, c)| ("containers", i, c)));
    for (list, i, container) in containers {
        env_warnings(container, &mut warnings, || {
            at(&format!("spec.{list}[{i}]"))
        });
    }
    warnings
}

/// Adds to `warnings` the `containers[*].env` entries that repeat an
/// earlier name without referring to it (upstream: "may be dropped when
/// using apply"); `path` is the container's, written only for a warning.
fn env_warnings(container: &Container, warnings: &mut Vec<String>, path: impl Fn() -> String) {
    let mut seen = BTreeSet::new();
    for (i, env) in container.env.iter().enumerate() {
        if seen.insert(env.name.as_str()) {
            continue;
        }
        let reference = format!("$({})", env.name);
        let hides =
            env.value_from.is_some() || env.value == reference || !env.value.contains(&reference);
        if hides {
            warnings.push(format!(
                "{}.env[{i}]: hides previous definition of {:?}, which may be dropped when using apply",
                path(),
                env.name
            ));
        }
    }
}

/// The warning for a name that is not a DNS label (`IsDNS1123Label`),
/// used in `what` (upstream's wording per kind), or none.
pub fn name_warning(meta: &ObjectMeta, what: &str) -> Option<String> {
    let name = meta.name.as_deref().unwrap_or("");
    let messages = runtime::validate::names::dns1123_label(name);
    (!messages.is_empty()).then(|| {
        format!(
            "metadata.name: this is used in {what}, which can result in surprising behavior; a DNS label is recommended: [{}]",
            messages.join(" ")
        )
    })
}

/// `utilvalidation.GetWarningsForIP` for the IP `value` at `path`: an
/// address Go's `ParseIPSloppy` takes but `netip.ParseAddr` does not
/// (leading zeros) or an IPv4-mapped IPv6 address is non-standard; an
/// IPv6 address not in RFC 5952 form should be. Nothing for an address
/// that does not parse (validation reports it).
pub fn ip_warning(path: &str, value: &str) -> Option<String> {
    let sloppy = super::service_validation::parse_ip_sloppy(value)?;
    let strict: Option<std::net::IpAddr> = value.parse().ok();
    let mapped = matches!(strict, Some(std::net::IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_some());
    if strict.is_none() || mapped {
        return Some(format!(
            "{path}: non-standard IP address {value:?} will be considered invalid in a future Kubernetes release: use {:?}",
            sloppy.to_canonical().to_string()
        ));
    }
    match strict {
        Some(std::net::IpAddr::V6(v6)) if v6.to_string() != value => Some(format!(
            "{path}: IPv6 address {value:?} should be in RFC 5952 canonical format ({:?})",
            v6.to_string()
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::v1::{EnvVar, HostAlias, LocalObjectReference, Volume};

    #[test]
    fn deprecated_labels_annotations_and_volumes_are_named_at_their_paths() {
        let mut spec = PodSpec::default();
        spec.node_selector
            .insert("beta.kubernetes.io/os".into(), "linux".into());
        spec.node_selector
            .insert("kubernetes.io/os".into(), "linux".into());
        let mut volume = Volume {
            name: "src".into(),
            ..Default::default()
        };
        volume.volume_source.git_repo = Some(Default::default());
        spec.volumes.push(volume);
        let mut meta = ObjectMeta::default();
        meta.annotations.insert(
            "scheduler.alpha.kubernetes.io/critical-pod".into(),
            String::new(),
        );
        assert_eq!(
            pod_warnings("", &spec, &meta),
            [
                r#"spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead"#,
                r#"metadata.annotations[scheduler.alpha.kubernetes.io/critical-pod]: non-functional in v1.16+; use the "priorityClassName" field instead"#,
                "spec.volumes[0].gitRepo: deprecated in v1.11",
            ]
        );
        assert_eq!(
            pod_warnings("spec.template", &spec, &meta)[2],
            "spec.template.spec.volumes[0].gitRepo: deprecated in v1.11"
        );
    }

    #[test]
    fn duplicates_and_hidden_env_vars() {
        let mut spec = PodSpec::default();
        for ip in ["10.0.0.1", "10.0.0.1"] {
            spec.host_aliases.push(HostAlias {
                ip: ip.into(),
                ..Default::default()
            });
        }
        for name in ["a", "a", ""] {
            spec.image_pull_secrets
                .push(LocalObjectReference { name: name.into() });
        }
        let env = |name: &str, value: &str| EnvVar {
            name: name.into(),
            value: value.into(),
            ..Default::default()
        };
        spec.containers.push(Container {
            env: vec![env("X", "1"), env("X", "$(X)-2"), env("X", "3")],
            ..Default::default()
        });
        assert_eq!(
            pod_warnings("", &spec, &ObjectMeta::default()),
            [
                r#"spec.hostAliases[1].ip: duplicate ip "10.0.0.1""#,
                r#"spec.imagePullSecrets[1].name: duplicate name "a""#,
                r#"spec.imagePullSecrets[2].name: invalid empty name """#,
                r#"spec.containers[0].env[2]: hides previous definition of "X", which may be dropped when using apply"#,
            ]
        );
    }

    #[test]
    fn names_that_are_not_dns_labels() {
        let mut meta = ObjectMeta {
            name: Some("web-1".into()),
            ..Default::default()
        };
        assert_eq!(name_warning(&meta, "the Pod's hostname"), None);
        meta.name = Some("web.1".into());
        assert_eq!(
            name_warning(&meta, "the Pod's hostname").as_deref(),
            Some(
                "metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]"
            )
        );
    }
}
