//! `check --new-from-rev REV`: which lines of which files changed since a git revision, read from
//! `git diff` (the working tree against `REV`, renames followed) and `git ls-files --others`
//! (untracked files are new throughout). Only the hunk headers of a zero-context diff of the
//! changed files are read, and only the names of the added ones, so the cost is git's: a few
//! tens of milliseconds on a tree of 18,000 cards.

use crate::context::CanonicalPaths;
use std::collections::HashMap;
use std::ffi::OsString;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The lines of one file added or changed since the revision.
#[derive(Debug, PartialEq, Eq)]
pub enum Changed {
    /// A file git does not track (and does not ignore): every line is new.
    All,
    /// 1-based inclusive line ranges, in file order.
    Lines(Vec<(u32, u32)>),
}

impl Changed {
    pub fn contains(&self, line: u32) -> bool {
        match self {
            Changed::All => true,
            Changed::Lines(ranges) => {
                let i = ranges.partition_point(|&(_, end)| end < line);
                ranges.get(i).is_some_and(|&(start, _)| start <= line)
            }
        }
    }
}

/// The changes of a work tree since a revision.
pub struct Changes {
    /// The work tree's top folder, canonical (as git prints it).
    root: PathBuf,
    /// By path relative to `root`.
    files: HashMap<PathBuf, Changed>,
}

/// `git` with the settings a user's configuration could change in its output pinned.
fn git(dir: &Path) -> Command {
    let mut command = Command::new("git");
    command
        .current_dir(dir)
        .args(["-c", "core.quotePath=false"])
        .env_remove("GIT_EXTERNAL_DIFF")
        .stdin(Stdio::null());
    command
}

/// Runs `git ARGS` in `dir` and returns its standard output, or what went wrong.
fn git_output(dir: &Path, args: &[&str]) -> Result<Vec<u8>, String> {
    let out = git(dir).args(args).output().map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            "--new-from-rev needs git, which is not on the PATH".to_string()
        } else {
            format!("cannot run git: {e}")
        }
    })?;
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(String::from_utf8_lossy(&out.stderr).trim().to_string())
    }
}

impl Changes {
    /// The changes of the work tree holding `at` (a file or folder) since `rev`: the work tree
    /// and the revision are checked now, the diff is read on a thread of its own
    /// (`Pending::wait`).
    pub fn since(rev: &str, at: &Path) -> Result<Pending, String> {
        // The folder of the first path (the current one when it does not exist: the walk
        // reports that path).
        let dir = if at.is_dir() {
            at.to_path_buf()
        } else {
            match at.parent() {
                Some(p) if p.is_dir() => p.to_path_buf(),
                _ => PathBuf::from("."),
            }
        };
        let top = git_output(&dir, &["rev-parse", "--show-toplevel"]).map_err(|e| {
            if e.starts_with("--new-from-rev needs git") {
                e
            } else {
                format!(
                    "--new-from-rev: {} is not inside a git work tree ({e})",
                    dir.display()
                )
            }
        })?;
        let root = PathBuf::from(bytes_to_os(trim_newline(&top).to_vec()));
        if rev.starts_with('-') {
            return Err(format!("--new-from-rev: `{rev}` is not a revision"));
        }
        let commit = git_output(
            &root,
            &[
                "rev-parse",
                "--verify",
                "--quiet",
                "--end-of-options",
                &format!("{rev}^{{commit}}"),
            ],
        )
        .map_err(|_| {
            format!(
                "--new-from-rev: git knows no commit `{rev}` in {} (in a shallow clone, fetch it first)",
                root.display()
            )
        })?;
        let commit = String::from_utf8_lossy(trim_newline(&commit)).to_string();
        // The diff runs while the caller lints.
        let handle = std::thread::spawn({
            let root = root.clone();
            move || read_changes(&root, &commit)
        });
        Ok(Pending { root, handle })
    }

    /// The changed lines of `path`; `None` when nothing in it changed (or it is outside the work
    /// tree).
    pub fn of(&self, paths: &mut CanonicalPaths, path: &Path) -> Option<&Changed> {
        let canonical = paths.canonical(path);
        let relative = canonical.strip_prefix(&self.root).ok()?;
        self.files.get(relative)
    }
}

/// Changes being read.
pub struct Pending {
    root: PathBuf,
    handle: std::thread::JoinHandle<Result<HashMap<PathBuf, Changed>, String>>,
}

impl Pending {
    pub fn wait(self) -> Result<Changes, String> {
        let files = self
            .handle
            .join()
            .unwrap_or_else(|_| Err("--new-from-rev: reading git's diff failed".to_string()))?;
        Ok(Changes {
            root: self.root,
            files,
        })
    }
}

/// The changed lines of the work tree at `root` since `commit`, by path relative to `root`.
fn read_changes(root: &Path, commit: &str) -> Result<HashMap<PathBuf, Changed>, String> {
    // Three git runs at once: the hunks of changed files, the names of added files (new
    // throughout: their text need not go through a pipe), the untracked files.
    let (hunks, added, untracked) = std::thread::scope(|scope| {
        let added = scope.spawn(|| {
            git_output(
                root,
                &[
                    "diff",
                    "-z",
                    "--name-only",
                    "--no-color",
                    "--find-renames",
                    "--ignore-submodules",
                    "--diff-filter=A",
                    commit,
                    "--",
                ],
            )
        });
        let untracked = scope.spawn(|| {
            git_output(
                root,
                &[
                    "ls-files",
                    "-z",
                    "--others",
                    "--exclude-standard",
                    "--full-name",
                ],
            )
        });
        let hunks = diff(root, commit);
        let join = |h: std::thread::ScopedJoinHandle<'_, Result<Vec<u8>, String>>| {
            h.join().unwrap_or_else(|_| Err("git failed".to_string()))
        };
        (hunks, join(added), join(untracked))
    });
    let mut files = hunks?;
    let added = added.map_err(|e| format!("--new-from-rev: git diff failed: {e}"))?;
    let untracked = untracked.map_err(|e| format!("--new-from-rev: git ls-files failed: {e}"))?;
    for path in added
        .split(|&b| b == 0)
        .chain(untracked.split(|&b| b == 0))
        .filter(|p| !p.is_empty())
    {
        files.insert(PathBuf::from(bytes_to_os(path.to_vec())), Changed::All);
    }
    Ok(files)
}

fn trim_newline(bytes: &[u8]) -> &[u8] {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    bytes.strip_suffix(b"\r").unwrap_or(bytes)
}

#[cfg(unix)]
fn bytes_to_os(bytes: Vec<u8>) -> OsString {
    use std::os::unix::ffi::OsStringExt;
    OsString::from_vec(bytes)
}

#[cfg(not(unix))]
fn bytes_to_os(bytes: Vec<u8>) -> OsString {
    OsString::from(String::from_utf8_lossy(&bytes).into_owned())
}

/// `git diff REV` of the work tree (staged and unstaged changes), zero lines of context, renames
/// followed, added files left out: the new side's line ranges of each hunk, by path relative to
/// the top folder. (When a change has too many files for git's rename detection, a renamed file
/// is an added one: new throughout.)
fn diff(root: &Path, commit: &str) -> Result<HashMap<PathBuf, Changed>, String> {
    let mut child = git(root)
        .args([
            "diff",
            "--no-color",
            "--no-ext-diff",
            "--no-textconv",
            "--text",
            "--unified=0",
            "--find-renames",
            "--ignore-submodules",
            "--diff-filter=CMRT",
            "--src-prefix=a/",
            "--dst-prefix=b/",
            commit,
            "--",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run git: {e}"))?;
    let stdout = child.stdout.take().expect("piped");
    let files = parse_diff(BufReader::with_capacity(1 << 16, stdout));
    let out = child
        .wait_with_output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "--new-from-rev: git diff failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    files.map_err(|e| format!("--new-from-rev: cannot read git diff: {e}"))
}

/// Reads a unified diff: `+++ b/PATH` names the file, each `@@ -a,b +c,d @@` adds the lines
/// `c..c+d` (none when `d` is 0: a deletion). Hunk bodies are skipped by count, so that a line
/// of a card reading `++ b/x` is never taken for a header.
fn parse_diff(mut input: impl BufRead) -> std::io::Result<HashMap<PathBuf, Changed>> {
    let mut files: HashMap<PathBuf, Changed> = HashMap::new();
    let mut current: Option<PathBuf> = None;
    let mut line = Vec::new();
    // Lines of the current hunk still to skip (old side, new side).
    let (mut old_left, mut new_left) = (0u32, 0u32);
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let text = trim_newline(&line);
        if old_left > 0 || new_left > 0 {
            match text.first() {
                Some(b'-') => old_left = old_left.saturating_sub(1),
                Some(b'+') => new_left = new_left.saturating_sub(1),
                Some(b' ') => {
                    old_left = old_left.saturating_sub(1);
                    new_left = new_left.saturating_sub(1);
                }
                _ => {} // `\ No newline at end of file`
            }
            continue;
        }
        if let Some(rest) = text.strip_prefix(b"+++ ") {
            current = diff_path(rest).map(|p| PathBuf::from(bytes_to_os(p)));
        } else if let Some(rest) = text.strip_prefix(b"@@ ") {
            let Some((old, new)) = hunk_header(rest) else {
                continue;
            };
            (old_left, new_left) = (old.1, new.1);
            if let Some(path) = &current
                && new.1 > 0
            {
                let range = (new.0, new.0 + new.1 - 1);
                match files
                    .entry(path.clone())
                    .or_insert_with(|| Changed::Lines(Vec::new()))
                {
                    Changed::Lines(ranges) => ranges.push(range),
                    Changed::All => {}
                }
            }
        } else if text.starts_with(b"diff --git ") {
            current = None;
        }
    }
    Ok(files)
}

/// The path of a `+++` line: `b/PATH` (a trailing tab when the path has a space), or the same
/// quoted C-style; `/dev/null` for a deleted file.
fn diff_path(rest: &[u8]) -> Option<Vec<u8>> {
    let path = if rest.first() == Some(&b'"') {
        unquote(rest)?
    } else {
        rest.strip_suffix(b"\t").unwrap_or(rest).to_vec()
    };
    path.strip_prefix(b"b/").map(<[u8]>::to_vec)
}

/// Git's C-style quoting of a path (`"a/t\"q\303\251.txt"`).
fn unquote(quoted: &[u8]) -> Option<Vec<u8>> {
    let inner = quoted.strip_prefix(b"\"")?;
    let end = inner.iter().rposition(|&b| b == b'"')?;
    let inner = &inner[..end];
    let mut out = Vec::with_capacity(inner.len());
    let mut i = 0;
    while i < inner.len() {
        let b = inner[i];
        i += 1;
        if b != b'\\' {
            out.push(b);
            continue;
        }
        let e = *inner.get(i)?;
        i += 1;
        out.push(match e {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'0'..=b'7' => {
                let digits = inner.get(i - 1..i + 2)?;
                i += 2;
                digits
                    .iter()
                    .try_fold(0u32, |n, d| {
                        (b'0'..=b'7')
                            .contains(d)
                            .then(|| n * 8 + u32::from(d - b'0'))
                    })
                    .and_then(|n| u8::try_from(n).ok())?
            }
            other => other,
        });
    }
    Some(out)
}

/// `-a[,b] +c[,d] @@...` → ((a, b), (c, d)), a missing count being 1.
type Side = (u32, u32);
fn hunk_header(rest: &[u8]) -> Option<(Side, Side)> {
    let text = std::str::from_utf8(rest.get(..rest.windows(3).position(|w| w == b" @@")?)?).ok()?;
    let mut parts = text.split(' ');
    let side = |part: Option<&str>, sign: char| -> Option<Side> {
        let part = part?.strip_prefix(sign)?;
        Some(match part.split_once(',') {
            Some((start, count)) => (start.parse().ok()?, count.parse().ok()?),
            None => (part.parse().ok()?, 1),
        })
    };
    Some((side(parts.next(), '-')?, side(parts.next(), '+')?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hunks_renames_quoting() {
        let diff = concat!(
            "diff --git a/ren.txt b/ren2.txt\n",
            "similarity index 80%\n",
            "rename from ren.txt\n",
            "rename to ren2.txt\n",
            "--- a/ren.txt\n",
            "+++ b/ren2.txt\n",
            "@@ -3 +3 @@ w\n",
            "-e\n",
            "+E\n",
            "diff --git \"a/t\\\"q.txt\" \"b/t\\\"q.txt\"\n",
            "--- \"a/t\\\"q.txt\"\n",
            "+++ \"b/t\\\"q\\303\\251.txt\"\n",
            "@@ -1,2 +1,0 @@\n",
            "-a\n",
            "-b\n",
            "diff --git a/x y.txt b/x y.txt\n",
            "--- a/x y.txt\t\n",
            "+++ b/x y.txt\t\n",
            "@@ -2 +2 @@ a\n",
            "-b\n",
            "++++ b/not a header\n",
            "@@ -3,0 +4,2 @@ c\n",
            "+d\n",
            "+@@ -1 +1 @@ not a hunk either\n",
            "\\ No newline at end of file\n",
            "diff --git a/gone.txt b/gone.txt\n",
            "similarity index 100%\n",
        );
        let files = parse_diff(diff.as_bytes()).unwrap();
        assert_eq!(files[Path::new("ren2.txt")], Changed::Lines(vec![(3, 3)]));
        assert_eq!(
            files[Path::new("x y.txt")],
            Changed::Lines(vec![(2, 2), (4, 5)])
        );
        assert!(
            !files.contains_key(Path::new("t\"qé.txt")),
            "a deletion adds no line"
        );
        assert_eq!(files.len(), 2);
        let lines = &files[Path::new("x y.txt")];
        assert!(!lines.contains(1) && lines.contains(2) && !lines.contains(3));
        assert!(lines.contains(4) && lines.contains(5) && !lines.contains(6));
    }

    #[test]
    fn quoted_paths() {
        assert_eq!(
            unquote(b"\"b/t\\\"q\\303\\251\\t.txt\"").unwrap(),
            "b/t\"qé\t.txt".as_bytes()
        );
        assert_eq!(diff_path(b"/dev/null"), None);
    }
}
