use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;
use syntax::rulescript::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R116",
    name: "duplicate-target-clause",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A statement with more than one `to(...)`, `target(...)` or `from(...)`: only the first is read.",
    explanation: "A statement has one target: the engine takes the first target clause and removes \
it, and the others are left in the text of the effects, where they are not commands. Split the \
statement with `;`, each part with its own target (`prevtgt` reaches the previous one).",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000015\"] = \"\"\"\naction = destroy() target(character) & draw(1) to(me)\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000015\"] = \"\"\"\naction = destroy() target(character); draw(1) to(me)\n\"\"\"",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for statement in ctx
        .tree
        .syntax()
        .descendants()
        .filter_map(ast::Statement::cast)
    {
        // `[[elif]]` and `[[else]]` start another branch, with a target of its own.
        let mut in_branch = 0;
        for child in statement.syntax().children() {
            if let Some(condition) = ast::Condition::cast(child.clone()) {
                let keyword = condition
                    .keyword()
                    .map(|k| k.text().to_ascii_lowercase())
                    .unwrap_or_default();
                if keyword == "elif" || keyword == "else" {
                    in_branch = 0;
                }
            } else if let Some(clause) = ast::TargetClause::cast(child) {
                in_branch += 1;
                if in_branch > 1 {
                    sink.report(
                        clause.range(),
                        "a second target in one statement: the engine reads only the first; split the statement with `;`",
                    );
                }
            }
        }
    }
}
