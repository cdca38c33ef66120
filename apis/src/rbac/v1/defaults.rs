// Hand-written defaulting of rbac/v1 (`+defaulting:hook`), upstream's
// `pkg/apis/rbac/v1/defaults.go`: a binding's role is in the RBAC group,
// a user or group subject too, a service account subject in the core
// group.

use runtime::defaulting::DefaultHook;

use super::{ClusterRoleBinding, RoleBinding, Subject};

/// `rbac.authorization.k8s.io`.
pub(super) const GROUP: &str = "rbac.authorization.k8s.io";

impl DefaultHook for RoleBinding {
    /// `SetDefaults_RoleBinding`.
    fn default_hook(&mut self) {
        if self.role_ref.api_group.is_empty() {
            self.role_ref.api_group = GROUP.into();
        }
    }
}

impl DefaultHook for ClusterRoleBinding {
    /// `SetDefaults_ClusterRoleBinding`.
    fn default_hook(&mut self) {
        if self.role_ref.api_group.is_empty() {
            self.role_ref.api_group = GROUP.into();
        }
    }
}

impl DefaultHook for Subject {
    /// `SetDefaults_Subject`.
    fn default_hook(&mut self) {
        if self.api_group.is_empty() && matches!(self.kind.as_str(), "User" | "Group") {
            self.api_group = GROUP.into();
        }
    }
}
