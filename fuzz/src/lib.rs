//! Fuzz targets for every layer of cardlint, per dialect, seeded from the repository's own
//! fixtures (`lint/tests/fixtures/<dialect>/`), deterministic for a given seed.
//!
//! - `parse`: the tree's text is the input, byte for byte (the file parsers and the parsers of
//!   embedded pieces: Forge records, Wagic ability code, Python expressions, Netrunner scripts,
//!   RuleScript rules); syntax errors lie inside the text.
//! - `lint`: every rule on; no panic (no `G100`), every finding and every fix edit inside the text
//!   and on character boundaries.
//! - `fix`: the safe and unsafe fixes applied together (`lint::fix::choose_edits`), as `--fix`
//!   does: no panic, the bytes outside the edits are kept, the result parses back to itself and
//!   lints without a panic, for a few rounds.
//! - `simulate` (Forge and Wagic): the engine plays the mutated cards; no panic (no `G100`),
//!   findings inside the text; a card that takes too long is caught by the campaign's watchdog.
//! - `lsp`: byte streams built from the dialect's fixtures (frames, broken frames, garbage) into
//!   the transport's `Decoder`: no panic, bounded memory, and the valid frames that follow the
//!   garbage (after a line break) are all delivered.
//!
//! `tests/fuzz.rs` runs a short fixed budget of each target on every `cargo test` and replays
//! `fuzz/regressions/`; the `cardlint-fuzz` binary runs a campaign for a time budget
//! (`bench/fuzz_campaign.py` runs it for each dialect).

pub mod generate;
pub mod run;
pub mod targets;

use lint::Dialect;
use std::path::{Path, PathBuf};

/// One kind of file of a dialect: where it sits (which decides how it is read) and which
/// fixtures seed it.
#[derive(Debug)]
pub struct Kind {
    pub name: &'static str,
    pub dialect: Dialect,
    pub path: &'static str,
    /// The extension of the fixtures that seed it.
    pub ext: &'static str,
    /// Whether the engine plays it.
    pub simulate: bool,
}

pub const KINDS: &[Kind] = &[
    Kind {
        name: "forge",
        dialect: Dialect::FORGE,
        path: "cardsfolder/f/fuzz.txt",
        ext: "txt",
        simulate: true,
    },
    Kind {
        name: "wagic-primitives",
        dialect: Dialect::WAGIC,
        path: "sets/primitives/fuzz.txt",
        ext: "txt",
        simulate: true,
    },
    Kind {
        name: "wagic-set",
        dialect: Dialect::WAGIC,
        path: "sets/FUZ/_cards.dat",
        ext: "dat",
        simulate: true,
    },
    Kind {
        name: "pymtg",
        dialect: Dialect::PYMTG,
        path: "data/fuzz_cards.txt",
        ext: "txt",
        simulate: false,
    },
    Kind {
        name: "netrunner-scripts",
        dialect: Dialect::NETRUNNER,
        path: "o8g/Scripts/CardScripts.py",
        ext: "py",
        simulate: false,
    },
    Kind {
        name: "netrunner-set",
        dialect: Dialect::NETRUNNER,
        path: "o8g/Sets/Fuzz/set.xml",
        ext: "xml",
        simulate: false,
    },
    Kind {
        name: "rulescript",
        dialect: Dialect::RULESCRIPT,
        path: "o8g/Scripts/card_rules.py",
        ext: "py",
        simulate: false,
    },
    Kind {
        name: "rulescript-set",
        dialect: Dialect::RULESCRIPT,
        path: "o8g/Sets/Fuzz/set.xml",
        ext: "xml",
        simulate: false,
    },
];

/// The five dialects, by name.
pub const DIALECTS: &[&str] = &["forge", "wagic", "pymtg", "netrunner", "rulescript"];

pub fn kind(name: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|k| k.name == name)
}

/// The repository's root (the fixtures and the regressions live there).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap_or(Path::new("."))
        .to_path_buf()
}

/// Where failing inputs are kept: `fuzz/regressions/<dialect>/<kind>.<target>.<label>.bin`.
pub fn regressions_dir() -> PathBuf {
    repo_root().join("fuzz/regressions")
}

/// Every file under a folder, in a stable order.
pub fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// The fixtures of a dialect (snapshots and sidecars left out), in a stable order.
pub fn fixtures(dialect: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let mut paths = Vec::new();
    files_under(
        &repo_root().join("lint/tests/fixtures").join(dialect),
        &mut paths,
    );
    paths
        .into_iter()
        .filter(|p| {
            !matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("snap" | "path" | "new" | "pending-snap")
            )
        })
        .filter_map(|p| std::fs::read(&p).ok().map(|b| (p, b)))
        .collect()
}

/// The seeds of a kind: the fixtures of its dialect with its extension (all of them if none has).
pub fn seeds(kind: &Kind) -> Vec<Vec<u8>> {
    let all = fixtures(kind.dialect.name());
    let matching: Vec<Vec<u8>> = all
        .iter()
        .filter(|(p, _)| p.extension().and_then(|e| e.to_str()) == Some(kind.ext))
        .map(|(_, b)| b.clone())
        .collect();
    if matching.is_empty() {
        all.into_iter().map(|(_, b)| b).collect()
    } else {
        matching
    }
}

/// A small deterministic generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// True one time in `n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// FNV-1a: stable names and seeds from text.
pub fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}
