//! End-to-end tests of the `cardlint` binary: exit codes, output formats, debug trees, rules.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn cardlint(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardlint"))
        .args(args)
        .output()
        .expect("run cardlint")
}

fn write(dir: &Path, rel: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, bytes).unwrap();
    path
}

fn json(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "invalid JSON ({e}): {}",
            String::from_utf8_lossy(&output.stdout)
        )
    })
}

const CLEAN_FORGE: &str = "Name:Quiet Card\nManaCost:1 W\nTypes:Creature Human\nPT:1/1\nOracle:\n";

#[test]
fn clean_file_exits_zero() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "cardsfolder/q/quiet_card.txt",
        CLEAN_FORGE.as_bytes(),
    );
    let out = cardlint(&["check", path.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("no problems found"));
}

#[test]
fn error_exits_one_and_warning_alone_exits_zero() {
    let dir = tempfile::tempdir().unwrap();
    let bom = write(
        dir.path(),
        "cardsfolder/b/bom.txt",
        "\u{feff}Name:Bom\nTypes:Artifact\n".as_bytes(),
    );
    let out = cardlint(&["check", bom.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let wrapped = write(
        dir.path(),
        "cardsfolder/w/wrapped.txt",
        b"Name:Wrapped\nManaCost:1\nTypes:Artifact\n| SpellDescription$ lost\n",
    );
    let out = cardlint(&["check", wrapped.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "a warning alone must not fail the run"
    );
}

#[test]
fn missing_path_exits_two() {
    let out = cardlint(&["check", "/definitely/not/here"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not/here"));
}

#[test]
fn named_file_of_unknown_dialect_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let notes = write(dir.path(), "notes.txt", b"just some notes\n");
    let out = cardlint(&["check", notes.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--dialect"));
    // With --dialect it is checked.
    let out = cardlint(&["check", "--dialect", "forge", notes.to_str().unwrap()]);
    assert_ne!(out.status.code(), Some(2));
}

#[test]
fn walking_skips_files_of_unknown_dialect() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "readme.txt", b"not a card\n");
    write(dir.path(), "test/_tests.txt", b"generic/a.txt\n");
    write(
        dir.path(),
        "cardsfolder/q/quiet_card.txt",
        CLEAN_FORGE.as_bytes(),
    );
    write(
        dir.path(),
        "sets/TST/_cards.dat",
        b"[card]\nprimitive=Quiet Card\nid=1\nrarity=C\n[/card]\n",
    );
    let out = cardlint(&["check", "--format", "json", dir.path().to_str().unwrap()]);
    assert_eq!(json(&out)["files"], 2);
}

#[test]
fn json_follows_the_contract() {
    let dir = tempfile::tempdir().unwrap();
    // Line 3 has a multi-byte character before the problem: columns count characters.
    let path = write(
        dir.path(),
        "sets/primitives/cards.txt",
        "[card]\nname=Æther Test\ntext=é\nmana={2}{R}}\n[/card]\n".as_bytes(),
    );
    let out = cardlint(&["check", "--format", "json", path.to_str().unwrap()]);
    let report = json(&out);
    assert_eq!(report["version"], 1);
    assert_eq!(report["files"], 1);
    let diags = report["diagnostics"].as_array().unwrap();
    let d = diags
        .iter()
        .find(|d| d["code"] == "W113")
        .expect("W113 reported");
    assert_eq!(d["path"], path.to_str().unwrap());
    assert_eq!(d["dialect"], "wagic");
    assert_eq!(d["name"], "cost-brace");
    assert_eq!(d["severity"], "error");
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(4), Some(12))
    );
    assert_eq!(
        (d["end_line"].as_u64(), d["end_column"].as_u64()),
        (Some(4), Some(13))
    );
    assert!(d["fix"].is_null());
    for key in [
        "path",
        "dialect",
        "code",
        "name",
        "severity",
        "message",
        "line",
        "column",
        "end_line",
        "end_column",
        "fix",
    ] {
        assert!(d.get(key).is_some(), "missing {key}");
    }
}

#[test]
fn json_fix_edits_are_positioned() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "cardsfolder/b/bom.txt",
        "\u{feff}Name:Bom\nTypes:Artifact\n".as_bytes(),
    );
    let report = json(&cardlint(&[
        "check",
        "--format",
        "json",
        path.to_str().unwrap(),
    ]));
    let d = &report["diagnostics"][0];
    assert_eq!(d["code"], "E002");
    assert_eq!(d["fix"]["applicability"], "safe");
    let edit = &d["fix"]["edits"][0];
    assert_eq!(
        (
            edit["line"].as_u64(),
            edit["column"].as_u64(),
            edit["end_column"].as_u64()
        ),
        (Some(1), Some(1), Some(2))
    );
    assert_eq!(edit["new_text"], "");
}

#[test]
fn debug_tree_prints_rowan_debug_format() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "cardsfolder/x/x.txt", b"Name:X\r\nK:Flying");
    let out = cardlint(&["debug", "tree", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let expected = "SOURCE_FILE@0..16
  PROPERTY_LINE@0..6
    KEY@0..4 \"Name\"
    COLON@4..5 \":\"
    VALUE@5..6
      TEXT@5..6 \"X\"
  NEWLINE@6..8 \"\\r\\n\"
  KEYWORD_LINE@8..16
    KEY@8..9 \"K\"
    COLON@9..10 \":\"
    KEYWORD@10..16
      TEXT@10..16 \"Flying\"
";
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

#[test]
fn rules_and_explain() {
    let out = cardlint(&["rules", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let rules = json(&out);
    let rules = rules.as_array().unwrap();
    assert!(
        rules
            .iter()
            .any(|r| r["code"] == "E002" && r["name"] == "byte-order-mark")
    );
    let text = cardlint(&["rules"]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("byte-order-mark"));
    for key in ["E002", "e002", "byte-order-mark"] {
        let out = cardlint(&["explain", key]);
        assert_eq!(out.status.code(), Some(0));
        let doc = String::from_utf8_lossy(&out.stdout);
        assert!(doc.contains("## Example") && doc.contains("Use instead"));
    }
    assert_eq!(
        cardlint(&["explain", "no-such-rule"]).status.code(),
        Some(2)
    );
}

#[test]
fn examples_folder_shows_findings() {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let out = cardlint(&["check", "--format", "json", examples.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let report = json(&out);
    assert!(report["files"].as_u64().unwrap() >= 9);
    assert!(!report["diagnostics"].as_array().unwrap().is_empty());
}

/// The whole corpora: the run ends with 0 or 1 and valid JSON. Skips without ../shared/corpus.
#[test]
fn corpora_give_valid_json() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if !root.is_dir() {
        eprintln!("notice: {} is absent; corpus check skipped", root.display());
        return;
    }
    for corpus in ["forge", "wagic", "forge-upstream-sample"] {
        let out = cardlint(&[
            "check",
            "--format",
            "json",
            root.join(corpus).to_str().unwrap(),
        ]);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{corpus}: exit {:?}",
            out.status.code()
        );
        let report = json(&out);
        assert!(
            report["files"].as_u64().unwrap() > 100,
            "{corpus}: too few files"
        );
    }
}

#[test]
fn related_places_in_text_and_json() {
    let dir = tempfile::tempdir().unwrap();
    // A misspelt SVar reference: the SVar it probably means, in the same file.
    let forge = write(
        dir.path(),
        "cardsfolder/s/spark.txt",
        b"Name:Spark Test\nManaCost:R\nTypes:Instant\nA:SP$ DealDamage | ValidTgts$ Any | NumDmg$ 1 | SubAbility$ DBDarw | SpellDescription$ Deal 1.\nSVar:DBDraw:DB$ Draw | NumCards$ 1\n",
    );
    // A repeated id: the first entry, in another file.
    write(
        dir.path(),
        "sets/primitives/cards.txt",
        b"[card]\nname=Frost Wisp\ntype=Creature\nmana={U}\npower=1\ntoughness=1\n[/card]\n",
    );
    write(
        dir.path(),
        "sets/AAA/_cards.dat",
        b"[card]\nprimitive=Frost Wisp\nid=77\nrarity=C\n[/card]\n",
    );
    let set_b = write(
        dir.path(),
        "sets/BBB/_cards.dat",
        b"[card]\nprimitive=Frost Wisp\nid=77\nrarity=U\n[/card]\n",
    );
    let root = dir.path().to_str().unwrap();
    let report = json(&cardlint(&["check", "--format", "json", root]));
    let diags = report["diagnostics"].as_array().unwrap();
    let misspelt = diags
        .iter()
        .find(|d| d["path"] == forge.to_str().unwrap() && d["code"] == "F130")
        .unwrap_or_else(|| panic!("{diags:?}"));
    let related = &misspelt["related"][0];
    assert_eq!(related["path"], forge.to_str().unwrap());
    assert_eq!(
        (related["line"].as_u64(), related["column"].as_u64()),
        (Some(5), Some(6))
    );
    assert_eq!(related["end_column"], 12);
    assert_eq!(related["message"], "the SVar DBDraw is defined here");
    let duplicate = diags
        .iter()
        .find(|d| d["path"] == set_b.to_str().unwrap() && d["code"] == "W104")
        .unwrap_or_else(|| panic!("{diags:?}"));
    let related = &duplicate["related"][0];
    assert!(related["path"].as_str().unwrap().ends_with("_cards.dat"));
    assert_ne!(related["path"], set_b.to_str().unwrap());
    assert_eq!(related["line"], 3);
    // Findings without related places have no such key.
    assert!(
        diags
            .iter()
            .filter(|d| d["code"] != "F130" && d["code"] != "W104")
            .all(|d| d.get("related").is_none())
    );

    // Text: a secondary label under the SVar's definition.
    let out = cardlint(&["check", "--color", "never", forge.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("the SVar DBDraw is defined here"), "{text}");
    assert!(text.contains("SVar:DBDraw"), "{text}");
}
