//! The names a field's JSON may take.

use crate::diagnostics::Diagnostic;
use crate::model::Field;

/// The error for a field whose JSON name Go's `encoding/json` would not
/// use ([`is_go_json_name`]); `None` for a usable name.
pub(super) fn unusable_json_name(field: &Field) -> Option<Diagnostic> {
    if is_go_json_name(&field.json_name) {
        return None;
    }
    Some(
        Diagnostic::new(
            format!(
                "JSON name `{}` of field `{}` is not a name Go's encoding/json accepts",
                field.json_name, field.rust_name
            ),
            &field.location,
            field.rust_name.len(),
        )
        .label("Go would ignore this name and write the Go field's own")
        .help("use letters, digits and punctuation other than quotes and backslashes, as a Go `json:\"...\"` tag name does"),
    )
}

/// Whether `name` is a JSON name Go's `encoding/json` accepts in a struct
/// tag (`isValidTag`): not empty, made of letters, digits (here Rust's
/// `char::is_alphanumeric`, a little wider than Go's `unicode.IsLetter`
/// and `IsDigit` outside ASCII), space and ``!#$%&()*+-./:;<=>?@[]^_{|}~``;
/// never a quote, a backslash or a control character. The server's field
/// manager relies on that: it writes a schema field's FieldsV1 key
/// (`"f:<name>"`) without looking for characters to escape.
fn is_go_json_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || "!#$%&()*+-./:;<=>?@[]^_{|}~ ".contains(c))
}
