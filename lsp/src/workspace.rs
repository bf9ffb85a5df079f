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
            if progress && scans.load(Ordering::SeqCst) == generation {
                report_check(world, client, scans, generation).await;
            }
        });
    }
}

/// How often the progress of the workspace check is looked at.
const CHECK_POLL: std::time::Duration = std::time::Duration::from_millis(250);

/// Reports, with `$/progress`, the check of the files that are not open after a scan (their
/// findings fill the Problems panel as the worker's background steps lint them), until none is
/// left or another scan starts.
async fn report_check(
    world: std::sync::Arc<std::sync::Mutex<World>>,
    client: tower_lsp_server::Client,
    scans: std::sync::Arc<std::sync::atomic::AtomicU64>,
    generation: u64,
) {
    let total = lock(&world).closed_pending();
    if total == 0 {
        return;
    }
    let token = NumberOrString::String(format!("cardlint/check/{generation}"));
    if client
        .create_work_done_progress(token.clone())
        .await
        .is_err()
    {
        return;
    }
    let started = std::time::Instant::now();
    let ongoing = client
        .progress(token, "cardlint")
        .with_message(format!("checking {total} card files"))
        .with_percentage(0)
        .begin()
        .await;
    let mut last = 0;
    loop {
        tokio::time::sleep(CHECK_POLL).await;
        if scans.load(Ordering::SeqCst) != generation {
            ongoing
                .finish_with_message("the workspace is scanned again".to_string())
                .await;
            return;
        }
        let pending = lock(&world).closed_pending();
        if pending == 0 {
            break;
        }
        let done = total.saturating_sub(pending);
        let percentage = (done * 100 / total) as u32;
        if percentage != last {
            last = percentage;
            ongoing
                .report_with_message(format!("{done} of {total} card files checked"), percentage)
                .await;
        }
    }
    ongoing
        .finish_with_message(format!(
            "{total} card files checked in {:.1} s",
            started.elapsed().as_secs_f64()
        ))
        .await;
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
