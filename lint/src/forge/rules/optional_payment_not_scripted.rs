//! F196: a trigger whose text says "you may pay {..}" while no ability it runs has a cost.

use crate::diagnostic::{Edit, Fix, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{Model, Role};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F196",
    name: "optional-payment-not-scripted",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: crate::diagnostic::Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A trigger whose text says \"you may pay {1}. If you do, ...\" while no ability it runs has a `Cost$` or an `UnlessCost$`: Forge never asks for the payment and always does what follows.",
    explanation: "Forge asks for an optional payment when the ability a trigger runs is an `AB$` with a \
`Cost$` (the trigger's controller may pay it or decline), or when a part of its chain has an \
`UnlessCost$`. Written as a `DB$` without a cost, the ability resolves for free every time: \"you may pay \
{1}. If you do, draw a card\" draws a card at each trigger. The rule reads `TriggerDescription$` and \
follows `Execute$` through every ability the chain runs (`SubAbility$`, branches). The fix (when the \
text's payment is mana symbols and the first ability is a `DB$`) makes it an `AB$` with that `Cost$` \
(unsafe: read the card).",
    bad: "Name:Tithe Collector\nManaCost:2 W\nTypes:Creature Human Cleric\nPT:2/2\nT:Mode$ LifeGained | ValidPlayer$ You | TriggerZones$ Battlefield | Execute$ TrigDraw | TriggerDescription$ Whenever you gain life, you may pay {1}. If you do, draw a card.\nSVar:TrigDraw:DB$ Draw | NumCards$ 1\nOracle:Whenever you gain life, you may pay {1}. If you do, draw a card.",
    good: "Name:Tithe Collector\nManaCost:2 W\nTypes:Creature Human Cleric\nPT:2/2\nT:Mode$ LifeGained | ValidPlayer$ You | TriggerZones$ Battlefield | Execute$ TrigDraw | TriggerDescription$ Whenever you gain life, you may pay {1}. If you do, draw a card.\nSVar:TrigDraw:AB$ Draw | Cost$ 1 | NumCards$ 1\nOracle:Whenever you gain life, you may pay {1}. If you do, draw a card.",
    ..RuleMeta::BASE
};

/// Where "you may pay {" starts in a trigger's text, and the `{..}` symbols of the payment.
pub(crate) fn optional_payment(text: &str) -> Option<(usize, Vec<&str>)> {
    let lower = text.to_ascii_lowercase();
    let at = lower.find("you may pay {")?;
    let rest = &text[at + "you may pay ".len()..];
    let end = rest.find(|c: char| c != '{' && c != '}' && !c.is_ascii_alphanumeric() && c != '/');
    let symbols = super::oracle::brace_cost(&rest[..end.unwrap_or(rest.len())])?;
    Some((at, symbols))
}

/// The records a trigger runs: its `Execute$` ability and every ability that one names.
fn run_records(model: &Model<'_>, face: usize, execute: &str) -> Vec<usize> {
    let Some(first) = model
        .resolve(face, execute.trim())
        .and_then(|s| model.svars[s].record)
    else {
        return Vec::new();
    };
    model.runs(&model.ability_refs_by_record(), first, 32)
}

/// Mana symbols as a `Cost$` (`{2}{R}` → `2 R`), when every symbol is plain mana.
fn as_cost(symbols: &[&str]) -> Option<String> {
    let plain =
        |s: &str| s.parse::<u32>().is_ok() || matches!(s, "W" | "U" | "B" | "R" | "G" | "C" | "X");
    symbols.iter().all(|s| plain(s)).then(|| symbols.join(" "))
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for rec in &model.records {
        if rec.role != Role::Trigger {
            continue;
        }
        let Some(desc) = rec.param("TriggerDescription") else {
            continue;
        };
        let Some((at, symbols)) = optional_payment(desc.value) else {
            continue;
        };
        let Some(execute) = rec.param("Execute") else {
            continue;
        };
        let run = run_records(model, rec.face, execute.value);
        let Some(&first) = run.first() else {
            continue;
        };
        let pays = run.iter().any(|&r| {
            let ab = &model.records[r];
            ab.param_ignore_case("Cost").is_some() || ab.param_ignore_case("UnlessCost").is_some()
        });
        if pays {
            continue;
        }
        let ab = &model.records[first];
        let Some(kind) = ab.kind_param.map(|k| &ab.params[k]) else {
            continue;
        };
        let payment = format!("{{{}}}", symbols.join("}{"));
        let d = sink.report(
            kind.range,
            format!(
                "the trigger's text says \"you may pay {payment}\", but no ability it runs has a `Cost$` or an `UnlessCost$`: Forge never asks for the payment and always resolves this"
            ),
        );
        d.with_related(crate::diagnostic::Related::here(
            super::sub_range(desc.value_range, at, "you may pay ".len() + payment.len()),
            "the payment the text offers",
        ));
        if kind.key == "DB"
            && let Some(cost) = as_cost(&symbols)
        {
            d.with_fix(Fix::unsafe_(
                format!("make it `AB$ {} | Cost$ {cost}`", ab.kind_value.trim()),
                vec![
                    Edit::replace(kind.key_range, "AB"),
                    Edit::insert(kind.range.end(), format!(" | Cost$ {cost}")),
                ],
            ));
        }
    }
}
