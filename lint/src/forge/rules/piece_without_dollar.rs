//! F121: a record piece without `$`.

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::ABILITY_KEYS;
use syntax::{TextRange, TextSize};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F121",
    name: "piece-without-dollar",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A `|`-separated piece of a record with no `$`, which Forge reads as a key without a value.",
    explanation: "Every piece of a record is `Key$ Value`. A piece without `$` becomes one long key with an \
empty value that nothing reads: `SubAbility DBUntap` chains nothing, `SacValid# Self` sets nothing, stray \
description text is lost. (A bare flag such as `ClearRemembered` happens to work, because flags are \
tested for presence; write `ClearRemembered$ True`.) In the 2020 Forge such a piece in a `T:` or `S:` line \
makes the card fail to load. A missing `$` after a chain key whose SVar exists is an error: that part of \
the card never happens.",
    bad: "Name:Hasty Retreat\nManaCost:1 U\nTypes:Instant\nA:SP$ ChangeZone | Cost$ 1 U | ValidTgts$ Creature.YouCtrl | Origin$ Battlefield | Destination$ Hand | SubAbility DBDraw | SpellDescription$ Return target creature you control to its owner's hand. Draw a card.\nSVar:DBDraw:DB$ Draw | NumCards$ 1",
    good: "Name:Hasty Retreat\nManaCost:1 U\nTypes:Instant\nA:SP$ ChangeZone | Cost$ 1 U | ValidTgts$ Creature.YouCtrl | Origin$ Battlefield | Destination$ Hand | SubAbility$ DBDraw | SpellDescription$ Return target creature you control to its owner's hand. Draw a card.\nSVar:DBDraw:DB$ Draw | NumCards$ 1",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    let classes = ctx.classes();
    for (ri, rec) in model.records.iter().enumerate() {
        let scopes = &classes.scopes[ri];
        let reads = |k: &str| match scopes {
            Some(s) => s.reads(k),
            None => ctx.vocab.params().read_anywhere(k),
        };
        for p in &rec.params {
            if p.has_dollar {
                continue;
            }
            let piece = p.key;
            let at = p.range;
            // `Key Value` or `Key# Value`: the `$` was forgotten or mistyped.
            let word_len = piece
                .bytes()
                .take_while(|b| b.is_ascii_alphanumeric())
                .count();
            let word = &piece[..word_len];
            let rest = &piece[word_len..];
            let sep = rest.chars().next();
            if word_len > 0 && reads(word) && matches!(sep, Some(' ') | Some('#') | None) {
                let word_end = at.start() + TextSize::from(word_len as u32);
                let value = rest.trim_start_matches(['#', ' ']).trim();
                let chain = ABILITY_KEYS.iter().any(|k| k.eq_ignore_ascii_case(word));
                let resolves = chain && model.resolve(rec.face, value).is_some();
                let (message, fix) = match sep {
                    None => (
                        format!(
                            "`{word}` has no `$ value`: Forge stores it with an empty value (flags are tested for presence, so this may work by accident)"
                        ),
                        Fix::safe(
                            format!("write `{word}$ True`"),
                            vec![Edit::insert(word_end, "$ True")],
                        ),
                    ),
                    Some('#') => (
                        format!(
                            "`#` is not `$`: Forge reads `{piece}` as one key, so `{word}$` is never set"
                        ),
                        Fix::unsafe_(
                            "replace `#` with `$`",
                            vec![Edit::replace(
                                TextRange::at(word_end, TextSize::from(1)),
                                "$",
                            )],
                        ),
                    ),
                    _ => (
                        format!(
                            "the `$` is missing: Forge reads `{piece}` as one key, so `{word}$` is never set"
                        ),
                        Fix::safe(
                            format!("write `{word}$`"),
                            vec![Edit::insert(word_end, "$")],
                        ),
                    ),
                };
                let d = sink.report(at, message);
                d.with_fix(fix);
                if resolves {
                    d.with_severity(Severity::Error)
                        .with_note(format!("`{value}` is never run"));
                }
                continue;
            }
            sink.report(
                at,
                "this piece has no `$`: Forge reads it as a key nothing uses, and the text is lost",
            );
        }
    }
}
