//! Inlay hints for Forge card scripts: what an SVar's `Count$` expression amounts to, in words
//! (at its definition and where an amount names it), and the `Triggered*` objects a trigger's
//! mode provides. Only what can be said truthfully from the text: an expression with a word
//! this module does not know gets no hint.

use crate::features::InlayHint;
use model::forge::script::{Model, RefKind, Role};
use syntax::{TextRange, TextSize};

/// What `Count$<key>` amounts to, for the keys a hint can name exactly.
const COUNT_WORDS: &[(&str, &str)] = &[
    ("xPaid", "X paid"),
    ("YourLifeTotal", "your life total"),
    ("InYourHand", "number of cards in your hand"),
    ("InYourLibrary", "number of cards in your library"),
    ("InYourYard", "number of cards in your graveyard"),
    ("CardPower", "this card's power"),
    ("CardToughness", "this card's toughness"),
    (
        "Domain",
        "number of basic land types among lands you control",
    ),
];

/// `Count$Valid<Zone> ...`: the zone the cards are counted in (every player's).
const VALID_ZONES: &[(&str, &str)] = &[
    ("Valid", ""),
    ("ValidGraveyard", " in graveyards"),
    ("ValidHand", " in hands"),
    ("ValidLibrary", " in libraries"),
    ("ValidExile", " in exile"),
];

/// Card types a Valid base names, with their plurals.
const BASES: &[(&str, &str)] = &[
    ("Card", "cards"),
    ("Permanent", "permanents"),
    ("Creature", "creatures"),
    ("Land", "lands"),
    ("Artifact", "artifacts"),
    ("Enchantment", "enchantments"),
    ("Planeswalker", "planeswalkers"),
    ("Instant", "instants"),
    ("Sorcery", "sorceries"),
];

/// Valid properties read as a word before the noun, in the order English puts them (`other`
/// first: "other black creatures").
const ADJECTIVES: &[(&str, &str)] = &[
    ("Other", "other"),
    ("tapped", "tapped"),
    ("untapped", "untapped"),
    ("attacking", "attacking"),
    ("blocking", "blocking"),
    ("White", "white"),
    ("Blue", "blue"),
    ("Black", "black"),
    ("Red", "red"),
    ("Green", "green"),
    ("Colorless", "colorless"),
    ("nonWhite", "nonwhite"),
    ("nonBlue", "nonblue"),
    ("nonBlack", "nonblack"),
    ("nonRed", "nonred"),
    ("nonGreen", "nongreen"),
    ("nonToken", "nontoken"),
    ("token", "token"),
    ("Token", "token"),
    ("nonLand", "nonland"),
    ("nonCreature", "noncreature"),
    ("nonArtifact", "nonartifact"),
];

/// Valid properties read as a clause after the noun.
const CLAUSES: &[(&str, &str)] = &[
    ("YouCtrl", "you control"),
    ("OppCtrl", "your opponents control"),
    ("YouOwn", "you own"),
    ("OppOwn", "your opponents own"),
];

fn lookup(table: &[(&str, &'static str)], word: &str) -> Option<&'static str> {
    table.iter().find(|(w, _)| *w == word).map(|(_, d)| *d)
}

/// One Valid item (`Creature.YouCtrl+nonToken`) in words, when every word of it is known.
fn describe_item(item: &str) -> Option<String> {
    let (base, props) = item.split_once('.').unwrap_or((item, ""));
    let noun = lookup(BASES, base)?;
    let mut adjectives = Vec::new();
    let mut clauses = Vec::new();
    for prop in props.split('+').filter(|p| !p.is_empty()) {
        if let Some(i) = ADJECTIVES.iter().position(|(w, _)| *w == prop) {
            adjectives.push((i, ADJECTIVES[i].1));
        } else if let Some(c) = lookup(CLAUSES, prop) {
            clauses.push(c);
        } else {
            return None;
        }
    }
    adjectives.sort_by_key(|(i, _)| *i);
    let words: Vec<&str> = adjectives.iter().map(|(_, a)| *a).collect();
    let mut out = words.join(" ");
    if !out.is_empty() {
        out.push(' ');
    }
    out.push_str(noun);
    for c in clauses {
        out.push(' ');
        out.push_str(c);
    }
    Some(out)
}

/// A Valid expression (items separated by commas: any of them) in words.
fn describe_valid(valid: &str) -> Option<String> {
    let items: Option<Vec<String>> = valid.split(',').map(|i| describe_item(i.trim())).collect();
    let items = items?;
    (!items.is_empty()).then(|| items.join(" or "))
}

/// The math after a `Count$` key (`/Plus.2`, `/Twice`), in words.
fn describe_math(math: &str) -> Option<String> {
    let (op, arg) = math.split_once('.').unwrap_or((math, ""));
    let arg_ok = !arg.is_empty() && !arg.contains(['.', '/', ' ']);
    Some(match op {
        "Plus" if arg_ok => format!(" plus {arg}"),
        "Minus" if arg_ok => format!(" minus {arg}"),
        "Times" if arg_ok => format!(" times {arg}"),
        "Twice" if arg.is_empty() => " times 2".into(),
        "Thrice" if arg.is_empty() => " times 3".into(),
        "HalfUp" if arg.is_empty() => ", halved, rounded up".into(),
        "HalfDown" if arg.is_empty() => ", halved, rounded down".into(),
        "Negative" if arg.is_empty() => ", negated".into(),
        _ => return None,
    })
}

/// What an SVar's value amounts to, in words: `Count$xPaid` → "X paid", `Count$Valid
/// Creature.YouCtrl` → "number of creatures you control". `None` for anything else.
pub fn describe_svar_value(value: &str) -> Option<String> {
    let count = value.trim().strip_prefix("Count$")?;
    // One math suffix at most (`/Plus.2`); `$` (a second expression) is not read here.
    let (expr, math) = match count.split_once('/') {
        Some((e, m)) => (e, Some(m)),
        None => (count, None),
    };
    let mut out = match expr.split_once(' ') {
        Some((key, valid)) => {
            let zone = lookup(VALID_ZONES, key)?;
            format!("number of {}{zone}", describe_valid(valid.trim())?)
        }
        None => lookup(COUNT_WORDS, expr)?.to_string(),
    };
    if let Some(m) = math {
        out.push_str(&describe_math(m)?);
    }
    Some(out)
}

/// The hints of a Forge file's model (only those whose position is inside `range`).
pub fn hints(m: &Model<'_>, range: Option<TextRange>) -> Vec<InlayHint> {
    let inside = |at: TextSize| range.is_none_or(|r| r.contains_inclusive(at));
    let mut out = Vec::new();
    // An SVar's value in words: after its definition, and after each amount naming it.
    let mut described: Vec<Option<String>> = Vec::with_capacity(m.svars.len());
    for def in &m.svars {
        let words = describe_svar_value(def.value);
        if let Some(w) = &words
            && inside(def.value_range.end())
        {
            out.push(InlayHint {
                position: def.value_range.end(),
                label: format!("= {w}"),
                tooltip: None,
            });
        }
        described.push(words);
    }
    for r in &m.refs {
        // Where the SVar is used as a number (not where it is copied by name: `References$`).
        if r.shadowed || r.kind != RefKind::Amount || !inside(r.range.end()) {
            continue;
        }
        let Some(i) = m.resolve(r.face, r.name) else {
            continue;
        };
        if let Some(w) = &described[i] {
            let def = &m.svars[i];
            out.push(InlayHint {
                position: r.range.end(),
                label: format!("= {w}"),
                tooltip: Some(format!("```forge\nSVar:{}:{}\n```", def.name, def.value)),
            });
        }
    }
    // A trigger's mode: the objects it provides to the abilities it runs.
    for rec in m.records.iter().filter(|r| r.role == Role::Trigger) {
        let Some(k) = rec.kind_param else {
            continue;
        };
        let mode = &rec.params[k];
        let at = mode.value_range.end();
        if !inside(at) {
            continue;
        }
        let Some(vars) = m.vocab.trigger_variables(mode.value.trim()) else {
            continue;
        };
        if vars.is_empty() {
            continue;
        }
        let names: Vec<String> = vars.iter().map(|v| format!("Triggered{v}")).collect();
        const SHOWN: usize = 3;
        let mut label = names
            .iter()
            .take(SHOWN)
            .cloned()
            .collect::<Vec<_>>()
            .join(", ");
        if names.len() > SHOWN {
            label.push_str(&format!(" +{}", names.len() - SHOWN));
        }
        let list = names
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ");
        out.push(InlayHint {
            position: at,
            label: format!("→ {label}"),
            tooltip: Some(format!(
                "A `{}` trigger provides {list} to the abilities it runs (`Defined$ TriggeredCard`, `Count$TriggeredCard...`).",
                mode.value.trim()
            )),
        });
    }
    out.sort_by_key(|h| h.position);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_expressions_in_words() {
        let d = |v: &str| describe_svar_value(v);
        assert_eq!(d("Count$xPaid").as_deref(), Some("X paid"));
        assert_eq!(
            d("Count$Valid Creature.YouCtrl").as_deref(),
            Some("number of creatures you control")
        );
        assert_eq!(
            d("Count$Valid Creature.Other+nonToken+YouCtrl").as_deref(),
            Some("number of other nontoken creatures you control")
        );
        assert_eq!(
            d("Count$Valid Creature.attacking+Other").as_deref(),
            Some("number of other attacking creatures")
        );
        assert_eq!(
            d("Count$Valid Land.YouCtrl,Artifact.YouCtrl").as_deref(),
            Some("number of lands you control or artifacts you control")
        );
        assert_eq!(
            d("Count$ValidGraveyard Creature").as_deref(),
            Some("number of creatures in graveyards")
        );
        assert_eq!(
            d("Count$Valid Creature.YouCtrl/Plus.2").as_deref(),
            Some("number of creatures you control plus 2")
        );
        assert_eq!(
            d("Count$InYourHand/HalfUp").as_deref(),
            Some("number of cards in your hand, halved, rounded up")
        );
        // A word the hint does not know: no hint rather than a guess.
        assert_eq!(d("Count$Valid Creature.sharesColorWith"), None);
        assert_eq!(d("Count$Valid Goblin.YouCtrl"), None);
        assert_eq!(d("Count$xPaid/LimitMax.3"), None);
        assert_eq!(d("Number$3"), None);
        assert_eq!(d("Count$SomethingElse"), None);
    }

    /// Every `Count$` key a hint names is one Forge reads.
    #[test]
    fn hinted_count_keys_are_known() {
        let keys = model::forge::versions::any_version().count_keys();
        for (key, _) in COUNT_WORDS.iter().chain(VALID_ZONES) {
            assert!(keys.count_key_known(key), "{key}");
        }
    }
}
