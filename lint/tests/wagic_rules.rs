//! The Wagic rules on the shipped examples folder. The edge cases of each rule are fixtures
//! (`lint/tests/fixtures/wagic/<CODE>/`, run by `fixtures.rs`).

use lint::{Dialect, SourceFile};

#[test]
fn the_examples_folder_is_flagged_where_it_is_wrong() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/wagic");
    let mut files = Vec::new();
    for rel in [
        "sets/primitives/_macros.txt",
        "sets/primitives/cards.txt",
        "sets/TS1/_cards.dat",
        "sets/TS2/_cards.dat",
    ] {
        let bytes = std::fs::read(root.join(rel)).unwrap();
        files.push(SourceFile::new(rel, Dialect::WAGIC, &bytes));
    }
    let results = lint::workspace::check(&files, &lint::config::Config::default());
    let codes: std::collections::BTreeSet<&str> =
        results.iter().flatten().map(|d| d.rule.code).collect();
    for code in ["W104", "W109", "W111", "W113", "W119"] {
        assert!(codes.contains(code), "{code} missing from {codes:?}");
    }
}

/// `[wagic] engine`: a word only the 2016 engine reads is no finding against it, and a hint
/// naming the source against today's; the 2016 engine takes every colour a transforms field
/// contains, today's compares the field exactly.
#[test]
fn the_chosen_engine_decides_what_is_read() {
    let card = "[card]\nname=Invented Veilwalker\nabilities=opponentshroud\n\
        auto={1}:transforms((,opponentshroud,black red)) ueot\n\
        auto={2}:transforms((,newability[draw:1],snowislandwalk)) ueot\n\
        type=Creature\nsubtype=Spirit\nmana={2}{U}\npower=1\ntoughness=1\n[/card]\n";
    let files = vec![SourceFile::new(
        "sets/primitives/cards.txt",
        Dialect::WAGIC,
        card.as_bytes(),
    )];
    let run = |engine: Option<model::wagic::versions::Version>| {
        let mut config = lint::config::Config::default();
        config.wagic_engine = engine;
        let mut found: Vec<String> = lint::workspace::check(&files, &config)
            .into_iter()
            .flatten()
            .filter(|d| ["W111", "W117", "W124"].contains(&d.rule.code))
            .map(|d| {
                format!(
                    "{} {:?} {} {:?}",
                    d.rule.code, d.severity, d.message, d.notes
                )
            })
            .collect();
        found.sort();
        found
    };
    let today = run(None);
    assert_eq!(today.len(), 4, "{today:#?}");
    assert!(
        today
            .iter()
            .any(|d| d.contains("W111 Hint") && d.contains("the current engine"))
    );
    assert!(
        today
            .iter()
            .any(|d| d.contains("black red") && d.contains("Hint"))
    );
    let head = run(Some(model::wagic::versions::Version::Head));
    assert_eq!(head.len(), 4, "{head:#?}");
    assert!(
        head.iter().all(|d| !d.contains("the current engine")),
        "{head:#?}"
    );
    assert!(
        head.iter()
            .any(|d| d.contains("W111 Hint") && d.contains("the Wagic head source"))
    );
    let v2016 = run(Some(model::wagic::versions::Version::V2016));
    assert_eq!(v2016.len(), 1, "{v2016:#?}");
    assert!(
        v2016[0].starts_with("W124 Error")
            && v2016[0].contains("snowislandwalk")
            && v2016[0].contains("the Wagic 2016 source only takes the colour `land`"),
        "{v2016:#?}"
    );
}
