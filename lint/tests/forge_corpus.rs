//! The Forge rules over the shared corpora (`../shared/corpus` or `$CARDLINT_CORPUS`, skipped
//! with a notice when absent): every malformed line `../shared/spec/forge/stats.md` names is flagged, the
//! error-level findings are exactly the ones triaged in `lint/triage/forge.md`, and the upstream
//! sample has none. Only paths, line numbers and rule codes appear here, no corpus text.

use lint::{Dialect, Severity, SourceFile};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use syntax::LineIndex;

/// `../shared/corpus` beside the workspace, or `$CARDLINT_CORPUS` (for checkouts elsewhere, such
/// as git worktrees).
fn corpus(name: &str) -> Option<PathBuf> {
    let base = std::env::var_os("CARDLINT_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"));
    let root = base.join(name);
    if root.is_dir() {
        Some(root)
    } else {
        eprintln!(
            "notice: {} is absent; Forge corpus test skipped",
            root.display()
        );
        None
    }
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read corpus dir") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "txt") {
            out.push(path);
        }
    }
}

/// (path relative to the corpus, 1-based line, code, severity) of every diagnostic.
fn check(root: &Path) -> Vec<(String, usize, &'static str, Severity)> {
    let mut paths = Vec::new();
    collect(root, &mut paths);
    paths.sort();
    let files: Vec<SourceFile> = paths
        .iter()
        .map(|p| {
            let rel = p.strip_prefix(root).expect("inside root").to_path_buf();
            SourceFile::new(rel, Dialect::FORGE, &std::fs::read(p).expect("read card"))
        })
        .collect();
    let results = lint::workspace::check(&files, &lint::config::Config::default());
    let mut out = Vec::new();
    for (file, diags) in files.iter().zip(results) {
        let lines = LineIndex::new(file.text());
        for d in diags {
            out.push((
                file.path_string(),
                lines.line_col(d.range.start()).line as usize + 1,
                d.rule.code,
                d.severity,
            ));
        }
    }
    out
}

/// The malformed lines of stats.md (file, line, the rule expected to flag it); `0` means "some
/// line of the file" (the spec names the file only).
const STATS_LINES: &[(&str, usize, &str)] = &[
    ("n/nissa_vastwood_seer.txt", 24, "F102"),
    ("b/battlefield_scavenger.txt", 7, "F103"),
    ("a/apex_of_power.txt", 4, "F121"),
    ("c/charnel_troll.txt", 9, "F121"),
    ("c/cemetery_recruitment.txt", 6, "F121"),
    ("c/circle_of_protection_artifacts.txt", 4, "F121"),
    ("d/delight_in_the_hunt.txt", 7, "F122"),
    ("m/mirror_strike.txt", 4, "F122"),
    ("v/vivien_of_the_arkbow.txt", 5, "F122"),
    ("g/grim_flayer.txt", 7, "F122"),
    ("n/naga_oracle.txt", 0, "F122"),
    ("s/sultai_ascendancy.txt", 0, "F122"),
    ("v/vraskas_stoneglare.txt", 5, "F120"),
    ("l/lilianas_influence.txt", 4, "F120"),
    ("w/wash_out.txt", 4, "F120"),
    ("f/fate_foretold.txt", 7, "F135"),
    ("d/deepwood_elder.txt", 5, "F131"),
    ("o/ogre_geargrabber.txt", 9, "F133"),
    ("s/simic_basilisk.txt", 7, "F130"),
    ("r/ruthless_knave.txt", 8, "F130"),
    ("b/blood_of_the_martyr.txt", 4, "F130"),
    ("m/moonsilver_spear.txt", 5, "F132"),
    ("p/postmortem_lunge.txt", 4, "F118"),
    ("s/sanguine_bond.txt", 5, "F118"),
    ("w/woeleecher.txt", 6, "F118"),
    ("t/the_hippodrome.txt", 6, "F117"),
    ("c/channel_harm.txt", 6, "F118"),
    ("k/kaya_ghost_assassin.txt", 5, "F117"),
    ("l/lifeline.txt", 4, "F117"),
    ("s/sages_reverie.txt", 8, "F118"),
    ("i/incubation_druid.txt", 6, "F118"),
    ("a/alpine_moon.txt", 6, "F118"),
    ("a/aether_storm.txt", 5, "F118"),
    ("m/marton_stromgald.txt", 8, "F119"),
    ("r/rouse.txt", 5, "F119"),
    ("p/press_into_service.txt", 6, "F137"),
    ("c/crimson_kobolds.txt", 0, "F106"),
    ("c/crookshank_kobolds.txt", 0, "F106"),
    ("p/painwracker_oni.txt", 8, "F190"),
    ("m/majestic_myriarch.txt", 7, "F109"),
    ("f/faces_of_the_past.txt", 5, "F111"),
    ("b/belligerent_whiptail.txt", 6, "F120"),
];

#[path = "common/forge_triage.rs"]
mod forge_triage;
use forge_triage::TRIAGED_ERRORS;

#[test]
fn forge_corpus_findings() {
    let Some(root) = corpus("forge") else { return };
    let found = check(&root);

    let mut missing = Vec::new();
    for &(file, line, code) in STATS_LINES {
        let path = format!("cardsfolder/{file}");
        let hit = found
            .iter()
            .any(|(p, l, c, _)| *p == path && *c == code && (line == 0 || *l == line));
        if !hit {
            missing.push((file, line, code));
        }
    }
    assert!(
        missing.is_empty(),
        "stats.md lines not flagged: {missing:?}"
    );

    let errors: BTreeSet<(String, usize, &str)> = found
        .iter()
        .filter(|(_, _, _, s)| *s == Severity::Error)
        .map(|(p, l, c, _)| (p.clone(), *l, *c))
        .collect();
    let expected: BTreeSet<(String, usize, &str)> = TRIAGED_ERRORS
        .iter()
        .map(|&(p, l, c)| (p.to_string(), l, c))
        .collect();
    let new: Vec<_> = errors.difference(&expected).collect();
    let gone: Vec<_> = expected.difference(&errors).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "error-level findings changed: triage the new ones in lint/triage/forge.md\nnew: {new:#?}\ngone: {gone:#?}"
    );
}

#[test]
fn forge_upstream_sample_has_no_error_level_finding() {
    let Some(root) = corpus("forge-upstream-sample") else {
        return;
    };
    let errors: Vec<_> = check(&root)
        .into_iter()
        .filter(|(_, _, _, s)| *s == Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
}
