//! W136: a lord whose text says "other" or "you control" and whose script does not.

use super::card_text;
use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W136",
    name: "lord-scope",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A `lord(...)` whose text says \"Other ... creatures\" but which includes its own card, or whose text says \"creatures you control\" but which reaches every battlefield.",
    explanation: "`lord(goblin) 1/1` gives the bonus to every Goblin on both battlefields, the card itself \
included. \"Other\" is written `lord(other goblin)` (or ` other` after the effect); \"you control\" is the \
zone `lord(goblin|mybattlefield)`. The rule pairs a `lord(...)` with the one sentence of `text=` that \
matches its effect (`+1/+1` for `1/1`, `have flying` for `flying`), and only when that sentence starts \
like a lord (`Other Goblin creatures you control get ...`, `Creatures you control have ...`).",
    bad: "[card]\nname=Goblin Drillmaster\ntext=Other Goblin creatures you control get +1/+1.\nauto=lord(goblin) 1/1\nmana={1}{R}{R}\ntype=Creature\nsubtype=Goblin\npower=2\ntoughness=2\n[/card]",
    good: "[card]\nname=Goblin Drillmaster\ntext=Other Goblin creatures you control get +1/+1.\nauto=lord(other goblin|mybattlefield) 1/1\nmana={1}{R}{R}\ntype=Creature\nsubtype=Goblin\npower=2\ntoughness=2\n[/card]",
    ..RuleMeta::BASE
};

/// What a lord sentence says: (other, you control).
fn lord_sentence(sentence: &str) -> Option<(bool, bool)> {
    let s = sentence.to_ascii_lowercase();
    let at = s.find("creatures ")?;
    let prefix = s[..at].trim();
    let rest = &s[at + "creatures ".len()..];
    let words: Vec<&str> = prefix.split_whitespace().collect();
    if words.len() > 3
        || !words
            .iter()
            .all(|w| w.bytes().all(|b| b.is_ascii_alphabetic() || b == b'-'))
        || words.iter().skip(1).any(|w| *w == "other")
        || matches!(
            words.first(),
            Some(
                &("all" | "each" | "target" | "enchanted" | "equipped" | "attacking" | "blocking")
            )
        )
    {
        return None;
    }
    let other = words.first() == Some(&"other");
    let (mine, verb) = match rest.strip_prefix("you control ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    if !["get ", "have ", "gain "]
        .iter()
        .any(|v| verb.starts_with(v))
    {
        return None;
    }
    Some((other, mine))
}

/// The text a sentence must contain to be the one a lord's effect describes.
fn effect_phrase(effect: &str) -> Option<String> {
    let effect = effect.trim();
    let effect = effect.strip_suffix(" other").unwrap_or(effect).trim();
    let first = effect.split_whitespace().next()?;
    if let Some((p, t)) = first.split_once('/') {
        let ok = |s: &str| {
            let d = s.strip_prefix('-').unwrap_or(s);
            !d.is_empty() && d.len() < 3 && d.bytes().all(|b| b.is_ascii_digit())
        };
        if !ok(p) || !ok(t) {
            return None;
        }
        let sign = |v: &str| {
            if v.starts_with('-') {
                v.to_string()
            } else {
                format!("+{v}")
            }
        };
        return Some(format!("{}/{}", sign(p), sign(t)));
    }
    card_text::printed_of(effect).map(str::to_string)
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        let Some(text) = card_text::text_of(card) else {
            continue;
        };
        // Keyword lines (`Deathtouch`) are the card's own keywords, not what a lord gives.
        let sentences: Vec<&String> = text
            .lines
            .iter()
            .filter(|l| l.keywords.is_none())
            .flat_map(|l| &l.sentences)
            .collect();
        for view in ctx.card_code(card).flat_map(|l| l.views.iter()) {
            let text = &view.text;
            if !text.trim_start().starts_with("lord(") {
                continue;
            }
            let open = text.find("lord(").unwrap_or(0);
            let Some(close) = text[open..].find(')').map(|i| open + i) else {
                continue;
            };
            let spec = &text[open + 5..close];
            let effect = &text[close + 1..];
            let Some(phrase) = effect_phrase(effect) else {
                continue;
            };
            let paired: Vec<&String> = sentences
                .iter()
                .copied()
                .filter(|s| s.to_ascii_lowercase().contains(&phrase))
                .collect();
            let [sentence] = paired.as_slice() else {
                continue;
            };
            let Some((other, mine)) = lord_sentence(sentence) else {
                continue;
            };
            let base = usize::from(view.auto.range().start());
            let at = crate::wagic::range(base + open, base + close + 1);
            let has_other = card_text::has_word(text, "other");
            if other && !has_other {
                view.report(
                    sink,
                    at,
                    format!(
                        "the text says `{}` but this lord has no `other`: it gives the bonus to its own card too",
                        card_text::quote(sentence)
                    ),
                )
                .with_note("write `lord(other ...)`");
            }
            if mine && !spec.contains("|my") {
                view.report(
                    sink,
                    at,
                    format!(
                        "the text says `{}` but this lord has no `|mybattlefield` zone: it reaches the opponent's creatures too",
                        card_text::quote(sentence)
                    ),
                )
                .with_note("write `lord(...|mybattlefield)`");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences() {
        assert_eq!(
            lord_sentence("Other Goblin creatures you control get +1/+1."),
            Some((true, true))
        );
        assert_eq!(
            lord_sentence("Creatures you control have flying."),
            Some((false, true))
        );
        assert_eq!(lord_sentence("Enchanted creatures get +1/+1."), None);
        assert_eq!(effect_phrase("1/1"), Some("+1/+1".into()));
        assert_eq!(effect_phrase("-1/-0"), Some("-1/-0".into()));
        assert_eq!(effect_phrase("0/1 other"), Some("+0/+1".into()));
        assert_eq!(effect_phrase("first strike"), Some("first strike".into()));
    }
}
