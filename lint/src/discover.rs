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

/// Reads a file only when it is a regular file of at most `MAX_FILE_SIZE` bytes: a FIFO, a
/// device (`/dev/zero`), a folder or a huge file is refused with an error, without blocking and
/// without reading it. The file is opened non-blocking and checked again through its handle, so
/// a path swapped for a FIFO after the first check is refused too.
pub fn read_regular(path: &Path) -> std::io::Result<Vec<u8>> {
    read_regular_at_most(path, MAX_FILE_SIZE)
}

/// `read_regular` with another bound (cache files).
pub fn read_regular_at_most(path: &Path, max: u64) -> std::io::Result<Vec<u8>> {
    read_bounded(path, max, true)
}

/// `read_regular` for a path a folder walk listed as a regular file (its directory entry says
/// so): the path is not looked up once more before it is opened (a walk of 18,000 cards would
/// pay for 18,000 more lookups); the open handle is still checked.
fn read_walked(path: &Path) -> std::io::Result<Vec<u8>> {
    read_bounded(path, MAX_FILE_SIZE, false)
}

fn read_bounded(path: &Path, max: u64, look_first: bool) -> std::io::Result<Vec<u8>> {
    use std::io::{Error, ErrorKind, Read};
    let check = |meta: std::fs::Metadata| {
        if !meta.is_file() {
            Err(Error::new(ErrorKind::InvalidInput, "not a regular file"))
        } else if meta.len() > max {
            Err(Error::new(
                ErrorKind::InvalidData,
                format!("larger than {} MiB", max >> 20),
            ))
        } else {
            Ok(meta.len())
        }
    };
    if look_first {
        check(std::fs::metadata(path)?)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let len = check(file.metadata()?)?;
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(Error::new(
            ErrorKind::InvalidData,
            format!("larger than {} MiB", max >> 20),
        ));
    }
    Ok(bytes)
}

pub struct Loaded {
    pub files: Vec<SourceFile>,
    /// Per file of `files`: its dialect was guessed from its content alone (no `--dialect`, no
    /// `[dialects]` pattern, not in one of the engines' card folders). Such a file is checked but
    /// never fixed automatically.
    pub guessed: Vec<bool>,
    /// Files named on the command line whose dialect could not be told.
    pub unknown: Vec<PathBuf>,
    /// Files skipped as known non-card files of an engine's resource folder, with the reason.
    pub skipped: Vec<(PathBuf, &'static str)>,
    /// With `lenient`: the paths that could not be walked or read (they are skipped).
    pub errors: Vec<String>,
}

/// How a file's dialect was told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detected {
    /// `--dialect`, a `[dialects]` pattern of the config, or the engines' folder layouts.
    Declared(Dialect),
    /// The content alone (it is unmistakably a card file of this dialect).
    Guessed(Dialect),
    /// A known non-card file of an engine's resource folder.
    NotACard(&'static str),
    /// Nothing tells.
    Unknown,
}

enum Found {
    File(SourceFile, bool),
    Skipped,
    NotACard(PathBuf, &'static str),
    /// A walked file that `read_regular` refuses (the message).
    Refused(String),
    Unknown(PathBuf),
}

/// Reads and decodes the files under `paths`. Errors (missing or unreadable path) are fatal.
pub fn load(paths: &[PathBuf], forced: Option<Dialect>, config: &Config) -> Result<Loaded, String> {
    load_with(paths, forced, config, false)
}

/// The dialect of a file found in a walk: `forced`, else the config's, else by path, else by
/// content (unless the path is a known non-card file); `None` for files that are not card files.
pub fn detect(
    path: &Path,
    text: &str,
    forced: Option<Dialect>,
    config: &Config,
) -> Option<Dialect> {
    match detect_how(path, text, forced, config) {
        Detected::Declared(d) | Detected::Guessed(d) => Some(d),
        Detected::NotACard(_) | Detected::Unknown => None,
    }
}

/// `detect`, saying how the dialect was told.
pub fn detect_how(path: &Path, text: &str, forced: Option<Dialect>, config: &Config) -> Detected {
    if let Some(d) = declared(path, forced, config) {
        return Detected::Declared(d);
    }
    undeclared(path, text)
}

/// The dialect a file is declared to have: `--dialect`, the config, the folder layouts.
fn declared(path: &Path, forced: Option<Dialect>, config: &Config) -> Option<Dialect> {
    forced
        .or_else(|| config.dialect_for(path))
        .or_else(|| crate::dialect::detect_by_path(path))
}

/// A file with no declared dialect: a known non-card file, or its content's dialect.
fn undeclared(path: &Path, text: &str) -> Detected {
    if let Some(why) = crate::dialect::known_non_card(path) {
        return Detected::NotACard(why);
    }
    match crate::dialect::detect_by_content(text) {
        Some(d) => Detected::Guessed(d),
        None => Detected::Unknown,
    }
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
                        // A file some dialect reads by its extension, or one the config's
                        // `[dialects]` patterns name (`extra/**/*.cards`).
                        if entry.file_type().is_some_and(|t| t.is_file())
                            && (walkable(entry.path())
                                || (forced.is_none() && config.dialect_for(entry.path()).is_some()))
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
            // A named file before the same file found by a walk, so that it is kept as named.
            .then(b.1.cmp(&a.1))
    });

    found.dedup_by(|a, b| a.0 == b.0);
    found.retain(|(path, _)| !config.is_excluded(path));
    let results: Vec<Result<Found, String>> = found
        .into_par_iter()
        .map(|(path, named)| {
            let by_path = declared(&path, forced, config);
            // A known non-card file is not read at all.
            let not_a_card = by_path
                .is_none()
                .then(|| crate::dialect::known_non_card(&path))
                .flatten();
            if let Some(why) = not_a_card {
                return Ok(Found::NotACard(clean(&path), why));
            }
            // A walked file that is no regular file of a sane size is no card file: skipped
            // (and listed, when lenient). A named one is an error.
            let read = if named {
                read_regular(&path)
            } else {
                read_walked(&path)
            };
            let bytes = match read {
                Ok(bytes) => bytes,
                Err(e)
                    if !named
                        && matches!(
                            e.kind(),
                            std::io::ErrorKind::InvalidInput | std::io::ErrorKind::InvalidData
                        ) =>
                {
                    return Ok(Found::Refused(format!("{}: {e}", path.display())));
                }
                Err(e) => return Err(format!("{}: {e}", path.display())),
            };
            let mut file =
                SourceFile::from_bytes(clean(&path), by_path.unwrap_or(Dialect::FORGE), bytes);
            if by_path.is_some() {
                return Ok(Found::File(file, false));
            }
            Ok(match crate::dialect::detect_by_content(file.text()) {
                Some(dialect) => {
                    file.dialect = dialect;
                    Found::File(file, true)
                }
                None if named => Found::Unknown(path),
                None => Found::Skipped,
            })
        })
        .collect();
    let mut loaded = Loaded {
        // Sized once: growing a vector of every file moves it and faults in fresh pages.
        files: Vec::with_capacity(results.len()),
        guessed: Vec::with_capacity(results.len()),
        unknown: Vec::new(),
        skipped: Vec::new(),
        errors: Vec::new(),
    };
    for result in results {
        match result {
            Ok(Found::File(file, guessed)) => {
                loaded.files.push(file);
                loaded.guessed.push(guessed);
            }
            Ok(Found::Unknown(path)) => loaded.unknown.push(path),
            Ok(Found::NotACard(path, why)) => loaded.skipped.push((path, why)),
            Ok(Found::Skipped) => {}
            Ok(Found::Refused(error)) if lenient => errors.push(error),
            Ok(Found::Refused(_)) => {}
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
