//! Vocabularies read from a Forge source tree: the checkout a card sits in (found by walking up
//! from the card), or the folder `[forge] engine` names. The facts are extracted once per content
//! of the source (`cardlint-extract`) and cached on disk; what happened is kept as notes for the
//! CLI (`--verbose`) and the language server's log.

use super::facts::{FactKind, Facts};
use super::versions::{always_facts, masks, shipped, shipped_facts};
use super::vocab::{Origin, Version, Vocabulary};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{LazyLock, Mutex};

/// Something worth telling about the vocabularies in use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// A warning: the source could not be read as asked and cardlint fell back (always shown);
    /// otherwise information (`--verbose`, the language server's log).
    pub warning: bool,
    pub message: String,
}

static NOTES: Mutex<Vec<Note>> = Mutex::new(Vec::new());

fn note(warning: bool, message: String) {
    if let Ok(mut notes) = NOTES.lock()
        && !notes.iter().any(|n| n.message == message)
    {
        notes.push(Note { warning, message });
    }
}

/// The notes gathered since the last call.
pub fn take_notes() -> Vec<Note> {
    NOTES
        .lock()
        .map(|mut n| std::mem::take(&mut *n))
        .unwrap_or_default()
}

/// Where a Forge source tree keeps `ApiType.java`, relative to its root, in the layouts Forge
/// checkouts use: the Maven modules of upstream, the flattened fork of the 2020 corpus, and a
/// module or `src` folder named directly.
const API_TYPE_PATHS: &[&str] = &[
    "forge-game/src/main/java/forge/game/ability/ApiType.java",
    "forge/src/forge/game/ability/ApiType.java",
    "src/forge/game/ability/ApiType.java",
    "src/main/java/forge/game/ability/ApiType.java",
    "forge/game/ability/ApiType.java",
];

/// Whether `dir` is the root of a Forge source tree.
pub fn is_forge_source(dir: &Path) -> bool {
    API_TYPE_PATHS.iter().any(|p| dir.join(p).is_file())
}

/// Folders already asked about: the Forge checkout each belongs to, if any.
/// Keyed by the folder's bytes (hashing a `Path` walks its components; a folder written two
/// ways is only asked about twice).
static CHECKOUTS: LazyLock<Mutex<super::vocab::Map<std::ffi::OsString, Option<PathBuf>>>> =
    LazyLock::new(Default::default);

/// The root of the Forge checkout a card file sits in: the nearest folder above it holding the
/// engine's source beside the cards (`forge-gui/res/cardsfolder` with `forge-game/` in upstream's
/// layout; `res/cardsfolder` with `forge/src` in the flattened one).
pub fn checkout_of(card: &Path) -> Option<PathBuf> {
    let start = card.parent()?;
    let start = if start.as_os_str().is_empty() {
        Path::new(".")
    } else {
        start
    };
    // Most cards share a few folders: ask about the folder as written before resolving it.
    if let Some(known) = CHECKOUTS
        .lock()
        .ok()
        .and_then(|c| c.get(start.as_os_str()).cloned())
    {
        return known;
    }
    let abs = std::fs::canonicalize(start).ok()?;
    let mut walked = Vec::new();
    let mut found = None;
    let mut dir = Some(abs.as_path());
    while let Some(d) = dir {
        if let Some(known) = CHECKOUTS
            .lock()
            .ok()
            .and_then(|c| c.get(d.as_os_str()).cloned())
        {
            found = known;
            break;
        }
        walked.push(d.to_path_buf());
        if is_forge_source(d) {
            found = Some(d.to_path_buf());
            break;
        }
        dir = d.parent();
    }
    if let Ok(mut cache) = CHECKOUTS.lock() {
        for w in walked {
            cache.insert(w.into_os_string(), found.clone());
        }
        cache.insert(start.as_os_str().to_owned(), found.clone());
    }
    found
}

/// Vocabularies read from source trees, by the tree's root; each is read once, the other threads
/// that ask meanwhile wait for it.
type Slot = std::sync::Arc<std::sync::OnceLock<&'static Vocabulary>>;
static DERIVED: LazyLock<Mutex<HashMap<(PathBuf, bool), Slot>>> = LazyLock::new(Default::default);

/// The vocabulary of the Forge source tree at `root`: read from the cache when the source is
/// unchanged, else extracted (and cached). A folder that is not a Forge source tree, or that
/// cannot be read, gives today's Forge vocabulary and a warning note; parts missing from half a
/// checkout are taken from today's Forge. `configured`: named by `[forge] engine` rather than
/// found around the cards (messages name it so).
pub fn vocabulary_of_source(root: &Path, configured: bool) -> &'static Vocabulary {
    let key = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let slot: Slot = match DERIVED.lock() {
        Ok(mut d) => d.entry((key.clone(), configured)).or_default().clone(),
        Err(_) => Slot::default(),
    };
    slot.get_or_init(|| derive_apart(&key, configured))
}

/// `derive` on a thread and a thread pool of its own. The caller is often a worker of the global
/// pool (linting files in parallel); waiting for parallel work there would let it pick up another
/// file of the same checkout, which would wait for this very vocabulary: a deadlock.
fn derive_apart(root: &Path, configured: bool) -> &'static Vocabulary {
    std::thread::scope(|s| {
        s.spawn(|| match rayon::ThreadPoolBuilder::new().build() {
            Ok(pool) => pool.install(|| derive(root, configured)),
            Err(_) => derive(root, configured),
        })
        .join()
    })
    .unwrap_or_else(|_| {
        note(
            true,
            format!(
                "reading the Forge source at {} failed (a bug in cardlint): checking against today's Forge instead",
                root.display()
            ),
        );
        shipped(Version::Latest)
    })
}

fn derive(root: &Path, configured: bool) -> &'static Vocabulary {
    let shown = root.display();
    // An unchanged tree (same files, sizes and times) is recognised without reading it; its
    // content digest names the cached vocabulary, so a tree checked out again is recognised too.
    let fingerprint = extract::source_fingerprint(root).ok().map(|(f, _)| f);
    let known = fingerprint
        .and_then(|f| {
            std::fs::read_to_string(cache_dir()?.join(format!("forge-source-{f:016x}"))).ok()
        })
        .and_then(|d| u64::from_str_radix(d.trim(), 16).ok());
    let digest = match known {
        Some(d) => Ok((d, 0)),
        None => extract::source_digest(root),
    };
    let (digest, _) = match digest {
        Ok(d) => d,
        Err(e) => {
            note(
                true,
                format!(
                    "cannot read the Forge source at {shown} ({e}): checking against today's Forge instead"
                ),
            );
            return shipped(Version::Latest);
        }
    };
    let cached = cache_file(digest).and_then(|p| std::fs::read_to_string(p).ok());
    let (text, from_cache) = match cached {
        Some(text) if text.starts_with("# cardlint forge vocabulary v1") => (text, true),
        _ => match extract::extract(root) {
            Ok(x) => {
                let text = x.to_tsv(&root.display().to_string());
                if let Some(path) = cache_file(digest) {
                    write_atomically(&path, &text);
                }
                (text, false)
            }
            Err(e) => {
                note(
                    true,
                    format!("{e}: checking the cards of {shown} against today's Forge instead"),
                );
                return shipped(Version::Latest);
            }
        },
    };
    if let (Some(f), Some(dir)) = (fingerprint, cache_dir())
        && known.is_none()
    {
        write_atomically(
            &dir.join(format!("forge-source-{f:016x}")),
            &format!("{digest:016x}\n"),
        );
    }
    let text: &'static str = Box::leak(text.into_boxed_str());
    let facts = Facts::parse(text);
    if !facts.rows.iter().any(|f| f.kind == FactKind::Api) {
        note(
            true,
            format!(
                "the Forge source at {shown} has no ApiTypes: checking against today's Forge instead"
            ),
        );
        return shipped(Version::Latest);
    }
    let (facts, filled) = complete(facts);
    for w in &facts.warnings {
        note(false, format!("Forge source at {shown}: {w}"));
    }
    if !filled.is_empty() {
        note(
            true,
            format!(
                "the Forge source at {shown} has no {}: today's Forge lists are used for them",
                filled.join(", ")
            ),
        );
    }
    note(
        false,
        format!(
            "Forge cards are checked against the vocabulary read from the Forge source at {shown} ({} words{})",
            facts.rows.len(),
            if from_cache {
                ", cached"
            } else {
                ", extracted now"
            }
        ),
    );
    // Messages name the source briefly (an editor's Problems panel shows little of a line);
    // the path is in the notes (`--verbose`, the language server's log).
    let label = label_of(digest, configured);
    let vocab = Vocabulary::build(
        label,
        Origin::Source {
            root: root.to_path_buf(),
            digest,
        },
        &facts,
        masks(),
    );
    Box::leak(Box::new(vocab))
}

/// How messages name a source tree: the shipped version whose extraction it is (same digest:
/// "the Forge 2022 source"), else "the Forge source of this checkout" (or "the Forge source of
/// `[forge] engine`").
fn label_of(digest: u64, configured: bool) -> String {
    [Version::V2020, Version::V2022]
        .into_iter()
        .find(|&v| digest != 0 && super::versions::shipped_source_digest(v) == Some(digest))
        .map_or_else(
            || {
                if configured {
                    "the Forge source of `[forge] engine`".to_string()
                } else {
                    "the Forge source of this checkout".to_string()
                }
            },
            |v| format!("the {} source", v.label()),
        )
}

/// The facts with the `always` words, and today's Forge rows for the kinds the source has none
/// of (half a checkout: no AI module, no trigger package...). Returns the names of those kinds.
fn complete(facts: Facts) -> (Facts, Vec<&'static str>) {
    let label = facts.label;
    let digest = facts.digest;
    let warnings = facts.warnings.clone();
    let mut rows = facts.rows;
    let latest = shipped_facts(Version::Latest);
    let mut filled = Vec::new();
    for kind in [
        FactKind::Trigger,
        FactKind::Replacement,
        FactKind::Static,
        FactKind::Keyword,
        FactKind::Counter,
        FactKind::Zone,
        FactKind::Phase,
        FactKind::Cost,
        FactKind::Defined,
        FactKind::Count,
        FactKind::ValidCard,
        FactKind::ValidPlayer,
        FactKind::ValidSpell,
        FactKind::Param,
        FactKind::TriggerVar,
        FactKind::LineKey,
    ] {
        if !rows.iter().any(|f| f.kind == kind) {
            rows.extend(latest.of_kind(kind).copied());
            filled.push(kind.noun());
        }
    }
    for f in always_facts() {
        if !rows
            .iter()
            .any(|r| r.kind == f.kind && r.name == f.name && r.detail == f.detail)
        {
            rows.push(*f);
        }
    }
    let mut out = Facts::from_rows(label, rows);
    out.digest = digest;
    out.warnings = warnings;
    (out, filled)
}

/// Where cardlint caches what it reads from Forge sources: `CARDLINT_CACHE_DIR`, else the user's
/// cache folder (`$XDG_CACHE_HOME/cardlint`, `~/.cache/cardlint`).
pub fn cache_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("CARDLINT_CACHE_DIR") {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d).join("cardlint"));
    }
    let home = std::env::var_os("HOME").or_else(|| std::env::var_os("USERPROFILE"))?;
    Some(PathBuf::from(home).join(".cache").join("cardlint"))
}

fn cache_file(digest: u64) -> Option<PathBuf> {
    // Keyed by the source and by the extractor (`extractor_identity`): a file an older cardlint
    // wrote holds that extractor's facts (missing `value` rows, older value domains).
    let extractor = super::versions::extractor_identity();
    Some(cache_dir()?.join(format!("forge-vocab-v3-{digest:016x}-{extractor:016x}.tsv")))
}

/// Writes through a temporary file and a rename, so that a reader never sees half a file; a
/// failure only costs the next run the extraction.
fn write_atomically(path: &Path, text: &str) {
    let Some(dir) = path.parent() else { return };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    if std::fs::write(&tmp, text).is_ok() {
        let _ = std::fs::rename(&tmp, path);
    } else {
        let _ = std::fs::remove_file(&tmp);
    }
}
