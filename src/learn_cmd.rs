//! `cardlint learn`: mine a card folder for the script idioms that go with rules-text templates
//! (`model::learn`) and write them as data.

use crate::cli::LearnArgs;
use model::learn::{self, Idioms, Params, Summary};
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Card files under the paths: `.txt` for Forge, `.txt` and `.dat` for Wagic, in path order.
fn card_files(paths: &[PathBuf], wagic: bool) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_file() {
            out.push(p.clone());
            continue;
        }
        if !p.is_dir() {
            return Err(format!("{}: no such file or folder", p.display()));
        }
        let mut stack = vec![p.clone()];
        while let Some(dir) = stack.pop() {
            let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            for entry in entries.flatten() {
                let path = entry.path();
                let Ok(kind) = entry.file_type() else {
                    continue;
                };
                let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
                if kind.is_dir() {
                    stack.push(path);
                } else if kind.is_file() && (ext == "txt" || (wagic && ext == "dat")) {
                    out.push(path);
                }
            }
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn read(path: &Path) -> Option<String> {
    let bytes = lint::discover::read_regular(path).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

pub fn run(args: &LearnArgs) -> Result<ExitCode, String> {
    let start = std::time::Instant::now();
    let wagic = args.dialect == "wagic";
    if !(args.min_confidence > 0.0 && args.min_confidence <= 1.0) {
        return Err("--min-confidence must be in (0, 1]".into());
    }
    let files = card_files(&args.paths, wagic)?;
    let per_file: Vec<Vec<learn::Unit>> = files
        .par_iter()
        .map(|path| {
            let Some(text) = read(path) else {
                return Vec::new();
            };
            if wagic {
                learn::wagic::file_units(&text)
            } else {
                let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
                learn::forge::file_units(&text, stem)
            }
        })
        .collect();
    let units: Vec<learn::Unit> = per_file.into_iter().flatten().collect();
    let params = Params {
        min_support: args.min_support,
        min_confidence: args.min_confidence,
        ..Params::default()
    };
    let mined = if wagic {
        learn::mine(&units, params, learn::wagic::eligible, |_, _| true)
    } else {
        learn::mine(
            &units,
            params,
            learn::forge::eligible,
            learn::forge::pair_eligible,
        )
    };
    let mut cards: Vec<&str> = units.iter().map(|u| u.card.as_str()).collect();
    cards.sort_unstable();
    cards.dedup();
    let mut antecedents: Vec<&str> = mined.rules.iter().map(|r| r.antecedent.as_str()).collect();
    antecedents.sort_unstable();
    antecedents.dedup();
    let summary = Summary {
        files: files.len(),
        cards: cards.len(),
        units: units.len(),
        antecedents_kept: antecedents.len(),
        associations: mined.rules.len(),
    };
    let label = args.label.clone().unwrap_or_else(|| "custom".into());
    let idioms = Idioms::new(label, mined);
    let text = idioms.write(&args.dialect, &summary, params);
    match &args.output {
        Some(path) => std::fs::write(path, &text)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|_| out.flush())
                .map_err(|e| e.to_string())?;
        }
    }
    eprintln!(
        "cardlint: {} associations ({} antecedents) from {} units of {} cards in {} files, in {:.2?}",
        summary.associations,
        summary.antecedents_kept,
        summary.units,
        summary.cards,
        summary.files,
        start.elapsed()
    );
    Ok(ExitCode::SUCCESS)
}
