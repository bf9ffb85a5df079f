//! End to end: `cardlint check` on a Wagic card library finds the cross-file mistakes (two sets
//! sharing an id, a `primitive=` with a typo) when it is given the library's root.

use std::path::Path;
use std::process::Command;

fn write(dir: &Path, rel: &str, text: &str) {
    let path = dir.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

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
