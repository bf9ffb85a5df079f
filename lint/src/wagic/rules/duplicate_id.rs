//! W104: an id that an earlier entry of the library already uses.

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::index::Resolution;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W104",
    name: "duplicate-id",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "Two set entries share an id: the engine keeps the first one it loads and drops the other.",
    explanation: "Ids must be unique across every set of the card library (and every primitive with an id). \
Wagic loads the primitives files, then the set folders in byte order of their names, and when an id is \
already taken it drops the new entry silently: the card is missing from its set. This is an error when \
both entries load and name different cards; a warning when the entries are copies of one card, or when \
one of them does not load anyway (its definition does not resolve).",
    bad: "# workspace example\n# file: sets/primitives/cards.txt\n[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n[card]\nname=Goblin Raider\ntype=Creature\nsubtype=Goblin\npower=2\ntoughness=1\n[/card]\n# file: sets/AAA/_cards.dat\n[card]\nprimitive=Forest\nid=9001\nrarity=L\n[/card]\n# file: sets/BBB/_cards.dat\n[card]\nprimitive=Island\nid=9001\nrarity=L\n[/card]",
    good: "# workspace example\n# file: sets/primitives/cards.txt\n[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n[card]\nname=Goblin Raider\ntype=Creature\nsubtype=Goblin\npower=2\ntoughness=1\n[/card]\n# file: sets/AAA/_cards.dat\n[card]\nprimitive=Forest\nid=9001\nrarity=L\n[/card]\n# file: sets/BBB/_cards.dat\n[card]\nprimitive=Island\nid=9002\nrarity=L\n[/card]",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        let Some((facts, status)) = ctx.block(card) else {
            continue;
        };
        let (Some(dup), Some((value, range))) = (&status.duplicate_of, &facts.id) else {
            continue;
        };
        let card_name = facts
            .primitive
            .as_ref()
            .or(facts.name.as_ref())
            .map(|n| n.text.as_str())
            .unwrap_or_default();
        let same = dup.card == card_name;
        let would_load = matches!(
            status.resolution,
            Resolution::Inline | Resolution::Resolved(_) | Resolution::NotChecked
        );
        let severity = if dup.added && !same && would_load {
            Severity::Error
        } else {
            Severity::Warning
        };
        let message = if !dup.added {
            format!(
                "id {} is also used by `{}`, which Wagic does not load; this entry keeps the id, but the ids should differ",
                value.trim(),
                dup.card
            )
        } else if same {
            format!(
                "id {} is used twice for `{}`: Wagic keeps the first entry and drops this copy",
                value.trim(),
                card_name
            )
        } else {
            format!(
                "id {} is already used by `{}`: Wagic keeps that entry and drops `{}`",
                value.trim(),
                dup.card,
                card_name
            )
        };
        sink.report(*range, message)
            .with_severity(severity)
            .with_note(format!("first used at {}", ctx.describe(dup.at)))
            .with_related(ctx.related(dup.at, "the first entry with this id"));
    }
}
