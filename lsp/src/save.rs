//! The on-save check off the request path: the job (the units of the document that changed since
//! the last run) is taken under the world's lock, played on a blocking thread without it, and
//! installed; a save that came meanwhile gives the next job.

use crate::worker::Worker;
use ide::World;
use ide::save::SaveJob;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex};

/// Runs `job` and the ones that follow it on a blocking thread of `handle`.
pub fn spawn(
    handle: &tokio::runtime::Handle,
    world: Arc<Mutex<World>>,
    worker: Worker,
    job: SaveJob,
) {
    handle.spawn_blocking(move || {
        let mut next = Some(job);
        while let Some(job) = next.take() {
            let path = job.path().to_path_buf();
            let result = std::panic::catch_unwind(AssertUnwindSafe(|| job.run())).ok();
            if result.is_none() {
                eprintln!("cardlint: internal error in the on-save check");
            }
            next = std::panic::catch_unwind(AssertUnwindSafe(|| {
                crate::lock(&world).finish_save_job(result, &path)
            }))
            .ok()
            .flatten();
            worker.wake();
        }
    });
}
