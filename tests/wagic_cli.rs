//! End to end: `cardlint check` on a Wagic card library finds the cross-file mistakes (two sets
//! sharing an id, a `primitive=` with a typo) when it is given the library's root.

use std::path::Path;
use std::process::Command;

mod common;
use common::write;

#[test]
fn shared_ids_and_misspelt_primitives_are_found_from_the_root() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("Res");
    write(
        &root,
        "sets/primitives/cards.txt",
        "[card]\nname=Ember Hound\nmana={1}{R}\ntype=Creature\nsubtype=Hound\npower=2\ntoughness=1\n[/card]\n\
         [card]\nname=Tide Sprite\nmana={U}\ntype=Creature\nsubtype=Faerie\npower=1\ntoughness=1\nabilities=flying\n[/card]\n",
    );
    write(
        &root,
        "sets/AAA/_cards.dat",
        "[meta]\nname=First Set\n[/meta]\n[card]\nprimitive=Ember Hound\nid=4242\nrarity=C\n[/card]\n",
    );
    write(
        &root,
        "sets/BBB/_cards.dat",
        "[meta]\nname=Second Set\n[/meta]\n[card]\nprimitive=Tide Sprite\nid=4242\nrarity=C\n[/card]\n\
         [card]\nprimitive=Ember Hund\nid=4243\nrarity=U\n[/card]\n",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_cardlint"))
        .args(["check", "--format", "json", root.to_str().unwrap()])
        .output()
        .expect("run cardlint");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["files"], 3);
    let diags = report["diagnostics"].as_array().unwrap();
    let find = |code: &str| {
        diags
            .iter()
            .find(|d| d["code"] == code)
            .unwrap_or_else(|| panic!("{code} not reported: {diags:#?}"))
    };
    let dup = find("W104");
    assert!(
        dup["path"]
            .as_str()
            .unwrap()
            .ends_with("sets/BBB/_cards.dat")
    );
    assert_eq!(dup["severity"], "error");
    assert_eq!(
        (dup["line"].as_u64(), dup["column"].as_u64()),
        (Some(6), Some(4))
    );
    let typo = find("W109");
    assert!(
        typo["path"]
            .as_str()
            .unwrap()
            .ends_with("sets/BBB/_cards.dat")
    );
    assert_eq!(typo["line"], 10);
    assert!(typo["message"].as_str().unwrap().contains("Ember Hund"));
    assert_eq!(typo["fix"]["edits"][0]["new_text"], "Ember Hound");
    assert_eq!(
        out.status.code(),
        Some(1),
        "an error-level finding fails the run"
    );
}

/// `cardlint vocab wagic` writes the TSV of a Wagic source tree (here a tiny invented one: the
/// engine's file and function names, none of its code) to standard output or to `-o FILE`.
#[test]
fn vocab_wagic_writes_the_words_of_a_source_tree() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("engine");
    write(
        &src,
        "src/MTGDefinitions.cpp",
        "const char* Constants::MTGBasicAbilities[] = {\"glide\", \"stomp\"};\n\
         const char* Constants::MTGPhaseCodeNames[] = {\"dawn\", \"dusk\"};\n",
    );
    write(
        &src,
        "src/MTGAbility.cpp",
        "MTGAbility * AbilityFactory::parseMagicLine(string s, int id)\n{\n\
         \x20   if (s.find(\"bounce\") != string::npos) return NULL;\n\
         \x20   return NULL;\n}\n",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_cardlint"))
        .args([
            "vocab",
            "wagic",
            src.to_str().unwrap(),
            "--label",
            "invented",
        ])
        .output()
        .expect("run cardlint");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("# cardlint wagic vocabulary v1\n# label: invented\n"));
    for row in [
        "basic-ability\tglide\t0\tsrc/MTGDefinitions.cpp:1",
        "basic-ability\tstomp\t1\tsrc/MTGDefinitions.cpp:1",
        "phase\tdusk\t1\tsrc/MTGDefinitions.cpp:2",
        "effect\tbounce\tcontains\tsrc/MTGAbility.cpp:3",
    ] {
        assert!(text.lines().any(|l| l == row), "no `{row}` in\n{text}");
    }
    let file = dir.path().join("out.tsv");
    let out = Command::new(env!("CARGO_BIN_EXE_cardlint"))
        .args([
            "vocab",
            "wagic",
            src.to_str().unwrap(),
            "--label",
            "invented",
            "-o",
        ])
        .arg(&file)
        .output()
        .expect("run cardlint");
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    // A folder without the engine's files is refused (exit 2).
    let out = Command::new(env!("CARGO_BIN_EXE_cardlint"))
        .args([
            "vocab",
            "wagic",
            dir.path().join("nothing").to_str().unwrap(),
        ])
        .output()
        .expect("run cardlint");
    assert_eq!(out.status.code(), Some(2));
}

/// The shipped `model/data/wagic/versions/{2016,head}.tsv` are what `cardlint vocab wagic` writes
/// for the two engine sources of `../shared/corpus/wagic-engine-src`, byte for byte (with the
/// label of the shipped file). Skipped, with a notice, when the sources are absent.
#[test]
fn vocab_wagic_regenerates_the_shipped_versions() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = std::env::var_os("CARDLINT_WAGIC_SRC")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/corpus/wagic-engine-src"));
    if !src.join("2016-140ee7b").is_dir() {
        println!("notice: Wagic sources not found (../shared or CARDLINT_WAGIC_SRC): test skipped");
        return;
    }
    for (file, dir) in [("2016", "2016-140ee7b"), ("head", "head-37115e1")] {
        let path = root.join(format!("model/data/wagic/versions/{file}.tsv"));
        let shipped = std::fs::read_to_string(&path).unwrap();
        let label = shipped
            .lines()
            .find_map(|l| l.strip_prefix("# label: "))
            .expect("a label line");
        let out = Command::new(env!("CARGO_BIN_EXE_cardlint"))
            .args(["vocab", "wagic", "--label", label])
            .arg(src.join(dir))
            .output()
            .expect("run cardlint");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stdout == shipped.as_bytes(),
            "{} is not what `cardlint vocab wagic {} --label '{label}'` writes: regenerate it with -o",
            path.display(),
            src.join(dir).display()
        );
    }
}
