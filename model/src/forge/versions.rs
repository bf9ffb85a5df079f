//! The Forge versions cardlint ships vocabularies for, and the vocabulary used when no version
//! is chosen (every shipped version's words at once). Each vocabulary is built once, on first
//! use, and lives for the rest of the process.

use super::facts::{Fact, FactKind, Facts};
use super::vocab::{Origin, Version, VersionMasks, Vocabulary, annotations};
use std::sync::LazyLock;

/// The facts of a shipped version, from the hand-kept annotations' statuses (which Forge
/// versions read each word).
fn facts_from_annotations(version: Version) -> Facts {
    let wanted = |status: &str| match version {
        Version::V2020 => matches!(status, "both" | "removed" | "internal" | ""),
        Version::V2022 => matches!(status, "both" | "interim" | "new" | "internal" | ""),
        Version::Latest => matches!(status, "both" | "new" | "internal" | ""),
    };
    let mut rows = Vec::new();
    let mut push = |kind: FactKind, name: &'static str, detail: &'static str| {
        rows.push(Fact {
            kind,
            name,
            detail,
            location: "",
        })
    };
    let lines = |data: &'static str| {
        data.lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| l.split('\t').collect::<Vec<&'static str>>())
    };
    let col = |r: &[&'static str], i: usize| r.get(i).copied().unwrap_or("");
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
        (annotations::VALID_PROPERTIES, FactKind::ValidCard, 2),
    ] {
        for r in lines(data) {
            if wanted(col(&r, status_col)) {
                push(kind, col(&r, 0), "");
            }
        }
    }
    for r in lines(annotations::KEYWORDS) {
        let kind = if col(&r, 3) == "internal" {
            FactKind::KeywordInternal
        } else {
            FactKind::Keyword
        };
        if wanted(col(&r, 3)) {
            push(kind, col(&r, 0), "");
        }
    }
    for (data, kind) in [
        (annotations::DEFINED, FactKind::Defined),
        (annotations::PLAYER_REFS, FactKind::ValidPlayer),
        (annotations::COUNT_KEYS, FactKind::Count),
    ] {
        for r in lines(data) {
            push(kind, col(&r, 0), "");
        }
    }
    for r in lines(annotations::PARAMS) {
        if wanted(col(&r, 3)) {
            push(FactKind::Param, col(&r, 1), col(&r, 0));
        }
    }
    for r in lines(annotations::TRIGGER_VARIABLES) {
        push(FactKind::TriggerVar, col(&r, 1), col(&r, 0));
    }
    Facts::from_rows(version.name(), rows)
}

static SHIPPED_FACTS: LazyLock<[Facts; 3]> = LazyLock::new(|| {
    [
        facts_from_annotations(Version::V2020),
        facts_from_annotations(Version::V2022),
        facts_from_annotations(Version::Latest),
    ]
});

/// The facts of a shipped version.
pub fn shipped_facts(version: Version) -> &'static Facts {
    &SHIPPED_FACTS[version as usize]
}

static MASKS: LazyLock<VersionMasks> = LazyLock::new(|| {
    let shipped: Vec<(Version, &Facts)> = Version::ALL
        .into_iter()
        .map(|v| (v, shipped_facts(v)))
        .collect();
    VersionMasks::new(&shipped)
});

/// Which shipped versions read each word.
pub fn masks() -> &'static VersionMasks {
    &MASKS
}

static ANY_FACTS: LazyLock<Facts> = LazyLock::new(|| {
    // The union of the shipped facts; the latest version first so that its locations win.
    let mut rows = Vec::new();
    for v in [Version::Latest, Version::V2022, Version::V2020] {
        rows.extend(shipped_facts(v).rows.iter().copied());
    }
    Facts::from_rows("any", rows)
});

static ANY: LazyLock<Vocabulary> =
    LazyLock::new(|| Vocabulary::build("Forge", Origin::AnyVersion, &ANY_FACTS, masks()));

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

/// The vocabulary a card at `path` is checked against.
pub fn vocabulary_for(choice: &EngineChoice, _path: &std::path::Path) -> &'static Vocabulary {
    match choice {
        EngineChoice::Auto => any_version(),
        EngineChoice::Version(v) => shipped(*v),
        EngineChoice::Source(_) => any_version(),
    }
}
