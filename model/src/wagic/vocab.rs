//! The Wagic vocabulary: keys, basic abilities, triggers, effect words, zones, phases,
//! restrictions, target attributes, cost symbols, numbers, grades, rarities and colours.
//!
//! Each list is a data file under `model/data/wagic/` (`word<TAB>status<TAB>attributes<TAB>doc`),
//! read once. Every word carries a one-line documentation string and a status, so that the
//! language server can show it on hover and offer it in completion.

use std::collections::HashMap;
use std::sync::LazyLock;

/// Which engines read a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Read by the current engine and by the engine of the 2011-2013 card-code guide.
    Current,
    /// Added after 2013-02 (read by the current engine only).
    New,
    /// No longer read by the current engine (older engines knew it).
    Removed,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Current => "current",
            Status::New => "new",
            Status::Removed => "removed",
        }
    }
}

/// One word of a vocabulary.
#[derive(Clone, Copy, Debug)]
pub struct Word {
    pub word: &'static str,
    pub status: Status,
    /// One line for people: what the word means to the engine.
    pub doc: &'static str,
    attrs: &'static str,
}

impl Word {
    /// An attribute of the word (`kind`, `order`, `match`, `index`, `level`...).
    pub fn attr(&self, key: &str) -> Option<&'static str> {
        if self.attrs == "-" {
            return None;
        }
        self.attrs.split(';').find_map(|pair| {
            let (k, v) = pair.split_once('=')?;
            (k == key).then_some(v)
        })
    }

    pub fn is_removed(&self) -> bool {
        self.status == Status::Removed
    }

    /// The engine still reads it.
    pub fn is_known(&self) -> bool {
        self.status != Status::Removed
    }
}

/// A vocabulary: its words in file order, and a map by word.
pub struct Vocab {
    words: Vec<Word>,
    by_word: HashMap<&'static str, usize>,
}

impl Vocab {
    fn parse(data: &'static str) -> Vocab {
        let mut words = Vec::new();
        for line in data.lines() {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut fields = line.splitn(4, '\t');
            let word = fields.next().unwrap_or_default();
            let status = match fields.next().unwrap_or_default() {
                "new" => Status::New,
                "removed" => Status::Removed,
                _ => Status::Current,
            };
            let attrs = fields.next().unwrap_or("-");
            let doc = fields.next().unwrap_or_default();
            words.push(Word {
                word,
                status,
                doc,
                attrs,
            });
        }
        let by_word = words.iter().enumerate().map(|(i, w)| (w.word, i)).collect();
        Vocab { words, by_word }
    }

    /// Every word, removed ones included.
    pub fn words(&self) -> &[Word] {
        &self.words
    }

    pub fn get(&self, word: &str) -> Option<&Word> {
        self.by_word.get(word).map(|&i| &self.words[i])
    }

    /// The word exists and the current engine reads it.
    pub fn knows(&self, word: &str) -> bool {
        self.get(word).is_some_and(Word::is_known)
    }

    /// The words the current engine reads (for did-you-mean).
    pub fn known(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.words.iter().filter(|w| w.is_known()).map(|w| w.word)
    }
}

macro_rules! vocabulary {
    ($(#[$meta:meta])* $fn:ident, $static:ident, $file:literal) => {
        static $static: LazyLock<Vocab> =
            LazyLock::new(|| Vocab::parse(include_str!(concat!("../../data/wagic/", $file))));
        $(#[$meta])*
        pub fn $fn() -> &'static Vocab {
            &$static
        }
    };
}

vocabulary!(
    /// Keys of `[card]` blocks (`card=yes`) and of `[meta]` blocks (`meta=yes`).
    keys,
    KEYS,
    "keys.tsv"
);
vocabulary!(
    /// Basic abilities (`abilities=`, gain/lose effects, `[...]` attributes); `index` is the
    /// position in the engine's table. `opponentshroud` is listed as removed.
    basic_abilities,
    BASIC_ABILITIES,
    "basic-abilities.tsv"
);
vocabulary!(
    /// Trigger words: `kind` is event, phase, combat-mode, modifier, whose or removed.
    triggers,
    TRIGGERS,
    "triggers.tsv"
);
vocabulary!(
    /// Words of ability code: `kind` is effect, structure, sub, modifier, rule, cost-condition or
    /// removed; `match` is the literal the engine searches (`\s` a trailing space).
    effects,
    EFFECTS,
    "effects.tsv"
);
vocabulary!(
    /// Zone names (plain, prefixed and compound).
    zones,
    ZONES,
    "zones.tsv"
);
vocabulary!(
    /// Prefixes of zone names (`my`, `opponent`...).
    zone_prefixes,
    ZONE_PREFIXES,
    "zone-prefixes.tsv"
);
vocabulary!(
    /// Phase code names, with their table `index` (substring search order).
    phases,
    PHASES,
    "phases.tsv"
);
vocabulary!(
    /// Restriction and duration words (`context` cast, activation, duration, if).
    restrictions,
    RESTRICTIONS,
    "restrictions.tsv"
);
vocabulary!(
    /// Attributes of target types (`creature[tapped]`).
    target_restrictions,
    TARGET_RESTRICTIONS,
    "target-restrictions.tsv"
);
vocabulary!(
    /// Cost symbols (`{t}`, `{s(<target>)}`...).
    cost_symbols,
    COST_SYMBOLS,
    "cost-symbols.tsv"
);
vocabulary!(
    /// Named numbers (`x`, `lifetotal`, `type:`...): `kind` exact, prefix or modifier.
    variables,
    VARIABLES,
    "variables.tsv"
);
vocabulary!(
    /// Grades, from Supported (level 0) to Dangerous (level 5), with their third letter.
    grades,
    GRADES,
    "grades.tsv"
);
vocabulary!(
    /// Rarity letters.
    rarities,
    RARITIES,
    "rarities.tsv"
);
vocabulary!(
    /// Colour names of `color=`.
    colors,
    COLORS,
    "colors.tsv"
);

/// The grade level the engine reads from a `grade=` value (third character, any case);
/// `None` when that character names no grade (the engine then reads Supported).
pub fn grade_level(value: &str) -> Option<u8> {
    let third = value.as_bytes().get(2)?.to_ascii_lowercase();
    grades().words().iter().find_map(|w| {
        let letter = w.attr("letter3")?.as_bytes().first().copied()?;
        (letter == third).then(|| w.attr("level").and_then(|l| l.parse().ok()))?
    })
}

/// The name of a grade level.
pub fn grade_name(level: u8) -> &'static str {
    grades()
        .words()
        .iter()
        .find(|w| w.attr("level") == Some(&level.to_string()))
        .map_or("Supported", |w| w.word)
}

/// The highest grade the engine loads by default (Borderline).
pub const DEFAULT_MAX_GRADE: u8 = 1;

/// The basic ability a misspelt word most likely means: `<x>walk` for `<x>landwalk`, or the
/// unique near miss. `None` when the intent is not certain.
pub fn basic_ability_fix(word: &str) -> Option<&'static str> {
    if let Some(stem) = word.strip_suffix("walk")
        && !stem.ends_with("land")
        && let Some(w) = basic_abilities().get(&format!("{stem}landwalk"))
        && w.is_known()
    {
        return Some(w.word);
    }
    crate::suggest::unique_near_miss(word, basic_abilities().known())
}

/// Basic abilities by table index, highest first: the order in which the engine searches a
/// piece of `abilities=` (substring), first hit wins.
pub fn basic_abilities_by_index() -> &'static [&'static str] {
    static ORDER: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
        let mut words: Vec<(u32, &'static str)> = basic_abilities()
            .words()
            .iter()
            .filter(|w| w.is_known())
            .filter_map(|w| Some((w.attr("index")?.parse().ok()?, w.word)))
            .collect();
        words.sort_by_key(|w| std::cmp::Reverse(w.0));
        words.into_iter().map(|(_, w)| w).collect()
    });
    &ORDER
}

/// The basic ability the engine reads in an `abilities=` piece (lowercased, substring search
/// from the highest index down).
pub fn basic_ability_in(piece: &str) -> Option<&'static str> {
    basic_abilities_by_index()
        .iter()
        .copied()
        .find(|w| piece.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_load_with_docs() {
        for vocab in [
            keys(),
            basic_abilities(),
            triggers(),
            effects(),
            zones(),
            zone_prefixes(),
            phases(),
            restrictions(),
            target_restrictions(),
            cost_symbols(),
            variables(),
            grades(),
            rarities(),
            colors(),
        ] {
            assert!(!vocab.words().is_empty());
            for w in vocab.words() {
                assert!(!w.doc.is_empty(), "{} has no doc", w.word);
            }
        }
        assert!(basic_abilities().knows("flying"));
        assert!(
            basic_abilities()
                .get("opponentshroud")
                .unwrap()
                .is_removed()
        );
        assert_eq!(
            effects().get("damage").unwrap().attr("match"),
            Some("damage:")
        );
        assert!(zones().knows("mybattlefield"));
    }

    #[test]
    fn grades_read_the_third_letter() {
        assert_eq!(grade_level("Supported"), Some(0));
        assert_eq!(grade_level("borderline"), Some(1));
        assert_eq!(grade_level("UNSUPPORTED"), Some(4));
        assert_eq!(grade_level("crappy"), Some(3));
        assert_eq!(grade_level("good"), Some(2));
        assert_eq!(grade_level("ok"), None);
        assert_eq!(grade_level("fixme"), None);
        assert_eq!(grade_name(4), "Unsupported");
    }

    #[test]
    fn abilities_by_substring() {
        assert_eq!(basic_ability_in("opponentshroud"), Some("shroud"));
        assert_eq!(basic_ability_in(" flying"), Some("flying"));
        assert_eq!(basic_ability_in("doublestrike"), None);
        assert_eq!(basic_ability_in("desertwalk"), None);
    }
}
