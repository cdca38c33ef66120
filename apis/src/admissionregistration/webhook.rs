//! What both kinds of admission webhook have, borrowed, as validation
//! checks it and the admission plugins call it (upstream's
//! `webhook.WebhookAccessor`), kept beside the `v1` package (the
//! generators read every public type of a package).

use runtime::meta::LabelSelector;

use super::v1::{
    MatchCondition, MutatingWebhook, RuleWithOperations, ValidatingWebhook, WebhookClientConfig,
};

/// The seconds a webhook is given when its configuration names none
/// (`SetDefaults_ValidatingWebhook`).
pub const DEFAULT_TIMEOUT_SECONDS: i32 = 10;

/// The port of a webhook's service when its reference names none
/// (`SetDefaults_ServiceReference`).
pub const DEFAULT_SERVICE_PORT: i32 = 443;

/// What both kinds of webhook have, borrowed: what validation checks and
/// the admission plugins call (upstream's `webhook.WebhookAccessor`).
pub struct WebhookAccessor<'a> {
    /// The webhook's name.
    pub name: &'a str,
    /// How to reach it.
    pub client_config: &'a WebhookClientConfig,
    /// What it is called for.
    pub rules: &'a [RuleWithOperations],
    /// `Fail` or `Ignore`.
    pub failure_policy: Option<&'a str>,
    /// `Exact` or `Equivalent`.
    pub match_policy: Option<&'a str>,
    /// The namespaces it is called for.
    pub namespace_selector: Option<&'a LabelSelector>,
    /// The objects it is called for.
    pub object_selector: Option<&'a LabelSelector>,
    /// Its side effects' class.
    pub side_effects: Option<&'a str>,
    /// Seconds to wait for it.
    pub timeout_seconds: Option<i32>,
    /// The AdmissionReview versions it accepts.
    pub admission_review_versions: &'a [String],
    /// Its CEL conditions.
    pub match_conditions: &'a [MatchCondition],
    /// A mutating webhook's `reinvocationPolicy` (`Never`, `IfNeeded`);
    /// `None` for a validating one.
    pub reinvocation_policy: Option<&'a str>,
}

/// `From<&Webhook>` for both kinds of webhook, whose common fields have
/// the same names.
macro_rules! accessor_from {
    ($webhook:ty, $reinvocation_policy:expr) => {
        impl<'a> From<&'a $webhook> for WebhookAccessor<'a> {
            fn from(w: &'a $webhook) -> WebhookAccessor<'a> {
                WebhookAccessor {
                    name: &w.name,
                    client_config: &w.client_config,
                    rules: &w.rules,
                    failure_policy: w.failure_policy.as_deref(),
                    match_policy: w.match_policy.as_deref(),
                    namespace_selector: w.namespace_selector.as_ref(),
                    object_selector: w.object_selector.as_ref(),
                    side_effects: w.side_effects.as_deref(),
                    timeout_seconds: w.timeout_seconds,
                    admission_review_versions: &w.admission_review_versions,
                    match_conditions: &w.match_conditions,
                    reinvocation_policy: $reinvocation_policy(w),
                }
            }
        }
    };
}

accessor_from!(ValidatingWebhook, |_| None);
accessor_from!(MutatingWebhook, |w: &'a MutatingWebhook| w
    .reinvocation_policy
    .as_deref());

impl WebhookAccessor<'_> {
    /// Where the webhook listens: its URL, or its service's name in the
    /// cluster's DNS (`https://<name>.<namespace>.svc:<port><path>`);
    /// empty for neither (which validation refuses).
    pub fn url(&self) -> String {
        match (&self.client_config.url, &self.client_config.service) {
            (Some(url), _) => url.clone(),
            (None, Some(service)) => format!(
                "https://{}.{}.svc:{}{}",
                service.name,
                service.namespace,
                service.port.unwrap_or(DEFAULT_SERVICE_PORT),
                service.path.as_deref().unwrap_or("")
            ),
            (None, None) => String::new(),
        }
    }
}
