//! Delayed actions (`phaseaction`), damage prevention (`fog`, `preventalldamage...`,
//! `prevent:`), cost changes (`altercost`), `flip`, `removefromcombat`, `flipacoin` and
//! `moverandom` played the way Wagic plays them, on invented cards and invented test files.
//! Every card here is made up for the test.

mod common;

use engine::wagic_tests::{Outcome, run_test};

const CARDS: &str = r#"
[card]
id=9601
name=Meadow Vole
mana={G}
type=Creature
subtype=Vole
power=1
toughness=1
[/card]
[card]
id=9602
name=Spark Tinker
mana={R}
type=Creature
subtype=Shaman
power=1
toughness=1
auto={T}:damage:1 target(creature,player)
[/card]
[card]
id=9603
name=Borrowed Hour
mana={B}
type=Instant
target=creature
auto=phaseaction[end once] destroy
[/card]
[card]
id=9604
name=Slow Tide
mana={U}
type=Instant
target=creature
auto=phaseaction[my next upkeep once] moveto(ownerhand)
[/card]
[card]
id=9605
name=Hush of Mist
mana={G}
type=Instant
auto=fog
[/card]
[card]
id=9606
name=Warded Golem
mana={3}
type=Artifact Creature
subtype=Golem
power=1
toughness=1
auto=preventalldamage to(this)
[/card]
[card]
id=9607
name=Raging Boar
mana={R}
type=Creature
subtype=Boar
power=3
toughness=3
abilities=haste
[/card]
[card]
id=9608
name=Quiet Shield
mana={W}
type=Instant
target=creature,player
auto=prevent:2
[/card]
[card]
id=9609
name=Toll Obelisk
mana={2}
type=Artifact
auto=lord(*|hand,library,graveyard,exile) altercost(colorless,+1)
[/card]
[card]
id=9610
name=Verdant Idol
mana={2}
type=Artifact
auto=lord(creature[green]|myhand) altercost(green,-1)
[/card]
[card]
id=9611
name=Moonlit Pup
mana={G}
type=Creature
subtype=Wolf
power=1
toughness=1
auto={G}:flip(Moon Howler)
[/card]
[card]
id=9612
name=Moon Howler
mana={G}
type=Creature
subtype=Werewolf
power=3
toughness=3
auto={S}:life:2 controller
[/card]
[card]
id=9613
name=Recall Horn
mana={U}
type=Instant
target=creature
auto=removefromcombat
[/card]
[card]
id=9614
name=Gambler's Toss
mana={R}
type=Sorcery
auto=flipacoin winability life:3 controller winabilityend loseability life:-3 controller loseabilityend flipend
[/card]
[card]
id=9615
name=Grave Rummage
mana={B}
type=Sorcery
auto=moverandom(creature) from(mygraveyard) to(myhand)
[/card]
"#;

const SUITE: common::Suite = common::Suite {
    cards: CARDS,
    rules: || common::rules(common::RULES, common::DRAW),
};

#[test]
fn a_phase_action_waits_for_its_phase() {
    // Cast in the first main phase: the creature is still there in the second one...
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Borrowed Hour\ninplay:Meadow Vole\nmanapool:{B}\n[PLAYER2]\n[DO]\nBorrowed Hour\nMeadow Vole\ngoto secondmain\n[ASSERT]\nSECONDMAIN\n[PLAYER1]\ninplay:Meadow Vole\ngraveyard:Borrowed Hour\n[PLAYER2]\n[END]\n",
    );
    // ...and destroyed when the end step comes.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Borrowed Hour\ninplay:Meadow Vole\nmanapool:{B}\n[PLAYER2]\n[DO]\nBorrowed Hour\nMeadow Vole\ngoto end\n[ASSERT]\nENDOFTURN\n[PLAYER1]\ngraveyard:Borrowed Hour,Meadow Vole\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn a_next_phase_action_skips_the_phase_once_and_watches_whose_turn() {
    // `my next upkeep`, cast in my upkeep: not in the opponent's upkeep...
    SUITE.pass(
        "[INIT]\nUPKEEP\n[PLAYER1]\nhand:Slow Tide\ninplay:Meadow Vole\nmanapool:{U}\n[PLAYER2]\n[DO]\nSlow Tide\nMeadow Vole\neot\ngoto upkeep\n[ASSERT]\nUPKEEP\n[PLAYER1]\ninplay:Meadow Vole\ngraveyard:Slow Tide\n[PLAYER2]\n[END]\n",
    );
    // ...but in my next one.
    SUITE.pass(
        "[INIT]\nUPKEEP\n[PLAYER1]\nhand:Slow Tide\ninplay:Meadow Vole\nmanapool:{U}\n[PLAYER2]\n[DO]\nSlow Tide\nMeadow Vole\neot\ngoto upkeep\neot\ngoto upkeep\n[ASSERT]\nUPKEEP\n[PLAYER1]\nhand:Meadow Vole\ngraveyard:Slow Tide\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn fog_prevents_combat_damage_only() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Hush of Mist\ninplay:Raging Boar,Spark Tinker\nmanapool:{G}\n[PLAYER2]\n[DO]\nHush of Mist\nSpark Tinker\np2\nnext\nnext\nRaging Boar\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Raging Boar,Spark Tinker\ngraveyard:Hush of Mist\n[PLAYER2]\nlife:19\n[END]\n",
    );
}

#[test]
fn prevent_all_damage_to_this_keeps_the_creature_alive() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Spark Tinker\n[PLAYER2]\ninplay:Warded Golem\n[DO]\nSpark Tinker\nWarded Golem\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Spark Tinker\n[PLAYER2]\ninplay:Warded Golem\n[END]\n",
    );
}

#[test]
fn a_prevention_shield_takes_the_next_damage() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Quiet Shield\ninplay:Spark Tinker\nmanapool:{W}\n[PLAYER2]\n[DO]\nQuiet Shield\np1\nSpark Tinker\np1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Spark Tinker\ngraveyard:Quiet Shield\nlife:20\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn altercost_raises_and_lowers_what_a_spell_costs() {
    // {G} is no longer enough with the obelisk in play: the vole stays in hand.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Meadow Vole\ninplay:Toll Obelisk\nmanapool:{G}\n[PLAYER2]\n[DO]\nMeadow Vole\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:Meadow Vole\ninplay:Toll Obelisk\nmanapool:{G}\n[PLAYER2]\n[END]\n",
    );
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Meadow Vole\ninplay:Toll Obelisk\nmanapool:{1}{G}\n[PLAYER2]\n[DO]\nMeadow Vole\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Toll Obelisk,Meadow Vole\nmanapool:{0}\n[PLAYER2]\n[END]\n",
    );
    // A green reduction takes the {G} off: the vole is free.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Meadow Vole\ninplay:Verdant Idol\nmanapool:{R}\n[PLAYER2]\n[DO]\nMeadow Vole\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Verdant Idol,Meadow Vole\nmanapool:{R}\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn a_flipped_card_is_the_named_card_until_it_leaves_play() {
    // The pup becomes a howler, whose sacrifice ability works (the suite clicks cards by their
    // printed id), and goes to the graveyard as the pup.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Moonlit Pup\nmanapool:{G}\n[PLAYER2]\n[DO]\nMoonlit Pup\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Moon Howler\n[PLAYER2]\n[END]\n",
    );
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Moonlit Pup\nmanapool:{G}\n[PLAYER2]\n[DO]\nMoonlit Pup\nMoonlit Pup\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Moonlit Pup\nlife:22\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn a_creature_removed_from_combat_deals_no_combat_damage() {
    // With no attacker left, the game goes from the attackers step to the end of combat.
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\nhand:Recall Horn\ninplay:Raging Boar\nmanapool:{U}\n[PLAYER2]\n[DO]\nRaging Boar\nRecall Horn\nRaging Boar\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Raging Boar\ngraveyard:Recall Horn\n[PLAYER2]\nlife:20\n[END]\n",
    );
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Raging Boar\n[PLAYER2]\n[DO]\nRaging Boar\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Raging Boar\n[PLAYER2]\nlife:17\n[END]\n",
    );
}

#[test]
fn a_coin_flip_plays_exactly_one_of_its_outcomes() {
    let test = |life: i32| {
        format!(
            "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Gambler's Toss\nmanapool:{{R}}\n[PLAYER2]\n[DO]\nGambler's Toss\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Gambler's Toss\nlife:{life}\n[PLAYER2]\n[END]\n"
        )
    };
    let passes = [23, 17, 20].map(|life| {
        matches!(
            run_test(&SUITE.db(), &SUITE.rules(), &test(life)),
            Outcome::Pass
        )
    });
    assert_eq!(passes, [passes[0], !passes[0], false], "won, lost, neither");
}

#[test]
fn moverandom_moves_a_matching_card() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Grave Rummage\ngraveyard:Meadow Vole,Toll Obelisk\nmanapool:{B}\n[PLAYER2]\n[DO]\nGrave Rummage\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:Meadow Vole\ngraveyard:Toll Obelisk,Grave Rummage\n[PLAYER2]\n[END]\n",
    );
}
