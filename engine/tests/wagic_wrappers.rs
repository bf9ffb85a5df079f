//! Wagic's wrapper constructs played for real (issue 17): `ability$!...!$` (an ability given to
//! a player, who plays it from a card-less source), the one menu that every may ability of one
//! source shares, and the other wrappers this file tests. Every card here is made up for the
//! test.

mod common;

use model::{Dialect, SourceFile};

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
id=9606
name=Ridge Goat
mana={R}
type=Creature
subtype=Goat
power=1
toughness=1
[/card]
[card]
id=9602
name=Grim Tithe
mana={B}
type=Sorcery
auto=ability$!name(sacrifice) notatarget(creature|mybattlefield) sacrifice!$ opponent
[/card]
[card]
id=9603
name=Twin Spring
mana={1}
type=Artifact
auto={T}:name(add mana) ability$! choice add{G} _ choice add{R} !$ controller
[/card]
[card]
id=9604
name=Shared Insight
mana={U}
type=Sorcery
target=player
auto=ability$!draw:2 controller!$ targetedplayer
[/card]
[card]
id=9605
name=Quiet Gift
mana={W}
type=Sorcery
auto=ability$!life:3 controller!$
[/card]
[card]
id=9607
name=Homing Scarab
mana={B}
type=Creature
subtype=Insect
power=1
toughness=1
auto=@sacrificed(creature|mybattlefield):ability$!may all(mystored) moveto(ownerhand)!$ controller
[/card]
[card]
id=9608
name=Willing Vole
mana={G}
type=Creature
subtype=Vole
power=1
toughness=1
auto={S}:life:1 controller
[/card]
[card]
id=9609
name=Prism Well
mana={2}
type=Artifact
auto={T}:activatechooseacolor add{chosencolor} activatechooseend
[/card]
[card]
id=9610
name=Culling Call
mana={B}
type=Sorcery
auto=chooseatype all(creature[chosentype]) destroy chooseend
[/card]
[card]
id=9611
name=Lasting Boon
mana={W}
type=Sorcery
auto=emblem transforms((,newability[@each opponent upkeep:life:2 controller])) forever
[/card]
[card]
id=9612
name=Tide Strider
mana={1}{U}
type=Creature
subtype=Elemental
power=1
toughness=3
auto={U}:swap
[/card]
[card]
id=9613
name=Spark Jolt
mana={R}
type=Instant
target=creature
auto=damage:1
[/card]
[card]
id=9614
name=Mirror Ooze
mana={U}
type=Creature
subtype=Ooze
power=0
toughness=0
auto=may copy notatarget(creature)
[/card]
[card]
id=9615
name=Echo Rite
mana={U}
type=Sorcery
target=creature
auto=clone
[/card]
[card]
id=9616
name=Fate Ledger
mana={3}
type=Artifact
auto={T}:exchangelife opponent
[/card]
[card]
id=9617
name=Age Totem
mana={2}
type=Artifact
auto={T}:counter(0/0,1,age)
auto={1}:dynamicability<!source age lifegain srccontroller!>
[/card]
[card]
id=9618
name=Veiled Stag
mana={G}
type=Creature
subtype=Elk
power=1
toughness=1
auto=cantbetargetof(instant)
[/card]
[card]
id=9619
name=Charm Keeper
mana={W}
type=Creature
subtype=Cleric
power=1
toughness=1
auto={1}:newtarget target(aura|myhand)
[/card]
[card]
id=9620
name=Keeper's Boon
mana={W}
type=Enchantment
subtype=Aura
target=creature
auto=2/2
[/card]
[card]
id=9621
name=Sentry Hound
mana={1}{W}
type=Creature
subtype=Hound
power=2
toughness=2
auto={0}:block target(creature)
[/card]
[card]
id=9622
name=Shade Runner
mana={1}{B}
type=Creature
subtype=Ninja
power=1
toughness=1
auto=@combat(attacking) source(this):target(creature|myhand) ninjutsu
[/card]
"#;

const SUITE: common::Suite = common::Suite {
    cards: CARDS,
    rules: || common::rules(common::RULES, common::DRAW),
};

#[test]
fn ability_creator_makes_the_opponent_sacrifice_one_of_its_creatures() {
    // The opponent's source: `mybattlefield` is the opponent's; its must-choose menu, then the
    // creature clicked.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Grim Tithe\ninplay:Meadow Vole\nmanapool:{B}\n[PLAYER2]\ninplay:Ridge Goat\n[DO]\nGrim Tithe\nchoice 0\nRidge Goat\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Meadow Vole\ngraveyard:Grim Tithe\n[PLAYER2]\ngraveyard:Ridge Goat\n[END]\n",
    );
    // Its own creature is no choice for the opponent.
    SUITE.fail(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Grim Tithe\ninplay:Meadow Vole\nmanapool:{B}\n[PLAYER2]\n[DO]\nGrim Tithe\nchoice 0\nMeadow Vole\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Grim Tithe,Meadow Vole\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn the_choices_of_one_ability_creator_share_one_menu() {
    // `choice add{G} _ choice add{R}`: one menu of two items; the second is red.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Twin Spring\n[PLAYER2]\n[DO]\nTwin Spring\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Twin Spring\nmanapool:{R}\n[PLAYER2]\n[END]\n",
    );
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Twin Spring\n[PLAYER2]\n[DO]\nTwin Spring\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Twin Spring\nmanapool:{G}\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn ability_creator_for_the_targeted_player() {
    // The targeted player's source: its `controller` is that player, who draws two cards.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Shared Insight\nmanapool:{U}\n[PLAYER2]\nlibrary:Meadow Vole,Meadow Vole\n[DO]\nShared Insight\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Shared Insight\n[PLAYER2]\nhand:Meadow Vole,Meadow Vole\n[END]\n",
    );
}

#[test]
fn ability_creator_without_a_player_word_goes_to_the_opponent() {
    // ATargetedAbilityCreator's default receiver is the opponent.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Quiet Gift\nmanapool:{W}\n[PLAYER2]\n[DO]\nQuiet Gift\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Quiet Gift\n[PLAYER2]\nlife:23\n[END]\n",
    );
}

#[test]
fn mystored_is_the_card_whose_ability_created_the_source() {
    // The vole is sacrificed: the scarab's trigger gives its controller a may ability whose
    // `mystored` is the scarab, which returns to its owner's hand.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Homing Scarab,Willing Vole\n[PLAYER2]\n[DO]\nWilling Vole\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:Homing Scarab\ngraveyard:Willing Vole\nlife:21\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn activatechooseacolor_plays_its_text_with_the_colour_chosen() {
    // The menu lists green, blue, red, black, white: the third is red.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Prism Well\n[PLAYER2]\n[DO]\nPrism Well\nchoice 2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Prism Well\nmanapool:{R}\n[PLAYER2]\n[END]\n",
    );
    SUITE.fail(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Prism Well\n[PLAYER2]\n[DO]\nPrism Well\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Prism Well\nmanapool:{R}\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn chooseatype_is_a_must_menu_then_the_creature_types() {
    // The pool's creature types in load order: vole, goat...; the goats are destroyed.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Culling Call\ninplay:Meadow Vole\nmanapool:{B}\n[PLAYER2]\ninplay:Ridge Goat\n[DO]\nCulling Call\nchoice 0\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Meadow Vole\ngraveyard:Culling Call\n[PLAYER2]\ngraveyard:Ridge Goat\n[END]\n",
    );
}

#[test]
fn an_emblem_outlasts_its_card() {
    // The sorcery is in the graveyard; its emblem's trigger still fires in the opponent's upkeep.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Lasting Boon\nmanapool:{W}\n[PLAYER2]\n[DO]\nLasting Boon\neot\nnext\nnext\nnext\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Lasting Boon\nlife:22\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn swap_switches_power_and_toughness_until_end_of_turn() {
    // 1/3 switched to 3/1: one damage kills it.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Tide Strider\nhand:Spark Jolt\nmanapool:{U}{R}\n[PLAYER2]\n[DO]\nTide Strider\nSpark Jolt\nTide Strider\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Tide Strider,Spark Jolt\n[PLAYER2]\n[END]\n",
    );
    // Switched twice: back to 1/3, it survives.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Tide Strider\nhand:Spark Jolt\nmanapool:{U}{U}{R}\n[PLAYER2]\n[DO]\nTide Strider\nTide Strider\nSpark Jolt\nTide Strider\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Tide Strider\ngraveyard:Spark Jolt\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn copy_makes_the_card_a_copy_of_its_target() {
    // The 0/0 ooze enters as a copy of the 1/1 vole and survives.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Mirror Ooze\ninplay:Meadow Vole\nmanapool:{U}\n[PLAYER2]\n[DO]\nMirror Ooze\nchoice 0\nMeadow Vole\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Meadow Vole,Mirror Ooze\n[PLAYER2]\n[END]\n",
    );
    // Declined: the 0/0 dies.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Mirror Ooze\ninplay:Meadow Vole\nmanapool:{U}\n[PLAYER2]\n[DO]\nMirror Ooze\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Meadow Vole\ngraveyard:Mirror Ooze\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn clone_makes_a_token_copy_of_the_target() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Echo Rite\ninplay:Ridge Goat\nmanapool:{U}\n[PLAYER2]\n[DO]\nEcho Rite\nRidge Goat\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Ridge Goat,Ridge Goat\ngraveyard:Echo Rite\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn exchangelife_swaps_the_life_totals() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Fate Ledger\nlife:7\n[PLAYER2]\nlife:15\n[DO]\nFate Ledger\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Fate Ledger\nlife:15\n[PLAYER2]\nlife:7\n[END]\n",
    );
}

#[test]
fn dynamicability_counts_age_counters() {
    // One age counter (the tap ability), then the life gain counts it.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Age Totem\nmanapool:{1}\n[PLAYER2]\n[DO]\nAge Totem\nchoice 0\nAge Totem\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Age Totem\nlife:21\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn cantbetargetof_refuses_the_sources_it_names() {
    // The instant cannot target the stag: it stays in hand.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Spark Jolt\nmanapool:{R}\n[PLAYER2]\ninplay:Veiled Stag\n[DO]\nSpark Jolt\nVeiled Stag\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:Spark Jolt\nmanapool:{R}\n[PLAYER2]\ninplay:Veiled Stag\n[END]\n",
    );
    // A goat has no such ability.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Spark Jolt\nmanapool:{R}\n[PLAYER2]\ninplay:Ridge Goat\n[DO]\nSpark Jolt\nRidge Goat\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Spark Jolt\n[PLAYER2]\ngraveyard:Ridge Goat\n[END]\n",
    );
}

#[test]
fn newtarget_attaches_the_target_aura_to_the_card() {
    // From the hand onto the battlefield, attached to the keeper (now 3/3: the jolt does not
    // kill it).
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Charm Keeper\nhand:Keeper's Boon,Spark Jolt\nmanapool:{1}{R}\n[PLAYER2]\n[DO]\nCharm Keeper\nKeeper's Boon\nSpark Jolt\nCharm Keeper\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Charm Keeper,Keeper's Boon\ngraveyard:Spark Jolt\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn block_makes_the_card_block_the_target_attacker() {
    // The defender's hound uses its ability (its menu: block, then the ability) on the goat.
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Ridge Goat\n[PLAYER2]\ninplay:Sentry Hound\n[DO]\nRidge Goat\nnext\nSentry Hound\nchoice 1\nRidge Goat\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ngraveyard:Ridge Goat\n[PLAYER2]\ninplay:Sentry Hound\n[END]\n",
    );
}

#[test]
fn ninjutsu_puts_the_card_onto_the_battlefield_attacking() {
    // The runner attacks; its trigger (a must-choose menu, then the target) brings the goat
    // from the hand, attacking: 1 + 1 damage.
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Shade Runner\nhand:Ridge Goat\n[PLAYER2]\n[DO]\nShade Runner\nnext\nchoice 0\nRidge Goat\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Shade Runner,Ridge Goat\n[PLAYER2]\nlife:18\n[END]\n",
    );
}

/// The findings of one invented card file played by the simulation: (code, the text it covers).
fn simulate(text: &str) -> Vec<(&'static str, String)> {
    let file = SourceFile::new("sets/primitives/cards.txt", Dialect::WAGIC, text.as_bytes());
    engine::simulate_file(&file)
        .into_iter()
        .map(|f| {
            let r = std::ops::Range::<usize>::from(f.range);
            (f.kind.code(), text[r].to_string())
        })
        .collect()
}

#[test]
fn the_text_of_an_ability_creator_is_played_like_an_auto_line() {
    // The inner `draw:` has a count Wagic cannot read: the finding names the line it is on,
    // and the wrapper itself is simulated (no G101).
    let found = simulate(
        "[card]\nname=Odd Gift\ntype=Sorcery\nmana={U}\nauto=draw:1 controller\nauto=ability$!draw:frobs controller!$ opponent\n[/card]\n",
    );
    assert!(
        found
            .iter()
            .any(|(code, text)| *code == "G107" && text.contains("ability$!draw:frobs")),
        "{found:?}"
    );
    assert!(!found.iter().any(|(code, _)| *code == "G101"), "{found:?}");
}
