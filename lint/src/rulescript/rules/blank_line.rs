use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R100",
    name: "blank-line",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Syntax,
    severity: Severity::Error,
    fix: FixAvailability::Always,
    summary: "An empty line inside a rule: the engine's tokeniser fails on it.",
    explanation: "The rule text is stripped and split into lines, and the tokeniser reads the first \
character of every line. An empty line in the middle of a rule has none: reading the card's rules \
fails with an error the first time the card is used. Empty lines before and after the rule are \
stripped and harmless.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000001\"] = \"\"\"\ntarget = character[frozen]\n\naction = bp(+200)\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000001\"] = \"\"\"\ntarget = character[frozen]\naction = bp(+200)\n\"\"\"",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for entry in ctx.tree.entries() {
        let Some(text) = entry.text() else { continue };
        for blank in text.blank_lines() {
            sink.report(
                blank.range(),
                "an empty line inside a rule: the engine's tokeniser fails on it when the card is first used",
            )
            .with_fix(Fix::safe("remove the empty line", vec![Edit::delete(blank.range())]));
        }
    }
}
