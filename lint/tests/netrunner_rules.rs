//! The Netrunner rules on invented script tables and set files: what each flags, where (in the
//! host file: the Python module or the XML attribute), and what it leaves alone.

use lint::{Dialect, SourceFile};

type Finding = (String, &'static str, u32, u32, String);

/// Lints files together; `(path, code, line, column, message)`, 1-based.
fn lint(files: &[(&str, &str)]) -> Vec<Finding> {
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|(p, t)| SourceFile::from_text(*p, Dialect::NETRUNNER, *t))
        .collect();
    let results = lint::workspace::check(&sources, &lint::config::Config::default());
    let mut out = Vec::new();
    for (file, diagnostics) in sources.iter().zip(results) {
        let index = syntax::LineIndex::new(file.text());
        for d in diagnostics {
            let lc = index.line_col(d.range.start());
            out.push((
                file.path_string(),
                d.rule.code,
                lc.line + 1,
                lc.col + 1,
                d.message,
            ));
        }
    }
    out
}

/// A script table with one entry per `(name, guid, autoscript, autoaction)`.
fn table(entries: &[(&str, &str, &str, &str)]) -> String {
    let mut out = String::from("# invented\nScriptsLocal = '''\nheader\n=====\n");
    for (name, guid, script, action) in entries {
        out.push_str(&format!(
            "{name}\n-----\n{guid}\n-----\n{script}\n+++++\n{action}\n.....\n"
        ));
    }
    out.push_str("ENDSCRIPTS\n=====\n'''\n");
    out
}

fn has(found: &[Finding], code: &str, line: u32) -> bool {
    found.iter().any(|f| f.1 == code && f.2 == line)
}

fn count(found: &[Finding], code: &str) -> usize {
    found.iter().filter(|f| f.1 == code).count()
}

const G1: &str = "a1b2c3d4-0000-4000-8000-000000000001";
const G2: &str = "a1b2c3d4-0000-4000-8000-000000000002";

#[test]
fn a_clean_table_has_no_findings() {
    let text = table(&[
        (
            "Lantern Fund",
            G1,
            "onPlay:Gain5Credits$$Draw1Card||whileRezzed:Reduce#CostRez-affectsICE-forMe",
            "",
        ),
        (
            "Gate Warden",
            G2,
            "onRez:Trace3-traceEffects<Gain1Tags-onOpponent++Inflict1NetDamage-onOpponent,None>",
            "A0B0G0T0:RunEnd-isSubroutine||A1B2G0T2:TrashTarget-Targeted-atProgram_and_nonVirus-isSubroutine$$SimplyAnnounce{trash it, now}",
        ),
    ]);
    assert_eq!(lint(&[("o8g/Scripts/CardScripts.py", &text)]), vec![]);
}

#[test]
fn costs_triggers_and_fields() {
    let text = table(&[
        (
            "A",
            G1,
            "OnScore:Gain1Credits||nPlay:Draw1Card||A0B0G0T0:Draw1Card",
            "AOB0G0T0:Draw1Card||Draw1Card||onRez:Draw1Card",
        ),
        (
            "B",
            G2,
            "Draw1Card||Reduce#CostRez-affectsAll",
            "A0B1T0G0:Draw1Card",
        ),
    ]);
    let found = lint(&[("CardScripts.py", &text)]);
    // Line 9 holds A's AutoScript, line 11 its AutoAction; line 17 B's AutoScript, 19 its AutoAction.
    assert_eq!(
        found.iter().filter(|f| f.1 == "N101" && f.2 == 9).count(),
        2,
        "{found:?}"
    );
    assert!(
        has(&found, "N102", 9),
        "a cost in the AutoScript: {found:?}"
    );
    assert_eq!(
        found.iter().filter(|f| f.1 == "N100" && f.2 == 11).count(),
        2,
        "{found:?}"
    );
    assert!(
        has(&found, "N102", 11),
        "a trigger in the AutoAction: {found:?}"
    );
    assert!(has(&found, "N101", 17), "no trigger: {found:?}");
    assert!(
        found
            .iter()
            .any(|f| f.1 == "N101" && f.2 == 17 && f.4.contains("polls")),
        "a resident effect without trigger is only a warning: {found:?}"
    );
    assert!(has(&found, "N100", 19), "{found:?}");
}

#[test]
fn commands_modulators_and_case() {
    let text = table(&[(
        "A",
        G1,
        "onPlay:TrashTarged-Targeted-isSubrourine-TargetMine$$Simply Announce{x}$$RequestInt-msg{How many?}$$Gain1Credits-onOppponent",
        "",
    )]);
    let found = lint(&[("CardScripts.py", &text)]);
    assert_eq!(count(&found, "N103"), 2, "{found:?}");
    assert_eq!(count(&found, "N104"), 2, "{found:?}");
    assert_eq!(count(&found, "N105"), 2, "{found:?}");
    // The column of `isSubrourine` in the host file.
    let col = text.lines().nth(8).unwrap().find("isSubrourine").unwrap() as u32 + 1;
    assert!(
        found
            .iter()
            .any(|f| f.1 == "N104" && f.2 == 9 && f.3 == col),
        "{found:?}"
    );
}

#[test]
fn announcements_pairs_and_stray_characters() {
    let text = table(&[(
        "A",
        G1,
        "onPlay:SimplyAnnounce{the Runner's turn}||onRez:Trace2-traceEffects<SimplyAnnounce{a, b},None>||whileInstalled:Gain1Base Link$",
        "A0B0G0T0:Psi-psiEffects<Draw1Card>",
    )]);
    let found = lint(&[("CardScripts.py", &text)]);
    assert_eq!(count(&found, "N106"), 1, "{found:?}");
    assert_eq!(count(&found, "N107"), 2, "{found:?}");
    assert_eq!(count(&found, "N108"), 1, "{found:?}");
    // The parts of the broken pair are not reported again.
    assert_eq!(count(&found, "N103"), 0, "{found:?}");
}

#[test]
fn counters_markers_and_piles_by_game() {
    let android = table(&[(
        "A",
        G1,
        "onPlay:Gain2Bits$$Put1Virsu$$Put1Virus$$ReshuffleArchive$$RunR&D$$Inflict1MeatDamage",
        "",
    )]);
    let found = lint(&[("CardScripts.py", &android)]);
    assert_eq!(count(&found, "N109"), 1, "{found:?}");
    assert_eq!(count(&found, "N110"), 1, "{found:?}");
    assert_eq!(count(&found, "N111"), 1, "{found:?}");
    // The classic game has Bits, not Credits; `&amp;` is read as `&`.
    let classic = "<?xml version=\"1.0\"?>\n<set gameId=\"13568561-7a2e-4572-8f31-3d99580ab245\">\n<card id=\"c1\" name=\"X\">\n<property name=\"AutoScript\" value=\"onPlay:Gain2Bits$$Gain1Credits$$RunR&amp;D\" />\n</card>\n</set>\n";
    let found = lint(&[("Sets/X/set.xml", classic)]);
    assert_eq!(count(&found, "N109"), 1, "{found:?}");
    let col = classic.lines().nth(3).unwrap().find("Credits").unwrap() as u32 + 1;
    assert!(
        found
            .iter()
            .any(|f| f.1 == "N109" && f.2 == 4 && f.3 == col),
        "{found:?}"
    );
    assert_eq!(count(&found, "N111"), 0, "{found:?}");
}

#[test]
fn positions_after_entities_are_in_the_host_file() {
    let classic = "<?xml version=\"1.0\"?>\n<set gameId=\"13568561-7a2e-4572-8f31-3d99580ab245\">\n<card id=\"c1\" name=\"X\">\n<property name=\"AutoAction\" value=\"A1B0G0T0:RunR&amp;D$$Draw1Card-isSubrourine\" />\n</card>\n</set>\n";
    let found = lint(&[("set.xml", classic)]);
    let col = classic
        .lines()
        .nth(3)
        .unwrap()
        .find("isSubrourine")
        .unwrap() as u32
        + 1;
    assert!(
        found
            .iter()
            .any(|f| f.1 == "N104" && f.2 == 4 && f.3 == col),
        "{found:?}"
    );
}

#[test]
fn table_structure_and_guids() {
    let text = "ScriptsLocal = '''\n=====\nNo Dash\n-----\na1b2c3d4-0000-4000-8000-000000000009\nonPlay:Draw1Card\n+++++\n\n.....\nTwice\n-----\nA1B2C3D4-0000-4000-8000-000000000001\n-----\nonPlay:Draw1Card\n+++++\n\n.....\nOnce\n-----\na1b2c3d4-0000-4000-8000-000000000001\n-----\nonPlay:Draw1Card\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''\n";
    let set = "<?xml version=\"1.0\"?>\n<set gameId=\"0f38e453-26df-4c04-9d67-6d43de939c77\">\n<cards>\n<card id=\"a1b2c3d4-0000-4000-8000-000000000001\" name=\"Once\" />\n</cards>\n</set>\n";
    let found = lint(&[
        ("o8g/Scripts/CardScripts.py", text),
        ("o8g/Sets/A/set.xml", set),
    ]);
    assert!(has(&found, "N112", 3), "missing separator: {found:?}");
    assert!(
        has(&found, "N113", 20),
        "duplicate GUID (case apart): {found:?}"
    );
    assert_eq!(count(&found, "N114"), 0, "{found:?}");
    // An unknown GUID, when the workspace has the Android set files.
    let other = text.replace(
        "a1b2c3d4-0000-4000-8000-000000000001\n-----\nonPlay",
        "a1b2c3d4-0000-4000-8000-00000000000f\n-----\nonPlay",
    );
    let found = lint(&[
        ("o8g/Scripts/CardScripts.py", &other),
        ("o8g/Sets/A/set.xml", set),
    ]);
    assert!(has(&found, "N114", 20), "{found:?}");
    // Without set files, GUIDs are not checked.
    assert_eq!(
        count(&lint(&[("o8g/Scripts/CardScripts.py", &other)]), "N114"),
        0
    );
}

#[test]
fn restrictions() {
    let text = table(&[(
        "Tessel-bound Relay 300",
        G1,
        "onDamage:Put1protectionNetDMG-perEveryCard-at-isScored$$Put1protectionNetDMG-perEveryCard-atTessel-bound Relay 300",
        "",
    )]);
    let set = "<?xml version=\"1.0\"?>\n<set gameId=\"0f38e453-26df-4c04-9d67-6d43de939c77\">\n<card id=\"a1b2c3d4-0000-4000-8000-000000000001\" name=\"Tessel-bound Relay 300\" />\n</set>\n";
    let found = lint(&[("CardScripts.py", &text), ("set.xml", set)]);
    assert_eq!(count(&found, "N115"), 1, "{found:?}");
    assert_eq!(count(&found, "N116"), 1, "{found:?}");
    assert_eq!(
        count(&found, "N104"),
        0,
        "the rest of the name is not a modulator typo: {found:?}"
    );
}
