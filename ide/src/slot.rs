//! One dialect's part of the world: what each file contributes to its index, the merged index,
//! and everything the world asks of the dialect (its open documents' state, its editor
//! features), behind one object-safe trait so that the world holds a list of dialects and names
//! none of them.

use crate::doc::{OpenDoc, Reparsed};
use crate::features::{
    CardName, Completion, Cursor, DialectIde, FileEdit, FileView, Fold, Hover, InlayHint, Location,
    SemanticToken, Symbol,
};
use lint::Diagnostic;
use lint::config::Config;
use lint::dialect::Dialect;
use model::{FileId, SourceFile};
use rowan::GreenNode;
use std::any::Any;
use std::collections::HashMap;
use syntax::{TextRange, TextSize};

/// An open document's state, owned by the world, understood by its dialect's slot.
pub(crate) type DocState = Box<dyn Any + Send + Sync>;

/// What a feature needs of a file besides its dialect's index.
pub(crate) struct ViewParts<'a> {
    pub id: FileId,
    pub files: &'a [SourceFile],
    pub ids: &'a [FileId],
    pub green: GreenNode,
    pub config: &'a Config,
}

/// A feature request, answered by the slot of the file's dialect.
pub(crate) enum Request<'r> {
    Complete(TextSize),
    Hover(TextSize),
    Definition(TextSize),
    References(TextSize, bool),
    PrepareRename(TextSize),
    Rename(TextSize, &'r str),
    Symbols,
    Folding,
    SemanticTokens(Option<TextRange>),
    InlayHints(Option<TextRange>),
}

/// The answer to a `Request`.
pub(crate) enum Answer {
    Completions(Vec<Completion>),
    Hover(Option<Hover>),
    Locations(Vec<Location>),
    Range(Result<Option<TextRange>, String>),
    Edits(Result<Vec<FileEdit>, String>),
    Symbols(Vec<Symbol>),
    Folds(Vec<Fold>),
    Tokens(Vec<SemanticToken>),
    Hints(Vec<InlayHint>),
}

/// An index built off the world's lock, to install into the slot it was taken from.
pub(crate) type Built = Box<dyn Any + Send>;

/// What the world asks of one dialect.
pub(crate) trait DialectSlot: Send + Sync {
    fn dialect(&self) -> Dialect;

    // ---- The index -------------------------------------------------------------------------

    /// Whether the file contributes to this dialect's index.
    fn contributes(&self, id: FileId) -> bool;
    /// Takes the file's contribution again (`live`: it is a file of this dialect). Returns
    /// whether it changed; an index that cannot be patched is marked for a rebuild.
    fn refresh(&mut self, files: &[SourceFile], id: FileId, live: bool) -> bool;
    /// Reads the files of this dialect (contributions in parallel, then the index).
    fn scan(&mut self, files: &[SourceFile]);
    fn rebuild_due(&self) -> bool;
    fn set_rebuild_due(&mut self, due: bool);
    fn rebuild(&mut self, files: &[SourceFile]);
    /// The index is rebuilt off the world's lock (`DialectIde::SLOW_INDEX`).
    fn slow_index(&self) -> bool;
    /// The work of an index rebuild, to run without the world: the contributions of the files
    /// that are not open and the open documents' files (indexed again by the job).
    fn index_job(
        &self,
        paths: Vec<SourceFile>,
        open: Vec<(FileId, SourceFile)>,
    ) -> Box<dyn FnOnce() -> Built + Send>;
    /// Installs what an index job built; returns the index it replaces.
    fn install_index(&mut self, built: Built, files: usize) -> Built;
    /// A new index was installed for a world of `files` files.
    fn index_installed(&mut self, files: usize);

    // ---- Open documents --------------------------------------------------------------------

    fn new_doc(&self, text: &str) -> DocState;
    fn incremental(&self) -> bool;
    fn doc_edited(&self, doc: &mut DocState, start: usize, end: usize, len: usize);
    fn doc_replaced(&self, doc: &mut DocState);
    fn doc_has_pending(&self, doc: &DocState) -> bool;
    /// Brings the document up to date; with `with_index`, its part of the index too.
    fn doc_reparse(
        &mut self,
        doc: &mut DocState,
        id: FileId,
        files: &[SourceFile],
        with_index: bool,
    ) -> Reparsed;
    fn doc_tree(&self, doc: &mut DocState, text: &str) -> GreenNode;
    fn doc_diagnostics(
        &self,
        doc: &mut DocState,
        id: FileId,
        files: &[SourceFile],
        config: &Config,
    ) -> Vec<Diagnostic>;
    fn doc_index_changed(&self, doc: &mut DocState) -> bool;
    fn doc_reset(&self, doc: &mut DocState, text_len: usize);
    fn doc_has_stale(&self, doc: &DocState) -> bool;
    fn doc_busy(&self, doc: &DocState) -> bool;
    fn doc_lint_stale(
        &self,
        doc: &mut DocState,
        id: FileId,
        files: &[SourceFile],
        config: &Config,
        budget: usize,
    ) -> bool;
    fn doc_drop_stale(&self, doc: &mut DocState);
    /// The findings of a file that is not open (its text as read from disk), through the
    /// finish pipeline.
    fn file_diagnostics(
        &self,
        id: FileId,
        files: &[SourceFile],
        config: &Config,
    ) -> Vec<Diagnostic>;
    fn doc_lines_moved(&self, doc: &mut DocState, needle: &str) -> bool;

    // ---- Features --------------------------------------------------------------------------

    fn parse(&self, text: &str) -> GreenNode;
    fn card_names(&self, file: &SourceFile) -> Vec<CardName>;
    fn answer(&self, view: ViewParts<'_>, request: Request<'_>) -> Answer;
}

/// The slot of a dialect `L`.
pub(crate) struct Slot<L: DialectIde>
where
    L::FileIndex: Clone + PartialEq,
{
    linter: L,
    contributions: HashMap<FileId, L::FileIndex>,
    index: L::Index,
    /// The index no longer matches the contributions: rebuild it (in the background).
    rebuild: bool,
}

impl<L: DialectIde + Clone> Slot<L>
where
    L::FileIndex: Clone + PartialEq,
{
    pub fn new(linter: L) -> Slot<L> {
        let index = linter.build_index(&[], Vec::new());
        Slot {
            linter,
            contributions: HashMap::new(),
            index,
            rebuild: false,
        }
    }
}

fn doc<L: DialectIde>(state: &mut DocState) -> &mut L::Doc
where
    L::FileIndex: Clone + PartialEq,
{
    state
        .downcast_mut::<L::Doc>()
        .expect("a document's state belongs to its dialect's slot")
}

fn doc_ref<L: DialectIde>(state: &DocState) -> &L::Doc
where
    L::FileIndex: Clone + PartialEq,
{
    state
        .downcast_ref::<L::Doc>()
        .expect("a document's state belongs to its dialect's slot")
}

impl<L> DialectSlot for Slot<L>
where
    L: DialectIde + Clone,
    L::FileIndex: Clone + PartialEq + Sync,
    L::Index: 'static,
{
    fn dialect(&self) -> Dialect {
        L::DIALECT
    }

    fn contributes(&self, id: FileId) -> bool {
        self.contributions.contains_key(&id)
    }

    fn refresh(&mut self, files: &[SourceFile], id: FileId, live: bool) -> bool {
        let new = live.then(|| self.linter.index_file(&files[id]));
        let old = self.contributions.get(&id);
        if old == new.as_ref() {
            return false;
        }
        if !self
            .linter
            .update_index(&mut self.index, files, id, old, new.as_ref())
        {
            self.rebuild = true;
        }
        match new {
            Some(new) => self.contributions.insert(id, new),
            None => self.contributions.remove(&id),
        };
        true
    }

    fn scan(&mut self, files: &[SourceFile]) {
        use rayon::prelude::*;
        let dialect = L::DIALECT;
        let ids: Vec<FileId> = (0..files.len())
            .filter(|&i| files[i].dialect == dialect)
            .collect();
        let linter = &self.linter;
        self.contributions = ids
            .par_iter()
            .map(|&id| (id, linter.index_file(&files[id])))
            .collect();
        self.rebuild(files);
    }

    fn rebuild_due(&self) -> bool {
        self.rebuild
    }

    fn set_rebuild_due(&mut self, due: bool) {
        self.rebuild = due;
    }

    fn rebuild(&mut self, files: &[SourceFile]) {
        let mut indexes: Vec<(FileId, L::FileIndex)> = self
            .contributions
            .iter()
            .map(|(id, fi)| (*id, fi.clone()))
            .collect();
        indexes.sort_by_key(|(id, _)| *id);
        self.index = self.linter.build_index(files, indexes);
        self.rebuild = false;
    }

    fn slow_index(&self) -> bool {
        L::SLOW_INDEX
    }

    fn index_job(
        &self,
        paths: Vec<SourceFile>,
        open: Vec<(FileId, SourceFile)>,
    ) -> Box<dyn FnOnce() -> Built + Send> {
        let contributions: Vec<(FileId, L::FileIndex)> = self
            .contributions
            .iter()
            .filter(|(id, _)| !open.iter().any(|(o, _)| o == *id))
            .map(|(id, fi)| (*id, fi.clone()))
            .collect();
        let linter = self.linter.clone();
        Box::new(move || {
            let open: Vec<(FileId, L::FileIndex)> = open
                .iter()
                .map(|(id, file)| (*id, linter.index_file(file)))
                .collect();
            let mut all = contributions;
            all.extend(open.iter().cloned());
            all.sort_by_key(|(id, _)| *id);
            let index = linter.build_index(&paths, all);
            Box::new((index, open)) as Built
        })
    }

    fn install_index(&mut self, built: Built, files: usize) -> Built {
        let Ok(built) = built.downcast::<(L::Index, Vec<(FileId, L::FileIndex)>)>() else {
            return Box::new(());
        };
        let (index, open) = *built;
        for (id, fi) in open {
            self.contributions.insert(id, fi);
        }
        let old = std::mem::replace(&mut self.index, index);
        self.rebuild = false;
        self.linter.index_installed(&mut self.index, files);
        Box::new(old)
    }

    fn index_installed(&mut self, files: usize) {
        self.linter.index_installed(&mut self.index, files);
    }

    fn new_doc(&self, text: &str) -> DocState {
        Box::new(<L::Doc as OpenDoc<L>>::open(text))
    }

    fn incremental(&self) -> bool {
        <L::Doc as OpenDoc<L>>::INCREMENTAL
    }

    fn doc_edited(&self, d: &mut DocState, start: usize, end: usize, len: usize) {
        doc::<L>(d).edited(start, end, len);
    }

    fn doc_replaced(&self, d: &mut DocState) {
        doc::<L>(d).replaced();
    }

    fn doc_has_pending(&self, d: &DocState) -> bool {
        doc_ref::<L>(d).has_pending()
    }

    fn doc_reparse(
        &mut self,
        d: &mut DocState,
        id: FileId,
        files: &[SourceFile],
        with_index: bool,
    ) -> Reparsed {
        let index = (with_index && !self.rebuild).then_some(&mut self.index);
        doc::<L>(d).reparse(&self.linter, id, &files[id], files.len(), index)
    }

    fn doc_tree(&self, d: &mut DocState, text: &str) -> GreenNode {
        doc::<L>(d).tree(&self.linter, text)
    }

    fn doc_diagnostics(
        &self,
        d: &mut DocState,
        id: FileId,
        files: &[SourceFile],
        config: &Config,
    ) -> Vec<Diagnostic> {
        doc::<L>(d).diagnostics(&self.linter, id, files, &self.index, config)
    }

    fn doc_index_changed(&self, d: &mut DocState) -> bool {
        doc::<L>(d).index_changed(self.rebuild)
    }

    fn doc_reset(&self, d: &mut DocState, text_len: usize) {
        doc::<L>(d).reset(text_len);
    }

    fn doc_has_stale(&self, d: &DocState) -> bool {
        doc_ref::<L>(d).has_stale()
    }

    fn doc_busy(&self, d: &DocState) -> bool {
        doc_ref::<L>(d).busy()
    }

    fn doc_lint_stale(
        &self,
        d: &mut DocState,
        id: FileId,
        files: &[SourceFile],
        config: &Config,
        budget: usize,
    ) -> bool {
        doc::<L>(d).lint_stale(&self.linter, id, files, &self.index, config, budget)
    }

    fn doc_drop_stale(&self, d: &mut DocState) {
        doc::<L>(d).drop_stale();
    }

    fn file_diagnostics(
        &self,
        id: FileId,
        files: &[SourceFile],
        config: &Config,
    ) -> Vec<Diagnostic> {
        lint::workspace::lint_one(&self.linter, id, files, &self.index, config)
    }

    fn doc_lines_moved(&self, d: &mut DocState, needle: &str) -> bool {
        doc::<L>(d).lines_moved(needle)
    }

    fn parse(&self, text: &str) -> GreenNode {
        self.linter.parse(text).0
    }

    fn card_names(&self, file: &SourceFile) -> Vec<CardName> {
        self.linter.card_names(file)
    }

    fn answer(&self, v: ViewParts<'_>, request: Request<'_>) -> Answer {
        let view = FileView::<L> {
            id: v.id,
            files: v.files,
            ids: v.ids,
            index: &self.index,
            green: v.green,
            config: v.config,
        };
        let l = &self.linter;
        match request {
            Request::Complete(offset) => Answer::Completions(l.complete(&Cursor { view, offset })),
            Request::Hover(offset) => Answer::Hover(l.hover(&Cursor { view, offset })),
            Request::Definition(offset) => {
                Answer::Locations(l.definition(&Cursor { view, offset }))
            }
            Request::References(offset, decl) => {
                Answer::Locations(l.references(&Cursor { view, offset }, decl))
            }
            Request::PrepareRename(offset) => {
                Answer::Range(l.prepare_rename(&Cursor { view, offset }))
            }
            Request::Rename(offset, name) => {
                Answer::Edits(l.rename(&Cursor { view, offset }, name))
            }
            Request::Symbols => Answer::Symbols(l.symbols(&view)),
            Request::Folding => Answer::Folds(l.folding(&view)),
            Request::SemanticTokens(range) => Answer::Tokens(l.semantic_tokens(&view, range)),
            Request::InlayHints(range) => Answer::Hints(l.inlay_hints(&view, range)),
        }
    }
}
