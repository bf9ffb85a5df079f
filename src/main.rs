//! The `cardlint` binary: `check`, `format`, `rules`, `explain`, `lsp`, `debug tree`.
//! A thin shell over the `lint` crate; exit codes: 0 clean, 1 error-level findings, 2 failure.

#[global_allocator]
static GLOBAL: Allocator = Allocator;

/// mimalloc, asked for plain blocks when the alignment is one every block has: the `mimalloc`
/// crate always calls the aligned entry points, which cost about 1.7 times the instructions of
/// a plain allocation, and a card's tree, model and rules make hundreds of allocations.
struct Allocator;

/// The alignment every mimalloc block has (block sizes are multiples of a word).
const WORD: usize = std::mem::size_of::<usize>();

// SAFETY: every block comes from mimalloc, with the layout's alignment: plain blocks are
// word-aligned, and larger alignments go to mimalloc's aligned calls as before.
unsafe impl std::alloc::GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        if layout.align() <= WORD {
            // SAFETY: a plain allocation of the layout's size.
            unsafe { libmimalloc_sys::mi_malloc(layout.size()).cast() }
        } else {
            // SAFETY: as `MiMalloc` does.
            unsafe { std::alloc::GlobalAlloc::alloc(&mimalloc::MiMalloc, layout) }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        if layout.align() <= WORD {
            // SAFETY: a plain zeroed allocation of the layout's size.
            unsafe { libmimalloc_sys::mi_zalloc(layout.size()).cast() }
        } else {
            // SAFETY: as `MiMalloc` does.
            unsafe { std::alloc::GlobalAlloc::alloc_zeroed(&mimalloc::MiMalloc, layout) }
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, _layout: std::alloc::Layout) {
        // SAFETY: `ptr` came from mimalloc (either entry point); `mi_free` takes both.
        unsafe { libmimalloc_sys::mi_free(ptr.cast()) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= WORD {
            // SAFETY: `ptr` came from mimalloc; the new block is word-aligned as the old one.
            unsafe { libmimalloc_sys::mi_realloc(ptr.cast(), new_size).cast() }
        } else {
            // SAFETY: as `MiMalloc` does.
            unsafe { std::alloc::GlobalAlloc::realloc(&mimalloc::MiMalloc, ptr, layout, new_size) }
        }
    }
}

mod cache;
mod changes;
mod check;
mod cli;
mod context;
mod files;
mod fix;
mod format_cmd;
mod learn_cmd;
mod output;
mod review;
mod rules_cmd;
mod simulate;
mod vocab_cmd;

use std::process::ExitCode;

/// `mi_option_purge_delay` in mimalloc v3's `mi_option_e` (the sys crate has no constant for it).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Keeps freed pages instead of returning them to the OS between files: a run parses thousands of
/// files and would otherwise fault the same memory in again and again (a third of a cold Wagic
/// run was the kernel zeroing pages). Only done when the option reads as a delay in
/// milliseconds (1000 in the pinned version), so that another mimalloc layout is left alone.
fn keep_freed_pages() {
    // SAFETY: reading and setting allocator options is allowed at any time; no thread runs yet.
    unsafe {
        if (1..=100_000).contains(&libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY)) {
            libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1);
        }
    }
}

/// Keeps transparent huge pages out of the process from now on, for runs that parse every file.
/// mimalloc asks for them on its arenas, so each first touch of an arena region faults in and
/// zeroes 2 MiB and the resident set grows past what is in use: a cold run over the Wagic corpus
/// peaked at about 190 MB with them and about 130 MB without, in the same time. Runs served from
/// the cache keep them: they allocate less and fault less often with them (the Wagic corpus took
/// 30 ms instead of 45). `MIMALLOC_ALLOW_THP=1` in the environment keeps them in every run.
pub(crate) fn no_transparent_huge_pages() {
    #[cfg(target_os = "linux")]
    if std::env::var_os("MIMALLOC_ALLOW_THP").is_none() {
        // SAFETY: PR_SET_THP_DISABLE takes plain integers and only sets a flag of this process,
        // which applies to later page faults; failure (an old kernel) leaves things as they were.
        unsafe {
            libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
        }
    }
}

/// What the run learnt about the engine vocabularies it used (the Forge source a card set was
/// read against, a source that could not be read): warnings always, the rest with `--verbose`.
fn print_notes(verbose: bool) {
    for note in model::forge::source::take_notes() {
        if note.warning {
            eprintln!("cardlint: warning: {}", note.message);
        } else if verbose {
            eprintln!("cardlint: {}", note.message);
        }
    }
}

/// A closed standard output (`cardlint rules | head`) ends the process quietly, as for other
/// command-line tools, instead of failing on the next write. The language server keeps the
/// default: it talks over standard output and handles its closing itself.
fn quiet_broken_pipe() {
    #[cfg(target_os = "linux")]
    // SAFETY: restoring the default action of a signal is allowed at any time; no thread runs yet.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    keep_freed_pages();
    // Panics caught per file or card (`model::guard`) become `G100` findings, not stderr noise.
    model::guard::install_quiet_hook();
    let args = <cli::Cli as clap::Parser>::parse();
    if !matches!(args.command, cli::Command::Lsp(_)) {
        quiet_broken_pipe();
    }
    let verbose = match &args.command {
        cli::Command::Check(a) => a.verbose,
        cli::Command::Simulate(a) => a.verbose,
        _ => false,
    };
    let result = std::panic::catch_unwind(|| match args.command {
        cli::Command::Check(args) => check::run(&args),
        cli::Command::Format(args) => format_cmd::run(&args),
        cli::Command::Simulate(args) => simulate::run(&args),
        cli::Command::Rules(args) => rules_cmd::list(&args),
        cli::Command::Explain { rule } => rules_cmd::explain(&rule),
        cli::Command::Lsp(args) => {
            // A server's large messages and trees come and go: with transparent huge pages each
            // new 4 MB text faulted in and zeroed 2 MiB pages (a third of its CPU time opening
            // a 4 MB file; the decoding of that message took 60 ms instead of 7).
            no_transparent_huge_pages();
            let options = lsp::Options {
                save_check: (!args.no_simulate).then(|| {
                    std::sync::Arc::new(ide::simulation::OnSave)
                        as std::sync::Arc<dyn ide::SaveCheck>
                }),
                test_hooks: args.test_hooks,
                show_limits: args.show_limits,
            };
            lsp::run_stdio(options).map_err(|e| e.to_string())
        }
        cli::Command::Vocab(args) => vocab_cmd::run(&args),
        cli::Command::Learn(args) => learn_cmd::run(&args),
        cli::Command::Debug(cli::DebugCommand::Tree { file, dialect }) => {
            check::debug_tree(&file, dialect)
        }
    });
    print_notes(verbose);
    match result {
        Ok(Ok(code)) => code,
        Ok(Err(error)) => {
            eprintln!("cardlint: {error}");
            ExitCode::from(2)
        }
        Err(_) => {
            eprintln!("cardlint: internal error (this is a bug in cardlint; please report it)");
            ExitCode::from(2)
        }
    }
}
