use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;
use model::rulescript::vocab;
use syntax::rulescript::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R120",
    name: "stray-word",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A word in a statement that is neither a command, a target nor a duration.",
    explanation: "Besides commands (`name(...)`), ability changes (`+name`), target clauses and \
conditions, a statement may only hold a duration: `ueot`, `uynt`, `unac`, optionally after `my` or \
`opp`. Any other bare word is ignored; a misspelt duration (`ueto`) makes a temporary effect \
permanent.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000019\"] = \"\"\"\naction = {F}: +cantblock to(character@oppRing) ueto\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000019\"] = \"\"\"\naction = {F}: +cantblock to(character@oppRing) ueot\n\"\"\"",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let durations: Vec<String> = vocab::restrictions()
        .known()
        .flat_map(|r| [r.to_string(), format!("my{r}"), format!("opp{r}")])
        .collect();
    for statement in ctx
        .tree
        .syntax()
        .descendants()
        .filter_map(ast::Statement::cast)
    {
        for word in statement.words() {
            if vocab::is_restriction(word.text()) {
                continue;
            }
            let lower = word.text().to_ascii_lowercase();
            let d = sink.report(
                word.text_range(),
                format!(
                    "`{}` is not a command, target or duration: the engine ignores it",
                    word.text()
                ),
            );
            if let Some(fix) =
                model::suggest::unique_near_miss(&lower, durations.iter().map(String::as_str))
            {
                d.with_fix(Fix::unsafe_(
                    format!("write `{fix}`"),
                    vec![Edit::replace(word.text_range(), fix)],
                ));
            }
        }
    }
}
