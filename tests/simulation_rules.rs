//! Every simulation rule (`G1xx`) is proved by its own documentation: the engine flags its bad
//! example and not its good one (the linter's example test skips them: they need the engine);
//! and the engine's findings on small invented card pools.

use lint::{Dialect, SourceFile, simulation};

fn simulate_example(text: &str) -> Vec<engine::Finding> {
    let dialect = lint::dialect::detect_by_content(text).expect("the example's dialect");
    let path = match dialect {
        Dialect::FORGE => "cardsfolder/e/example.txt",
        Dialect::WAGIC => "sets/primitives/example.txt",
        other => panic!("the simulation rules' examples are Forge or Wagic cards, not {other:?}"),
    };
    let file = SourceFile::from_text(path, dialect, text);
    engine::simulate_file(&file)
}

#[test]
fn every_simulation_rule_flags_its_bad_example_only() {
    for rule in simulation::RULES {
        assert!(
            rule.bad.starts_with("# workspace example"),
            "{}: simulation examples are marked for the engine",
            rule.code
        );
        let good = simulate_example(rule.good);
        assert!(
            !good.iter().any(|d| d.kind.code() == rule.code),
            "{} {}: its good example is flagged: {:?}",
            rule.code,
            rule.name,
            good.iter().map(|d| &d.message).collect::<Vec<_>>()
        );
        // A crash cannot be written as a card; the harness test below proves G100.
        // A missing token needs a whole card pool; `token_not_found` proves G110.
        if rule.code == "G100" || rule.code == "G110" {
            continue;
        }
        let bad = simulate_example(rule.bad);
        assert!(
            bad.iter().any(|d| d.kind.code() == rule.code),
            "{} {}: its bad example is not flagged; got {:?}",
            rule.code,
            rule.name,
            bad.iter()
                .map(|d| (d.kind.code(), &d.message))
                .collect::<Vec<_>>()
        );
    }
}

#[test]
fn every_simulation_rule_is_registered() {
    for rule in simulation::RULES {
        assert!(
            lint::find_rule(rule.code).is_some(),
            "{} is not in the registry",
            rule.code
        );
    }
}

#[test]
fn token_not_found_needs_the_pool() {
    use engine::wagic::{db::Db, sim};
    let files = vec![
        SourceFile::from_text(
            "sets/primitives/cards.txt",
            Dialect::WAGIC,
            "[card]\nname=Lost Summoner\ntype=Sorcery\nauto=token(Imaginary Beast)\n[/card]\n[card]\nname=Found Summoner\ntype=Sorcery\nauto=token(Field Mouse)\n[/card]\n[card]\nname=Field Mouse\ntype=Creature\npower=1\ntoughness=1\n[/card]\n",
        ),
        SourceFile::from_text(
            "sets/TST/_cards.dat",
            Dialect::WAGIC,
            "[card]\nprimitive=Field Mouse\nid=7001\nrarity=T\n[/card]\n",
        ),
    ];
    let db = Db::load(&files, &[0, 1], engine::wagic::db::DEFAULT_MAX_GRADE);
    let mut vocab = sim::Vocab::build(&db);
    vocab.complete = true;
    let lost = db.definition("Lost Summoner").unwrap().clone();
    let (findings, _) = sim::simulate_card(&db, &vocab, &lost, 1, 100_000);
    assert!(
        findings
            .iter()
            .any(|f| f.kind == engine::findings::Kind::TokenNotFound),
        "{findings:?}"
    );
    let found = db.definition("Found Summoner").unwrap().clone();
    let (findings, _) = sim::simulate_card(&db, &vocab, &found, 1, 100_000);
    assert!(
        !findings
            .iter()
            .any(|f| f.kind == engine::findings::Kind::TokenNotFound),
        "{findings:?}"
    );
}

/// Same files, same seed: the same diagnostics, in the same order.
#[test]
fn same_seed_same_diagnostics() {
    let mut files: Vec<SourceFile> = Vec::new();
    for rule in simulation::RULES {
        for (i, text) in [rule.bad, rule.good].into_iter().enumerate() {
            let Some(dialect) = lint::dialect::detect_by_content(text) else {
                continue;
            };
            let path = match dialect {
                Dialect::FORGE => format!("cardsfolder/{}/{i}.txt", rule.code),
                Dialect::WAGIC => format!("sets/primitives/{}-{i}.txt", rule.code),
                _ => continue,
            };
            files.push(SourceFile::from_text(path, dialect, text));
        }
    }
    let opts = engine::Options::default();
    let show = |d: &Vec<Vec<engine::Finding>>| {
        d.iter()
            .map(|f| {
                f.iter()
                    .map(|d| format!("{} {:?} {}", d.kind.code(), d.range, d.message))
                    .collect::<Vec<_>>()
            })
            .collect::<Vec<_>>()
    };
    let (a, sa) = engine::simulate(&files, &opts);
    let (b, sb) = engine::simulate(&files, &opts);
    assert_eq!(show(&a), show(&b));
    assert_eq!(sa.fully_exercised, sb.fully_exercised);
    assert!(
        a.iter().any(|f| !f.is_empty()),
        "the bad examples are flagged"
    );
}

/// The kinds of failure the Wagic simulation reports, on invented cards (with a pool known to
/// be complete, so that a word no card has is no type at all).
#[test]
fn wagic_failure_kinds() {
    use engine::findings::Kind;
    use engine::wagic::{db::Db, sim};
    let text = "[card]\nname=Odd Bolt\nmana={R}\ntype=Instant\ntarget=creture\nauto=damage:2\n[/card]\n\
[card]\nname=Odd Growth\nmana={G}\ntype=Instant\ntarget=creature\nauto=counter(0/0,Frobs)\n[/card]\n\
[card]\nname=Odd Exile\nmana={W}\ntype=Instant\ntarget=creature\nauto=moveto(ownerhandd)\n[/card]\n\
[card]\nname=Plain Bolt\nmana={R}\ntype=Instant\ntarget=creature,player\nauto=damage:2\n[/card]\n\
[card]\nname=Plain Bear\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n";
    let files = vec![SourceFile::from_text(
        "sets/primitives/odd.txt",
        Dialect::WAGIC,
        text,
    )];
    let db = Db::load(&files, &[0], engine::wagic::db::DEFAULT_MAX_GRADE);
    let mut vocab = sim::Vocab::build(&db);
    vocab.complete = true;
    let kinds = |name: &str| -> Vec<Kind> {
        let prim = db.definition(name).unwrap().clone();
        let (findings, _) = sim::simulate_card(&db, &vocab, &prim, 1, 100_000);
        findings.into_iter().map(|f| f.kind).collect()
    };
    assert!(kinds("Odd Bolt").contains(&Kind::NoLegalTarget));
    assert!(kinds("Odd Growth").contains(&Kind::CountUnevaluable));
    assert!(kinds("Odd Exile").contains(&Kind::UnknownZone));
    assert!(kinds("Plain Bolt").is_empty(), "{:?}", kinds("Plain Bolt"));
    assert!(kinds("Plain Bear").is_empty(), "{:?}", kinds("Plain Bear"));
}

/// Spells with several targets are played to the end: the harness picks a new object for each
/// target (a second click on a chosen one takes it back) and never stops on the step budget.
#[test]
fn several_targets_do_not_loop() {
    use engine::wagic::{db::Db, sim};
    let text = "[card]\nname=Twin Sparks\nmana={1}{R}\ntype=Instant\ntarget=<2>creature\nauto=damage:1\n[/card]\n\
[card]\nname=Few Sparks\nmana={R}\ntype=Sorcery\ntarget=<upto:3>creature\nauto=damage:1\n[/card]\n\
[card]\nname=Plain Bear\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n";
    let files = vec![SourceFile::from_text(
        "sets/primitives/twin.txt",
        Dialect::WAGIC,
        text,
    )];
    let db = Db::load(&files, &[0], engine::wagic::db::DEFAULT_MAX_GRADE);
    let vocab = sim::Vocab::build(&db);
    for name in ["Twin Sparks", "Few Sparks"] {
        let prim = db.definition(name).unwrap().clone();
        let (findings, outcome) = sim::simulate_card(&db, &vocab, &prim, 1, 10_000);
        assert!(!outcome.budget, "{name} ran out of steps: {findings:?}");
        assert!(findings.is_empty(), "{name}: {findings:?}");
    }
}

/// The engine plays Forge and Wagic cards; files of the other dialects are skipped, not failed.
#[test]
fn other_dialects_are_skipped() {
    for (path, dialect, text) in [
        (
            "cards/test.py",
            Dialect::PYMTG,
            "class TestCard(Card):\n    pass\n",
        ),
        (
            "Scripts/CardScripts.py",
            Dialect::NETRUNNER,
            "ScriptedCards = {}\n",
        ),
        ("rules/test.txt", Dialect::RULESCRIPT, "[Rule]\n"),
    ] {
        let file = SourceFile::from_text(path, dialect, text);
        let (diags, stats) =
            engine::simulate(std::slice::from_ref(&file), &engine::Options::default());
        assert_eq!(diags.len(), 1);
        assert!(diags[0].is_empty(), "{dialect:?}: {:?}", diags[0]);
        assert_eq!(stats.cards(), 0);
    }
}

/// Tokens are made in the temporary zone and never pass through the stack (a trigger on spells
/// moving to the stack does not see them), and `(blink)ueot` returns the card at the end of the
/// turn, not at once: neither loops.
#[test]
fn tokens_and_blinks_do_not_retrigger() {
    use engine::wagic::{db::Db, sim};
    let text = "[card]\nname=Test Chieftain\nauto=@movedTo(goblin|mystack):may token(Goblin Scout,Creature Goblin Scout,1/1,red)\nmana={2}{R}\ntype=Creature\nsubtype=Goblin\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Test Skittish Sprite\nauto=@movedTo(*|stack):(blink)ueot\nmana={U}\ntype=Creature\nsubtype=Faerie\npower=1\ntoughness=1\n[/card]\n";
    let files = vec![SourceFile::from_text(
        "sets/primitives/retrigger.txt",
        Dialect::WAGIC,
        text,
    )];
    let db = Db::load(&files, &[0], engine::wagic::db::DEFAULT_MAX_GRADE);
    let vocab = sim::Vocab::build(&db);
    for name in ["Test Chieftain", "Test Skittish Sprite"] {
        let prim = db.definition(name).unwrap().clone();
        let (findings, outcome) = sim::simulate_card(&db, &vocab, &prim, 1, 10_000);
        assert!(!outcome.budget, "{name} ran out of steps: {findings:?}");
    }
}

/// Every zone name of Wagic's table is known: the `targetedpersons` prefix, `temp`; zones the
/// engine does not model (`reveal`, `sideboard`) are "not simulated", never "unknown".
#[test]
fn wagic_zone_names() {
    use engine::findings::Kind;
    use engine::wagic::{db::Db, sim};
    let text = "[card]\nname=Test Recall\nmana={U}\ntype=Sorcery\ntarget=creature\nauto=moveto(targetedpersonshand)\n[/card]\n\
[card]\nname=Test Glimpse\nmana={U}\ntype=Sorcery\ntarget=creature\nauto=moveto(reveal)\n[/card]\n\
[card]\nname=Test Lost\nmana={U}\ntype=Sorcery\ntarget=creature\nauto=moveto(mybattelfield)\n[/card]\n";
    let files = vec![SourceFile::from_text(
        "sets/primitives/zones.txt",
        Dialect::WAGIC,
        text,
    )];
    let db = Db::load(&files, &[0], engine::wagic::db::DEFAULT_MAX_GRADE);
    let vocab = sim::Vocab::build(&db);
    let kinds = |name: &str| -> Vec<Kind> {
        let prim = db.definition(name).unwrap().clone();
        let (findings, _) = sim::simulate_card(&db, &vocab, &prim, 1, 10_000);
        findings.into_iter().map(|f| f.kind).collect()
    };
    assert!(
        kinds("Test Recall").is_empty(),
        "{:?}",
        kinds("Test Recall")
    );
    assert_eq!(kinds("Test Glimpse"), [Kind::Unsupported]);
    assert_eq!(kinds("Test Lost"), [Kind::UnknownZone]);
}

/// A token whose spell makes the same token again nests resolutions without end (found by the
/// fuzz campaign: it overflowed the stack): the play stops as a loop, `G102`, at a fixed depth.
#[test]
fn a_token_that_makes_itself_is_a_loop_not_a_stack_overflow() {
    use engine::wagic::{db::Db, sim};
    let text = "[card]\nname=Mirror Idol\nid=-9001\nauto=token(-9001)\ntype=Artifact Creature\npower=1\ntoughness=1\n[/card]\n";
    let files = vec![SourceFile::from_text(
        "sets/primitives/mirror.txt",
        Dialect::WAGIC,
        text,
    )];
    let db = Db::load(&files, &[0], engine::wagic::db::DEFAULT_MAX_GRADE);
    let vocab = sim::Vocab::build(&db);
    let prim = db.definition("Mirror Idol").unwrap().clone();
    // On a small stack, as rayon's worker threads have.
    let (findings, outcome) = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || sim::simulate_card(&db, &vocab, &prim, 1, 10_000))
        .unwrap()
        .join()
        .expect("no stack overflow");
    assert!(outcome.budget, "{findings:?}");
}
