//! The vocabularies of the Python-MTG, Netrunner and RuleScript dialects: every data file reads,
//! every word has a one-line documentation (the language server shows it on hover), and no word
//! is listed twice in one file.

use model::vocab::Vocab;

fn check(name: &str, vocab: &Vocab) {
    assert!(!vocab.words().is_empty(), "{name} is empty");
    let mut seen = std::collections::HashSet::new();
    for w in vocab.words() {
        assert!(!w.word.is_empty(), "{name}: an empty word");
        assert!(
            !w.doc.trim().is_empty() && !w.doc.contains('\n'),
            "{name}: `{}` lacks a one-line doc",
            w.word
        );
        assert!(seen.insert(w.word), "{name}: `{}` is listed twice", w.word);
    }
}

#[test]
fn pymtg_vocabularies() {
    use model::pymtg::vocab::*;
    check("trigger-conditions", trigger_conditions());
    check("target-shortcuts", target_shortcuts());
    check("static-scopes", static_scopes());
    check("effect-names", effect_names());
    check("keyword-abilities", keyword_abilities());
    check("token-colors", token_colors());
    check("scope-names", scope_names());
    check("section-headers", section_headers());
    check("sub-headers", sub_headers());
    check("card-names", card_names());
    // Engine members repeat across classes: one entry per class.
    assert!(
        engine_api()
            .words()
            .iter()
            .all(|w| w.attr("class").is_some() && !w.doc.is_empty())
    );
    assert!(member_names().contains("add_pt") && !member_names().contains("add_PT"));
}

#[test]
fn netrunner_vocabularies() {
    use model::netrunner::vocab::*;
    for (name, v) in [
        ("triggers", triggers()),
        ("command-verbs", command_verbs()),
        ("counters", counters()),
        ("markers", markers()),
        ("modulators", modulators()),
        ("resident-effects", resident_effects()),
        ("cost-change-events", cost_change_events()),
        ("damage-types", damage_types()),
        ("reshuffle-piles", reshuffle_piles()),
        ("shuffle-piles", shuffle_piles()),
        ("run-targets", run_targets()),
        ("modify-status-objects", modify_status_objects()),
        ("table-events", table_events()),
        ("warn-kinds", warn_kinds()),
    ] {
        check(name, v);
    }
    use model::netrunner::Game;
    let credits = counters().get("Credits").unwrap();
    assert!(in_game(credits, Game::Android) && !in_game(credits, Game::Classic));
    assert_eq!(
        longest_prefix(command_verbs(), Game::Android, "UseCustomAbility").map(|w| w.word),
        Some("UseCustomAbility")
    );
}

#[test]
fn rulescript_vocabularies() {
    use model::rulescript::vocab::*;
    for (name, v) in [
        ("keys", keys()),
        ("commands", commands()),
        ("abilities", abilities()),
        ("zones", zones()),
        ("zone-prefixes", zone_prefixes()),
        ("events", events()),
        ("event-prefixes", event_prefixes()),
        ("event-suffixes", event_suffixes()),
        ("hooks", hooks()),
        ("filters", filters()),
        ("card-types", card_types()),
        ("target-keywords", target_keywords()),
        ("restrictions", restrictions()),
        ("restriction-prefixes", restriction_prefixes()),
        ("cost-keywords", cost_keywords()),
        ("conditions", conditions()),
        ("expression-names", expression_names()),
        ("expression-attributes", expression_attributes()),
        ("game-rules", game_rules()),
        ("phases", phases()),
        ("pile-view-states", pile_view_states()),
        ("selectors", selectors()),
    ] {
        check(name, v);
    }
    assert!(is_restriction("oppUEOT") && !is_restriction("ueto"));
}
