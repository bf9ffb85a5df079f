//! Reading an engine's source tree for the source-oracle tests (Forge's Java, Wagic's C++): the
//! files under a folder, and the string literals of a file.

use std::path::{Path, PathBuf};

/// Every file under `dir` (recursively) that `keep` accepts.
pub fn collect(dir: &Path, out: &mut Vec<PathBuf>, keep: &dyn Fn(&Path) -> bool) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out, keep);
        } else if keep(&p) {
            out.push(p);
        }
    }
}

/// The string literals of a Java or C++ file, as written (comments and character literals
/// skipped, escapes kept).
pub fn string_literals(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b'\'' => {
                i += 1;
                while i < b.len() && b[i] != b'\'' && b[i] != b'\n' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
            }
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                if let Some(s) = text.get(start..i.min(text.len())) {
                    out.push(s);
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    out
}
