//! `cardlint learn`: idioms mined from a folder of invented cards, byte-identical on a rerun, used
//! by `check` through `[forge] idioms`; the shipped data are what the command makes from the
//! shared corpora (skipped, with a notice, without them).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn cardlint_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardlint"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run cardlint")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A card whose second creature dying gains life; `zones` adds the trigger's zone (what every
/// such card writes).
fn card(name: &str, zones: bool) -> String {
    let zone = if zones {
        " | TriggerZones$ Battlefield"
    } else {
        ""
    };
    format!(
        "Name:{name}\nManaCost:1 W\nTypes:Creature Cleric\nPT:1/2\n\
T:Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Creature.Other{zone} | Execute$ TrigLife | TriggerDescription$ Whenever another creature dies, you gain 1 life.\n\
SVar:TrigLife:DB$ GainLife | LifeAmount$ 1 | Defined$ You\n\
Oracle:Whenever another creature dies, you gain 1 life.\n"
    )
}

/// 40 cards that write the idiom and one that does not.
fn corpus(dir: &Path) -> PathBuf {
    let cards = dir.join("cards");
    std::fs::create_dir_all(&cards).unwrap();
    for i in 0..40 {
        std::fs::write(
            cards.join(format!("mourner_{i}.txt")),
            card(&format!("Mourner {i}"), true),
        )
        .unwrap();
    }
    std::fs::write(cards.join("odd_mourner.txt"), card("Odd Mourner", false)).unwrap();
    cards
}

#[test]
fn learn_writes_the_idioms_and_a_rerun_is_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    corpus(dir.path());
    for out in ["a.tsv", "b.tsv"] {
        let run = cardlint_in(
            dir.path(),
            &["learn", "forge", "cards", "--label", "mine", "-o", out],
        );
        assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
        assert!(
            text(&run.stderr).contains("from 41 units of 41 cards in 41 files"),
            "{}",
            text(&run.stderr)
        );
    }
    let a = std::fs::read_to_string(dir.path().join("a.tsv")).unwrap();
    let b = std::fs::read_to_string(dir.path().join("b.tsv")).unwrap();
    assert_eq!(a, b, "a rerun writes the same bytes");
    assert!(a.starts_with("# cardlint learned idioms v1\n# dialect: forge\n# label: mine\n"));
    // The trigger's sentence goes with its zone on 40 of 41 cards.
    assert!(
        a.lines().any(|l| l.starts_with("T:cond|")
            && l.contains("\tH:TriggerZones=Battlefield\t41\t40\t41\t")),
        "{a}"
    );
}

#[test]
fn check_uses_the_idioms_named_in_the_config() {
    let dir = tempfile::tempdir().unwrap();
    corpus(dir.path());
    let learn = cardlint_in(
        dir.path(),
        &[
            "learn",
            "forge",
            "cards",
            "--label",
            "mine",
            "-o",
            "idioms.tsv",
        ],
    );
    assert_eq!(learn.status.code(), Some(0), "{}", text(&learn.stderr));
    std::fs::write(
        dir.path().join("cardlint.toml"),
        "[forge]\nidioms = \"idioms.tsv\"\n",
    )
    .unwrap();
    let check = cardlint_in(
        dir.path(),
        &[
            "check",
            "--select",
            "F180",
            "--format",
            "json",
            "--no-cache",
        ],
    );
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stderr));
    let v: serde_json::Value = serde_json::from_slice(&check.stdout).unwrap();
    let found = v["diagnostics"].as_array().unwrap();
    assert_eq!(found.len(), 1, "{v}");
    assert!(
        found[0]["path"]
            .as_str()
            .unwrap()
            .ends_with("odd_mourner.txt")
    );
    let message = found[0]["message"].as_str().unwrap();
    assert!(
        message.contains("`TriggerZones$ Battlefield` (40 of 41, e.g. Mourner 0)"),
        "{message}"
    );

    // Idioms of another dialect are a configuration error (exit 2), named at its line.
    std::fs::write(
        dir.path().join("cardlint.toml"),
        "[wagic]\nidioms = \"idioms.tsv\"\n",
    )
    .unwrap();
    let wrong = cardlint_in(dir.path(), &["check", "--no-cache"]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(
        text(&wrong.stderr).contains("cardlint.toml:2:")
            && text(&wrong.stderr).contains("learned from forge cards, not wagic"),
        "{}",
        text(&wrong.stderr)
    );
    // A file that is not learned idioms.
    std::fs::write(dir.path().join("idioms.tsv"), "Name:Not Idioms\n").unwrap();
    std::fs::write(
        dir.path().join("cardlint.toml"),
        "[forge]\nidioms = \"idioms.tsv\"\n",
    )
    .unwrap();
    let bad = cardlint_in(dir.path(), &["check", "--no-cache"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("not a learned-idioms file"),
        "{}",
        text(&bad.stderr)
    );
}

/// The shipped data are what `cardlint learn` makes from the corpora they name.
#[test]
fn shipped_idioms_are_reproduced_from_the_corpora() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("../shared/corpus");
    if !corpus.is_dir() {
        eprintln!(
            "notice: {} is absent; the shipped idioms were not re-learned",
            corpus.display()
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (dialect, source, label, shipped) in [
        (
            "forge",
            "forge/cardsfolder",
            "2020",
            "model/data/forge/learned/2020.tsv",
        ),
        (
            "wagic",
            "wagic/upstream-2016-06-29-140ee7b/sets/primitives/mtg.txt",
            "2016",
            "model/data/wagic/learned/2016.tsv",
        ),
    ] {
        let out = dir.path().join(format!("{dialect}.tsv"));
        let run = cardlint_in(
            root,
            &[
                "learn",
                dialect,
                corpus.join(source).to_str().unwrap(),
                "--label",
                label,
                "-o",
                out.to_str().unwrap(),
            ],
        );
        assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
        let made = std::fs::read_to_string(&out).unwrap();
        let kept = std::fs::read_to_string(root.join(shipped)).unwrap();
        assert!(
            made == kept,
            "{shipped} differs from what `cardlint learn {dialect} {source} --label {label}` makes: regenerate it"
        );
    }
}
