//! The workspace: its folders (`workspace/didChangeWorkspaceFolders`) and their scan in the
//! background, reported with `$/progress`.

use crate::{Backend, lock};
use ide::World;
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use tower_lsp_server::ls_types::*;

impl Backend {
    /// Reads and indexes the workspace folders in the background, reporting progress.
    pub(crate) fn start_scan(&self) {
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
}

pub(crate) async fn did_change_workspace_folders(
    server: &Backend,
    params: DidChangeWorkspaceFoldersParams,
) {
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
    server
        .notify_world("workspace/didChangeWorkspaceFolders", |w| {
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
    server.start_scan();
}
