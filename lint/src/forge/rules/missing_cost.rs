//! F113: an `AB$` ability without `Cost$`.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F113",
    name: "missing-cost",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "An activated ability (`AB$`) without `Cost$`; or a spell (`SP$`) without one (a hint: only the 2020 Forge needs it).",
    explanation: "Forge builds an `AB$` ability from its `Cost$` and fails on the card when there is \
none. The 2020 Forge also needs `Cost$` on `SP$` spells; upstream Forge takes the card's mana cost when \
it is missing, so that case is a hint, and no finding when the cards are checked against upstream \
Forge only (`[forge] engine = \"2022\"` or `\"latest\"`, or a checkout of the 2022 source).",
    bad: "Name:Old Lantern\nManaCost:2\nTypes:Artifact\nA:AB$ Draw | NumCards$ 1 | SpellDescription$ Draw a card.",
    good: "Name:Old Lantern\nManaCost:2\nTypes:Artifact\nA:AB$ Draw | Cost$ 2 T | NumCards$ 1 | SpellDescription$ Draw a card.",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for rec in &ctx.model.records {
        let Some(kind) = rec.ability_kind() else {
            continue;
        };
        if rec.param_ignore_case("Cost").is_some() {
            continue;
        }
        let at = rec.params[rec.kind_param.unwrap_or(0)].key_range;
        if kind.eq_ignore_ascii_case("AB") {
            sink.report(
                at,
                "this activated ability has no `Cost$`: Forge cannot build it",
            );
        } else if kind.eq_ignore_ascii_case("SP") && !upstream_only(ctx) {
            sink.report(
                at,
                "this spell has no `Cost$`: the 2020 Forge cannot build it (upstream Forge uses the mana cost)",
            )
            .with_severity(Severity::Hint);
        }
    }
}

/// Whether the file is checked against one upstream Forge only (2022, today's, or a checkout of
/// the 2022 source), which takes a spell's mana cost when it has no `Cost$`.
fn upstream_only(ctx: &Ctx<'_>) -> bool {
    use model::forge::vocab::{Origin, Version};
    match &ctx.vocab.origin {
        Origin::Shipped(v) => *v != Version::V2020,
        Origin::Source { digest, .. } => {
            model::forge::versions::shipped_source_digest(Version::V2022) == Some(*digest)
        }
        Origin::AnyVersion => false,
    }
}
