//! `cardlint rules` and `cardlint explain`.

use crate::cli::{RulesArgs, RulesFormat};
use serde::Serialize;
use std::process::ExitCode;

#[derive(Serialize)]
struct JsonRule {
    code: &'static str,
    name: &'static str,
    dialect: Option<&'static str>,
    group: &'static str,
    severity: &'static str,
    fix: &'static str,
    summary: &'static str,
}

pub fn list(args: &RulesArgs) -> Result<ExitCode, String> {
    let rules = lint::all_rules();
    match args.format {
        RulesFormat::Json => {
            let json: Vec<JsonRule> = rules
                .iter()
                .map(|r| JsonRule {
                    code: r.code,
                    name: r.name,
                    dialect: r.dialect.map(|d| d.name()),
                    group: r.group.as_str(),
                    severity: r.severity.as_str(),
                    fix: r.fix.as_str(),
                    summary: r.summary,
                })
                .collect();
            println!(
                "{}",
                serde_json::to_string_pretty(&json).map_err(|e| e.to_string())?
            );
        }
        RulesFormat::Text => {
            for r in rules {
                println!(
                    "{:<5} {:<32} {:<6} {:<8} {}",
                    r.code,
                    r.name,
                    r.dialect.map_or("all", |d| d.name()),
                    r.severity.as_str(),
                    r.summary
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn explain(key: &str) -> Result<ExitCode, String> {
    match lint::find_rule(key) {
        Some(rule) => {
            print!("{}", rule.markdown());
            Ok(ExitCode::SUCCESS)
        }
        None => Err(format!("no rule is called `{key}` (see `cardlint rules`)")),
    }
}
