//! F105: a per-face line before the face's `Name:` line.

use super::key_text;
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use syntax::forge::SyntaxKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F105",
    name: "line-before-name",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A line of a face written before that face's `Name:` line, which makes Forge fail to load the card.",
    explanation: "`Name:` starts a face: Forge creates the face object when it reads it. A per-face line \
(`ManaCost`, `Types`, `A`, `SVar`...) read before it has no face to go to, and the card reader throws: the \
card is not loaded. Card-level keys (`AlternateMode`, `DeckHints`...) may come anywhere.",
    bad: "ManaCost:R\nName:Quick Spark\nTypes:Instant\nA:SP$ DealDamage | Cost$ R | ValidTgts$ Any | NumDmg$ 1 | SpellDescription$ CARDNAME deals 1 damage to any target.",
    good: "Name:Quick Spark\nManaCost:R\nTypes:Instant\nA:SP$ DealDamage | Cost$ R | ValidTgts$ Any | NumDmg$ 1 | SpellDescription$ CARDNAME deals 1 damage to any target.",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for face in &model.faces {
        let end = face.name_line.unwrap_or(face.end_line);
        for info in &model.lines[face.first_line..end] {
            if info.kind == SyntaxKind::ALTERNATE_LINE || info.kind == SyntaxKind::ERROR_LINE {
                continue;
            }
            let key = key_text(model, info);
            let Some(known) = info.known_key else {
                continue;
            };
            if !known.per_face || key == "SPECIALIZE" || face.name_line.is_none() {
                continue;
            }
            sink.report(
                info.key.unwrap_or(info.range),
                format!(
                    "`{key}:` comes before this face's `Name:` line: Forge fails to load the card (`Name:` must come first)"
                ),
            );
        }
    }
}
