//! Replays Wagic's own test suite (the 2016 snapshot of the shared corpus) and requires at least
//! 564 passes (569 today). Prints one line per test and the closing `N passed, M failed`. Skips, with a
//! notice, when the corpus is absent.

use std::path::Path;

#[test]
fn wagic_test_suite_replay() {
    // The corpus is `../shared/corpus` from the workspace root (CARDLINT_CORPUS overrides it).
    let corpus = std::env::var_os("CARDLINT_CORPUS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"));
    let tests = corpus.join("wagic/upstream-2016-06-29-140ee7b/test/_tests.txt");
    if !tests.exists() {
        eprintln!(
            "skipping the Wagic test-suite replay: {} is absent",
            tests.display()
        );
        return;
    }
    let report = engine::wagic_tests::run_suite(&tests, |r| match &r.outcome {
        engine::wagic_tests::Outcome::Pass => println!("pass {}", r.file),
        engine::wagic_tests::Outcome::Fail(why) => println!(
            "FAIL {}: {why} [cause: {}]",
            r.file,
            r.cause.as_deref().unwrap_or("?")
        ),
        engine::wagic_tests::Outcome::CannotRun(why) => {
            println!("FAIL {}: cannot run: {why}", r.file)
        }
    })
    .expect("the suite runs");
    println!("failures by first cause:");
    for (cause, n) in report.causes() {
        println!("{n:5}  {cause}");
    }
    println!("{} passed, {} failed", report.passed(), report.failed());
    assert_eq!(
        report.results.len(),
        719,
        "the suite lists 719 runnable tests"
    );
    assert!(
        report.passed() >= 564,
        "only {} of {} tests pass",
        report.passed(),
        report.results.len()
    );
}
