//! W119: a zone name the engine does not know: dropped, so the target falls back to both
//! battlefields.

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::code::CodeView;
use model::suggest;
use model::wagic::vocab;
use syntax::wagic::SyntaxKind;
use syntax::wagic::ast::{Call, ZoneList};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W119",
    name: "unknown-target-zone",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A zone after `|` or in `moveto(...)` that is not a zone name: the engine drops it.",
    explanation: "Zone names are compared exactly (after lowercasing): `battlefield`, `graveyard`, `hand`, \
`library`, `stack`, `exile`... optionally prefixed with `my`, `opponent`, `owner`, `targetcontroller`, \
`targetowner` or `targetedpersons`, plus compound names such as `*` or `nonbattlezone` (after `|` only). \
An unknown name is dropped without a word; when no zone is left the target falls back to both \
battlefields, so `creature|mybattelfield` also accepts the opponent's creatures. Player words \
(`opponent`), attributes (`attacking` belongs in `[...]`), a `]` typed after the zone and a doubled `|` \
all produce unknown names.",
    bad: "[card]\nname=Field Marshal\nauto=lord(creature|mybattelfield) 1/1\ntype=Creature\npower=2\ntoughness=2\n[/card]",
    good: "[card]\nname=Field Marshal\nauto=lord(creature|mybattlefield) 1/1\ntype=Creature\npower=2\ntoughness=2\n[/card]",
    ..RuleMeta::BASE
};

const PLAYER_WORDS: &[&str] = &[
    "my",
    "opponent",
    "controller",
    "owner",
    "targetcontroller",
    "targetowner",
    "targetedplayer",
    "player",
];

fn why(zone: &str) -> Option<String> {
    if let Some(inner) = zone.strip_suffix(']')
        && vocab::zones().knows(inner)
    {
        return Some(format!("a `]` is typed after `{inner}`"));
    }
    if let Some(inner) = zone.strip_prefix('|')
        && vocab::zones().knows(inner)
    {
        return Some(format!("`|` is doubled before `{inner}`"));
    }
    if PLAYER_WORDS.contains(&zone) {
        return Some(format!(
            "`{zone}` is a player, not a zone (write a zone such as `{}battlefield`)",
            if zone == "opponent" { "opponent" } else { "my" }
        ));
    }
    if vocab::target_restrictions().knows(zone) {
        return Some(format!(
            "`{zone}` is an attribute, not a zone: write it in `[...]` after the type"
        ));
    }
    let bases = [
        "battlefield",
        "inplay",
        "graveyard",
        "hand",
        "library",
        "stack",
        "exile",
        "removedfromgame",
        "reveal",
        "sideboard",
        "commandzone",
        "temp",
    ];
    if let Some(base) = bases.iter().find(|b| zone.ends_with(*b)) {
        let prefix = &zone[..zone.len() - base.len()];
        if !prefix.is_empty() {
            return Some(format!(
                "`{prefix}` is not a zone prefix (my, opponent, owner, targetcontroller, targetowner, targetedpersons)"
            ));
        }
    }
    None
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    // `target=` values (lowercased by the engine like ability code).
    for card in &ctx.cards {
        for entry in card
            .entries
            .iter()
            .filter(|e| e.meaning == syntax::wagic::KeyMeaning::Target)
        {
            if let Some(list) = entry.target().and_then(|t| t.zones()) {
                check_list(&list, false, None, sink);
            }
        }
    }
    for view in ctx.code_views().filter(|v| v.has("|") || v.has("moveto(")) {
        for list in view.all(ZoneList::cast) {
            let in_moveto = list
                .syntax()
                .parent()
                .and_then(|p| p.parent())
                .and_then(Call::cast)
                .is_some_and(|c| crate::wagic::code::call_named(&c, "moveto"));
            let after_pipe = list
                .syntax()
                .parent()
                .is_some_and(|p| p.kind() == SyntaxKind::TARGET_SPEC);
            if !in_moveto && !after_pipe {
                continue;
            }
            check_list(&list, in_moveto, Some(view), sink);
        }
    }
}

fn check_list(list: &ZoneList, in_moveto: bool, view: Option<&CodeView>, sink: &mut Sink<'_>) {
    let after_pipe = !in_moveto;
    let mut report = |range, message: String, fix: Option<Fix>| match view {
        Some(v) => {
            let r = v
                .report(sink, range, message)
                .with_severity(Severity::Error);
            if let Some(f) = fix {
                r.with_fix(f);
            }
        }
        None => {
            let d = sink.report(range, message);
            if let Some(f) = fix {
                d.with_fix(f);
            }
        }
    };
    for (zone, range) in list.zones() {
        let lower = zone.to_ascii_lowercase();
        let word = vocab::zones().get(&lower).filter(|w| w.is_known());
        match word {
            Some(w) if in_moveto && w.attr("compound").is_some() => report(
                range,
                format!(
                    "`moveto(...)` does not understand the compound zone `{lower}`: Wagic drops it"
                ),
                None,
            ),
            Some(w) if after_pipe && w.attr("moveto-only").is_some() => report(
                range,
                format!("`{lower}` is understood only by `moveto(...)`: after `|` Wagic drops it"),
                None,
            ),
            Some(_) => {}
            None => {
                if lower.bytes().all(|b| b.is_ascii_digit()) || lower.contains(['(', '{', '$']) {
                    continue;
                }
                let fallback = if in_moveto {
                    "the card does not move where intended"
                } else {
                    "the target falls back to both battlefields"
                };
                let mut message =
                    format!("Wagic does not know the zone `{zone}` and drops it: {fallback}");
                if let Some(reason) = why(&lower) {
                    message.push_str(&format!("; {reason}"));
                }
                let fix = suggest::unique_near_miss(&lower, vocab::zones().known())
                    .map(|z| Fix::safe(format!("write `{z}`"), vec![Edit::replace(range, z)]));
                report(range, message, fix);
            }
        }
    }
}
