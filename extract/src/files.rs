//! Finding the Java files of a Forge tree, reading their `package` line without parsing, and the
//! content digest of the relevant ones (so a cached extraction can be reused when nothing changed).

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use xxhash_rust::xxh3::Xxh3;

use crate::ExtractError;

/// A `.java` file read from disk.
pub(crate) struct SourceFile {
    /// Path relative to the root, `/`-separated.
    pub rel: String,
    pub bytes: Vec<u8>,
    pub package: String,
}

/// Packages whose code reads card scripts: the engine, fully analysed.
pub(crate) fn is_relevant_package(pkg: &str) -> bool {
    under_any(pkg, &["forge.game", "forge.ai", "forge.card", "forge.util"])
}

/// Packages of the GUI and the human player (`forge-gui`, desktop and mobile), read only for
/// the params they read (announcements, prompts, ...). Everything else is skipped.
pub(crate) fn is_gui_package(pkg: &str) -> bool {
    under_any(
        pkg,
        &[
            "forge.player",
            "forge.gui",
            "forge.gamemodes",
            "forge.screens",
            "forge.match",
        ],
    )
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    let Some((&first, rest)) = needle.split_first() else {
        return true;
    };
    let mut i = 0;
    while let Some(p) = hay[i..].iter().position(|&b| b == first) {
        let at = i + p + 1;
        if hay[at..].starts_with(rest) {
            return true;
        }
        i = at;
    }
    false
}

fn under_any(pkg: &str, roots: &[&str]) -> bool {
    roots
        .iter()
        .any(|p| pkg == *p || (pkg.starts_with(p) && pkg.as_bytes().get(p.len()) == Some(&b'.')))
}

impl SourceFile {
    /// Whether the file is parsed: an engine file, or a GUI file that mentions params at all
    /// (every param read names `getParam`, `hasParam`, `getMapParams`, `mapParams`, ... and
    /// every reader found in GUI code calls one of them), which most GUI files do not.
    pub fn is_scanned(&self) -> bool {
        is_relevant_package(&self.package)
            || (is_gui_package(&self.package) && contains(&self.bytes, b"Param"))
    }

    pub fn is_gui(&self) -> bool {
        !is_relevant_package(&self.package) && is_gui_package(&self.package)
    }
}

/// (absolute path, relative path) of each file, and warnings about unreadable folders.
pub(crate) type Listing = (Vec<(PathBuf, String)>, Vec<String>);

/// Every `.java` file under `root`, as (absolute path, relative path), sorted by relative path.
/// Hidden folders and build output are skipped; symbolic links to folders are followed once
/// (a checkout assembled from links works; a link back up the tree is not walked twice).
pub(crate) fn list_java(root: &Path) -> Result<Listing, ExtractError> {
    let meta = std::fs::metadata(root).map_err(|_| ExtractError::NotFound(root.to_path_buf()))?;
    if !meta.is_dir() {
        return Err(ExtractError::NotForge(format!(
            "{} is not a folder",
            root.display()
        )));
    }
    let mut out = Vec::new();
    let mut warnings = Vec::new();
    let mut seen_dirs = std::collections::HashSet::new();
    if let Ok(real) = std::fs::canonicalize(root) {
        seen_dirs.insert(real);
    }
    let mut stack = vec![(root.to_path_buf(), String::new())];
    while let Some((dir, rel)) = stack.pop() {
        let rd = match std::fs::read_dir(&dir) {
            Ok(rd) => rd,
            Err(e) if rel.is_empty() => return Err(ExtractError::Io(dir, e)),
            Err(e) => {
                warnings.push(format!("cannot read folder {rel}: {e}"));
                continue;
            }
        };
        for entry in rd.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let child_rel = if rel.is_empty() {
                name.clone()
            } else {
                format!("{rel}/{name}")
            };
            let Ok(ft) = entry.file_type() else { continue };
            let is_dir = ft.is_dir() || (ft.is_symlink() && entry.path().is_dir());
            if is_dir {
                if name.starts_with('.') || matches!(name.as_str(), "target" | "node_modules") {
                    continue;
                }
                if ft.is_symlink() {
                    let fresh = std::fs::canonicalize(entry.path())
                        .map(|real| seen_dirs.insert(real))
                        .unwrap_or(false);
                    if !fresh {
                        continue;
                    }
                }
                stack.push((entry.path(), child_rel));
            } else if name.ends_with(".java") {
                // A symbolic link counts when it points at a file.
                if ft.is_symlink() && !entry.path().is_file() {
                    continue;
                }
                out.push((entry.path(), child_rel));
            }
        }
    }
    out.sort_by(|a, b| a.1.cmp(&b.1));
    Ok((out, warnings))
}

/// Reads every listed file (in parallel) and its package. Unreadable files become warnings.
pub(crate) fn read_all(list: &[(PathBuf, String)]) -> (Vec<SourceFile>, Vec<String>) {
    let results: Vec<Result<SourceFile, String>> = list
        .par_iter()
        .map(|(abs, rel)| match std::fs::read(abs) {
            Ok(bytes) => {
                let package = sniff_package(&bytes);
                Ok(SourceFile {
                    rel: rel.clone(),
                    bytes,
                    package,
                })
            }
            Err(e) => Err(format!("cannot read {rel}: {e}")),
        })
        .collect();
    let mut files = Vec::with_capacity(results.len());
    let mut warnings = Vec::new();
    for r in results {
        match r {
            Ok(f) => files.push(f),
            Err(w) => warnings.push(w),
        }
    }
    (files, warnings)
}

/// xxh3 over the sorted relative paths and contents of the scanned files.
pub(crate) fn digest(files: &[SourceFile]) -> (u64, usize) {
    let mut h = Xxh3::new();
    let mut n = 0;
    for f in files.iter().filter(|f| f.is_scanned()) {
        h.update(f.rel.as_bytes());
        h.update(&[0]);
        h.update(&(f.bytes.len() as u64).to_le_bytes());
        h.update(&f.bytes);
        n += 1;
    }
    (h.digest(), n)
}

/// The package named by the file's `package x.y;` line, or "" (default package). Only comments,
/// whitespace and annotations may precede it, so this reads the first few hundred bytes at most.
pub(crate) fn sniff_package(bytes: &[u8]) -> String {
    let mut i = 0;
    // A UTF-8 byte-order mark.
    if bytes.starts_with(&[0xef, 0xbb, 0xbf]) {
        i = 3;
    }
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if bytes[i..].starts_with(b"//") {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else if bytes[i..].starts_with(b"/*") {
            i += 2;
            while i < bytes.len() && !bytes[i..].starts_with(b"*/") {
                i += 1;
            }
            i = (i + 2).min(bytes.len());
        } else if bytes.get(i) == Some(&b'@') {
            // A package annotation: skip its name and a balanced argument list.
            i += 1;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || b"._".contains(&bytes[i]))
            {
                i += 1;
            }
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            if bytes.get(i) == Some(&b'(') {
                let mut depth = 0usize;
                while i < bytes.len() {
                    match bytes[i] {
                        b'(' => depth += 1,
                        b')' => {
                            depth = depth.saturating_sub(1);
                            if depth == 0 {
                                i += 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
            }
        } else {
            break;
        }
    }
    let rest = &bytes[i.min(bytes.len())..];
    let Some(after) = rest.strip_prefix(b"package") else {
        return String::new();
    };
    if !after.first().is_some_and(|c| c.is_ascii_whitespace()) {
        return String::new();
    }
    let end = after.iter().position(|&c| c == b';').unwrap_or(0);
    String::from_utf8_lossy(&after[..end])
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_packages() {
        assert_eq!(
            sniff_package(b"package forge.game;\nclass A {}"),
            "forge.game"
        );
        assert_eq!(
            sniff_package(b"/* licence\n */\n// x\n@Deprecated\npackage  forge.ai.ability ;"),
            "forge.ai.ability"
        );
        assert_eq!(sniff_package(b"import x;\nclass A {}"), "");
        assert_eq!(sniff_package(b""), "");
        assert_eq!(sniff_package(b"/* unterminated"), "");
        assert_eq!(sniff_package(b"packagex.y;"), "");
    }

    #[test]
    fn relevant_packages() {
        assert!(is_relevant_package("forge.game"));
        assert!(is_relevant_package("forge.game.ability.effects"));
        assert!(is_relevant_package("forge.util"));
        assert!(!is_relevant_package("forge.gamemodes"));
        assert!(!is_relevant_package("forge.gui"));
        assert!(!is_relevant_package(""));
        assert!(is_gui_package("forge.player"));
        assert!(is_gui_package("forge.screens.match.views"));
        assert!(is_gui_package("forge.gamemodes.quest"));
        assert!(!is_gui_package("forge.playerx"));
        assert!(!is_gui_package("forge.toolbox"));
        assert!(!is_gui_package("forge.game"));
    }
}
