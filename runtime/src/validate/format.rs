//! `+k8s:format=<name>`: upstream's `validate/strfmt.go` and `net.go`, with
//! the checks and messages of `validate/content` (`dns.go`, `kube.go`,
//! `identifier.go`, `path.go`, `errors.go`).
//!
//! Lengths are counted in bytes and reported as `must be no more than N
//! bytes`, as the `content` package does (the older `pkg/util/validation`
//! said `characters`).

use std::net::{Ipv4Addr, Ipv6Addr};

use crate::field::{BadValue, Error, ErrorList, Path, quote};

/// The formats [`format()`] knows, in upstream's order (alphabetical).
pub const FORMATS: &[&str] = &[
    "k8s-extended-resource-name",
    "k8s-ip",
    "k8s-label-key",
    "k8s-label-value",
    "k8s-long-name",
    "k8s-long-name-caseless",
    "k8s-path-segment-name",
    "k8s-prefixed-label-key",
    "k8s-resource-fully-qualified-name",
    "k8s-resource-pool-name",
    "k8s-short-name",
    "k8s-uuid",
];

/// Validates `value` against the named format, one error per problem
/// (mostly `Invalid value: "<value>": <why>`):
///
/// - `k8s-short-name`: a DNS-1123 label (at most 63 bytes);
/// - `k8s-long-name`: a DNS-1123 subdomain (at most 253 bytes);
/// - `k8s-long-name-caseless`: a subdomain, upper case allowed;
/// - `k8s-label-key` / `k8s-prefixed-label-key`: a label key (prefix
///   optional / required);
/// - `k8s-label-value`: a label value (may be empty);
/// - `k8s-path-segment-name`: not `.`/`..`, without `/` or `%`;
/// - `k8s-uuid`: a lowercase 8-4-4-4-12 UUID;
/// - `k8s-ip`: an IPv4 (leading zeros allowed) or IPv6 address;
/// - `k8s-resource-pool-name`: `/`-separated long names, at most 253 bytes;
/// - `k8s-extended-resource-name`: a domain-prefixed name outside
///   `kubernetes.io/`, valid as a quota name;
/// - `k8s-resource-fully-qualified-name`: `<subdomain>/<C identifier>`.
///
/// An unknown format is `Internal error: unsupported validation format "x"`.
pub fn format(path: &Path, value: &str, format: &str) -> ErrorList {
    let invalid_each = |msgs: Vec<String>| -> ErrorList {
        msgs.iter()
            .map(|m| Error::invalid(path, value.into(), m))
            .collect()
    };
    match format {
        "k8s-short-name" => invalid_each(dns1123_label(value)),
        "k8s-long-name" => invalid_each(dns1123_subdomain(value, false)),
        "k8s-long-name-caseless" => invalid_each(dns1123_subdomain(value, true)),
        "k8s-label-key" => invalid_each(label_key(value)),
        "k8s-prefixed-label-key" => invalid_each(prefixed_label_key(value)),
        "k8s-label-value" => invalid_each(label_value(value)),
        "k8s-path-segment-name" => invalid_each(path_segment_name(value)),
        "k8s-uuid" => invalid_each(uuid(value)),
        "k8s-ip" => invalid_each(ip_sloppy(value)),
        "k8s-resource-pool-name" => resource_pool_name(path, value),
        "k8s-extended-resource-name" => extended_resource_name(path, value),
        "k8s-resource-fully-qualified-name" => resource_fully_qualified_name(path, value),
        other => vec![Error::internal(
            path,
            &format!("unsupported validation format {}", quote(other)),
        )],
    }
}

const DNS1123_LABEL_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const DNS1123_LABEL_ERR: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const DNS1123_LABEL_MAX: usize = 63;
const DNS1123_SUBDOMAIN_FMT: &str =
    "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
const DNS1123_SUBDOMAIN_ERR: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_CASELESS_ERR: &str = "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_MAX: usize = 253;
const LABEL_KEY_FMT: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const LABEL_KEY_ERR: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_KEY_MAX: usize = 63;
const LABEL_VALUE_FMT: &str = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
const LABEL_VALUE_ERR: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_MAX: usize = 63;
const C_IDENTIFIER_FMT: &str = "[A-Za-z_][A-Za-z0-9_]*";
const C_IDENTIFIER_ERR: &str = "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_'";
const UUID_ERR: &str = "must be a lowercase UUID in 8-4-4-4-12 format";
const IP_ERR: &str = "must be a valid IP address (e.g. 10.9.8.7 or 2001:db8::ffff)";
const RESOURCE_DEVICE_MAX: usize = 32;

/// `content.MaxLenError`.
fn max_len_error(n: usize) -> String {
    format!("must be no more than {n} bytes")
}

/// `content.EmptyError`.
const EMPTY_ERROR: &str = "must be non-empty";

/// `content.RegexError`: `<msg> (e.g. 'a',  or 'b', regex used for
/// validation is '<re>')`.
fn regex_error(msg: &str, re: &str, examples: &[&str]) -> String {
    if examples.is_empty() {
        return format!("{msg} (regex used for validation is '{re}')");
    }
    let mut s = format!("{msg} (e.g. ");
    for (i, example) in examples.iter().enumerate() {
        if i > 0 {
            s.push_str(" or ");
        }
        s.push('\'');
        s.push_str(example);
        s.push_str("', ");
    }
    s.push_str(&format!("regex used for validation is '{re}')"));
    s
}

/// Matches `[a-z0-9]([-a-z0-9]*[a-z0-9])?` (any case when `caseless`).
fn is_label_shape(s: &str, caseless: bool) -> bool {
    let alnum = |b: u8| {
        b.is_ascii_digit() || b.is_ascii_lowercase() || (caseless && b.is_ascii_uppercase())
    };
    let bytes = s.as_bytes();
    match (bytes.first(), bytes.last()) {
        (Some(&first), Some(&last)) => {
            alnum(first) && alnum(last) && bytes.iter().all(|&b| alnum(b) || b == b'-')
        }
        _ => false,
    }
}

/// Matches the DNS-1123 subdomain pattern: labels joined by `.`.
fn is_subdomain_shape(s: &str, caseless: bool) -> bool {
    s.split('.').all(|label| is_label_shape(label, caseless))
}

/// Matches `([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]`.
fn is_label_key_name_shape(s: &str) -> bool {
    let bytes = s.as_bytes();
    match (bytes.first(), bytes.last()) {
        (Some(first), Some(last)) => {
            first.is_ascii_alphanumeric()
                && last.is_ascii_alphanumeric()
                && bytes
                    .iter()
                    .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        }
        _ => false,
    }
}

/// `content.IsDNS1123Label`.
fn dns1123_label(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1123_LABEL_MAX {
        errs.push(max_len_error(DNS1123_LABEL_MAX));
    }
    if !is_label_shape(value, false) {
        if is_subdomain_shape(value, false) {
            errs.push("must not contain dots".into());
        } else {
            errs.push(regex_error(
                DNS1123_LABEL_ERR,
                DNS1123_LABEL_FMT,
                &["my-name", "123-abc"],
            ));
        }
    }
    errs
}

/// `content.IsDNS1123Subdomain` (`IsDNS1123SubdomainCaseless` when
/// `caseless`).
fn dns1123_subdomain(value: &str, caseless: bool) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1123_SUBDOMAIN_MAX {
        errs.push(max_len_error(DNS1123_SUBDOMAIN_MAX));
    }
    if !is_subdomain_shape(value, caseless) {
        let (msg, example) = if caseless {
            (DNS1123_SUBDOMAIN_CASELESS_ERR, "Example.com")
        } else {
            (DNS1123_SUBDOMAIN_ERR, "example.com")
        };
        errs.push(regex_error(msg, DNS1123_SUBDOMAIN_FMT, &[example]));
    }
    errs
}

/// `content.IsLabelKey`: an optional DNS subdomain prefix and `/`, then a
/// name of at most 63 bytes.
pub(crate) fn label_key(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    let parts: Vec<&str> = value.split('/').collect();
    let name = match parts.as_slice() {
        [name] => *name,
        [prefix, name] => {
            if prefix.is_empty() {
                errs.push(format!("prefix part {EMPTY_ERROR}"));
            } else {
                errs.extend(
                    dns1123_subdomain(prefix, false)
                        .into_iter()
                        .map(|m| format!("prefix part {m}")),
                );
            }
            *name
        }
        _ => {
            errs.push(format!(
                "a valid label key {} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
                regex_error(LABEL_KEY_ERR, LABEL_KEY_FMT, &["MyName", "my.name", "123-abc"])
            ));
            return errs;
        }
    };
    if name.is_empty() {
        errs.push(format!("name part {EMPTY_ERROR}"));
    } else if name.len() > LABEL_KEY_MAX {
        errs.push(format!("name part {}", max_len_error(LABEL_KEY_MAX)));
    }
    if !is_label_key_name_shape(name) {
        errs.push(format!(
            "name part {}",
            regex_error(
                LABEL_KEY_ERR,
                LABEL_KEY_FMT,
                &["MyName", "my.name", "123-abc"]
            )
        ));
    }
    errs
}

/// `content.IsPrefixedLabelKey`: a label key with its prefix.
fn prefixed_label_key(value: &str) -> Vec<String> {
    let errs = label_key(value);
    if !errs.is_empty() {
        return errs;
    }
    if value.split('/').count() != 2 {
        return vec!["must include a prefix (e.g. 'example.com/key')".into()];
    }
    Vec::new()
}

/// `content.IsLabelValue`: empty, or a label key name of at most 63 bytes.
pub(crate) fn label_value(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > LABEL_VALUE_MAX {
        errs.push(max_len_error(LABEL_VALUE_MAX));
    }
    if !value.is_empty() && !is_label_key_name_shape(value) {
        errs.push(regex_error(
            LABEL_VALUE_ERR,
            LABEL_VALUE_FMT,
            &["MyValue", "my_value", "12345"],
        ));
    }
    errs
}

/// `content.IsPathSegmentName`.
fn path_segment_name(value: &str) -> Vec<String> {
    super::names::path_segment_name(value, false)
}

/// `validate.UUID`: 36 bytes, `-` at 8, 13, 18 and 23, lowercase hex
/// elsewhere.
fn uuid(value: &str) -> Vec<String> {
    let well_formed = value.len() == 36
        && value.bytes().enumerate().all(|(i, b)| match i {
            8 | 13 | 18 | 23 => b == b'-',
            _ => b.is_ascii_digit() || (b'a'..=b'f').contains(&b),
        });
    if well_formed {
        Vec::new()
    } else {
        vec![UUID_ERR.into()]
    }
}

/// `validate.IPSloppy`: what `netutils.ParseIPSloppy` accepts — IPv4
/// whose octets may have leading zeros, or IPv6 (whose embedded IPv4 may
/// too).
fn ip_sloppy(value: &str) -> Vec<String> {
    if parse_ipv4_sloppy(value).is_some() || parse_ipv6_sloppy(value).is_some() {
        Vec::new()
    } else {
        vec![IP_ERR.into()]
    }
}

fn parse_ipv4_sloppy(s: &str) -> Option<Ipv4Addr> {
    let mut octets = [0u8; 4];
    let mut parts = s.split('.');
    for octet in &mut octets {
        let part = parts.next()?;
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let digits = part.trim_start_matches('0');
        *octet = if digits.is_empty() {
            0
        } else if digits.len() > 3 {
            return None;
        } else {
            digits.parse().ok()?
        };
    }
    parts.next().is_none().then(|| Ipv4Addr::from(octets))
}

fn parse_ipv6_sloppy(s: &str) -> Option<Ipv6Addr> {
    if !s.contains(':') {
        return None;
    }
    match s.rsplit_once(':') {
        Some((head, tail)) if tail.contains('.') => {
            let v4 = parse_ipv4_sloppy(tail)?;
            format!("{head}:{v4}").parse().ok()
        }
        _ => s.parse().ok(),
    }
}

/// `validate.ResourcePoolName`: at most 253 bytes; each `/`-separated
/// segment non-empty and a long name, its errors prefixed `segment <i>: `.
fn resource_pool_name(path: &Path, value: &str) -> ErrorList {
    let mut errs = Vec::new();
    if value.len() > DNS1123_SUBDOMAIN_MAX {
        errs.push(Error::too_long(path, BadValue::Omit, DNS1123_SUBDOMAIN_MAX));
    }
    for (i, part) in value.split('/').enumerate() {
        if part.is_empty() {
            errs.push(Error::invalid(
                path,
                value.into(),
                &format!("segment {i}: must not be empty"),
            ));
            continue;
        }
        for msg in dns1123_subdomain(part, false) {
            errs.push(Error::invalid(
                path,
                part.into(),
                &format!("segment {i}: {msg}"),
            ));
        }
    }
    errs
}

/// `validate.ExtendedResourceName`: domain-prefixed, not in
/// `kubernetes.io/`, not starting `requests.`, and a valid label key once
/// `requests.` is prepended.
fn extended_resource_name(path: &Path, value: &str) -> ErrorList {
    let mut errs = Vec::new();
    if !value.contains('/') {
        errs.push(Error::invalid(
            path,
            value.into(),
            "a name must be a domain-prefixed path, such as 'example.com/my-prop'",
        ));
    } else if value.contains("kubernetes.io/") {
        errs.push(Error::invalid(
            path,
            value.into(),
            &format!("must not have {} domain", quote("kubernetes.io/")),
        ));
    }
    if value.starts_with("requests.") {
        errs.push(Error::invalid(
            path,
            value.into(),
            &format!("must not have {} prefix", quote("requests.")),
        ));
    }
    for msg in label_key(&format!("requests.{value}")) {
        errs.push(Error::invalid(path, value.into(), &msg));
    }
    errs
}

/// `validate.ResourceFullyQualifiedName`: `<prefix>/<name>`, the prefix a
/// long name of at most 63 bytes, the name a C identifier of at most 32.
fn resource_fully_qualified_name(path: &Path, value: &str) -> ErrorList {
    let mut errs = Vec::new();
    let parts: Vec<&str> = value.split('/').collect();
    match parts.as_slice() {
        [name] => errs.extend(c_identifier(path, name, RESOURCE_DEVICE_MAX)),
        [prefix, name] => {
            if prefix.is_empty() {
                errs.push(Error::invalid(path, "".into(), "prefix must not be empty"));
            } else {
                if prefix.len() > DNS1123_LABEL_MAX {
                    errs.push(Error::too_long(path, BadValue::Omit, DNS1123_LABEL_MAX));
                }
                for msg in dns1123_subdomain(prefix, false) {
                    errs.push(Error::invalid(
                        path,
                        (*prefix).into(),
                        &format!("prefix: {msg}"),
                    ));
                }
            }
            if name.is_empty() {
                errs.push(Error::invalid(path, "".into(), "name must not be empty"));
            } else {
                errs.extend(c_identifier(path, name, RESOURCE_DEVICE_MAX));
            }
        }
        _ => errs.push(Error::invalid(
            path,
            value.into(),
            "must not contain more than one slash",
        )),
    }
    if !value.contains('/') {
        errs.push(Error::invalid(
            path,
            value.into(),
            "a fully qualified name must be a domain and a name separated by a slash",
        ));
    }
    errs
}

/// `validateCIdentifier`: at most `max` bytes and a C identifier.
fn c_identifier(path: &Path, id: &str, max: usize) -> ErrorList {
    let mut errs = Vec::new();
    if id.len() > max {
        errs.push(Error::too_long(path, BadValue::Omit, max));
    }
    let bytes = id.as_bytes();
    let well_formed = bytes
        .first()
        .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'_')
        && bytes
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'_');
    if !well_formed {
        errs.push(Error::invalid(
            path,
            id.into(),
            &regex_error(
                C_IDENTIFIER_ERR,
                C_IDENTIFIER_FMT,
                &["my_name", "MY_NAME", "MyName"],
            ),
        ));
    }
    errs
}

#[cfg(test)]
mod tests {
    //! Expected strings: upstream `validate/strfmt_test.go`, `net.go` and
    //! `content/*.go`, rendered by `field.Error.Error()`. The full regex
    //! messages equal those of `pkg/util/validation` (also in
    //! `server/validation.rs`).

    use super::*;

    const LABEL_MSG: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
    const SUBDOMAIN_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    const NAME_PART_MSG: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    const LABEL_VALUE_MSG: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
    const C_ID_MSG: &str = "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*')";

    fn check(format_name: &str, value: &str) -> Vec<String> {
        format(&Path::new("test"), value, format_name)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn invalid(value: &str, detail: &str) -> String {
        format!("test: Invalid value: {}: {detail}", quote(value))
    }

    #[test]
    fn short_name() {
        assert!(check("k8s-short-name", "abc-123").is_empty());
        assert_eq!(check("k8s-short-name", ""), [invalid("", LABEL_MSG)]);
        assert_eq!(
            check("k8s-short-name", "ABC-123"),
            [invalid("ABC-123", LABEL_MSG)]
        );
        assert_eq!(
            check("k8s-short-name", "a.b"),
            [invalid("a.b", "must not contain dots")]
        );
        let long = "a".repeat(64);
        assert_eq!(
            check("k8s-short-name", &long),
            [invalid(&long, "must be no more than 63 bytes")]
        );
    }

    #[test]
    fn long_name() {
        assert!(check("k8s-long-name", "a.b.c").is_empty());
        assert_eq!(
            check("k8s-long-name", "a_b.c"),
            [invalid("a_b.c", SUBDOMAIN_MSG)]
        );
        assert_eq!(
            check("k8s-long-name", "a..b"),
            [invalid("a..b", SUBDOMAIN_MSG)]
        );
        let long = "a".repeat(254);
        assert_eq!(
            check("k8s-long-name", &long),
            [invalid(&long, "must be no more than 253 bytes")]
        );
        assert!(check("k8s-long-name-caseless", "A.b.C").is_empty());
        assert_eq!(
            check("k8s-long-name-caseless", "-A.b.C"),
            [invalid(
                "-A.b.C",
                "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'Example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
            )]
        );
    }

    #[test]
    fn label_keys_and_values() {
        assert!(check("k8s-label-key", "app").is_empty());
        assert!(check("k8s-label-key", "example.com/app_name").is_empty());
        assert_eq!(
            check("k8s-label-key", "-app"),
            [invalid("-app", NAME_PART_MSG)]
        );
        assert_eq!(
            check("k8s-label-key", ""),
            [
                invalid("", "name part must be non-empty"),
                invalid("", NAME_PART_MSG)
            ]
        );
        assert_eq!(
            check("k8s-label-key", "/app"),
            [invalid("/app", "prefix part must be non-empty")]
        );
        assert_eq!(
            check("k8s-label-key", "Example.com/app"),
            [invalid(
                "Example.com/app",
                &format!("prefix part {SUBDOMAIN_MSG}")
            )]
        );
        assert_eq!(
            check("k8s-label-key", "a/b/c"),
            [invalid(
                "a/b/c",
                "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
            )]
        );
        let long = "a".repeat(64);
        assert_eq!(
            check("k8s-label-key", &long),
            [invalid(&long, "name part must be no more than 63 bytes")]
        );
        assert!(check("k8s-prefixed-label-key", "example.com/app").is_empty());
        assert_eq!(
            check("k8s-prefixed-label-key", "app"),
            [invalid(
                "app",
                "must include a prefix (e.g. 'example.com/key')"
            )]
        );
        assert!(check("k8s-label-value", "").is_empty());
        assert!(check("k8s-label-value", "Valid-Value").is_empty());
        assert_eq!(
            check("k8s-label-value", "_bad"),
            [invalid("_bad", LABEL_VALUE_MSG)]
        );
        let long = "a".repeat(64);
        assert_eq!(
            check("k8s-label-value", &long),
            [invalid(&long, "must be no more than 63 bytes")]
        );
    }

    #[test]
    fn path_segments_and_uuids() {
        assert!(check("k8s-path-segment-name", "Iñtërnâtiônàlizætiøn").is_empty());
        assert!(check("k8s-path-segment-name", "").is_empty());
        assert_eq!(
            check("k8s-path-segment-name", ".."),
            [invalid("..", "may not be '..'")]
        );
        assert_eq!(
            check("k8s-path-segment-name", "foo/bar%baz"),
            [
                invalid("foo/bar%baz", "may not contain '/'"),
                invalid("foo/bar%baz", "may not contain '%'")
            ]
        );
        assert!(check("k8s-uuid", "123e4567-e89b-12d3-a456-426614174000").is_empty());
        assert_eq!(
            check("k8s-uuid", "123E4567-E89B-12D3-A456-426614174000"),
            [invalid(
                "123E4567-E89B-12D3-A456-426614174000",
                "must be a lowercase UUID in 8-4-4-4-12 format"
            )]
        );
        assert_eq!(
            check("k8s-uuid", ""),
            [invalid("", "must be a lowercase UUID in 8-4-4-4-12 format")]
        );
    }

    #[test]
    fn ip_addresses() {
        for ok in [
            "10.9.8.7",
            "010.009.008.007",
            "2001:db8::ffff",
            "::ffff:1.2.3.4",
            "::",
        ] {
            assert!(check("k8s-ip", ok).is_empty(), "{ok}");
        }
        for bad in [
            "",
            "1.2.3",
            "1.2.3.256",
            "1.2.3.4.5",
            "a.b.c.d",
            "2001:db8::g",
            "1.2.3.4 ",
        ] {
            assert_eq!(
                check("k8s-ip", bad),
                [invalid(
                    bad,
                    "must be a valid IP address (e.g. 10.9.8.7 or 2001:db8::ffff)"
                )],
                "{bad}"
            );
        }
    }

    #[test]
    fn resource_pool_names() {
        assert!(check("k8s-resource-pool-name", "a.valid.long-name/another.one").is_empty());
        assert_eq!(
            check("k8s-resource-pool-name", "/"),
            [
                invalid("/", "segment 0: must not be empty"),
                invalid("/", "segment 1: must not be empty")
            ]
        );
        assert_eq!(
            check("k8s-resource-pool-name", "a.valid.name/Not.Valid"),
            [invalid("Not.Valid", &format!("segment 1: {SUBDOMAIN_MSG}"))]
        );
        let long = "b".repeat(254);
        assert_eq!(
            check("k8s-resource-pool-name", &long),
            [
                "test: Too long: may not be more than 253 bytes".to_string(),
                invalid(&long, "segment 0: must be no more than 253 bytes")
            ]
        );
    }

    #[test]
    fn extended_resource_names() {
        assert!(check("k8s-extended-resource-name", "example-kub.io/foo").is_empty());
        assert_eq!(
            check("k8s-extended-resource-name", "foo"),
            [invalid(
                "foo",
                "a name must be a domain-prefixed path, such as 'example.com/my-prop'"
            )]
        );
        assert_eq!(
            check("k8s-extended-resource-name", "kubernetes.io/foo"),
            [invalid(
                "kubernetes.io/foo",
                "must not have \"kubernetes.io/\" domain"
            )]
        );
        assert_eq!(
            check("k8s-extended-resource-name", "requests.example.com/foo"),
            [invalid(
                "requests.example.com/foo",
                "must not have \"requests.\" prefix"
            )]
        );
        let name = format!("example.com/{}", "a".repeat(64));
        assert_eq!(
            check("k8s-extended-resource-name", &name),
            [invalid(&name, "name part must be no more than 63 bytes")]
        );
    }

    #[test]
    fn fully_qualified_names() {
        assert!(check("k8s-resource-fully-qualified-name", "prefix.com/Name").is_empty());
        assert_eq!(
            check(
                "k8s-resource-fully-qualified-name",
                "prefix.com/name-with-dashes"
            ),
            [invalid("name-with-dashes", C_ID_MSG)]
        );
        assert_eq!(
            check("k8s-resource-fully-qualified-name", "name"),
            [invalid(
                "name",
                "a fully qualified name must be a domain and a name separated by a slash"
            )]
        );
        assert_eq!(
            check("k8s-resource-fully-qualified-name", "prefix.com/a/b"),
            [invalid(
                "prefix.com/a/b",
                "must not contain more than one slash"
            )]
        );
        assert_eq!(
            check("k8s-resource-fully-qualified-name", "Prefix.com/name"),
            [invalid("Prefix.com", &format!("prefix: {SUBDOMAIN_MSG}"))]
        );
        assert_eq!(
            check(
                "k8s-resource-fully-qualified-name",
                &format!("prefix.com/{}", "a".repeat(33))
            ),
            ["test: Too long: may not be more than 32 bytes"]
        );
    }

    #[test]
    fn unknown_format_is_internal() {
        assert_eq!(
            check("k8s-bogus", "x"),
            ["test: Internal error: unsupported validation format \"k8s-bogus\""]
        );
        for f in FORMATS {
            assert!(
                format(&Path::new("test"), "x", f)
                    .iter()
                    .all(|e| e.error_type != crate::field::ErrorType::Internal)
            );
        }
    }
}
