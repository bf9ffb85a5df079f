//! Fixture tests of the Forge rules: each bad case is flagged at the right span (the text the
//! diagnostic covers), each good case is silent. Every card here is invented for the test.

use lint::{Applicability, Diagnostic, Dialect, Severity, SourceFile};

fn lint_files(files: &[(&str, &str)]) -> Vec<(String, Vec<Diagnostic>)> {
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|(path, text)| SourceFile::from_text(*path, Dialect::FORGE, *text))
        .collect();
    let out = lint::workspace::check(&sources, &lint::config::Config::default());
    sources
        .iter()
        .zip(out)
        .map(|(s, d)| (s.text().to_string(), d))
        .collect()
}

/// The diagnostics of one card: (code, covered text, severity).
fn lint(text: &str) -> Vec<(&'static str, String, Severity)> {
    summarize(text, &lint_files(&[("cardsfolder/t/test.txt", text)])[0].1)
}

fn summarize(text: &str, diags: &[Diagnostic]) -> Vec<(&'static str, String, Severity)> {
    diags
        .iter()
        .map(|d| {
            let r = usize::from(d.range.start())..usize::from(d.range.end());
            (d.rule.code, text[r].to_string(), d.severity)
        })
        .collect()
}

#[track_caller]
fn flags(text: &str, code: &str, span: &str, severity: Severity) {
    let got = lint(text);
    assert!(
        got.iter()
            .any(|(c, s, sev)| *c == code && s == span && *sev == severity),
        "expected {code} on {span:?} at {severity:?}; got {got:#?}"
    );
}

#[track_caller]
fn silent(text: &str, code: &str) {
    let got = lint(text);
    assert!(
        !got.iter().any(|(c, _, _)| *c == code),
        "expected no {code}; got {got:#?}"
    );
}

/// The fix of the first diagnostic of `code`, applied.
#[track_caller]
fn fixed(text: &str, code: &str) -> (String, Applicability) {
    let files = lint_files(&[("cardsfolder/t/test.txt", text)]);
    let d = files[0]
        .1
        .iter()
        .find(|d| d.rule.code == code)
        .unwrap_or_else(|| panic!("no {code}"));
    let fix = d
        .fix
        .as_ref()
        .unwrap_or_else(|| panic!("{code} has no fix"));
    let mut out = text.to_string();
    let mut edits = fix.edits.clone();
    edits.sort_by_key(|e| std::cmp::Reverse(e.range.start()));
    for e in edits {
        out.replace_range(
            usize::from(e.range.start())..usize::from(e.range.end()),
            &e.new_text,
        );
    }
    (out, fix.applicability)
}

/// A plain creature to build fixtures on.
const HEAD: &str = "Name:Test Subject\nManaCost:1 G\nTypes:Creature Elf Druid\nPT:1/1\n";

fn card(extra: &str) -> String {
    format!("{HEAD}{extra}")
}

use Severity::{Error, Hint, Warning};

#[test]
fn clean_card_is_silent() {
    let text = card(
        "K:Flying\nA:AB$ Pump | Cost$ G T | ValidTgts$ Creature.YouCtrl+Other | NumAtt$ +1 | SubAbility$ DBDraw | SpellDescription$ Pump and draw.\nSVar:DBDraw:DB$ Draw | NumCards$ 1\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigGain | TriggerDescription$ When CARDNAME enters the battlefield, you gain 1 life.\nSVar:TrigGain:DB$ GainLife | Defined$ You | LifeAmount$ X\nSVar:X:Count$Valid Creature.YouCtrl\nOracle:Flying",
    );
    let got = lint(&text);
    assert!(got.is_empty(), "{got:#?}");
}

#[test]
fn f100_unknown_line_key() {
    flags(&card("Flavour:Quiet."), "F100", "Flavour", Warning);
    silent(&card("Oracle:Quiet."), "F100");
}

#[test]
fn f101_misspelt_line_key() {
    let text = "Name:Test Subject\nManaCost:1 G\nTpyes:Creature Elf\nPT:1/1";
    flags(text, "F101", "Tpyes", Error);
    assert_eq!(
        fixed(text, "F101"),
        (
            "Name:Test Subject\nManaCost:1 G\nTypes:Creature Elf\nPT:1/1".to_string(),
            Applicability::Safe
        )
    );
    flags(&card("svar:X:Count$xPaid"), "F101", "svar", Error);
    // Not also reported as an unknown key.
    silent(&card("svar:X:Count$xPaid"), "F100");
}

#[test]
fn f102_wrapped_line_replaces_e010() {
    let text =
        card("A:AB$ Pump | Cost$ G | Defined$ Self | NumAtt$ +1\n| SpellDescription$ It grows.");
    flags(&text, "F102", "| SpellDescription$ It grows.", Warning);
    silent(&text, "E010");
    let (out, how) = fixed(&text, "F102");
    assert!(out.ends_with("NumAtt$ +1 | SpellDescription$ It grows."));
    assert_eq!(how, Applicability::Unsafe);
    // A description on a line of its own, without the pipe.
    flags(
        &card("A:AB$ Pump | Cost$ G | Defined$ Self | NumAtt$ +1\nSpellDescription$ It grows."),
        "F102",
        "SpellDescription$ It grows.",
        Warning,
    );
}

#[test]
fn f103_pseudo_comment() {
    let text = card("// a note: with a colon");
    flags(&text, "F103", "// a note: with a colon", Warning);
    silent(&text, "F100");
    silent(&text, "E010");
    assert!(fixed(&text, "F103").0.ends_with("# a note: with a colon"));
    silent(&card("# a real comment"), "F103");
}

#[test]
fn f104_missing_required_key() {
    flags(
        "Name:Stone Sentry\nManaCost:3\nTypes:Artifact Creature Golem",
        "F104",
        "Name:Stone Sentry",
        Error,
    );
    flags(
        "Name:Free Bolt\nTypes:Instant",
        "F104",
        "Name:Free Bolt",
        Error,
    );
    silent("Name:Quiet Grove\nTypes:Land", "F104");
    flags(
        "Name:Ajani Test\nManaCost:2 W\nTypes:Legendary Planeswalker Ajani",
        "F104",
        "Name:Ajani Test",
        Error,
    );
    silent(
        "Name:Ajani Test\nManaCost:2 W\nTypes:Legendary Planeswalker Ajani\nLoyalty:3",
        "F104",
    );
    // Token scripts need no mana cost.
    let files = lint_files(&[(
        "tokenscripts/g_1_1_elf.txt",
        "Name:Elf Token\nTypes:Creature Elf\nColors:green\nPT:1/1",
    )]);
    assert!(!files[0].1.iter().any(|d| d.rule.code == "F104"));
}

#[test]
fn f105_line_before_name() {
    flags(
        "ManaCost:R\nName:Quick Spark\nTypes:Instant",
        "F105",
        "ManaCost",
        Error,
    );
    silent(
        "AlternateMode:Split\nName:Quick Spark\nManaCost:R\nTypes:Instant\nALTERNATE\nName:Slow Spark\nManaCost:1 R\nTypes:Instant",
        "F105",
    );
}

#[test]
fn f106_repeated_line_key() {
    flags(&card("Colors:red\nColors:blue"), "F106", "Colors", Warning);
    flags(&card("Colors:red\nColors:red"), "F106", "Colors", Hint);
    flags(&card("Name:Other Name"), "F106", "Name", Error);
    silent(&card("K:Flying\nK:Trample"), "F106");
}

#[test]
fn f107_multi_face_structure() {
    let two_faces = "Name:Moonlit Pup\nManaCost:1 G\nTypes:Creature Wolf\nPT:1/1\nALTERNATE\nName:Moonlit Howler\nTypes:Creature Werewolf\nPT:3/3";
    flags(two_faces, "F107", "ALTERNATE", Error);
    silent(&format!("AlternateMode:DoubleFaced\n{two_faces}"), "F107");
    flags(
        &format!("AlternateMode:Doublefaced2\n{two_faces}"),
        "F107",
        "Doublefaced2",
        Error,
    );
    flags(
        &card("AlternateMode:Split"),
        "F107",
        "AlternateMode:Split",
        Error,
    );
    // The non-result half of a meld pair has no second face.
    silent(&card("AlternateMode:Meld\nMeldPair:Other Half"), "F107");
}

#[test]
fn f108_unknown_type_word() {
    flags(
        "Name:Gate Sentry\nManaCost:1 W\nTypes:Creature Human Solider\nPT:2/2",
        "F108",
        "Solider",
        Error,
    );
    flags(
        "Name:Gate Sentry\nManaCost:1 W\nTypes:Creature Human Blorptastic\nPT:2/2",
        "F108",
        "Blorptastic",
        Warning,
    );
    silent(
        "Name:Gate Sentry\nManaCost:1 W\nTypes:Legendary Snow Creature Human Soldier\nPT:2/2",
        "F108",
    );
}

#[test]
fn f109_trailing_whitespace() {
    flags(&card("K:Flying  "), "F109", "  ", Hint);
    silent(&card("K:Flying"), "F109");
}

#[test]
fn f110_unknown_api_type() {
    let text = card("A:AB$ Destory | Cost$ T | ValidTgts$ Artifact | SpellDescription$ Destroy.");
    flags(&text, "F110", "Destory", Error);
    let (out, how) = fixed(&text, "F110");
    assert!(out.contains("AB$ Destroy |"));
    assert_eq!(how, Applicability::Safe);
    silent(
        &card("A:AB$ Destroy | Cost$ T | ValidTgts$ Artifact | SpellDescription$ Destroy."),
        "F110",
    );
}

#[test]
fn f111_api_type_case() {
    flags(
        &card("A:AB$ Gainlife | Cost$ T | LifeAmount$ 1 | SpellDescription$ Gain."),
        "F111",
        "Gainlife",
        Hint,
    );
    silent(
        &card("A:AB$ GainLife | Cost$ T | LifeAmount$ 1 | SpellDescription$ Gain."),
        "F111",
    );
}

#[test]
fn f112_missing_record_kind() {
    flags(&card("A:Draw | Cost$ T | NumCards$ 1"), "F112", "A", Error);
    flags(
        &card("A:DB$ Draw | Cost$ T | NumCards$ 1"),
        "F112",
        "DB",
        Error,
    );
    flags(&card("T:Phase$ Upkeep | Execute$ X"), "F112", "T", Error);
    silent(&card("A:AB$ Draw | Cost$ T | NumCards$ 1"), "F112");
}

#[test]
fn f113_missing_cost() {
    flags(&card("A:AB$ Draw | NumCards$ 1"), "F113", "AB", Error);
    flags(
        "Name:Quick Study\nManaCost:U\nTypes:Instant\nA:SP$ Draw | NumCards$ 1",
        "F113",
        "SP",
        Hint,
    );
    silent(&card("A:AB$ Draw | Cost$ T | NumCards$ 1"), "F113");
}

#[test]
fn f114_to_f116_unknown_modes() {
    flags(
        &card(
            "T:Mode$ ChangeZone | Origin$ Any | Destination$ Battlefield | Execute$ TrigX\nSVar:TrigX:DB$ Draw | NumCards$ 1",
        ),
        "F114",
        "ChangeZone",
        Error,
    );
    flags(
        &card("S:Mode$ Continous | Affected$ Creature.YouCtrl | AddPower$ 1"),
        "F115",
        "Continous",
        Error,
    );
    flags(
        &card("S:Mode$ continuous | Affected$ Creature.YouCtrl | AddPower$ 1"),
        "F115",
        "continuous",
        Warning,
    );
    // Upstream takes a comma list of static modes.
    silent(
        &card("S:Mode$ CantAttack,CantBlock | ValidCard$ Card.Self"),
        "F115",
    );
    flags(
        &card(
            "R:Event$ Move | ValidCard$ Card.Self | ReplaceWith$ DBExile\nSVar:DBExile:DB$ ChangeZone | Defined$ ReplacedCard | Origin$ All | Destination$ Exile",
        ),
        "F116",
        "Move",
        Error,
    );
    silent(
        &card(
            "R:Event$ Moved | ValidCard$ Card.Self | ReplaceWith$ DBExile\nSVar:DBExile:DB$ ChangeZone | Defined$ ReplacedCard | Origin$ All | Destination$ Exile",
        ),
        "F116",
    );
}

#[test]
fn f117_unknown_param() {
    let text = card("A:AB$ Draw | Cost$ T | NumCards$ 1 | Static$ True");
    flags(&text, "F117", "Static", Warning);
    // A trigger parameter on an ability that is also a delayed trigger is read.
    silent(
        &card(
            "A:AB$ DelayedTrigger | Cost$ T | Mode$ Phase | Phase$ End of Turn | Execute$ DBDraw | TriggerDescription$ Later, draw.\nSVar:DBDraw:DB$ Draw | NumCards$ 1",
        ),
        "F117",
    );
    // Vote<choice> keys are built by the effect.
    silent(
        &card(
            "A:AB$ Vote | Cost$ T | VoteType$ Grace,Wrath | VoteGrace$ DBDraw | VoteWrath$ DBDraw\nSVar:DBDraw:DB$ Draw | NumCards$ 1",
        ),
        "F117",
    );
}

#[test]
fn f118_misspelt_param() {
    let text = card("A:AB$ Destroy | Cost$ T | ValidTgts$ Creature | NoReg$ True");
    flags(&text, "F118", "NoReg", Error);
    assert!(fixed(&text, "F118").0.contains("NoRegen$ True"));
    // A prompt typo only changes text.
    flags(
        &card("A:AB$ Destroy | Cost$ T | ValidTgts$ Creature | TgtPromp$ Pick one"),
        "F118",
        "TgtPromp",
        Warning,
    );
    // The value written is the default.
    flags(
        &card(
            "A:AB$ Draw | Cost$ T | NumCards$ 1 | ConditionCheckSVar$ X | ConditonSVarCompare$ GE1\nSVar:X:Count$xPaid",
        ),
        "F118",
        "ConditonSVarCompare",
        Warning,
    );
}

#[test]
fn f119_param_key_case() {
    let text = card(
        "T:Mode$ Phase | Phase$ Upkeep | ValidPlayer$ You | Triggerzones$ Battlefield | Execute$ DBDraw\nSVar:DBDraw:DB$ Draw | NumCards$ 1",
    );
    flags(&text, "F119", "Triggerzones", Warning);
    assert!(fixed(&text, "F119").0.contains("TriggerZones$"));
    // Chain keys are read ignoring case while the ability is built.
    silent(
        &card(
            "A:AB$ Draw | Cost$ T | NumCards$ 1 | Subability$ DBGain\nSVar:DBGain:DB$ GainLife | LifeAmount$ 1",
        ),
        "F119",
    );
    // Restrictions work in 2020 only.
    flags(
        &card("A:AB$ Draw | Cost$ T | NumCards$ 1 | isPresent$ Forest.YouCtrl"),
        "F119",
        "isPresent",
        Hint,
    );
}

#[test]
fn f120_duplicate_param() {
    flags(
        &card("A:AB$ Draw | Cost$ T | NumCards$ 1 | AILogic$ A | AILogic$ B"),
        "F120",
        "AILogic",
        Warning,
    );
    flags(
        &card("A:AB$ Draw | Cost$ T | Defined$ You | NumCards$ 1 | Defined$ You"),
        "F120",
        "Defined",
        Hint,
    );
    silent(&card("A:AB$ Draw | Cost$ T | NumCards$ 1"), "F120");
}

#[test]
fn f121_piece_without_dollar() {
    let text = card(
        "A:AB$ Tap | Cost$ G | ValidTgts$ Creature | SubAbility DBDraw\nSVar:DBDraw:DB$ Draw | NumCards$ 1",
    );
    flags(&text, "F121", "SubAbility DBDraw", Error);
    assert!(fixed(&text, "F121").0.contains("SubAbility$ DBDraw"));
    flags(
        &card("A:AB$ Cleanup | Cost$ G | ClearRemembered"),
        "F121",
        "ClearRemembered",
        Warning,
    );
    flags(
        &card("A:AB$ Draw | Cost$ G | NumCards$ 1 | Draw a card"),
        "F121",
        "Draw a card",
        Warning,
    );
}

#[test]
fn f122_empty_param() {
    flags(
        &card("A:AB$ Draw | Cost$ G | NumCards$ | SpellDescription$ Draw."),
        "F122",
        "NumCards$",
        Warning,
    );
    flags(
        &card("A:AB$ Draw | Cost$ G | | NumCards$ 1"),
        "F122",
        "| |",
        Warning,
    );
    silent(&card("A:AB$ Draw | Cost$ G | NumCards$ 1"), "F122");
}

#[test]
fn f130_undefined_svar() {
    flags(
        &card(
            "A:AB$ Draw | Cost$ T | NumCards$ 1 | SubAbility$ DBGian\nSVar:DBGain:DB$ GainLife | LifeAmount$ 1",
        ),
        "F130",
        "DBGian",
        Error,
    );
    // In an SVar that nothing uses, a warning.
    flags(
        &card("SVar:Unused:DB$ Draw | NumCards$ 1 | SubAbility$ Missing"),
        "F130",
        "Missing",
        Warning,
    );
    // Names the engine adds.
    silent(
        "Name:Plane Test\nTypes:Plane Test\nT:Mode$ PlanarDice | Result$ Planeswalk | Execute$ RolledWalk",
        "F130",
    );
    // Each face has its own SVars.
    flags(
        "Name:Front\nManaCost:G\nTypes:Creature Elf\nPT:1/1\nAlternateMode:DoubleFaced\nSVar:DBDraw:DB$ Draw | NumCards$ 1\nALTERNATE\nName:Back\nTypes:Creature Elf\nPT:2/2\nA:AB$ Pump | Cost$ T | Defined$ Self | NumAtt$ +1 | SubAbility$ DBDraw",
        "F130",
        "DBDraw",
        Error,
    );
}

#[test]
fn f131_svar_name_case() {
    let text = card(
        "A:AB$ Draw | Cost$ T | NumCards$ 1 | SubAbility$ dbgain\nSVar:DBGain:DB$ GainLife | LifeAmount$ 1",
    );
    flags(&text, "F131", "dbgain", Error);
    assert!(fixed(&text, "F131").0.contains("SubAbility$ DBGain"));
    flags(
        &card("A:AB$ Draw | Cost$ T | NumCards$ Y\nSVar:y:Count$xPaid"),
        "F131",
        "Y",
        Warning,
    );
}

#[test]
fn f132_unresolved_svar_copy() {
    flags(
        &card(
            "A:AB$ Effect | Cost$ T | StaticAbilities$ STPump | SVars$ PumpX\nSVar:STPump:Mode$ Continuous | Affected$ Creature.YouCtrl | AddPower$ 1",
        ),
        "F132",
        "PumpX",
        Warning,
    );
    silent(
        &card(
            "A:AB$ Effect | Cost$ T | StaticAbilities$ STPump | SVars$ X\nSVar:STPump:Mode$ Continuous | Affected$ Creature.YouCtrl | AddPower$ X\nSVar:X:Count$xPaid",
        ),
        "F132",
    );
}

#[test]
fn f133_name_list_in_single_param() {
    flags(
        &card(
            "T:Mode$ Attacks | ValidCard$ Card.Self | Execute$ TrigA,TrigB\nSVar:TrigA:DB$ Draw | NumCards$ 1\nSVar:TrigB:DB$ GainLife | LifeAmount$ 1",
        ),
        "F133",
        "TrigA,TrigB",
        Error,
    );
}

#[test]
fn f134_undefined_amount_svar() {
    flags(
        &card("A:AB$ GainLife | Cost$ T | LifeAmount$ Y\nSVar:X:Count$xPaid"),
        "F134",
        "Y",
        Warning,
    );
    silent(
        &card("A:AB$ GainLife | Cost$ T | LifeAmount$ ChosenX"),
        "F134",
    );
    silent(&card("A:AB$ GainLife | Cost$ T | LifeAmount$ 3"), "F134");
}

#[test]
fn f135_duplicate_svar() {
    flags(
        &card(
            "SVar:X:Count$xPaid\nSVar:X:Count$CardPower\nA:AB$ GainLife | Cost$ T | LifeAmount$ X",
        ),
        "F135",
        "X",
        Warning,
    );
}

#[test]
fn f136_unused_svar() {
    flags(
        &card("SVar:DBDrain:DB$ LoseLife | Defined$ Player.Opponent | LifeAmount$ 1"),
        "F136",
        "DBDrain",
        Warning,
    );
    // Named from a keyword.
    silent(
        &card("K:ETBReplacement:Other:DBTap\nSVar:DBTap:DB$ Tap | Defined$ Self | ETB$ True"),
        "F136",
    );
    // Engine-reached names.
    silent(&card("SVar:TrigNotTribute:DB$ Draw | NumCards$ 1"), "F136");
}

#[test]
fn f137_svar_without_value() {
    flags(&card("SVar:PlayMain1"), "F137", "PlayMain1", Warning);
    silent(&card("SVar:PlayMain1:TRUE"), "F137");
}

#[test]
fn f138_svar_cycle() {
    flags(
        &card(
            "A:AB$ Draw | Cost$ T | NumCards$ 1 | SubAbility$ DBA\nSVar:DBA:DB$ Scry | ScryNum$ 1 | SubAbility$ DBB\nSVar:DBB:DB$ Draw | NumCards$ 1 | SubAbility$ DBA",
        ),
        "F138",
        "DBA",
        Error,
    );
    silent(
        &card(
            "A:AB$ Draw | Cost$ T | NumCards$ 1 | SubAbility$ DBA\nSVar:DBA:DB$ Scry | ScryNum$ 1",
        ),
        "F138",
    );
}

#[test]
fn f140_trigger_reference_outside_trigger() {
    flags(
        &card("A:AB$ Pump | Cost$ T | Defined$ TriggeredCard | NumAtt$ +1"),
        "F140",
        "TriggeredCard",
        Warning,
    );
    // The same ability run by a trigger is fine.
    silent(
        &card(
            "T:Mode$ Attacks | ValidCard$ Creature.YouCtrl | Execute$ TrigPump\nSVar:TrigPump:DB$ Pump | Defined$ TriggeredAttacker | NumAtt$ +1",
        ),
        "F140",
    );
}

#[test]
fn f150_unknown_zone() {
    let text = card(
        "A:AB$ ChangeZone | Cost$ T | Origin$ Graveyrd | Destination$ Hand | ValidTgts$ Creature.YouOwn",
    );
    flags(&text, "F150", "Graveyrd", Error);
    assert!(fixed(&text, "F150").0.contains("Origin$ Graveyard"));
    // Counter's Destination takes its own words.
    silent(
        "Name:No Test\nManaCost:U\nTypes:Instant\nA:SP$ Counter | Cost$ U | TargetType$ Spell | ValidTgts$ Card | Destination$ TopOfLibrary",
        "F150",
    );
    silent(
        &card(
            "T:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield,Exile | ValidCard$ Card.Self",
        ),
        "F150",
    );
}

#[test]
fn f151_unknown_phase() {
    flags(
        &card("A:AB$ Draw | Cost$ T | NumCards$ 1 | ActivationPhases$ Upkeep->EndCombta"),
        "F151",
        "EndCombta",
        Error,
    );
    silent(
        &card(
            "A:AB$ Draw | Cost$ T | NumCards$ 1 | ActivationPhases$ Upkeep->Declare Blockers,end of turn",
        ),
        "F151",
    );
}

#[test]
fn f152_unknown_counter_type() {
    flags(&card("K:etbCounter:CHRAGE:3"), "F152", "CHRAGE", Error);
    flags(
        &card("A:AB$ Draw | Cost$ T SubCounter<1/LOYALTTY> | NumCards$ 1"),
        "F152",
        "LOYALTTY",
        Error,
    );
    // Not a near miss: perhaps a counter kind newer than the list.
    flags(
        &card("A:AB$ PutCounter | Cost$ T | Defined$ Self | CounterType$ ZIGGURAT | CounterNum$ 1"),
        "F152",
        "ZIGGURAT",
        Warning,
    );
    // Upstream keyword counters.
    silent(
        &card("A:AB$ PutCounter | Cost$ T | Defined$ Self | CounterType$ Flying | CounterNum$ 1"),
        "F152",
    );
    silent(&card("K:etbCounter:+1/+1:3"), "F152");
    silent(
        &card(
            "A:AB$ RemoveCounter | Cost$ T | ValidTgts$ Permanent | CounterType$ Any | CounterNum$ 1",
        ),
        "F152",
    );
}

#[test]
fn f153_unknown_keyword() {
    let text = card("K:Flyng");
    flags(&text, "F153", "Flyng", Error);
    assert_eq!(
        fixed(&text, "F153"),
        (card("K:Flying"), Applicability::Safe)
    );
    flags(&card("K:Sings loudly"), "F153", "Sings loudly", Warning);
    silent(&card("K:Protection from red"), "F153");
    silent(&card("K:Snow swampwalk"), "F153");
    silent(&card("K:CARDNAME can't block."), "F153");
}

#[test]
fn f154_keyword_arity() {
    flags(&card("K:Equip"), "F154", "K:Equip", Warning);
    silent(&card("K:Equip:2"), "F154");
    silent(&card("K:Enchant creature"), "F154");
    silent(&card("K:Swampwalk"), "F154");
    silent(&card("K:Equip:3:Flavor Shiny"), "F154");
}

#[test]
fn f155_malformed_cost() {
    let text = card("A:AB$ Draw | Cost$ 1 Sax<1/Creature> | NumCards$ 1");
    flags(&text, "F155", "Sax", Error);
    assert!(fixed(&text, "F155").0.contains("Cost$ 1 Sac<1/Creature>"));
    flags(
        &card("A:AB$ Draw | Cost$ 1 Tap | NumCards$ 1"),
        "F155",
        "Tap",
        Error,
    );
    let unclosed = card("A:AB$ Draw | Cost$ T Sac<1/CARDNAME | NumCards$ 1");
    flags(&unclosed, "F155", "Sac<1/CARDNAME", Error);
    silent(&unclosed, "E011");
    silent(
        &card("A:AB$ Draw | Cost$ 2 W/U P/B T Q Sac<1/Creature.Other> PayLife<2> | NumCards$ 1"),
        "F155",
    );
    // A lone SVar name as an X-style cost.
    silent(
        &card(
            "S:Mode$ CantAttack | ValidCard$ Creature | Target$ You | Cost$ TaxX\nSVar:TaxX:Count$xPaid",
        ),
        "F155",
    );
}

#[test]
fn f156_malformed_mana_cost() {
    flags(
        "Name:Marsh Stalker\nManaCost:2 BB\nTypes:Creature Horror\nPT:3/2",
        "F156",
        "BB",
        Error,
    );
    silent(
        "Name:Marsh Stalker\nManaCost:2 B B W/U PG 2/R GH\nTypes:Creature Horror\nPT:3/2",
        "F156",
    );
    silent(
        "Name:Ancestor\nManaCost:no cost\nTypes:Creature Spirit\nPT:1/1",
        "F156",
    );
}

#[test]
fn f157_unknown_valid_property() {
    let text = card("A:AB$ Pump | Cost$ T | ValidTgts$ Creature.youCtrl | NumAtt$ +1");
    flags(&text, "F157", "youCtrl", Error);
    assert!(fixed(&text, "F157").0.contains("Creature.YouCtrl"));
    flags(
        &card("A:AB$ Pump | Cost$ T | ValidTgts$ Creature.Glorbish | NumAtt$ +1"),
        "F157",
        "Glorbish",
        Warning,
    );
    silent(
        &card(
            "A:AB$ Pump | Cost$ T | ValidTgts$ Creature.nonBlack+cmcLE3+withFlying+RedSource+Goblin,Player.Opponent | NumAtt$ +1",
        ),
        "F157",
    );
    // After `Defined.`, a Defined value follows, not properties.
    silent(
        &card(
            "A:AB$ ManaReflected | Cost$ T | Valid$ Defined.Imprinted | ColorOrType$ Color | ReflectProperty$ Is",
        ),
        "F157",
    );
}

#[test]
fn f158_unknown_valid_base() {
    let text = card("A:AB$ Destroy | Cost$ T | ValidTgts$ Creature,Planeswlaker");
    flags(&text, "F158", "Planeswlaker", Error);
    flags(
        &card(
            "T:Mode$ DamageDone | ValidSource$ Creature+YouCtrl | Execute$ DBDraw\nSVar:DBDraw:DB$ Draw | NumCards$ 1",
        ),
        "F158",
        "Creature+YouCtrl",
        Error,
    );
    flags(
        &card("A:AB$ Destroy | Cost$ T | ValidTgts$ CreatureCreature"),
        "F158",
        "CreatureCreature",
        Error,
    );
    silent(
        &card(
            "A:AB$ Draw | Cost$ T Sac<1/CARDNAME> Discard<1/Random> Sac<1/Artifact;Creature> | NumCards$ 1",
        ),
        "F158",
    );
    silent(
        &card(
            "A:AB$ ChangeZoneAll | Cost$ T | ChangeType$ Remembered.sameName | Origin$ Graveyard | Destination$ Exile",
        ),
        "F158",
    );
}

#[test]
fn f159_unknown_count_key() {
    let text = card("A:AB$ Draw | Cost$ T | NumCards$ X\nSVar:X:Count$xPaied");
    flags(&text, "F159", "xPaied", Error);
    flags(&card("SVar:X:Count$Glorb"), "F159", "Glorb", Warning);
    silent(&card("SVar:X:Count$Valid Creature.YouCtrl/Plus.1"), "F159");
    // Not a Count$ expression: a different prefix.
    silent(&card("SVar:X:TriggerCount$DamageAmount"), "F159");
}

#[test]
fn f160_malformed_comparison() {
    let text = card(
        "A:AB$ Draw | Cost$ T | NumCards$ 1 | CheckSVar$ X | SVarCompare$ >=3\nSVar:X:Count$xPaid",
    );
    flags(&text, "F160", ">=3", Error);
    assert!(fixed(&text, "F160").0.contains("SVarCompare$ GE3"));
    flags(
        &card(
            "A:AB$ Draw | Cost$ T | NumCards$ 1 | CheckSVar$ X | SVarCompare$ GEZ\nSVar:X:Count$xPaid",
        ),
        "F160",
        "Z",
        Warning,
    );
    silent(
        &card(
            "A:AB$ Draw | Cost$ T | NumCards$ 1 | CheckSVar$ X | SVarCompare$ LTY\nSVar:X:Count$xPaid\nSVar:Y:Number$3",
        ),
        "F160",
    );
}

#[test]
fn f161_unresolved_token_script() {
    let spell = "Name:Muster Call\nManaCost:1 W\nTypes:Sorcery\nA:SP$ Token | Cost$ 1 W | TokenScript$ w_1_1_soldeir | SpellDescription$ Make a soldier.";
    let token = "Name:Soldier Token\nTypes:Creature Soldier\nColors:white\nPT:1/1";
    let files = lint_files(&[
        ("cardsfolder/m/muster_call.txt", spell),
        ("tokenscripts/w_1_1_soldier.txt", token),
    ]);
    let got = summarize(&files[0].0, &files[0].1);
    assert!(
        got.iter()
            .any(|(c, s, sev)| *c == "F161" && s == "w_1_1_soldeir" && *sev == Warning),
        "{got:#?}"
    );
    let good = spell.replace("soldeir", "soldier");
    let files = lint_files(&[
        ("cardsfolder/m/muster_call.txt", &good),
        ("tokenscripts/w_1_1_soldier.txt", token),
    ]);
    assert!(!files[0].1.iter().any(|d| d.rule.code == "F161"));
    // Without a tokenscripts folder nothing can be said.
    let files = lint_files(&[("cardsfolder/m/muster_call.txt", spell)]);
    assert!(!files[0].1.iter().any(|d| d.rule.code == "F161"));
}

#[test]
fn f162_unknown_defined() {
    flags(
        &card("A:AB$ Pump | Cost$ T | Defined$ Card.Self | NumAtt$ +1"),
        "F162",
        "Card.Self",
        Error,
    );
    // Sacrifice's effect does not read Defined$: only a warning.
    flags(
        &card("A:AB$ Sacrifice | Cost$ T | Defined$ Card.Self"),
        "F162",
        "Card.Self",
        Warning,
    );
    silent(
        &card(
            "A:AB$ Pump | Cost$ T | Defined$ Remembered.Creature | NumAtt$ +1 | SubAbility$ DBDamage\nSVar:DBDamage:DB$ DealDamage | Defined$ Player.Opponent | NumDmg$ 1",
        ),
        "F162",
    );
}

#[test]
fn f190_version_specific_name() {
    let text = card(
        "A:AB$ FlipACoin | Cost$ T | WinSubAbility$ DBDraw\nSVar:DBDraw:DB$ Draw | NumCards$ 1",
    );
    flags(&text, "F190", "FlipACoin", Hint);
    assert_eq!(fixed(&text, "F190").1, Applicability::Unsafe);
    flags(&card("AI:RemoveDeck:Random"), "F190", "AI", Hint);
    silent(&card("A:AB$ Draw | Cost$ T | NumCards$ 1"), "F190");
}

#[test]
fn rule_list_has_every_forge_rule_once() {
    let forge: Vec<_> = lint::all_rules()
        .into_iter()
        .filter(|r| r.code.starts_with('F'))
        .collect();
    assert!(forge.len() >= 40);
    for r in &forge {
        assert_eq!(r.dialect, Some(Dialect::FORGE), "{}", r.code);
    }
}
