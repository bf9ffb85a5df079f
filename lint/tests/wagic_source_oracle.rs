//! The two Wagic card trees of `../shared/corpus/wagic` (2016 and head) checked against each
//! shipped Wagic engine (`[wagic] engine = "2016"` / `"head"`): no finding (error, warning,
//! hint) may report as unread a word that the chosen engine's C++ source compares. The oracle is
//! independent of the extraction: a word a finding names (a basic ability, a zone, a transforms
//! field, a target attribute, a key, an effect fragment) must not be, in lower case, a string
//! literal of that source. The vocabulary each source extracts equals the shipped data word for
//! word (`extract/tests/wagic_trees.rs`). Skips, with a notice, without `../shared`.

#[path = "common/source_scan.rs"]
mod source_scan;

use lint::{Dialect, Severity, SourceFile};
use model::wagic::versions::Version;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

const TREES: [&str; 2] = [
    "wagic/upstream-2016-06-29-140ee7b",
    "wagic/upstream-head-2026-06-26-37115e1-partial",
];

fn source_of(v: Version) -> &'static str {
    match v {
        Version::V2016 => "wagic-engine-src/2016-140ee7b",
        Version::Head => "wagic-engine-src/head-37115e1",
    }
}

fn shared() -> Option<PathBuf> {
    let root = match std::env::var_os("CARDLINT_CORPUS") {
        Some(c) => PathBuf::from(c),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    };
    let ok = TREES.iter().all(|t| root.join(t).join("sets").is_dir())
        && Version::ALL
            .iter()
            .all(|v| root.join(source_of(*v)).is_dir());
    if !ok {
        eprintln!(
            "notice: {} (the Wagic trees and their engine sources) is absent; the Wagic source oracle test is skipped",
            root.display()
        );
        return None;
    }
    Some(root)
}

fn literals_of(source: &Path) -> HashSet<String> {
    let mut files = Vec::new();
    source_scan::collect(source, &mut files, &|p| {
        p.extension().is_some_and(|x| x == "cpp" || x == "h")
    });
    let mut all = HashSet::new();
    for p in &files {
        let bytes = std::fs::read(p).expect("read source");
        let text = String::from_utf8_lossy(&bytes);
        all.extend(
            source_scan::string_literals(&text)
                .into_iter()
                .map(str::to_ascii_lowercase),
        );
    }
    all
}

/// Words that are string literals of an engine in another role than the one reported, with why
/// the finding is right all the same.
const IN_ANOTHER_ROLE: &[(&str, &str, &str)] = &[
    (
        "W124",
        "stack",
        "a zone name of the target chooser; as a transforms field (a comma inside `newability[...]` cut it off) it is no basic ability or colour, and is dropped",
    ),
    (
        "W124",
        "hand",
        "a zone name of the target chooser; as a transforms field (a comma inside `newability[...]` cut it off) it is no basic ability or colour, and is dropped",
    ),
    (
        "W124",
        "spiritlink",
        "an effect of the ability factory, not a basic ability: the transforms body is cut out of the line before the factory's tests, and the field is dropped",
    ),
    (
        "W100",
        "trample",
        "a basic ability, written as a key (`trample=abilities`): the card reader has no such key",
    ),
    (
        "W119",
        "opponent",
        "a player word of the target chooser and the mover, not a zone",
    ),
    (
        "W119",
        "attacking",
        "a target attribute (`[attacking]`), not a zone",
    ),
    (
        "W119",
        "|mybattlefield",
        "a suffix the engine appends to a type string it builds itself; after `||` the zone parser reads an empty zone",
    ),
    (
        "W117",
        "1",
        "a number the engine writes and compares in other places; alone on an ability line it builds no effect",
    ),
];

/// The word a finding reports as unread, for the rules whose messages name one.
fn reported_word(code: &str, message: &str) -> Option<String> {
    let first = || {
        let start = message.find('`')? + 1;
        let end = start + message[start..].find('`')?;
        Some(message[start..end].to_string())
    };
    let word = match code {
        // "Wagic drops this line: `k` is not a key it reads"
        "W100" if message.contains("is not a key it reads") => first()?,
        // "Wagic drops `x`: it contains no basic ability", "`x` is no longer a basic ability"
        "W111" => first()?,
        // "Wagic recognises no effect in `fragment`", "`x` is no longer ..."
        "W117"
            if message.starts_with("Wagic recognises no effect")
                || message.contains("is no longer") =>
        {
            first()?.trim_end_matches("...").to_string()
        }
        // "Wagic does not know the zone `z`"
        "W119" if message.contains("does not know the zone") => first()?,
        // "`x` is no target attribute"
        "W121" => first()?,
        // "Wagic finds no restriction word in `fragment`"
        "W122" if message.contains("no restriction word") => first()?,
        // "Wagic drops the transforms field `f`", "`x` is no longer a basic ability",
        // "... compares transforms fields exactly and drops `f`"
        "W124"
            if message.contains("drops the transforms field")
                || message.contains("is no longer")
                || message.contains("compares transforms fields exactly and drops") =>
        {
            let start = message.rfind("drops `").map(|i| i + 6);
            match start {
                Some(s) if message.contains("exactly and drops") => {
                    message[s + 1..].split('`').next()?.to_string()
                }
                _ => first()?,
            }
        }
        _ => return None,
    };
    Some(word.trim().to_ascii_lowercase())
}

/// What one tree gives against one engine.
struct Outcome {
    counts: BTreeMap<&'static str, usize>,
    checked: usize,
    wrong: Vec<String>,
}

fn oracle(tree: &Path, v: Version, lits: &HashSet<String>) -> Outcome {
    let mut paths = Vec::new();
    source_scan::collect(&tree.join("sets"), &mut paths, &|p| {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        name == "_cards.dat"
            || (p.parent().and_then(Path::file_name) == Some("primitives".as_ref())
                && name.ends_with(".txt"))
    });
    paths.sort();
    let files: Vec<SourceFile> = paths
        .iter()
        .map(|p| SourceFile::new(p.clone(), Dialect::WAGIC, &std::fs::read(p).expect("card")))
        .collect();
    let mut config = lint::config::Config::default();
    config.wagic_engine = Some(v);
    let results = lint::workspace::check(&files, &config);
    let mut counts = BTreeMap::new();
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (file, diags) in files.iter().zip(results) {
        for d in diags {
            let severity = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Info => "info",
                Severity::Hint => "hint",
            };
            *counts.entry(severity).or_default() += 1;
            assert!(
                !d.message.contains(&*tree.to_string_lossy()) && !d.message.contains("/projects/"),
                "a message names a path: {}",
                d.message
            );
            let Some(word) = reported_word(d.rule.code, &d.message) else {
                continue;
            };
            checked += 1;
            if IN_ANOTHER_ROLE
                .iter()
                .any(|(c, w, _)| *c == d.rule.code && *w == word)
            {
                continue;
            }
            if !word.is_empty() && lits.contains(&word) {
                let rel = file
                    .path_string()
                    .split("/wagic/")
                    .last()
                    .unwrap_or_default()
                    .to_string();
                wrong.push(format!(
                    "{rel}: {} {severity} names `{word}`, a string literal of the Wagic {} source: {}",
                    d.rule.code,
                    v.as_str(),
                    d.message
                ));
            }
        }
    }
    Outcome {
        counts,
        checked,
        wrong,
    }
}

fn run(v: Version) {
    let Some(shared) = shared() else { return };
    let lits = literals_of(&shared.join(source_of(v)));
    assert!(lits.len() > 1000, "only {} literals", lits.len());
    let mut report = Vec::new();
    let mut checked = 0;
    for tree in TREES {
        let outcome = oracle(&shared.join(tree), v, &lits);
        eprintln!(
            "{tree} against the Wagic {} source: {:?}, {} findings naming a word",
            v.as_str(),
            outcome.counts,
            outcome.checked
        );
        checked += outcome.checked;
        report.extend(outcome.wrong);
    }
    assert!(checked > 20, "only {checked} findings checked");
    assert!(
        report.is_empty(),
        "{} of {checked} findings name a word the Wagic {} source reads:\n{}",
        report.len(),
        v.as_str(),
        report.join("\n")
    );
}

#[test]
fn no_finding_names_a_word_the_2016_engine_reads() {
    run(Version::V2016);
}

#[test]
fn no_finding_names_a_word_the_head_engine_reads() {
    run(Version::Head);
}

#[test]
fn reported_words_are_read_from_the_messages() {
    assert_eq!(
        reported_word(
            "W111",
            "`opponentshroud` is no longer a basic ability of Wagic: the Wagic head source reads it as `shroud`"
        )
        .as_deref(),
        Some("opponentshroud")
    );
    assert_eq!(
        reported_word(
            "W124",
            "the current engine compares transforms fields exactly and drops `black red`: write one colour per field"
        )
        .as_deref(),
        Some("black red")
    );
    assert_eq!(
        reported_word(
            "W117",
            "Wagic recognises no effect in `gain flying`: this ability is dropped"
        )
        .as_deref(),
        Some("gain flying")
    );
    assert_eq!(
        reported_word("W118", "Wagic recognises no trigger here"),
        None
    );
}
