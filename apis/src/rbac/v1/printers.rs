// The Table columns of rbac/v1 (`+printer:hook`), as upstream's
// `pkg/printers/internalversion/printers.go` prints them.

use runtime::printers::{AGE_DESCRIPTION, age};
use runtime::resource::{Printer, PrinterColumn};
use serde_json::{Value, json};

use super::{ClusterRole, ClusterRoleBinding, Role, RoleBinding, RoleRef, Subject};

/// `CreationTimestamp`'s description, the `Created At` column's.
const CREATED_DESCRIPTION: &str = "CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";

/// `roleColumnDefinitions`.
const ROLE_COLUMNS: &[PrinterColumn] = &[PrinterColumn {
    type_: "date",
    ..PrinterColumn::string("Created At", 0, CREATED_DESCRIPTION)
}];

/// `roleBindingsColumnDefinitions`.
const BINDING_COLUMNS: &[PrinterColumn] = &[
    PrinterColumn::string(
        "Role",
        0,
        "RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error. This field is immutable.",
    ),
    PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
    PrinterColumn::string("Users", 1, "Users in the roleBinding"),
    PrinterColumn::string("Groups", 1, "Groups in the roleBinding"),
    PrinterColumn::string("ServiceAccounts", 1, "ServiceAccounts in the roleBinding"),
];

impl Printer for Role {
    const COLUMNS: &'static [PrinterColumn] = ROLE_COLUMNS;

    /// `printRole`: the creation time in RFC 3339, UTC.
    fn cells(&self, _now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        vec![created_at(&self.metadata)]
    }
}

impl Printer for ClusterRole {
    const COLUMNS: &'static [PrinterColumn] = ROLE_COLUMNS;

    /// `printClusterRole`: the creation time in RFC 3339, UTC.
    fn cells(&self, _now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        vec![created_at(&self.metadata)]
    }
}

impl Printer for RoleBinding {
    const COLUMNS: &'static [PrinterColumn] = BINDING_COLUMNS;

    /// `printRoleBinding`.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        binding_cells(&self.role_ref, &self.subjects, age(&self.metadata, now))
    }
}

impl Printer for ClusterRoleBinding {
    const COLUMNS: &'static [PrinterColumn] = BINDING_COLUMNS;

    /// `printClusterRoleBinding`.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        binding_cells(&self.role_ref, &self.subjects, age(&self.metadata, now))
    }
}

/// `CreationTimestamp.Time.UTC().Format(time.RFC3339)`; a missing time is
/// Go's zero time.
fn created_at(meta: &runtime::meta::ObjectMeta) -> Value {
    json!(
        meta.creation_timestamp
            .as_ref()
            .map_or_else(|| "0001-01-01T00:00:00Z".to_string(), |t| t.to_rfc3339())
    )
}

/// ROLE (`<kind>/<name>`), AGE, then (wide) the users, groups and service
/// accounts (`<namespace>/<name>`, `/<name>` for a RoleBinding's subject
/// that names no namespace) of `rbac.SubjectsStrings`.
fn binding_cells(role_ref: &RoleRef, subjects: &[Subject], age: String) -> Vec<Value> {
    let of = |kind: &str| -> String {
        subjects
            .iter()
            .filter(|s| s.kind == kind)
            .map(|s| {
                if kind == "ServiceAccount" {
                    format!("{}/{}", s.namespace, s.name)
                } else {
                    s.name.clone()
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    vec![
        json!(format!("{}/{}", role_ref.kind, role_ref.name)),
        json!(age),
        json!(of("User")),
        json!(of("Group")),
        json!(of("ServiceAccount")),
    ]
}
