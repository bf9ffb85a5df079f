//! Edge cases of the rules F163-F168 (Forge) and W130-W132 (Wagic), on invented cards: which rule
//! fires where, at which severity, with which fix, and the look-alikes that stay silent.

use lint::{Applicability, Diagnostic, Dialect, Severity, SourceFile};

/// A fix as its edits' texts (joined with `|`) and its applicability.
type FixSummary = Option<(String, Applicability)>;
/// (code, flagged text, severity, fix).
type Finding = (&'static str, String, Severity, FixSummary);

/// Lints files given as (path, text) with every rule on; returns (code, flagged text, severity,
/// fix edits joined with `|` and applicability).
fn lint(dialect: Dialect, files: &[(&str, &str)]) -> Vec<Finding> {
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|(p, t)| SourceFile::new(*p, dialect, t.as_bytes()))
        .collect();
    let results = lint::workspace::check(&sources, &lint::config::Config::every_rule());
    let mut out = Vec::new();
    for (file, diags) in sources.iter().zip(results) {
        for d in diags {
            out.push(summary(file.text(), &d));
        }
    }
    out
}

fn summary(text: &str, d: &Diagnostic) -> Finding {
    let fix = d.fix.as_ref().map(|f| {
        (
            f.edits
                .iter()
                .map(|e| e.new_text.clone())
                .collect::<Vec<_>>()
                .join("|"),
            f.applicability,
        )
    });
    (d.rule.code, text[d.range].to_string(), d.severity, fix)
}

type Found = Vec<(Severity, String, FixSummary)>;

fn forge(text: &str, code: &str) -> Found {
    of(
        lint(Dialect::FORGE, &[("cardsfolder/t/test.txt", text)]),
        code,
    )
}

fn wagic(files: &[(&str, &str)], code: &str) -> Found {
    of(lint(Dialect::WAGIC, files), code)
}

fn of(all: Vec<Finding>, code: &str) -> Found {
    all.into_iter()
        .filter(|(c, ..)| *c == code)
        .map(|(_, t, s, f)| (s, t, f))
        .collect()
}

const HEAD: &str = "Name:Test Subject\nManaCost:1 G\nTypes:Creature Elf Druid\nPT:1/1\n";

// F163 trigger-object-not-provided

#[test]
fn trigger_object_singular_for_plural_mode() {
    let card = format!(
        "{HEAD}T:Mode$ ChangesZoneAll | ValidCards$ Creature.YouCtrl | Origin$ Battlefield | Destination$ Graveyard | Execute$ TrigPump | TriggerDescription$ Whenever creatures you control die, draw a card.\nSVar:TrigPump:DB$ Draw | Defined$ TriggeredCardController | NumCards$ 1\n"
    );
    let got = forge(&card, "F163");
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].0, Severity::Error);
    assert_eq!(got[0].1, "TriggeredCardController");
    assert_eq!(
        got[0].2,
        Some((
            "TriggeredCardsController".to_string(),
            Applicability::Unsafe
        ))
    );
}

#[test]
fn trigger_object_missing_in_amount_and_chain() {
    // Attacks provides Attacker, not Blocker; the SubAbility and the amount SVar are followed.
    let card = format!(
        "{HEAD}T:Mode$ Attacks | ValidAttacker$ Card.Self | Execute$ TrigA | TriggerDescription$ Whenever CARDNAME attacks, it deals X damage to the defender.\nSVar:TrigA:DB$ DealDamage | Defined$ TriggeredDefender | NumDmg$ X | SubAbility$ DBB\nSVar:DBB:DB$ Pump | Defined$ TriggeredBlocker | NumDef$ +1\nSVar:X:TriggeredBlocker$CardPower\n"
    );
    let got = forge(&card, "F163");
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got.iter().all(|(_, t, _)| t == "TriggeredBlocker"));
}

#[test]
fn trigger_object_provided_or_unknowable_is_silent() {
    // Provided by the mode.
    let ok = format!(
        "{HEAD}T:Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Creature.Other | Execute$ TrigP | TriggerDescription$ Whenever another creature dies, you gain 1 life.\nSVar:TrigP:DB$ GainLife | Defined$ TriggeredCardController | LifeAmount$ 1\n"
    );
    assert!(forge(&ok, "F163").is_empty());
    // Reached from an `A:` line as well: nothing can be said.
    let shared = format!(
        "{HEAD}A:AB$ Draw | Cost$ T | SubAbility$ DBX | SpellDescription$ Draw.\nT:Mode$ Attacks | ValidAttacker$ Card.Self | Execute$ DBX | TriggerDescription$ Whenever CARDNAME attacks, draw.\nSVar:DBX:DB$ Draw | Defined$ TriggeredBlockerController\n"
    );
    assert!(forge(&shared, "F163").is_empty());
    // A delayed trigger runs its `Execute$` under its own mode.
    let delayed = format!(
        "{HEAD}T:Mode$ Attacks | ValidAttacker$ Card.Self | Execute$ TrigD | TriggerDescription$ Whenever CARDNAME attacks, ...\nSVar:TrigD:DB$ DelayedTrigger | Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Creature | Execute$ DBG\nSVar:DBG:DB$ GainLife | Defined$ TriggeredCardController | LifeAmount$ 1\n"
    );
    assert!(forge(&delayed, "F163").is_empty());
}

// F162 unknown-defined, every Defined-valued parameter

#[test]
fn defined_valued_parameters_beyond_defined() {
    let card = format!(
        "{HEAD}A:AB$ ChooseCard | Cost$ T | Chooser$ Card.Self | Choices$ Creature | SpellDescription$ Choose.\n"
    );
    let got = forge(&card, "F162");
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].0, Severity::Error);
    assert_eq!(got[0].1, "Card.Self");
    // `Choices$` takes a Valid expression, and a Defined word in `Chooser$` is fine.
    let ok = format!(
        "{HEAD}A:AB$ ChooseCard | Cost$ T | Chooser$ TargetedPlayer | ValidTgts$ Player | Choices$ Creature.YouCtrl | SpellDescription$ Choose.\n"
    );
    assert!(forge(&ok, "F162").is_empty());
    // A parameter only some ApiType resolves as Defined: `Defender$` of MustAttack, not of Pump.
    let must = format!(
        "{HEAD}A:AB$ MustAttack | Cost$ T | ValidTgts$ Opponent | Defender$ Creature.Self | SpellDescription$ Attack me.\n"
    );
    assert_eq!(forge(&must, "F162").len(), 1);
    let pump = format!(
        "{HEAD}A:AB$ Pump | Cost$ T | Defined$ Self | Defender$ Creature.Self | SpellDescription$ Pump.\n"
    );
    assert!(forge(&pump, "F162").is_empty());
}

// F164 controller-outside-battlefield

#[test]
fn controller_property_outside_battlefield() {
    let card = format!(
        "{HEAD}A:AB$ ChangeZone | Cost$ T | Origin$ Graveyard | Destination$ Hand | ValidTgts$ Creature.YouCtrl+nonToken | SpellDescription$ Return.\n"
    );
    let got = forge(&card, "F164");
    assert_eq!(
        got,
        vec![(
            Severity::Hint,
            "YouCtrl".to_string(),
            Some(("YouOwn".to_string(), Applicability::Unsafe))
        )]
    );
    let hidden = format!(
        "{HEAD}A:AB$ ChangeZone | Cost$ T | Origin$ Library | Destination$ Hand | ChangeType$ Card.OppCtrl | SpellDescription$ Search.\n"
    );
    assert_eq!(forge(&hidden, "F164")[0].1, "OppCtrl");
    let tgt_zone = format!(
        "{HEAD}A:AB$ Pump | Cost$ T | TgtZone$ Graveyard | ValidTgts$ Card.YouDontCtrl | SpellDescription$ Mark.\n"
    );
    assert_eq!(
        forge(&tgt_zone, "F164")[0].2,
        Some(("YouDontOwn".to_string(), Applicability::Unsafe))
    );
}

#[test]
fn controller_property_on_battlefield_is_silent() {
    for origin in ["Battlefield", "Graveyard,Battlefield", "Any"] {
        let card = format!(
            "{HEAD}A:AB$ ChangeZone | Cost$ T | Origin$ {origin} | Destination$ Hand | ValidTgts$ Creature.YouCtrl | SpellDescription$ Bounce.\n"
        );
        assert!(forge(&card, "F164").is_empty(), "{origin}");
    }
}

// F165 spell-cost-mismatch

#[test]
fn spell_cost_against_mana_cost() {
    let spell = |mana: &str, cost: &str| {
        format!(
            "Name:Test Spell\nManaCost:{mana}\nTypes:Instant\nA:SP$ Draw | Cost$ {cost} | NumCards$ 1 | SpellDescription$ Draw a card.\n"
        )
    };
    let got = forge(&spell("1 U", "2 U"), "F165");
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].1, "2 U");
    // Spellings of the same symbols, order, and modifiers of X agree.
    for (mana, cost) in [
        ("W/U W/U", "WU WU"),
        ("1 U/P", "1 PU"),
        ("U 1", "1 U"),
        ("X U", "XCantBe0 X U"),
        ("2 G/H", "2 G/P"),
    ] {
        assert!(
            forge(&spell(mana, cost), "F165").is_empty(),
            "{mana} / {cost}"
        );
    }
    // Non-mana parts of the cost are not compared.
    assert!(forge(&spell("1 B", "1 B Sac<1/Creature>"), "F165").is_empty());
    // `no cost` with a mana cost.
    let got = forge(&spell("no cost", "3 U"), "F165");
    assert_eq!(got.len(), 1);
    assert!(forge(&spell("no cost", "0"), "F165").is_empty());
}

#[test]
fn spell_cost_with_two_spells_is_silent() {
    let card = "Name:Test Spell\nManaCost:1 U\nTypes:Instant\nA:SP$ Draw | Cost$ 1 U | NumCards$ 1 | SpellDescription$ Draw a card.\nA:SP$ Draw | Cost$ 4 U | NumCards$ 2 | SpellDescription$ Overload.\n";
    assert!(forge(card, "F165").is_empty());
}

// F166 text-keyword-not-scripted

#[test]
fn keyword_line_without_keyword() {
    let card =
        format!("{HEAD}K:Vigilance\nOracle:Flying, vigilance\\nWhen CARDNAME enters, draw.\n");
    let got = forge(&card, "F166");
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].1, "Flying");
    assert_eq!(got[0].0, Severity::Warning);
    assert_eq!(
        got[0].2,
        Some(("K:Flying\n".to_string(), Applicability::Unsafe))
    );
    // Reminder text, the keyword given by a static ability, and a sentence mentioning it.
    let reminder = format!("{HEAD}Oracle:Trample (This creature can deal excess damage.)\n");
    assert_eq!(forge(&reminder, "F166").len(), 1);
    let statik = format!(
        "{HEAD}S:Mode$ Continuous | Affected$ Card.Self | AddKeyword$ Flying | Description$ CARDNAME has flying.\nOracle:Flying\n"
    );
    assert!(forge(&statik, "F166").is_empty());
    let sentence = format!("{HEAD}Oracle:Creatures you control have flying.\n");
    assert!(forge(&sentence, "F166").is_empty());
    let with_param = format!("{HEAD}K:Flying\nOracle:Flying, protection from red\n");
    assert!(forge(&with_param, "F166").is_empty());
}

// F167 text-activation-cost-mismatch

#[test]
fn activation_cost_against_text() {
    let card = |cost: &str, text: &str| {
        format!(
            "{HEAD}A:AB$ Pump | Cost$ {cost} | Defined$ Self | NumAtt$ +1 | SpellDescription$ Pump.\nOracle:{text}\n"
        )
    };
    let got = forge(&card("R T", "{1}{R}, {T}: Pump."), "F167");
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].1, "R T");
    assert!(forge(&card("1 R T", "{1}{R}, {T}: Pump."), "F167").is_empty());
    assert!(forge(&card("T 1 R", "{R}{1}, {T}: Pump."), "F167").is_empty());
    // Costs with words, and texts with two activated abilities, are not compared.
    assert!(
        forge(
            &card("1 Sac<1/Creature>", "{1}, Sacrifice a creature: Pump."),
            "F167"
        )
        .is_empty()
    );
    assert!(forge(&card("R", "{R}: Pump.\\n{2}: Other."), "F167").is_empty());
}

// F168 optional-trigger-without-decider

#[test]
fn optional_trigger() {
    let card = |extra: &str, sub: &str| {
        format!(
            "{HEAD}T:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigD{extra} | TriggerDescription$ When CARDNAME enters the battlefield, you may draw a card.\nSVar:TrigD:DB$ Draw | Defined$ You | NumCards$ 1{sub}\n"
        )
    };
    let got = forge(&card("", ""), "F168");
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].1, "you may");
    assert_eq!(
        got[0].2,
        Some(("OptionalDecider$ You | ".to_string(), Applicability::Unsafe))
    );
    assert!(forge(&card(" | OptionalDecider$ You", ""), "F168").is_empty());
    assert!(forge(&card("", " | UnlessCost$ 1"), "F168").is_empty());
    let later = format!(
        "{HEAD}T:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigD | TriggerDescription$ When CARDNAME enters the battlefield, draw a card. Then you may discard a card.\nSVar:TrigD:DB$ Draw | Defined$ You | NumCards$ 1\n"
    );
    assert!(forge(&later, "F168").is_empty());
}

// W130 repeated-key

const CARD_PATH: &str = "Res/sets/primitives/mtg.txt";

#[test]
fn wagic_duplicate_keys() {
    let text = "[card]\nname=Test\nmana={1}{B}\ntype=Creature\nmana={2}{B}\nauto=flying\nauto=haste\ntext=A.\ntext=A.\npower=1\ntoughness=1\n[/card]\n";
    let got = wagic(&[(CARD_PATH, text)], "W130");
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[0].0, Severity::Warning);
    assert_eq!(got[0].1, "mana={2}{B}");
    assert_eq!(got[1].0, Severity::Hint);
    assert_eq!(got[1].2, Some((String::new(), Applicability::Safe)));
}

// W131 misspelt-subtype

#[test]
fn wagic_misspelt_subtype() {
    let prims = "[card]\nname=Tidal Runner\nmana={U}\ntype=Creature\nsubtype=Merfolk Scout\npower=1\ntoughness=1\n[/card]\n[card]\nname=Reef Warden\nmana={U}\ntype=Creature\nsubtype=Melfolk Soldier\npower=1\ntoughness=1\n[/card]\n[card]\nname=Elf Pack\nmana={G}\ntype=Creature\nsubtype=Elves\npower=1\ntoughness=1\n[/card]\n";
    let got = wagic(&[(CARD_PATH, prims)], "W131");
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].1, "Melfolk");
    assert_eq!(got[0].0, Severity::Warning);
}

// W132 misspelt-target-type

#[test]
fn wagic_misspelt_target_type() {
    let prims = "[card]\nname=Bolt Snare\nmana={R}\ntype=Instant\ntarget=creture\nauto=damage:2\n[/card]\n[card]\nname=Rust Lord\nmana={R}\ntype=Creature\nsubtype=Goblin\npower=1\ntoughness=1\nauto=lord(artifcat) -1/-0\nauto=lord(goblin) +1/+0\n[/card]\n";
    let got = wagic(&[(CARD_PATH, prims)], "W132");
    let words: Vec<&str> = got.iter().map(|(_, t, _)| t.as_str()).collect();
    assert_eq!(words, ["creture", "artifcat"], "{got:?}");
    assert_eq!(
        got[0].2,
        Some(("creature".to_string(), Applicability::Safe))
    );
}

/// Issue 27: a run of empty pieces (`||||`) is one F122 finding over the whole run, not one a
/// piece: a line of `|` cost a finding (and its memory) per byte. A lone empty piece is still
/// its own finding.
#[test]
fn f122_a_run_of_empty_pieces_is_one_finding() {
    let card = format!(
        "Name:Pipe Card\nManaCost:R\nTypes:Instant\nA:SP$ Draw | Cost$ R {}| NumCards$ 1 | | SpellDescription$ Draw.\n",
        "|".repeat(10_000)
    );
    let found: Vec<Finding> = lint(Dialect::FORGE, &[("cardsfolder/p/pipe_card.txt", &card)])
        .into_iter()
        .filter(|f| f.0 == "F122")
        .collect();
    let flagged: Vec<&str> = found.iter().map(|f| f.1.as_str()).collect();
    assert_eq!(flagged, ["|".repeat(10_001).as_str(), "| |"], "{found:?}");
}

/// F161 trusts a `tokenscripts` folder of Forge's size: a name it lacks is reported even when no
/// script is near it. (A folder of a few scripts is a partial copy: fixture
/// `good-partial-folder`.)
#[test]
fn f161_reports_any_missing_name_in_a_whole_folder() {
    let scripts: Vec<(String, String)> = (0..120)
        .map(|i| {
            (
                format!("tokenscripts/c_{i}_{i}_construct.txt"),
                format!("Name:Construct {i}\nManaCost:no cost\nTypes:Artifact Creature Construct\nPT:{i}/{i}\n"),
            )
        })
        .collect();
    let card = "Name:Rally of Kinds\nManaCost:2 R\nTypes:Sorcery\nA:SP$ Token | Cost$ 2 R | TokenScript$ r_1_1_goblin | SpellDescription$ Create a 1/1 red Goblin creature token.\n";
    let mut files: Vec<(&str, &str)> = scripts
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    files.push(("cardsfolder/r/rally_of_kinds.txt", card));
    let found = of(lint(Dialect::FORGE, &files), "F161");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, Severity::Warning);
    assert_eq!(found[0].1, "r_1_1_goblin");
    // The same card beside a folder of three scripts: no finding.
    let few: Vec<(&str, &str)> = files[117..].to_vec();
    assert_eq!(few.len(), 4);
    assert!(of(lint(Dialect::FORGE, &few), "F161").is_empty());
}
