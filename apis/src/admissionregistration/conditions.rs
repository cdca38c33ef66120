//! Webhooks' match conditions (`matchConditions`): CEL expressions over a
//! request, compiled when a configuration is written
//! (`validateMatchConditionsExpression`) and evaluated before the webhook
//! is called (upstream's `matchconditions.Matcher`): a webhook is called
//! only when none of its conditions is false.
//!
//! Expressions are parsed and evaluated by the `cel` crate, with
//! upstream's variables: `object` and `oldObject` (null where the
//! operation has none: a create's old object, a delete's object) and
//! `request`, the `AdmissionRequest` without the objects. Where this
//! differs from kube-apiserver's cel-go:
//! - there is no type checker: a reference to an unknown variable or
//!   function, or a field of the wrong type, fails when the expression is
//!   evaluated (an evaluation error, which the failure policy decides),
//!   not when the configuration is written;
//! - `authorizer` is refused when the configuration is written: this
//!   server has no authorizer to ask;
//! - Kubernetes' CEL libraries (`quantity()`, `url()`, `lowerAscii()`,
//!   ...) are missing; the standard functions and macros (`has`, `all`,
//!   `exists`, `matches`, `startsWith`, `size`, ...) are there.

use std::sync::Arc;

use cel::{Context, ExecutionError, Program};
use serde_json::Value;

use super::v1::MatchCondition;

/// The variable upstream declares for authorization checks, which this
/// server cannot answer.
const AUTHORIZER: &str = "authorizer";

/// Why an expression cannot be a match condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompileError {
    /// It does not parse: cel-go's words, `compilation failed: ERROR:
    /// <input>:<line>:<column>: <message>` and the line marked under it
    /// (a field's `Invalid value`).
    Invalid(String),
    /// It needs what this server does not have (a field's `Forbidden`).
    Forbidden(String),
}

/// Compiles `expression` (already trimmed, as upstream trims it).
///
/// Errors: see [`CompileError`].
pub fn compile(expression: &str) -> Result<Program, CompileError> {
    let program = Program::compile(expression).map_err(|errors| {
        let issues: Vec<String> = errors
            .errors
            .iter()
            .map(|e| issue(expression, e.pos, &e.msg))
            .collect();
        CompileError::Invalid(format!("compilation failed: {}", issues.join("\n")))
    })?;
    if program.references().variables().contains(&AUTHORIZER) {
        return Err(CompileError::Forbidden(
            "the authorizer variable is not supported by this server: it has no authorizer".into(),
        ));
    }
    Ok(program)
}

/// One issue as cel-go's `Issues.String` writes it: the position, the
/// message, the expression's line and a caret under the column.
fn issue(expression: &str, (line, column): (isize, isize), message: &str) -> String {
    let text = usize::try_from(line - 1)
        .ok()
        .and_then(|l| expression.lines().nth(l))
        .unwrap_or("");
    let dots = ".".repeat(usize::try_from(column - 1).unwrap_or(0));
    format!("ERROR: <input>:{line}:{column}: {message}\n | {text}\n | {dots}^")
}

/// What a webhook's conditions say of a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Matched {
    /// None is false, and none failed: the webhook is called.
    Yes,
    /// This condition is false: the webhook is not called, whatever the
    /// others say.
    No {
        /// The condition's name.
        condition: String,
    },
    /// None is false, and these failed: upstream's aggregate of them
    /// (`expression '<expression>' resulted in error: <why>`; several in
    /// brackets, comma-separated), for the failure policy to decide.
    Failed(String),
}

/// Evaluates `conditions` in order over the request (`request`, the
/// AdmissionRequest without the objects) and its objects, in the version
/// the webhook's rules matched.
pub fn evaluate(
    conditions: &[MatchCondition],
    object: Option<&Value>,
    old_object: Option<&Value>,
    request: &Value,
) -> Matched {
    if conditions.is_empty() {
        return Matched::Yes;
    }
    let mut errors = Vec::new();
    let context = context(object, old_object, request);
    for condition in conditions {
        let expression = condition.expression.trim();
        let outcome = match (compile(expression), &context) {
            (Ok(program), Ok(context)) => program.execute(context).map_err(|e| words(&e)),
            (Err(CompileError::Invalid(why) | CompileError::Forbidden(why)), _) => Err(why),
            (_, Err(why)) => Err(why.clone()),
        };
        match outcome {
            Ok(cel::Value::Bool(false)) => {
                return Matched::No {
                    condition: condition.name.clone(),
                };
            }
            Ok(_) => {}
            Err(why) => errors.push(format!(
                "expression '{expression}' resulted in error: {why}"
            )),
        }
    }
    match errors.len() {
        0 => Matched::Yes,
        1 => Matched::Failed(errors.remove(0)),
        _ => Matched::Failed(format!("[{}]", errors.join(", "))),
    }
}

/// The variables of an evaluation.
///
/// Errors: a value CEL cannot hold (none that JSON makes).
fn context(
    object: Option<&Value>,
    old_object: Option<&Value>,
    request: &Value,
) -> Result<Context<'static, 'static>, String> {
    let mut context = Context::default();
    let null = Value::Null;
    for (name, value) in [
        ("object", object.unwrap_or(&null)),
        ("oldObject", old_object.unwrap_or(&null)),
        ("request", request),
    ] {
        context
            .add_variable(name, value)
            .map_err(|e| e.to_string())?;
    }
    Ok(context)
}

/// An evaluation error in cel-go's words where they differ.
fn words(error: &ExecutionError) -> String {
    match error {
        ExecutionError::NoSuchKey(key) => format!("no such key: {key}"),
        ExecutionError::UndeclaredReference(name) => {
            format!("undeclared reference to '{}'", Arc::as_ref(name))
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn condition(name: &str, expression: &str) -> MatchCondition {
        MatchCondition {
            name: name.into(),
            expression: expression.into(),
        }
    }

    #[test]
    fn expressions_that_do_not_parse_are_reported_as_cel_go_reports_them() {
        assert_eq!(
            compile("a b").err(),
            Some(CompileError::Invalid(
                "compilation failed: ERROR: <input>:1:3: Syntax error: extraneous input 'b' expecting <EOF>\n | a b\n | ..^"
                    .into()
            ))
        );
        assert!(matches!(
            compile("authorizer.group('').resource('pods').check('create').allowed()"),
            Err(CompileError::Forbidden(_))
        ));
        assert!(compile("request.userInfo.username != 'admin'").is_ok());
    }

    #[test]
    fn a_false_condition_wins_over_errors_and_errors_over_true_ones() {
        let object = json!({"metadata": {"name": "a", "labels": {"team": "x"}}});
        let request = json!({"operation": "CREATE", "userInfo": {"username": "admin"}});
        let eval =
            |conditions: &[MatchCondition]| evaluate(conditions, Some(&object), None, &request);
        assert_eq!(eval(&[]), Matched::Yes);
        assert_eq!(
            eval(&[
                condition("team", "object.metadata.labels['team'] == 'x'"),
                condition("create", "request.operation == 'CREATE'"),
                condition("no-old", "oldObject == null"),
            ]),
            Matched::Yes
        );
        assert_eq!(
            eval(&[
                condition("missing", "object.metadata.labels.owner == 'y'"),
                condition("admin", "request.userInfo.username != 'admin'"),
            ]),
            Matched::No {
                condition: "admin".into()
            }
        );
        assert_eq!(
            eval(&[condition("missing", "object.metadata.labels.owner == 'y'")]),
            Matched::Failed(
                "expression 'object.metadata.labels.owner == 'y'' resulted in error: no such key: owner"
                    .into()
            )
        );
        assert_eq!(
            eval(&[
                condition("a", "nope"),
                condition("b", "object.spec.x"),
                condition("c", "true"),
            ]),
            Matched::Failed(
                "[expression 'nope' resulted in error: undeclared reference to 'nope', expression 'object.spec.x' resulted in error: no such key: spec]"
                    .into()
            )
        );
    }
}
