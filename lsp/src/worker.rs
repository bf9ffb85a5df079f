//! The diagnostics worker: a thread that publishes the findings of open documents after every
//! change (coalescing changes that arrive while it works), and does the analysis's background
//! work (index rebuilds, findings that depend on them) when the editor has been idle a moment.

use crate::profile::Span;
use crate::publish::Publisher;
use ide::{IndexJob, World};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long the editor must be quiet before background work runs (its steps are short: an
/// edit waits at most for the one under way).
const IDLE: Duration = Duration::from_millis(150);

/// How long a background step waits when a handler wants the world.
const GIVE_WAY: Duration = Duration::from_micros(200);

/// How often background work that waits for a parse on another thread looks again.
const POLL: Duration = Duration::from_millis(2);

enum Message {
    Wake,
    Stop,
}

#[derive(Clone)]
pub struct Worker {
    tx: Arc<Mutex<Sender<Message>>>,
}

impl Worker {
    /// `related`: the client shows related information (set by `initialize`).
    pub fn start(
        world: Arc<Mutex<World>>,
        publisher: Publisher,
        handle: tokio::runtime::Handle,
        related: Arc<AtomicBool>,
        wanted: Arc<AtomicUsize>,
    ) -> Worker {
        let (tx, rx) = channel();
        let wake = tx.clone();
        std::thread::Builder::new()
            .name("cardlint-diagnostics".into())
            .spawn(move || run(world, publisher, handle, rx, wake, related, wanted))
            .expect("cannot start the diagnostics thread");
        Worker {
            tx: Arc::new(Mutex::new(tx)),
        }
    }

    /// Something changed: publish what is out of date.
    pub fn wake(&self) {
        if let Ok(tx) = self.tx.lock() {
            let _ = tx.send(Message::Wake);
        }
    }

    pub fn stop(&self) {
        if let Ok(tx) = self.tx.lock() {
            let _ = tx.send(Message::Stop);
        }
    }
}

fn run(
    world: Arc<Mutex<World>>,
    publisher: Publisher,
    handle: tokio::runtime::Handle,
    rx: Receiver<Message>,
    wake: Sender<Message>,
    related: Arc<AtomicBool>,
    wanted: Arc<AtomicUsize>,
) {
    // Background work waits for the editor to be quiet for `IDLE`; then its steps (each short)
    // follow one another until a message comes.
    let mut quiet = false;
    loop {
        let (busy, waiting, play) = {
            let mut w = crate::lock(&world);
            let busy = w.has_background_work();
            // A document opened and analysed: the engine plays it off the lock.
            let play = if busy { None } else { w.open_play_job() };
            (busy, w.background_waiting(), play)
        };
        if let Some(job) = play {
            let wake = wake.clone();
            crate::save::spawn(
                &handle,
                world.clone(),
                move || {
                    let _ = wake.send(Message::Wake);
                },
                job,
            );
            continue;
        }
        let message = if !busy {
            rx.recv().map_err(|_| RecvTimeoutError::Disconnected)
        } else if quiet && waiting {
            // A parse on a thread of its own is under way: poll instead of spinning.
            rx.recv_timeout(POLL)
        } else if quiet {
            rx.try_recv().map_err(|e| match e {
                TryRecvError::Empty => RecvTimeoutError::Timeout,
                TryRecvError::Disconnected => RecvTimeoutError::Disconnected,
            })
        } else {
            rx.recv_timeout(IDLE)
        };
        quiet = matches!(message, Err(RecvTimeoutError::Timeout));
        match message {
            Ok(Message::Stop) | Err(RecvTimeoutError::Disconnected) => return,
            Ok(Message::Wake) => {
                // Changes that arrived meanwhile are all published at once.
                let mut stop = false;
                while let Ok(m) = rx.try_recv() {
                    stop |= matches!(m, Message::Stop);
                }
                if stop {
                    return;
                }
            }
            Err(RecvTimeoutError::Timeout) if wanted.load(Ordering::SeqCst) > 0 => {
                // A handler waits for the world: it goes first (its `Wake` follows).
                std::thread::sleep(GIVE_WAY);
                continue;
            }
            Err(RecvTimeoutError::Timeout) => {
                let step = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    // An index rebuild runs on a thread of its own, without the lock: edits are
                    // answered and published meanwhile.
                    let mut span = Span::start("index job handed out");
                    let job = {
                        let mut w = crate::lock(&world);
                        span.locked();
                        w.index_job()
                    };
                    if job.is_none() {
                        span.rename("");
                    }
                    drop(span);
                    match job {
                        Some(job) => spawn_index_job(world.clone(), job, wake.clone()),
                        None => {
                            let mut span = Span::start("background step");
                            let mut w = crate::lock(&world);
                            span.locked();
                            span.rename(w.background_step());
                        }
                    }
                }));
                if step.is_err() {
                    // A bug: drop the background work rather than retrying it forever.
                    eprintln!("cardlint: internal error in background work");
                    crate::lock(&world).drop_background_work();
                }
            }
        }
        publish(&world, &publisher, related.load(Ordering::Relaxed));
    }
}

/// Builds an index away from the world and installs it; the worker is woken when it is done.
fn spawn_index_job(world: Arc<Mutex<World>>, job: IndexJob, wake: Sender<Message>) {
    let spawned = std::thread::Builder::new()
        .name("cardlint-index".into())
        .spawn({
            let world = world.clone();
            let wake = wake.clone();
            move || {
                let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    let built = {
                        let _span = Span::start("index job (no lock)");
                        job.run()
                    };
                    let mut span = Span::start("index job installed");
                    let old = {
                        let mut w = crate::lock(&world);
                        span.locked();
                        w.finish_index_job(built)
                    };
                    drop(span);
                    // The replaced index is freed here, not under the lock.
                    drop(old);
                }));
                if done.is_err() {
                    eprintln!("cardlint: internal error while rebuilding the index");
                    let mut world = crate::lock(&world);
                    world.abandon_index_job();
                    world.drop_background_work();
                }
                let _ = wake.send(Message::Wake);
            }
        });
    if spawned.is_err() {
        crate::lock(&world).abandon_index_job();
        let _ = wake.send(Message::Wake);
    }
}

fn publish(world: &Mutex<World>, publisher: &Publisher, related: bool) {
    let mut w = crate::lock(world);
    publisher.take(&mut w, related);
}
