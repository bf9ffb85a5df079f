//! The Wagic vocabulary: keys, basic abilities, triggers, effect words, zones, phases,
//! restrictions, target attributes, cost symbols, numbers, grades, rarities and colours.
//!
//! Each list is a hand-kept data file under `model/data/wagic/`
//! (`word<TAB>status<TAB>attributes<TAB>doc`) combined, once, with what the two shipped engines
//! read (`super::versions`: the 2016 engine of the card corpus and today's). Every word carries a
//! one-line documentation string and a status, so that the language server can show it on hover
//! and offer it in completion.
//!
//! Where the extraction finds a word, the versions decide: its status (a `-` in the status column)
//! and, for the lists an extraction gives completely (basic abilities, phases, zones), which
//! words exist and the attributes it knows (`index`, `compound`, `moveto-only`, `meta`). A hand
//! status is only for a word neither extraction finds, with a `why=` attribute saying why (see
//! `model/data/wagic/README.md`).

use std::collections::HashMap;
use std::sync::LazyLock;

use super::versions::{self, Lookup, Version, WagicKind, WagicRow};

/// Which engines read a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Read by today's engine (`37115e1`, 2026) and by the 2016 engine of the card corpus
    /// (`140ee7b`).
    Current,
    /// Read by today's engine only: added after 2016-06-29.
    New,
    /// Not read by today's engine: the 2016 engine read it, or (hand rows with `why=older`) an
    /// older one did.
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

    /// The status of a word read by the 2016 engine (`in_2016`) and/or today's (`in_head`);
    /// `None` when neither reads it.
    pub fn of(in_2016: bool, in_head: bool) -> Option<Status> {
        match (in_2016, in_head) {
            (true, true) => Some(Status::Current),
            (false, true) => Some(Status::New),
            (true, false) => Some(Status::Removed),
            (false, false) => None,
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
    /// Where today's engine reads it (`path:line` in its source), else where the 2016 one did;
    /// `None` for hand rows neither extraction finds.
    pub location: Option<&'static str>,
    /// The status came from the hand list (the word is in neither extraction).
    pub hand_status: bool,
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

    /// Whether engine `v` reads the word. A word only an engine before 2016 read (`why=older`)
    /// is read by neither.
    pub fn read_by(&self, v: Version) -> bool {
        match (self.status, v) {
            (Status::Current, _) | (Status::New, Version::Head) => true,
            (Status::New, Version::V2016) | (Status::Removed, Version::Head) => false,
            (Status::Removed, Version::V2016) => self.attr("why") != Some("older"),
        }
    }

    /// The engine still reads it.
    pub fn is_known(&self) -> bool {
        self.status != Status::Removed
    }

    /// The literal the engine searches for this word: its `match` attribute (`\s` a blank), or
    /// the word.
    pub fn engine_literal(&self) -> String {
        self.attr("match")
            .map_or_else(|| self.word.to_string(), |m| m.replace("\\s", " "))
    }
}

/// A vocabulary: its words in file order (words only the extraction names at the end), and a map
/// by word.
pub struct Vocab {
    words: Vec<Word>,
    by_word: HashMap<&'static str, usize>,
}

/// How a hand list meets the extracted versions.
#[derive(Clone, Copy)]
pub struct Source {
    /// The extraction kinds that hold its words (none: the list is hand-kept only).
    pub kinds: &'static [WagicKind],
    pub lookup: Lookup,
    /// The extraction gives the list completely: every word it names is in the vocabulary
    /// (with `doc_if_missing` when the hand list has no row for it).
    pub complete: bool,
    pub doc_if_missing: &'static str,
    /// Attributes taken from the rows (`index=3`, `compound=yes`); the hand list may not repeat
    /// them.
    pub derive: Option<DeriveAttrs>,
}

/// Attributes taken from the rows that read a word: (key, value) pairs.
pub type DeriveAttrs = fn(&Rows) -> Vec<(&'static str, String)>;

const HAND_ONLY: Source = Source {
    kinds: &[],
    lookup: Lookup::Exact,
    complete: false,
    doc_if_missing: "",
    derive: None,
};

/// The rows of each version that read a word (for [`Source::derive`]).
pub struct Rows {
    pub v2016: Vec<&'static WagicRow>,
    pub head: Vec<&'static WagicRow>,
}

impl Rows {
    /// The rows reading `word` or, when its `match` attribute names another literal, that one.
    fn of(source: &Source, word: &str, key: &str) -> Rows {
        let get = |v: Version| -> Vec<&'static WagicRow> {
            if source.kinds.is_empty() {
                return Vec::new();
            }
            versions::reading(v, source.kinds, source.lookup, &[key, word])
        };
        Rows {
            v2016: get(Version::V2016),
            head: get(Version::Head),
        }
    }

    /// The rows of today's engine, or of the 2016 one when today's does not read the word.
    pub fn newest(&self) -> &[&'static WagicRow] {
        if self.head.is_empty() {
            &self.v2016
        } else {
            &self.head
        }
    }
}

/// One row of a hand list, as written.
pub struct HandRow {
    pub word: &'static str,
    /// `None` for `-` (the versions decide).
    pub status: Option<Status>,
    pub attrs: &'static str,
    pub doc: &'static str,
}

/// The rows of a hand list.
pub fn hand_rows(data: &'static str) -> Vec<HandRow> {
    let mut out = Vec::new();
    for line in crate::vocab::data_lines(data) {
        let mut fields = line.splitn(4, '\t');
        let word = fields.next().unwrap_or_default();
        let status = match fields.next().unwrap_or_default() {
            "new" => Some(Status::New),
            "removed" => Some(Status::Removed),
            "current" => Some(Status::Current),
            _ => None,
        };
        let attrs = fields.next().unwrap_or("-");
        let doc = fields.next().unwrap_or_default();
        out.push(HandRow {
            word,
            status,
            attrs,
            doc,
        });
    }
    out
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn join_attrs(hand: &'static str, derived: Vec<(&'static str, String)>) -> &'static str {
    if derived.is_empty() {
        return hand;
    }
    let mut parts: Vec<String> = Vec::new();
    if hand != "-" && !hand.is_empty() {
        parts.push(hand.to_string());
    }
    parts.extend(derived.into_iter().map(|(k, v)| format!("{k}={v}")));
    leak(parts.join(";"))
}

impl Vocab {
    fn build(data: &'static str, source: &Source) -> Vocab {
        let mut words = Vec::new();
        let mut seen: std::collections::HashSet<&'static str> = std::collections::HashSet::new();
        for row in hand_rows(data) {
            let key = match attr_of(row.attrs, "match") {
                Some(m) => m.replace("\\s", " "),
                None => row.word.to_string(),
            };
            let rows = Rows::of(source, row.word, &key);
            let derived = Status::of(!rows.v2016.is_empty(), !rows.head.is_empty());
            let (status, hand_status) = match (derived, row.status) {
                (Some(s), None) => (s, false),
                // A hand status for a word the versions read is a mistake the tests report; the
                // hand list wins so that a rule never loses a word silently.
                (_, Some(s)) => (s, true),
                (None, None) => (Status::Current, true),
            };
            let derived_attrs = source.derive.map(|f| f(&rows)).unwrap_or_default();
            seen.insert(row.word);
            words.push(Word {
                word: row.word,
                status,
                doc: row.doc,
                location: rows.newest().first().map(|r| r.location.as_str()),
                hand_status,
                attrs: join_attrs(row.attrs, derived_attrs),
            });
        }
        if source.complete {
            for v in [Version::Head, Version::V2016] {
                for r in versions::shipped(v)
                    .rows
                    .iter()
                    .filter(|r| source.kinds.contains(&r.kind))
                {
                    if !seen.insert(r.name.as_str()) {
                        continue;
                    }
                    let rows = Rows::of(source, &r.name, &r.name);
                    let status = Status::of(!rows.v2016.is_empty(), !rows.head.is_empty())
                        .unwrap_or(Status::Current);
                    let derived_attrs = source.derive.map(|f| f(&rows)).unwrap_or_default();
                    words.push(Word {
                        word: r.name.as_str(),
                        status,
                        doc: source.doc_if_missing,
                        location: Some(r.location.as_str()),
                        hand_status: false,
                        attrs: join_attrs("-", derived_attrs),
                    });
                }
            }
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

fn attr_of(attrs: &'static str, key: &str) -> Option<&'static str> {
    attrs.split(';').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (k == key).then_some(v)
    })
}

/// `index=<position in the engine's table>`, from today's engine (else the 2016 one).
fn table_index(rows: &Rows) -> Vec<(&'static str, String)> {
    rows.newest()
        .first()
        .map(|r| vec![("index", r.detail.clone())])
        .unwrap_or_default()
}

/// Zones: `compound=yes` for names only the target chooser compares (`*`, `nonbattlezone`,
/// `mycastingzone`: several zones, after `|` only), `moveto-only=yes` for names only the mover
/// compares (`previousbattlefield`), `id=<ZONE>` for the names of the zone parser's table.
fn zone_attrs(rows: &Rows) -> Vec<(&'static str, String)> {
    let rows = rows.newest();
    let id = rows.iter().find_map(|r| r.detail.strip_prefix("id:"));
    let target = rows.iter().any(|r| r.detail == "target");
    let moveto = rows.iter().any(|r| r.detail == "moveto");
    match id {
        Some(id) => vec![("id", id.to_string())],
        None if target => vec![("compound", "yes".to_string())],
        None if moveto => vec![("moveto-only", "yes".to_string())],
        None => Vec::new(),
    }
}

/// Keys: `meta=yes` for the keys the set-info reader compares.
fn key_attrs(rows: &Rows) -> Vec<(&'static str, String)> {
    if rows
        .v2016
        .iter()
        .chain(&rows.head)
        .any(|r| r.detail == "meta:exact")
    {
        vec![("meta", "yes".to_string())]
    } else {
        Vec::new()
    }
}

/// How each list meets the versions.
pub mod sources {
    use super::*;

    pub const KEYS: Source = Source {
        kinds: &[WagicKind::Key],
        lookup: Lookup::Key,
        complete: false,
        doc_if_missing: "",
        derive: Some(key_attrs),
    };
    pub const BASIC_ABILITIES: Source = Source {
        kinds: &[WagicKind::BasicAbility],
        lookup: Lookup::Exact,
        complete: true,
        doc_if_missing: "Basic ability (in the engine's table; no documentation yet).",
        derive: Some(table_index),
    };
    pub const TRIGGERS: Source = Source {
        kinds: &[WagicKind::Trigger],
        lookup: Lookup::Word,
        complete: false,
        doc_if_missing: "",
        derive: None,
    };
    pub const EFFECTS: Source = Source {
        kinds: &[WagicKind::Effect],
        lookup: Lookup::Word,
        complete: false,
        doc_if_missing: "",
        derive: None,
    };
    pub const ZONES: Source = Source {
        kinds: &[WagicKind::Zone],
        lookup: Lookup::Exact,
        complete: true,
        doc_if_missing: "Zone name (compared by the engine; no documentation yet).",
        derive: Some(zone_attrs),
    };
    pub const PHASES: Source = Source {
        kinds: &[WagicKind::Phase],
        lookup: Lookup::Exact,
        complete: true,
        doc_if_missing: "Phase code name (no documentation yet).",
        derive: Some(table_index),
    };
    /// Cast restrictions are read by the restriction parsers; durations and activation
    /// restrictions (`ueot`, `limit:`, `name(`) by the ability factory itself.
    pub const RESTRICTIONS: Source = Source {
        kinds: &[WagicKind::Restriction, WagicKind::Effect],
        lookup: Lookup::Word,
        complete: false,
        doc_if_missing: "",
        derive: None,
    };
    pub const TARGET_RESTRICTIONS: Source = Source {
        kinds: &[WagicKind::TargetRestriction],
        lookup: Lookup::Word,
        complete: false,
        doc_if_missing: "",
        derive: None,
    };
    pub const VARIABLES: Source = Source {
        kinds: &[WagicKind::Variable],
        lookup: Lookup::Word,
        complete: false,
        doc_if_missing: "",
        derive: None,
    };
    /// The colour names come from the resource `rules/modrules.xml`; the engine's source only
    /// has their ids (`MTG_COLOR_GREEN`), so the hand list says which names exist.
    pub const COLORS: Source = Source {
        kinds: &[WagicKind::Color],
        lookup: Lookup::Exact,
        complete: false,
        doc_if_missing: "",
        derive: None,
    };
    pub const HAND: Source = HAND_ONLY;
}

macro_rules! vocabulary {
    ($(#[$meta:meta])* $fn:ident, $static:ident, $file:literal, $source:expr) => {
        static $static: LazyLock<Vocab> = LazyLock::new(|| {
            Vocab::build(include_str!(concat!("../../data/wagic/", $file)), &$source)
        });
        $(#[$meta])*
        pub fn $fn() -> &'static Vocab {
            &$static
        }
    };
}

/// Every list: its name (the data file without `.tsv`), the vocabulary, its hand data and how it
/// meets the versions (for the tests and `cardlint`'s reports).
pub fn lists() -> Vec<(&'static str, &'static Vocab, &'static str, Source)> {
    vec![
        (
            "keys",
            keys(),
            include_str!("../../data/wagic/keys.tsv"),
            sources::KEYS,
        ),
        (
            "basic-abilities",
            basic_abilities(),
            include_str!("../../data/wagic/basic-abilities.tsv"),
            sources::BASIC_ABILITIES,
        ),
        (
            "triggers",
            triggers(),
            include_str!("../../data/wagic/triggers.tsv"),
            sources::TRIGGERS,
        ),
        (
            "effects",
            effects(),
            include_str!("../../data/wagic/effects.tsv"),
            sources::EFFECTS,
        ),
        (
            "zones",
            zones(),
            include_str!("../../data/wagic/zones.tsv"),
            sources::ZONES,
        ),
        (
            "zone-prefixes",
            zone_prefixes(),
            include_str!("../../data/wagic/zone-prefixes.tsv"),
            sources::HAND,
        ),
        (
            "phases",
            phases(),
            include_str!("../../data/wagic/phases.tsv"),
            sources::PHASES,
        ),
        (
            "restrictions",
            restrictions(),
            include_str!("../../data/wagic/restrictions.tsv"),
            sources::RESTRICTIONS,
        ),
        (
            "target-restrictions",
            target_restrictions(),
            include_str!("../../data/wagic/target-restrictions.tsv"),
            sources::TARGET_RESTRICTIONS,
        ),
        (
            "cost-symbols",
            cost_symbols(),
            include_str!("../../data/wagic/cost-symbols.tsv"),
            sources::HAND,
        ),
        (
            "variables",
            variables(),
            include_str!("../../data/wagic/variables.tsv"),
            sources::VARIABLES,
        ),
        (
            "grades",
            grades(),
            include_str!("../../data/wagic/grades.tsv"),
            sources::HAND,
        ),
        (
            "rarities",
            rarities(),
            include_str!("../../data/wagic/rarities.tsv"),
            sources::HAND,
        ),
        (
            "colors",
            colors(),
            include_str!("../../data/wagic/colors.tsv"),
            sources::COLORS,
        ),
    ]
}

vocabulary!(
    /// Keys of `[card]` blocks (`card=yes`) and of `[meta]` blocks (`meta=yes`).
    keys,
    KEYS,
    "keys.tsv",
    sources::KEYS
);
vocabulary!(
    /// Basic abilities (`abilities=`, gain/lose effects, `[...]` attributes); `index` is the
    /// position in the engine's table. `opponentshroud` (2016 only) is removed.
    basic_abilities,
    BASIC_ABILITIES,
    "basic-abilities.tsv",
    sources::BASIC_ABILITIES
);
vocabulary!(
    /// Trigger words: `kind` is event, phase, combat-mode, modifier, whose or removed.
    triggers,
    TRIGGERS,
    "triggers.tsv",
    sources::TRIGGERS
);
vocabulary!(
    /// Words of ability code: `kind` is effect, structure, sub, modifier, rule, cost-condition or
    /// removed; `match` is the literal the engine searches (`\s` a trailing space).
    effects,
    EFFECTS,
    "effects.tsv",
    sources::EFFECTS
);
vocabulary!(
    /// Zone names (plain, prefixed and compound).
    zones,
    ZONES,
    "zones.tsv",
    sources::ZONES
);
vocabulary!(
    /// Prefixes of zone names (`my`, `opponent`...).
    zone_prefixes,
    ZONE_PREFIXES,
    "zone-prefixes.tsv",
    sources::HAND
);
vocabulary!(
    /// Phase code names, with their table `index` (substring search order).
    phases,
    PHASES,
    "phases.tsv",
    sources::PHASES
);
vocabulary!(
    /// Restriction and duration words (`context` cast, activation, duration, if).
    restrictions,
    RESTRICTIONS,
    "restrictions.tsv",
    sources::RESTRICTIONS
);
vocabulary!(
    /// Attributes of target types (`creature[tapped]`).
    target_restrictions,
    TARGET_RESTRICTIONS,
    "target-restrictions.tsv",
    sources::TARGET_RESTRICTIONS
);
vocabulary!(
    /// Cost symbols (`{t}`, `{s(<target>)}`...).
    cost_symbols,
    COST_SYMBOLS,
    "cost-symbols.tsv",
    sources::HAND
);
vocabulary!(
    /// Named numbers (`x`, `lifetotal`, `type:`...): `kind` exact, prefix or modifier.
    variables,
    VARIABLES,
    "variables.tsv",
    sources::VARIABLES
);
vocabulary!(
    /// Grades, from Supported (level 0) to Dangerous (level 5), with their third letter.
    grades,
    GRADES,
    "grades.tsv",
    sources::HAND
);
vocabulary!(
    /// Rarity letters.
    rarities,
    RARITIES,
    "rarities.tsv",
    sources::HAND
);
vocabulary!(
    /// Colour names of `color=`.
    colors,
    COLORS,
    "colors.tsv",
    sources::COLORS
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

/// How many cards of the Wagic primitives use a word of the `auto=` vocabulary (effects, basic
/// abilities) in their `auto=` values (`auto-frequency.tsv`, counted by
/// `bench/value_frequency.py`): completion ranks ability words by it. 0 for a word used by
/// fewer than three cards.
pub fn auto_frequency(word: &str) -> u32 {
    static COUNTS: LazyLock<HashMap<&'static str, u32>> = LazyLock::new(|| {
        crate::vocab::rows(include_str!("../../data/wagic/auto-frequency.tsv"))
            .map(|r| {
                (
                    crate::vocab::col(&r, 0),
                    crate::vocab::col(&r, 1).parse().unwrap_or(0),
                )
            })
            .collect()
    });
    COUNTS.get(word).copied().unwrap_or(0)
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

    /// Why a hand row keeps a status of its own (see `model/data/wagic/README.md`).
    const REASONS: [&str; 5] = ["older", "pattern", "letter", "helper", "colour"];

    /// The attributes each list takes from the versions: the hand list may not repeat them.
    fn derived_keys(name: &str) -> &'static [&'static str] {
        match name {
            "basic-abilities" | "phases" => &["index"],
            "zones" => &["id", "compound", "moveto-only", "base"],
            "keys" => &["meta"],
            _ => &[],
        }
    }

    #[test]
    fn no_fact_is_kept_twice() {
        for (name, vocab, data, source) in lists() {
            for row in hand_rows(data) {
                let w = vocab.get(row.word).expect("every hand row is a word");
                for key in derived_keys(name) {
                    assert!(
                        attr_of(row.attrs, key).is_none(),
                        "{name}: `{}` repeats `{key}`, which the versions give",
                        row.word
                    );
                }
                let why = attr_of(row.attrs, "why");
                if source.kinds.is_empty() {
                    assert!(
                        row.status.is_some() && why.is_none(),
                        "{name}: `{}`",
                        row.word
                    );
                    continue;
                }
                match (row.status, w.location) {
                    (None, Some(_)) => assert!(why.is_none(), "{name}: `{}`", row.word),
                    (None, None) => panic!(
                        "{name}: `{}` has status `-` but neither version reads it: give it a status and a why=",
                        row.word
                    ),
                    (Some(_), Some(at)) => panic!(
                        "{name}: `{}` has a hand status but the versions read it ({at}): write `-`",
                        row.word
                    ),
                    (Some(_), None) => assert!(
                        why.is_some_and(|r| REASONS.contains(&r)),
                        "{name}: `{}` needs why=<{}>",
                        row.word,
                        REASONS.join("|")
                    ),
                }
            }
        }
    }

    #[test]
    fn versions_decide_status_and_table_attributes() {
        // 2016 only: removed; both: current; today's only: new.
        assert_eq!(
            basic_abilities().get("opponentshroud").unwrap().status,
            Status::Removed
        );
        assert_eq!(
            basic_abilities().get("flying").unwrap().status,
            Status::Current
        );
        assert_eq!(
            basic_abilities().get("hexproof").unwrap().status,
            Status::New
        );
        assert_eq!(
            basic_abilities().get("trample").unwrap().attr("index"),
            Some("0")
        );
        assert_eq!(phases().get("cleanup").unwrap().attr("index"), Some("12"));
        assert_eq!(zones().get("*").unwrap().attr("compound"), Some("yes"));
        assert_eq!(
            zones().get("mycastingzone").unwrap().attr("compound"),
            Some("yes")
        );
        assert!(
            zones()
                .get("mygraveyard")
                .unwrap()
                .attr("compound")
                .is_none()
        );
        assert_eq!(
            zones()
                .get("previousbattlefield")
                .unwrap()
                .attr("moveto-only"),
            Some("yes")
        );
        assert_eq!(keys().get("year").unwrap().attr("meta"), Some("yes"));
        assert!(keys().get("auto").unwrap().attr("meta").is_none());
        // A hand status, with its reason, for a word the card reader tells by its letters only.
        let partner = keys().get("partner").unwrap();
        assert!(partner.hand_status && partner.status == Status::New);
        assert!(effects().get("damage").unwrap().location.is_some());
    }

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
