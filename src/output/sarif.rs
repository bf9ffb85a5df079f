//! `--format sarif`: SARIF 2.1.0 with the rule table, for code scanning (GitHub, GitLab, ...).

use super::Report;
use lint::{RuleMeta, Severity};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

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

/// A file's URI relative to the working folder (`%SRCROOT%`, the checkout in CI), with `/`
/// separators and URI escapes: code scanning maps such paths onto the repository. A file outside
/// the working folder keeps an absolute `file://` URI.
fn artifact_location(path: &Path, cwd: &Path) -> Value {
    let absolute = crate::context::normalize(cwd, path);
    match absolute.strip_prefix(cwd) {
        Ok(rel) => json!({ "uri": uri_path(rel), "uriBaseId": "%SRCROOT%" }),
        Err(_) => json!({ "uri": format!("file://{}", uri_path(&absolute)) }),
    }
}

/// A path as the path of a URI: components joined by `/`, reserved bytes percent-escaped.
fn uri_path(path: &Path) -> String {
    let mut out = String::new();
    let text = path.to_string_lossy().replace('\\', "/");
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~!$&'()*+,;=:@".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The working folder as a `file://` URI ending in `/` (SARIF's `originalUriBaseIds`).
fn srcroot(cwd: &Path) -> String {
    let mut uri = format!("file://{}", uri_path(cwd));
    if !uri.ends_with('/') {
        uri.push('/');
    }
    uri
}

pub fn print(report: &Report<'_>) -> std::io::Result<()> {
    let cwd = std::env::current_dir().unwrap_or_default();
    let rules = lint::all_rules();
    let index: HashMap<&str, usize> = rules.iter().enumerate().map(|(i, r)| (r.code, i)).collect();
    let mut results = Vec::new();
    for (file, list) in report.by_path() {
        let location = artifact_location(&report.files[file].path, &cwd);
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
                        "artifactLocation": location,
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
                    "artifactChanges": [{ "artifactLocation": location, "replacements": replacements }],
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
            "originalUriBaseIds": { "%SRCROOT%": { "uri": srcroot(&cwd) } },
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
