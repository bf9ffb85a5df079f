//! Every file of the shared corpora rebuilds byte for byte (as decoded text) from its tree.
//! The corpora are not part of this repository: the test skips, saying so, when they are absent.

use std::path::{Path, PathBuf};

fn corpus_root() -> Option<PathBuf> {
    // `CARDLINT_CORPUS` points elsewhere (a git worktree beside the main checkout, for example).
    let root = std::env::var_os("CARDLINT_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"));
    if root.is_dir() {
        Some(root)
    } else {
        eprintln!(
            "notice: {} is absent; corpus round-trip skipped",
            root.display()
        );
        None
    }
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn round_trip(dir: &str, parse: impl Fn(&str) -> String) -> usize {
    let Some(root) = corpus_root() else { return 0 };
    let mut paths = Vec::new();
    files(&root.join(dir), &mut paths);
    assert!(!paths.is_empty(), "no files under {dir}");
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let source = syntax::SourceText::decode(&bytes);
        let rebuilt = parse(source.text());
        assert!(
            rebuilt == source.text(),
            "{} does not round-trip",
            path.display()
        );
        assert_eq!(
            source.to_original_bytes(),
            bytes,
            "{} does not re-encode",
            path.display()
        );
    }
    paths.len()
}

#[test]
fn forge_corpus_round_trips() {
    let n = round_trip("forge", |text| {
        syntax::forge::parse(text).syntax().text().to_string()
    });
    let m = round_trip("forge-upstream-sample", |text| {
        syntax::forge::parse(text).syntax().text().to_string()
    });
    eprintln!("forge: {n} + {m} files round-trip");
}

#[test]
fn wagic_corpus_round_trips() {
    // Every file of both snapshots (set files, primitives, tests, rules), whatever its kind.
    let n = round_trip("wagic", |text| {
        syntax::wagic::parse(text).syntax().text().to_string()
    });
    eprintln!("wagic: {n} files round-trip");
}

#[test]
fn pymtg_corpus_round_trips() {
    // Card files and the loader's log (not a card file, but any text must round-trip).
    let n = round_trip("pymtg", |text| {
        syntax::pymtg::parse(text).syntax().text().to_string()
    });
    eprintln!("pymtg: {n} files round-trip");
}

#[test]
fn netrunner_corpus_round_trips() {
    // `CardScripts.py`, the Android set files and the classic set files with their scripts.
    let n = round_trip("netrunner", |text| {
        syntax::netrunner::parse(text).syntax().text().to_string()
    });
    eprintln!("netrunner: {n} files round-trip");
}

#[test]
fn rulescript_corpus_round_trips() {
    let n = round_trip("rulescript", |text| {
        syntax::rulescript::parse(text).syntax().text().to_string()
    });
    eprintln!("rulescript: {n} files round-trip");
}
