//! End to end, the Python-MTG, Netrunner and RuleScript dialects: detection in a walk (by path
//! and by content, `.py` and `.xml` included), `--dialect`, positions in the host files, debug
//! trees, the examples, and the shared corpora.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn cardlint(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardlint"))
        .args(args)
        .output()
        .expect("run cardlint")
}

fn write(dir: &Path, rel: &str, text: &str) -> PathBuf {
    let path = dir.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
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

/// `(file name, dialect, code, line, column)` of each finding.
fn findings(report: &serde_json::Value) -> Vec<(String, String, String, u64, u64)> {
    report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let path = d["path"].as_str().unwrap().replace('\\', "/");
            let name = path.rsplit('/').next().unwrap().to_string();
            (
                name,
                d["dialect"].as_str().unwrap().to_string(),
                d["code"].as_str().unwrap().to_string(),
                d["line"].as_u64().unwrap(),
                d["column"].as_u64().unwrap(),
            )
        })
        .collect()
}

const PYMTG: &str = "# invented\n##############################\nDivination\n\tself.controller.draw(2)\n##############################\nSoulmender\n\tAbilities:\n\t\tT:self.controller.gain_life(1)\n";
const TABLE: &str = "ScriptsLocal = '''\n=====\nX\n-----\nc0ffee00-0000-4000-8000-000000000001\n-----\nonPlay:Gain1Credits-isSubrourine\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''\n";
const CLASSIC: &str = "<?xml version=\"1.0\"?>\n<set gameId=\"13568561-7a2e-4572-8f31-3d99580ab245\">\n<card id=\"c1\" name=\"X\">\n<property name=\"AutoAction\" value=\"A1B0G0T0:RunR&amp;D$$Draw1Card-isSubrourine\" />\n</card>\n</set>\n";
const RULES: &str = "RulesDict = {}\nRulesDict[\"c0ffee00-0000-4000-8000-000000000001\"] = \"\"\"\naction = damgae(100)\n\"\"\"\n";

#[test]
fn a_walk_finds_each_dialect_by_path_and_content() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "mtg/data/m15_cards.txt", PYMTG);
    // Content alone: any name.
    write(dir.path(), "notes/my_conversions.txt", PYMTG);
    write(dir.path(), "anr/o8g/Scripts/CardScripts.py", TABLE);
    write(dir.path(), "classic/Sets/Core/set.xml", CLASSIC);
    write(dir.path(), "cfc/o8g/Scripts/card_rules.py", RULES);
    // Python and XML files of no dialect are skipped, not reported.
    write(dir.path(), "tools/build.py", "print('hello')\n");
    write(
        dir.path(),
        "other/set.xml",
        "<?xml version=\"1.0\"?>\n<set gameId=\"other\"></set>\n",
    );
    let out = cardlint(&[
        "check",
        "--format",
        "json",
        "--no-cache",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = json(&out);
    assert_eq!(report["files"].as_u64(), Some(5));
    let found = findings(&report);
    for (name, dialect, code, line, column) in [
        ("m15_cards.txt", "pymtg", "P103", 8, 5),
        ("my_conversions.txt", "pymtg", "P103", 8, 5),
        ("CardScripts.py", "netrunner", "N104", 7, 21),
        ("set.xml", "netrunner", "N104", 4, 67),
        ("card_rules.py", "rulescript", "R103", 3, 10),
    ] {
        assert!(
            found.iter().any(|f| f.0 == name
                && f.1 == dialect
                && f.2 == code
                && f.3 == line
                && f.4 == column),
            "{name}: no {code} at {line}:{column} in {found:?}"
        );
    }
}

#[test]
fn dialect_flag_and_debug_tree() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "scripts.txt", "onPlay = nothing\n");
    let out = cardlint(&[
        "check",
        "--dialect",
        "pymtg",
        "--format",
        "json",
        path.to_str().unwrap(),
    ]);
    assert!(matches!(out.status.code(), Some(0 | 1)));
    assert_eq!(json(&out)["files"].as_u64(), Some(1));
    let table = write(dir.path(), "t.py", TABLE);
    let out = cardlint(&[
        "debug",
        "tree",
        "--dialect",
        "netrunner",
        table.to_str().unwrap(),
    ]);
    let tree = String::from_utf8_lossy(&out.stdout);
    assert!(
        tree.contains("SCRIPT_TABLE@") && tree.contains("MOD_NAME@"),
        "{tree}"
    );
    let rules = write(dir.path(), "r.py", RULES);
    let out = cardlint(&[
        "debug",
        "tree",
        "--dialect",
        "rulescript",
        rules.to_str().unwrap(),
    ]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("RULE_ENTRY@"));
}

#[test]
fn fixes_apply_in_the_host_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "o8g/Scripts/card_rules.py",
        "RulesDict = {}\nRulesDict[\"C0FFEE00-0000-4000-8000-000000000001\"] = \"\"\"\naction = draw(1)\n\n\"\"\"\n",
    );
    let out = cardlint(&["check", "--fix", "--no-cache", path.to_str().unwrap()]);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fixed = std::fs::read_to_string(&path).unwrap();
    assert!(
        fixed.contains("[\"c0ffee00-0000-4000-8000-000000000001\"]"),
        "{fixed}"
    );
}

#[test]
fn the_examples_show_each_dialect() {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let out = cardlint(&[
        "check",
        "--format",
        "json",
        "--no-cache",
        examples.to_str().unwrap(),
    ]);
    let found = findings(&json(&out));
    for dialect in ["pymtg", "netrunner", "rulescript"] {
        assert!(
            found.iter().any(|f| f.1 == dialect),
            "no finding for {dialect} in the examples"
        );
    }
}

/// The shared corpora (`../shared/corpus`, or `CARDLINT_CORPUS`): every file is checked without a
/// crash, with valid JSON, and the set files are found beside the scripts. Skips without them.
#[test]
fn corpora_of_the_three_dialects() {
    let root = std::env::var_os("CARDLINT_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"));
    if !root.is_dir() {
        eprintln!("notice: {} is absent; corpus check skipped", root.display());
        return;
    }
    for (corpus, dialect, files) in [
        ("pymtg", "pymtg", 17),
        ("netrunner", "netrunner", 40),
        ("rulescript", "rulescript", 2),
    ] {
        let out = cardlint(&[
            "check",
            "--format",
            "json",
            "--no-cache",
            root.join(corpus).to_str().unwrap(),
        ]);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{corpus}: exit {:?}",
            out.status.code()
        );
        let report = json(&out);
        assert!(
            report["files"].as_u64().unwrap() >= files,
            "{corpus}: too few files"
        );
        assert!(
            findings(&report).iter().all(|f| f.1 == dialect),
            "{corpus}: a file read as another dialect"
        );
    }
}
