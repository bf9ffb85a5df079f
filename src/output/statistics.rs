//! `--statistics`: how many findings each rule has, most first.

use super::Report;
use crate::cli::Format;
use std::collections::BTreeMap;
use std::io::Write;

pub fn print(report: &Report<'_>, format: Format) -> std::io::Result<()> {
    let mut counts: BTreeMap<&'static str, (usize, usize, &'static lint::RuleMeta)> =
        BTreeMap::new();
    for d in report.diagnostics.iter().flatten() {
        let entry = counts.entry(d.rule.code).or_insert((0, 0, d.rule));
        entry.0 += 1;
        if d.fix
            .as_ref()
            .is_some_and(|f| f.applicability == lint::Applicability::Safe)
        {
            entry.1 += 1;
        }
    }
    let mut rows: Vec<_> = counts.into_values().collect();
    rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.2.code.cmp(b.2.code)));
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if format == Format::Json {
        let json: Vec<serde_json::Value> = rows
            .iter()
            .map(|(count, fixable, rule)| {
                serde_json::json!({ "code": rule.code, "name": rule.name, "count": count, "fixable": fixable })
            })
            .collect();
        serde_json::to_writer_pretty(&mut out, &json)?;
        writeln!(out)?;
    } else {
        for (count, fixable, rule) in &rows {
            let fix = if *fixable > 0 {
                format!(" ({fixable} fixable)")
            } else {
                String::new()
            };
            writeln!(out, "{count:>7}  {:<5} {}{fix}", rule.code, rule.name)?;
        }
    }
    out.flush()
}
