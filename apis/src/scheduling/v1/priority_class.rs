//! PriorityClass: a name for a pod priority. The type of
//! `k8s.io/api/scheduling/v1` with upstream's protobuf numbers,
//! `SetDefaults_PriorityClass` as a field default, `ValidatePriorityClass`
//! and `ValidatePriorityClassUpdate` (`pkg/apis/scheduling/validation`),
//! the system classes kube-apiserver creates at start and never deletes
//! (`pkg/apis/scheduling/helpers.go`, `pkg/registry/scheduling`), and
//! `printPriorityClass`.

use macros::Resource;
use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::meta::ObjectMeta;
use runtime::printers::{AGE_DESCRIPTION, age};
use runtime::resource::{Bootstrap, Printer, PrinterColumn, Strategy};
use runtime::validate::{Context, ValidateExtra};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// PriorityClass maps a name to the priority pods naming it get.
///
/// +genclient
/// +genclient:nonNamespaced
/// +kubebuilder:resource:shortName=pc
/// +printer:hook
/// +validation:extra
/// +resource:strategy
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct PriorityClass {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The priority of the pods of this class; at most 1000000000 but for
    /// the system classes. Immutable.
    /// +optional
    /// +protobuf=2
    #[serde(default)]
    pub value: i32,
    /// Whether pods without a class get this one's priority (one class at
    /// most should say so).
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub global_default: bool,
    /// When the class is meant to be used.
    /// +optional
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "runtime::codec::is_default")]
    pub description: String,
    /// Whether pods of this class preempt lower-priority ones:
    /// `PreemptLowerPriority` (the default) or `Never`. Immutable.
    /// +optional
    /// +default="PreemptLowerPriority"
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preemption_policy: Option<String>,
}

/// The highest priority of a class that is not a system class
/// (`HighestUserDefinablePriority`).
/// `PreemptLowerPriority`, a class's default preemption policy (and a
/// Pod's when no class gives one).
pub const PREEMPT_LOWER_PRIORITY: &str = "PreemptLowerPriority";

/// The preemption policies upstream supports, in its order.
const PREEMPTION_POLICIES: [&str; 2] = [PREEMPT_LOWER_PRIORITY, "Never"];

const HIGHEST_USER_DEFINABLE_PRIORITY: i32 = 1_000_000_000;

/// The classes reserved for the system, with their values and
/// descriptions (`systemPriorityClasses`); neither is the global default.
const SYSTEM_PRIORITY_CLASSES: [(&str, i32, &str); 2] = [
    (
        "system-node-critical",
        2 * HIGHEST_USER_DEFINABLE_PRIORITY + 1000,
        "Used for system critical pods that must not be moved from their current node.",
    ),
    (
        "system-cluster-critical",
        2 * HIGHEST_USER_DEFINABLE_PRIORITY,
        "Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.",
    ),
];

/// The prefix of the names reserved for the system classes.
const SYSTEM_PREFIX: &str = "system-";

/// `IsKnownSystemPriorityClass`: a system class, with its value and not a
/// global default; else why not.
fn known_system_class(class: &PriorityClass) -> Result<(), String> {
    let name = class.metadata.name.as_deref().unwrap_or("");
    let Some((name, value, _)) = SYSTEM_PRIORITY_CLASSES.iter().find(|(n, _, _)| *n == name) else {
        return Err(format!("{name} is not a known system priority class"));
    };
    if class.value != *value {
        return Err(format!("value of {name} PriorityClass must be {value}"));
    }
    if class.global_default {
        return Err(format!(
            "globalDefault of {name} PriorityClass must be false"
        ));
    }
    Ok(())
}

impl ValidateExtra for PriorityClass {
    /// `ValidatePriorityClass` on create: a `system-` name only for a
    /// system class as the system has it, otherwise a value of at most
    /// 1000000000; a known preemption policy. `ValidatePriorityClassUpdate`
    /// on update: the value and the preemption policy do not change.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = Vec::new();
        if let Some(old) = old {
            if self.value != old.value {
                errs.push(Error::forbidden(
                    &path.child("value"),
                    "may not be changed in an update.",
                ));
            }
            errs.extend(runtime::validate::immutable_field(
                &path.child("preemptionPolicy"),
                &self.preemption_policy,
                &old.preemption_policy,
            ));
            return errs;
        }
        let name = self.metadata.name.as_deref().unwrap_or("");
        if name.starts_with(SYSTEM_PREFIX) {
            if let Err(e) = known_system_class(self) {
                errs.push(Error::forbidden(
                    &path.child("metadata").child("name"),
                    &format!(
                        "priority class names with '{SYSTEM_PREFIX}' prefix are reserved for system use only. error: {e}"
                    ),
                ));
            }
        } else if self.value > HIGHEST_USER_DEFINABLE_PRIORITY {
            errs.push(Error::forbidden(
                &path.child("value"),
                &format!(
                    "maximum allowed value of a user defined priority is {HIGHEST_USER_DEFINABLE_PRIORITY}"
                ),
            ));
        }
        if let Some(policy) = &self.preemption_policy {
            let at = path.child("preemptionPolicy");
            match policy.as_str() {
                known if PREEMPTION_POLICIES.contains(&known) => {}
                "" => errs.push(Error::required(&at, "")),
                other => errs.push(Error::not_supported(
                    &at,
                    BadValue::Str(other.to_string()),
                    &PREEMPTION_POLICIES,
                )),
            }
        }
        errs
    }
}

/// The PriorityClass storage: the system classes exist from the start
/// (the `scheduling/bootstrap-system-priority-classes` post-start hook)
/// and are never deleted.
impl Strategy for PriorityClass {
    const BOOTSTRAP: bool = true;

    fn bootstrap_objects(_server: &Bootstrap) -> Vec<Self> {
        SYSTEM_PRIORITY_CLASSES
            .iter()
            .map(|(name, value, description)| PriorityClass {
                metadata: ObjectMeta {
                    name: Some(name.to_string()),
                    ..ObjectMeta::default()
                },
                value: *value,
                description: description.to_string(),
                preemption_policy: Some(PREEMPT_LOWER_PRIORITY.into()),
                ..PriorityClass::default()
            })
            .collect()
    }

    const DELETE_REFUSAL: bool = true;

    fn delete_refusal(name: &str) -> Option<&'static str> {
        SYSTEM_PRIORITY_CLASSES
            .iter()
            .any(|(system, _, _)| *system == name)
            .then_some("this is a system priority class and cannot be deleted")
    }
}

impl Printer for PriorityClass {
    const COLUMNS: &'static [PrinterColumn] = &[
        PrinterColumn::integer(
            "Value",
            0,
            "value represents the integer value of this priority class. This is the actual priority that pods receive when they have the name of this class in their pod spec.",
        ),
        PrinterColumn {
            type_: "boolean",
            ..PrinterColumn::string(
                "Global-Default",
                0,
                "globalDefault specifies whether this PriorityClass should be considered as the default priority for pods that do not have any priority class. Only one PriorityClass can be marked as `globalDefault`. However, if more than one PriorityClasses exists with their `globalDefault` field set to true, the smallest value of such global default PriorityClasses will be used as the default priority.",
            )
        },
        PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
        PrinterColumn::string(
            "PreemptionPolicy",
            0,
            "preemptionPolicy is the Policy for preempting pods with lower priority. One of Never, PreemptLowerPriority. Defaults to PreemptLowerPriority if unset.",
        ),
    ];

    /// `printPriorityClass`: the value, whether it is the global default,
    /// the age, the preemption policy.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        vec![
            json!(self.value),
            json!(self.global_default),
            json!(age(&self.metadata, now)),
            json!(self.preemption_policy.as_deref().unwrap_or("")),
        ]
    }
}
