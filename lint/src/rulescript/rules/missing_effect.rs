use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R121",
    name: "missing-effect",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A rule with no `action`, `auto` or `abilities` line: the card does nothing.",
    explanation: "A rule needs at least one `action`, `auto` or `abilities` line to do anything; \
targets, requisites, variables and labels alone have nothing to apply to. Often the effect line's \
key was misspelt or commented out.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000020\"] = \"\"\"\ntarget = characters@myRing\n# action = bp(+100)\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000020\"] = \"\"\"\ntarget = characters@myRing\naction = bp(+100)\n\"\"\"",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for entry in ctx.tree.entries() {
        let Some(text) = entry.text() else { continue };
        let effect = text.lines().any(|l| {
            matches!(
                l.key_text().as_deref(),
                Some("action" | "auto" | "abilities")
            )
        });
        if effect {
            continue;
        }
        let range = entry.guid().map_or(entry.range(), |g| g.text_range());
        sink.report(
            range,
            "this rule has no `action`, `auto` or `abilities` line: the card does nothing",
        );
    }
}
