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

const SKIP_COMBAT: &str = "Name:Test Card\nManaCost:1 W\nTypes:Enchantment\nR:Event$ BeginPhase | ActiveZones$ Battlefield | Phase$ Combat | Skip$ True | Description$ Skip your combat phases.\nR:Event$ BeginPhase | ActiveZones$ Battlefield | Phase$ Main | Skip$ True | Description$ Skip your main phases.\nR:Event$ BeginPhase | ActiveZones$ Battlefield | Phase$ Upkep | Skip$ True | Description$ Skip your upkeep.\n";

#[test]
fn a_phase_word_the_version_compares_is_no_phase_error() {
    // 2022's BeginPhase replacement compares `Phase$` with `Combat` and `Main`, else with the
    // phase's name: those two are read, and another word never matches (it does not throw).
    for engine in [None, Some(Version::V2022), Some(Version::Latest)] {
        let f = findings(SKIP_COMBAT, engine, &["F151"]);
        assert_eq!(f.len(), 1, "{engine:?}: {f:?}");
        assert!(f[0].2.starts_with("`Upkep`"), "{}", f[0].2);
        assert_eq!(f[0].1, Severity::Warning, "{engine:?}: {}", f[0].2);
        assert!(f[0].2.contains("never matches"), "{}", f[0].2);
    }
}

const COUNTERS: &str = "Name:Test Card\nManaCost:1 W\nTypes:Creature Human\nPT:1/1\nK:etbCounter:Double Strike:1\nA:AB$ PutCounter | Cost$ T | CounterType$ Flying,First Strike | Defined$ Self | SpellDescription$ Put a flying counter and a first strike counter on CARDNAME.\nA:AB$ PutCounter | Cost$ 1 | CounterType$ VOID | Defined$ Self | SpellDescription$ Put a void counter on CARDNAME.\nA:AB$ PutCounter | Cost$ 2 | CounterType$ CHARGF | Defined$ Self | SpellDescription$ Put a charge counter on CARDNAME.\n";

#[test]
fn a_counter_kind_is_judged_by_what_the_version_does_with_it() {
    // Names with spaces are one counter (`First Strike`: a keyword counter).
    let f = findings(COUNTERS, None, &["F152"]);
    assert!(
        f.iter()
            .all(|(_, _, m)| !m.contains("`First`") && !m.contains("`Strike`")),
        "{f:?}"
    );
    // Upstream makes a new kind of an unknown name: nothing, or a hint one letter from a kind.
    for engine in [Version::V2022, Version::Latest] {
        let f = findings(COUNTERS, Some(engine), &["F152"]);
        assert_eq!(f.len(), 1, "{engine:?}: {f:?}");
        assert_eq!(f[0].1, Severity::Hint);
        assert!(f[0].2.contains("`CHARGE`"), "{}", f[0].2);
        assert!(!f[0].2.contains("2020"), "{}", f[0].2);
    }
    // Forge 2020 throws on every one of them: it has no keyword counters either.
    let f = findings(COUNTERS, Some(Version::V2020), &["F152"]);
    let words: Vec<&str> = f
        .iter()
        .filter_map(|(_, _, m)| m.split('`').nth(1))
        .collect();
    assert_eq!(
        words,
        ["Double Strike", "Flying", "First Strike", "VOID", "CHARGF"],
        "{f:?}"
    );
    assert!(
        f.iter()
            .all(|(_, s, m)| *s == Severity::Error && m.contains("Forge 2020 throws"))
    );
}

const ROLL: &str = "Name:Test Card\nManaCost:1 R\nTypes:Artifact\nA:AB$ RollDice | Cost$ T | Sides$ 6 | ResultSVar$ Result | SubAbility$ DBDmg | SpellDescription$ Roll a six-sided die. CARDNAME deals damage equal to the result to you.\nSVar:DBDmg:DB$ DealDamage | NumDmg$ Result | Defined$ You\n";

#[test]
fn an_svar_the_engine_sets_from_a_parameter_is_defined() {
    for engine in [None, Some(Version::V2022), Some(Version::Latest)] {
        assert!(findings(ROLL, engine, &["F134"]).is_empty(), "{engine:?}");
    }
}

const HIDDEN: &str =
    "Name:Test Card\nManaCost:1 G\nTypes:Creature Elf\nPT:1/1\nK:This spell can't be countered.\n";

#[test]
fn a_keyword_the_engine_tests_by_its_text_is_known() {
    for engine in [None, Some(Version::V2022), Some(Version::Latest)] {
        assert!(findings(HIDDEN, engine, &["F153"]).is_empty(), "{engine:?}");
    }
    assert_eq!(findings(HIDDEN, Some(Version::V2020), &["F153"]).len(), 1);
}

const TWO_TARGETS: &str = "Name:Test Card\nManaCost:1 U U\nTypes:Sorcery\nA:SP$ ChangeZone | Cost$ 1 U U | ValidTgts$ Creature | Origin$ Battlefield | Destination$ Hand | SubAbility$ DBBounce | SpellDescription$ Return target creature to its owner's hand. Then return another target creature to its owner's hand unless its controller pays {1}.\nSVar:DBBounce:DB$ ChangeZone | ValidTgts$ Creature | TargetUnique$ True | Origin$ Battlefield | Destination$ Hand | UnlessCost$ 1 | UnlessPayer$ TargetedController\n";

#[test]
fn targeted_takes_the_whole_chain_only_after_2020() {
    // Forge 2020 resolved `Targeted` to the nearest targeting ability; since 2021 it takes the
    // targets of the whole chain, so the second ability's controller question is asked of both.
    assert!(findings(TWO_TARGETS, Some(Version::V2020), &["F195"]).is_empty());
    for engine in [None, Some(Version::V2022), Some(Version::Latest)] {
        let f = findings(TWO_TARGETS, engine, &["F195"]);
        assert_eq!(f.len(), 1, "{engine:?}: {f:?}");
        assert_eq!(f[0].1, Severity::Warning);
        assert!(f[0].2.contains("ThisTargetedController"), "{}", f[0].2);
    }
}

const RETIRED: &str = "Name:Test Card\nManaCost:1 U\nTypes:Instant\nA:SP$ Pump | Cost$ 1 U | ValidTgts$ Creature | KW$ Flying | Permanent$ True | SpellDescription$ Target creature gains flying.\n";

#[test]
fn a_key_retired_into_a_value_is_a_warning_by_default() {
    // `Permanent$ True` is read by Forge 2020 alone; since 2021 Pump reads `Duration$ Permanent`.
    assert!(findings(RETIRED, Some(Version::V2020), &["F117"]).is_empty());
    let f = findings(RETIRED, None, &["F117"]);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].1, Severity::Warning);
    assert!(f[0].2.contains("`Duration$ Permanent`"), "{}", f[0].2);
    for engine in [Version::V2022, Version::Latest] {
        let f = findings(RETIRED, Some(engine), &["F117"]);
        assert_eq!(f.len(), 1, "{engine:?}: {f:?}");
        assert_eq!(f[0].1, Severity::Warning);
    }
}

const RENAMED: &str = "Name:Test Card\nManaCost:U U\nTypes:Instant\nA:SP$ Phases | Cost$ U U | AllValid$ Creature | PhaseInOrOutAll$ True | SpellDescription$ All creatures phase out.\n";

#[test]
fn a_key_renamed_upstream_is_a_warning_by_default() {
    assert!(findings(RENAMED, Some(Version::V2020), &["F117"]).is_empty());
    let f = findings(RENAMED, None, &["F117"]);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].1, Severity::Warning);
    assert!(f[0].2.contains("`PhaseInOrOut$`"), "{}", f[0].2);
}
