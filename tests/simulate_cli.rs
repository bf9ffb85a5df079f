//! End-to-end tests of `cardlint simulate` and `cardlint check --simulate` on invented cards.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

mod common;
use common::{json, write};

fn cardlint_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardlint"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run cardlint")
}

/// (code, path, line) of every diagnostic.
fn findings(report: &Value) -> Vec<(String, String, u64)> {
    report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["path"].as_str().unwrap().replace('\\', "/"),
                d["line"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn has(report: &Value, code: &str) -> bool {
    findings(report).iter().any(|(c, _, _)| c == code)
}

/// `Defined$ Targeted` on a spell that targets nothing: Forge finds no target at run time (G105).
const STRAY_AIM: &str = "Name:Stray Aim\nManaCost:1 R\nTypes:Sorcery\nA:SP$ DealDamage | Cost$ 1 R | Defined$ Targeted | NumDmg$ 3 | SpellDescription$ Deal 3 damage.\nOracle:Deal 3 damage.\n";

/// A clean card the engine plays through.
const SPARK: &str = "Name:Small Spark\nManaCost:R\nTypes:Instant\nA:SP$ DealDamage | Cost$ R | ValidTgts$ Any | NumDmg$ 1 | SpellDescription$ Small Spark deals 1 damage to any target.\nOracle:Small Spark deals 1 damage to any target.\n";

/// A Wagic spell that moves its target to a zone Wagic does not know: nothing moves (G111).
const LOST_RETURN: &str = "[card]\nname=Lost Return\ntype=Sorcery\nmana={U}\ntarget=creature\nauto=moveto(ownerhandd)\ntext=Return target creature to its owner's hand.\n[/card]\n";

#[test]
fn simulate_reports_runtime_failures_at_the_ability_line() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "cardsfolder/s/stray_aim.txt", STRAY_AIM);
    write(dir.path(), "cardsfolder/s/small_spark.txt", SPARK);
    write(dir.path(), "sets/primitives/lost.txt", LOST_RETURN);
    let out = cardlint_in(dir.path(), &["simulate", "--format", "json", "."]);
    let r = json(&out);
    assert_eq!(r["version"], 1);
    assert_eq!(r["files"], 3);
    let found = findings(&r);
    assert!(
        found.contains(&(
            "G105".to_string(),
            "cardsfolder/s/stray_aim.txt".to_string(),
            4
        )),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|(c, p, l)| c == "G111" && p == "sets/primitives/lost.txt" && *l == 6),
        "{found:?}"
    );
    assert!(
        !found.iter().any(|(_, p, _)| p.ends_with("small_spark.txt")),
        "{found:?}"
    );
    // Warnings only: exit 0.
    assert_eq!(out.status.code(), Some(0), "{found:?}");
    // The same with the other formats, and the same exit code.
    for format in ["text", "sarif", "github"] {
        let out = cardlint_in(dir.path(), &["simulate", "--format", format, "."]);
        assert_eq!(out.status.code(), Some(0), "{format}");
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("G105"),
            "{format}"
        );
    }
}

#[test]
fn simulate_is_deterministic() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "cardsfolder/s/stray_aim.txt", STRAY_AIM);
    write(dir.path(), "sets/primitives/lost.txt", LOST_RETURN);
    let a = cardlint_in(dir.path(), &["simulate", "--format", "json", "."]);
    let b = cardlint_in(dir.path(), &["simulate", "--format", "json", "."]);
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn check_simulate_adds_findings_and_honours_suppressions() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "cardsfolder/s/stray_aim.txt", STRAY_AIM);
    let plain = json(&cardlint_in(
        dir.path(),
        &["check", "--format", "json", "."],
    ));
    assert!(!has(&plain, "G105"));
    let simulated = json(&cardlint_in(
        dir.path(),
        &["check", "--simulate", "--no-cache", "--format", "json", "."],
    ));
    assert!(has(&simulated, "G105"), "{simulated}");

    // A suppression comment naming a simulation rule silences it under --simulate, and a plain
    // `check` (which does not simulate) does not call it unused.
    let quiet = STRAY_AIM.replace(
        "A:SP$",
        "# cardlint: ignore[G105] resolved by the replacement effect\nA:SP$",
    );
    write(dir.path(), "cardsfolder/s/stray_aim.txt", &quiet);
    let plain = json(&cardlint_in(
        dir.path(),
        &["check", "--no-cache", "--format", "json", "."],
    ));
    assert!(!has(&plain, "E020"), "{plain}");
    let simulated = json(&cardlint_in(
        dir.path(),
        &["check", "--simulate", "--no-cache", "--format", "json", "."],
    ));
    assert!(!has(&simulated, "G105"), "{simulated}");
    assert!(!has(&simulated, "E020"), "{simulated}");

    // Under --simulate, a simulation suppression that silences nothing is reported.
    let stale = SPARK.replace("A:SP$", "# cardlint: ignore[G105] no longer needed\nA:SP$");
    write(dir.path(), "cardsfolder/s/small_spark.txt", &stale);
    let simulated = json(&cardlint_in(
        dir.path(),
        &["check", "--simulate", "--no-cache", "--format", "json", "."],
    ));
    assert!(
        findings(&simulated)
            .iter()
            .any(|(c, p, l)| c == "E020" && p.ends_with("small_spark.txt") && *l == 4),
        "{simulated}"
    );
}

#[test]
fn simulate_skips_dialects_it_does_not_play() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "data/cards.txt",
        "###\nTiny Sprite\n\tType: Creature\n",
    );
    let out = cardlint_in(
        dir.path(),
        &[
            "simulate",
            "--dialect",
            "pymtg",
            "--format",
            "json",
            "data/cards.txt",
        ],
    );
    assert!(
        out.status.code() == Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r = json(&out);
    assert!(
        !findings(&r)
            .iter()
            .any(|(c, _, _)| c.starts_with('G') && c != "G101"),
        "{r}"
    );
}

#[test]
fn simulate_usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = cardlint_in(dir.path(), &["simulate", "no/such/path"]);
    assert_eq!(out.status.code(), Some(2));
    let out = cardlint_in(dir.path(), &["simulate", "--format", "yaml", "."]);
    assert_eq!(out.status.code(), Some(2));
}
