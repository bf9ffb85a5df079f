//! W162: the text's trigger names where the card comes from ("is put into a graveyard from the
//! battlefield", "dies", "plays a land"), and the script's `@movedTo(...)` has no `from(...)`.

use super::card_text;
use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W162",
    name: "trigger-origin-missing",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "The text triggers on a card put into a graveyard from the battlefield (\"dies\", \"from play\") or on a land played, and the script's `@movedTo(...)` has no `from(...)`: it also fires for cards coming from anywhere else.",
    explanation: "`@movedTo(<cards>|<zone>)` fires whenever such a card arrives in the zone, from any \
zone, unless a `from(<zone>)` follows it. A card discarded or milled reaches the graveyard too, and a \
land put onto the battlefield by an effect was not played. The rule reads the triggered sentences of \
`text=` (`When`/`Whenever`, up to the first comma): when one says a card is put into a graveyard \
from the battlefield (or from play, or dies) and none speaks of a graveyard otherwise, every \
`@movedTo` into a graveyard without `from(` is reported; when one says a player plays a land, every \
`@movedTo` of lands onto the battlefield without `from(` is. The fix (graveyards only, unsafe) adds \
`from(battlefield)`.",
    bad: "[card]\nname=Grave Piper\ntext=Whenever another creature you control dies, you gain 1 life.\nauto=@movedTo(other creature|mygraveyard):life:1 controller\nmana={1}{B}\ntype=Creature\nsubtype=Zombie\npower=1\ntoughness=1\n[/card]",
    good: "[card]\nname=Grave Piper\ntext=Whenever another creature you control dies, you gain 1 life.\nauto=@movedTo(other creature|mygraveyard) from(mybattlefield):life:1 controller\nmana={1}{B}\ntype=Creature\nsubtype=Zombie\npower=1\ntoughness=1\n[/card]",
    ..RuleMeta::BASE
};

/// What a triggered sentence says about where the card comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Origin {
    /// Into a graveyard from the battlefield.
    Battlefield,
    /// Into a graveyard, from somewhere else or anywhere.
    OtherGraveyard,
    /// A land played (from a hand).
    LandPlayed,
}

fn origin(clause: &str) -> Option<Origin> {
    let words: Vec<&str> = clause
        .split_whitespace()
        .map(crate::common::bare_word)
        .collect();
    if clause.contains("graveyard") {
        let from_play = ["from the battlefield", "from play"]
            .iter()
            .any(|p| clause.contains(&format!("graveyard {p}")));
        return Some(if from_play {
            Origin::Battlefield
        } else {
            Origin::OtherGraveyard
        });
    }
    if words.iter().any(|w| matches!(*w, "dies" | "die")) {
        return Some(Origin::Battlefield);
    }
    let played = words.windows(3).any(|w| {
        matches!(w[0], "play" | "plays") && matches!(w[1], "a" | "another") && w[2] == "land"
    });
    played.then_some(Origin::LandPlayed)
}

/// The origins of the text's triggered sentences.
fn origins(text: &card_text::Text) -> Vec<Origin> {
    let mut out = Vec::new();
    for line in &text.lines {
        for sentence in &line.sentences {
            let lower = sentence.to_ascii_lowercase();
            if !(lower.starts_with("when ") || lower.starts_with("whenever ")) {
                continue;
            }
            let clause = lower.split(", ").next().unwrap_or("");
            if let Some(o) = origin(clause) {
                out.push(o);
            }
        }
    }
    out
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        let Some(text) = card_text::text_of(card) else {
            continue;
        };
        let found = origins(text);
        let graveyard =
            found.contains(&Origin::Battlefield) && !found.contains(&Origin::OtherGraveyard);
        let land = found.contains(&Origin::LandPlayed);
        if !graveyard && !land {
            continue;
        }
        for line in ctx
            .card_code(card)
            .filter(|l| l.meaning == KeyMeaning::Auto)
        {
            for view in &line.views {
                let Some(trigger) = view.auto.trigger() else {
                    continue;
                };
                let text = view.text_of(trigger.range());
                if !text.starts_with("@movedto(") || text.contains("from(") {
                    continue;
                }
                let Some(call) = trigger.calls().next() else {
                    continue;
                };
                if !crate::wagic::code::call_named(&call, "movedto") {
                    continue;
                }
                let Some(spec) = call.target() else { continue };
                let zones: Vec<String> = spec
                    .zones()
                    .map(|z| z.zones().into_iter().map(|(z, _)| z.to_ascii_lowercase()))
                    .into_iter()
                    .flatten()
                    .collect();
                let types: Vec<String> = spec
                    .types()
                    .map(|t| t.name_text().trim().to_ascii_lowercase())
                    .collect();
                if graveyard && zones.iter().any(|z| z.contains("graveyard")) {
                    let r = view.report(
                        sink,
                        trigger.range(),
                        "the text triggers on a card put into a graveyard from the battlefield, but this `@movedTo` has no `from(...)`: it also fires for cards discarded, milled or countered",
                    );
                    r.with_fix(Fix::unsafe_(
                        "add `from(battlefield)`",
                        vec![Edit::insert(call.range().end(), " from(battlefield)")],
                    ));
                } else if land
                    && zones
                        .iter()
                        .any(|z| z.contains("battlefield") || z.contains("inplay"))
                    && types.iter().any(|t| spec_names_land(t))
                {
                    view.report(
                        sink,
                        trigger.range(),
                        "the text triggers on a land played, but this `@movedTo` has no `from(...)`: it also fires for lands put onto the battlefield by effects",
                    );
                }
            }
        }
    }
}

/// Whether a target type (`land`, `land[basic]`, `other land`) is lands.
fn spec_names_land(t: &str) -> bool {
    let t = t.strip_prefix("other ").unwrap_or(t);
    t == "land" || t.starts_with("land[")
}
