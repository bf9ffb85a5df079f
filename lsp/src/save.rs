//! The on-save check off the request path: the job (the units of the document that changed since
//! the last run; all of them for the play of a document just opened) is taken under the world's
//! lock, played on a blocking thread without it, and installed; a save that came meanwhile gives
//! the next job.
//!
//! The engine plays on a pool of one thread: the other core stays with the editor's requests and
//! the analysis of edits.

use ide::World;
use ide::save::SaveJob;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex, OnceLock};

fn pool() -> Option<&'static rayon::ThreadPool> {
    static POOL: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .thread_name(|_| "cardlint-play".into())
            .build()
            .ok()
    })
    .as_ref()
}

/// Runs `job` and the ones that follow it on a blocking thread of `handle`; `wake` tells the
/// worker when each is installed.
pub fn spawn(
    handle: &tokio::runtime::Handle,
    world: Arc<Mutex<World>>,
    wake: impl Fn() + Send + 'static,
    job: SaveJob,
) {
    handle.spawn_blocking(move || {
        let mut next = Some(job);
        while let Some(job) = next.take() {
            let path = job.path().to_path_buf();
            let play = AssertUnwindSafe(|| match pool() {
                Some(pool) => pool.install(|| job.run()),
                None => job.run(),
            });
            let result = std::panic::catch_unwind(play).ok();
            if result.is_none() {
                eprintln!("cardlint: internal error in the on-save check");
            }
            next = std::panic::catch_unwind(AssertUnwindSafe(|| {
                crate::lock(&world).finish_save_job(result, &path)
            }))
            .ok()
            .flatten();
            wake();
        }
    });
}
