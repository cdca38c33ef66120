//! Label and field selectors, as `k8s.io/apimachinery/pkg/labels` and
//! `pkg/fields` parse and match them.
//!
//! Label selectors: `k=v`, `k==v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`,
//! `k` (exists), `!k` (does not exist), joined by commas. Field selectors:
//! `f=v`, `f==v`, `f!=v`, joined by commas.

/// One label requirement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Requirement {
    /// `k=v` / `k==v`, or `k in (v...)`.
    In(String, Vec<String>),
    /// `k!=v`, or `k notin (v...)`: true when the label is absent too.
    NotIn(String, Vec<String>),
    /// `k`.
    Exists(String),
    /// `!k`.
    DoesNotExist(String),
}

/// A parsed label selector; empty matches everything.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LabelSelector(pub Vec<Requirement>);

impl LabelSelector {
    /// Parses a selector string. Errors carry upstream's wording
    /// (`unable to parse requirement: ...`).
    pub fn parse(text: &str) -> Result<LabelSelector, String> {
        let mut reqs = Vec::new();
        for part in split_top_level(text) {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            reqs.push(parse_requirement(part)?);
        }
        Ok(LabelSelector(reqs))
    }

    /// Whether `labels` satisfy every requirement.
    pub fn matches(&self, labels: &[(String, String)]) -> bool {
        let get = |k: &str| {
            labels
                .iter()
                .find(|(lk, _)| lk == k)
                .map(|(_, v)| v.as_str())
        };
        self.0.iter().all(|r| match r {
            Requirement::In(k, vs) => get(k).is_some_and(|v| vs.iter().any(|x| x == v)),
            Requirement::NotIn(k, vs) => get(k).is_none_or(|v| !vs.iter().any(|x| x == v)),
            Requirement::Exists(k) => get(k).is_some(),
            Requirement::DoesNotExist(k) => get(k).is_none(),
        })
    }

    /// Whether the selector has no requirement.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

fn parse_requirement(part: &str) -> Result<Requirement, String> {
    let bad = |why: &str| format!("unable to parse requirement: {why}");
    if let Some(key) = part.strip_prefix('!') {
        let key = key.trim();
        check_key(key).map_err(|e| bad(&e))?;
        return Ok(Requirement::DoesNotExist(key.to_string()));
    }
    for (op, negate) in [("!=", true), ("==", false), ("=", false)] {
        if let Some((k, v)) = part.split_once(op) {
            let (k, v) = (k.trim(), v.trim());
            check_key(k).map_err(|e| bad(&e))?;
            check_value(v).map_err(|e| bad(&e))?;
            return Ok(if negate {
                Requirement::NotIn(k.into(), vec![v.into()])
            } else {
                Requirement::In(k.into(), vec![v.into()])
            });
        }
    }
    let words: Vec<&str> = part.splitn(2, char::is_whitespace).collect();
    if words.len() == 2 {
        let key = words[0];
        let rest = words[1].trim_start();
        let (negate, set) = if let Some(s) = rest.strip_prefix("notin") {
            (true, s)
        } else if let Some(s) = rest.strip_prefix("in") {
            (false, s)
        } else {
            return Err(bad(&format!(
                "found '{rest}', expected: in, notin, =, ==, !="
            )));
        };
        let set = set.trim();
        let inner = set
            .strip_prefix('(')
            .and_then(|s| s.strip_suffix(')'))
            .ok_or_else(|| bad(&format!("found '{set}', expected: '('")))?;
        check_key(key).map_err(|e| bad(&e))?;
        let values: Vec<String> = inner
            .split(',')
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
            .collect();
        for v in &values {
            check_value(v).map_err(|e| bad(&e))?;
        }
        if values.is_empty() {
            return Err(bad(
                "for 'in', 'notin' operators, values set can't be empty",
            ));
        }
        return Ok(if negate {
            Requirement::NotIn(key.into(), values)
        } else {
            Requirement::In(key.into(), values)
        });
    }
    check_key(part).map_err(|e| bad(&e))?;
    Ok(Requirement::Exists(part.to_string()))
}

/// A label key: an optional DNS-subdomain prefix and `/`, then a name of at
/// most 63 characters of alphanumerics, `-`, `_`, `.`, starting and ending
/// alphanumeric.
pub fn check_key(key: &str) -> Result<(), String> {
    let (prefix, name) = match key.rsplit_once('/') {
        Some((p, n)) => (Some(p), n),
        None => (None, key),
    };
    if let Some(p) = prefix
        && (p.is_empty() || p.len() > 253 || !p.split('.').all(is_dns_label))
    {
        return Err(format!(
            "invalid label key \"{key}\": prefix part must be a DNS subdomain"
        ));
    }
    if !is_qualified_name(name) {
        return Err(format!(
            "invalid label key \"{key}\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
        ));
    }
    Ok(())
}

fn check_value(value: &str) -> Result<(), String> {
    if value.is_empty() || is_qualified_name(value) {
        Ok(())
    } else {
        Err(format!(
            "invalid label value: \"{value}\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
        ))
    }
}

fn is_qualified_name(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 63
        && s.starts_with(|c: char| c.is_ascii_alphanumeric())
        && s.ends_with(|c: char| c.is_ascii_alphanumeric())
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

fn is_dns_label(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 63
        && s.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        && s.ends_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// A parsed field selector: `(field, value, equal)` terms, all of which must hold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldSelector(pub Vec<(String, String, bool)>);

impl FieldSelector {
    /// Parses a field selector, accepting only the `allowed` field names.
    /// Errors: malformed terms, and unknown fields with upstream's wording.
    pub fn parse(text: &str, allowed: &[&str]) -> Result<FieldSelector, String> {
        let mut terms = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (field, value, equal) = if let Some((f, v)) = part.split_once("!=") {
                (f, v, false)
            } else if let Some((f, v)) = part.split_once("==") {
                (f, v, true)
            } else if let Some((f, v)) = part.split_once('=') {
                (f, v, true)
            } else {
                return Err(format!(
                    "invalid selector: '{text}'; can't understand '{part}'"
                ));
            };
            let field = field.trim();
            if !allowed.contains(&field) {
                let list: Vec<String> = allowed.iter().map(|a| format!("\"{a}\"")).collect();
                return Err(format!(
                    "\"{field}\" is not a known field selector: only {}",
                    list.join(", ")
                ));
            }
            terms.push((field.to_string(), value.trim().to_string(), equal));
        }
        Ok(FieldSelector(terms))
    }

    /// Whether every term holds, reading field values through `get`.
    pub fn matches(&self, get: impl Fn(&str) -> Option<String>) -> bool {
        self.0
            .iter()
            .all(|(f, v, equal)| (get(f).unwrap_or_default() == *v) == *equal)
    }

    /// The value required for `field` by an equality term, if any.
    pub fn required(&self, field: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(f, _, eq)| f == field && *eq)
            .map(|(_, v, _)| v.as_str())
    }

    /// Whether the selector has no term.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// `metav1.FormatLabelSelector`: a `metav1.LabelSelector` (as JSON) in
/// the selector string syntax, as a Scale's `status.selector` carries it:
/// `matchLabels` as `k=v`, `matchExpressions` as `k in (a,b)`,
/// `k notin (a,b)`, `k` and `!k` (values sorted), all sorted by key and
/// joined by commas. An empty selector is `<none>`; one upstream cannot
/// convert (an unknown operator, `In` without values) is `<error>`.
pub fn format_label_selector(selector: &serde_json::Value) -> String {
    let mut parts: Vec<(String, String)> = Vec::new();
    if let Some(labels) = selector.get("matchLabels").and_then(|m| m.as_object()) {
        for (k, v) in labels {
            parts.push((k.clone(), format!("{k}={}", v.as_str().unwrap_or_default())));
        }
    }
    for r in selector
        .get("matchExpressions")
        .and_then(|e| e.as_array())
        .into_iter()
        .flatten()
    {
        let key = r.get("key").and_then(|k| k.as_str()).unwrap_or_default();
        let mut values: Vec<&str> = r
            .get("values")
            .and_then(|v| v.as_array())
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str())
            .collect();
        values.sort_unstable();
        let text = match r.get("operator").and_then(|o| o.as_str()) {
            Some("In") if !values.is_empty() => format!("{key} in ({})", values.join(",")),
            Some("NotIn") if !values.is_empty() => format!("{key} notin ({})", values.join(",")),
            Some("Exists") if values.is_empty() => key.to_string(),
            Some("DoesNotExist") if values.is_empty() => format!("!{key}"),
            _ => return "<error>".into(),
        };
        parts.push((key.to_string(), text));
    }
    if parts.is_empty() {
        return "<none>".into();
    }
    parts.sort_by(|a, b| a.0.cmp(&b.0));
    parts
        .into_iter()
        .map(|(_, t)| t)
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn label_selector_operators() {
        let l = labels(&[("app", "web"), ("tier", "front")]);
        for (sel, want) in [
            ("app=web", true),
            ("app==web", true),
            ("app!=web", false),
            ("app!=db", true),
            ("missing!=x", true),
            ("tier in (front, back)", true),
            ("tier notin (front)", false),
            ("app", true),
            ("!app", false),
            ("!missing", true),
            ("app=web,tier in (back)", false),
            ("example.com/role in (a),app=web", false),
            ("", true),
        ] {
            assert_eq!(
                LabelSelector::parse(sel).unwrap().matches(&l),
                want,
                "{sel}"
            );
        }
    }

    #[test]
    fn bad_label_selectors() {
        assert!(
            LabelSelector::parse("app in ()")
                .unwrap_err()
                .contains("values set can't be empty")
        );
        assert!(
            LabelSelector::parse("-app=x")
                .unwrap_err()
                .starts_with("unable to parse requirement: invalid label key")
        );
        assert!(LabelSelector::parse("app=x y").is_err());
    }

    #[test]
    fn field_selectors() {
        let allowed = ["metadata.name", "metadata.namespace"];
        let s = FieldSelector::parse(
            "metadata.name=foo,metadata.namespace!=kube-system",
            &allowed,
        )
        .unwrap();
        assert!(s.matches(|f| Some(if f == "metadata.name" {
            "foo".into()
        } else {
            "default".into()
        })));
        assert_eq!(s.required("metadata.name"), Some("foo"));
        assert_eq!(
            FieldSelector::parse("spec.foo=1", &allowed).unwrap_err(),
            "\"spec.foo\" is not a known field selector: only \"metadata.name\", \"metadata.namespace\""
        );
    }

    #[test]
    fn label_selectors_format_as_upstream() {
        use serde_json::json;
        assert_eq!(
            format_label_selector(&json!({"matchLabels": {"tier": "web", "app": "shop"},
                "matchExpressions": [{"key": "env", "operator": "In", "values": ["prod", "dev"]},
                                     {"key": "legacy", "operator": "DoesNotExist"}]})),
            "app=shop,env in (dev,prod),!legacy,tier=web"
        );
        assert_eq!(format_label_selector(&json!({})), "<none>");
        assert_eq!(
            format_label_selector(&json!({"matchExpressions": [{"key": "a", "operator": "In"}]})),
            "<error>"
        );
    }
}
