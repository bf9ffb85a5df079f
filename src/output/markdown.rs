//! `--format markdown`: the findings as a Markdown report for a pull-request comment or a job
//! summary, grouped by file, each with its line. The first line is an HTML comment that says how
//! many findings follow (`<!-- cardlint findings=N -->`): a bot finds its earlier comment by it.
//! The report stays under GitHub's size limit for a comment (65,536 characters): past
//! `MAX_BYTES`, the remaining findings are counted, not listed.

use super::Report;
use crate::review::Lines;
use lint::Severity;
use std::fmt::Write as _;
use std::io::Write;

/// What the findings may take, leaving room for the last lines.
const MAX_BYTES: usize = 60_000;
/// A finding's line is shown up to this many characters.
const MAX_LINE_CHARS: usize = 240;

pub fn print(report: &Report<'_>) -> std::io::Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    out.write_all(render(report).as_bytes())?;
    out.flush()
}

fn severity_word(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
        Severity::Hint => "hint",
    }
}

pub fn render(report: &Report<'_>) -> String {
    let total = report.total();
    let mut out = format!("<!-- cardlint findings={total} -->\n");
    if total == 0 {
        out.push_str("### cardlint: no findings\n");
        return out;
    }
    let counts: Vec<String> = [
        Severity::Error,
        Severity::Warning,
        Severity::Info,
        Severity::Hint,
    ]
    .into_iter()
    .filter_map(|s| {
        let n = report.count(s);
        (n > 0).then(|| format!("{n} {}{}", severity_word(s), if n == 1 { "" } else { "s" }))
    })
    .collect();
    let files = report
        .by_path()
        .iter()
        .filter(|(_, l)| !l.is_empty())
        .count();
    let _ = writeln!(
        out,
        "### cardlint: {} in {files} file{}\n",
        counts.join(", "),
        if files == 1 { "" } else { "s" }
    );
    let mut shown = 0;
    'files: for (file, list) in report.by_path() {
        if list.is_empty() {
            continue;
        }
        let source = &report.files[file];
        let lines = Lines::new(source.text());
        let _ = writeln!(out, "#### `{}`\n", source.path_string().replace('`', "'"));
        for d in list {
            if out.len() > MAX_BYTES {
                break 'files;
            }
            let at = report.position(file, d.range.start());
            let message = d.message.replace(['\n', '\r'], " ");
            let _ = writeln!(
                out,
                "- **{}** [`{}` {}]({}) line {}, column {}: {message}",
                severity_word(d.severity),
                d.rule.code,
                d.rule.name,
                d.rule.docs_url(),
                at.line,
                at.column,
            );
            let text = lines.text(lines.line(d.range.start())).trim_end();
            if !text.trim().is_empty() {
                let mut shown_text: String = text.chars().take(MAX_LINE_CHARS).collect();
                if shown_text.len() < text.len() {
                    shown_text.push('…');
                }
                let fence = "`".repeat(longest_backtick_run(&shown_text).max(2) + 1);
                let _ = writeln!(out, "  {fence}text\n  {shown_text}\n  {fence}");
            }
            shown += 1;
        }
        out.push('\n');
    }
    if shown < total {
        let _ = writeln!(
            out,
            "\n… and {} more finding{} (see the annotations or `cardlint check`).",
            total - shown,
            if total - shown == 1 { "" } else { "s" }
        );
    }
    out
}

fn longest_backtick_run(text: &str) -> usize {
    let (mut best, mut run) = (0, 0);
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}
