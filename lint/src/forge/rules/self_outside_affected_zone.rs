//! F186: a continuous static that works only outside the battlefield and affects only its own
//! card, with no `AffectedZone$`: Forge looks for the affected cards on the battlefield, so it
//! affects nothing.

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::Role;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F186",
    name: "self-outside-affected-zone",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A `Mode$ Continuous` static with `EffectZone$` outside the battlefield and `Affected$ Card.Self`, but no `AffectedZone$`: it affects nothing.",
    explanation: "A continuous static looks for the cards it affects in its `AffectedZone$`, and on the \
battlefield when there is none. A static that works only while its card is in another zone \
(`EffectZone$ Graveyard`) and affects only that card (`Affected$ Card.Self`) therefore never finds it: \
\"You may cast this card from your graveyard\" does nothing. Name the zone the card is in \
(`AffectedZone$ Graveyard`). Characteristic-defining statics (`CharacteristicDefining$ True`) always \
affect their own card and are not reported.",
    bad: "Name:Grave Returner\nManaCost:1 B\nTypes:Creature Zombie\nPT:2/1\nS:Mode$ Continuous | Affected$ Card.Self | EffectZone$ Graveyard | MayPlay$ True | Description$ You may cast CARDNAME from your graveyard.\nOracle:You may cast Grave Returner from your graveyard.",
    good: "Name:Grave Returner\nManaCost:1 B\nTypes:Creature Zombie\nPT:2/1\nS:Mode$ Continuous | Affected$ Card.Self | EffectZone$ Graveyard | AffectedZone$ Graveyard | MayPlay$ True | Description$ You may cast CARDNAME from your graveyard.\nOracle:You may cast Grave Returner from your graveyard.",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for record in &ctx.model.records {
        if record.role != Role::Static || !record.kind_value.eq_ignore_ascii_case("Continuous") {
            continue;
        }
        if record.param_ignore_case("AffectedZone").is_some()
            || record.param_ignore_case("CharacteristicDefining").is_some()
        {
            continue;
        }
        let (Some(zone), Some(affected)) = (record.param("EffectZone"), record.param("Affected"))
        else {
            continue;
        };
        let zones: Vec<&str> = zone
            .value
            .split([',', ' '])
            .map(str::trim)
            .filter(|z| !z.is_empty())
            .collect();
        if zones.is_empty()
            || zones
                .iter()
                .any(|z| z.eq_ignore_ascii_case("Battlefield") || z.eq_ignore_ascii_case("All"))
        {
            continue;
        }
        if !affected.value.split(',').all(is_self_item) {
            continue;
        }
        let d = sink.report(
            affected.range,
            format!(
                "this static works only while its card is in {} (`EffectZone$`), but without `AffectedZone$` it looks for `{}` on the battlefield: it affects nothing",
                zone.value.trim(),
                affected.value.trim()
            ),
        );
        d.with_fix(Fix::unsafe_(
            format!("add `AffectedZone$ {}`", zone.value.trim()),
            vec![Edit::insert(
                zone.range.end(),
                format!(" | AffectedZone$ {}", zone.value.trim()),
            )],
        ));
    }
}

/// A Valid item that matches only the static's own card (`Card.Self`, `Creature.Self+withFlying`).
pub(crate) fn is_self_item(item: &str) -> bool {
    item.trim()
        .split_once('.')
        .is_some_and(|(_, props)| props.split('+').any(|p| p == "Self"))
}
