//! Timings of the server's work for its developers (`CARDLINT_PROFILE=1`, or a number of
//! milliseconds: only spans at least that long), written to stderr with the time since start:
//! how long each handler waited for the world's lock and held it, each background step, each
//! publication. Off (one atomic load per span) unless the variable is set at start.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

struct Profile {
    start: Instant,
    min: Duration,
}

fn profile() -> Option<&'static Profile> {
    static P: OnceLock<Option<Profile>> = OnceLock::new();
    P.get_or_init(|| {
        let value = std::env::var("CARDLINT_PROFILE").ok()?;
        let min = value
            .trim()
            .parse::<u64>()
            .ok()
            .filter(|&n| n > 1)
            .unwrap_or(0);
        Some(Profile {
            start: Instant::now(),
            min: Duration::from_millis(min),
        })
    })
    .as_ref()
}

/// A span being timed: `Span::start("what")`, then `wait_done` (lock taken) and drop.
pub(crate) struct Span<'a> {
    what: &'a str,
    began: Option<Instant>,
    locked: Option<Instant>,
}

impl<'a> Span<'a> {
    pub(crate) fn start(what: &'a str) -> Span<'a> {
        Span {
            what,
            began: profile().map(|_| Instant::now()),
            locked: None,
        }
    }

    /// Names the span after the fact (what the work turned out to be; empty: not reported).
    pub(crate) fn rename(&mut self, what: &'a str) {
        self.what = what;
    }

    /// The lock was taken: the time before is reported as waiting.
    pub(crate) fn locked(&mut self) {
        if self.began.is_some() {
            self.locked = Some(Instant::now());
        }
    }
}

impl Drop for Span<'_> {
    fn drop(&mut self) {
        let (Some(p), Some(began)) = (profile(), self.began) else {
            return;
        };
        // Renamed to nothing: nothing was done.
        if self.what.is_empty() {
            return;
        }
        let now = Instant::now();
        if now - began < p.min {
            return;
        }
        let at = (began - p.start).as_secs_f64() * 1000.0;
        match self.locked {
            Some(l) => eprintln!(
                "cardlint-profile {at:10.1} ms {:<34} wait {:7.2} ms, held {:7.2} ms",
                self.what,
                (l - began).as_secs_f64() * 1000.0,
                (now - l).as_secs_f64() * 1000.0
            ),
            None => eprintln!(
                "cardlint-profile {at:10.1} ms {:<34} {:7.2} ms",
                self.what,
                (now - began).as_secs_f64() * 1000.0
            ),
        }
    }
}

/// Reports a span that began at `began` and ends now.
pub(crate) fn since(what: &str, began: Option<Instant>) {
    if profile().is_some() {
        let mut span = Span::start(what);
        span.began = began;
    }
}

/// The time now when profiling (to begin a span later reported by `since`), else `None`.
pub(crate) fn now() -> Option<Instant> {
    profile().map(|_| Instant::now())
}
