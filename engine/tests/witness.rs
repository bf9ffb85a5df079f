//! The witness (`G112`) on invented Wagic cards: an instant's or sorcery's `text=` held against
//! what casting it did.

use engine::findings::Kind;
use engine::wagic::{db::Db, sim};
use model::{Dialect, SourceFile};

fn witnessed(cards: &str, name: &str) -> Vec<String> {
    let text = format!(
        "{cards}[card]\nname=Plain Bear\nmana={{1}}{{G}}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n"
    );
    let files = vec![SourceFile::from_text(
        "sets/primitives/witness.txt",
        Dialect::WAGIC,
        &text,
    )];
    let db = Db::load(&files, &[0], engine::wagic::db::DEFAULT_MAX_GRADE);
    let vocab = sim::Vocab::build(&db);
    let prim = db.definition(name).unwrap().clone();
    let (findings, _) = sim::simulate_card(&db, &vocab, &prim, 1, 100_000);
    findings
        .into_iter()
        .filter(|f| f.kind == Kind::TextMismatch)
        .map(|f| f.message)
        .collect()
}

#[test]
fn a_spell_that_says_exile_but_destroys() {
    let wrong = "[card]\nname=Pale Banishing\nmana={1}{W}\ntype=Sorcery\ntarget=creature\nauto=destroy\ntext=Exile target creature.\n[/card]\n";
    assert_eq!(
        witnessed(wrong, "Pale Banishing"),
        [
            "the rules text says \"Exile target creature\", but the play put the card into a graveyard instead"
        ]
    );
    let right = wrong.replace("auto=destroy", "auto=moveto(exile)");
    assert!(witnessed(&right, "Pale Banishing").is_empty());
}

#[test]
fn a_spell_that_says_its_owners_hand_but_puts_it_elsewhere() {
    let wrong = "[card]\nname=Tide Turn\nmana={U}\ntype=Instant\ntarget=creature\nauto=moveto(ownerlibrary)\ntext=Return target creature to its owner's hand.\n[/card]\n";
    assert_eq!(
        witnessed(wrong, "Tide Turn"),
        [
            "the rules text says \"Return target creature to its owner's hand\", but the play put the card into a library instead"
        ]
    );
    let right = wrong.replace("moveto(ownerlibrary)", "moveto(ownerhand)");
    assert!(witnessed(&right, "Tide Turn").is_empty());
}

#[test]
fn a_spell_that_hits_its_own_controller() {
    let wrong = "[card]\nname=Bitter Tithe\nmana={B}\ntype=Sorcery\nauto=life:-2 controller\ntext=Each opponent loses 2 life.\n[/card]\n";
    assert_eq!(
        witnessed(wrong, "Bitter Tithe"),
        [
            "the rules text says \"Each opponent loses 2 life\", but the play made its controller lose life"
        ]
    );
    let right = wrong.replace("life:-2 controller", "life:-2 opponent");
    assert!(witnessed(&right, "Bitter Tithe").is_empty());
    let wrong = "[card]\nname=Wild Study\nmana={U}\ntype=Sorcery\nauto=draw:2 opponent\ntext=Draw two cards.\n[/card]\n";
    assert_eq!(
        witnessed(wrong, "Wild Study"),
        ["the rules text says \"Draw two cards\", but the play made the opponent draw"]
    );
    assert!(witnessed(&wrong.replace("draw:2 opponent", "draw:2"), "Wild Study").is_empty());
}

#[test]
fn a_creature_is_held_to_what_it_does_as_it_enters() {
    let wrong = "[card]\nname=Grim Herald\nmana={1}{B}\ntype=Creature\nsubtype=Zombie\npower=2\ntoughness=1\nauto=life:-2 controller\ntext=When Grim Herald enters the battlefield, each opponent loses 2 life.\n[/card]\n";
    assert_eq!(
        witnessed(wrong, "Grim Herald"),
        [
            "the rules text says \"When Grim Herald enters the battlefield, each opponent loses 2 life\", but the play made its controller lose life"
        ]
    );
    assert!(
        witnessed(
            &wrong.replace("life:-2 controller", "life:-2 opponent"),
            "Grim Herald"
        )
        .is_empty()
    );
    // Its other sentences speak of other times.
    let other = wrong.replace(
        "text=When Grim Herald enters the battlefield, each opponent loses 2 life.",
        "text=Each opponent loses 2 life.",
    );
    assert!(witnessed(&other, "Grim Herald").is_empty());
}

#[test]
fn a_creature_that_returns_from_the_wrong_zone() {
    // The text says the graveyard, the target spec the battlefield; the finding is on the line
    // that did it, and the text may misspell the card's name.
    let wrong = "[card]\nname=Crypt Imp\nabilities=flying\nauto=moveTo(myhand) target(creature|myBattlefield)\ntext=Flying -- When Cript Imp enters the battlefield, return target creature card from your graveyard to your hand.\nmana={1}{B}{B}\ntype=Creature\nsubtype=Imp\npower=1\ntoughness=1\n[/card]\n";
    assert_eq!(
        witnessed(wrong, "Crypt Imp"),
        [
            "the rules text says \"When Cript Imp enters the battlefield, return target creature card from your graveyard to your hand\", but the play took the card from the battlefield instead of a graveyard"
        ]
    );
    let right = wrong.replace("creature|myBattlefield", "creature|myGraveyard");
    assert!(witnessed(&right, "Crypt Imp").is_empty());
}

#[test]
fn an_aura_whose_draw_follows_its_target() {
    // `draw:1` on an Aura draws for the enchanted creature's controller; the text means you.
    let wrong = "[card]\nname=Scholar's Gift\nmana={1}{U}\ntype=Enchantment\nsubtype=Aura\ntarget=creature\nauto=draw:1\ntext=Enchant creature -- When Scholar's Gift enters the battlefield, draw a card.\n[/card]\n";
    // The play enchants the opponent's creature (a legal choice): then the opponent draws.
    assert_eq!(
        witnessed(wrong, "Scholar's Gift"),
        [
            "the rules text says \"When Scholar's Gift enters the battlefield, draw a card\", but the play made the opponent draw"
        ]
    );
    let right = wrong.replace("auto=draw:1", "auto=draw:1 controller");
    assert!(witnessed(&right, "Scholar's Gift").is_empty());
}
