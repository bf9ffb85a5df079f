//! W131: a `subtype=`/`type=` word that is a near miss of a known subtype (`Melfolk`).

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W131",
    name: "misspelt-subtype",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A word of `subtype=` (or `type=`) that no rules type list has and that is one letter or two away from a subtype the card library uses (`Melfolk` for `Merfolk`).",
    explanation: "Wagic accepts any word as a type: a misspelt subtype makes a new type of its own, so \
lords, `target(merfolk)` and type-changing effects miss the card. A word is reported when it is in none \
of the Comprehensive Rules' type lists, the card library is complete enough to know its types \
(primitives present), and a rules subtype that the library's cards use is a near miss of it. Wagic's own \
words (card names used as types, marker types) are not near misses of subtypes. The fix replaces the \
word when one subtype is closest (unsafe: the type may be invented on purpose).",
    bad: "# workspace example\n# file: Res/sets/primitives/mtg.txt\n[card]\nname=Tidal Runner\nmana={U}\ntype=Creature\nsubtype=Merfolk Scout\npower=1\ntoughness=1\n[/card]\n[card]\nname=Reef Warden\nmana={1}{U}\ntype=Creature\nsubtype=Melfolk Soldier\npower=1\ntoughness=3\n[/card]",
    good: "# workspace example\n# file: Res/sets/primitives/mtg.txt\n[card]\nname=Tidal Runner\nmana={U}\ntype=Creature\nsubtype=Merfolk Scout\npower=1\ntoughness=1\n[/card]\n[card]\nname=Reef Warden\nmana={1}{U}\ntype=Creature\nsubtype=Merfolk Soldier\npower=1\ntoughness=3\n[/card]",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let Some(library) = ctx.library else {
        return;
    };
    if !library.has_primitives || library.incomplete {
        return;
    }
    let types = model::forge::vocab::types();
    // Rules subtypes the library's cards use, as the rules spell them.
    let candidates: Vec<&'static str> = types
        .list
        .iter()
        .filter(|(w, category)| {
            category.contains("type")
                && !matches!(*category, "card type" | "supertype")
                && library.types.contains_key(&w.name.to_lowercase())
        })
        .map(|(w, _)| w.name)
        .collect();
    for card in &ctx.cards {
        for entry in card
            .entries
            .iter()
            .filter(|e| matches!(e.meaning, KeyMeaning::Subtype | KeyMeaning::Type))
        {
            let value = entry.value_text();
            let start = usize::from(entry.value_range().start());
            let mut offset = 0;
            for word in value.split(' ') {
                let here = offset;
                offset += word.len() + 1;
                if word.len() < 4 || !word.bytes().all(|b| b.is_ascii_alphabetic()) {
                    continue;
                }
                // Wagic's own type words.
                if types.names().any(|t| t.eq_ignore_ascii_case(word))
                    || ["token", "emblem"].contains(&word.to_ascii_lowercase().as_str())
                {
                    continue;
                }
                let Some(best) = model::suggest::did_you_mean(word, candidates.iter().copied())
                else {
                    continue;
                };
                // Plurals and other forms of the same word are not misspellings.
                let lower = word.to_lowercase();
                let best_lower = best.to_lowercase();
                if lower.starts_with(&best_lower) || best_lower.starts_with(&lower) {
                    continue;
                }
                let range = crate::wagic::range(start + here, start + here + word.len());
                let d = sink.report(
                    range,
                    format!("`{word}` is no subtype of the rules' lists: Wagic makes it a type of its own, so effects that look for `{best}` miss this card"),
                );
                d.with_note(format!("did you mean `{best}`?"));
                if model::suggest::unique_near_miss(word, candidates.iter().copied()) == Some(best)
                {
                    d.with_fix(Fix::unsafe_(
                        format!("replace with `{best}`"),
                        vec![Edit::replace(range, best)],
                    ));
                }
            }
        }
    }
}
