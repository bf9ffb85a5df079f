//! F203: a trigger whose text says a creature "dies" (is put into a graveyard from the
//! battlefield) while its `ChangesZone` mode watches cards coming from any zone.

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::Role;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F203",
    name: "dies-trigger-any-origin",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A `Mode$ ChangesZone` trigger whose description says `Whenever ... dies` (or `is put into a graveyard from the battlefield`) and whose `Destination$ Graveyard` has no `Origin$ Battlefield`: it also fires for cards milled, discarded or countered.",
    explanation: "\"Dies\" means \"is put into a graveyard from the battlefield\". A `ChangesZone` trigger \
with `Destination$ Graveyard` and `Origin$ Any` (or no `Origin$`) fires for every card that reaches a \
graveyard: a discarded or milled creature card, a countered creature spell, a creature that was \
damaged, bounced and then discarded. On the Forge 2020 cards 641 of 647 triggers whose event \
clause says \"dies\" and whose only destination is the graveyard write `Origin$ Battlefield`. The rule \
reads the clause before the first comma of `TriggerDescription$` (reminder text and quoted abilities \
left out); a trigger that also watches the battlefield as destination (`enters the battlefield or \
dies`, written as two triggers) is not reported. The fix writes `Origin$ Battlefield` (unsafe: check \
that the card means the battlefield).",
    bad: "Name:Grave Watcher\nManaCost:2 B\nTypes:Creature Spirit\nPT:2/2\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Graveyard | ValidCard$ Creature.Other | TriggerZones$ Battlefield | Execute$ TrigDrain | TriggerDescription$ Whenever another creature dies, each opponent loses 1 life.\nSVar:TrigDrain:DB$ LoseLife | Defined$ Player.Opponent | LifeAmount$ 1\nOracle:Whenever another creature dies, each opponent loses 1 life.",
    good: "Name:Grave Watcher\nManaCost:2 B\nTypes:Creature Spirit\nPT:2/2\nT:Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Creature.Other | TriggerZones$ Battlefield | Execute$ TrigDrain | TriggerDescription$ Whenever another creature dies, each opponent loses 1 life.\nSVar:TrigDrain:DB$ LoseLife | Defined$ Player.Opponent | LifeAmount$ 1\nOracle:Whenever another creature dies, each opponent loses 1 life.",
    ..RuleMeta::BASE
};

/// Whether the event clause of a trigger description (before its first comma) says that
/// something dies.
fn says_dies(description: &str) -> bool {
    let lower = super::oracle::strip_reminder(&description.to_ascii_lowercase());
    // Quoted abilities are granted: their events are another object's.
    let outside: String = lower.split('"').step_by(2).collect::<Vec<_>>().join(" ");
    let clause = outside.split(',').next().unwrap_or("");
    ["dies", "die", "graveyard from the battlefield"]
        .into_iter()
        .any(|w| crate::common::has_whole_word(clause, w))
}

fn names_zone(value: &str, zone: &str) -> bool {
    value
        .split(',')
        .any(|z| z.trim().eq_ignore_ascii_case(zone))
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    // Cheap pre-filter: the text must say "die" somewhere.
    let text = ctx.file.text();
    if !model::search::contains(text, "die")
        && !model::search::contains(text, "from the battlefield")
    {
        return;
    }
    for record in &ctx.model.records {
        if record.role != Role::Trigger || !record.kind_value.eq_ignore_ascii_case("ChangesZone") {
            continue;
        }
        let Some(destination) = record.param("Destination") else {
            continue;
        };
        if !destination
            .value
            .split(',')
            .all(|z| z.trim().eq_ignore_ascii_case("Graveyard"))
        {
            continue;
        }
        let origin = record.param("Origin");
        if origin.is_some_and(|o| names_zone(o.value, "Battlefield")) {
            continue;
        }
        let Some(description) = record.param("TriggerDescription") else {
            continue;
        };
        if !says_dies(description.value) {
            continue;
        }
        match origin {
            Some(o) => {
                sink.report(
                    o.range,
                    format!(
                        "the trigger says \"dies\" (put into a graveyard from the battlefield), but `Origin$ {}` also fires for cards put into a graveyard from other zones",
                        o.value.trim()
                    ),
                )
                .with_fix(Fix::unsafe_(
                    "write `Origin$ Battlefield`",
                    vec![Edit::replace(o.value_range, "Battlefield")],
                ));
            }
            None => {
                sink.report(
                    destination.range,
                    "the trigger says \"dies\" (put into a graveyard from the battlefield), but without `Origin$` it also fires for cards put into a graveyard from other zones",
                )
                .with_fix(Fix::unsafe_(
                    "add `Origin$ Battlefield`",
                    vec![Edit::insert(destination.range.start(), "Origin$ Battlefield | ")],
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_event_clauses_that_say_dies() {
        assert!(says_dies(
            "Whenever another creature dies, you gain 1 life."
        ));
        assert!(says_dies("When enchanted creature dies, draw a card."));
        assert!(says_dies(
            "Whenever a creature is put into a graveyard from the battlefield, scry 1."
        ));
        assert!(!says_dies(
            "Whenever a card is put into your graveyard from anywhere, target creature dies."
        ));
        assert!(!says_dies(
            "Whenever a creature card is put into your graveyard from your library, draw a card."
        ));
        assert!(!says_dies(
            "Whenever CARDNAME attacks, creatures gain \"When this creature dies, draw a card.\""
        ));
    }
}
