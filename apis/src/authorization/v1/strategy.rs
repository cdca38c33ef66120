//! `pkg/registry/authorization/*/rest.go`: the access reviews are answered
//! from the server's authorizer and never stored.

use runtime::auth::{Action, Authorization, Decision, RequestContext, UserInfo};
use runtime::resource::Strategy;

use super::{
    LocalSubjectAccessReview, NonResourceAttributes, NonResourceRule, ResourceAttributes,
    ResourceRule, SelfSubjectAccessReview, SelfSubjectRulesReview, SubjectAccessReview,
    SubjectAccessReviewSpec, SubjectAccessReviewStatus, SubjectRulesReviewStatus,
};

impl Strategy for SubjectAccessReview {
    const UNSTORED: bool = true;

    /// The `subjectaccessreview` REST storage: the spec's user asked about.
    fn answer_create(&mut self, request: &RequestContext<'_>) -> Result<(), String> {
        self.status = review(
            request,
            &spec_user(&self.spec),
            self.spec.resource_attributes.as_ref(),
            self.spec.non_resource_attributes.as_ref(),
        );
        Ok(())
    }
}

impl Strategy for SelfSubjectAccessReview {
    const UNSTORED: bool = true;

    /// The `selfsubjectaccessreview` REST storage: the user sending it.
    fn answer_create(&mut self, request: &RequestContext<'_>) -> Result<(), String> {
        self.status = review(
            request,
            request.user,
            self.spec.resource_attributes.as_ref(),
            self.spec.non_resource_attributes.as_ref(),
        );
        Ok(())
    }
}

impl Strategy for LocalSubjectAccessReview {
    const UNSTORED: bool = true;

    /// The `localsubjectaccessreview` REST storage: the request's
    /// namespace is the review's.
    ///
    /// Errors: `namespace is required on this type: ` without a namespace,
    /// `spec.resourceAttributes.namespace must match namespace: <ns>` for
    /// another namespace in the metadata.
    fn answer_create(&mut self, request: &RequestContext<'_>) -> Result<(), String> {
        let namespace = request.namespace.unwrap_or("");
        if namespace.is_empty() {
            return Err(format!("namespace is required on this type: {namespace}"));
        }
        if self.metadata.namespace.as_deref() != Some(namespace) {
            return Err(format!(
                "spec.resourceAttributes.namespace must match namespace: {namespace}"
            ));
        }
        self.status = review(
            request,
            &spec_user(&self.spec),
            self.spec.resource_attributes.as_ref(),
            self.spec.non_resource_attributes.as_ref(),
        );
        Ok(())
    }
}

impl Strategy for SelfSubjectRulesReview {
    const UNSTORED: bool = true;

    /// The `selfsubjectrulesreview` REST storage: the rules of the user
    /// sending it in the spec's namespace. The answer carries the status
    /// alone, as upstream's (a new object).
    ///
    /// Errors: `no namespace on request` without a namespace.
    fn answer_create(&mut self, request: &RequestContext<'_>) -> Result<(), String> {
        if self.spec.namespace.is_empty() {
            return Err("no namespace on request".into());
        }
        let rules = request
            .authorizer
            .rules_for(request.user, &self.spec.namespace);
        *self = SelfSubjectRulesReview {
            status: SubjectRulesReviewStatus {
                resource_rules: rules
                    .resource_rules
                    .into_iter()
                    .map(|r| ResourceRule {
                        verbs: r.verbs,
                        api_groups: r.api_groups,
                        resources: r.resources,
                        resource_names: r.resource_names,
                    })
                    .collect(),
                non_resource_rules: rules
                    .non_resource_rules
                    .into_iter()
                    .map(|r| NonResourceRule {
                        verbs: r.verbs,
                        non_resource_urls: r.non_resource_urls,
                    })
                    .collect(),
                incomplete: rules.incomplete,
                evaluation_error: rules.error,
            },
            ..SelfSubjectRulesReview::default()
        };
        Ok(())
    }
}

/// The user a (Local)SubjectAccessReview asks about (`authorizationutil`'s
/// `AuthorizationAttributesFrom`).
fn spec_user(spec: &SubjectAccessReviewSpec) -> UserInfo {
    UserInfo {
        name: spec.user.clone(),
        uid: spec.uid.clone(),
        groups: spec.groups.clone(),
        extra: spec
            .extra
            .iter()
            .map(|(k, v)| (k.clone(), v.0.clone()))
            .collect(),
    }
}

/// The authorizer's decision on the attributes, as a review's status
/// (validation has made sure one kind of attributes is there).
fn review(
    request: &RequestContext<'_>,
    user: &UserInfo,
    resource: Option<&ResourceAttributes>,
    non_resource: Option<&NonResourceAttributes>,
) -> SubjectAccessReviewStatus {
    let action = match (resource, non_resource) {
        (Some(r), _) => Action::Resource {
            verb: &r.verb,
            namespace: &r.namespace,
            group: &r.group,
            version: &r.version,
            resource: &r.resource,
            subresource: &r.subresource,
            name: &r.name,
        },
        (None, Some(n)) => Action::NonResource {
            verb: &n.verb,
            path: &n.path,
        },
        (None, None) => Action::NonResource { verb: "", path: "" },
    };
    let Authorization {
        decision,
        reason,
        error,
    } = request.authorizer.authorize(user, &action);
    SubjectAccessReviewStatus {
        allowed: decision == Decision::Allow,
        denied: decision == Decision::Deny,
        reason,
        evaluation_error: error,
    }
}
