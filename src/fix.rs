//! `--fix`, `--unsafe-fixes`, `--diff`: apply fixes until none applies, then write atomically or
//! print a diff. Untouched bytes (encoding, BOM, line endings, final newline) are kept exactly.

use lint::config::Config;
use lint::fix::choose_edits;
use lint::{Diagnostic, SourceFile};
use std::io::Write;
use std::path::Path;
use syntax::{SourceText, TextRange};

/// Rounds of fix-then-relint before giving up (fixes that keep producing fixes).
const MAX_ROUNDS: usize = 10;

pub struct Fixed {
    /// The files as they are after fixing.
    pub files: Vec<SourceFile>,
    /// Their diagnostics after fixing.
    pub results: Vec<Vec<Diagnostic>>,
    /// Their diagnostics before fixing (reported for a file whose fixes could not be written).
    pub before: Vec<Vec<Diagnostic>>,
    /// Fixes applied per file.
    pub applied: Vec<usize>,
}

/// Whether a file's bytes look like UTF-16 (a UTF-16 byte-order mark, or NUL bytes in every
/// few characters): cardlint reads text as UTF-8 or Latin-1, so an edit would shift the bytes of
/// every character after it. Such files are not fixed.
pub fn looks_like_utf16(source: &SourceText) -> bool {
    let bytes = source.to_original_bytes();
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return true;
    }
    let nuls = bytes.iter().filter(|&&b| b == 0).count();
    nuls > 0 && nuls * 8 >= bytes.len()
}

/// Fixes the files whose `fixable` flag is set (the others are linted with them: the named
/// files' project, files whose dialect was only guessed from their content).
pub fn fix_all(
    mut files: Vec<SourceFile>,
    fixable: &[bool],
    config: &Config,
    allow_unsafe: bool,
) -> Fixed {
    let mut applied = vec![0usize; files.len()];
    let mut results = lint::workspace::check(&files, config);
    let before = results.clone();
    let utf16: Vec<bool> = files.iter().map(|f| looks_like_utf16(&f.source)).collect();
    for (i, file) in files.iter().enumerate() {
        if utf16[i] && fixable.get(i) == Some(&true) && results[i].iter().any(|d| d.fix.is_some()) {
            eprintln!(
                "warning: {}: looks like UTF-16 (a byte-order mark or NUL bytes), which cardlint cannot edit safely; not fixed",
                crate::output::escape_path(&file.path_string())
            );
        }
    }
    // The fixes of a file that is not fixed say why.
    for (i, diagnostics) in results.iter_mut().enumerate() {
        let why = if fixable.get(i) != Some(&true) {
            "its dialect was only guessed from its content (name it with --dialect or a [dialects] pattern to fix it)"
        } else if utf16[i] {
            "it looks like UTF-16, which cardlint cannot edit safely"
        } else {
            continue;
        };
        for d in diagnostics.iter_mut().filter(|d| d.fix.is_some()) {
            d.notes.push(format!("not fixed: {why}"));
        }
    }
    for _ in 0..MAX_ROUNDS {
        let mut changed = false;
        for (i, diagnostics) in results.iter().enumerate() {
            if utf16[i] || !fixable.get(i).copied().unwrap_or(false) {
                continue;
            }
            let (edits, count) = choose_edits(diagnostics, allow_unsafe);
            if count == 0 {
                continue;
            }
            let pairs: Vec<(TextRange, &str)> = edits
                .iter()
                .map(|e| (e.range, e.new_text.as_str()))
                .collect();
            let bytes = files[i].source.apply_edits_to_bytes(&pairs);
            let source = SourceText::decode(&bytes);
            if source.text() == files[i].text() {
                continue;
            }
            files[i].source = source;
            applied[i] += count;
            changed = true;
        }
        if !changed {
            break;
        }
        results = lint::workspace::check(&files, config);
    }
    Fixed {
        files,
        results,
        before,
        applied,
    }
}

/// Writes the files whose bytes changed, atomically; a file changed on disk since it was read
/// (checked again just before the rename) is left alone with a warning. A symbolic link is
/// followed: its target is written. Returns the number of files written, the errors of the
/// files that could not be written, and per file why its fixes were not written (`None`:
/// written, or nothing to write).
pub fn write_changed(
    original: &[SourceFile],
    fixed: &Fixed,
) -> (usize, Vec<String>, Vec<Option<String>>) {
    let mut written = 0;
    let mut errors = Vec::new();
    let mut unwritten = vec![None; original.len()];
    for (i, (before, after)) in original.iter().zip(&fixed.files).enumerate() {
        let old = before.source.to_original_bytes();
        let new = after.source.to_original_bytes();
        if old == new {
            continue;
        }
        let shown = crate::output::escape_path(&before.path_string()).into_owned();
        match write_if_unchanged(&before.path, &old, &new) {
            Ok(true) => written += 1,
            Ok(false) => {
                eprintln!("warning: {shown} changed on disk since cardlint read it; not fixed");
                unwritten[i] = Some("the file changed on disk since cardlint read it".to_string());
            }
            Err(e) => {
                errors.push(format!("cannot write {shown}: {e}"));
                unwritten[i] = Some(format!("cannot write the file: {e}"));
            }
        }
    }
    (written, errors, unwritten)
}

/// The findings of a file whose fixes were not written: those found before fixing, each fix
/// noted with the reason it was not applied.
pub fn unfixed(before: &[Diagnostic], why: &str) -> Vec<Diagnostic> {
    let mut out = before.to_vec();
    for d in &mut out {
        if d.fix.is_some() {
            d.notes.push(format!("not fixed: {why}"));
        }
    }
    out
}

/// Replaces the file (the target of a link) with `new` if it still holds `old`: `Ok(false)`
/// when it changed.
pub fn write_if_unchanged(path: &Path, old: &[u8], new: &[u8]) -> std::io::Result<bool> {
    let target = std::fs::canonicalize(path)?;
    if std::fs::read(&target)? != old {
        return Ok(false);
    }
    write_atomic(&target, new, old)
}

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path` if `path`
/// still holds `expected` (read again just before the rename): `Ok(false)` when it does not.
fn write_atomic(path: &Path, bytes: &[u8], expected: &[u8]) -> std::io::Result<bool> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    // A short ASCII name, unique in this process: it fits wherever the file's own name does
    // (a name near the 255-byte limit, a name that is not UTF-8).
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dir.join(format!(".cardlint-{}-{n}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        if let Ok(meta) = std::fs::metadata(path) {
            std::fs::set_permissions(&tmp, meta.permissions())?;
        }
        if std::fs::read(path)? != expected {
            return Ok(false);
        }
        std::fs::rename(&tmp, path).map(|()| true)
    })();
    if !matches!(result, Ok(true)) {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// The unified diff of every file the fixes change; empty when nothing changes.
pub fn diff(original: &[SourceFile], fixed: &Fixed) -> String {
    let mut out = String::new();
    for (before, after) in original.iter().zip(&fixed.files) {
        if before.text() == after.text() {
            continue;
        }
        out.push_str(&unified_diff(
            &before.path_string(),
            before.text(),
            after.text(),
        ));
    }
    out
}

/// The unified diff of one file (`a/PATH`, `b/PATH`, three lines of context), ending with a
/// line break.
pub fn unified_diff(path: &str, before: &str, after: &str) -> String {
    let diff = similar::TextDiff::from_lines(before, after);
    let mut unified = diff
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string();
    if !unified.ends_with('\n') {
        unified.push('\n');
    }
    unified
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_changed_on_disk_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bom.txt");
        std::fs::write(&path, "\u{feff}Name:Bom\nTypes:Artifact\n").unwrap();
        let original = vec![SourceFile::new(
            &path,
            lint::Dialect::FORGE,
            &std::fs::read(&path).unwrap(),
        )];
        let fixed = fix_all(original.clone(), &[true], &Config::default(), false);
        assert_eq!(fixed.applied, vec![1]);
        // Someone edits the file between the read and the write.
        std::fs::write(&path, "Name:Edited\n").unwrap();
        assert_eq!(
            write_changed(&original, &fixed),
            (
                0,
                vec![],
                vec![Some(
                    "the file changed on disk since cardlint read it".to_string()
                )]
            )
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "Name:Edited\n");
        // Unchanged on disk: written, and no temporary file is left behind.
        std::fs::write(&path, "\u{feff}Name:Bom\nTypes:Artifact\n").unwrap();
        assert_eq!(write_changed(&original, &fixed), (1, vec![], vec![None]));
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "Name:Bom\nTypes:Artifact\n"
        );
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
