//! `--format text`: each diagnostic with its source line and a caret (codespan-reporting), colour
//! on a terminal or as `--color` says, and a summary line with how many findings can be fixed.

use super::Report;
use crate::cli::ColorArg;
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label, Severity as CsSeverity};
use codespan_reporting::files::{self, Files, SimpleFile};
use codespan_reporting::term::{self, termcolor::Buffer};
use lint::Severity;
use std::io::{IsTerminal, Write};
use syntax::{TextRange, TextSize};

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
        let name = super::escape_path(&source.path_string()).into_owned();
        let simple = SimpleFile::new(name.as_str(), source.text());
        for d in list {
            let mut notes = d.notes.clone();
            // Related places in other files (or out of the window of a long line) are notes,
            // unless a note already names that file; those in view are secondary labels.
            let mut labels = Vec::new();
            for r in &d.related {
                let Some((at, s, _)) = report.related_place(file, r) else {
                    continue;
                };
                if at == file {
                    labels.push(r);
                    continue;
                }
                let other = report.files[at].path_string();
                if !d.notes.iter().any(|n| n.contains(&other)) {
                    notes.push(format!(
                        "{}: {}:{}:{}",
                        r.message,
                        super::escape_path(&other),
                        s.line,
                        s.column
                    ));
                }
            }
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
                .with_notes(notes);
            let mut buffer = if color {
                Buffer::ansi()
            } else {
                Buffer::no_color()
            };
            let start = usize::from(d.range.start());
            let line = simple
                .line_index((), start)
                .and_then(|i| simple.line_range((), i))
                .unwrap_or(0..0);
            if line.len() > LONG_LINE || d.range.len() > TextSize::from(LONG_RANGE) {
                // Only a window of a long line: the whole of it for every finding on it would
                // make the report grow with the square of the line.
                let at = report.position(file, d.range.start());
                let excerpt = Excerpt::new(&name, source.text(), line, d.range, at);
                let mut cs = cs.with_labels(vec![Label::primary((), excerpt.label.clone())]);
                for r in &labels {
                    let p = report.position(file, r.range.start());
                    cs.notes.push(format!(
                        "{}: line {}, column {}",
                        r.message, p.line, p.column
                    ));
                }
                term::emit(&mut buffer, &config, &excerpt, &cs).map_err(std::io::Error::other)?;
            } else {
                let mut all = vec![Label::primary((), d.range)];
                all.extend(
                    labels
                        .iter()
                        .map(|r| Label::secondary((), r.range).with_message(&r.message)),
                );
                let cs = cs.with_labels(all);
                term::emit(&mut buffer, &config, &simple, &cs).map_err(std::io::Error::other)?;
            }
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

/// Lines longer than this (in bytes) are shown as a window around the finding.
const LONG_LINE: usize = 320;
/// So are findings longer than this (a range over many lines).
const LONG_RANGE: u32 = 4096;
/// How much of a long line is shown before the finding, and at most of the finding.
const CONTEXT: usize = 60;
const SHOWN: usize = 160;

/// A window of one long line, with its real line and column numbers.
struct Excerpt<'a> {
    name: &'a str,
    text: &'a str,
    line: usize,
    /// The column (1-based, in characters) of the window's first character.
    column: usize,
    /// The finding's range inside the window.
    label: std::ops::Range<usize>,
}

impl<'a> Excerpt<'a> {
    fn new(
        name: &'a str,
        source: &'a str,
        line: std::ops::Range<usize>,
        range: TextRange,
        at: super::Position,
    ) -> Excerpt<'a> {
        let content_end = line.start + source[line.clone()].trim_end_matches(['\n', '\r']).len();
        let start = usize::from(range.start()).clamp(line.start, content_end);
        let floor = |mut i: usize| {
            while !source.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        let from = floor(start.saturating_sub(CONTEXT).max(line.start));
        let end = usize::from(range.end()).clamp(start, content_end);
        let shown_end = floor(end.min(start + SHOWN));
        let to = floor((shown_end + CONTEXT).min(content_end)).max(shown_end);
        let column = (at.column as usize)
            .saturating_sub(source[from..start].chars().count())
            .max(1);
        Excerpt {
            name,
            text: &source[from..to],
            line: at.line as usize,
            column,
            label: start - from..shown_end - from,
        }
    }
}

impl<'a> Files<'a> for Excerpt<'a> {
    type FileId = ();
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, (): ()) -> Result<&'a str, files::Error> {
        Ok(self.name)
    }

    fn source(&'a self, (): ()) -> Result<&'a str, files::Error> {
        Ok(self.text)
    }

    fn line_index(&'a self, (): (), _byte_index: usize) -> Result<usize, files::Error> {
        Ok(0)
    }

    fn line_number(&'a self, (): (), _line_index: usize) -> Result<usize, files::Error> {
        Ok(self.line)
    }

    fn column_number(
        &'a self,
        (): (),
        _line_index: usize,
        byte_index: usize,
    ) -> Result<usize, files::Error> {
        let byte_index = byte_index.min(self.text.len());
        Ok(self.column + self.text.get(..byte_index).map_or(0, |t| t.chars().count()))
    }

    fn line_range(
        &'a self,
        (): (),
        _line_index: usize,
    ) -> Result<std::ops::Range<usize>, files::Error> {
        Ok(0..self.text.len())
    }
}

fn summary(out: &mut impl Write, report: &Report<'_>) -> std::io::Result<()> {
    let errors = report.count(Severity::Error);
    let warnings = report.count(Severity::Warning);
    let others = report.total() - errors - warnings;
    let files = report.files.len();
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let (safe, unsafe_) = report.fixable();
    if report.total() == 0 && files == 0 {
        writeln!(out, "Nothing checked: no card file was read.")
    } else if report.total() == 0 {
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
