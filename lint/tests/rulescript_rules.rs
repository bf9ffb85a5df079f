//! The RuleScript rules on invented `card_rules.py` modules and set files.

use lint::{Dialect, SourceFile};

type Finding = (&'static str, u32, u32, String);

fn lint_with(rules: &str, set: Option<&str>) -> Vec<Finding> {
    let mut sources = vec![SourceFile::from_text(
        "o8g/Scripts/card_rules.py",
        Dialect::RULESCRIPT,
        rules,
    )];
    if let Some(set) = set {
        sources.push(SourceFile::from_text(
            "o8g/Sets/x/set.xml",
            Dialect::RULESCRIPT,
            set,
        ));
    }
    let index = syntax::LineIndex::new(rules);
    lint::workspace::check(&sources, &lint::config::Config::default())
        .remove(0)
        .into_iter()
        .map(|d| {
            let lc = index.line_col(d.range.start());
            (d.rule.code, lc.line + 1, lc.col + 1, d.message)
        })
        .collect()
}

fn lint(rules: &str) -> Vec<Finding> {
    lint_with(rules, None)
}

/// A module with one rule per `(guid, text)`; the first rule's text starts on line 4.
fn module(entries: &[(&str, &str)]) -> String {
    let mut out = String::from("\"\"\"Invented rules.\"\"\"\nRulesDict = {}\n");
    for (guid, text) in entries {
        out.push_str(&format!("RulesDict[\"{guid}\"] = \"\"\"\n{text}\n\"\"\"\n"));
    }
    out
}

fn has(found: &[Finding], code: &str, line: u32) -> bool {
    found.iter().any(|f| f.0 == code && f.1 == line)
}

fn count(found: &[Finding], code: &str) -> usize {
    found.iter().filter(|f| f.0 == code).count()
}

const G1: &str = "b1b2c3d4-0000-4000-8000-000000000001";
const G2: &str = "b1b2c3d4-0000-4000-8000-000000000002";

const SET: &str = "\u{feff}<?xml version=\"1.0\"?>\n<set gameId=\"e3d56d9e-900d-49c6-b6ae-22cbb51be153\">\n<cards>\n<card name=\"Ember Knight\" id=\"b1b2c3d4-0000-4000-8000-000000000001\">\n<property name=\"Type\" value=\"Character\" />\n<property name=\"Subtype\" value=\"Warrior\" />\n</card>\n<card name=\"Tide Caller\" id=\"b1b2c3d4-0000-4000-8000-000000000002\">\n<property name=\"Type\" value=\"Action\" />\n</card>\n</cards>\n</set>\n";

#[test]
fn a_clean_module_has_no_findings() {
    let text = module(&[
        (
            G1,
            "target = characters[bp>=500,warrior]@oppRing\naction = {F}: damage(200) to(characters[-frozen]@oppRing) ueot\nlabel = \"Burn\"",
        ),
        (
            G2,
            "vars = _n := len(me.hand)\naction = {D(action)}{S(^character)}: [[may 'Draw?']] draw(2) & shuffle() target(me); bp(+_n) to(this)\nauto = ~myEndPhase:once,oppHandChanges~ [[if me.hand.size > _n]] moveTo(hand) target?(\"Ember Knight\"s@myDiscards) [[else]] draw(1) to(me)\nabilities = unblockable, rush",
        ),
    ]);
    assert_eq!(lint_with(&text, Some(SET)), vec![]);
}

#[test]
fn blank_lines_keys_and_duplicates() {
    let text = module(&[(
        G1,
        "target = characters[fresh]\n\naction = draw(1)\nacton = draw(1)\nauto = draw(1)\nauto = draw(2)\nthis line has no key",
    )]);
    let found = lint(&text);
    assert!(has(&found, "R100", 5), "{found:?}");
    assert!(has(&found, "R101", 7), "{found:?}");
    assert!(has(&found, "R102", 9), "{found:?}");
    assert!(has(&found, "R101", 10), "{found:?}");
    // Leading and trailing blank lines are stripped by the engine.
    assert_eq!(
        count(&lint(&module(&[(G1, "\n\naction = draw(1)\n\n")])), "R100"),
        0
    );
}

#[test]
fn commands_abilities_zones_events() {
    let text = module(&[(
        G1,
        "action = damgae(100) to(character@oppRingg) & +unblockabel\nauto = ~myEndPhse~ draw(1)\nauto = ~anyBlocks:action~ draw(1)\nabilities = cantblok",
    )]);
    let found = lint(&text);
    assert!(has(&found, "R103", 4), "{found:?}");
    assert!(has(&found, "R105", 4), "{found:?}");
    assert!(has(&found, "R104", 4), "{found:?}");
    assert!(has(&found, "R107", 5), "{found:?}");
    assert!(has(&found, "R104", 7), "{found:?}");
    // `~anyBeforeDamage:action~` is a known event with a condition suffix (info).
    assert!(!has(&found, "R107", 6), "{found:?}");
    let col = text.lines().nth(3).unwrap().find("damgae").unwrap() as u32 + 1;
    assert!(
        found.iter().any(|f| f.0 == "R103" && f.2 == col),
        "{found:?}"
    );
}

#[test]
fn conditions_expressions_costs() {
    let text = module(&[(
        G1,
        "action = [[when alone]] draw(1)\naction = [[else]] draw(1)\naction = [[if mee.hand.size > 1]] draw(1)\naction = [[if me.hand.size >]] draw(1)\naction = {X}{E}: draw(1) {F}\naction = [[if all card.bp <= 300 in me.ring]] draw(prevTgt.0.lastBP)",
    )]);
    let found = lint(&text);
    assert!(has(&found, "R111", 4), "{found:?}");
    assert!(has(&found, "R111", 5), "{found:?}");
    assert!(has(&found, "R112", 6), "{found:?}");
    assert!(has(&found, "R112", 7), "{found:?}");
    assert_eq!(
        found.iter().filter(|f| f.0 == "R113" && f.1 == 8).count(),
        3,
        "{found:?}"
    );
    assert!(
        !found.iter().any(|f| f.1 == 9),
        "rulescript expressions: {found:?}"
    );
}

#[test]
fn labels_targets_words_and_effects() {
    let text = module(&[
        (
            G1,
            "action = destroy() target(character) & draw(1) to(me) uteo\nlabel = \"KO # it\"\nlabel = \"More\"",
        ),
        (G2, "target = characters@oppHand"),
    ]);
    let found = lint(&text);
    assert!(has(&found, "R116", 4), "{found:?}");
    assert!(has(&found, "R120", 4), "{found:?}");
    assert!(has(&found, "R109", 5), "{found:?}");
    assert!(has(&found, "R109", 6), "{found:?}");
    assert!(found.iter().any(|f| f.0 == "R121"), "{found:?}");
    // A `#` inside quotes cuts the line.
    assert_eq!(
        count(
            &lint(&module(&[(G1, "action = [[may 'Pay #2?']] draw(1)")])),
            "R118"
        ),
        1
    );
}

#[test]
fn game_names() {
    let text = module(&[(
        G1,
        "action = skip(drawphase) & enableRule(piercing) & disableRule(pierce) & pileView(removed, open)",
    )]);
    assert_eq!(count(&lint(&text), "R110"), 3);
}

#[test]
fn guids_against_the_set_file() {
    let text = module(&[
        (G1, "action = moveTo(hand) target(\"Ember Knigth\"@deck)"),
        (
            "B1B2C3D4-0000-4000-8000-000000000002",
            "action = draw(1) target(warriors[wizard]@hand)",
        ),
        ("b1b2c3d4-0000-4000-8000-00000000000f", "action = draw(1)"),
        (G1, "action = draw(2)"),
    ]);
    let found = lint_with(&text, Some(SET));
    assert!(has(&found, "R117", 4), "{found:?}");
    assert!(has(&found, "R115", 6), "{found:?}");
    assert!(
        has(&found, "R106", 7),
        "a filter that is no subtype: {found:?}"
    );
    assert!(
        !found
            .iter()
            .any(|f| f.0 == "R106" && f.3.contains("warriors")),
        "plural subtype: {found:?}"
    );
    assert!(has(&found, "R114", 9), "{found:?}");
    assert!(has(&found, "R119", 12), "{found:?}");
    // Without the set file, GUIDs, names and subtypes are not checked.
    let alone = lint(&text);
    assert_eq!(
        count(&alone, "R114") + count(&alone, "R117") + count(&alone, "R106"),
        0
    );
}
