//! Reviewing a change: report only what it adds. `--new-from-rev REV` keeps the findings on lines
//! added or changed since a git revision (`changes.rs`); `--baseline FILE` drops the findings a
//! baseline written by `--write-baseline` recorded. Both filter the findings of a full run, so
//! the whole project is still read for context and cross-file rules see every file.
//!
//! A baseline entry is a file (relative to the baseline's folder), a rule code, the text of the
//! finding's line (trimmed) and how many findings share the three: moving a card inside its file
//! or editing other lines does not bring its findings back, and a second copy of a line with a
//! finding is new.

use crate::changes::Changes;
use crate::context::CanonicalPaths;
use lint::{Diagnostic, SourceFile};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use syntax::TextSize;

/// The lines of a text as git counts them (`\n` ends a line; a `\r` before it is the line's).
pub struct Lines<'a> {
    text: &'a str,
    /// The offset of each `\n`.
    breaks: Vec<usize>,
}

impl<'a> Lines<'a> {
    pub fn new(text: &'a str) -> Lines<'a> {
        Lines {
            text,
            breaks: text.match_indices('\n').map(|(i, _)| i).collect(),
        }
    }

    /// The 1-based line of an offset.
    pub fn line(&self, offset: TextSize) -> u32 {
        let offset = usize::from(offset).min(self.text.len());
        self.breaks.partition_point(|&b| b < offset) as u32 + 1
    }

    /// The text of a 1-based line, without its line break.
    pub fn text(&self, line: u32) -> &'a str {
        let i = line.saturating_sub(1) as usize;
        let start = if i == 0 { 0 } else { self.breaks[i - 1] + 1 };
        let end = self.breaks.get(i).copied().unwrap_or(self.text.len());
        let line = &self.text[start.min(end)..end];
        line.strip_suffix('\r').unwrap_or(line)
    }
}

/// Keeps the findings on the lines changed since the revision; returns how many were dropped.
pub fn keep_changed(
    files: &[SourceFile],
    results: &mut [Vec<Diagnostic>],
    changes: &Changes,
) -> usize {
    let mut paths = CanonicalPaths::new();
    let mut dropped = 0;
    for (file, list) in files.iter().zip(results.iter_mut()) {
        if list.is_empty() {
            continue;
        }
        let before = list.len();
        match changes.of(&mut paths, &file.path) {
            None => list.clear(),
            Some(changed) => {
                let lines = Lines::new(file.text());
                list.retain(|d| changed.contains(lines.line(d.range.start())));
            }
        }
        dropped += before - list.len();
    }
    dropped
}

/// The version of the baseline format this cardlint reads and writes.
const VERSION: u64 = 1;

#[derive(Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Clone, Debug)]
struct Entry {
    /// `/`-separated, relative to the baseline's folder (absolute when outside it).
    path: String,
    code: String,
    /// The text of the finding's line, trimmed.
    line: String,
    count: u32,
}

#[derive(Deserialize)]
struct BaselineFile {
    findings: Vec<Entry>,
}

/// The findings a baseline records, by file, rule and line text.
pub struct Baseline {
    /// The baseline file's folder, canonical.
    folder: PathBuf,
    counts: HashMap<(String, String, String), u32>,
}

/// The path of `file` as a baseline in `folder` records it: relative to the folder (`..` where
/// needed), `/`-separated; absolute only when they share no root (Windows drives).
fn baseline_path(paths: &mut CanonicalPaths, folder: &Path, file: &Path) -> String {
    let canonical = paths.canonical(file);
    let from: Vec<_> = folder.components().collect();
    let to: Vec<_> = canonical.components().collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    if common == 0 {
        return canonical.to_string_lossy().into_owned();
    }
    let mut parts: Vec<String> = vec!["..".to_string(); from.len() - common];
    parts.extend(
        to[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}

/// The folder a baseline file's paths are relative to.
fn baseline_folder(paths: &mut CanonicalPaths, file: &Path) -> PathBuf {
    match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => paths.folder(p),
        _ => paths.folder(Path::new(".")),
    }
}

impl Baseline {
    pub fn read(path: &Path) -> Result<Baseline, String> {
        let bytes =
            std::fs::read(path).map_err(|e| format!("--baseline {}: {e}", path.display()))?;
        let value: serde_json::Value = serde_json::from_slice(&bytes).map_err(|e| {
            format!(
                "--baseline {}: not a cardlint baseline: {e}",
                path.display()
            )
        })?;
        match value.get("version").and_then(serde_json::Value::as_u64) {
            Some(VERSION) => {}
            Some(other) => {
                return Err(format!(
                    "--baseline {}: a baseline of version {other}, which this cardlint cannot read (it reads version {VERSION}); write it again with --write-baseline",
                    path.display()
                ));
            }
            None => {
                return Err(format!(
                    "--baseline {}: not a cardlint baseline (no \"version\")",
                    path.display()
                ));
            }
        }
        let file: BaselineFile = serde_json::from_value(value)
            .map_err(|e| format!("--baseline {}: {e}", path.display()))?;
        let mut counts = HashMap::new();
        for e in file.findings {
            *counts.entry((e.path, e.code, e.line)).or_insert(0) += e.count;
        }
        let folder = baseline_folder(&mut CanonicalPaths::new(), path);
        Ok(Baseline { folder, counts })
    }

    /// Drops the findings the baseline records (each key as many times as it counts); returns
    /// how many were dropped.
    pub fn apply(&self, files: &[SourceFile], results: &mut [Vec<Diagnostic>]) -> usize {
        let mut paths = CanonicalPaths::new();
        let mut left = self.counts.clone();
        let mut dropped = 0;
        for (file, list) in files.iter().zip(results.iter_mut()) {
            if list.is_empty() {
                continue;
            }
            let path = baseline_path(&mut paths, &self.folder, &file.path);
            let lines = Lines::new(file.text());
            let before = list.len();
            list.retain(|d| {
                let key = (
                    path.clone(),
                    d.rule.code.to_string(),
                    lines.text(lines.line(d.range.start())).trim().to_string(),
                );
                match left.get_mut(&key) {
                    Some(n) if *n > 0 => {
                        *n -= 1;
                        false
                    }
                    _ => true,
                }
            });
            dropped += before - list.len();
        }
        dropped
    }
}

/// Writes the findings as a baseline (one finding a line, sorted, so that it diffs well);
/// returns how many findings it records.
pub fn write(
    path: &Path,
    files: &[SourceFile],
    results: &[Vec<Diagnostic>],
) -> Result<usize, String> {
    let mut paths = CanonicalPaths::new();
    let folder = baseline_folder(&mut paths, path);
    let mut counts: BTreeMap<(String, &'static str, String), u32> = BTreeMap::new();
    let mut total = 0;
    for (file, list) in files.iter().zip(results) {
        if list.is_empty() {
            continue;
        }
        let key_path = baseline_path(&mut paths, &folder, &file.path);
        let lines = Lines::new(file.text());
        for d in list {
            let line = lines.text(lines.line(d.range.start())).trim().to_string();
            *counts
                .entry((key_path.clone(), d.rule.code, line))
                .or_insert(0) += 1;
            total += 1;
        }
    }
    let mut out = format!(
        "{{\n  \"version\": {VERSION},\n  \"tool\": \"cardlint {}\",\n  \"findings\": [",
        env!("CARGO_PKG_VERSION")
    );
    for (i, ((path, code, line), count)) in counts.into_iter().enumerate() {
        let entry = Entry {
            path,
            code: code.to_string(),
            line,
            count,
        };
        out.push_str(if i == 0 { "\n    " } else { ",\n    " });
        out.push_str(&serde_json::to_string(&entry).expect("a baseline entry serialises"));
    }
    out.push_str("\n  ]\n}\n");
    std::fs::write(path, out).map_err(|e| format!("--write-baseline {}: {e}", path.display()))?;
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baseline_paths_are_relative_to_the_baseline() {
        let mut paths = CanonicalPaths::new();
        let folder = Path::new("/nowhere-cardlint/repo/review");
        let path = |file: &str| baseline_path(&mut CanonicalPaths::new(), folder, Path::new(file));
        assert_eq!(path("/nowhere-cardlint/repo/review/a.txt"), "a.txt");
        assert_eq!(
            path("/nowhere-cardlint/repo/cards/b/c.txt"),
            "../cards/b/c.txt"
        );
        assert_eq!(
            path("/nowhere-cardlint/repo/review/../x/./y.txt"),
            "../x/y.txt"
        );
        assert_eq!(
            baseline_path(&mut paths, Path::new("/"), Path::new("/a/b.txt")),
            "a/b.txt"
        );
    }

    #[test]
    fn lines_as_git_counts_them() {
        let lines = Lines::new("a\r\nbb\rc\n\nlast");
        assert_eq!(lines.line(TextSize::from(0)), 1);
        assert_eq!(lines.line(TextSize::from(2)), 1, "the \\r is line 1's");
        assert_eq!(lines.line(TextSize::from(3)), 2);
        assert_eq!(
            lines.line(TextSize::from(6)),
            2,
            "a lone \\r breaks no line"
        );
        assert_eq!(lines.text(1), "a");
        assert_eq!(lines.text(2), "bb\rc");
        assert_eq!(lines.text(3), "");
        assert_eq!(lines.line(TextSize::from(10)), 4);
        assert_eq!(lines.text(4), "last");
        assert_eq!(lines.line(TextSize::from(99)), 4);
    }
}
