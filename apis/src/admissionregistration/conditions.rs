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
//!   `exists()`, a boolean function such as `startsWith()`, `bool()`,
//!   `request.dryRun`, a boolean literal, or a conditional of two of
//!   these); a reference to an unknown variable or function, or a field
//!   of the wrong type, fails when the expression is evaluated, not when
//!   it is written;
//! - Kubernetes' own libraries (`quantity()`, `url()`, `isSorted()`, ...)
//!   are missing, and `authorizer` is refused when the configuration is
//!   written (this server has no authorizer to ask);
//! - there is no cost budget. A comprehension (`all`, `exists`,
//!   `exists_one`, `map`, `filter`) may not loop inside another's loop,
//!   whose cost grows with a power of the object's size; but one loop
//!   that does work proportional to the object in each turn can still
//!   take seconds over a large object, and memory with it.
//!
//! An expression is parsed and evaluated on a thread of its own with a
//! large stack: the parser and the evaluator recurse once per level of
//! its tree, which is at most 250 (cel-go's recursion limit) once parsed,
//! and which the longest expression allowed (100,000 characters) cannot
//! make deep enough to overflow that stack while it is parsed.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use cel::common::ast::{EntryExpr, Expr, IdedExpr, LiteralValue, operators};
use cel::{Context, Env, ExecutionError};
use serde_json::Value;

use super::v1::MatchCondition;

/// The variable upstream declares for authorization checks, which this
/// server cannot answer.
const AUTHORIZER: &str = "authorizer";

/// cel-go's limit of an expression's size, in characters (code points).
const MAX_CHARACTERS: usize = 100_000;

/// cel-go's limit of the parser's recursion (nested parentheses, calls,
/// lists), which this server applies to the parsed tree's depth too.
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
/// parser and the evaluator recurse as deep as the expression is (see
/// the module docs), on that stack rather than a server thread's.
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
                return too_deep();
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
        let unknown = match &root.expr {
            Expr::Call(call) if KUBERNETES_FUNCTIONS.contains(&call.func_name.as_str()) => {
                Some(&call.func_name)
            }
            _ => None,
        };
        return Err(CompileError::Invalid(match unknown {
            Some(function) => format!(
                "undeclared reference to '{function}': Kubernetes' CEL libraries are not supported by this server"
            ),
            None => "must evaluate to bool".into(),
        }));
    }
    Ok(root)
}

/// Predicates of Kubernetes' CEL libraries (URLs, IPs, CIDRs, quantities,
/// lists, semver), which this server does not have.
const KUBERNETES_FUNCTIONS: [&str; 15] = [
    "isSorted",
    "isURL",
    "isIP",
    "isCIDR",
    "isQuantity",
    "isSemver",
    "isGreaterThan",
    "isLessThan",
    "isLoopback",
    "isUnspecified",
    "isGlobalUnicast",
    "isLinkLocalMulticast",
    "isLinkLocalUnicast",
    "containsIP",
    "containsCIDR",
];

/// How many compiled expressions [`compiled`] keeps, and how long one it
/// keeps may be (in bytes): what they hold stays within tens of MiB.
const COMPILED_KEPT: usize = 256;
const COMPILED_LONGEST: usize = 4096;

/// `expression` compiled, as [`compile`] compiles it, from the
/// expressions compiled before (upstream compiles a configuration's
/// conditions once, not per request) when it is short enough to keep;
/// to be called on [`on_own_stack`].
///
/// Errors: see [`CompileError`].
fn compiled(expression: &str) -> Result<Arc<IdedExpr>, CompileError> {
    type Compiled = HashMap<String, Result<Arc<IdedExpr>, CompileError>>;
    static COMPILED: OnceLock<Mutex<Compiled>> = OnceLock::new();
    let cache = COMPILED.get_or_init(Mutex::default);
    let kept = |cache: &Mutex<Compiled>| {
        let cache = cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.get(expression).cloned()
    };
    if let Some(known) = kept(cache) {
        return known;
    }
    let result = compile(expression).map(Arc::new);
    if expression.len() > COMPILED_LONGEST {
        return result;
    }
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    if cache.len() >= COMPILED_KEPT {
        cache.clear();
    }
    cache.insert(expression.to_string(), result.clone());
    result
}

/// cel-go's refusal of an expression nested deeper than its limit.
fn too_deep() -> CompileError {
    CompileError::Invalid(format!(
        "compilation failed: expression recursion limit exceeded: {MAX_RECURSION_DEPTH}"
    ))
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

/// Walks the tree (without recursing): deeper than
/// [`MAX_RECURSION_DEPTH`] is refused (cel-go counts every node it
/// visits), and so are the authorizer and a comprehension in the loop of
/// another.
///
/// Errors: see [`CompileError`].
fn inspect(root: &IdedExpr) -> Result<(), CompileError> {
    // Each node with whether it runs inside a comprehension's loop, and
    // its depth.
    let mut pending = vec![(root, false, 1_u16)];
    while let Some((node, in_loop, depth)) = pending.pop() {
        if depth > MAX_RECURSION_DEPTH {
            return Err(too_deep());
        }
        let child = depth + 1;
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
                pending.push((&c.iter_range, in_loop, child));
                pending.push((&c.accu_init, in_loop, child));
                pending.push((&c.loop_cond, true, child));
                pending.push((&c.loop_step, true, child));
                pending.push((&c.result, in_loop, child));
            }
            Expr::Call(call) => {
                if let Some(target) = &call.target {
                    pending.push((target, in_loop, child));
                }
                for arg in &call.args {
                    pending.push((arg, in_loop, child));
                }
            }
            Expr::Select(select) => pending.push((&select.operand, in_loop, child)),
            Expr::List(list) => {
                for element in &list.elements {
                    pending.push((element, in_loop, child));
                }
            }
            Expr::Map(map) => {
                for entry in &map.entries {
                    if let EntryExpr::MapEntry(e) = &entry.expr {
                        pending.push((&e.key, in_loop, child));
                        pending.push((&e.value, in_loop, child));
                    }
                }
            }
            Expr::Struct(fields) => {
                for entry in &fields.entries {
                    if let EntryExpr::StructField(f) = &entry.expr {
                        pending.push((&f.value, in_loop, child));
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
        // `request.dryRun`, upstream's one boolean field of the request.
        Expr::Select(select) => {
            select.test
                || (select.field == "dryRun"
                    && matches!(&select.operand.expr, Expr::Ident(name) if name == "request"))
        }
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
            | "hasValue"
            | "bool" => true,
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
        let outcome = match (compiled(expression), &context) {
            (Ok(root), Ok(context)) => {
                // A panic of the evaluator fails this condition only.
                let resolved = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    cel::Value::resolve(&root, context)
                }));
                match resolved {
                    Ok(result) => result.map_err(|e| {
                        format!("expression '{expression}' resulted in error: {}", words(&e))
                    }),
                    Err(_) => Err(format!(
                        "expression '{expression}' resulted in error: the CEL evaluator failed"
                    )),
                }
            }
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
        ExecutionError::Overflow(..) => "integer overflow".into(),
        ExecutionError::IndexOutOfBounds(_) => "index out of range".into(),
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

    /// Expressions deeper than cel-go's limit are refused before they are
    /// evaluated, the `in` chains its parser does not count included; as
    /// deep as allowed, they evaluate (in a debug build too, whose frames
    /// are largest). The longest expressions parse on the thread's stack.
    #[test]
    fn deep_expressions_are_refused_before_they_are_evaluated() {
        let request = json!({});
        let deep = format!("{} > 0", vec!["1"; 240].join(" + "));
        assert_eq!(check(&deep), Ok(()));
        assert_eq!(
            evaluate(&[condition("deep", &deep)], None, None, &request),
            Matched::Yes
        );
        for deeper in [
            format!("{} > 0", vec!["1"; 300].join(" + ")),
            format!("1{} == true", " in 1".repeat(300)),
            format!("{}true{}", "(".repeat(300), ")".repeat(300)),
        ] {
            assert_eq!(check(&deeper), Err(too_deep()));
            assert_eq!(
                evaluate(&[condition("deeper", &deeper)], None, None, &request),
                Matched::Failed(
                    "compilation error: compilation failed: expression recursion limit exceeded: 250"
                        .into()
                )
            );
        }
        // The longest chains allowed: parsed, then refused.
        let longest = format!("1{} == true", "in 1".repeat(24_990));
        assert_eq!(check(&longest), Err(too_deep()));
        let longest = format!("{} > 0", vec!["1"; 33_300].join("+"));
        assert_eq!(check(&longest), Err(too_deep()));
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
            "request.dryRun",
            "bool(object.spec.enabled)",
        ] {
            assert_eq!(check(accepted), Ok(()), "{accepted}");
        }
        for not_boolean in [
            "object.metadata.name",
            "1 + 1",
            "'x'",
            "object.spec.items.map(i, i)",
            "true ? 1 : false",
            "object.spec.dryRun",
        ] {
            assert_eq!(
                check(not_boolean),
                Err(CompileError::Invalid("must evaluate to bool".into())),
                "{not_boolean}"
            );
        }
        assert_eq!(
            check("object.spec.url.isURL()"),
            Err(CompileError::Invalid(
                "undeclared reference to 'isURL': Kubernetes' CEL libraries are not supported by this server"
                    .into()
            ))
        );
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
