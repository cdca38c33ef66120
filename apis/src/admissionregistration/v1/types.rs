//! The webhook configurations of `k8s.io/api/admissionregistration/v1`,
//! with upstream's protobuf numbers and `SetDefaults_*` (`+default`
//! markers, and a hook for the selectors).

use macros::Resource;
use runtime::meta::{LabelSelector, ObjectMeta};
use serde::{Deserialize, Serialize};

/// MutatingWebhookConfiguration describes the configuration of an
/// admission webhook that may accept, reject or change an object.
///
/// +genclient
/// +genclient:nonNamespaced
/// +kubebuilder:resource:categories=api-extensions
/// +resource:allowUnconditionalUpdate=false
/// +printer:hook
/// +defaulting:hook
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct MutatingWebhookConfiguration {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The webhooks and the resources and operations each applies to.
    /// +optional
    /// +patchMergeKey=name
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=name
    /// +protobuf=2
    /// +protobuf.name=Webhooks
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub webhooks: Vec<MutatingWebhook>,
}

/// ValidatingWebhookConfiguration describes the configuration of an
/// admission webhook that accepts or rejects an object without changing it.
///
/// +genclient
/// +genclient:nonNamespaced
/// +kubebuilder:resource:categories=api-extensions
/// +resource:allowUnconditionalUpdate=false
/// +printer:hook
/// +defaulting:hook
/// +validation:extra
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Resource)]
#[serde(default)]
pub struct ValidatingWebhookConfiguration {
    /// Standard object metadata.
    /// +optional
    /// +protobuf=1
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The webhooks and the resources and operations each applies to.
    /// +optional
    /// +patchMergeKey=name
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=name
    /// +protobuf=2
    /// +protobuf.name=Webhooks
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub webhooks: Vec<ValidatingWebhook>,
}

/// ValidatingWebhook describes an admission webhook and the resources and
/// operations it applies to.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct ValidatingWebhook {
    /// The name of the webhook, fully qualified (`imagepolicy.kubernetes.io`,
    /// at least three segments); unique in its configuration.
    /// +protobuf=1
    pub name: String,
    /// How to reach the webhook.
    /// +protobuf=2
    pub client_config: WebhookClientConfig,
    /// The operations and resources the webhook cares about; it is called
    /// when any rule matches.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<RuleWithOperations>,
    /// What an error calling the webhook does: `Ignore` lets the request
    /// through, `Fail` (the default) refuses it.
    /// +optional
    /// +default="Fail"
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure_policy: Option<String>,
    /// How rules match a request made through another version of a
    /// resource: `Exact` or `Equivalent` (the default).
    /// +optional
    /// +default="Equivalent"
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_policy: Option<String>,
    /// The namespaces whose objects the webhook is called for, by their
    /// labels; every namespace by default.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace_selector: Option<LabelSelector>,
    /// The objects the webhook is called for, by their labels (or their old
    /// labels); every object by default.
    /// +optional
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub object_selector: Option<LabelSelector>,
    /// Whether calling the webhook has side effects: `None` or
    /// `NoneOnDryRun` (`Some` and `Unknown` are refused in v1). Dry-run
    /// requests are sent only to webhooks without side effects.
    /// +required
    /// +protobuf=6
    pub side_effects: Option<String>,
    /// Seconds to wait for the webhook, 1 to 30; 10 by default. Past it
    /// the call fails and the failure policy applies.
    /// +optional
    /// +default=10
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_seconds: Option<i32>,
    /// The `AdmissionReview` versions the webhook accepts, in order of
    /// preference; it must include `v1` or `v1beta1`.
    /// +listType=atomic
    /// +protobuf=8
    #[serde(
        serialize_with = "crate::nil_if_empty",
        deserialize_with = "crate::empty_if_nil"
    )]
    pub admission_review_versions: Vec<String>,
    /// CEL conditions a request must meet for the webhook to be called.
    /// +optional
    /// +patchMergeKey=name
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=name
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_conditions: Vec<MatchCondition>,
}

/// MutatingWebhook describes an admission webhook that may change objects
/// and the resources and operations it applies to.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct MutatingWebhook {
    /// The name of the webhook, fully qualified (`imagepolicy.kubernetes.io`,
    /// at least three segments); unique in its configuration.
    /// +protobuf=1
    pub name: String,
    /// How to reach the webhook.
    /// +protobuf=2
    pub client_config: WebhookClientConfig,
    /// The operations and resources the webhook cares about; it is called
    /// when any rule matches.
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<RuleWithOperations>,
    /// What an error calling the webhook does: `Ignore` lets the request
    /// through, `Fail` (the default) refuses it.
    /// +optional
    /// +default="Fail"
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure_policy: Option<String>,
    /// How rules match a request made through another version of a
    /// resource: `Exact` or `Equivalent` (the default).
    /// +optional
    /// +default="Equivalent"
    /// +protobuf=9
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_policy: Option<String>,
    /// The namespaces whose objects the webhook is called for, by their
    /// labels; every namespace by default.
    /// +optional
    /// +protobuf=5
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace_selector: Option<LabelSelector>,
    /// The objects the webhook is called for, by their labels (or their old
    /// labels); every object by default.
    /// +optional
    /// +protobuf=11
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub object_selector: Option<LabelSelector>,
    /// Whether calling the webhook has side effects: `None` or
    /// `NoneOnDryRun` (`Some` and `Unknown` are refused in v1). Dry-run
    /// requests are sent only to webhooks without side effects.
    /// +required
    /// +protobuf=6
    pub side_effects: Option<String>,
    /// Seconds to wait for the webhook, 1 to 30; 10 by default. Past it
    /// the call fails and the failure policy applies.
    /// +optional
    /// +default=10
    /// +protobuf=7
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_seconds: Option<i32>,
    /// The `AdmissionReview` versions the webhook accepts, in order of
    /// preference; it must include `v1` or `v1beta1`.
    /// +listType=atomic
    /// +protobuf=8
    #[serde(
        serialize_with = "crate::nil_if_empty",
        deserialize_with = "crate::empty_if_nil"
    )]
    pub admission_review_versions: Vec<String>,
    /// Whether the webhook is called again when a later webhook changed the
    /// object: `Never` (the default) or `IfNeeded`.
    /// +optional
    /// +default="Never"
    /// +protobuf=10
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reinvocation_policy: Option<String>,
    /// CEL conditions a request must meet for the webhook to be called.
    /// +optional
    /// +patchMergeKey=name
    /// +patchStrategy=merge
    /// +listType=map
    /// +listMapKey=name
    /// +protobuf=12
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_conditions: Vec<MatchCondition>,
}

/// RuleWithOperations is a rule and the operations it applies to.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RuleWithOperations {
    /// `CREATE`, `UPDATE`, `DELETE`, `CONNECT`, or `*` for all of them
    /// alone.
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub operations: Vec<String>,
    /// The resources, inline.
    /// +protobuf=2
    #[serde(flatten)]
    pub rule: Rule,
}

/// Rule names API groups, versions and resources, and a scope.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    /// The API groups (`""` for the core group, `*` for all).
    /// +optional
    /// +listType=atomic
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub api_groups: Vec<String>,
    /// The API versions (`*` for all).
    /// +optional
    /// +listType=atomic
    /// +protobuf=2
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub api_versions: Vec<String>,
    /// The resources: `pods`, `pods/status`, `pods/*`, `*/status`, `*` (all
    /// resources, no subresources) or `*/*` (everything).
    /// +optional
    /// +listType=atomic
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resources: Vec<String>,
    /// `Cluster`, `Namespaced` or `*` (the default).
    /// +optional
    /// +default="*"
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
}

/// WebhookClientConfig says how to reach a webhook: a URL, or a service.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[serde(rename_all = "camelCase")]
pub struct WebhookClientConfig {
    /// `https://host[:port][/path]`, no user, query or fragment.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The service in front of the webhook.
    /// +optional
    /// +protobuf=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service: Option<ServiceReference>,
    /// PEM certificates that sign the webhook's serving certificate; the
    /// system's roots when empty.
    /// +optional
    /// +protobuf=2
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        with = "runtime::codec::base64_bytes"
    )]
    pub ca_bundle: Vec<u8>,
}

/// ServiceReference names a service and the path and port of a webhook on
/// it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ServiceReference {
    /// The namespace of the service.
    /// +protobuf=1
    pub namespace: String,
    /// The name of the service.
    /// +protobuf=2
    pub name: String,
    /// The URL path requests are sent to.
    /// +optional
    /// +protobuf=3
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// The port of the service, 443 by default.
    /// +optional
    /// +default=443
    /// +protobuf=4
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<i32>,
}

/// MatchCondition is a CEL expression a request must meet for a webhook
/// to be called.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MatchCondition {
    /// The condition's name, a qualified name unique in its webhook.
    /// +protobuf=1
    pub name: String,
    /// The CEL expression, which must evaluate to a boolean.
    /// +protobuf=2
    pub expression: String,
}

/// `SetDefaults_ValidatingWebhook`'s selectors: none selects everything
/// (`{}`). (The rest of its defaults are `+default` markers.)
impl runtime::defaulting::DefaultHook for ValidatingWebhookConfiguration {
    fn default_hook(&mut self) {
        for webhook in &mut self.webhooks {
            default_selectors(
                &mut webhook.namespace_selector,
                &mut webhook.object_selector,
            );
        }
    }
}

/// `SetDefaults_MutatingWebhook`'s selectors: none selects everything
/// (`{}`). (The rest of its defaults are `+default` markers.)
impl runtime::defaulting::DefaultHook for MutatingWebhookConfiguration {
    fn default_hook(&mut self) {
        for webhook in &mut self.webhooks {
            default_selectors(
                &mut webhook.namespace_selector,
                &mut webhook.object_selector,
            );
        }
    }
}

fn default_selectors(namespace: &mut Option<LabelSelector>, object: &mut Option<LabelSelector>) {
    namespace.get_or_insert_with(LabelSelector::default);
    object.get_or_insert_with(LabelSelector::default);
}
