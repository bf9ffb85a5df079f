//! The Forge vocabulary: every name the engine reads, with its status (which Forge versions know
//! it) and a one-line documentation string. The data lives in `model/data/forge/*.tsv` and is
//! parsed once, on first use. The language server reads the same lists for hover and completion.

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

/// Which Forge versions know a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The 2020 fork and upstream (2025/26).
    Both,
    /// Upstream only (added after 2020).
    New,
    /// The 2020 fork only (gone upstream).
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
            "internal" => Status::Internal,
            _ => Status::Both,
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

    /// Whether only one Forge version knows the name.
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

/// The data rows of a TSV file: comment lines (`#`) and blank lines skipped.
fn rows(data: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    data.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
}

fn col(row: &[&'static str], i: usize) -> &'static str {
    row.get(i).copied().unwrap_or("")
}

/// Files with `name status renamed doc`.
fn simple(data: &'static str) -> Vocab {
    Vocab::new(
        rows(data)
            .map(|r| Word {
                name: col(&r, 0),
                status: Status::parse(col(&r, 1)),
                renamed: Some(col(&r, 2)).filter(|s| !s.is_empty()),
                doc: col(&r, 3),
            })
            .collect(),
    )
}

static API_TYPES: LazyLock<Vocab> =
    LazyLock::new(|| simple(include_str!("../../data/forge/api-types.tsv")));
static TRIGGER_MODES: LazyLock<Vocab> =
    LazyLock::new(|| simple(include_str!("../../data/forge/trigger-modes.tsv")));
static STATIC_MODES: LazyLock<Vocab> =
    LazyLock::new(|| simple(include_str!("../../data/forge/static-modes.tsv")));
static REPLACEMENT_EVENTS: LazyLock<Vocab> =
    LazyLock::new(|| simple(include_str!("../../data/forge/replacement-events.tsv")));
static ZONES: LazyLock<Vocab> =
    LazyLock::new(|| simple(include_str!("../../data/forge/zones.tsv")));

/// ApiTypes (`AB$ Destroy`); Forge matches them ignoring case.
pub fn api_types() -> &'static Vocab {
    &API_TYPES
}

/// Trigger modes (`T:Mode$ ChangesZone`); matched ignoring case.
pub fn trigger_modes() -> &'static Vocab {
    &TRIGGER_MODES
}

/// Static modes (`S:Mode$ Continuous`); 2020 compares them exactly, upstream ignoring case.
pub fn static_modes() -> &'static Vocab {
    &STATIC_MODES
}

/// Replacement events (`R:Event$ Moved`); matched ignoring case.
pub fn replacement_events() -> &'static Vocab {
    &REPLACEMENT_EVENTS
}

/// Zone names, plus the non-zones `All` and `Any`; matched ignoring case.
pub fn zones() -> &'static Vocab {
    &ZONES
}

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

static LINE_KEYS: LazyLock<LineKeys> = LazyLock::new(|| {
    let mut keys = Vec::new();
    for r in rows(include_str!("../../data/forge/line-keys.tsv")) {
        keys.push(LineKey {
            word: Word {
                name: col(&r, 0),
                status: Status::parse(col(&r, 1)),
                renamed: None,
                doc: col(&r, 4),
            },
            cardinality: col(&r, 2),
            per_face: col(&r, 3) == "face",
        });
    }
    let vocab = Vocab::new(keys.iter().map(|k| k.word.clone()).collect());
    LineKeys { keys, vocab }
});

/// Line keys; Forge dispatches on them exactly (case-sensitive).
pub fn line_keys() -> &'static LineKeys {
    &LINE_KEYS
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

static PHASES: LazyLock<(Vec<Phase>, Vocab)> = LazyLock::new(|| {
    let phases: Vec<Phase> = rows(include_str!("../../data/forge/phases.tsv"))
        .map(|r| Phase {
            word: Word {
                name: col(&r, 0),
                status: Status::parse(col(&r, 2)),
                renamed: None,
                doc: col(&r, 3),
            },
            enum_name: col(&r, 1),
        })
        .collect();
    let mut words: Vec<Word> = phases.iter().map(|p| p.word.clone()).collect();
    for p in &phases {
        words.push(Word {
            name: p.enum_name,
            ..p.word.clone()
        });
    }
    (phases, Vocab::new(words))
});

pub fn phases() -> &'static [Phase] {
    &PHASES.0
}

/// A phase by script or enum name, ignoring case.
pub fn phase(name: &str) -> Option<&'static Word> {
    PHASES.1.get_ignore_case(name)
}

/// Phase names (script and enum names) for suggestions.
pub fn phase_vocab() -> &'static Vocab {
    &PHASES.1
}

/// A counter type (`P1P1`, `LOYALTY`) or a special `CounterType$` value (`Any`, `All`).
#[derive(Clone, Debug)]
pub struct CounterType {
    pub word: Word,
    /// `All`, `Any`, `ExistingCounter`, `ReplacedCounterType`: values of some effects, not kinds.
    pub special: bool,
}

static COUNTERS: LazyLock<(Vec<CounterType>, Map<String, usize>, Vocab)> = LazyLock::new(|| {
    let counters: Vec<CounterType> = rows(include_str!("../../data/forge/counter-types.tsv"))
        .map(|r| CounterType {
            word: Word {
                name: col(&r, 0),
                status: Status::parse(col(&r, 1)),
                renamed: None,
                doc: col(&r, 3),
            },
            special: col(&r, 2) == "special",
        })
        .collect();
    let mut normal = Map::default();
    for (i, c) in counters.iter().enumerate() {
        normal.entry(normalize_counter(c.word.name)).or_insert(i);
    }
    let vocab = Vocab::new(counters.iter().map(|c| c.word.clone()).collect());
    (counters, normal, vocab)
});

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

pub fn counter_types() -> &'static [CounterType] {
    &COUNTERS.0
}

/// A counter type as Forge looks it up (`+1/+1`, `p1p1` and `P1P1` are the same).
pub fn counter_type(name: &str) -> Option<&'static CounterType> {
    COUNTERS
        .1
        .get(&normalize_counter(name))
        .map(|&i| &COUNTERS.0[i])
}

pub fn counter_vocab() -> &'static Vocab {
    &COUNTERS.2
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

pub struct Keywords {
    pub list: Vec<Keyword>,
    /// Indices of the enum keywords by the upper-cased first byte of their name.
    by_first: Map<u8, Vec<usize>>,
    /// Literal internal keywords (sentences) and their arguments-taking prefixes (`CantBlock `).
    literal: Map<&'static str, usize>,
    pub vocab: Vocab,
}

static KEYWORDS: LazyLock<Keywords> = LazyLock::new(|| {
    let list: Vec<Keyword> = rows(include_str!("../../data/forge/keywords.tsv"))
        .map(|r| Keyword {
            word: Word {
                name: col(&r, 0),
                status: Status::parse(col(&r, 3)),
                renamed: None,
                doc: col(&r, 4),
            },
            arity: Arity::parse(col(&r, 1)),
            shape: col(&r, 2),
        })
        .collect();
    let mut by_first: Map<u8, Vec<usize>> = Map::default();
    for (i, k) in list.iter().enumerate() {
        if k.word.status != Status::Internal
            && let Some(&b) = k.word.name.as_bytes().first()
        {
            by_first.entry(b.to_ascii_uppercase()).or_default().push(i);
        }
    }
    let mut literal = Map::default();
    for (i, k) in list.iter().enumerate() {
        if k.word.status == Status::Internal {
            literal.insert(k.word.name.trim_end_matches(" <arg>"), i);
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
        vocab,
    }
});

pub fn keywords() -> &'static Keywords {
    &KEYWORDS
}

/// How a `K:` line's first piece matched a keyword.
#[derive(Clone, Copy, Debug)]
pub struct KeywordMatch {
    pub keyword: &'static Keyword,
    /// Bytes of the piece the keyword name covers; the rest is a space-form argument.
    pub name_len: usize,
}

impl Keywords {
    /// The keyword the first `:`-piece of a `K:` line names, matched as Forge does: an enum
    /// keyword by its name ignoring case (followed by the end, a space form argument, or for
    /// `Landwalk`/`Offering` the `<Type>walk` and `<Type> offering` forms), or an internal
    /// keyword by its literal text.
    pub fn find(&'static self, piece: &str) -> Option<KeywordMatch> {
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
        special.and_then(|name| {
            self.list
                .iter()
                .find(|k| k.word.name == name)
                .map(|keyword| KeywordMatch {
                    keyword,
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

static COST_PARTS: LazyLock<(Vec<CostPart>, Vocab)> = LazyLock::new(|| {
    let parts: Vec<CostPart> = rows(include_str!("../../data/forge/cost-parts.tsv"))
        .map(|r| CostPart {
            word: Word {
                name: col(&r, 0),
                status: Status::parse(col(&r, 2)),
                renamed: None,
                doc: col(&r, 3),
            },
            fields: col(&r, 1),
        })
        .collect();
    let vocab = Vocab::new(parts.iter().map(|p| p.word.clone()).collect());
    (parts, vocab)
});

pub fn cost_parts() -> &'static [CostPart] {
    &COST_PARTS.0
}

/// A cost part by its exact name (Forge matches `Name<` as a prefix, case-sensitively).
pub fn cost_part(name: &str) -> Option<&'static CostPart> {
    COST_PARTS.1.exact.get(name).map(|&i| &COST_PARTS.0[i])
}

/// Names of the cost parts written with `<...>`.
pub fn cost_part_names_with_fields() -> impl Iterator<Item = &'static str> {
    COST_PARTS
        .0
        .iter()
        .filter(|p| !p.fields.is_empty())
        .map(|p| p.word.name)
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
}

static VALID_PROPERTIES: LazyLock<MatchList> = LazyLock::new(|| {
    MatchList::new(
        rows(include_str!("../../data/forge/valid-properties.tsv"))
            .map(|r| MatchWord {
                word: Word {
                    name: col(&r, 0),
                    status: Status::parse(col(&r, 2)),
                    renamed: None,
                    doc: col(&r, 3),
                },
                how: Match::parse(col(&r, 1)),
                kind: "card",
            })
            .collect(),
    )
});

/// Card Valid properties (`YouCtrl`, `cmcLE3`...). Case-sensitive.
pub fn valid_properties() -> &'static MatchList {
    &VALID_PROPERTIES
}

static DEFINED: LazyLock<MatchList> = LazyLock::new(|| {
    MatchList::new(
        rows(include_str!("../../data/forge/defined.tsv"))
            .map(|r| MatchWord {
                word: Word {
                    name: col(&r, 0),
                    status: Status::Both,
                    renamed: None,
                    doc: col(&r, 3),
                },
                how: Match::parse(col(&r, 2)),
                kind: col(&r, 1),
            })
            .collect(),
    )
});

/// `Defined$` values (`Self`, `Targeted`, `TriggeredCard`...). Case-sensitive.
pub fn defined() -> &'static MatchList {
    &DEFINED
}

static PLAYER_REFS: LazyLock<MatchList> = LazyLock::new(|| {
    MatchList::new(
        rows(include_str!("../../data/forge/player-refs.tsv"))
            .map(|r| MatchWord {
                word: Word {
                    name: col(&r, 0),
                    status: Status::Both,
                    renamed: None,
                    doc: col(&r, 3),
                },
                how: Match::parse(col(&r, 2)),
                kind: col(&r, 1),
            })
            .collect(),
    )
});

/// Player words: Defined values, player Valid bases and properties.
pub fn player_refs() -> &'static MatchList {
    &PLAYER_REFS
}

static COUNT_KEYS: LazyLock<MatchList> = LazyLock::new(|| {
    MatchList::new(
        rows(include_str!("../../data/forge/count-keys.tsv"))
            .map(|r| MatchWord {
                word: Word {
                    name: col(&r, 0),
                    status: Status::Both,
                    renamed: None,
                    doc: col(&r, 2),
                },
                how: Match::parse(col(&r, 1)),
                kind: "count",
            })
            .collect(),
    )
});

/// Words after `Count$` (`xPaid`, `Valid`, `CardPower`...).
pub fn count_keys() -> &'static MatchList {
    &COUNT_KEYS
}

impl MatchList {
    /// Whether a `Count$` key is one Forge reads: an exact word, a prefix word, or containing a
    /// `contains` word.
    pub fn count_key_known(&self, key: &str) -> bool {
        self.exact(key).is_some()
            || self.list.iter().any(|w| match w.how {
                Match::Prefix => key.starts_with(w.word.name),
                Match::Contains => key.contains(w.word.name),
                _ => false,
            })
    }
}

/// Card types, supertypes and subtypes.
pub struct Types {
    pub list: Vec<(Word, &'static str)>,
    set: Set<&'static str>,
}

static TYPES: LazyLock<Types> = LazyLock::new(|| {
    let list: Vec<(Word, &'static str)> = rows(include_str!("../../data/forge/types.tsv"))
        .map(|r| {
            (
                Word {
                    name: col(&r, 0),
                    status: Status::Both,
                    renamed: None,
                    doc: col(&r, 2),
                },
                col(&r, 1),
            )
        })
        .collect();
    let set = list.iter().map(|(w, _)| w.name).collect();
    Types { list, set }
});

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

/// What the params table says about one scope.
#[derive(Default)]
pub struct Scope {
    pub params: Map<&'static str, ParamRow>,
}

#[derive(Clone, Copy, Debug)]
pub struct ParamRow {
    pub read_by: &'static str,
    pub status: Status,
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

static PARAMS: LazyLock<Params> = LazyLock::new(|| {
    let mut scopes: Map<&'static str, Scope> = Map::default();
    let mut by_param: Map<&'static str, Vec<&'static str>> = Map::default();
    let mut global = Set::default();
    for r in rows(include_str!("../../data/forge/params.tsv")) {
        let (scope, param) = (col(&r, 0), col(&r, 1));
        if scope != "common:global" {
            by_param.entry(param).or_default().push(scope);
        }
        scopes.entry(scope).or_default().params.insert(
            param,
            ParamRow {
                read_by: col(&r, 2),
                status: Status::parse(col(&r, 3)),
            },
        );
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
});

pub fn params() -> &'static Params {
    &PARAMS
}

impl Params {
    pub fn scope(&self, name: &str) -> Option<&Scope> {
        self.scopes.get(name)
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

static TRIGGER_VARIABLES: LazyLock<Map<String, Vec<&'static str>>> = LazyLock::new(|| {
    let mut map: Map<String, Vec<&'static str>> = Map::default();
    for r in rows(include_str!("../../data/forge/trigger-variables.tsv")) {
        map.entry(col(&r, 0).to_ascii_lowercase())
            .or_default()
            .push(col(&r, 1));
    }
    map
});

/// The `Triggered<Key>` objects a trigger mode provides (2020), if the mode is listed.
pub fn trigger_variables(mode: &str) -> Option<&'static [&'static str]> {
    TRIGGER_VARIABLES
        .get(&mode.to_ascii_lowercase())
        .map(|v| v.as_slice())
}

impl Keyword {
    pub fn status(&self) -> Status {
        self.word.status
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_load() {
        assert!(api_types().get_ignore_case("destroy").is_some());
        assert_eq!(
            api_types().get("FlipACoin").and_then(|w| w.renamed),
            Some("FlipCoin")
        );
        assert!(trigger_modes().get("ChangesZone").is_some());
        assert!(static_modes().get("Continuous").is_some());
        assert!(replacement_events().get("Moved").is_some());
        assert!(zones().get_ignore_case("graveyard").is_some());
        assert!(phase("end of turn").is_some());
        assert!(phase("COMBAT_END").is_some());
        assert!(counter_type("+1/+1").is_some());
        assert!(counter_type("p1p1").is_some());
        assert!(counter_type("Any").is_some_and(|c| c.special));
        assert!(cost_part("Sac").is_some());
        assert!(line_keys().get("SVar").is_some());
        assert!(line_keys().get("svar").is_none());
        assert!(types().contains("Goblin"));
        assert!(params().reads("Destroy", "NoRegen"));
        assert!(params().reads("common:ability", "SubAbility"));
        assert!(valid_properties().exact("YouCtrl").is_some());
        assert!(count_keys().count_key_known("xPaid"));
        assert!(trigger_variables("Attacks").is_some());
    }

    #[test]
    fn keyword_matching() {
        let k = keywords();
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
}
