//! The per-card harness: every card of every file is played in its own seeded game, with a step
//! budget; a panic in one card is caught and reported for that card, and the run goes on.
//! Findings are returned per file, sorted by position; the layers above turn them into
//! diagnostics of the `G1xx` rules (`Kind::code`), filter and print them like the lint's.

use crate::findings::{CardOutcome, Finding, Kind};
use crate::forge;
use crate::wagic;
use model::{Dialect, SourceFile};
use rayon::prelude::*;
use std::sync::Arc;
use std::time::{Duration, Instant};
use syntax::TextRange;

#[derive(Clone, Debug)]
pub struct Options {
    pub seed: u64,
    /// Steps one card may take.
    pub budget: u64,
    /// Which Forge the Forge cards are played against (what its engine reads).
    pub forge_engine: model::forge::versions::EngineChoice,
    /// Set by someone else when the run's result is no longer wanted: the cards not yet played
    /// are skipped (a language server's play of a document that was closed meanwhile).
    pub cancel: Option<Arc<std::sync::atomic::AtomicBool>>,
}

impl Options {
    /// The run was cancelled: cards not yet played are not played.
    pub fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seed: 0x5EED,
            budget: 10_000,
            forge_engine: Default::default(),
            cancel: None,
        }
    }
}

/// Figures of a run.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub forge_cards: usize,
    pub wagic_cards: usize,
    pub fully_exercised: usize,
    pub crashed: usize,
    pub budget: usize,
    /// Wall time of the simulation proper (cards played), summed over threads.
    pub card_time: Duration,
}

impl Stats {
    pub fn cards(&self) -> usize {
        self.forge_cards + self.wagic_cards
    }

    fn add(&mut self, o: &CardOutcome) {
        if o.fully_exercised {
            self.fully_exercised += 1;
        }
        if o.crashed {
            self.crashed += 1;
        }
        if o.budget {
            self.budget += 1;
        }
    }
}

fn crashed(range: TextRange, name: &str, message: &str) -> Finding {
    Finding::new(
        Kind::Crashed,
        range,
        format!(
            "the engine failed while playing `{name}` (a bug in cardlint; please report it): {message}; this card was not checked"
        ),
    )
}

/// Simulates every card of `files`; returns one list of findings per file (sorted), and stats.
pub fn simulate(files: &[SourceFile], opts: &Options) -> (Vec<Vec<Finding>>, Stats) {
    let mut results: Vec<Vec<Finding>> = (0..files.len()).map(|_| Vec::new()).collect();
    let mut stats = Stats::default();
    let forge_ids: Vec<usize> = (0..files.len())
        .filter(|&i| files[i].dialect == Dialect::FORGE)
        .collect();
    let wagic_ids: Vec<usize> = (0..files.len())
        .filter(|&i| files[i].dialect == Dialect::WAGIC)
        .collect();
    if !forge_ids.is_empty() {
        let vocab = model::guard::catch(|| forge_vocab(files, &forge_ids)).ok();
        let out: Vec<(usize, Vec<Finding>, CardOutcome, Duration)> = forge_ids
            .par_iter()
            .map(|&id| {
                let start = Instant::now();
                let (d, o) = simulate_forge_file(&files[id], vocab.as_ref(), opts);
                (id, d, o, start.elapsed())
            })
            .collect();
        for (id, d, o, t) in out {
            results[id] = d;
            stats.forge_cards += 1;
            stats.add(&o);
            stats.card_time += t;
        }
    }
    // Each Wagic resource folder (the folder holding `sets/`) is its own card pool.
    let mut pools: std::collections::BTreeMap<String, Vec<usize>> = Default::default();
    for &id in &wagic_ids {
        pools.entry(pool_key(&files[id])).or_default().push(id);
    }
    for ids in pools.values() {
        // A failure while the pool is loaded costs its files (a `G100` on each), not the run.
        let fail = |results: &mut Vec<Vec<Finding>>, stats: &mut Stats, message: String| {
            for &id in ids {
                results[id].push(Finding::new(
                    Kind::Crashed,
                    TextRange::empty(0.into()),
                    format!(
                        "the engine failed while loading the cards of this file (a bug in cardlint; please report it): {message}; its cards were not checked"
                    ),
                ));
                stats.crashed += 1;
            }
        };
        let db = match model::guard::catch(|| {
            wagic::db::Db::load(files, ids, wagic::db::DEFAULT_MAX_GRADE)
        }) {
            Ok(db) => db,
            Err(message) => {
                fail(&mut results, &mut stats, message);
                continue;
            }
        };
        let (vocab, template) = match model::guard::catch(|| {
            let vocab = wagic::sim::Vocab::build(&db);
            let template = wagic::sim::template(&db, opts.seed, opts.budget);
            (vocab, template)
        }) {
            Ok(pool) => pool,
            Err(message) => {
                fail(&mut results, &mut stats, message);
                continue;
            }
        };
        let cards: Vec<(usize, Arc<wagic::db::Primitive>)> = db
            .definitions
            .iter()
            .filter_map(|d| d.file.map(|f| (f, d.clone())))
            .collect();
        let out: Vec<(usize, Vec<Finding>, CardOutcome, Duration)> = cards
            .par_iter()
            .map(|(id, prim)| {
                let start = Instant::now();
                let (d, o) = simulate_wagic_card(&template, &vocab, prim, opts);
                (*id, d, o, start.elapsed())
            })
            .collect();
        for (id, d, o, t) in out {
            results[id].extend(d);
            stats.wagic_cards += 1;
            stats.add(&o);
            stats.card_time += t;
        }
    }
    for r in results.iter_mut() {
        r.sort_by_key(|f| (f.range.start(), f.range.end(), f.kind));
    }
    (results, stats)
}

/// The resource folder of a Wagic file: the path up to its `sets/` folder (else its folder).
fn pool_key(file: &SourceFile) -> String {
    let path = file.path_string();
    match path.rfind("/sets/") {
        Some(i) => path[..i].to_string(),
        None if path.starts_with("sets/") => String::new(),
        None => path
            .rsplit_once('/')
            .map(|(d, _)| d.to_string())
            .unwrap_or_default(),
    }
}

/// The type words of a Forge card pool (every `Types:` word, lower case).
fn forge_vocab(files: &[SourceFile], ids: &[usize]) -> forge::valid::TypeVocab {
    let mut vocab = forge::valid::TypeVocab::builtin();
    for &id in ids {
        for line in files[id].text().lines() {
            let line = line.trim_start();
            if let Some(types) = line.strip_prefix("Types:") {
                for w in types.split_whitespace() {
                    vocab.words.insert(w.to_ascii_lowercase());
                }
            }
            // Types that scripts create: tokens, animations, added types.
            for key in ["TokenTypes$", "Types$", "AddType$", "SetCreatureTypes$"] {
                let mut rest = line;
                while let Some(i) = rest.find(key) {
                    let after = &rest[i + key.len()..];
                    let value = after.split('|').next().unwrap_or("");
                    for w in value.split([',', ' ', '&']).filter(|w| !w.is_empty()) {
                        vocab.words.insert(w.to_ascii_lowercase());
                    }
                    rest = after;
                }
            }
        }
    }
    vocab
}

/// Simulates one Forge file (one card).
pub fn simulate_forge_file(
    file: &SourceFile,
    vocab: Option<&forge::valid::TypeVocab>,
    opts: &Options,
) -> (Vec<Finding>, CardOutcome) {
    if opts.cancelled() {
        return (Vec::new(), CardOutcome::default());
    }
    guarded(
        || {
            model::guard::test_panic(&file.path_string());
            let parse = syntax::forge::parse(file.text());
            let Some(tree) = syntax::forge::ast::SourceFile::cast(parse.syntax()) else {
                return (Vec::new(), CardOutcome::default());
            };
            let card = forge::build::build(&tree);
            let words = model::forge::versions::vocabulary_for(&opts.forge_engine, &file.path);
            forge::sim::simulate_card(&card, words, vocab, opts.seed, opts.budget)
        },
        || first_line(file.text()),
        &file.path_string(),
    )
}

/// Runs one card's play, catching a panic: a panic becomes a G100 finding for that card.
fn guarded(
    play: impl FnOnce() -> (Vec<Finding>, CardOutcome),
    range: impl FnOnce() -> TextRange,
    name: &str,
) -> (Vec<Finding>, CardOutcome) {
    match model::guard::catch(play) {
        Ok((findings, outcome)) => (findings, outcome),
        Err(message) => (
            vec![crashed(range(), name, &message)],
            CardOutcome {
                crashed: true,
                ..CardOutcome::default()
            },
        ),
    }
}

fn simulate_wagic_card(
    template: &wagic::runtime::WGame,
    vocab: &wagic::sim::Vocab,
    prim: &Arc<wagic::db::Primitive>,
    opts: &Options,
) -> (Vec<Finding>, CardOutcome) {
    if opts.cancelled() {
        return (Vec::new(), CardOutcome::default());
    }
    guarded(
        || wagic::sim::simulate_card_from(template, vocab, prim, opts.budget),
        || wagic::sim::card_range(prim),
        &prim.name,
    )
}

/// Plays only the Wagic cards of `file` whose definition lies in one of `parts` (the language
/// server plays, on save, the `[card]` blocks that changed), with the definitions and macros of
/// the whole file as the card pool, as `simulate` does for one file. Findings are sorted.
pub fn simulate_wagic_parts(
    file: &SourceFile,
    opts: &Options,
    parts: &[TextRange],
) -> Vec<Finding> {
    let files = std::slice::from_ref(file);
    let db = wagic::db::Db::load(files, &[0], wagic::db::DEFAULT_MAX_GRADE);
    let wanted: Vec<Arc<wagic::db::Primitive>> = db
        .definitions
        .iter()
        .filter(|d| d.file.is_some() && parts.iter().any(|p| p.contains_range(d.range)))
        .cloned()
        .collect();
    if wanted.is_empty() {
        return Vec::new();
    }
    let vocab = wagic::sim::Vocab::build(&db);
    let template = wagic::sim::template(&db, opts.seed, opts.budget);
    let mut out: Vec<Finding> = wanted
        .par_iter()
        .flat_map_iter(|prim| simulate_wagic_card(&template, &vocab, prim, opts).0)
        .collect();
    out.sort_by_key(|f| (f.range.start(), f.range.end(), f.kind));
    out
}

/// Simulates one file on its own. Wagic cards are played with the definitions and macros of
/// this file only (so the checks that need the whole card pool, such as a token id that no card
/// has, stay quiet). No configuration applies: the caller filters the findings.
pub fn simulate_file(file: &SourceFile) -> Vec<Finding> {
    let (mut out, _) = simulate(std::slice::from_ref(file), &Options::default());
    out.pop().unwrap_or_default()
}

fn first_line(text: &str) -> TextRange {
    let end = text.find(['\n', '\r']).unwrap_or(text.len());
    TextRange::new(0.into(), (end as u32).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_in_one_card_becomes_g100_for_that_card() {
        let (diags, outcome) = guarded(
            || panic!("an engine bug"),
            || TextRange::new(0.into(), 4.into()),
            "Broken Card",
        );
        assert!(outcome.crashed);
        assert!(!outcome.fully_exercised);
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].kind.code(), "G100");
        assert!(diags[0].message.contains("Broken Card"));
        // The harness goes on with the next card.
        let (diags, outcome) = guarded(
            || {
                (
                    Vec::new(),
                    CardOutcome {
                        fully_exercised: true,
                        ..CardOutcome::default()
                    },
                )
            },
            || TextRange::new(0.into(), 4.into()),
            "Sound Card",
        );
        assert!(diags.is_empty() && outcome.fully_exercised && !outcome.crashed);
    }

    #[test]
    fn pools_are_the_folders_holding_sets() {
        let f = |p: &str| SourceFile::new(p, Dialect::WAGIC, b"");
        assert_eq!(pool_key(&f("res/a/sets/primitives/x.txt")), "res/a");
        assert_eq!(pool_key(&f("res/a/sets/M10/_cards.dat")), "res/a");
        assert_eq!(pool_key(&f("other/cards.txt")), "other");
    }
}
