use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R115",
    name: "guid-case",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Always,
    summary: "A `RulesDict` GUID with upper-case letters: the engine looks it up in lower case.",
    explanation: "The engine lower-cases the card's model GUID before it looks its rules up, so an \
entry keyed with upper-case letters is never found and the card has no rules.",
    bad: "RulesDict[\"4B5D7C1E-0000-4000-8000-000000000014\"] = \"\"\"\naction = draw(1)\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000014\"] = \"\"\"\naction = draw(1)\n\"\"\"",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for entry in ctx.tree.entries() {
        let Some(guid) = entry.guid() else { continue };
        if !guid.text().chars().any(|c| c.is_ascii_uppercase()) {
            continue;
        }
        let lower = guid.text().to_ascii_lowercase();
        sink.report(
            guid.text_range(),
            "the engine looks rules up by the lower-case GUID: this entry is never found",
        )
        .with_fix(Fix::safe(
            "write the GUID in lower case",
            vec![Edit::replace(guid.text_range(), lower)],
        ));
    }
}
