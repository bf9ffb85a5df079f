//! Mutation fuzzing of the lint, run on every `cargo test`: the per-rule fixtures of each dialect
//! (`tests/fixtures/<dialect>/`) are the seeds; each case takes one, mutates its bytes (flips,
//! insertions of syntax-laden pieces and non-ASCII text, deletions, duplicated slices, spliced
//! lines of another seed) and lints it, with every rule on, as a file of that dialect. A panic
//! fails the test with the input (proptest shrinks it). Deterministic: a fixed seed;
//! `PROPTEST_CASES` sets the number of cases per dialect (default 300) for a longer campaign.

use lint::{Dialect, SourceFile};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, RngSeed, TestRunner};
use std::path::{Path, PathBuf};

/// Every file under a folder, in a stable order.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            files_under(&path, out);
        } else if !matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("snap" | "path")
        ) {
            out.push(path);
        }
    }
}

fn seeds(dialect: &str) -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(dialect);
    let mut paths = Vec::new();
    files_under(&root, &mut paths);
    paths.iter().filter_map(|p| std::fs::read(p).ok()).collect()
}

/// What a mutation inserts: bytes that matter to the dialects' readers.
const PIECES: &[&[u8]] = &[
    b"|",
    b"$",
    b"$ ",
    b":",
    b"=",
    b"\n",
    b"\r\n",
    b"\r",
    b"\t",
    b"(",
    b")",
    b"[",
    b"]",
    b"{",
    b"}",
    b"<",
    b">",
    b"\"",
    b"'''",
    b"\"\"\"",
    b"&&",
    b"!$",
    b"ability$!",
    b"newability[",
    b"transforms((",
    b"[card]",
    b"[/card]",
    b"SVar:",
    b"A:SP$ ",
    b"| Defined$ ",
    b"auto=",
    b"target(",
    b"@",
    b"~",
    b"#",
    b"\\",
    b"caf\xc3\xa9",
    b"\xe2\x80\x94",
    b"\xf0\x9f\x82\xa1",
    b"\xff",
    b"\x00",
    b"\xef\xbb\xbf",
    b"-----",
    b"+++++",
    b".....",
    b"=====",
    b"&amp;",
    b"<card",
];

#[derive(Clone, Debug)]
enum Mutation {
    Flip(usize, u8),
    Insert(usize, usize),
    Delete(usize, usize),
    Duplicate(usize, usize, usize),
    Splice(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Mutation::Flip(a, b)),
        (any::<usize>(), 0..PIECES.len()).prop_map(|(a, p)| Mutation::Insert(a, p)),
        (any::<usize>(), 1usize..40).prop_map(|(a, n)| Mutation::Delete(a, n)),
        (any::<usize>(), 1usize..200, 1usize..8).prop_map(|(a, n, k)| Mutation::Duplicate(a, n, k)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Splice(a, b)),
    ]
}

fn mutate(seed: &[u8], other: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for m in mutations {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % (len + 1) };
        match *m {
            Mutation::Flip(i, b) if !bytes.is_empty() => {
                let i = i % bytes.len();
                bytes[i] = b;
            }
            Mutation::Flip(..) => {}
            Mutation::Insert(i, p) => {
                let i = at(i, bytes.len());
                bytes.splice(i..i, PIECES[p].iter().copied());
            }
            Mutation::Delete(i, n) => {
                let i = at(i, bytes.len());
                let end = (i + n).min(bytes.len());
                bytes.drain(i..end);
            }
            Mutation::Duplicate(i, n, k) => {
                let i = at(i, bytes.len());
                let end = (i + n).min(bytes.len());
                let slice = bytes[i..end].to_vec();
                for _ in 0..k {
                    bytes.splice(end..end, slice.iter().copied());
                }
            }
            Mutation::Splice(i, j) => {
                let lines: Vec<&[u8]> = other.split_inclusive(|&b| b == b'\n').collect();
                if let Some(line) = lines.get(j % lines.len().max(1)) {
                    let i = at(i, bytes.len());
                    bytes.splice(i..i, line.iter().copied());
                }
            }
        }
    }
    bytes
}

fn fuzz(dialect: Dialect, path: &str) {
    let seeds = seeds(dialect.name());
    if seeds.is_empty() {
        println!("notice: no fixtures for {dialect:?}: fuzzing skipped");
        return;
    }
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let config = Config {
        cases,
        rng_seed: RngSeed::Fixed(0x0ca7_d117),
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        ..Config::default()
    };
    let every_rule = lint::config::Config::every_rule();
    let strategy = (
        0..seeds.len(),
        0..seeds.len(),
        proptest::collection::vec(mutation(), 1..8),
    );
    TestRunner::new(config)
        .run(&strategy, |(s, o, mutations)| {
            let bytes = mutate(&seeds[s], &seeds[o], &mutations);
            let files = vec![SourceFile::new(path, dialect, bytes.as_slice())];
            let results = lint::workspace::check(&files, &every_rule);
            let len = files[0].text().len();
            for d in &results[0] {
                prop_assert!(
                    usize::from(d.range.end()) <= len,
                    "{} reports past the end of the text",
                    d.rule.code
                );
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn forge() {
    fuzz(Dialect::FORGE, "cardsfolder/f/fuzz.txt");
}

#[test]
fn wagic_primitives() {
    fuzz(Dialect::WAGIC, "sets/primitives/fuzz.txt");
}

#[test]
fn wagic_set_file() {
    fuzz(Dialect::WAGIC, "sets/FUZ/_cards.dat");
}

#[test]
fn pymtg() {
    fuzz(Dialect::PYMTG, "data/fuzz_cards.txt");
}

#[test]
fn netrunner_scripts() {
    fuzz(Dialect::NETRUNNER, "o8g/Scripts/CardScripts.py");
}

#[test]
fn netrunner_set_file() {
    fuzz(Dialect::NETRUNNER, "o8g/Sets/Fuzz/set.xml");
}

#[test]
fn rulescript() {
    fuzz(Dialect::RULESCRIPT, "o8g/Scripts/card_rules.py");
}
