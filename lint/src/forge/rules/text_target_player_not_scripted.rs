//! F202: the rules text says `target opponent` or `target player` and no ability of the face
//! targets a player.

use crate::diagnostic::Sink;
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F202",
    name: "text-target-player-not-scripted",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: crate::diagnostic::Severity::Warning,
    fix: FixAvailability::None,
    summary: "The rules text says `target opponent` (or `target player`) and no `ValidTgts$` of the face allows a player: the card never targets one, so it acts on every opponent or on a player it picks another way.",
    explanation: "A card whose text names `target opponent` or `target player` (outside reminder text and \
quoted abilities) has an ability whose `ValidTgts$` allows players (`Player`, `Opponent`, `Any`...): on \
the Forge 2020 cards 1,053 of 1,059 such faces do. Without one, the card counts or affects every \
opponent (`Count$Valid Creature.OppCtrl` for \"creatures target opponent controls\"), or lets a player \
choose without targeting (no hexproof, no fizzling), which differs in multiplayer and against \
hexproof. The finding goes on the description that names the target, else on `Oracle:`. Faces that \
target through `TargetType$` or `Targeting$` are not compared.",
    bad: "Name:Crowded Charge\nManaCost:G G\nTypes:Instant\nA:SP$ DealDamage | Cost$ G G | ValidTgts$ Creature | NumDmg$ X | SpellDescription$ CARDNAME deals damage to target creature equal to the number of creatures target opponent controls.\nSVar:X:Count$Valid Creature.OppCtrl\nOracle:Crowded Charge deals damage to target creature equal to the number of creatures target opponent controls.",
    good: "Name:Crowded Charge\nManaCost:G G\nTypes:Instant\nA:SP$ Pump | Cost$ G G | ValidTgts$ Opponent | SubAbility$ DBDamage | SpellDescription$ CARDNAME deals damage to target creature equal to the number of creatures target opponent controls.\nSVar:DBDamage:DB$ DealDamage | ValidTgts$ Creature | NumDmg$ X\nSVar:X:Count$Valid Creature.TargetedPlayerCtrl\nOracle:Crowded Charge deals damage to target creature equal to the number of creatures target opponent controls.",
    ..RuleMeta::BASE
};

/// The player the text targets (`opponent` or `player`), outside quoted abilities.
fn targeted_player(text: &str) -> Option<&'static str> {
    let lower = super::oracle::strip_reminder(&text.to_ascii_lowercase());
    // Quoted abilities are granted: their targets are another object's.
    let outside: String = lower.split('"').step_by(2).collect::<Vec<_>>().join(" ");
    ["opponent", "player"]
        .into_iter()
        .find(|who| crate::common::has_whole_word(&outside, &format!("target {who}")))
}

/// Whether a `ValidTgts$` value allows a player.
fn allows_player(value: &str) -> bool {
    value.split(',').any(|alt| {
        let base = alt.trim().split(['.', '+']).next().unwrap_or("");
        matches!(base, "Player" | "Opponent" | "Any" | "You")
    })
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for face in 0..model.faces.len() {
        let lines = ctx.oracle_lines(face);
        let Some(who) = lines.iter().find_map(|l| targeted_player(l.text)) else {
            continue;
        };
        let records: Vec<_> = model.records.iter().filter(|r| r.face == face).collect();
        if records.iter().any(|r| {
            r.param("ValidTgts").is_some_and(|p| allows_player(p.value))
                || r.param("TargetType").is_some()
                || r.param("Targeting").is_some()
        }) {
            continue;
        }
        // Where the text's target is described, else the rules text.
        let phrase = format!("target {who}");
        let described = records.iter().find_map(|r| {
            ["SpellDescription", "TriggerDescription", "Description"]
                .iter()
                .find_map(|k| r.param(k))
                .filter(|p| p.value.to_ascii_lowercase().contains(&phrase))
        });
        let Some(range) = described
            .map(|p| p.value_range)
            .or_else(|| lines.first().map(|l| l.range))
        else {
            continue;
        };
        sink.report(
            range,
            format!(
                "the rules text says \"{phrase}\", but no `ValidTgts$` of this face allows a player: the card never targets one"
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_players_a_text_targets() {
        assert_eq!(
            targeted_player("Target opponent reveals their hand."),
            Some("opponent")
        );
        assert_eq!(
            targeted_player("Target player draws a card."),
            Some("player")
        );
        assert_eq!(
            targeted_player("Creatures you control have \"{T}: Target player mills a card.\""),
            None
        );
        assert_eq!(targeted_player("Each opponent loses 1 life."), None);
        assert_eq!(
            targeted_player("Deal 2 damage to any target. (A target player...)"),
            None
        );
    }
}
