use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R119",
    name: "duplicate-rule-entry",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "Two `RulesDict` entries for the same GUID: the later one replaces the earlier.",
    explanation: "`RulesDict` is a Python dictionary: assigning a GUID twice keeps only the later \
rules, and the earlier entry is silently lost. Usually an entry copied for another card whose GUID \
was not changed.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000017\"] = \"\"\"\naction = draw(1)\n\"\"\"\nRulesDict[\"4b5d7c1e-0000-4000-8000-000000000017\"] = \"\"\"\naction = draw(2)\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000017\"] = \"\"\"\naction = draw(1)\n\"\"\"\nRulesDict[\"4b5d7c1e-0000-4000-8000-000000000018\"] = \"\"\"\naction = draw(2)\n\"\"\"",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let guids = ctx
        .tree
        .entries()
        .filter_map(|entry| entry.guid())
        .map(|guid| (guid.text().to_string(), guid.text_range()));
    let index = syntax::LineIndex::new(ctx.file.text());
    for (range, first) in crate::octgn::repeated_guids(guids) {
        let line = index.line_col(first.start()).line + 1;
        sink.report(
            range,
            format!("this GUID already has rules (line {line}): this entry replaces them"),
        );
    }
}
