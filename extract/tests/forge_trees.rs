//! Validation against the real Forge trees of `../shared/corpus/forge-engine-src/` (the 2020
//! fork and upstream 2022) and the hand-kept vocabulary lists; skipped when they are absent.
//!
//! For each kind: how many hand-list words the extraction finds, how many more it covers by the
//! word's match (a prefix, suffix or contains word accepting it), how many of the rest do not
//! occur as a string literal in the tree's code at all (so nothing can read them there), and the
//! true misses. Run with `--nocapture` to see the report.

use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use extract::{Extraction, Kind, extract};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn forge_src() -> Option<PathBuf> {
    let p = std::env::var_os("CARDLINT_FORGE_SRC")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("../shared/corpus/forge-engine-src"));
    p.join("reeforge-2020").is_dir().then_some(p)
}

/// The hand-kept lists (moved from `lint/` to `model/` on main; either is accepted).
fn hand_dir() -> Option<PathBuf> {
    ["model/data/forge", "lint/data/forge"]
        .iter()
        .map(|d| workspace().join(d))
        .find(|d| d.join("params.tsv").is_file())
}

fn rows(dir: &Path, file: &str) -> Vec<Vec<String>> {
    std::fs::read_to_string(dir.join(file))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// String literals of the code (comments skipped), to tell words no code could read.
fn code_literals(root: &Path) -> HashSet<String> {
    let mut out = HashSet::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "java") {
                let text =
                    String::from_utf8_lossy(&std::fs::read(&p).unwrap_or_default()).into_owned();
                literals_of(&text, &mut out);
            }
        }
    }
    out
}

fn literals_of(text: &str, out: &mut HashSet<String>) {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b'\'' => {
                i += 1;
                while i < b.len() && b[i] != b'\'' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                if let Some(s) = text.get(start..i.min(b.len())) {
                    out.insert(s.to_string());
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
}

struct Line {
    kind: String,
    hand: usize,
    found: usize,
    covered: usize,
    absent: usize,
    misses: Vec<String>,
    extra: usize,
}

impl Line {
    fn pct(&self) -> f64 {
        100.0 * self.covered as f64 / self.hand.max(1) as f64
    }
}

/// Compares hand words with extracted (word, match) pairs.
fn compare(
    kind: &str,
    hand: &BTreeSet<String>,
    got: &[(String, String)],
    literals: &HashSet<String>,
    fold: fn(&str) -> String,
) -> Line {
    let exact: HashSet<String> = got.iter().map(|(w, _)| fold(w)).collect();
    let accepts = |h: &str| {
        got.iter().any(|(w, how)| {
            let (w, h) = (fold(w), fold(h));
            w.len() >= 3
                && match how.split(':').next().unwrap_or("") {
                    "prefix" => h.starts_with(&w),
                    "suffix" => h.ends_with(&w),
                    "contains" => h.contains(&w),
                    _ => false,
                }
        })
    };
    let mut line = Line {
        kind: kind.to_string(),
        hand: hand.len(),
        found: 0,
        covered: 0,
        absent: 0,
        misses: Vec::new(),
        extra: exact
            .iter()
            .filter(|w| !hand.iter().any(|h| &fold(h) == *w))
            .count(),
    };
    for h in hand {
        if exact.contains(&fold(h)) {
            line.found += 1;
            line.covered += 1;
        } else if accepts(h) {
            line.covered += 1;
        } else if !literals.iter().any(|l| l.starts_with(h.as_str())) {
            line.absent += 1;
        } else {
            line.misses.push(h.clone());
        }
    }
    line
}

fn same(s: &str) -> String {
    s.to_string()
}

// Keywords and zone/phase names are matched ignoring case; `Jump-start` = `Jump Start`.
fn folded(s: &str) -> String {
    s.to_lowercase().replace(['-', '_'], " ")
}

fn report(x: &Extraction, dir: &Path, old: bool, literals: &HashSet<String>) -> Vec<Line> {
    let status_ok = |s: &str| {
        if old {
            s == "both" || s == "removed"
        } else {
            s == "both"
        }
    };
    let got = |k: Kind| -> Vec<(String, String)> {
        x.of(k)
            .map(|r| (r.name.clone(), r.detail.clone()))
            .collect()
    };
    let plain = |k: Kind| -> Vec<(String, String)> {
        x.of(k).map(|r| (r.name.clone(), String::new())).collect()
    };
    let set =
        |file: &str, name: usize, status: Option<usize>, filter: &dyn Fn(&[String]) -> bool| {
            rows(dir, file)
                .into_iter()
                .filter(|r| status.is_none_or(|s| r.get(s).is_some_and(|v| status_ok(v))))
                .filter(|r| filter(r))
                .filter_map(|r| r.get(name).cloned())
                .collect::<BTreeSet<String>>()
        };
    let any = |_: &[String]| true;
    let mut out = Vec::new();
    for (kind, file) in [
        (Kind::Api, "api-types.tsv"),
        (Kind::Trigger, "trigger-modes.tsv"),
        (Kind::Replacement, "replacement-events.tsv"),
        (Kind::Static, "static-modes.tsv"),
        (Kind::Zone, "zones.tsv"),
    ] {
        out.push(compare(
            kind.as_str(),
            &set(file, 0, Some(1), &any),
            &plain(kind),
            literals,
            folded,
        ));
    }
    // Keywords matched by their literal text count too (the 2020 engine knows `Fuse` so).
    let mut kw = plain(Kind::Keyword);
    kw.extend(plain(Kind::KeywordInternal));
    out.push(compare(
        "keyword",
        &set("keywords.tsv", 0, Some(3), &any),
        &kw,
        literals,
        folded,
    ));
    let internal: BTreeSet<String> = rows(dir, "keywords.tsv")
        .into_iter()
        .filter(|r| r.get(3).is_some_and(|s| s == "internal"))
        // `CantBeBlockedBy <arg>`: the hand list's notation for a parameter.
        .map(|r| r[0].trim_end_matches(" <arg>").to_string())
        .collect();
    out.push(compare(
        "keyword-internal",
        &internal,
        &plain(Kind::KeywordInternal),
        literals,
        same,
    ));
    let counters = set("counter-types.tsv", 0, Some(1), &|r: &[String]| {
        r.get(2).is_some_and(|k| k == "counter")
    });
    out.push(compare(
        "counter",
        &counters,
        &plain(Kind::Counter),
        literals,
        folded,
    ));
    let mut phases = set("phases.tsv", 0, Some(2), &any);
    phases.extend(set("phases.tsv", 1, Some(2), &any));
    out.push(compare(
        "phase",
        &phases,
        &plain(Kind::Phase),
        literals,
        folded,
    ));
    out.push(compare(
        "cost",
        &set("cost-parts.tsv", 0, Some(2), &any),
        &plain(Kind::Cost),
        literals,
        same,
    ));
    out.push(compare(
        "defined",
        &set("defined.tsv", 0, None, &any),
        &got(Kind::Defined),
        literals,
        same,
    ));
    out.push(compare(
        "count",
        &set("count-keys.tsv", 0, None, &any),
        &got(Kind::Count),
        literals,
        same,
    ));
    out.push(compare(
        "valid-card",
        &set("valid-properties.tsv", 0, Some(2), &any),
        &got(Kind::ValidCard),
        literals,
        same,
    ));
    out.push(compare(
        "valid-player",
        &set("player-refs.tsv", 0, None, &|r: &[String]| {
            r.get(1).is_some_and(|k| k == "valid-property")
        }),
        &got(Kind::ValidPlayer),
        literals,
        same,
    ));
    out.push(compare(
        "line-key",
        &set("line-keys.tsv", 0, Some(1), &any),
        &plain(Kind::LineKey),
        literals,
        same,
    ));
    // The trigger variables are no hand list of cardlint's any more (the extraction is the
    // list); the spec's reference list is compared when `../shared` is there.
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/spec/forge");
    let tv_dir = if dir.join("trigger-variables.tsv").is_file() {
        dir.to_path_buf()
    } else {
        spec
    };
    let tv: BTreeSet<String> = rows(&tv_dir, "trigger-variables.tsv")
        .into_iter()
        .filter(|r| r.len() >= 2)
        .map(|r| format!("{} {}", r[0], r[1]))
        .collect();
    let tv_got: Vec<(String, String)> = x
        .of(Kind::TriggerVar)
        .map(|r| (format!("{} {}", r.detail, r.name), String::new()))
        .collect();
    // Pairs are never literals as such: "absent" is judged on the key alone below.
    let tv_lits: HashSet<String> = tv
        .iter()
        .filter(|p| p.split(' ').nth(1).is_some_and(|k| literals.contains(k)))
        .cloned()
        .collect();
    out.push(compare("trigger-var", &tv, &tv_got, &tv_lits, same));

    // Params: (scope, key) outside common:global; the hand list's common:mana is read by the
    // mana ability part, which is in forge.game.spellability (common:ability here).
    let params: Vec<Vec<String>> = rows(dir, "params.tsv")
        .into_iter()
        .filter(|r| r.len() >= 4 && r[3] == "both")
        .collect();
    let scope = |s: &str| -> String {
        if s == "common:mana" {
            "common:ability".into()
        } else if s.contains(':') {
            s.into()
        } else {
            format!("api:{s}")
        }
    };
    let scoped: BTreeSet<String> = params
        .iter()
        .filter(|r| r[0] != "common:global")
        .map(|r| format!("{} {}", scope(&r[0]), r[1]))
        .collect();
    let p_got: Vec<(String, String)> = x
        .of(Kind::Param)
        .map(|r| (format!("{} {}", r.detail, r.name), String::new()))
        .collect();
    let p_lits: HashSet<String> = scoped
        .iter()
        .filter(|p| p.split(' ').nth(1).is_some_and(|k| literals.contains(k)))
        .cloned()
        .collect();
    out.push(compare(
        "param (scope, key)",
        &scoped,
        &p_got,
        &p_lits,
        same,
    ));
    let names: BTreeSet<String> = params.iter().map(|r| r[1].clone()).collect();
    out.push(compare(
        "param (key, any scope)",
        &names,
        &plain(Kind::Param),
        literals,
        same,
    ));
    out
}

fn print(tree: &str, lines: &[Line]) {
    println!(
        "\n{tree}: kind | hand words | found | covered (by match) | % | not in code | true misses | extra"
    );
    for l in lines {
        println!(
            "{:<24} {:>5} {:>5} {:>5} {:>6.1}% {:>5} {:>5} {:>5}  {}",
            l.kind,
            l.hand,
            l.found,
            l.covered,
            l.pct(),
            l.absent,
            l.misses.len(),
            l.extra,
            l.misses
                .iter()
                .take(12)
                .cloned()
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
}

#[test]
fn forge_trees_against_hand_lists() {
    let Some(src) = forge_src() else {
        println!("notice: Forge sources not found (../shared or CARDLINT_FORGE_SRC): test skipped");
        return;
    };
    let Some(dir) = hand_dir() else {
        println!("notice: hand-kept lists (model/ or lint/data/forge) not found: test skipped");
        return;
    };
    for (tree, old) in [("reeforge-2020", true), ("upstream-2022", false)] {
        let root = src.join(tree);
        let t = Instant::now();
        let x = extract(&root).unwrap();
        println!(
            "\n{tree}: {} rows, {} java files ({} parsed) in {:.2?} (debug builds are slower)",
            x.rows.len(),
            x.java_files,
            x.parsed_files,
            t.elapsed()
        );
        for w in &x.warnings {
            println!("  warning: {w}");
        }
        assert!(
            x.warnings.iter().all(|w| !w.contains("not found")),
            "{:?}",
            x.warnings
        );
        let lits = code_literals(&root);
        let lines = report(&x, &dir, old, &lits);
        print(tree, &lines);
        // Targets: closed lists complete, open lists at 95% of the words the code can read.
        for l in &lines {
            let readable = l.hand - l.absent;
            let ratio = l.covered as f64 / readable.max(1) as f64;
            let target = match l.kind.as_str() {
                "api" | "trigger" | "replacement" | "zone" | "counter" | "phase" | "keyword"
                    if old =>
                {
                    1.0
                }
                "keyword-internal" if old => 0.75,
                // Internal keywords became static abilities or enum keywords after 2020.
                "keyword-internal" => 0.5,
                // Of the 12 count words not found in 2020, 7 occur only in commented-out code of
                // xCount, 3 (`ALL`, `CARDNAME`, `ByUntappedSources`) are argument values
                // compared on the second piece of the key, not keys, and 2 (`Equipped`,
                // `Remembered`) refine `CardManaCost` inside its branch (no keys of their own).
                "count" if old => 0.91,
                // The hand list files a key under the class that reads it; the extractor files
                // a read on another kind of record (an AI reading a static's `AddPower`, a cost
                // handler reading the paid ability's `RaiseCost`) under that kind's common scope.
                "param (scope, key)" if old => 0.93,
                _ if old => 0.95,
                // The hand lists describe 2020 and today: 2022 is between (e.g. the `Until...`
                // keys of Animate became values of `Duration`), so lower bars.
                "param (scope, key)" => 0.80,
                _ => 0.8,
            };
            assert!(
                ratio >= target,
                "{tree} {}: {:.1}% of readable hand words < {:.0}% ({:?})",
                l.kind,
                100.0 * ratio,
                100.0 * target,
                l.misses
            );
        }
        let back = Extraction::from_tsv(&x.to_tsv(tree)).unwrap();
        assert_eq!(back, x);

        // The shipped file is byte for byte what `cardlint vocab forge` writes (with its label).
        let label = if old { "2020" } else { "2022" };
        let path = workspace().join(format!("model/data/forge/versions/{label}.tsv"));
        if let Ok(text) = std::fs::read_to_string(&path) {
            if x.to_tsv(label) != text {
                let shipped = Extraction::from_tsv(&text).unwrap();
                let a: HashSet<String> = shipped.rows.iter().map(|r| format!("{r:?}")).collect();
                let b: HashSet<String> = x.rows.iter().map(|r| format!("{r:?}")).collect();
                let only_shipped: Vec<_> = a.difference(&b).take(5).collect();
                let only_fresh: Vec<_> = b.difference(&a).take(5).collect();
                panic!(
                    "{}: not what `cardlint vocab forge {} --label {label}` writes (shipped only {only_shipped:?}, fresh only {only_fresh:?})",
                    path.display(),
                    root.display()
                );
            }
        }
        value_report(tree, &x);
    }
}

/// How many (scope, key) pairs have a closed value domain, by what the engine does with a
/// value outside it; enum parses; keys only tested for presence.
fn value_report(tree: &str, x: &Extraction) {
    let mut outside: std::collections::BTreeMap<String, usize> = Default::default();
    let mut enums = 0;
    let mut presence = 0;
    for r in x.of(Kind::Value) {
        let mut parts = r.detail.splitn(3, ' ');
        let (_, how, rest) = (parts.next(), parts.next(), parts.next().unwrap_or(""));
        match how {
            Some("outside") => *outside.entry(rest.to_string()).or_default() += 1,
            Some("enum") => enums += 1,
            Some("presence") => presence += 1,
            _ => {}
        }
    }
    println!(
        "{tree}: value domains by reaction {outside:?}; {enums} enum parses; {presence} presence-only scopes"
    );
    assert!(
        outside.values().sum::<usize>() > 100,
        "{tree}: too few value domains"
    );
}
