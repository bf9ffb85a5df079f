//! Extraction parity: the vocabulary read from a Forge source inside a checkout (the cards in
//! `forge-gui/res/cardsfolder` or `res/cardsfolder` beside the engine's modules, as a user's clone
//! has them) is the shipped vocabulary of that version, word for word: the extraction's TSV
//! equals the shipped `versions/<label>.tsv`, and the `Vocabulary` a card of the checkout is
//! checked against holds the same words as the shipped version's. Uses the engine sources of
//! `../shared/corpus/forge-engine-src/` (linked into a temporary checkout); skips, with a
//! notice, when they are absent.

use model::forge::versions::{EngineChoice, shipped, vocabulary_for};
use model::forge::vocab::{Version, Vocabulary};
use std::path::{Path, PathBuf};

fn engine_src() -> Option<PathBuf> {
    let root = match std::env::var_os("CARDLINT_CORPUS") {
        Some(c) => PathBuf::from(c).join("forge-engine-src"),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/forge-engine-src"),
    };
    if root.join("reeforge-2020").is_dir() && root.join("upstream-2022").is_dir() {
        Some(root)
    } else {
        eprintln!(
            "notice: {} (the Forge engine sources) is absent; the checkout parity test is skipped",
            root.display()
        );
        None
    }
}

/// A temporary checkout: `modules` (name in the checkout, folder of the source) linked in, and
/// one card under `cards`; returns the checkout's root and the card's path.
#[cfg(unix)]
fn checkout(name: &str, modules: &[(&str, PathBuf)], cards: &str) -> (PathBuf, PathBuf) {
    let root = std::env::temp_dir().join(format!("cardlint-parity-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join(cards)).expect("checkout folder");
    for (module, target) in modules {
        std::os::unix::fs::symlink(target, root.join(module)).expect("link a module");
    }
    let card = root.join(cards).join("test_card.txt");
    std::fs::write(&card, "Name:Test Card\nManaCost:1\nTypes:Artifact\n").expect("card");
    (root, card)
}

fn shipped_text(version: Version) -> &'static str {
    match version {
        Version::V2020 => include_str!("../data/forge/versions/2020.tsv"),
        Version::V2022 => include_str!("../data/forge/versions/2022.tsv"),
        Version::Latest => unreachable!("today's Forge is not extracted from a shipped tree"),
    }
}

/// Every word list of a vocabulary, as sorted text lines (`<list>\t<word>[\t<detail>]`).
fn words(v: &Vocabulary) -> Vec<String> {
    let mut out = Vec::new();
    let mut add = |list: &str, items: Vec<String>| {
        out.extend(items.into_iter().map(|w| format!("{list}\t{w}")));
    };
    add("api", v.api_types().names().map(str::to_string).collect());
    add(
        "trigger",
        v.trigger_modes().names().map(str::to_string).collect(),
    );
    add(
        "static",
        v.static_modes().names().map(str::to_string).collect(),
    );
    add(
        "replacement",
        v.replacement_events().names().map(str::to_string).collect(),
    );
    add("zone", v.zones().names().map(str::to_string).collect());
    add(
        "phase",
        v.phases()
            .iter()
            .map(|p| format!("{}\t{}", p.word.name, p.enum_name))
            .collect(),
    );
    add(
        "counter",
        v.counter_types()
            .iter()
            .map(|c| format!("{}\t{}", c.word.name, c.special))
            .collect(),
    );
    add(
        "counters-made-on-the-fly",
        vec![v.counters_made_on_the_fly().to_string()],
    );
    add(
        "keyword",
        v.keywords()
            .list
            .iter()
            .map(|k| format!("{}\t{:?}", k.word.name, k.word.status))
            .collect(),
    );
    add(
        "cost",
        v.cost_parts()
            .iter()
            .map(|c| c.word.name.to_string())
            .collect(),
    );
    for (list, m) in [
        ("valid-card", v.valid_properties()),
        ("valid-spell", v.spell_properties()),
        ("defined", v.defined()),
        ("player", v.player_refs()),
        ("count", v.count_keys()),
    ] {
        add(list, m.names().map(str::to_string).collect());
    }
    add(
        "param",
        v.params()
            .scopes
            .iter()
            .flat_map(|(scope, s)| s.params.keys().map(move |k| format!("{scope}\t{k}")))
            .collect(),
    );
    add(
        "value",
        v.values()
            .domains
            .iter()
            .flat_map(|(scope, keys)| {
                keys.iter().map(move |(k, d)| {
                    let mut ws: Vec<String> = d.words.iter().map(|w| w.word.to_string()).collect();
                    ws.sort();
                    format!("{scope}\t{k}\t{:?}\t{}", d.outside, ws.join(","))
                })
            })
            .collect(),
    );
    add(
        "trigger-var",
        v.trigger_variable_keys().map(str::to_string).collect(),
    );
    out.sort();
    out
}

#[cfg(unix)]
fn check_version(version: Version, modules: &[(&str, PathBuf)], cards: &str) {
    let (root, card) = checkout(version.name(), modules, cards);
    // The extraction, as `cardlint vocab forge` writes it, equals the shipped file.
    let x = extract::extract(&root).expect("the checkout's source extracts");
    let text = x.to_tsv(version.name());
    let shipped_lines: Vec<&str> = shipped_text(version).lines().collect();
    let lines: Vec<&str> = text.lines().collect();
    let missing: Vec<&&str> = shipped_lines
        .iter()
        .filter(|l| !lines.contains(l))
        .collect();
    let extra: Vec<&&str> = lines
        .iter()
        .filter(|l| !shipped_lines.contains(l))
        .collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "the {} checkout's extraction differs from the shipped file (regenerate it with `cardlint vocab forge <tree> --label {} -o model/data/forge/versions/{}.tsv`):\nonly shipped: {missing:#?}\nonly extracted: {extra:#?}",
        version.name(),
        version.name(),
        version.name()
    );
    assert_eq!(text, shipped_text(version), "same lines, other order");

    // The vocabulary a card of the checkout is checked against holds the shipped words.
    let from_checkout = vocabulary_for(&EngineChoice::Auto, &card);
    assert!(
        from_checkout
            .label
            .contains(&format!("Forge {}", version.name())),
        "{}",
        from_checkout.label
    );
    let (a, b) = (words(from_checkout), words(shipped(version)));
    assert!(a.len() > 3000, "only {} words", a.len());
    let only_checkout: Vec<&String> = a.iter().filter(|w| !b.contains(w)).collect();
    let only_shipped: Vec<&String> = b.iter().filter(|w| !a.contains(w)).collect();
    let _ = std::fs::remove_dir_all(&root);
    assert!(
        only_checkout.is_empty() && only_shipped.is_empty(),
        "the {} checkout's vocabulary differs from the shipped one:\nonly in the checkout: {only_checkout:#?}\nonly shipped: {only_shipped:#?}",
        version.name()
    );
}

/// One test for both versions: the cache folder is set in the environment once, and removed
/// at the end.
#[test]
#[cfg(unix)]
fn a_checkout_reads_the_shipped_vocabulary_of_its_version() {
    let Some(src) = engine_src() else { return };
    let cache = std::env::temp_dir().join(format!("cardlint-parity-cache-{}", std::process::id()));
    // SAFETY: set before anything of this test binary reads the environment for it.
    unsafe { std::env::set_var("CARDLINT_CACHE_DIR", &cache) };
    let up = src.join("upstream-2022");
    let modules = [
        ("forge-ai", up.join("forge-ai")),
        ("forge-core", up.join("forge-core")),
        ("forge-game", up.join("forge-game")),
    ];
    check_version(Version::V2022, &modules, "forge-gui/res/cardsfolder/t");
    let modules = [("forge", src.join("reeforge-2020/forge"))];
    check_version(Version::V2020, &modules, "res/cardsfolder/t");
    let _ = std::fs::remove_dir_all(&cache);
}
