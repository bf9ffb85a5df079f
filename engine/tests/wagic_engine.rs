//! The Wagic runtime on invented cards and invented test files (the format of Wagic's own test
//! suite: [INIT] phase and zones, [DO] clicks, [ASSERT] the expected state). Every card here is
//! made up for the test.

mod common;

use engine::wagic_tests::run_test;

const CARDS: &str = r#"
[card]
id=9001
name=Spark Jolt
mana={R}
type=Instant
target=creature,player
auto=damage:2
[/card]
[card]
id=9002
name=Meadow Cub
mana={1}{G}
type=Creature
subtype=Bear
power=2
toughness=2
[/card]
[card]
id=9003
name=Dawn Healer
mana={W}
type=Creature
subtype=Cleric
power=1
toughness=1
auto=life:3
[/card]
[card]
id=9004
name=Scholar's Insight
mana={1}{U}
type=Sorcery
auto=draw:2
[/card]
[card]
id=9005
name=Sweeping Ruin
mana={2}{B}{B}
type=Sorcery
auto=destroy all(creature)
[/card]
[card]
id=9006
name=Carrion Watcher
mana={1}{B}
type=Enchantment
auto=@movedto(creature|graveyard) from(battlefield):life:1
[/card]
[card]
id=9007
name=Hatch Call
mana={G}
type=Sorcery
auto=token(Sprout,Creature Plant,1/1,green)*2
[/card]
[card]
id=9008
name=Iron Bloom
mana={G}
type=Instant
target=creature
auto=counter(1/1,2)
[/card]
[card]
id=9009
name=Brief Surge
mana={R}
type=Instant
target=creature
auto=3/0 ueot
[/card]
[card]
id=9010
name=Banner of the Grove
mana={2}{G}
type=Enchantment
auto=lord(creature|mybattlefield) 1/1
[/card]
[card]
id=9011
name=Morning Shrine
mana={2}{W}
type=Enchantment
auto=@each my upkeep:life:2
[/card]
[card]
id=9012
name=Sling Tower
mana={3}
type=Artifact
auto={T}:damage:1 target(creature,player)
[/card]
[card]
id=9013
name=Moss Spring
type=Land
auto={T}:add{G}
[/card]
[card]
id=9014
name=Blade Dancer
mana={1}{W}
type=Creature
subtype=Soldier
power=2
toughness=1
abilities=first strike
[/card]
[card]
id=9015
name=Tusked Charger
mana={3}{G}
type=Creature
subtype=Boar
power=4
toughness=3
abilities=trample
[/card]
[card]
id=9016
name=Venom Adder
mana={B}
type=Creature
subtype=Snake
power=1
toughness=1
abilities=deathtouch
[/card]
[card]
id=9017
name=Sun Acolyte
mana={1}{W}
type=Creature
subtype=Cleric
power=2
toughness=2
abilities=lifelink
[/card]
[card]
id=9018
name=Ember Herald
mana={1}{R}
kicker={2}
type=Creature
subtype=Goblin
power=1
toughness=1
auto=kicker life:2
[/card]
[card]
id=9019
name=Bronze Maul
mana={1}
type=Artifact
subtype=Equipment
auto={1}:equip
auto=teach(creature) 2/0
[/card]
[card]
id=9020
name=Ashen Revenant
mana={2}{B}
type=Creature
subtype=Spirit
power=2
toughness=2
abilities=persist
[/card]
[card]
id=9022
name=Field Mouse
mana={W}
type=Creature
subtype=Mouse
power=1
toughness=1
[/card]
[card]
id=9021
name=Wall of Reeds
mana={1}{G}
type=Creature
subtype=Wall
power=0
toughness=3
abilities=defender
[/card]
[card]
id=9030
name=Bond of Kinship
mana={W}
type=Enchantment
subtype=Aura
target=creature
auto=teach(creature) spiritlink
[/card]
[card]
id=9031
name=Ronin Pikeman
mana={1}{W}
type=Creature
subtype=Samurai
power=2
toughness=2
auto=bushido(1/1)
[/card]
[card]
id=9032
name=Lancer Scout
mana={W}
type=Creature
subtype=Knight
power=1
toughness=1
abilities=flanking
[/card]
[card]
id=9033
name=Stampeding Ox
mana={2}{G}
type=Creature
subtype=Ox
power=3
toughness=3
auto=rampage(2/2,1)
[/card]
[card]
id=9034
name=Scrap Toad
mana={4}
type=Artifact Creature
subtype=Frog
power=2
toughness=2
abilities=affinityartifacts
[/card]
[card]
id=9035
name=Brass Bauble
mana={0}
type=Artifact
[/card]
[card]
id=9036
name=Thornback Sprout
mana={1}{G}
type=Creature
subtype=Plant
power=1
toughness=1
abilities=vigor
[/card]
[card]
id=9037
name=Grove Amalgam
mana={4}{G}
type=Creature
subtype=Ooze
power=*
toughness=*
anyzone=pancientooze/pancientooze cdaactive
[/card]
[card]
id=9038
name=Wild Shaping
mana={G}
type=Instant
target=creature
auto=transforms((Beast,setpower=4,settoughness=4,trample)) ueot
[/card]
[card]
id=9039
name=Spark Gift
mana={R}
type=Enchantment
subtype=Aura
target=creature
auto=transforms((,newability[{T}:damage:1 target(creature;player)]))
[/card]
[card]
id=9040
name=Mending Touch
mana={W}
type=Instant
target=creature,player
auto=prevent:3
[/card]
[card]
id=9101
name=Flare Burst
mana={R}{X}
type=Sorcery
target=creature,player
auto=damage:X
[/card]
[card]
id=9103
name=Borrowed Will
mana={2}{R}
type=Sorcery
target=creature
auto=haste
alias=129767
[/card]
[card]
id=9201
name=Lone Banneret
mana={W}{W}
type=Creature
subtype=Knight
power=2
toughness=2
abilities=exalted
[/card]
[card]
id=9202
name=Ashen Tithe Taker
mana={2}{B}{B}
type=Creature
subtype=Spirit
power=1
toughness=1
auto=life:-type:manab:mybattlefield opponent
[/card]
[card]
id=9203
name=Hybrid Shade
mana={1}{B/G}{p(B)}
type=Creature
subtype=Shade
power=1
toughness=1
[/card]
[card]
id=9204
name=Echo Quarry
mana={0}
type=Land
auto={T}:add{1}
auto=this(variable{type:land}>1) produceextra:{1}
[/card]
[card]
id=9205
name=Silence Edict
mana={W}
type=Instant
target=player
auto=maxcast(*)0
[/card]
[card]
id=9206
name=Dream Toll
mana={B}
type=Enchantment
auto=@drawfoeof(player):damage:1 opponent
[/card]
[card]
id=9207
name=Send Back
mana={U}{U}
type=Instant
target=*|stack
auto=fizzleto(hand)
[/card]
"#;

/// The rule abilities the test suite plays with.
const GAME: &[&str] = &[
    "putinplayrule",
    "kickerrule",
    "alternativecostrule",
    "buybackrule",
    "flashbackrule",
    "attackrule",
    "blockrule",
    "combattriggerrule",
    "legendrule",
    "tokencleanuprule",
    "persistrule",
    "lifelinkrule",
    "deathtouchrule",
];

const SUITE: common::Suite = common::Suite {
    cards: CARDS,
    rules: || common::rules(GAME, common::DRAW),
};

#[test]
fn damage_spell_to_a_player() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Spark Jolt\nmanapool:{R}\n[PLAYER2]\n[DO]\nSpark Jolt\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Spark Jolt\nmanapool:{0}\n[PLAYER2]\nlife:18\n[END]\n",
    );
}

#[test]
fn a_wrong_expectation_is_a_mismatch() {
    SUITE.fail(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Spark Jolt\nmanapool:{R}\n[PLAYER2]\n[DO]\nSpark Jolt\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Spark Jolt\n[PLAYER2]\nlife:17\n[END]\n",
    );
}

#[test]
fn damage_spell_kills_a_creature() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Spark Jolt\nmanapool:{R}\n[PLAYER2]\ninplay:Meadow Cub\n[DO]\nSpark Jolt\nMeadow Cub\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Spark Jolt\n[PLAYER2]\ngraveyard:Meadow Cub\n[END]\n",
    );
}

#[test]
fn creature_with_an_enters_effect() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Dawn Healer\nmanapool:{W}\n[PLAYER2]\n[DO]\nDawn Healer\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Dawn Healer\nlife:23\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn draw_spell() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Scholar's Insight\nlibrary:Meadow Cub,Spark Jolt,Dawn Healer\nmanapool:{1}{U}\n[PLAYER2]\n[DO]\nScholar's Insight\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Scholar's Insight\nhand:Spark Jolt,Dawn Healer\nlibrary:Meadow Cub\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn destroy_all_fires_a_dies_trigger_for_each() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Sweeping Ruin\ninplay:Carrion Watcher,Meadow Cub\nmanapool:{2}{B}{B}\n[PLAYER2]\ninplay:Blade Dancer\n[DO]\nSweeping Ruin\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Carrion Watcher\ngraveyard:Sweeping Ruin,Meadow Cub\nlife:22\n[PLAYER2]\ngraveyard:Blade Dancer\n[END]\n",
    );
}

#[test]
fn tokens_enter_and_die() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Hatch Call\nmanapool:{G}\n[PLAYER2]\n[DO]\nHatch Call\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Hatch Call\ninplay:*,*\n[PLAYER2]\n[END]\n",
    );
    // Tokens that die trigger `@movedto(...graveyard)` and then cease to exist.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Hatch Call,Sweeping Ruin\ninplay:Carrion Watcher\nmanapool:{G}{2}{B}{B}\n[PLAYER2]\n[DO]\nHatch Call\nSweeping Ruin\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Hatch Call,Sweeping Ruin\ninplay:Carrion Watcher\nlife:22\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn counters_make_a_creature_survive() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Iron Bloom,Spark Jolt\ninplay:Meadow Cub\nmanapool:{G}{R}\n[PLAYER2]\n[DO]\nIron Bloom\nMeadow Cub\nSpark Jolt\nMeadow Cub\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Meadow Cub\ngraveyard:Iron Bloom,Spark Jolt\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn until_end_of_turn_pump_in_combat() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Brief Surge\ninplay:Meadow Cub\nmanapool:{R}\n[PLAYER2]\n[DO]\nBrief Surge\nMeadow Cub\nnext\nnext\nMeadow Cub\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Meadow Cub\ngraveyard:Brief Surge\n[PLAYER2]\nlife:15\n[END]\n",
    );
}

#[test]
fn a_lord_pumps_attackers() {
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Banner of the Grove,Meadow Cub\n[PLAYER2]\n[DO]\nMeadow Cub\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Banner of the Grove,Meadow Cub\n[PLAYER2]\nlife:17\n[END]\n",
    );
}

#[test]
fn an_upkeep_trigger() {
    SUITE.pass(
        "[INIT]\nUNTAP\n[PLAYER1]\ninplay:Morning Shrine\n[PLAYER2]\n[DO]\nnext\n[ASSERT]\nUPKEEP\n[PLAYER1]\ninplay:Morning Shrine\nlife:22\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn a_tap_ability_with_a_target_and_a_mana_ability() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Sling Tower\n[PLAYER2]\n[DO]\nSling Tower\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Sling Tower\n[PLAYER2]\nlife:19\n[END]\n",
    );
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Moss Spring\n[PLAYER2]\n[DO]\nMoss Spring\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Moss Spring\nmanapool:{G}\n[PLAYER2]\n[END]\n",
    );
    // Tapped, it cannot be used again.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Sling Tower\n[PLAYER2]\n[DO]\nSling Tower\np2\nSling Tower\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Sling Tower\n[PLAYER2]\nlife:19\n[END]\n",
    );
}

#[test]
fn unblocked_and_blocked_attackers() {
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Meadow Cub\n[PLAYER2]\n[DO]\nMeadow Cub\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Meadow Cub\n[PLAYER2]\nlife:18\n[END]\n",
    );
    // Two 2/2 trade.
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Meadow Cub\n[PLAYER2]\ninplay:Sun Acolyte\n[DO]\nMeadow Cub\nnext\nSun Acolyte\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ngraveyard:Meadow Cub\n[PLAYER2]\ngraveyard:Sun Acolyte\nlife:22\n[END]\n",
    );
}

#[test]
fn first_strike_kills_before_damage_back() {
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Blade Dancer\n[PLAYER2]\ninplay:Venom Adder\n[DO]\nBlade Dancer\nnext\nVenom Adder\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Blade Dancer\n[PLAYER2]\ngraveyard:Venom Adder\n[END]\n",
    );
}

#[test]
fn trample_and_deathtouch() {
    // A blocked trampler asks its controller to assign damage: one more `next` validates.
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Tusked Charger\n[PLAYER2]\ninplay:Field Mouse\n[DO]\nTusked Charger\nnext\nField Mouse\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Tusked Charger\n[PLAYER2]\ngraveyard:Field Mouse\nlife:17\n[END]\n",
    );
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Tusked Charger\n[PLAYER2]\ninplay:Venom Adder\n[DO]\nTusked Charger\nnext\nVenom Adder\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ngraveyard:Tusked Charger\n[PLAYER2]\ngraveyard:Venom Adder\nlife:17\n[END]\n",
    );
}

#[test]
fn lifelink_and_defender() {
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Sun Acolyte\n[PLAYER2]\n[DO]\nSun Acolyte\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Sun Acolyte\nlife:22\n[PLAYER2]\nlife:18\n[END]\n",
    );
    // A defender cannot attack: the click does nothing.
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Wall of Reeds\n[PLAYER2]\n[DO]\nWall of Reeds\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Wall of Reeds\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn kicker_is_a_menu_choice() {
    // Not kicked.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Ember Herald\nmanapool:{3}{R}\n[PLAYER2]\n[DO]\nEmber Herald\nchoice 0\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Ember Herald\nmanapool:{2}\n[PLAYER2]\n[END]\n",
    );
    // Kicked.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Ember Herald\nmanapool:{3}{R}\n[PLAYER2]\n[DO]\nEmber Herald\nchoice 1\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Ember Herald\nlife:22\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn equipment_teaches_its_bonus() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Bronze Maul,Meadow Cub\nmanapool:{1}\n[PLAYER2]\n[DO]\nBronze Maul\nMeadow Cub\nnext\nnext\nMeadow Cub\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Bronze Maul,Meadow Cub\n[PLAYER2]\nlife:16\n[END]\n",
    );
}

#[test]
fn persist_returns_the_creature_once() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Spark Jolt\nmanapool:{R}\n[PLAYER2]\ninplay:Ashen Revenant\n[DO]\nSpark Jolt\nAshen Revenant\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Spark Jolt\n[PLAYER2]\ninplay:Ashen Revenant\n[END]\n",
    );
    // Back with a -1/-1 counter, it dies for good the second time.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Spark Jolt,Spark Jolt\nmanapool:{R}{R}\n[PLAYER2]\ninplay:Ashen Revenant\n[DO]\nSpark Jolt\nAshen Revenant\nSpark Jolt\nAshen Revenant\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Spark Jolt,Spark Jolt\n[PLAYER2]\ngraveyard:Ashen Revenant\n[END]\n",
    );
}

#[test]
fn same_seed_same_game() {
    let db = SUITE.db();
    let t = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Hatch Call\nmanapool:{G}\n[PLAYER2]\n[DO]\nHatch Call\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Hatch Call\ninplay:*,*\n[PLAYER2]\n[END]\n";
    let a = format!("{:?}", run_test(&db, &SUITE.rules(), t));
    let b = format!("{:?}", run_test(&db, &SUITE.rules(), t));
    assert_eq!(a, b);
}

#[test]
fn spiritlink_gains_the_aura_controller_life_on_combat_damage() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Bond of Kinship\ninplay:Meadow Cub\nmanapool:{W}\n[PLAYER2]\n[DO]\nBond of Kinship\nMeadow Cub\nnext\nnext\nMeadow Cub\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Meadow Cub,Bond of Kinship\nlife:22\n[PLAYER2]\nlife:18\n[END]\n",
    );
}

#[test]
fn bushido_rampage_and_flanking_act_when_blockers_are_chosen() {
    // Bushido: the blocking 2/2 becomes 3/3 and survives the 2/2 attacker.
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Meadow Cub\n[PLAYER2]\ninplay:Ronin Pikeman\n[DO]\nMeadow Cub\nnext\nRonin Pikeman\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ngraveyard:Meadow Cub\n[PLAYER2]\ninplay:Ronin Pikeman\n[END]\n",
    );
    // Flanking: the 2/2 blocker gets -1/-1, and the 1/1 attacker kills it.
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Lancer Scout\n[PLAYER2]\ninplay:Meadow Cub\n[DO]\nLancer Scout\nnext\nMeadow Cub\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ngraveyard:Lancer Scout\n[PLAYER2]\ngraveyard:Meadow Cub\n[END]\n",
    );
    // Rampage beyond the first blocker: two blockers make the 3/3 a 5/5, which survives the
    // 3 damage they deal (a 3/3 would die). Two blockers: one more `next` orders them.
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Stampeding Ox\n[PLAYER2]\ninplay:Meadow Cub,Field Mouse\n[DO]\nStampeding Ox\nnext\nMeadow Cub\nField Mouse\nnext\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Stampeding Ox\n[PLAYER2]\ngraveyard:*,*\n[END]\n",
    );
}

#[test]
fn affinity_takes_generic_mana_off_the_cost() {
    // Three artifacts: the {4} spell costs {1}.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Brass Bauble,Brass Bauble,Brass Bauble\nhand:Scrap Toad\nmanapool:{1}\n[PLAYER2]\n[DO]\nScrap Toad\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Brass Bauble,Brass Bauble,Brass Bauble,Scrap Toad\nmanapool:{0}\n[PLAYER2]\n[END]\n",
    );
    // One artifact: {3} is still due, and {1} cannot pay it.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Brass Bauble\nhand:Scrap Toad\nmanapool:{1}\n[PLAYER2]\n[DO]\nScrap Toad\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Brass Bauble\nhand:Scrap Toad\nmanapool:{1}\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn vigor_turns_damage_into_counters() {
    // The 1/1 takes 2 damage as two +1/+1 counters: a 3/3 that hits for 3.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Spark Jolt\ninplay:Thornback Sprout\nmanapool:{R}\n[PLAYER2]\n[DO]\nSpark Jolt\nThornback Sprout\nnext\nnext\nThornback Sprout\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Thornback Sprout\ngraveyard:Spark Jolt\n[PLAYER2]\nlife:17\n[END]\n",
    );
}

#[test]
fn ancient_ooze_counts_the_other_creatures_mana_costs() {
    // Meadow Cub ({1}{G}) and Field Mouse ({W}): a 3/3.
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Meadow Cub,Field Mouse,Grove Amalgam\n[PLAYER2]\n[DO]\nGrove Amalgam\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Meadow Cub,Field Mouse,Grove Amalgam\n[PLAYER2]\nlife:17\n[END]\n",
    );
}

#[test]
fn transforms_sets_power_and_toughness_until_end_of_turn() {
    // The 2/2 becomes a 4/4 Beast for the turn and hits for 4.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Wild Shaping\ninplay:Meadow Cub\nmanapool:{G}\n[PLAYER2]\n[DO]\nWild Shaping\nMeadow Cub\nnext\nnext\nMeadow Cub\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Meadow Cub\ngraveyard:Wild Shaping\n[PLAYER2]\nlife:16\n[END]\n",
    );
}

#[test]
fn transforms_gives_the_card_a_new_ability() {
    // The enchanted creature gets "{T}: 1 damage to target creature or player".
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Spark Gift\ninplay:Meadow Cub\nmanapool:{R}\n[PLAYER2]\n[DO]\nSpark Gift\nMeadow Cub\nMeadow Cub\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Meadow Cub,Spark Gift\n[PLAYER2]\nlife:19\n[END]\n",
    );
}

#[test]
fn prevention_shields_absorb_damage() {
    // 3 damage prevented: the 2 damage of the jolt do nothing to the 2/2.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Mending Touch,Spark Jolt\ninplay:Meadow Cub\nmanapool:{W}{R}\n[PLAYER2]\n[DO]\nMending Touch\nMeadow Cub\nSpark Jolt\nMeadow Cub\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Meadow Cub\ngraveyard:Mending Touch,Spark Jolt\n[PLAYER2]\n[END]\n",
    );
    // Without the shield the cub dies.
    SUITE.fail(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Spark Jolt\ninplay:Meadow Cub\nmanapool:{R}\n[PLAYER2]\n[DO]\nSpark Jolt\nMeadow Cub\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Meadow Cub\ngraveyard:Spark Jolt\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn an_x_spell_takes_the_rest_of_the_pool() {
    // X is everything paid beyond {R}: 3 damage, and the pool is empty.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Flare Burst\nmanapool:{R}{R}{2}\n[PLAYER2]\n[DO]\nFlare Burst\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Flare Burst\nmanapool:{0}\n[PLAYER2]\nlife:17\n[END]\n",
    );
}

#[test]
fn a_threaten_alias_steals_until_end_of_turn() {
    // The alias gives control of the target until the end of the turn, then it goes back.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Borrowed Will\nmanapool:{2}{R}\n[PLAYER2]\ninplay:Meadow Cub\n[DO]\nBorrowed Will\nMeadow Cub\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Meadow Cub\ngraveyard:Borrowed Will\nmanapool:{0}\n[PLAYER2]\n[END]\n",
    );
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Borrowed Will\nmanapool:{2}{R}\n[PLAYER2]\ninplay:Meadow Cub\n[DO]\nBorrowed Will\nMeadow Cub\neot\n[ASSERT]\nUNTAP\n[PLAYER1]\ngraveyard:Borrowed Will\n[PLAYER2]\ninplay:Meadow Cub\n[END]\n",
    );
}

#[test]
fn exalted_gives_a_lone_attacker_one_one() {
    // Two exalted creatures, one attacker: +2/+2; the exalted creatures trigger on their own.
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Lone Banneret,Meadow Cub\n[PLAYER2]\n[DO]\nMeadow Cub\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Lone Banneret,Meadow Cub\n[PLAYER2]\nlife:17\n[END]\n",
    );
    // Two attackers: no bonus.
    SUITE.pass(
        "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Lone Banneret,Meadow Cub\n[PLAYER2]\n[DO]\nMeadow Cub\nLone Banneret\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:Lone Banneret,Meadow Cub\n[PLAYER2]\nlife:16\n[END]\n",
    );
}

#[test]
fn devotion_counts_coloured_hybrid_and_phyrexian_symbols() {
    // {2}{B}{B} + {B/G} + {p(B)}: devotion to black 4.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Ashen Tithe Taker\ninplay:Hybrid Shade\nmanapool:{2}{B}{B}\n[PLAYER2]\n[DO]\nAshen Tithe Taker\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Ashen Tithe Taker,Hybrid Shade\n[PLAYER2]\nlife:16\n[END]\n",
    );
}

#[test]
fn produceextra_adds_mana_while_its_condition_holds() {
    // One land: {1}; with a second land in play each gives {1} more when tapped for mana.
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Echo Quarry\n[PLAYER2]\n[DO]\nEcho Quarry\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Echo Quarry\nmanapool:{1}\n[PLAYER2]\n[END]\n",
    );
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Echo Quarry,Echo Quarry\n[PLAYER2]\n[DO]\nEcho Quarry\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Echo Quarry,Echo Quarry\nmanapool:{2}\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn maxcast_stops_the_targeted_player_casting() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Silence Edict,Spark Jolt\nmanapool:{W}{R}\n[PLAYER2]\n[DO]\nSilence Edict\np1\nSpark Jolt\np2\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:Spark Jolt\ngraveyard:Silence Edict\nmanapool:{R}\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn drawfoeof_fires_on_the_opponents_draws_only() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Scholar's Insight\ninplay:Dream Toll\nlibrary:Meadow Cub,Spark Jolt\nmanapool:{1}{U}\n[PLAYER2]\n[DO]\nScholar's Insight\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Dream Toll\ngraveyard:Scholar's Insight\nhand:Meadow Cub,Spark Jolt\n[PLAYER2]\n[END]\n",
    );
}

#[test]
fn fizzleto_counters_a_spell_into_another_zone() {
    SUITE.pass(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Meadow Cub\nmanapool:{1}{G}\n[PLAYER2]\nhand:Send Back\nmanapool:{U}{U}\n[DO]\nMeadow Cub\nno\nyes\nSend Back\nMeadow Cub\nendinterruption\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\nhand:Meadow Cub\n[PLAYER2]\ngraveyard:Send Back\n[END]\n",
    );
}
