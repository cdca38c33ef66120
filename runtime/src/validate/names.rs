//! The name checks of `k8s.io/apimachinery/pkg/util/validation` that
//! hand-written validation uses (`ValidateObjectMeta`'s name functions,
//! container names, ConfigMap and Secret keys), each returning upstream's
//! messages. These are the legacy messages ("must be no more than 253
//! characters"); declarative validation's formats ([`super::format`]) use
//! the newer `content` messages ("... bytes"), as upstream does.

const DNS1123_LABEL_ERROR: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const DNS1123_SUBDOMAIN_ERROR: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS1035_LABEL_ERROR: &str = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const WILDCARD_DNS1123_SUBDOMAIN_ERROR: &str = "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is '\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const QUALIFIED_NAME_ERROR: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE_ERROR: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const CONFIG_KEY_ERROR: &str = "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";

/// Matches `[a-z0-9]([-a-z0-9]*[a-z0-9])?`.
fn label_shape(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !s.starts_with('-')
        && !s.ends_with('-')
}

/// Matches DNS-1123 labels joined by dots (`label_shape` of each part),
/// in one pass over the bytes: every label non-empty, of `[a-z0-9-]`,
/// neither starting nor ending with `-`.
fn subdomain_shape(s: &str) -> bool {
    // The byte before the current one; a dot before the first.
    let mut prev = b'.';
    for &b in s.as_bytes() {
        let fits = match b {
            b'.' => prev != b'.' && prev != b'-',
            b'-' => prev != b'.',
            _ => b.is_ascii_lowercase() || b.is_ascii_digit(),
        };
        if !fits {
            return false;
        }
        prev = b;
    }
    prev != b'.' && prev != b'-'
}

/// The length message, then the pattern message, as upstream appends them.
/// A valid value, the common case, returns at once from the inlined test.
#[inline]
fn checked(value: &str, max: usize, shape: bool, message: &str) -> Vec<String> {
    if shape && value.len() <= max {
        return Vec::new();
    }
    messages(value, max, shape, message)
}

/// What [`checked`] reports about an invalid value.
fn messages(value: &str, max: usize, shape: bool, message: &str) -> Vec<String> {
    let mut msgs = Vec::new();
    if value.len() > max {
        msgs.push(format!("must be no more than {max} characters"));
    }
    if !shape {
        msgs.push(message.to_string());
    }
    msgs
}

/// `IsDNS1123Label`: at most 63 characters of `[a-z0-9-]`, alphanumeric at
/// both ends. A valid subdomain that is not a label gets upstream's
/// `must not contain dots` instead of the pattern message.
pub fn dns1123_label(value: &str) -> Vec<String> {
    let shape = label_shape(value);
    if !shape && subdomain_shape(value) {
        let mut msgs = checked(value, 63, true, DNS1123_LABEL_ERROR);
        msgs.push("must not contain dots".into());
        return msgs;
    }
    checked(value, 63, shape, DNS1123_LABEL_ERROR)
}

/// `IsDNS1123Subdomain`: at most 253 characters of DNS-1123 labels joined
/// by dots.
pub fn dns1123_subdomain(value: &str) -> Vec<String> {
    let shape = subdomain_shape(value);
    checked(value, 253, shape, DNS1123_SUBDOMAIN_ERROR)
}

/// `IsWildcardDNS1123Subdomain`: `*.` then a DNS-1123 subdomain (RFC 1034
/// section 4.3.3: `*.foo.com`, not `*`, `*.*.foo.com` or `f*.foo.com`), at
/// most 253 characters in all.
pub fn wildcard_dns1123_subdomain(value: &str) -> Vec<String> {
    let shape = value.strip_prefix("*.").is_some_and(subdomain_shape);
    checked(value, 253, shape, WILDCARD_DNS1123_SUBDOMAIN_ERROR)
}

/// `IsDNS1035Label`: a DNS-1123 label that starts with a letter.
pub fn dns1035_label(value: &str) -> Vec<String> {
    let shape = label_shape(value) && value.starts_with(|c: char| c.is_ascii_lowercase());
    checked(value, 63, shape, DNS1035_LABEL_ERROR)
}

/// `ValidatePathSegmentName`: not `.` or `..`, without `/` or `%`; a
/// `prefix` (a generateName) is only checked for `/` and `%`.
pub fn path_segment_name(value: &str, prefix: bool) -> Vec<String> {
    if !prefix && (value == "." || value == "..") {
        return vec![format!("may not be '{value}'")];
    }
    ["/", "%"]
        .iter()
        .filter(|illegal| value.contains(*illegal))
        .map(|illegal| format!("may not contain '{illegal}'"))
        .collect()
}

/// Matches `([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]`.
fn qualified_name_shape(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        && s.starts_with(|c: char| c.is_ascii_alphanumeric())
        && s.ends_with(|c: char| c.is_ascii_alphanumeric())
}

/// `IsQualifiedName` (label keys, annotation keys): a name of at most 63
/// characters, after an optional DNS-1123 subdomain prefix and `/`; each
/// message says which part it is about.
pub fn qualified_name(value: &str) -> Vec<String> {
    let mut msgs = Vec::new();
    let name = match value.split_once('/') {
        None => value,
        Some((prefix, name)) if !name.contains('/') => {
            if prefix.is_empty() {
                msgs.push("prefix part must be non-empty".to_string());
            } else {
                msgs.extend(
                    dns1123_subdomain(prefix)
                        .into_iter()
                        .map(|m| format!("prefix part {m}")),
                );
            }
            name
        }
        Some(_) => {
            return vec![format!(
                "a qualified name {QUALIFIED_NAME_ERROR} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
            )];
        }
    };
    if name.is_empty() {
        msgs.push("name part must be non-empty".into());
    } else if name.len() > 63 {
        msgs.push("name part must be no more than 63 characters".into());
    }
    if !qualified_name_shape(name) {
        msgs.push(format!("name part {QUALIFIED_NAME_ERROR}"));
    }
    msgs
}

/// `IsValidLabelValue`: empty, or at most 63 characters shaped as a
/// qualified name's name part.
pub fn label_value(value: &str) -> Vec<String> {
    let shape = value.is_empty() || qualified_name_shape(value);
    checked(value, 63, shape, LABEL_VALUE_ERROR)
}

/// An annotation key's messages (`ValidateAnnotations`): those of
/// [`qualified_name`] for the key in lower case (case does not matter in
/// annotation keys); a key without upper-case letters is not copied.
pub fn annotation_key(key: &str) -> Vec<String> {
    if key.bytes().any(|b| b.is_ascii_uppercase()) || !key.is_ascii() {
        qualified_name(&key.to_lowercase())
    } else {
        qualified_name(key)
    }
}

/// `IsConfigMapKey` (ConfigMap and Secret keys): at most 253 characters of
/// `[-._a-zA-Z0-9]`, not `.` or `..`, not starting with `..`.
pub fn config_map_key(value: &str) -> Vec<String> {
    let shape = !value.is_empty()
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'));
    let mut msgs = checked(value, 253, shape, CONFIG_KEY_ERROR);
    match value {
        "." => msgs.push("must not be '.'".into()),
        ".." => msgs.push("must not be '..'".into()),
        v if v.starts_with("..") => msgs.push("must not start with '..'".into()),
        _ => {}
    }
    msgs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_one_pass_subdomain_shape_is_labels_joined_by_dots() {
        // Every string of up to six of these bytes: the one-pass check
        // agrees with splitting at dots and checking each label.
        let alphabet = [b'a', b'0', b'-', b'.', b'A'];
        let mut strings = vec![String::new()];
        for _ in 0..6 {
            let longer: Vec<String> = strings
                .iter()
                .filter(|s| s.len() == strings.last().map_or(0, String::len))
                .flat_map(|s| alphabet.iter().map(move |&b| format!("{s}{}", b as char)))
                .collect();
            strings.extend(longer);
        }
        assert!(strings.len() > 19_000);
        for s in &strings {
            assert_eq!(subdomain_shape(s), s.split('.').all(label_shape), "{s:?}");
        }
    }

    #[test]
    fn names_give_upstreams_messages() {
        assert!(dns1123_label("my-name").is_empty());
        // A subdomain that is not a label: upstream names the dots.
        assert_eq!(dns1123_label("a.b"), ["must not contain dots"]);
        assert_eq!(dns1123_label("a..b"), [DNS1123_LABEL_ERROR]);
        assert_eq!(dns1123_label("A_b"), [DNS1123_LABEL_ERROR]);
        assert!(dns1123_subdomain("a.b-c").is_empty());
        assert_eq!(
            dns1123_subdomain(&"a".repeat(254)),
            ["must be no more than 253 characters"]
        );
        assert!(dns1035_label("web-1").is_empty());
        assert_eq!(dns1035_label("1web"), [DNS1035_LABEL_ERROR]);
        assert_eq!(path_segment_name("..", false), ["may not be '..'"]);
        assert!(path_segment_name("..", true).is_empty());
        assert_eq!(
            path_segment_name("a/b%", true),
            ["may not contain '/'", "may not contain '%'"]
        );
        assert!(qualified_name("example.com/MyName").is_empty());
        assert_eq!(
            qualified_name("/x"),
            ["prefix part must be non-empty".to_string()]
        );
        assert_eq!(
            qualified_name("a/b/c"),
            [format!(
                "a qualified name {QUALIFIED_NAME_ERROR} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
            )]
        );
        assert_eq!(
            qualified_name("Example.com/-x"),
            [
                format!("prefix part {DNS1123_SUBDOMAIN_ERROR}"),
                format!("name part {QUALIFIED_NAME_ERROR}")
            ]
        );
        assert!(label_value("").is_empty());
        assert_eq!(label_value("-x"), [LABEL_VALUE_ERROR]);
        assert!(config_map_key("key.name").is_empty());
        assert_eq!(config_map_key("..x"), ["must not start with '..'"]);
        assert_eq!(config_map_key("a b"), [CONFIG_KEY_ERROR]);
    }
}
