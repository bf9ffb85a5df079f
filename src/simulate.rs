//! `cardlint simulate`: plays every card in a synthetic game (the `engine` crate) and prints
//! what fails at run time through the same output as `check`; `--wagic-tests` replays Wagic's
//! own test suite.

use crate::cli::SimulateArgs;
use std::io::Write;
use std::process::ExitCode;

pub fn run(args: &SimulateArgs) -> Result<ExitCode, String> {
    if let Some(tests) = &args.wagic_tests {
        return wagic_tests(tests);
    }
    Err("simulate: nothing to do yet".into())
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
