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
