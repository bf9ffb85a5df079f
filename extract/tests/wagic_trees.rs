//! Validation against the real Wagic trees of `../shared/corpus/wagic-engine-src/` (the 2016
//! engine of the card corpus and today's) and the hand-kept lists of `model/data/wagic/`; skipped,
//! with a notice, when the trees are absent.
//!
//! For each hand list and each version: how many hand words the extraction finds, the missing
//! ones with their reason (a word of the other version only, or the `why=` of its hand row), and
//! the extracted words no hand row names. Also: the shipped `model/data/wagic/versions/*.tsv` are
//! a fresh extraction of these trees. Run with `--nocapture` to see the report.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use extract::wagic::{Lookup, WagicExtraction, WagicKind, extract, reads};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn wagic_src() -> Option<PathBuf> {
    let p = std::env::var_os("CARDLINT_WAGIC_SRC")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("../shared/corpus/wagic-engine-src"));
    p.join("2016-140ee7b").is_dir().then_some(p)
}

/// (version file, tree folder).
const VERSIONS: [(&str, &str); 2] = [("2016", "2016-140ee7b"), ("head", "head-37115e1")];

/// Each hand list, the kinds holding its words and how they are looked up (as in
/// `model::wagic::vocab::sources`).
const LISTS: [(&str, &[WagicKind], Lookup); 10] = [
    ("basic-abilities", &[WagicKind::BasicAbility], Lookup::Exact),
    ("colors", &[WagicKind::Color], Lookup::Exact),
    ("phases", &[WagicKind::Phase], Lookup::Exact),
    ("zones", &[WagicKind::Zone], Lookup::Exact),
    ("triggers", &[WagicKind::Trigger], Lookup::Word),
    ("keys", &[WagicKind::Key], Lookup::Key),
    ("effects", &[WagicKind::Effect], Lookup::Word),
    (
        "restrictions",
        &[WagicKind::Restriction, WagicKind::Effect],
        Lookup::Word,
    ),
    (
        "target-restrictions",
        &[WagicKind::TargetRestriction],
        Lookup::Word,
    ),
    ("variables", &[WagicKind::Variable], Lookup::Word),
];

struct Hand {
    word: String,
    /// The literal of its `match` attribute, when it has one.
    matched: Option<String>,
    /// `-`: the versions decide.
    status: String,
    why: Option<String>,
}

fn hand(list: &str) -> Vec<Hand> {
    let path = workspace().join(format!("model/data/wagic/{list}.tsv"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let attr = |k: &str| {
                f.get(2)?.split(';').find_map(|kv| {
                    let (a, b) = kv.split_once('=')?;
                    (a == k).then(|| b.to_string())
                })
            };
            Hand {
                word: f[0].to_string(),
                matched: attr("match").map(|m| m.replace("\\s", " ")),
                status: f.get(1).unwrap_or(&"-").to_string(),
                why: attr("why"),
            }
        })
        .collect()
}

fn reads_word(x: &WagicExtraction, kinds: &[WagicKind], lookup: Lookup, h: &Hand) -> bool {
    x.rows.iter().filter(|r| kinds.contains(&r.kind)).any(|r| {
        reads(lookup, &r.name, &r.detail, &h.word)
            || h.matched
                .as_deref()
                .is_some_and(|m| reads(lookup, &r.name, &r.detail, m))
    })
}

/// String literals of the engine's code (comments skipped), to tell a word the extraction does not
/// follow from a word no code of that version could read.
fn code_literals(root: &Path) -> HashSet<String> {
    let mut out = HashSet::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p
                .extension()
                .is_some_and(|x| x == "cpp" || x == "h" || x == "c")
            {
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
                while i < b.len() && b[i] != b'\'' && b[i] != b'\n' {
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
                    out.insert(s.trim().to_string());
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
}

#[test]
fn shipped_versions_are_a_fresh_extraction() {
    let Some(src) = wagic_src() else {
        println!("notice: Wagic sources not found (../shared or CARDLINT_WAGIC_SRC): test skipped");
        return;
    };
    for (file, dir) in VERSIONS {
        let t = Instant::now();
        let fresh = extract(&src.join(dir)).unwrap();
        eprintln!(
            "{dir}: {} rows from {} files in {:.2?}",
            fresh.rows.len(),
            fresh.files,
            t.elapsed()
        );
        let path = workspace().join(format!("model/data/wagic/versions/{file}.tsv"));
        let text = std::fs::read_to_string(&path).unwrap();
        let shipped = WagicExtraction::from_tsv(&text).unwrap();
        assert_eq!(
            (shipped.digest, shipped.files, &shipped.warnings),
            (fresh.digest, fresh.files, &fresh.warnings),
            "{}: regenerate with `cardlint vocab wagic {dir} -o ...`",
            path.display()
        );
        if shipped.rows != fresh.rows {
            let a: HashSet<String> = shipped.rows.iter().map(|r| format!("{r:?}")).collect();
            let b: HashSet<String> = fresh.rows.iter().map(|r| format!("{r:?}")).collect();
            let only_shipped: Vec<_> = a.difference(&b).take(5).collect();
            let only_fresh: Vec<_> = b.difference(&a).take(5).collect();
            panic!(
                "{}: rows differ from a fresh extraction (the extractor changed): shipped only {only_shipped:?}, fresh only {only_fresh:?}",
                path.display()
            );
        }
        // Byte for byte, under the shipped label: the file is exactly what the command writes.
        let label = text
            .lines()
            .find_map(|l| l.strip_prefix("# label: "))
            .expect("a label line");
        assert!(
            fresh.to_tsv(label) == text,
            "{}: not byte for byte what `cardlint vocab wagic {dir} --label '{label}'` writes",
            path.display()
        );
    }
}

#[test]
fn extraction_against_the_hand_lists() {
    let Some(src) = wagic_src() else {
        println!("notice: Wagic sources not found (../shared or CARDLINT_WAGIC_SRC): test skipped");
        return;
    };
    let x: Vec<(String, WagicExtraction, HashSet<String>)> = VERSIONS
        .iter()
        .map(|(file, dir)| {
            let root = src.join(dir);
            (
                file.to_string(),
                extract(&root).unwrap(),
                code_literals(&root),
            )
        })
        .collect();
    let mut report = String::new();
    report.push_str("| list | hand | version | found | missing (why) | extra |\n");
    report.push_str("| --- | ---: | --- | ---: | --- | ---: |\n");
    let mut problems = Vec::new();
    for (list, kinds, lookup) in LISTS {
        let words = hand(list);
        let found: Vec<Vec<bool>> = x
            .iter()
            .map(|(_, v, _)| {
                words
                    .iter()
                    .map(|h| reads_word(v, kinds, lookup, h))
                    .collect()
            })
            .collect();
        for (vi, (name, v, lits)) in x.iter().enumerate() {
            let other = 1 - vi;
            let mut why: BTreeMap<String, Vec<&str>> = BTreeMap::new();
            for (wi, h) in words.iter().enumerate() {
                if found[vi][wi] {
                    continue;
                }
                let reason = if found[other][wi] {
                    format!("{} only", x[other].0)
                } else if let Some(w) = &h.why {
                    format!("why={w}")
                } else {
                    "unexplained".to_string()
                };
                why.entry(reason).or_default().push(&h.word);
            }
            // Extras of the list's own kind (the restrictions also look at the effect rows).
            let extra: Vec<&str> = v
                .rows
                .iter()
                .filter(|r| r.kind == kinds[0])
                .filter(|r| {
                    !words.iter().any(|h| {
                        reads(lookup, &r.name, &r.detail, &h.word)
                            || h.matched
                                .as_deref()
                                .is_some_and(|m| reads(lookup, &r.name, &r.detail, m))
                    })
                })
                .map(|r| r.name.as_str())
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            let n_found = found[vi].iter().filter(|f| **f).count();
            let missing: Vec<String> = why
                .iter()
                .map(|(r, ws)| format!("{} {r}", ws.len()))
                .collect();
            report.push_str(&format!(
                "| {list} | {} | {name} | {n_found} | {} | {} |\n",
                words.len(),
                if missing.is_empty() {
                    "0".to_string()
                } else {
                    missing.join(", ")
                },
                extra.len()
            ));
            for (r, ws) in &why {
                if r != &format!("{} only", x[other].0) {
                    eprintln!("  {list} {name} missing, {r}: {}", ws.join(" "));
                }
            }
            if !extra.is_empty() {
                eprintln!(
                    "  {list} {name} extra ({}): {}",
                    extra.len(),
                    extra
                        .iter()
                        .take(40)
                        .copied()
                        .collect::<Vec<_>>()
                        .join(" | ")
                );
            }
            // A word the versions decide must be read by one of them; a hand status needs a why.
            for (wi, h) in words.iter().enumerate() {
                let anywhere = found[0][wi] || found[1][wi];
                if h.status == "-" && !anywhere {
                    problems.push(format!(
                        "{list}: `{}` has `-` and no version reads it",
                        h.word
                    ));
                }
                if h.status != "-" && anywhere && vi == 0 {
                    problems.push(format!(
                        "{list}: `{}` keeps a hand status but a version reads it",
                        h.word
                    ));
                }
                if h.status != "-" && h.why.is_none() && vi == 0 {
                    problems.push(format!(
                        "{list}: `{}` has a hand status and no why=",
                        h.word
                    ));
                }
            }
            // A word only the other version's extraction finds, whose literal this version's code
            // still holds: the extraction may miss a reader (spot-check; the report lists them).
            let suspicious: Vec<&str> = words
                .iter()
                .enumerate()
                .filter(|(wi, _)| !found[vi][*wi] && found[other][*wi])
                .filter(|(_, h)| {
                    let key = h.matched.as_deref().unwrap_or(&h.word).trim();
                    lits.contains(key) || lits.contains(&format!("{key}("))
                })
                .map(|(_, h)| h.word.as_str())
                .collect();
            if !suspicious.is_empty() {
                eprintln!(
                    "  {list} {name}: {} only in {}'s extraction but a literal of {name}'s code: {}",
                    suspicious.len(),
                    x[other].0,
                    suspicious.join(" ")
                );
            }
        }
    }
    eprintln!("{report}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Figures the data files and the README rely on.
    let count = |v: usize, k: WagicKind| x[v].1.of(k).count();
    assert_eq!(count(0, WagicKind::BasicAbility), 132);
    assert_eq!(count(1, WagicKind::BasicAbility), 239);
    assert_eq!(count(0, WagicKind::Phase), 14);
    assert_eq!(count(1, WagicKind::Phase), 14);
}
