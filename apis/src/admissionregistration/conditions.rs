//! Webhooks' match conditions (`matchConditions`): CEL expressions over a
//! request, compiled when a configuration is written
//! (`validateMatchConditionsExpression`) and evaluated before the webhook
//! is called (upstream's `matchconditions.Matcher`): a webhook is called
//! only when none of its conditions is false.
//!
//! Expressions are parsed and evaluated by the `cel` crate, with the
//! standard library, the strings extension (`lowerAscii()`, `split()`,
//! ...), optional values and timestamps and durations, and upstream's
//! variables: `object` and `oldObject` (null where the operation has
//! none: a create's old object, a delete's object) and `request`, the
//! `AdmissionRequest` without the objects. Where this differs from
//! kube-apiserver's cel-go:
//! - there is no type checker. The expression's result must be a boolean
//!   by its form (a comparison, `&&`, `||`, `!`, `in`, `has()`, `all()`,
//!   `exists()`, a boolean function such as `startsWith()`, a boolean
//!   literal, or a conditional of two of these); a reference to an
//!   unknown variable or function, or a field of the wrong type, fails
//!   when the expression is evaluated, not when it is written;
//! - Kubernetes' own libraries (`quantity()`, `url()`, `isSorted()`, ...)
//!   are missing, and `authorizer` is refused when the configuration is
//!   written (this server has no authorizer to ask);
//! - there is no cost budget. Instead an expression may not nest a
//!   comprehension (`all`, `exists`, `exists_one`, `map`, `filter`)
//!   inside another, whose cost grows with a power of the object's size,
//!   nor have more than 1000 operators and brackets (each level
//!   of its tree takes one), so that it is parsed and evaluated within
//!   the stack of the thread of its own it runs on.

use std::sync::{Arc, OnceLock};

use cel::common::ast::{EntryExpr, Expr, IdedExpr, LiteralValue, operators};
use cel::{Context, Env, ExecutionError};
use serde_json::Value;

use super::v1::MatchCondition;

/// The variable upstream declares for authorization checks, which this
/// server cannot answer.
const AUTHORIZER: &str = "authorizer";

/// cel-go's limit of an expression's size, in characters (code points).
const MAX_CHARACTERS: usize = 100_000;

/// The most operator and bracket characters an expression may have,
/// counted anywhere in its text (string literals too: a count that needs
/// no lexing cannot be fooled by one). Every level of an expression's
/// tree takes at least one, and the parser and the evaluator recurse once
/// per level; 1000 levels fit in [`STACK_BYTES`] several times over, even
/// in a debug build.
const MAX_OPERATORS: usize = 1000;

/// The characters [`MAX_OPERATORS`] counts.
const OPERATOR_CHARACTERS: &str = "+-*/%!<>=&|?:([{.";

/// cel-go's limit of the parser's recursion (nested parentheses, calls,
/// lists).
const MAX_RECURSION_DEPTH: u16 = 250;

/// The stack of the thread an expression is parsed and evaluated on.
const STACK_BYTES: usize = 256 << 20;

/// Why an expression cannot be a match condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompileError {
    /// It does not parse (cel-go's words, `compilation failed: ERROR:
    /// <input>:<line>:<column>: <message>` and the line marked under it),
    /// is too large, or does not evaluate to a boolean: a field's
    /// `Invalid value`.
    Invalid(String),
    /// It needs what this server does not have (a field's `Forbidden`).
    Forbidden(String),
}

/// Checks that `expression` (already trimmed, as upstream trims it)
/// compiles.
///
/// Errors: see [`CompileError`].
pub fn check(expression: &str) -> Result<(), CompileError> {
    on_own_stack(|| compile(expression).map(drop))
        .unwrap_or_else(|why| Err(CompileError::Invalid(why)))
}

/// Runs `f` on a thread of its own with a stack of [`STACK_BYTES`] (an
/// address range; only what is used is memory), and waits for it: the
/// parser and the evaluator recurse as deep as the expression is, which
/// [`MAX_OPERATORS`] keeps within that stack, not a server thread's.
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

/// The environment expressions are compiled and evaluated in: the
/// standard library, the strings extension, optional values.
fn environment() -> Arc<Env> {
    static ENV: OnceLock<Arc<Env>> = OnceLock::new();
    ENV.get_or_init(|| {
        let mut env = Env::stdlib().with_optional_support(true);
        // The extension's functions are new names: adding them cannot
        // conflict with the standard library's.
        let _ = env.add_extension(cel::extensions::strings);
        Arc::new(env)
    })
    .clone()
}

/// How many operator and bracket characters `expression` has anywhere
/// (see [`MAX_OPERATORS`]), and `in` operators: the one operator spelled
/// as a word (counted wherever the word stands alone, in string literals
/// too).
fn operators(expression: &str) -> usize {
    let characters = expression
        .chars()
        .filter(|c| OPERATOR_CHARACTERS.contains(*c))
        .count();
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let words = expression
        .match_indices("in")
        .filter(|(at, _)| {
            let before = expression[..*at].chars().next_back();
            let after = expression[at + 2..].chars().next();
            !before.is_some_and(is_word) && !after.is_some_and(is_word)
        })
        .count();
    characters + words
}

/// Compiles `expression`; to be called on [`on_own_stack`].
///
/// Errors: see [`CompileError`].
fn compile(expression: &str) -> Result<IdedExpr, CompileError> {
    let size = expression.chars().count();
    if size > MAX_CHARACTERS {
        return Err(CompileError::Invalid(format!(
            "compilation failed: expression code point size exceeds limit: size: {size}, limit {MAX_CHARACTERS}"
        )));
    }
    let count = operators(expression);
    if count > MAX_OPERATORS {
        return Err(CompileError::Invalid(format!(
            "compilation failed: the expression has {count} operators and brackets, more than the {MAX_OPERATORS} this server parses"
        )));
    }
    let root = environment()
        .parser()
        .max_recursion_depth(MAX_RECURSION_DEPTH)
        .parse(expression)
        .map_err(|errors| {
            // Past the recursion limit the parser's other errors are its
            // own confusion; cel-go stops there.
            if errors
                .errors
                .iter()
                .any(|e| e.msg.contains("Recursion limit of"))
            {
                return CompileError::Invalid(format!(
                    "compilation failed: expression recursion limit exceeded: {MAX_RECURSION_DEPTH}"
                ));
            }
            let issues: Vec<String> = errors
                .errors
                .iter()
                .map(|e| issue(expression, e.pos, &e.msg))
                .collect();
            CompileError::Invalid(format!("compilation failed: {}", issues.join("\n")))
        })?;
    inspect(&root)?;
    if !is_boolean(&root) {
        return Err(CompileError::Invalid("must evaluate to bool".into()));
    }
    Ok(root)
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

/// Walks the tree (without recursing): the authorizer is refused, and so
/// is a comprehension in the loop of another.
///
/// Errors: see [`CompileError`].
fn inspect(root: &IdedExpr) -> Result<(), CompileError> {
    // Each node with whether it runs inside a comprehension's loop.
    let mut pending = vec![(root, false)];
    while let Some((node, in_loop)) = pending.pop() {
        match &node.expr {
            Expr::Ident(name) if name == AUTHORIZER => {
                return Err(CompileError::Forbidden(
                    "the authorizer variable is not supported by this server: it has no authorizer"
                        .into(),
                ));
            }
            Expr::Comprehension(c) => {
                if in_loop {
                    return Err(CompileError::Invalid(
                        "a comprehension (all, exists, exists_one, map, filter) inside another is not supported by this server: it has no cost budget to bound it"
                            .into(),
                    ));
                }
                pending.push((&c.iter_range, false));
                pending.push((&c.accu_init, false));
                for looped in [&c.loop_cond, &c.loop_step] {
                    pending.push((looped, true));
                }
                pending.push((&c.result, false));
            }
            Expr::Call(call) => {
                pending.extend(call.target.iter().map(|t| (t.as_ref(), in_loop)));
                pending.extend(call.args.iter().map(|a| (a, in_loop)));
            }
            Expr::Select(select) => pending.push((&select.operand, in_loop)),
            Expr::List(list) => pending.extend(list.elements.iter().map(|e| (e, in_loop))),
            Expr::Map(map) => {
                for entry in &map.entries {
                    if let EntryExpr::MapEntry(e) = &entry.expr {
                        pending.push((&e.key, in_loop));
                        pending.push((&e.value, in_loop));
                    }
                }
            }
            Expr::Struct(fields) => {
                for entry in &fields.entries {
                    if let EntryExpr::StructField(f) = &entry.expr {
                        pending.push((&f.value, in_loop));
                    }
                }
            }
            Expr::Ident(_) | Expr::Literal(_) | Expr::Unspecified => {}
        }
    }
    Ok(())
}

/// Whether `node` is a boolean by its form (see the module docs): the
/// check cel-go's type checker makes of a match condition's type.
fn is_boolean(node: &IdedExpr) -> bool {
    match &node.expr {
        Expr::Literal(LiteralValue::Boolean(_)) => true,
        Expr::Select(select) => select.test,
        Expr::Comprehension(c) => {
            matches!(c.accu_init.expr, Expr::Literal(LiteralValue::Boolean(_)))
                || is_boolean(&c.result)
        }
        Expr::Call(call) => match call.func_name.as_str() {
            operators::CONDITIONAL => call.args.iter().skip(1).all(is_boolean),
            operators::EQUALS
            | operators::NOT_EQUALS
            | operators::LESS
            | operators::LESS_EQUALS
            | operators::GREATER
            | operators::GREATER_EQUALS
            | operators::LOGICAL_AND
            | operators::LOGICAL_OR
            | operators::LOGICAL_NOT
            | operators::IN
            | operators::NOT_STRICTLY_FALSE
            | "startsWith"
            | "endsWith"
            | "contains"
            | "matches"
            | "hasValue" => true,
            _ => false,
        },
        _ => false,
    }
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
    /// (`expression '<expression>' resulted in error: <why>`; several
    /// different ones in brackets, comma-separated), for the failure
    /// policy to decide.
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
    let mut errors: Vec<String> = Vec::new();
    let context = context(object, old_object, request);
    for condition in conditions {
        let expression = condition.expression.trim();
        let outcome = match (compile(expression), &context) {
            (Ok(root), Ok(context)) => cel::Value::resolve(&root, context)
                .map_err(|e| format!("expression '{expression}' resulted in error: {}", words(&e))),
            (Err(CompileError::Invalid(why) | CompileError::Forbidden(why)), _) => {
                Err(format!("compilation error: {why}"))
            }
            (_, Err(why)) => Err(why.clone()),
        };
        match outcome {
            Ok(cel::Value::Bool(false)) => {
                return Matched::No {
                    condition: condition.name.clone(),
                };
            }
            Ok(_) => {}
            // `utilerrors.NewAggregate` says each message once.
            Err(why) if !errors.contains(&why) => errors.push(why),
            Err(_) => {}
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
    let mut context = Context::with_env(environment());
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
        ExecutionError::DivisionByZero(_) => "division by zero".into(),
        ExecutionError::RemainderByZero(_) => "modulus by zero".into(),
        ExecutionError::NoSuchOverload(_) => "no such overload".into(),
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
    }

    /// Expressions deep enough to overflow a stack are refused before they
    /// are parsed, whatever string literals they hold; as deep as allowed,
    /// they parse and evaluate (in a debug build too, whose frames are
    /// largest).
    #[test]
    fn deep_expressions_are_refused_before_they_overflow_a_stack() {
        // 999 additions and a comparison: the most there may be.
        let deep = format!("{} > 0", vec!["1"; MAX_OPERATORS].join(" + "));
        assert_eq!(check(&deep), Ok(()));
        let request = json!({});
        assert_eq!(
            evaluate(&[condition("deep", &deep)], None, None, &request),
            Matched::Yes
        );
        let deeper = format!("{} > 0", vec!["1"; MAX_OPERATORS + 1].join(" + "));
        assert_eq!(
            check(&deeper),
            Err(CompileError::Invalid(
                "compilation failed: the expression has 1001 operators and brackets, more than the 1000 this server parses"
                    .into()
            ))
        );
        // A raw string's backslash is no escape: a count that lexed
        // strings naively would stop counting after it.
        let hidden = format!("r'\\' == '' || {deeper}");
        assert!(matches!(check(&hidden), Err(CompileError::Invalid(_))));
        // `in` is an operator without an operator character.
        let chain = format!("a{} == true", " in a".repeat(MAX_OPERATORS));
        assert!(matches!(check(&chain), Err(CompileError::Invalid(_))));
        // Three `in` words (one in a literal), two `|` and a `.`.
        assert_eq!(operators("'in' in index.in_ || x in y"), 6);
        let nested = format!("{}true{}", "(".repeat(300), ")".repeat(300));
        assert_eq!(
            check(&nested),
            Err(CompileError::Invalid(
                "compilation failed: expression recursion limit exceeded: 250".into()
            ))
        );
        let long = format!("'{}' == ''", "x".repeat(MAX_CHARACTERS));
        assert_eq!(
            check(&long),
            Err(CompileError::Invalid(
                "compilation failed: expression code point size exceeds limit: size: 100008, limit 100000"
                    .into()
            ))
        );
    }

    /// The result must be a boolean by its form, as cel-go's type checker
    /// requires; a comprehension may not loop inside another's loop.
    #[test]
    fn conditions_are_booleans_without_nested_comprehensions() {
        for accepted in [
            "has(object.metadata.labels) ? object.metadata.labels.size() > 0 : false",
            "object.metadata.name in ['a', 'b']",
            "request.userInfo.username.lowerAscii().startsWith('system:')",
            "object.spec.items.all(i, i > 0) && object.spec.items.exists(i, i == 2)",
            "object.spec.items.map(i, i * 2).all(i, i > 0)",
            "!(object.metadata.name == 'x')",
        ] {
            assert_eq!(check(accepted), Ok(()), "{accepted}");
        }
        for not_boolean in [
            "object.metadata.name",
            "1 + 1",
            "'x'",
            "object.spec.items.map(i, i)",
            "true ? 1 : false",
        ] {
            assert_eq!(
                check(not_boolean),
                Err(CompileError::Invalid("must evaluate to bool".into())),
                "{not_boolean}"
            );
        }
        assert_eq!(
            check("object.spec.items.all(a, object.spec.items.all(b, a == b))"),
            Err(CompileError::Invalid(
                "a comprehension (all, exists, exists_one, map, filter) inside another is not supported by this server: it has no cost budget to bound it"
                    .into()
            ))
        );
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
                condition("a", "nope == 1"),
                condition("b", "object.spec.x == 1"),
                condition("a-again", "nope == 1"),
                condition("c", "true"),
            ]),
            Matched::Failed(
                "[expression 'nope == 1' resulted in error: undeclared reference to 'nope', expression 'object.spec.x == 1' resulted in error: no such key: spec]"
                    .into()
            )
        );
    }
}
