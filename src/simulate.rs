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
        return wagic_tests(tests, args.verbose);
    }
    let start = Instant::now();
    let config = load_config(args)?;
    // Paths that cannot be read are named after the report of the others (and exit 2).
    let loaded = files::load_with(
        &args.paths,
        args.dialect.map(DialectArg::dialect),
        &config,
        true,
    )?;
    let (mut results, stats) = ide::simulation::simulate(&loaded.files, &config);
    let limits: usize = results
        .iter()
        .flatten()
        .filter(|d| d.rule.code == lint::simulation::NOT_SIMULATED.code)
        .count();
    let show_limits = args.show_limits || config.show_limits;
    if !show_limits {
        results.iter_mut().for_each(ide::simulation::hide_limits);
    }
    let report = output::Report::new(&loaded.files, results);
    match args.format {
        Format::Text => output::text::print(&report, false, args.color),
        Format::Json => output::json::print(&report),
        Format::Sarif => output::sarif::print(&report),
        Format::Github => output::github::print(&report),
        Format::Markdown => output::markdown::print(&report),
    }
    .map_err(|e| format!("cannot write the report: {e}"))?;
    if args.stats {
        print_stats(&stats, start.elapsed());
        eprintln!(
            "simulate: {limits} not-simulated findings (G101, what the engine cannot play yet){}",
            if show_limits {
                ""
            } else {
                "; hidden, --show-limits lists them"
            }
        );
    }
    for path in &loaded.unknown {
        eprintln!(
            "cardlint: {}: cannot tell which card language this file is written in; name it with --dialect",
            crate::output::escape_path(&path.display().to_string())
        );
    }
    for error in &loaded.errors {
        eprintln!("cardlint: {}", crate::output::escape_path(error));
    }
    Ok(if !loaded.unknown.is_empty() || !loaded.errors.is_empty() {
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

/// `check --simulate`: the simulation's findings merged into the lint's, file by file.
pub fn add_to_lint(
    files: &[lint::SourceFile],
    lint: Vec<Vec<lint::Diagnostic>>,
    config: &Config,
) -> Vec<Vec<lint::Diagnostic>> {
    ide::simulation::add_to_lint(files, lint, config)
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

/// With `verbose`, each failure also names its first cause, and the failures grouped by cause
/// close the output.
fn wagic_tests(tests: &std::path::Path, verbose: bool) -> Result<ExitCode, String> {
    // Name what is missing: the test list itself, or the card library beside its folder.
    if let Err(e) = std::fs::metadata(tests) {
        return Err(format!(
            "{}: {e} (--wagic-tests takes Wagic's test list, `Res/test/_tests.txt`)",
            tests.display()
        ));
    }
    let sets = tests
        .parent()
        .and_then(std::path::Path::parent)
        .unwrap_or(std::path::Path::new("."))
        .join("sets");
    if !sets.join("primitives").is_dir() {
        return Err(format!(
            "{}: no card library: the suite reads the primitives of {} (the `sets/` folder beside the tests' folder)",
            tests.display(),
            sets.join("primitives").display()
        ));
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let report = engine::wagic_tests::run_suite(tests, |r| {
        let mut line = match &r.outcome {
            engine::wagic_tests::Outcome::Pass => format!("pass {}", r.file),
            engine::wagic_tests::Outcome::Fail(why) => format!("FAIL {}: {why}", r.file),
            engine::wagic_tests::Outcome::CannotRun(why) => {
                format!("FAIL {}: cannot run: {why}", r.file)
            }
        };
        if verbose && let Some(cause) = &r.cause {
            line.push_str(&format!(" [cause: {cause}]"));
        }
        let _ = writeln!(out, "{line}");
    })?;
    if verbose {
        let _ = writeln!(out, "failures by first cause:");
        for (cause, n) in report.causes() {
            let _ = writeln!(out, "{n:5}  {cause}");
        }
    }
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
