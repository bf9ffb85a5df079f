//! `--format text`: each diagnostic with its source line and a caret (codespan-reporting), colour
//! on a terminal or as `--color` says, and a summary line with how many findings can be fixed.

use super::Report;
use crate::cli::ColorArg;
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label, Severity as CsSeverity};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor::Buffer};
use lint::Severity;
use std::io::{IsTerminal, Write};

fn severity(s: Severity) -> CsSeverity {
    match s {
        Severity::Error => CsSeverity::Error,
        Severity::Warning => CsSeverity::Warning,
        Severity::Info => CsSeverity::Note,
        Severity::Hint => CsSeverity::Help,
    }
}

/// Whether to colour: `--color always|never`, or on a terminal unless `NO_COLOR` is set.
pub fn use_color(choice: ColorArg) -> bool {
    match choice {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    }
}

/// The word a severity is shown with: the configuration's words (`info`, `hint`), where the
/// renderer says `note` and `help`.
fn rename_severity(rendered: &mut Vec<u8>, severity: Severity) {
    let (from, to): (&[u8], &[u8]) = match severity {
        Severity::Info => (b"note", b"info"),
        Severity::Hint => (b"help", b"hint"),
        _ => return,
    };
    if let Some(at) = rendered.windows(from.len()).position(|w| w == from) {
        rendered.splice(at..at + from.len(), to.iter().copied());
    }
}

pub fn print(report: &Report<'_>, quiet: bool, color: ColorArg) -> std::io::Result<()> {
    let color = use_color(color);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
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
            let mut buffer = if color {
                Buffer::ansi()
            } else {
                Buffer::no_color()
            };
            term::emit(&mut buffer, &config, &simple, &cs).map_err(std::io::Error::other)?;
            let mut rendered = buffer.into_inner();
            rename_severity(&mut rendered, d.severity);
            out.write_all(&rendered)?;
        }
    }
    if quiet {
        return out.flush();
    }
    summary(&mut out, report)?;
    out.flush()
}

fn summary(out: &mut impl Write, report: &Report<'_>) -> std::io::Result<()> {
    let errors = report.count(Severity::Error);
    let warnings = report.count(Severity::Warning);
    let others = report.total() - errors - warnings;
    let files = report.files.len();
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let (safe, unsafe_) = report.fixable();
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
        )?;
        match (safe, unsafe_) {
            (0, 0) => Ok(()),
            (0, m) => writeln!(out, "No fixes available ({m} with --unsafe-fixes)."),
            (n, 0) => writeln!(out, "{n} fixable with --fix."),
            (n, m) => writeln!(
                out,
                "{n} fixable with --fix ({m} more with --unsafe-fixes)."
            ),
        }
    }
}
