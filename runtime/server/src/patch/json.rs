//! RFC 6902 JSON patch as kube-apiserver applies it
//! (`jsonPatcher.applyJSPatch` of k8s.io/apiserver, evanphx/json-patch v4
//! with `AccumulatedCopySizeLimit` set to the server's
//! `JSONPatchMaxCopyBytes`): the `json-patch` crate's operations, applied
//! in order to a document the caller throws away on error, with two bounds
//! that crate does not keep.
//!
//! - **Copies.** What the `copy` operations copy adds up to at most
//!   [`MAX_COPY_BYTES`] of JSON (upstream's limit and words). Without it a
//!   few dozen operations copying the root double the document each time,
//!   until memory runs out.
//! - **Depth.** No operation may nest the document more than [`MAX_DEPTH`]
//!   levels deep. Cloning, comparing, serializing and dropping a
//!   `serde_json::Value` recurse once per level; copying a value into
//!   itself doubles its depth, so a dozen operations would reach a depth
//!   that overflows a thread's stack, which aborts the process. Go's
//!   growing stacks do not meet this; the bound is far above what the
//!   result may have anyway (the object is then decoded with serde_json's
//!   limit of 128 levels).
//!
//! Operations are applied one at a time with the crate's `patch_unsafe`:
//! its `patch` undoes the applied operations when one fails, and panics
//! when an undo fails (a `move` onto its own parent cannot be undone).

use json_patch::{PatchError, PatchOperation};
use serde_json::Value;

/// The most the `copy` operations of one patch may copy, in bytes of JSON:
/// kube-apiserver's `JSONPatchMaxCopyBytes` (3 MiB, twice the largest
/// request etcd accepts by default).
pub const MAX_COPY_BYTES: usize = 3 * 1024 * 1024;

/// The deepest a patched document may nest (objects and arrays), counted
/// conservatively for `move` (see [`apply`]).
pub const MAX_DEPTH: usize = 512;

/// Why a JSON patch did not apply.
#[derive(Debug)]
pub enum JsonPatchError {
    /// An operation failed as RFC 6902 says (a missing path, a failed
    /// `test`, ...): the `json-patch` crate's error, with the index of the
    /// operation in the patch.
    Operation(PatchError),
    /// The `copy` operations copied more than [`MAX_COPY_BYTES`].
    CopySize {
        /// Bytes copied so far, the last copy included.
        accumulated: usize,
    },
    /// The operation at this index would nest the document deeper than
    /// [`MAX_DEPTH`].
    TooDeep {
        /// The index of the operation in the patch.
        operation: usize,
    },
}

impl std::fmt::Display for JsonPatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JsonPatchError::Operation(e) => e.fmt(f),
            JsonPatchError::CopySize { accumulated } => write!(
                f,
                "Unable to complete the copy, the accumulated size increase of copy is \
                 {accumulated}, exceeding the limit {MAX_COPY_BYTES}"
            ),
            JsonPatchError::TooDeep { operation } => write!(
                f,
                "operation {operation} would nest the document deeper than {MAX_DEPTH} levels"
            ),
        }
    }
}

impl std::error::Error for JsonPatchError {}

/// Applies `operations` to `doc` in order. On error `doc` holds the
/// operations before the failed one applied: callers patch a copy and drop
/// it.
///
/// The depth is kept as a bound: the document's, measured once, raised by
/// what each `add`, `replace`, `copy` or `move` puts where (its path's
/// length and its value's depth; for a `move`, the moved value is taken to
/// be as deep as the bound allows below its old place, so as not to walk it
/// on every move).
///
/// Errors: [`JsonPatchError`], for the first operation that fails or
/// passes a bound.
pub fn apply(doc: &mut Value, operations: &[PatchOperation]) -> Result<(), JsonPatchError> {
    let mut depth_bound = depth(doc);
    let mut copied = 0usize;
    for (index, operation) in operations.iter().enumerate() {
        let placed = match operation {
            PatchOperation::Add(op) => Some(op.path.count() + depth(&op.value)),
            PatchOperation::Replace(op) => Some(op.path.count() + depth(&op.value)),
            PatchOperation::Move(op) => {
                Some(op.path.count() + depth_bound.saturating_sub(op.from.count()))
            }
            PatchOperation::Copy(op) => match doc.pointer(op.from.as_str()) {
                Some(source) => {
                    let source_depth = depth(source);
                    if op.path.count() + source_depth > MAX_DEPTH {
                        return Err(JsonPatchError::TooDeep { operation: index });
                    }
                    // Within the depth bound: its serialization's recursion
                    // is bounded.
                    copied = copied.saturating_add(runtime::codec::json_len(source));
                    if copied > MAX_COPY_BYTES {
                        return Err(JsonPatchError::CopySize {
                            accumulated: copied,
                        });
                    }
                    Some(op.path.count() + source_depth)
                }
                // The crate says what is missing.
                None => None,
            },
            PatchOperation::Remove(_) | PatchOperation::Test(_) => None,
        };
        if let Some(placed) = placed {
            depth_bound = depth_bound.max(placed);
            if depth_bound > MAX_DEPTH {
                return Err(JsonPatchError::TooDeep { operation: index });
            }
        }
        json_patch::patch_unsafe(doc, std::slice::from_ref(operation)).map_err(|mut e| {
            e.operation = index;
            JsonPatchError::Operation(e)
        })?;
    }
    Ok(())
}

/// How deep `value` nests: 0 for a scalar, 1 for an object or array of
/// scalars (or an empty one), and so on; walked without recursing.
fn depth(value: &Value) -> usize {
    let mut deepest = 0;
    let mut pending = vec![(value, 0usize)];
    while let Some((value, above)) = pending.pop() {
        let children: Box<dyn Iterator<Item = &Value>> = match value {
            Value::Array(items) => Box::new(items.iter()),
            Value::Object(members) => Box::new(members.values()),
            _ => continue,
        };
        deepest = deepest.max(above + 1);
        pending.extend(children.map(|child| (child, above + 1)));
    }
    deepest
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ops(patch: Value) -> Vec<PatchOperation> {
        serde_json::from_value(patch).expect("a JSON patch")
    }

    /// Operations apply in order, as RFC 6902 says.
    #[test]
    fn operations_apply_in_order() {
        let mut doc = json!({"a": 1, "b": {"c": [1, 2]}});
        let patch = ops(json!([
            {"op": "add", "path": "/b/c/-", "value": 3},
            {"op": "copy", "from": "/b", "path": "/d"},
            {"op": "move", "from": "/a", "path": "/d/a"},
            {"op": "test", "path": "/d/c/2", "value": 3},
            {"op": "remove", "path": "/b"},
        ]));
        apply(&mut doc, &patch).expect("applies");
        assert_eq!(doc, json!({"d": {"a": 1, "c": [1, 2, 3]}}));
    }

    /// A `move` onto its own parent followed by a failing operation: the
    /// crate's `patch` panics undoing it; here the failure is an error
    /// naming the failed operation.
    #[test]
    fn a_failure_after_a_move_onto_its_parent_is_an_error() {
        let mut doc = json!({"metadata": {"name": "x"}, "kind": "ConfigMap"});
        let patch = ops(json!([
            {"op": "move", "from": "/metadata/name", "path": "/metadata"},
            {"op": "test", "path": "/kind", "value": "nope"},
        ]));
        match apply(&mut doc, &patch) {
            Err(JsonPatchError::Operation(e)) => assert_eq!(e.operation, 1),
            other => panic!("{other:?}"),
        }
    }

    /// Copying the root over and over stops at upstream's limit, with
    /// upstream's words.
    #[test]
    fn copies_stop_at_three_mebibytes() {
        let mut doc = json!({"data": "x".repeat(100_000)});
        let copies: Vec<Value> = (0..40)
            .map(|i| json!({"op": "copy", "from": "", "path": format!("/c{i}")}))
            .collect();
        let error = apply(&mut doc, &ops(Value::Array(copies))).expect_err("refused");
        assert!(
            matches!(error, JsonPatchError::CopySize { accumulated } if accumulated > MAX_COPY_BYTES)
        );
        assert!(
            error.to_string().starts_with(
                "Unable to complete the copy, the accumulated size increase of copy is "
            ),
            "{error}"
        );
    }

    /// A value copied into itself doubles its depth each time: refused
    /// once past the bound, and the document is never deeper than it.
    #[test]
    fn copies_into_themselves_stop_at_the_depth_bound() {
        let chain = (0..100).fold(json!(1), |inner, _| json!({"a": inner}));
        let mut doc = json!({"x": chain});
        // Each copy goes into the innermost object of what `/x` is by then.
        let mut patch = Vec::new();
        let mut innermost = format!("/x{}", "/a".repeat(99));
        for _ in 0..12 {
            let target = format!("{innermost}/y");
            patch.push(json!({"op": "copy", "from": "/x", "path": target}));
            let below_x = innermost.strip_prefix("/x").unwrap_or_default().to_string();
            innermost = format!("{target}{below_x}");
        }
        let error = apply(&mut doc, &ops(Value::Array(patch))).expect_err("refused");
        assert!(
            matches!(error, JsonPatchError::TooDeep { operation: 2 }),
            "{error:?}"
        );
        assert!(depth(&doc) <= MAX_DEPTH);
    }

    /// Depth is counted without recursion, levels of objects and arrays.
    #[test]
    fn depth_counts_levels() {
        assert_eq!(depth(&json!(1)), 0);
        assert_eq!(depth(&json!({})), 1);
        assert_eq!(depth(&json!({"a": [1, {"b": []}]})), 4);
        let deep = (0..10_000).fold(Value::Null, |inner, _| Value::Array(vec![inner]));
        assert_eq!(depth(&deep), 10_000);
        // Dropping it recurses: take it apart first.
        let mut deep = deep;
        while let Value::Array(mut items) = deep {
            deep = items.pop().unwrap_or(Value::Null);
        }
    }
}
