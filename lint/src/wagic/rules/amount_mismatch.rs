//! W138: the one damage, draw or life-gain amount of `text=` differs from the script's literal.

use super::card_text;
use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W138",
    name: "amount-mismatch",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "The text deals, draws or gains one amount (`deals 3 damage`) and the script's one matching effect another (`damage:2`).",
    explanation: "For each of damage (`deals N damage` / `damage:N`), card draw (`draw N cards`, `draw a \
card` / `draw:N`) and life gain (`gain N life` / `life:N`), the rule compares the amounts when the text \
(reminder text aside) says it exactly once with a number, and the script (macro expansions included) \
has exactly one such effect with a literal amount. Texts with `for each`, `equal to`, `divided` or an `X` \
amount are skipped. The fix writes the printed amount (unsafe: the text may be the wrong one).",
    bad: "[card]\nname=Cinder Sling\ntext=Cinder Sling deals 3 damage to any target.\nauto=damage:2 target(creature,player)\nmana={1}{R}\ntype=Instant\n[/card]",
    good: "[card]\nname=Cinder Sling\ntext=Cinder Sling deals 3 damage to any target.\nauto=damage:3 target(creature,player)\nmana={1}{R}\ntype=Instant\n[/card]",
    ..RuleMeta::BASE
};

/// (what, script call, words before the amount, words after it in the text).
const KINDS: &[(&str, &str, &[&str], &[&str])] = &[
    ("damage", "damage:", &["deals ", "deal "], &[" damage"]),
    (
        "card draw",
        "draw:",
        &["draws ", "draw "],
        &[" cards", " card"],
    ),
    ("life gain", "life:", &["gains ", "gain "], &[" life"]),
];

/// The amounts the text states for one kind.
fn printed(text: &str, before: &[&str], after: &[&str]) -> Vec<Option<i64>> {
    let mut out = Vec::new();
    for b in before {
        let mut from = 0;
        while let Some(i) = text[from..].find(b) {
            let s = from + i + b.len();
            from = s;
            if text[..s - b.len()]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphabetic())
            {
                continue;
            }
            let word: String = text[s..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            let rest = &text[s + word.len()..];
            if after.iter().any(|a| rest.starts_with(a)) {
                out.push(card_text::number(&word));
            }
        }
    }
    out
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        let Some((value, _)) = card_text::text_of(card) else {
            continue;
        };
        let text: String = card_text::lines(&value)
            .iter()
            .map(|l| l.plain())
            .collect::<Vec<_>>()
            .join(" -- ");
        if ["for each", "equal to", "divided", " x ", "twice", "instead"]
            .iter()
            .any(|w| text.contains(w))
        {
            continue;
        }
        let range = card.range();
        let views: Vec<_> = ctx
            .code
            .iter()
            .filter(|l| range.contains_range(l.entry.range()))
            .flat_map(|l| l.views.iter())
            .collect();
        for (what, call, before, after) in KINDS {
            let amounts = printed(&text, before, after);
            let [Some(want)] = amounts.as_slice() else {
                continue;
            };
            let mut uses = Vec::new();
            for v in &views {
                let mut from = 0;
                while let Some(i) = v.text[from..].find(call) {
                    let s = from + i;
                    from = s + call.len();
                    if v.text[..s]
                        .chars()
                        .next_back()
                        .is_some_and(|c| c.is_ascii_alphanumeric())
                    {
                        continue;
                    }
                    uses.push((*v, s + call.len()));
                }
            }
            let [(view, at)] = uses.as_slice() else {
                continue;
            };
            let literal: String = view.text[*at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            if literal.is_empty()
                || literal.len() > 3
                || !literal.bytes().all(|b| b.is_ascii_digit())
            {
                continue;
            }
            let Ok(have) = literal.parse::<i64>() else {
                continue;
            };
            if have == *want {
                continue;
            }
            let base = usize::from(view.auto.range().start());
            let r = crate::wagic::range(base + at, base + at + literal.len());
            let shown = card_text::quote(&value);
            view.report(
                sink,
                r,
                format!(
                    "the text (`{shown}`) gives {want} for its {what}, the script `{call}{have}`"
                ),
            )
            .with_fix(crate::diagnostic::Fix::unsafe_(
                format!("write `{call}{want}`"),
                vec![crate::diagnostic::Edit::replace(r, want.to_string())],
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts() {
        assert_eq!(
            printed("~ deals 3 damage to any target.", &["deals "], &[" damage"]),
            vec![Some(3)]
        );
        assert_eq!(
            printed("draw a card.", &["draws ", "draw "], &[" cards", " card"]),
            vec![Some(1)]
        );
    }
}
