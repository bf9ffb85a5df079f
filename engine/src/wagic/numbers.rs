//! Wagic's parsed integers: a literal, or a named value read from the game, with a
//! leading minus and a few modifiers. An unknown word is 0, silently; the caller can ask whether
//! the word was known (the simulation reports unknown words).

use super::runtime::WGame;
use crate::core::game::{CardId, Zone};
use std::sync::LazyLock;

/// Words of Wagic's parsed integers (the model's vocabulary): (word, exact|prefix|modifier).
/// Words the 2016 engine read and today's does not (`kind=removed`) are handled by `known`.
static WORDS: LazyLock<Vec<(&'static str, &'static str)>> = LazyLock::new(|| {
    model::wagic::vocab::variables()
        .words()
        .iter()
        .filter_map(|w| Some((w.word, w.attr("kind")?)))
        .filter(|(_, kind)| *kind != "removed")
        .collect()
});

/// Whether Wagic's parsed-integer reader knows this text (otherwise it reads 0, silently).
pub fn known(text: &str) -> bool {
    let mut s = text.trim().trim_start_matches(['+', '-']);
    if s.is_empty() || s.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    if s.contains("plusend")
        || s.contains("minusend")
        || s.contains("mathend")
        || s.starts_with("math")
    {
        return true;
    }
    // Modifiers before the word (`twice`, `halfup`, `stored`, `mytarg`, `plusone`...).
    for _ in 0..4 {
        let mut stripped = false;
        // 2016 engines also read `plusone`..`plusfive` and `other` before a word.
        for p in [
            "plusone",
            "plustwo",
            "plusthree",
            "plusfour",
            "plusfive",
            "other",
        ] {
            if s.starts_with(p) && s.len() > p.len() {
                s = &s[p.len()..];
                stripped = true;
            }
        }
        for (w, kind) in WORDS.iter() {
            if *kind == "modifier"
                && w.len() > 1
                && !w.starts_with("other")
                && !w.starts_with("plus")
                && s.starts_with(w)
                && s.len() > w.len()
            {
                s = &s[w.len()..];
                stripped = true;
                break;
            }
        }
        if !stripped {
            break;
        }
    }
    // Words of earlier engines (2016).
    if matches!(s, "morethanfourcards" | "gravecardtypes") {
        return true;
    }
    if s.is_empty() || s.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    // `x`-based words with a modifier after them (`xplusthree`, `halfupx`).
    WORDS.iter().any(|(w, kind)| match *kind {
        "exact" => s == *w || s.eq_ignore_ascii_case(w),
        "prefix" => s.starts_with(w),
        _ => false,
    }) || (s.starts_with('x') && s[1..].starts_with("plus"))
}

/// Evaluates `text` for an ability of `source` (whose target is `target`). Returns the value and
/// whether the text was understood.
pub fn eval(g: &WGame, text: &str, source: CardId, target: Option<CardId>) -> (i32, bool) {
    let mut s = text.trim();
    let mut sign = 1;
    if let Some(r) = s.strip_prefix('-') {
        sign = -1;
        s = r;
    } else if let Some(r) = s.strip_prefix('+') {
        s = r;
    }
    if s.is_empty() {
        return (0, true);
    }
    if s.bytes().all(|b| b.is_ascii_digit()) {
        return (sign * super::db::atoi(s), true);
    }
    // Arithmetic: <a>plus<b>plusend / <a>minus<b>minusend.
    for (word, end, op) in [("plus", "plusend", 1), ("minus", "minusend", -1)] {
        if let Some(i) = s.find(word)
            && i > 0
            && s.ends_with(end)
        {
            let a = eval(g, &s[..i], source, target);
            let b = eval(g, &s[i + word.len()..s.len() - end.len()], source, target);
            return (sign * (a.0 + op * b.0), a.1 && b.1);
        }
    }
    let card = g.g.card(source);
    let tcard = target.map(|t| g.g.card(t)).unwrap_or(card);
    let me = card.controller;
    // WParsedInt: the rounding and doubling words may be written anywhere in the text
    // (`twicetype:shrine`), and are erased once seen.
    let (halfup, halfdown, twice, thrice) = (
        s.contains("halfup"),
        s.contains("halfdown"),
        s.contains("twice"),
        s.contains("thrice"),
    );
    let erased = s
        .replacen("halfup", "", 1)
        .replacen("halfdown", "", 1)
        .replacen("twice", "", 1)
        .replacen("thrice", "", 1);
    let core = erased.as_str();
    let v: Option<i32> = match core {
        // The mana left in the pool once the card's cost is paid (the X it can be cast
        // with); nothing without an X in the cost.
        "prex" => Some(if card.mana_cost.x > 0 {
            (g.g.players[me].pool.converted() - card.mana_cost.converted()).max(0)
        } else {
            0
        }),
        "x" | "X" => Some(card.x),
        "xx" | "XX" => Some(card.x / 2),
        "p" | "power" => Some(tcard.cur.power),
        "t" | "toughness" => Some(tcard.cur.toughness),
        "manacost" => Some(tcard.mana_cost.converted()),
        "lifetotal" => Some(g.g.players[me].life),
        "opponentlifetotal" => Some(g.g.players[1 - me].life),
        "thatmuch" => Some(g.thatmuch),
        "kicked" => Some(card.kicked),
        "handsize" | "myhandsize" => Some(g.g.players[me].zone(Zone::Hand).len() as i32),
        "opponenthandsize" => Some(g.g.players[1 - me].zone(Zone::Hand).len() as i32),
        "mygravecount" | "mygraveyardcount" => {
            Some(g.g.players[me].zone(Zone::Graveyard).len() as i32)
        }
        // Urza's Mine, Power Plant and Tower (aliases 4192-4194) all on its controller's
        // battlefield.
        "urzatron" => Some(i32::from((4192..=4194).all(|a| {
            g.g.players[me].zone(Zone::Battlefield).iter().any(|&c| {
                g.prim(c)
                    .is_some_and(|p| p.alias == a || g.g.card(c).mtgid == a)
            })
        }))),
        // The cards of both battlefields with the card's name (Plague Rats).
        "allmyname" => Some(
            g.g.battlefield()
                .iter()
                .filter(|&&c| g.g.card(c).cur.name == card.cur.name)
                .count() as i32,
        ),
        "mylibrarycount" => Some(g.g.players[me].zone(Zone::Library).len() as i32),
        // The converted mana costs of the other creatures its controller has in play.
        "pancientooze" => Some(
            g.g.battlefield()
                .iter()
                .map(|&c| g.g.card(c))
                .filter(|c| c.id != card.id && c.controller == me && c.is_creature())
                .map(|c| c.mana_cost.converted())
                .sum(),
        ),
        "auras" => Some(
            g.g.battlefield()
                .iter()
                .filter(|&&c| g.g.card(c).attached_to == Some(tcard.id) && g.g.card(c).is("aura"))
                .count() as i32,
        ),
        _ => None,
    };
    let v = match v {
        Some(v) => Some(v),
        None => {
            if let Some((kind, rest)) = ["convertedcost:", "power:", "toughness:"]
                .iter()
                .find_map(|k| core.find(k).map(|i| (*k, &core[i + k.len()..])))
                && let Some((which, spec)) = rest.split_once(':')
            {
                // WParsedInt `power:highest:<spec>[:<zones>]` (and `lowest`, `toughness:`,
                // `convertedcost:`): the highest (lowest) value among the matching cards.
                let spec = if spec.contains(':') {
                    spec.replace(':', "|")
                } else {
                    format!("{spec}|mybattlefield")
                };
                let tc = super::targets::parse(&spec);
                let values: Vec<i32> = g
                    .matching(&tc, source)
                    .iter()
                    .map(|&c| {
                        let c = g.g.card(c);
                        match kind {
                            "power:" => c.cur.power,
                            "toughness:" => c.cur.toughness,
                            _ => c.mana_cost.converted(),
                        }
                    })
                    .collect();
                Some(if which.contains("highest") {
                    values.iter().copied().fold(0, i32::max)
                } else {
                    values.iter().copied().min().unwrap_or(0)
                })
            } else if let Some(i) = core.find("type:") {
                // WParsedInt: `type:<spec>` counts the matching cards of the controller's
                // battlefield, `type:<spec>:<zones>` those of the zones named; `type:mana<c>`
                // counts the <c> symbols in the mana costs of the matching cards (devotion).
                let spec = &core[i + 5..];
                let mut spec = if spec.contains(':') {
                    spec.replace(':', "|")
                } else {
                    format!("{spec}|mybattlefield")
                };
                let mut color = None;
                if spec.contains("mana") {
                    color = spec
                        .as_bytes()
                        .get(4)
                        .and_then(|&b| crate::core::mana::color_of_letter(b));
                    if spec.is_char_boundary(5.min(spec.len())) {
                        spec.replace_range(..5.min(spec.len()), "*");
                    }
                }
                let tc = super::targets::parse(&spec);
                let cards = g.matching(&tc, source);
                Some(match color {
                    Some(c) => cards.iter().map(|&k| g.mana_symbols(k, c)).sum(),
                    None => cards.len() as i32,
                })
            } else if let Some(rest) = core.strip_prefix("counter{") {
                let inner = rest.trim_end_matches('}');
                let (p, t, _, name) = super::parse::parse_counter(inner);
                Some(tcard.counter_count(&name, p, t))
            } else {
                None
            }
        }
    };
    match v {
        Some(mut v) => {
            if halfup {
                v = (v + 1) / 2;
            } else if halfdown {
                v /= 2;
            } else if twice {
                v *= 2;
            } else if thrice {
                v *= 3;
            }
            (sign * v, true)
        }
        None => (sign * super::db::atoi(s), known(text)),
    }
}

impl WGame<'_> {
    /// ManaCost::getManaSymbols: the symbols of a colour in a card's mana cost, hybrid halves
    /// and Phyrexian symbols (`{p(b)}`) included.
    pub fn mana_symbols(&self, card: CardId, color: usize) -> i32 {
        let c = self.g.card(card);
        let cost = &c.mana_cost;
        let mut n = cost.get(color);
        for h in &cost.hybrids {
            if h.c1 == color {
                n += h.n1;
            } else if h.c2 == color {
                n += h.n2;
            }
        }
        if let Some(p) = self.prim(card) {
            let text = p.mana_text.to_ascii_lowercase();
            let letter = crate::core::mana::color_letter(color);
            n += text.matches(&format!("{{p({letter})}}")).count() as i32;
        }
        n
    }
}
