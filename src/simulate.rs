//! `cardlint simulate`: plays every card in a synthetic game (the `engine` crate) and prints
//! what fails at run time through the same output as `check` (same formats, same exit codes);
//! `--wagic-tests` replays Wagic's own test suite.

use crate::cli::{DialectArg, Format, SimulateArgs};
use crate::{files, output};
use lint::Severity;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(args: &SimulateArgs) -> Result<ExitCode, String> {
    if let Some(tests) = &args.wagic_tests {
        return wagic_tests(tests);
    }
    let start = Instant::now();
    let loaded = files::load(&args.paths, args.dialect.map(DialectArg::dialect))?;
    let (results, stats) = engine::simulate(&loaded.files, &engine::Options::default());
    let report = output::Report::new(&loaded.files, results);
    match args.format {
        Format::Text => output::text::print(&report),
        Format::Json => output::json::print(&report),
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
