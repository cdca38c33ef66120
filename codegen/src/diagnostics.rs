//! Diagnostics rendered like rustc's: `error: ...`, `--> file:line:col`, the
//! source line, a caret under the offending text, and a `help:` line.
//!
//! Rendering uses `codespan-reporting` with ASCII characters and no colour,
//! so the text is stable enough to assert in tests and to read in CI logs.

use std::collections::BTreeMap;
use std::path::PathBuf;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Chars, Config};

use crate::model::Location;

/// One error found in the sources.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// The headline, e.g. "unknown marker `+k8s:maxLen`".
    pub message: String,
    /// Where it is.
    pub location: Location,
    /// How many characters to underline from `location` (at least 1).
    pub len: usize,
    /// The text beside the caret, e.g. "not a known tag".
    pub label: String,
    /// A suggestion, printed as `= help: ...`.
    pub help: Option<String>,
}

impl Diagnostic {
    /// A diagnostic at `location` underlining `len` characters.
    pub fn new(message: impl Into<String>, location: &Location, len: usize) -> Self {
        Diagnostic {
            message: message.into(),
            location: location.clone(),
            len: len.max(1),
            label: String::new(),
            help: None,
        }
    }

    /// Sets the caret label.
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    /// Sets the help line.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The one-line form, `file:line:col: error: message`, used where no
    /// source text is at hand.
    pub fn short(&self) -> String {
        let mut s = format!("{}: error: {}", self.location, self.message);
        if let Some(help) = &self.help {
            s.push_str(&format!(" (help: {help})"));
        }
        s
    }
}

/// Renders diagnostics against their source files, rustc style. Files are
/// read from disk once each; a file that cannot be read falls back to the
/// one-line form.
pub fn render(diagnostics: &[Diagnostic]) -> String {
    let mut files = SimpleFiles::new();
    let mut ids: BTreeMap<PathBuf, Option<usize>> = BTreeMap::new();
    let mut out = Vec::new();
    let config = Config {
        chars: Chars::ascii(),
        ..Config::default()
    };
    for d in diagnostics {
        let id = *ids.entry(d.location.file.clone()).or_insert_with(|| {
            std::fs::read_to_string(&d.location.file)
                .ok()
                .map(|src| files.add(d.location.file.display().to_string(), src))
        });
        let Some(id) = id else {
            out.extend_from_slice(d.short().as_bytes());
            out.push(b'\n');
            continue;
        };
        let source = files
            .get(id)
            .map(|f| f.source().clone())
            .unwrap_or_default();
        let start = byte_offset(&source, d.location.line, d.location.column);
        let end = char_end(&source, start, d.len);
        let mut diagnostic = CsDiagnostic::error()
            .with_message(&d.message)
            .with_labels(vec![Label::primary(id, start..end).with_message(&d.label)]);
        if let Some(help) = &d.help {
            diagnostic = diagnostic.with_notes(vec![format!("help: {help}")]);
        }
        if term::emit(&mut out, &config, &files, &diagnostic).is_err() {
            out.extend_from_slice(d.short().as_bytes());
            out.push(b'\n');
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The byte offset of 1-based `line`, `column` (in characters) in `source`,
/// clamped to the end of that line.
fn byte_offset(source: &str, line: usize, column: usize) -> usize {
    let mut offset = 0;
    for (i, text) in source.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            let within: usize = text
                .trim_end_matches('\n')
                .chars()
                .take(column.saturating_sub(1))
                .map(char::len_utf8)
                .sum();
            return offset + within;
        }
        offset += text.len();
    }
    source.len()
}

/// The byte offset `chars` characters after `start`, not past the line end.
fn char_end(source: &str, start: usize, chars: usize) -> usize {
    let rest = &source[start..];
    let line_len = rest.find('\n').unwrap_or(rest.len());
    let len: usize = rest[..line_len]
        .chars()
        .take(chars)
        .map(char::len_utf8)
        .sum();
    start + len.max(if line_len == 0 { 0 } else { 1 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_rustc() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("types.rs");
        std::fs::write(
            &file,
            "pub struct A {\n    /// +k8s:maxLen=3\n    pub a: String,\n}\n",
        )
        .unwrap();
        let d = Diagnostic::new(
            "unknown marker `+k8s:maxLen`",
            &Location::new(&file, 2, 9),
            11,
        )
        .label("not a known tag")
        .help("did you mean `+k8s:maxLength`?");
        let text = render(&[d]);
        let expected = format!(
            "error: unknown marker `+k8s:maxLen`\n  --> {}:2:9\n  |\n2 |     /// +k8s:maxLen=3\n  |         ^^^^^^^^^^^ not a known tag\n  |\n  = help: did you mean `+k8s:maxLength`?\n\n",
            file.display()
        );
        assert_eq!(text, expected);
    }
}
