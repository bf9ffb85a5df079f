//! F184: an SVar that a `References$` list names and nothing else on the face uses: the value
//! meant to read it most likely names another SVar (`SetToughness$ X` where `Y` was meant).

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::Role;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F184",
    name: "referenced-svar-unused",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "An SVar listed in `References$` that nothing else on the face reads: the parameter meant to use it names another one (`SetToughness$ X` where `Y` was meant).",
    explanation: "`References$` lists the SVars a record's values use (older Forge copies them with \
the record). An SVar listed there that no value, cost, comparison (`SVarCompare$ LEY`, \
`Creature.cmcLEX`, `Player.LifeEquals_X`) or other SVar of the face names is computed for nothing, and the usual reason is a \
copied value that was not renamed: a `Tarmogoyf`-style `SetPower$ X | SetToughness$ X | References$ X, Y` \
gives the creature the power for its toughness. The list itself is not a use. Static abilities of the \
`CantAttack`/`CantBlock` family read `References$` as the SVar of their cost, so they are left alone.",
    bad: "Name:Grave Hulk\nManaCost:1 G\nTypes:Creature Lhurgoyf\nPT:*/1+*\nS:Mode$ Continuous | EffectZone$ All | CharacteristicDefining$ True | SetPower$ X | SetToughness$ X | References$ X, Y | Description$ CARDNAME's power is equal to the number of creature cards in all graveyards and its toughness is equal to that number plus 1.\nSVar:X:Count$TypeInAllYards.Creature\nSVar:Y:Count$TypeInAllYards.Creature/Plus.1\nOracle:Grave Hulk's power is equal to the number of creature cards in all graveyards and its toughness is equal to that number plus 1.",
    good: "Name:Grave Hulk\nManaCost:1 G\nTypes:Creature Lhurgoyf\nPT:*/1+*\nS:Mode$ Continuous | EffectZone$ All | CharacteristicDefining$ True | SetPower$ X | SetToughness$ Y | References$ X, Y | Description$ CARDNAME's power is equal to the number of creature cards in all graveyards and its toughness is equal to that number plus 1.\nSVar:X:Count$TypeInAllYards.Creature\nSVar:Y:Count$TypeInAllYards.Creature/Plus.1\nOracle:Grave Hulk's power is equal to the number of creature cards in all graveyards and its toughness is equal to that number plus 1.",
    since: "0.3.0",
    ..RuleMeta::BASE
};

/// The prefixes that glue an SVar name to a word (`LEY`, `cmcGEX`, `LifeEquals_X`).
const COMPARATORS: [&str; 7] = ["LT", "LE", "EQ", "NE", "GE", "GT", "_"];

/// Whether `name` occurs in `text` glued after a comparison (`LEY`) or an underscore
/// (`LifeEquals_X`), ending a word.
fn compared(text: &str, name: &str) -> bool {
    COMPARATORS.iter().any(|c| {
        let glued = format!("{c}{name}");
        text.match_indices(&glued).any(|(i, _)| {
            !text[i + glued.len()..]
                .chars()
                .next()
                .is_some_and(|ch| ch.is_ascii_alphanumeric())
        })
    })
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for rec in &model.records {
        // `CantAttack`/`CantBlock` statics (2020) read `References$` itself as their cost's SVar.
        if rec.role == Role::Static && rec.kind_value.starts_with("Cant") {
            continue;
        }
        for p in rec
            .params
            .iter()
            .filter(|p| p.has_dollar && p.key == "References")
        {
            let mut at = 0;
            for item in p.value.split(',') {
                let start = at + (item.len() - item.trim_start().len());
                at += item.len() + 1;
                let name = item.trim();
                let Some(i) = model.resolve(rec.face, name) else {
                    continue;
                };
                // Every word naming it on the face, less the `References$` lists naming it.
                let listed = model
                    .records
                    .iter()
                    .filter(|r| r.face == rec.face)
                    .flat_map(|r| r.params.iter())
                    .filter(|q| q.has_dollar && q.key == "References")
                    .flat_map(|q| q.value.split(','))
                    .filter(|n| n.trim() == name)
                    .count() as u32;
                if model.mentions(i) > listed {
                    continue;
                }
                let face = &model.faces[rec.face];
                let used_glued = model.lines[face.first_line..face.end_line].iter().any(|l| {
                    let text =
                        &model.text[usize::from(l.range.start())..usize::from(l.range.end())];
                    compared(text, name)
                });
                if used_glued {
                    continue;
                }
                sink.report(
                    super::sub_range(p.value_range, start, name.len()),
                    format!(
                        "`{name}` is listed in `References$` but nothing on this face reads it: the value meant to use it probably names another SVar"
                    ),
                );
            }
        }
    }
}
