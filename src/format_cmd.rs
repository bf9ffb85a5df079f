//! `cardlint format [--check] [--diff] PATH...`: the layout of `lint::format`, applied to the
//! files of the dialects that have one (Forge, Wagic). A file is formatted only when its dialect
//! is declared (`--dialect`, a `[dialects]` pattern, the engines' folder layouts), never when
//! it was only guessed from its content; UTF-16 files are left alone. Files are written as
//! `check --fix` writes them (`fix::write_if_unchanged`: atomically, and only if unchanged
//! on disk since they were read), with every byte outside the edits kept.

use crate::cli::{DialectArg, FormatArgs};
use crate::output::escape_path;
use lint::SourceFile;
use lint::config::Config;
use lint::format::FormatError;
use rayon::prelude::*;
use std::path::Path;
use std::process::ExitCode;

fn load_config(args: &FormatArgs) -> Result<Config, String> {
    if args.isolated {
        return Ok(Config::default());
    }
    let path = match &args.config {
        Some(path) => Some(path.clone()),
        None => Config::discover(args.paths.first().map_or(Path::new("."), |p| p.as_path())),
    };
    match path {
        Some(path) => Config::load(&path).map_err(|e| e.to_string()),
        None => Ok(Config::default()),
    }
}

/// What formatting one file gave.
enum Outcome {
    /// Already formatted.
    Same,
    /// The new bytes and text.
    Changed { bytes: Vec<u8>, text: String },
    /// Not formatted, and why (`--verbose` says it).
    Skipped(&'static str),
    /// The formatter refused (a bug): the file is left alone.
    Failed(FormatError),
}

fn format_file(file: &SourceFile, guessed: bool) -> Outcome {
    if guessed {
        return Outcome::Skipped(
            "its dialect was only guessed from its content (name it with --dialect or a [dialects] pattern to format it)",
        );
    }
    if !lint::format::supports(file.dialect) {
        return Outcome::Skipped("its dialect has no layout convention");
    }
    if crate::fix::looks_like_utf16(&file.source) {
        return Outcome::Skipped("it looks like UTF-16, which cardlint cannot edit safely");
    }
    let edits = match model::guard::catch(|| lint::format::format(file.dialect, file.text())) {
        Ok(Ok(edits)) => edits,
        Ok(Err(e)) => return Outcome::Failed(e),
        Err(panic) => return Outcome::Failed(FormatError::ChangedMeaning(panic)),
    };
    if edits.is_empty() {
        return Outcome::Same;
    }
    let text = lint::format::apply(file.text(), &edits);
    let pairs: Vec<_> = edits
        .iter()
        .map(|e| (e.range, e.new_text.as_str()))
        .collect();
    Outcome::Changed {
        bytes: file.source.apply_edits_to_bytes(&pairs),
        text,
    }
}

pub fn run(args: &FormatArgs) -> Result<ExitCode, String> {
    let config = load_config(args)?;
    let forced = args.dialect.map(DialectArg::dialect);
    let loaded = crate::files::load_with(&args.paths, forced, &config, true)?;
    let mut failure = false;
    if !args.skip_unknown {
        for path in &loaded.unknown {
            eprintln!(
                "cardlint: {}: cannot tell which card language this file is written in; name it with --dialect (or pass --skip-unknown)",
                escape_path(&path.display().to_string())
            );
            failure = true;
        }
    }
    if args.verbose {
        for (path, why) in &loaded.skipped {
            eprintln!("cardlint: skipped {}: {why}", path.display());
        }
    }
    let outcomes: Vec<Outcome> = loaded
        .files
        .par_iter()
        .zip(&loaded.guessed)
        .map(|(file, &guessed)| format_file(file, guessed))
        .collect();
    let (mut changed, mut same, mut written) = (0usize, 0usize, 0usize);
    let mut diff = String::new();
    for (file, outcome) in loaded.files.iter().zip(outcomes) {
        let shown = escape_path(&file.path_string()).into_owned();
        match outcome {
            Outcome::Same => same += 1,
            Outcome::Skipped(why) => {
                if args.verbose {
                    eprintln!("cardlint: not formatted {shown}: {why}");
                }
            }
            Outcome::Failed(e) => {
                eprintln!("cardlint: {shown}: {e}");
                failure = true;
            }
            Outcome::Changed { bytes, text } => {
                changed += 1;
                if args.diff {
                    diff.push_str(&crate::fix::unified_diff(
                        &file.path_string(),
                        file.text(),
                        &text,
                    ));
                } else if args.check {
                    println!("would reformat {shown}");
                } else {
                    let old = file.source.to_original_bytes();
                    match crate::fix::write_if_unchanged(&file.path, &old, &bytes) {
                        Ok(true) => written += 1,
                        Ok(false) => {
                            eprintln!(
                                "warning: {shown} changed on disk since cardlint read it; not formatted"
                            );
                            failure = true;
                        }
                        Err(e) => {
                            eprintln!("cardlint: cannot write {shown}: {e}");
                            failure = true;
                        }
                    }
                }
            }
        }
    }
    print!("{diff}");
    for error in &loaded.errors {
        eprintln!("cardlint: {}", escape_path(error));
        failure = true;
    }
    let dry = args.check || args.diff;
    if !args.quiet {
        let summary = if dry {
            format!(
                "{changed} file{} would be reformatted, {same} already formatted",
                plural(changed)
            )
        } else {
            format!(
                "{written} file{} reformatted, {same} already formatted",
                plural(written)
            )
        };
        eprintln!("{summary}");
    }
    Ok(if failure {
        ExitCode::from(2)
    } else if dry && changed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
