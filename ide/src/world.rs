//! The analysis API that the language server drives (and any other editor integration could):
//! a [`World`] holds every card file of the workspace folders, the open documents over them,
//! each dialect's file contributions and merged index (kept up to date as files change), and
//! answers with diagnostics (the CLI's pipeline: rules, config filters, suppressions) and the
//! editor features of `DialectIde`. It knows no dialect by name: each is a slot
//! (`crate::slot`), made from the registry of `crate::dialects`.
//!
//! Work is split so that an edit is answered fast: `change` only applies text; `diagnostics`
//! brings the document up to date (an incremental document, such as a Wagic file, reparses and
//! relints only what an edit touched); what an edit does to other files (a new index, findings
//! that depend on it) is done by `background_step`, a chunk at a time, while the editor is idle.

use crate::edit::{self, TextChange};
use crate::features::{
    Completion, FileEdit, Fold, Hover, InlayHint, Location, SemanticToken, Symbol,
};
use crate::slot::{Answer, Built, DialectSlot, DocState, Request, ViewParts};
use lint::Diagnostic;
use lint::config::{Config, ConfigError};
use lint::dialect::Dialect;
use model::{FileId, SourceFile};
use rowan::GreenNode;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use syntax::{LineCol, LineIndex, TextRange, TextSize};

/// How many stale parts of an incremental document `background_step` brings up to date at a
/// time (Wagic: cards), so that an edit waits at most for one step.
pub const BACKGROUND_CHUNK: usize = 96;

/// How much text of files that are not open `background_step` lints at a time (workspace
/// diagnostics; a few milliseconds): at least one file. A larger file of a dialect with
/// incremental documents is linted in steps of `BACKGROUND_CHUNK` cards.
pub const CLOSED_CHUNK_BYTES: usize = 64 * 1024;

/// How long `background_step` goes on linting small files that are not open (at least one
/// file): an edit that arrives meanwhile waits for it. Only how the work is cut depends on it.
const CLOSED_STEP_TIME: std::time::Duration = std::time::Duration::from_millis(4);

/// Bytes kept free after an open document's text, so that typing does not grow (copy) it.
const EDIT_ROOM: usize = 64 * 1024;

fn hash_diagnostics(diagnostics: &[Diagnostic]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for d in diagnostics {
        d.rule.code.hash(&mut h);
        u32::from(d.range.start()).hash(&mut h);
        u32::from(d.range.end()).hash(&mut h);
        d.severity.as_str().hash(&mut h);
        d.message.hash(&mut h);
        d.notes.hash(&mut h);
    }
    h.finish()
}

/// Runs when a document is saved and adds findings to it until its next change (the headless
/// engine's simulation of the saved card plugs in here). It gets the path, the dialect and the
/// text, and the configuration that applies to the file, and returns findings with byte ranges
/// into that text (already filtered by the configuration and the file's suppression comments).
pub trait SaveCheck: Send + Sync {
    /// The findings of the whole text. `cancel` is set when they are no longer wanted (the
    /// document was closed): the check may stop early, its result is dropped.
    fn check(
        &self,
        path: &Path,
        dialect: Dialect,
        text: &str,
        config: &Config,
        cancel: &Cancel,
    ) -> Vec<Diagnostic>;

    /// Only the units (Wagic `[card]` blocks) that lie in `parts`: the findings in them. The
    /// default checks the whole text (the caller keeps what lies in `parts`).
    fn check_parts(
        &self,
        path: &Path,
        dialect: Dialect,
        text: &str,
        config: &Config,
        parts: &[TextRange],
        cancel: &Cancel,
    ) -> Vec<Diagnostic> {
        let _ = parts;
        self.check(path, dialect, text, config, cancel)
    }
}

/// Set when a running save check's result is no longer wanted.
pub type Cancel = Arc<std::sync::atomic::AtomicBool>;

/// What happened to a file on disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileEvent {
    Created,
    Changed,
    Deleted,
}

/// An open document.
struct Doc {
    version: i32,
    /// The dialect the editor's language id names, if it names one.
    language: Option<Dialect>,
    line_index: Arc<LineIndex>,
    /// The analysis state of its dialect's slot; `None`: not a card file (or excluded by the
    /// configuration), no analysis.
    state: Option<DocState>,
    /// Findings changed since they were last taken by `take_publications`.
    publish: bool,
    /// Findings of the save check, kept (and moved) through edits until the next run replaces
    /// those of the units it played.
    on_save: Vec<Diagnostic>,
    /// What the last save check saw (`None`: it never ran).
    save_seen: Option<crate::save::Seen>,
    /// A save check runs on this document (`save_job` was taken, `finish_save_job` not yet).
    save_running: bool,
    /// A save came while the check ran: run again when it is done.
    save_again: bool,
    /// The edits (start, end, new length) made since the running check took the text.
    save_edits: Vec<(usize, usize, usize)>,
    /// Cancels the running check (set when the document closes).
    save_cancel: Option<Cancel>,
    /// The whole document is to be played once its own background work is done
    /// (`open_play_job`).
    play_on_open: bool,
    /// The document was edited since it was opened.
    edited: bool,
    /// The analysis of this document failed (the panic's message), until the next change: its
    /// findings are one `internal-error` diagnostic.
    failure: Option<String>,
    /// The outline and semantic tokens of each card of an incremental document, kept between
    /// requests (an edit changes one card).
    by_card: crate::by_card::CardCaches,
}

/// Diagnostics of a file: of an open document, for one version of its text; of a file that is
/// not open (workspace diagnostics), for its text on disk (no version).
pub struct Publication {
    pub path: PathBuf,
    pub version: Option<i32>,
    pub diagnostics: Vec<Diagnostic>,
    pub line_index: Arc<LineIndex>,
}

/// The files of the workspace folders as read by `scan` (off the world's lock), with each
/// dialect's contributions and index already built.
pub struct Scan {
    folders: Vec<PathBuf>,
    files: Vec<SourceFile>,
    configs: Configs,
    slots: Vec<Box<dyn DialectSlot>>,
    names: crate::names::NameIndex,
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
    /// One slot per registered dialect, in registration order.
    slots: Vec<Box<dyn DialectSlot>>,
    /// Per slot: bumped whenever its index must be rebuilt (a job built before is out of date).
    epochs: Vec<u64>,
    /// Line indexes of files that are not open (for locations in them).
    line_indexes: HashMap<FileId, Arc<LineIndex>>,
    save_check: Option<Arc<dyn SaveCheck>>,
    /// Show the findings about the simulation's own limits (`G101`) whatever the configuration
    /// says (the editor's `cardlint.simulation.showLimits`).
    show_limits: bool,
    /// Publish the findings of the card files that are not open (workspace diagnostics).
    workspace_diagnostics: bool,
    /// Files that are not open whose findings must be computed (and published if they changed).
    closed_queue: std::collections::BTreeSet<FileId>,
    /// The files not open whose findings were published (those with findings), and a hash of
    /// what was published.
    closed_published: HashMap<PathBuf, u64>,
    /// Publications of files that are not open, for `take_publications`.
    closed_out: Vec<Publication>,
    /// A large file that is not open, linted a chunk of cards per background step (as an open
    /// document is, its tree parsed off the lock) and published when all are done.
    closed_doc: Option<(FileId, DocState, bool)>,
    /// An index job was handed out and is not finished: background work waits for it.
    job_out: bool,
    /// The cards of every file by name (workspace symbols).
    names: crate::names::NameIndex,
    /// Open documents edited in place (incremental) whose cards are read again before the
    /// next search.
    names_stale: std::collections::BTreeSet<FileId>,
}

impl Default for World {
    fn default() -> Self {
        World::new()
    }
}

impl World {
    pub fn new() -> World {
        let slots = crate::dialects::slots();
        World {
            folders: Vec::new(),
            files: Vec::new(),
            live: Vec::new(),
            file_configs: Vec::new(),
            by_path: HashMap::new(),
            docs: HashMap::new(),
            configs: Configs::default(),
            epochs: vec![0; slots.len()],
            slots,
            line_indexes: HashMap::new(),
            save_check: None,
            show_limits: false,
            workspace_diagnostics: false,
            closed_queue: Default::default(),
            closed_published: HashMap::new(),
            closed_out: Vec::new(),
            closed_doc: None,
            job_out: false,
            names: Default::default(),
            names_stale: Default::default(),
        }
    }

    /// The slot of a dialect.
    fn slot_of(&self, dialect: Dialect) -> Option<usize> {
        self.slots.iter().position(|s| s.dialect() == dialect)
    }

    /// The slot of a file's dialect.
    fn slot_of_file(&self, id: FileId) -> Option<usize> {
        self.slot_of(self.files[id].dialect)
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

    /// Publishes the findings of every card file of the workspace folders, open or not (the
    /// files that are not open are linted in the background after a scan and when they change
    /// on disk).
    pub fn set_workspace_diagnostics(&mut self, on: bool) {
        self.workspace_diagnostics = on;
        if on {
            self.queue_all_closed();
        } else {
            self.closed_queue.clear();
        }
    }

    fn queue_all_closed(&mut self) {
        if !self.workspace_diagnostics {
            return;
        }
        self.closed_queue = (0..self.files.len())
            .filter(|id| self.live[*id] && !self.docs.contains_key(id))
            .collect();
    }

    /// A file that is not open changed (or was closed): lint it again, or withdraw what was
    /// published for it when it is no card file any more.
    fn closed_changed(&mut self, id: FileId) {
        if !self.workspace_diagnostics || self.docs.contains_key(&id) {
            return;
        }
        if self.live[id] {
            self.closed_queue.insert(id);
        } else {
            self.closed_queue.remove(&id);
            let path = self.files[id].path.clone();
            self.withdraw_closed(path);
        }
    }

    fn withdraw_closed(&mut self, path: PathBuf) {
        if self.closed_published.remove(&path).is_some() {
            self.closed_out.push(Publication {
                path,
                version: None,
                diagnostics: Vec::new(),
                line_index: Arc::new(LineIndex::new("")),
            });
        }
    }

    /// Lints a chunk of the queued files that are not open (about `CLOSED_CHUNK_BYTES` of text)
    /// and keeps the publications of those whose findings changed. A larger file of a dialect
    /// with incremental documents is linted in steps (`closed_doc_step`).
    fn lint_closed_step(&mut self) -> &'static str {
        if let Some(did) = self.closed_doc_step() {
            return did;
        }
        let started = std::time::Instant::now();
        let mut bytes = 0;
        while let Some(id) = self.closed_queue.pop_first() {
            if self.docs.contains_key(&id) || !self.live[id] {
                continue;
            }
            let Some(s) = self.slot_of_file(id) else {
                continue;
            };
            let len = self.files[id].text().len();
            if len >= CLOSED_CHUNK_BYTES && self.slots[s].incremental() {
                let state = self.slots[s].new_doc(self.files[id].text());
                self.closed_doc = Some((id, state, false));
                return self.closed_doc_step().unwrap_or("");
            }
            let config = self.file_configs[id].clone();
            let diagnostics = self.slots[s].file_diagnostics(id, &self.files, &config);
            self.publish_closed(id, diagnostics);
            bytes += len;
            if bytes >= CLOSED_CHUNK_BYTES || started.elapsed() >= CLOSED_STEP_TIME {
                break;
            }
        }
        if bytes > 0 { "closed files" } else { "" }
    }

    /// One step of the large file not open being linted: its first cards (the rest of its tree
    /// is then parsed on a thread of its own), or a chunk of the others once that parse is done,
    /// or its publication. False when there is no such file (or it changed and was dropped:
    /// it is queued again).
    fn closed_doc_step(&mut self) -> Option<&'static str> {
        let (id, mut state, started) = self.closed_doc.take()?;
        // Gone, opened or changed since (then queued again): dropped.
        let s = self.slot_of_file(id).filter(|_| {
            self.live[id] && !self.docs.contains_key(&id) && !self.closed_queue.contains(&id)
        })?;
        let config = self.file_configs[id].clone();
        if !started {
            // The first cards (as for the first publication of an open document).
            self.slots[s].doc_diagnostics(&mut state, id, &self.files, &config);
            self.closed_doc = Some((id, state, true));
            return Some("large closed file: first cards");
        }
        if self.slots[s].doc_busy(&state) {
            self.closed_doc = Some((id, state, true));
            return Some("large closed file: waits for its parse");
        }
        if self.slots[s].doc_lint_stale(&mut state, id, &self.files, &config, BACKGROUND_CHUNK) {
            self.closed_doc = Some((id, state, true));
            return Some("large closed file: chunk of cards");
        }
        let diagnostics = self.slots[s].doc_diagnostics(&mut state, id, &self.files, &config);
        self.publish_closed(id, diagnostics);
        Some("large closed file: published")
    }

    /// Keeps the publication of a file that is not open when its findings changed.
    fn publish_closed(&mut self, id: FileId, diagnostics: Vec<Diagnostic>) {
        let path = self.files[id].path.clone();
        if diagnostics.is_empty() {
            self.withdraw_closed(path);
            return;
        }
        let hash = hash_diagnostics(&diagnostics);
        if self.closed_published.get(&path) != Some(&hash) {
            let line_index = Arc::new(LineIndex::new(self.files[id].text()));
            self.closed_published.insert(path.clone(), hash);
            self.closed_out.push(Publication {
                path,
                version: None,
                diagnostics,
                line_index,
            });
        }
    }

    /// Background work waits for a parse under way on a thread of its own (the worker then
    /// polls instead of stepping at once).
    /// How many files that are not open still wait for their findings (workspace diagnostics):
    /// the language server reports the check's progress with it.
    pub fn closed_pending(&self) -> usize {
        self.closed_queue.len() + usize::from(self.closed_doc.is_some())
    }

    pub fn background_waiting(&self) -> bool {
        let busy = |id: FileId, state: &DocState| {
            self.slot_of_file(id)
                .is_some_and(|s| self.slots[s].doc_busy(state))
        };
        self.closed_doc
            .as_ref()
            .is_some_and(|(id, state, _)| busy(*id, state))
            || self
                .docs
                .iter()
                .any(|(id, d)| d.state.as_ref().is_some_and(|state| busy(*id, state)))
    }

    /// Shows the simulation's `not-simulated` findings (hidden unless the configuration asks).
    pub fn set_show_limits(&mut self, show: bool) {
        self.show_limits = show;
        for doc in self.docs.values_mut() {
            doc.publish = true;
        }
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
            match lint::discover::load_with(std::slice::from_ref(&folder), None, &config, true) {
                Ok(loaded) => {
                    files.extend(loaded.files);
                    errors.extend(loaded.errors);
                }
                Err(error) => errors.push(error),
            }
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        files.dedup_by(|a, b| a.path == b.path);
        let mut slots = crate::dialects::slots();
        for slot in &mut slots {
            slot.scan(&files);
        }
        let names = {
            use rayon::prelude::*;
            let found: Vec<_> = files
                .par_iter()
                .map(|f| {
                    let slot = slots.iter().find(|s| s.dialect() == f.dialect)?;
                    Some((f.dialect, slot.card_names(f)))
                })
                .collect();
            let mut names = crate::names::NameIndex::default();
            for (id, found) in found.into_iter().enumerate() {
                if let Some((dialect, cards)) = found {
                    names.set(id, dialect, cards);
                }
            }
            names
        };
        errors.extend(configs.errors.iter().map(|e| e.to_string()));
        Scan {
            folders,
            files,
            configs,
            slots,
            names,
            errors,
        }
    }

    /// Takes in a scan: its files replace those of the world, open documents keep their text.
    pub fn install(&mut self, scan: Scan) {
        let Scan {
            folders,
            files,
            configs,
            slots,
            names,
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
        self.slots = slots;
        self.names = names;
        self.names_stale.clear();
        self.epochs = self.epochs.iter().map(|e| e + 1).collect();
        self.epochs.resize(self.slots.len(), 1);
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
        let n = self.files.len();
        for slot in &mut self.slots {
            slot.index_installed(n);
        }
        self.reset_docs();
        if self.workspace_diagnostics {
            // Files that are gone (or no longer card files) lose what was published for them.
            let gone: Vec<PathBuf> = self
                .closed_published
                .keys()
                .filter(|p| {
                    self.by_path
                        .get(*p)
                        .is_none_or(|id| !self.live[*id] || self.docs.contains_key(id))
                })
                .cloned()
                .collect();
            for path in gone {
                self.withdraw_closed(path);
            }
            self.queue_all_closed();
        }
    }

    /// Every open document's findings are out of date (a scan, a configuration change).
    fn reset_docs(&mut self) {
        let ids: Vec<FileId> = self.docs.keys().copied().collect();
        for id in ids {
            let len = self.files[id].text().len();
            let slot = self.slot_of_file(id);
            let Some(doc) = self.docs.get_mut(&id) else {
                continue;
            };
            doc.publish = true;
            if let (Some(state), Some(s)) = (&mut doc.state, slot) {
                self.slots[s].doc_reset(state, len);
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
        }
        self.reset_docs();
    }

    fn add_file(&mut self, path: PathBuf) -> FileId {
        if let Some(&id) = self.by_path.get(&path) {
            return id;
        }
        let id = self.files.len();
        let config = self.configs.for_path(&path);
        self.files
            .push(SourceFile::from_text(path.clone(), Dialect::FORGE, ""));
        self.live.push(false);
        self.file_configs.push(config);
        self.by_path.insert(path, id);
        id
    }

    /// Marks a slot's index for a rebuild (and any job taken before as out of date).
    fn index_must_rebuild(&mut self, slot: usize) {
        self.slots[slot].set_rebuild_due(true);
        self.epochs[slot] += 1;
    }

    /// Recomputes what a file contributes to each dialect's index. Returns the dialects whose
    /// index changed.
    fn refresh_contribution(&mut self, id: FileId) -> Vec<Dialect> {
        let mut changed = Vec::new();
        let live = self.live[id];
        let dialect = self.files[id].dialect;
        for s in 0..self.slots.len() {
            let mine = live && self.slots[s].dialect() == dialect;
            if self.slots[s].refresh(&self.files, id, mine) {
                changed.push(s);
                if self.slots[s].slow_index() {
                    // Positions in the index are out of date too: rebuild.
                    self.index_must_rebuild(s);
                }
            }
        }
        self.line_indexes.remove(&id);
        self.read_names(id);
        for &s in &changed {
            self.dependents_changed(s, Some(id));
        }
        changed.iter().map(|&s| self.slots[s].dialect()).collect()
    }

    /// Reads the cards a file defines again (workspace symbols).
    fn read_names(&mut self, id: FileId) {
        self.names_stale.remove(&id);
        let file = &self.files[id];
        let plain = self.docs.get(&id).is_some_and(|d| d.state.is_none());
        match self.slot_of(file.dialect) {
            Some(s) if self.live[id] && !plain => {
                let cards = self.slots[s].card_names(file);
                self.names.set(id, file.dialect, cards);
            }
            _ => self.names.clear(id),
        }
    }

    /// The cards of the workspace whose name matches `query` (fuzzy, case-insensitive), best
    /// first (`crate::names`), at most `limit`.
    pub fn workspace_symbols(&mut self, query: &str, limit: usize) -> Vec<crate::CardSymbol> {
        let stale: Vec<FileId> = std::mem::take(&mut self.names_stale).into_iter().collect();
        for id in stale {
            self.read_names(id);
        }
        self.names.search(query, limit)
    }

    /// The path of a file relative to the workspace folder holding it (the whole path for a
    /// file outside them).
    pub fn relative_path(&self, id: FileId) -> &Path {
        let path = &self.files[id].path;
        self.folders
            .iter()
            .filter_map(|f| path.strip_prefix(f).ok())
            .min_by_key(|p| p.as_os_str().len())
            .unwrap_or(path)
    }

    /// The index of a slot changed: the findings of its open documents (other than `except`)
    /// may change.
    fn dependents_changed(&mut self, slot: usize, except: Option<FileId>) {
        let dialect = self.slots[slot].dialect();
        for (id, doc) in self.docs.iter_mut() {
            if Some(*id) == except || self.files[*id].dialect != dialect || !self.live[*id] {
                continue;
            }
            if let Some(state) = &mut doc.state
                && self.slots[slot].doc_index_changed(state)
            {
                doc.publish = true;
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
            lint::discover::detect(&file.path, file.text(), doc.language, &config)
        };
        self.set_doc_dialect(id, dialect);
    }

    fn set_doc_dialect(&mut self, id: FileId, dialect: Option<Dialect>) {
        let slot = dialect.and_then(|d| self.slot_of(d));
        let dialect = dialect.filter(|_| slot.is_some());
        let Some(doc) = self.docs.get_mut(&id) else {
            return;
        };
        let file = &mut self.files[id];
        let same = match (&doc.state, dialect) {
            (None, None) => true,
            (Some(_), Some(d)) => d == file.dialect,
            _ => false,
        };
        self.live[id] = dialect.is_some();
        if same {
            return;
        }
        if let Some(d) = dialect {
            file.dialect = d;
        }
        doc.state = slot.map(|s| self.slots[s].new_doc(file.text()));
        doc.publish = true;
    }

    // ---- Documents -------------------------------------------------------------------------

    /// Opens a document. `language` is the editor's language id: a dialect's name decides the
    /// dialect; anything else lets the path and the content decide.
    /// A panic in the analysis is caught: the document's findings are then an internal error.
    pub fn open(&mut self, path: PathBuf, language: Option<&str>, text: String, version: i32) {
        let at = path.clone();
        self.guard(&at, |w| w.open_doc(path, language, text, version));
    }

    fn open_doc(&mut self, path: PathBuf, language: Option<&str>, text: String, version: i32) {
        let id = self.add_file(path.clone());
        // The document publishes its own findings from now on.
        self.closed_queue.remove(&id);
        self.closed_published.remove(&path);
        let forced = language.and_then(lint::dialect::from_name);
        let config = self.file_configs[id].clone();
        let dialect = if config.is_excluded(&path) {
            None
        } else {
            lint::discover::detect(&path, &text, forced, &config)
        };
        // The text as indexed from disk (the usual case): its contribution to the index is the
        // same, and indexing a 4 MB file again would delay the first findings.
        let old = &self.files[id];
        let was_indexed =
            self.live[id].then(|| (old.dialect, old.source.encoding(), old.source.has_bom()));
        let same_text = was_indexed.is_some() && old.text() == text;
        // Room for what will be typed: the text is edited in place (`change_doc`), and growing
        // a large one would copy it on a keystroke.
        let mut text = text;
        text.reserve_exact(EDIT_ROOM);
        self.files[id] = SourceFile::from_text(path, dialect.unwrap_or(Dialect::FORGE), text);
        let new = &self.files[id];
        let unchanged = same_text
            && was_indexed == Some((new.dialect, new.source.encoding(), new.source.has_bom()));
        self.docs.insert(
            id,
            Doc {
                version,
                language: forced,
                line_index: Arc::new(LineIndex::new(self.files[id].text())),
                state: None,
                publish: true,
                on_save: Vec::new(),
                save_seen: None,
                save_running: false,
                save_again: false,
                save_edits: Vec::new(),
                save_cancel: None,
                play_on_open: self.save_check.is_some(),
                edited: false,
                failure: None,
                by_card: Default::default(),
            },
        );
        self.set_doc_dialect(id, dialect);
        if unchanged && self.live[id] {
            self.line_indexes.remove(&id);
            return;
        }
        // A file seen for the first time joins the workspace; one already indexed from disk
        // usually contributes the same as before.
        self.refresh_contribution(id);
    }

    /// Applies changes (in order) to an open document. Positions are lines and UTF-16 columns
    /// of the text each change applies to; `None` replaces the whole text.
    /// A panic in the analysis is caught: the document's findings are then an internal error.
    pub fn change(
        &mut self,
        path: &Path,
        version: i32,
        changes: Vec<(Option<(LineCol, LineCol)>, String)>,
    ) -> Result<(), String> {
        self.guard(path, |w| w.change_doc(path, version, changes))
            .unwrap_or(Ok(()))
    }

    /// Runs `f`, one step of the analysis of the document at `path`; a panic marks the document
    /// as failed (published as an internal error) instead of unwinding through the world.
    fn guard<R>(&mut self, path: &Path, f: impl FnOnce(&mut World) -> R) -> Option<R> {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(self))) {
            Ok(r) => Some(r),
            Err(payload) => {
                let message = lint::common::panic_message(payload.as_ref());
                if let Some(id) = self.by_path.get(path)
                    && let Some(doc) = self.docs.get_mut(id)
                {
                    doc.failure = Some(message);
                    doc.publish = true;
                }
                None
            }
        }
    }

    fn change_doc(
        &mut self,
        path: &Path,
        version: i32,
        changes: Vec<(Option<(LineCol, LineCol)>, String)>,
    ) -> Result<(), String> {
        let Some(&id) = self.by_path.get(path) else {
            return Err(format!("{} is not open", path.display()));
        };
        let slot = self.slot_of_file(id);
        let Some(doc) = self.docs.get_mut(&id) else {
            return Err(format!("{} is not open", path.display()));
        };
        // The text is edited in place (a large one is not copied on every keystroke).
        let dialect = self.files[id].dialect;
        let path = self.files[id].path.clone();
        let empty = SourceFile::from_text(path.clone(), dialect, String::new());
        let mut text = std::mem::replace(&mut self.files[id], empty).into_text();
        let inserted: usize = changes.iter().map(|(_, t)| t.len()).sum();
        if text.capacity() - text.len() < inserted {
            text.reserve_exact(inserted + EDIT_ROOM);
        }
        for (range, new_text) in changes {
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
            doc.on_save
                .retain_mut(|d| crate::save::shift_diagnostic_through(d, s, e, len));
            if doc.save_running {
                doc.save_edits.push((s, e, len));
            }
            if let (Some(state), Some(slot)) = (&mut doc.state, slot) {
                self.slots[slot].doc_edited(state, s, e, len);
            }
            // Only the lines the change touched are read again.
            doc.line_index = Arc::new(doc.line_index.edited(&text, s, e, s + len));
        }
        doc.version = version;
        doc.publish = true;
        doc.edited = true;
        doc.failure = None;
        self.files[id] = SourceFile::from_text(path, dialect, text);
        match (&mut doc.state, slot) {
            (Some(state), Some(s)) => {
                if !self.slots[s].incremental() {
                    self.slots[s].doc_replaced(state);
                    self.refresh_contribution(id);
                } else {
                    // Its cards are read again when they are searched.
                    self.names_stale.insert(id);
                }
            }
            _ => {
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
        let slot = self.slot_of_file(id);
        let Some(doc) = self.docs.remove(&id) else {
            return;
        };
        if let Some(cancel) = &doc.save_cancel {
            cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        let incremental = doc.state.is_some() && slot.is_some_and(|s| self.slots[s].incremental());
        self.reload_from_disk(id);
        self.closed_changed(id);
        if let (true, true, Some(s)) = (incremental, doc.edited, slot) {
            // What the document contributed was patched edit by edit: rebuild from disk.
            self.index_must_rebuild(s);
        }
    }

    /// Reads a file that is not open from disk again (or drops it when it is gone). Only
    /// regular files of a sane size are read: a FIFO, a device or a huge file is dropped.
    fn reload_from_disk(&mut self, id: FileId) {
        let path = self.files[id].path.clone();
        let config = self.file_configs[id].clone();
        let in_folder = self.folders.iter().any(|f| path.starts_with(f));
        let bytes = lint::discover::read_regular(&path).ok();
        let mut live = false;
        if let Some(bytes) = bytes
            && in_folder
            && !config.is_excluded(&path)
            && lint::discover::walkable(&path)
        {
            let mut file = SourceFile::from_bytes(path.clone(), Dialect::FORGE, bytes);
            if let Some(d) = lint::discover::detect(&path, file.text(), None, &config) {
                file.dialect = d;
                self.files[id] = file;
                live = true;
            }
        }
        if !live {
            self.files[id] = SourceFile::from_text(path, Dialect::FORGE, "");
        }
        self.live[id] = live;
        let contributed: Vec<bool> = self.slots.iter().map(|s| s.contributes(id)).collect();
        self.refresh_contribution(id);
        let stale: Vec<usize> = (self.slots.iter().zip(&contributed).enumerate())
            .filter(|(_, (slot, was))| {
                slot.slow_index() && (**was || (live && self.files[id].dialect == slot.dialect()))
            })
            .map(|(s, _)| s)
            .collect();
        for s in stale {
            self.index_must_rebuild(s);
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
            self.closed_changed(id);
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
        let plain = self.docs.get(&id).is_some_and(|d| d.state.is_none());
        (self.live[id] && !plain).then(|| self.files[id].dialect)
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

    /// The save check to run after a save of `path` (the units that changed since the last
    /// run), or `None`: no check, nothing changed, or one runs already (it runs again when done).
    pub fn save_job(&mut self, path: &Path) -> Option<crate::save::SaveJob> {
        let check = self.save_check.clone()?;
        let id = *self.by_path.get(path)?;
        let dialect = self.dialect(path)?;
        let config = self.file_configs.get(id)?.clone();
        let text: Arc<str> = Arc::from(self.files[id].text());
        let doc = self.docs.get_mut(&id)?;
        if doc.save_running {
            doc.save_again = true;
            return None;
        }
        let units = crate::save::units(dialect, &text);
        let parts = units.changed_since(doc.save_seen.as_ref());
        if parts.as_ref().is_some_and(|p| p.is_empty()) {
            // Nothing the engine plays changed; the findings stay as they are.
            doc.save_seen = Some(units.seen());
            return None;
        }
        doc.save_running = true;
        doc.play_on_open = false;
        doc.save_edits.clear();
        let cancel = Cancel::default();
        doc.save_cancel = Some(cancel.clone());
        Some(crate::save::SaveJob {
            path: path.to_path_buf(),
            dialect,
            text,
            config,
            check,
            parts,
            seen: units.seen(),
            cancel,
        })
    }

    /// The play of a document opened but never played yet, once nothing else waits: no index
    /// rebuild or stale findings anywhere, and the document wholly parsed (the play would
    /// otherwise compete with the first edits' analysis). The job is taken like a save's
    /// (`save_job`); a save made before it plays the whole document instead.
    pub fn open_play_job(&mut self) -> Option<crate::save::SaveJob> {
        if self.has_background_work() || self.background_waiting() {
            return None;
        }
        let mut ids: Vec<FileId> = self
            .docs
            .iter()
            .filter(|(_, d)| d.play_on_open)
            .map(|(id, _)| *id)
            .collect();
        ids.sort_unstable();
        for id in ids {
            let pending = match (self.slot_of_file(id), &self.docs[&id].state) {
                (Some(s), Some(state)) => self.slots[s].doc_has_pending(state),
                _ => false,
            };
            if pending {
                continue;
            }
            if let Some(doc) = self.docs.get_mut(&id) {
                doc.play_on_open = false;
            }
            let path = self.files[id].path.clone();
            if let Some(job) = self.save_job(&path) {
                return Some(job);
            }
        }
        None
    }

    /// Installs the findings of a save check: they replace those of the units it played, after
    /// moving through the edits made while it ran. Returns the next job when a save came
    /// meanwhile.
    pub fn finish_save_job(
        &mut self,
        result: Option<crate::save::SaveResult>,
        path: &Path,
    ) -> Option<crate::save::SaveJob> {
        let id = *self.by_path.get(path)?;
        let doc = self.docs.get_mut(&id)?;
        doc.save_running = false;
        doc.save_cancel = None;
        let edits = std::mem::take(&mut doc.save_edits);
        if let Some(result) = result
            && result.path == path
            && !result.cancelled
        {
            let mut parts = result.parts;
            let mut findings = result.findings;
            for &(s, e, len) in &edits {
                findings.retain_mut(|d| crate::save::shift_diagnostic_through(d, s, e, len));
                if let Some(parts) = &mut parts {
                    parts.retain_mut(|r| match crate::save::shift_through(*r, s, e, len) {
                        Some(moved) => {
                            *r = moved;
                            true
                        }
                        None => false,
                    });
                }
            }
            match &parts {
                None => doc.on_save.clear(),
                Some(parts) => doc.on_save.retain(|d| !crate::save::inside(parts, d.range)),
            }
            doc.on_save.extend(findings);
            doc.on_save
                .sort_by_key(|d| (d.range.start(), d.range.end(), d.rule.code));
            // Units edited while it ran differ from what it saw: the next save plays them.
            doc.save_seen = Some(result.seen);
            doc.publish = true;
        }
        if std::mem::take(&mut doc.save_again) {
            return self.save_job(path);
        }
        None
    }

    /// Brings an incremental document's tree (and its part of the index) up to date.
    fn reparse(&mut self, id: FileId) {
        let Some(s) = self.slot_of_file(id) else {
            return;
        };
        let Some(doc) = self.docs.get_mut(&id) else {
            return;
        };
        let Some(state) = &mut doc.state else {
            return;
        };
        if !self.slots[s].doc_has_pending(state) {
            return;
        }
        let outcome = self.slots[s].doc_reparse(state, id, &self.files, true);
        if outcome.contribution_changed {
            self.index_must_rebuild(s);
        } else if outcome.index_patched {
            self.dependents_changed(s, Some(id));
        }
        if outcome.lines_changed {
            // Notes that name lines of this file ("path:line") may be out of date.
            let needle = format!("{}:", self.files[id].path_string());
            let slots = &self.slots;
            let files = &self.files;
            for (other, doc) in self.docs.iter_mut() {
                let Some(t) = slots
                    .iter()
                    .position(|x| x.dialect() == files[*other].dialect)
                else {
                    continue;
                };
                if let Some(state) = &mut doc.state
                    && slots[t].doc_lines_moved(state, &needle)
                {
                    doc.publish = true;
                }
            }
        }
    }

    /// The findings of an open document for its current text.
    pub fn diagnostics(&mut self, path: &Path) -> Option<Vec<Diagnostic>> {
        let id = *self.by_path.get(path)?;
        if let Some(failure) = self.docs.get(&id).and_then(|d| d.failure.as_ref()) {
            return Some(vec![lint::common::internal_error(failure)]);
        }
        test_hook_panic(self.files[id].text());
        self.reparse(id);
        let slot = self.slot_of_file(id);
        let config = self.file_configs[id].clone();
        let doc = self.docs.get_mut(&id)?;
        let mut out = match (&mut doc.state, slot) {
            (Some(state), Some(s)) => {
                self.slots[s].doc_diagnostics(state, id, &self.files, &config)
            }
            _ => Vec::new(),
        };
        let limits = self.show_limits || config.show_limits;
        lint::simulation::add_to_lint(
            &mut out,
            doc.on_save
                .iter()
                .filter(|d| limits || d.rule.code != lint::simulation::NOT_SIMULATED.code)
                .cloned(),
        );
        Some(out)
    }

    /// The diagnostics of every open document whose findings changed since the last call.
    pub fn take_publications(&mut self) -> Vec<Publication> {
        let mut out = std::mem::take(&mut self.closed_out);
        out.extend(self.take_doc_publications());
        out
    }

    fn take_doc_publications(&mut self) -> Vec<Publication> {
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
            // A panic in one document's analysis is that document's finding; the others are
            // published as usual.
            let diagnostics = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                self.diagnostics(&path)
            })) {
                Ok(diagnostics) => diagnostics.unwrap_or_default(),
                Err(payload) => vec![lint::common::internal_error(&lint::common::panic_message(
                    payload.as_ref(),
                ))],
            };
            let Some(doc) = self.docs.get_mut(&id) else {
                continue;
            };
            doc.publish = false;
            out.push(Publication {
                path,
                version: Some(doc.version),
                diagnostics,
                line_index: doc.line_index.clone(),
            });
        }
        out
    }

    /// Open documents with stale findings, in id order.
    fn stale_docs(&self) -> Vec<FileId> {
        let mut ids: Vec<FileId> = self
            .docs
            .iter()
            .filter(|(id, d)| {
                d.state.as_ref().is_some_and(|state| {
                    self.slot_of_file(**id)
                        .is_some_and(|s| self.slots[s].doc_has_stale(state))
                })
            })
            .map(|(id, _)| *id)
            .collect();
        ids.sort_unstable();
        ids
    }

    /// Whether `background_step` has work to do (none while an index job is out: its end brings
    /// the next).
    pub fn has_background_work(&self) -> bool {
        !self.job_out
            && (self.slots.iter().any(|s| s.rebuild_due())
                || !self.stale_docs().is_empty()
                || !self.closed_queue.is_empty()
                || self.closed_doc.is_some())
    }

    /// Does one bounded piece of the work that edits left for later (an index rebuild, or a
    /// chunk of a document whose findings predate the index). Documents whose findings become
    /// complete are marked for publication.
    /// Returns what it did, for the server's profile (`""`: nothing).
    pub fn background_step(&mut self) -> &'static str {
        if self.job_out {
            return "";
        }
        for s in 0..self.slots.len() {
            if self.slots[s].slow_index() || !self.slots[s].rebuild_due() {
                continue;
            }
            self.slots[s].rebuild(&self.files);
            self.dependents_changed(s, None);
            return "index rebuilt";
        }
        if let Some(job) = self.index_job() {
            let built = job.run();
            self.finish_index_job(built);
            return "index rebuilt";
        }
        // A document whose rest is still being parsed waits (its parse is not waited for).
        let ready = self.stale_docs().into_iter().find(|id| {
            let state = self.docs.get(id).and_then(|d| d.state.as_ref());
            let s = self.slot_of_file(*id);
            !matches!((state, s), (Some(state), Some(s)) if self.slots[s].doc_busy(state))
        });
        if let Some(id) = ready {
            let path = self.files[id].path.clone();
            let done = self.guard(&path, |w| {
                w.reparse(id);
                let Some(s) = w.slot_of_file(id) else {
                    return;
                };
                let config = w.file_configs[id].clone();
                if let Some(doc) = w.docs.get_mut(&id)
                    && let Some(state) = &mut doc.state
                    && !w.slots[s].doc_lint_stale(state, id, &w.files, &config, BACKGROUND_CHUNK)
                {
                    doc.publish = true;
                }
            });
            if done.is_none() {
                // That document's findings stay an internal error; the others go on.
                let s = self.slot_of_file(id);
                if let (Some(s), Some(doc)) = (s, self.docs.get_mut(&id))
                    && let Some(state) = &mut doc.state
                {
                    self.slots[s].doc_drop_stale(state);
                }
            }
            return "open document: chunk of cards";
        }
        self.lint_closed_step()
    }

    /// A slow index's rebuild (Wagic's), when one is due and nothing else comes first, as a job
    /// to run without the world (`IndexJob::run`, then `finish_index_job`): on a large tree it
    /// takes tens of milliseconds, during which edits go on being answered.
    pub fn index_job(&mut self) -> Option<IndexJob> {
        if self.job_out
            || self
                .slots
                .iter()
                .any(|s| !s.slow_index() && s.rebuild_due())
        {
            return None;
        }
        let slot = self
            .slots
            .iter()
            .position(|s| s.slow_index() && s.rebuild_due())?;
        let dialect = self.slots[slot].dialect();
        // Open documents contribute what their current text holds.
        let ids: Vec<FileId> = self.docs.keys().copied().collect();
        for id in &ids {
            self.reparse_without_index(*id);
        }
        let open: Vec<(FileId, SourceFile)> = ids
            .iter()
            .filter(|&&id| {
                self.live[id] && self.files[id].dialect == dialect && self.docs[&id].state.is_some()
            })
            .map(|&id| (id, self.files[id].clone()))
            .collect();
        // Index builds read only the paths of the other files.
        let paths = self
            .files
            .iter()
            .map(|f| SourceFile::from_text(f.path.clone(), f.dialect, ""))
            .collect();
        let work = self.slots[slot].index_job(paths, open);
        self.job_out = true;
        Some(IndexJob {
            slot,
            epoch: self.epochs[slot],
            versions: self.versions(),
            work,
        })
    }

    fn versions(&self) -> Vec<(FileId, i32)> {
        let mut versions: Vec<(FileId, i32)> =
            self.docs.iter().map(|(id, d)| (*id, d.version)).collect();
        versions.sort_unstable();
        versions
    }

    /// Installs a rebuilt index, unless the world changed since the job was taken (the rebuild
    /// is then still due). Returns the index it replaces (or the one it dropped), for the caller
    /// to free without the world's lock.
    pub fn finish_index_job(&mut self, built: BuiltIndex) -> Option<Built> {
        self.job_out = false;
        if built.slot >= self.slots.len()
            || built.epoch != self.epochs[built.slot]
            || built.versions != self.versions()
        {
            return Some(built.index);
        }
        let n = self.files.len();
        let old = self.slots[built.slot].install_index(built.index, n);
        let dialect = self.slots[built.slot].dialect();
        let ids: Vec<FileId> = self.docs.keys().copied().collect();
        for id in ids {
            if self.files[id].dialect != dialect {
                continue;
            }
            let len = self.files[id].text().len();
            if let Some(doc) = self.docs.get_mut(&id)
                && let Some(state) = &mut doc.state
            {
                self.slots[built.slot].doc_reset(state, len);
            }
        }
        Some(old)
    }

    /// Forgets the job handed out by `index_job` (it failed): the rebuild is still due.
    pub fn abandon_index_job(&mut self) {
        self.job_out = false;
    }

    /// Gives up the background work (after it failed): findings stay as they are.
    pub fn drop_background_work(&mut self) {
        self.closed_queue.clear();
        self.closed_doc = None;
        for slot in &mut self.slots {
            slot.set_rebuild_due(false);
        }
        let slots = &self.slots;
        let files = &self.files;
        for (id, doc) in self.docs.iter_mut() {
            if let Some(state) = &mut doc.state
                && let Some(s) = slots.iter().position(|x| x.dialect() == files[*id].dialect)
            {
                slots[s].doc_drop_stale(state);
            }
        }
    }

    /// Brings an incremental document's tree up to date without touching the index (it is
    /// about to be rebuilt).
    fn reparse_without_index(&mut self, id: FileId) {
        let Some(s) = self.slot_of_file(id) else {
            return;
        };
        if let Some(doc) = self.docs.get_mut(&id)
            && let Some(state) = &mut doc.state
            && self.slots[s].doc_has_pending(state)
        {
            self.slots[s].doc_reparse(state, id, &self.files, false);
        }
    }

    // ---- Features --------------------------------------------------------------------------

    /// The current tree of a file (open documents are brought up to date first).
    fn tree(&mut self, id: FileId) -> Option<GreenNode> {
        self.reparse(id);
        let s = self.slot_of_file(id)?;
        match self.docs.get_mut(&id) {
            Some(doc) => {
                let state = doc.state.as_mut()?;
                Some(self.slots[s].doc_tree(state, self.files[id].text()))
            }
            None => {
                if !self.live[id] {
                    return None;
                }
                Some(self.slots[s].parse(self.files[id].text()))
            }
        }
    }

    /// The live files of a dialect (what a feature's view sees of the workspace).
    fn live_ids(&self, dialect: Dialect) -> Vec<FileId> {
        (0..self.files.len())
            .filter(|&i| self.live[i] && self.files[i].dialect == dialect)
            .collect()
    }

    /// Answers a request about a whole open document card by card (each top-level child of its
    /// tree on its own, offsets from the child's start), through the document's cache of
    /// `cache`: only the children an edit made new are asked. `None` when the document is not
    /// open or its dialect parses it whole (its features are asked of the whole tree).
    fn per_card<T>(
        &mut self,
        path: &Path,
        keep: impl Fn(TextRange) -> bool,
        cache: fn(&mut crate::by_card::CardCaches) -> &mut crate::by_card::ChildCache<T>,
        request: impl Fn() -> Request<'static>,
        take: fn(Answer) -> Option<T>,
    ) -> Option<Vec<(TextSize, Arc<T>)>>
    where
        T: Default,
    {
        let id = *self.by_path.get(path)?;
        let s = self.slot_of_file(id)?;
        if !self.slots[s].incremental() || self.docs.get(&id)?.state.is_none() {
            return None;
        }
        let green = self.tree(id)?;
        let dialect = self.files[id].dialect;
        let ids = self.live_ids(dialect);
        let config = self.file_configs.get(id).cloned().unwrap_or_default();
        let mut caches = std::mem::take(&mut self.docs.get_mut(&id)?.by_card);
        let (slots, files) = (&self.slots, &self.files);
        let out = cache(&mut caches).map(&green, keep, |alone| {
            let view = ViewParts {
                id,
                files,
                ids: &ids,
                green: alone,
                config: &config,
            };
            take(slots[s].answer(view, request())).unwrap_or_default()
        });
        if let Some(doc) = self.docs.get_mut(&id) {
            doc.by_card = caches;
        }
        Some(out)
    }

    /// Answers a feature request on a file (`None` when it is no card file).
    fn answer(&mut self, path: &Path, request: Request<'_>) -> Option<Answer> {
        let id = *self.by_path.get(path)?;
        let green = self.tree(id)?;
        let s = self.slot_of_file(id)?;
        let dialect = self.files[id].dialect;
        let ids = self.live_ids(dialect);
        let config = self.file_configs.get(id).cloned().unwrap_or_default();
        let view = ViewParts {
            id,
            files: &self.files,
            ids: &ids,
            green,
            config: &config,
        };
        Some(self.slots[s].answer(view, request))
    }

    pub fn complete(&mut self, path: &Path, offset: TextSize) -> Vec<Completion> {
        match self.answer(path, Request::Complete(offset)) {
            Some(Answer::Completions(c)) => c,
            _ => Vec::new(),
        }
    }

    pub fn hover(&mut self, path: &Path, offset: TextSize) -> Option<Hover> {
        match self.answer(path, Request::Hover(offset)) {
            Some(Answer::Hover(h)) => h,
            _ => None,
        }
    }

    pub fn definition(&mut self, path: &Path, offset: TextSize) -> Vec<Location> {
        match self.answer(path, Request::Definition(offset)) {
            Some(Answer::Locations(l)) => l,
            _ => Vec::new(),
        }
    }

    pub fn references(
        &mut self,
        path: &Path,
        offset: TextSize,
        include_declaration: bool,
    ) -> Vec<Location> {
        match self.answer(path, Request::References(offset, include_declaration)) {
            Some(Answer::Locations(l)) => l,
            _ => Vec::new(),
        }
    }

    /// The range a rename at `offset` would change (`Ok(None)`: nothing to rename there; `Err`:
    /// a name that cannot be renamed, and why).
    pub fn prepare_rename(
        &mut self,
        path: &Path,
        offset: TextSize,
    ) -> Result<Option<TextRange>, String> {
        match self.answer(path, Request::PrepareRename(offset)) {
            Some(Answer::Range(r)) => r,
            _ => Ok(None),
        }
    }

    pub fn rename(
        &mut self,
        path: &Path,
        offset: TextSize,
        new_name: &str,
    ) -> Result<Vec<FileEdit>, String> {
        match self.answer(path, Request::Rename(offset, new_name)) {
            Some(Answer::Edits(e)) => e,
            _ => Err("this file is not a card file".into()),
        }
    }

    pub fn symbols(&mut self, path: &Path) -> Vec<Symbol> {
        let by_card = self.per_card(
            path,
            |_| true,
            |c| &mut c.symbols,
            || Request::Symbols,
            |a| match a {
                Answer::Symbols(s) => Some(s),
                _ => None,
            },
        );
        if let Some(cards) = by_card {
            let mut all = Vec::with_capacity(cards.iter().map(|(_, s)| s.len()).sum());
            for (at, symbols) in &cards {
                all.extend(symbols.iter().map(|s| crate::by_card::shift_symbol(s, *at)));
            }
            return all;
        }
        match self.answer(path, Request::Symbols) {
            Some(Answer::Symbols(s)) => s,
            _ => Vec::new(),
        }
    }

    pub fn folding(&mut self, path: &Path) -> Vec<Fold> {
        match self.answer(path, Request::Folding) {
            Some(Answer::Folds(f)) => f,
            _ => Vec::new(),
        }
    }

    /// Semantic tokens of a file (with `range`: those inside it).
    pub fn semantic_tokens(&mut self, path: &Path, range: Option<TextRange>) -> Vec<SemanticToken> {
        let by_card = self.per_card(
            path,
            |r| range.is_none_or(|o| r.end() >= o.start() && r.start() <= o.end()),
            |c| &mut c.tokens,
            || Request::SemanticTokens(None),
            |a| match a {
                Answer::Tokens(t) => Some(t),
                _ => None,
            },
        );
        let mut tokens = match by_card {
            Some(cards) => {
                let mut all = Vec::with_capacity(cards.iter().map(|(_, t)| t.len()).sum());
                for (at, tokens) in &cards {
                    all.extend(tokens.iter().map(|t| SemanticToken {
                        range: t.range + *at,
                        kind: t.kind,
                        modifiers: t.modifiers,
                    }));
                }
                all
            }
            None => match self.answer(path, Request::SemanticTokens(range)) {
                Some(Answer::Tokens(t)) => t,
                _ => Vec::new(),
            },
        };
        if let Some(r) = range {
            tokens.retain(|t| r.contains_range(t.range));
        }
        tokens
    }

    /// Inlay hints of a file (with `range`: those inside it), in file order.
    pub fn inlay_hints(&mut self, path: &Path, range: Option<TextRange>) -> Vec<InlayHint> {
        let mut hints = match self.answer(path, Request::InlayHints(range)) {
            Some(Answer::Hints(h)) => h,
            _ => Vec::new(),
        };
        if let Some(r) = range {
            hints.retain(|h| r.contains_inclusive(h.position));
        }
        hints
    }

    /// The fixes of the findings that touch `range`, as code actions: (title, edits, whether
    /// it is safe, the finding).
    /// Every safe fix of a document at once (`source.fixAll`), as `cardlint check --fix` takes
    /// them in one round: the edits of the fixes that do not overlap, sorted, against the
    /// current text. `None` when the document has no safe fix. (Fixes that only a first one
    /// makes possible come when it is asked again.)
    pub fn fix_all(&mut self, path: &Path) -> Option<FixAll> {
        self.fixes(path, None, true).1
    }

    pub fn code_actions(&mut self, path: &Path, range: TextRange) -> Vec<CodeAction> {
        self.fixes(path, Some(range), false).0
    }

    /// `code_actions` at `range` (if any) and, with `all`, `fix_all`, from one computation of
    /// the findings (the light bulb asks for both after every edit).
    pub fn fixes(
        &mut self,
        path: &Path,
        range: Option<TextRange>,
        all: bool,
    ) -> (Vec<CodeAction>, Option<FixAll>) {
        let Some(diagnostics) = self.diagnostics(path) else {
            return (Vec::new(), None);
        };
        let fix_all = all
            .then(|| lint::fix::choose_edits(&diagnostics, false))
            .filter(|(_, fixes)| *fixes > 0)
            .map(|(edits, fixes)| FixAll { edits, fixes });
        let Some(range) = range else {
            return (Vec::new(), fix_all);
        };
        let mut out = Vec::new();
        for d in diagnostics {
            let touches = d.range.intersect(range).is_some()
                || d.range.contains_range(range)
                || range.contains_range(d.range);
            if !touches {
                continue;
            }
            let Some(fix) = &d.fix else {
                // "did you mean `X`?" without a fix of its own: replace the word.
                let text = self.text(path).unwrap_or("");
                for word in crate::suggest::suggestions(&d) {
                    if let Some(edit) = crate::suggest::replace_word(&d, text, &word) {
                        out.push(CodeAction {
                            title: format!("Replace with `{}`", edit.new_text),
                            edits: vec![edit],
                            preferred: false,
                            diagnostic: d.clone(),
                        });
                    }
                }
                continue;
            };
            out.push(CodeAction {
                title: fix.message.clone(),
                edits: fix.edits.clone(),
                preferred: fix.applicability == lint::Applicability::Safe,
                diagnostic: d.clone(),
            });
        }
        (out, fix_all)
    }
}

/// A slow index's rebuild, taken from the world by `World::index_job`.
pub struct IndexJob {
    slot: usize,
    epoch: u64,
    versions: Vec<(FileId, i32)>,
    work: Box<dyn FnOnce() -> Built + Send>,
}

/// A rebuilt index, for `World::finish_index_job`.
pub struct BuiltIndex {
    slot: usize,
    epoch: u64,
    versions: Vec<(FileId, i32)>,
    index: Built,
}

impl IndexJob {
    /// Builds the index (without the world).
    pub fn run(self) -> BuiltIndex {
        BuiltIndex {
            slot: self.slot,
            epoch: self.epoch,
            versions: self.versions,
            index: (self.work)(),
        }
    }
}

/// A fix offered as a code action.
/// The safe fixes of a document taken together (`World::fix_all`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixAll {
    /// Sorted, not overlapping, against the document's current text.
    pub edits: Vec<lint::Edit>,
    /// How many fixes they come from.
    pub fixes: usize,
}

pub struct CodeAction {
    pub title: String,
    pub edits: Vec<lint::Edit>,
    /// A safe fix (`cardlint check --fix` applies it).
    pub preferred: bool,
    pub diagnostic: Diagnostic,
}

/// A test hook (debug builds only): with `CARDLINT_TEST_PANIC_ON=<text>` in the environment, the
/// analysis of a document that contains `<text>` panics, as a bug would (the variable is read
/// once). `tests/lsp.rs` uses it to check that the language server survives such a bug.
fn test_hook_panic(text: &str) {
    #[cfg(debug_assertions)]
    {
        static NEEDLE: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
        let needle = NEEDLE.get_or_init(|| {
            std::env::var("CARDLINT_TEST_PANIC_ON")
                .ok()
                .filter(|n| !n.is_empty())
        });
        if let Some(needle) = needle
            && text.contains(needle.as_str())
        {
            panic!("CARDLINT_TEST_PANIC_ON: the document contains {needle:?}");
        }
    }
    #[cfg(not(debug_assertions))]
    let _ = text;
}
