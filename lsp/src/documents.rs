//! The documents: `didOpen`, `didChange`, `didClose`, `didSave` (the on-save check) and the
//! watched files (`workspace/didChangeWatchedFiles`, registered after `initialized`).

use crate::convert::{line_col, path_of};
use crate::{Backend, CONFIG_NAMES};
use ide::FileEvent;
use tower_lsp_server::ls_types::*;

impl Backend {
    pub(crate) async fn register_watchers(&self) {
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
}

pub(crate) async fn did_open(server: &Backend, params: DidOpenTextDocumentParams) {
    let doc = params.text_document;
    let path = path_of(&doc.uri);
    // The engine plays the document once its analysis is done (the worker hands out the job,
    // `World::open_play_job`): a save then plays only what was edited since.
    server
        .notify_world("textDocument/didOpen", |w| {
            w.open(path, Some(&doc.language_id), doc.text, doc.version)
        })
        .await;
}

pub(crate) async fn did_change(server: &Backend, params: DidChangeTextDocumentParams) {
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
    let related = server.related.load(std::sync::atomic::Ordering::Relaxed);
    server
        .notify_world("textDocument/didChange", |w| {
            if let Err(e) = w.change(&path, version, changes) {
                failed = Some(e);
            }
            // The edit's findings go out now, before the requests that follow it (the light
            // bulb, the outline, the tokens) take the world: they would each hold it first.
            server.publisher.take(w, related);
        })
        .await;
    if let Some(error) = failed {
        server
            .client
            .log_message(MessageType::WARNING, format!("cardlint: {error}"))
            .await;
    }
}

pub(crate) async fn did_close(server: &Backend, params: DidCloseTextDocumentParams) {
    let uri = params.text_document.uri;
    let path = path_of(&uri);
    server
        .notify_world("textDocument/didClose", |w| w.close(&path))
        .await;
    server.tokens.forget(&uri);
    // Behind any findings of the document still queued.
    server.publisher.clear(uri);
}

pub(crate) async fn did_save(server: &Backend, params: DidSaveTextDocumentParams) {
    let path = path_of(&params.text_document.uri);
    let job = server.with_world("textDocument/didSave", |w| w.save_job(&path));
    if let Ok(Some(job)) = job {
        let worker = server.worker.clone();
        crate::save::spawn(
            &server.handle,
            server.world.clone(),
            move || worker.wake(),
            job,
        );
    }
}

pub(crate) async fn did_change_watched_files(
    server: &Backend,
    params: DidChangeWatchedFilesParams,
) {
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
    server
        .notify_world("workspace/didChangeWatchedFiles", |w| {
            if config_changed {
                w.reload_configs();
            }
            w.files_changed(events);
        })
        .await;
    if config_changed {
        for error in server
            .with_world("config", |w| w.config_errors())
            .unwrap_or_default()
        {
            server
                .client
                .show_message(MessageType::ERROR, format!("cardlint: {error}"))
                .await;
        }
        // Exclusions and dialects may have changed which files are card files.
        server.start_scan();
    }
}
