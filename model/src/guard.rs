//! Isolation of failures: a panic while one file (or one card) is parsed, linted or played is
//! caught and becomes a message for that file, so that the run goes on with the others.
//!
//! `catch` runs a closure and turns its panic into the panic's message (with the place in
//! cardlint's source when the hook of `install_quiet_hook` saw it). The hook keeps the panics
//! that `catch` handles off standard error, so that a run's output does not depend on which
//! thread panicked when; other panics are printed by the previous hook as before.

use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, PanicHookInfo, catch_unwind};
use std::sync::Once;

thread_local! {
    /// How many `catch` calls are running on this thread.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// What the hook saw of the last panic caught on this thread.
    static LAST: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `f`; a panic becomes `Err` with its message (`"<message> (at <file>:<line>:<col>)"` when
/// the quiet hook is installed).
pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    DEPTH.with(|d| d.set(d.get() + 1));
    let result = catch_unwind(AssertUnwindSafe(f));
    DEPTH.with(|d| d.set(d.get() - 1));
    result.map_err(|payload| {
        LAST.with(|l| l.borrow_mut().take())
            .unwrap_or_else(|| payload_message(payload.as_ref()))
    })
}

/// The message of a panic's payload (`panic!("...")` gives a `&str` or a `String`).
pub fn payload_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

fn describe(info: &PanicHookInfo<'_>) -> String {
    let message = payload_message(info.payload());
    match info.location() {
        Some(at) => format!("{message} (at {}:{}:{})", at.file(), at.line(), at.column()),
        None => message,
    }
}

/// Installs (once) a panic hook that records the panics inside `catch` instead of printing them;
/// panics elsewhere go to the hook that was installed before.
pub fn install_quiet_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if DEPTH.with(Cell::get) > 0 {
                let text = describe(info);
                LAST.with(|l| *l.borrow_mut() = Some(text));
            } else {
                previous(info);
            }
        }));
    });
}

/// For tests of the isolation: panics when `CARDLINT_TEST_PANIC` is set and `name` contains it
/// (the binary's tests make one file fail on purpose). Read once per process.
pub fn test_panic(name: &str) {
    static WANTED: std::sync::LazyLock<Option<String>> = std::sync::LazyLock::new(|| {
        std::env::var("CARDLINT_TEST_PANIC")
            .ok()
            .filter(|s| !s.is_empty())
    });
    if let Some(wanted) = WANTED.as_deref()
        && name.contains(wanted)
    {
        panic!("a panic asked for by CARDLINT_TEST_PANIC");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_its_message() {
        install_quiet_hook();
        let r: Result<(), String> = catch(|| panic!("broken {}", 42));
        let message = r.unwrap_err();
        assert!(message.starts_with("broken 42"), "{message}");
        assert!(message.contains("guard.rs"), "{message}");
        assert_eq!(catch(|| 7), Ok(7));
        // Nested catches each see their own panic.
        let outer = catch(|| {
            let inner: Result<(), String> = catch(|| panic!("inner"));
            assert!(inner.unwrap_err().starts_with("inner"));
            panic!("outer")
        });
        assert!(outer.unwrap_err().starts_with("outer"));
    }
}
