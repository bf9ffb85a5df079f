//! F134: an amount parameter naming an SVar that does not exist.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::RefKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F134",
    name: "undefined-amount-svar",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "An amount (`NumDmg$ X`, `CheckSVar$ Count`) names an SVar the face does not define.",
    explanation: "Amount parameters take a number or the name of an SVar holding an expression. Forge \
looks the name up when the ability resolves; a missing SVar prints a message and counts as 0: the \
damage, life or count silently becomes nothing, and a `CheckSVar$` restriction is never met. Names the \
engine fills in during play (`ChosenX`, `Cost...`, `Repeat...`, names a `StoreSVar` effect of the card \
sets, names given to a parameter the engine stores a result under, such as RollDice's `ResultSVar$` \
or DealDamage's `ExcessSVar$`) are not reported; others cannot be told from typos, so this is a warning.",
    bad: "Name:Hearth Blessing\nManaCost:X W\nTypes:Sorcery\nA:SP$ GainLife | Cost$ X W | LifeAmount$ Y | SpellDescription$ You gain X life.\nSVar:X:Count$xPaid",
    good: "Name:Hearth Blessing\nManaCost:X W\nTypes:Sorcery\nA:SP$ GainLife | Cost$ X W | LifeAmount$ X | SpellDescription$ You gain X life.\nSVar:X:Count$xPaid",
    ..RuleMeta::BASE
};

/// Names other effects store on the card while it is played.
const RUNTIME_NAMES: &[&str] = &[
    "ChosenX",
    "ChosenNumber",
    "PreventedDamage",
    "AFLifeLost",
    "AllButOne",
    "Any",
    "All",
];

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    // Names `StoreSVar` (`SVar$ Name`) sets while the card is played.
    let mut stored: Vec<&str> = model
        .records
        .iter()
        .filter(|rec| rec.kind_value.eq_ignore_ascii_case("StoreSVar"))
        .filter_map(|rec| rec.param("SVar").map(|p| p.value.trim()))
        .collect();
    // Names the engine sets from a parameter (`RollDice | ResultSVar$ Result`, DealDamage's
    // `ExcessSVar$`), as the version's source says (`setSVar(sa.getParam(..), ..)`).
    let values = ctx.vocab.values();
    for rec in &model.records {
        for p in &rec.params {
            if p.has_dollar && values.sets_svar(p.key) {
                stored.push(p.value.trim());
            }
        }
    }
    for r in &model.refs {
        if r.kind != RefKind::Amount || r.shadowed {
            continue;
        }
        let value = r.name;
        if RUNTIME_NAMES.contains(&value)
            || value.starts_with("Cost")
            || value.starts_with("VoteNum")
            || value.starts_with("Repeat")
            || stored.contains(&value)
        {
            continue;
        }
        if model.resolve(r.face, value).is_some()
            || model.resolve_ignore_case(r.face, value).is_some()
        {
            continue;
        }
        sink.report(
            r.range,
            format!(
                "no SVar `{value}` on this face: `{}` counts it as 0",
                r.from
            ),
        );
    }
}
