//! Costs that tap other permanents (`{T(type|zone)}`) and the must-choose menu of an activated
//! ability (issue 17): each tap cost takes its own untapped permanent (ExtraCosts::
//! tryToSetPayment, TapTargetCost::isPaymentSet), and the menu of a `choice` ability never
//! offers the card's own activated abilities again (ActionLayer::setMenuObject). Every card
//! here is made up for the test.

mod common;

use engine::wagic::db::{DEFAULT_MAX_GRADE, Db};
use engine::wagic::sim;
use model::{Dialect, SourceFile};

const CARDS: &str = r#"
[card]
id=9701
name=Vault Archivist
mana={2}{W}
type=Creature
subtype=Human Cleric
power=1
toughness=2
auto={T(cleric|myBattlefield)}{T(cleric|myBattlefield)}{T(cleric|myBattlefield)}:choice name(target player) target(player) moveto(exile) target(<upto:2>*|targetedpersonslibrary)
[/card]
[card]
id=9702
name=Candle Acolyte
mana={W}
type=Creature
subtype=Human Cleric
power=1
toughness=1
[/card]
[card]
id=9703
name=Page Burner
mana={1}{U}
type=Creature
subtype=Human Wizard
power=1
toughness=1
auto={1}:choice draw:1 controller
[/card]
[card]
id=9705
name=Candle Reader
mana={W}
type=Creature
subtype=Human Cleric
power=1
toughness=1
auto={T(cleric|myBattlefield)}{T(cleric|myBattlefield)}{T(cleric|myBattlefield)}:choice draw:1 controller
[/card]
[card]
id=9704
name=Meadow Vole
mana={G}
type=Creature
subtype=Vole
power=1
toughness=1
[/card]
"#;

const SUITE: common::Suite = common::Suite {
    cards: CARDS,
    rules: || common::rules(&["putinplayrule", "attackrule", "blockrule"], &[]),
};

#[test]
fn tap_costs_take_three_different_untapped_creatures() {
    // Three clerics pay the three tap costs: a card is drawn.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Candle Reader,Candle Acolyte,Candle Acolyte\nlibrary:Meadow Vole\n[PLAYER2]\n[DO]\nCandle Reader\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Candle Reader,Candle Acolyte,Candle Acolyte\nhand:Meadow Vole\n[PLAYER2]\n[END]\n",
    );
    // Two clerics cannot: the ability is not used.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Candle Reader,Candle Acolyte\nlibrary:Meadow Vole\n[PLAYER2]\n[DO]\nCandle Reader\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Candle Reader,Candle Acolyte\nlibrary:Meadow Vole\n[PLAYER2]\n[END]\n",
    );
    SUITE.fail(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Candle Reader,Candle Acolyte\nlibrary:Meadow Vole\n[PLAYER2]\n[DO]\nCandle Reader\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Candle Reader,Candle Acolyte\nhand:Meadow Vole\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn the_choice_menu_does_not_offer_the_ability_again() {
    // The mana for a second activation is there, but the menu holds only the choice.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Page Burner\nlibrary:Meadow Vole\nmanapool:{2}\n[PLAYER2]\n[DO]\nPage Burner\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Page Burner\nhand:Meadow Vole\nmanapool:{1}\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn simulating_them_finishes() {
    let file = SourceFile::new("sets/TST/_cards.dat", Dialect::WAGIC, CARDS.as_bytes());
    let db = Db::load(&[file], &[0], DEFAULT_MAX_GRADE);
    let vocab = sim::Vocab::build(&db);
    for name in ["Vault Archivist", "Candle Reader", "Page Burner"] {
        let prim = db.definition(name).unwrap().clone();
        let (findings, outcome) = sim::simulate_card(&db, &vocab, &prim, 1, 10_000);
        assert!(!outcome.budget, "{name} ran out of steps: {findings:?}");
    }
}
