//! Reports: diagnostics with their files, converted to lines and columns at this edge.

pub mod github;
pub mod json;
pub mod markdown;
pub mod progress;
pub mod sarif;
pub mod statistics;
pub mod text;

use lint::{Diagnostic, Severity, SourceFile};
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::Path;
use syntax::TextSize;

/// A path as text outputs print it: control characters (a terminal's escape sequences in a file
/// name) are written as escapes (`\u{1b}`), so that a name cannot drive the terminal.
pub fn escape_path(path: &str) -> std::borrow::Cow<'_, str> {
    if !path.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(path);
    }
    let mut out = String::with_capacity(path.len() + 8);
    for c in path.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

pub struct Report<'a> {
    pub files: &'a [SourceFile],
    /// Per file, in the order of `files`.
    pub diagnostics: Vec<Vec<Diagnostic>>,
    /// Per file, the positions of every offset its diagnostics and fixes use (sorted by offset).
    positions: Vec<Vec<(TextSize, Position)>>,
    /// The index of each file by path (filled when a finding points into another file).
    by_path: HashMap<&'a Path, usize>,
}

/// A 1-based line and a 1-based column counted in characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub line: u32,
    pub column: u32,
}

impl<'a> Report<'a> {
    pub fn new(files: &'a [SourceFile], diagnostics: Vec<Vec<Diagnostic>>) -> Report<'a> {
        // Related places in other files: their offsets are wanted in those files.
        let mut by_path: HashMap<&'a Path, usize> = HashMap::new();
        let mut elsewhere: HashMap<usize, Vec<TextSize>> = HashMap::new();
        for d in diagnostics.iter().flatten() {
            for r in &d.related {
                let Some(path) = &r.path else { continue };
                if by_path.is_empty() {
                    by_path = files
                        .iter()
                        .enumerate()
                        .map(|(i, f)| (f.path.as_path(), i))
                        .collect();
                }
                if let Some(&i) = by_path.get(path.as_path()) {
                    elsewhere
                        .entry(i)
                        .or_default()
                        .extend([r.range.start(), r.range.end()]);
                }
            }
        }
        // One pass per file over the offsets the report needs (a full line index of a large
        // file costs more when it has only some findings).
        let positions = files
            .par_iter()
            .zip(diagnostics.par_iter())
            .enumerate()
            .map(|(i, (file, list))| {
                let mut offsets: Vec<TextSize> = list
                    .iter()
                    .flat_map(|d| {
                        let edits = d
                            .fix
                            .iter()
                            .flat_map(|f| f.edits.iter())
                            .flat_map(|e| [e.range.start(), e.range.end()]);
                        let related = d
                            .related
                            .iter()
                            .filter(|r| r.path.is_none())
                            .flat_map(|r| [r.range.start(), r.range.end()]);
                        [d.range.start(), d.range.end()]
                            .into_iter()
                            .chain(edits)
                            .chain(related)
                    })
                    .chain(elsewhere.get(&i).into_iter().flatten().copied())
                    .collect();
                offsets.sort_unstable();
                offsets.dedup();
                let cols = syntax::line_cols(file.text(), &offsets);
                offsets
                    .into_iter()
                    .zip(cols)
                    .map(|(o, lc)| {
                        (
                            o,
                            Position {
                                line: lc.line + 1,
                                column: lc.col + 1,
                            },
                        )
                    })
                    .collect()
            })
            .collect();
        Report {
            files,
            diagnostics,
            positions,
            by_path,
        }
    }

    /// Where a related place of a finding of `file` is: its file (an index into `files`), start
    /// and end. `None` when its file is not part of the report.
    pub fn related_place(
        &self,
        file: usize,
        related: &lint::Related,
    ) -> Option<(usize, Position, Position)> {
        let at = match &related.path {
            None => file,
            Some(path) => *self.by_path.get(path.as_path())?,
        };
        let len = TextSize::of(self.files[at].text());
        if related.range.end() > len {
            return None;
        }
        Some((
            at,
            self.position(at, related.range.start()),
            self.position(at, related.range.end()),
        ))
    }

    /// Files sorted by path with their diagnostics.
    pub fn by_path(&self) -> Vec<(usize, &[Diagnostic])> {
        let mut order: Vec<usize> = (0..self.files.len()).collect();
        order.sort_by(|&a, &b| {
            let (pa, pb) = (
                self.files[a].path.as_os_str(),
                self.files[b].path.as_os_str(),
            );
            pa.as_encoded_bytes().cmp(pb.as_encoded_bytes())
        });
        order
            .into_iter()
            .map(|i| (i, self.diagnostics[i].as_slice()))
            .collect()
    }

    pub fn position(&self, file: usize, offset: TextSize) -> Position {
        let positions = &self.positions[file];
        match positions.binary_search_by_key(&offset, |(o, _)| *o) {
            Ok(i) => positions[i].1,
            Err(_) => {
                // Not one of the report's offsets (a caller outside the diagnostics): compute it.
                let lc = syntax::line_cols(self.files[file].text(), &[offset])[0];
                Position {
                    line: lc.line + 1,
                    column: lc.col + 1,
                }
            }
        }
    }

    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .flatten()
            .filter(|d| d.severity == severity)
            .count()
    }

    /// How many findings have a safe fix, and how many more an unsafe one.
    pub fn fixable(&self) -> (usize, usize) {
        let mut safe = 0;
        let mut unsafe_ = 0;
        for d in self.diagnostics.iter().flatten() {
            match d.fix.as_ref().map(|f| f.applicability) {
                Some(lint::Applicability::Safe) => safe += 1,
                Some(lint::Applicability::Unsafe) => unsafe_ += 1,
                None => {}
            }
        }
        (safe, unsafe_)
    }

    pub fn total(&self) -> usize {
        self.diagnostics.iter().map(Vec::len).sum()
    }
}
