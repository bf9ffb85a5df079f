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
        self.path_text().into_owned()
    }

    /// `path_string`, borrowed when the path is UTF-8 with `/` separators (a lookup by it
    /// makes no string).
    pub fn path_text(&self) -> std::borrow::Cow<'_, str> {
        let text = path_text(&self.path);
        if text.contains('\\') {
            text.replace('\\', "/").into()
        } else {
            text
        }
    }
}

/// `path.to_string_lossy()`, validating a UTF-8 path by `str::from_utf8` (much faster than the
/// lossy decoder, and this runs several times for every file of a walk).
pub fn path_text(path: &std::path::Path) -> std::borrow::Cow<'_, str> {
    match path.to_str() {
        Some(text) => std::borrow::Cow::Borrowed(text),
        None => path.to_string_lossy(),
    }
}
