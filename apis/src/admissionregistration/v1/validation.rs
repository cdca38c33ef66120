//! `ValidateValidatingWebhookConfiguration`,
//! `ValidateMutatingWebhookConfiguration` and their updates
//! (`pkg/apis/admissionregistration/validation`), with
//! `ValidateWebhookURL` and `ValidateWebhookService`
//! (`k8s.io/apiserver/pkg/util/webhook`); and `printValidatingWebhook`,
//! `printMutatingWebhook`.

use std::collections::BTreeSet;

use runtime::field::{BadValue, Error, ErrorList, Path};
use runtime::printers::{AGE_DESCRIPTION, age};
use runtime::resource::{Printer, PrinterColumn};
use runtime::validate::{Context, ValidateExtra, label_selector, names};
use serde_json::{Value, json};

use super::{
    MatchCondition, MutatingWebhookConfiguration, Rule, RuleWithOperations,
    ValidatingWebhookConfiguration, WebhookClientConfig,
};
use crate::admissionregistration::conditions::CompileError;
use crate::admissionregistration::{DEFAULT_SERVICE_PORT, WebhookAccessor};

/// The AdmissionReview versions this server sends (`v1`) and upstream
/// accepts (`AcceptedAdmissionReviewVersions`).
pub const ACCEPTED_ADMISSION_REVIEW_VERSIONS: [&str; 2] = ["v1", "v1beta1"];

/// `supportedFailurePolicies`, sorted.
const FAILURE_POLICIES: [&str; 2] = ["Fail", "Ignore"];
/// `supportedMatchPolicies`, sorted.
const MATCH_POLICIES: [&str; 2] = ["Equivalent", "Exact"];
/// `supportedSideEffectClasses`, sorted.
const SIDE_EFFECT_CLASSES: [&str; 4] = ["None", "NoneOnDryRun", "Some", "Unknown"];
/// `noSideEffectClasses`, sorted: what v1 allows.
const NO_SIDE_EFFECT_CLASSES: [&str; 2] = ["None", "NoneOnDryRun"];
/// `supportedReinvocationPolicies`, sorted.
const REINVOCATION_POLICIES: [&str; 2] = ["IfNeeded", "Never"];
/// `supportedOperations`, sorted.
const OPERATIONS: [&str; 5] = ["*", "CONNECT", "CREATE", "DELETE", "UPDATE"];
/// `supportedScopes`, sorted.
const SCOPES: [&str; 3] = ["*", "Cluster", "Namespaced"];
/// The most match conditions a webhook may have.
const MAX_MATCH_CONDITIONS: usize = 64;

/// What a create checks, and what an update checks only where the stored
/// configuration already met it (upstream's `validationOptions`, ratcheted
/// by `ValidateValidatingWebhookConfigurationUpdate`).
#[derive(Clone, Copy)]
struct Options {
    require_no_side_effects: bool,
    require_recognized_admission_review_version: bool,
    require_unique_webhook_names: bool,
}

impl Options {
    const CREATE: Options = Options {
        require_no_side_effects: true,
        require_recognized_admission_review_version: true,
        require_unique_webhook_names: true,
    };

    /// The options of an update of a configuration whose webhooks were
    /// `old`: a rule is kept only where every old webhook met it.
    fn update(old: &[WebhookAccessor<'_>]) -> Options {
        let mut names = BTreeSet::new();
        Options {
            require_no_side_effects: old.iter().all(|w| {
                w.side_effects
                    .is_some_and(|s| NO_SIDE_EFFECT_CLASSES.contains(&s))
            }),
            require_recognized_admission_review_version: old.iter().all(|w| {
                w.admission_review_versions
                    .iter()
                    .any(|v| ACCEPTED_ADMISSION_REVIEW_VERSIONS.contains(&v.as_str()))
            }),
            require_unique_webhook_names: old
                .iter()
                .all(|w| w.name.is_empty() || names.insert(w.name)),
        }
    }
}

impl ValidateExtra for ValidatingWebhookConfiguration {
    /// `validateValidatingWebhookConfiguration` (after the metadata, which
    /// the server checks): each webhook, its AdmissionReview versions, and
    /// names unique; an update relaxes what the stored configuration did
    /// not meet.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let hooks: Vec<WebhookAccessor<'_>> =
            self.webhooks.iter().map(WebhookAccessor::from).collect();
        let options = old.map_or(Options::CREATE, |old| {
            Options::update(
                &old.webhooks
                    .iter()
                    .map(WebhookAccessor::from)
                    .collect::<Vec<_>>(),
            )
        });
        configuration_errors(&hooks, &[], options, path)
    }
}

impl ValidateExtra for MutatingWebhookConfiguration {
    /// `validateMutatingWebhookConfiguration`: as the validating one, and
    /// each webhook's reinvocation policy.
    fn validate_extra(&self, old: Option<&Self>, path: &Path, _ctx: &Context) -> ErrorList {
        let hooks: Vec<WebhookAccessor<'_>> =
            self.webhooks.iter().map(WebhookAccessor::from).collect();
        let reinvocation: Vec<Option<&str>> = self
            .webhooks
            .iter()
            .map(|w| w.reinvocation_policy.as_deref())
            .collect();
        let options = old.map_or(Options::CREATE, |old| {
            Options::update(
                &old.webhooks
                    .iter()
                    .map(WebhookAccessor::from)
                    .collect::<Vec<_>>(),
            )
        });
        configuration_errors(&hooks, &reinvocation, options, path)
    }
}

/// The errors of a configuration's webhooks, in upstream's order: per
/// webhook its own errors, its AdmissionReview versions, then whether
/// its name was seen before. `reinvocation` holds a mutating webhook's
/// policy (empty for validating webhooks).
fn configuration_errors(
    hooks: &[WebhookAccessor<'_>],
    reinvocation: &[Option<&str>],
    options: Options,
    path: &Path,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let webhooks = path.child("webhooks");
    let mut names = BTreeSet::new();
    for (i, hook) in hooks.iter().enumerate() {
        let at = webhooks.index(i);
        errs.extend(webhook_errors(
            hook,
            reinvocation.get(i).copied().flatten(),
            options,
            &at,
        ));
        errs.extend(admission_review_versions_errors(
            hook.admission_review_versions,
            options.require_recognized_admission_review_version,
            &at.child("admissionReviewVersions"),
        ));
        if options.require_unique_webhook_names && !hook.name.is_empty() && !names.insert(hook.name)
        {
            errs.push(Error::duplicate(
                &at.child("name"),
                BadValue::Str(hook.name.to_string()),
            ));
        }
    }
    errs
}

/// `validateValidatingWebhook` and `validateMutatingWebhook`.
fn webhook_errors(
    hook: &WebhookAccessor<'_>,
    reinvocation: Option<&str>,
    options: Options,
    path: &Path,
) -> ErrorList {
    let mut errs = fully_qualified_name_errors(hook.name, &path.child("name"));
    let rules = path.child("rules");
    for (i, rule) in hook.rules.iter().enumerate() {
        errs.extend(rule_with_operations_errors(rule, &rules.index(i)));
    }
    for (field, value, supported) in [
        ("failurePolicy", hook.failure_policy, &FAILURE_POLICIES[..]),
        ("matchPolicy", hook.match_policy, &MATCH_POLICIES[..]),
    ] {
        if let Some(value) = value
            && !supported.contains(&value)
        {
            errs.push(Error::not_supported(
                &path.child(field),
                BadValue::Str(value.to_string()),
                supported,
            ));
        }
    }
    if let Some(policy) = reinvocation
        && !REINVOCATION_POLICIES.contains(&policy)
    {
        errs.push(Error::not_supported(
            &path.child("reinvocationPolicy"),
            BadValue::Str(policy.to_string()),
            &REINVOCATION_POLICIES,
        ));
    }
    let allowed: &[&str] = if options.require_no_side_effects {
        &NO_SIDE_EFFECT_CLASSES
    } else {
        &SIDE_EFFECT_CLASSES
    };
    // A missing class is the `+required` marker's `Required value`
    // (upstream adds `must specify one of None, NoneOnDryRun`).
    if let Some(class) = hook.side_effects
        && !allowed.contains(&class)
    {
        errs.push(Error::not_supported(
            &path.child("sideEffects"),
            BadValue::Str(class.to_string()),
            allowed,
        ));
    }
    if let Some(timeout) = hook.timeout_seconds
        && !(1..=30).contains(&timeout)
    {
        errs.push(Error::invalid(
            &path.child("timeoutSeconds"),
            BadValue::Int(timeout.into()),
            "the timeout value must be between 1 and 30 seconds",
        ));
    }
    if let Some(selector) = hook.namespace_selector {
        errs.extend(label_selector(selector, &path.child("namespaceSelector")));
    }
    if let Some(selector) = hook.object_selector {
        errs.extend(label_selector(selector, &path.child("objectSelector")));
    }
    errs.extend(client_config_errors(
        hook.client_config,
        &path.child("clientConfig"),
    ));
    errs.extend(match_conditions_errors(
        hook.match_conditions,
        &path.child("matchConditions"),
    ));
    errs
}

/// `IsFullyQualifiedName`: present, a DNS subdomain, at least three
/// segments.
fn fully_qualified_name_errors(name: &str, path: &Path) -> ErrorList {
    if name.is_empty() {
        return vec![Error::required(path, "")];
    }
    let subdomain = names::dns1123_subdomain(name);
    if !subdomain.is_empty() {
        return vec![Error::invalid(
            path,
            BadValue::Str(name.to_string()),
            &subdomain.join(","),
        )];
    }
    if name.split('.').count() < 3 {
        return vec![Error::invalid(
            path,
            BadValue::Str(name.to_string()),
            "should be a domain with at least three segments separated by dots",
        )];
    }
    Vec::new()
}

/// A list as Go's `%#v` prints a slice of strings of type `go_type`.
fn go_list(go_type: &str, items: &[String]) -> BadValue {
    let quoted: Vec<String> = items.iter().map(|i| format!("{i:?}")).collect();
    BadValue::GoLiteral(format!("{go_type}{{{}}}", quoted.join(", ")))
}

/// `validateRuleWithOperations`: operations present, `*` alone, each
/// known; then the rule, subresources allowed.
fn rule_with_operations_errors(rule: &RuleWithOperations, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let operations = path.child("operations");
    if rule.operations.is_empty() {
        errs.push(Error::required(&operations, ""));
    }
    if rule.operations.len() > 1 && rule.operations.iter().any(|o| o == "*") {
        errs.push(Error::invalid(
            &operations,
            go_list("[]admissionregistration.OperationType", &rule.operations),
            "if '*' is present, must not specify other operations",
        ));
    }
    for (i, operation) in rule.operations.iter().enumerate() {
        if !OPERATIONS.contains(&operation.as_str()) {
            errs.push(Error::not_supported(
                &operations.index(i),
                BadValue::Str(operation.clone()),
                &OPERATIONS,
            ));
        }
    }
    errs.extend(rule_errors(&rule.rule, path));
    errs
}

/// `validateRule`: groups and versions present, `*` alone, no empty
/// version, the resources, a known scope.
fn rule_errors(rule: &Rule, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (field, list, what) in [
        ("apiGroups", &rule.api_groups, "API groups"),
        ("apiVersions", &rule.api_versions, "API versions"),
    ] {
        let at = path.child(field);
        if list.is_empty() {
            errs.push(Error::required(&at, ""));
        }
        if list.len() > 1 && list.iter().any(|g| g == "*") {
            errs.push(Error::invalid(
                &at,
                go_list("[]string", list),
                &format!("if '*' is present, must not specify other {what}"),
            ));
        }
    }
    let versions = path.child("apiVersions");
    for (i, version) in rule.api_versions.iter().enumerate() {
        if version.is_empty() {
            errs.push(Error::required(&versions.index(i), ""));
        }
    }
    errs.extend(resources_errors(&rule.resources, &path.child("resources")));
    if let Some(scope) = rule.scope.as_deref()
        && !SCOPES.contains(&scope)
    {
        errs.push(Error::not_supported(
            &path.child("scope"),
            BadValue::Str(scope.to_string()),
            &SCOPES,
        ));
    }
    errs
}

/// `validateResources`: present, none empty, no resource or subresource
/// named beside its wildcard, `*/*` alone, `*` without plain resources.
fn resources_errors(resources: &[String], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if resources.is_empty() {
        errs.push(Error::required(path, ""));
    }
    let mut wildcard_subresources = BTreeSet::new();
    let mut wildcard_resources = BTreeSet::new();
    let (mut double_wildcard, mut single_wildcard, mut plain) = (false, false, false);
    for (i, resource) in resources.iter().enumerate() {
        if resource.is_empty() {
            errs.push(Error::required(&path.index(i), ""));
            continue;
        }
        double_wildcard |= resource == "*/*";
        single_wildcard |= resource == "*";
        let Some((res, sub)) = resource.split_once('/') else {
            plain = resource != "*";
            continue;
        };
        if wildcard_subresources.contains(res) {
            errs.push(Error::invalid(
                &path.index(i),
                BadValue::Str(resource.clone()),
                &format!("if '{res}/*' is present, must not specify {resource}"),
            ));
        }
        if wildcard_resources.contains(sub) {
            errs.push(Error::invalid(
                &path.index(i),
                BadValue::Str(resource.clone()),
                &format!("if '*/{sub}' is present, must not specify {resource}"),
            ));
        }
        if sub == "*" {
            wildcard_subresources.insert(res);
        }
        if res == "*" {
            wildcard_resources.insert(sub);
        }
    }
    if resources.len() > 1 && double_wildcard {
        errs.push(Error::invalid(
            path,
            go_list("[]string", resources),
            "if '*/*' is present, must not specify other resources",
        ));
    }
    if single_wildcard && plain {
        errs.push(Error::invalid(
            path,
            go_list("[]string", resources),
            "if '*' is present, must not specify other resources without subresources",
        ));
    }
    errs
}

/// `validateAdmissionReviewVersions`: at least one; none twice; each a
/// DNS label; one of them known (when required).
fn admission_review_versions_errors(
    versions: &[String],
    require_recognized: bool,
    path: &Path,
) -> ErrorList {
    let accepted = ACCEPTED_ADMISSION_REVIEW_VERSIONS.join(", ");
    if versions.is_empty() {
        return vec![Error::required(
            path,
            &format!("must specify one of {accepted}"),
        )];
    }
    let mut errs = ErrorList::new();
    let mut seen = BTreeSet::new();
    for (i, version) in versions.iter().enumerate() {
        if !seen.insert(version.as_str()) {
            errs.push(Error::invalid(
                &path.index(i),
                BadValue::Str(version.clone()),
                "duplicate version",
            ));
            continue;
        }
        for message in names::dns1035_label(version) {
            errs.push(Error::invalid(
                &path.index(i),
                BadValue::Str(version.clone()),
                &message,
            ));
        }
    }
    if require_recognized
        && !versions
            .iter()
            .any(|v| ACCEPTED_ADMISSION_REVIEW_VERSIONS.contains(&v.as_str()))
    {
        errs.push(Error::invalid(
            path,
            go_list("[]string", versions),
            &format!("must include at least one of {accepted}"),
        ));
    }
    errs
}

/// Exactly one of `url` and `service`, each sound.
fn client_config_errors(config: &WebhookClientConfig, path: &Path) -> ErrorList {
    match (&config.url, &config.service) {
        (Some(url), None) => url_errors(url, &path.child("url")),
        (None, Some(service)) => service_errors(
            &service.name,
            &service.namespace,
            service.path.as_deref(),
            service.port.unwrap_or(DEFAULT_SERVICE_PORT),
            &path.child("service"),
        ),
        _ => vec![Error::required(
            path,
            "exactly one of url or service is required",
        )],
    }
}

/// `ValidateWebhookURL` with `forceHttps`: an `https` URL with a host and
/// no user, fragment or query.
fn url_errors(text: &str, path: &Path) -> ErrorList {
    const FORM: &str = "; desired format: https://host[/path]";
    let url = match GoUrl::parse(text) {
        Ok(url) => url,
        Err(e) => {
            return vec![Error::required(
                path,
                &format!("url must be a valid URL: {e}{FORM}"),
            )];
        }
    };
    let mut errs = ErrorList::new();
    if url.scheme != "https" {
        errs.push(Error::invalid(
            path,
            BadValue::Str(url.scheme.clone()),
            &format!("'https' is the only allowed URL scheme{FORM}"),
        ));
    }
    if url.host.is_empty() {
        errs.push(Error::invalid(
            path,
            BadValue::Str(String::new()),
            &format!("host must be provided{FORM}"),
        ));
    }
    if let Some(user) = url.user {
        errs.push(Error::invalid(
            path,
            BadValue::Str(user.to_string()),
            "user information is not permitted in the URL",
        ));
    }
    if !url.fragment.is_empty() {
        errs.push(Error::invalid(
            path,
            BadValue::Str(url.fragment.to_string()),
            "fragments are not permitted in the URL",
        ));
    }
    if !url.query.is_empty() {
        errs.push(Error::invalid(
            path,
            BadValue::Str(url.query.to_string()),
            "query parameters are not permitted in the URL",
        ));
    }
    errs
}

/// The parts of a URL that `ValidateWebhookURL` looks at, split as Go's
/// `url.Parse` splits them (a URL without `//` has no host; a scheme is
/// letters, digits, `+`, `-`, `.` before the first `:`, lower-cased).
struct GoUrl<'a> {
    scheme: String,
    user: Option<&'a str>,
    host: &'a str,
    query: &'a str,
    fragment: &'a str,
}

impl<'a> GoUrl<'a> {
    /// Errors: Go's for a control character and for a URL starting with
    /// `:` (`parse ":x": missing protocol scheme`).
    fn parse(text: &'a str) -> Result<GoUrl<'a>, String> {
        if text.bytes().any(|b| b < 0x20 || b == 0x7f) {
            return Err(format!(
                "parse {text:?}: net/url: invalid control character in URL"
            ));
        }
        let (rest, fragment) = text.split_once('#').unwrap_or((text, ""));
        let mut scheme = String::new();
        let mut rest = rest;
        for (i, c) in rest.char_indices() {
            match c {
                'a'..='z' | 'A'..='Z' => {}
                '0'..='9' | '+' | '-' | '.' if i > 0 => {}
                ':' if i == 0 => return Err(format!("parse {text:?}: missing protocol scheme")),
                ':' => {
                    scheme = rest[..i].to_ascii_lowercase();
                    rest = &rest[i + 1..];
                    break;
                }
                _ => break,
            }
        }
        let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
        let (mut user, mut host) = (None, "");
        if let Some(after) = rest.strip_prefix("//") {
            let authority = &after[..after.find('/').unwrap_or(after.len())];
            match authority.rsplit_once('@') {
                Some((u, h)) => (user, host) = (Some(u), h),
                None => host = authority,
            }
        }
        Ok(GoUrl {
            scheme,
            user,
            host,
            query,
            fragment,
        })
    }
}

/// `ValidateWebhookService`: name and namespace present, a valid port, a
/// path of DNS-subdomain segments.
fn service_errors(
    name: &str,
    namespace: &str,
    url_path: Option<&str>,
    port: i32,
    path: &Path,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if name.is_empty() {
        errs.push(Error::required(
            &path.child("name"),
            "service name is required",
        ));
    }
    if namespace.is_empty() {
        errs.push(Error::required(
            &path.child("namespace"),
            "service namespace is required",
        ));
    }
    if !(1..=65535).contains(&port) {
        errs.push(Error::invalid(
            &path.child("port"),
            BadValue::Int(port.into()),
            "port is not valid: must be between 1 and 65535, inclusive",
        ));
    }
    let at = path.child("path");
    let invalid = |message: &str| {
        Error::invalid(
            &at,
            BadValue::Str(url_path.unwrap_or_default().to_string()),
            message,
        )
    };
    let Some(url_path) = url_path.filter(|p| !p.is_empty() && *p != "/") else {
        return errs;
    };
    if url_path == "//" {
        errs.push(invalid("segment[0] may not be empty"));
        return errs;
    }
    if !url_path.starts_with('/') {
        errs.push(invalid("must start with a '/'"));
    }
    // Upstream drops the first byte whatever it is, then one trailing '/'.
    let rest = url_path.get(1..).unwrap_or_default();
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    for (i, step) in rest.split('/').enumerate() {
        if step.is_empty() {
            errs.push(invalid(&format!("segment[{i}] may not be empty")));
            continue;
        }
        for failure in names::dns1123_subdomain(step) {
            errs.push(invalid(&format!("segment[{i}]: {failure}")));
        }
    }
    errs
}

/// `validateMatchConditions`: at most 64, each with a qualified name and
/// an expression that compiles (trimmed, see
/// [`crate::admissionregistration::conditions::check`]), names unique.
fn match_conditions_errors(conditions: &[MatchCondition], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if conditions.len() > MAX_MATCH_CONDITIONS {
        errs.push(Error::too_many(
            path,
            Some(conditions.len()),
            MAX_MATCH_CONDITIONS,
        ));
    }
    let mut names = BTreeSet::new();
    for (i, condition) in conditions.iter().enumerate() {
        let at = path.index(i);
        let expression = at.child("expression");
        let trimmed = condition.expression.trim();
        if trimmed.is_empty() {
            errs.push(Error::required(&expression, ""));
        } else {
            match crate::admissionregistration::conditions::check(trimmed) {
                Ok(()) => {}
                Err(CompileError::Invalid(why)) => errs.push(Error::invalid(
                    &expression,
                    BadValue::Str(trimmed.to_string()),
                    &why,
                )),
                Err(CompileError::Forbidden(why)) => {
                    errs.push(Error::forbidden(&expression, &why));
                }
            }
        }
        let name = at.child("name");
        if condition.name.is_empty() {
            errs.push(Error::required(&name, ""));
        } else {
            for message in names::qualified_name(&condition.name) {
                errs.push(Error::invalid(
                    &name,
                    BadValue::Str(condition.name.clone()),
                    &message,
                ));
            }
            if !names.insert(condition.name.as_str()) {
                errs.push(Error::duplicate(
                    &name,
                    BadValue::Str(condition.name.clone()),
                ));
            }
        }
    }
    errs
}

/// `printValidatingWebhook` and `printMutatingWebhook`'s columns.
const COLUMNS: &[PrinterColumn] = &[
    PrinterColumn::integer(
        "Webhooks",
        0,
        "Webhooks indicates the number of webhooks registered in this configuration",
    ),
    PrinterColumn::string("Age", 0, AGE_DESCRIPTION),
];

impl Printer for ValidatingWebhookConfiguration {
    const COLUMNS: &'static [PrinterColumn] = COLUMNS;

    /// `printValidatingWebhook`: the number of webhooks.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        vec![json!(self.webhooks.len()), json!(age(&self.metadata, now))]
    }
}

impl Printer for MutatingWebhookConfiguration {
    const COLUMNS: &'static [PrinterColumn] = COLUMNS;

    /// `printMutatingWebhook`: the number of webhooks.
    fn cells(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<Value> {
        vec![json!(self.webhooks.len()), json!(age(&self.metadata, now))]
    }
}

#[cfg(test)]
mod tests {
    use super::super::ValidatingWebhook;
    use super::*;

    fn webhook(name: &str) -> ValidatingWebhook {
        ValidatingWebhook {
            name: name.into(),
            client_config: WebhookClientConfig {
                url: Some("https://hooks.example.com/check".into()),
                ..WebhookClientConfig::default()
            },
            side_effects: Some("None".into()),
            admission_review_versions: vec!["v1".into()],
            ..ValidatingWebhook::default()
        }
    }

    fn messages(
        new: &ValidatingWebhookConfiguration,
        old: Option<&ValidatingWebhookConfiguration>,
    ) -> Vec<String> {
        new.validate_extra(old, &Path::root(), &Context::default())
            .iter()
            .map(Error::to_string)
            .collect()
    }

    fn resources(list: &[&str]) -> Vec<String> {
        let list: Vec<String> = list.iter().map(|r| r.to_string()).collect();
        resources_errors(&list, &Path::root().child("resources"))
            .iter()
            .map(Error::to_string)
            .collect()
    }

    /// `validateResources` reads its list in order, as upstream does: a
    /// plain resource after `*` is refused, before it is not, and so for a
    /// subresource after its resource's wildcard.
    #[test]
    fn resources_are_checked_in_upstream_order() {
        assert!(resources(&["pods", "*"]).is_empty());
        assert_eq!(
            resources(&["*", "pods"]),
            [
                r#"resources: Invalid value: []string{"*", "pods"}: if '*' is present, must not specify other resources without subresources"#
            ]
        );
        assert!(resources(&["pods/log", "pods/*"]).is_empty());
        assert_eq!(
            resources(&["pods/*", "pods/log"]),
            [
                r#"resources[1]: Invalid value: "pods/log": if 'pods/*' is present, must not specify pods/log"#
            ]
        );
        assert_eq!(
            resources(&["*/status", "pods/status"]),
            [
                r#"resources[1]: Invalid value: "pods/status": if '*/status' is present, must not specify pods/status"#
            ]
        );
        assert_eq!(
            resources(&["*/*", ""]),
            [
                "resources[1]: Required value",
                r#"resources: Invalid value: []string{"*/*", ""}: if '*/*' is present, must not specify other resources"#,
            ]
        );
    }

    /// An update is held only to what the stored configuration met: side
    /// effects, review versions and unique names it already broke stay
    /// allowed; the rest is checked as on create.
    #[test]
    fn updates_ratchet_what_the_stored_configuration_broke() {
        let mut old = ValidatingWebhookConfiguration::default();
        let mut legacy = webhook("a.example.com");
        legacy.side_effects = Some("Unknown".into());
        legacy.admission_review_versions = vec!["v0".into()];
        old.webhooks = vec![legacy.clone(), legacy.clone()];
        let new = old.clone();
        assert!(messages(&new, Some(&old)).is_empty());
        assert_eq!(
            messages(&new, None),
            [
                r#"webhooks[0].sideEffects: Unsupported value: "Unknown": supported values: "None", "NoneOnDryRun""#,
                r#"webhooks[0].admissionReviewVersions: Invalid value: []string{"v0"}: must include at least one of v1, v1beta1"#,
                r#"webhooks[1].sideEffects: Unsupported value: "Unknown": supported values: "None", "NoneOnDryRun""#,
                r#"webhooks[1].admissionReviewVersions: Invalid value: []string{"v0"}: must include at least one of v1, v1beta1"#,
                r#"webhooks[1].name: Duplicate value: "a.example.com""#,
            ]
        );
        let sound = ValidatingWebhookConfiguration {
            webhooks: vec![webhook("a.example.com")],
            ..ValidatingWebhookConfiguration::default()
        };
        assert_eq!(
            messages(&new, Some(&sound)),
            messages(&new, None),
            "a sound configuration may not become unsound"
        );
    }

    /// URLs are split as Go's `url.Parse` splits them.
    #[test]
    fn urls_are_read_as_go_reads_them() {
        let errors = |url: &str| -> Vec<String> {
            url_errors(url, &Path::root().child("url"))
                .iter()
                .map(Error::to_string)
                .collect()
        };
        assert!(errors("https://hooks.example.com:8443/a/b").is_empty());
        assert!(errors("HTTPS://hooks.example.com").is_empty());
        assert_eq!(
            errors("hooks.example.com/x"),
            [
                r#"url: Invalid value: "": 'https' is the only allowed URL scheme; desired format: https://host[/path]"#,
                r#"url: Invalid value: "": host must be provided; desired format: https://host[/path]"#,
            ]
        );
        assert_eq!(
            errors("https://a:b@host?"),
            [r#"url: Invalid value: "a:b": user information is not permitted in the URL"#]
        );
        assert_eq!(
            errors(":x"),
            [
                r#"url: Required value: url must be a valid URL: parse ":x": missing protocol scheme; desired format: https://host[/path]"#
            ]
        );
    }
}
