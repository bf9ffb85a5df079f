//! The fuzz targets on every `cargo test`: a short fixed budget of each target on each kind of
//! file (fixed seed: the same inputs on every run), and the replay of every input kept in
//! `fuzz/regressions/`. `CARDLINT_FUZZ_CASES` sets the number of cases per job; a campaign for a
//! time budget is `cargo run --release -p cardlint-fuzz -- --dialect forge --seconds 1800`
//! (or the ignored test `campaign` with `CARDLINT_FUZZ_SECONDS` and `CARDLINT_FUZZ_DIALECT`).

use fuzz::run::{Job, short};
use fuzz::targets::Target;

const SEED: u64 = 0x0ca7_d117;

/// Cases per job by default, sized so that the whole file runs in well under a minute in a
/// debug build (the simulation and the fixes cost the most).
fn cases(target: Target) -> usize {
    if let Some(n) = std::env::var("CARDLINT_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return n;
    }
    match target {
        Target::Parse => 300,
        Target::Lint => 150,
        Target::Fix => 100,
        Target::Format => 300,
        Target::Simulate => 60,
        Target::Lsp => 300,
    }
}

fn fuzz(target: Target, kind: &str) {
    let kind = fuzz::kind(kind).expect("a kind");
    assert!(target.applies(kind));
    short(Job { target, kind }, cases(target), SEED);
}

macro_rules! targets {
    ($($name:ident: $target:ident $kind:literal;)*) => {
        $(
            #[test]
            fn $name() {
                fuzz(Target::$target, $kind);
            }
        )*
    };
}

targets! {
    parse_forge: Parse "forge";
    parse_wagic_primitives: Parse "wagic-primitives";
    parse_wagic_set: Parse "wagic-set";
    parse_pymtg: Parse "pymtg";
    parse_netrunner_scripts: Parse "netrunner-scripts";
    parse_netrunner_set: Parse "netrunner-set";
    parse_rulescript: Parse "rulescript";
    parse_rulescript_set: Parse "rulescript-set";
    lint_forge: Lint "forge";
    lint_wagic_primitives: Lint "wagic-primitives";
    lint_wagic_set: Lint "wagic-set";
    lint_pymtg: Lint "pymtg";
    lint_netrunner_scripts: Lint "netrunner-scripts";
    lint_netrunner_set: Lint "netrunner-set";
    lint_rulescript: Lint "rulescript";
    lint_rulescript_set: Lint "rulescript-set";
    fix_forge: Fix "forge";
    fix_wagic_primitives: Fix "wagic-primitives";
    fix_wagic_set: Fix "wagic-set";
    fix_pymtg: Fix "pymtg";
    fix_netrunner_scripts: Fix "netrunner-scripts";
    fix_netrunner_set: Fix "netrunner-set";
    fix_rulescript: Fix "rulescript";
    fix_rulescript_set: Fix "rulescript-set";
    format_forge: Format "forge";
    format_wagic_primitives: Format "wagic-primitives";
    format_wagic_set: Format "wagic-set";
    simulate_forge: Simulate "forge";
    simulate_wagic_primitives: Simulate "wagic-primitives";
    simulate_wagic_set: Simulate "wagic-set";
    lsp_forge: Lsp "forge";
    lsp_wagic: Lsp "wagic-primitives";
    lsp_pymtg: Lsp "pymtg";
    lsp_netrunner: Lsp "netrunner-scripts";
    lsp_rulescript: Lsp "rulescript";
}

/// Every job of every dialect has a test above.
#[test]
fn every_job_is_tested() {
    let source = include_str!("fuzz.rs");
    for dialect in fuzz::DIALECTS {
        for job in fuzz::run::jobs(dialect) {
            let line = format!("{:?} \"{}\";", job.target, job.kind.name);
            assert!(source.contains(&line), "no test runs {}", job.label());
        }
    }
}

/// Every input that ever failed (and the known hard cases) still passes every target of its kind.
#[test]
fn regressions() {
    let dir = fuzz::regressions_dir();
    let (count, failures) = fuzz::run::replay(&dir);
    assert!(count > 0, "no regression inputs in {}", dir.display());
    assert!(
        failures.is_empty(),
        "{} of the regression inputs fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A campaign: `CARDLINT_FUZZ_SECONDS=1800 CARDLINT_FUZZ_DIALECT=forge cargo test --release -p
/// cardlint-fuzz --test fuzz -- --ignored campaign --nocapture` (the `cardlint-fuzz` binary
/// does the same with a table per dialect; `bench/fuzz_campaign.py` runs it for all five).
#[test]
#[ignore]
fn campaign() {
    let seconds: f64 = std::env::var("CARDLINT_FUZZ_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60.0);
    let dialect = std::env::var("CARDLINT_FUZZ_DIALECT").unwrap_or_else(|_| "forge".into());
    let c = fuzz::run::Campaign {
        dialect: dialect.clone(),
        budget: std::time::Duration::from_secs_f64(seconds),
        seed: 1,
        regressions: fuzz::regressions_dir(),
        hang: std::time::Duration::from_secs(60),
        max_repeat: fuzz::run::CAMPAIGN_REPEAT,
        slowest: None,
        inflight: None,
    };
    let results = fuzz::run::campaign(&c, &mut std::io::stdout());
    fuzz::run::summary(&dialect, &results, &mut std::io::stdout());
    assert!(results.iter().all(|(_, t)| t.failures.is_empty()));
}
