//! The 2020 Forge corpus checked against the vocabulary read from its own engine source
//! (`[forge] engine = "<source>"`), and the 2020 cards and the upstream sample against the 2022
//! engine source: no finding (error, warning, hint) may name a word that engine reads (a
//! keyword, counter, phase, parameter, value...). The
//! oracle is independent of the extraction: a word reported unknown must not be a string literal
//! anywhere in the engine's Java source, and a parameter reported as not read by a record's
//! ApiType or mode (or a value reported as unknown to them) must not be a literal in the classes
//! that implement it (effect, AI, trigger, static or replacement class). Skips, with a notice,
//! without `../shared`.

#[path = "common/forge_triage.rs"]
mod forge_triage;
#[path = "common/source_scan.rs"]
mod source_scan;

use lint::{Dialect, Severity, SourceFile};
use model::forge::Version;
use model::forge::facts::FactKind;
use model::forge::versions::{self, EngineChoice};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

fn shared() -> Option<PathBuf> {
    let root = match std::env::var_os("CARDLINT_CORPUS") {
        Some(c) => PathBuf::from(c),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    };
    let ok = root.join("forge/cardsfolder").is_dir()
        && root.join("forge-engine-src/reeforge-2020").is_dir();
    if !ok {
        eprintln!(
            "notice: {} (the Forge corpus and its engine source) is absent; the source oracle test is skipped",
            root.display()
        );
        return None;
    }
    Some(root)
}

/// Words that are string literals of the engine in another role than the one reported, with why
/// the finding is right all the same.
const IN_ANOTHER_ROLE: &[(&str, &str, &str)] = &[
    (
        "F159",
        "XChoice",
        "an SVar value the cost code compares (`SVar:X:XChoice`), not a Count$ key",
    ),
    (
        "F100",
        "AI",
        "a word of the game-state text format; the 2020 card reader has no `AI:` line",
    ),
    (
        "F159",
        "0",
        "a number the engine writes; `Count$0` is no key (the value is 0 either way)",
    ),
    (
        "F117",
        "Player",
        "a run-parameter key of the 2020 triggers (`runParams.get(\"Player\")`), not a script parameter",
    ),
    (
        "F117",
        "Permanent",
        "a value of `Duration$` that Effect compares, not a parameter",
    ),
    // The 2020 cards against the 2022 engine: words 2022 reads in another role than the one
    // the 2020 cards give them.
    (
        "F117",
        "TokenImage",
        "2022 lists it among the keys text-changing effects leave alone (CardTraitBase); no 2022 code reads its value",
    ),
    (
        "F117",
        "UntilYourNextTurn",
        "a `Duration$` value in 2022 (`UntilYourNextTurn$ True` was a 2020 parameter)",
    ),
    ("F117", "UntilEndOfCombat", "a `Duration$` value in 2022"),
    (
        "F117",
        "UntilLoseControlOfHost",
        "a `Duration$` value in 2022",
    ),
    ("F117", "UntilYourNextUpkeep", "a `Duration$` value in 2022"),
    (
        "F117",
        "UntilHostLeavesPlayOrEOT",
        "a `Duration$` value in 2022",
    ),
    ("F117", "UntilHostLeavesPlay", "a `Duration$` value in 2022"),
    (
        "F117",
        "UntilTheEndOfYourNextUpkeep",
        "a `Duration$` value in 2022",
    ),
    (
        "F117",
        "UntilControllerNextUntap",
        "a `Duration$` value in 2022",
    ),
    (
        "F117",
        "UntilAPlayerCastSpell",
        "a `Duration$` value prefix in 2022",
    ),
    (
        "F110",
        "MustAttack",
        "a static mode and a static parameter in 2022, no ApiType",
    ),
    (
        "F117",
        "Flashback",
        "a keyword in 2022; the 2020 `Flashback$` parameter is gone",
    ),
    (
        "F117",
        "DoubleManaInPool",
        "a prefix of Mana's `Type$` value in 2022, not a parameter",
    ),
    (
        "F117",
        "FilterControlledBy",
        "a prefix of an amount expression in 2022, not a parameter",
    ),
    (
        "F117",
        "Loyalty",
        "a card property and a card-rules line key in 2022, not an ability parameter",
    ),
    (
        "F159",
        "Controller",
        "a parameter and a `Defined$` suffix in 2022; its `xCount` no longer reads `Count$Controller$...`",
    ),
    (
        "F153",
        "Panharmonicon",
        "a static mode in 2022 (`S:Mode$ Panharmonicon`), no keyword",
    ),
    (
        "F100",
        "Variant",
        "a card database name in 2022's StaticData, not a card-script line key",
    ),
];

/// Rules that report a word the engine does not read, and how to find the word in a message.
fn reported_word(code: &str, message: &str) -> Option<String> {
    let unknown_rules = [
        "F100", "F110", "F114", "F115", "F116", "F117", "F118", "F150", "F151", "F152", "F153",
        "F157", "F159", "F162", "F173",
    ];
    if !unknown_rules.contains(&code) {
        return None;
    }
    // "is a Valid expression, not a Defined value": a shape finding, not an unknown word.
    if message.contains("is a Valid expression") {
        return None;
    }
    let start = message.find('`')? + 1;
    let end = start + message[start..].find('`')?;
    let word = &message[start..end];
    let word = word.strip_prefix("Count$").unwrap_or(word);
    let word = word.strip_suffix('$').unwrap_or(word);
    // Case variants (`youCtrl` for `YouCtrl`) name a word the engine reads in another case: the
    // finding is about the case, and the written form is what must be absent.
    Some(word.to_string())
}

/// What one run found: findings checked, findings naming a word the source reads, and the
/// error-level findings (path after `/forge/` or the corpus folder, line, code).
struct Outcome {
    checked: usize,
    wrong: Vec<String>,
    errors: Vec<(String, usize, &'static str)>,
}

/// The literals of a source tree: all of them, and per class (file stem).
struct Literals {
    all: HashSet<String>,
    by_class: HashMap<String, HashSet<String>>,
    /// The classes implementing each (ApiType, trigger mode, static mode or replacement event
    /// in lower case, noun of the message).
    classes: HashMap<(String, String), Vec<String>>,
}

fn literals_of(source: &Path) -> Literals {
    let mut java = Vec::new();
    source_scan::collect(source, &mut java, &|p| {
        p.extension().is_some_and(|x| x == "java")
    });
    let mut all = HashSet::new();
    let mut by_class: HashMap<String, HashSet<String>> = HashMap::new();
    for p in &java {
        let bytes = std::fs::read(p).expect("read java");
        let text = String::from_utf8_lossy(&bytes);
        let mut lits = HashSet::new();
        lits.extend(
            source_scan::string_literals(&text)
                .into_iter()
                .map(str::to_string),
        );
        all.extend(lits.iter().cloned());
        let class = p.file_stem().unwrap().to_string_lossy().to_string();
        by_class.entry(class).or_default().extend(lits);
    }
    let x = extract::extract(source).expect("the source extracts");
    let mut classes: HashMap<(String, String), Vec<String>> = HashMap::new();
    for r in &x.rows {
        let noun = match r.kind.as_str() {
            "api" | "api-ai" => "abilities",
            "trigger" => "triggers",
            "static" => "static abilities",
            "replacement" => "replacements",
            _ => continue,
        };
        if !r.detail.is_empty() {
            classes
                .entry((r.name.to_ascii_lowercase(), noun.to_string()))
                .or_default()
                .push(r.detail.clone());
        }
    }
    Literals {
        all,
        by_class,
        classes,
    }
}

/// Checks the cards of `cards` against an engine (`[forge] engine`): every
/// finding of every severity that reports a word as unknown is checked against the source's
/// literals.
fn oracle(cards: &Path, engine: EngineChoice, lits: &Literals) -> Outcome {
    let mut paths = Vec::new();
    source_scan::collect(cards, &mut paths, &|p| {
        p.extension().is_some_and(|x| x == "txt")
    });
    paths.sort();
    let files: Vec<SourceFile> = paths
        .iter()
        .map(|p| SourceFile::new(p.clone(), Dialect::FORGE, &std::fs::read(p).expect("card")))
        .collect();
    let mut config = lint::config::Config::default();
    config.forge_engine = engine;
    let results = lint::workspace::check(&files, &config);

    let mut wrong = Vec::new();
    let mut checked = 0usize;
    let mut errors = Vec::new();
    for (file, diags) in files.iter().zip(results) {
        for d in diags {
            if d.severity == Severity::Error {
                let rel = file
                    .path_string()
                    .split("/forge/")
                    .last()
                    .unwrap_or_default()
                    .to_string();
                let line = file.text()[..usize::from(d.range.start())]
                    .matches('\n')
                    .count()
                    + 1;
                errors.push((rel, line, d.rule.code));
            }
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
            // "Forge ignores `Key$` here: Destroy abilities do not read it", "`X` is not a
            // `Key$` value AddPhase abilities know": the word must not be a literal of the
            // classes that implement Destroy (AddPhase).
            let scoped = d
                .message
                .split(" here: ")
                .nth(1)
                .map(|rest| rest.split(" do not read it").next().unwrap_or(""))
                .or_else(|| {
                    (d.rule.code == "F173")
                        .then(|| d.message.split("` value ").nth(1))
                        .flatten()
                        .map(|rest| rest.split(" know").next().unwrap_or(""))
                });
            if let Some(what) = scoped {
                let Some((name, noun)) = what.split_once(' ') else {
                    continue;
                };
                let implementing = lits
                    .classes
                    .get(&(name.to_ascii_lowercase(), noun.to_string()))
                    .cloned()
                    .unwrap_or_default();
                if let Some(class) = implementing
                    .iter()
                    .find(|c| lits.by_class.get(*c).is_some_and(|l| l.contains(&word)))
                {
                    wrong.push(format!(
                        "{}: {} {:?} `{word}` is a literal of {class}, which implements {what}: {}",
                        file.path_string(),
                        d.rule.code,
                        d.severity,
                        d.message
                    ));
                }
                continue;
            }
            if lits.all.contains(&word) {
                wrong.push(format!(
                    "{}: {} {:?} names `{word}`, a string literal of the engine: {}",
                    file.path_string(),
                    d.rule.code,
                    d.severity,
                    d.message
                ));
            }
        }
    }
    Outcome {
        checked,
        wrong,
        errors,
    }
}

/// Sets the cache folder of the source vocabularies once for this test binary (its tests run
/// in parallel and share it); it is removed by the process's last test only when it ends.
fn cache_dir() -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let cache = std::env::temp_dir().join(format!("cardlint-oracle-{}", std::process::id()));
        // SAFETY: set once, before any thread of this test binary reads the environment for it.
        unsafe { std::env::set_var("CARDLINT_CACHE_DIR", &cache) };
        cache
    })
    .clone()
}

#[test]
fn no_finding_names_a_word_the_2020_engine_reads() {
    let Some(shared) = shared() else { return };
    let source = shared.join("forge-engine-src/reeforge-2020");
    let _ = cache_dir();
    let lits = literals_of(&source);
    let outcome = oracle(
        &shared.join("forge/cardsfolder"),
        EngineChoice::Source(source.clone()),
        &lits,
    );
    // Against its own engine, the corpus has no error beyond the triaged ones.
    let untriaged: Vec<_> = outcome
        .errors
        .iter()
        .filter(|(p, l, c)| {
            !forge_triage::TRIAGED_ERRORS
                .iter()
                .any(|(tp, tl, tc)| tp == p && tl == l && tc == c)
        })
        .collect();
    assert!(
        untriaged.is_empty(),
        "error-level findings not in lint/triage/forge.md: {untriaged:#?}"
    );
    assert!(
        outcome.checked > 100,
        "only {} findings checked",
        outcome.checked
    );
    assert!(
        outcome.wrong.is_empty(),
        "{} of {} findings name a word the 2020 engine reads:\n{}",
        outcome.wrong.len(),
        outcome.checked,
        outcome.wrong.join("\n")
    );
}

/// `../shared` and the 2022 engine source in it (with the vocabulary cache set), or a notice.
fn shared_2022() -> Option<(PathBuf, PathBuf)> {
    let shared = shared()?;
    let source = shared.join("forge-engine-src/upstream-2022");
    if !source.is_dir() {
        eprintln!("notice: {} is absent; skipped", source.display());
        return None;
    }
    let _ = cache_dir();
    Some((shared, source))
}

/// Checks the 2020 cards and the upstream sample against `engine` with the oracle `lits`: no
/// finding may name one of its words (`who` reads them).
fn no_finding_names_a_word_of(shared: &Path, engine: EngineChoice, lits: &Literals, who: &str) {
    let mut report = Vec::new();
    let mut checked = 0;
    for cards in ["forge/cardsfolder", "forge-upstream-sample/cardsfolder"] {
        let dir = shared.join(cards);
        if !dir.is_dir() {
            eprintln!("notice: {} is absent; skipped", dir.display());
            continue;
        }
        let outcome = oracle(&dir, engine.clone(), lits);
        checked += outcome.checked;
        report.extend(outcome.wrong);
    }
    assert!(checked > 100, "only {checked} findings checked");
    assert!(
        report.is_empty(),
        "{} of {checked} findings name a word {who} reads:\n{}",
        report.len(),
        report.join("\n")
    );
}

/// The 2020 cards and today's upstream sample checked against the 2022 engine: many findings
/// (words 2022 dropped or does not know yet), none naming a word that engine reads.
#[test]
fn no_finding_names_a_word_the_2022_engine_reads() {
    let Some((shared, source)) = shared_2022() else {
        return;
    };
    let lits = literals_of(&source);
    no_finding_names_a_word_of(
        &shared,
        EngineChoice::Source(source),
        &lits,
        "the 2022 engine",
    );
}

/// The 2020 cards and the upstream sample checked against today's Forge (`engine = "latest"`:
/// the 2022 extraction with the words today's source adds or drops). Its oracle is the 2022
/// source's literals without the words today's Forge dropped (in some role), with the words it
/// added: no finding may name one of them.
#[test]
fn no_finding_names_a_word_the_latest_engine_reads() {
    let Some((shared, source)) = shared_2022() else {
        return;
    };
    let mut lits = literals_of(&source);
    // Words per kind: `Discard` stays an ApiType today but is no replacement event any more.
    let words = |v: Version| -> HashSet<(FactKind, &'static str)> {
        versions::shipped_facts(v)
            .rows
            .iter()
            .map(|r| (r.kind, r.name))
            .collect()
    };
    let (then, now) = (words(Version::V2022), words(Version::Latest));
    let dropped: HashSet<&str> = then.difference(&now).map(|(_, w)| *w).collect();
    for word in &dropped {
        lits.all.remove(*word);
        for class in lits.by_class.values_mut() {
            class.remove(*word);
        }
    }
    // Words new in every role: a word 2022 has in one role and today's Forge adds in another
    // (`ChooseCard`, an ApiType and now a cost part) says nothing of the role a finding names.
    let old: HashSet<&str> = then.iter().map(|(_, w)| *w).collect();
    let added: HashSet<&str> = now
        .difference(&then)
        .map(|(_, w)| *w)
        .filter(|w| !old.contains(w))
        .collect();
    assert!(
        added.len() > 50,
        "only {} words added by today's Forge",
        added.len()
    );
    lits.all.extend(added.iter().map(|w| w.to_string()));
    no_finding_names_a_word_of(
        &shared,
        EngineChoice::Version(Version::Latest),
        &lits,
        "today's engine",
    );
}
