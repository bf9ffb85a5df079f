use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;
use model::rulescript::vocab;
use syntax::rulescript::{SyntaxKind, ast};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R112",
    name: "invalid-expression",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A condition or variable expression that does not parse, or uses a name the engine does not define.",
    explanation: "Expressions (`[[if ...]]`, `vars` values, `::not(...)`) are Python after a rewrite \
(`x.0` is `x[0]`, `.size`, `.bp`, `.ring` become engine calls, `all <expr> in <list>` becomes \
`all(...)`). They may use the engine's names (`me`, `opp`, `this`, `tgt`, `prevtgt`, `attacker`, \
`alone`, `flipcoin()`...), the rule's variables and Python's builtins. An expression that does not \
parse, or that uses any other name, evaluates to nothing without an error: the condition is false \
and the effect never happens.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000012\"] = \"\"\"\naction = [[if mee.hand.size == 0]] draw(2)\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000012\"] = \"\"\"\naction = [[if me.hand.size == 0]] draw(2)\n\"\"\"",
    ..RuleMeta::BASE
};

const PYTHON_NAMES: &[&str] = &[
    "true", "false", "none", "len", "abs", "min", "max", "sum", "any", "all", "int", "str", "list",
    "range", "filter", "map", "sorted", "not", "and", "or", "in", "is",
];

/// The variables a rule defines (`vars = name := ...`), lower case.
fn rule_vars(node: &syntax::rulescript::SyntaxNode) -> Vec<String> {
    let Some(text) = node.ancestors().find_map(ast::RuleText::cast) else {
        return Vec::new();
    };
    text.syntax()
        .descendants()
        .filter_map(ast::VarDef::cast)
        .filter_map(|v| v.name())
        .map(|n| n.text().to_ascii_lowercase())
        .collect()
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for error in ctx.errors {
        sink.report(
            error.range,
            format!("this expression does not parse ({}): it evaluates to nothing, so the condition is false", error.message),
        );
    }
    let names = vocab::expression_names();
    for expr in ctx
        .tree
        .syntax()
        .descendants()
        .filter_map(ast::Expr::cast)
        .filter(|e| {
            e.syntax()
                .parent()
                .is_some_and(|p| ast::Expr::cast(p).is_none())
        })
    {
        if expr
            .syntax()
            .descendants()
            .any(|n| n.kind() == SyntaxKind::PY_ERROR_NODE)
        {
            continue;
        }
        let vars = rule_vars(expr.syntax());
        let known = |n: &str| {
            let lower = n.to_ascii_lowercase();
            names.knows(&lower) || PYTHON_NAMES.contains(&lower.as_str()) || vars.contains(&lower)
        };
        for name in crate::python::free_names(&expr, &known) {
            sink.report(
                name.text_range(),
                format!("`{}` is not a name the engine defines for expressions: the expression evaluates to nothing", name.text()),
            );
        }
    }
}
