//! F207: a trigger that fires while its card is out of the graveyard returns `Self` from the
//! graveyard, where the card is a new object by then (`CorrectedSelf` names it).

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{ParamInfo, RecordInfo, Role};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F207",
    name: "stale-self-from-graveyard",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "A trigger that works outside the graveyard moves `Defined$ Self` (written or implied) out of the graveyard: `Self` is the card as it was when the trigger fired, so Forge moves nothing.",
    explanation: "`Defined$ Self` (the default of a `ChangeZone` that names no card) is the card object \
the trigger belongs to, as it was when the trigger fired. A card that changes zones becomes a new \
object, and a `ChangeZone` moves a card only while it is the same object in the same zone. So when a \
trigger fires with its card on the battlefield (\"When enchanted creature dies, return CARDNAME to its \
owner's hand\": the Aura goes to the graveyard only afterwards, as a state-based action) and its ability \
takes `Self` out of the graveyard, the card it names is the one that left the battlefield and nothing \
moves. `Defined$ CorrectedSelf` names the card where it is now. Triggers that work in the graveyard \
(`TriggerZones$ Graveyard`) and triggers on the card's own move (`ValidCard$ Card.Self`: Forge fires \
them with the moved card) already hold the card in the graveyard and are not reported. On the Forge \
2020 cards every such trigger is an Aura's trigger on its enchanted permanent leaving the battlefield; \
the ones that work use `CorrectedSelf`. The fix writes `Defined$ CorrectedSelf` (unsafe: a \
`ChangeZone` that names no card may have meant another card).",
    bad: "Name:Lingering Ward\nManaCost:1 W\nTypes:Enchantment Aura\nK:Enchant creature\nA:SP$ Attach | Cost$ 1 W | ValidTgts$ Creature | AILogic$ Pump\nS:Mode$ Continuous | Affected$ Creature.EnchantedBy | AddToughness$ 2 | Description$ Enchanted creature gets +0/+2.\nT:Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Card.AttachedBy | Execute$ TrigReturn | TriggerDescription$ When enchanted creature dies, return CARDNAME to its owner's hand.\nSVar:TrigReturn:DB$ ChangeZone | Defined$ Self | Origin$ Graveyard | Destination$ Hand\nOracle:Enchant creature\nEnchanted creature gets +0/+2.\nWhen enchanted creature dies, return Lingering Ward to its owner's hand.",
    good: "Name:Lingering Ward\nManaCost:1 W\nTypes:Enchantment Aura\nK:Enchant creature\nA:SP$ Attach | Cost$ 1 W | ValidTgts$ Creature | AILogic$ Pump\nS:Mode$ Continuous | Affected$ Creature.EnchantedBy | AddToughness$ 2 | Description$ Enchanted creature gets +0/+2.\nT:Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Card.AttachedBy | Execute$ TrigReturn | TriggerDescription$ When enchanted creature dies, return CARDNAME to its owner's hand.\nSVar:TrigReturn:DB$ ChangeZone | Defined$ CorrectedSelf | Origin$ Graveyard | Destination$ Hand\nOracle:Enchant creature\nEnchanted creature gets +0/+2.\nWhen enchanted creature dies, return Lingering Ward to its owner's hand.",
    ..RuleMeta::BASE
};

/// Whether a comma-separated zone list names the graveyard.
fn names_graveyard(zones: &str) -> bool {
    zones
        .split(',')
        .any(|z| z.trim().eq_ignore_ascii_case("Graveyard"))
}

/// Whether a trigger may fire with its card already in the graveyard, or fires with the card it
/// moved (`ValidCard$ Card.Self`), so that `Self` is the card in the graveyard.
fn holds_card_in_graveyard(trigger: &RecordInfo<'_>) -> bool {
    trigger
        .param("TriggerZones")
        .is_some_and(|p| names_graveyard(p.value))
        || ["ValidCard", "ValidCards"].iter().any(|k| {
            trigger
                .param(k)
                .is_some_and(|p| p.value.split([',', '+', '.']).any(|w| w.trim() == "Self"))
        })
}

/// How a `ChangeZone` out of the graveyard names the trigger's card: `Some(Some(p))` for a
/// written `Defined$ Self`, `Some(None)` when it names no card at all (Forge's default is
/// `Self`), `None` when it moves another card or chooses one.
fn moves_self_from_graveyard<'r, 'a>(ab: &'r RecordInfo<'a>) -> Option<Option<&'r ParamInfo<'a>>> {
    if !ab.kind_value.trim().eq_ignore_ascii_case("ChangeZone")
        || !ab.param_ignore_case("Origin").is_some_and(|p| {
            names_graveyard(p.value)
                && !p
                    .value
                    .split(',')
                    .any(|z| matches!(z.trim(), "Hand" | "Library" | "Sideboard"))
        })
        || ab.param_ignore_case("Hidden").is_some()
        || ab.param_ignore_case("ValidTgts").is_some()
    {
        return None;
    }
    match ab.param_ignore_case("Defined") {
        Some(p) if p.value.trim() == "Self" => Some(Some(p)),
        Some(_) => None,
        None if ab.param_ignore_case("ChangeType").is_some() => None,
        None => Some(None),
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    // Cheap pre-filter: only files that move something out of a graveyard.
    if !ctx.file.text().contains("Graveyard") {
        return;
    }
    let model = &ctx.model;
    let mut refs = None;
    for (ti, trigger) in model.records.iter().enumerate() {
        if trigger.role != Role::Trigger || holds_card_in_graveyard(trigger) {
            continue;
        }
        let refs = refs.get_or_insert_with(|| model.ability_refs_by_record());
        for &ri in model.runs(refs, ti, 32).iter().skip(1) {
            let ab = &model.records[ri];
            let Some(defined) = moves_self_from_graveyard(ab) else {
                continue;
            };
            let why = "`Self` is the card as it was when the trigger fired, outside the graveyard; \
once it has gone there it is a new object, and Forge moves nothing";
            match defined {
                Some(p) => {
                    let d = sink.report(
                        p.value_range,
                        format!("{why}: `Defined$ CorrectedSelf` names the card where it is now"),
                    );
                    d.with_fix(Fix::unsafe_(
                        "use `Defined$ CorrectedSelf`",
                        vec![Edit::replace(p.value_range, "CorrectedSelf")],
                    ));
                }
                None => {
                    let Some(kind) = ab.kind_param.map(|i| &ab.params[i]) else {
                        continue;
                    };
                    let d = sink.report(
                        kind.range,
                        format!(
                            "this `ChangeZone` out of the graveyard names no card (no `Defined$`, `ValidTgts$` or `ChangeType$`), so it moves `Self`; {why}: `Defined$ CorrectedSelf` names the card where it is now"
                        ),
                    );
                    d.with_fix(Fix::unsafe_(
                        "add `Defined$ CorrectedSelf`",
                        vec![Edit::insert(kind.range.end(), " | Defined$ CorrectedSelf")],
                    ));
                }
            }
        }
    }
}
