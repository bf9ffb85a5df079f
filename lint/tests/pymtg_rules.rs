//! The Python-MTG rules on invented card files: what each flags, where, and what it leaves alone.

use lint::{Dialect, SourceFile};

/// `(code, line, column, message)` of every finding, lines and columns 1-based.
fn lint(text: &str) -> Vec<(&'static str, u32, u32, String)> {
    let files = vec![SourceFile::from_text(
        "data/test_cards.txt",
        Dialect::PYMTG,
        text,
    )];
    let index = syntax::LineIndex::new(text);
    lint::workspace::check(&files, &lint::config::Config::default())
        .remove(0)
        .into_iter()
        .map(|d| {
            let lc = index.line_col(d.range.start());
            (d.rule.code, lc.line + 1, lc.col + 1, d.message)
        })
        .collect()
}

fn codes(text: &str) -> Vec<(&'static str, u32)> {
    lint(text).into_iter().map(|(c, l, _, _)| (c, l)).collect()
}

const SEP: &str = "##############################";

fn card(name: &str, body: &str) -> String {
    format!("{SEP}\n{name}\n{body}")
}

#[test]
fn a_clean_file_has_no_findings() {
    let text = format!(
        "# guide\n\n{}\n{}\n{}",
        card(
            "Lightning Strike",
            "\tTargets:\n\t\t'creature or player'\n\t\t\tPrompt:\n\t\t\t\tPick one\\n\n\ttargets[0].take_damage(self, 3)\n"
        ),
        card(
            "Soulmender",
            "\tAbilities:\n\t\tT: self.controller.gain_life(2)\n\t\t2B, Pay 2 life, Sacrifice ~: self.controller.draw(\n\t\t\t\t\t2)\n"
        ),
        card(
            "Spirit Bonds",
            "\tTriggers:\n\t\tonControllerCreatureEtB\n\t\t\tself.controller.create_token('1/1 white Spirit', 1, 'Flying')\n\t\t\t\tConditioned On:\n\t\t\t\t\tself.trigger_source.is_creature\n\tStaticEffects:\n\t\t'self'\n\t\t\t'gainAbility'\n\t\t\t'First Strike'\n\t\t\tlambda eff: len([p for p in eff.source.controller.battlefield if p.is_creature]) > 2\n"
        ),
    );
    assert_eq!(lint(&text), vec![]);
}

#[test]
fn tab_indentation() {
    let text = card(
        "Divination",
        "    self.controller.draw(2)\n  \tself.controller.draw(1)\n\t  self.x()\n",
    );
    let found = codes(&text);
    assert!(found.contains(&("P100", 3)), "{found:?}");
    assert!(found.contains(&("P100", 4)), "{found:?}");
    // Tabs then spaces: the level is the tabs, the spaces are stripped.
    assert!(!found.contains(&("P100", 5)), "{found:?}");
    // A comment indented with spaces is skipped anyway.
    assert!(
        codes(&card(
            "Divination",
            "    # note\n\tself.controller.draw(2)\n"
        ))
        .is_empty()
    );
}

#[test]
fn unknown_trigger_condition_with_fixes() {
    let found = lint(&card(
        "Tireless Missionaries",
        "\tTriggers:\n\t\tonEtb\n\t\t\tself.controller.gain_life(3)\n",
    ));
    assert!(
        found
            .iter()
            .any(|(c, l, col, _)| *c == "P101" && *l == 4 && *col == 3),
        "{found:?}"
    );
    let files = vec![SourceFile::from_text(
        "data/x_cards.txt",
        Dialect::PYMTG,
        card(
            "Tireless Missionaries",
            "\tTriggers:\n\t\tonEtB # when it enters\n\t\t\tself.controller.gain_life(3)\n",
        ),
    )];
    let out = lint::workspace::check(&files, &lint::config::Config::default()).remove(0);
    let p101 = out
        .iter()
        .find(|d| d.rule.code == "P101")
        .expect("the comment is part of the name");
    assert_eq!(
        p101.fix.as_ref().map(|f| f.applicability),
        Some(lint::Applicability::Unsafe)
    );
    assert!(out.iter().any(|d| d.rule.code == "P102"));
}

#[test]
fn ability_syntax() {
    let text = card(
        "Zof Shade",
        "\tAbilities:\n\t\tT self.controller.draw(1)\n\t\tW,B: self.x()\n\t\tFerocious, 2: self.x()\n\t\tDiscard a card: self.x()\n\t\t2:self.x()\n\t\tR:\n",
    );
    let found = lint(&text);
    let at = |line: u32| {
        found
            .iter()
            .filter(|(c, l, _, _)| *c == "P103" && *l == line)
            .count()
    };
    assert_eq!(at(4), 1, "no colon: {found:?}");
    assert_eq!(at(5), 1, "partial mana: {found:?}");
    assert_eq!(at(6), 1, "one unknown piece: {found:?}");
    assert_eq!(at(7), 2, "all unknown: {found:?}");
    assert_eq!(at(8), 1, "the lost character: {found:?}");
    assert_eq!(at(9), 1, "no effect: {found:?}");
}

#[test]
fn target_shortcuts_names_and_members() {
    let text = card(
        "Lightning Strike",
        "\tTargets:\n\t\t'creature or planeswalker'\n\t\tp.is_creature and self.controller.life > 2\n\ttargets[0].take_damage(self, 3)\n\tp.bounce()\n\tself.controller.gainlife(2)\n\tmana.Mana.WHITE\n\t[x for x in targets if x.is_creature]\n\t(lambda q: q.tap())(targets[0])\n",
    );
    let found = codes(&text);
    assert!(found.contains(&("P104", 4)), "{found:?}");
    assert!(
        found.contains(&("P105", 7)),
        "`p` in a spell effect: {found:?}"
    );
    assert!(found.contains(&("P106", 8)), "{found:?}");
    // Module names, comprehension and lambda variables are defined.
    assert_eq!(
        found.iter().filter(|(c, _)| *c == "P105").count(),
        1,
        "{found:?}"
    );
    assert_eq!(
        found.iter().filter(|(c, _)| *c == "P106").count(),
        1,
        "{found:?}"
    );
    // Without a Targets: section, `targets` is not defined.
    assert!(codes(&card("Divination", "\ttargets[0].tap()\n")).contains(&("P105", 3)));
}

#[test]
fn member_fix_is_the_engine_spelling() {
    let files = vec![SourceFile::from_text(
        "data/x_cards.txt",
        Dialect::PYMTG,
        card(
            "Marked by Honor",
            "\tAura:\n\t\tself.add_PT((1, 2))\n\t\tTargets:\n\t\t\t'creature'\n",
        ),
    )];
    let out = lint::workspace::check(&files, &lint::config::Config::default()).remove(0);
    let d = out.iter().find(|d| d.rule.code == "P106").unwrap();
    assert_eq!(d.fix.as_ref().unwrap().edits[0].new_text, "add_pt");
}

#[test]
fn card_names_duplicates_and_continuations() {
    let text = format!(
        "{}{}{}{}",
        card("Divinaton", "\tself.controller.draw(2)\n"),
        card("Divination", "\tself.controller.draw(2)\n"),
        card("Divination", "\tself.controller.draw(3)\n"),
        card(
            "Lightning Strike",
            "\t\tTargets:\n\t\t\t\t'creature or player'\n"
        ),
    );
    let found = codes(&text);
    assert!(found.contains(&("P107", 2)), "{found:?}");
    assert!(found.contains(&("P110", 8)), "{found:?}");
    assert!(found.contains(&("P113", 12)), "{found:?}");
    // The name with its continuation is not also reported as unknown.
    assert!(!found.contains(&("P107", 10)), "{found:?}");
}

#[test]
fn python_syntax_and_misplaced_headers() {
    let text = card(
        "Frost Lynx",
        "\tTriggers:\n\t\tonEtB\n\t\t\tself.targets_chosen[0].tap()\n\t\t\tTargets:\n\t\t\t\t'opponent creature'\n\tx = 1\n\t[c.tapped=True for c in self.controller.battlefield]\n\t// note\n\tself.controller.draw(\n\t\t\t2)\n",
    );
    let found = codes(&text);
    assert!(found.contains(&("P114", 6)), "{found:?}");
    assert!(
        !found.contains(&("P108", 6)),
        "a misplaced header is not also a syntax error: {found:?}"
    );
    assert!(found.contains(&("P108", 8)), "{found:?}");
    assert!(found.contains(&("P108", 9)), "{found:?}");
    assert!(found.contains(&("P108", 10)), "{found:?}");
    assert!(
        !found.iter().any(|(c, l)| *c == "P108" && *l >= 11),
        "continuation lines join: {found:?}"
    );
}

#[test]
fn static_effects_effect_names_tokens_and_keywords() {
    let text = card(
        "Spirit Bonds",
        "\tStaticEffects:\n\t\t'controler'\n\t\t\t'modifyPt'\n\t\t\t(1, 1)\n\t\t'self'\n\t\t\t'gainAbility'\n\t\t\t'Flyng'\n\t\t\tTrue\n\tself.card.add_effect('gainAbiliti', 'Flying', self)\n\tself.controller.create_token('1/1 White Spirit', 1, 'flying')\n",
    );
    let found = codes(&text);
    assert!(found.contains(&("P109", 4)), "unknown scope: {found:?}");
    assert!(
        found
            .iter()
            .filter(|(c, l)| *c == "P109" && *l == 4)
            .count()
            >= 2,
        "too few values: {found:?}"
    );
    assert!(found.contains(&("P111", 5)), "{found:?}");
    assert!(found.contains(&("P116", 9)), "{found:?}");
    assert!(
        found.contains(&("P109", 10)),
        "the toggle is no lambda: {found:?}"
    );
    assert!(found.contains(&("P111", 11)), "{found:?}");
    assert!(found.contains(&("P112", 12)), "{found:?}");
    assert!(found.contains(&("P116", 12)), "{found:?}");
}

#[test]
fn dropped_lines() {
    let text = card(
        "Battle Mastery",
        "\tAura:\n\t\tself.add_ability('Double Strike')\n\t\tTargets:\n\t\t\t'creature'\n\t\t\t\t'your creature'\n",
    );
    assert!(codes(&text).contains(&("P115", 7)));
}

#[test]
fn a_bom_hides_the_first_separator() {
    let text = format!(
        "\u{feff}{}",
        card("Divination", "\tself.controller.draw(2)\n")
    );
    assert!(codes(&text).contains(&("E002", 1)));
}
