//! The life cycle of the server: `initialize` (what the client supports, the workspace folders,
//! the server's capabilities), `initialized` (configuration errors, file watchers, the first
//! scan) and `shutdown`. (`exit` is tower-lsp-server's.)

use crate::{Backend, ClientSupport};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

/// The server's capabilities; inlay hints only for a client that did not turn them off.
fn capabilities(inlay_hints: bool) -> ServerCapabilities {
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
        workspace_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend,
                full: Some(SemanticTokensFullOptions::Delta { delta: Some(true) }),
                range: Some(true),
                work_done_progress_options: Default::default(),
            },
        )),
        inlay_hint_provider: inlay_hints.then_some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_range_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                CodeActionKind::new(crate::language::FIX_ALL),
            ]),
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

pub(crate) async fn initialize(
    server: &Backend,
    params: InitializeParams,
) -> Result<InitializeResult> {
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
    if let Ok(mut s) = server.support.lock() {
        *s = support;
    }
    let related = caps
        .text_document
        .as_ref()
        .and_then(|t| t.publish_diagnostics.as_ref())
        .and_then(|p| p.related_information)
        .unwrap_or(false);
    server
        .related
        .store(related, std::sync::atomic::Ordering::Relaxed);
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
    let show_limits = server.options.show_limits || crate::init_options::show_limits(&params);
    server.with_world("initialize", |w| {
        w.set_folders(folders);
        w.set_show_limits(show_limits);
    })?;
    Ok(InitializeResult {
        capabilities: capabilities(crate::init_options::inlay_hints(&params)),
        server_info: Some(ServerInfo {
            name: "cardlint".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        }),
        offset_encoding: None,
    })
}

pub(crate) async fn initialized(server: &Backend, _: InitializedParams) {
    let errors = server
        .with_world("initialized", |w| w.config_errors())
        .unwrap_or_default();
    for error in errors {
        server
            .client
            .show_message(MessageType::ERROR, format!("cardlint: {error}"))
            .await;
    }
    server.register_watchers().await;
    server.start_scan();
}

pub(crate) async fn shutdown(server: &Backend) -> Result<()> {
    server.shut_down.store(true, Ordering::SeqCst);
    server.worker.stop();
    Ok(())
}
