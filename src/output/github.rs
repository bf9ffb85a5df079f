//! `--format github`: GitHub Actions workflow commands, one annotation per finding.

use super::Report;
use lint::Severity;
use std::io::Write;

/// Escapes the message part of a workflow command.
fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value of a workflow command.
fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

pub fn print(report: &Report<'_>) -> std::io::Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for (file, list) in report.by_path() {
        let path = escape_property(&report.files[file].path_string());
        for d in list {
            let start = report.position(file, d.range.start());
            let end = report.position(file, d.range.end());
            let command = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Info | Severity::Hint => "notice",
            };
            let title = escape_property(&format!("{} {}", d.rule.code, d.rule.name));
            writeln!(
                out,
                "::{command} file={path},line={},col={},endLine={},endColumn={},title={title}::{}",
                start.line,
                start.column,
                end.line,
                end.column,
                escape_data(&d.message)
            )?;
        }
    }
    out.flush()
}
