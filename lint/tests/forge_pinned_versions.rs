//! Rules whose verdict depends on the Forge version, checked in the default mode (every shipped
//! version at once) and with one version pinned (`[forge] engine`). Cards are invented.

use lint::{Dialect, Severity, SourceFile};
use model::forge::versions::EngineChoice;
use model::forge::vocab::Version;

/// (code, severity, message) of every finding of `codes` on one card.
fn findings(
    card: &str,
    engine: Option<Version>,
    codes: &[&str],
) -> Vec<(String, Severity, String)> {
    let file = SourceFile::new(
        std::path::PathBuf::from("cardsfolder/t/test_card.txt"),
        Dialect::FORGE,
        card.as_bytes(),
    );
    let mut config = lint::config::Config::default();
    if let Some(v) = engine {
        config.forge_engine = EngineChoice::Version(v);
    }
    let results = lint::workspace::check(std::slice::from_ref(&file), &config);
    results
        .into_iter()
        .flatten()
        .filter(|d| codes.contains(&d.rule.code))
        .map(|d| (d.rule.code.to_string(), d.severity, d.message))
        .collect()
}

const PUMP: &str = "Name:Test Card\nManaCost:1 U\nTypes:Instant\nA:SP$ Pump | Cost$ 1 U | ValidTgts$ Creature | NumAtt$ +2 | Duration$ UntilYourNextTurns | SpellDescription$ Target creature gets +2/+0 until your next turn.\n";

#[test]
fn a_value_is_checked_against_each_version_in_play() {
    // Forge 2020's Pump does not read `Duration$`, 2022 compares it with its words, today's
    // Forge hands it on: by default nothing is reported; pinned to 2022, a warning naming it.
    assert!(findings(PUMP, None, &["F173"]).is_empty());
    assert!(findings(PUMP, Some(Version::V2020), &["F173"]).is_empty());
    assert!(findings(PUMP, Some(Version::Latest), &["F173"]).is_empty());
    let f = findings(PUMP, Some(Version::V2022), &["F173"]);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].1, Severity::Warning);
    assert!(f[0].2.contains("Forge 2022"), "{}", f[0].2);
    assert!(!f[0].2.contains('/'), "no path in {}", f[0].2);
}

const TWO_PILES: &str = "Name:Test Card\nManaCost:3 U\nTypes:Sorcery\nA:SP$ TwoPiles | Cost$ 3 U | Defined$ You | Zone$ Graveyrd | SpellDescription$ Separate the cards in your graveyard into two piles.\n";

#[test]
fn an_error_only_when_every_version_in_play_throws() {
    for engine in [None, Some(Version::V2020), Some(Version::V2022)] {
        let f = findings(TWO_PILES, engine, &["F173"]);
        assert_eq!(f.len(), 1, "{engine:?}: {f:?}");
        assert_eq!(f[0].1, Severity::Error, "{engine:?}");
    }
}

const COPY: &str = "Name:Test Card\nManaCost:3 R\nTypes:Artifact\nA:AB$ CopyPermanent | Cost$ 2 T | ValidTgts$ Creature.YouCtrl | Keywords$ Haste | SpellDescription$ Create a token that's a copy of target creature you control. It gains haste.\n";

#[test]
fn a_key_only_older_versions_read_here_is_a_hint_by_default_and_a_warning_when_pinned() {
    let f = findings(COPY, None, &["F117"]);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].1, Severity::Hint);
    assert!(f[0].2.contains("AddKeywords"), "{}", f[0].2);
    assert!(findings(COPY, Some(Version::V2020), &["F117"]).is_empty());
    let f = findings(COPY, Some(Version::V2022), &["F117"]);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].1, Severity::Warning);
    assert!(f[0].2.contains("they read `AddKeywords$`"), "{}", f[0].2);
}
