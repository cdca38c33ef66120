//! `pkg/apis/rbac/validation`: what roles and bindings must be. (Who may
//! grant what, upstream's escalation check, does not apply: every request
//! is `system:masters`'.)

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::validate::{Context, ValidateExtra, label_selector, label_selector_converts, names};

use super::defaults::GROUP;
use super::{ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, RoleRef, Subject};

impl ValidateExtra for Role {
    /// `ValidateRole`: each rule, as a namespaced one.
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        rules_errors(&self.rules, true, &path.child("rules"))
    }
}

impl ValidateExtra for ClusterRole {
    /// `ValidateClusterRole`: each rule; an aggregation rule selects
    /// something, with valid label selectors (one that does not convert
    /// is also `invalid label selector.`, its value printed as Go's nil).
    fn validate_extra(&self, _old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let mut errs = rules_errors(&self.rules, false, &path.child("rules"));
        if let Some(rule) = &self.aggregation_rule {
            let aggregation = path.child("aggregationRule");
            let selectors = aggregation.child("clusterRoleSelectors");
            if rule.cluster_role_selectors.is_empty() {
                errs.push(Error::required(
                    &selectors,
                    "at least one clusterRoleSelector required if aggregationRule is non-nil",
                ));
            }
            for (i, selector) in rule.cluster_role_selectors.iter().enumerate() {
                let at = selectors.index(i);
                errs.extend(label_selector(selector, &at));
                if !label_selector_converts(selector) {
                    errs.push(Error::invalid(
                        &at,
                        BadValue::Json(serde_json::Value::Null),
                        "invalid label selector.",
                    ));
                }
            }
        }
        errs
    }
}

impl ValidateExtra for RoleBinding {
    /// `ValidateRoleBinding` (a Role or a ClusterRole; namespaced subjects)
    /// and, on update, `ValidateRoleBindingUpdate`.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        binding_errors(
            &self.role_ref,
            old.map(|o| &o.role_ref),
            &self.subjects,
            &["Role", "ClusterRole"],
            true,
            path,
        )
    }
}

impl ValidateExtra for ClusterRoleBinding {
    /// `ValidateClusterRoleBinding` (a ClusterRole; service account
    /// subjects name their namespace) and, on update,
    /// `ValidateClusterRoleBindingUpdate`.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        binding_errors(
            &self.role_ref,
            old.map(|o| &o.role_ref),
            &self.subjects,
            &["ClusterRole"],
            false,
            path,
        )
    }
}

fn rules_errors(rules: &[PolicyRule], namespaced: bool, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    for (i, rule) in rules.iter().enumerate() {
        errs.extend(rule_errors(rule, namespaced, &path.index(i)));
    }
    errs
}

/// `ValidatePolicyRule`.
fn rule_errors(rule: &PolicyRule, namespaced: bool, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    if rule.verbs.is_empty() {
        errs.push(Error::required(
            &path.child("verbs"),
            "verbs must contain at least one value",
        ));
    }
    if !rule.non_resource_urls.is_empty() {
        let urls = || BadValue::json_of(&rule.non_resource_urls);
        if namespaced {
            errs.push(Error::invalid(
                &path.child("nonResourceURLs"),
                urls(),
                "namespaced rules cannot apply to non-resource URLs",
            ));
        }
        if !rule.api_groups.is_empty()
            || !rule.resources.is_empty()
            || !rule.resource_names.is_empty()
        {
            errs.push(Error::invalid(
                &path.child("nonResourceURLs"),
                urls(),
                "rules cannot apply to both regular resources and non-resource URLs",
            ));
        }
        return errs;
    }
    if rule.api_groups.is_empty() {
        errs.push(Error::required(
            &path.child("apiGroups"),
            "resource rules must supply at least one api group",
        ));
    }
    if rule.resources.is_empty() {
        errs.push(Error::required(
            &path.child("resources"),
            "resource rules must supply at least one resource",
        ));
    }
    errs
}

/// A binding's role reference and subjects; on update the role may not
/// change.
fn binding_errors(
    role_ref: &RoleRef,
    old: Option<&RoleRef>,
    subjects: &[Subject],
    kinds: &[&str],
    namespaced: bool,
    path: &Path,
) -> ErrorList {
    let mut errs = Vec::new();
    let at = path.child("roleRef");
    if role_ref.api_group != GROUP {
        errs.push(Error::not_supported(
            &at.child("apiGroup"),
            BadValue::Str(role_ref.api_group.clone()),
            &[GROUP],
        ));
    }
    if !kinds.contains(&role_ref.kind.as_str()) {
        errs.push(Error::not_supported(
            &at.child("kind"),
            BadValue::Str(role_ref.kind.clone()),
            kinds,
        ));
    }
    if role_ref.name.is_empty() {
        errs.push(Error::required(&at.child("name"), ""));
    } else {
        for msg in names::path_segment_name(&role_ref.name, false) {
            errs.push(Error::invalid(
                &at.child("name"),
                BadValue::Str(role_ref.name.clone()),
                &msg,
            ));
        }
    }
    let subjects_path = path.child("subjects");
    for (i, subject) in subjects.iter().enumerate() {
        errs.extend(subject_errors(subject, namespaced, &subjects_path.index(i)));
    }
    if let Some(old) = old
        && old != role_ref
    {
        errs.push(Error::invalid(
            &at,
            // The internal `rbac.RoleRef` as JSON: Go's field names (the
            // internal types have no JSON tags).
            BadValue::Json(serde_json::json!({
                "APIGroup": role_ref.api_group,
                "Kind": role_ref.kind,
                "Name": role_ref.name,
            })),
            "cannot change roleRef",
        ));
    }
    errs
}

/// `ValidateRoleBindingSubject`.
fn subject_errors(subject: &Subject, namespaced: bool, path: &Path) -> ErrorList {
    let mut errs = Vec::new();
    if subject.name.is_empty() {
        errs.push(Error::required(&path.child("name"), ""));
    }
    match subject.kind.as_str() {
        "ServiceAccount" => {
            if !subject.name.is_empty() {
                for msg in names::dns1123_subdomain(&subject.name) {
                    errs.push(Error::invalid(
                        &path.child("name"),
                        BadValue::Str(subject.name.clone()),
                        &msg,
                    ));
                }
            }
            if !subject.api_group.is_empty() {
                errs.push(Error::not_supported(
                    &path.child("apiGroup"),
                    BadValue::Str(subject.api_group.clone()),
                    &[""],
                ));
            }
            if !namespaced && subject.namespace.is_empty() {
                errs.push(Error::required(&path.child("namespace"), ""));
            }
        }
        "User" | "Group" => {
            if subject.api_group != GROUP {
                errs.push(Error::not_supported(
                    &path.child("apiGroup"),
                    BadValue::Str(subject.api_group.clone()),
                    &[GROUP],
                ));
            }
        }
        _ => errs.push(Error::not_supported(
            &path.child("kind"),
            BadValue::Str(subject.kind.clone()),
            &["ServiceAccount", "User", "Group"],
        )),
    }
    errs
}
