//! W134: an `abilities=` keyword that the card's rules text never mentions.

use super::card_text;
use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W134",
    name: "keyword-not-in-text",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "An `abilities=` keyword (`flying`, `trample`, `protection from red`...) that the card's `text=` never mentions.",
    explanation: "When a card has rules text, every keyword it has is printed in it. A keyword of \
`abilities=` that the text does not mention (in any spelling: `protection from white and from black`, \
`protection from all colors`, `landwalk`, `every creature type` for changeling, `can't be the target` for \
shroud, reminder text included) is usually copied from another card's script, and the card plays with an \
ability it should not have; sometimes the text is the incomplete one. Only the keywords that are one basic \
ability each are checked. The finding is a warning when the text has a line of keywords (it lists the \
card's keywords, so one missing is likely a slip of the script) and a hint otherwise (texts that leave out \
the keywords line are common).",
    bad: "[card]\nname=Marsh Lurker\ntext={B}: Marsh Lurker gets +1/+0 until end of turn.\nabilities=flying\nauto={B}:1/0\nmana={2}{B}\ntype=Creature\nsubtype=Horror\npower=2\ntoughness=2\n[/card]",
    good: "[card]\nname=Marsh Lurker\ntext=Flying -- {B}: Marsh Lurker gets +1/+0 until end of turn.\nabilities=flying\nauto={B}:1/0\nmana={2}{B}\ntype=Creature\nsubtype=Horror\npower=2\ntoughness=2\n[/card]",
    ..RuleMeta::BASE
};

/// Whether the (lower case) text mentions `ability` in some spelling.
fn mentioned(ability: &str, text: &str, squeezed: &str) -> bool {
    let Some(printed) = card_text::printed_of(ability) else {
        return true;
    };
    if card_text::has_word(text, printed) || squeezed.contains(&printed.replace(' ', "")) {
        return true;
    }
    if let Some(color) = ability.strip_prefix("protection from ") {
        return text.contains("protection from")
            && (card_text::has_word(text, &format!("from {color}"))
                || text.contains("all colors")
                || text.contains("each color")
                || text.contains("everything")
                || text.contains("the color of your choice")
                || text.contains("monocolored")
                || text.contains("multicolored"));
    }
    match ability {
        a if a.ends_with("walk") => text.contains("landwalk"),
        "changeling" => text.contains("every creature type"),
        "shroud" => text.contains("can't be the target"),
        "hexproof" => text.contains("can't be the target"),
        _ => false,
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        let Some(read) = card_text::text_of(card) else {
            continue;
        };
        let value = &read.value;
        let text = value.to_ascii_lowercase();
        let squeezed: String = text.chars().filter(|c| *c != ' ').collect();
        // A text with a keyword line lists the card's keywords: a keyword missing from it is
        // likely a scripting slip. Without one, the text is often just incomplete (a hint).
        let listed = read.lines.iter().any(|l| l.keywords.is_some());
        for (item, range) in card_text::abilities_of(card) {
            if card_text::printed_of(&item).is_none() || mentioned(&item, &text, &squeezed) {
                continue;
            }
            let d = sink.report(
                range,
                format!(
                    "`{item}` is in `abilities=` but the text (`{}`) never mentions it: the card plays with a keyword it may not have, or the text is incomplete",
                    card_text::quote(value)
                ),
            );
            if !listed {
                d.with_severity(Severity::Hint);
            }
        }
    }
}
