//! The Forge versions cardlint ships vocabularies for, and the vocabulary used when no version
//! is chosen (every shipped version's words at once). Each vocabulary is built once, on first
//! use, and lives for the rest of the process.

use super::facts::{Fact, FactKind, Facts};
use super::vocab::{Origin, Set, Version, VersionMasks, Vocabulary, annotations};
use std::borrow::Cow;
use std::sync::LazyLock;

/// The facts `cardlint vocab forge` extracted from the engine source of each shipped version.
const FACTS_2020: &str = include_str!("../../data/forge/versions/2020.tsv");
const FACTS_2022: &str = include_str!("../../data/forge/versions/2022.tsv");
/// What today's upstream source reads beyond the 2022 extraction (`# removed: <kind> <name>`
/// lines name what it no longer reads), read from GitHub `Card-Forge/forge`.
const LATEST_ADDITIONS: &str = include_str!("../../data/forge/versions/latest-additions.tsv");

/// A digest of the shipped versions' facts, which this build's extractor wrote: it changes when
/// the extraction does, so a vocabulary cached by another build is not taken for this one's.
pub(crate) fn extractor_identity() -> u64 {
    static CELL: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *CELL.get_or_init(|| {
        [FACTS_2020, FACTS_2022]
            .iter()
            .flat_map(|t| t.bytes())
            .fold(0xcbf2_9ce4_8422_2325, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            })
    })
}

/// Today's Forge: the 2022 extraction, with what the annotations say of today's upstream
/// (their `status` column, curated from today's engine source and scripts): words marked `new`
/// or `both` are added, words marked `removed` or `interim` are taken out; parameter rows marked
/// `new` are added.
fn latest_facts(base: &Facts) -> Facts {
    let mut rows: Vec<Fact> = Vec::with_capacity(base.rows.len() + 512);
    let mut removed: Set<(FactKind, Cow<'static, str>)> = Set::default();
    let mut added: Vec<Fact> = Vec::new();
    let lines = crate::vocab::rows;
    let col = crate::vocab::col;
    let mut note = |kind: FactKind, name: &'static str, status: &str| match status {
        "removed" | "interim" => {
            removed.insert((kind, super::facts::key_cow(kind, name, "")));
        }
        "new" | "both" | "internal" | "internal-always" if !base.contains(kind, name) => added
            .push(Fact {
                kind,
                name,
                detail: "",
                location: "",
            }),
        _ => {}
    };
    for (data, kind, status_col) in [
        (annotations::API_TYPES, FactKind::Api, 1),
        (annotations::TRIGGER_MODES, FactKind::Trigger, 1),
        (annotations::STATIC_MODES, FactKind::Static, 1),
        (annotations::REPLACEMENT_EVENTS, FactKind::Replacement, 1),
        (annotations::ZONES, FactKind::Zone, 1),
        (annotations::LINE_KEYS, FactKind::LineKey, 1),
        (annotations::PHASES, FactKind::Phase, 2),
        (annotations::COUNTERS, FactKind::Counter, 1),
        (annotations::COST_PARTS, FactKind::Cost, 2),
    ] {
        for r in lines(data) {
            note(kind, col(&r, 0), col(&r, status_col));
        }
    }
    for r in lines(annotations::KEYWORDS) {
        let kind = if col(&r, 3).starts_with("internal") {
            FactKind::KeywordInternal
        } else {
            FactKind::Keyword
        };
        note(kind, col(&r, 0), col(&r, 3));
    }
    for r in lines(annotations::VALID_PROPERTIES) {
        let status = col(&r, 2);
        if matches!(status, "removed" | "interim") {
            removed.insert((FactKind::ValidCard, Cow::Borrowed(col(&r, 0))));
        } else if status == "new" && !base.contains(FactKind::ValidCard, col(&r, 0)) {
            added.push(Fact {
                kind: FactKind::ValidCard,
                name: col(&r, 0),
                detail: match col(&r, 1) {
                    "prefix" | "compare" | "counters" => "prefix",
                    _ => "exact",
                },
                location: "",
            });
        }
    }
    // Lists curated for every version (no status column): their words are today's too.
    for (data, kind, how_col) in [
        (annotations::DEFINED, FactKind::Defined, 2),
        (annotations::COUNT_KEYS, FactKind::Count, 1),
    ] {
        for r in lines(data) {
            if !base.contains(kind, col(&r, 0)) {
                added.push(Fact {
                    kind,
                    name: col(&r, 0),
                    detail: match col(&r, how_col) {
                        "prefix" => "prefix",
                        "contains" => "contains",
                        _ => "exact",
                    },
                    location: "",
                });
            }
        }
    }
    for r in lines(annotations::PARAMS) {
        if col(&r, 3) == "new" && base.param(col(&r, 0), col(&r, 1)).is_none() {
            added.push(Fact {
                kind: FactKind::Param,
                name: col(&r, 1),
                detail: col(&r, 0),
                location: "",
            });
        }
    }
    let additions = Facts::parse(LATEST_ADDITIONS);
    // `# removed: value <Key> [<scope>]`: today's Forge uses the key's value openly (in that
    // scope, else everywhere), so the 2022 domains of the key are dropped.
    let mut removed_values: Vec<(&str, Option<&str>)> = Vec::new();
    for line in crate::vocab::lines(LATEST_ADDITIONS) {
        if let Some(rest) = line.strip_prefix("# removed:")
            && let Some((kind, name)) = rest.trim().split_once(' ')
            && let Some(kind) = FactKind::parse(kind)
        {
            if kind == FactKind::Value {
                let mut words = name.split_whitespace();
                if let Some(key) = words.next() {
                    removed_values.push((key, words.next()));
                }
                continue;
            }
            removed.insert((kind, Cow::Owned(super::facts::key(kind, name.trim(), ""))));
        }
    }
    let value_removed = |f: &Fact| {
        f.kind == FactKind::Value
            && removed_values.iter().any(|(key, scope)| {
                f.name == *key && scope.is_none_or(|s| f.detail.split(' ').next() == Some(s))
            })
    };
    // Most rows are of kinds nothing is removed from: their keys are not made.
    let removed_kinds: Set<FactKind> = removed.iter().map(|(kind, _)| *kind).collect();
    rows.extend(
        base.rows
            .iter()
            .filter(|f| {
                let gone = removed_kinds.contains(&f.kind)
                    && removed.contains(&(f.kind, super::facts::key_cow(f.kind, f.name, f.detail)));
                !gone && !value_removed(f)
            })
            .copied(),
    );
    rows.extend(additions.rows.iter().copied());
    rows.extend(added);
    Facts::from_rows("latest", rows)
}

/// Words the engine reads by construction rather than by a literal its source holds (special
/// `CounterType$` values, the player Valid bases): annotation rows whose status is `always`.
/// Every version has them.
pub(crate) fn always_facts() -> &'static [Fact] {
    static ALWAYS: LazyLock<Vec<Fact>> = LazyLock::new(read_always_facts);
    &ALWAYS
}

fn read_always_facts() -> Vec<Fact> {
    let mut rows = Vec::new();
    let lines = crate::vocab::rows;
    let col = crate::vocab::col;
    for (data, kind, status_col) in [
        (annotations::COUNTERS, FactKind::Counter, 1),
        (annotations::ZONES, FactKind::Zone, 1),
        (annotations::VALID_PROPERTIES, FactKind::ValidCard, 2),
        (annotations::COST_PARTS, FactKind::Cost, 2),
    ] {
        for r in lines(data) {
            if col(&r, status_col) == "always" {
                rows.push(Fact {
                    kind,
                    name: col(&r, 0),
                    detail: "exact",
                    location: "",
                });
            }
        }
    }
    // Hidden keywords read by deck-construction and game-setup code (outside the engine trees).
    for r in lines(annotations::KEYWORDS) {
        if col(&r, 3) == "internal-always" {
            rows.push(Fact {
                kind: FactKind::KeywordInternal,
                name: col(&r, 0),
                detail: "",
                location: "",
            });
        }
    }
    for r in lines(annotations::PARAMS) {
        if col(&r, 3) == "always" {
            rows.push(Fact {
                kind: FactKind::Param,
                name: col(&r, 1),
                detail: col(&r, 0),
                location: "",
            });
        }
    }
    for r in lines(annotations::PLAYER_REFS) {
        if col(&r, 1) == "valid-base" {
            rows.push(Fact {
                kind: FactKind::ValidPlayer,
                name: col(&r, 0),
                detail: "exact",
                location: "",
            });
        }
    }
    rows
}

/// The digest of the source tree a shipped version was extracted from (`None` for today's
/// Forge, read file by file).
pub fn shipped_source_digest(version: Version) -> Option<u64> {
    static DIGESTS: LazyLock<[u64; 2]> =
        LazyLock::new(|| [FACTS_2020, FACTS_2022].map(|t| Facts::parse(t).digest));
    match version {
        Version::V2020 => Some(DIGESTS[0]),
        Version::V2022 => Some(DIGESTS[1]),
        Version::Latest => None,
    }
}

/// Facts with the `always` words added.
fn with_always(label: &'static str, mut rows: Vec<Fact>) -> Facts {
    // Only the rows that are `always` words matter: the few of them are looked up by kind
    // (an array) and name, rather than every row hashed whole into a set.
    let always = always_facts();
    let mut kinds = [false; FactKind::ALL.len()];
    for f in always {
        kinds[f.kind as usize] = true;
    }
    let names: Set<&str> = always.iter().map(|f| f.name).collect();
    let wanted: Set<(FactKind, &str, &str)> =
        always.iter().map(|f| (f.kind, f.name, f.detail)).collect();
    let mut have: Set<(FactKind, &str, &str)> = rows
        .iter()
        .filter(|r| kinds[r.kind as usize] && names.contains(r.name))
        .map(|r| (r.kind, r.name, r.detail))
        .filter(|k| wanted.contains(k))
        .collect();
    for f in always_facts() {
        if have.insert((f.kind, f.name, f.detail)) {
            rows.push(*f);
        }
    }
    Facts::from_rows(label, rows)
}

static SHIPPED_FACTS: LazyLock<[Facts; 3]> = LazyLock::new(|| {
    let v2020 = Facts::parse(FACTS_2020);
    let v2022 = Facts::parse(FACTS_2022);
    let latest = latest_facts(&v2022);
    [
        with_always("2020", v2020.rows),
        with_always("2022", v2022.rows),
        with_always("latest", latest.rows),
    ]
});

/// The facts of a shipped version.
pub fn shipped_facts(version: Version) -> &'static Facts {
    &SHIPPED_FACTS[version as usize]
}

static MASKS: LazyLock<VersionMasks> = LazyLock::new(|| {
    // The latest version first so that its locations win in the union of the facts.
    let shipped: Vec<(Version, &Facts)> = [Version::Latest, Version::V2022, Version::V2020]
        .into_iter()
        .map(|v| (v, shipped_facts(v)))
        .collect();
    VersionMasks::new(&shipped)
});

/// Which shipped versions read each word.
pub fn masks() -> &'static VersionMasks {
    &MASKS
}

static ANY: LazyLock<Vocabulary> =
    LazyLock::new(|| Vocabulary::build("Forge", Origin::AnyVersion, masks().facts(), masks()));

/// Every shipped version's words at once: what cardlint checks against when no Forge version is
/// chosen (a word any version reads is not reported as unknown).
pub fn any_version() -> &'static Vocabulary {
    &ANY
}

static SHIPPED: LazyLock<[Vocabulary; 3]> = LazyLock::new(|| {
    Version::ALL
        .map(|v| Vocabulary::build(v.label(), Origin::Shipped(v), shipped_facts(v), masks()))
});

/// The vocabulary of a shipped version.
pub fn shipped(version: Version) -> &'static Vocabulary {
    &SHIPPED[version as usize]
}

/// Which Forge a card is checked against (`[forge] engine` in `cardlint.toml`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum EngineChoice {
    /// Not chosen: the Forge checkout the card sits in when there is one (its vocabulary is read
    /// from its source), else every shipped version's words at once.
    #[default]
    Auto,
    /// A shipped version (`"2020"`, `"2022"`, `"latest"`).
    Version(Version),
    /// A Forge source tree (`"path/to/forge"`): its vocabulary is read from its source.
    Source(std::path::PathBuf),
}

impl EngineChoice {
    /// Reads the config value: a version name, else a path (relative to `base`).
    pub fn parse(value: &str, base: &std::path::Path) -> EngineChoice {
        match Version::from_name(value.trim()) {
            Some(v) => EngineChoice::Version(v),
            None => EngineChoice::Source(base.join(value.trim())),
        }
    }
}

/// `vocabulary_for(choice, path).identity()` without building a shipped vocabulary (whose
/// identity is fixed): a warm run keys its cache by it and lints nothing when nothing changed.
pub fn identity_for(choice: &EngineChoice, path: &std::path::Path) -> u64 {
    match choice {
        EngineChoice::Auto => match super::source::checkout_of(path) {
            Some(root) => super::source::vocabulary_of_source(&root, false).identity(),
            None => Origin::AnyVersion.identity(),
        },
        EngineChoice::Version(v) => Origin::Shipped(*v).identity(),
        EngineChoice::Source(root) => super::source::vocabulary_of_source(root, true).identity(),
    }
}

/// The vocabulary a card at `path` is checked against: the version chosen, else the Forge
/// checkout the card sits in (read from its source), else every shipped version's words.
pub fn vocabulary_for(choice: &EngineChoice, path: &std::path::Path) -> &'static Vocabulary {
    match choice {
        EngineChoice::Auto => match super::source::checkout_of(path) {
            Some(root) => super::source::vocabulary_of_source(&root, false),
            None => any_version(),
        },
        EngineChoice::Version(v) => shipped(*v),
        EngineChoice::Source(root) => super::source::vocabulary_of_source(root, true),
    }
}
