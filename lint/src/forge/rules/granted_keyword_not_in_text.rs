//! F194: an effect or static that grants a keyword (`KW$ Haste`) its own description never
//! mentions.

use super::sub_range;
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::vocab::{Arity, Status};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F194",
    name: "granted-keyword-not-in-text",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A `KW$`, `AddKeyword$` or `Keywords$` keyword (`Haste`) that the record's own description (\"Creatures you control get +1/+0 until end of turn.\") never mentions.",
    explanation: "A description says what the effect does, and scripters write both from the card's \
text. When a record grants a keyword its own description does not name at all, the keyword is usually \
left over from the card the script was copied from, and the card does more than it says. Only \
keywords without parameters that players see (`Flying`, `Haste`, `First Strike`; not Forge's internal \
ones, not `Unblockable`) are compared, with the record's own `SpellDescription$` or `Description$`; \
descriptions that are reminder text (`(You may cast this spell for its overload cost...)`) or empty \
are skipped. Landwalk keywords match `landwalk`.",
    bad: "Name:Road to Ruin\nManaCost:1 R\nTypes:Sorcery\nA:SP$ PumpAll | ValidCards$ Creature.YouCtrl | NumAtt$ +1 | KW$ Haste | SpellDescription$ Creatures you control get +1/+0 until end of turn.\nOracle:Creatures you control get +1/+0 until end of turn.",
    good: "Name:Road to Ruin\nManaCost:1 R\nTypes:Sorcery\nA:SP$ PumpAll | ValidCards$ Creature.YouCtrl | NumAtt$ +1 | KW$ Haste | SpellDescription$ Creatures you control get +1/+0 and gain haste until end of turn.\nOracle:Creatures you control get +1/+0 and gain haste until end of turn.",
    ..RuleMeta::BASE
};

/// Granting parameters and the description each record type writes.
const GRANTING: &[&str] = &["KW", "AddKeyword", "Keywords"];

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let keywords = ctx.vocab.keywords();
    for record in &ctx.model.records {
        let Some(desc) = ["SpellDescription", "Description"]
            .iter()
            .find_map(|k| record.param(k))
        else {
            continue;
        };
        let text = desc.value.trim();
        if text.is_empty()
            || text.starts_with('(')
            || text.eq_ignore_ascii_case("none")
            || !text.contains(' ')
        {
            continue;
        }
        let lower = text.to_lowercase();
        for param in &record.params {
            if param.shadowed || !GRANTING.contains(&param.key) {
                continue;
            }
            let mut at = 0;
            for item in param.value.split(" & ") {
                let start = at;
                at += item.len() + 3;
                let lead = item.len() - item.trim_start().len();
                let name = item.trim();
                if name.is_empty() || name == "Unblockable" {
                    continue;
                }
                let Some(k) = keywords.list.iter().find(|k| {
                    k.word.name == name
                        && k.status() != Status::Internal
                        && matches!(k.arity, Arity::Range { min: 0, .. })
                }) else {
                    continue;
                };
                let said = name.to_lowercase();
                let mentioned = lower.contains(&said)
                    || (said.ends_with("walk") && lower.contains("walk"))
                    || (said == "first strike" && lower.contains("double strike"));
                if mentioned {
                    continue;
                }
                sink.report(
                    sub_range(param.value_range, start + lead, name.len()),
                    format!(
                        "`{}$` grants {} but the description never says so: \"{text}\"",
                        param.key, k.word.name
                    ),
                )
                .with_note("a keyword the text does not give is usually left over from the card the script was copied from");
            }
        }
    }
}
