//! `cardlint simulate`: plays every card in a synthetic game (the `engine` crate) and prints
//! what fails at run time through the same output as `check` (same formats, same exit codes);
//! `--wagic-tests` replays Wagic's own test suite.

use crate::cli::{DialectArg, Format, SimulateArgs};
use crate::{files, output};
use lint::Severity;
use lint::config::Config;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(args: &SimulateArgs) -> Result<ExitCode, String> {
    if let Some(tests) = &args.wagic_tests {
        return wagic_tests(tests);
    }
    let start = Instant::now();
    let config = load_config(args)?;
    let loaded = files::load(&args.paths, args.dialect.map(DialectArg::dialect), &config)?;
    let (findings, stats) = engine::simulate(&loaded.files, &options(&config));
    let mut results = to_diagnostics(findings);
    apply_config(&loaded.files, &mut results, &config);
    let report = output::Report::new(&loaded.files, results);
    match args.format {
        Format::Text => output::text::print(&report, false),
        Format::Json => output::json::print(&report),
        Format::Sarif => output::sarif::print(&report),
        Format::Github => output::github::print(&report),
    }
    .map_err(|e| format!("cannot write the report: {e}"))?;
    if args.stats {
        print_stats(&stats, start.elapsed());
    }
    for path in &loaded.unknown {
        eprintln!(
            "cardlint: {}: cannot tell which card language this file is written in; name it with --dialect",
            path.display()
        );
    }
    Ok(if !loaded.unknown.is_empty() {
        ExitCode::from(2)
    } else if report.count(Severity::Error) > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `cardlint.toml` found from the first path upward (its exclusions, dialect overrides and rule
/// selection apply to the simulation too), else the defaults.
fn load_config(args: &SimulateArgs) -> Result<Config, String> {
    let start = args.paths.first().map_or(Path::new("."), |p| p.as_path());
    match Config::discover(start) {
        Some(path) => Config::load(&path).map_err(|e| e.to_string()),
        None => Ok(Config::default()),
    }
}

/// `check --simulate`: the simulation's findings (filtered by the configuration like the
/// lint's) merged into the lint's, file by file.
pub fn add_to_lint(
    files: &[lint::SourceFile],
    lint: Vec<Vec<lint::Diagnostic>>,
    config: &Config,
) -> Vec<Vec<lint::Diagnostic>> {
    let (findings, _) = engine::simulate(files, &options(config));
    let mut sim = to_diagnostics(findings);
    apply_config(files, &mut sim, config);
    merge(lint, sim)
}

/// The engine's options under a configuration (which Forge the cards are played against).
fn options(config: &Config) -> engine::Options {
    engine::Options {
        forge_engine: config.forge_engine.clone(),
        ..engine::Options::default()
    }
}

/// The rule that reports a kind of simulation finding (`lint::simulation`).
pub fn meta(kind: engine::Kind) -> &'static lint::RuleMeta {
    lint::simulation::RULES
        .iter()
        .copied()
        .find(|r| r.code == kind.code())
        .expect("every kind of simulation finding has its rule in lint::simulation")
}

fn to_diagnostic(f: engine::Finding) -> lint::Diagnostic {
    let mut d = lint::Diagnostic::new(meta(f.kind), f.range, f.message);
    d.notes = f.notes;
    d
}

/// The engine's findings (one list per file) as diagnostics of the `G1xx` rules.
pub fn to_diagnostics(findings: Vec<Vec<engine::Finding>>) -> Vec<Vec<lint::Diagnostic>> {
    findings
        .into_iter()
        .map(|file| file.into_iter().map(to_diagnostic).collect())
        .collect()
}

/// Applies the configuration and the files' suppression comments to simulation diagnostics
/// (one list per file).
pub fn apply_config(
    files: &[lint::SourceFile],
    results: &mut [Vec<lint::Diagnostic>],
    config: &Config,
) {
    for (file, r) in files.iter().zip(results.iter_mut()) {
        let filter = lint::workspace::file_filter(config, file);
        filter.apply(r);
        lint::suppress::apply_pass(file, &filter, r, lint::suppress::Pass::Simulation);
    }
}

/// Lint diagnostics and simulation diagnostics of the same files, merged per file
/// (`simulation::add_to_lint`: a simulation finding the lint already reports is dropped).
pub fn merge(
    mut lint: Vec<Vec<lint::Diagnostic>>,
    sim: Vec<Vec<lint::Diagnostic>>,
) -> Vec<Vec<lint::Diagnostic>> {
    for (l, s) in lint.iter_mut().zip(sim) {
        lint::simulation::add_to_lint(l, s);
        l.sort_by_key(|d| (d.range.start(), d.range.end(), d.rule.code));
    }
    lint
}

/// The language server's entry point (run on save): plays the cards of one open document and
/// returns its simulation findings, filtered by the configuration like the lint's (`select`,
/// `ignore`, severity overrides and per-file ignores of `cardlint.toml`), sorted by position.
///
/// `text` is the document as the editor holds it (saved or not); `path` places it for the
/// configuration and tells a Wagic primitives file from a set file. Dialects the engine does not
/// play give no finding. Never panics: a failure of the engine on one card is a `G100` finding on
/// that card. Suppression comments naming `G1xx` rules apply, and one that silences nothing is
/// reported (`E020`).
pub fn simulate_document(
    path: &Path,
    dialect: lint::Dialect,
    text: &str,
    config: &Config,
) -> Vec<lint::Diagnostic> {
    let file = lint::SourceFile::from_text(path, dialect, text);
    let (mut findings, _) = engine::simulate(std::slice::from_ref(&file), &options(config));
    let findings = findings.pop().unwrap_or_default();
    let mut out: Vec<lint::Diagnostic> = findings.into_iter().map(to_diagnostic).collect();
    apply_config(
        std::slice::from_ref(&file),
        std::slice::from_mut(&mut out),
        config,
    );
    out.sort_by_key(|d| (d.range.start(), d.range.end(), d.rule.code));
    out
}

/// Timing and coverage figures on standard error (read by `bench/simulate.py`).
pub fn print_stats(stats: &engine::Stats, wall: std::time::Duration) {
    let cards = stats.cards().max(1);
    eprintln!(
        "simulate: {} cards ({} Forge, {} Wagic); fully exercised {} ({:.1}%); crashed {}; step budget {}",
        stats.cards(),
        stats.forge_cards,
        stats.wagic_cards,
        stats.fully_exercised,
        100.0 * stats.fully_exercised as f64 / cards as f64,
        stats.crashed,
        stats.budget
    );
    eprintln!(
        "simulate: {:.3} ms per card (CPU, summed over threads); wall {:.2} s",
        stats.card_time.as_secs_f64() * 1000.0 / cards as f64,
        wall.as_secs_f64()
    );
}

fn wagic_tests(tests: &std::path::Path) -> Result<ExitCode, String> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let report = engine::wagic_tests::run_suite(tests, |r| {
        let line = match &r.outcome {
            engine::wagic_tests::Outcome::Pass => format!("pass {}", r.file),
            engine::wagic_tests::Outcome::Fail(why) => format!("FAIL {}: {why}", r.file),
            engine::wagic_tests::Outcome::CannotRun(why) => {
                format!("FAIL {}: cannot run: {why}", r.file)
            }
        };
        let _ = writeln!(out, "{line}");
    })?;
    let _ = writeln!(
        out,
        "{} passed, {} failed",
        report.passed(),
        report.failed()
    );
    Ok(if report.failed() > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The language server's on-save hook: the engine plays the cards of the saved document.
pub struct OnSave;

impl lint::analysis::SaveCheck for OnSave {
    fn check(
        &self,
        path: &std::path::Path,
        dialect: lint::Dialect,
        text: &str,
        config: &Config,
    ) -> Vec<lint::Diagnostic> {
        simulate_document(path, dialect, text, config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use syntax::TextRange;

    #[test]
    fn every_kind_of_finding_has_its_rule() {
        for kind in engine::Kind::ALL {
            assert_eq!(meta(kind).code, kind.code());
        }
        assert_eq!(engine::Kind::ALL.len(), lint::simulation::RULES.len());
    }

    #[test]
    fn merge_drops_what_the_lint_already_says() {
        let at = |a: u32, b: u32| TextRange::new(a.into(), b.into());
        let lint = vec![vec![lint::Diagnostic::new(
            &lint::simulation::MISSING_PARAM,
            at(4, 9),
            "seen by the lint".to_string(),
        )]];
        let sim = vec![vec![
            lint::Diagnostic::new(
                &lint::simulation::EXECUTE_NOT_ABILITY,
                at(4, 9),
                "again".to_string(),
            ),
            lint::Diagnostic::new(
                &lint::simulation::EXECUTE_NOT_ABILITY,
                at(12, 15),
                "new".to_string(),
            ),
        ]];
        let merged = merge(lint, sim);
        let messages: Vec<&str> = merged[0].iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages, ["seen by the lint", "new"]);
    }

    #[test]
    fn a_document_is_simulated_with_its_configuration() {
        let text = "Name:Test Bolt\nManaCost:R\nTypes:Instant\nA:SP$ DealDamage | Cost$ R | ValidTgts$ Any\n";
        let path = Path::new("cardsfolder/t/test_bolt.txt");
        let all = simulate_document(path, lint::Dialect::Forge, text, &Config::default());
        assert!(all.iter().any(|d| d.rule.code == "G108"), "{all:?}");
        let mut config = Config::default();
        config.filter.ignore.push("G108");
        let some = simulate_document(path, lint::Dialect::Forge, text, &config);
        assert!(some.iter().all(|d| d.rule.code != "G108"), "{some:?}");
        // A dialect the engine does not play gives nothing.
        let none = simulate_document(
            Path::new("cards/test.py"),
            lint::Dialect::Pymtg,
            "class Test: pass\n",
            &config,
        );
        assert!(none.is_empty());
    }
}
