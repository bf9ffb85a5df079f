//! The simulation as the user sees it: the engine's findings (`engine::Finding`) become
//! diagnostics of the `G1xx` rules (`lint::simulation`), go through the same finish pipeline as
//! the lint's (config filter, suppressions of the simulation pass, order), and join the lint's
//! findings (`check --simulate`, the language server on save).

use crate::world::SaveCheck;
use lint::config::Config;
use lint::registry::Pass;
use lint::{Diagnostic, Dialect, SourceFile};
use std::path::Path;

/// The engine's options under a configuration (which Forge the cards are played against).
pub fn options(config: &Config) -> engine::Options {
    engine::Options {
        forge_engine: config.forge_engine.clone(),
        ..engine::Options::default()
    }
}

fn options_with(config: &Config, cancel: &crate::world::Cancel) -> engine::Options {
    engine::Options {
        cancel: Some(cancel.clone()),
        ..options(config)
    }
}

/// The rule that reports a kind of simulation finding (`lint::simulation`).
pub fn meta(kind: engine::Kind) -> &'static lint::RuleMeta {
    lint::simulation::RULES
        .iter()
        .copied()
        .find(|r| r.code == kind.code())
        .expect("every kind of simulation finding has its rule in lint::simulation")
}

fn to_diagnostic(f: engine::Finding) -> Diagnostic {
    let mut d = Diagnostic::new(meta(f.kind), f.range, f.message);
    d.notes = f.notes;
    d
}

/// Plays every card of `files` and returns its findings per file, through the finish pipeline
/// of the simulation pass, with the run's figures.
pub fn simulate(files: &[SourceFile], config: &Config) -> (Vec<Vec<Diagnostic>>, engine::Stats) {
    simulate_with(files, config, &options(config))
}

fn simulate_with(
    files: &[SourceFile],
    config: &Config,
    opts: &engine::Options,
) -> (Vec<Vec<Diagnostic>>, engine::Stats) {
    let (findings, stats) = engine::simulate(files, opts);
    let mut out = Vec::with_capacity(files.len());
    for (file, found) in files.iter().zip(findings) {
        let mut diagnostics: Vec<Diagnostic> = found.into_iter().map(to_diagnostic).collect();
        lint::workspace::finish(file, config, Pass::Simulation, &mut diagnostics);
        out.push(diagnostics);
    }
    (out, stats)
}

/// `check --simulate`: the simulation's findings merged into the lint's, file by file (a
/// simulation finding on text a lint finding already covers is dropped).
pub fn add_to_lint(
    files: &[SourceFile],
    lint: Vec<Vec<Diagnostic>>,
    config: &Config,
) -> Vec<Vec<Diagnostic>> {
    let (sim, _) = simulate(files, config);
    merge(lint, sim)
}

/// Lint diagnostics and simulation diagnostics of the same files, merged per file.
pub fn merge(mut lint: Vec<Vec<Diagnostic>>, sim: Vec<Vec<Diagnostic>>) -> Vec<Vec<Diagnostic>> {
    for (l, s) in lint.iter_mut().zip(sim) {
        lint::simulation::add_to_lint(l, s);
        l.sort_by_key(|d| (d.range.start(), d.range.end(), d.rule.code));
    }
    lint
}

/// The language server's entry point (run on save): plays the cards of one open document and
/// returns its simulation findings, filtered by the configuration like the lint's (`select`,
/// `ignore`, severity overrides and per-file ignores of `cardlint.toml`), sorted by position.
///
/// `text` is the document as the editor holds it (saved or not); `path` places it for the
/// configuration and tells a Wagic primitives file from a set file. Dialects the engine does not
/// play give no finding. Never panics: a failure of the engine on one card is a `G100` finding on
/// that card. Suppression comments naming `G1xx` rules apply, and one that silences nothing is
/// reported (`E020`).
pub fn simulate_document(
    path: &Path,
    dialect: Dialect,
    text: &str,
    config: &Config,
) -> Vec<Diagnostic> {
    document_with(path, dialect, text, config, &options(config))
}

fn document_with(
    path: &Path,
    dialect: Dialect,
    text: &str,
    config: &Config,
    opts: &engine::Options,
) -> Vec<Diagnostic> {
    let file = SourceFile::from_text(path, dialect, text);
    let (mut out, _) = simulate_with(std::slice::from_ref(&file), config, opts);
    out.pop().unwrap_or_default()
}

/// Drops the findings about what the simulation cannot play yet (`G101` `not-simulated`): they
/// describe cardlint's limits, not the card, and are hidden unless asked for (`--show-limits`,
/// `[simulate] show-limits`, the editor's `cardlint.simulation.showLimits`).
pub fn hide_limits(diagnostics: &mut Vec<Diagnostic>) {
    diagnostics.retain(|d| d.rule.code != lint::simulation::NOT_SIMULATED.code);
}

/// The language server's on-save hook: the engine plays the cards of the saved document (of a
/// Wagic file, only the `[card]` blocks that changed since the last save).
pub struct OnSave;

impl SaveCheck for OnSave {
    fn check(
        &self,
        path: &Path,
        dialect: Dialect,
        text: &str,
        config: &Config,
        cancel: &crate::world::Cancel,
    ) -> Vec<Diagnostic> {
        document_with(path, dialect, text, config, &options_with(config, cancel))
    }

    fn check_parts(
        &self,
        path: &Path,
        dialect: Dialect,
        text: &str,
        config: &Config,
        parts: &[syntax::TextRange],
        cancel: &crate::world::Cancel,
    ) -> Vec<Diagnostic> {
        let opts = options_with(config, cancel);
        if dialect != Dialect::WAGIC {
            return document_with(path, dialect, text, config, &opts);
        }
        let file = SourceFile::from_text(path, dialect, text);
        let found = engine::simulate::simulate_wagic_parts(&file, &opts, parts);
        let mut diagnostics: Vec<Diagnostic> = found.into_iter().map(to_diagnostic).collect();
        lint::workspace::finish(&file, config, Pass::Simulation, &mut diagnostics);
        diagnostics.retain(|d| parts.iter().any(|p| p.contains_range(d.range)));
        diagnostics
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use syntax::TextRange;

    #[test]
    fn every_kind_of_finding_has_its_rule() {
        for kind in engine::Kind::ALL {
            assert_eq!(meta(kind).code, kind.code());
            assert_eq!(meta(kind).pass, Pass::Simulation);
        }
        assert_eq!(engine::Kind::ALL.len(), lint::simulation::RULES.len());
    }

    #[test]
    fn merge_drops_what_the_lint_already_says() {
        let at = |a: u32, b: u32| TextRange::new(a.into(), b.into());
        let lint = vec![vec![Diagnostic::new(
            &lint::simulation::MISSING_PARAM,
            at(4, 9),
            "seen by the lint".to_string(),
        )]];
        let sim = vec![vec![
            Diagnostic::new(
                &lint::simulation::EXECUTE_NOT_ABILITY,
                at(4, 9),
                "again".to_string(),
            ),
            Diagnostic::new(
                &lint::simulation::EXECUTE_NOT_ABILITY,
                at(12, 15),
                "new".to_string(),
            ),
        ]];
        let merged = merge(lint, sim);
        let messages: Vec<&str> = merged[0].iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages, ["seen by the lint", "new"]);
    }

    #[test]
    fn a_save_plays_only_the_wagic_cards_asked_for() {
        let text = "[card]\nname=Alpha Test\ntype=Instant\nmana={R}\nauto=damage:2 target(creature,player)\n[/card]\n[card]\nname=Beta Test\ntype=Instant\nmana={R}\nauto=damage:trap target(creature,player)\n[/card]\n";
        let path = Path::new("Res/sets/primitives/test.txt");
        let config = Config::default();
        let go = crate::world::Cancel::default();
        let all = OnSave.check(path, Dialect::WAGIC, text, &config, &go);
        let second = crate::save::units(Dialect::WAGIC, text).units[1].0;
        let some = OnSave.check_parts(path, Dialect::WAGIC, text, &config, &[second], &go);
        let expected: Vec<_> = all
            .iter()
            .filter(|d| second.contains_range(d.range))
            .map(|d| (d.range, d.rule.code))
            .collect();
        let got: Vec<_> = some.iter().map(|d| (d.range, d.rule.code)).collect();
        assert_eq!(got, expected);
        assert!(!all.is_empty());
        // Cancelled before it ran (the document was closed): no card is played.
        let stop = crate::world::Cancel::new(true.into());
        assert!(
            OnSave
                .check(path, Dialect::WAGIC, text, &config, &stop)
                .is_empty()
        );
        assert!(
            OnSave
                .check_parts(path, Dialect::WAGIC, text, &config, &[second], &stop)
                .is_empty()
        );
    }

    #[test]
    fn a_document_is_simulated_with_its_configuration() {
        let text = "Name:Test Bolt\nManaCost:R\nTypes:Instant\nA:SP$ DealDamage | Cost$ R | ValidTgts$ Any\n";
        let path = Path::new("cardsfolder/t/test_bolt.txt");
        let all = simulate_document(path, Dialect::FORGE, text, &Config::default());
        assert!(all.iter().any(|d| d.rule.code == "G108"), "{all:?}");
        let mut config = Config::default();
        config.filter.ignore.push("G108");
        let some = simulate_document(path, Dialect::FORGE, text, &config);
        assert!(some.iter().all(|d| d.rule.code != "G108"), "{some:?}");
        // A dialect the engine does not play gives nothing.
        let none = simulate_document(
            Path::new("cards/test.py"),
            Dialect::PYMTG,
            "class Test: pass\n",
            &config,
        );
        assert!(none.is_empty());
    }
}
