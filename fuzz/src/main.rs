//! `cardlint-fuzz`: a fuzz campaign with a time budget.
//!
//! ```text
//! cargo run --release -p cardlint-fuzz -- --dialect forge --seconds 1800
//! ```
//!
//! Options (or their environment variables): `--dialect NAME|all` (`CARDLINT_FUZZ_DIALECT`,
//! default all), `--seconds N` per dialect (`CARDLINT_FUZZ_SECONDS`, default 60), `--seed N`
//! (`CARDLINT_FUZZ_SEED`, default 1), `--hang-seconds N` (default 60), `--regressions DIR`
//! (default `fuzz/regressions`), `--max-repeat N`, `--keep-slowest DIR` (writes the slowest
//! input of each job there). `--replay FILE...` runs regression files through the targets of
//! their kind (named `<kind>.<target>.<label>.bin`). The jobs of a dialect (each target on each
//! kind of file) share the budget in turns; a failure is minimised and kept in the regression
//! folder; the summary gives cases, cases per CPU second, CPU seconds, the slowest case and the
//! failures of each job. Exit code 1 when anything failed, 3 on a hang (the input is kept). Each
//! input is written to `target/fuzz-inflight-<dialect>.bin` before it runs: after a crash that
//! ends the process (a stack overflow), the next run of that dialect (`--seconds 0` will do)
//! keeps it as a regression.

use fuzz::run::{CAMPAIGN_REPEAT, Campaign, campaign, summary};
use std::time::Duration;

fn main() -> std::process::ExitCode {
    let mut args = std::env::args().skip(1);
    let env = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    let mut dialect = env("CARDLINT_FUZZ_DIALECT").unwrap_or_else(|| "all".into());
    let mut seconds: f64 = env("CARDLINT_FUZZ_SECONDS")
        .and_then(|v| v.parse().ok())
        .unwrap_or(60.0);
    let mut seed: u64 = env("CARDLINT_FUZZ_SEED")
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let mut hang = 60.0;
    let mut max_repeat = CAMPAIGN_REPEAT;
    let mut regressions = fuzz::regressions_dir();
    let mut slowest = None;
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_default();
        match arg.as_str() {
            "--dialect" => dialect = value(),
            "--seconds" => seconds = value().parse().unwrap_or(seconds),
            "--seed" => seed = value().parse().unwrap_or(seed),
            "--hang-seconds" => hang = value().parse().unwrap_or(hang),
            "--max-repeat" => max_repeat = value().parse().unwrap_or(max_repeat),
            "--regressions" => regressions = value().into(),
            "--replay" => {
                // Runs the named inputs (regression files) through the targets of their kind.
                let mut failed = false;
                for path in std::iter::once(value()).chain(args.by_ref()) {
                    let name = std::path::Path::new(&path)
                        .file_name()
                        .and_then(|n| n.to_str())
                        .unwrap_or_default()
                        .to_string();
                    let bytes = std::fs::read(&path).unwrap_or_default();
                    for job in fuzz::run::replay_jobs(&name).unwrap_or_default() {
                        let result = fuzz::run::check(job, &bytes);
                        failed |= result.is_err();
                        println!("{path}: {}: {result:?}", job.label());
                    }
                }
                return if failed {
                    std::process::ExitCode::FAILURE
                } else {
                    std::process::ExitCode::SUCCESS
                };
            }
            "--keep-slowest" => slowest = Some(std::path::PathBuf::from(value())),
            "-h" | "--help" => {
                println!(
                    "usage: cardlint-fuzz [--dialect NAME|all] [--seconds N] [--seed N] [--hang-seconds N] [--max-repeat N] [--regressions DIR] [--keep-slowest DIR] | --replay FILE..."
                );
                return std::process::ExitCode::SUCCESS;
            }
            other => {
                eprintln!("unknown argument {other:?} (see --help)");
                return std::process::ExitCode::from(2);
            }
        }
    }
    let dialects: Vec<String> = if dialect == "all" {
        fuzz::DIALECTS.iter().map(|d| d.to_string()).collect()
    } else if fuzz::DIALECTS.contains(&dialect.as_str()) {
        vec![dialect]
    } else {
        eprintln!(
            "unknown dialect {dialect:?}: one of {} or all",
            fuzz::DIALECTS.join(", ")
        );
        return std::process::ExitCode::from(2);
    };
    // One core: the campaign's CPU seconds are its own, and the machine stays usable.
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build_global();
    let mut failed = false;
    for dialect in dialects {
        println!(
            "cardlint fuzz campaign: {dialect}, {seconds} s, seed {seed}, regressions in {}",
            regressions.display()
        );
        let inflight = fuzz::repo_root()
            .join("target")
            .join(format!("fuzz-inflight-{dialect}.bin"));
        let exe = std::env::current_exe().unwrap_or_else(|_| "cardlint-fuzz".into());
        match fuzz::run::recover(&inflight, &regressions, &exe) {
            Some(fuzz::run::Leftover::Crash(kept)) => {
                println!(
                    "FAILURE: the last {dialect} campaign crashed (a stack overflow?) on an input, kept as {}",
                    kept.display()
                );
                failed = true;
            }
            Some(fuzz::run::Leftover::Interrupted) => println!(
                "note: the last {dialect} campaign was stopped before its end; its last input passes when replayed"
            ),
            None => {}
        }
        let c = Campaign {
            dialect: dialect.clone(),
            budget: Duration::from_secs_f64(seconds),
            seed,
            regressions: regressions.clone(),
            hang: Duration::from_secs_f64(hang),
            max_repeat,
            slowest: slowest.clone(),
            inflight: Some(inflight),
        };
        let results = campaign(&c, &mut std::io::stdout());
        summary(&dialect, &results, &mut std::io::stdout());
        failed |= results.iter().any(|(_, t)| !t.failures.is_empty());
    }
    if failed {
        std::process::ExitCode::FAILURE
    } else {
        std::process::ExitCode::SUCCESS
    }
}
