//! The event log: what a play did, in order (cards moved, life, damage, draws, counters, tokens,
//! choices and targets), recorded the same way by both simulations so that one witness
//! (`crate::witness`) can hold it against the card's rules text.

use super::zone::{CardId, PlayerId, Zone};

/// How sure the engine is of a number or a player it logged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sure {
    /// Written as a number in the ability itself (what the static rules already compare).
    Literal,
    /// Computed by the engine (an SVar, a variable, a default).
    Derived,
    /// Filled in by this model of the game: not evidence of what the card does.
    Guessed,
}

impl Sure {
    pub fn known(self) -> bool {
        self != Sure::Guessed
    }
}

/// A player or a card, as a target or a damage recipient.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Object {
    Card(CardId),
    Player(PlayerId),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A card changed zones; `player` owns the zone it went to.
    Moved {
        card: CardId,
        from: Zone,
        to: Zone,
        player: PlayerId,
    },
    /// Life gained (positive) or lost (negative); `who` is how sure the player is.
    Life {
        player: PlayerId,
        amount: i32,
        sure: Sure,
        who: Sure,
    },
    Damage {
        source: CardId,
        target: Object,
        amount: i32,
        sure: Sure,
        who: Sure,
    },
    Drew {
        player: PlayerId,
        count: i32,
        sure: Sure,
        who: Sure,
    },
    /// Cards a player discarded by an effect.
    Discarded {
        player: PlayerId,
        count: i32,
        sure: Sure,
        who: Sure,
    },
    /// Cards a player put from the top of their library into their graveyard ("mill").
    Milled {
        player: PlayerId,
        count: i32,
        sure: Sure,
        who: Sure,
    },
    /// Counters put (positive) or removed (negative).
    Counters {
        card: CardId,
        kind: String,
        count: i32,
        sure: Sure,
    },
    /// One token created, with its power and toughness when the engine knows them.
    Token {
        card: CardId,
        pt: Option<(i32, i32)>,
        sure: Sure,
    },
    /// A player was asked to choose; `optional`: declining was one of the answers ("you may").
    Choice { player: PlayerId, optional: bool },
    /// `player` chose `target` as a target.
    Targeted { player: PlayerId, target: Object },
}

/// The log of one game. Off until a simulation turns it on (the seeded board is not logged).
#[derive(Clone, Debug, Default)]
pub struct EventLog {
    pub on: bool,
    pub events: Vec<Event>,
}

impl EventLog {
    pub fn push(&mut self, e: Event) {
        if self.on {
            self.events.push(e);
        }
    }

    pub fn len(&self) -> usize {
        self.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// The events since `start` (a `len()` taken before).
    pub fn since(&self, start: usize) -> &[Event] {
        &self.events[start.min(self.events.len())..]
    }
}
