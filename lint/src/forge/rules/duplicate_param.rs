//! F120: a parameter given twice in one record.

use super::line_number;
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F120",
    name: "duplicate-param",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "The same parameter twice in one record: Forge keeps only the last one.",
    explanation: "A record is read into a map, so a second `Key$` silently replaces the first. With \
different values one of them is lost (a second `SubAbility$` drops the first chain); with the same value \
it is only noise (a hint). Abilities and replacements compare keys ignoring case, triggers and statics \
exactly.",
    bad: "Name:Double Cut\nManaCost:1 R\nTypes:Sorcery\nA:SP$ DealDamage | Cost$ 1 R | ValidTgts$ Creature | NumDmg$ 2 | SubAbility$ DBDraw | SubAbility$ DBLoot | SpellDescription$ Deal 2 damage, then draw and discard.\nSVar:DBDraw:DB$ Draw | NumCards$ 1\nSVar:DBLoot:DB$ Discard | NumCards$ 1 | Mode$ TgtChoose",
    good: "Name:Double Cut\nManaCost:1 R\nTypes:Sorcery\nA:SP$ DealDamage | Cost$ 1 R | ValidTgts$ Creature | NumDmg$ 2 | SubAbility$ DBDraw | SpellDescription$ Deal 2 damage, then draw and discard.\nSVar:DBDraw:DB$ Draw | NumCards$ 1 | SubAbility$ DBLoot\nSVar:DBLoot:DB$ Discard | NumCards$ 1 | Mode$ TgtChoose",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for rec in &model.records {
        let ignore_case = rec.keys_ignore_case();
        for (i, p) in rec.params.iter().enumerate() {
            if !p.shadowed {
                continue;
            }
            let Some(winner) = rec.params[i + 1..].iter().find(|q| {
                q.has_dollar
                    && if ignore_case {
                        q.key.eq_ignore_ascii_case(p.key)
                    } else {
                        q.key == p.key
                    }
            }) else {
                continue;
            };
            let _ = line_number;
            if winner.value.trim() == p.value.trim() {
                sink.report(
                    p.key_range,
                    format!("`{}$` is given twice with the same value", p.key),
                )
                .with_severity(Severity::Hint);
            } else {
                sink.report(
                    p.key_range,
                    format!(
                        "Forge ignores this `{}$ {}`: a later `{}$` in the same record replaces it",
                        p.key,
                        p.value.trim(),
                        winner.key
                    ),
                );
            }
        }
    }
}
