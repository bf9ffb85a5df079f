//! Engine behaviours the replay of Wagic's test suite needs (issue 17), on invented cards and
//! invented test files: extra turns, "any amount" and `prex` target counts, damage triggers
//! that watch one player, `[attacking;blocking]` and `[damager]` descriptors. Every card here is
//! made up for the test.

mod common;

const CARDS: &str = r#"
[card]
id=9501
name=Field Mouse
mana={G}
type=Creature
subtype=Mouse
power=1
toughness=1
[/card]
[card]
id=9502
name=Ember Pinger
mana={R}
type=Creature
subtype=Shaman
power=1
toughness=1
auto={T}:damage:1 target(player)
[/card]
[card]
id=9503
name=Tide Recall
mana={U}
type=Sorcery
target=<anyamount>creature|mybattlefield
auto=moveTo(ownerhand)
[/card]
[card]
id=9504
name=Undertow Sweep
mana={X}{U}
type=Sorcery
target=<prex>creature
auto=moveTo(ownerhand)
[/card]
[card]
id=9505
name=Second Dawn
mana={U}
type=Sorcery
auto=turns:+1 controller
[/card]
[card]
id=9506
name=Grudge Ledger
mana={B}
type=Enchantment
auto=@damagefoeof(player) from(creature|mybattlefield):life:3 controller
[/card]
[card]
id=9507
name=Skyline Archer
mana={1}{W}
type=Creature
subtype=Archer
power=1
toughness=1
auto={T}:damage:2 target(creature[attacking;blocking])
[/card]
[card]
id=9508
name=Reckoning Blade
mana={W}
type=Instant
target=creature[damager]
auto=destroy
[/card]
[card]
id=9509
name=Rage Brute
mana={2}{R}
type=Creature
subtype=Giant
power=3
toughness=3
abilities=mustattack
[/card]
[card]
id=9510
name=Bulwark Sentinel
mana={3}
type=Creature
subtype=Golem
power=0
toughness=4
abilities=combattoughness
[/card]
[card]
id=9511
name=Bait Hound
mana={G}
type=Creature
subtype=Hound
power=1
toughness=1
abilities=lure
[/card]
[card]
id=9512
name=Grave Lift
mana={1}{W}
type=Instant
target=creature|mygraveyard
auto=transforms((,newability[moveTo(mybattlefield)],newability[counter(1/1)]))
[/card]
[card]
id=9513
name=Hive Shrine
mana={3}
type=Artifact
auto={T}:token(Drone,creature artifact insect,1/1,flying)
[/card]
[card]
id=9514
name=Static Zap
mana={R}
type=Instant
target=creature
auto=damage:1
[/card]
[card]
id=9515
name=Blaze Imp
mana={R}
type=Creature
subtype=Imp
power=2
toughness=1
abilities=haste,treason
[/card]
[card]
id=9516
name=Cinder Squall
mana={R}
type=Sorcery
auto=damage:2 all(creature,player)
[/card]
[card]
id=9517
name=Toll of Silence
mana={U}
type=Instant
target=*|stack
auto=fizzle
auto=life:-3 targetcontroller
[/card]
[card]
id=9518
name=Homing Wisp
mana={1}{W}
type=Creature
subtype=Spirit
power=1
toughness=1
auto=@movedTo(graveyard) from(this|battlefield):all(trigger[from]) moveto(ownerhand)
[/card]
[card]
id=9519
name=Tithe Denial
mana={U}
type=Instant
target=*|stack
auto=transforms((,newability[pay[[{2}]] name(pay 2) donothing?fizzle])) forever
[/card]
[card]
id=9520
name=Hollow Grasp
mana={B}
type=Enchantment
subtype=Aura
target=creature
auto=loseabilities
[/card]
[card]
id=9521
name=Azure Rebuke
mana={U}
type=Instant
alias=1191
[/card]
[card]
id=9522
name=Shell Hulk
mana={3}
type=Creature
subtype=Golem
power=1
toughness=2
[/card]
[card]
id=9523
name=Slow Gift
mana={U}
type=Instant
auto=@next upkeep:draw:1 controller
[/card]
[card]
id=9524
name=Twin Nudge
mana={U}
type=Instant
auto=may tap target(creature)
auto=may untap target(creature)
[/card]
[card]
id=9525
name=Rat Pack
mana={B}
type=Creature
subtype=Rat
power=*
toughness=*
anyzone=allmyname/allmyname cdaactive
[/card]
[card]
id=9526
name=Sap Sprout
mana={G}
type=Creature
subtype=Plant
power=0
toughness=1
auto={T}:add{G}
[/card]
[card]
id=9527
name=Tap Tithe
mana={W}
type=Enchantment
auto=@tapped(creature|opponentbattlefield):life:1 controller
[/card]
[card]
id=9528
name=Nectar Well
mana={2}
type=Artifact
auto={X}{T}:life:X
[/card]
[card]
id=9529
name=Homing Flare
mana={R}
type=Sorcery
target=creature,player
auto=damage:1
alias=135262
[/card]
[card]
id=9530
name=Twin Shrine
mana={W}
type=Enchantment
auto=@each my upkeep:life:twicetype:enchantment
[/card]
"#;

/// The rule abilities the test suite plays with.
const GAME: &[&str] = &[
    "putinplayrule",
    "attackrule",
    "blockrule",
    "combattriggerrule",
];

const SUITE: common::Suite = common::Suite {
    cards: CARDS,
    rules: || common::rules(GAME, common::DRAW),
};

#[test]
fn next_finishes_an_any_amount_target_list() {
    // Two creatures chosen, then `next` casts the spell with them.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Tide Recall\ninplay:Field Mouse,Ember Pinger\nmanapool:{U}\n[PLAYER2]\n[DO]\nTide Recall\nField Mouse\nEmber Pinger\nnext\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:Field Mouse,Ember Pinger\ngraveyard:Tide Recall\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn prex_counts_the_mana_left_for_x() {
    // {2}{U} in the pool for {X}{U}: two targets, and the second one casts the spell.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Undertow Sweep\ninplay:Field Mouse,Ember Pinger\nmanapool:{2}{U}\n[PLAYER2]\n[DO]\nUndertow Sweep\nField Mouse\nEmber Pinger\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:Field Mouse,Ember Pinger\ngraveyard:Undertow Sweep\nmanapool:{0}\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn an_extra_turn_comes_after_this_one() {
    // After the cleanup the same player has the next turn, and draws (the opponent draws nothing).
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Second Dawn\nlibrary:Field Mouse\nmanapool:{U}\n[PLAYER2]\n[DO]\nSecond Dawn\neot\nnext\nnext\nnext\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:Field Mouse\ngraveyard:Second Dawn\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn damagefoeof_watches_only_the_opponent() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Grudge Ledger,Ember Pinger\n[PLAYER2]\n[DO]\nEmber Pinger\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Grudge Ledger,Ember Pinger\nlife:23\n[PLAYER2]\nlife:19\n[END]\n",
    );
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Grudge Ledger,Ember Pinger\n[PLAYER2]\n[DO]\nEmber Pinger\np1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Grudge Ledger,Ember Pinger\nlife:19\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn attacking_or_blocking_matches_an_attacker() {
    // The defender's archer shoots the attacker during the declare-blockers step (its menu:
    // block, then the ability).
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Field Mouse\n[PLAYER2]\ninplay:Skyline Archer\n[DO]\nField Mouse\nnext\nSkyline Archer\nchoice 1\nField Mouse\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ngraveyard:Field Mouse\n[PLAYER2]\ninplay:Skyline Archer\n[END]\n",
    );
}

#[test]
fn damager_matches_a_creature_that_dealt_damage() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Reckoning Blade\ninplay:Ember Pinger\nmanapool:{W}\n[PLAYER2]\n[DO]\nEmber Pinger\np2\nReckoning Blade\nEmber Pinger\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Reckoning Blade,Ember Pinger\n[PLAYER2]\nlife:19\n[END]\n",
    );
    // A creature that dealt no damage is no target: the blade stays in hand.
    SUITE.fail(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Reckoning Blade\ninplay:Ember Pinger\nmanapool:{W}\n[PLAYER2]\n[DO]\nReckoning Blade\nEmber Pinger\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Reckoning Blade,Ember Pinger\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn a_creature_that_must_attack_attacks() {
    // Nobody clicks it: it attacks anyway when the attackers step ends.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Rage Brute\n[PLAYER2]\n[DO]\nnext\nnext\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Rage Brute\n[PLAYER2]\nlife:17\n[END]\n",
    );
}

#[test]
fn combattoughness_deals_damage_equal_to_toughness() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Bulwark Sentinel\n[PLAYER2]\n[DO]\nnext\nnext\nBulwark Sentinel\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Bulwark Sentinel\n[PLAYER2]\nlife:16\n[END]\n",
    );
}

#[test]
fn a_lure_is_blocked_by_every_creature_able_to() {
    // The defender declares no blocker; both of its creatures block the lure when blockers
    // are chosen: the lure dies, its damage kills the first blocker and none reaches the player.
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Bait Hound\n[PLAYER2]\ninplay:Field Mouse,Ember Pinger\n[DO]\nBait Hound\nnext\nnext\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ngraveyard:Bait Hound\n[PLAYER2]\ninplay:Ember Pinger\ngraveyard:Field Mouse\n[END]\n",
    );
}

#[test]
fn one_shot_new_abilities_of_a_transformation_play_once_wherever_the_card_is() {
    // The transformation of a card in the graveyard still plays its `moveTo`: it returns.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Grave Lift\ngraveyard:Field Mouse\ninplay:Ember Pinger\nmanapool:{1}{W}\n[PLAYER2]\n[DO]\nGrave Lift\nField Mouse\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Ember Pinger,Field Mouse\ngraveyard:Grave Lift\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn a_token_is_clicked_by_minus_the_id_of_its_source() {
    // Token(name, source): the drone's id is -9513; the zap kills it, and it ceases to exist.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Hive Shrine\nhand:Static Zap\nmanapool:{R}\n[PLAYER2]\n[DO]\nHive Shrine\nStatic Zap\n-9513\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Hive Shrine\ngraveyard:Static Zap\n[PLAYER2]\n[END]\n",
    );
    // Without the click the zap has no target and stays in hand.
    SUITE.fail(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Hive Shrine\nhand:Static Zap\nmanapool:{R}\n[PLAYER2]\n[DO]\nHive Shrine\nStatic Zap\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Hive Shrine\ngraveyard:Static Zap\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn a_treason_creature_is_sacrificed_in_the_cleanup_step() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Blaze Imp\nmanapool:{R}\n[PLAYER2]\n[DO]\nBlaze Imp\neot\n[ASSERT]\nUNTAP\n[PLAYER1]\ngraveyard:Blaze Imp\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn a_one_shot_all_reaches_the_players_its_chooser_accepts() {
    // `all(creature,player)`: both creatures die and both players lose 2 life.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Cinder Squall\ninplay:Field Mouse\nmanapool:{R}\n[PLAYER2]\ninplay:Ember Pinger\n[DO]\nCinder Squall\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Cinder Squall,Field Mouse\nlife:18\n[PLAYER2]\ngraveyard:Ember Pinger\nlife:18\n[END]\n",
    );
}

#[test]
fn targetcontroller_of_a_spell_is_the_player_who_cast_it() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Field Mouse\nmanapool:{G}\n[PLAYER2]\nhand:Toll of Silence\nmanapool:{U}\n[DO]\nField Mouse\nno\nyes\nToll of Silence\nField Mouse\nendinterruption\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Field Mouse\nlife:17\n[PLAYER2]\ngraveyard:Toll of Silence\n[END]\n",
    );
}

#[test]
fn all_trigger_is_the_card_that_made_the_trigger_fire_when_it_resolves() {
    // The wisp dies; its trigger (on the stack) returns it from the graveyard to its hand.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Static Zap\ninplay:Homing Wisp\nmanapool:{R}\n[PLAYER2]\n[DO]\nStatic Zap\nHoming Wisp\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:Homing Wisp\ngraveyard:Static Zap\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn a_counter_unless_pay_spell_offers_its_target_a_paid_choice() {
    // Choice 0: the caster of the mouse pays {2} and the mouse resolves.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Field Mouse\nmanapool:{G}{2}\n[PLAYER2]\nhand:Tithe Denial\nmanapool:{U}\n[DO]\nField Mouse\nno\nyes\nTithe Denial\nField Mouse\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Field Mouse\nmanapool:{0}\n[PLAYER2]\ngraveyard:Tithe Denial\n[END]\n",
    );
    // Choice 1: nothing paid, the mouse is countered.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Field Mouse\nmanapool:{G}{2}\n[PLAYER2]\nhand:Tithe Denial\nmanapool:{U}\n[DO]\nField Mouse\nno\nyes\nTithe Denial\nField Mouse\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Field Mouse\nmanapool:{2}\n[PLAYER2]\ngraveyard:Tithe Denial\n[END]\n",
    );
}

#[test]
fn loseabilities_takes_the_abilities_of_the_enchanted_card() {
    // The pinger's {T} ability is gone: the click on it does nothing, the opponent keeps 20.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Hollow Grasp\ninplay:Ember Pinger\nmanapool:{B}\n[PLAYER2]\n[DO]\nHollow Grasp\nEmber Pinger\nEmber Pinger\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Ember Pinger,Hollow Grasp\n[PLAYER2]\nlife:20\n[END]\n",
    );
    SUITE.fail(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Hollow Grasp\ninplay:Ember Pinger\nmanapool:{B}\n[PLAYER2]\n[DO]\nHollow Grasp\nEmber Pinger\nEmber Pinger\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Ember Pinger,Hollow Grasp\n[PLAYER2]\nlife:19\n[END]\n",
    );
}

#[test]
fn a_blocker_clicked_while_blockers_are_ordered_moves_up() {
    // Two blockers on the mouse, the hound first: the hulk's 1 damage kills the hound. Clicking the
    // mouse blocker in the order step puts it first: the other mouse dies instead.
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Shell Hulk\n[PLAYER2]\ninplay:Bait Hound,Field Mouse\n[DO]\nShell Hulk\nnext\nBait Hound\nField Mouse\nnext\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ngraveyard:Shell Hulk\n[PLAYER2]\ninplay:Field Mouse\ngraveyard:Bait Hound\n[END]\n",
    );
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Shell Hulk\n[PLAYER2]\ninplay:Bait Hound,Field Mouse\n[DO]\nShell Hulk\nnext\nBait Hound\nField Mouse\nnext\nField Mouse\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ngraveyard:Shell Hulk\n[PLAYER2]\ninplay:Bait Hound\ngraveyard:Field Mouse\n[END]\n",
    );
}

#[test]
fn the_elemental_blast_alias_targets_a_permanent_of_its_color() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Azure Rebuke\nmanapool:{U}\n[PLAYER2]\ninplay:Ember Pinger,Field Mouse\n[DO]\nAzure Rebuke\nEmber Pinger\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Azure Rebuke\n[PLAYER2]\ninplay:Field Mouse\ngraveyard:Ember Pinger\n[END]\n",
    );
    // A green creature is no target: the blast stays in hand.
    SUITE.fail(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Azure Rebuke\nmanapool:{U}\n[PLAYER2]\ninplay:Field Mouse\n[DO]\nAzure Rebuke\nField Mouse\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Azure Rebuke\n[PLAYER2]\ngraveyard:Field Mouse\n[END]\n",
    );
}

#[test]
fn an_instants_next_trigger_waits_in_the_graveyard() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Slow Gift\nlibrary:Field Mouse\nmanapool:{U}\n[PLAYER2]\n[DO]\nSlow Gift\neot\nnext\n[ASSERT]\nUPKEEP\n[PLAYER1]\nhand:Field Mouse\ngraveyard:Slow Gift\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn the_may_abilities_of_a_card_share_one_menu() {
    // Choice 1 is the second may ability (untap): the pinger untaps and shoots again.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Twin Nudge\ninplay:Ember Pinger\nmanapool:{U}\n[PLAYER2]\n[DO]\nEmber Pinger\np2\nTwin Nudge\nchoice 1\nEmber Pinger\nEmber Pinger\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Ember Pinger\ngraveyard:Twin Nudge\n[PLAYER2]\nlife:18\n[END]\n",
    );
}

#[test]
fn allmyname_counts_the_cards_of_that_name_in_play() {
    // Two rats are 2/2 each: a 1-damage zap does not kill one.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Static Zap\ninplay:Rat Pack,Rat Pack\nmanapool:{R}\n[PLAYER2]\n[DO]\nStatic Zap\nRat Pack\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Rat Pack,Rat Pack\ngraveyard:Static Zap\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn a_tap_for_mana_fires_tapped_triggers_once() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Sap Sprout\n[PLAYER2]\ninplay:Tap Tithe\n[DO]\nSap Sprout\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Sap Sprout\nmanapool:{G}\n[PLAYER2]\ninplay:Tap Tithe\nlife:21\n[END]\n",
    );
}

#[test]
fn an_activated_x_cost_takes_the_rest_of_the_pool() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Nectar Well\nmanapool:{3}\n[PLAYER2]\n[DO]\nNectar Well\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Nectar Well\nmanapool:{0}\nlife:23\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn the_beacon_alias_shuffles_the_spell_into_its_library() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Homing Flare\nmanapool:{R}\n[PLAYER2]\n[DO]\nHoming Flare\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nlibrary:Homing Flare\n[PLAYER2]\nlife:19\n[END]\n",
    );
}

#[test]
fn twice_may_come_before_the_word_it_doubles() {
    // `twicetype:enchantment` with one enchantment in play: 2 life each upkeep.
    SUITE.pass(
        "[INIT]\nUNTAP\n[PLAYER1]\ninplay:Twin Shrine\n[PLAYER2]\n[DO]\nnext\n[ASSERT]\nUPKEEP\n[PLAYER1]\ninplay:Twin Shrine\nlife:22\n[PLAYER2]\n[END]\n",
    );
}
