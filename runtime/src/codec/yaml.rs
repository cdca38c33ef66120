//! YAML in and out, the way `sigs.k8s.io/yaml` converts: YAML is read into
//! JSON before decoding, and JSON is written as YAML with map keys sorted.

use serde_json::Value;

/// Converts a YAML document to JSON bytes.
///
/// Errors: the YAML parser's message; a document nested deeper than
/// [`super::MAX_NESTING_DEPTH`] is refused with
/// `exceeded max depth of 128` (go-yaml's words, our limit) before it is
/// parsed.
pub fn yaml_to_json(bytes: &[u8]) -> Result<Vec<u8>, String> {
    check_flow_depth(bytes, super::MAX_NESTING_DEPTH)?;
    let value: Value = serde_yaml_ng::from_slice(bytes).map_err(|e| {
        let message = e.to_string();
        if message.starts_with("recursion limit exceeded") {
            depth_error(super::MAX_NESTING_DEPTH)
        } else {
            message
        }
    })?;
    serde_json::to_vec(&value).map_err(|e| e.to_string())
}

fn depth_error(limit: usize) -> String {
    format!("exceeded max depth of {limit}")
}

/// Refuses a document whose flow collections (`[`, `{`) nest deeper than
/// `limit`, in one linear pass, before the YAML parser sees it: libyaml
/// rechecks every open flow level for each token, so its time grows with
/// the square of the depth (20,000 levels take 0.6 s, a million minutes),
/// while block nesting (indentation, `- - -`) parses in linear time and
/// the parser's own recursion limit bounds it.
///
/// The pass knows enough YAML to count flow levels where the parser
/// would: outside quoted scalars, comments and block scalars (`|`, `>`),
/// and in block context only where a node starts (a `[` inside the plain
/// scalar `a[b` opens nothing).
///
/// Errors: `exceeded max depth of <limit>`.
fn check_flow_depth(bytes: &[u8], limit: usize) -> Result<(), String> {
    #[derive(PartialEq)]
    enum Quote {
        None,
        Single,
        Double,
    }
    let blank_after = |i: usize| matches!(bytes.get(i), None | Some(b' ' | b'\t' | b'\r' | b'\n'));
    let mut quote = Quote::None;
    let mut depth = 0usize;
    let mut node_start = true;
    let mut line_start = true;
    let mut line_indent = 0usize;
    // Lines indented deeper than this belong to a block scalar.
    let mut block_scalar: Option<usize> = None;
    let mut i = 0;
    while i < bytes.len() {
        if line_start && quote == Quote::None {
            line_start = false;
            let indent = bytes[i..].iter().take_while(|b| **b == b' ').count();
            let rest = &bytes[i + indent..];
            let blank = matches!(rest.first(), None | Some(b'\n' | b'\r'));
            if let Some(parent) = block_scalar {
                if blank || indent > parent {
                    i = skip_line(bytes, i);
                    line_start = true;
                    continue;
                }
                block_scalar = None;
            }
            i += indent;
            if depth == 0 {
                line_indent = indent;
                node_start = true;
            }
            continue;
        }
        let c = bytes[i];
        match quote {
            Quote::Single => {
                if c == b'\'' {
                    if bytes.get(i + 1) == Some(&b'\'') {
                        i += 2;
                        continue;
                    }
                    quote = Quote::None;
                }
                i += 1;
                continue;
            }
            Quote::Double => {
                match c {
                    b'\\' => i += 1,
                    b'"' => quote = Quote::None,
                    _ => {}
                }
                i += 1;
                continue;
            }
            Quote::None => {}
        }
        match c {
            b'\n' => line_start = true,
            b' ' | b'\t' | b'\r' => {}
            b'#' if i == 0 || matches!(bytes[i - 1], b' ' | b'\t' | b'\n' | b'\r') => {
                i = skip_line(bytes, i);
                line_start = true;
                continue;
            }
            b'[' | b'{' if node_start || depth > 0 => {
                depth += 1;
                if depth > limit {
                    return Err(depth_error(limit));
                }
                node_start = true;
            }
            b']' | b'}' if depth > 0 => {
                depth -= 1;
                node_start = false;
            }
            b',' if depth > 0 => node_start = true,
            b'"' if node_start => {
                quote = Quote::Double;
                node_start = false;
            }
            b'\'' if node_start => {
                quote = Quote::Single;
                node_start = false;
            }
            b'-' | b'?' if node_start && depth == 0 && blank_after(i + 1) => {}
            b':' if blank_after(i + 1)
                || (depth > 0 && matches!(bytes.get(i + 1), Some(b',' | b']' | b'}'))) =>
            {
                node_start = true;
            }
            b'|' | b'>' if node_start && depth == 0 => {
                block_scalar = Some(line_indent);
                i = skip_line(bytes, i);
                line_start = true;
                continue;
            }
            // Node properties (`&anchor`, `!tag`) come before the node.
            b'&' | b'!' if node_start => {
                while i < bytes.len() && !matches!(bytes[i], b' ' | b'\t' | b'\r' | b'\n') {
                    i += 1;
                }
                continue;
            }
            _ => node_start = false,
        }
        i += 1;
    }
    Ok(())
}

/// The index of the `\n` ending the line at `i` (or the end).
fn skip_line(bytes: &[u8], i: usize) -> usize {
    bytes[i..]
        .iter()
        .position(|b| *b == b'\n')
        .map_or(bytes.len(), |p| i + p + 1)
}

/// Writes a JSON value as YAML the way `sigs.k8s.io/yaml` does (JSON to
/// go-yaml v2): map keys sorted, two-space indent, sequences not indented
/// under their key, strings plain unless they would read back as another
/// type (bools, numbers, nulls, timestamps) or hold YAML syntax, then
/// double-quoted; multi-line strings as literal blocks.
pub fn to_yaml(value: &Value) -> String {
    let mut out = String::new();
    match value {
        Value::Object(m) if !m.is_empty() => write_map(&mut out, m, 0),
        Value::Array(a) if !a.is_empty() => write_seq(&mut out, a, 0),
        other => {
            out.push_str(&scalar(other, 0));
            out.push('\n');
        }
    }
    out
}

fn write_map(out: &mut String, map: &serde_json::Map<String, Value>, indent: usize) {
    let mut keys: Vec<&String> = map.keys().collect();
    keys.sort();
    for k in keys {
        out.push_str(&" ".repeat(indent));
        out.push_str(&string_scalar(k, indent));
        out.push(':');
        write_nested(out, &map[k], indent, indent + 2);
    }
}

fn write_seq(out: &mut String, items: &[Value], indent: usize) {
    for item in items {
        out.push_str(&" ".repeat(indent));
        out.push('-');
        match item {
            Value::Object(m) if !m.is_empty() => {
                // The first key shares the dash's line.
                let mut first = String::new();
                write_map(&mut first, m, indent + 2);
                out.push(' ');
                out.push_str(&first[indent + 2..]);
            }
            _ => write_nested(out, item, indent, indent + 2),
        }
    }
}

/// Writes what follows `key:` or `-`: a scalar on the same line, or a
/// nested block on the next lines.
fn write_nested(out: &mut String, value: &Value, indent: usize, child_indent: usize) {
    match value {
        Value::Object(m) if !m.is_empty() => {
            out.push('\n');
            write_map(out, m, child_indent);
        }
        Value::Array(a) if !a.is_empty() => {
            out.push('\n');
            // go-yaml does not indent a sequence under a map key.
            write_seq(out, a, indent);
        }
        other => {
            out.push(' ');
            out.push_str(&scalar(other, child_indent));
            out.push('\n');
        }
    }
}

fn scalar(value: &Value, indent: usize) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => string_scalar(s, indent),
        Value::Object(_) => "{}".into(),
        Value::Array(_) => "[]".into(),
    }
}

fn string_scalar(s: &str, indent: usize) -> String {
    if s.contains('\n') && !s.chars().any(|c| c.is_control() && c != '\n') && !s.starts_with(' ') {
        let chomp = if s.ends_with('\n') { "" } else { "-" };
        let pad = " ".repeat(indent);
        let body: Vec<String> = s
            .trim_end_matches('\n')
            .split('\n')
            .map(|l| {
                if l.is_empty() {
                    String::new()
                } else {
                    format!("{pad}{l}")
                }
            })
            .collect();
        return format!("|{chomp}\n{}", body.join("\n"));
    }
    if needs_quotes(s) {
        let mut q = String::from("\"");
        for c in s.chars() {
            match c {
                '"' => q.push_str("\\\""),
                '\\' => q.push_str("\\\\"),
                '\n' => q.push_str("\\n"),
                '\t' => q.push_str("\\t"),
                '\r' => q.push_str("\\r"),
                c if c.is_control() => q.push_str(&format!("\\x{:02X}", c as u32)),
                c => q.push(c),
            }
        }
        q.push('"');
        q
    } else {
        s.to_string()
    }
}

/// Whether go-yaml v2 would quote a string: it would resolve to a non-string
/// (YAML 1.1 bools, nulls, numbers, timestamps), or it holds syntax.
fn needs_quotes(s: &str) -> bool {
    const WORDS: [&str; 27] = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE", "false",
        "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF", "~", "null", "Null", "NULL", "<<",
    ];
    if s.is_empty() || WORDS.contains(&s) {
        return true;
    }
    let first = s.chars().next().unwrap_or(' ');
    // A leading indicator makes the scalar YAML syntax, except a dash that
    // starts a word (`-x`), which reads back as a string.
    let dash_word = first == '-' && s.len() > 1 && !s[1..].starts_with(' ') && !looks_numeric(s);
    if "-?:,[]{}#&*!|>'\"%@` ".contains(first) && !dash_word {
        return true;
    }
    if s.ends_with(' ')
        || s.contains(": ")
        || s.contains(" #")
        || s.ends_with(':')
        || s.chars().any(|c| c.is_control())
    {
        return true;
    }
    looks_numeric(s)
        || looks_like_timestamp(s)
        || matches!(
            s.to_ascii_lowercase().as_str(),
            ".inf" | "-.inf" | "+.inf" | ".nan"
        )
}

fn looks_numeric(s: &str) -> bool {
    let t = s.strip_prefix(['-', '+']).unwrap_or(s).replace('_', "");
    if t.is_empty() {
        return false;
    }
    if let Some(h) = t.strip_prefix("0x") {
        return !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit());
    }
    if let Some(b) = t.strip_prefix("0b") {
        return !b.is_empty() && b.chars().all(|c| c == '0' || c == '1');
    }
    t.parse::<f64>().is_ok()
        && t.chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+'))
        || (t.contains(':')
            && t.split(':')
                .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit())))
}

/// `YYYY-M-D` optionally followed by a time: what go-yaml v2 reads as a timestamp.
fn looks_like_timestamp(s: &str) -> bool {
    let digits = |t: &str, min: usize, max: usize| {
        (min..=max).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit())
    };
    let mut parts = s.splitn(3, '-');
    let (Some(year), Some(month), Some(rest)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let day_len = rest.bytes().take_while(u8::is_ascii_digit).count();
    let after = &rest[day_len..];
    digits(year, 4, 4)
        && digits(month, 1, 2)
        && (1..=2).contains(&day_len)
        && (after.is_empty() || after.starts_with(['T', 't', ' ', '\t']))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn strings_are_quoted_as_go_yaml_quotes_them() {
        for (s, want) in [
            ("plain", "plain"),
            ("2008-01-01T01:01:01Z", "\"2008-01-01T01:01:01Z\""),
            ("true", "\"true\""),
            ("yes", "\"yes\""),
            ("123", "\"123\""),
            ("1.5", "\"1.5\""),
            ("", "\"\""),
            ("a: b", "\"a: b\""),
            ("-x", "-x"),
            ("- x", "\"- x\""),
            ("Aw==", "Aw=="),
            ("app=web", "app=web"),
        ] {
            assert_eq!(string_scalar(s, 0), want, "{s}");
        }
    }

    #[test]
    fn nesting_matches_sigs_k8s_io_yaml() {
        let v = json!({"spec": {"ports": [{"name": "a", "port": 80}], "tags": ["x"], "empty": {}, "none": []}});
        assert_eq!(
            to_yaml(&v),
            "spec:\n  empty: {}\n  none: []\n  ports:\n  - name: a\n    port: 80\n  tags:\n  - x\n"
        );
        assert_eq!(
            to_yaml(&json!({"a": "line1\nline2"})),
            "a: |-\n  line1\n  line2\n"
        );
    }

    /// A million flow levels (2 MB) are refused before parsing; block
    /// nesting past the limit is refused by the parser; brackets inside
    /// quoted, plain and block scalars and comments open nothing.
    #[test]
    fn nesting_deeper_than_the_limit_is_refused_before_parsing() {
        let limit = crate::codec::MAX_NESTING_DEPTH;
        let deep = format!("x: {}", "[".repeat(1_000_000));
        let started = std::time::Instant::now();
        assert_eq!(
            yaml_to_json(deep.as_bytes()),
            Err(format!("exceeded max depth of {limit}"))
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
        let block = format!("x:\n{}a", "- ".repeat(10_000));
        assert_eq!(
            yaml_to_json(block.as_bytes()),
            Err(format!("exceeded max depth of {limit}"))
        );
        let at_limit = format!("x: {}{}", "[".repeat(limit - 1), "]".repeat(limit - 1));
        assert!(yaml_to_json(at_limit.as_bytes()).is_ok());
        let brackets = "[".repeat(limit + 1);
        for doc in [
            format!("a: \"{brackets}\"\n"),
            format!("a: '{brackets}'\n"),
            format!("a: x{brackets}\n"),
            format!("a: |\n  {brackets}\n  more\nb: 1\n"),
            format!("# {brackets}\na: 1\n"),
            format!("a: [\"{brackets}\", '{brackets}', x]\n"),
        ] {
            assert!(yaml_to_json(doc.as_bytes()).is_ok(), "{doc}");
        }
    }

    #[test]
    fn yaml_round_trip_sorts_keys() {
        let v = json!({"kind": "ConfigMap", "apiVersion": "v1", "data": {"b": "1", "a": "2"}});
        let yaml = to_yaml(&v);
        assert_eq!(
            yaml,
            "apiVersion: v1\ndata:\n  a: \"2\"\n  b: \"1\"\nkind: ConfigMap\n"
        );
        let back: Value = serde_json::from_slice(&yaml_to_json(yaml.as_bytes()).unwrap()).unwrap();
        assert_eq!(back, v);
    }
}
