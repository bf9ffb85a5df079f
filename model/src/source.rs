//! One file as the linter sees it: where it is, which dialect it is in, and its decoded text.

use crate::dialect::Dialect;
use std::path::PathBuf;
use syntax::SourceText;

pub type FileId = usize;

/// A place in the workspace: a range of one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    pub file: FileId,
    pub range: syntax::TextRange,
}

#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The path as the user gave it or as the walk found it (used in messages).
    pub path: PathBuf,
    pub dialect: Dialect,
    pub source: SourceText,
}

impl SourceFile {
    pub fn new(path: impl Into<PathBuf>, dialect: Dialect, bytes: &[u8]) -> SourceFile {
        SourceFile {
            path: path.into(),
            dialect,
            source: SourceText::decode(bytes),
        }
    }

    /// Takes ownership of the bytes (no copy when they are UTF-8).
    pub fn from_bytes(path: impl Into<PathBuf>, dialect: Dialect, bytes: Vec<u8>) -> SourceFile {
        SourceFile {
            path: path.into(),
            dialect,
            source: SourceText::decode_vec(bytes),
        }
    }

    pub fn from_text(
        path: impl Into<PathBuf>,
        dialect: Dialect,
        text: impl Into<String>,
    ) -> SourceFile {
        SourceFile {
            path: path.into(),
            dialect,
            source: SourceText::from_text(text),
        }
    }

    pub fn text(&self) -> &str {
        self.source.text()
    }

    /// The text, given up (to be edited in place and wrapped again).
    pub fn into_text(self) -> String {
        self.source.into_text()
    }

    /// The path with `/` separators, for messages and indexes.
    pub fn path_string(&self) -> String {
        self.path.to_string_lossy().replace('\\', "/")
    }
}
