//! End-to-end tests of what CI users rely on: output formats, fixes, configuration, suppressions.
//! Tests select the shared `E` rules so that their expectations do not move as dialect rules grow.

use std::path::Path;
use std::process::{Command, Output};

fn cardlint_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardlint"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run cardlint")
}

fn write(dir: &Path, rel: &str, bytes: &[u8]) {
    let path = dir.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// A small tree with one finding of each kind the formats must carry: an error with a safe fix,
/// a warning, a warning with an unsafe fix, a multi-byte character before a column.
fn fixture() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "cardsfolder/b/bom.txt",
        "\u{feff}Name:Bom\r\nTypes:Artifact\r\n".as_bytes(),
    );
    write(
        dir.path(),
        "cardsfolder/w/wrapped.txt",
        "Name:Wrapped — é\nTypes:Sorcery\n  | SpellDescription$ lost\n".as_bytes(),
    );
    write(
        dir.path(),
        "sets/primitives/open.txt",
        b"[card]\nname=Open\nmana={1}{G}}\n",
    );
    dir
}

#[test]
fn text_format() {
    let dir = fixture();
    let out = cardlint_in(dir.path(), &["check", "--select", "E", "."]);
    assert_eq!(out.status.code(), Some(1));
    insta::assert_snapshot!("text", stdout(&out));
    let quiet = cardlint_in(dir.path(), &["check", "--select", "E", "--quiet", "."]);
    assert!(
        !stdout(&quiet).contains("Found"),
        "--quiet prints no summary"
    );
}

#[test]
fn json_format() {
    let dir = fixture();
    let out = cardlint_in(
        dir.path(),
        &["check", "--select", "E", "--format", "json", "."],
    );
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    insta::assert_snapshot!("json", serde_json::to_string_pretty(&value).unwrap());
}

#[test]
fn sarif_format() {
    let dir = fixture();
    let out = cardlint_in(
        dir.path(),
        &["check", "--select", "E", "--format", "sarif", "."],
    );
    let sarif: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(sarif["version"], "2.1.0");
    let run = &sarif["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "cardlint");
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    assert_eq!(
        rules.len(),
        lint::all_rules().len(),
        "the rule table lists every rule"
    );
    for result in run["results"].as_array().unwrap() {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(
            rules[index]["id"], result["ruleId"],
            "ruleIndex points at the rule"
        );
        assert!(
            rules[index]["help"]["markdown"]
                .as_str()
                .unwrap()
                .contains("Example")
        );
    }
    insta::assert_snapshot!(
        "sarif_results",
        serde_json::to_string_pretty(&run["results"]).unwrap()
    );
}

#[test]
fn github_format() {
    let dir = fixture();
    let out = cardlint_in(
        dir.path(),
        &["check", "--select", "E", "--format", "github", "."],
    );
    insta::assert_snapshot!("github", stdout(&out));
}

#[test]
fn statistics_and_exit_zero() {
    let dir = fixture();
    let out = cardlint_in(dir.path(), &["check", "--select", "E", "--statistics", "."]);
    insta::assert_snapshot!("statistics", stdout(&out));
    let json = cardlint_in(
        dir.path(),
        &[
            "check",
            "--select",
            "E",
            "--statistics",
            "--format",
            "json",
            ".",
        ],
    );
    let stats: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(
        stats
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["code"] == "E002" && r["fixable"] == 1)
    );
    let out = cardlint_in(
        dir.path(),
        &[
            "check",
            "--select",
            "E",
            "--exit-zero",
            "--threads",
            "1",
            ".",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn fix_applies_safe_fixes_only_and_keeps_bytes() {
    let dir = fixture();
    let out = cardlint_in(dir.path(), &["check", "--select", "E", "--fix", "."]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "the unclosed block remains an error: {}",
        stdout(&out)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("Fixed 1 problem in 1 file."));
    // The BOM is gone; CRLF line endings are kept.
    assert_eq!(
        std::fs::read(dir.path().join("cardsfolder/b/bom.txt")).unwrap(),
        b"Name:Bom\r\nTypes:Artifact\r\n"
    );
    // The unclosed block only has an unsafe fix: untouched.
    assert_eq!(
        std::fs::read(dir.path().join("sets/primitives/open.txt")).unwrap(),
        b"[card]\nname=Open\nmana={1}{G}}\n"
    );
    // Files without fixes are not rewritten.
    assert_eq!(
        std::fs::read(dir.path().join("cardsfolder/w/wrapped.txt")).unwrap(),
        "Name:Wrapped — é\nTypes:Sorcery\n  | SpellDescription$ lost\n".as_bytes()
    );
}

#[test]
fn unsafe_fixes_and_idempotence() {
    let dir = fixture();
    let out = cardlint_in(
        dir.path(),
        &["check", "--select", "E", "--fix", "--unsafe-fixes", "."],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let fixed = std::fs::read(dir.path().join("sets/primitives/open.txt")).unwrap();
    assert_eq!(fixed, b"[card]\nname=Open\nmana={1}{G}}\n[/card]\n");
    let snapshot: Vec<Vec<u8>> = [
        "cardsfolder/b/bom.txt",
        "cardsfolder/w/wrapped.txt",
        "sets/primitives/open.txt",
    ]
    .iter()
    .map(|p| std::fs::read(dir.path().join(p)).unwrap())
    .collect();
    let again = cardlint_in(
        dir.path(),
        &["check", "--select", "E", "--fix", "--unsafe-fixes", "."],
    );
    assert_eq!(again.status.code(), Some(0));
    assert!(
        !String::from_utf8_lossy(&again.stderr).contains("Fixed"),
        "a second run fixes nothing"
    );
    for (p, before) in [
        "cardsfolder/b/bom.txt",
        "cardsfolder/w/wrapped.txt",
        "sets/primitives/open.txt",
    ]
    .iter()
    .zip(snapshot)
    {
        assert_eq!(
            std::fs::read(dir.path().join(p)).unwrap(),
            before,
            "{p} changed on the second run"
        );
    }
}

#[test]
fn fixes_keep_latin1_and_missing_final_newline() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "sets/primitives/latin.txt",
        b"[card]\nname=\xc6ther Gust\nauto=draw:1",
    );
    let out = cardlint_in(
        dir.path(),
        &["check", "--select", "E012", "--fix", "--unsafe-fixes", "."],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        std::fs::read(dir.path().join("sets/primitives/latin.txt")).unwrap(),
        b"[card]\nname=\xc6ther Gust\nauto=draw:1\n[/card]\n"
    );
}

#[test]
fn diff_prints_and_writes_nothing() {
    let dir = fixture();
    let out = cardlint_in(
        dir.path(),
        &["check", "--select", "E", "--diff", "--unsafe-fixes", "."],
    );
    assert_eq!(out.status.code(), Some(1), "a non-empty diff exits 1");
    let diff = stdout(&out);
    assert!(
        diff.contains("--- a/cardsfolder/b/bom.txt")
            && diff.contains("+++ b/sets/primitives/open.txt"),
        "{diff}"
    );
    assert!(diff.contains("+[/card]"));
    assert_eq!(
        std::fs::read(dir.path().join("cardsfolder/b/bom.txt")).unwrap(),
        "\u{feff}Name:Bom\r\nTypes:Artifact\r\n".as_bytes()
    );
    let clean = cardlint_in(dir.path(), &["check", "--select", "E010", "--diff", "."]);
    assert_eq!(
        (clean.status.code(), stdout(&clean).as_str()),
        (Some(0), "")
    );
}

#[test]
fn config_select_ignore_severity_exclude() {
    let dir = fixture();
    write(dir.path(), "cardlint.toml", b"[lint]\nselect = [\"E\"]\nignore = [\"byte-order-mark\"]\n[lint.severity]\nE010 = \"error\"\n[files]\nexclude = [\"sets/**\"]\n");
    let out = cardlint_in(dir.path(), &["check", "--format", "json", "."]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["files"], 2, "sets/ is excluded");
    let diags = report["diagnostics"].as_array().unwrap();
    assert!(diags.iter().all(|d| d["code"] != "E002"), "E002 is ignored");
    let e010 = diags
        .iter()
        .find(|d| d["code"] == "E010")
        .expect("E010 still reported");
    assert_eq!(e010["severity"], "error");
    assert_eq!(out.status.code(), Some(1));
    // The config is found from a sub-folder too, and --isolated ignores it.
    let sub = cardlint_in(
        &dir.path().join("cardsfolder"),
        &["check", "--format", "json", "."],
    );
    let report: serde_json::Value = serde_json::from_slice(&sub.stdout).unwrap();
    assert!(
        report["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["code"] != "E002")
    );
    let isolated = cardlint_in(
        dir.path(),
        &[
            "check",
            "--isolated",
            "--select",
            "E",
            "--format",
            "json",
            ".",
        ],
    );
    let report: serde_json::Value = serde_json::from_slice(&isolated.stdout).unwrap();
    assert_eq!(report["files"], 3);
}

#[test]
fn config_per_file_ignores_and_dialects() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "extra/one.cards", b"[card]\nname=One\n");
    write(
        dir.path(),
        "cardsfolder/b/bom.txt",
        "\u{feff}Name:Bom\nTypes:Artifact\n".as_bytes(),
    );
    write(
        dir.path(),
        "cardlint.toml",
        b"[dialects]\n\"extra/*.cards\" = \"wagic\"\n[lint.per-file-ignores]\n\"bom.txt\" = [\"E002\"]\n",
    );
    let out = cardlint_in(
        dir.path(),
        &[
            "check",
            "--select",
            "E",
            "--format",
            "json",
            "extra/one.cards",
            "cardsfolder",
        ],
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let diags = report["diagnostics"].as_array().unwrap();
    assert!(
        diags
            .iter()
            .any(|d| d["code"] == "E012" && d["dialect"] == "wagic"),
        "{diags:?}"
    );
    assert!(diags.iter().all(|d| d["code"] != "E002"));
}

#[test]
fn bad_config_exits_two_naming_the_line() {
    let dir = fixture();
    write(
        dir.path(),
        "cardlint.toml",
        b"[lint]\nselect = [\"E\"]\nignore = [\"byte-ordre-mark\"]\n",
    );
    let out = cardlint_in(dir.path(), &["check", "."]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cardlint.toml:3:") && err.contains("byte-order-mark"),
        "{err}"
    );
    let out = cardlint_in(dir.path(), &["check", "--config", "missing.toml", "."]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn suppressions() {
    let dir = tempfile::tempdir().unwrap();
    let card = "Name:Quiet\nTypes:Artifact\n# cardlint: ignore[E010] kept for an engine fork that reads it\n| first stray\n| second stray\n# cardlint: ignore[unrecognized-line] nothing on the next line\nOracle:x\n# cardlint: ignore[E999]\n";
    write(dir.path(), "cardsfolder/q/quiet.txt", card.as_bytes());
    let out = cardlint_in(
        dir.path(),
        &["check", "--select", "E", "--format", "json", "."],
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let found: Vec<(String, u64)> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        vec![("E010".into(), 5), ("E020".into(), 6), ("E021".into(), 8)],
        "line 4 is suppressed, line 5 is not; the unused suppression and the broken one are reported"
    );
    let file_wide = "# cardlint: ignore-file[E010] this file documents stray lines on purpose\nName:Quiet\nTypes:Artifact\n| a\n| b\n";
    write(dir.path(), "cardsfolder/q/quiet.txt", file_wide.as_bytes());
    let out = cardlint_in(
        dir.path(),
        &["check", "--select", "E", "--format", "json", "."],
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["diagnostics"].as_array().unwrap().len(), 0);
    // The unused suppression's fix removes the comment line.
    let stale = "Name:Quiet\n# cardlint: ignore[E002] stale\nTypes:Artifact\n";
    write(dir.path(), "cardsfolder/q/quiet.txt", stale.as_bytes());
    cardlint_in(dir.path(), &["check", "--select", "E", "--fix", "."]);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("cardsfolder/q/quiet.txt")).unwrap(),
        "Name:Quiet\nTypes:Artifact\n"
    );
}

#[test]
fn rules_reference_page_is_current() {
    let page = Command::new(env!("CARGO_BIN_EXE_cardlint"))
        .args(["rules", "--format", "markdown"])
        .output()
        .unwrap();
    let generated = String::from_utf8(page.stdout).unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules.md");
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "docs/rules.md is out of date: run `UPDATE_DOCS=1 cargo test --test ci rules_reference_page_is_current`"
    );
}
