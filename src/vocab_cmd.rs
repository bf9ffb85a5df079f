//! `cardlint vocab`: the Forge vocabulary read from an engine's source (`vocab forge SRC`), the
//! Wagic one (`vocab wagic SRC`), and what changed between two Forge versions (`vocab diff A B`),
//! for forks, custom builds and reviewers of engine changes.

use crate::cli::{VocabArgs, VocabCommand};
use model::forge::facts::{Fact, FactKind, Facts};
use model::forge::vocab::Version;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

pub fn run(args: &VocabArgs) -> Result<ExitCode, String> {
    match &args.command {
        VocabCommand::Forge {
            source,
            label,
            output,
        } => {
            let start = std::time::Instant::now();
            let x = extract::extract(source).map_err(|e| e.to_string())?;
            let label = label
                .clone()
                .unwrap_or_else(|| source.display().to_string());
            let text = x.to_tsv(&label);
            match output {
                Some(path) => std::fs::write(path, &text)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
                None => write_stdout(&text)?,
            }
            eprintln!(
                "cardlint: {} words from {} Java files ({} parsed) in {:.2?}",
                x.rows.len(),
                x.java_files,
                x.parsed_files,
                start.elapsed()
            );
            for w in &x.warnings {
                eprintln!("cardlint: warning: {w}");
            }
            Ok(ExitCode::SUCCESS)
        }
        VocabCommand::Wagic {
            source,
            label,
            output,
        } => {
            let start = std::time::Instant::now();
            let x = extract::wagic::extract(source).map_err(|e| e.to_string())?;
            let label = label
                .clone()
                .unwrap_or_else(|| source.display().to_string());
            let text = x.to_tsv(&label);
            match output {
                Some(path) => std::fs::write(path, &text)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
                None => write_stdout(&text)?,
            }
            eprintln!(
                "cardlint: {} words from {} source files in {:.2?}",
                x.rows.len(),
                x.files,
                start.elapsed()
            );
            for w in &x.warnings {
                eprintln!("cardlint: warning: {w}");
            }
            Ok(ExitCode::SUCCESS)
        }
        VocabCommand::Diff { old, new, kind } => {
            let kind = match kind {
                Some(k) => Some(FactKind::parse(k).ok_or_else(|| {
                    let kinds: Vec<&str> = FactKind::ALL.iter().map(|k| k.as_str()).collect();
                    format!("unknown kind `{k}` (kinds: {})", kinds.join(", "))
                })?),
                None => None,
            };
            let a = load(old)?;
            let b = load(new)?;
            let text = diff(a, b, kind);
            write_stdout(&text)?;
            Ok(if text.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
    }
}

fn write_stdout(text: &str) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        // A reader that stopped early (`| head`) is not a failure.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("cannot write: {e}")),
    }
}

/// A vocabulary named on the command line: a shipped version (`2020`, `2022`, `latest`), a facts
/// file (`cardlint vocab forge` output), or a Forge source folder (extracted now).
fn load(name: &str) -> Result<&'static Facts, String> {
    if let Some(v) = Version::from_name(name) {
        return Ok(model::forge::versions::shipped_facts(v));
    }
    let path = Path::new(name);
    let text = if path.is_dir() {
        extract::extract(path)
            .map_err(|e| e.to_string())?
            .to_tsv(name)
    } else if path.is_file() {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {name}: {e}"))?;
        if !text.starts_with("# cardlint forge vocabulary") {
            return Err(format!(
                "{name} is not a vocabulary written by `cardlint vocab forge`"
            ));
        }
        text
    } else {
        return Err(format!(
            "`{name}` is neither a Forge version (2020, 2022, latest), a vocabulary file nor a Forge source folder"
        ));
    };
    Ok(Box::leak(Box::new(Facts::parse(Box::leak(
        text.into_boxed_str(),
    )))))
}

/// The words of each kind, keyed as the engine compares them, with what to print.
fn words(facts: &Facts, only: Option<FactKind>) -> BTreeMap<(FactKind, String), &Fact> {
    facts
        .rows
        .iter()
        .filter(|f| only.is_none_or(|k| f.kind == k))
        .map(|f| ((f.kind, f.key()), f))
        .collect()
}

/// Words only `a` reads (`-`) and words only `b` reads (`+`), by kind; empty when none differ.
pub fn diff(a: &Facts, b: &Facts, only: Option<FactKind>) -> String {
    let wa = words(a, only);
    let wb = words(b, only);
    let keys: BTreeSet<&(FactKind, String)> = wa.keys().chain(wb.keys()).collect();
    let mut out = String::new();
    let mut current: Option<FactKind> = None;
    let mut counts: BTreeMap<FactKind, (usize, usize)> = BTreeMap::new();
    for key in keys {
        let (sign, f) = match (wa.get(key), wb.get(key)) {
            (Some(f), None) => ('-', *f),
            (None, Some(f)) => ('+', *f),
            _ => continue,
        };
        if current != Some(key.0) {
            out.push_str(&format!("{}\n", key.0.noun()));
            current = Some(key.0);
        }
        let c = counts.entry(key.0).or_default();
        if sign == '+' {
            c.0 += 1;
        } else {
            c.1 += 1;
        }
        let detail = if f.detail.is_empty() {
            String::new()
        } else {
            format!(" ({})", f.detail)
        };
        let at = if f.location.is_empty() {
            String::new()
        } else {
            format!("  {}", f.location)
        };
        out.push_str(&format!("  {sign} {}{detail}{at}\n", f.name));
    }
    if !counts.is_empty() {
        out.push('\n');
        for (kind, (plus, minus)) in counts {
            out.push_str(&format!("{}: +{plus} -{minus}\n", kind.noun()));
        }
    }
    out
}
