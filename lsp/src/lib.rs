//! The cardlint language server (`cardlint lsp`): the Language Server Protocol over stdio, as a
//! thin shell over `ide::World`. It converts between the protocol and the analysis
//! API (UTF-16 positions, URIs), applies document changes in order (one message at a time),
//! publishes diagnostics from a worker thread, and indexes the workspace folders in the
//! background with `$/progress` reports.

mod convert;
mod transport;
mod worker;

use convert::{line_col, path_of, uri_of};
use ide::{FileEvent, SaveCheck, World};
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer, LspService, Server};
use worker::Worker;

/// Options of the server.
#[derive(Default, Clone)]
pub struct Options {
    /// Run on save: the engine's simulation of the saved card (added by the binary).
    pub save_check: Option<Arc<dyn SaveCheck>>,
    /// Accept the `cardlint/panic` request (for tests of the server's robustness).
    pub test_hooks: bool,
}

/// Serves the protocol on stdin and stdout until the client exits.
pub fn run_stdio(options: Options) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        // The transport sees stdio through a guard that answers undecodable messages itself
        // (tower-lsp-server would stop reading at the first one).
        let output = Arc::new(tokio::sync::Mutex::new(tokio::io::stdout()));
        let (server_in, guard_in) = tokio::io::duplex(1 << 16);
        let (server_out, relay_in) = tokio::io::duplex(1 << 16);
        tokio::spawn(transport::guard_input(
            tokio::io::stdin(),
            guard_in,
            output.clone(),
        ));
        let relay = tokio::spawn(transport::relay_output(relay_in, output));
        let handle = tokio::runtime::Handle::current();
        let (service, socket) = LspService::build(|client| Backend::new(client, options, handle))
            .custom_method("cardlint/panic", Backend::panic)
            .finish();
        // One message at a time: document changes are applied in the order they were sent.
        Server::new(server_in, server_out, socket)
            .concurrency_level(1)
            .serve(service)
            .await;
        // Everything the server wrote reaches stdout before the process exits.
        let _ = tokio::time::timeout(std::time::Duration::from_secs(2), relay).await;
    });
    // The blocking stdin reader of tokio may still wait for input: do not wait for it.
    runtime.shutdown_background();
    Ok(())
}

/// What the client said it supports.
#[derive(Default, Clone, Copy)]
struct ClientSupport {
    watch_files: bool,
    progress: bool,
    hierarchical_symbols: bool,
}

pub struct Backend {
    client: Client,
    world: Arc<Mutex<World>>,
    worker: Worker,
    support: Mutex<ClientSupport>,
    options: Options,
    handle: tokio::runtime::Handle,
    /// Bumped when a scan starts; a scan installs its result only if it is still the latest.
    scans: Arc<AtomicU64>,
    shut_down: AtomicBool,
}

fn lock(world: &Mutex<World>) -> MutexGuard<'_, World> {
    // A panic while the world was locked leaves it usable (the handler answered an error).
    world.lock().unwrap_or_else(|e| e.into_inner())
}

fn internal_error(what: &str) -> Error {
    Error {
        code: ErrorCode::InternalError,
        message: format!("cardlint: internal error in {what} (this is a bug in cardlint)").into(),
        data: None,
    }
}

const CONFIG_NAMES: [&str; 2] = ide::lint::config::FILE_NAMES;

impl Backend {
    fn new(client: Client, options: Options, handle: tokio::runtime::Handle) -> Backend {
        let world = Arc::new(Mutex::new(World::new()));
        lock(&world).set_save_check(options.save_check.clone());
        let worker = Worker::start(world.clone(), client.clone(), handle.clone());
        Backend {
            client,
            world,
            worker,
            support: Mutex::new(ClientSupport::default()),
            options,
            handle,
            scans: Arc::new(AtomicU64::new(0)),
            shut_down: AtomicBool::new(false),
        }
    }

    /// Runs `f` on the world; a panic becomes an error answer instead of killing the server.
    fn with_world<R>(&self, what: &str, f: impl FnOnce(&mut World) -> R) -> Result<R> {
        let world = &self.world;
        std::panic::catch_unwind(AssertUnwindSafe(|| f(&mut lock(world))))
            .map_err(|_| internal_error(what))
    }

    /// `with_world` for notifications: a panic is logged.
    async fn notify_world(&self, what: &str, f: impl FnOnce(&mut World)) {
        if self.with_world(what, f).is_err() {
            self.client
                .log_message(
                    MessageType::ERROR,
                    format!("cardlint: internal error while handling {what}"),
                )
                .await;
        }
        self.worker.wake();
    }

    async fn panic(&self, _: serde_json::Value) -> Result<serde_json::Value> {
        if !self.options.test_hooks {
            return Err(Error::method_not_found());
        }
        self.with_world("cardlint/panic", |_| -> serde_json::Value {
            panic!("cardlint/panic was requested")
        })
    }

    /// Reads and indexes the workspace folders in the background, reporting progress.
    fn start_scan(&self) {
        let generation = self.scans.fetch_add(1, Ordering::SeqCst) + 1;
        let scans = self.scans.clone();
        let world = self.world.clone();
        let client = self.client.clone();
        let worker = self.worker.clone();
        let progress = self.support.lock().map(|s| s.progress).unwrap_or(false);
        let folders = lock(&world).folders().to_vec();
        self.handle.spawn(async move {
            let token = NumberOrString::String(format!("cardlint/index/{generation}"));
            let ongoing = if progress
                && client
                    .create_work_done_progress(token.clone())
                    .await
                    .is_ok()
            {
                Some(
                    client
                        .progress(token, "cardlint")
                        .with_message("indexing card files")
                        .begin()
                        .await,
                )
            } else {
                None
            };
            let started = std::time::Instant::now();
            let scan = tokio::task::spawn_blocking(move || World::scan(folders)).await;
            let message = match scan {
                Ok(scan) => {
                    let count = scan.file_count();
                    let errors = scan.errors.clone();
                    if scans.load(Ordering::SeqCst) == generation {
                        let installed = std::panic::catch_unwind(AssertUnwindSafe(|| {
                            lock(&world).install(scan)
                        }));
                        if installed.is_err() {
                            client
                                .log_message(
                                    MessageType::ERROR,
                                    "cardlint: internal error while installing the index",
                                )
                                .await;
                        }
                    }
                    for error in errors.iter().take(20) {
                        client
                            .log_message(MessageType::WARNING, format!("cardlint: {error}"))
                            .await;
                    }
                    format!(
                        "{count} card files indexed in {} ms",
                        started.elapsed().as_millis()
                    )
                }
                Err(_) => "indexing failed (internal error)".to_string(),
            };
            client
                .log_message(MessageType::INFO, format!("cardlint: {message}"))
                .await;
            worker.wake();
            if let Some(ongoing) = ongoing {
                ongoing.finish_with_message(message).await;
            }
        });
    }

    async fn register_watchers(&self) {
        let support = self.support.lock().map(|s| *s).unwrap_or_default();
        if !support.watch_files {
            return;
        }
        let globs = [
            "**/*.txt",
            "**/*.dat",
            "**/*.py",
            "**/*.xml",
            "**/cardlint.toml",
            "**/.cardlint.toml",
        ];
        let watchers = globs
            .iter()
            .map(|g| FileSystemWatcher {
                glob_pattern: GlobPattern::String(g.to_string()),
                kind: None,
            })
            .collect();
        let options = DidChangeWatchedFilesRegistrationOptions { watchers };
        let registration = Registration {
            id: "cardlint-watch".into(),
            method: "workspace/didChangeWatchedFiles".into(),
            register_options: serde_json::to_value(options).ok(),
        };
        if let Err(error) = self.client.register_capability(vec![registration]).await {
            self.client
                .log_message(
                    MessageType::WARNING,
                    format!("cardlint: could not watch files: {error}"),
                )
                .await;
        }
    }

    fn location(world: &mut World, loc: ide::Location) -> Option<Location> {
        let path = world.path(loc.file).to_path_buf();
        let index = world.line_index_of(loc.file);
        Some(Location::new(
            uri_of(&path)?,
            convert::range(&index, loc.range),
        ))
    }

    fn offset_of(world: &mut World, path: &Path, pos: Position) -> Option<ide::syntax::TextSize> {
        world.offset(path, line_col(pos))
    }
}

/// Semantic tokens in the protocol's relative encoding (one line each, UTF-16 lengths).
fn encode_tokens(
    index: &ide::syntax::LineIndex,
    tokens: Vec<ide::SemanticToken>,
) -> SemanticTokens {
    let kinds = ide::TokenKind::ALL;
    let mut data = Vec::with_capacity(tokens.len());
    let (mut last_line, mut last_col) = (0u32, 0u32);
    for t in tokens {
        let start = index.line_col_utf16(t.range.start());
        let end = index.line_col_utf16(t.range.end());
        if end.line != start.line || end.col <= start.col {
            continue;
        }
        let delta_line = start.line - last_line;
        let delta_start = if delta_line == 0 {
            start.col - last_col
        } else {
            start.col
        };
        data.push(SemanticToken {
            delta_line,
            delta_start,
            length: end.col - start.col,
            token_type: kinds.iter().position(|k| *k == t.kind).unwrap_or(0) as u32,
            token_modifiers_bitset: t.modifiers,
        });
        last_line = start.line;
        last_col = start.col;
    }
    SemanticTokens {
        result_id: None,
        data,
    }
}

fn capabilities() -> ServerCapabilities {
    let legend = SemanticTokensLegend {
        token_types: ide::TokenKind::ALL
            .iter()
            .map(|k| SemanticTokenType::new(k.lsp_name()))
            .collect(),
        token_modifiers: ide::modifier::NAMES
            .iter()
            .map(|m| SemanticTokenModifier::new(m))
            .collect(),
    };
    ServerCapabilities {
        position_encoding: Some(PositionEncodingKind::UTF16),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(false),
                })),
                ..Default::default()
            },
        )),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(
                ["$", ":", "=", "|", "(", ",", "[", ".", "@", "<", "&", " "]
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
            ),
            ..Default::default()
        }),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend,
                full: Some(SemanticTokensFullOptions::Bool(true)),
                range: Some(true),
                work_done_progress_options: Default::default(),
            },
        )),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![CodeActionKind::QUICKFIX]),
            ..Default::default()
        })),
        workspace: Some(WorkspaceServerCapabilities {
            workspace_folders: Some(WorkspaceFoldersServerCapabilities {
                supported: Some(true),
                change_notifications: Some(OneOf::Left(true)),
            }),
            file_operations: None,
        }),
        ..Default::default()
    }
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let caps = &params.capabilities;
        let support = ClientSupport {
            watch_files: caps
                .workspace
                .as_ref()
                .and_then(|w| w.did_change_watched_files.as_ref())
                .and_then(|d| d.dynamic_registration)
                .unwrap_or(false),
            progress: caps
                .window
                .as_ref()
                .and_then(|w| w.work_done_progress)
                .unwrap_or(false),
            hierarchical_symbols: caps
                .text_document
                .as_ref()
                .and_then(|t| t.document_symbol.as_ref())
                .and_then(|d| d.hierarchical_document_symbol_support)
                .unwrap_or(false),
        };
        if let Ok(mut s) = self.support.lock() {
            *s = support;
        }
        let mut folders: Vec<PathBuf> = params
            .workspace_folders
            .iter()
            .flatten()
            .filter_map(|f| f.uri.to_file_path().map(|p| p.into_owned()))
            .collect();
        #[allow(deprecated)]
        if folders.is_empty()
            && let Some(root) = params.root_uri.as_ref().and_then(|u| u.to_file_path())
        {
            folders.push(root.into_owned());
        }
        self.with_world("initialize", |w| w.set_folders(folders))?;
        Ok(InitializeResult {
            capabilities: capabilities(),
            server_info: Some(ServerInfo {
                name: "cardlint".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
            offset_encoding: None,
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        let errors = self
            .with_world("initialized", |w| w.config_errors())
            .unwrap_or_default();
        for error in errors {
            self.client
                .show_message(MessageType::ERROR, format!("cardlint: {error}"))
                .await;
        }
        self.register_watchers().await;
        self.start_scan();
    }

    async fn shutdown(&self) -> Result<()> {
        self.shut_down.store(true, Ordering::SeqCst);
        self.worker.stop();
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let doc = params.text_document;
        let path = path_of(&doc.uri);
        self.notify_world("textDocument/didOpen", |w| {
            w.open(path, Some(&doc.language_id), doc.text, doc.version)
        })
        .await;
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let path = path_of(&params.text_document.uri);
        let version = params.text_document.version;
        let changes = params
            .content_changes
            .into_iter()
            .map(|c| {
                (
                    c.range.map(|r| (line_col(r.start), line_col(r.end))),
                    c.text,
                )
            })
            .collect();
        let mut failed = None;
        self.notify_world("textDocument/didChange", |w| {
            if let Err(e) = w.change(&path, version, changes) {
                failed = Some(e);
            }
        })
        .await;
        if let Some(error) = failed {
            self.client
                .log_message(MessageType::WARNING, format!("cardlint: {error}"))
                .await;
        }
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        let path = path_of(&uri);
        self.notify_world("textDocument/didClose", |w| w.close(&path))
            .await;
        self.client.publish_diagnostics(uri, Vec::new(), None).await;
    }

    async fn did_save(&self, params: DidSaveTextDocumentParams) {
        let path = path_of(&params.text_document.uri);
        let job = self
            .with_world("textDocument/didSave", |w| {
                let check = w.save_check()?;
                let dialect = w.dialect(&path)?;
                Some((
                    check,
                    dialect,
                    w.text(&path)?.to_string(),
                    w.version(&path)?,
                    w.config_of(&path)?,
                ))
            })
            .ok()
            .flatten();
        let Some((check, dialect, text, version, config)) = job else {
            return;
        };
        let world = self.world.clone();
        let worker = self.worker.clone();
        tokio::task::spawn_blocking(move || {
            let found = std::panic::catch_unwind(AssertUnwindSafe(|| {
                check.check(&path, dialect, &text, &config)
            }));
            if let Ok(found) = found {
                lock(&world).set_save_findings(&path, version, found);
                worker.wake();
            }
        });
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        let mut events = Vec::new();
        let mut config_changed = false;
        for change in params.changes {
            let path = path_of(&change.uri);
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if CONFIG_NAMES.contains(&name) {
                config_changed = true;
                continue;
            }
            let event = match change.typ {
                FileChangeType::CREATED => FileEvent::Created,
                FileChangeType::DELETED => FileEvent::Deleted,
                _ => FileEvent::Changed,
            };
            events.push((path, event));
        }
        self.notify_world("workspace/didChangeWatchedFiles", |w| {
            if config_changed {
                w.reload_configs();
            }
            w.files_changed(events);
        })
        .await;
        if config_changed {
            for error in self
                .with_world("config", |w| w.config_errors())
                .unwrap_or_default()
            {
                self.client
                    .show_message(MessageType::ERROR, format!("cardlint: {error}"))
                    .await;
            }
            // Exclusions and dialects may have changed which files are card files.
            self.start_scan();
        }
    }

    async fn did_change_workspace_folders(&self, params: DidChangeWorkspaceFoldersParams) {
        let added: Vec<PathBuf> = params
            .event
            .added
            .iter()
            .filter_map(|f| f.uri.to_file_path().map(|p| p.into_owned()))
            .collect();
        let removed: Vec<PathBuf> = params
            .event
            .removed
            .iter()
            .filter_map(|f| f.uri.to_file_path().map(|p| p.into_owned()))
            .collect();
        self.notify_world("workspace/didChangeWorkspaceFolders", |w| {
            let mut folders: Vec<PathBuf> = w
                .folders()
                .iter()
                .filter(|f| !removed.contains(f))
                .cloned()
                .collect();
            folders.extend(added);
            w.set_folders(folders);
        })
        .await;
        self.start_scan();
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let pos = params.text_document_position;
        let path = path_of(&pos.text_document.uri);
        self.with_world("textDocument/completion", |w| {
            let offset = Self::offset_of(w, &path, pos.position)?;
            let index = w.line_index(&path)?;
            let items: Vec<CompletionItem> = w
                .complete(&path, offset)
                .into_iter()
                .map(|c| {
                    let range = convert::range(&index, c.replace);
                    let new_text = c.insert.clone().unwrap_or_else(|| c.label.clone());
                    CompletionItem {
                        label: c.label,
                        kind: Some(convert::completion_kind(c.kind)),
                        detail: c.detail,
                        documentation: c.documentation.map(|d| {
                            Documentation::MarkupContent(MarkupContent {
                                kind: MarkupKind::Markdown,
                                value: d,
                            })
                        }),
                        tags: c.deprecated.then(|| vec![CompletionItemTag::DEPRECATED]),
                        text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(range, new_text))),
                        ..Default::default()
                    }
                })
                .collect();
            Some(CompletionResponse::Array(items))
        })
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let pos = params.text_document_position_params;
        let path = path_of(&pos.text_document.uri);
        self.with_world("textDocument/hover", |w| {
            let offset = Self::offset_of(w, &path, pos.position)?;
            let hover = w.hover(&path, offset)?;
            let index = w.line_index(&path)?;
            Some(Hover {
                contents: HoverContents::Markup(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: hover.markdown,
                }),
                range: Some(convert::range(&index, hover.range)),
            })
        })
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let pos = params.text_document_position_params;
        let path = path_of(&pos.text_document.uri);
        self.with_world("textDocument/definition", |w| {
            let offset = Self::offset_of(w, &path, pos.position)?;
            let found: Vec<Location> = w
                .definition(&path, offset)
                .into_iter()
                .filter_map(|l| Self::location(w, l))
                .collect();
            (!found.is_empty()).then_some(GotoDefinitionResponse::Array(found))
        })
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let pos = params.text_document_position;
        let path = path_of(&pos.text_document.uri);
        let include = params.context.include_declaration;
        self.with_world("textDocument/references", |w| {
            let offset = Self::offset_of(w, &path, pos.position)?;
            let found: Vec<Location> = w
                .references(&path, offset, include)
                .into_iter()
                .filter_map(|l| Self::location(w, l))
                .collect();
            Some(found)
        })
    }

    async fn prepare_rename(
        &self,
        params: TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>> {
        let path = path_of(&params.text_document.uri);
        self.with_world("textDocument/prepareRename", |w| {
            let offset = Self::offset_of(w, &path, params.position)?;
            let range = w.prepare_rename(&path, offset)?;
            let index = w.line_index(&path)?;
            Some(PrepareRenameResponse::Range(convert::range(&index, range)))
        })
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        let pos = params.text_document_position;
        let path = path_of(&pos.text_document.uri);
        let new_name = params.new_name;
        let result = self.with_world("textDocument/rename", |w| {
            let Some(offset) = Self::offset_of(w, &path, pos.position) else {
                return Ok(None);
            };
            let edits = w.rename(&path, offset, &new_name)?;
            let mut changes: std::collections::HashMap<Uri, Vec<TextEdit>> = Default::default();
            for e in edits {
                let file = w.path(e.file).to_path_buf();
                let index = w.line_index_of(e.file);
                if let Some(uri) = uri_of(&file) {
                    changes.entry(uri).or_default().push(TextEdit::new(
                        convert::range(&index, e.edit.range),
                        e.edit.new_text,
                    ));
                }
            }
            Ok(Some(WorkspaceEdit {
                changes: Some(changes),
                ..Default::default()
            }))
        })?;
        result.map_err(|message: String| Error {
            code: ErrorCode::InvalidParams,
            message: message.into(),
            data: None,
        })
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let uri = params.text_document.uri;
        let path = path_of(&uri);
        let hierarchical = self
            .support
            .lock()
            .map(|s| s.hierarchical_symbols)
            .unwrap_or(false);
        self.with_world("textDocument/documentSymbol", |w| {
            let symbols = w.symbols(&path);
            let index = w.line_index(&path)?;
            if hierarchical {
                fn convert_symbol(
                    index: &ide::syntax::LineIndex,
                    s: ide::Symbol,
                ) -> DocumentSymbol {
                    #[allow(deprecated)]
                    DocumentSymbol {
                        name: if s.name.is_empty() {
                            "?".into()
                        } else {
                            s.name
                        },
                        detail: s.detail,
                        kind: convert::symbol_kind(s.kind),
                        tags: None,
                        deprecated: None,
                        range: convert::range(index, s.range),
                        selection_range: convert::range(index, s.selection),
                        children: Some(
                            s.children
                                .into_iter()
                                .map(|c| convert_symbol(index, c))
                                .collect(),
                        ),
                    }
                }
                Some(DocumentSymbolResponse::Nested(
                    symbols
                        .into_iter()
                        .map(|s| convert_symbol(&index, s))
                        .collect(),
                ))
            } else {
                let mut flat = Vec::new();
                fn flatten(
                    index: &ide::syntax::LineIndex,
                    uri: &Uri,
                    container: Option<String>,
                    s: ide::Symbol,
                    out: &mut Vec<SymbolInformation>,
                ) {
                    #[allow(deprecated)]
                    out.push(SymbolInformation {
                        name: if s.name.is_empty() {
                            "?".into()
                        } else {
                            s.name.clone()
                        },
                        kind: convert::symbol_kind(s.kind),
                        tags: None,
                        deprecated: None,
                        location: Location::new(uri.clone(), convert::range(index, s.range)),
                        container_name: container,
                    });
                    for c in s.children {
                        flatten(index, uri, Some(s.name.clone()), c, out);
                    }
                }
                for s in symbols {
                    flatten(&index, &uri, None, s, &mut flat);
                }
                Some(DocumentSymbolResponse::Flat(flat))
            }
        })
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        let path = path_of(&params.text_document.uri);
        self.with_world("textDocument/foldingRange", |w| {
            let folds = w.folding(&path);
            let index = w.line_index(&path)?;
            Some(
                folds
                    .into_iter()
                    .filter_map(|f| {
                        let start = index.line_col_utf16(f.range.start()).line;
                        let end = index.line_col_utf16(f.range.end()).line;
                        (end > start).then(|| FoldingRange {
                            start_line: start,
                            end_line: end,
                            kind: Some(if f.comment {
                                FoldingRangeKind::Comment
                            } else {
                                FoldingRangeKind::Region
                            }),
                            ..Default::default()
                        })
                    })
                    .collect(),
            )
        })
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        let path = path_of(&params.text_document.uri);
        self.with_world("textDocument/semanticTokens/full", |w| {
            let tokens = w.semantic_tokens(&path, None);
            let index = w.line_index(&path)?;
            Some(SemanticTokensResult::Tokens(encode_tokens(&index, tokens)))
        })
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        let path = path_of(&params.text_document.uri);
        self.with_world("textDocument/semanticTokens/range", |w| {
            let index = w.line_index(&path)?;
            let text = w.text(&path)?;
            let start = index.offset_utf16(text, line_col(params.range.start));
            let end = index.offset_utf16(text, line_col(params.range.end));
            let range = ide::syntax::TextRange::new(start.min(end), end.max(start));
            let tokens = w.semantic_tokens(&path, Some(range));
            Some(SemanticTokensRangeResult::Tokens(encode_tokens(
                &index, tokens,
            )))
        })
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri;
        let path = path_of(&uri);
        self.with_world("textDocument/codeAction", |w| {
            let index = w.line_index(&path)?;
            let text = w.text(&path)?.to_string();
            let start = index.offset_utf16(&text, line_col(params.range.start));
            let end = index.offset_utf16(&text, line_col(params.range.end));
            let range = ide::syntax::TextRange::new(start.min(end), end.max(start));
            let actions = w.code_actions(&path, range);
            Some(
                actions
                    .into_iter()
                    .map(|a| {
                        let edits = a
                            .edits
                            .iter()
                            .map(|e| {
                                TextEdit::new(convert::range(&index, e.range), e.new_text.clone())
                            })
                            .collect();
                        let mut changes = std::collections::HashMap::new();
                        changes.insert(uri.clone(), edits);
                        CodeActionOrCommand::CodeAction(CodeAction {
                            title: a.title,
                            kind: Some(CodeActionKind::QUICKFIX),
                            diagnostics: Some(vec![convert::diagnostic(&index, &a.diagnostic)]),
                            edit: Some(WorkspaceEdit {
                                changes: Some(changes),
                                ..Default::default()
                            }),
                            is_preferred: Some(a.preferred),
                            ..Default::default()
                        })
                    })
                    .collect(),
            )
        })
    }
}
