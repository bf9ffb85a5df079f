use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;
use std::collections::HashMap;

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
    let index = syntax::LineIndex::new(ctx.file.text());
    let mut seen: HashMap<String, syntax::TextRange> = HashMap::new();
    for entry in ctx.tree.entries() {
        let Some(guid) = entry.guid() else { continue };
        let key = guid.text().to_ascii_lowercase();
        match seen.get(&key) {
            Some(first) => {
                let line = index.line_col(first.start()).line + 1;
                sink.report(
                    guid.text_range(),
                    format!("this GUID already has rules (line {line}): this entry replaces them"),
                );
            }
            None => {
                seen.insert(key, guid.text_range());
            }
        }
    }
}
