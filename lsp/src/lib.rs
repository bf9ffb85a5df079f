//! The cardlint language server (`cardlint lsp`): the Language Server Protocol over stdio, as a
//! thin shell over `ide::World`. It converts between the protocol and the analysis
//! API (UTF-16 positions, URIs), applies document changes in order (one message at a time),
//! publishes diagnostics from a worker thread, and indexes the workspace folders in the
//! background with `$/progress` reports.
//!
//! This file holds the server, its start-up and the wiring of the protocol's requests to their
//! handlers, one file per family: `lifecycle.rs`, `documents.rs`, `language.rs`, `symbols.rs`,
//! `workspace.rs`.

mod convert;
mod documents;
mod format;
mod init_options;
mod inlay;
mod language;
mod lifecycle;
mod profile;
mod publish;
mod save;
mod symbols;
/// The framing guard between stdio and tower-lsp-server (public for the fuzz targets in `fuzz/`).
pub mod transport;
mod worker;
mod workspace;

use ide::{SaveCheck, World};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
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
    /// Show the simulation's `not-simulated` findings (also `initializationOptions.showLimits`).
    pub show_limits: bool,
}

/// Serves the protocol on stdin and stdout until the client exits. The exit code is the
/// protocol's: success when `shutdown` came before `exit`, 1 otherwise (also when the input
/// ends without them).
pub fn run_stdio(options: Options) -> std::io::Result<std::process::ExitCode> {
    let shut_down = Arc::new(AtomicBool::new(false));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        // The transport sees stdio through a guard that answers undecodable messages itself
        // (tower-lsp-server would stop reading at the first one).
        let output = Arc::new(tokio::sync::Mutex::new(tokio::io::stdout()));
        // Room for a large message at once (a 4 MB document opened), not 64 KB per hand-over.
        let (server_in, guard_in) = tokio::io::duplex(1 << 22);
        let (server_out, relay_in) = tokio::io::duplex(1 << 16);
        tokio::spawn(transport::guard_input(
            tokio::io::stdin(),
            guard_in,
            output.clone(),
            true,
        ));
        let relay = tokio::spawn(transport::relay_output(relay_in, output.clone()));
        let handle = tokio::runtime::Handle::current();
        let (service, socket) = LspService::build(|client| {
            Backend::new(client, options, handle, shut_down.clone(), Some(output))
        })
        .custom_method("cardlint/panic", Backend::panic)
        .custom_method(transport::REROUTED[0].1, symbols::document_symbol_rerouted)
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
    Ok(if shut_down.load(Ordering::SeqCst) {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::from(1)
    })
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
    /// Diagnostics out, in the order they were taken (the worker's and `didChange`'s).
    publisher: publish::Publisher,
    support: Mutex<ClientSupport>,
    /// The client shows `relatedInformation` of diagnostics (shared with the worker).
    related: Arc<AtomicBool>,
    options: Options,
    handle: tokio::runtime::Handle,
    /// Bumped when a scan starts; a scan installs its result only if it is still the latest.
    scans: Arc<AtomicU64>,
    /// Set by `shutdown`: `run_stdio` reads it for the exit code.
    shut_down: Arc<AtomicBool>,
    /// Handlers waiting for the world's lock: the worker's background steps give way to them
    /// (the lock is not fair: a thread that takes it again at once would keep them waiting).
    wanted: Arc<AtomicUsize>,
    /// The last semantic tokens sent for each document (`semanticTokens/full/delta`).
    tokens: symbols::TokenResults,
    /// The last outline answered (`textDocument/documentSymbol`, asked twice per edit).
    outline: symbols::LastOutline,
    /// Where the answers to rerouted requests are written (see `transport`), when serving stdio.
    output: Option<Output>,
}

/// The server's standard output, shared by the answers the guard and the server write.
type Output = Arc<tokio::sync::Mutex<tokio::io::Stdout>>;

fn lock(world: &Mutex<World>) -> MutexGuard<'_, World> {
    // A panic while the world was locked leaves it usable (the handler answered an error).
    world.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `f` on the world once its lock is taken (counted in `wanted` while waiting, so that the
/// worker's background steps give way); a panic becomes an error answer.
fn run_locked<R>(
    world: &Mutex<World>,
    wanted: &AtomicUsize,
    what: &str,
    f: impl FnOnce(&mut World) -> R,
) -> Result<R> {
    let mut span = profile::Span::start(what);
    std::panic::catch_unwind(AssertUnwindSafe(|| {
        wanted.fetch_add(1, Ordering::SeqCst);
        let mut w = lock(world);
        wanted.fetch_sub(1, Ordering::SeqCst);
        span.locked();
        f(&mut w)
    }))
    .map_err(|_| internal_error(what))
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
    fn new(
        client: Client,
        options: Options,
        handle: tokio::runtime::Handle,
        shut_down: Arc<AtomicBool>,
        output: Option<Output>,
    ) -> Backend {
        let world = Arc::new(Mutex::new(World::new()));
        lock(&world).set_save_check(options.save_check.clone());
        // Every card file of the workspace gets its findings, open or not.
        lock(&world).set_workspace_diagnostics(true);
        let related = Arc::new(AtomicBool::new(false));
        let wanted = Arc::new(AtomicUsize::new(0));
        let publisher = publish::Publisher::start(client.clone(), &handle, output.clone());
        let worker = Worker::start(
            world.clone(),
            publisher.clone(),
            handle.clone(),
            related.clone(),
            wanted.clone(),
        );
        Backend {
            client,
            world,
            worker,
            publisher,
            support: Mutex::new(ClientSupport::default()),
            related,
            options,
            handle,
            scans: Arc::new(AtomicU64::new(0)),
            shut_down,
            wanted,
            tokens: Default::default(),
            outline: Default::default(),
            output,
        }
    }

    /// Runs `f` on the world; a panic becomes an error answer instead of killing the server.
    fn with_world<R>(&self, what: &str, f: impl FnOnce(&mut World) -> R) -> Result<R> {
        let run = || run_locked(&self.world, &self.wanted, what, f);
        // The handler waits for the lock and works without yielding: the runtime hands this
        // worker's other tasks (writing answers and diagnostics out) to another thread meanwhile.
        match tokio::runtime::Handle::try_current().map(|h| h.runtime_flavor()) {
            Ok(tokio::runtime::RuntimeFlavor::MultiThread) => tokio::task::block_in_place(run),
            _ => run(),
        }
    }

    /// `with_world` on a blocking thread, for requests whose answer is large (a long document's
    /// outline or semantic tokens): the protocol loop meanwhile goes on writing what is ready
    /// (the diagnostics of the last keystroke are not held back behind the answer).
    async fn with_world_off<R: Send + 'static>(
        &self,
        what: &'static str,
        f: impl FnOnce(&mut World) -> R + Send + 'static,
    ) -> Result<R> {
        let world = self.world.clone();
        let wanted = self.wanted.clone();
        let task = self
            .handle
            .spawn_blocking(move || run_locked(&world, &wanted, what, f));
        task.await.unwrap_or_else(|_| Err(internal_error(what)))
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
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        lifecycle::initialize(self, params).await
    }

    async fn initialized(&self, params: InitializedParams) {
        lifecycle::initialized(self, params).await
    }

    async fn shutdown(&self) -> Result<()> {
        lifecycle::shutdown(self).await
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        documents::did_open(self, params).await
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        documents::did_change(self, params).await
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        documents::did_close(self, params).await
    }

    async fn did_save(&self, params: DidSaveTextDocumentParams) {
        documents::did_save(self, params).await
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        documents::did_change_watched_files(self, params).await
    }

    async fn did_change_workspace_folders(&self, params: DidChangeWorkspaceFoldersParams) {
        workspace::did_change_workspace_folders(self, params).await
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        language::completion(self, params).await
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        language::hover(self, params).await
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        language::goto_definition(self, params).await
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        language::references(self, params).await
    }

    async fn prepare_rename(
        &self,
        params: TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>> {
        language::prepare_rename(self, params).await
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        language::rename(self, params).await
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        symbols::document_symbol(self, params).await
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        symbols::folding_range(self, params).await
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        symbols::semantic_tokens_full(self, params).await
    }

    async fn semantic_tokens_full_delta(
        &self,
        params: SemanticTokensDeltaParams,
    ) -> Result<Option<SemanticTokensFullDeltaResult>> {
        symbols::semantic_tokens_full_delta(self, params).await
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        symbols::semantic_tokens_range(self, params).await
    }

    async fn symbol(
        &self,
        params: WorkspaceSymbolParams,
    ) -> Result<Option<WorkspaceSymbolResponse>> {
        symbols::workspace_symbol(self, params).await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        language::code_action(self, params).await
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        format::formatting(self, params).await
    }

    async fn range_formatting(
        &self,
        params: DocumentRangeFormattingParams,
    ) -> Result<Option<Vec<TextEdit>>> {
        format::range_formatting(self, params).await
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        inlay::inlay_hint(self, params).await
    }
}
