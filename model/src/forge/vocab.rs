//! The vocabulary of one Forge version: every name its engine reads, with which shipped versions
//! read it, where the engine reads it, and a one-line documentation string.
//!
//! A `Vocabulary` is built from the version's facts (`facts.rs`: what `cardlint vocab forge`
//! extracts from the engine's source) and the project's annotations (`model/data/forge/*.tsv`:
//! documentation, keyword shapes, cost fields, what a `Defined$` word resolves to). Which
//! vocabulary a card is checked against is chosen in `engine.rs` (config, or the Forge checkout
//! the card sits in). Rules, the simulation, completion and hover all read it.

use super::facts::{FactKind, Facts};
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::LazyLock;

/// A fast, non-cryptographic hasher for the short strings of vocabularies and SVar tables
/// (the Fx hash of rustc): lookups happen for every word of every file.
#[derive(Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let v = u64::from_le_bytes(c.try_into().expect("8 bytes"));
            self.hash = (self.hash.rotate_left(5) ^ v).wrapping_mul(K);
        }
        for &b in chunks.remainder() {
            self.hash = (self.hash.rotate_left(5) ^ u64::from(b)).wrapping_mul(K);
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.write(&[i]);
    }

    fn write_usize(&mut self, i: usize) {
        self.write(&i.to_le_bytes());
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}

pub type FxBuild = BuildHasherDefault<FxHasher>;
/// A `HashMap` with the Fx hasher.
pub type Map<K, V> = HashMap<K, V, FxBuild>;
/// A `HashSet` with the Fx hasher.
pub type Set<K> = HashSet<K, FxBuild>;

/// A Forge version whose vocabulary ships with cardlint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Version {
    /// The 2020 fork of the Forge card corpus (`lzybluee/Reeforge`, 2020-11-08).
    V2020,
    /// Upstream Forge of May 2022.
    V2022,
    /// Today's upstream Forge.
    Latest,
}

impl Version {
    pub const ALL: [Version; 3] = [Version::V2020, Version::V2022, Version::Latest];

    /// The name `cardlint.toml` uses (`[forge] engine = "2020"`).
    pub fn name(self) -> &'static str {
        match self {
            Version::V2020 => "2020",
            Version::V2022 => "2022",
            Version::Latest => "latest",
        }
    }

    pub fn from_name(name: &str) -> Option<Version> {
        Version::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(name))
    }

    /// How messages name it ("Forge 2020", "today's Forge").
    pub fn label(self) -> &'static str {
        match self {
            Version::V2020 => "Forge 2020",
            Version::V2022 => "Forge 2022",
            Version::Latest => "today's Forge",
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// The shipped versions that read a word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Versions(u8);

impl Versions {
    pub const NONE: Versions = Versions(0);
    pub const ALL: Versions = Versions(0b111);

    pub fn with(self, v: Version) -> Versions {
        Versions(self.0 | v.bit())
    }

    /// The versions of either.
    pub fn union(self, other: Versions) -> Versions {
        Versions(self.0 | other.0)
    }

    pub fn has(self, v: Version) -> bool {
        self.0 & v.bit() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Version> {
        Version::ALL.into_iter().filter(move |v| self.has(*v))
    }

    /// "Forge 2020 and 2022", "today's Forge", "every Forge version".
    pub fn describe(self) -> String {
        if self == Versions::ALL {
            return "every Forge version".to_string();
        }
        let years: Vec<&str> = self
            .iter()
            .filter(|v| *v != Version::Latest)
            .map(|v| v.name())
            .collect();
        match (years.as_slice(), self.has(Version::Latest)) {
            ([], true) => "today's Forge".to_string(),
            ([], false) => "no shipped Forge version".to_string(),
            (ys, latest) => {
                let mut s = format!("Forge {}", ys.join(" and "));
                if latest {
                    s.push_str(" and today's Forge");
                }
                s
            }
        }
    }
}

/// Which Forge versions know a name, as rules and hover describe it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The 2020 fork and today's upstream.
    Both,
    /// Upstream only (added after 2020).
    New,
    /// The 2020 fork, not today's upstream.
    Removed,
    /// Only a 2022-2024 upstream revision.
    Interim,
    /// Engine-internal (hidden keywords matched by their literal text).
    Internal,
}

impl Status {
    fn parse(s: &str) -> Status {
        match s {
            "new" => Status::New,
            "removed" => Status::Removed,
            "interim" => Status::Interim,
            "internal" | "internal-always" => Status::Internal,
            _ => Status::Both,
        }
    }

    /// The status of a word read by these shipped versions.
    pub fn of(versions: Versions) -> Status {
        match (
            versions.has(Version::V2020),
            versions.has(Version::Latest),
            versions.has(Version::V2022),
        ) {
            (true, true, _) | (false, false, false) => Status::Both,
            (false, true, _) => Status::New,
            (true, false, _) => Status::Removed,
            (false, false, true) => Status::Interim,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Both => "both",
            Status::New => "new",
            Status::Removed => "removed",
            Status::Interim => "interim",
            Status::Internal => "internal",
        }
    }

    /// Whether only some Forge versions know the name.
    pub fn is_version_specific(self) -> bool {
        matches!(self, Status::New | Status::Removed | Status::Interim)
    }

    /// How a diagnostic describes the versions that know a name.
    pub fn known_by(self) -> &'static str {
        match self {
            Status::Both | Status::Internal => "every Forge version",
            Status::New => "only upstream Forge (after 2020)",
            Status::Removed => "only the 2020 Forge; upstream Forge no longer reads it",
            Status::Interim => {
                "only a 2022-2024 upstream Forge; neither the 2020 nor the current engine reads it"
            }
        }
    }
}

/// One vocabulary word.
#[derive(Clone, Debug)]
pub struct Word {
    pub name: &'static str,
    pub status: Status,
    pub doc: &'static str,
    /// For words renamed upstream: the upstream name.
    pub renamed: Option<&'static str>,
    /// The shipped versions that read it.
    pub versions: Versions,
    /// Where this vocabulary's engine reads it (`path:line` in its source), when known.
    pub location: &'static str,
}

impl Word {
    fn annotated(name: &'static str, status: &str, doc: &'static str) -> Word {
        Word {
            name,
            status: Status::parse(status),
            doc,
            renamed: None,
            versions: Versions::NONE,
            location: "",
        }
    }
}

/// A list of words with exact and case-insensitive lookups.
pub struct Vocab {
    words: Vec<Word>,
    exact: Map<&'static str, usize>,
    folded: Map<String, usize>,
}

impl Vocab {
    fn new(words: Vec<Word>) -> Vocab {
        let mut exact = Map::with_capacity_and_hasher(words.len(), FxBuild::default());
        let mut folded = Map::with_capacity_and_hasher(words.len(), FxBuild::default());
        for (i, w) in words.iter().enumerate() {
            exact.entry(w.name).or_insert(i);
            folded.entry(w.name.to_ascii_lowercase()).or_insert(i);
        }
        Vocab {
            words,
            exact,
            folded,
        }
    }

    pub fn words(&self) -> &[Word] {
        &self.words
    }

    pub fn get(&self, name: &str) -> Option<&Word> {
        self.exact.get(name).map(|&i| &self.words[i])
    }

    pub fn get_ignore_case(&self, name: &str) -> Option<&Word> {
        self.get(name).or_else(|| {
            self.folded
                .get(&name.to_ascii_lowercase())
                .map(|&i| &self.words[i])
        })
    }

    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.words.iter().map(|w| w.name)
    }
}

use crate::vocab::{col, rows};

/// A line key (`Name`, `A`, `SVar`...).
#[derive(Clone, Debug)]
pub struct LineKey {
    pub word: Word,
    /// `repeatable`, `once-per-face` or `once-per-card`.
    pub cardinality: &'static str,
    /// Whether the key belongs to a face (`face`) or to the whole card (`card`).
    pub per_face: bool,
}

pub struct LineKeys {
    pub keys: Vec<LineKey>,
    pub vocab: Vocab,
}

impl LineKeys {
    pub fn get(&self, key: &str) -> Option<&LineKey> {
        self.vocab.exact.get(key).map(|&i| &self.keys[i])
    }
}

/// A phase: its script name and enum name (both accepted, ignoring case).
#[derive(Clone, Debug)]
pub struct Phase {
    pub word: Word,
    pub enum_name: &'static str,
}

/// A counter type (`P1P1`, `LOYALTY`) or a special `CounterType$` value (`Any`, `All`).
#[derive(Clone, Debug)]
pub struct CounterType {
    pub word: Word,
    /// `All`, `Any`, `ExistingCounter`, `ReplacedCounterType`: values of some effects, not kinds.
    pub special: bool,
}

/// How Forge normalises a counter name before the enum lookup: `/` dropped, `+` → `P`,
/// `-` → `M`, upper case.
pub fn normalize_counter(name: &str) -> String {
    name.chars()
        .filter(|c| *c != '/')
        .map(|c| match c {
            '+' => 'P',
            '-' => 'M',
            c => c.to_ascii_uppercase(),
        })
        .collect()
}

/// How many `:`-separated parameters a keyword takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// `min..=max`; `max` is `None` for open-ended keywords (`1+`).
    Range { min: u8, max: Option<u8> },
    /// Not determinable (`?`).
    Unknown,
}

impl Arity {
    fn parse(s: &str) -> Arity {
        let num = |t: &str| t.parse::<u8>().ok();
        if let Some(min) = s.strip_suffix('+').and_then(num) {
            return Arity::Range { min, max: None };
        }
        if let Some((a, b)) = s.split_once('-')
            && let (Some(min), Some(max)) = (num(a), num(b))
        {
            return Arity::Range {
                min,
                max: Some(max),
            };
        }
        match num(s) {
            Some(n) => Arity::Range {
                min: n,
                max: Some(n),
            },
            None => Arity::Unknown,
        }
    }

    pub fn accepts(self, n: usize) -> bool {
        match self {
            Arity::Range { min, max } => n >= min as usize && max.is_none_or(|m| n <= m as usize),
            Arity::Unknown => true,
        }
    }

    pub fn describe(self) -> String {
        match self {
            Arity::Range {
                min,
                max: Some(max),
            } if min == max => match min {
                0 => "no parameter".to_string(),
                1 => "one parameter".to_string(),
                n => format!("{n} parameters"),
            },
            Arity::Range {
                min,
                max: Some(max),
            } => format!("{min} to {max} parameters"),
            Arity::Range { min, max: None } => format!("at least {min} parameters"),
            Arity::Unknown => "any number of parameters".to_string(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Keyword {
    pub word: Word,
    pub arity: Arity,
    pub shape: &'static str,
}

impl Keyword {
    pub fn status(&self) -> Status {
        self.word.status
    }
}

pub struct Keywords {
    pub list: Vec<Keyword>,
    /// Indices of the enum keywords by the upper-cased first byte of their name.
    by_first: Map<u8, Vec<usize>>,
    /// Literal internal keywords (sentences) and their arguments-taking prefixes (`CantBlock `).
    literal: Map<&'static str, usize>,
    /// Texts the engine tests keywords against that no annotation documents: matched whole,
    /// after every other form (`Swampwalk` stays `Landwalk`).
    tested: Map<&'static str, usize>,
    pub vocab: Vocab,
}

/// How a `K:` line's first piece matched a keyword.
#[derive(Clone, Copy, Debug)]
pub struct KeywordMatch<'v> {
    pub keyword: &'v Keyword,
    /// Bytes of the piece the keyword name covers; the rest is a space-form argument.
    pub name_len: usize,
}

impl Keywords {
    /// `list[first_tested..]` are the texts only the facts know (see `tested`).
    fn new(list: Vec<Keyword>, first_tested: usize) -> Keywords {
        let mut by_first: Map<u8, Vec<usize>> = Map::default();
        for (i, k) in list.iter().enumerate() {
            if k.word.status != Status::Internal
                && let Some(&b) = k.word.name.as_bytes().first()
            {
                by_first.entry(b.to_ascii_uppercase()).or_default().push(i);
            }
        }
        let mut literal = Map::default();
        let mut tested = Map::default();
        for (i, k) in list.iter().enumerate() {
            if i >= first_tested {
                tested.entry(k.word.name).or_insert(i);
            } else if k.word.status == Status::Internal {
                // The first spelling wins (the annotated `CantBlock <arg>` over a bare fact).
                literal
                    .entry(k.word.name.trim_end_matches(" <arg>"))
                    .or_insert(i);
            }
        }
        let vocab = Vocab::new(
            list.iter()
                .filter(|k| k.word.status != Status::Internal)
                .map(|k| k.word.clone())
                .collect(),
        );
        Keywords {
            list,
            by_first,
            literal,
            tested,
            vocab,
        }
    }

    /// The first keyword of `list` (not an internal one) whose name opens `text` as a whole
    /// word, ignoring case (`Crew` for `Crew 3`, `Flying` for `flying`).
    pub fn named(&self, text: &str) -> Option<&Keyword> {
        let first = text.as_bytes().first()?.to_ascii_uppercase();
        self.by_first
            .get(&first)?
            .iter()
            .map(|&i| &self.list[i])
            .find(|k| {
                let name = k.word.name;
                text.get(..name.len())
                    .is_some_and(|h| h.eq_ignore_ascii_case(name))
                    && matches!(text.as_bytes().get(name.len()), None | Some(b' '))
            })
    }

    /// The keyword the first `:`-piece of a `K:` line names, matched as Forge does: an enum
    /// keyword by its name ignoring case (followed by the end, a space form argument, or for
    /// `Landwalk`/`Offering` the `<Type>walk` and `<Type> offering` forms), or an internal
    /// keyword by its literal text.
    pub fn find(&self, piece: &str) -> Option<KeywordMatch<'_>> {
        if let Some(&i) = self.literal.get(piece) {
            return Some(KeywordMatch {
                keyword: &self.list[i],
                name_len: piece.len(),
            });
        }
        // Internal keywords taking an argument after a space: `CantBlock Creature.Wall`.
        if let Some((head, _)) = piece.split_once(' ')
            && let Some(&i) = self.literal.get(head)
            && self.list[i].word.name.ends_with(" <arg>")
        {
            return Some(KeywordMatch {
                keyword: &self.list[i],
                name_len: head.len(),
            });
        }
        // As the 2020 matcher: upper case, spaces as `_`, the keyword name as a prefix.
        let norm = |b: u8| {
            if b == b' ' {
                b'_'
            } else {
                b.to_ascii_uppercase()
            }
        };
        let bytes = piece.as_bytes();
        let mut best: Option<(usize, usize)> = None;
        let first = bytes.first().map(|b| b.to_ascii_uppercase()).unwrap_or(0);
        for &i in self
            .by_first
            .get(&first)
            .map(|v| v.as_slice())
            .unwrap_or(&[])
        {
            let name = self.list[i].word.name.as_bytes();
            if bytes.len() >= name.len()
                && bytes[..name.len()]
                    .iter()
                    .zip(name)
                    .all(|(a, b)| norm(*a) == norm(*b))
                && (bytes.len() == name.len() || norm(bytes[name.len()]) == b'_')
                && best.is_none_or(|(_, len)| name.len() > len)
            {
                best = Some((i, name.len()));
            }
        }
        if let Some((i, len)) = best {
            return Some(KeywordMatch {
                keyword: &self.list[i],
                name_len: len,
            });
        }
        // `Swampwalk`, `Snow forestwalk`, `Legendary landwalk`: Landwalk with a type.
        let lower = piece.to_ascii_lowercase();
        let special = if lower.ends_with("walk") && !lower.contains(':') {
            Some("Landwalk")
        } else if lower.ends_with(" offering") {
            Some("Offering")
        } else {
            None
        };
        special
            .and_then(|name| {
                self.list
                    .iter()
                    .find(|k| k.word.name == name)
                    .map(|keyword| KeywordMatch {
                        keyword,
                        name_len: piece.len(),
                    })
            })
            .or_else(|| {
                self.tested.get(piece).map(|&i| KeywordMatch {
                    keyword: &self.list[i],
                    name_len: piece.len(),
                })
            })
    }
}

/// A cost part (`Sac<1/Creature>`) or cost word (`T`, `Q`, `Mandatory`).
#[derive(Clone, Debug)]
pub struct CostPart {
    pub word: Word,
    /// The fields inside `<...>`; empty for bare words.
    pub fields: &'static str,
}

/// How a word of a Valid property, `Defined$` value or `Count$` key is matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Match {
    Exact,
    /// The word starts the text and is followed by an argument.
    Prefix,
    /// `<word><OP><rhs>` comparisons (`cmcLE3`).
    Compare,
    /// `counters_<OP><N>_<TYPE>`.
    Counters,
    /// Not a property: a whole value accepted by one reader.
    WholeValue,
    /// Found anywhere in the text (`Count$` keys).
    Contains,
    /// A player Valid expression (`Defined$ Player.Opponent`).
    Valid,
    /// The word ends the text.
    Suffix,
}

impl Match {
    fn parse(s: &str) -> Match {
        match s {
            "prefix" => Match::Prefix,
            "compare" => Match::Compare,
            "counters" => Match::Counters,
            "whole-value" => Match::WholeValue,
            "contains" => Match::Contains,
            "valid" => Match::Valid,
            "suffix" => Match::Suffix,
            _ => Match::Exact,
        }
    }
}

/// A word matched in one of the `Match` ways.
#[derive(Clone, Debug)]
pub struct MatchWord {
    pub word: Word,
    pub how: Match,
    /// For `Defined$` values: what they resolve to (`card`, `player`, `card|player`...); for
    /// player words: their role (`defined`, `valid-base`, `valid-property`).
    pub kind: &'static str,
}

/// A list of `MatchWord`s with lookups by each form.
pub struct MatchList {
    pub list: Vec<MatchWord>,
    exact: Map<&'static str, usize>,
}

impl MatchList {
    fn new(list: Vec<MatchWord>) -> MatchList {
        let mut exact = Map::default();
        for (i, w) in list.iter().enumerate() {
            exact.entry(w.word.name).or_insert(i);
        }
        MatchList { list, exact }
    }

    pub fn exact(&self, text: &str) -> Option<&MatchWord> {
        self.exact.get(text).map(|&i| &self.list[i])
    }

    /// The first word of form `how` that `text` starts with.
    pub fn prefix_of(&self, text: &str, how: Match) -> Option<&MatchWord> {
        self.list
            .iter()
            .filter(|w| w.how == how)
            .filter(|w| text.starts_with(w.word.name))
            .max_by_key(|w| w.word.name.len())
    }

    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.list.iter().map(|w| w.word.name)
    }

    /// The word that accepts `text` the way the engine compares it: equal to an exact word,
    /// starting with a prefix word (`prefix`, `compare`, `counters`), ending with a suffix word,
    /// or containing a `contains` word. The longest such word wins.
    pub fn matching(&self, text: &str) -> Option<&MatchWord> {
        if let Some(w) = self.exact(text) {
            return Some(w);
        }
        self.list
            .iter()
            .filter(|w| match w.how {
                Match::Prefix | Match::Compare | Match::Counters => text.starts_with(w.word.name),
                Match::Suffix => text.ends_with(w.word.name),
                Match::Contains => text.contains(w.word.name),
                Match::Exact | Match::WholeValue | Match::Valid => false,
            })
            .max_by_key(|w| w.word.name.len())
    }

    /// Whether a `Count$` key is one Forge reads: an exact word, a prefix word, or containing a
    /// `contains` word.
    pub fn count_key_known(&self, key: &str) -> bool {
        self.exact(key).is_some()
            || self.list.iter().any(|w| match w.how {
                Match::Prefix => key.starts_with(w.word.name),
                Match::Contains => key.contains(w.word.name),
                Match::Suffix => key.ends_with(w.word.name),
                _ => false,
            })
    }
}

/// Card types, supertypes and subtypes (the Comprehensive Rules' lists: every version).
pub struct Types {
    pub list: Vec<(Word, &'static str)>,
    set: Set<&'static str>,
}

static TYPES: LazyLock<Types> = LazyLock::new(|| {
    let list: Vec<(Word, &'static str)> = rows(include_str!("../../data/forge/types.tsv"))
        .map(|r| {
            let mut w = Word::annotated(col(&r, 0), "both", col(&r, 2));
            w.versions = Versions::ALL;
            (w, col(&r, 1))
        })
        .collect();
    let set = list.iter().map(|(w, _)| w.name).collect();
    Types { list, set }
});

/// Card types, supertypes and subtypes: the same for every Forge version.
pub fn types() -> &'static Types {
    &TYPES
}

impl Types {
    pub fn contains(&self, word: &str) -> bool {
        self.set.contains(word)
    }

    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.list.iter().map(|(w, _)| w.name)
    }
}

/// A parameter whose value Forge resolves as a Defined value (`defined-params.tsv`).
#[derive(Clone, Copy, Debug)]
pub struct DefinedParam {
    pub param: &'static str,
    /// `api:<ApiType>`, `ability` (every ability), `trigger`, `static` or `replacement`.
    pub scope: &'static str,
    /// What it resolves to: `card`, `player`, `object`, `spell` (`|`-separated).
    pub resolves: &'static str,
    /// Where an engine source reads it (`path:line`).
    pub location: &'static str,
}

static DEFINED_PARAMS: LazyLock<Vec<DefinedParam>> = LazyLock::new(|| {
    rows(include_str!("../../data/forge/defined-params.tsv"))
        .map(|r| DefinedParam {
            param: col(&r, 0),
            scope: col(&r, 1),
            resolves: col(&r, 2),
            location: col(&r, 4),
        })
        .collect()
});

/// `DEFINED_PARAMS` by param, each list in file order.
static DEFINED_BY_PARAM: LazyLock<Map<&'static str, Vec<&'static DefinedParam>>> =
    LazyLock::new(|| {
        let mut by_param: Map<&'static str, Vec<&'static DefinedParam>> = Map::default();
        for d in DEFINED_PARAMS.iter() {
            by_param.entry(d.param).or_default().push(d);
        }
        by_param
    });

/// The parameters Forge resolves as Defined values, in every version.
pub fn defined_params() -> &'static [DefinedParam] {
    &DEFINED_PARAMS
}

/// Whether `key` takes a Defined value in a record of `role` (`ability`, `trigger`, `static`,
/// `replacement`) whose ApiType is `api` (abilities).
pub fn defined_param(role: &str, api: &str, key: &str) -> Option<&'static DefinedParam> {
    DEFINED_BY_PARAM.get(key)?.iter().copied().find(|d| {
        d.param == key
            && (d.scope == role
                || role == "ability"
                    && d.scope
                        .strip_prefix("api:")
                        .is_some_and(|a| a.eq_ignore_ascii_case(api)))
    })
}

/// A parameter the rules engine reads only inside `if (hasParam(needs))` (`guarded-params.tsv`,
/// made by `bench/guarded_params.py` from the 2020 and 2022 engine sources): without `needs$`,
/// `param$` is never read.
#[derive(Clone, Copy, Debug)]
pub struct GuardedParam {
    pub param: &'static str,
    pub needs: &'static str,
    /// The engine classes that read it (comma-separated).
    pub read_in: &'static str,
}

static GUARDED_PARAMS: LazyLock<Map<&'static str, Vec<GuardedParam>>> = LazyLock::new(|| {
    let mut by_param: Map<&'static str, Vec<GuardedParam>> = Map::default();
    for r in rows(include_str!("../../data/forge/guarded-params.tsv")) {
        let g = GuardedParam {
            param: col(&r, 0),
            needs: col(&r, 1),
            read_in: col(&r, 2),
        };
        by_param.entry(g.param).or_default().push(g);
    }
    by_param
});

/// What `param` needs for Forge to read it (empty for most parameters), in file order.
pub fn guards_of(param: &str) -> &'static [GuardedParam] {
    GUARDED_PARAMS.get(param).map_or(&[], Vec::as_slice)
}

/// How many cards of the Forge corpus use each parameter per record kind
/// (`param-frequency.tsv`, counted by `bench/param_frequency.py`): completion ranks parameter
/// names by it. Kinds are the params table's scope names (`Destroy`, `trigger:Phase`...),
/// looked up ignoring case.
pub struct ParamFrequency {
    by_kind: Map<String, Map<&'static str, u32>>,
}

static PARAM_FREQUENCY: LazyLock<ParamFrequency> = LazyLock::new(|| {
    let mut by_kind: Map<String, Map<&'static str, u32>> = Map::default();
    for r in rows(include_str!("../../data/forge/param-frequency.tsv")) {
        let n = col(&r, 2).parse().unwrap_or(0);
        by_kind
            .entry(col(&r, 0).to_ascii_lowercase())
            .or_default()
            .insert(col(&r, 1), n);
    }
    ParamFrequency { by_kind }
});

/// The corpus frequency of parameters per record kind (the same for every Forge version).
pub fn param_frequency() -> &'static ParamFrequency {
    &PARAM_FREQUENCY
}

impl ParamFrequency {
    /// How many corpus cards use `param` in a record of `kind` (0 when not among its top rows).
    pub fn count(&self, kind: &str, param: &str) -> u32 {
        self.by_kind
            .get(&kind.to_ascii_lowercase())
            .and_then(|m| m.get(param))
            .copied()
            .unwrap_or(0)
    }
}

static PARAM_DOCS: LazyLock<Map<&'static str, &'static str>> = LazyLock::new(|| {
    rows(include_str!("../../data/forge/param-docs.tsv"))
        .map(|r| (col(&r, 0), col(&r, 1)))
        .collect()
});

/// What a parameter does, in a scripter's words (`param-docs.tsv`; the same for every Forge
/// version), for the most used parameters.
pub fn param_purpose(param: &str) -> Option<&'static str> {
    PARAM_DOCS.get(param).copied()
}

/// Where a word stands in a parameter's value (`value-frequency.tsv`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValuePosition {
    /// The type or base word of a Valid item (`Creature` in `Creature.YouCtrl`).
    Base,
    /// A word after `.` or `+` in a Valid item (`YouCtrl`).
    Property,
    /// The first word of a `Defined...$` value (`You`, `Targeted`).
    Defined,
}

/// How many cards of the Forge corpus use each word in a parameter's value
/// (`value-frequency.tsv`, counted by `bench/value_frequency.py`): completion ranks value words
/// by it (`Creature` first after `ValidTgts$ `).
pub struct ValueFrequency {
    by_param: Map<(&'static str, ValuePosition), Map<&'static str, u32>>,
}

static VALUE_FREQUENCY: LazyLock<ValueFrequency> = LazyLock::new(|| {
    let mut by_param: Map<(&'static str, ValuePosition), Map<&'static str, u32>> = Map::default();
    for r in rows(include_str!("../../data/forge/value-frequency.tsv")) {
        let position = match col(&r, 1) {
            "base" => ValuePosition::Base,
            "property" => ValuePosition::Property,
            "defined" => ValuePosition::Defined,
            _ => continue,
        };
        let n = col(&r, 3).parse().unwrap_or(0);
        by_param
            .entry((col(&r, 0), position))
            .or_default()
            .insert(col(&r, 2), n);
    }
    ValueFrequency { by_param }
});

/// The corpus frequency of value words per parameter (the same for every Forge version).
pub fn value_frequency() -> &'static ValueFrequency {
    &VALUE_FREQUENCY
}

impl ValueFrequency {
    /// How many corpus cards use `word` at `position` in `param`'s value. A parameter too rare
    /// to have rows of its own is ranked by every parameter's counts together (0 for a word
    /// that is not among the top rows).
    pub fn count(&self, param: &str, position: ValuePosition, word: &str) -> u32 {
        let table = self
            .by_param
            .get(&(param, position))
            .or_else(|| self.by_param.get(&("*", position)));
        table.and_then(|t| t.get(word)).copied().unwrap_or(0)
    }

    /// The words most used at `position` in `param`'s own value (not the counts of every
    /// parameter together), the most used first, at most `n`.
    pub fn top(&self, param: &str, position: ValuePosition, n: usize) -> Vec<&'static str> {
        let Some(table) = self.by_param.get(&(param, position)) else {
            return Vec::new();
        };
        let mut words: Vec<(&'static str, u32)> = table.iter().map(|(w, c)| (*w, *c)).collect();
        words.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        words.into_iter().take(n).map(|(w, _)| w).collect()
    }
}

/// What the params table says about one scope.
#[derive(Default)]
pub struct Scope {
    pub params: Map<&'static str, ParamRow>,
}

#[derive(Clone, Copy, Debug)]
pub struct ParamRow {
    pub read_by: &'static str,
    pub status: Status,
    /// The shipped versions that read the param in this scope (`VersionMasks::param`).
    pub versions: Versions,
    /// Where the engine reads it, when known.
    pub location: &'static str,
}

/// Which parameters each ApiType, trigger mode, static mode and replacement event reads, and the
/// common sets (`common:ability`, `common:trigger`, `common:trait`, ...).
pub struct Params {
    pub scopes: Map<&'static str, Scope>,
    /// `trigger:`, `static:` and `replacement:` scopes by the name after the prefix.
    by_kind: Map<(u8, &'static str), &'static str>,
    /// Param → the scopes that read it (excluding `common:global`).
    pub by_param: Map<&'static str, Vec<&'static str>>,
    /// Every key read anywhere (all scopes plus `common:global`).
    pub global: Set<&'static str>,
    /// Lower-cased key → the spellings read somewhere.
    pub folded: Map<String, Vec<&'static str>>,
}

impl Params {
    fn new(rows: impl Iterator<Item = (&'static str, &'static str, ParamRow)>) -> Params {
        let mut scopes: Map<&'static str, Scope> = Map::default();
        let mut by_param: Map<&'static str, Vec<&'static str>> = Map::default();
        let mut global = Set::default();
        for (scope, param, row) in rows {
            if scope != "common:global" {
                let v = by_param.entry(param).or_default();
                if !v.contains(&scope) {
                    v.push(scope);
                }
            }
            scopes
                .entry(scope)
                .or_default()
                .params
                .entry(param)
                .or_insert(row);
            global.insert(param);
        }
        let mut folded: Map<String, Vec<&'static str>> = Map::default();
        for &p in &global {
            folded.entry(p.to_ascii_lowercase()).or_default().push(p);
        }
        for v in folded.values_mut() {
            v.sort_unstable();
        }
        let mut by_kind = Map::default();
        for &key in scopes.keys() {
            for (tag, prefix) in [(1u8, "trigger:"), (2, "static:"), (3, "replacement:")] {
                if let Some(name) = key.strip_prefix(prefix) {
                    by_kind.insert((tag, name), key);
                }
            }
        }
        Params {
            scopes,
            by_kind,
            by_param,
            global,
            folded,
        }
    }

    pub fn scope(&self, name: &str) -> Option<&Scope> {
        self.scopes.get(name)
    }

    /// A scope with its name as the table holds it.
    pub fn named(&self, name: &str) -> Option<(&'static str, &Scope)> {
        self.scopes.get_key_value(name).map(|(k, s)| (*k, s))
    }

    /// `trigger_scope` with the scope's name.
    pub fn trigger_scope_named(&self, mode: &'static str) -> Option<(&'static str, &Scope)> {
        self.by_kind.get(&(1, mode)).and_then(|k| self.named(k))
    }

    /// `static_scope` with the scope's name.
    pub fn static_scope_named(&self, mode: &'static str) -> Option<(&'static str, &Scope)> {
        self.by_kind.get(&(2, mode)).and_then(|k| self.named(k))
    }

    /// `replacement_scope` with the scope's name.
    pub fn replacement_scope_named(&self, event: &'static str) -> Option<(&'static str, &Scope)> {
        self.by_kind.get(&(3, event)).and_then(|k| self.named(k))
    }

    /// The scope of a trigger mode (`trigger:<Mode>`), by the mode's canonical name.
    pub fn trigger_scope(&self, mode: &'static str) -> Option<&Scope> {
        self.by_kind
            .get(&(1, mode))
            .and_then(|k| self.scopes.get(k))
    }

    /// The scope of a static mode (`static:<Mode>`).
    pub fn static_scope(&self, mode: &'static str) -> Option<&Scope> {
        self.by_kind
            .get(&(2, mode))
            .and_then(|k| self.scopes.get(k))
    }

    /// The scope of a replacement event (`replacement:<Event>`).
    pub fn replacement_scope(&self, event: &'static str) -> Option<&Scope> {
        self.by_kind
            .get(&(3, event))
            .and_then(|k| self.scopes.get(k))
    }

    /// Whether `scope` lists `param` (exactly).
    pub fn reads(&self, scope: &str, param: &str) -> bool {
        self.scopes
            .get(scope)
            .is_some_and(|s| s.params.contains_key(param))
    }

    /// The row of `param` in `scope`.
    pub fn row(&self, scope: &str, param: &str) -> Option<ParamRow> {
        self.scopes
            .get(scope)
            .and_then(|s| s.params.get(param))
            .copied()
    }

    /// Whether any code reads `param`.
    pub fn read_anywhere(&self, param: &str) -> bool {
        self.global.contains(param)
    }
}

/// The project's annotations of Forge words: documentation and shapes, with the status the
/// hand-kept lists gave each word (which Forge versions read it, as curated from upstream).
pub(crate) mod annotations {
    pub const API_TYPES: &str = include_str!("../../data/forge/api-types.tsv");
    pub const TRIGGER_MODES: &str = include_str!("../../data/forge/trigger-modes.tsv");
    pub const STATIC_MODES: &str = include_str!("../../data/forge/static-modes.tsv");
    pub const REPLACEMENT_EVENTS: &str = include_str!("../../data/forge/replacement-events.tsv");
    pub const ZONES: &str = include_str!("../../data/forge/zones.tsv");
    pub const LINE_KEYS: &str = include_str!("../../data/forge/line-keys.tsv");
    pub const PHASES: &str = include_str!("../../data/forge/phases.tsv");
    pub const COUNTERS: &str = include_str!("../../data/forge/counter-types.tsv");
    pub const KEYWORDS: &str = include_str!("../../data/forge/keywords.tsv");
    pub const COST_PARTS: &str = include_str!("../../data/forge/cost-parts.tsv");
    pub const VALID_PROPERTIES: &str = include_str!("../../data/forge/valid-properties.tsv");
    pub const DEFINED: &str = include_str!("../../data/forge/defined.tsv");
    pub const PLAYER_REFS: &str = include_str!("../../data/forge/player-refs.tsv");
    pub const COUNT_KEYS: &str = include_str!("../../data/forge/count-keys.tsv");
    pub const PARAMS: &str = include_str!("../../data/forge/params.tsv");
}

/// Where a vocabulary comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Every shipped version at once: what cardlint checks against when no version is chosen.
    AnyVersion,
    /// One shipped version.
    Shipped(Version),
    /// Derived from a Forge source tree (its folder and the content digest of its Java files).
    Source {
        root: std::path::PathBuf,
        digest: u64,
    },
}

impl Origin {
    /// See `Vocabulary::identity`.
    pub fn identity(&self) -> u64 {
        match self {
            Origin::Source { digest, .. } => *digest,
            Origin::Shipped(v) => *v as u64 + 1,
            Origin::AnyVersion => 0,
        }
    }
}

/// Which versions read each word, from the facts of every shipped version.
pub struct VersionMasks {
    /// Every shipped version's facts at once, which know the versions of each word.
    union: Facts,
}

impl VersionMasks {
    /// The masks of these versions; their facts' union (`facts`) holds their rows in the order
    /// given.
    pub fn new(shipped: &[(Version, &Facts)]) -> VersionMasks {
        VersionMasks {
            union: Facts::union("any", shipped),
        }
    }

    /// The union of the versions' facts.
    pub fn facts(&self) -> &Facts {
        &self.union
    }

    /// The shipped versions that read `param` in `scope` (`*`: in any scope); the same as
    /// `of(FactKind::Param, "{scope}\t{param}")`.
    pub fn param(&self, scope: &str, param: &str) -> Versions {
        self.union.param_versions(scope, param)
    }

    /// The shipped versions that read a word of a kind (for params, `name` is `scope\tparam`,
    /// or `*\tparam` for any scope).
    pub fn of(&self, kind: FactKind, name: &str) -> Versions {
        if kind == FactKind::Param {
            return name
                .split_once('\t')
                .map_or(Versions::NONE, |(scope, param)| self.param(scope, param));
        }
        let key = match kind {
            FactKind::Param | FactKind::TriggerVar | FactKind::Value => Cow::Borrowed(name),
            _ => fold(kind, name),
        };
        let get = |kind: FactKind, key: &str| self.union.versions(kind, key);
        match kind {
            // A keyword is read either from the keyword enum or by its literal text.
            FactKind::Keyword => Versions(
                get(FactKind::Keyword, &key).0
                    | get(
                        FactKind::KeywordInternal,
                        &fold(FactKind::KeywordInternal, name),
                    )
                    .0,
            ),
            FactKind::KeywordInternal => {
                let head = name.strip_suffix(" <arg>").unwrap_or(name);
                Versions(
                    get(kind, head).0 | get(FactKind::Keyword, &fold(FactKind::Keyword, head)).0,
                )
            }
            _ => get(kind, &key),
        }
    }
}

fn fold(kind: FactKind, name: &str) -> Cow<'_, str> {
    super::facts::key_cow(kind, name, "")
}

/// The counter fact saying that the engine makes a counter kind of any other name.
pub const NEW_COUNTER_KIND: &str = "*";

/// The vocabulary of one Forge version (or of every shipped version at once).
pub struct Vocabulary {
    /// How messages name this Forge ("Forge 2020", "the Forge 2022 source", "the Forge source of
    /// this checkout").
    pub label: String,
    pub origin: Origin,
    api_types: Vocab,
    trigger_modes: Vocab,
    static_modes: Vocab,
    replacement_events: Vocab,
    zones: Vocab,
    line_keys: LineKeys,
    phases: Vec<Phase>,
    phase_vocab: Vocab,
    counters: Vec<CounterType>,
    /// The engine makes a counter kind of any other name instead of throwing (`counter *
    /// new-kind`; upstream since 2021). For every version at once: whether all of them do.
    counters_made_on_the_fly: bool,
    counter_by_norm: Map<String, usize>,
    counter_vocab: Vocab,
    keywords: Keywords,
    cost_parts: Vec<CostPart>,
    cost_vocab: Vocab,
    valid_properties: MatchList,
    spell_properties: MatchList,
    defined: MatchList,
    player_refs: MatchList,
    count_keys: MatchList,
    params: Params,
    trigger_variables: Map<String, Vec<&'static str>>,
    values: super::values::Values,
}

/// Whether a word belongs to the version being built, and where its engine reads it.
struct Member<'f> {
    facts: &'f Facts,
    masks: &'f VersionMasks,
}

impl Member<'_> {
    /// `Some(location)` when the version reads the word (the location may be empty).
    fn get(&self, kind: FactKind, name: &str) -> Option<&'static str> {
        match kind {
            // A keyword is read either from the keyword enum or by its literal text.
            FactKind::Keyword => self
                .facts
                .get(kind, name)
                .or_else(|| self.facts.get(FactKind::KeywordInternal, name))
                .map(|f| f.location),
            // `CantBlock <arg>`: the engine tests the head and reads the argument after it.
            FactKind::KeywordInternal => match name.strip_suffix(" <arg>") {
                Some(head) => self.facts.internal_keyword_head(head),
                None => self.facts.get(kind, name).map(|f| f.location),
            },
            _ => self.facts.get(kind, name).map(|f| f.location),
        }
    }

    fn versions(&self, kind: FactKind, name: &str) -> Versions {
        self.masks.of(kind, name)
    }

    /// The word as this version knows it, with its versions, location and status.
    fn word(&self, kind: FactKind, mut word: Word) -> Option<Word> {
        let location = self.get(kind, word.name)?;
        word.location = location;
        word.versions = self.versions(kind, word.name);
        if word.status != Status::Internal {
            word.status = Status::of(word.versions);
        }
        Some(word)
    }
}

/// Words of `kind` the facts have and the annotations do not, as words with a generated doc.
fn unannotated<'f>(
    facts: &'f Facts,
    kind: FactKind,
    annotated: &'f Set<String>,
) -> impl Iterator<Item = &'f super::facts::Fact> + 'f {
    facts.of_kind(kind).filter(move |f| {
        !annotated.contains(super::facts::key_cow(f.kind, f.name, f.detail).as_ref())
    })
}

/// The class a `path/Class.java:line` location names.
fn class_of(location: &'static str) -> &'static str {
    let path = location.rsplit_once(':').map_or(location, |(p, _)| p);
    let file = path.rsplit('/').next().unwrap_or(path);
    file.strip_suffix(".java").unwrap_or(file)
}

/// The words of a match list: every fact of `kinds` (with the engine's comparison and, for
/// `Defined$` words, what they resolve to), documented by the annotation rows of the same name
/// (`cols`: match, status, kind and doc columns; `usize::MAX` for none). Annotation rows marked
/// `always` are structural words the engine reads by construction (not by a literal): they are
/// in every version.
fn match_words(
    facts: &Facts,
    masks: &VersionMasks,
    kinds: &[FactKind],
    annotations: &'static str,
    cols: (usize, usize, Option<usize>, usize),
    note: &mut dyn FnMut(FactKind, &str),
) -> Vec<MatchWord> {
    let (how_col, status_col, kind_col, doc_col) = cols;
    let kind = kinds[0];
    let mut annotated: Map<&'static str, Vec<&'static str>> = Map::default();
    let mut always = Vec::new();
    for r in rows(annotations) {
        note(kind, col(&r, 0));
        let status = if status_col == usize::MAX {
            ""
        } else {
            col(&r, status_col)
        };
        if status == "always" {
            always.push(r.clone());
        }
        annotated.entry(col(&r, 0)).or_insert(r);
    }
    let mut out: Vec<MatchWord> = Vec::new();
    let mut seen: Set<(&'static str, &'static str)> = Set::default();
    for f in kinds.iter().flat_map(|k| facts.of_kind(*k)) {
        let (how_text, what) = f.detail.split_once(':').unwrap_or((f.detail, ""));
        if !seen.insert((f.name, how_text)) {
            continue;
        }
        let versions = masks.of(f.kind, f.name);
        let mut how = Match::parse(how_text);
        let mut word_kind = what;
        let mut doc = "";
        if let Some(r) = annotated.get(f.name) {
            let finer = Match::parse(col(r, how_col));
            if matches!(
                finer,
                Match::Compare | Match::Counters | Match::WholeValue | Match::Valid
            ) {
                how = finer;
            }
            if let Some(c) = kind_col {
                word_kind = col(r, c);
            }
            doc = col(r, doc_col);
        }
        if doc.is_empty() {
            doc = generated_doc(f.kind, f.detail);
        }
        out.push(MatchWord {
            word: Word {
                name: f.name,
                status: Status::of(versions),
                doc,
                renamed: None,
                versions,
                location: f.location,
            },
            how,
            kind: if word_kind.is_empty() {
                default_kind(f.kind)
            } else {
                word_kind
            },
        });
    }
    for r in always {
        if out.iter().any(|w| w.word.name == col(&r, 0)) {
            continue;
        }
        out.push(MatchWord {
            word: Word {
                versions: Versions::ALL,
                ..Word::annotated(col(&r, 0), "both", col(&r, doc_col))
            },
            how: Match::parse(col(&r, how_col)),
            kind: kind_col.map_or(default_kind(kind), |c| col(&r, c)),
        });
    }
    out
}

fn default_kind(kind: FactKind) -> &'static str {
    match kind {
        FactKind::ValidCard => "card",
        FactKind::ValidSpell => "spell",
        FactKind::ValidPlayer => "valid-property",
        FactKind::Count => "count",
        _ => "",
    }
}

fn generated_doc(kind: FactKind, detail: &str) -> &'static str {
    let text = if detail.is_empty() {
        format!("{} read by the engine", kind.noun())
    } else {
        format!("{} ({detail})", kind.noun())
    };
    Box::leak(text.into_boxed_str())
}

impl Vocabulary {
    /// Builds the vocabulary of the version whose facts are `facts`; `masks` tells which shipped
    /// versions read each word.
    pub fn build(
        label: impl Into<String>,
        origin: Origin,
        facts: &Facts,
        masks: &VersionMasks,
    ) -> Vocabulary {
        let member = Member { facts, masks };
        // Words the annotations name, per kind, so that facts without one get a generated doc.
        let mut annotated: Map<FactKind, Set<String>> = Map::default();
        let mut note = |kind: FactKind, name: &str| {
            annotated
                .entry(kind)
                .or_default()
                .insert(fold(kind, name).into_owned());
        };

        let simple = |data: &'static str,
                      kind: FactKind,
                      note: &mut dyn FnMut(FactKind, &str)|
         -> Vec<Word> {
            rows(data)
                .filter_map(|r| {
                    note(kind, col(&r, 0));
                    let mut w = Word::annotated(col(&r, 0), col(&r, 1), col(&r, 3));
                    w.renamed = Some(col(&r, 2)).filter(|s| !s.is_empty());
                    member.word(kind, w)
                })
                .collect()
        };
        let api = simple(annotations::API_TYPES, FactKind::Api, &mut note);
        let trig = simple(annotations::TRIGGER_MODES, FactKind::Trigger, &mut note);
        let stat = simple(annotations::STATIC_MODES, FactKind::Static, &mut note);
        let repl = simple(
            annotations::REPLACEMENT_EVENTS,
            FactKind::Replacement,
            &mut note,
        );
        let zones = simple(annotations::ZONES, FactKind::Zone, &mut note);

        let mut line_keys = Vec::new();
        for r in rows(annotations::LINE_KEYS) {
            note(FactKind::LineKey, col(&r, 0));
            if let Some(word) = member.word(
                FactKind::LineKey,
                Word::annotated(col(&r, 0), col(&r, 1), col(&r, 4)),
            ) {
                line_keys.push(LineKey {
                    word,
                    cardinality: col(&r, 2),
                    per_face: col(&r, 3) == "face",
                });
            }
        }

        let mut phases = Vec::new();
        for r in rows(annotations::PHASES) {
            note(FactKind::Phase, col(&r, 0));
            note(FactKind::Phase, col(&r, 1));
            if let Some(word) = member.word(
                FactKind::Phase,
                Word::annotated(col(&r, 0), col(&r, 2), col(&r, 3)),
            ) {
                phases.push(Phase {
                    word,
                    enum_name: col(&r, 1),
                });
            }
        }

        let mut counters = Vec::new();
        for r in rows(annotations::COUNTERS) {
            note(FactKind::Counter, col(&r, 0));
            let special = col(&r, 2) == "special";
            let w = Word::annotated(col(&r, 0), col(&r, 1), col(&r, 3));
            if let Some(word) = member.word(FactKind::Counter, w) {
                counters.push(CounterType { word, special });
            }
        }

        let mut keywords = Vec::new();
        for r in rows(annotations::KEYWORDS) {
            let internal = col(&r, 3).starts_with("internal");
            let kind = if internal {
                FactKind::KeywordInternal
            } else {
                FactKind::Keyword
            };
            note(kind, col(&r, 0));
            let w = Word::annotated(col(&r, 0), col(&r, 3), col(&r, 4));
            if let Some(word) = member.word(kind, w) {
                keywords.push(Keyword {
                    word,
                    arity: Arity::parse(col(&r, 1)),
                    shape: col(&r, 2),
                });
            }
        }

        let mut cost_parts = Vec::new();
        for r in rows(annotations::COST_PARTS) {
            note(FactKind::Cost, col(&r, 0));
            let w = Word::annotated(col(&r, 0), col(&r, 2), col(&r, 3));
            if let Some(word) = member.word(FactKind::Cost, w) {
                cost_parts.push(CostPart {
                    word,
                    fields: col(&r, 1),
                });
            }
        }

        // Match lists: the facts' words with the way the engine compares them, documented by
        // the annotations (whose finer forms, such as `compare`, win).
        let valid_properties = match_words(
            facts,
            masks,
            &[FactKind::ValidCard],
            annotations::VALID_PROPERTIES,
            (1, 2, None, 3),
            &mut note,
        );
        let spell_properties = match_words(
            facts,
            masks,
            &[FactKind::ValidSpell],
            "",
            (1, 2, None, 3),
            &mut note,
        );
        let defined = match_words(
            facts,
            masks,
            &[FactKind::Defined],
            annotations::DEFINED,
            (2, usize::MAX, Some(1), 3),
            &mut note,
        );
        let mut player_refs = match_words(
            facts,
            masks,
            &[FactKind::ValidPlayer],
            annotations::PLAYER_REFS,
            (2, usize::MAX, Some(1), 3),
            &mut note,
        );
        // Defined values that resolve to players are player words too.
        for w in &defined {
            if w.kind.split('|').any(|k| k == "player")
                && !player_refs.iter().any(|p| p.word.name == w.word.name)
            {
                player_refs.push(MatchWord {
                    kind: "defined",
                    ..w.clone()
                });
            }
        }
        let count_keys = match_words(
            facts,
            masks,
            &[FactKind::Count],
            annotations::COUNT_KEYS,
            (1, usize::MAX, None, 2),
            &mut note,
        );

        // Params: the facts' (scope, key) rows; what reads them from the annotations when they
        // say, else the reading class.
        let mut read_by: Map<(&'static str, &'static str), &'static str> = Map::default();
        for r in rows(annotations::PARAMS) {
            read_by.insert((col(&r, 0), col(&r, 1)), col(&r, 2));
        }
        let param_rows = facts.of_kind(FactKind::Param).map(|f| {
            let scope = f.detail.strip_prefix("api:").unwrap_or(f.detail);
            let versions = masks.param(scope, f.name);
            let reader = read_by
                .get(&(scope, f.name))
                .copied()
                .unwrap_or_else(|| class_of(f.location));
            (
                scope,
                f.name,
                ParamRow {
                    read_by: reader,
                    status: Status::of(versions),
                    versions,
                    location: f.location,
                },
            )
        });
        let params = Params::new(param_rows);

        let mut trigger_variables: Map<String, Vec<&'static str>> = Map::default();
        for f in facts.of_kind(FactKind::TriggerVar) {
            let keys = trigger_variables
                .entry(f.detail.to_ascii_lowercase())
                .or_default();
            if !keys.contains(&f.name) {
                keys.push(f.name);
            }
        }

        // Words of the facts that no annotation documents.
        let none = Set::default();
        let extra = |kind: FactKind| {
            let annotated = annotated.get(&kind).unwrap_or(&none);
            unannotated(facts, kind, annotated)
                .map(|f| {
                    let versions = masks.of(kind, f.name);
                    Word {
                        name: f.name,
                        status: Status::of(versions),
                        doc: generated_doc(kind, f.detail),
                        renamed: None,
                        versions,
                        location: f.location,
                    }
                })
                .collect::<Vec<Word>>()
        };
        let mut api = api;
        api.extend(extra(FactKind::Api));
        let mut trig = trig;
        trig.extend(extra(FactKind::Trigger));
        let mut stat = stat;
        stat.extend(extra(FactKind::Static));
        let mut repl = repl;
        repl.extend(extra(FactKind::Replacement));
        let mut zones = zones;
        zones.extend(extra(FactKind::Zone));
        for word in extra(FactKind::Counter) {
            if word.name == NEW_COUNTER_KIND {
                continue;
            }
            counters.push(CounterType {
                word,
                special: false,
            });
        }
        for word in extra(FactKind::Keyword) {
            keywords.push(Keyword {
                word,
                arity: Arity::Unknown,
                shape: "",
            });
        }
        // Texts the engine tests a keyword against (`hasKeyword("This spell can't be
        // countered.")`, `keyword.startsWith("Dungeon")`) that no annotation documents: hidden
        // keywords, matched by their literal text (the first `:` piece of a `K:` line), never as
        // a prefix of another keyword's name.
        let first_tested = keywords.len();
        let known: Set<String> = keywords
            .iter()
            .map(|k| fold(FactKind::Keyword, k.word.name.trim_end_matches(" <arg>")).into_owned())
            .collect();
        for mut word in extra(FactKind::KeywordInternal) {
            if known.contains(fold(FactKind::Keyword, word.name).as_ref()) {
                continue;
            }
            word.status = Status::Internal;
            keywords.push(Keyword {
                word,
                arity: Arity::Unknown,
                shape: "",
            });
        }
        for word in extra(FactKind::Cost) {
            cost_parts.push(CostPart { word, fields: "" });
        }

        let phase_words: Vec<Word> = phases
            .iter()
            .map(|p| p.word.clone())
            .chain(phases.iter().map(|p| Word {
                name: p.enum_name,
                ..p.word.clone()
            }))
            .collect();
        let mut counter_by_norm = Map::default();
        for (i, c) in counters.iter().enumerate() {
            counter_by_norm
                .entry(normalize_counter(c.word.name))
                .or_insert(i);
        }
        let counter_vocab = Vocab::new(counters.iter().map(|c| c.word.clone()).collect());
        let cost_vocab = Vocab::new(cost_parts.iter().map(|p| p.word.clone()).collect());
        let line_vocab = Vocab::new(line_keys.iter().map(|k| k.word.clone()).collect());
        let counters_made_on_the_fly = match origin {
            // From the masks: looking the word up in each version's facts would index them.
            Origin::AnyVersion => masks.of(FactKind::Counter, NEW_COUNTER_KIND) == Versions::ALL,
            _ => facts.get(FactKind::Counter, NEW_COUNTER_KIND).is_some(),
        };
        Vocabulary {
            label: label.into(),
            origin,
            api_types: Vocab::new(api),
            trigger_modes: Vocab::new(trig),
            static_modes: Vocab::new(stat),
            replacement_events: Vocab::new(repl),
            zones: Vocab::new(zones),
            line_keys: LineKeys {
                keys: line_keys,
                vocab: line_vocab,
            },
            phase_vocab: Vocab::new(phase_words),
            phases,
            counter_by_norm,
            counter_vocab,
            counters,
            keywords: Keywords::new(keywords, first_tested),
            counters_made_on_the_fly,
            cost_vocab,
            cost_parts,
            valid_properties: MatchList::new(valid_properties),
            spell_properties: MatchList::new(spell_properties),
            defined: MatchList::new(defined),
            player_refs: MatchList::new(player_refs),
            count_keys: MatchList::new(count_keys),
            params,
            trigger_variables,
            values: super::values::Values::build(facts),
        }
    }

    /// ApiTypes (`AB$ Destroy`); Forge matches them ignoring case.
    pub fn api_types(&self) -> &Vocab {
        &self.api_types
    }

    /// Trigger modes (`T:Mode$ ChangesZone`); matched ignoring case.
    pub fn trigger_modes(&self) -> &Vocab {
        &self.trigger_modes
    }

    /// Static modes (`S:Mode$ Continuous`); 2020 compares them exactly, upstream ignoring case.
    pub fn static_modes(&self) -> &Vocab {
        &self.static_modes
    }

    /// Replacement events (`R:Event$ Moved`); matched ignoring case.
    pub fn replacement_events(&self) -> &Vocab {
        &self.replacement_events
    }

    /// Zone names, plus the non-zones `All` and `Any`; matched ignoring case.
    pub fn zones(&self) -> &Vocab {
        &self.zones
    }

    /// Line keys; Forge dispatches on them exactly (case-sensitive).
    pub fn line_keys(&self) -> &LineKeys {
        &self.line_keys
    }

    pub fn phases(&self) -> &[Phase] {
        &self.phases
    }

    /// A phase by script or enum name, ignoring case.
    pub fn phase(&self, name: &str) -> Option<&Word> {
        self.phase_vocab.get_ignore_case(name)
    }

    /// Phase names (script and enum names) for suggestions.
    pub fn phase_vocab(&self) -> &Vocab {
        &self.phase_vocab
    }

    pub fn counter_types(&self) -> &[CounterType] {
        &self.counters
    }

    /// A counter type as Forge looks it up (`+1/+1`, `p1p1` and `P1P1` are the same).
    pub fn counter_type(&self, name: &str) -> Option<&CounterType> {
        self.counter_by_norm
            .get(&normalize_counter(name))
            .map(|&i| &self.counters[i])
    }

    /// Whether this Forge makes a new counter kind of a name it does not know (upstream since
    /// 2021) rather than throwing (the 2020 fork). For every version at once: whether all do.
    pub fn counters_made_on_the_fly(&self) -> bool {
        self.counters_made_on_the_fly
    }

    pub fn counter_vocab(&self) -> &Vocab {
        &self.counter_vocab
    }

    pub fn keywords(&self) -> &Keywords {
        &self.keywords
    }

    pub fn cost_parts(&self) -> &[CostPart] {
        &self.cost_parts
    }

    /// A cost part by its exact name (Forge matches `Name<` as a prefix, case-sensitively).
    pub fn cost_part(&self, name: &str) -> Option<&CostPart> {
        self.cost_vocab
            .exact
            .get(name)
            .map(|&i| &self.cost_parts[i])
    }

    /// Names of the cost parts written with `<...>`.
    pub fn cost_part_names_with_fields(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.cost_parts
            .iter()
            .filter(|p| !p.fields.is_empty())
            .map(|p| p.word.name)
    }

    /// Card Valid properties (`YouCtrl`, `cmcLE3`...). Case-sensitive.
    pub fn valid_properties(&self) -> &MatchList {
        &self.valid_properties
    }

    /// Spell-ability Valid properties (`Activated.Loyalty`, `Spell.Blitz`). Case-sensitive.
    pub fn spell_properties(&self) -> &MatchList {
        &self.spell_properties
    }

    /// `Defined$` values (`Self`, `Targeted`, `TriggeredCard`...). Case-sensitive.
    pub fn defined(&self) -> &MatchList {
        &self.defined
    }

    /// Player words: Defined values, player Valid bases and properties.
    pub fn player_refs(&self) -> &MatchList {
        &self.player_refs
    }

    /// Words after `Count$` (`xPaid`, `Valid`, `CardPower`...).
    pub fn count_keys(&self) -> &MatchList {
        &self.count_keys
    }

    /// Which parameters each record kind reads.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The values each scope compares a parameter with (see `values.rs`).
    pub fn values(&self) -> &super::values::Values {
        &self.values
    }

    /// The `Triggered<Key>` objects a trigger mode provides, if the mode is listed.
    pub fn trigger_variables(&self, mode: &str) -> Option<&[&'static str]> {
        self.trigger_variables
            .get(&mode.to_ascii_lowercase())
            .map(|v| v.as_slice())
    }

    /// Every `Triggered<Key>` key some trigger mode provides.
    pub fn trigger_variable_keys(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.trigger_variables.values().flatten().copied()
    }

    /// Card types (the same for every version).
    pub fn types(&self) -> &'static Types {
        types()
    }

    /// A number that changes when what the vocabulary holds may change: the content digest of a
    /// source tree (0 for the shipped vocabularies, which change only with cardlint itself).
    pub fn identity(&self) -> u64 {
        self.origin.identity()
    }

    /// Whether this vocabulary is one Forge's (a shipped version or a source tree), not every
    /// shipped version's at once: then a word other versions read is still unknown here.
    pub fn is_one_version(&self) -> bool {
        self.origin != Origin::AnyVersion
    }

    /// For a word this vocabulary does not know: which shipped versions read it, as a clause
    /// for messages ("Forge 2020 reads it"), when this vocabulary is one version's.
    pub fn read_elsewhere(&self, kind: FactKind, name: &str) -> Option<String> {
        if !self.is_one_version() {
            return None;
        }
        let versions = super::versions::masks().of(kind, name);
        (!versions.is_empty()).then(|| {
            let verb = if versions.iter().count() == 1 && versions != Versions::ALL {
                "reads"
            } else {
                "read"
            };
            format!("{} {verb} it", versions.describe())
        })
    }
}

/// The vocabulary used when no Forge version is chosen: every shipped version's words.
pub fn any_version() -> &'static Vocabulary {
    super::versions::any_version()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v() -> &'static Vocabulary {
        any_version()
    }

    #[test]
    fn lists_load() {
        let v = v();
        assert!(v.api_types().get_ignore_case("destroy").is_some());
        assert_eq!(
            v.api_types().get("FlipACoin").and_then(|w| w.renamed),
            Some("FlipCoin")
        );
        assert!(v.trigger_modes().get("ChangesZone").is_some());
        assert!(v.static_modes().get("Continuous").is_some());
        assert!(v.replacement_events().get("Moved").is_some());
        assert!(v.zones().get_ignore_case("graveyard").is_some());
        assert!(v.phase("end of turn").is_some());
        assert!(v.phase("COMBAT_END").is_some());
        assert!(v.counter_type("+1/+1").is_some());
        assert!(v.counter_type("p1p1").is_some());
        assert!(v.counter_type("Any").is_some_and(|c| c.special));
        assert!(v.cost_part("Sac").is_some());
        assert!(v.line_keys().get("SVar").is_some());
        assert!(v.line_keys().get("svar").is_none());
        assert!(types().contains("Goblin"));
        assert!(v.params().reads("Destroy", "NoRegen"));
        assert!(v.params().reads("common:ability", "SubAbility"));
        assert!(v.valid_properties().exact("YouCtrl").is_some());
        assert!(v.count_keys().count_key_known("xPaid"));
        assert!(v.trigger_variables("Attacks").is_some());
    }

    /// Every documented parameter is read by some shipped version (a doc for a word no engine
    /// reads would send scripters the wrong way), and the most used ones have a doc.
    #[test]
    fn param_docs_name_parameters_the_engine_reads() {
        for (param, doc) in PARAM_DOCS.iter() {
            assert!(v().params().read_anywhere(param), "{param}");
            assert!(doc.ends_with('.'), "{param}: {doc}");
        }
        for param in [
            "Cost",
            "ValidTgts",
            "Defined",
            "Execute",
            "SubAbility",
            "Origin",
        ] {
            assert!(param_purpose(param).is_some(), "{param}");
        }
        let top = value_frequency().top("ValidTgts", ValuePosition::Base, 3);
        assert_eq!(top.first(), Some(&"Creature"), "{top:?}");
        assert!(
            value_frequency()
                .top("NoSuchParam", ValuePosition::Base, 3)
                .is_empty()
        );
    }

    #[test]
    fn keyword_matching() {
        let k = v().keywords();
        assert_eq!(
            k.find("Flying").map(|m| m.keyword.word.name),
            Some("Flying")
        );
        assert_eq!(
            k.find("Protection from red").map(|m| m.keyword.word.name),
            Some("Protection")
        );
        assert_eq!(
            k.find("Swampwalk").map(|m| m.keyword.word.name),
            Some("Landwalk")
        );
        assert_eq!(
            k.find("Goblin offering").map(|m| m.keyword.word.name),
            Some("Offering")
        );
        assert_eq!(
            k.find("CARDNAME can't block.").map(|m| m.keyword.status()),
            Some(Status::Internal)
        );
        assert_eq!(
            k.find("CantBeBlockedBy Creature.Wall")
                .map(|m| m.keyword.status()),
            Some(Status::Internal)
        );
        assert!(k.find("Flyng").is_none());
        assert_eq!(
            k.find("First Strike").map(|m| m.keyword.word.name),
            Some("First Strike")
        );
    }

    #[test]
    fn arity() {
        assert!(Arity::parse("1-2").accepts(2));
        assert!(!Arity::parse("1-2").accepts(3));
        assert!(Arity::parse("1+").accepts(5));
        assert!(Arity::parse("?").accepts(9));
    }

    #[test]
    fn versions_describe_themselves() {
        let v = Versions::NONE.with(Version::V2020);
        assert_eq!(v.describe(), "Forge 2020");
        assert_eq!(Status::of(v), Status::Removed);
        let v = v.with(Version::V2022);
        assert_eq!(v.describe(), "Forge 2020 and 2022");
        assert_eq!(Versions::ALL.describe(), "every Forge version");
        let latest = Versions::NONE.with(Version::Latest);
        assert_eq!(latest.describe(), "today's Forge");
        assert_eq!(Status::of(latest), Status::New);
        assert_eq!(
            Status::of(Versions::NONE.with(Version::V2022)),
            Status::Interim
        );
    }
}
