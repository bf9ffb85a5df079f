//! `--format text`: each diagnostic with its source line and a caret (codespan-reporting), colour
//! only on a terminal, and a summary line.

use super::Report;
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label, Severity as CsSeverity};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{
    self,
    termcolor::{ColorChoice, StandardStream, WriteColor},
};
use lint::Severity;
use std::io::IsTerminal;

fn severity(s: Severity) -> CsSeverity {
    match s {
        Severity::Error => CsSeverity::Error,
        Severity::Warning => CsSeverity::Warning,
        Severity::Info => CsSeverity::Note,
        Severity::Hint => CsSeverity::Help,
    }
}

pub fn print(report: &Report<'_>, quiet: bool) -> std::io::Result<()> {
    let color = if std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none() {
        ColorChoice::Auto
    } else {
        ColorChoice::Never
    };
    let stream = StandardStream::stdout(color);
    let mut out = stream.lock();
    let config = term::Config::default();
    for (file, list) in report.by_path() {
        if list.is_empty() {
            continue;
        }
        let source = &report.files[file];
        let simple = SimpleFile::new(source.path_string(), source.text());
        for d in list {
            let mut notes = d.notes.clone();
            if let Some(fix) = &d.fix {
                let how = match fix.applicability {
                    lint::Applicability::Safe => "fix",
                    lint::Applicability::Unsafe => "unsafe fix",
                };
                notes.push(format!("{how}: {}", fix.message));
            }
            let cs = CsDiagnostic::new(severity(d.severity))
                .with_message(&d.message)
                .with_code(format!("{} {}", d.rule.code, d.rule.name))
                .with_labels(vec![Label::primary((), d.range)])
                .with_notes(notes);
            term::emit(&mut out, &config, &simple, &cs).map_err(std::io::Error::other)?;
        }
    }
    if quiet {
        return Ok(());
    }
    summary(&mut out, report)
}

fn summary(out: &mut impl WriteColor, report: &Report<'_>) -> std::io::Result<()> {
    let errors = report.count(Severity::Error);
    let warnings = report.count(Severity::Warning);
    let others = report.total() - errors - warnings;
    let files = report.files.len();
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    if report.total() == 0 {
        writeln!(
            out,
            "All clear: {} checked, no problems found.",
            plural(files, "file")
        )
    } else {
        writeln!(
            out,
            "Found {}, {}{} in {} checked.",
            plural(errors, "error"),
            plural(warnings, "warning"),
            if others > 0 {
                format!(" and {} more (info, hints)", others)
            } else {
                String::new()
            },
            plural(files, "file")
        )
    }
}
