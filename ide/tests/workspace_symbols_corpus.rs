//! Workspace symbols over the shared corpora (`../shared/corpus` or `$CARDLINT_CORPUS`, skipped
//! with a notice when absent): the Forge `cardsfolder` and the Wagic trees scanned into one
//! world, then `workspace/symbol` queries. It prints how many cards the index holds, how long
//! the scan's name pass and each search took (a report, not a timed assertion: machines are
//! shared), and checks that "Lightning Bolt" is found, first, in both dialects. No corpus text
//! appears here.
//!
//! In a debug build the scan dominates; the figures that matter come from a release build:
//! `cargo test --release -p cardlint-ide --test workspace_symbols_corpus -- --nocapture`.

use ide::World;
use std::path::{Path, PathBuf};
use std::time::Instant;

fn corpus(name: &str) -> Option<PathBuf> {
    let base = std::env::var_os("CARDLINT_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"));
    let root = base.join(name);
    if root.is_dir() {
        Some(root)
    } else {
        eprintln!(
            "notice: {} is absent; workspace symbol corpus test skipped",
            root.display()
        );
        None
    }
}

#[test]
fn lightning_bolt_is_found_among_every_card_of_both_trees() {
    let (Some(forge), Some(wagic)) = (corpus("forge/cardsfolder"), corpus("wagic")) else {
        return;
    };
    let folders = vec![forge, wagic];
    let started = Instant::now();
    let scan = World::scan(folders.clone());
    let scanned = started.elapsed();
    let mut world = World::new();
    world.set_folders(folders);
    world.install(scan);
    let files = world.file_count();
    let cards = world.workspace_symbols("", usize::MAX).len();
    println!(
        "workspace symbols: {files} files, {cards} cards; scan (with every index) {} ms",
        scanned.as_millis()
    );
    assert!(cards > 20_000, "{cards} cards");
    for query in [
        "Lightning Bolt",
        "lightning bolt",
        "bolt",
        "light",
        "lgtnbolt",
        "goblin",
        "a",
        "zzzzzz",
        "",
    ] {
        // Three runs: the first and the best.
        let mut times = Vec::new();
        let mut found = Vec::new();
        for _ in 0..3 {
            let t = Instant::now();
            found = world.workspace_symbols(query, 256);
            times.push(t.elapsed());
        }
        println!(
            "  {query:?}: {} results, first run {:.2} ms, best {:.2} ms",
            found.len(),
            times[0].as_secs_f64() * 1e3,
            times.iter().min().unwrap().as_secs_f64() * 1e3
        );
    }
    let found = world.workspace_symbols("Lightning Bolt", 256);
    let exact: Vec<_> = found
        .iter()
        .take_while(|s| s.rank == ide::Rank::Exact)
        .collect();
    for dialect in ["forge", "wagic"] {
        assert!(
            exact.iter().any(|s| s.dialect.name() == dialect),
            "no {dialect} Lightning Bolt first: {:?}",
            &found[..found.len().min(5)]
        );
    }
    for s in &exact {
        let text = world.text(world.path(s.file)).unwrap();
        assert!(text[s.range].eq_ignore_ascii_case("Lightning Bolt"));
    }
}
