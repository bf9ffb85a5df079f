//! The Python-MTG, Netrunner and RuleScript rules over the shared corpora: the error-level
//! findings are exactly those triaged in `lint/triage/*.md`, and every mistake the specs list is
//! flagged. Skips, saying so, when the corpora are absent (`../shared/corpus`, or
//! `CARDLINT_CORPUS`).

use lint::{Severity, SourceFile};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

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

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("txt" | "py" | "xml")
        ) {
            out.push(path);
        }
    }
}

/// `(path relative to the corpus, line, code, severity)` of every finding.
fn check(dir: &Path) -> Vec<(String, u32, &'static str, Severity)> {
    let mut paths = Vec::new();
    walk(dir, &mut paths);
    paths.sort();
    let files: Vec<SourceFile> = paths
        .iter()
        .filter_map(|p| {
            let bytes = std::fs::read(p).unwrap();
            let mut file = SourceFile::new(p, lint::Dialect::FORGE, &bytes);
            file.dialect = lint::dialect::detect(p, file.text())?;
            Some(file)
        })
        .collect();
    let results = lint::workspace::check(&files, &lint::config::Config::default());
    let mut out = Vec::new();
    for (file, diagnostics) in files.iter().zip(results) {
        let index = syntax::LineIndex::new(file.text());
        let rel = file
            .path
            .strip_prefix(dir)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        for d in diagnostics {
            let line = index.line_col(d.range.start()).line + 1;
            out.push((rel.clone(), line, d.rule.code, d.severity));
        }
    }
    out
}

fn error_counts(found: &[(String, u32, &'static str, Severity)]) -> BTreeMap<&'static str, usize> {
    let mut counts = BTreeMap::new();
    for f in found.iter().filter(|f| f.3 == Severity::Error) {
        *counts.entry(f.2).or_insert(0) += 1;
    }
    counts
}

fn flagged(found: &[(String, u32, &'static str, Severity)], file: &str, line: u32, code: &str) {
    assert!(
        found
            .iter()
            .any(|f| f.0.ends_with(file) && f.1 == line && f.2 == code),
        "{file}:{line} is not flagged by {code}"
    );
}

#[test]
fn pymtg_corpus() {
    let Some(dir) = corpus("pymtg") else { return };
    let found = check(&dir);
    let expected: BTreeMap<&str, usize> = [
        ("P100", 165),
        ("P101", 1),
        ("P103", 23),
        ("P104", 6),
        ("P105", 25),
        ("P108", 31),
        ("P111", 1),
        ("P113", 350),
        ("P114", 7),
    ]
    .into_iter()
    .collect();
    assert_eq!(error_counts(&found), expected, "see lint/triage/pymtg.md");
    let ben = "manual conversions/ben.txt";
    flagged(&found, ben, 4, "P100");
    flagged(&found, "branch-testing/data/cube_cards.txt", 2249, "P100");
    flagged(&found, ben, 59, "P102");
    flagged(
        &found,
        "branch-Stephen_Branch/data/m15_cards.txt",
        1174,
        "P103",
    );
    flagged(
        &found,
        "branch-Stephen_Branch/data/m15_cards.txt",
        1213,
        "P103",
    );
    flagged(&found, "AMHR/testing/automation.txt", 22, "P103");
    flagged(
        &found,
        "branch-Stephen_Branch/data/m15_cards.txt",
        1153,
        "P104",
    );
    flagged(&found, "wanqizhu/data/m15_cards.txt", 614, "P105");
    flagged(&found, "wanqizhu/data/m15_cards.txt", 342, "P105");
    flagged(&found, "wanqizhu/data/m15_cards.txt", 424, "P106");
    flagged(&found, "wanqizhu/data/cube_cards.txt", 49, "P106");
    flagged(&found, "wanqizhu/data/m15_cards.txt", 827, "P107");
    flagged(&found, ben, 10, "P108");
    flagged(&found, "automation-2-20/damage_output1.txt", 8, "P108");
    flagged(&found, "wanqizhu/data/m15_cards.txt", 518, "P110");
    flagged(&found, "wanqizhu/data/m15_cards.txt", 755, "P110");
}

#[test]
fn netrunner_corpus() {
    let Some(dir) = corpus("netrunner") else {
        return;
    };
    let found = check(&dir);
    let expected: BTreeMap<&str, usize> = [
        ("N100", 10),
        ("N101", 3),
        ("N102", 2),
        ("N103", 6),
        ("N106", 1),
        ("N107", 1),
        ("N109", 6),
        ("N114", 1),
    ]
    .into_iter()
    .collect();
    assert_eq!(
        error_counts(&found),
        expected,
        "see lint/triage/netrunner.md"
    );
    let table = "android/o8g/Scripts/CardScripts.py";
    let core = "classic/o8g/Sets/Core Set/set.xml";
    let proteus = "classic/o8g/Sets/Proteus/set.xml";
    flagged(&found, core, 2291, "N100");
    flagged(&found, core, 2483, "N100");
    flagged(&found, core, 627, "N100");
    flagged(&found, "classic/o8g/Sets/Classic/set.xml", 89, "N100");
    flagged(&found, proteus, 121, "N101");
    flagged(&found, "classic/o8g/Sets/Promos/set.xml", 36, "N101");
    flagged(&found, table, 1101, "N101");
    flagged(&found, proteus, 674, "N102");
    flagged(&found, table, 5038, "N103");
    flagged(&found, "classic/o8g/Sets/Classic/set.xml", 69, "N103");
    flagged(&found, table, 5334, "N104");
    flagged(&found, table, 5270, "N104");
    flagged(&found, table, 3420, "N104");
    flagged(&found, table, 5750, "N105");
    flagged(&found, table, 4724, "N105");
    flagged(&found, table, 3876, "N106");
    flagged(&found, table, 1750, "N107");
    flagged(&found, table, 1157, "N108");
    flagged(&found, table, 3010, "N114");
    flagged(&found, table, 3388, "N115");
    flagged(&found, table, 6596, "N116");
}

#[test]
fn rulescript_corpus() {
    let Some(dir) = corpus("rulescript") else {
        return;
    };
    let found = check(&dir);
    assert_eq!(
        error_counts(&found),
        BTreeMap::new(),
        "see lint/triage/rulescript.md"
    );
    assert_eq!(found.len(), 1, "{found:?}");
}
