//! F104: a face without a key it needs (Name, Types, ManaCost, PT, Loyalty, Defense).

use super::key_text;
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use syntax::{TextRange, TextSize};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F104",
    name: "missing-required-key",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A face without `Name`, `Types`, `ManaCost` (unless it needs none), `PT` for a creature or `Loyalty` for a planeswalker.",
    explanation: "Forge cannot load a face without `Name:`. Without `Types:` the card has no type; \
without `ManaCost:` it is free to cast (lands, back faces, tokens, conspiracies, schemes, planes and \
other cards without a mana cost are exempt); a creature without `PT:` is 0/0 and dies; a planeswalker \
without `Loyalty:` enters with no loyalty and dies; a battle without `Defense:` has none. Forge says \
nothing about any of these.",
    bad: "Name:Stone Sentry\nManaCost:3\nTypes:Artifact Creature Golem",
    good: "Name:Stone Sentry\nManaCost:3\nTypes:Artifact Creature Golem\nPT:2/4",
    ..RuleMeta::BASE
};

/// Card types whose cards have no mana cost.
const NO_COST_TYPES: &[&str] = &[
    "Land",
    "Conspiracy",
    "Scheme",
    "Plane",
    "Phenomenon",
    "Vanguard",
    "Emblem",
    "Dungeon",
];

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    let layout = model
        .alternate_mode_lines
        .last()
        .map(|&i| {
            model
                .slice(model.lines[i].value)
                .trim()
                .to_ascii_lowercase()
        })
        .unwrap_or_default();
    for (fi, face) in model.faces.iter().enumerate() {
        let lines = &model.lines[face.first_line..face.end_line];
        let has = |key: &str| lines.iter().any(|l| key_text(model, l) == key);
        let Some(name_line) = face.name_line else {
            // An empty file has nothing to report but its emptiness.
            let at = lines
                .first()
                .map(|l| l.range)
                .unwrap_or_else(|| TextRange::empty(TextSize::from(0)));
            sink.report(
                at,
                if fi == 0 {
                    "this card has no `Name:` line: Forge cannot load it"
                } else {
                    "this face has no `Name:` line: Forge cannot load the card"
                },
            );
            continue;
        };
        let at = model.lines[name_line].range;
        let types_line = lines.iter().find(|l| key_text(model, l) == "Types");
        let Some(types_line) = types_line else {
            sink.report(at, "this face has no `Types:` line: Forge gives it no type");
            continue;
        };
        let types = model.slice(types_line.value);
        let words: Vec<&str> = types.split_whitespace().collect();
        let is = |t: &str| words.contains(&t);
        // The type word that asks for the missing line (`Creature` for `PT:`), where the finding
        // points: the line a scripter reads when adding it.
        let word_at = |t: &str| {
            let mut offset = 0;
            for w in types.split(' ') {
                if w == t {
                    return super::sub_range(types_line.value, offset, w.len());
                }
                offset += w.len() + 1;
            }
            types_line.range
        };
        // Faces after the first take their cost from the front (transform, flip, meld) or have
        // their own (split, adventure, modal); only the front face must have one.
        let needs_cost = fi == 0
            && !model.is_token_script
            && !NO_COST_TYPES.iter().any(|t| is(t))
            && layout != "meld";
        if needs_cost && !has("ManaCost") {
            sink.report(
                at,
                "this face has no `ManaCost:` line: Forge treats it as costing nothing (write `ManaCost:no cost` if that is meant)",
            );
        }
        if is("Creature") && !has("PT") {
            sink.report(
                word_at("Creature"),
                "this creature has no `PT:` line: Forge makes it 0/0, so it dies as it enters",
            );
        }
        if is("Planeswalker") && !has("Loyalty") && fi == 0 {
            sink.report(
                word_at("Planeswalker"),
                "this planeswalker has no `Loyalty:` line: it enters with no loyalty and dies",
            );
        }
        if is("Battle") && !has("Defense") && fi == 0 {
            sink.report(word_at("Battle"), "this battle has no `Defense:` line");
        }
    }
}
