//! W133: a keyword line of `text=` (`Flying, vigilance`) whose keyword the script never gives.

use super::card_text;
use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W133",
    name: "keyword-not-scripted",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "The rules text has a keyword line (`Flying, vigilance`) whose keyword neither `abilities=` nor any ability of the card gives.",
    explanation: "A line of `text=` made only of keywords (`Flying`, `First strike, protection from red`; \
reminder text aside) says what the card has. Wagic does not read `text=`: the keyword must be in \
`abilities=` (or be given by an ability, `auto=flying`, `lord(this) flying`...). A keyword line that the \
script misses is usually a forgotten or misspelt `abilities=` (`doublestrike`, `abilitie=`), and the card \
plays without the keyword. The fix adds the ability to `abilities=` (unsafe: the text may be the wrong \
one). Only the keywords that are one basic ability each are checked (hexproof is \
also `opponentshroud`, the 2016 spelling). Cards with no script at all (placeholders) are skipped.",
    bad: "[card]\nname=Dusk Harrier\ntext=Flying, vigilance\nabilities=flying\nmana={2}{W}\ntype=Creature\nsubtype=Bird\npower=2\ntoughness=2\n[/card]",
    good: "[card]\nname=Dusk Harrier\ntext=Flying, vigilance\nabilities=flying,vigilance\nmana={2}{W}\ntype=Creature\nsubtype=Bird\npower=2\ntoughness=2\n[/card]",
    ..RuleMeta::BASE
};

/// Whether the card's script gives `ability`.
fn scripted(ability: &str, abilities: &[(String, syntax::TextRange)], code: &[String]) -> bool {
    let mut words = vec![ability];
    if ability == "hexproof" {
        words.push("opponentshroud");
    }
    if words
        .iter()
        .any(|w| abilities.iter().any(|(a, _)| a.contains(w)))
    {
        return true;
    }
    // Code gives protection with `protection from(<targets>)`.
    if ability.starts_with("protection from") {
        words.push("protection from");
    }
    words.iter().any(|w| code.iter().any(|c| c.contains(w)))
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        let Some(text) = card_text::text_of(card) else {
            continue;
        };
        let base = text.base;
        let abilities = card_text::abilities_of(card);
        let code = card_text::code_of(ctx, card);
        if abilities.is_empty() && code.is_empty() {
            continue;
        }
        for line in &text.lines {
            let Some(keywords) = &line.keywords else {
                continue;
            };
            let written = text.line(line);
            let lower = written.to_ascii_lowercase();
            for printed in keywords {
                let Some(ability) = card_text::ability_of(printed) else {
                    continue;
                };
                if scripted(ability, &abilities, &code) {
                    continue;
                }
                let shown = printed.strip_prefix("protection ").unwrap_or(printed);
                let range = match lower.find(shown) {
                    Some(i) => card_text::at(base, line.start + i, shown.len()),
                    None => card_text::at(base, line.start, written.len()),
                };
                let edit = match card.entry(KeyMeaning::Abilities) {
                    Some(e) => {
                        let value = e.value_text();
                        let sep = if value.trim().is_empty() { "" } else { "," };
                        Edit::insert(e.value_range().end(), format!("{sep}{ability}"))
                    }
                    None => {
                        let Some(text_entry) = card.entry(KeyMeaning::Text) else {
                            continue;
                        };
                        let eol = crate::common::line_ending(ctx.file.text());
                        Edit::insert(
                            text_entry.range().start(),
                            format!("abilities={ability}{eol}"),
                        )
                    }
                };
                sink.report(
                    range,
                    format!(
                        "the text says `{}` but the script never gives `{ability}`: no `abilities=` item and no ability grants it, so the card plays without it",
                        card_text::quote(written)
                    ),
                )
                .with_fix(Fix::unsafe_(
                    format!("add `{ability}` to `abilities=`"),
                    vec![edit],
                ));
            }
        }
    }
}
