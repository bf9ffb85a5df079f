//! The game model both dialects play on: two players with life, poison, a mana pool and zones;
//! cards and tokens with their characteristics, counters, damage and tapped/summoning-sick state;
//! a step budget that stops runaway loops. The rules that drive it (turns, priority, abilities)
//! live in the dialect runtimes, which differ in how they read cards, not in what a card is.

use super::events::{Event, EventLog};
use crate::core::mana::Mana;
use crate::core::rng::Rng;
use std::any::Any;
use std::sync::Arc;

pub use super::zone::{CardId, PlayerId, ZONES, Zone};

/// A counter on a card: Wagic counters carry a power/toughness change and a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counter {
    pub name: String,
    pub power: i32,
    pub toughness: i32,
    pub nb: i32,
}

/// Basic abilities (keywords) as a bit set over an index table (Wagic's, which Forge maps onto).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Keywords([u64; 4]);

impl Keywords {
    pub fn has(&self, i: usize) -> bool {
        i < 256 && self.0[i / 64] & (1 << (i % 64)) != 0
    }

    pub fn set(&mut self, i: usize, on: bool) {
        if i >= 256 {
            return;
        }
        if on {
            self.0[i / 64] |= 1 << (i % 64);
        } else {
            self.0[i / 64] &= !(1 << (i % 64));
        }
    }

    pub fn union(&mut self, other: &Keywords) {
        for i in 0..4 {
            self.0[i] |= other.0[i];
        }
    }
}

/// What a card is made from: the dialect's own definition (a Wagic primitive...), which the
/// core holds without knowing its type; each dialect reads back its own with `get`.
#[derive(Clone, Default)]
pub struct CardDef(Option<Arc<dyn Any + Send + Sync>>);

impl CardDef {
    pub fn new<T: Any + Send + Sync>(def: Arc<T>) -> CardDef {
        CardDef(Some(def))
    }

    /// The definition, if the card has one of type `T`.
    pub fn get<T: Any + Send + Sync>(&self) -> Option<&T> {
        self.0.as_deref().and_then(|d| d.downcast_ref())
    }

    /// The shared definition, if the card has one of type `T`.
    pub fn get_arc<T: Any + Send + Sync>(&self) -> Option<Arc<T>> {
        self.0.clone().and_then(|d| d.downcast().ok())
    }
}

impl std::fmt::Debug for CardDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "CardDef(..)"
        } else {
            "CardDef(None)"
        })
    }
}

/// The characteristics that effects change.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Chars {
    pub name: String,
    /// Type and subtype words, lower case.
    pub types: Vec<String>,
    /// Bit i set: colour slot i (see `mana`).
    pub colors: u8,
    pub power: i32,
    pub toughness: i32,
    pub keywords: Keywords,
}

impl Clone for Chars {
    fn clone(&self) -> Chars {
        Chars {
            name: self.name.clone(),
            types: self.types.clone(),
            colors: self.colors,
            power: self.power,
            toughness: self.toughness,
            keywords: self.keywords,
        }
    }

    /// Reuses the allocations (characteristics are reset from the printed ones very often).
    fn clone_from(&mut self, source: &Chars) {
        if self.name != source.name {
            self.name.clone_from(&source.name);
        }
        if self.types != source.types {
            self.types.clone_from(&source.types);
        }
        self.colors = source.colors;
        self.power = source.power;
        self.toughness = source.toughness;
        self.keywords = source.keywords;
    }
}

impl Chars {
    pub fn has_type(&self, t: &str) -> bool {
        self.types.iter().any(|x| x.eq_ignore_ascii_case(t))
    }

    pub fn has_color(&self, c: usize) -> bool {
        self.colors & (1 << c) != 0
    }
}

#[derive(Clone, Debug, Default)]
pub struct Card {
    pub id: CardId,
    /// The printed card's id (Wagic ids, Forge: 0).
    pub mtgid: i32,
    pub def: CardDef,
    /// Bumped on every zone change: a card that changes zones is a new object.
    pub incarnation: u32,
    pub owner: PlayerId,
    pub controller: PlayerId,
    pub zone: Zone,
    /// Printed characteristics (and permanent changes).
    pub base: Chars,
    /// Characteristics after continuous effects (recomputed by the runtime).
    pub cur: Chars,
    pub mana_cost: Mana,
    pub damage: i32,
    pub tapped: bool,
    pub sick: bool,
    pub token: bool,
    pub counters: Vec<Counter>,
    /// The card or player this aura/equipment is attached to (Wagic's `target`).
    pub attached_to: Option<CardId>,
    pub player_target: Option<PlayerId>,
    pub attacking: bool,
    /// Card being attacked (a planeswalker), if not a player.
    pub attacking_card: Option<CardId>,
    /// The attacker this creature blocks.
    pub blocking: Option<CardId>,
    /// Creatures blocking this attacker, in damage order.
    pub blockers: Vec<CardId>,
    pub x: i32,
    pub kicked: i32,
    /// Bit set of the ways the spell was paid (Wagic's alternateCostPaid).
    pub paid_with: u32,
    pub regen_shields: i32,
    /// Damage still to be prevented this turn (Wagic's `preventable`).
    pub preventable: i32,
    pub frozen: i32,
    /// Turned face down, etc.: free-form flags for runtimes.
    pub flags: u32,
    /// Per-turn memory: damaged this turn, attacked this turn, put into a zone this turn.
    pub fresh: bool,
    pub was_dealt_damage: bool,
    /// What the card dealt damage to this turn: `DEALT_TO_*` bits (Wagic's damageToCreature,
    /// damageToController, damageToOpponent).
    pub dealt_damage_to: u8,
    pub did_attack: bool,
    pub did_block: bool,
}

/// `Card::dealt_damage_to` bits.
pub const DEALT_TO_CREATURE: u8 = 1;
pub const DEALT_TO_CONTROLLER: u8 = 2;
pub const DEALT_TO_OPPONENT: u8 = 4;

impl Card {
    pub fn is(&self, t: &str) -> bool {
        self.cur.has_type(t)
    }

    pub fn is_creature(&self) -> bool {
        self.is("creature")
    }

    pub fn is_land(&self) -> bool {
        self.is("land")
    }

    pub fn counter_count(&self, name: &str, p: i32, t: i32) -> i32 {
        self.counters
            .iter()
            .filter(|c| c.name == name && c.power == p && c.toughness == t)
            .map(|c| c.nb)
            .sum()
    }
}

#[derive(Clone, Debug)]
pub struct Player {
    pub id: PlayerId,
    pub life: i32,
    pub poison: i32,
    pub pool: Mana,
    pub zones: Vec<Vec<CardId>>,
    pub lands_played: i32,
    pub max_lands: i32,
    pub hand_size: i32,
    pub damage_this_turn: i32,
    pub life_lost_this_turn: i32,
    pub life_gained_this_turn: i32,
    pub extra_turns: i32,
    pub skip_turns: i32,
    pub lost: bool,
    pub drew_from_empty: bool,
    /// Damage still to be prevented this turn (Wagic's `preventable`).
    pub preventable: i32,
}

impl Player {
    pub fn new(id: PlayerId) -> Player {
        Player {
            id,
            life: 20,
            poison: 0,
            pool: Mana::new(),
            zones: vec![Vec::new(); ZONES.len()],
            lands_played: 0,
            max_lands: 1,
            hand_size: 7,
            damage_this_turn: 0,
            life_lost_this_turn: 0,
            life_gained_this_turn: 0,
            extra_turns: 0,
            skip_turns: 0,
            lost: false,
            drew_from_empty: false,
            preventable: 0,
        }
    }

    pub fn zone(&self, z: Zone) -> &Vec<CardId> {
        &self.zones[z.index()]
    }

    pub fn zone_mut(&mut self, z: Zone) -> &mut Vec<CardId> {
        &mut self.zones[z.index()]
    }
}

/// Raised when a game runs past its step budget (a loop in a card's script, or in the engine).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BudgetExceeded;

/// The shared state of one game.
#[derive(Clone, Debug)]
pub struct Game {
    pub players: [Player; 2],
    pub cards: Vec<Card>,
    pub rng: Rng,
    pub turn: u32,
    /// Steps taken, and the limit after which `tick` fails.
    pub steps: u64,
    pub budget: u64,
    /// Resolutions in progress inside one another (a token whose spell makes a token...); past
    /// `MAX_DEPTH` the play counts as a loop, as when the step budget runs out.
    pub depth: u32,
    /// What the play did (when `log.on`), for the witness.
    pub log: EventLog,
}

/// How deep resolutions may nest before the play counts as a loop: deep enough for any real
/// card, shallow enough for the stack of any thread.
pub const MAX_DEPTH: u32 = 32;

impl Game {
    pub fn new(seed: u64) -> Game {
        Game {
            players: [Player::new(0), Player::new(1)],
            cards: Vec::new(),
            rng: Rng::new(seed),
            turn: 0,
            steps: 0,
            depth: 0,
            budget: 200_000,
            log: EventLog::default(),
        }
    }

    /// Counts one step of work; fails once the budget is spent.
    pub fn tick(&mut self) -> Result<(), BudgetExceeded> {
        self.steps += 1;
        if self.steps > self.budget {
            Err(BudgetExceeded)
        } else {
            Ok(())
        }
    }

    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[id]
    }

    pub fn card_mut(&mut self, id: CardId) -> &mut Card {
        &mut self.cards[id]
    }

    /// Creates a card in `owner`'s `zone` (on top for the library).
    pub fn create_card(&mut self, mut card: Card, owner: PlayerId, zone: Zone) -> CardId {
        let id = self.cards.len();
        card.id = id;
        card.owner = owner;
        card.controller = owner;
        card.zone = zone;
        card.cur = card.base.clone();
        self.cards.push(card);
        self.players[owner].zone_mut(zone).push(id);
        id
    }

    /// The player whose zone holds the card.
    pub fn zone_owner(&self, id: CardId) -> PlayerId {
        let z = self.cards[id].zone;
        if self.players[0].zone(z).contains(&id) {
            0
        } else {
            1
        }
    }

    /// Moves a card to `player`'s `to` zone (on top), as a new object. Returns where it was.
    pub fn move_card(&mut self, id: CardId, player: PlayerId, to: Zone) -> (PlayerId, Zone) {
        let from_zone = self.cards[id].zone;
        let from_player = self.zone_owner(id);
        self.players[from_player]
            .zone_mut(from_zone)
            .retain(|&c| c != id);
        self.players[player].zone_mut(to).push(id);
        let card = &mut self.cards[id];
        card.zone = to;
        card.incarnation += 1;
        card.controller = if to == Zone::Battlefield || to == Zone::Stack {
            player
        } else {
            card.owner
        };
        card.tapped = false;
        card.damage = 0;
        card.attacking = false;
        card.attacking_card = None;
        card.blocking = None;
        card.blockers.clear();
        card.regen_shields = 0;
        card.preventable = 0;
        card.fresh = true;
        card.was_dealt_damage = false;
        card.dealt_damage_to = 0;
        if to != Zone::Battlefield {
            card.counters.clear();
            card.attached_to = None;
        }
        if to == Zone::Battlefield {
            card.sick = true;
        }
        self.log.push(Event::Moved {
            card: id,
            from: from_zone,
            to,
            player,
        });
        (from_player, from_zone)
    }

    pub fn other(p: PlayerId) -> PlayerId {
        1 - p
    }

    /// Every card in the battlefields, player 0's first.
    pub fn battlefield(&self) -> Vec<CardId> {
        let mut v = self.players[0].zone(Zone::Battlefield).clone();
        v.extend(self.players[1].zone(Zone::Battlefield).iter().copied());
        v
    }

    pub fn in_play(&self, id: CardId) -> bool {
        self.cards[id].zone == Zone::Battlefield
    }
}
