//! Every simulation rule (`G1xx`) is proved by its own documentation: the engine flags its bad
//! example and not its good one. (The linter's example test skips them: they need the engine.)

use lint::{Dialect, SourceFile, simulation};

fn simulate_example(text: &str) -> Vec<lint::Diagnostic> {
    let dialect = lint::dialect::detect_by_content(text).expect("the example's dialect");
    let path = match dialect {
        Dialect::Forge => "cardsfolder/e/example.txt",
        Dialect::Wagic => "sets/primitives/example.txt",
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
            !good.iter().any(|d| d.rule.code == rule.code),
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
            bad.iter().any(|d| d.rule.code == rule.code),
            "{} {}: its bad example is not flagged; got {:?}",
            rule.code,
            rule.name,
            bad.iter()
                .map(|d| (d.rule.code, &d.message))
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
            Dialect::Wagic,
            "[card]\nname=Lost Summoner\ntype=Sorcery\nauto=token(Imaginary Beast)\n[/card]\n[card]\nname=Found Summoner\ntype=Sorcery\nauto=token(Field Mouse)\n[/card]\n[card]\nname=Field Mouse\ntype=Creature\npower=1\ntoughness=1\n[/card]\n",
        ),
        SourceFile::from_text(
            "sets/TST/_cards.dat",
            Dialect::Wagic,
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
