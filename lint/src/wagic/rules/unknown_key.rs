//! W100: a key the card reader drops (or stores and never uses).

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use model::suggest;
use model::wagic::vocab;
use syntax::wagic::KeyMeaning;
use syntax::wagic::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W100",
    name: "unknown-key",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A key that Wagic's card reader drops without a word.",
    explanation: "Wagic picks the meaning of a key mostly from its first letter and drops what it cannot \
place: an `a` key other than `auto`, `abilities`, `alias`, `aicode` and `anyzone`, a `t` key other than \
`target`, `text`, `type` and `toughness`, an `r` key that is not a restriction, retrace or rarity, and any \
key starting with another character (keys are case-sensitive, so `Power=` is lost; a leading space loses \
the key too). `auto<zone>=` lines for a zone the engine never reads are stored and never used. In a \
`[meta]` block only `name`, `author`, `block`, `year`, `total` and `orderindex` mean anything.",
    bad: "[card]\nname=Winged Squire\nabilitie=flying\ntype=Creature\npower=1\ntoughness=1\n[/card]",
    good: "[card]\nname=Winged Squire\nabilities=flying\ntype=Creature\npower=1\ntoughness=1\n[/card]",
    ..RuleMeta::BASE
};

/// Zones whose `auto<zone>` abilities the engine reads.
pub(crate) const AUTO_ZONES: &[&str] = &[
    "hand",
    "graveyard",
    "stack",
    "exile",
    "library",
    "commandzone",
    "facedown",
    "faceup",
    "skill",
];

/// The canonical card keys (what a did-you-mean may offer).
pub(crate) fn card_keys() -> impl Iterator<Item = &'static str> {
    vocab::keys()
        .words()
        .iter()
        .filter(|w| w.attr("card").is_some() && w.word != "suspend")
        .map(|w| w.word)
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        for entry in card.entries.iter().filter(|e| {
            matches!(
                e.meaning,
                KeyMeaning::Ignored | KeyMeaning::Unknown | KeyMeaning::AutoZone
            )
        }) {
            let Some(key) = entry.key() else { continue };
            let text = key.text();
            match entry.meaning {
                KeyMeaning::Ignored | KeyMeaning::Unknown => {}
                KeyMeaning::AutoZone => {
                    let zone = &text[4..];
                    if !AUTO_ZONES.contains(&zone) {
                        let d = sink.report(
                            key.text_range(),
                            format!(
                                "Wagic stores these abilities for the zone `{zone}` and never uses them: the zones it reads are {}",
                                AUTO_ZONES.join(", ")
                            ),
                        );
                        if let Some(z) =
                            suggest::unique_near_miss(zone.trim(), AUTO_ZONES.iter().copied())
                        {
                            d.with_fix(Fix::safe(
                                format!("use `auto{z}`"),
                                vec![Edit::replace(key.text_range(), format!("auto{z}"))],
                            ));
                        } else if zone.trim().is_empty() {
                            d.with_fix(Fix::safe(
                                "remove the space before `=`",
                                vec![Edit::replace(key.text_range(), "auto")],
                            ));
                        }
                    }
                    continue;
                }
                _ => continue,
            }
            let trimmed = text.trim();
            let lower = trimmed.to_ascii_lowercase();
            let known = |k: &str| card_keys().any(|c| c == k) || k == "restrictions";
            let d;
            if trimmed != text && known(trimmed) {
                d = sink.report(
                    key.text_range(),
                    format!("Wagic drops this line: the key `{text}` has spaces around it, and keys are compared as written"),
                );
                d.with_fix(Fix::safe(
                    format!("write `{trimmed}`"),
                    vec![Edit::replace(key.text_range(), trimmed)],
                ));
            } else if lower != trimmed && known(&lower) {
                d = sink.report(
                    key.text_range(),
                    format!("Wagic drops this line: keys are case-sensitive, and `{text}` is not `{lower}`"),
                );
                d.with_fix(Fix::safe(
                    format!("write `{lower}`"),
                    vec![Edit::replace(key.text_range(), lower.clone())],
                ));
            } else {
                let value = entry.value_text();
                let swapped = known(value.trim());
                let mut message = format!("Wagic drops this line: `{text}` is not a key it reads");
                if swapped {
                    message.push_str(&format!(
                        "; key and value look swapped (`{}={}`?)",
                        value.trim(),
                        text
                    ));
                }
                d = sink.report(key.text_range(), message);
                if swapped {
                    d.with_fix(Fix::unsafe_(
                        format!("write `{}={}`", value.trim(), text),
                        vec![Edit::replace(
                            entry.range(),
                            format!("{}={}", value.trim(), text),
                        )],
                    ));
                } else if let Some(k) = suggest::unique_near_miss(&lower, card_keys()) {
                    d.with_fix(Fix::safe(
                        format!("write `{k}`"),
                        vec![Edit::replace(key.text_range(), k)],
                    ));
                } else if let Some(k) = suggest::did_you_mean(&lower, card_keys()) {
                    d.with_note(format!("did you mean `{k}`?"));
                }
            }
        }
    }
    // Only the file-level run sees the top level (a card run must not walk the whole file).
    for meta in ctx.top_level(ast::MetaBlock::cast) {
        for entry in meta.entries() {
            let Some(key) = entry.key() else { continue };
            let lower = key.text().to_lowercase();
            let known = vocab::keys()
                .get(&lower)
                .is_some_and(|w| w.attr("meta").is_some());
            if !known {
                let metas = || {
                    vocab::keys()
                        .words()
                        .iter()
                        .filter(|w| w.attr("meta").is_some())
                        .map(|w| w.word)
                };
                let d = sink
                    .report(
                        key.text_range(),
                        format!(
                            "Wagic ignores the key `{}` in a `[meta]` block: it reads only {}",
                            key.text(),
                            metas().collect::<Vec<_>>().join(", ")
                        ),
                    )
                    .with_severity(Severity::Warning);
                if let Some(k) = suggest::unique_near_miss(&lower, metas()) {
                    d.with_fix(Fix::safe(
                        format!("write `{k}`"),
                        vec![Edit::replace(key.text_range(), k)],
                    ));
                }
            }
        }
    }
}
