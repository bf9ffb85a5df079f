//! Every file of the shared corpora rebuilds byte for byte (as decoded text) from its tree.
//! The corpora are not part of this repository: the test skips, saying so, when they are absent.

use std::path::{Path, PathBuf};

fn corpus_root() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
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
