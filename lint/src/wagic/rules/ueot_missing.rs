//! W161: the text gives a permanent's pump or keyword "until end of turn", and the script's
//! matching ability, neither activated nor marked `ueot`, makes it last.

use super::card_text;
use crate::Dialect;
use crate::common;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W161",
    name: "ueot-missing",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "The text gives `+N/+M` or a keyword \"until end of turn\", and the permanent's matching triggered or static ability has no `ueot`: Wagic keeps the change.",
    explanation: "Wagic ends a power/toughness change or a keyword it grants at end of turn by itself \
only in an activated ability (`{cost}:...`) or on an instant or sorcery. Anywhere else (a trigger \
`@...:`, an enters-the-battlefield `auto=` with a target) the change is permanent unless the ability \
says `ueot`. The rule reads the sentences of `text=` outside activated abilities and quoted abilities \
that say `gets +N/+M ... until end of turn` or `gains <keyword> ... until end of turn`, and reports the \
script's non-activated ability of a card that is not an instant or sorcery that gives the same `N/M` \
(outside parentheses) or starts its effect with that keyword and has no `ueot` (nor `forever`). \
Abilities inside `lord(...)`, `all(...)` (a one-shot `all` ends its changes at end of turn), `foreach(...)`, `aslongas(...)`, `this(...)`, `transforms(...)` or a \
granted ability are not read. The fix appends ` ueot` to the ability (unsafe: check the text).",
    bad: "[card]\nname=Ridge Howler\ntext=When Ridge Howler enters the battlefield, target creature gets +2/+0 until end of turn.\nauto=target(creature) 2/0\nmana={2}{R}\ntype=Creature\nsubtype=Hound\npower=2\ntoughness=2\n[/card]",
    good: "[card]\nname=Ridge Howler\ntext=When Ridge Howler enters the battlefield, target creature gets +2/+0 until end of turn.\nauto=target(creature) 2/0 ueot\nmana={2}{R}\ntype=Creature\nsubtype=Hound\npower=2\ntoughness=2\n[/card]",
    ..RuleMeta::BASE
};

/// What the text gives until end of turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Grant {
    Pump(i64, i64),
    Keyword(&'static str),
}

/// The line without quoted text (abilities granted to another object).
fn unquoted(plain: &str) -> String {
    let mut out = String::new();
    let mut quoted = false;
    for c in plain.chars() {
        if c == '"' {
            quoted = !quoted;
        } else if !quoted {
            out.push(c);
        }
    }
    out
}

/// The grants "until end of turn" of the text's lines that are not activated abilities.
fn printed(text: &card_text::Text) -> Vec<Grant> {
    let mut out = Vec::new();
    for line in &text.lines {
        let plain = unquoted(&line.plain);
        // An activated ability (`{1}{R}, {T}: ...`): Wagic ends its changes by itself.
        if let Some(i) = plain.find(": ")
            && i < 80
            && !plain[..i].contains(['.', '"'])
        {
            continue;
        }
        for sentence in plain.split(". ") {
            let Some(end) = sentence.find("until end of turn") else {
                continue;
            };
            let head = &sentence[..end];
            let words: Vec<&str> = head.split_whitespace().map(common::bare_word).collect();
            for (i, w) in words.iter().enumerate() {
                if matches!(*w, "get" | "gets")
                    && let Some((p, t)) = words.get(i + 1).and_then(|n| common::signed_pt(n))
                {
                    out.push(Grant::Pump(p, t));
                }
            }
            if let Some(g) = head.find(" gain") {
                let rest = &head[g..];
                for (printed, ability) in card_text::KEYWORDS {
                    if card_text::has_word(rest, printed) {
                        out.push(Grant::Keyword(ability));
                    }
                }
            }
        }
    }
    out
}

/// Code whose changes another construct times, or that the rule does not read.
const SKIPPED: &[&str] = &[
    "}:",
    "ueot",
    "forever",
    "lord(",
    "all(",
    "foreach(",
    "aslongas(",
    "this(",
    "thisforeach(",
    "teach(",
    "transforms(",
    "becomes(",
    "newability",
    "ability$!",
    "while ",
    "cdaactive",
    "untilyour",
    "duration",
];

/// `N/M` words outside parentheses and brackets: (start, end, value).
fn pumps(t: &str) -> Vec<(usize, usize, (i64, i64))> {
    let b = t.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        let starts = i == 0 || matches!(b[i - 1], b' ' | b':');
        if depth == 0 && starts && (b[i].is_ascii_digit() || matches!(b[i], b'+' | b'-')) {
            let end = (i..b.len())
                .find(|&j| !(b[j].is_ascii_digit() || matches!(b[j], b'+' | b'-' | b'/')))
                .unwrap_or(b.len());
            let word = &t[i..end];
            let after = b.get(end).copied();
            if after.is_none_or(|c| c == b' ')
                && let Some((x, y)) = word.split_once('/')
            {
                let num = |s: &str| -> Option<i64> {
                    let d = s.strip_prefix(['+', '-']).unwrap_or(s);
                    if d.is_empty() || d.len() > 3 || !d.bytes().all(|c| c.is_ascii_digit()) {
                        return None;
                    }
                    let n: i64 = d.parse().ok()?;
                    Some(if s.starts_with('-') { -n } else { n })
                };
                if let (Some(p), Some(q)) = (num(x), num(y)) {
                    out.push((i, end, (p, q)));
                }
            }
            i = end.max(i + 1);
            continue;
        }
        i += 1;
    }
    out
}

/// The keyword an effect starts with (after `may`, `choice` and a leading `target(...)`), as
/// Wagic finds a basic ability at the start of what it parses.
fn leading_keyword(effect: &str) -> Option<&'static str> {
    let mut e = effect.trim_start();
    loop {
        if let Some(r) = e.strip_prefix("may ").or_else(|| e.strip_prefix("choice ")) {
            e = r.trim_start();
            continue;
        }
        if e.starts_with("target(") {
            let close = e.find(')')?;
            e = e[close + 1..].trim_start();
            continue;
        }
        break;
    }
    card_text::KEYWORDS
        .iter()
        .map(|(_, a)| *a)
        .filter(|a| {
            e.starts_with(a)
                && !e[a.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphanumeric())
        })
        .max_by_key(|a| a.len())
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        let Some(text) = card_text::text_of(card) else {
            continue;
        };
        let ty = card.value_of(KeyMeaning::Type).unwrap_or_default();
        let ty = ty.to_ascii_lowercase();
        if ty.contains("instant") || ty.contains("sorcery") {
            continue;
        }
        let grants = printed(text);
        if grants.is_empty() {
            continue;
        }
        for line in ctx
            .card_code(card)
            .filter(|l| l.meaning == KeyMeaning::Auto)
        {
            for view in &line.views {
                let t = view.text.as_str();
                if SKIPPED.iter().any(|w| t.contains(w)) {
                    continue;
                }
                let base = usize::from(view.auto.range().start());
                let effect_at = match view.auto.trigger() {
                    Some(tr) if tr.has_colon() => usize::from(tr.range().end()) - base,
                    Some(_) => continue,
                    None => 0,
                };
                let effect = &t[effect_at..];
                let mut found: Option<(usize, usize, String)> = None;
                for (s, e, value) in pumps(effect) {
                    if grants.contains(&Grant::Pump(value.0, value.1)) {
                        found = Some((
                            effect_at + s,
                            effect_at + e,
                            format!("{:+}/{:+}", value.0, value.1),
                        ));
                        break;
                    }
                }
                if found.is_none()
                    && let Some(k) = leading_keyword(effect)
                    && grants.contains(&Grant::Keyword(k))
                {
                    let at = effect_at + effect.find(k).unwrap_or(0);
                    found = Some((at, at + k.len(), k.to_string()));
                }
                let Some((s, e, what)) = found else {
                    continue;
                };
                let r = view.report(
                    sink,
                    crate::wagic::range(base + s, base + e),
                    format!(
                        "the text gives {what} until end of turn, but this ability is not activated and has no `ueot`: Wagic keeps the change"
                    ),
                );
                let end = view.auto.range().end();
                r.with_fix(Fix::unsafe_(
                    "append ` ueot`",
                    vec![Edit::insert(end, " ueot")],
                ));
            }
        }
    }
}
