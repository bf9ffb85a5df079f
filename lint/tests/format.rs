//! The formatter (`lint::format`) against the rules and the corpora: on every fixture and on the
//! shared corpora, formatting keeps every finding that is not about layout, raises no layout
//! finding (F109 trailing-whitespace), and changes at most 3% of the corpus files (the
//! communities' own layout). The corpus checks skip, saying so, when `../shared/corpus` (or
//! `CARDLINT_CORPUS`) is absent.

use lint::config::Config;
use lint::{Diagnostic, Dialect, SourceFile};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The rules about layout: the formatter may remove their findings, and must never raise them.
const LAYOUT_RULES: &[&str] = &["F109"];

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// The findings not about layout, by file, code, line and message (formatting moves columns).
fn findings(files: &[SourceFile], results: &[Vec<Diagnostic>]) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for (file, diagnostics) in files.iter().zip(results) {
        let index = syntax::LineIndex::new(file.text());
        for d in diagnostics {
            if LAYOUT_RULES.contains(&d.rule.code) {
                continue;
            }
            let line = index.line_col(d.range.start()).line;
            let key = format!(
                "{} {} {line} {}",
                file.path.display(),
                d.rule.code,
                d.message
            );
            *out.entry(key).or_default() += 1;
        }
    }
    out
}

/// Formats `files` (those of a dialect with a layout), checks that the findings other than
/// layout ones are the same before and after and that no layout finding remains; returns how
/// many files changed.
fn format_and_compare(files: Vec<SourceFile>, config: &Config) -> usize {
    let before = lint::workspace::check(&files, config);
    let mut changed = 0;
    let mut after_files = files.clone();
    for file in &mut after_files {
        let edits = lint::format::format(file.dialect, file.text())
            .unwrap_or_else(|e| panic!("{}: {e}", file.path.display()));
        if edits.is_empty() {
            continue;
        }
        changed += 1;
        let pairs: Vec<_> = edits
            .iter()
            .map(|e| (e.range, e.new_text.as_str()))
            .collect();
        let bytes = file.source.apply_edits_to_bytes(&pairs);
        *file = SourceFile::new(file.path.clone(), file.dialect, &bytes);
        assert!(
            lint::format::format(file.dialect, file.text())
                .unwrap()
                .is_empty(),
            "{}: not idempotent",
            file.path.display()
        );
    }
    let after = lint::workspace::check(&after_files, config);
    for (file, diagnostics) in after_files.iter().zip(&after) {
        for d in diagnostics {
            assert!(
                !LAYOUT_RULES.contains(&d.rule.code),
                "{}: {} after formatting: {}",
                file.path.display(),
                d.rule.code,
                d.message
            );
        }
    }
    let (old, new) = (findings(&files, &before), findings(&after_files, &after));
    if old != new {
        let lost: Vec<_> = old.keys().filter(|k| !new.contains_key(*k)).collect();
        let gained: Vec<_> = new.keys().filter(|k| !old.contains_key(*k)).collect();
        panic!("findings changed: lost {lost:#?}, gained {gained:#?}");
    }
    changed
}

/// Every Forge and Wagic fixture, linted where a card of its dialect sits.
#[test]
fn fixtures_keep_their_findings_and_lose_their_layout_ones() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for (dialect, folder, place) in [
        (Dialect::FORGE, "forge", "cardsfolder/f"),
        (Dialect::WAGIC, "wagic", "sets/primitives"),
    ] {
        let mut paths = Vec::new();
        walk(&root.join(folder), &mut paths);
        // One file at a time: cases are independent.
        let config = Config::every_rule();
        let mut changed = 0;
        for (i, path) in paths.into_iter().enumerate() {
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if !matches!(ext, "txt" | "dat") {
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            let name = path
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace(['/', '\\'], "_");
            let at = if ext == "dat" {
                PathBuf::from(format!("sets/FIX{i}/_cards.dat"))
            } else {
                PathBuf::from(place).join(name)
            };
            changed += format_and_compare(vec![SourceFile::new(at, dialect, &bytes)], &config);
        }
        assert!(changed > 0, "no {folder} fixture needed formatting");
    }
}

fn corpus(name: &str) -> Option<PathBuf> {
    let root = std::env::var_os("CARDLINT_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"));
    let dir = root.join(name);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("notice: {} is absent; corpus check skipped", dir.display());
        None
    }
}

/// The files of a corpus folder that the CLI's walk reads as card files.
fn card_files(dir: &Path) -> Vec<SourceFile> {
    let loaded = lint::discover::load(&[dir.to_path_buf()], None, &Config::default()).unwrap();
    assert!(loaded.guessed.iter().all(|g| !g));
    loaded.files
}

fn at_most_3_percent(what: &str, changed: usize, total: usize) {
    eprintln!("{what}: {changed} of {total} files change");
    assert!(
        changed * 100 <= total * 3,
        "{what}: {changed} of {total} files change (more than 3%)"
    );
}

#[test]
fn forge_2020_corpus() {
    let Some(dir) = corpus("forge/cardsfolder") else {
        return;
    };
    let files = card_files(&dir);
    assert_eq!(files.len(), 18_294);
    let total = files.len();
    let changed = format_and_compare(files, &Config::default());
    at_most_3_percent("Forge 2020", changed, total);
}

#[test]
fn wagic_corpora() {
    for name in [
        "wagic/upstream-2016-06-29-140ee7b",
        "wagic/upstream-head-2026-06-26-37115e1-partial",
    ] {
        let Some(dir) = corpus(name) else {
            return;
        };
        let files = card_files(&dir);
        let total = files.len();
        assert!(total > 100, "{name}: {total} files");
        let changed = format_and_compare(files, &Config::default());
        at_most_3_percent(name, changed, total);
    }
}
