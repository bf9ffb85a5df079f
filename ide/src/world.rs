//! The analysis API that the language server drives (and any other editor integration could):
//! a [`World`] holds every card file of the workspace folders, the open documents over them,
//! each dialect's file contributions and merged index (kept up to date as files change), and
//! answers with diagnostics (the CLI's pipeline: rules, config filters, suppressions) and the
//! editor features of `DialectIde`.
//!
//! Positions are byte offsets; `World::offset` and `World::line_index` convert from and to the
//! editor's lines and UTF-16 columns.
//!
//! Work is split so that an edit is answered fast: `change` only applies text; `diagnostics`
//! brings the document up to date (a Wagic file reparses and relints only the cards an edit
//! touched); what an edit does to other files (a new index, findings that depend on it) is done
//! by `background_step`, a chunk at a time, while the editor is idle.

pub mod edit;
pub mod ide;
mod wagic_doc;

use crate::config::{Config, ConfigError};
use crate::diagnostic::Diagnostic;
use crate::dialect::Dialect;
use crate::workspace::{DialectLinter, file_filter, lint_one};
use edit::TextChange;
pub use ide::{
    Completion, CompletionKind, Cursor, DialectIde, FileEdit, FileView, Fold, Hover, Location,
    SemanticToken, Symbol, SymbolKind, TokenKind,
};
use model::source::{FileId, SourceFile};
use rowan::GreenNode;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use syntax::{LineCol, LineIndex, TextRange, TextSize};
use wagic_doc::WagicDoc;

/// Runs when a document is saved and adds findings to it until its next change (the headless
/// engine's simulation of the saved card plugs in here). It gets the path, the dialect and the
/// text, and the configuration that applies to the file, and returns findings with byte ranges
/// into that text (already filtered by the configuration and the file's suppression comments).
pub trait SaveCheck: Send + Sync {
    fn check(&self, path: &Path, dialect: Dialect, text: &str, config: &Config) -> Vec<Diagnostic>;
}

/// What happened to a file on disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileEvent {
    Created,
    Changed,
    Deleted,
}

/// One dialect's part of the world: what each file contributes and the merged index.
struct Slot<L: DialectLinter> {
    linter: L,
    contributions: HashMap<FileId, L::FileIndex>,
    index: L::Index,
    /// The index no longer matches the contributions: rebuild it (in the background).
    rebuild: bool,
}

impl<L: DialectIde> Slot<L>
where
    L::FileIndex: Clone + PartialEq,
{
    fn new(linter: L, files: &[SourceFile]) -> Slot<L> {
        let index = linter.build_index(files, Vec::new());
        Slot {
            linter,
            contributions: HashMap::new(),
            index,
            rebuild: false,
        }
    }

    /// Sets a file's contribution (`None`: not a file of this dialect). Returns whether it
    /// changed.
    fn set(&mut self, files: &[SourceFile], id: FileId, new: Option<L::FileIndex>) -> bool {
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
}

/// An open document.
struct Doc {
    version: i32,
    /// The dialect the editor's language id names, if it names one.
    language: Option<Dialect>,
    line_index: Arc<LineIndex>,
    state: DocState,
    /// Findings changed since they were last taken by `take_publications`.
    publish: bool,
    /// Findings of the save check, until the next change.
    on_save: Vec<Diagnostic>,
    /// The document was edited since it was opened.
    edited: bool,
}

enum DocState {
    /// Not a card file (or excluded by the configuration): no analysis.
    Plain,
    /// Reparsed and relinted whole on every change (small files).
    Whole {
        tree: Option<GreenNode>,
        diagnostics: Option<Vec<Diagnostic>>,
    },
    /// A Wagic file, kept up to date edit by edit.
    Wagic(Box<WagicDoc>),
}

/// Diagnostics of an open document, for one version of its text.
pub struct Publication {
    pub path: PathBuf,
    pub version: i32,
    pub diagnostics: Vec<Diagnostic>,
    pub line_index: Arc<LineIndex>,
}

/// The files of the workspace folders as read by `scan` (off the world's lock), with each
/// dialect's contributions and index already built.
pub struct Scan {
    folders: Vec<PathBuf>,
    files: Vec<SourceFile>,
    configs: Configs,
    forge: Slot<crate::forge::Linter>,
    wagic: Slot<crate::wagic::Linter>,
    pymtg: Slot<crate::pymtg::Linter>,
    netrunner: Slot<crate::netrunner::Linter>,
    rulescript: Slot<crate::rulescript::Linter>,
    /// Paths that could not be read, and configuration errors.
    pub errors: Vec<String>,
}

impl Scan {
    pub fn file_count(&self) -> usize {
        self.files.len()
    }
}

/// The configurations in use: one per workspace folder (found from the folder upward, as the
/// CLI finds it from the path it checks), and one per folder of files opened outside them.
#[derive(Default)]
struct Configs {
    /// (folder, config), longest folder first.
    folders: Vec<(PathBuf, Arc<Config>)>,
    outside: HashMap<PathBuf, Arc<Config>>,
    default: Arc<Config>,
    errors: Vec<ConfigError>,
}

impl Configs {
    fn load(folders: &[PathBuf]) -> Configs {
        let mut configs = Configs::default();
        for folder in folders {
            let config = configs.discover(folder);
            configs.folders.push((folder.clone(), config));
        }
        configs
            .folders
            .sort_by_key(|(f, _)| std::cmp::Reverse(f.as_os_str().len()));
        configs
    }

    fn discover(&mut self, dir: &Path) -> Arc<Config> {
        match Config::discover(dir) {
            Some(path) => match Config::load(&path) {
                Ok(config) => Arc::new(config),
                Err(error) => {
                    if !self.errors.contains(&error) {
                        self.errors.push(error);
                    }
                    self.default.clone()
                }
            },
            None => self.default.clone(),
        }
    }

    fn for_path(&mut self, path: &Path) -> Arc<Config> {
        if let Some((_, config)) = self.folders.iter().find(|(f, _)| path.starts_with(f)) {
            return config.clone();
        }
        let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        if let Some(config) = self.outside.get(&dir) {
            return config.clone();
        }
        let config = self.discover(&dir);
        self.outside.insert(dir, config.clone());
        config
    }
}

/// Every card file of the workspace, the open documents, and the indexes.
pub struct World {
    folders: Vec<PathBuf>,
    files: Vec<SourceFile>,
    /// Whether a file takes part in the analysis (a card file, not excluded, not deleted).
    live: Vec<bool>,
    file_configs: Vec<Arc<Config>>,
    by_path: HashMap<PathBuf, FileId>,
    docs: HashMap<FileId, Doc>,
    configs: Configs,
    forge: Slot<crate::forge::Linter>,
    wagic: Slot<crate::wagic::Linter>,
    pymtg: Slot<crate::pymtg::Linter>,
    netrunner: Slot<crate::netrunner::Linter>,
    rulescript: Slot<crate::rulescript::Linter>,
    /// Line indexes of files that are not open (for locations in them).
    line_indexes: HashMap<FileId, Arc<LineIndex>>,
    save_check: Option<Arc<dyn SaveCheck>>,
    /// Bumped whenever the Wagic index must be rebuilt (a job built before is out of date).
    wagic_epoch: u64,
    /// An index job was handed out and is not finished: background work waits for it.
    job_out: bool,
}

/// Calls `$body` with `$slot` bound to the world's slot of `$dialect` (and `$linter` to its
/// linter type).
macro_rules! with_slot {
    ($world:expr, $dialect:expr, |$slot:ident| $body:expr) => {
        match $dialect {
            Dialect::Forge => {
                let $slot = &mut $world.forge;
                $body
            }
            Dialect::Wagic => {
                let $slot = &mut $world.wagic;
                $body
            }
            Dialect::Pymtg => {
                let $slot = &mut $world.pymtg;
                $body
            }
            Dialect::Netrunner => {
                let $slot = &mut $world.netrunner;
                $body
            }
            Dialect::Rulescript => {
                let $slot = &mut $world.rulescript;
                $body
            }
        }
    };
}

/// Runs `$body` with `$linter` bound to the linter of the file at `$path` and `$view` to a
/// `FileView` of it (a feature of `DialectIde`); `None` when the file is no card file.
macro_rules! with_view {
    ($world:expr, $path:expr, |$linter:ident, $view:ident| $body:expr) => {{
        let world: &mut World = $world;
        match world.view_parts($path) {
            None => None,
            Some((id, green, ids, config)) => {
                let files = &world.files;
                Some(match files[id].dialect {
                    Dialect::Forge => {
                        with_view!(@arm world.forge, id, files, ids, green, config, $linter, $view, $body)
                    }
                    Dialect::Wagic => {
                        with_view!(@arm world.wagic, id, files, ids, green, config, $linter, $view, $body)
                    }
                    Dialect::Pymtg => {
                        with_view!(@arm world.pymtg, id, files, ids, green, config, $linter, $view, $body)
                    }
                    Dialect::Netrunner => with_view!(
                        @arm world.netrunner, id, files, ids, green, config, $linter, $view, $body
                    ),
                    Dialect::Rulescript => with_view!(
                        @arm world.rulescript, id, files, ids, green, config, $linter, $view, $body
                    ),
                })
            }
        }
    }};
    (@arm $slot:expr, $id:expr, $files:expr, $ids:expr, $green:expr, $config:expr, $linter:ident, $view:ident, $body:expr) => {{
        let $linter = &$slot.linter;
        let $view = FileView {
            id: $id,
            files: $files,
            ids: &$ids,
            index: &$slot.index,
            green: $green,
            config: &$config,
        };
        $body
    }};
}

/// Reads a dialect's files of a scan into a slot (contributions in parallel, then the index).
fn scan_slot<L>(linter: L, files: &[SourceFile], dialect: Dialect) -> Slot<L>
where
    L: DialectIde + Sync,
    L::FileIndex: Clone + PartialEq + Send,
{
    use rayon::prelude::*;
    let mut slot = Slot::new(linter, files);
    let ids: Vec<FileId> = (0..files.len())
        .filter(|&i| files[i].dialect == dialect)
        .collect();
    let linter = &slot.linter;
    slot.contributions = ids
        .par_iter()
        .map(|&id| (id, linter.index_file(&files[id])))
        .collect();
    slot.rebuild(files);
    slot
}

impl Default for World {
    fn default() -> Self {
        World::new()
    }
}

impl World {
    pub fn new() -> World {
        World {
            folders: Vec::new(),
            files: Vec::new(),
            live: Vec::new(),
            file_configs: Vec::new(),
            by_path: HashMap::new(),
            docs: HashMap::new(),
            configs: Configs::default(),
            forge: Slot::new(crate::forge::Linter, &[]),
            wagic: Slot::new(crate::wagic::Linter, &[]),
            pymtg: Slot::new(crate::pymtg::Linter, &[]),
            netrunner: Slot::new(crate::netrunner::Linter, &[]),
            rulescript: Slot::new(crate::rulescript::Linter, &[]),
            line_indexes: HashMap::new(),
            save_check: None,
            wagic_epoch: 0,
            job_out: false,
        }
    }

    /// The check run on save (the engine's simulation).
    pub fn set_save_check(&mut self, check: Option<Arc<dyn SaveCheck>>) {
        self.save_check = check;
    }

    /// The configuration that applies to a file of the workspace (or an open document).
    pub fn config_of(&self, path: &Path) -> Option<Arc<Config>> {
        let id = self.by_path.get(path)?;
        self.file_configs.get(*id).cloned()
    }

    pub fn save_check(&self) -> Option<Arc<dyn SaveCheck>> {
        self.save_check.clone()
    }

    pub fn folders(&self) -> &[PathBuf] {
        &self.folders
    }

    /// Sets the workspace folders (and reads their configuration files). The files in them are
    /// read by `scan`.
    pub fn set_folders(&mut self, folders: Vec<PathBuf>) {
        self.folders = folders;
        self.reload_configs();
    }

    /// Configuration files that could not be read (the defaults are used instead).
    pub fn config_errors(&self) -> Vec<String> {
        self.configs.errors.iter().map(|e| e.to_string()).collect()
    }

    pub fn file_count(&self) -> usize {
        self.live.iter().filter(|l| **l).count()
    }

    // ---- Loading the workspace -------------------------------------------------------------

    /// Reads every card file of `folders` and builds the indexes, without touching a world:
    /// the language server runs it in the background and then `install`s the result.
    pub fn scan(folders: Vec<PathBuf>) -> Scan {
        let configs = Configs::load(&folders);
        let mut files: Vec<SourceFile> = Vec::new();
        let mut errors = Vec::new();
        for (folder, config) in configs.folders.clone() {
            match crate::discover::load_with(std::slice::from_ref(&folder), None, &config, true) {
                Ok(loaded) => {
                    files.extend(loaded.files);
                    errors.extend(loaded.errors);
                }
                Err(error) => errors.push(error),
            }
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        files.dedup_by(|a, b| a.path == b.path);
        let forge = scan_slot(crate::forge::Linter, &files, Dialect::Forge);
        let wagic = scan_slot(crate::wagic::Linter, &files, Dialect::Wagic);
        let pymtg = scan_slot(crate::pymtg::Linter, &files, Dialect::Pymtg);
        let netrunner = scan_slot(crate::netrunner::Linter, &files, Dialect::Netrunner);
        let rulescript = scan_slot(crate::rulescript::Linter, &files, Dialect::Rulescript);
        errors.extend(configs.errors.iter().map(|e| e.to_string()));
        Scan {
            folders,
            files,
            configs,
            forge,
            wagic,
            pymtg,
            netrunner,
            rulescript,
            errors,
        }
    }

    /// Takes in a scan: its files replace those of the world, open documents keep their text.
    pub fn install(&mut self, scan: Scan) {
        let Scan {
            folders,
            files,
            configs,
            forge,
            wagic,
            pymtg,
            netrunner,
            rulescript,
            ..
        } = scan;
        // Trees of open documents catch up with their text before the index changes under them.
        let open: Vec<FileId> = self.docs.keys().copied().collect();
        for id in open {
            self.reparse_without_index(id);
        }
        let old_files = std::mem::replace(&mut self.files, files);
        let old_docs = std::mem::take(&mut self.docs);
        self.folders = folders;
        self.configs = configs;
        self.forge = forge;
        self.wagic = wagic;
        self.wagic_epoch += 1;
        self.pymtg = pymtg;
        self.netrunner = netrunner;
        self.rulescript = rulescript;
        self.by_path = self
            .files
            .iter()
            .enumerate()
            .map(|(i, f)| (f.path.clone(), i))
            .collect();
        self.live = vec![true; self.files.len()];
        self.file_configs = self
            .files
            .iter()
            .map(|f| self.configs.for_path(&f.path))
            .collect();
        self.line_indexes.clear();
        // Open documents keep their text (and their state, under their new id).
        for (old_id, doc) in old_docs {
            let old = &old_files[old_id];
            let id = self.add_file(old.path.clone());
            self.files[id] = old.clone();
            self.docs.insert(id, doc);
            self.refresh_doc_dialect(id);
            self.refresh_contribution(id);
        }
        self.file_configs
            .resize(self.files.len(), self.configs.default.clone());
        self.wagic.index_text_changed_all(self.files.len());
        for doc in self.docs.values_mut() {
            doc.publish = true;
            match &mut doc.state {
                DocState::Whole { diagnostics, .. } => *diagnostics = None,
                DocState::Wagic(w) => w.mark_stale(w.green.text_len()),
                DocState::Plain => {}
            }
        }
    }

    /// Reloads the configuration files (a `cardlint.toml` changed). Findings of every open
    /// document are computed again; the language server also scans the folders again, since
    /// exclusions and dialects may have changed.
    pub fn reload_configs(&mut self) {
        self.configs = Configs::load(&self.folders);
        for id in 0..self.files.len() {
            self.file_configs[id] = self.configs.for_path(&self.files[id].path);
        }
        let ids: Vec<FileId> = self.docs.keys().copied().collect();
        for id in ids {
            self.refresh_doc_dialect(id);
            self.refresh_contribution(id);
            if let Some(doc) = self.docs.get_mut(&id) {
                doc.publish = true;
                match &mut doc.state {
                    DocState::Whole { diagnostics, .. } => *diagnostics = None,
                    DocState::Wagic(w) => w.mark_stale(w.green.text_len()),
                    DocState::Plain => {}
                }
            }
        }
    }

    fn add_file(&mut self, path: PathBuf) -> FileId {
        if let Some(&id) = self.by_path.get(&path) {
            return id;
        }
        let id = self.files.len();
        let config = self.configs.for_path(&path);
        self.files
            .push(SourceFile::from_text(path.clone(), Dialect::Forge, ""));
        self.live.push(false);
        self.file_configs.push(config);
        self.by_path.insert(path, id);
        id
    }

    /// Recomputes what a file contributes to each dialect's index. Returns the dialects whose
    /// index changed.
    fn refresh_contribution(&mut self, id: FileId) -> Vec<Dialect> {
        let mut changed = Vec::new();
        let live = self.live[id];
        let dialect = self.files[id].dialect;
        for d in Dialect::ALL {
            let files = &self.files;
            let did = with_slot!(self, d, |slot| {
                let new = (live && d == dialect).then(|| slot.linter.index_file(&files[id]));
                slot.set(files, id, new)
            });
            if did {
                changed.push(d);
            }
        }
        if changed.contains(&Dialect::Wagic) {
            // Positions in the index are out of date too: rebuild.
            self.wagic_changed();
        }
        self.line_indexes.remove(&id);
        for d in &changed {
            self.dependents_changed(*d, Some(id));
        }
        changed
    }

    /// The index of `dialect` changed: the findings of its open documents (other than `except`)
    /// may change.
    fn dependents_changed(&mut self, dialect: Dialect, except: Option<FileId>) {
        for (id, doc) in self.docs.iter_mut() {
            if Some(*id) == except || self.files[*id].dialect != dialect || !self.live[*id] {
                continue;
            }
            match &mut doc.state {
                DocState::Whole { diagnostics, .. } => {
                    *diagnostics = None;
                    doc.publish = true;
                }
                DocState::Wagic(w) => {
                    if !self.wagic.rebuild {
                        // A rebuild marks them stale when it is done.
                        w.mark_stale(w.green.text_len());
                    }
                }
                DocState::Plain => {}
            }
        }
    }

    /// Sets the dialect (and the analysis state) of an open document from its language, the
    /// configuration, its path and its content.
    fn refresh_doc_dialect(&mut self, id: FileId) {
        let Some(doc) = self.docs.get(&id) else {
            return;
        };
        let file = &self.files[id];
        let config = self.file_configs[id].clone();
        let dialect = if config.is_excluded(&file.path) {
            None
        } else {
            crate::discover::detect(&file.path, file.text(), doc.language, &config)
        };
        self.set_doc_dialect(id, dialect);
    }

    fn set_doc_dialect(&mut self, id: FileId, dialect: Option<Dialect>) {
        let Some(doc) = self.docs.get_mut(&id) else {
            return;
        };
        let file = &mut self.files[id];
        let same = match (&doc.state, dialect) {
            (DocState::Plain, None) => true,
            (DocState::Whole { .. }, Some(d)) => d == file.dialect && d != Dialect::Wagic,
            (DocState::Wagic(_), Some(Dialect::Wagic)) => file.dialect == Dialect::Wagic,
            _ => false,
        };
        self.live[id] = dialect.is_some();
        if same {
            return;
        }
        if let Some(d) = dialect {
            file.dialect = d;
        }
        doc.state = match dialect {
            None => DocState::Plain,
            Some(Dialect::Wagic) => DocState::Wagic(Box::new(WagicDoc::new(file.text()))),
            Some(_) => DocState::Whole {
                tree: None,
                diagnostics: None,
            },
        };
        doc.publish = true;
    }

    // ---- Documents -------------------------------------------------------------------------

    /// Opens a document. `language` is the editor's language id: `forge` or `wagic` decide the
    /// dialect; anything else lets the path and the content decide.
    pub fn open(&mut self, path: PathBuf, language: Option<&str>, text: String, version: i32) {
        let id = self.add_file(path.clone());
        let forced = language.and_then(Dialect::from_name);
        let config = self.file_configs[id].clone();
        let dialect = if config.is_excluded(&path) {
            None
        } else {
            crate::discover::detect(&path, &text, forced, &config)
        };
        self.files[id] = SourceFile::from_text(path, dialect.unwrap_or(Dialect::Forge), text);
        self.docs.insert(
            id,
            Doc {
                version,
                language: forced,
                line_index: Arc::new(LineIndex::new(self.files[id].text())),
                state: DocState::Plain,
                publish: true,
                on_save: Vec::new(),
                edited: false,
            },
        );
        self.set_doc_dialect(id, dialect);
        // A file seen for the first time joins the workspace; one already indexed from disk
        // usually contributes the same as before.
        match &self.docs[&id].state {
            DocState::Wagic(_) => {
                let new = self.wagic.linter.index_file(&self.files[id]);
                let same = self
                    .wagic
                    .index
                    .file(id)
                    .is_some_and(|facts| facts.index == new);
                if !same || self.wagic.contributions.get(&id) != Some(&new) {
                    self.wagic.contributions.insert(id, new);
                    self.wagic_changed();
                }
                self.forge.set(&self.files, id, None);
            }
            _ => {
                self.refresh_contribution(id);
            }
        }
    }

    /// Applies changes (in order) to an open document. Positions are lines and UTF-16 columns
    /// of the text each change applies to; `None` replaces the whole text.
    pub fn change(
        &mut self,
        path: &Path,
        version: i32,
        changes: Vec<(Option<(LineCol, LineCol)>, String)>,
    ) -> Result<(), String> {
        let Some(&id) = self.by_path.get(path) else {
            return Err(format!("{} is not open", path.display()));
        };
        let Some(doc) = self.docs.get_mut(&id) else {
            return Err(format!("{} is not open", path.display()));
        };
        let mut text = self.files[id].text().to_string();
        let count = changes.len();
        for (n, (range, new_text)) in changes.into_iter().enumerate() {
            let range = range.map(|(start, end)| {
                let s = doc.line_index.offset_utf16(&text, start);
                let e = doc.line_index.offset_utf16(&text, end);
                TextRange::new(s.min(e), e.max(s))
            });
            let change = TextChange {
                range,
                text: new_text,
            };
            let (s, e, len) = edit::apply(&mut text, &change);
            if let DocState::Wagic(w) = &mut doc.state {
                w.edited(s, e, len);
            }
            if n + 1 < count {
                doc.line_index = Arc::new(LineIndex::new(&text));
            }
        }
        doc.line_index = Arc::new(LineIndex::new(&text));
        doc.version = version;
        doc.publish = true;
        doc.edited = true;
        doc.on_save.clear();
        let dialect = self.files[id].dialect;
        let path = self.files[id].path.clone();
        self.files[id] = SourceFile::from_text(path, dialect, text);
        match &mut doc.state {
            DocState::Whole { tree, diagnostics } => {
                *tree = None;
                *diagnostics = None;
                self.refresh_contribution(id);
            }
            DocState::Wagic(_) => {}
            DocState::Plain => {
                // A file that was not a card file may have become one (content detection).
                self.refresh_doc_dialect(id);
                if self.live[id] {
                    self.refresh_contribution(id);
                }
            }
        }
        Ok(())
    }

    /// Closes a document: the file goes back to what is on disk.
    pub fn close(&mut self, path: &Path) {
        let Some(&id) = self.by_path.get(path) else {
            return;
        };
        let Some(doc) = self.docs.remove(&id) else {
            return;
        };
        let was_wagic = matches!(doc.state, DocState::Wagic(_));
        self.reload_from_disk(id);
        if was_wagic && doc.edited {
            self.wagic_changed();
        }
    }

    /// Reads a file that is not open from disk again (or drops it when it is gone).
    fn reload_from_disk(&mut self, id: FileId) {
        let path = self.files[id].path.clone();
        let config = self.file_configs[id].clone();
        let in_folder = self.folders.iter().any(|f| path.starts_with(f));
        let bytes = std::fs::read(&path).ok();
        let mut live = false;
        if let Some(bytes) = bytes
            && in_folder
            && !config.is_excluded(&path)
            && crate::discover::walkable(&path)
        {
            let mut file = SourceFile::from_bytes(path.clone(), Dialect::Forge, bytes);
            if let Some(d) = crate::discover::detect(&path, file.text(), None, &config) {
                file.dialect = d;
                self.files[id] = file;
                live = true;
            }
        }
        if !live {
            self.files[id] = SourceFile::from_text(path, Dialect::Forge, "");
        }
        self.live[id] = live;
        let was_wagic = self.wagic.contributions.contains_key(&id);
        self.refresh_contribution(id);
        if was_wagic || self.files[id].dialect == Dialect::Wagic {
            self.wagic_changed();
        }
    }

    /// Files changed on disk (file watching). Open documents keep their text.
    pub fn files_changed(&mut self, events: Vec<(PathBuf, FileEvent)>) {
        for (path, event) in events {
            let id = match (self.by_path.get(&path), event) {
                (Some(&id), _) => id,
                (None, FileEvent::Deleted) => continue,
                (None, _) => self.add_file(path),
            };
            if self.docs.contains_key(&id) {
                continue;
            }
            self.reload_from_disk(id);
        }
    }

    pub fn is_open(&self, path: &Path) -> bool {
        self.by_path
            .get(path)
            .is_some_and(|id| self.docs.contains_key(id))
    }

    pub fn version(&self, path: &Path) -> Option<i32> {
        let id = self.by_path.get(path)?;
        self.docs.get(id).map(|d| d.version)
    }

    /// The text of a file of the world (open or not).
    pub fn text(&self, path: &Path) -> Option<&str> {
        let id = self.by_path.get(path)?;
        Some(self.files[*id].text())
    }

    pub fn dialect(&self, path: &Path) -> Option<Dialect> {
        let id = *self.by_path.get(path)?;
        (self.live[id] && !matches!(self.docs.get(&id).map(|d| &d.state), Some(DocState::Plain)))
            .then(|| self.files[id].dialect)
    }

    pub fn path(&self, id: FileId) -> &Path {
        &self.files[id].path
    }

    /// The line index of a file (kept for open documents, computed and cached for others).
    pub fn line_index(&mut self, path: &Path) -> Option<Arc<LineIndex>> {
        let id = *self.by_path.get(path)?;
        Some(self.line_index_of(id))
    }

    pub fn line_index_of(&mut self, id: FileId) -> Arc<LineIndex> {
        if let Some(doc) = self.docs.get(&id) {
            return doc.line_index.clone();
        }
        self.line_indexes
            .entry(id)
            .or_insert_with(|| Arc::new(LineIndex::new(self.files[id].text())))
            .clone()
    }

    /// The byte offset of a line and UTF-16 column (clamped to the text).
    pub fn offset(&mut self, path: &Path, pos: LineCol) -> Option<TextSize> {
        let index = self.line_index(path)?;
        Some(index.offset_utf16(self.text(path)?, pos))
    }

    // ---- Diagnostics -----------------------------------------------------------------------

    /// Findings of the save check for a document (at the version it ran on).
    pub fn set_save_findings(&mut self, path: &Path, version: i32, findings: Vec<Diagnostic>) {
        let Some(id) = self.by_path.get(path) else {
            return;
        };
        if let Some(doc) = self.docs.get_mut(id)
            && doc.version == version
        {
            doc.on_save = findings;
            doc.publish = true;
        }
    }

    /// Brings an open Wagic document's tree (and its part of the index) up to date.
    fn reparse(&mut self, id: FileId) {
        let Some(doc) = self.docs.get_mut(&id) else {
            return;
        };
        let DocState::Wagic(w) = &mut doc.state else {
            return;
        };
        if !w.has_pending() {
            return;
        }
        let index = (!self.wagic.rebuild).then_some(&mut self.wagic.index);
        let outcome = w.reparse(id, &self.files[id], self.files.len(), index);
        if outcome.contribution_changed {
            self.wagic_changed();
        }
        if outcome.lines_changed {
            // Notes that name lines of this file ("path:line") may be out of date.
            let needle = format!("{}:", self.files[id].path_string());
            for doc in self.docs.values_mut() {
                if let DocState::Wagic(w) = &mut doc.state {
                    let (cards, file_level) = w.ranges_with_note(&needle);
                    if !cards.is_empty() || file_level {
                        w.mark_urgent(cards);
                        if file_level {
                            w.mark_file_dirty();
                        }
                        doc.publish = true;
                    }
                }
            }
        }
    }

    /// The findings of an open document for its current text.
    pub fn diagnostics(&mut self, path: &Path) -> Option<Vec<Diagnostic>> {
        let id = *self.by_path.get(path)?;
        self.reparse(id);
        let files = &self.files;
        let config = self.file_configs[id].clone();
        let doc = self.docs.get_mut(&id)?;
        let mut out = match &mut doc.state {
            DocState::Plain => Vec::new(),
            DocState::Whole { diagnostics, .. } => {
                if diagnostics.is_none() {
                    let found = with_slot!(self, files[id].dialect, |slot| {
                        lint_one(&slot.linter, id, files, &slot.index, &config)
                    });
                    *diagnostics = Some(found);
                }
                diagnostics.clone().unwrap_or_default()
            }
            DocState::Wagic(w) => {
                let filter = file_filter(&config, &files[id]);
                w.lint(id, files, &self.wagic.index, &filter, 0);
                w.diagnostics(&files[id], &filter)
            }
        };
        crate::simulation::add_to_lint(&mut out, doc.on_save.iter().cloned());
        Some(out)
    }

    /// The diagnostics of every open document whose findings changed since the last call.
    pub fn take_publications(&mut self) -> Vec<Publication> {
        let mut ids: Vec<FileId> = self
            .docs
            .iter()
            .filter(|(_, d)| d.publish)
            .map(|(id, _)| *id)
            .collect();
        ids.sort_unstable();
        let mut out = Vec::new();
        for id in ids {
            let path = self.files[id].path.clone();
            let diagnostics = self.diagnostics(&path).unwrap_or_default();
            let Some(doc) = self.docs.get_mut(&id) else {
                continue;
            };
            doc.publish = false;
            out.push(Publication {
                path,
                version: doc.version,
                diagnostics,
                line_index: doc.line_index.clone(),
            });
        }
        out
    }

    /// Whether `background_step` has work to do (none while an index job is out: its end brings
    /// the next).
    pub fn has_background_work(&self) -> bool {
        !self.job_out
            && (self.forge.rebuild
                || self.wagic.rebuild
                || self.pymtg.rebuild
                || self.netrunner.rebuild
                || self.rulescript.rebuild
                || self
                    .docs
                    .values()
                    .any(|d| matches!(&d.state, DocState::Wagic(w) if w.has_stale())))
    }

    /// Does one bounded piece of the work that edits left for later (an index rebuild, or a
    /// chunk of cards whose findings predate the index). Documents whose findings become
    /// complete are marked for publication.
    pub fn background_step(&mut self) {
        if self.job_out {
            return;
        }
        for d in [
            Dialect::Forge,
            Dialect::Pymtg,
            Dialect::Netrunner,
            Dialect::Rulescript,
        ] {
            let files = &self.files;
            let rebuilt = with_slot!(self, d, |slot| {
                let due = slot.rebuild;
                if due {
                    slot.rebuild(files);
                }
                due
            });
            if rebuilt {
                self.dependents_changed(d, None);
                return;
            }
        }
        if let Some(job) = self.index_job() {
            let built = job.run();
            self.finish_index_job(built);
            return;
        }
        let mut ids: Vec<FileId> = self
            .docs
            .iter()
            .filter(|(_, d)| matches!(&d.state, DocState::Wagic(w) if w.has_stale()))
            .map(|(id, _)| *id)
            .collect();
        ids.sort_unstable();
        if let Some(&id) = ids.first() {
            self.reparse(id);
            let config = self.file_configs[id].clone();
            let files = &self.files;
            if let Some(doc) = self.docs.get_mut(&id)
                && let DocState::Wagic(w) = &mut doc.state
            {
                let filter = file_filter(&config, &files[id]);
                if !w.lint(id, files, &self.wagic.index, &filter, wagic_doc::CHUNK) {
                    doc.publish = true;
                }
            }
        }
    }

    /// The Wagic index rebuild, when one is due and nothing else comes first, as a job to run
    /// without the world (`IndexJob::run`, then `finish_index_job`): on a large tree it takes
    /// tens of milliseconds, during which edits go on being answered.
    pub fn index_job(&mut self) -> Option<IndexJob> {
        if self.job_out
            || !self.wagic.rebuild
            || self.forge.rebuild
            || self.pymtg.rebuild
            || self.netrunner.rebuild
            || self.rulescript.rebuild
        {
            return None;
        }
        // Open documents contribute what their current text holds.
        let ids: Vec<FileId> = self.docs.keys().copied().collect();
        for id in &ids {
            self.reparse_without_index(*id);
        }
        let open: Vec<(FileId, SourceFile)> = ids
            .iter()
            .filter(|&&id| {
                self.live[id]
                    && self.files[id].dialect == Dialect::Wagic
                    && matches!(self.docs[&id].state, DocState::Wagic(_))
            })
            .map(|&id| (id, self.files[id].clone()))
            .collect();
        let contributions = self
            .wagic
            .contributions
            .iter()
            .filter(|(id, _)| !open.iter().any(|(o, _)| o == *id))
            .map(|(id, fi)| (*id, fi.clone()))
            .collect();
        // `wagic::index::build` reads only the paths of the files.
        let paths = self
            .files
            .iter()
            .map(|f| SourceFile::from_text(f.path.clone(), f.dialect, ""))
            .collect();
        let mut versions: Vec<(FileId, i32)> =
            self.docs.iter().map(|(id, d)| (*id, d.version)).collect();
        versions.sort_unstable();
        self.job_out = true;
        Some(IndexJob {
            epoch: self.wagic_epoch,
            versions,
            paths,
            contributions,
            open,
        })
    }

    /// Installs a rebuilt Wagic index, unless the world changed since the job was taken (the
    /// rebuild is then still due). Returns the index it replaces (or the one it dropped), for
    /// the caller to free without the world's lock.
    pub fn finish_index_job(&mut self, built: BuiltIndex) -> Option<crate::wagic::Index> {
        self.job_out = false;
        let mut versions: Vec<(FileId, i32)> =
            self.docs.iter().map(|(id, d)| (*id, d.version)).collect();
        versions.sort_unstable();
        if built.epoch != self.wagic_epoch || built.versions != versions {
            return Some(built.index);
        }
        for (id, fi) in built.open {
            self.wagic.contributions.insert(id, fi);
        }
        let old = std::mem::replace(&mut self.wagic.index, built.index);
        self.wagic.rebuild = false;
        self.wagic.index_text_changed_all(self.files.len());
        for doc in self.docs.values_mut() {
            if let DocState::Wagic(w) = &mut doc.state {
                w.mark_stale(w.green.text_len());
            }
        }
        Some(old)
    }

    /// Forgets the job handed out by `index_job` (it failed): the rebuild is still due.
    pub fn abandon_index_job(&mut self) {
        self.job_out = false;
    }

    /// The Wagic index must be rebuilt.
    fn wagic_changed(&mut self) {
        self.wagic.rebuild = true;
        self.wagic_epoch += 1;
    }

    /// Gives up the background work (after it failed): findings stay as they are.
    pub fn drop_background_work(&mut self) {
        self.forge.rebuild = false;
        self.wagic.rebuild = false;
        self.pymtg.rebuild = false;
        self.netrunner.rebuild = false;
        self.rulescript.rebuild = false;
        for doc in self.docs.values_mut() {
            if let DocState::Wagic(w) = &mut doc.state {
                w.drop_stale();
            }
        }
    }

    /// Brings a Wagic document's tree up to date without touching the index (it is about to
    /// be rebuilt).
    fn reparse_without_index(&mut self, id: FileId) {
        if let Some(doc) = self.docs.get_mut(&id)
            && let DocState::Wagic(w) = &mut doc.state
            && w.has_pending()
        {
            w.reparse(id, &self.files[id], self.files.len(), None);
        }
    }

    // ---- Features --------------------------------------------------------------------------

    /// The current tree of a file (open documents are brought up to date first).
    fn tree(&mut self, id: FileId) -> Option<GreenNode> {
        self.reparse(id);
        let dialect = self.files[id].dialect;
        match self.docs.get_mut(&id).map(|d| &mut d.state) {
            Some(DocState::Plain) => None,
            Some(DocState::Wagic(w)) => Some(w.green.clone()),
            Some(DocState::Whole { tree, .. }) => {
                if tree.is_none() {
                    let text = self.files[id].text();
                    *tree = Some(with_slot!(self, dialect, |slot| slot.linter.parse(text).0));
                }
                tree.clone()
            }
            None => {
                if !self.live[id] {
                    return None;
                }
                let text = self.files[id].text();
                Some(with_slot!(self, dialect, |slot| slot.linter.parse(text).0))
            }
        }
    }

    /// What a view of a file needs: its id, its current tree and the files of its dialect.
    fn view_parts(&mut self, path: &Path) -> Option<(FileId, GreenNode, Vec<FileId>, Arc<Config>)> {
        let id = *self.by_path.get(path)?;
        let green = self.tree(id)?;
        let dialect = self.files[id].dialect;
        let ids: Vec<FileId> = (0..self.files.len())
            .filter(|&i| self.live[i] && self.files[i].dialect == dialect)
            .collect();
        let config = self.file_configs.get(id).cloned().unwrap_or_default();
        Some((id, green, ids, config))
    }

    pub fn complete(&mut self, path: &Path, offset: TextSize) -> Vec<Completion> {
        with_view!(self, path, |l, view| l.complete(&Cursor { view, offset })).unwrap_or_default()
    }

    pub fn hover(&mut self, path: &Path, offset: TextSize) -> Option<Hover> {
        with_view!(self, path, |l, view| l.hover(&Cursor { view, offset })).flatten()
    }

    pub fn definition(&mut self, path: &Path, offset: TextSize) -> Vec<Location> {
        with_view!(self, path, |l, view| l.definition(&Cursor { view, offset })).unwrap_or_default()
    }

    pub fn references(
        &mut self,
        path: &Path,
        offset: TextSize,
        include_declaration: bool,
    ) -> Vec<Location> {
        with_view!(self, path, |l, view| l
            .references(&Cursor { view, offset }, include_declaration))
        .unwrap_or_default()
    }

    pub fn prepare_rename(&mut self, path: &Path, offset: TextSize) -> Option<TextRange> {
        with_view!(self, path, |l, view| l
            .prepare_rename(&Cursor { view, offset }))
        .flatten()
    }

    pub fn rename(
        &mut self,
        path: &Path,
        offset: TextSize,
        new_name: &str,
    ) -> Result<Vec<FileEdit>, String> {
        with_view!(self, path, |l, view| l
            .rename(&Cursor { view, offset }, new_name))
        .unwrap_or_else(|| Err("this file is not a card file".into()))
    }

    pub fn symbols(&mut self, path: &Path) -> Vec<Symbol> {
        with_view!(self, path, |l, view| l.symbols(&view)).unwrap_or_default()
    }

    pub fn folding(&mut self, path: &Path) -> Vec<Fold> {
        with_view!(self, path, |l, view| l.folding(&view)).unwrap_or_default()
    }

    /// Semantic tokens of a file (with `range`: those inside it).
    pub fn semantic_tokens(&mut self, path: &Path, range: Option<TextRange>) -> Vec<SemanticToken> {
        let mut tokens =
            with_view!(self, path, |l, view| l.semantic_tokens(&view, range)).unwrap_or_default();
        if let Some(r) = range {
            tokens.retain(|t| r.contains_range(t.range));
        }
        tokens
    }

    /// The fixes of the findings that touch `range`, as code actions: (title, edits, whether
    /// it is safe, the finding).
    pub fn code_actions(&mut self, path: &Path, range: TextRange) -> Vec<CodeAction> {
        let Some(diagnostics) = self.diagnostics(path) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for d in diagnostics {
            let touches = d.range.intersect(range).is_some()
                || d.range.contains_range(range)
                || range.contains_range(d.range);
            let Some(fix) = &d.fix else { continue };
            if !touches {
                continue;
            }
            out.push(CodeAction {
                title: fix.message.clone(),
                edits: fix.edits.clone(),
                preferred: fix.applicability == crate::Applicability::Safe,
                diagnostic: d.clone(),
            });
        }
        out
    }
}

/// What a Wagic index rebuild needs, taken from the world by `World::index_job`.
pub struct IndexJob {
    epoch: u64,
    versions: Vec<(FileId, i32)>,
    /// Every file of the world, by path only.
    paths: Vec<SourceFile>,
    /// The contributions of the files that are not open.
    contributions: Vec<(FileId, crate::wagic::FileIndex)>,
    /// The open Wagic documents, indexed again.
    open: Vec<(FileId, SourceFile)>,
}

/// A rebuilt Wagic index, for `World::finish_index_job`.
pub struct BuiltIndex {
    epoch: u64,
    versions: Vec<(FileId, i32)>,
    index: crate::wagic::Index,
    open: Vec<(FileId, crate::wagic::FileIndex)>,
}

impl IndexJob {
    /// Builds the index (without the world).
    pub fn run(self) -> BuiltIndex {
        let linter = crate::wagic::Linter;
        let open: Vec<(FileId, crate::wagic::FileIndex)> = self
            .open
            .iter()
            .map(|(id, file)| (*id, linter.index_file(file)))
            .collect();
        let mut contributions = self.contributions;
        contributions.extend(open.iter().cloned());
        contributions.sort_by_key(|(id, _)| *id);
        let index = linter.build_index(&self.paths, contributions);
        BuiltIndex {
            epoch: self.epoch,
            versions: self.versions,
            index,
            open,
        }
    }
}

/// A fix offered as a code action.
pub struct CodeAction {
    pub title: String,
    pub edits: Vec<crate::diagnostic::Edit>,
    /// A safe fix (`cardlint check --fix` applies it).
    pub preferred: bool,
    pub diagnostic: Diagnostic,
}

impl Slot<crate::wagic::Linter> {
    fn index_text_changed_all(&mut self, files: usize) {
        for id in 0..files {
            self.index.text_changed(id, files);
        }
    }
}
