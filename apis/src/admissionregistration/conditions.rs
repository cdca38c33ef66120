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
//!   `exists`, `matches`, `startsWith`, `size`, ...) are there;
//! - there is no cost budget; an expression is bounded by its length
//!   instead (500 operators and brackets outside string literals), and
//!   parsed and evaluated on a thread of its own, whose stack an
//!   expression within that bound cannot overflow.

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

/// The most operators and brackets (outside string literals) an
/// expression may have. The parser and the evaluator recurse once per
/// level of the expression's tree, which a chain of operators deepens by
/// one each; 500 of them fit in [`STACK_BYTES`] several times over, even
/// in a debug build. (cel-go limits the parser's recursion to 250.)
const MAX_OPERATORS: usize = 500;

/// The stack of the thread an expression is parsed and evaluated on.
const STACK_BYTES: usize = 64 << 20;

/// Checks that `expression` (already trimmed, as upstream trims it)
/// compiles.
///
/// Errors: see [`CompileError`].
pub fn check(expression: &str) -> Result<(), CompileError> {
    on_own_stack(|| compile(expression).map(drop))
        .unwrap_or_else(|why| Err(CompileError::Invalid(why)))
}

/// Runs `f` on a thread of its own with a stack of [`STACK_BYTES`], and
/// waits for it: the parser and the evaluator recurse as deep as the
/// expression is, which an expression within [`MAX_OPERATORS`] keeps
/// within that stack, not within a server thread's.
///
/// Errors: the thread cannot be started, or `f` panicked.
fn on_own_stack<T: Send>(f: impl FnOnce() -> T + Send) -> Result<T, String> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("cel".into())
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, f)
            .map_err(|e| format!("cannot evaluate CEL: {e}"))?
            .join()
            .map_err(|_| "the CEL evaluator failed".to_string())
    })
}

/// How many operator and bracket characters `expression` has outside its
/// string literals (an upper bound of how deep its tree is).
fn operators(expression: &str) -> usize {
    let mut count = 0;
    let mut quote = None;
    let mut escaped = false;
    for c in expression.chars() {
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == q {
                    quote = None;
                }
            }
            None if c == '\'' || c == '"' => quote = Some(c),
            None if "+-*/%!<>=&|?:([{.".contains(c) => count += 1,
            None => {}
        }
    }
    count
}

/// Compiles `expression`; to be called on [`on_own_stack`].
///
/// Errors: see [`CompileError`].
fn compile(expression: &str) -> Result<Program, CompileError> {
    let count = operators(expression);
    if count > MAX_OPERATORS {
        return Err(CompileError::Invalid(format!(
            "compilation failed: the expression has {count} operators and brackets, more than the {MAX_OPERATORS} this server parses"
        )));
    }
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
    on_own_stack(|| evaluate_here(conditions, object, old_object, request))
        .unwrap_or_else(Matched::Failed)
}

/// [`evaluate`] on the calling thread; to be called on [`on_own_stack`].
fn evaluate_here(
    conditions: &[MatchCondition],
    object: Option<&Value>,
    old_object: Option<&Value>,
    request: &Value,
) -> Matched {
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
            check("a b").err(),
            Some(CompileError::Invalid(
                "compilation failed: ERROR: <input>:1:3: Syntax error: extraneous input 'b' expecting <EOF>\n | a b\n | ..^"
                    .into()
            ))
        );
        assert!(matches!(
            check("authorizer.group('').resource('pods').check('create').allowed()"),
            Err(CompileError::Forbidden(_))
        ));
        assert_eq!(check("request.userInfo.username != 'admin'"), Ok(()));
        // Operators inside string literals do not count.
        let literal = format!("object.metadata.name != '{}'", "+(".repeat(600));
        assert_eq!(check(&literal), Ok(()));
    }

    /// Expressions deep enough to overflow a stack are refused before they
    /// are parsed; as deep as allowed, they parse and evaluate (in a debug
    /// build too, whose frames are largest).
    #[test]
    fn deep_expressions_are_refused_before_they_overflow_a_stack() {
        let deepest = vec!["1"; MAX_OPERATORS + 1].join(" + ");
        assert_eq!(
            check(&format!("{deepest} > 0")),
            Err(CompileError::Invalid(format!(
                "compilation failed: the expression has {} operators and brackets, more than the 500 this server parses",
                MAX_OPERATORS + 1
            )))
        );
        // 499 additions and a comparison: the most there may be.
        let deep = vec!["1"; MAX_OPERATORS].join(" + ");
        let expression = format!("{deep} > 0");
        assert_eq!(check(&expression), Ok(()));
        let request = json!({});
        assert_eq!(
            evaluate(&[condition("deep", &expression)], None, None, &request),
            Matched::Yes
        );
        let nested = format!("{}true{}", "(".repeat(200), ")".repeat(200));
        assert!(matches!(check(&nested), Err(CompileError::Invalid(_))));
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
