//! An open document's analysis state, per dialect: by default a document is parsed and linted
//! whole again after every change ([`WholeDoc`]); a dialect whose files are long can follow edits
//! itself (Wagic's `WagicDoc` reparses and relints only the cards an edit touches) by giving its
//! `DialectIde::Doc` an incremental implementation of [`OpenDoc`].

use crate::features::DialectIde;
use lint::Diagnostic;
use lint::config::Config;
use model::{FileId, SourceFile};
use rowan::GreenNode;

/// What bringing an incremental document up to date changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reparsed {
    /// What the file contributes to the index changed: the index must be rebuilt.
    pub contribution_changed: bool,
    /// Lines moved: findings of other documents whose notes name lines of this file are out of
    /// date.
    pub lines_changed: bool,
    /// The index was patched in place, but in a way that may change the findings of other
    /// documents (type words entered or left a library): their findings are out of date.
    pub index_patched: bool,
}

/// The analysis state of an open document of dialect `L`.
pub trait OpenDoc<L: DialectIde + ?Sized>: Send + Sync + 'static
where
    L::FileIndex: Clone + PartialEq,
{
    /// Whether the document follows edits itself (`edited`, `reparse`); otherwise the world
    /// calls `replaced` after every change and takes the file's index contribution again.
    const INCREMENTAL: bool = false;

    /// The state of a document opened with `text`.
    fn open(text: &str) -> Self;

    /// `start..end` of the text was replaced by `len` bytes (incremental documents).
    fn edited(&mut self, _start: usize, _end: usize, _len: usize) {}

    /// The whole text changed (documents that are not incremental drop what they derived).
    fn replaced(&mut self) {}

    /// Edits are waiting for `reparse`.
    fn has_pending(&self) -> bool {
        false
    }

    /// Brings the tree (and, with `index`, the file's part of the index) up to date with the
    /// file's text (incremental documents).
    fn reparse(
        &mut self,
        _linter: &L,
        _id: FileId,
        _file: &SourceFile,
        _files_len: usize,
        _index: Option<&mut L::Index>,
    ) -> Reparsed {
        Reparsed::default()
    }

    /// The tree of the current text.
    fn tree(&mut self, linter: &L, text: &str) -> GreenNode;

    /// Every finding of the document for its current text, through the finish pipeline.
    fn diagnostics(
        &mut self,
        linter: &L,
        id: FileId,
        files: &[SourceFile],
        index: &L::Index,
        config: &Config,
    ) -> Vec<Diagnostic>;

    /// The dialect's index changed (`rebuild_pending`: and is about to be rebuilt). Returns
    /// whether the document's findings must be published again now.
    fn index_changed(&mut self, rebuild_pending: bool) -> bool;

    /// Everything derived is out of date (a new scan, a configuration change).
    fn reset(&mut self, text_len: usize);

    /// Findings are waiting to be brought up to date in the background.
    fn has_stale(&self) -> bool {
        false
    }

    /// Part of the tree is being parsed on a thread of its own: background work on the
    /// document would wait for it, so it waits its turn instead.
    fn busy(&self) -> bool {
        false
    }

    /// Brings up to `budget` stale parts up to date. Returns whether stale parts remain.
    fn lint_stale(
        &mut self,
        _linter: &L,
        _id: FileId,
        _files: &[SourceFile],
        _index: &L::Index,
        _config: &Config,
        _budget: usize,
    ) -> bool {
        false
    }

    /// Gives up the stale parts (background work failed): findings stay as they are.
    fn drop_stale(&mut self) {}

    /// Lines of another file (`needle`: its path and `:`) moved: findings whose notes name them
    /// must be refreshed. Returns whether the document must be published.
    fn lines_moved(&mut self, _needle: &str) -> bool {
        false
    }
}

/// A document parsed and linted whole (on demand, cached until the next change).
#[derive(Default)]
pub struct WholeDoc {
    tree: Option<GreenNode>,
    diagnostics: Option<Vec<Diagnostic>>,
}

impl<L: DialectIde> OpenDoc<L> for WholeDoc
where
    L::FileIndex: Clone + PartialEq,
{
    fn open(_text: &str) -> WholeDoc {
        WholeDoc::default()
    }

    fn replaced(&mut self) {
        self.tree = None;
        self.diagnostics = None;
    }

    fn tree(&mut self, linter: &L, text: &str) -> GreenNode {
        self.tree
            .get_or_insert_with(|| linter.parse(text).0)
            .clone()
    }

    fn diagnostics(
        &mut self,
        linter: &L,
        id: FileId,
        files: &[SourceFile],
        index: &L::Index,
        config: &Config,
    ) -> Vec<Diagnostic> {
        self.diagnostics
            .get_or_insert_with(|| lint::workspace::lint_one(linter, id, files, index, config))
            .clone()
    }

    fn index_changed(&mut self, _rebuild_pending: bool) -> bool {
        self.diagnostics = None;
        true
    }

    fn reset(&mut self, _text_len: usize) {
        self.diagnostics = None;
    }
}
