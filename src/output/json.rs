//! `--format json`: the contract of DEVELOPERS.md, one object for the whole run.

use super::Report;
use serde::Serialize;
use std::io::Write;

#[derive(Serialize)]
struct JsonReport<'a> {
    version: u32,
    files: usize,
    diagnostics: Vec<JsonDiagnostic<'a>>,
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    path: String,
    dialect: &'static str,
    code: &'static str,
    name: &'static str,
    severity: &'static str,
    message: &'a str,
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    fix: Option<JsonFix<'a>>,
    /// Other places the finding points at (left out when there are none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related: Vec<JsonRelated<'a>>,
}

#[derive(Serialize)]
struct JsonRelated<'a> {
    path: String,
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    message: &'a str,
}

#[derive(Serialize)]
struct JsonFix<'a> {
    applicability: &'static str,
    message: &'a str,
    edits: Vec<JsonEdit<'a>>,
}

#[derive(Serialize)]
struct JsonEdit<'a> {
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    new_text: &'a str,
}

pub fn print(report: &Report<'_>) -> std::io::Result<()> {
    let mut diagnostics = Vec::with_capacity(report.total());
    for (file, list) in report.by_path() {
        let source = &report.files[file];
        for d in list {
            let start = report.position(file, d.range.start());
            let end = report.position(file, d.range.end());
            let fix = d.fix.as_ref().map(|fix| JsonFix {
                applicability: fix.applicability.as_str(),
                message: &fix.message,
                edits: fix
                    .edits
                    .iter()
                    .map(|e| {
                        let s = report.position(file, e.range.start());
                        let t = report.position(file, e.range.end());
                        JsonEdit {
                            line: s.line,
                            column: s.column,
                            end_line: t.line,
                            end_column: t.column,
                            new_text: &e.new_text,
                        }
                    })
                    .collect(),
            });
            diagnostics.push(JsonDiagnostic {
                path: source.path_string(),
                dialect: source.dialect.name(),
                code: d.rule.code,
                name: d.rule.name,
                severity: d.severity.as_str(),
                message: &d.message,
                line: start.line,
                column: start.column,
                end_line: end.line,
                end_column: end.column,
                fix,
                related: d
                    .related
                    .iter()
                    .filter_map(|r| {
                        let (at, s, e) = report.related_place(file, r)?;
                        Some(JsonRelated {
                            path: report.files[at].path_string(),
                            line: s.line,
                            column: s.column,
                            end_line: e.line,
                            end_column: e.column,
                            message: &r.message,
                        })
                    })
                    .collect(),
            });
        }
    }
    let out = JsonReport {
        version: 1,
        files: report.files.len(),
        diagnostics,
    };
    let stdout = std::io::stdout();
    let mut lock = std::io::BufWriter::new(stdout.lock());
    serde_json::to_writer(&mut lock, &out)?;
    writeln!(lock)?;
    lock.flush()
}
