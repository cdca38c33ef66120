//! Who sends a request and what they may do, as the server and the kinds'
//! strategies see it: upstream's `user.Info`
//! (`k8s.io/apiserver/pkg/authentication/user`) and `authorizer.Authorizer`
//! with its `RuleResolver` (`k8s.io/apiserver/pkg/authorization/authorizer`).
//! The access reviews of `authorization.k8s.io` ask the server's
//! [`Authorizer`] through [`RequestContext`]; the self review of
//! `authentication.k8s.io` reads its [`UserInfo`], and its token review
//! asks the server's [`TokenAuthenticator`] (`authenticator.Token`).

use std::collections::BTreeMap;

/// Who sends a request (`user.Info`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UserInfo {
    /// The user name: `system:unsecured`.
    pub name: String,
    /// A value identifying the user across time; empty when the
    /// authenticator gives none.
    pub uid: String,
    /// The user's groups.
    pub groups: Vec<String>,
    /// What else the authenticator says of the user, by key.
    pub extra: BTreeMap<String, Vec<String>>,
}

impl UserInfo {
    /// The user kube-apiserver gave requests on its insecure port, which
    /// this server's plain HTTP serves every request as:
    /// `system:unsecured`, in `system:masters` and `system:authenticated`.
    pub fn unsecured() -> UserInfo {
        UserInfo {
            name: "system:unsecured".into(),
            groups: vec!["system:masters".into(), "system:authenticated".into()],
            ..UserInfo::default()
        }
    }
}

/// What a request does, as an authorizer sees it (`authorizer.Attributes`
/// without the user).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action<'a> {
    /// A request for a resource.
    Resource {
        /// The verb: `get`, `list`, `create`, ...; `*` for all.
        verb: &'a str,
        /// The namespace; empty for a cluster-scoped resource or all
        /// namespaces.
        namespace: &'a str,
        /// The API group; empty for the core group.
        group: &'a str,
        /// The version.
        version: &'a str,
        /// The resource (plural).
        resource: &'a str,
        /// The subresource; empty for none.
        subresource: &'a str,
        /// The object's name; empty for all.
        name: &'a str,
    },
    /// A request for a path outside the resources (`/healthz`).
    NonResource {
        /// The HTTP verb, lower case: `get`.
        verb: &'a str,
        /// The URL path.
        path: &'a str,
    },
}

/// An authorizer's answer (`authorizer.Decision`, its reason and error).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// The action is allowed.
    Allow,
    /// The action is denied.
    Deny,
    /// The authorizer has no opinion.
    NoOpinion,
}

/// What [`Authorizer::authorize`] answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Authorization {
    /// The decision.
    pub decision: Decision,
    /// Why, for the user; may be empty.
    pub reason: String,
    /// An error met while deciding; empty for none.
    pub error: String,
}

/// A rule of what a user may do with resources
/// (`authorizer.ResourceRuleInfo`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceRule {
    /// The verbs; `*` for all.
    pub verbs: Vec<String>,
    /// The API groups; `*` for all.
    pub api_groups: Vec<String>,
    /// The resources; `*` for all.
    pub resources: Vec<String>,
    /// The object names; none for all.
    pub resource_names: Vec<String>,
}

/// A rule of what a user may do with paths outside the resources
/// (`authorizer.NonResourceRuleInfo`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NonResourceRule {
    /// The HTTP verbs; `*` for all.
    pub verbs: Vec<String>,
    /// The URL paths; `*` for all.
    pub non_resource_urls: Vec<String>,
}

/// What [`Authorizer::rules_for`] answers (`RuleResolver.RulesFor`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Rules {
    /// The rules for resources.
    pub resource_rules: Vec<ResourceRule>,
    /// The rules for other paths.
    pub non_resource_rules: Vec<NonResourceRule>,
    /// Whether the rules may leave out some of what is allowed.
    pub incomplete: bool,
    /// An error met while listing them; empty for none.
    pub error: String,
}

/// Decides whether a user may do something, and lists what they may do
/// (`authorizer.Authorizer` and `authorizer.RuleResolver`).
pub trait Authorizer: Send + Sync {
    /// Whether `user` may do `action`.
    fn authorize(&self, user: &UserInfo, action: &Action<'_>) -> Authorization;

    /// What `user` may do in `namespace`.
    fn rules_for(&self, user: &UserInfo, namespace: &str) -> Rules;
}

/// Allows everything, as kube-apiserver's `--authorization-mode=AlwaysAllow`
/// (`authorizerfactory.NewAlwaysAllowAuthorizer`): the decision is `Allow`
/// without a reason, and the rules are `*` for every verb, group, resource
/// and path.
#[derive(Debug, Clone, Copy, Default)]
pub struct AlwaysAllow;

impl Authorizer for AlwaysAllow {
    fn authorize(&self, _user: &UserInfo, _action: &Action<'_>) -> Authorization {
        Authorization {
            decision: Decision::Allow,
            reason: String::new(),
            error: String::new(),
        }
    }

    fn rules_for(&self, _user: &UserInfo, _namespace: &str) -> Rules {
        let all = || vec!["*".to_string()];
        Rules {
            resource_rules: vec![ResourceRule {
                verbs: all(),
                api_groups: all(),
                resources: all(),
                resource_names: Vec::new(),
            }],
            non_resource_rules: vec![NonResourceRule {
                verbs: all(),
                non_resource_urls: all(),
            }],
            incomplete: false,
            error: String::new(),
        }
    }
}

/// What a kind that answers creates without storing them
/// (`Strategy::answer_create` in the `resource` module) knows of the
/// request: who sends it, the namespace of its path, the server's
/// authorizer and token authenticator, and reads of its objects.
pub struct RequestContext<'a> {
    /// Who sends the request.
    pub user: &'a UserInfo,
    /// The namespace of the request's path, for a namespaced kind.
    pub namespace: Option<&'a str>,
    /// The server's authorizer.
    pub authorizer: &'a dyn Authorizer,
    /// The server's bearer token authenticator, which the token review
    /// asks; `None` for a server that authenticates no tokens.
    pub token_authenticator: Option<&'a dyn TokenAuthenticator>,
    /// Reads of the server's stored objects.
    pub objects: &'a dyn ObjectReader,
}

/// Reads of the server's stored objects, for code that judges a request
/// by them (an authenticator looking up a token's service account).
pub trait ObjectReader {
    /// The stored object `name` of the resource (group, version, plural),
    /// in `namespace` for a namespaced one, as a GET reads it, as its
    /// Rust type (to downcast); `None` when there is none.
    ///
    /// Errors: the resource is not served, or the store fails (the
    /// message).
    fn get(
        &self,
        resource: (&str, &str, &str),
        namespace: Option<&str>,
        name: &str,
    ) -> Result<Option<Box<dyn std::any::Any>>, String>;
}

/// What a token authenticator says of a bearer token
/// (`authenticator.Response`, or why it did not authenticate).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TokenAuthentication {
    /// The user the token authenticates; `None` when it does not.
    pub user: Option<UserInfo>,
    /// The audiences asked for that the token is meant for.
    pub audiences: Vec<String>,
    /// Why the token does not authenticate, when there is a reason
    /// (upstream's words: `invalid bearer token`, `service account token
    /// has expired`, ...).
    pub error: Option<String>,
}

/// Authenticates bearer tokens (`authenticator.Token`), for the token
/// review of `authentication.k8s.io`.
pub trait TokenAuthenticator: Send + Sync + std::fmt::Debug {
    /// The server's own audiences (`--api-audiences`), which a review that
    /// names none asks for.
    fn api_audiences(&self) -> &[String];

    /// Who `token` authenticates, for one of `audiences`, reading the
    /// objects the token depends on (its service account, the object it
    /// is bound to) through `objects`.
    fn authenticate(
        &self,
        token: &str,
        audiences: &[String],
        objects: &dyn ObjectReader,
    ) -> TokenAuthentication;

    /// The issuer of the tokens (their `iss`) and its public keys as a
    /// JSON Web Key Set (`{"keys": [...]}`), for a server that publishes
    /// them in its service account issuer discovery
    /// (`/.well-known/openid-configuration`, `/openid/v1/jwks`); `None`
    /// (nothing published) by default.
    fn issuer_keys(&self) -> Option<(&str, serde_json::Value)> {
        None
    }
}
