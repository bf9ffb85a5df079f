//! W138: the one amount of a kind of effect (damage, draw, life, discard, mill, tokens, counters,
//! pumps) in `text=` differs from the script's literal.

use super::card_text;
use crate::Dialect;
use crate::common;
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
    summary: "The text states one amount (`deals 3 damage`, `loses 2 life`, `put two 1/1 ... tokens`, `gets +2/+2`) and the script's one matching effect another (`damage:2`, `life:-1`, `token(...)`, `1/1`).",
    explanation: "For each kind of effect, the rule compares the amounts when the text (reminder text, \
the costs of activated abilities, sentences about an additional cost and what follows `unless` aside) \
says it exactly once with a number, and the script (macro expansions included) has exactly one such \
effect with a literal amount: damage (`deals N damage` / `damage:N`), card draw (`draw N cards` / \
`draw:N`), life gain (`gain N life` / `life:N`), life loss (`loses N life` / `life:-N`), discard \
(`discards N cards` / `discard:N`), mill (`mills N cards`, `puts the top N cards of ... into ... \
graveyard` / `deplete:N`), tokens (`put`/`create N ... token(s)`, not copies / `token(...)*N`, 1 \
without `*N`), counters (`put N +1/+1 counters`, `enters the battlefield with N -1/-1 counters` / \
`counter(1/1,N)`, `counter(-1/-1,N)`, 1 without `N`; removals aside) and power/toughness changes \
(`gets +N/+M` / a `N/M` outside parentheses), animations (`becomes a N/M ...` / the P/T argument \
of `becomes(...)`). Texts with `for each`, `equal to`, `divided`, `X`, \
`twice` or `instead` are skipped. The fix writes the printed amount (unsafe: the text may be the \
wrong one).",
    bad: "[card]\nname=Cinder Sling\ntext=Cinder Sling deals 3 damage to any target.\nauto=damage:2 target(creature,player)\nmana={1}{R}\ntype=Instant\n[/card]",
    good: "[card]\nname=Cinder Sling\ntext=Cinder Sling deals 3 damage to any target.\nauto=damage:3 target(creature,player)\nmana={1}{R}\ntype=Instant\n[/card]",
    ..RuleMeta::BASE
};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Damage,
    Draw,
    Gain,
    Lose,
    Discard,
    Mill,
    Token,
    /// `+1/+1` (true) or `-1/-1` counters put.
    Counter(bool),
    Pump,
    /// The power/toughness an animation sets (`becomes a 3/3 ...`).
    Becomes,
}

const KINDS: [Kind; 11] = [
    Kind::Damage,
    Kind::Draw,
    Kind::Gain,
    Kind::Lose,
    Kind::Discard,
    Kind::Mill,
    Kind::Token,
    Kind::Counter(true),
    Kind::Counter(false),
    Kind::Pump,
    Kind::Becomes,
];

impl Kind {
    fn what(self) -> &'static str {
        match self {
            Kind::Damage => "damage",
            Kind::Draw => "card draw",
            Kind::Gain => "life gain",
            Kind::Lose => "life loss",
            Kind::Discard => "discard",
            Kind::Mill => "mill",
            Kind::Token => "token count",
            Kind::Counter(true) => "+1/+1 counters",
            Kind::Counter(false) => "-1/-1 counters",
            Kind::Pump => "power/toughness change",
            Kind::Becomes => "animated power/toughness",
        }
    }

    /// The amount as the message writes it.
    fn show(self, (a, b): (i64, i64)) -> String {
        match self {
            Kind::Pump => format!("{a:+}/{b:+}"),
            Kind::Becomes => format!("{a}/{b}"),
            _ => a.to_string(),
        }
    }
}

/// The effect parts of the text, lower case: each line without the cost of an activated ability
/// (`{T}, discard a card: ...`), without sentences about an additional cost, and without what
/// follows `unless` (a cost the player may pay).
fn effect_text(text: &card_text::Text) -> String {
    let mut parts = Vec::new();
    for line in &text.lines {
        let plain = &line.plain;
        let effect = match plain.find(": ") {
            Some(i) if i < 80 && !plain[..i].contains(['.', '"']) => &plain[i + 2..],
            _ => plain.as_str(),
        };
        for sentence in effect.split(". ") {
            if sentence.contains("additional cost") {
                continue;
            }
            let kept = sentence.split(" unless ").next().unwrap_or("");
            parts.push(kept.to_string());
        }
    }
    parts.join(" -- ")
}

/// The amounts the text states for each kind (`None`: a phrase with no literal amount).
fn printed(text: &str) -> Vec<(Kind, Option<(i64, i64)>)> {
    let raw: Vec<&str> = text.split_whitespace().collect();
    let words: Vec<&str> = raw.iter().map(|w| common::bare_word(w)).collect();
    let mut out = Vec::new();
    for i in 0..words.len() {
        if i > 0 && matches!(words[i - 1], "would" | "to" | "can't" | "don't" | "doesn't") {
            continue;
        }
        let next = |k: usize| words.get(i + k).copied().unwrap_or("");
        let one = |k: usize| card_text::number(next(k)).map(|n| (n, 0));
        // The end of the sentence the word is in (a word ending with `.`, or ` -- `).
        let sentence_end = (i..raw.len())
            .find(|&j| raw[j].ends_with('.') || raw[j] == "--")
            .unwrap_or(raw.len().saturating_sub(1));
        let found = match words[i] {
            "deal" | "deals" if next(2) == "damage" => Some((Kind::Damage, one(1))),
            "draw" | "draws" if next(2).starts_with("card") => Some((Kind::Draw, one(1))),
            "gain" | "gains" if next(2) == "life" => Some((Kind::Gain, one(1))),
            "lose" | "loses" if next(2) == "life" => Some((Kind::Lose, one(1))),
            "discard" | "discards" if next(2).starts_with("card") => Some((Kind::Discard, one(1))),
            "mill" | "mills" if next(2).starts_with("card") => Some((Kind::Mill, one(1))),
            "put" | "puts" if next(1) == "the" && next(2) == "top" => {
                let graveyard = (i + 3..=sentence_end.min(i + 15))
                    .find(|&j| words.get(j).is_some_and(|w| *w == "graveyard"));
                let into = graveyard.is_some_and(|g| words[i + 3..g].contains(&"into"));
                (into && next(4).starts_with("card")).then(|| (Kind::Mill, one(3)))
            }
            // "put two +1/+1 counters", "enters the battlefield with two +1/+1 counters" (not
            // "target creature with a +1/+1 counter on it", a condition).
            "put" | "puts" | "with"
                if matches!(next(2), "+1/+1" | "-1/-1")
                    && next(3).starts_with("counter")
                    && (words[i] != "with" || i > 0 && words[i - 1] == "battlefield") =>
            {
                Some((Kind::Counter(next(2) == "+1/+1"), one(1)))
            }
            "put" | "puts" | "create" | "creates" => {
                // "put two 1/1 green Saproling creature tokens onto the battlefield",
                // "create a Treasure token"; not a copy, not counters put on tokens.
                let span = &words[i + 1..=sentence_end.min(i + 10).max(i)];
                let noun = span.iter().position(|w| *w == "token" || *w == "tokens");
                let counters = noun.is_some_and(|n| {
                    span[..n]
                        .iter()
                        .any(|w| w.starts_with("counter") || *w == "on")
                });
                let copy = raw[i..=sentence_end.max(i)]
                    .iter()
                    .any(|w| w.contains("cop"));
                (noun.is_some() && !counters && !copy).then(|| (Kind::Token, one(1)))
            }
            "get" | "gets" if next(1).contains('/') => {
                Some((Kind::Pump, common::signed_pt(next(1))))
            }
            "become" | "becomes" if matches!(next(1), "a" | "an") && next(2).contains('/') => {
                let value = next(2)
                    .split_once('/')
                    .and_then(|(p, t)| digits(p).zip(digits(t)));
                Some((Kind::Becomes, value))
            }
            _ => None,
        };
        if let Some(f) = found {
            out.push(f);
        }
    }
    out
}

/// How a fix writes an amount.
type Render = fn((i64, i64)) -> String;

/// One use of an effect in the script: where its amount is (or where a missing amount would go),
/// the amount if literal, and how the fix writes an amount.
struct Use<'v> {
    view: &'v crate::wagic::code::CodeView,
    /// The span reported (the amount, or the whole call when the amount is implied).
    shown: (usize, usize),
    /// The span the fix replaces (empty: an insertion).
    edit: (usize, usize),
    /// The call, quoted in the message (`life:-3`, `counter(1/1,2)`).
    call: (usize, usize),
    value: Option<(i64, i64)>,
    render: Render,
}

fn plain_number((a, _): (i64, i64)) -> String {
    a.to_string()
}

fn star_number((a, _): (i64, i64)) -> String {
    format!("*{a}")
}

fn comma_number((a, _): (i64, i64)) -> String {
    format!(",{a}")
}

fn pt_pair((a, b): (i64, i64)) -> String {
    format!("{a}/{b}")
}

/// Unsigned digits, at most three.
fn digits(s: &str) -> Option<i64> {
    (!s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

/// The offsets where `needle` starts with no letter or digit before it.
fn calls(text: &str, needle: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find(needle) {
        let s = from + i;
        from = s + needle.len();
        if !text[..s]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric())
        {
            out.push(s);
        }
    }
    out
}

/// The closing parenthesis matching the one before `open` (`open` is just after `(`).
fn close_of(text: &str, open: usize) -> Option<usize> {
    let mut depth = 1usize;
    for (k, b) in text.as_bytes()[open..].iter().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + k);
                }
            }
            _ => {}
        }
    }
    None
}

/// The script's uses of one kind of effect in one tree of ability code.
fn uses_in<'v>(view: &'v crate::wagic::code::CodeView, kind: Kind, out: &mut Vec<Use<'v>>) {
    let t = view.text.as_str();
    let amount_after = |at: usize| -> (usize, Option<i64>) {
        let word: String = t[at..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        (word.len(), digits(&word))
    };
    let simple = |call: &str, out: &mut Vec<Use<'v>>, skip_minus: bool| {
        for s in calls(t, call) {
            let at = s + call.len();
            if skip_minus && t[at..].starts_with('-') {
                continue;
            }
            let (len, n) = amount_after(at);
            out.push(Use {
                view,
                shown: (at, at + len),
                edit: (at, at + len),
                call: (s, at + len),
                value: n.map(|n| (n, 0)),
                render: plain_number,
            });
        }
    };
    match kind {
        Kind::Damage => simple("damage:", out, false),
        Kind::Draw => simple("draw:", out, false),
        Kind::Gain => simple("life:", out, true),
        Kind::Lose => simple("life:-", out, false),
        Kind::Discard => simple("discard:", out, false),
        Kind::Mill => simple("deplete:", out, false),
        Kind::Token => {
            for s in calls(t, "token(") {
                let Some(close) = close_of(t, s + "token(".len()) else {
                    continue;
                };
                let after = close + 1;
                let stars = t.bytes().filter(|b| *b == b'*').count();
                let (value, edit, render): (_, _, Render) = if t[after..].starts_with('*') {
                    let (len, n) = amount_after(after + 1);
                    // Wagic reads the first `*` of the whole ability as the multiplier.
                    let n = n.filter(|_| stars == 1);
                    (n, (after + 1, after + 1 + len), plain_number)
                } else {
                    (
                        (stars == 0).then_some(1),
                        (after, after),
                        star_number as Render,
                    )
                };
                let shown = if edit.0 == edit.1 { (s, after) } else { edit };
                out.push(Use {
                    view,
                    shown,
                    edit,
                    call: (s, edit.1.max(after)),
                    value: value.map(|n| (n, 0)),
                    render,
                });
            }
        }
        Kind::Counter(plus) => {
            let ty = if plus { "1/1" } else { "-1/-1" };
            for s in calls(t, "counter(") {
                let open = s + "counter(".len();
                let Some(close) = close_of(t, open) else {
                    continue;
                };
                let args: Vec<&str> = t[open..close].split(',').collect();
                if args[0].trim() != ty {
                    continue;
                }
                match args.get(1) {
                    None => out.push(Use {
                        view,
                        shown: (s, close + 1),
                        edit: (close, close),
                        call: (s, close + 1),
                        value: Some((1, 0)),
                        render: comma_number,
                    }),
                    Some(n) => {
                        let at = open + args[0].len() + 1;
                        let trimmed = n.trim();
                        // A negative amount removes counters: another phrase.
                        if trimmed.starts_with('-') {
                            continue;
                        }
                        let lead = n.len() - n.trim_start().len();
                        out.push(Use {
                            view,
                            shown: (at + lead, at + lead + trimmed.len()),
                            edit: (at + lead, at + lead + trimmed.len()),
                            call: (s, close + 1),
                            value: digits(trimmed).map(|n| (n, 0)),
                            render: plain_number,
                        });
                    }
                }
            }
        }
        Kind::Becomes => {
            // `becomes(Elemental Creature,3/3,blue,flying)`: the argument that is a P/T.
            for s in calls(t, "becomes(") {
                let open = s + "becomes(".len();
                let Some(close) = close_of(t, open) else {
                    continue;
                };
                let mut at = open;
                for arg in t[open..close].split(',') {
                    let here = at;
                    at += arg.len() + 1;
                    let trimmed = arg.trim();
                    let Some((p, q)) = trimmed.split_once('/') else {
                        continue;
                    };
                    let lead = arg.len() - arg.trim_start().len();
                    let span = (here + lead, here + lead + trimmed.len());
                    out.push(Use {
                        view,
                        shown: span,
                        edit: span,
                        call: (s, close + 1),
                        value: digits(p).zip(digits(q)),
                        render: pt_pair,
                    });
                    break;
                }
            }
        }
        Kind::Pump => {
            // Words `N/M` outside parentheses (`{R}:1/0`, `2/2 ueot`, `lord(...) 1/1`).
            let b = t.as_bytes();
            let mut depth = 0usize;
            let mut i = 0;
            while i < b.len() {
                match b[i] {
                    b'(' => depth += 1,
                    b')' => depth = depth.saturating_sub(1),
                    _ => {}
                }
                let starts = i == 0 || matches!(b[i - 1], b' ' | b':' | b'}' | b']');
                if depth == 0 && starts && (b[i].is_ascii_digit() || matches!(b[i], b'+' | b'-')) {
                    let end = (i..b.len())
                        .find(|&j| {
                            !(b[j].is_ascii_alphanumeric() || matches!(b[j], b'+' | b'-' | b'/'))
                        })
                        .unwrap_or(b.len());
                    let word = &t[i..end];
                    if let Some((x, y)) = word.split_once('/') {
                        let num = |s: &str| {
                            digits(s.strip_prefix(['+', '-']).unwrap_or(s))
                                .map(|n| if s.starts_with('-') { -n } else { n })
                        };
                        let value = num(x).zip(num(y));
                        let pt_like = !y.contains('/')
                            && x.trim_start_matches(['+', '-'])
                                .bytes()
                                .all(|c| c.is_ascii_alphanumeric())
                            && y.trim_start_matches(['+', '-'])
                                .bytes()
                                .all(|c| c.is_ascii_alphanumeric());
                        if pt_like {
                            out.push(Use {
                                view,
                                shown: (i, end),
                                edit: (i, end),
                                call: (i, end),
                                value,
                                render: pt_pair,
                            });
                        }
                    }
                    i = end.max(i + 1);
                    continue;
                }
                i += 1;
            }
        }
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        let Some(read) = card_text::text_of(card) else {
            continue;
        };
        let value = &read.value;
        let text = effect_text(read);
        if ["for each", "equal to", "divided", " x ", "twice", "instead"]
            .iter()
            .any(|w| text.contains(w))
        {
            continue;
        }
        let found = printed(&text);
        if found.is_empty() {
            continue;
        }
        let views: Vec<_> = ctx.card_code(card).flat_map(|l| l.views.iter()).collect();
        for kind in KINDS {
            let mut said = found.iter().filter(|(k, _)| *k == kind);
            let (Some((_, Some(want))), None) = (said.next(), said.next()) else {
                continue;
            };
            let mut uses = Vec::new();
            for v in &views {
                uses_in(v, kind, &mut uses);
            }
            let [one] = uses.as_slice() else {
                continue;
            };
            let Some(have) = one.value else { continue };
            if have == *want {
                continue;
            }
            let view = one.view;
            let base = usize::from(view.auto.range().start());
            let shown_range = crate::wagic::range(base + one.shown.0, base + one.shown.1);
            let edit = crate::wagic::range(base + one.edit.0, base + one.edit.1);
            // The call as written (the view's text is lower case, with the same offsets).
            let source = view.auto.syntax().text().to_string();
            let snippet = card_text::quote(
                source
                    .get(one.call.0..one.call.1)
                    .unwrap_or(&view.text[one.call.0..one.call.1]),
            );
            let quoted = card_text::quote(value);
            let replacement = (one.render)(*want);
            view.report(
                sink,
                shown_range,
                format!(
                    "the text (`{quoted}`) gives {} for its {}, the script {} (`{snippet}`)",
                    kind.show(*want),
                    kind.what(),
                    kind.show(have),
                ),
            )
            .with_fix(crate::diagnostic::Fix::unsafe_(
                format!("write `{replacement}`"),
                vec![crate::diagnostic::Edit::replace(edit, replacement)],
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
            printed("~ deals 3 damage to any target."),
            vec![(Kind::Damage, Some((3, 0)))]
        );
        assert_eq!(printed("draw a card."), vec![(Kind::Draw, Some((1, 0)))]);
        assert_eq!(
            printed("put two 1/1 green saproling creature tokens onto the battlefield."),
            vec![(Kind::Token, Some((2, 0)))]
        );
        assert_eq!(
            printed("put a +1/+1 counter on each creature token you control."),
            vec![(Kind::Counter(true), Some((1, 0)))]
        );
        assert_eq!(
            printed(
                "target player puts the top three cards of his or her library into his or her graveyard."
            ),
            vec![(Kind::Mill, Some((3, 0)))]
        );
        assert_eq!(
            printed("target creature gets +2/-1 until end of turn."),
            vec![(Kind::Pump, Some((2, -1)))]
        );
        assert_eq!(
            effect_text(&card_text::Text::read(
                "{T}, Discard a card: Draw a card. -- Each opponent loses 2 life unless he or she discards a card."
                    .to_string(),
                0
            )
            ),
            "draw a card. -- each opponent loses 2 life"
        );
    }
}
