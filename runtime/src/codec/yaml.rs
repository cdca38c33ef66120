//! YAML in and out, the way `sigs.k8s.io/yaml` converts: YAML is read into
//! JSON before decoding, and JSON is written as YAML with map keys sorted.

use serde_json::Value;

/// Converts a YAML document to JSON bytes.
///
/// Errors: the YAML parser's message; before parsing, a document whose
/// flow collections nest deeper than [`super::MAX_NESTING_DEPTH`]
/// (`exceeded max depth of 100`, go-yaml's words and our limit), or whose
/// flow collections would cost the parser more than [`FLOW_WORK_BUDGET`]
/// (see `check_flow_work`).
///
/// An alias expands its anchor's value wherever it stands, so a few
/// kilobytes of anchors of aliases can stand for billions of values
/// (CVE-2019-11253, which go-yaml refuses as `document contains excessive
/// aliasing`). The values built are counted, and a document that would
/// build more than [`MAX_VALUES_OVER_SIZE`] beyond its size in bytes is
/// refused with those words as it reaches the limit.
pub fn yaml_to_json(bytes: &[u8]) -> Result<Vec<u8>, String> {
    check_flow_depth(bytes, super::MAX_NESTING_DEPTH)?;
    check_flow_work(bytes)?;
    let left = std::cell::Cell::new(bytes.len() as u64 + MAX_VALUES_OVER_SIZE);
    let value = serde::de::DeserializeSeed::deserialize(
        Counted { left: &left },
        serde_yaml_ng::Deserializer::from_slice(bytes),
    )
    .map_err(|e| {
        let message = e.to_string();
        if message.starts_with("recursion limit exceeded") {
            depth_error(super::MAX_NESTING_DEPTH)
        } else if message.contains(EXCESSIVE_ALIASING) {
            EXCESSIVE_ALIASING.to_string()
        } else {
            message
        }
    })?;
    serde_json::to_vec(&value).map_err(|e| e.to_string())
}

/// How many more values than its size in bytes a YAML document may build
/// (a document without aliases builds fewer values than it has bytes).
pub const MAX_VALUES_OVER_SIZE: u64 = 100_000;

/// go-yaml's words for a document whose aliases build too much.
const EXCESSIVE_ALIASING: &str = "document contains excessive aliasing";

/// A JSON value read from YAML, as `serde_json::Value` reads it, each
/// value built taken from `left`.
struct Counted<'a> {
    left: &'a std::cell::Cell<u64>,
}

impl Counted<'_> {
    fn take<E: serde::de::Error>(&self) -> Result<(), E> {
        match self.left.get().checked_sub(1) {
            Some(left) => {
                self.left.set(left);
                Ok(())
            }
            None => Err(E::custom(EXCESSIVE_ALIASING)),
        }
    }
}

impl<'de> serde::de::DeserializeSeed<'de> for Counted<'_> {
    type Value = Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

/// Scalars are built by `serde_json::Value` itself, from the same
/// primitive.
macro_rules! counted_scalars {
    ($($visit:ident($t:ty) => $de:ident;)*) => {$(
        fn $visit<E: serde::de::Error>(self, v: $t) -> Result<Value, E> {
            use serde::Deserialize;
            self.take()?;
            Value::deserialize(serde::de::value::$de::<E>::new(v))
        }
    )*};
}

impl<'de> serde::de::Visitor<'de> for Counted<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any valid JSON value")
    }

    counted_scalars! {
        visit_bool(bool) => BoolDeserializer;
        visit_i64(i64) => I64Deserializer;
        visit_i128(i128) => I128Deserializer;
        visit_u64(u64) => U64Deserializer;
        visit_u128(u128) => U128Deserializer;
        visit_f64(f64) => F64Deserializer;
        visit_str(&str) => StrDeserializer;
        visit_string(String) => StringDeserializer;
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Value, E> {
        self.take()?;
        Ok(Value::Null)
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<Value, E> {
        self.visit_unit()
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        serde::de::DeserializeSeed::deserialize(self, deserializer)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        self.take()?;
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(Counted { left: self.left })? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        self.take()?;
        let mut object = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            self.take()?;
            let value = map.next_value_seed(Counted { left: self.left })?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

fn depth_error(limit: usize) -> String {
    format!("exceeded max depth of {limit}")
}

/// The most flow-collection work a YAML body may ask of the parser, in
/// the units of `check_flow_work`; libyaml spends about 2 to 3.5 ns per
/// unit, so an accepted body costs it at most about 0.7 s.
pub const FLOW_WORK_BUDGET: u64 = 200_000_000;

/// A bound on libyaml's extra work for flow collections that no quoting
/// can hide, checked in one pass.
///
/// For every token libyaml rechecks each open flow level (its stale simple
/// keys), and each open level was opened by a `[` or `{` byte before the
/// token. So the sum, over the bytes that may start a token, of the `[` and
/// `{` bytes before them bounds that work, however the document is quoted
/// or commented ([`check_flow_depth`] reads YAML's structure and can be
/// misled; this cannot). The only bytes left out are the content of a
/// block scalar (`|`, `>`) whose extent is certain: the indicator ends a
/// `key: |` or `- |` line without quotes (chomping and blanks after it),
/// and the first content line is indented deeper than that line's block
/// (the key's or the dash's column, see [`block_indent_of_indicator`]),
/// so libyaml reads every line indented at least as deeply as text, one
/// token. A large JSON file in a `|` block thus costs nothing here, while
/// a body of thousands of `[` followed by a megabyte of tokens is refused.
///
/// Errors: `too many flow collections ([, {) for the document's size: the
/// YAML parser's work would pass <budget>; send the object as JSON`.
fn check_flow_work(bytes: &[u8]) -> Result<(), String> {
    let (mut openers, mut work) = (0u64, 0u64);
    let mut i = 0;
    let mut column = 0usize;
    while i < bytes.len() {
        let b = bytes[i];
        if matches!(b, b'|' | b'>')
            && let Some(end) = certain_block_scalar(bytes, i, column)
        {
            // One token for the whole scalar.
            work += openers;
            i = end;
            column = 0;
            continue;
        }
        if matches!(b, b'[' | b'{') {
            openers += 1;
        }
        work += openers;
        if work > FLOW_WORK_BUDGET {
            return Err(format!(
                "too many flow collections ([, {{) for the document's size: the YAML parser's work would pass {FLOW_WORK_BUDGET}; send the object as JSON"
            ));
        }
        column = if b == b'\n' { 0 } else { column + 1 };
        i += 1;
    }
    Ok(())
}

/// The block indentation libyaml is at for a block scalar indicator at
/// `at` (column `column`), read from its line: the column of the key of
/// `key: |` (past any `- `, `? ` and node properties), or of the last `-`
/// or `?` of `- |`. `None` for any other line, and for a line holding a
/// quote (the indicator could be inside a quoted scalar): then the content
/// is not skipped.
fn block_indent_of_indicator(bytes: &[u8], at: usize, column: usize) -> Option<usize> {
    let line = &bytes[at - column..at];
    if line.iter().any(|b| matches!(b, b'"' | b'\'')) {
        return None;
    }
    let mut col = line.iter().take_while(|b| **b == b' ').count();
    let mut last_entry = None;
    loop {
        match line.get(col..) {
            Some([b'-' | b'?', b' ', ..]) => {
                last_entry = Some(col);
                col += 2;
            }
            Some([b'&' | b'!', ..]) => {
                while col < line.len() && line[col] != b' ' {
                    col += 1;
                }
            }
            _ => break,
        }
        while line.get(col) == Some(&b' ') {
            col += 1;
        }
    }
    if col == line.len() {
        // `- |` (or `|` alone on its line: at most its own indentation).
        return Some(last_entry.unwrap_or(col));
    }
    // `key: |`, with only node properties between `: ` and the indicator.
    let rest = &line[col..];
    let value = rest.windows(2).rposition(|w| w == b": ")?;
    rest[value + 2..]
        .split(|b| *b == b' ')
        .all(|word| word.is_empty() || matches!(word[0], b'&' | b'!'))
        .then_some(col)
}

/// Where the content of a block scalar whose indicator is at `at` (column
/// `column`) certainly ends, per [`check_flow_work`]; `None` when that is
/// not certain (an explicit indentation indicator, text after the
/// indicator, a line shape that does not give the block indentation, a
/// first content line not indented past it).
fn certain_block_scalar(bytes: &[u8], at: usize, column: usize) -> Option<usize> {
    let block_indent = block_indent_of_indicator(bytes, at, column)?;
    let mut i = at + 1;
    while matches!(bytes.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    while matches!(bytes.get(i), Some(b' ' | b'\r')) {
        i += 1;
    }
    if bytes.get(i) != Some(&b'\n') {
        return None;
    }
    i += 1;
    // Blank lines before the first content line.
    let mut indent = None;
    let mut j = i;
    while j < bytes.len() {
        let spaces = bytes[j..].iter().take_while(|b| **b == b' ').count();
        match bytes.get(j + spaces) {
            Some(b'\n') => j += spaces + 1,
            Some(b'\r') if bytes.get(j + spaces + 1) == Some(&b'\n') => j += spaces + 2,
            None => return None,
            Some(_) => {
                indent = Some(spaces);
                break;
            }
        }
    }
    let indent = indent.filter(|n| *n > block_indent)?;
    // Every following line indented at least as deeply (or blank) is text.
    let mut end = j;
    while end < bytes.len() {
        let spaces = bytes[end..].iter().take_while(|b| **b == b' ').count();
        let blank = matches!(bytes.get(end + spaces), None | Some(b'\n' | b'\r'));
        if !blank && spaces < indent {
            break;
        }
        end = skip_line(bytes, end);
    }
    Some(end)
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
pub(super) fn skip_line(bytes: &[u8], i: usize) -> usize {
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
        assert_eq!(
            yaml_to_json(deep.as_bytes()),
            Err(format!("exceeded max depth of {limit}"))
        );
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

    /// Shapes that mislead the structural scan (a quote opening a plain
    /// scalar's continuation line, a document marker, an anchor touching
    /// the bracket) still meet the work bound; a large JSON file in a
    /// literal block does not.
    #[test]
    fn flow_work_is_bounded_whatever_the_quoting() {
        let deep = "[".repeat(20_000);
        for doc in [
            format!("a: b\n  'x\nc: {deep}"),
            format!("a: b\n  \"x\nc: {deep}"),
            format!("--- {deep}"),
            format!("x: &a{deep}"),
            // Within the depth limit, but a megabyte of tokens inside it.
            format!("x: {}{}", "[".repeat(99), "a, ".repeat(1_000_000)),
        ] {
            let error = yaml_to_json(doc.as_bytes()).unwrap_err();
            assert!(
                error.starts_with("exceeded max depth of 100")
                    || error.starts_with("too many flow collections"),
                "{error}"
            );
        }
        let json: Vec<String> = (0..20_000)
            .map(|i| format!("{{\"k{i}\": [1, 2]}}"))
            .collect();
        let doc = format!(
            "data:\n  d.json: |\n    {{\"a\": [{}]}}\n  other: x\n",
            json.join(",")
        );
        let value: Value = serde_json::from_slice(&yaml_to_json(doc.as_bytes()).unwrap()).unwrap();
        assert_eq!(value["data"]["other"], "x");
        // A first content line not indented past the block (the key `a`
        // at column 2) is not skipped: its brackets count; nor is a block
        // scalar after text on its line.
        for doc in [
            format!("- a: |\n  {}\n", "[".repeat(20_000)),
            format!("a: b |\n    {}\n", "[".repeat(20_000)),
        ] {
            assert!(check_flow_work(doc.as_bytes()).is_err(), "{doc:.20}");
        }
        assert_eq!(block_indent_of_indicator(b"- a: |", 5, 5), Some(2));
        assert_eq!(block_indent_of_indicator(b"  - - |", 6, 6), Some(4));
        assert_eq!(block_indent_of_indicator(b"x: &a !t |", 9, 9), Some(0));
        assert_eq!(block_indent_of_indicator(b"a: \"x: |", 8, 8), None);
    }

    /// Aliases of aliases: a few kilobytes that stand for 90 million
    /// values (about 7 GB) are refused as go-yaml refuses them, as soon as
    /// the values built pass the document's size and the allowance; an
    /// anchor used a few times is read as before.
    #[test]
    fn excessive_aliasing_is_refused() {
        let bomb = format!(
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\na: &a\n{}b: &b\n{}c:\n{}",
            "- 0\n".repeat(1000),
            "- *a\n".repeat(300),
            "- *b\n".repeat(300)
        );
        assert!(bomb.len() < 8000);
        assert_eq!(
            yaml_to_json(bomb.as_bytes()).unwrap_err(),
            "document contains excessive aliasing"
        );
        let shared = "metadata:\n  labels: &labels\n    app: web\n    tier: front\nspec:\n  selector:\n    matchLabels: *labels\n  template:\n    metadata:\n      labels: *labels\n";
        let value: Value =
            serde_json::from_slice(&yaml_to_json(shared.as_bytes()).unwrap()).unwrap();
        assert_eq!(
            value["spec"]["template"]["metadata"]["labels"]["tier"],
            "front"
        );
        assert_eq!(
            value["spec"]["selector"]["matchLabels"],
            value["metadata"]["labels"]
        );
        // The same scalars as serde_json's own Value: numbers, floats,
        // nulls, a mapping's later key replacing an earlier one.
        let value: Value = serde_json::from_slice(
            &yaml_to_json(b"a: 1\nb: -2\nc: 1.5\nd: ~\ne: true\nf: 18446744073709551615\ng: x\ng: y\nh: .nan\n").unwrap(),
        )
        .unwrap();
        assert_eq!(
            value,
            serde_json::json!({"a": 1, "b": -2, "c": 1.5, "d": null, "e": true, "f": 18446744073709551615u64, "g": "y", "h": null})
        );
        assert!(
            yaml_to_json(b"a: 1\n---\nb: 2\n").is_err(),
            "one document only"
        );
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
