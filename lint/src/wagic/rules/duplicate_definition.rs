//! W110: a definition registered under a name (or id) that an earlier loaded one already has.

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W110",
    name: "duplicate-definition",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A card definition whose name an earlier loaded definition already uses: it is discarded.",
    explanation: "Definitions are registered by name (by id when the block has one), first one wins: a \
later definition with the same name is discarded without a word, in whatever file it is. Only \
definitions that the default loader keeps are compared, so a copy in `unsupported.txt` is not reported.",
    bad: "[card]\nname=Twin Card\ntype=Instant\n[/card]\n[card]\nname=Twin Card\ntype=Sorcery\n[/card]",
    good: "[card]\nname=Twin Card\ntype=Instant\n[/card]\n[card]\nname=Other Twin\ntype=Sorcery\n[/card]",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        let Some((facts, status)) = ctx.block(card) else {
            continue;
        };
        let Some(first) = status.shadowed_by else {
            continue;
        };
        let (range, what) = match (&facts.id, &facts.name) {
            (Some((id, r)), _) => (*r, format!("id {}", id.trim())),
            (None, Some(n)) => (n.range, format!("`{}`", n.text)),
            (None, None) => (facts.open, "the empty name".to_string()),
        };
        sink.report(
            range,
            format!("a card definition under {what} is already loaded: Wagic keeps that one and discards this one"),
        )
        .with_severity(Severity::Warning)
        .with_note(format!("first defined at {}", ctx.describe(first)))
        .with_related(ctx.related(first, "the definition Wagic keeps"));
    }
}
