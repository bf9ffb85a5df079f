//! Edge cases of the Wagic rules, on invented cards. Each test lints a small workspace and checks
//! which rule fires where, at which severity, and with which fix.

use lint::{Applicability, Diagnostic, Dialect, Severity, SourceFile};

/// Lints files given as (path, text); returns every diagnostic with its file's path.
fn lint(files: &[(&str, &str)]) -> Vec<(String, Diagnostic, String)> {
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|(p, t)| SourceFile::new(*p, Dialect::WAGIC, t.as_bytes()))
        .collect();
    let results = lint::workspace::check(&sources, &lint::config::Config::every_rule());
    let mut out = Vec::new();
    for (file, diags) in sources.iter().zip(results) {
        for d in diags {
            let text = file.text()[d.range].to_string();
            out.push((file.path_string(), d, text));
        }
    }
    out
}

/// A fix as its edits' texts (joined with `|`) and its applicability.
type FixSummary = Option<(String, Applicability)>;

/// The diagnostics of one rule: (severity, flagged text, fix).
fn of(all: &[(String, Diagnostic, String)], code: &str) -> Vec<(Severity, String, FixSummary)> {
    all.iter()
        .filter(|(_, d, _)| d.rule.code == code)
        .map(|(_, d, t)| {
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
            (d.severity, t.clone(), fix)
        })
        .collect()
}

fn one(text: &str) -> Vec<(String, Diagnostic, String)> {
    lint(&[("sets/primitives/cards.txt", text)])
}

fn card(lines: &str) -> String {
    format!("[card]\nname=Test Card\n{lines}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n")
}

const PRIMS: &str = "[card]\nname=Forest\ntype=Basic Land\n[/card]\n[card]\nname=Island\ntype=Basic Land\n[/card]\n[card]\nname=Æther Gale\ntype=Sorcery\n[/card]\n[card]\nname=Goblin Raider\ntype=Creature\nsubtype=Goblin\npower=2\ntoughness=1\n[/card]\n";

#[test]
fn unknown_and_misread_keys() {
    let all = one(&card(
        "Power=2\nabilitie=flying\ntrample=abilities\nautobattlefield=draw:1\nnote=hello\nprimitve=Forest",
    ));
    let w100 = of(&all, "W100");
    assert!(w100.contains(&(
        Severity::Error,
        "Power".into(),
        Some(("power".into(), Applicability::Safe))
    )));
    assert!(w100.contains(&(
        Severity::Error,
        "abilitie".into(),
        Some(("abilities".into(), Applicability::Safe))
    )));
    assert!(w100.iter().any(|(s, t, f)| {
        *s == Severity::Error
            && t == "trample"
            && f.as_ref()
                .is_some_and(|f| f.0 == "abilities=trample" && f.1 == Applicability::Unsafe)
    }));
    assert!(w100.iter().any(|(_, t, _)| t == "autobattlefield"));
    let w101 = of(&all, "W101");
    assert!(w101.contains(&(Severity::Error, "note".into(), None)));
    assert!(w101.contains(&(
        Severity::Warning,
        "primitve".into(),
        Some(("primitive".into(), Applicability::Safe))
    )));
    // Canonical spellings are silent.
    let clean = one(&card(
        "restriction=myturnonly\nrestrictions=myturnonly\nsuspend(3)={1}{r}\nautohand=draw:1",
    ));
    assert!(of(&clean, "W100").is_empty() && of(&clean, "W101").is_empty());
    // `[meta]` keys.
    let meta = lint(&[(
        "sets/AAA/_cards.dat",
        "[meta]\nname=Set\nyeer=2020\n[/meta]\n",
    )]);
    assert_eq!(
        of(&meta, "W100"),
        vec![(
            Severity::Warning,
            "yeer".into(),
            Some(("year".into(), Applicability::Safe))
        )]
    );
}

#[test]
fn missing_keys_and_ids() {
    let all = lint(&[(
        "sets/AAA/_cards.dat",
        "[card]\nrarity=C\nprimitive=Forest\n[/card]\n[card]\nid=2\nrarity=C\n[/card]\n[card]\nprimitive=Forest\nid=abc\nrarity=C\n[/card]\n[card]\nprimitive=Forest\nid=12 \nrarity=C\n[/card]\n",
    )]);
    let w102 = of(&all, "W102");
    assert_eq!(w102.len(), 2, "{w102:?}");
    let w103 = of(&all, "W103");
    assert!(w103.contains(&(Severity::Error, "abc".into(), None)));
    assert!(w103.contains(&(
        Severity::Warning,
        "12 ".into(),
        Some(("12".into(), Applicability::Safe))
    )));
    let defs = one("[card]\nname=Nameless\n[/card]\n[card]\ntype=Creature\nname=Frail\n[/card]\n");
    let w102 = of(&defs, "W102");
    assert!(w102.iter().any(|(s, _, _)| *s == Severity::Error));
    assert!(w102.iter().any(|(s, _, _)| *s == Severity::Warning));
}

#[test]
fn duplicate_ids_follow_load_order() {
    let all = lint(&[
        ("res/sets/primitives/cards.txt", PRIMS),
        (
            "res/sets/BBB/_cards.dat",
            "[card]\nprimitive=Island\nid=7\nrarity=L\n[/card]\n[card]\nprimitive=Island\nid=8\nrarity=L\n[/card]\n",
        ),
        (
            "res/sets/AAA/_cards.dat",
            "[card]\nprimitive=Forest\nid=7\nrarity=L\n[/card]\n[card]\nprimitive=Island\nid=8\nrarity=L\n[/card]\n[card]\nprimitive=Nothing Here\nid=9\nrarity=L\n[/card]\n[card]\nprimitive=Island\nid=9\nrarity=L\n[/card]\n",
        ),
    ]);
    let dups: Vec<_> = all
        .iter()
        .filter(|(_, d, _)| d.rule.code == "W104")
        .map(|(p, d, t)| (p.clone(), d.severity, t.clone()))
        .collect();
    // AAA loads before BBB: the later entries are in BBB.
    assert!(dups.contains(&(
        "res/sets/BBB/_cards.dat".into(),
        Severity::Error,
        "7".into()
    )));
    assert!(dups.contains(&(
        "res/sets/BBB/_cards.dat".into(),
        Severity::Warning,
        "8".into()
    )));
    // The first entry with id 9 does not load: a warning only.
    assert!(dups.contains(&(
        "res/sets/AAA/_cards.dat".into(),
        Severity::Warning,
        "9".into()
    )));
    // Another library does not share ids.
    let other = lint(&[
        (
            "a/sets/AAA/_cards.dat",
            "[card]\nprimitive=Forest\nid=7\nrarity=L\n[/card]\n",
        ),
        (
            "b/sets/AAA/_cards.dat",
            "[card]\nprimitive=Forest\nid=7\nrarity=L\n[/card]\n",
        ),
    ]);
    assert!(of(&other, "W104").is_empty());
}

#[test]
fn rarities_and_grades() {
    let all = lint(&[(
        "sets/AAA/_cards.dat",
        "[card]\nprimitive=Forest\nid=1\nrarity=r\n[/card]\n[card]\nprimitive=Forest\nid=2\nrarity=\n[/card]\n[card]\nprimitive=Forest\nid=3\nrarity=U // U\n[/card]\n",
    )]);
    let w105 = of(&all, "W105");
    assert_eq!(w105.len(), 2);
    assert!(w105.contains(&(
        Severity::Warning,
        "r".into(),
        Some(("R".into(), Applicability::Safe))
    )));
    let grades = one(
        "grade = unsupported\n[card]\nname=A\ngrade=suported\ntype=Instant\n[/card]\n[card]\nname=B\ngrade=good\ntype=Instant\n[/card]\n",
    );
    let w106 = of(&grades, "W106");
    assert!(w106.iter().any(|(_, t, _)| t == "grade = unsupported"));
    assert!(
        w106.iter()
            .any(|(_, t, f)| t == "suported" && f.as_ref().is_some_and(|f| f.0 == "supported"))
    );
    assert!(w106.iter().any(|(_, t, _)| t == "good"));
    let gated = one(
        "[card]\nname=Before\ntype=Instant\n[/card]\ngrade=crappy\n[card]\nname=After\ngrade=supported\ntype=Instant\n[/card]\n",
    );
    assert_eq!(of(&gated, "W107").len(), 2);
}

#[test]
fn primitive_references() {
    let unsupported = "grade=unsupported\n[card]\nname=Half Done\ntype=Instant\n[/card]\n";
    let set = "[card]\nprimitive=Goblin Raider \nid=1\nrarity=C\n[/card]\n[card]\nprimitive=AEther Gale\nid=2\nrarity=C\n[/card]\n[card]\nprimitive=goblin raider\nid=3\nrarity=C\n[/card]\n[card]\nprimitive=Goblin Raidr\nid=4\nrarity=C\n[/card]\n[card]\nprimitive=Uncoded Card\nid=5\nrarity=C\n[/card]\n[card]\nprimitive=Half Done\nid=6\nrarity=C\n[/card]\n";
    let all = lint(&[
        ("sets/primitives/cards.txt", PRIMS),
        ("sets/primitives/unsupported.txt", unsupported),
        ("sets/AAA/_cards.dat", set),
    ]);
    let w109 = of(&all, "W109");
    assert!(w109.contains(&(
        Severity::Error,
        "Goblin Raider ".into(),
        Some(("Goblin Raider".into(), Applicability::Safe))
    )));
    assert!(w109.contains(&(
        Severity::Error,
        "AEther Gale".into(),
        Some(("Æther Gale".into(), Applicability::Unsafe))
    )));
    assert!(w109.contains(&(
        Severity::Error,
        "goblin raider".into(),
        Some(("Goblin Raider".into(), Applicability::Safe))
    )));
    assert!(w109.contains(&(
        Severity::Warning,
        "Goblin Raidr".into(),
        Some(("Goblin Raider".into(), Applicability::Unsafe))
    )));
    assert!(w109.contains(&(Severity::Warning, "Uncoded Card".into(), None)));
    assert_eq!(
        of(&all, "W108"),
        vec![(Severity::Info, "Half Done".into(), None)]
    );
    // Without primitives files nothing is resolved (and nothing reported).
    let alone = lint(&[("sets/AAA/_cards.dat", set)]);
    assert!(of(&alone, "W109").is_empty());
}

#[test]
fn latin1_names_differ_from_utf8_ones() {
    let prims = SourceFile::new(
        "sets/primitives/cards.txt",
        Dialect::WAGIC,
        "[card]\nname=Æther Gale\ntype=Sorcery\n[/card]\n".as_bytes(),
    );
    let set = SourceFile::new(
        "sets/AAA/_cards.dat",
        Dialect::WAGIC,
        b"[card]\nprimitive=\xc6ther Gale\nid=1\nrarity=C\n[/card]\n",
    );
    let files = vec![prims, set];
    let results = lint::workspace::check(&files, &lint::config::Config::default());
    let d = results[1]
        .iter()
        .find(|d| d.rule.code == "W109")
        .expect("the Latin-1 name does not resolve");
    assert_eq!(d.severity, Severity::Error);
    assert!(d.message.contains("encoding"), "{}", d.message);
    assert!(d.fix.is_none());
}

#[test]
fn duplicate_definitions() {
    let all =
        one("[card]\nname=Twin\ntype=Instant\n[/card]\n[card]\nname=Twin\ntype=Sorcery\n[/card]\n");
    assert_eq!(of(&all, "W110").len(), 1);
}

#[test]
fn abilities_and_colors() {
    let all = one(&card(
        "abilities=doublestrike, flyingx, opponentshroud,  haste ,protection from(goblin)\ncolor=red, Green,purple",
    ));
    let w111 = of(&all, "W111");
    assert!(w111.contains(&(
        Severity::Error,
        "doublestrike".into(),
        Some(("double strike".into(), Applicability::Safe))
    )));
    assert!(
        w111.iter()
            .any(|(s, t, _)| *s == Severity::Warning && t == "flyingx")
    );
    assert!(
        w111.iter()
            .any(|(s, t, _)| *s == Severity::Hint && t == "opponentshroud")
    );
    assert!(
        w111.iter()
            .any(|(s, t, _)| *s == Severity::Error && t == "protection from(goblin)")
    );
    assert!(!w111.iter().any(|(_, t, _)| t.contains("haste")));
    let w112 = of(&all, "W112");
    assert!(w112.contains(&(
        Severity::Error,
        " Green".into(),
        Some(("green".into(), Applicability::Safe))
    )));
    assert!(w112.iter().any(|(_, t, _)| t == "purple"));
    assert_eq!(w112.len(), 2);
}

#[test]
fn costs() {
    let all = one(&card(
        "mana={2}{R}}\nkicker=multi{1}{w}\nother={convoke} name(Convoke)\nflashback={1}{R} // {U}\nbuyback=buyback={3}\nauto={2/R}:draw:1\nauto={S(creature|mybattlefield}:draw:1\nauto={discard}:draw:1\nauto={c(1/1,-1),creature|mybattlefield}:draw:1\nauto={pw}:draw:1\nauto={2}{R:damage:1",
    ));
    assert_eq!(of(&all, "W113").len(), 2, "{:?}", of(&all, "W113"));
    assert!(
        !all.iter()
            .any(|(_, d, _)| d.rule.code == "E011" && d.message.contains("`}`"))
    );
    let w114 = of(&all, "W114");
    assert!(
        w114.iter()
            .any(|(s, t, _)| *s == Severity::Error && t == "//")
    );
    assert!(
        w114.iter()
            .any(|(s, t, f)| *s == Severity::Warning && t == "buyback=" && f.is_some())
    );
    assert_eq!(w114.len(), 2, "{w114:?}");
    let w115: Vec<String> = of(&all, "W115").into_iter().map(|(_, t, _)| t).collect();
    assert_eq!(w115, vec!["{2/R}", "{S(creature|mybattlefield}", "{pw}"]);
}

#[test]
fn power_and_toughness() {
    let all = one(
        "[card]\nname=X\ntype=Creature\npower=3{1/2}\ntoughness=1+*\n[/card]\n[card]\nname=Y\ntype=Creature\npower=*\ntoughness=+2\n[/card]\n",
    );
    assert_eq!(of(&all, "W116").len(), 1);
}

#[test]
fn effects() {
    let all = one(&card(concat!(
        "auto={1}{U}:twist\n",
        "auto=Test Card deals 2 damage to any target whenever you like.\n",
        "auto={2}:name(nothing here) target(creature)\n",
        "auto={2}:name(label) target(creature) && destroy\n",
        "auto=@movedto(this|graveyard) from(battlefield):choice target(opponent) && moveto(ownerhand) all(this)\n",
        "auto=opponentshroud\n",
        "auto=teach(creature) gain vigilance\n",
        "auto=if type(creature|mybattlefield)~morethan~0 then life:2\n",
        "auto=transforms((,newability[flying]))",
    )));
    let w117 = of(&all, "W117");
    assert_eq!(w117.len(), 5, "{w117:?}");
    assert!(
        w117.iter()
            .any(|(s, t, _)| *s == Severity::Error && t == "twist")
    );
    assert!(
        w117.iter()
            .any(|(s, t, _)| *s == Severity::Hint && t == "opponentshroud")
    );
}

#[test]
fn macro_expansions_are_checked_at_the_use() {
    let macros = "#AUTO_DEFINE __BAD__($n) twist:$n\n#AUTO_DEFINE __GOOD__($n) damage:$n\n";
    let cards = card("auto=__BAD__(2)\nauto=__GOOD__(2)\nauto=__GOOD__(1,2)\nauto=__MISSING__");
    let all = lint(&[
        ("sets/primitives/_macros.txt", macros),
        ("sets/primitives/cards.txt", &cards),
    ]);
    let w117 = of(&all, "W117");
    assert_eq!(w117.len(), 1, "{w117:?}");
    assert_eq!(w117[0].1, "__BAD__");
    let w127: Vec<String> = of(&all, "W127").into_iter().map(|(_, t, _)| t).collect();
    assert_eq!(w127, vec!["__GOOD__(1,2)", "__MISSING__"]);
}

#[test]
fn macro_definitions() {
    let all = one(
        "#AUTO_DEFINE _X_ draw:1\n#AUTO_DEFINE __X__ draw:2\n#AUTO_DEFINE _X_ draw:3\n#AUTO_DEFINE __HANG__\n#AUTO_DEFINE __P__($c,$cost)x{$cost}\n",
    );
    let w126 = of(&all, "W126");
    assert!(
        w126.iter()
            .any(|(s, t, _)| *s == Severity::Error && t == "__X__")
    );
    assert!(
        w126.iter()
            .any(|(s, t, _)| *s == Severity::Warning && t == "_X_")
    );
    assert!(
        w126.iter()
            .any(|(s, t, _)| *s == Severity::Error && t == "__HANG__")
    );
    assert!(
        w126.iter()
            .any(|(s, t, _)| *s == Severity::Warning && t == "x")
    );
    assert!(
        w126.iter()
            .any(|(s, t, _)| *s == Severity::Error && t == "__P__")
    );
}

#[test]
fn triggers() {
    let all = one(&card(concat!(
        "auto=@each upkep:life:1\n",
        "auto=@movedto(this|graveyard:life:1\n",
        "auto=@attacking(this):damage:1\n",
        "auto=@my next end:life:1\n",
        "auto=@combat(attacking):life:1\n",
        "auto=@each my endofturn:life:1\n",
        "auto=@each opponentupkeep:life:1\n",
        "auto=@combat(attacking) source(this):life:1",
    )));
    assert_eq!(of(&all, "W118").len(), 5, "{:?}", of(&all, "W118"));
}

#[test]
fn zones_and_targets() {
    let all = one(&card(concat!(
        "auto=lord(creature|mybattelfield) 1/1\n",
        "auto={T}:destroy target(land|opponent)\n",
        "auto={T}:destroy target(creature|mybattlefield])\n",
        "auto={T}:moveto(nonbattlezone) target(creature)\n",
        "auto={T}:moveto(previousbattlefield) target(creature)\n",
        "target=creature[white,black]\n",
        "auto={T}:fizzle target(instant[red],sorcery[red]|stack)\n",
        "auto={T}:destroy target(creature[red&blue]) && draw:1\n",
        "auto={T}:damage:2 all(creature[flying],player)",
    )));
    let w119 = of(&all, "W119");
    assert!(w119.contains(&(
        Severity::Error,
        "mybattelfield".into(),
        Some(("mybattlefield".into(), Applicability::Safe))
    )));
    assert!(w119.iter().any(|(_, t, _)| t == "opponent"));
    assert!(w119.iter().any(|(_, t, _)| t == "mybattlefield]"));
    assert!(w119.iter().any(|(_, t, _)| t == "nonbattlezone"));
    assert_eq!(w119.len(), 4, "{w119:?}");
    let w120 = of(&all, "W120");
    assert!(w120.iter().any(|(_, t, f)| t == "," && f.is_some()));
    assert!(w120.iter().any(|(_, t, _)| t == "instant[red]"));
    assert!(w120.iter().any(|(_, t, _)| t == "&"));
    assert!(w120.iter().any(|(_, t, _)| t == "creature[flying]"));
    assert_eq!(w120.len(), 4, "{w120:?}");
}

#[test]
fn target_attributes_use_the_library_types() {
    let all = one(&card(concat!(
        "auto=lord(creature[-muliticolor]) 1/1\n",
        "auto=lord(creature[goblin]) 1/1\n",
        "auto=lord(creature[monstrous]) 1/1\n",
        "auto={T}:becomes(monstrous)\n",
        "auto=lord(creature[power>=2;tapped;flying;red]) 1/1\n",
        "subtype=Goblin",
    )));
    let w121: Vec<String> = of(&all, "W121").into_iter().map(|(_, t, _)| t).collect();
    assert_eq!(w121, vec!["-muliticolor"]);
}

#[test]
fn restrictions() {
    let all = one(&card(concat!(
        "restrictions=duringcombat\n",
        "otherrestriction=MyTurnOnly\n",
        "auto=if type(creature|mybattlefield) then draw:1\n",
        "auto={T}:draw:1 restriction{type(creature|mybattlefield)~morethan~1,myturnonly}",
    )));
    let w122 = of(&all, "W122");
    assert!(
        w122.iter()
            .any(|(_, t, f)| t == "duringcombat" && f.is_none())
    );
    assert!(
        w122.iter()
            .any(|(_, t, f)| t == "MyTurnOnly" && f.as_ref().is_some_and(|f| f.0 == "myturnonly"))
    );
    assert_eq!(w122.len(), 3, "{w122:?}");
}

#[test]
fn lord_family_placement() {
    let all = one(&card(concat!(
        "auto=-1/-1 all(creature) ueot\n",
        "auto=lord(creature[flying] doesnotuntap\n",
        "auto=damage:1 all(creature,player)\n",
        "auto=flipacoin winability destroy all(creature) winabilityend flipend\n",
        "auto={B}:damage:1 all(creature) limit:1\n",
        "auto=aslongas(*|mygraveyard) 1/1 all(creature) ueot >6\n",
        "auto=chooseatype lord(creature[chosentype]) 1/1 chooseend\n",
        "auto=lord(creature) 1/1 other",
    )));
    let w123: Vec<(Severity, String)> = of(&all, "W123")
        .into_iter()
        .map(|(s, t, _)| (s, t))
        .collect();
    assert!(w123.contains(&(Severity::Error, "-1/-1".into())));
    assert!(w123.contains(&(Severity::Error, "lord(".into())));
    assert!(w123.contains(&(Severity::Error, "flipacoin winability destroy".into())));
    assert!(w123.contains(&(Severity::Warning, "damage:1".into())));
    assert!(w123.contains(&(Severity::Error, "1/1".into())));
    assert_eq!(w123.len(), 5, "{w123:?}");
}

#[test]
fn transforms_fields() {
    let all = one(&card(concat!(
        "auto=transforms((Spirit,newability[counter(1/1,1)],flying))\n",
        "auto=transforms((, flying,snowswampwalk,setpower=2,red,newability[draw:1]))\n",
        "auto=transforms ((,flying))",
    )));
    let w124 = of(&all, "W124");
    assert!(w124.iter().any(|(_, t, _)| t == ","));
    assert!(w124.contains(&(
        Severity::Error,
        " flying".into(),
        Some(("flying".into(), Applicability::Safe))
    )));
    assert!(
        w124.iter().any(|(_, t, f)| t == "snowswampwalk"
            && f.as_ref().is_some_and(|f| f.0 == "snowswamplandwalk"))
    );
    assert!(w124.iter().any(|(_, t, _)| t == "transforms ("));
    assert_eq!(w124.len(), 4, "{w124:?}");
}

#[test]
fn name_before_a_lost_ability() {
    let all = one(&card(concat!(
        "auto=@combat(attacking) source(this):name(hide) -shroud ueot\n",
        "auto=@combat(attacking) source(this):name(fly) flying ueot\n",
        "auto={T}:name(hide) -shroud ueot",
    )));
    let w125 = of(&all, "W125");
    assert_eq!(w125.len(), 1);
    assert_eq!(w125[0].2.as_ref().unwrap().0, "-shroud ueot name(hide)");
}

#[test]
fn text_after_block_lines() {
    let all = one(
        "[card] name=Lost\ntype=Instant\n[/card] end\n[card]\nname=Fine\ntype=Instant\n[/card] \n",
    );
    let w128 = of(&all, "W128");
    assert!(w128.contains(&(
        Severity::Error,
        "name=Lost".into(),
        Some(("\nname=Lost".into(), Applicability::Safe))
    )));
    assert!(w128.contains(&(Severity::Warning, "end".into(), None)));
    assert_eq!(w128.len(), 2);
}

#[test]
fn token_ids() {
    let all = lint(&[
        (
            "sets/primitives/cards.txt",
            "[card]\nname=Maker\nauto=token(-5)\nauto=token(-6)\ntype=Sorcery\n[/card]\n",
        ),
        (
            "sets/AAA/_cards.dat",
            "[card]\nprimitive=Maker\nid=5\nrarity=C\n[/card]\n[card]\nname=Maker Token\nid=-5\nrarity=T\ntype=Creature\n[/card]\n",
        ),
    ]);
    let w129: Vec<String> = of(&all, "W129").into_iter().map(|(_, t, _)| t).collect();
    assert_eq!(w129, vec!["token(-6)"]);
}

#[test]
fn the_examples_folder_is_flagged_where_it_is_wrong() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/wagic");
    let mut files = Vec::new();
    for rel in [
        "sets/primitives/_macros.txt",
        "sets/primitives/cards.txt",
        "sets/TS1/_cards.dat",
        "sets/TS2/_cards.dat",
    ] {
        let bytes = std::fs::read(root.join(rel)).unwrap();
        files.push(SourceFile::new(rel, Dialect::WAGIC, &bytes));
    }
    let results = lint::workspace::check(&files, &lint::config::Config::default());
    let codes: std::collections::BTreeSet<&str> =
        results.iter().flatten().map(|d| d.rule.code).collect();
    for code in ["W104", "W109", "W111", "W113", "W119"] {
        assert!(codes.contains(code), "{code} missing from {codes:?}");
    }
}
