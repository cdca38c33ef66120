//! StorageClass, ported from `k8s.io/api/storage/v1`: the classes
//! PersistentVolumeClaims name, with upstream's protobuf numbers,
//! `SetDefaults_StorageClass` as field defaults, `ValidateStorageClass`
//! and `ValidateStorageClassUpdate` (`pkg/apis/storage/validation`), the
//! strategy's warnings (`GetWarningsForStorageClass`) and
//! `printStorageClass`. The `DefaultStorageClass` admission plugin
//! (`runtime/apiserver`) gives a claim without a class the default one.

use std::collections::{BTreeMap, BTreeSet};

use macros::Resource;
use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::ObjectMeta;
use runtime::printers::{AGE_DESCRIPTION, age};
use runtime::resource::{Printer, PrinterColumn, Strategy};
use runtime::validate::{Context, ValidateExtra, names};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::core::v1::{TopologySelectorTerm, warnings};

/// `storageclass.kubernetes.io/is-default-class`: `"true"` marks a class
/// as the default of claims that name none.
pub const IS_DEFAULT_CLASS_ANNOTATION: &str = "storageclass.kubernetes.io/is-default-class";

/// The beta spelling of [`IS_DEFAULT_CLASS_ANNOTATION`], still honoured.
pub const BETA_IS_DEFAULT_CLASS_ANNOTATION: &str =
    "storageclass.beta.kubernetes.io/is-default-class";

/// StorageClass describes the parameters for a class of storage for which
/// PersistentVolumes can be dynamically provisioned.
///
/// StorageClasses are non-namespaced; the name of the storage class
/// according to etcd is in ObjectMeta.Name.
///
/// +genclient
/// +genclient:nonNamespaced
/// +kubebuilder:resource:shortName=sc
/// +resource:generation=false
/// +resource:returnDeletedObject
/// +printer:hook
/// +validation:extra
/// +resource:strategy
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct StorageClass {
    /// Standard object's metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The type of the provisioner (`ebs.csi.aws.com`).
    /// +protobuf=2
    #[serde(default)]
    pub provisioner: String,
    /// The parameters for the provisioner that should create volumes of
    /// this storage class.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub parameters: BTreeMap<String, String>,
    /// What happens to dynamically provisioned PersistentVolumes of this
    /// class when their claim goes: `Delete` (the default) or `Retain`.
    /// +optional
    /// +default="Delete"
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reclaim_policy: Option<String>,
    /// The mount options of dynamically provisioned PersistentVolumes of
    /// this class (`["ro", "soft"]`); not validated.
    /// +optional
    /// +listType=atomic
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mount_options: Vec<String>,
    /// Whether volumes of this class may be expanded.
    /// +optional
    /// +protobuf=6
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_volume_expansion: Option<bool>,
    /// How claims are provisioned and bound: `Immediate` (the default) or
    /// `WaitForFirstConsumer`.
    /// +optional
    /// +default="Immediate"
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volume_binding_mode: Option<String>,
    /// The node topologies where volumes may be dynamically provisioned;
    /// none means no restriction.
    /// +optional
    /// +listType=atomic
    /// +protobuf=8
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allowed_topologies: Vec<TopologySelectorTerm>,
}

impl StorageClass {
    /// `IsDefaultAnnotation`: annotated as the default class (either
    /// spelling, exactly `"true"`).
    pub fn is_default(&self) -> bool {
        let annotations = &self.metadata.annotations;
        [
            IS_DEFAULT_CLASS_ANNOTATION,
            BETA_IS_DEFAULT_CLASS_ANNOTATION,
        ]
        .iter()
        .any(|a| annotations.get(*a).is_some_and(|v| v == "true"))
    }
}

/// The reclaim policies a StorageClass may have (`Recycle` is a volume's
/// only).
const RECLAIM_POLICIES: [&str; 2] = ["Delete", "Retain"];

/// `VolumeBindingImmediate` and `VolumeBindingWaitForFirstConsumer`.
const VOLUME_BINDING_MODES: [&str; 2] = ["Immediate", "WaitForFirstConsumer"];

/// `maxProvisionerParameterLen`: parameters a class may have.
const MAX_PARAMETERS: usize = 512;

/// `maxProvisionerParameterSize`: the bytes of all parameters' keys and
/// values together (256 KiB).
const MAX_PARAMETERS_SIZE: usize = 256 * 1024;

impl ValidateExtra for StorageClass {
    /// `ValidateStorageClass` (after the metadata, which the server
    /// checks): a provisioner that is a qualified name (checked lower
    /// case), parameters within bounds with no empty key, a known reclaim
    /// policy and binding mode, and allowed topologies whose terms are
    /// sound and not repeated. On update, `ValidateStorageClassUpdate`:
    /// parameters, provisioner, reclaim policy and binding mode do not
    /// change. (Upstream tells `"parameters": {}` from no parameters on
    /// update; a Rust map cannot.)
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = ErrorList::new();
        let provisioner = path.child("provisioner");
        if self.provisioner.is_empty() {
            errs.push(Error::required(&provisioner, ""));
        } else {
            let lower = self.provisioner.to_lowercase();
            for message in names::qualified_name(&lower) {
                errs.push(Error::invalid(
                    &provisioner,
                    BadValue::Str(lower.clone()),
                    &message,
                ));
            }
        }
        errs.extend(parameters_errors(
            &self.parameters,
            &path.child("parameters"),
        ));
        if let Some(policy) = self.reclaim_policy.as_deref()
            && !policy.is_empty()
            && !RECLAIM_POLICIES.contains(&policy)
        {
            errs.push(Error::not_supported(
                &path.child("reclaimPolicy"),
                BadValue::Str(policy.to_string()),
                &RECLAIM_POLICIES,
            ));
        }
        let mode = path.child("volumeBindingMode");
        match self.volume_binding_mode.as_deref() {
            None => errs.push(Error::required(&mode, "")),
            Some(m) if !VOLUME_BINDING_MODES.contains(&m) => errs.push(Error::not_supported(
                &mode,
                BadValue::Str(m.to_string()),
                &VOLUME_BINDING_MODES,
            )),
            Some(_) => {}
        }
        errs.extend(allowed_topologies_errors(
            &self.allowed_topologies,
            &path.child("allowedTopologies"),
        ));
        if let Some(old) = old {
            for (field, changed) in [
                ("parameters", self.parameters != old.parameters),
                ("provisioner", self.provisioner != old.provisioner),
                (
                    "reclaimPolicy",
                    self.reclaim_policy.as_deref().unwrap_or_default()
                        != old.reclaim_policy.as_deref().unwrap_or_default(),
                ),
            ] {
                if changed {
                    errs.push(Error::forbidden(
                        &path.child(field),
                        &format!("updates to {field} are forbidden."),
                    ));
                }
            }
            errs.extend(runtime::validate::immutable_field(
                &mode,
                &self.volume_binding_mode,
                &old.volume_binding_mode,
            ));
        }
        errs
    }
}

/// `validateParameters` (empty allowed): at most 512 of them (upstream's
/// message counts them in bytes), no empty key, at most 256 KiB of keys
/// and values.
fn parameters_errors(parameters: &BTreeMap<String, String>, path: &Path) -> ErrorList {
    if parameters.len() > MAX_PARAMETERS {
        return vec![Error::too_long(path, BadValue::Omit, MAX_PARAMETERS)];
    }
    let mut errs = ErrorList::new();
    let mut size = 0;
    for (key, value) in parameters {
        if key.is_empty() {
            errs.push(Error::invalid(
                path,
                BadValue::Str(String::new()),
                "field can not be empty.",
            ));
        }
        size += key.len() + value.len();
    }
    if size > MAX_PARAMETERS_SIZE {
        errs.push(Error::too_long(path, BadValue::Omit, MAX_PARAMETERS_SIZE));
    }
    errs
}

/// `validateAllowedTopologies`: each term as `ValidateTopologySelectorTerm`
/// checks it (values present and not repeated, a qualified key, no key
/// twice), and no term the same as another. As upstream, the comparison
/// starts from as many empty terms as there are terms, so a term with no
/// expressions is reported as a duplicate.
fn allowed_topologies_errors(terms: &[TopologySelectorTerm], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if terms.is_empty() {
        return errs;
    }
    type Expressions = BTreeMap<String, BTreeSet<String>>;
    let mut seen: Vec<Expressions> = vec![Expressions::new(); terms.len()];
    for (i, term) in terms.iter().enumerate() {
        let term_path = path.index(i);
        let expressions_path = term_path.child("matchLabelExpressions");
        let mut expressions = Expressions::new();
        for (j, requirement) in term.match_label_expressions.iter().enumerate() {
            let at = expressions_path.index(j);
            let values_path = at.child("values");
            if requirement.values.is_empty() {
                errs.push(Error::required(&values_path, ""));
            }
            let mut values = BTreeSet::new();
            for (k, value) in requirement.values.iter().enumerate() {
                if !values.insert(value.clone()) {
                    errs.push(Error::duplicate(
                        &values_path.index(k),
                        BadValue::Str(value.clone()),
                    ));
                }
            }
            let key_path = at.child("key");
            for message in names::qualified_name(&requirement.key) {
                errs.push(Error::invalid(
                    &key_path,
                    BadValue::Str(requirement.key.clone()),
                    &message,
                ));
            }
            if expressions.contains_key(&requirement.key) {
                errs.push(Error::duplicate(
                    &key_path,
                    BadValue::Str(requirement.key.clone()),
                ));
            }
            expressions.insert(requirement.key.clone(), values);
        }
        for earlier in &seen {
            if *earlier == expressions {
                errs.push(Error::duplicate(
                    &expressions_path,
                    BadValue::Str(String::new()),
                ));
            }
        }
        seen.push(expressions);
    }
    errs
}

/// `pkg/registry/storage/storageclass/strategy.go`: creates and updates
/// warn about deprecated node labels in the allowed topologies
/// (`GetWarningsForStorageClass`).
impl Strategy for StorageClass {
    const WARNINGS: bool = true;

    fn warnings_on_create(&self) -> Vec<String> {
        topology_warnings(self)
    }

    fn warnings_on_update(&self, _old: &Self) -> Vec<String> {
        topology_warnings(self)
    }
}

fn topology_warnings(class: &StorageClass) -> Vec<String> {
    let mut out = Vec::new();
    for (i, term) in class.allowed_topologies.iter().enumerate() {
        for (j, requirement) in term.match_label_expressions.iter().enumerate() {
            if let Some(message) = warnings::node_label_deprecation(&requirement.key) {
                out.push(format!(
                    "allowedTopologies[{i}].matchLabelExpressions[{j}].key: {message}"
                ));
            }
        }
    }
    out
}

impl Printer for StorageClass {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::name(0),
        PrinterColumn::string(
            "Provisioner",
            0,
            "provisioner indicates the type of the provisioner.",
        ),
        PrinterColumn::string(
            "ReclaimPolicy",
            0,
            "reclaimPolicy controls the reclaimPolicy for dynamically provisioned PersistentVolumes of this storage class. Defaults to Delete.",
        ),
        PrinterColumn::string(
            "VolumeBindingMode",
            0,
            "volumeBindingMode indicates how PersistentVolumeClaims should be provisioned and bound.  When unset, VolumeBindingImmediate is used. This field is only honored by servers that enable the VolumeScheduling feature.",
        ),
        PrinterColumn::string(
            "AllowVolumeExpansion",
            0,
            "allowVolumeExpansion shows whether the storage class allow volume expand.",
        ),
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
    ];
    /// The Name column is this printer's: a default class's says so.
    const NAME_COLUMN: bool = false;

    /// `printStorageClass`: a default class's name says ` (default)`; the
    /// policy and mode as stored (upstream's defaults when unset); the
    /// expansion a JSON boolean.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        let name = self.metadata.name.clone().unwrap_or_default();
        let name = if self.is_default() {
            format!("{name} (default)")
        } else {
            name
        };
        vec![
            json!(name),
            json!(self.provisioner),
            json!(self.reclaim_policy.as_deref().unwrap_or("Delete")),
            json!(self.volume_binding_mode.as_deref().unwrap_or("Immediate")),
            json!(self.allow_volume_expansion.unwrap_or(false)),
            json!(age(&self.metadata, now)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::v1::TopologySelectorLabelRequirement;

    fn class() -> StorageClass {
        StorageClass {
            provisioner: "ebs.csi.aws.com".into(),
            reclaim_policy: Some("Delete".into()),
            volume_binding_mode: Some("Immediate".into()),
            ..StorageClass::default()
        }
    }

    fn messages(new: &StorageClass, old: Option<&StorageClass>) -> Vec<String> {
        new.validate_extra(old, &Path::root(), &Context::default())
            .iter()
            .map(Error::to_string)
            .collect()
    }

    fn term(expressions: &[(&str, &[&str])]) -> TopologySelectorTerm {
        TopologySelectorTerm {
            match_label_expressions: expressions
                .iter()
                .map(|(key, values)| TopologySelectorLabelRequirement {
                    key: key.to_string(),
                    values: values.iter().map(|v| v.to_string()).collect(),
                })
                .collect(),
        }
    }

    /// `ValidateStorageClass` in upstream's order and words.
    #[test]
    fn a_class_is_validated_as_upstream_validates_it() {
        assert!(messages(&class(), None).is_empty());
        let mut bad = class();
        bad.provisioner = "Bad/Provisioner/x".into();
        bad.parameters.insert(String::new(), "v".into());
        bad.reclaim_policy = Some("Recycle".into());
        bad.volume_binding_mode = Some("Later".into());
        assert_eq!(
            messages(&bad, None),
            [
                r#"provisioner: Invalid value: "bad/provisioner/x": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"#,
                r#"parameters: Invalid value: "": field can not be empty."#,
                r#"reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain""#,
                r#"volumeBindingMode: Unsupported value: "Later": supported values: "Immediate", "WaitForFirstConsumer""#,
            ]
        );
        let mut many = class();
        many.parameters = (0..=MAX_PARAMETERS)
            .map(|i| (format!("k{i}"), String::new()))
            .collect();
        assert_eq!(
            messages(&many, None),
            ["parameters: Too long: may not be more than 512 bytes"]
        );
    }

    /// Terms are checked one by one and against each other, an empty one
    /// reported as upstream reports it (a duplicate of the terms it is
    /// compared with first).
    #[test]
    fn allowed_topologies_are_sound_and_not_repeated() {
        let mut c = class();
        c.allowed_topologies = vec![
            term(&[
                ("topology.kubernetes.io/zone", &["a", "a"]),
                ("topology.kubernetes.io/zone", &[]),
            ]),
            term(&[("topology.kubernetes.io/zone", &["a"])]),
            term(&[("topology.kubernetes.io/zone", &["a"])]),
        ];
        assert_eq!(
            messages(&c, None),
            [
                r#"allowedTopologies[0].matchLabelExpressions[0].values[1]: Duplicate value: "a""#,
                "allowedTopologies[0].matchLabelExpressions[1].values: Required value",
                r#"allowedTopologies[0].matchLabelExpressions[1].key: Duplicate value: "topology.kubernetes.io/zone""#,
                r#"allowedTopologies[2].matchLabelExpressions: Duplicate value: """#,
            ]
        );
        c.allowed_topologies = vec![term(&[])];
        assert_eq!(
            messages(&c, None),
            [r#"allowedTopologies[0].matchLabelExpressions: Duplicate value: """#]
        );
    }

    /// `ValidateStorageClassUpdate`: what provisions and binds does not
    /// change; the rest may.
    #[test]
    fn provisioning_does_not_change_on_update() {
        let old = class();
        let mut new = class();
        new.allow_volume_expansion = Some(true);
        new.mount_options = vec!["ro".into()];
        assert!(messages(&new, Some(&old)).is_empty());
        new.provisioner = "other.example.com".into();
        new.parameters.insert("type".into(), "gp3".into());
        new.reclaim_policy = Some("Retain".into());
        new.volume_binding_mode = Some("WaitForFirstConsumer".into());
        assert_eq!(
            messages(&new, Some(&old)),
            [
                "parameters: Forbidden: updates to parameters are forbidden.",
                "provisioner: Forbidden: updates to provisioner are forbidden.",
                "reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden.",
                r#"volumeBindingMode: Invalid value: "WaitForFirstConsumer": field is immutable"#,
            ]
        );
    }
}
