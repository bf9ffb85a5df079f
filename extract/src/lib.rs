//! Reads a Forge (Java card engine) source tree with tree-sitter-java and extracts the vocabulary
//! its engine reads from card scripts: ApiTypes, trigger modes, params per scope, keywords, ...
//!
//! Classes are located by Java package and class name, never by path, so the 2020 fork's
//! flattened layout, the upstream Maven layout and partial checkouts all work. See `README.md`
//! for what each [`Kind`] means and how it is found.

mod analyze;
mod files;
mod index;
mod ir;
mod lower;
mod params;
mod recv;
mod statics;
mod taint;
mod tsv;
mod values;
pub mod wagic;

use std::fmt;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

/// What a [`Row`] names. The order of the variants is the order of the rows in an extraction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// ApiType name / effect class.
    Api,
    /// ApiType name / AI class.
    ApiAi,
    /// Trigger mode / trigger class.
    Trigger,
    /// Replacement event / replacement class.
    Replacement,
    /// Static ability mode / the class handling it (empty if unknown).
    Static,
    /// Keyword display name / keyword instance class.
    Keyword,
    /// Literal keyword text tested by the engine (`CARDNAME can't block.`) / empty.
    KeywordInternal,
    /// Counter type enum name / display string when it has one (`+1/+1`).
    Counter,
    /// Zone name / `enum` or `special`.
    Zone,
    /// Phase name / `enum` (the enum constant) or `name` (the name scripts write).
    Phase,
    /// Cost part / the `CostPart` class created, when known.
    Cost,
    /// Defined word / `<match>:<what>`.
    Defined,
    /// Word after `Count$` / match.
    Count,
    /// Card Valid property / match.
    ValidCard,
    /// Player Valid property / match.
    ValidPlayer,
    /// Spell ability Valid property / match.
    ValidSpell,
    /// Param key / scope (`api:X`, `trigger:X`, `replacement:X`, `static:X`, `common:*`).
    Param,
    /// `Triggered<Key>` key / trigger mode.
    TriggerVar,
    /// Card script line key (`Name`, `ManaCost`, ...) / empty.
    LineKey,
    /// Param key / `<scope> <how> <word>`: a value the scope compares the param with, an enum
    /// it parses the value as, and what it does with any other value (see the README).
    Value,
}

impl Kind {
    pub const ALL: [Kind; 20] = [
        Kind::Api,
        Kind::ApiAi,
        Kind::Trigger,
        Kind::Replacement,
        Kind::Static,
        Kind::Keyword,
        Kind::KeywordInternal,
        Kind::Counter,
        Kind::Zone,
        Kind::Phase,
        Kind::Cost,
        Kind::Defined,
        Kind::Count,
        Kind::ValidCard,
        Kind::ValidPlayer,
        Kind::ValidSpell,
        Kind::Param,
        Kind::TriggerVar,
        Kind::LineKey,
        Kind::Value,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Api => "api",
            Kind::ApiAi => "api-ai",
            Kind::Trigger => "trigger",
            Kind::Replacement => "replacement",
            Kind::Static => "static",
            Kind::Keyword => "keyword",
            Kind::KeywordInternal => "keyword-internal",
            Kind::Counter => "counter",
            Kind::Zone => "zone",
            Kind::Phase => "phase",
            Kind::Cost => "cost",
            Kind::Defined => "defined",
            Kind::Count => "count",
            Kind::ValidCard => "valid-card",
            Kind::ValidPlayer => "valid-player",
            Kind::ValidSpell => "valid-spell",
            Kind::Param => "param",
            Kind::TriggerVar => "trigger-var",
            Kind::LineKey => "line-key",
            Kind::Value => "value",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One extracted word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub kind: Kind,
    pub name: String,
    pub detail: String,
    /// `relative/path/File.java:line` where it was first seen.
    pub location: String,
}

/// The result of [`extract`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Extraction {
    /// Deduplicated on (kind, name, detail) and sorted.
    pub rows: Vec<Row>,
    /// `.java` files found under the root.
    pub java_files: usize,
    /// Files parsed and analysed: those in the engine's packages (`forge.game`, `forge.ai`,
    /// `forge.card`, `forge.util`), and those of the GUI/player packages that mention params.
    pub parsed_files: usize,
    /// [`source_digest`] of the root.
    pub digest: u64,
    /// What could not be read or found (missing parts of a partial checkout, skipped dynamic
    /// param keys, ...).
    pub warnings: Vec<String>,
}

impl Extraction {
    /// Rows of one kind.
    pub fn of(&self, kind: Kind) -> impl Iterator<Item = &Row> {
        self.rows.iter().filter(move |r| r.kind == kind)
    }

    /// The TSV form (see the crate's README): a header, `# warning:` lines, then one row a line.
    pub fn to_tsv(&self, label: &str) -> String {
        tsv::write(self, label)
    }

    /// Reads back what [`Extraction::to_tsv`] wrote.
    pub fn from_tsv(text: &str) -> Result<Extraction, String> {
        tsv::read(text)
    }
}

/// Why an extraction failed.
#[derive(Debug)]
pub enum ExtractError {
    /// The root does not exist.
    NotFound(PathBuf),
    /// The folder is not a Forge source tree (the reason says what is missing).
    NotForge(String),
    /// The folder is not a Wagic source tree (the reason says what is missing).
    NotWagic(String),
    /// The root folder could not be read.
    Io(PathBuf, std::io::Error),
}

impl fmt::Display for ExtractError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExtractError::NotFound(p) => write!(f, "no such folder: {}", p.display()),
            ExtractError::NotForge(why) => write!(f, "not a Forge source tree: {why}"),
            ExtractError::NotWagic(why) => write!(f, "not a Wagic source tree: {why}"),
            ExtractError::Io(p, e) => write!(f, "cannot read {}: {e}", p.display()),
        }
    }
}

impl std::error::Error for ExtractError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ExtractError::Io(_, e) => Some(e),
            _ => None,
        }
    }
}

/// A quick fingerprint of the `.java` files (paths, sizes and modification times, no contents),
/// for finding the content digest of an unchanged tree without reading it.
pub fn source_fingerprint(root: &Path) -> Result<(u64, usize), ExtractError> {
    let (list, _) = files::list_java(root)?;
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    for (abs, rel) in &list {
        h.update(rel.as_bytes());
        if let Ok(meta) = std::fs::metadata(abs) {
            h.update(&meta.len().to_le_bytes());
            let modified = meta
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            h.update(&modified.to_le_bytes());
        }
    }
    Ok((h.digest(), list.len()))
}

/// Content hash of the relevant `.java` files under `root` (xxh3 over their sorted relative
/// paths and contents) and how many there are: what the extraction depends on. Reads the files
/// but parses nothing.
pub fn source_digest(root: &Path) -> Result<(u64, usize), ExtractError> {
    let (list, _) = files::list_java(root)?;
    let (read, _) = files::read_all(&list);
    Ok(files::digest(&read))
}

/// Extracts the vocabulary of the Forge source tree at `root`.
pub fn extract(root: &Path) -> Result<Extraction, ExtractError> {
    // Lowering and analysis recurse over syntax as deep as the code nests (a builder chain of
    // two hundred `.put(...)` calls is one expression); a pool with large stacks keeps that safe
    // whatever thread calls us (test threads have 2 MiB).
    match rayon::ThreadPoolBuilder::new()
        .stack_size(STACK_SIZE)
        .thread_name(|i| format!("cardlint-extract-{i}"))
        .build()
    {
        Ok(pool) => pool.install(|| extract_here(root)),
        Err(_) => extract_here(root),
    }
}

const STACK_SIZE: usize = 64 << 20;

fn extract_here(root: &Path) -> Result<Extraction, ExtractError> {
    let (list, mut warnings) = files::list_java(root)?;
    let (read, w) = files::read_all(&list);
    warnings.extend(w);
    let (digest, _) = files::digest(&read);
    let java_files = read.len();
    let relevant: Vec<&files::SourceFile> = read.iter().filter(|f| f.is_scanned()).collect();
    let parsed: Vec<ir::JavaFile> = relevant
        .par_iter()
        .map_init(lower::new_parser, |parser, f| {
            let text = String::from_utf8_lossy(&f.bytes);
            let types = match parser {
                Some(p) => lower::lower_file(p, &text),
                None => Vec::new(),
            };
            ir::JavaFile {
                rel_path: f.rel.clone(),
                package: f.package.clone(),
                gui: f.is_gui(),
                types,
            }
        })
        .collect();
    drop(read);
    let parsed_files = parsed.len();
    let index = index::Index::build(parsed);
    let (rows, w) = analyze::run(&index)?;
    warnings.extend(w);
    Ok(Extraction {
        rows: finish(rows),
        java_files,
        parsed_files,
        digest,
        warnings,
    })
}

/// Whether a location is in the AI's code (`forge-ai/...`, `forge/ai/...` in the flattened 2020
/// layout, `ai/...` in a tree rooted at the packages).
fn in_ai_code(location: &str) -> bool {
    location.starts_with("forge-ai/")
        || location.starts_with("ai/")
        || location.contains("/forge/ai/")
}

/// Deduplicates on (kind, name, detail) keeping the first location, then sorts. A parameter an
/// ApiType's effect class reads keeps that location over its AI class's (`DestinationZone` of
/// `Dig` is read by both): the location tells the rules whether only the AI reads a key.
fn finish(rows: Vec<Row>) -> Vec<Row> {
    let mut seen: std::collections::HashMap<(Kind, String, String), usize> =
        std::collections::HashMap::new();
    let mut out: Vec<Row> = Vec::with_capacity(rows.len());
    for r in rows {
        match seen.entry((r.kind, r.name.clone(), r.detail.clone())) {
            std::collections::hash_map::Entry::Occupied(e) => {
                let kept = &mut out[*e.get()];
                if r.kind == Kind::Param
                    && r.detail.starts_with("api:")
                    && in_ai_code(&kept.location)
                    && !in_ai_code(&r.location)
                {
                    kept.location = r.location;
                }
            }
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(out.len());
                out.push(r);
            }
        }
    }
    out.sort_by(|a, b| (a.kind, &a.name, &a.detail).cmp(&(b.kind, &b.name, &b.detail)));
    out
}
