use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P113",
    name: "name-continuation",
    dialect: Some(Dialect::PYMTG),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "Lines two or more tabs deeper than the card name: the loader appends them to the name.",
    explanation: "A line more than one level deeper than the first line of the current statement \
continues that statement, and the card name is the block's first statement (at level 0). So a \
first section written at level 2 (`\\t\\tTargets:`) and everything deeper after it are glued to the \
name: the block is named `Shock Targets: ...`, which is no card, and the loader skips it without a \
word. Section headers go at level 1.",
    bad: "##############################\nLightning Strike\n\t\tTargets:\n\t\t\t\t'creature or player'\n\t\ttargets[0].take_damage(self, 2)",
    good: "##############################\nLightning Strike\n\tTargets:\n\t\t'creature or player'\n\ttargets[0].take_damage(self, 2)",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in ctx.tree.cards() {
        let Some(name) = card.name() else { continue };
        let lines = name.continuation_lines();
        let (Some(first), Some(last)) = (lines.first(), lines.last()) else {
            continue;
        };
        let first_line = name
            .syntax()
            .first_token()
            .map(|t| t.text().to_string())
            .unwrap_or_default();
        let range = first.text_range().cover(last.text_range());
        sink.report(
            range,
            format!(
                "{} more than one tab deeper than the card name: the loader appends {} to the name, so the block is not `{first_line}` and is skipped",
                if lines.len() == 1 { "this line is" } else { "these lines are" },
                if lines.len() == 1 { "it" } else { "them" },
            ),
        );
    }
}
