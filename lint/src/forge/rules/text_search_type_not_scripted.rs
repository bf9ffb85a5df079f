//! F200: the rules text searches a library for cards of a type (`search your library for a
//! Dragon card`) and no `ChangeType$` of the face names that type.

use crate::diagnostic::{Edit, Fix, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F200",
    name: "text-search-type-not-scripted",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: crate::diagnostic::Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "The rules text says `search your library for a Dragon card` and no `ChangeType$` of the face names `Dragon`: the search finds other cards than the text says.",
    explanation: "When a face's rules text searches a library for cards named by their types \
(`search your library for up to two Forest cards`, `... for a basic land card`, `... for any number \
of Goblin cards`), one of the face's `ChangeType$` values names each of those words (`Forest`, \
`Land.Basic`, `Goblin`): on the Forge 2020 cards, all but two of 324 such searches do. A word no \
`ChangeType$` names is a search that finds cards the text rules out (`Card.notnamedX` for `Dragon \
cards not named X`), usually a copied script. Colours and `permanent` are not compared, nor are \
phrases with `or`, `and`, `with`, `named`, `non...`, `other`, nor faces whose `ChangeType$` depends \
on the game (`ChosenType`, `Remembered`, `Targeted`, `sameName`...). The fix, when the search is \
`ChangeType$ Card...` and one word is missing, writes the type in place of `Card` (unsafe: read the \
card).",
    bad: "Name:Hoard Caller\nManaCost:4 R R\nTypes:Creature Dragon\nPT:5/5\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigSearch | TriggerDescription$ When CARDNAME enters the battlefield, search your library for a Dragon card, reveal it, put it into your hand, then shuffle.\nSVar:TrigSearch:DB$ ChangeZone | Origin$ Library | Destination$ Hand | ChangeType$ Card | ChangeNum$ 1\nOracle:When Hoard Caller enters the battlefield, search your library for a Dragon card, reveal it, put it into your hand, then shuffle.",
    good: "Name:Hoard Caller\nManaCost:4 R R\nTypes:Creature Dragon\nPT:5/5\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigSearch | TriggerDescription$ When CARDNAME enters the battlefield, search your library for a Dragon card, reveal it, put it into your hand, then shuffle.\nSVar:TrigSearch:DB$ ChangeZone | Origin$ Library | Destination$ Hand | ChangeType$ Dragon | ChangeNum$ 1\nOracle:When Hoard Caller enters the battlefield, search your library for a Dragon card, reveal it, put it into your hand, then shuffle.",
    ..RuleMeta::BASE
};

/// Whose library a search goes through, as the text says it.
const WHOSE: &[&str] = &[
    "your",
    "their",
    "his or her",
    "that player's",
    "target player's",
    "target opponent's",
    "its controller's",
];

/// Words that make a phrase more than a list of types: not compared.
const SKIP: &[&str] = &[
    "or",
    "and",
    "with",
    "named",
    "not",
    "other",
    "additional",
    "colored",
    "multicolored",
    "colorless",
    "historic",
    "token",
    "that",
    "of",
    "each",
];

/// Words of the phrase that are no type (not compared).
const IGNORED: &[&str] = &["white", "blue", "black", "red", "green", "permanent"];

/// Parts of a `ChangeType$` that depend on the game: the value names no fixed type.
const DYNAMIC: &[&str] = &[
    "chosentype",
    "chosen",
    "remembered",
    "targeted",
    "samename",
    "namedcard",
    "sharescreaturetype",
    "imprinted",
    "triggered",
    "exiled",
    "defined",
];

/// The type words of each `search <whose> library for <quantity> <words> card(s)` phrase of the
/// text, when the words are types only.
fn searched_types(text: &str) -> Vec<Vec<&str>> {
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    for at in model::search::find_all(&lower, "search ") {
        let rest = &lower[at + "search ".len()..];
        let Some(rest) = WHOSE.iter().find_map(|w| {
            rest.strip_prefix(w)
                .and_then(|r| r.strip_prefix(" library for "))
        }) else {
            continue;
        };
        // The phrase ends at the first `card`/`cards` word; its own words come from the
        // original text (types keep their capitals).
        let start = text.len() - rest.len();
        let words: Vec<&str> = text[start..]
            .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\''))
            .take_while(|w| !w.is_empty())
            .collect();
        let Some(end) = words
            .iter()
            .position(|w| w.eq_ignore_ascii_case("card") || w.eq_ignore_ascii_case("cards"))
        else {
            continue;
        };
        // What follows `card` may qualify it further ("of each basic land type").
        let after = text[start..]
            .split_once(words[end])
            .map_or("", |(_, a)| a.trim_start());
        if after.starts_with("of each") {
            continue;
        }
        let quantity = quantity_len(&words[..end]);
        let Some(q) = quantity else { continue };
        let phrase = &words[q..end];
        if phrase.is_empty()
            || phrase.iter().any(|w| {
                let l = w.to_ascii_lowercase();
                SKIP.contains(&l.as_str()) || l.starts_with("non")
            })
        {
            continue;
        }
        let types: Vec<&str> = phrase
            .iter()
            .copied()
            .filter(|w| !IGNORED.contains(&w.to_ascii_lowercase().as_str()))
            .collect();
        if !types.is_empty() {
            out.push(types);
        }
    }
    out
}

/// How many words the quantity takes: `a`, `an`, `two`, `X`, `any number of`, `up to three`,
/// `up to that many`.
fn quantity_len(words: &[&str]) -> Option<usize> {
    let w = |i: usize| words.get(i).map(|w| w.to_ascii_lowercase());
    let number = |s: &str| {
        matches!(
            s,
            "a" | "an" | "one" | "two" | "three" | "four" | "five" | "six" | "seven" | "x"
        )
    };
    let first = w(0)?;
    match first.as_str() {
        "any" => (w(1)? == "number" && w(2)? == "of").then_some(3),
        "up" => {
            if w(1)? != "to" {
                return None;
            }
            let n = w(2)?;
            if n == "that" {
                (w(3)? == "many").then_some(4)
            } else {
                number(&n).then_some(3)
            }
        }
        "that" => (w(1)? == "many").then_some(2),
        s if number(s) => Some(1),
        _ => None,
    }
}

/// The words of a `ChangeType$` value, lower case (`Land.Basic+YouOwn` gives `land`, `basic`,
/// `youown`).
fn words_of(value: &str) -> impl Iterator<Item = String> + '_ {
    value
        .split([',', '.', '+', ' ', ';'])
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for face in 0..model.faces.len() {
        let lines = ctx.oracle_lines(face);
        if lines.is_empty() {
            continue;
        }
        let mut searches = Vec::new();
        for l in lines {
            let plain = super::oracle::strip_reminder(l.text);
            for types in searched_types(&plain) {
                searches.push(types.into_iter().map(str::to_string).collect::<Vec<_>>());
            }
        }
        if searches.is_empty() {
            continue;
        }
        let change_types: Vec<_> = model
            .records
            .iter()
            .filter(|r| r.face == face)
            .filter_map(|r| r.param("ChangeType"))
            .collect();
        let Some(first) = change_types.first() else {
            continue;
        };
        let named: Vec<String> = change_types
            .iter()
            .flat_map(|p| words_of(p.value))
            .collect();
        if named
            .iter()
            .any(|w| DYNAMIC.iter().any(|d| w.starts_with(d)))
        {
            continue;
        }
        for types in &searches {
            let missing: Vec<&String> = types
                .iter()
                .filter(|t| !named.iter().any(|n| n.eq_ignore_ascii_case(t)))
                .collect();
            if missing.is_empty() {
                continue;
            }
            // Where to report: the one `ChangeType$` when there is one, else the first.
            let target = if change_types.len() == 1 {
                *first
            } else {
                match change_types
                    .iter()
                    .find(|p| words_of(p.value).next().as_deref() == Some("card"))
                {
                    Some(p) => *p,
                    None => *first,
                }
            };
            let list: Vec<String> = missing.iter().map(|m| format!("`{m}`")).collect();
            let d = sink.report(
                target.value_range,
                format!(
                    "the rules text searches for {} cards, but no `ChangeType$` of this face names {}: `ChangeType$ {}` finds cards the text rules out",
                    types.join(" "),
                    list.join(", "),
                    target.value.trim()
                ),
            );
            // `Card` (alone or with properties) and one type missing: write the type for it.
            let value = target.value;
            let lead = value.len() - value.trim_start().len();
            let base_end = value[lead..]
                .find(['.', '+', ','])
                .map_or(value.trim_end().len(), |i| lead + i);
            if missing.len() == 1
                && &value[lead..base_end] == "Card"
                && !value.contains(',')
                && let Some(c) = missing[0].chars().next()
            {
                let word = format!("{}{}", c.to_ascii_uppercase(), &missing[0][c.len_utf8()..]);
                d.with_fix(Fix::unsafe_(
                    format!("search for `{word}`"),
                    vec![Edit::replace(
                        super::sub_range(target.value_range, lead, 4),
                        word,
                    )],
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrases_of_types_only() {
        assert_eq!(
            searched_types("Search your library for a Dragon card, reveal it."),
            vec![vec!["Dragon"]]
        );
        assert_eq!(
            searched_types("search your library for up to two basic land cards"),
            vec![vec!["basic", "land"]]
        );
        assert_eq!(
            searched_types("search your library for any number of Goblin cards"),
            vec![vec!["Goblin"]]
        );
        assert_eq!(
            searched_types("Search your library for up to five Dragon cards not named Tiamat"),
            vec![vec!["Dragon"]]
        );
        assert_eq!(
            searched_types("Search your library for a green creature card"),
            vec![vec!["creature"]]
        );
        for skipped in [
            "Search your library for a card.",
            "Search your library for an artifact or creature card.",
            "Search your library for a land card of each basic land type.",
            "Search your library for an additional Plains card.",
            "Search your library for a nonland card.",
            "Search your library for a card named Squadron Hawk.",
        ] {
            assert!(searched_types(skipped).is_empty(), "{skipped}");
        }
    }
}
