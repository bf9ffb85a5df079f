//! Forge Valid expressions (`Creature.YouCtrl+Other,Player`) evaluated against game objects, in
//! three-valued logic: a property the engine cannot decide here (a name, a chosen type, a
//! relation to another object) is "unknown" rather than false, so that a report that nothing
//! matches is only made when nothing can.

use crate::core::game::{Card, CardId, Game, PlayerId, Zone};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tri {
    False,
    Unknown,
    True,
}

impl Tri {
    pub fn and(self, o: Tri) -> Tri {
        match (self, o) {
            (Tri::False, _) | (_, Tri::False) => Tri::False,
            (Tri::True, Tri::True) => Tri::True,
            _ => Tri::Unknown,
        }
    }

    pub fn or(self, o: Tri) -> Tri {
        match (self, o) {
            (Tri::True, _) | (_, Tri::True) => Tri::True,
            (Tri::False, Tri::False) => Tri::False,
            _ => Tri::Unknown,
        }
    }

    pub fn negate(self) -> Tri {
        match self {
            Tri::True => Tri::False,
            Tri::False => Tri::True,
            Tri::Unknown => Tri::Unknown,
        }
    }

    pub fn of(b: bool) -> Tri {
        if b { Tri::True } else { Tri::False }
    }
}

/// Type words known to the card pool (all `Types:` words), when a pool is available.
#[derive(Clone, Debug, Default)]
pub struct TypeVocab {
    pub words: std::collections::HashSet<String>,
}

impl TypeVocab {
    /// The type words of the model's vocabulary, to which a workspace adds its own.
    pub fn builtin() -> TypeVocab {
        let words = model::forge::vocab::types()
            .names()
            .map(|w| w.to_ascii_lowercase())
            .collect();
        TypeVocab { words }
    }

    pub fn knows(&self, word: &str) -> bool {
        self.words.contains(&word.to_ascii_lowercase())
    }
}

/// What a Valid expression is evaluated against.
pub struct ValidCtx<'a> {
    pub game: &'a Game,
    /// The card whose ability this is.
    pub source: CardId,
    pub you: PlayerId,
    pub vocab: Option<&'a TypeVocab>,
}

const CARD_TYPES: &[&str] = &[
    "creature",
    "land",
    "artifact",
    "enchantment",
    "planeswalker",
    "instant",
    "sorcery",
    "tribal",
    "battle",
];
const SUPERTYPES: &[&str] = &["legendary", "basic", "snow", "world", "ongoing"];
const COLORS: [(&str, usize); 5] = [
    ("white", crate::core::mana::WHITE),
    ("blue", crate::core::mana::BLUE),
    ("black", crate::core::mana::BLACK),
    ("red", crate::core::mana::RED),
    ("green", crate::core::mana::GREEN),
];

impl ValidCtx<'_> {
    /// A whole comma list against a card: true if any alternative matches.
    pub fn card(&self, list: &str, card: CardId) -> Tri {
        let mut out = Tri::False;
        for alt in split_alternatives(list) {
            out = out.or(self.card_alt(alt.trim(), card));
            if out == Tri::True {
                break;
            }
        }
        out
    }

    /// A whole comma list against a player.
    pub fn player(&self, list: &str, p: PlayerId) -> Tri {
        let mut out = Tri::False;
        for alt in split_alternatives(list) {
            out = out.or(self.player_alt(alt.trim(), p));
        }
        out
    }

    fn player_alt(&self, alt: &str, p: PlayerId) -> Tri {
        let (base, props) = split_base(alt);
        let base_ok = match base {
            "Player" | "Any" => Tri::True,
            "Opponent" => Tri::of(p != self.you),
            "You" => Tri::of(p == self.you),
            "EnchantedController" | "TargetedPlayer" | "DefendingPlayer" | "ChosenPlayer" => {
                Tri::Unknown
            }
            _ => Tri::False,
        };
        if base_ok == Tri::False {
            return Tri::False;
        }
        let mut out = base_ok;
        for prop in props {
            let t = match prop {
                "Opponent" | "OppCtrl" => Tri::of(p != self.you),
                "You" | "YouCtrl" => Tri::of(p == self.you),
                "Other" => Tri::of(p != self.you),
                _ => Tri::Unknown,
            };
            out = out.and(t);
        }
        out
    }

    /// `[!]Base[.prop+prop]` against a card.
    pub fn card_alt(&self, alt: &str, id: CardId) -> Tri {
        let (neg, alt) = match alt.strip_prefix('!') {
            Some(a) => (true, a),
            None => (false, alt),
        };
        let c = self.game.card(id);
        let (base, props) = split_base(alt);
        let base_t = self.base(base, c);
        let mut out = base_t;
        for prop in props {
            if out == Tri::False {
                break;
            }
            out = out.and(self.prop(prop, c));
        }
        if neg { out.negate() } else { out }
    }

    fn has_type(&self, c: &Card, word: &str) -> Tri {
        let w = word.to_ascii_lowercase();
        if c.cur.has_type(&w) {
            return Tri::True;
        }
        // Changelings have every creature type.
        if c.is_creature()
            && c.flags & 1 != 0
            && !CARD_TYPES.contains(&w.as_str())
            && !SUPERTYPES.contains(&w.as_str())
            && self.vocab.is_none_or(|v| v.knows(&w))
        {
            return Tri::True;
        }
        Tri::False
    }

    fn base(&self, base: &str, c: &Card) -> Tri {
        match base {
            "Card" | "card" | "Any" => Tri::True,
            "Permanent" => Tri::of(!c.is("instant") && !c.is("sorcery")),
            "Spell" => Tri::of(c.zone == Zone::Stack || c.is("instant") || c.is("sorcery")),
            "Emblem" | "Effect" => Tri::False,
            "Player" | "Opponent" | "You" => Tri::False,
            b if b.starts_with("Triggered")
                || b.starts_with("Targeted")
                || b.starts_with("Remembered")
                || b.starts_with("Imprinted")
                || b.starts_with("Enchanted")
                || b.starts_with("Equipped")
                || b.starts_with("Chosen")
                || b == "EffectSource" =>
            {
                Tri::Unknown
            }
            word => {
                let t = self.has_type(c, word);
                if t == Tri::True {
                    Tri::True
                } else {
                    Tri::False
                }
            }
        }
    }

    fn prop(&self, prop: &str, c: &Card) -> Tri {
        let you = self.you;
        let cmp = |value: i32, rest: &str| -> Tri {
            // Two ASCII letters, then the operand (any other bytes: not a comparison).
            if rest.len() < 2 || !rest.is_char_boundary(2) {
                return Tri::Unknown;
            }
            let (op, operand) = rest.split_at(2);
            let Ok(n) = operand.parse::<i32>() else {
                return Tri::Unknown;
            };
            Tri::of(match op {
                "LT" => value < n,
                "LE" => value <= n,
                "EQ" => value == n,
                "NE" => value != n,
                "GE" => value >= n,
                "GT" => value > n,
                _ => return Tri::Unknown,
            })
        };
        match prop {
            "YouCtrl" => Tri::of(c.controller == you),
            "OppCtrl" => Tri::of(c.controller != you),
            "YouOwn" => Tri::of(c.owner == you),
            "OppOwn" => Tri::of(c.owner != you),
            "Other" | "StrictlyOther" => Tri::of(c.id != self.source),
            "Self" => Tri::of(c.id == self.source),
            "tapped" => Tri::of(c.tapped),
            "untapped" => Tri::of(!c.tapped),
            "token" => Tri::of(c.token),
            "nonToken" => Tri::of(!c.token),
            "attacking" => Tri::of(c.attacking),
            "blocking" => Tri::of(c.blocking.is_some()),
            "Colorless" => Tri::of(c.cur.colors & 0b111110 == 0),
            "MultiColor" => Tri::of((1..6).filter(|&i| c.cur.has_color(i)).count() > 1),
            "MonoColor" => Tri::of((1..6).filter(|&i| c.cur.has_color(i)).count() == 1),
            _ => {
                for (name, slot) in COLORS {
                    let cap = capitalize(name);
                    if prop == cap {
                        return Tri::of(c.cur.has_color(slot));
                    }
                    if prop == format!("non{cap}") {
                        return Tri::of(!c.cur.has_color(slot));
                    }
                }
                if let Some(rest) = prop.strip_prefix("cmc") {
                    return cmp(c.mana_cost.converted(), rest);
                }
                if let Some(rest) = prop.strip_prefix("power") {
                    return cmp(c.cur.power, rest);
                }
                if let Some(rest) = prop.strip_prefix("toughness") {
                    return cmp(c.cur.toughness, rest);
                }
                if let Some(t) = prop.strip_prefix("non") {
                    let lower = t.to_ascii_lowercase();
                    if CARD_TYPES.contains(&lower.as_str())
                        || SUPERTYPES.contains(&lower.as_str())
                        || self.vocab.is_some_and(|v| v.knows(&lower))
                        || c.cur.has_type(&lower)
                    {
                        return self.has_type(c, t).negate();
                    }
                    return Tri::Unknown;
                }
                if prop.starts_with("with") || prop.starts_with("without") {
                    return Tri::Unknown;
                }
                // Anything else: a relation or a word this engine does not evaluate.
                Tri::Unknown
            }
        }
    }

    /// Whether any object in `zones` (any player's, or `you`'s only) can match.
    pub fn exists(&self, list: &str, zones: &[Zone], only: Option<PlayerId>) -> Tri {
        let mut out = Tri::False;
        for p in 0..2 {
            if only.is_some_and(|o| o != p) {
                continue;
            }
            out = out.or(self.player(list, p));
            for &z in zones {
                for &c in self.game.players[p].zone(z) {
                    out = out.or(self.card(list, c));
                    if out == Tri::True {
                        return out;
                    }
                }
            }
        }
        if out == Tri::False && self.maybe_elsewhere(list) {
            return Tri::Unknown;
        }
        out
    }

    /// A base word that names a real type or a property this engine does not model could match
    /// a card that is not on the synthetic board.
    fn maybe_elsewhere(&self, list: &str) -> bool {
        split_alternatives(list).iter().any(|alt| {
            let alt = alt.trim().trim_start_matches('!');
            let (base, props) = split_base(alt);
            let base_possible = match base {
                "Card" | "card" | "Permanent" | "Spell" | "Any" => true,
                "Player" | "Opponent" | "You" => false,
                b => {
                    let lower = b.to_ascii_lowercase();
                    CARD_TYPES.contains(&lower.as_str())
                        || SUPERTYPES.contains(&lower.as_str())
                        || match self.vocab {
                            Some(v) => v.knows(&lower),
                            None => true,
                        }
                        || b.starts_with("Triggered")
                        || b.starts_with("Targeted")
                        || b.starts_with("Remembered")
                        || b.starts_with("Imprinted")
                }
            };
            base_possible && props.iter().all(|p| !definitely_impossible(p))
        })
    }
}

/// Properties that can never hold for any card.
fn definitely_impossible(_prop: &str) -> bool {
    false
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// Splits a comma list (commas inside `<...>` or parentheses are not separators).
pub fn split_alternatives(list: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, ch) in list.char_indices() {
        match ch {
            '<' | '(' => depth += 1,
            '>' | ')' => depth -= 1,
            ',' if depth <= 0 => {
                out.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&list[start..]);
    out
}

/// `Base.prop+prop` → (base, props). Only the first `.` splits.
pub fn split_base(alt: &str) -> (&str, Vec<&str>) {
    match alt.split_once('.') {
        Some((base, props)) => (base.trim(), props.split('+').map(str::trim).collect()),
        None => (alt.trim(), Vec::new()),
    }
}
