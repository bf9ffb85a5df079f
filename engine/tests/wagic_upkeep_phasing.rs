//! Upkeep costs (`upcost`, `cumulativeupcost`), `phaseout`, `trigger[from]` and the hard-coded
//! Circle of Protection, replayed as Wagic test files on invented cards. Every card here is
//! made up for the test.

mod common;

const CARDS: &str = r#"
[card]
id=9801
name=Toll Golem
mana={3}
type=Artifact Creature
subtype=Golem
power=3
toughness=3
auto=upcost[{G}] damage:2 controller
[/card]
[card]
id=9802
name=Aging Idol
mana={1}
type=Artifact
auto=cumulativeupcost[{1}] sacrifice
[/card]
[card]
id=9803
name=Blink Sprite
mana={U}
type=Creature
subtype=Faerie
power=1
toughness=1
auto={U}:phaseout
[/card]
[card]
id=9804
name=Spark Jolt
mana={R}
type=Instant
target=creature,player
auto=damage:2
[/card]
[card]
id=9805
name=Grudge Hound
mana={1}{B}
type=Creature
subtype=Dog
power=1
toughness=4
auto=@combat(blocking,blocked) source(this) from(creature):all(trigger[from]) -1/-1 ueot
[/card]
[card]
id=9810
name=Field Mouse
mana={G}
type=Creature
subtype=Mouse
power=1
toughness=1
[/card]
[card]
id=9806
name=Field Ox
mana={G}
type=Creature
subtype=Ox
power=2
toughness=2
[/card]
[card]
id=9808
name=Gray Flats
type=Land
auto={T}:Add{1}
[/card]
[card]
id=9809
name=Blood Leech
mana={2}{B}
type=Creature
subtype=Leech
power=2
toughness=2
auto=@vampired(creature) from(this):life:3 controller
auto={R}:damage:1 target(creature)
[/card]
[card]
id=9807
name=Ruby Circle
mana={1}{W}
type=Enchantment
alias=1338
[/card]
"#;

const SUITE: common::Suite = common::Suite {
    cards: CARDS,
    rules: || common::rules(&[common::RULES, &["vampirerule"]].concat(), &[]),
};

#[test]
fn an_unpaid_upkeep_cost_resolves_its_ability_when_the_upkeep_ends() {
    SUITE.pass(
        "[INIT]\nUPKEEP\n[PLAYER1]\ninplay:Toll Golem\n[PLAYER2]\n[DO]\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:Toll Golem\nlife:18\n[PLAYER2]\n[END]\n",
    );
    // Only the controller's upkeep asks: in the opponent's upkeep nothing happens.
    SUITE.pass(
        "[INIT]\nUPKEEP\n[PLAYER1]\n[PLAYER2]\ninplay:Toll Golem\n[DO]\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\n[PLAYER2]\ninplay:Toll Golem\nlife:20\n[END]\n",
    );
}

#[test]
fn a_paid_upkeep_cost_stops_the_ability() {
    SUITE.pass(
        "[INIT]\nUPKEEP\n[PLAYER1]\ninplay:Toll Golem\nmanapool:{G}\n[PLAYER2]\n[DO]\nToll Golem\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:Toll Golem\nlife:20\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn a_cumulative_upkeep_cost_is_paid_in_the_upkeep_or_the_ability_resolves() {
    let paid = "[INIT]\nUNTAP\n[PLAYER1]\ninplay:Aging Idol,Gray Flats\n[PLAYER2]\n[DO]\nnext\nGray Flats\nAging Idol\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:Aging Idol,Gray Flats\n[PLAYER2]\n[END]\n";
    SUITE.pass(paid);
    // Unpaid, the idol is sacrificed when the upkeep ends.
    SUITE.fail(&paid.replace("Gray Flats\nAging Idol\nnext", "next"));
    SUITE.pass(
        "[INIT]\nUNTAP\n[PLAYER1]\ninplay:Aging Idol,Gray Flats\n[PLAYER2]\n[DO]\nnext\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:Gray Flats\ngraveyard:Aging Idol\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn a_phased_out_creature_cannot_be_targeted_and_phases_in_at_its_untap() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Spark Jolt\nmanapool:{R}\n[PLAYER2]\ninplay:Blink Sprite\nmanapool:{U}\n[DO]\nSpark Jolt\nBlink Sprite\nno\nyes\nBlink Sprite\nendinterruption\neot\n[ASSERT]\nUNTAP\n[PLAYER1]\ngraveyard:Spark Jolt\n[PLAYER2]\ninplay:Blink Sprite\n[END]\n",
    );
    // Without the phase out, the jolt kills the sprite.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Spark Jolt\nmanapool:{R}\n[PLAYER2]\ninplay:Blink Sprite\n[DO]\nSpark Jolt\nBlink Sprite\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Spark Jolt\n[PLAYER2]\ngraveyard:Blink Sprite\n[END]\n",
    );
}

#[test]
fn trigger_from_is_the_creature_met_in_combat() {
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Field Ox\n[PLAYER2]\ninplay:Grudge Hound\n[DO]\nField Ox\nnext\nGrudge Hound\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ngraveyard:Field Ox\n[PLAYER2]\ninplay:Grudge Hound\n[END]\n",
    );
    // Without the trigger the 2/2 ox survives the 1/4 hound.
    SUITE.fail(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Field Ox\n[PLAYER2]\ninplay:Field Ox\n[DO]\nField Ox\nnext\nField Ox\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ngraveyard:Field Ox\n[PLAYER2]\ninplay:Field Ox\n[END]\n",
    );
}

#[test]
fn a_circle_of_protection_prevents_the_next_damage_of_the_chosen_source() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Spark Jolt\nmanapool:{R}\n[PLAYER2]\ninplay:Ruby Circle\nmanapool:{1}\n[DO]\nSpark Jolt\np2\nno\nyes\nRuby Circle\nSpark Jolt\nendinterruption\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Spark Jolt\n[PLAYER2]\ninplay:Ruby Circle\nlife:20\n[END]\n",
    );
    // Not activated, the jolt hits.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Spark Jolt\nmanapool:{R}\n[PLAYER2]\ninplay:Ruby Circle\n[DO]\nSpark Jolt\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Spark Jolt\n[PLAYER2]\ninplay:Ruby Circle\nlife:18\n[END]\n",
    );
}

#[test]
fn a_creature_the_source_damaged_dying_fires_vampired() {
    let killed = "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Blood Leech\nmanapool:{R}\n[PLAYER2]\ninplay:Field Mouse\n[DO]\nBlood Leech\nField Mouse\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Blood Leech\nlife:23\n[PLAYER2]\ngraveyard:Field Mouse\n[END]\n";
    SUITE.pass(killed);
    // A creature that survives the damage fires nothing.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Blood Leech\nmanapool:{R}\n[PLAYER2]\ninplay:Field Ox\n[DO]\nBlood Leech\nField Ox\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Blood Leech\nlife:20\n[PLAYER2]\ninplay:Field Ox\n[END]\n",
    );
}
