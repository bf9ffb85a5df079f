//! `--format sarif`: SARIF 2.1.0 with the rule table, for code scanning (GitHub, GitLab, ...).

use super::Report;
use lint::{RuleMeta, Severity};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::Write;

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info | Severity::Hint => "note",
    }
}

fn rule_descriptor(rule: &RuleMeta) -> Value {
    let mut tags = vec![rule.group.as_str()];
    if let Some(d) = rule.dialect {
        tags.push(d.name());
    }
    json!({
        "id": rule.code,
        "name": rule.name,
        "shortDescription": { "text": rule.summary },
        "fullDescription": { "text": rule.explanation.trim() },
        "help": { "text": rule.explanation.trim(), "markdown": rule.markdown() },
        "defaultConfiguration": { "level": level(rule.severity) },
        "properties": { "tags": tags },
    })
}

pub fn print(report: &Report<'_>) -> std::io::Result<()> {
    let rules = lint::all_rules();
    let index: HashMap<&str, usize> = rules.iter().enumerate().map(|(i, r)| (r.code, i)).collect();
    let mut results = Vec::new();
    for (file, list) in report.by_path() {
        let uri = report.files[file].path_string();
        for d in list {
            let start = report.position(file, d.range.start());
            let end = report.position(file, d.range.end());
            let mut result = json!({
                "ruleId": d.rule.code,
                "ruleIndex": index.get(d.rule.code).copied().unwrap_or(0),
                "level": level(d.severity),
                "message": { "text": d.message },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": { "uri": uri },
                        "region": {
                            "startLine": start.line,
                            "startColumn": start.column,
                            "endLine": end.line,
                            "endColumn": end.column,
                        }
                    }
                }],
            });
            if let Some(fix) = &d.fix {
                let replacements: Vec<Value> = fix
                    .edits
                    .iter()
                    .map(|e| {
                        let s = report.position(file, e.range.start());
                        let t = report.position(file, e.range.end());
                        json!({
                            "deletedRegion": { "startLine": s.line, "startColumn": s.column, "endLine": t.line, "endColumn": t.column },
                            "insertedContent": { "text": e.new_text },
                        })
                    })
                    .collect();
                result["fixes"] = json!([{
                    "description": { "text": fix.message },
                    "artifactChanges": [{ "artifactLocation": { "uri": uri }, "replacements": replacements }],
                }]);
            }
            results.push(result);
        }
    }
    let sarif = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "cardlint",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": env!("CARGO_PKG_REPOSITORY"),
                    "rules": rules.iter().map(|r| rule_descriptor(r)).collect::<Vec<_>>(),
                }
            },
            "columnKind": "unicodeCodePoints",
            "results": results,
        }]
    });
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    serde_json::to_writer_pretty(&mut out, &sarif)?;
    writeln!(out)?;
    out.flush()
}
