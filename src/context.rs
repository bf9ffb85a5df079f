//! Project context for named files: `cardlint check sets/TS2/_cards.dat` (what pre-commit hooks
//! and review bots run, with the changed files only) indexes the project the file belongs to, so
//! that cross-file rules (duplicate ids, unresolved primitives, token scripts, GUIDs) see the
//! same files as a walk of the whole project, and reports on the named files only.
//!
//! A project is found from each named path upward: the Wagic card library (a `sets` folder with
//! `primitives/`), the Forge resource folder (the parent of `cardsfolder/` or `tokenscripts/`:
//! both are indexed), the OCTGN game folder (`o8g/`); for a named file outside these layouts, the
//! folder of its `cardlint.toml`.

use std::path::{Component, Path, PathBuf};

/// The folders to index with the named paths (none: the named paths are the whole project).
pub fn roots(paths: &[PathBuf]) -> Vec<PathBuf> {
    let cwd = std::env::current_dir().unwrap_or_default();
    let named_folders: Vec<PathBuf> = paths
        .iter()
        .filter(|p| p.is_dir())
        .map(|p| normalize(&cwd, p))
        .collect();
    let mut roots: Vec<PathBuf> = Vec::new();
    for path in paths {
        let is_file = path.is_file();
        let found = engine_root(path, is_file)
            .or_else(|| {
                // The same, from the absolute path (a file named from inside its folder).
                let abs = normalize(&cwd, path);
                engine_root(&abs, is_file).map(|r| r.iter().map(|p| relative_to(&cwd, p)).collect())
            })
            .or_else(|| {
                is_file
                    .then(|| lint::config::Config::discover(path))
                    .flatten()
                    .and_then(|config| config.parent().map(|p| vec![relative_to(&cwd, p)]))
            })
            .unwrap_or_default();
        for root in found {
            let abs = normalize(&cwd, &root);
            if named_folders.iter().any(|n| abs.starts_with(n)) {
                continue; // walked anyway
            }
            if !roots.iter().any(|r| normalize(&cwd, r) == abs) {
                roots.push(root);
            }
        }
    }
    // A root inside another is walked with it.
    let absolute: Vec<PathBuf> = roots.iter().map(|r| normalize(&cwd, r)).collect();
    let mut kept = Vec::new();
    for (i, root) in roots.iter().enumerate() {
        let inside = absolute
            .iter()
            .enumerate()
            .any(|(j, other)| j != i && absolute[i].starts_with(other) && absolute[i] != *other);
        if !inside {
            kept.push(root.clone());
        }
    }
    kept
}

/// The card folders of the engine project `path` sits in, found from its own folder upward.
fn engine_root(path: &Path, is_file: bool) -> Option<Vec<PathBuf>> {
    let start = if is_file { path.parent()? } else { path };
    for dir in start.ancestors() {
        let Some(name) = dir.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let dir_or_here = |d: &Path| {
            if d.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                d.to_path_buf()
            }
        };
        match name {
            // A Wagic card library: primitives and set files are read together.
            "sets" if dir.join("primitives").is_dir() => return Some(vec![dir_or_here(dir)]),
            // A Forge resource folder: card scripts and token scripts.
            "cardsfolder" | "tokenscripts" => {
                let res = dir_or_here(dir.parent().unwrap_or(Path::new("")));
                let folders: Vec<PathBuf> = ["cardsfolder", "tokenscripts"]
                    .iter()
                    .map(|f| res.join(f))
                    .filter(|f| f.is_dir())
                    .collect();
                return Some(folders);
            }
            // An OCTGN game: its scripts and its set files.
            "o8g" => return Some(vec![dir_or_here(dir)]),
            _ => {}
        }
    }
    None
}

/// `path` relative to `cwd` when inside it (`.` for `cwd` itself), else as it is.
fn relative_to(cwd: &Path, path: &Path) -> PathBuf {
    let cwd_real = std::fs::canonicalize(cwd).unwrap_or_else(|_| cwd.to_path_buf());
    for base in [cwd, cwd_real.as_path()] {
        if let Ok(rel) = path.strip_prefix(base) {
            return if rel.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                rel.to_path_buf()
            };
        }
    }
    path.to_path_buf()
}

/// The absolute form of `path`, with `.` and `..` resolved lexically (no file system access):
/// what tells that a named file and a file found by a walk are the same.
pub fn normalize(cwd: &Path, path: &Path) -> PathBuf {
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        cwd.join(path)
    };
    if is_normal(&joined) {
        return joined;
    }
    let mut out = PathBuf::new();
    for component in joined.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Whether `normalize` would give an absolute path back as it is: no `.` or `..` component,
/// no doubled or trailing separator (the common case, checked without splitting the path).
fn is_normal(path: &Path) -> bool {
    let bytes = path.as_os_str().as_encoded_bytes();
    std::path::MAIN_SEPARATOR == '/'
        && bytes.first() == Some(&b'/')
        && (bytes.len() == 1
            || !(bytes.ends_with(b"/")
                || bytes.ends_with(b"/.")
                || bytes.ends_with(b"/..")
                || bytes.windows(2).any(|w| w == b"//")
                || bytes.windows(3).any(|w| w == b"/./")
                || bytes.windows(4).any(|w| w == b"/../")))
}

/// Canonical paths of files (symbolic links and `..` resolved), for comparing a file with what
/// git or a baseline names: a file's folder is resolved once for all the files in it.
#[derive(Default)]
pub struct CanonicalPaths {
    folders: std::collections::HashMap<PathBuf, PathBuf>,
    cwd: PathBuf,
}

impl CanonicalPaths {
    pub fn new() -> CanonicalPaths {
        CanonicalPaths {
            folders: Default::default(),
            cwd: std::env::current_dir().unwrap_or_default(),
        }
    }

    /// The canonical form of a folder (lexically normalised when it does not exist).
    pub fn folder(&mut self, folder: &Path) -> PathBuf {
        let absolute = normalize(&self.cwd, folder);
        if let Some(found) = self.folders.get(&absolute) {
            return found.clone();
        }
        let canonical = std::fs::canonicalize(&absolute).unwrap_or_else(|_| absolute.clone());
        self.folders.insert(absolute, canonical.clone());
        canonical
    }

    /// The canonical form of a file's path: its folder's, and its name.
    pub fn canonical(&mut self, file: &Path) -> PathBuf {
        let absolute = normalize(&self.cwd, file);
        match (absolute.parent(), absolute.file_name()) {
            (Some(parent), Some(name)) => self.folder(parent).join(name),
            _ => absolute,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_resolves_dots() {
        let cwd = Path::new("/w/x");
        assert_eq!(
            normalize(cwd, Path::new("./a/../b/c.txt")),
            PathBuf::from("/w/x/b/c.txt")
        );
        assert_eq!(normalize(cwd, Path::new("/a/./b")), PathBuf::from("/a/b"));
        // The paths `normalize` gives back as they are, and the others, as the slow way does.
        for path in [
            "/",
            "/a",
            "/a/b.txt",
            "/a//b",
            "/a/b/",
            "/a/.",
            "/a/..",
            "/a/../b",
            "/.a/..b/c.",
            "/a/b/.",
            "//a",
        ] {
            let mut slow = PathBuf::new();
            for component in Path::new(path).components() {
                match component {
                    Component::CurDir => {}
                    Component::ParentDir => {
                        slow.pop();
                    }
                    other => slow.push(other),
                }
            }
            assert_eq!(normalize(cwd, Path::new(path)), slow, "{path}");
        }
    }

    #[test]
    fn roots_of_engine_layouts() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for d in [
            "Res/sets/primitives",
            "Res/sets/TS2",
            "forge/res/cardsfolder/a",
            "forge/res/tokenscripts",
            "game/o8g/Sets/Core",
        ] {
            std::fs::create_dir_all(root.join(d)).unwrap();
        }
        for f in [
            "Res/sets/TS2/_cards.dat",
            "forge/res/cardsfolder/a/abc.txt",
            "game/o8g/Sets/Core/set.xml",
        ] {
            std::fs::write(root.join(f), "").unwrap();
        }
        let wagic = roots(&[root.join("Res/sets/TS2/_cards.dat")]);
        assert_eq!(wagic, vec![root.join("Res/sets")]);
        let forge = roots(&[root.join("forge/res/cardsfolder/a/abc.txt")]);
        assert_eq!(
            forge,
            vec![
                root.join("forge/res/cardsfolder"),
                root.join("forge/res/tokenscripts")
            ]
        );
        // A named folder covers the roots inside it.
        let covered = roots(&[
            root.join("forge/res/cardsfolder"),
            root.join("forge/res/cardsfolder/a/abc.txt"),
        ]);
        assert_eq!(covered, vec![root.join("forge/res/tokenscripts")]);
        let octgn = roots(&[root.join("game/o8g/Sets/Core/set.xml")]);
        assert_eq!(octgn, vec![root.join("game/o8g")]);
    }
}
