//! The marker language: Kubernetes comment tags in Rust doc comments.
//!
//! A marker is a doc-comment line that starts with `+`, written exactly as Go
//! comment tags are, so that a type from `k8s.io/api` ports line for line.
//! The grammar is the one gengo v2's `codetags` package parses:
//!
//! ```text
//! marker   = "+" name [ "(" args ")" ] [ "=" payload ]
//! name     = letter { letter | digit | "_" | "-" | "." | ":" }
//! args     = value | named { "," named }
//! named    = ident ":" value
//! value    = go-quoted-string | `raw string` | integer | "true" | "false"
//! payload  = marker            (a chained tag: +k8s:eachVal=+k8s:minimum=1)
//!          | text              (the rest of the line, interpreted per tag)
//! ```
//!
//! [`parse_marker`] turns one line into a [`Marker`]; the tag registry
//! ([`registry::TAGS`]) says what each known tag accepts, and
//! [`crate::check`] holds every marker of a model against it.

pub mod registry;
pub mod tags;

use crate::model::Location;

/// One parsed marker, such as `+k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember`.
#[derive(Debug, Clone)]
pub struct Marker {
    /// The tag name without `+`: `k8s:item`. For kubebuilder key-value tags
    /// this is the registered name (`kubebuilder:printcolumn`), and the keys
    /// after it are part of the payload.
    pub name: String,
    /// The arguments in parentheses, in source order.
    pub args: Vec<Arg>,
    /// Whether the name was followed by parentheses (possibly empty).
    pub has_args: bool,
    /// What follows `=`.
    pub payload: Payload,
    /// The whole marker text as written, from `+` to the end of the line
    /// (trailing whitespace removed).
    pub text: String,
    /// Where the `+` is.
    pub location: Location,
}

/// One argument: `"my-feature"` (positional) or `union: "u1"` (named).
#[derive(Debug, Clone, PartialEq)]
pub struct Arg {
    /// The argument name, for named arguments.
    pub name: Option<String>,
    /// The value.
    pub value: Value,
}

/// A literal value in an argument list or a literal payload.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A Go-quoted (`"a\"b"`) or raw (`` `a` ``) string, unquoted.
    String(String),
    /// A decimal, hexadecimal (`0x1f`), octal (`0o17`) or binary integer.
    Int(i64),
    /// `true` or `false`.
    Bool(bool),
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::String(s) => write!(f, "{s:?}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Bool(b) => write!(f, "{b}"),
        }
    }
}

/// What follows the `=` of a marker.
#[derive(Debug, Clone)]
pub enum Payload {
    /// No `=`.
    None,
    /// Text after `=`, trimmed; how it is read depends on the tag
    /// ([`tags::PayloadKind`]).
    Text(String),
    /// A chained tag: the payload itself started with `+`.
    Tag(Box<Marker>),
}

impl Marker {
    /// The payload text, if the payload is text.
    pub fn payload_text(&self) -> Option<&str> {
        match &self.payload {
            Payload::Text(t) => Some(t),
            _ => None,
        }
    }

    /// The payload read as a string: Go-quoted strings are unquoted, bare
    /// text is taken as is. `None` when there is no text payload or the
    /// quoting is broken.
    pub fn payload_string(&self) -> Option<String> {
        match self.quoted_payload() {
            Some(unquoted) => unquoted.ok(),
            None => self.payload_text().map(str::to_string),
        }
    }

    /// A payload written as a Go-quoted or raw string, unquoted: `None`
    /// for any other payload, an error naming what is wrong for a quoted
    /// one that does not read (an unknown escape, no closing quote, text
    /// after it).
    pub fn quoted_payload(&self) -> Option<Result<String, String>> {
        let text = self.payload_text()?;
        if !(text.starts_with('"') || text.starts_with('`')) {
            return None;
        }
        let mut cursor = Cursor::new(text, 0);
        Some(match cursor.quoted() {
            Ok(s) if cursor.at_end() => Ok(s),
            Ok(_) => Err("text after the closing quote".into()),
            Err(e) => Err(e.message),
        })
    }

    /// The named argument `name`, if given.
    pub fn arg(&self, name: &str) -> Option<&Value> {
        self.args
            .iter()
            .find(|a| a.name.as_deref() == Some(name))
            .map(|a| &a.value)
    }

    /// The first positional argument, if given.
    pub fn positional_arg(&self) -> Option<&Value> {
        self.args
            .iter()
            .find(|a| a.name.is_none())
            .map(|a| &a.value)
    }

    /// The innermost marker of a chain (`+k8s:eachVal=+k8s:minimum=1` gives
    /// the `k8s:minimum` marker); the marker itself when it is not chained.
    pub fn innermost(&self) -> &Marker {
        match &self.payload {
            Payload::Tag(inner) => inner.innermost(),
            _ => self,
        }
    }

    /// Parses a kubebuilder-style `k=v,k2="v 2"` payload into pairs, in order.
    ///
    /// Errors name the offending text.
    pub fn key_values(&self) -> Result<Vec<(String, String)>, String> {
        let text = self.payload_text().unwrap_or("");
        split_key_values(text)
    }
}

/// A syntax error in one marker line, with the character offset (from the
/// `+`) where it was found.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    /// What is wrong, e.g. "expected `)` to close the argument list".
    pub message: String,
    /// Character offset from the start of the marker text.
    pub offset: usize,
}

/// Parses one marker line (starting at `+`). `location` is where the `+` is;
/// locations of chained markers are derived from it.
///
/// Kubebuilder key-value tags are normalised: `+kubebuilder:resource:path=x`
/// parses with the name `kubebuilder:resource` and payload `path=x` when the
/// registry knows `kubebuilder:resource` as a key-value tag.
pub fn parse_marker(text: &str, location: Location) -> Result<Marker, SyntaxError> {
    let text = text.trim_end();
    let mut cursor = Cursor::new(text, 0);
    let marker = cursor.marker(&location)?;
    Ok(marker)
}

/// The tag name a marker line starts with (after its `+`), as the parser
/// reads it: `k8s:maxLenght` of `+k8s:maxLenght 10`.
pub fn tag_name(text: &str) -> &str {
    let text = text.trim_start_matches('+');
    let end = text.find(|c: char| !is_name_char(c)).unwrap_or(text.len());
    &text[..end]
}

/// Characters allowed in a tag name after the first letter.
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ':')
}

/// A small recursive-descent reader over a marker line.
struct Cursor {
    chars: Vec<char>,
    pos: usize,
    /// Offset of `chars[0]` in the original marker text (for chained tags).
    base: usize,
}

impl Cursor {
    fn new(source: &str, base: usize) -> Self {
        Cursor {
            chars: source.chars().collect(),
            pos: 0,
            base,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    fn error(&self, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            message: message.into(),
            offset: self.base + self.pos,
        }
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.pos += 1;
        }
    }

    fn rest(&self) -> String {
        self.chars[self.pos..].iter().collect()
    }

    fn marker(&mut self, location: &Location) -> Result<Marker, SyntaxError> {
        let start = self.pos;
        if self.peek() != Some('+') {
            return Err(self.error("a marker starts with `+`"));
        }
        self.pos += 1;
        let name_start = self.pos;
        match self.peek() {
            Some(c) if c.is_ascii_alphabetic() => {}
            _ => return Err(self.error("expected a tag name after `+`")),
        }
        while self.peek().is_some_and(is_name_char) {
            self.pos += 1;
        }
        let mut name: String = self.chars[name_start..self.pos].iter().collect();
        if name.ends_with(':') || name.ends_with('.') {
            return Err(self.error("a tag name cannot end with `:` or `.`"));
        }
        let mut args = Vec::new();
        let mut has_args = false;
        if self.peek() == Some('(') {
            has_args = true;
            self.pos += 1;
            args = self.args()?;
        }
        self.skip_spaces();
        let payload = match self.peek() {
            None => Payload::None,
            Some('=') => {
                self.pos += 1;
                self.skip_spaces();
                if self.peek() == Some('+') {
                    let inner_location = location.offset_columns(self.pos - start);
                    let base = self.base + self.pos;
                    let rest = self.rest();
                    let mut inner = Cursor::new(&rest, base);
                    let marker = inner.marker(&inner_location)?;
                    self.pos = self.chars.len();
                    Payload::Tag(Box::new(marker))
                } else {
                    let text = self.rest().trim().to_string();
                    self.pos = self.chars.len();
                    Payload::Text(text)
                }
            }
            Some(c) => {
                return Err(self.error(format!(
                    "unexpected `{c}` after the tag name; a payload follows `=`"
                )));
            }
        };
        let mut payload = payload;
        // Kubebuilder key-value tags: `+kubebuilder:resource:path=x,...` reads
        // as name `kubebuilder:resource:path` and payload `x,...`; fold the
        // key back into the payload when a registered key-value tag prefixes
        // the name.
        if registry::lookup(&name).is_none()
            && let Some(def) = registry::TAGS.iter().find(|t| {
                matches!(t.payload, tags::PayloadKind::KeyValueList(_))
                    && name.len() > t.name.len()
                    && name.starts_with(t.name)
                    && name.as_bytes()[t.name.len()] == b':'
            })
        {
            let key = name[def.name.len() + 1..].to_string();
            let text = match &payload {
                Payload::Text(t) => format!("{key}={t}"),
                Payload::None => key,
                Payload::Tag(_) => {
                    return Err(self.error("a key-value tag cannot take a chained tag"));
                }
            };
            name = def.name.to_string();
            payload = Payload::Text(text);
        }
        let text: String = self.chars[start..].iter().collect();
        Ok(Marker {
            name,
            args,
            has_args,
            payload,
            text: text.trim_end().to_string(),
            location: location.clone(),
        })
    }

    fn args(&mut self) -> Result<Vec<Arg>, SyntaxError> {
        let mut args = Vec::new();
        self.skip_spaces();
        if self.peek() == Some(')') {
            self.pos += 1;
            return Ok(args);
        }
        loop {
            self.skip_spaces();
            let arg = if self
                .peek()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            {
                // An identifier: a named argument, or the bare words true/false.
                let save = self.pos;
                let ident = self.ident();
                self.skip_spaces();
                if self.peek() == Some(':') {
                    self.pos += 1;
                    self.skip_spaces();
                    Arg {
                        name: Some(ident),
                        value: self.value()?,
                    }
                } else {
                    self.pos = save;
                    Arg {
                        name: None,
                        value: self.value()?,
                    }
                }
            } else {
                Arg {
                    name: None,
                    value: self.value()?,
                }
            };
            args.push(arg);
            self.skip_spaces();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some(')') => {
                    self.pos += 1;
                    break;
                }
                _ => return Err(self.error("expected `,` or `)` in the argument list")),
            }
        }
        let named = args.iter().filter(|a| a.name.is_some()).count();
        if named != 0 && named != args.len() {
            return Err(self.error("arguments must be all named or a single positional value"));
        }
        if named == 0 && args.len() > 1 {
            return Err(self.error("only one positional argument is allowed; name the others"));
        }
        Ok(args)
    }

    fn ident(&mut self) -> String {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            self.pos += 1;
        }
        self.chars[start..self.pos].iter().collect()
    }

    fn value(&mut self) -> Result<Value, SyntaxError> {
        match self.peek() {
            Some('"' | '`') => Ok(Value::String(self.quoted()?)),
            Some(c) if c.is_ascii_digit() || c == '-' || c == '+' => self.int().map(Value::Int),
            Some(c) if c.is_ascii_alphabetic() => {
                let word = self.ident();
                match word.as_str() {
                    "true" => Ok(Value::Bool(true)),
                    "false" => Ok(Value::Bool(false)),
                    _ => Err(SyntaxError {
                        message: format!(
                            "expected a quoted string, an integer or a bool, found `{word}`"
                        ),
                        offset: self.base + self.pos - word.chars().count(),
                    }),
                }
            }
            _ => Err(self.error("expected a value: a quoted string, an integer or a bool")),
        }
    }

    fn int(&mut self) -> Result<i64, SyntaxError> {
        let start = self.pos;
        if matches!(self.peek(), Some('-' | '+')) {
            self.pos += 1;
        }
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.pos += 1;
        }
        let text: String = self.chars[start..self.pos].iter().collect();
        parse_go_int(&text).ok_or_else(|| SyntaxError {
            message: format!("`{text}` is not an integer"),
            offset: self.base + start,
        })
    }

    /// Reads a Go-quoted or raw string at the cursor.
    fn quoted(&mut self) -> Result<String, SyntaxError> {
        let open = self.peek();
        let start = self.pos;
        self.pos += 1;
        let mut out = String::new();
        if open == Some('`') {
            while let Some(c) = self.peek() {
                self.pos += 1;
                if c == '`' {
                    return Ok(out);
                }
                out.push(c);
            }
            return Err(SyntaxError {
                message: "unterminated raw string".into(),
                offset: self.base + start,
            });
        }
        while let Some(c) = self.peek() {
            self.pos += 1;
            match c {
                '"' => return Ok(out),
                '\\' => {
                    let esc = self
                        .peek()
                        .ok_or_else(|| self.error("unterminated escape"))?;
                    self.pos += 1;
                    out.push(match esc {
                        'a' => '\u{7}',
                        'b' => '\u{8}',
                        'f' => '\u{c}',
                        'n' => '\n',
                        'r' => '\r',
                        't' => '\t',
                        'v' => '\u{b}',
                        '\\' => '\\',
                        '"' => '"',
                        '\'' => '\'',
                        'x' => self.escaped_code(esc, 2, 16)?,
                        'u' => self.escaped_code(esc, 4, 16)?,
                        'U' => self.escaped_code(esc, 8, 16)?,
                        '0'..='7' => {
                            // Go's octal escape: three digits, this one first.
                            self.pos -= 1;
                            self.escaped_code(esc, 3, 8)?
                        }
                        _ => return Err(self.error(format!("unknown escape `\\{esc}`"))),
                    });
                }
                c => out.push(c),
            }
        }
        Err(SyntaxError {
            message: "unterminated string".into(),
            offset: self.base + start,
        })
    }
}

impl Cursor {
    /// The character of a Go numeric escape (`\xHH`, `\uHHHH`,
    /// `\UHHHHHHHH`, `\ooo`): `digits` digits in `radix` at the cursor.
    /// A `\x` or octal escape is one byte in Go; a marker's string is
    /// UTF-8 text, so only an ASCII byte is taken (write any other
    /// character itself, or as `\u`).
    fn escaped_code(&mut self, esc: char, digits: usize, radix: u32) -> Result<char, SyntaxError> {
        let mut code: u32 = 0;
        for _ in 0..digits {
            let digit = self.peek().and_then(|c| c.to_digit(radix)).ok_or_else(|| {
                self.error(format!(
                    "escape `\\{esc}` needs {digits} digits in base {radix}"
                ))
            })?;
            self.pos += 1;
            code = code * radix + digit;
        }
        let byte = matches!(esc, 'x' | '0'..='7');
        match char::from_u32(code) {
            Some(c) if !byte || c.is_ascii() => Ok(c),
            Some(_) => Err(self.error(format!(
                "escape `\\{esc}` above 0x7f is a byte, not a character: write the character, or `\\u` and its code"
            ))),
            None => Err(self.error(format!("escape `\\{esc}` is not a Unicode character"))),
        }
    }
}

/// Parses an integer the way Go's `strconv.ParseInt(s, 0, 64)` does:
/// optional sign, then decimal, `0x`, `0o`/`0` octal or `0b` binary, `_`
/// separators allowed between digits (and after a base prefix). Anything
/// else is `None`: a second sign (`--5`), a sign after the prefix
/// (`0x-5`), a digit outside the base (`08`), a value outside `i64`.
pub fn parse_go_int(text: &str) -> Option<i64> {
    let (negative, unsigned) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    if !go_underscores_ok(unsigned) {
        return None;
    }
    let lower = unsigned.replace('_', "").to_ascii_lowercase();
    let (radix, body) = if let Some(h) = lower.strip_prefix("0x") {
        (16, h)
    } else if let Some(o) = lower.strip_prefix("0o") {
        (8, o)
    } else if let Some(b) = lower.strip_prefix("0b") {
        (2, b)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    // Digits only: `from_str_radix` would take a sign of its own.
    if body.is_empty() || !body.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let magnitude = i128::from_str_radix(body, radix).ok()?;
    i64::try_from(if negative { -magnitude } else { magnitude }).ok()
}

/// Go's `underscoreOK` for an unsigned literal: each `_` stands between
/// two digits, or between a base prefix (`0x`, `0o`, `0b`) and a digit.
fn go_underscores_ok(text: &str) -> bool {
    let bytes = text.as_bytes();
    let prefix = (bytes.len() >= 2 && bytes[0] == b'0')
        .then(|| bytes[1].to_ascii_lowercase())
        .filter(|p| matches!(p, b'x' | b'o' | b'b'));
    let hex = prefix == Some(b'x');
    // What came last: `b'0'` a digit (or the base prefix), `b'_'` an
    // underscore, `b'^'` the start, `b'!'` anything else.
    let mut last = if prefix.is_some() { b'0' } else { b'^' };
    for &b in &bytes[if prefix.is_some() { 2 } else { 0 }..] {
        if b.is_ascii_digit() || (hex && b.is_ascii_hexdigit()) {
            last = b'0';
        } else if b == b'_' {
            if last != b'0' {
                return false;
            }
            last = b'_';
        } else if last == b'_' {
            return false;
        } else {
            last = b'!';
        }
    }
    last != b'_'
}

/// Splits `k=v,k2="a,b",k3=x;y` into pairs; quoted values are unquoted.
fn split_key_values(text: &str) -> Result<Vec<(String, String)>, String> {
    let mut pairs = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let key_start = i;
        while i < chars.len() && chars[i] != '=' && chars[i] != ',' {
            i += 1;
        }
        let key: String = chars[key_start..i]
            .iter()
            .collect::<String>()
            .trim()
            .to_string();
        if key.is_empty() {
            return Err("expected `key=value`".to_string());
        }
        if i >= chars.len() || chars[i] != '=' {
            return Err(format!("`{key}` has no value; write `{key}=...`"));
        }
        i += 1;
        let mut value = String::new();
        if i < chars.len() && chars[i] == '"' {
            let rest: String = chars[i..].iter().collect();
            let mut cursor = Cursor::new(&rest, 0);
            value = cursor
                .quoted()
                .map_err(|e| format!("value of `{key}`: {}", e.message))?;
            i += cursor.pos;
        } else {
            while i < chars.len() && chars[i] != ',' {
                value.push(chars[i]);
                i += 1;
            }
            value = value.trim().to_string();
        }
        pairs.push((key, value));
        if i < chars.len() {
            if chars[i] != ',' {
                return Err(format!(
                    "expected `,` after the value of `{}`",
                    pairs[pairs.len() - 1].0
                ));
            }
            i += 1;
        }
    }
    Ok(pairs)
}

/// Splits a doc comment's text into lines and returns, for each line that is
/// a marker, its character offset within the line and the marker text.
///
/// A marker line is one whose first non-space character is `+` followed by
/// a letter (so `+ 1` in prose is not a marker).
pub fn marker_lines(doc_line: &str) -> Option<(usize, &str)> {
    let trimmed = doc_line.trim_start();
    let offset = doc_line.chars().count() - trimmed.chars().count();
    let mut chars = trimmed.chars();
    if chars.next() == Some('+') && chars.next().is_some_and(|c| c.is_ascii_alphabetic()) {
        Some((offset, trimmed.trim_end()))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Marker {
        parse_marker(text, Location::unknown()).unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    fn error(text: &str) -> SyntaxError {
        parse_marker(text, Location::unknown()).expect_err(text)
    }

    #[test]
    fn bare_tag() {
        let m = parse("+genclient");
        assert_eq!(m.name, "genclient");
        assert!(m.args.is_empty() && !m.has_args);
        assert!(matches!(m.payload, Payload::None));
    }

    #[test]
    fn tag_with_colon_name() {
        let m = parse("+genclient:nonNamespaced");
        assert_eq!(m.name, "genclient:nonNamespaced");
    }

    #[test]
    fn tag_with_value() {
        let m = parse("+k8s:maxLength=10");
        assert_eq!(m.name, "k8s:maxLength");
        assert_eq!(m.payload_text(), Some("10"));
    }

    #[test]
    fn quoted_payload_is_unquoted() {
        let m = parse(r#"+k8s:supportsSubresource="/status""#);
        assert_eq!(m.payload_string().as_deref(), Some("/status"));
        let m = parse(r#"+k8s:neq="a\"b""#);
        assert_eq!(m.payload_string().as_deref(), Some("a\"b"));
    }

    /// Go's escapes, as `strconv.Unquote` reads them: the letters, `\x`,
    /// `\u`, `\U` and three-digit octal. A `\x` or octal escape is a
    /// byte in Go, taken only when ASCII (a marker's text is UTF-8).
    #[test]
    fn quoted_strings_take_gos_escapes() {
        let unquoted = |text: &str| parse(&format!("+k8s:neq={text}")).payload_string();
        assert_eq!(
            unquoted(r#""\a\b\f\n\r\t\v\\\"""#).as_deref(),
            Some("\u{7}\u{8}\u{c}\n\r\t\u{b}\\\"")
        );
        assert_eq!(
            unquoted(r#""\x41\101\u00e9\U0001F600""#).as_deref(),
            Some("AAé😀")
        );
        let error = |text: &str| {
            let m = parse(&format!("+k8s:neq={text}"));
            let text = m.payload_text().unwrap_or_default().to_string();
            Cursor::new(&text, 0).quoted().expect_err(&text).message
        };
        assert_eq!(error(r#""\q""#), "unknown escape `\\q`");
        assert_eq!(error(r#""\x4""#), "escape `\\x` needs 2 digits in base 16");
        assert_eq!(error(r#""\08""#), "escape `\\0` needs 3 digits in base 8");
        assert!(error(r#""\xe9""#).starts_with("escape `\\x` above 0x7f is a byte"));
        assert_eq!(
            error(r#""\ud800""#),
            "escape `\\u` is not a Unicode character"
        );
    }

    #[test]
    fn empty_payload_names_the_core_group() {
        let m = parse("+groupName=");
        assert_eq!(m.payload_string().as_deref(), Some(""));
    }

    #[test]
    fn json_payload_is_kept_whole() {
        let m = parse(r#"+default={"name": "a=b", "n": [1, 2]}"#);
        assert_eq!(m.payload_text(), Some(r#"{"name": "a=b", "n": [1, 2]}"#));
    }

    #[test]
    fn positional_argument() {
        let m = parse(r#"+k8s:ifEnabled("my-feature")=+k8s:required"#);
        assert_eq!(
            m.positional_arg(),
            Some(&Value::String("my-feature".into()))
        );
        let Payload::Tag(inner) = &m.payload else {
            panic!("chained")
        };
        assert_eq!(inner.name, "k8s:required");
    }

    #[test]
    fn named_arguments_of_every_value_type() {
        let m = parse(
            r#"+k8s:item(stringKey: "value", intKey: 42, boolKey: true, hex: -0x10)=+k8s:forbidden"#,
        );
        assert_eq!(m.arg("stringKey"), Some(&Value::String("value".into())));
        assert_eq!(m.arg("intKey"), Some(&Value::Int(42)));
        assert_eq!(m.arg("boolKey"), Some(&Value::Bool(true)));
        assert_eq!(m.arg("hex"), Some(&Value::Int(-16)));
        assert_eq!(m.innermost().name, "k8s:forbidden");
    }

    #[test]
    fn raw_string_argument() {
        let m = parse("+k8s:subfield(`my\\Field`)=+k8s:required");
        assert_eq!(m.positional_arg(), Some(&Value::String("my\\Field".into())));
    }

    #[test]
    fn empty_argument_list() {
        let m = parse("+k8s:unionMember()");
        assert!(m.has_args && m.args.is_empty());
    }

    #[test]
    fn chained_payloads_nest() {
        let m = parse("+k8s:eachVal=+k8s:minimum=1");
        assert_eq!(m.name, "k8s:eachVal");
        let inner = m.innermost();
        assert_eq!(inner.name, "k8s:minimum");
        assert_eq!(inner.payload_text(), Some("1"));
        assert_eq!(inner.text, "+k8s:minimum=1");

        let m = parse(r#"+k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember"#);
        assert_eq!(m.arg("type"), Some(&Value::String("Approved".into())));
        assert_eq!(m.innermost().name, "k8s:zeroOrOneOfMember");

        let m = parse(r#"+k8s:ifEnabled("a")=+k8s:eachVal=+k8s:maxLength=3"#);
        assert_eq!(m.innermost().name, "k8s:maxLength");
    }

    #[test]
    fn chained_marker_location_points_at_its_plus() {
        let loc = Location::new("types.rs", 4, 9);
        let m = parse_marker("+k8s:eachVal=+k8s:minimum=1", loc).unwrap();
        let inner = m.innermost();
        assert_eq!((inner.location.line, inner.location.column), (4, 9 + 13));
    }

    #[test]
    fn kubebuilder_key_values_fold_into_the_payload() {
        let m = parse(
            r#"+kubebuilder:printcolumn:name="Ready",type=string,JSONPath=".status.ready",priority=1"#,
        );
        assert_eq!(m.name, "kubebuilder:printcolumn");
        assert_eq!(
            m.key_values().unwrap(),
            vec![
                ("name".into(), "Ready".into()),
                ("type".into(), "string".into()),
                ("JSONPath".into(), ".status.ready".into()),
                ("priority".into(), "1".into()),
            ]
        );
        let m = parse("+kubebuilder:resource:path=widgets,shortName=wd;wdg,scope=Namespaced");
        assert_eq!(m.name, "kubebuilder:resource");
        assert_eq!(
            m.key_values().unwrap()[1],
            ("shortName".into(), "wd;wdg".into())
        );
        let m = parse("+kubebuilder:subresource:status");
        assert_eq!(m.name, "kubebuilder:subresource:status");
    }

    #[test]
    fn syntax_errors_point_at_the_problem() {
        let e = error("+k8s:ifEnabled(\"a\"=+k8s:required");
        assert_eq!(e.message, "expected `,` or `)` in the argument list");
        assert_eq!(e.offset, 18);
        let e = error("+k8s:item(type: Approved)=+k8s:forbidden");
        assert!(e.message.contains("found `Approved`"), "{}", e.message);
        assert_eq!(e.offset, 16);
        let e = error("+k8s:item(\"a\", \"b\")");
        assert!(e.message.contains("only one positional"));
        let e = error("+k8s:optional true");
        assert!(e.message.starts_with("unexpected `t`"));
        let e = error("+k8s:neq(\"x)");
        assert_eq!(e.message, "unterminated string");
        let e = error("+k8s:");
        assert!(e.message.contains("cannot end with"));
        let e = error("+k8s:eachVal=+");
        assert_eq!(e.message, "expected a tag name after `+`");
        assert_eq!(e.offset, 14);
    }

    #[test]
    fn go_integers() {
        assert_eq!(parse_go_int("10"), Some(10));
        assert_eq!(parse_go_int("-1"), Some(-1));
        assert_eq!(parse_go_int("0x1F"), Some(31));
        assert_eq!(parse_go_int("017"), Some(15));
        assert_eq!(parse_go_int("1_000"), Some(1000));
        assert_eq!(parse_go_int("9223372036854775808"), None);
        assert_eq!(parse_go_int("ten"), None);
        assert_eq!(parse_go_int("-9223372036854775808"), Some(i64::MIN));
        assert_eq!(parse_go_int("0b101"), Some(5));
        assert_eq!(parse_go_int("0o17"), Some(15));
        assert_eq!(parse_go_int("0x_1F"), Some(31));
        // As strconv refuses them: a second sign (once a panic, negating
        // i128::MIN), a sign after a prefix or a leading zero, digits
        // outside the base, misplaced separators.
        for refused in [
            "--5",
            "+-5",
            "-+5",
            "--170141183460469231731687303715884105728",
            "0-5",
            "0x-5",
            "0x+5",
            "08",
            "0b2",
            "_10",
            "10_",
            "1__0",
            "0_x1",
            "-",
            "0x",
        ] {
            assert_eq!(parse_go_int(refused), None, "{refused}");
        }
    }

    #[test]
    fn marker_lines_are_recognised() {
        assert_eq!(marker_lines(" +k8s:optional"), Some((1, "+k8s:optional")));
        assert_eq!(marker_lines(" + 1 is not a marker"), None);
        assert_eq!(marker_lines(" plain prose"), None);
    }
}
