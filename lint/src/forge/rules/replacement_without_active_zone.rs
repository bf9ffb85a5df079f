//! F204: an `R:` replacement of a permanent card that changes what happens to other objects and
//! has no `ActiveZones$`: Forge applies it from every zone, the hand and library included.

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{Origin, Role};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F204",
    name: "replacement-without-active-zone",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "An `R:` replacement of a permanent (creature, artifact, enchantment, land, planeswalker) about other objects (`ValidTarget$ Creature.YouCtrl`) without `ActiveZones$`: Forge applies it while the card is in the hand, library or graveyard too.",
    explanation: "Forge gives a replacement effect the zones of its `ActiveZones$`, and a replacement \
without one is active in every zone (the 2020 and 2022 engines alike: `zonesCheck` passes when no \
zone is set). A permanent's replacement about its own card (`ValidCard$ Card.Self`, `ValidTarget$ \
Creature.Self`, `ValidCard$ Card.EnchantedBy`) needs none, since it matters only where that card is; \
one about other objects (\"Prevent all combat damage that would be dealt to creatures you control\") \
works from the hand and the library as well. On the Forge 2020 cards 137 replacements of \
permanents about other objects write `ActiveZones$`, and one does not (a spell cast through the \
card's own permission, `Spell.MayPlaySource`, which is tied to the card and not reported). Only \
`R:` lines are read: a replacement held in an SVar is granted to another card, which decides where \
it works. The fix adds `ActiveZones$ Battlefield`.",
    bad: "Name:Shield Warden\nManaCost:2 W\nTypes:Creature Human Soldier\nPT:1/3\nR:Event$ DamageDone | Prevent$ True | IsCombat$ True | ValidTarget$ Creature.YouCtrl+Other | Description$ Prevent all combat damage that would be dealt to other creatures you control.\nOracle:Prevent all combat damage that would be dealt to other creatures you control.",
    good: "Name:Shield Warden\nManaCost:2 W\nTypes:Creature Human Soldier\nPT:1/3\nR:Event$ DamageDone | ActiveZones$ Battlefield | Prevent$ True | IsCombat$ True | ValidTarget$ Creature.YouCtrl+Other | Description$ Prevent all combat damage that would be dealt to other creatures you control.\nOracle:Prevent all combat damage that would be dealt to other creatures you control.",
    ..RuleMeta::BASE
};

/// Card types whose cards sit on the battlefield.
const PERMANENT_TYPES: &[&str] = &[
    "Creature",
    "Artifact",
    "Enchantment",
    "Land",
    "Planeswalker",
    "Battle",
];

/// Properties that tie a Valid item to the replacement's own card (or what it is attached to).
const OWN_CARD: &[&str] = &[
    "Self",
    "StrictlySelf",
    "EnchantedBy",
    "EquippedBy",
    "AttachedBy",
    "AttachedTo",
    "FortifiedBy",
    "IsRemembered",
    "IsImprinted",
];

/// Whether a Valid value names the replacement's own card (in any alternative).
fn names_own_card(value: &str) -> bool {
    // A spell cast through the card's own permission (`Spell.MayPlaySource`) is tied to the card
    // wherever it is now ("a spell cast this way").
    model::search::contains(value, "MayPlaySource")
        || value.split(',').any(|item| {
            let item = item.trim();
            matches!(item, "Self" | "Enchanted" | "Equipped")
                || item.split_once('.').is_some_and(|(_, props)| {
                    props
                        .split('+')
                        .any(|p| OWN_CARD.contains(&p.split_whitespace().next().unwrap_or("")))
                })
        })
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let text = ctx.file.text();
    // Cheap pre-filter: no replacement line, nothing to read.
    if !model::search::contains(text, "R:") {
        return;
    }
    let model = &ctx.model;
    for record in &model.records {
        if record.role != Role::Replacement || !matches!(record.origin, Origin::Line(_)) {
            continue;
        }
        if record.param_ignore_case("ActiveZones").is_some() {
            continue;
        }
        let permanent = model.lines.iter().any(|l| {
            l.face == record.face && super::key_text(model, l) == "Types" && {
                model
                    .slice(l.value)
                    .split_whitespace()
                    .any(|w| PERMANENT_TYPES.contains(&w))
            }
        });
        if !permanent {
            continue;
        }
        let valids: Vec<_> = record
            .params
            .iter()
            .filter(|p| p.has_dollar && p.key.starts_with("Valid"))
            .collect();
        if valids.iter().any(|p| names_own_card(p.value)) {
            continue;
        }
        let Some(kind) = record.kind_param.map(|i| &record.params[i]) else {
            continue;
        };
        let (range, what) = match valids.first() {
            Some(p) => (p.range, format!("is about `{}$ {}`", p.key, p.value.trim())),
            None => (kind.range, "names no card of its own".to_string()),
        };
        sink.report(
            range,
            format!(
                "this replacement of a permanent {what} and has no `ActiveZones$`: Forge applies it from every zone, the hand and library included"
            ),
        )
        .with_fix(Fix::unsafe_(
            "add `ActiveZones$ Battlefield`",
            vec![Edit::insert(kind.range.end(), " | ActiveZones$ Battlefield")],
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_valid_values_about_the_own_card() {
        assert!(names_own_card("Card.Self"));
        assert!(names_own_card(
            "Creature.Self+attacking,Creature.attackersBandedWith"
        ));
        assert!(names_own_card("Creature.EnchantedBy"));
        assert!(names_own_card("Self"));
        assert!(!names_own_card("Creature.YouCtrl"));
        assert!(names_own_card("Card.CastSa Spell.MayPlaySource"));
        assert!(!names_own_card("Permanent.nonToken+Other"));
    }
}
