//! Label and field selectors, as `k8s.io/apimachinery/pkg/labels` and
//! `pkg/fields` parse and match them.
//!
//! Label selectors: `k=v`, `k==v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`,
//! `k` (exists), `!k` (does not exist), `k>n`, `k<n`, joined by commas,
//! read by a port of upstream's lexer and parser (`labels/selector.go`)
//! so that a malformed selector fails with upstream's message. Field
//! selectors: `f=v`, `f==v`, `f!=v`, joined by commas.

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
    /// `k>n`: the label is an integer greater than `n`.
    GreaterThan(String, i64),
    /// `k<n`: the label is an integer less than `n`.
    LessThan(String, i64),
}

/// A parsed label selector; empty matches everything.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LabelSelector(pub Vec<Requirement>);

impl LabelSelector {
    /// Parses a selector string. Errors carry upstream's wording
    /// (`unable to parse requirement: ...`, `found ',', expected: ...`).
    pub fn parse(text: &str) -> Result<LabelSelector, String> {
        Parser {
            tokens: lex(text),
            position: 0,
        }
        .parse()
    }

    /// Whether `labels` satisfy every requirement.
    pub fn matches(&self, labels: &[(String, String)]) -> bool {
        self.matches_by(|k| {
            labels
                .iter()
                .find(|(lk, _)| lk == k)
                .map(|(_, v)| v.as_str())
        })
    }

    /// [`LabelSelector::matches`] on an object's typed labels
    /// (`metadata.labels`), read where they are.
    pub fn matches_labels(&self, labels: &std::collections::BTreeMap<String, String>) -> bool {
        self.matches_by(|k| labels.get(k).map(String::as_str))
    }

    fn matches_by<'a>(&self, get: impl Fn(&str) -> Option<&'a str>) -> bool {
        self.0.iter().all(|r| match r {
            Requirement::In(k, vs) => get(k).is_some_and(|v| vs.iter().any(|x| x == v)),
            Requirement::NotIn(k, vs) => get(k).is_none_or(|v| !vs.iter().any(|x| x == v)),
            Requirement::Exists(k) => get(k).is_some(),
            Requirement::DoesNotExist(k) => get(k).is_none(),
            Requirement::GreaterThan(k, n) => get(k)
                .and_then(|v| v.parse::<i64>().ok())
                .is_some_and(|v| v > *n),
            Requirement::LessThan(k, n) => get(k)
                .and_then(|v| v.parse::<i64>().ok())
                .is_some_and(|v| v < *n),
        })
    }

    /// Whether the selector has no requirement.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    Error,
    EndOfString,
    ClosedPar,
    Comma,
    DoesNotExist,
    DoubleEquals,
    Equals,
    GreaterThan,
    Identifier,
    In,
    LessThan,
    NotEquals,
    NotIn,
    OpenPar,
}

/// Upstream's `string2token`.
fn keyword(s: &str) -> Option<Token> {
    Some(match s {
        ")" => Token::ClosedPar,
        "," => Token::Comma,
        "!" => Token::DoesNotExist,
        "==" => Token::DoubleEquals,
        "=" => Token::Equals,
        ">" => Token::GreaterThan,
        "in" => Token::In,
        "<" => Token::LessThan,
        "!=" => Token::NotEquals,
        "notin" => Token::NotIn,
        "(" => Token::OpenPar,
        _ => return None,
    })
}

fn is_special(c: char) -> bool {
    matches!(c, '=' | '!' | '(' | ')' | ',' | '>' | '<')
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

/// Upstream's `Lexer`: every token up to and including `EndOfString`.
fn lex(text: &str) -> Vec<(Token, String)> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut tokens = Vec::new();
    loop {
        while i < chars.len() && is_space(chars[i]) {
            i += 1;
        }
        if i == chars.len() {
            tokens.push((Token::EndOfString, String::new()));
            return tokens;
        }
        if is_special(chars[i]) {
            // The longest run of symbols that is still a token.
            let mut buffer = String::new();
            let mut last: Option<(Token, String)> = None;
            while i < chars.len() && is_special(chars[i]) {
                buffer.push(chars[i]);
                if let Some(t) = keyword(&buffer) {
                    last = Some((t, buffer.clone()));
                    i += 1;
                } else if last.is_some() {
                    break;
                } else {
                    i += 1;
                }
            }
            tokens.push(last.unwrap_or_else(|| {
                (
                    Token::Error,
                    format!("error expected: keyword found '{buffer}'"),
                )
            }));
        } else {
            let start = i;
            while i < chars.len() && !is_special(chars[i]) && !is_space(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            tokens.push((keyword(&word).unwrap_or(Token::Identifier), word));
        }
    }
}

/// Upstream's `Parser`; in the values context `in` and `notin` are plain
/// identifiers.
struct Parser {
    tokens: Vec<(Token, String)>,
    position: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Context {
    KeyAndOperator,
    Values,
}

const BINARY_OPERATORS: &str = "in, notin, =, ==, !=, gt, lt";

impl Parser {
    fn lookahead(&self, context: Context) -> (Token, String) {
        let (mut token, literal) = self.tokens[self.position.min(self.tokens.len() - 1)].clone();
        if context == Context::Values && matches!(token, Token::In | Token::NotIn) {
            token = Token::Identifier;
        }
        (token, literal)
    }

    fn consume(&mut self, context: Context) -> (Token, String) {
        let item = self.lookahead(context);
        self.position += 1;
        item
    }

    fn parse(mut self) -> Result<LabelSelector, String> {
        let mut requirements = Vec::new();
        loop {
            let (token, literal) = self.lookahead(Context::Values);
            match token {
                Token::Identifier | Token::DoesNotExist => {
                    let r = self
                        .requirement()
                        .map_err(|e| format!("unable to parse requirement: {e}"))?;
                    requirements.push(r);
                    let (t, l) = self.consume(Context::Values);
                    match t {
                        Token::EndOfString => return Ok(LabelSelector(requirements)),
                        Token::Comma => {
                            let (t2, l2) = self.lookahead(Context::Values);
                            if t2 != Token::Identifier && t2 != Token::DoesNotExist {
                                return Err(format!(
                                    "found '{l2}', expected: identifier after ','"
                                ));
                            }
                        }
                        _ => {
                            return Err(format!("found '{l}', expected: ',' or 'end of string'"));
                        }
                    }
                }
                Token::EndOfString => return Ok(LabelSelector(requirements)),
                _ => {
                    return Err(format!(
                        "found '{literal}', expected: !, identifier, or 'end of string'"
                    ));
                }
            }
        }
    }

    fn requirement(&mut self) -> Result<Requirement, String> {
        let mut does_not_exist = false;
        let (mut token, mut key) = self.consume(Context::Values);
        if token == Token::DoesNotExist {
            does_not_exist = true;
            (token, key) = self.consume(Context::Values);
        }
        if token != Token::Identifier {
            return Err(format!("found '{key}', expected: identifier"));
        }
        // A nil field path prints as `<nil>` upstream.
        if let Some(e) = invalid_key(&key, "<nil>") {
            return Err(e);
        }
        let (next, _) = self.lookahead(Context::Values);
        if does_not_exist {
            return Ok(Requirement::DoesNotExist(key));
        }
        if matches!(next, Token::EndOfString | Token::Comma) {
            return Ok(Requirement::Exists(key));
        }
        let (op, literal) = self.consume(Context::KeyAndOperator);
        let values = match op {
            Token::In | Token::NotIn => self.values()?,
            Token::Equals
            | Token::DoubleEquals
            | Token::NotEquals
            | Token::GreaterThan
            | Token::LessThan => self.exact_value()?,
            _ => return Err(format!("found '{literal}', expected: {BINARY_OPERATORS}")),
        };
        // NewRequirement's checks, with its `key` and `values` paths.
        let mut errors: Vec<String> = Vec::new();
        if matches!(op, Token::GreaterThan | Token::LessThan) {
            for (i, v) in values.iter().enumerate() {
                if v.parse::<i64>().is_err() {
                    errors.push(format!(
                        "values[{i}]: Invalid value: {}: for 'Gt', 'Lt' operators, the value must be an integer",
                        crate::field::quote(v)
                    ));
                }
            }
        }
        for (i, v) in values.iter().enumerate() {
            let msgs = crate::validate::format::label_value(v);
            if !msgs.is_empty() {
                errors.push(format!(
                    "values[{i}][{key}]: Invalid value: {}: {}",
                    crate::field::quote(v),
                    msgs.join("; ")
                ));
            }
        }
        match errors.len() {
            0 => {}
            1 => return Err(errors.remove(0)),
            _ => return Err(format!("[{}]", errors.join(", "))),
        }
        Ok(match op {
            Token::In | Token::Equals | Token::DoubleEquals => Requirement::In(key, values),
            Token::NotIn | Token::NotEquals => Requirement::NotIn(key, values),
            Token::GreaterThan => Requirement::GreaterThan(key, values[0].parse().unwrap_or(0)),
            _ => Requirement::LessThan(key, values[0].parse().unwrap_or(0)),
        })
    }

    /// `(a,b,...)`, as a sorted set; `()` and empty members are `""`.
    fn values(&mut self) -> Result<Vec<String>, String> {
        let (token, literal) = self.consume(Context::Values);
        if token != Token::OpenPar {
            return Err(format!("found '{literal}' expected: '('"));
        }
        let (token, literal) = self.lookahead(Context::Values);
        let set = match token {
            Token::Identifier | Token::Comma => {
                let set = self.identifiers()?;
                let (token, _) = self.consume(Context::Values);
                if token != Token::ClosedPar {
                    return Err(format!("found '{literal}', expected: ')'"));
                }
                set
            }
            Token::ClosedPar => {
                self.consume(Context::Values);
                std::iter::once(String::new()).collect()
            }
            _ => {
                return Err(format!(
                    "found '{literal}', expected: ',', ')' or identifier"
                ));
            }
        };
        Ok(set.into_iter().collect())
    }

    fn identifiers(&mut self) -> Result<std::collections::BTreeSet<String>, String> {
        let mut set = std::collections::BTreeSet::new();
        loop {
            let (token, literal) = self.consume(Context::Values);
            match token {
                Token::Identifier => {
                    set.insert(literal);
                    let (next, next_literal) = self.lookahead(Context::Values);
                    match next {
                        Token::Comma => continue,
                        Token::ClosedPar => return Ok(set),
                        _ => return Err(format!("found '{next_literal}', expected: ',' or ')'")),
                    }
                }
                // `(,a)`, `(a,)` and `(a,,b)` hold an empty value.
                Token::Comma => {
                    if set.is_empty() {
                        set.insert(String::new());
                    }
                    match self.lookahead(Context::Values).0 {
                        Token::ClosedPar => {
                            set.insert(String::new());
                            return Ok(set);
                        }
                        Token::Comma => {
                            self.consume(Context::Values);
                            set.insert(String::new());
                        }
                        _ => {}
                    }
                }
                _ => return Err(format!("found '{literal}', expected: ',', or identifier")),
            }
        }
    }

    /// The value after `=`, `==`, `!=`, `>` or `<`; none is `""`.
    fn exact_value(&mut self) -> Result<Vec<String>, String> {
        let (token, _) = self.lookahead(Context::Values);
        if matches!(token, Token::EndOfString | Token::Comma) {
            return Ok(vec![String::new()]);
        }
        let (token, literal) = self.consume(Context::Values);
        if token == Token::Identifier {
            Ok(vec![literal])
        } else {
            Err(format!("found '{literal}', expected: identifier"))
        }
    }
}

/// `validateLabelKey`: `<path>: Invalid value: "<key>": <messages>`.
fn invalid_key(key: &str, path: &str) -> Option<String> {
    let msgs = crate::validate::format::label_key(key);
    (!msgs.is_empty()).then(|| {
        format!(
            "{path}: Invalid value: {}: {}",
            crate::field::quote(key),
            msgs.join("; ")
        )
    })
}

/// A label key: an optional DNS-subdomain prefix and `/`, then a name of at
/// most 63 characters of alphanumerics, `-`, `_`, `.`, starting and ending
/// alphanumeric.
pub fn check_key(key: &str) -> Result<(), String> {
    // Read as bytes: every rule is about ASCII, and a byte of a multi-byte
    // character (0x80 and above) is never alphanumeric, `-`, `_` or `.`.
    let bytes = key.as_bytes();
    let (prefix, name) = match bytes.iter().rposition(|b| *b == b'/') {
        Some(slash) => (Some(&bytes[..slash]), &bytes[slash + 1..]),
        None => (None, bytes),
    };
    if let Some(p) = prefix
        && (p.is_empty() || p.len() > 253 || !p.split(|b| *b == b'.').all(is_dns_label))
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

/// A name of at most 63 alphanumerics, `-`, `_`, `.`, starting and ending
/// alphanumeric.
fn is_qualified_name(s: &[u8]) -> bool {
    match (s.first(), s.last()) {
        (Some(first), Some(last)) => {
            s.len() <= 63
                && first.is_ascii_alphanumeric()
                && last.is_ascii_alphanumeric()
                && s.iter()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        }
        _ => false,
    }
}

/// A DNS label (RFC 1123): at most 63 lowercase alphanumerics and `-`,
/// starting and ending alphanumeric.
fn is_dns_label(s: &[u8]) -> bool {
    let edge = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    match (s.first(), s.last()) {
        (Some(first), Some(last)) => {
            s.len() <= 63 && edge(first) && edge(last) && s.iter().all(|b| edge(b) || *b == b'-')
        }
        _ => false,
    }
}

/// A parsed field selector: `(field, value, equal)` terms, all of which must hold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldSelector(pub Vec<(String, String, bool)>);

impl FieldSelector {
    /// Parses a field selector, accepting only the `allowed` field names.
    /// Errors: malformed terms, and unknown fields with upstream's wording.
    pub fn parse(text: &str, allowed: &[&str]) -> Result<FieldSelector, String> {
        let mut terms = Vec::new();
        for part in split_field_terms(text) {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            // fields.splitTerm: the first operator from the left.
            let split = (0..part.len()).find_map(|i| {
                [("!=", false), ("==", true), ("=", true)]
                    .into_iter()
                    .find(|(op, _)| part.is_char_boundary(i) && part[i..].starts_with(op))
                    .map(|(op, equal)| (&part[..i], &part[i + op.len()..], equal))
            });
            let Some((field, value, equal)) = split else {
                return Err(format!(
                    "invalid selector: '{text}'; can't understand '{part}'"
                ));
            };
            let value = unescape_field_value(value.trim())?;
            let field = field.trim();
            if !allowed.contains(&field) {
                let list: Vec<String> = allowed.iter().map(|a| format!("\"{a}\"")).collect();
                return Err(format!(
                    "\"{field}\" is not a known field selector: only {}",
                    list.join(", ")
                ));
            }
            terms.push((field.to_string(), value, equal));
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

/// A field selector's terms: split at commas not escaped by `\\`
/// (upstream's `splitTerms`).
fn split_field_terms(text: &str) -> Vec<&str> {
    let mut terms = Vec::new();
    let (mut start, mut escaped) = (0, false);
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            ',' => {
                terms.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    terms.push(&text[start..]);
    terms
}

/// `fields.UnescapeValue`: `\\`, `\,` and `\=` stand for the character;
/// any other escape, a trailing `\`, or a bare `,` or `=` is an error with
/// upstream's message (the rune printed as its number, as Go's `%v` does).
fn unescape_field_value(value: &str) -> Result<String, String> {
    let mut out = String::with_capacity(value.len());
    let mut escaped = false;
    for c in value.chars() {
        if escaped {
            if !matches!(c, '\\' | ',' | '=') {
                return Err(format!(
                    "invalid field selector: invalid escape sequence: \\{c}"
                ));
            }
            out.push(c);
            escaped = false;
            continue;
        }
        match c {
            '\\' => escaped = true,
            ',' | '=' => {
                return Err(format!(
                    "invalid field selector: unescaped character in value: {}",
                    u32::from(c)
                ));
            }
            _ => out.push(c),
        }
    }
    if escaped {
        return Err("invalid field selector: invalid escape sequence: \\".into());
    }
    Ok(out)
}

/// Whether a `metav1.LabelSelector` selects an object with `labels`, as
/// `metav1.LabelSelectorAsSelector(selector).Matches(labels)`: every
/// `matchLabels` pair and every `matchExpressions` requirement (`In`,
/// `NotIn`, `Exists`, `DoesNotExist`) holds. A requirement with another
/// operator selects nothing (upstream cannot convert the selector, and
/// the selector's own validation reports the operator).
pub fn selects(
    selector: &crate::meta::LabelSelector,
    labels: &std::collections::BTreeMap<String, String>,
) -> bool {
    selector
        .match_labels
        .iter()
        .all(|(k, v)| labels.get(k) == Some(v))
        && selector.match_expressions.iter().all(|r| {
            let value = labels.get(&r.key);
            match r.operator.as_str() {
                "In" => value.is_some_and(|v| r.values.contains(v)),
                "NotIn" => value.is_none_or(|v| !r.values.contains(v)),
                "Exists" => value.is_some(),
                "DoesNotExist" => value.is_none(),
                _ => false,
            }
        })
}

/// A selector of exactly `labels` in the string syntax, as a Scale's
/// `status.selector` carries a ReplicationController's
/// (`labels.SelectorFromSet(set).String()`): `k=v` sorted by key and
/// joined by commas; an empty set selects everything, `""`.
pub fn format_label_set(labels: &std::collections::BTreeMap<String, String>) -> String {
    labels
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// `metav1.FormatLabelSelector`: a `metav1.LabelSelector` in the selector
/// string syntax, as a Scale's `status.selector` carries it: `matchLabels`
/// as `k=v`, `matchExpressions` as `k in (a,b)`, `k notin (a,b)`, `k` and
/// `!k` (values sorted), all sorted by key and joined by commas. An empty
/// selector is `<none>`; one upstream cannot convert (an unknown operator,
/// `In` without values) is `<error>`.
pub fn format_selector(selector: &crate::meta::LabelSelector) -> String {
    let mut parts: Vec<(&str, String)> = selector
        .match_labels
        .iter()
        .map(|(k, v)| (k.as_str(), format!("{k}={v}")))
        .collect();
    for r in &selector.match_expressions {
        let key = r.key.as_str();
        let mut values: Vec<&str> = r.values.iter().map(String::as_str).collect();
        values.sort_unstable();
        let text = match r.operator.as_str() {
            "In" if !values.is_empty() => format!("{key} in ({})", values.join(",")),
            "NotIn" if !values.is_empty() => format!("{key} notin ({})", values.join(",")),
            "Exists" if values.is_empty() => key.to_string(),
            "DoesNotExist" if values.is_empty() => format!("!{key}"),
            _ => return "<error>".into(),
        };
        parts.push((key, text));
    }
    if parts.is_empty() {
        return "<none>".into();
    }
    parts.sort_by(|a, b| a.0.cmp(b.0));
    parts
        .into_iter()
        .map(|(_, t)| t)
        .collect::<Vec<_>>()
        .join(",")
}

/// [`format_selector`] of a `metav1.LabelSelector` as JSON (a printer's
/// cell); `<error>` for JSON that is not one.
pub fn format_label_selector(selector: &serde_json::Value) -> String {
    match <crate::meta::LabelSelector as serde::Deserialize>::deserialize(selector) {
        Ok(selector) => format_selector(&selector),
        Err(_) => "<error>".into(),
    }
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

    /// Upstream's messages for malformed selectors (labels/selector.go's
    /// parser and NewRequirement), as kube-apiserver returns them in a 400.
    #[test]
    fn bad_label_selectors_fail_with_upstreams_messages() {
        let name_part = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
        for (selector, message) in [
            ("app in (web", "unable to parse requirement: found '', expected: ',' or ')'".to_string()),
            ("app in web", "unable to parse requirement: found 'web' expected: '('".into()),
            ("app=x y", "found 'y', expected: ',' or 'end of string'".into()),
            ("app,", "found '', expected: identifier after ','".into()),
            ("=x", "found '=', expected: !, identifier, or 'end of string'".into()),
            ("app ~ x", "unable to parse requirement: found '~', expected: in, notin, =, ==, !=, gt, lt".into()),
            ("app == (x)", "unable to parse requirement: found '(', expected: identifier".into()),
            (
                "-app=x",
                format!("unable to parse requirement: <nil>: Invalid value: \"-app\": {name_part}"),
            ),
            (
                "app=-x",
                "unable to parse requirement: values[0][app]: Invalid value: \"-x\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')".into(),
            ),
            (
                "replicas>many",
                "unable to parse requirement: values[0]: Invalid value: \"many\": for 'Gt', 'Lt' operators, the value must be an integer".into(),
            ),
        ] {
            assert_eq!(LabelSelector::parse(selector).unwrap_err(), message, "{selector}");
        }
    }

    /// `fields.ParseSelector`: values unescaped, the first operator splits.
    #[test]
    fn field_selector_values_are_unescaped_as_upstream() {
        let allowed = ["metadata.name"];
        let parsed = FieldSelector::parse(r"metadata.name=a\=b\,c\\d", &allowed).unwrap();
        assert_eq!(parsed.required("metadata.name"), Some(r"a=b,c\d"));
        for (selector, message) in [
            (
                "metadata.name==b==c",
                "invalid field selector: unescaped character in value: 61",
            ),
            (
                "metadata.name=a\\x",
                "invalid field selector: invalid escape sequence: \\x",
            ),
            (
                "metadata.name=a\\",
                "invalid field selector: invalid escape sequence: \\",
            ),
        ] {
            assert_eq!(
                FieldSelector::parse(selector, &allowed).unwrap_err(),
                message,
                "{selector}"
            );
        }
        let parsed = FieldSelector::parse("metadata.name!=x", &allowed).unwrap();
        assert_eq!(
            parsed.0,
            vec![("metadata.name".to_string(), "x".to_string(), false)]
        );
    }

    #[test]
    fn empty_members_and_comparisons() {
        let l = labels(&[("app", ""), ("replicas", "3")]);
        for (sel, want) in [
            ("app in ()", true),
            ("app in (,x)", true),
            ("app=", true),
            ("replicas>2", true),
            ("replicas<3", false),
            ("missing>0", false),
            ("app in (in, notin)", false),
        ] {
            assert_eq!(
                LabelSelector::parse(sel).unwrap().matches(&l),
                want,
                "{sel}"
            );
        }
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

    #[test]
    fn label_keys_follow_upstreams_qualified_name_rules() {
        let long = |n: usize| "a".repeat(n);
        for (key, valid) in [
            ("app", true),
            ("app.kubernetes.io/name", true),
            ("example.com/My_Key.v-2", true),
            ("a", true),
            ("9", true),
            (long(63).as_str(), true),
            (long(64).as_str(), false),
            ("", false),
            ("-app", false),
            ("app_", false),
            ("caf\u{e9}", false),
            ("/name", false),
            ("Example.com/name", false),
            ("example..com/name", false),
            ("example.com-/name", false),
            ("ex\u{e4}mple.com/name", false),
            ("example.com/", false),
            ("a/b/c", false),
        ] {
            assert_eq!(check_key(key).is_ok(), valid, "{key:?}");
        }
        let prefix = format!("{}.{}.{}.{}", long(63), long(63), long(63), long(61));
        assert_eq!(prefix.len(), 253);
        assert!(check_key(&format!("{prefix}/n")).is_ok());
        assert!(
            check_key(&format!("{prefix}a/n")).is_err(),
            "a 254-byte prefix"
        );
        assert_eq!(
            check_key("-x").unwrap_err(),
            "invalid label key \"-x\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
        );
        assert_eq!(
            check_key("A.com/x").unwrap_err(),
            "invalid label key \"A.com/x\": prefix part must be a DNS subdomain"
        );
    }
}
