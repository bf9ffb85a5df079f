//! Reports: diagnostics with their files, converted to lines and columns at this edge.

pub mod github;
pub mod json;
pub mod progress;
pub mod sarif;
pub mod statistics;
pub mod text;

use lint::{Diagnostic, Severity, SourceFile};
use syntax::{LineIndex, TextSize};

pub struct Report<'a> {
    pub files: &'a [SourceFile],
    /// Per file, in the order of `files`.
    pub diagnostics: Vec<Vec<Diagnostic>>,
    line_indexes: Vec<Option<LineIndex>>,
}

/// A 1-based line and a 1-based column counted in characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub line: u32,
    pub column: u32,
}

impl<'a> Report<'a> {
    pub fn new(files: &'a [SourceFile], diagnostics: Vec<Vec<Diagnostic>>) -> Report<'a> {
        let line_indexes = files
            .iter()
            .zip(&diagnostics)
            .map(|(f, d)| (!d.is_empty()).then(|| LineIndex::new(f.text())))
            .collect();
        Report {
            files,
            diagnostics,
            line_indexes,
        }
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
        let index = self.line_indexes[file]
            .as_ref()
            .expect("line index of a file with diagnostics");
        let lc = index.line_col(offset);
        Position {
            line: lc.line + 1,
            column: lc.col + 1,
        }
    }

    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .flatten()
            .filter(|d| d.severity == severity)
            .count()
    }

    pub fn total(&self) -> usize {
        self.diagnostics.iter().map(Vec::len).sum()
    }
}
