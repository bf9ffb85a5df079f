use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;
use syntax::rulescript::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R111",
    name: "condition-chain",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A `[[...]]` condition that is not `may`, `if`, `elif` or `else`, or an `elif`/`else` without `if`.",
    explanation: "The first `[[...]]` of a statement is its condition: `[[may]]` (or `[[may 'Question']]`) \
asks the player, `[[if expr]]` tests an expression; after an `if`, `[[elif expr]]` and `[[else]]` \
start alternative branches. Any other word in brackets is not a condition and the brackets are \
removed, and an `elif` or `else` with no `if` before it has no branch to follow.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000011\"] = \"\"\"\naction = [[when me.hand.size == 0]] draw(2)\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000011\"] = \"\"\"\naction = [[if me.hand.size == 0]] draw(2)\n\"\"\"",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for statement in ctx
        .tree
        .syntax()
        .descendants()
        .filter_map(ast::Statement::cast)
    {
        let mut seen_if = false;
        for condition in statement.conditions() {
            let keyword = condition
                .keyword()
                .map(|k| k.text().to_ascii_lowercase())
                .unwrap_or_default();
            match keyword.as_str() {
                "may" => {}
                "if" => {
                    seen_if = true;
                    if condition.expr().is_none() {
                        sink.report(condition.range(), "`[[if]]` needs an expression to test");
                    }
                }
                "elif" | "else" if !seen_if => {
                    sink.report(
                        condition.range(),
                        format!("`[[{keyword}]]` has no `[[if ...]]` before it in the statement: there is no branch to follow"),
                    );
                }
                "elif" | "else" => {}
                _ => {
                    sink.report(
                        condition.range(),
                        format!(
                            "`[[{}]]` is not a condition (`may`, `if`, `elif`, `else`): the engine drops it and the effect always runs",
                            if keyword.is_empty() { "..." } else { keyword.as_str() }
                        ),
                    );
                }
            }
        }
    }
}
