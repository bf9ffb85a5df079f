//! The result cache: what each file contributed to the index and what was reported for it, keyed
//! by its content. A warm run re-reads and hashes the files but lints only those whose content
//! changed; if any file's index contribution changed, every file of that dialect is linted again
//! (cross-file findings depend on the whole index). Serialised by the CLI with `to_bytes`.

use crate::config::Config;
use crate::diagnostic::{Applicability, Diagnostic, Edit, Fix, Severity};
use crate::dialect::Dialect;
use crate::registry::RuleMeta;
use crate::workspace::{DialectLinter, internal_error, lint_one_guarded};
use model::guard;
use model::source::{FileId, SourceFile};
use rayon::prelude::*;
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::collections::HashMap;
use std::sync::LazyLock;
use syntax::{TextRange, TextSize};

/// Bumped when the layout of the cache changes.
const FORMAT: u32 = 2;

#[derive(Default, Serialize, Deserialize)]
pub struct Cache {
    format: u32,
    /// Identifies the binary and the configuration the results were computed with.
    key: String,
    /// Per dialect: the fingerprint of the merged index of the last run.
    fingerprints: Vec<(String, u64)>,
    entries: HashMap<String, Entry>,
}

#[derive(Clone, Serialize, Deserialize)]
struct Entry {
    dialect: String,
    content: u64,
    index_hash: u64,
    #[serde(with = "serde_bytes")]
    index: Vec<u8>,
    diagnostics: Vec<CachedDiagnostic>,
}

#[derive(Clone, Serialize, Deserialize)]
struct CachedDiagnostic {
    code: String,
    severity: Severity,
    start: u32,
    end: u32,
    message: String,
    fix: Option<CachedFix>,
    notes: Vec<String>,
    related: Vec<CachedRelated>,
}

#[derive(Clone, Serialize, Deserialize)]
struct CachedRelated {
    path: Option<std::path::PathBuf>,
    start: u32,
    end: u32,
    message: String,
}

#[derive(Clone, Serialize, Deserialize)]
struct CachedFix {
    safe: bool,
    message: String,
    edits: Vec<(u32, u32, String)>,
}

static RULES_BY_CODE: LazyLock<HashMap<&'static str, &'static RuleMeta>> = LazyLock::new(|| {
    crate::registry::all_rules()
        .into_iter()
        .map(|r| (r.code, r))
        .collect()
});

fn bincode_config() -> impl bincode::config::Config {
    bincode::config::standard()
}

impl Cache {
    /// An empty cache for results computed under `key`.
    pub fn new(key: impl Into<String>) -> Cache {
        Cache {
            format: FORMAT,
            key: key.into(),
            ..Cache::default()
        }
    }

    /// Reads a serialised cache; `None` when it is unreadable or was made under another key.
    pub fn from_bytes(bytes: &[u8], key: &str) -> Option<Cache> {
        let (cache, _): (Cache, usize) =
            bincode::serde::decode_from_slice(bytes, bincode_config()).ok()?;
        (cache.format == FORMAT && cache.key == key).then_some(cache)
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        bincode::serde::encode_to_vec(self, bincode_config()).unwrap_or_default()
    }

    /// Writes what `to_bytes` returns, without building it in memory first.
    pub fn write_to(&self, writer: impl std::io::Write) -> std::io::Result<()> {
        let mut writer = std::io::BufWriter::new(writer);
        bincode::serde::encode_into_std_write(self, &mut writer, bincode_config())
            .map_err(std::io::Error::other)?;
        std::io::Write::flush(&mut writer)
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// The hash of a file's content: of its bytes as read, so that the same text read from other
/// bytes (a Latin-1 file saved again as UTF-8) is another content.
pub fn content_hash(source: &syntax::SourceText) -> u64 {
    match source.encoding() {
        syntax::Encoding::Utf8 => xxhash_rust::xxh3::xxh3_64(source.text().as_bytes()),
        syntax::Encoding::Latin1Fallback => xxhash_rust::xxh3::xxh3_64(&source.to_original_bytes()),
    }
}

/// Statistics of one cached run.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct CacheStats {
    /// Files whose cached findings were used.
    pub reused: usize,
    /// Files linted in this run.
    pub linted: usize,
}

/// `workspace::check` through the cache: returns the findings, the cache to store for the next
/// run (`None` when nothing changed), and what was reused.
pub fn check(
    files: &[SourceFile],
    config: &Config,
    old: &Cache,
    on_file: &(dyn Fn() + Sync),
) -> (Vec<Vec<Diagnostic>>, Option<Cache>, CacheStats) {
    let mut results: Vec<Vec<Diagnostic>> = (0..files.len()).map(|_| Vec::new()).collect();
    let mut new = Cache::new(old.key.clone());
    let mut kept: Vec<(String, Slot<'_>)> = Vec::with_capacity(files.len());
    let mut stats = CacheStats::default();
    let mut changed = false;
    for plugin in crate::dialect::plugins() {
        let dialect = plugin.dialect();
        let ids: Vec<FileId> = (0..files.len())
            .filter(|&i| files[i].dialect == dialect)
            .collect();
        if ids.is_empty() {
            continue;
        }
        let outcome = plugin.check_cached(files, &ids, config, old, on_file);
        changed |= outcome.changed;
        stats.reused += outcome.reused;
        stats.linted += ids.len() - outcome.reused;
        new.fingerprints
            .push((dialect.name().to_string(), outcome.fingerprint));
        for ((id, entry), diagnostics) in ids.iter().zip(outcome.entries).zip(outcome.results) {
            kept.push((files[*id].path_string(), entry));
            results[*id] = diagnostics;
        }
    }
    changed |= kept.len() != old.entries.len();
    if !changed {
        // Nothing to store: the old cache still describes every file.
        return (results, None, stats);
    }
    new.entries = kept
        .into_iter()
        .map(|(path, slot)| match slot {
            Slot::Old(entry) => (path, entry.clone()),
            Slot::New(entry) => (path, entry),
        })
        .collect();
    (results, Some(new), stats)
}

/// A file's entry for the next cache: the old one when the file was reused (copied only if the
/// cache is written), or a new one.
enum Slot<'c> {
    Old(&'c Entry),
    New(Entry),
}

/// One file before linting: its content hash, its cache entry if unchanged, its index
/// contribution (computed, or to be decoded from `bytes`).
struct Prepared<'c, I> {
    content: u64,
    hit: Option<&'c Entry>,
    index: Option<I>,
    bytes: std::borrow::Cow<'c, [u8]>,
    hash: u64,
    /// Its indexing panicked.
    failed: bool,
}

/// What `run` did for the files of one dialect.
pub struct Outcome<'c> {
    entries: Vec<Slot<'c>>,
    results: Vec<Vec<Diagnostic>>,
    fingerprint: u64,
    reused: usize,
    changed: bool,
}

pub(crate) fn run<'c, L>(
    linter: &L,
    dialect: Dialect,
    files: &[SourceFile],
    ids: &[FileId],
    config: &Config,
    old: &'c Cache,
    on_file: &(dyn Fn() + Sync),
) -> Outcome<'c>
where
    L: DialectLinter,
    L::FileIndex: Serialize + DeserializeOwned,
{
    // Which files are unchanged, and every file's index contribution (serialised, hashed).
    let mut prepared: Vec<Prepared<'c, L::FileIndex>> = ids
        .par_iter()
        .map(|&id| {
            let file = &files[id];
            let content = content_hash(&file.source) ^ linter.file_salt(file, config);
            let hit = old
                .entries
                .get(file.path_text().as_ref())
                .filter(|e| e.content == content && e.dialect == dialect.name());
            match hit {
                Some(entry) => Prepared {
                    content,
                    hit: Some(entry),
                    failed: false,
                    index: None,
                    bytes: std::borrow::Cow::Borrowed(&entry.index),
                    hash: entry.index_hash,
                },
                None => {
                    // A file whose indexing panics contributes nothing (and gets a `G100`).
                    let within = crate::workspace::index_within_budget(linter, file);
                    let over_budget = matches!(within, Ok(None));
                    let index = within.ok().flatten();
                    let bytes = index
                        .as_ref()
                        .map(|index| {
                            bincode::serde::encode_to_vec(index, bincode_config())
                                .unwrap_or_default()
                        })
                        .unwrap_or_default();
                    let hash = xxhash_rust::xxh3::xxh3_64(&bytes);
                    Prepared {
                        content,
                        hit: None,
                        failed: index.is_none() && !over_budget,
                        index,
                        bytes: std::borrow::Cow::Owned(bytes),
                        hash,
                    }
                }
            }
        })
        .collect();
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    for (&id, p) in ids.iter().zip(&prepared) {
        hasher.update(files[id].path_text().as_bytes());
        hasher.update(&p.hash.to_le_bytes());
    }
    let fingerprint = hasher.digest();
    let old_fingerprint = old
        .fingerprints
        .iter()
        .find(|(d, _)| d == dialect.name())
        .map(|(_, f)| *f);
    let index_unchanged = old_fingerprint == Some(fingerprint);
    let reuse: Vec<bool> = prepared
        .iter()
        .map(|p| index_unchanged && p.hit.is_some())
        .collect();
    let reused = reuse.iter().filter(|r| **r).count();

    let mut fresh: HashMap<FileId, Vec<Diagnostic>> = HashMap::new();
    if reused < ids.len() {
        // Some files must be linted: the whole index is needed, from the cache where possible.
        let mut failed: HashMap<FileId, String> = HashMap::new();
        let indexes: Vec<(FileId, L::FileIndex)> = ids
            .iter()
            .zip(prepared.iter_mut())
            .filter_map(|(&id, p)| {
                if p.failed {
                    failed.insert(id, "while indexing it".to_string());
                    return None;
                }
                let index = p.index.take().or_else(|| {
                    bincode::serde::decode_from_slice(&p.bytes, bincode_config())
                        .ok()
                        .map(|(i, _)| i)
                });
                match index {
                    Some(index) => Some((id, index)),
                    None => match crate::workspace::index_within_budget(linter, &files[id]) {
                        Ok(index) => index.map(|index| (id, index)),
                        Err(message) => {
                            failed.insert(id, format!("while indexing it: {message}"));
                            None
                        }
                    },
                }
            })
            .collect();
        let to_lint: Vec<FileId> = ids
            .iter()
            .zip(&reuse)
            .filter(|(_, r)| !**r)
            .map(|(id, _)| *id)
            .collect();
        match guard::catch(|| linter.build_index(files, indexes)) {
            Ok(index) => {
                fresh = to_lint
                    .par_iter()
                    .map(|&id| {
                        let out = match failed.get(&id) {
                            Some(message) => internal_error(&files[id], config, message),
                            None => lint_one_guarded(linter, id, files, &index, config),
                        };
                        on_file();
                        (id, out)
                    })
                    .collect();
            }
            Err(message) => {
                let message = format!("while indexing the {} files: {message}", dialect.name());
                for &id in &to_lint {
                    fresh.insert(id, internal_error(&files[id], config, &message));
                    on_file();
                }
            }
        }
    }
    let mut entries = Vec::with_capacity(ids.len());
    let mut results = Vec::with_capacity(ids.len());
    for ((&id, p), reuse) in ids.iter().zip(prepared).zip(reuse) {
        if reuse {
            let entry = p.hit.expect("reused entries are hits");
            results.push(entry.diagnostics.iter().filter_map(from_cached).collect());
            entries.push(Slot::Old(entry));
            on_file();
        } else {
            let diagnostics = fresh.remove(&id).unwrap_or_default();
            entries.push(Slot::New(Entry {
                dialect: dialect.name().to_string(),
                content: p.content,
                index_hash: p.hash,
                index: p.bytes.into_owned(),
                diagnostics: diagnostics.iter().map(to_cached).collect(),
            }));
            results.push(diagnostics);
        }
    }
    Outcome {
        entries,
        results,
        fingerprint,
        reused,
        changed: reused < ids.len() || !index_unchanged,
    }
}

fn to_cached(d: &Diagnostic) -> CachedDiagnostic {
    CachedDiagnostic {
        code: d.rule.code.to_string(),
        severity: d.severity,
        start: d.range.start().into(),
        end: d.range.end().into(),
        message: d.message.clone(),
        fix: d.fix.as_ref().map(|f| CachedFix {
            safe: f.applicability == Applicability::Safe,
            message: f.message.clone(),
            edits: f
                .edits
                .iter()
                .map(|e| {
                    (
                        e.range.start().into(),
                        e.range.end().into(),
                        e.new_text.clone(),
                    )
                })
                .collect(),
        }),
        notes: d.notes.clone(),
        related: d
            .related
            .iter()
            .map(|r| CachedRelated {
                path: r.path.clone(),
                start: r.range.start().into(),
                end: r.range.end().into(),
                message: r.message.clone(),
            })
            .collect(),
    }
}

fn from_cached(c: &CachedDiagnostic) -> Option<Diagnostic> {
    let rule = *RULES_BY_CODE.get(c.code.as_str())?;
    let range = |s: u32, e: u32| TextRange::new(TextSize::from(s), TextSize::from(e.max(s)));
    Some(Diagnostic {
        rule,
        severity: c.severity,
        range: range(c.start, c.end),
        message: c.message.clone(),
        fix: c.fix.as_ref().map(|f| Fix {
            applicability: if f.safe {
                Applicability::Safe
            } else {
                Applicability::Unsafe
            },
            message: f.message.clone(),
            edits: f
                .edits
                .iter()
                .map(|(s, e, t)| Edit::replace(range(*s, *e), t.clone()))
                .collect(),
        }),
        notes: c.notes.clone(),
        related: c
            .related
            .iter()
            .map(|r| crate::diagnostic::Related {
                path: r.path.clone(),
                range: range(r.start, r.end),
                message: r.message.clone(),
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wagic(path: &str, text: &str) -> SourceFile {
        SourceFile::from_text(path, Dialect::WAGIC, text)
    }

    fn run_twice(
        first: &[SourceFile],
        second: &[SourceFile],
    ) -> (Vec<Vec<Diagnostic>>, CacheStats) {
        let config = Config::default();
        let (_, cache, _) = check(first, &config, &Cache::new("k"), &|| {});
        let cache = Cache::from_bytes(&cache.expect("a first run stores").to_bytes(), "k")
            .expect("round trip");
        let (results, _, stats) = check(second, &config, &cache, &|| {});
        (results, stats)
    }

    #[test]
    fn unchanged_files_are_reused_with_the_same_findings() {
        let files = vec![
            wagic(
                "sets/primitives/a.txt",
                "[card]\nname=A\nmana={1}}\n[/card]\n",
            ),
            wagic("sets/primitives/b.txt", "[card]\nname=B\n"),
        ];
        let (results, stats) = run_twice(&files, &files);
        assert_eq!(
            stats,
            CacheStats {
                reused: 2,
                linted: 0
            }
        );
        let direct = crate::workspace::check(&files, &Config::default());
        let codes = |r: &Vec<Vec<Diagnostic>>| {
            r.iter()
                .map(|d| d.iter().map(|d| (d.rule.code, d.range)).collect::<Vec<_>>())
                .collect::<Vec<_>>()
        };
        assert_eq!(codes(&results), codes(&direct));
        assert!(
            results[1].iter().any(|d| d.fix.is_some()),
            "fixes survive the cache"
        );
    }

    #[test]
    fn a_changed_file_is_linted_again() {
        let before = vec![
            wagic("sets/primitives/a.txt", "[card]\nname=A\n[/card]\n"),
            wagic("sets/primitives/b.txt", "[card]\nname=B\n[/card]\n"),
        ];
        let mut after = before.clone();
        // The same primitive name, so the same index contribution; a new finding.
        after[1] = wagic(
            "sets/primitives/b.txt",
            "[card]\nname=B\nmana={1}}\n[/card]\n",
        );
        let (results, stats) = run_twice(&before, &after);
        assert_eq!(
            stats,
            CacheStats {
                reused: 1,
                linted: 1
            }
        );
        assert!(
            results[1].iter().any(|d| d.rule.code == "W113"),
            "the stray brace is reported"
        );
    }

    #[test]
    fn an_index_change_relints_every_file_of_the_dialect() {
        let before = vec![
            wagic("sets/primitives/a.txt", "[card]\nname=A\n[/card]\n"),
            wagic("sets/primitives/b.txt", "[card]\nname=B\n[/card]\n"),
        ];
        let mut after = before.clone();
        after[1] = wagic("sets/primitives/b.txt", "[card]\nname=Renamed\n[/card]\n");
        let (_, stats) = run_twice(&before, &after);
        assert_eq!(
            stats,
            CacheStats {
                reused: 0,
                linted: 2
            }
        );
    }

    #[test]
    fn another_key_starts_afresh() {
        let (_, cache, _) = check(
            &[wagic("sets/primitives/a.txt", "[card]\n")],
            &Config::default(),
            &Cache::new("k"),
            &|| {},
        );
        assert!(Cache::from_bytes(&cache.unwrap().to_bytes(), "other").is_none());
        assert!(Cache::from_bytes(b"garbage", "k").is_none());
    }
}
