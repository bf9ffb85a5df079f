//! W135: the cost of the card's one activated ability differs between `text=` and the script.

use super::card_text;
use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W135",
    name: "cost-mismatch",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "The card has one activated ability in `text=` and one in its script, and their mana or tap costs differ (`{1}{R}, {T}:` printed, `{R}{T}:` scripted).",
    explanation: "When the rules text has exactly one activated ability (a line `<cost>: <effect>` whose \
cost is mana symbols and cost phrases) and the script exactly one ability with a cost (`auto={...}:...`), \
they are the same ability, and their mana symbols and `{T}`/`{Q}` must agree: a forgotten `{T}`, a \
generic amount or a colour that differs makes the card cheaper or dearer than printed. Generic amounts \
are added up, hybrid symbols compared whichever way they are written (`{W/U}`, `{WU}`, `{(W/U)}`), \
phyrexian ones too (`{W/P}`, `{p(W)}`), `{X:red}` is `{X}`. The script's other cost parts (`{S}`, \
`{E}`, `{L}`, `{C(...)}`, `{discard(...)}`) are not compared, and a text with snow `{S}` or energy `{E}` \
symbols, or with symbols that lost their letters, is skipped.",
    bad: "[card]\nname=Ember Adept\ntext={1}{R}, {T}: Ember Adept deals 1 damage to any target.\nauto={R}{T}:damage:1 target(creature,player)\nmana={1}{R}\ntype=Creature\nsubtype=Human Shaman\npower=1\ntoughness=1\n[/card]",
    good: "[card]\nname=Ember Adept\ntext={1}{R}, {T}: Ember Adept deals 1 damage to any target.\nauto={1}{R}{T}:damage:1 target(creature,player)\nmana={1}{R}\ntype=Creature\nsubtype=Human Shaman\npower=1\ntoughness=1\n[/card]",
    ..RuleMeta::BASE
};

/// A cost reduced to what both sides write.
#[derive(Debug, Default, PartialEq, Eq)]
struct Cost {
    generic: u32,
    /// Coloured, hybrid (`h:wu`), phyrexian (`p:w`), `c`, `x`, sorted.
    symbols: Vec<String>,
    tap: bool,
    untap: bool,
}

impl Cost {
    fn show(&self) -> String {
        let mut s = String::new();
        if self.generic > 0 {
            s.push_str(&format!("{{{}}}", self.generic));
        }
        for sym in &self.symbols {
            let shown = if let Some(h) = sym.strip_prefix("h:") {
                let (a, b) = h.split_at(1);
                format!("{a}/{b}")
            } else if let Some(p) = sym.strip_prefix("p:") {
                format!("{p}/P")
            } else {
                sym.clone()
            };
            s.push_str(&format!("{{{}}}", shown.to_ascii_uppercase()));
        }
        if self.tap {
            s.push_str("{T}");
        }
        if self.untap {
            s.push_str("{Q}");
        }
        if s.is_empty() {
            "no mana and no {T}".into()
        } else {
            s
        }
    }
}

const COLORS: &str = "wubrg";

/// Adds one symbol (the text between braces, lower case, no spaces) to `cost`; `Err` when it is
/// not a symbol both sides write (`script`: the script's own symbols are skipped).
fn add(cost: &mut Cost, inner: &str, script: bool) -> Result<(), ()> {
    let s: String = inner
        .chars()
        .filter(|c| !matches!(c, ' ' | '(' | ')'))
        .collect();
    if !s.is_empty() && s.len() < 3 && s.bytes().all(|b| b.is_ascii_digit()) {
        cost.generic += s.parse::<u32>().map_err(|_| ())?;
        return Ok(());
    }
    if s == "x" || (script && s.starts_with("x:")) {
        cost.symbols.push("x".into());
        return Ok(());
    }
    if s == "t" {
        cost.tap = true;
        return Ok(());
    }
    if s == "q" {
        cost.untap = true;
        return Ok(());
    }
    if s.len() == 1 && (COLORS.contains(&s) || s == "c") {
        cost.symbols.push(s);
        return Ok(());
    }
    let pair: String = s.chars().filter(|c| *c != '/').collect();
    let b = pair.as_bytes();
    if b.len() == 2 {
        let (x, y) = (b[0] as char, b[1] as char);
        let part = |c: char| COLORS.contains(c) || c == '2';
        if x == 'p' && COLORS.contains(y) || y == 'p' && COLORS.contains(x) {
            let c = if x == 'p' { y } else { x };
            cost.symbols.push(format!("p:{c}"));
            return Ok(());
        }
        if part(x) && part(y) && x != y {
            let mut v = [x, y];
            v.sort_unstable();
            cost.symbols.push(format!("h:{}{}", v[0], v[1]));
            return Ok(());
        }
    }
    if script { Ok(()) } else { Err(()) }
}

/// The `{...}` groups of `text` (top level), their inner text lower case.
fn groups(text: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut current = String::new();
    for c in text.chars() {
        match c {
            '{' => {
                if depth > 0 {
                    current.push(c);
                }
                depth += 1;
            }
            '}' => {
                if depth == 0 {
                    return None;
                }
                depth -= 1;
                if depth == 0 {
                    out.push(std::mem::take(&mut current).to_ascii_lowercase());
                } else {
                    current.push(c);
                }
            }
            _ if depth > 0 => current.push(c),
            _ => {}
        }
    }
    (depth == 0).then_some(out)
}

const COST_PHRASES: &[&str] = &[
    "sacrifice",
    "pay",
    "discard",
    "exile",
    "remove",
    "put",
    "return",
    "tap",
    "untap",
    "reveal",
    "mill",
];

/// The cost of a text line that is an activated ability (`{1}{R}, {T}: ...`); `Some(Err)` when
/// the line is one but its cost cannot be compared (no symbols, odd symbols, alternatives).
fn text_cost(line: &str) -> Option<Result<Cost, ()>> {
    let colon = line.find(':')?;
    let prefix = &line[..colon];
    if prefix.contains('"') {
        return None;
    }
    let mut symbols = Vec::new();
    let mut tap_word = false;
    for part in prefix.split(',') {
        let part = part.trim();
        if part.starts_with('{') && part.ends_with('}') {
            symbols.extend(groups(part)?);
        } else if part.eq_ignore_ascii_case("tap") {
            tap_word = true;
        } else {
            let first = part.split(' ').next().unwrap_or("").to_ascii_lowercase();
            if !COST_PHRASES.contains(&first.as_str()) {
                return None;
            }
        }
    }
    if symbols.is_empty() || prefix.contains(" or ") {
        return Some(Err(()));
    }
    let mut cost = Cost {
        tap: tap_word,
        ..Cost::default()
    };
    for s in &symbols {
        if add(&mut cost, s, false).is_err() {
            return Some(Err(()));
        }
    }
    cost.symbols.sort();
    Some(Ok(cost))
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        let Some(t) = card_text::text_of(card) else {
            continue;
        };
        let mut printed = Vec::new();
        for line in &t.lines {
            let text = t.line(line);
            if let Some(c) = text_cost(text) {
                printed.push((c, text));
            }
        }
        let [(Ok(want), printed_line)] = printed.as_slice() else {
            continue;
        };
        let mut scripted = Vec::new();
        let mut others = 0;
        for l in ctx.card_code(card) {
            match l.auto.cost() {
                Some(c) if l.meaning == KeyMeaning::Auto => scripted.push(c),
                Some(_) => others += 1,
                None => {
                    let t = l.entry.value_text();
                    if !t.trim_start().starts_with('@') && t.contains("}:") {
                        others += 1;
                    }
                }
            }
        }
        let [cost] = scripted.as_slice() else {
            continue;
        };
        if others > 0 {
            continue;
        }
        let Some(inner) = groups(&cost.syntax().text().to_string()) else {
            continue;
        };
        let mut have = Cost::default();
        for s in &inner {
            let _ = add(&mut have, s, true);
        }
        have.symbols.sort();
        if have == *want {
            continue;
        }
        let printed_cost = printed_line.split(':').next().unwrap_or("");
        sink.report(
            cost.range(),
            format!(
                "the text's only activated ability costs `{}` but the script's costs {}: the card is played at a cost it does not print",
                card_text::quote(printed_cost),
                have.show()
            ),
        )
        .with_note(format!("the text's cost reads as {}", want.show()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_costs() {
        let c = text_cost("{1}{R}, {T}: deals 1 damage").unwrap().unwrap();
        assert_eq!(c.generic, 1);
        assert_eq!(c.symbols, vec!["r".to_string()]);
        assert!(c.tap);
        assert!(text_cost("Enchanted creature has \"{T}: draw\"").is_none());
        assert!(text_cost("+1: draw a card").is_none());
        assert!(matches!(text_cost("{}: gets +1/+1"), Some(Err(()))));
        assert!(matches!(
            text_cost("Sacrifice a Goblin: draw"),
            Some(Err(()))
        ));
        assert!(text_cost("{4}, Tap: draw").unwrap().unwrap().tap);
        let h = text_cost("{W/U}, Sacrifice a creature: draw")
            .unwrap()
            .unwrap();
        let mut s = Cost::default();
        add(&mut s, "uw", true).unwrap();
        assert_eq!(h.symbols, s.symbols);
    }
}
