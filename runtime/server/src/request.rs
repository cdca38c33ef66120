//! What a request is about: the [`RequestInfo`] of a resource path, parsed
//! as kube-apiserver's `RequestInfoFactory` parses it, and the query
//! parameters of the verbs.

use std::borrow::Cow;
use std::collections::BTreeMap;

use axum::extract::OptionalFromRequestParts;
use axum::http::Method;
use axum::http::request::Parts;
use runtime::registry::Entry;

use super::status::ApiError;
use runtime::meta::CauseType;

/// The Kubernetes verb of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    /// GET of one object.
    Get,
    /// GET of a collection.
    List,
    /// GET with `watch=true`.
    Watch,
    /// POST to a collection.
    Create,
    /// PUT of one object.
    Update,
    /// PATCH of one object.
    Patch,
    /// DELETE of one object.
    Delete,
    /// DELETE of a collection.
    DeleteCollection,
}

impl Verb {
    /// The lower-case verb name used in metrics and discovery.
    pub fn name(self) -> &'static str {
        match self {
            Verb::Get => "get",
            Verb::List => "list",
            Verb::Watch => "watch",
            Verb::Create => "create",
            Verb::Update => "update",
            Verb::Patch => "patch",
            Verb::Delete => "delete",
            Verb::DeleteCollection => "deletecollection",
        }
    }
}

/// A parsed resource request path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestInfo {
    /// API group; empty for `/api`.
    pub group: String,
    /// Version.
    pub version: String,
    /// Namespace from the path, if any.
    pub namespace: Option<String>,
    /// Resource (plural).
    pub resource: String,
    /// Object name, if any.
    pub name: Option<String>,
    /// Subresource (`status`, `scale`), if any.
    pub subresource: Option<String>,
    /// The path is a legacy watch path (`/api/v1/watch/namespaces/ns/pods`,
    /// deprecated since 1.11 and still served): the verb is watch,
    /// whatever the query says.
    pub watch_path: bool,
}

/// Namespace subresources that are not namespaced resources
/// (`/api/v1/namespaces/foo/status`).
const NAMESPACE_SUBRESOURCES: [&str; 2] = ["status", "finalize"];

/// A request's path as Go's `net/url` gives it to kube-apiserver
/// (`URL.Path`, which `RequestInfoFactory` splits): each `%XX` decoded to
/// its byte, so `configmaps/%3Cnone%3E` names `<none>` and an encoded `/`
/// separates segments. Borrowed when the path has no `%`.
///
/// Errors: the message of a 400 for a `%` not followed by two hex digits
/// (Go's `invalid URL escape "%zz"`), or decoded bytes that are not UTF-8
/// (Go keeps them; no name or segment we serve has them).
pub fn unescape_path(path: &str) -> Result<Cow<'_, str>, String> {
    match unescape(path, false)? {
        Cow::Borrowed(_) => Ok(Cow::Borrowed(path)),
        Cow::Owned(bytes) => String::from_utf8(bytes)
            .map(Cow::Owned)
            .map_err(|_| "invalid UTF-8 in the URL path".to_string()),
    }
}

/// `text` with each `%XX` decoded to its byte, and with `plus_is_space`
/// each `+` to a space: Go's `url.PathUnescape` and `url.QueryUnescape`
/// (`net/url`'s `unescape`). Borrowed when nothing changes.
///
/// Errors: Go's `url.EscapeError` text for a `%` not followed by two hex
/// digits (the escape from its `%`, three bytes at most).
fn unescape(text: &str, plus_is_space: bool) -> Result<Cow<'_, [u8]>, String> {
    let bytes = text.as_bytes();
    if !bytes
        .iter()
        .any(|&b| b == b'%' || (plus_is_space && b == b'+'))
    {
        return Ok(Cow::Borrowed(bytes));
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let digits = bytes
                    .get(i + 1..i + 3)
                    .filter(|h| h.iter().all(u8::is_ascii_hexdigit))
                    .ok_or_else(|| {
                        let escape = &bytes[i..bytes.len().min(i + 3)];
                        let escape = String::from_utf8_lossy(escape);
                        format!("invalid URL escape {}", runtime::go::quote(&escape))
                    })?;
                let hex = |d: u8| (d as char).to_digit(16).unwrap_or(0) as u8;
                out.push(hex(digits[0]) << 4 | hex(digits[1]));
                i += 3;
            }
            b'+' if plus_is_space => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    Ok(Cow::Owned(out))
}

/// Parses the segments after `/api/` (core: `v1/...`) or `/apis/`
/// (`group/version/...`). `None` when the path names no resource (then it is
/// a discovery path, or nothing).
pub fn parse_resource_path(core: bool, segments: &[&str]) -> Option<RequestInfo> {
    let (group, version, mut parts) = if core {
        let (version, rest) = segments.split_first()?;
        (String::new(), version.to_string(), rest)
    } else {
        let (group, rest) = segments.split_first()?;
        let (version, rest) = rest.split_first()?;
        (group.to_string(), version.to_string(), rest)
    };
    if parts.is_empty() {
        return None;
    }
    // RequestInfoFactory's special verb `watch` as a path prefix.
    let watch_path = parts[0] == "watch";
    if watch_path {
        parts = &parts[1..];
        if parts.is_empty() {
            return None;
        }
    }
    let mut namespace = None;
    if parts[0] == "namespaces" && parts.len() > 1 {
        namespace = Some(parts[1].to_string());
        if parts.len() > 2 && !NAMESPACE_SUBRESOURCES.contains(&parts[2]) {
            parts = &parts[2..];
        }
    }
    if parts.len() > 3 || parts.iter().any(|p| p.is_empty()) {
        return None;
    }
    Some(RequestInfo {
        group,
        version,
        namespace: if parts[0] == "namespaces"
            && parts.len() <= 3
            && namespace.as_deref() == parts.get(1).copied()
        {
            // `/api/v1/namespaces/foo[/status]` addresses the namespace object.
            None
        } else {
            namespace
        },
        resource: parts[0].to_string(),
        name: parts.get(1).map(|s| s.to_string()),
        subresource: parts.get(2).map(|s| s.to_string()),
        watch_path,
    })
}

impl RequestInfo {
    /// The verb, from the method and whether a name is present.
    pub fn verb(&self, method: &Method, query: &Query) -> Result<Verb, ApiError> {
        let named = self.name.is_some();
        Ok(match (method.as_str(), named) {
            // `watch` makes a collection's GET a watch; upstream's
            // RequestInfo reads it for requests without a name only (a
            // named object is watched through the `/watch/` path).
            ("GET", _) if self.watch_path => Verb::Watch,
            ("GET", false) if query.flag("watch") => Verb::Watch,
            _ if self.watch_path => return Err(ApiError::method_not_allowed()),
            ("GET", true) => Verb::Get,
            ("GET", false) => Verb::List,
            ("POST", false) => Verb::Create,
            // A subresource's create (`pods/<name>/eviction`).
            ("POST", true) if self.subresource.is_some() => Verb::Create,
            ("PUT", true) => Verb::Update,
            ("PATCH", true) => Verb::Patch,
            ("DELETE", true) => Verb::Delete,
            ("DELETE", false) => Verb::DeleteCollection,
            _ => return Err(ApiError::method_not_allowed()),
        })
    }
}

/// A discovery document a GET names (`/api`, `/apis`, `/apis/<group>`,
/// `/api/<version>`, `/apis/<group>/<version>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DiscoveryPath<'a> {
    /// `/api` (`core`) or `/apis`: the versions or the groups.
    Root {
        /// Whether it is `/api`.
        core: bool,
    },
    /// `/apis/<group>`: one group's versions.
    Group(&'a str),
    /// `/api/<version>` (group `""`) or `/apis/<group>/<version>`: the
    /// resources of one group/version.
    Resources {
        /// The group; empty for the core group.
        group: &'a str,
        /// The version.
        version: &'a str,
    },
}

/// The discovery document a path's segments name (the path without its
/// leading and trailing `/`, split at `/`), if any. The `resolve` layer
/// lets these through, and the handler answers them.
pub(crate) fn discovery_path<'a>(segments: &[&'a str]) -> Option<DiscoveryPath<'a>> {
    Some(match *segments {
        ["api"] => DiscoveryPath::Root { core: true },
        ["apis"] => DiscoveryPath::Root { core: false },
        ["apis", group] => DiscoveryPath::Group(group),
        ["api", version] => DiscoveryPath::Resources { group: "", version },
        ["apis", group, version] => DiscoveryPath::Resources { group, version },
        _ => return None,
    })
}

/// A resource request, resolved once by the `resolve` layer (upstream's
/// `WithRequestInfo` filter and the registry lookup): the kind's registry
/// entry, the parsed path, the verb and the query. The layers after it
/// read it from the request's extensions; the handler takes it as an
/// extractor (`Option<ResourceRequest>`: `None` for discovery and other
/// non-resource paths).
#[derive(Debug, Clone)]
pub(crate) struct ResourceRequest {
    /// The served kind the path names.
    pub(crate) entry: Entry,
    /// The parsed path.
    pub(crate) info: RequestInfo,
    /// The verb, from the method, the path and `watch`.
    pub(crate) verb: Verb,
    /// The query parameters.
    pub(crate) query: Query,
}

impl ResourceRequest {
    /// `resource` (one named object), `namespace` or `cluster`, as
    /// upstream's metrics `CleanScope` labels requests.
    pub(crate) fn scope(&self) -> &'static str {
        match (&self.info.name, &self.info.namespace) {
            (Some(_), _) => "resource",
            (None, Some(_)) => "namespace",
            (None, None) => "cluster",
        }
    }
}

impl<S: Send + Sync> OptionalFromRequestParts<S> for ResourceRequest {
    type Rejection = std::convert::Infallible;

    /// Takes the request the `resolve` layer put in the extensions.
    async fn from_request_parts(
        parts: &mut Parts,
        _state: &S,
    ) -> Result<Option<Self>, Self::Rejection> {
        Ok(parts.extensions.remove::<ResourceRequest>())
    }
}

/// The pairs of a raw query string as Go's `URL.Query()` reads them (see
/// [`Query::parse`]).
fn query_pairs(raw: Option<&str>) -> impl Iterator<Item = (String, String)> + '_ {
    raw.unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty() && !p.contains(';'))
        .filter_map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            match (unescape(k, true), unescape(v, true)) {
                (Ok(k), Ok(v)) => Some((
                    String::from_utf8_lossy(&k).into_owned(),
                    String::from_utf8_lossy(&v).into_owned(),
                )),
                _ => None,
            }
        })
}

/// The decoded query string (last value wins, as Go's `url.Values.Get`
/// returns the first; Kubernetes clients send each once).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Query(pub BTreeMap<String, String>);

impl Query {
    /// Parses a raw query string (`a=b&c=d`) as Go's `URL.Query()` does,
    /// which kube-apiserver reads: keys and values unescaped (`%XX`, `+`
    /// as a space; bytes that are not UTF-8 replaced); a pair with a
    /// malformed escape or a `;` (`url.ParseQuery`'s errors) is dropped.
    pub fn parse(raw: Option<&str>) -> Query {
        Query(query_pairs(raw).collect())
    }

    /// Every value of `key` in a raw query string, in order, read as
    /// [`Query::parse`] reads them: for an option upstream reads as a list
    /// (the health checks' `exclude`).
    pub fn all_values(raw: Option<&str>, key: &str) -> Vec<String> {
        query_pairs(raw)
            .filter(|(k, _)| k == key)
            .map(|(_, v)| v)
            .collect()
    }

    /// The value of `key`, if present and non-empty.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .get(key)
            .map(String::as_str)
            .filter(|v| !v.is_empty())
    }

    /// A boolean option of the list, watch and patch options (`watch`,
    /// `allowWatchBookmarks`, `force`), as upstream's
    /// `Convert_Slice_string_To_bool` reads it: absent, `0` or `false` (in
    /// any case) is false, any other value true (`watch=True`, as the
    /// Python client writes it, and a bare `watch`).
    pub fn flag(&self, key: &str) -> bool {
        self.opt_flag(key).unwrap_or(false)
    }

    /// A `*bool` option (`sendInitialEvents`, `orphanDependents`), as
    /// upstream's `Convert_Slice_string_To_Pointer_bool` reads it: `None`
    /// when absent; present (even empty), `0` or `false` (in any case) is
    /// false, any other value true.
    pub fn opt_flag(&self, key: &str) -> Option<bool> {
        self.0
            .get(key)
            .map(|v| v != "0" && !v.eq_ignore_ascii_case("false"))
    }

    /// `pretty`, as upstream's `isPrettyPrint` reads the parameter: Go's
    /// `strconv.ParseBool` of a non-empty value (`1`, `t`, `T`, `TRUE`,
    /// `true`, `True`); anything else is not pretty. (Upstream also
    /// pretty-prints for curl's, Wget's and browsers' user agents when the
    /// parameter is absent; this server does not.)
    pub fn pretty(&self) -> bool {
        matches!(
            self.get("pretty"),
            Some("1" | "t" | "T" | "TRUE" | "true" | "True")
        )
    }

    /// An integer query option (`limit`, `timeoutSeconds`, a delete's
    /// `gracePeriodSeconds`), as upstream's parameter codec converts it
    /// (`Convert_Slice_string_To_int64`): absent is `None`; a present value,
    /// empty included, is read by [`parse_int64`].
    ///
    /// Errors: 400 with Go's `strconv.ParseInt` message.
    pub fn int(&self, key: &str) -> Result<Option<i64>, ApiError> {
        self.0.get(key).map(|v| parse_int64(v)).transpose()
    }

    /// `dryRun`: `Ok(true)` for `All`. Any other value is a 422 against the
    /// verb's options kind (`CreateOptions`...), as upstream's `ValidateDryRun`.
    pub fn dry_run(&self, verb: Verb) -> Result<bool, ApiError> {
        match self.get("dryRun") {
            None => Ok(false),
            Some("All") => Ok(true),
            Some(other) => Err(invalid_option(
                verb,
                "dryRun",
                format!(
                    "Unsupported value: [{}]: supported values: \"All\"",
                    runtime::go::json_string(other)
                ),
            )),
        }
    }

    /// `fieldValidation`, defaulting to `Warn`. Any other value is a 422
    /// against the verb's options kind, as upstream's `ValidateFieldValidation`.
    pub fn field_validation(&self, verb: Verb) -> Result<FieldValidation, ApiError> {
        match self.get("fieldValidation") {
            None | Some("Warn") => Ok(FieldValidation::Warn),
            Some("Ignore") => Ok(FieldValidation::Ignore),
            Some("Strict") => Ok(FieldValidation::Strict),
            Some(other) => Err(invalid_option(
                verb,
                "fieldValidation",
                format!(
                    "Unsupported value: {}: supported values: \"\", \"Ignore\", \"Strict\", \"Warn\"",
                    runtime::field::quote(other)
                ),
            )),
        }
    }
}

/// The options kind a verb's query parameters decode into.
pub fn options_kind(verb: Verb) -> &'static str {
    match verb {
        Verb::Create => "CreateOptions",
        Verb::Update => "UpdateOptions",
        Verb::Patch => "PatchOptions",
        Verb::Delete | Verb::DeleteCollection => "DeleteOptions",
        Verb::Get => "GetOptions",
        Verb::List | Verb::Watch => "ListOptions",
    }
}

/// `<Kind>Options.meta.k8s.io "" is invalid: <field>: <message>`.
pub fn invalid_option(verb: Verb, field: &str, message: String) -> ApiError {
    ApiError::invalid_kind(
        "meta.k8s.io",
        options_kind(verb),
        "",
        vec![super::status::Cause {
            reason: Some(CauseType::FieldValueNotSupported),
            message,
            field: field.into(),
        }],
    )
}

/// How unknown and duplicate fields in a request body are treated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldValidation {
    /// Drop them silently.
    Ignore,
    /// Drop them and answer with a `Warning` header per field.
    Warn,
    /// Fail with 400.
    Strict,
}

/// `rest.EnsureObjectNamespaceMatchesRequestNamespace` for an object
/// whose request's path names the namespace `url`.
///
/// Errors: 400 `the namespace of the provided object does not match the
/// namespace sent on the request`.
pub(crate) fn check_namespace_of(
    url: &str,
    meta: &runtime::meta::ObjectMeta,
) -> Result<(), ApiError> {
    match meta.namespace.as_deref() {
        Some(body) if !body.is_empty() && body != url => Err(ApiError::bad_request(
            "the namespace of the provided object does not match the namespace sent on the request",
        )),
        _ => Ok(()),
    }
}

/// A query parameter's integer as Go's `strconv.ParseInt(text, 10, 64)`
/// reads it, which upstream's parameter codec uses for every int64 option.
///
/// Errors: 400 (`NewBadRequest` of the conversion's error) with Go's
/// message: `strconv.ParseInt: parsing "abc": invalid syntax`, or `value
/// out of range` past an int64.
pub(crate) fn parse_int64(text: &str) -> Result<i64, ApiError> {
    text.parse::<i64>().map_err(|e| {
        let why = match e.kind() {
            std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                "value out of range"
            }
            _ => "invalid syntax",
        };
        ApiError::bad_request(format!(
            "strconv.ParseInt: parsing {}: {why}",
            runtime::field::quote(text)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_unescape_as_go_unescapes_them() {
        assert!(matches!(
            unescape_path("/api/v1/pods"),
            Ok(Cow::Borrowed("/api/v1/pods"))
        ));
        assert_eq!(unescape_path("/a%2Fb/%3C%3e%20x").unwrap(), "/a/b/<> x");
        assert_eq!(unescape_path("/%C3%A9").unwrap(), "/\u{e9}");
        // url.EscapeError: the escape from its `%`, three bytes at most.
        for (path, message) in [
            ("/%zz", r#"invalid URL escape "%zz""#),
            ("/%4", r#"invalid URL escape "%4""#),
            ("/x%", r#"invalid URL escape "%""#),
            ("/%+1", r#"invalid URL escape "%+1""#),
            ("/%FF", "invalid UTF-8 in the URL path"),
            // A malformed escape before a multi-byte character: quoted
            // from the bytes, not cut inside the character.
            ("/%a\u{e9}", "invalid URL escape \"%a\u{fffd}\""),
        ] {
            assert_eq!(unescape_path(path).unwrap_err(), message, "{path}");
        }
    }

    #[test]
    fn discovery_paths_and_resource_paths_are_told_apart() {
        assert_eq!(
            discovery_path(&["api"]),
            Some(DiscoveryPath::Root { core: true })
        );
        assert_eq!(
            discovery_path(&["apis", "apps"]),
            Some(DiscoveryPath::Group("apps"))
        );
        assert_eq!(
            discovery_path(&["api", "v1"]),
            Some(DiscoveryPath::Resources {
                group: "",
                version: "v1"
            })
        );
        assert_eq!(
            discovery_path(&["apis", "apps", "v1"]),
            Some(DiscoveryPath::Resources {
                group: "apps",
                version: "v1"
            })
        );
        // Three segments under /api already name a resource.
        assert_eq!(discovery_path(&["api", "v1", "namespaces"]), None);
        assert_eq!(discovery_path(&["apis", "apps", "v1", "deployments"]), None);
    }

    fn info(core: bool, path: &str) -> Option<RequestInfo> {
        let segments: Vec<&str> = path.split('/').collect();
        parse_resource_path(core, &segments)
    }

    #[test]
    fn paths_parse_as_kube_apiserver_parses_them() {
        let i = info(true, "v1/namespaces/default/configmaps/foo").unwrap();
        assert_eq!(
            (
                i.namespace.as_deref(),
                i.resource.as_str(),
                i.name.as_deref()
            ),
            (Some("default"), "configmaps", Some("foo"))
        );
        let i = info(true, "v1/namespaces/foo").unwrap();
        assert_eq!(
            (i.namespace, i.resource.as_str(), i.name.as_deref()),
            (None, "namespaces", Some("foo"))
        );
        let i = info(true, "v1/namespaces/foo/status").unwrap();
        assert_eq!(
            (
                i.resource.as_str(),
                i.name.as_deref(),
                i.subresource.as_deref()
            ),
            ("namespaces", Some("foo"), Some("status"))
        );
        let i = info(true, "v1/namespaces").unwrap();
        assert_eq!((i.resource.as_str(), i.name), ("namespaces", None));
        let i = info(false, "example.dev/v1/namespaces/ns/widgets/w/scale").unwrap();
        assert_eq!(
            (i.group.as_str(), i.subresource.as_deref()),
            ("example.dev", Some("scale"))
        );
        let i = info(false, "example.dev/v1/gadgets").unwrap();
        assert_eq!((i.namespace, i.resource.as_str()), (None, "gadgets"));
        assert!(info(false, "example.dev/v1").is_none());
        // Legacy watch paths (installer.go: WATCHLIST and WATCH routes).
        let i = info(true, "v1/watch/namespaces/ns/configmaps/x").unwrap();
        assert_eq!(
            (
                i.watch_path,
                i.namespace.as_deref(),
                i.resource.as_str(),
                i.name.as_deref()
            ),
            (true, Some("ns"), "configmaps", Some("x"))
        );
        let i = info(true, "v1/watch/configmaps").unwrap();
        assert_eq!((i.watch_path, i.namespace, i.name), (true, None, None));
        assert!(!info(true, "v1/configmaps").unwrap().watch_path);
        assert!(info(true, "v1/a/b/c/d").is_none());
    }

    #[test]
    fn query_values_are_decoded() {
        let q = Query::parse(Some("labelSelector=app%3Dweb%2Ctier+in+(a)&watch=1&limit="));
        assert_eq!(q.get("labelSelector"), Some("app=web,tier in (a)"));
        assert!(q.flag("watch"));
        assert_eq!(q.get("limit"), None);
        // Convert_Slice_string_To_bool: only 0 and false are false.
        for (query, watch) in [
            ("watch=True", true),
            ("watch", true),
            ("watch=yes", true),
            ("watch=FALSE", false),
            ("watch=0", false),
            ("", false),
        ] {
            assert_eq!(Query::parse(Some(query)).flag("watch"), watch, "{query}");
        }
        // Convert_Slice_string_To_Pointer_bool: absent is None.
        for (query, value) in [
            ("sendInitialEvents=True", Some(true)),
            ("sendInitialEvents=", Some(true)),
            ("sendInitialEvents=false", Some(false)),
            ("", None),
        ] {
            assert_eq!(
                Query::parse(Some(query)).opt_flag("sendInitialEvents"),
                value,
                "{query}"
            );
        }
        // isPrettyPrint: strconv.ParseBool.
        for (query, pretty) in [
            ("pretty=True", true),
            ("pretty=t", true),
            ("pretty=yes", false),
            ("pretty", false),
        ] {
            assert_eq!(Query::parse(Some(query)).pretty(), pretty, "{query}");
        }
        // url.ParseQuery's errors drop the pair (URL.Query() ignores
        // them): a malformed escape, `+` as a hex digit, a `;`.
        let q = Query::parse(Some("a=%zz%&b=%+1&c=1;d=2&e=%41%2b"));
        assert_eq!(q.0.keys().collect::<Vec<_>>(), ["e"]);
        assert_eq!(q.get("e"), Some("A+"));
    }
}
