//! F122: an empty piece (`| |`), a key with no value, or a value with no key.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F122",
    name: "empty-param",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "An empty piece between two `|`, a `Key$` with nothing after it, or a `$` with no key.",
    explanation: "Forge stores `Key$` with an empty value (a flag tested for presence is then on, \
whatever was meant) and skips empty pieces in abilities and replacements; the 2020 Forge fails to load a \
card whose `T:` or `S:` line has one. Usually a value was deleted by accident. An empty description or \
prompt only shows no text (a hint).",
    bad: "Name:Patient Hunter\nManaCost:2 G\nTypes:Creature Elf Archer\nPT:2/2\nA:AB$ DealDamage | Cost$ T | ValidTgts$ Creature.withFlying | NumDmg$ | SpellDescription$ CARDNAME deals 1 damage to target creature with flying.",
    good: "Name:Patient Hunter\nManaCost:2 G\nTypes:Creature Elf Archer\nPT:2/2\nA:AB$ DealDamage | Cost$ T | ValidTgts$ Creature.withFlying | NumDmg$ 1 | SpellDescription$ CARDNAME deals 1 damage to target creature with flying.",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for rec in &model.records {
        for p in &rec.params {
            if !p.has_dollar {
                continue;
            }
            if p.key.is_empty() {
                sink.report(p.range, "this piece has a `$` but no key: Forge ignores it");
            } else if p.value.trim().is_empty() {
                if syntax::forge::is_text_param(p.key) {
                    sink.report(p.range, format!("`{}$` has no text", p.key))
                        .with_severity(Severity::Hint);
                } else {
                    sink.report(
                        p.range,
                        format!("`{}$` has no value: Forge stores it empty (a flag is then on, an amount or name is missing)", p.key),
                    );
                }
            }
        }
        // A run of empty pieces (`||||`: each piece's range shares a `|` with the next) is one
        // finding, so that a line of `|` costs one finding, not one a byte (issue 27).
        let between = &rec.empty_pieces.between;
        let mut i = 0;
        while i < between.len() {
            let mut range = between[i];
            let mut n = 1;
            while i + n < between.len() && between[i + n].start() < range.end() {
                range = range.cover(between[i + n]);
                n += 1;
            }
            i += n;
            let first = rec
                .params
                .first()
                .is_none_or(|p| p.range.start() > range.start());
            let what = if first {
                "before the first"
            } else {
                "between these"
            };
            let pieces = if n == 1 {
                "empty piece".to_string()
            } else {
                format!("{n} empty pieces")
            };
            sink.report(
                range,
                format!("{pieces} {what} `|`: ignored in abilities, but the 2020 Forge fails to load a card with one in a `T:` or `S:` line"),
            );
        }
        if let Some(r) = rec.empty_pieces.trailing {
            sink.report(
                r,
                "a `|` ends this record: the empty piece after it is ignored",
            )
            .with_severity(Severity::Hint);
        }
    }
}
