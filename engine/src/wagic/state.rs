//! The records the game observer keeps beside the board: combat's screen, the links and shields
//! of the hard-coded cards, the waiting `phaseaction`s and the flipped cards. Their behaviour is
//! in `combat`, `hardcoded` and `delayed`; they are declared here, below the runtime that holds them.

use super::parse::PhaseAction;
use crate::core::game::{CardDef, CardId, Chars, PlayerId};

/// Combat's screen (Wagic's GuiCombat).
#[derive(Clone, Debug, Default)]
pub struct GuiCombat {
    /// Attackers with their blockers, in order.
    pub attackers: Vec<(CardId, Vec<CardId>)>,
    /// Attackers that were blocked when blockers were declared.
    pub blocked: Vec<CardId>,
    /// Waiting for the player to confirm (ORDER or DAMAGE with a choice to make).
    pub waiting: bool,
}

/// A Circle of Protection shield (REDamagePrevention from the chosen card to the controller).
#[derive(Clone, Debug)]
pub struct CircleShield {
    pub circle: CardId,
    pub circle_inc: u32,
    pub from: CardId,
    pub from_inc: u32,
    pub player: PlayerId,
}

/// A lasting link a hard-coded card keeps with the game.
#[derive(Clone, Debug)]
pub struct Link {
    pub kind: LinkKind,
    pub source: CardId,
    pub source_inc: u32,
    pub target: Option<CardId>,
    pub target_inc: u32,
    /// Who controlled the target before (control changes).
    pub original: PlayerId,
    /// Lands played this turn when Fastbond last dealt damage.
    pub seen: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkKind {
    /// Control returns when the source leaves play.
    ControlWhileInPlay,
    /// Control returns at the end of the turn.
    ControlUntilEndOfTurn,
    /// The creature goes to the graveyard when the source leaves play.
    Animated,
    Fastbond,
}

/// A `phaseaction` waiting in the game (the APhaseAction clone the generic ability added).
#[derive(Clone, Debug)]
pub struct LivePhaseAction {
    pub action: PhaseAction,
    pub source: CardId,
    pub source_inc: u32,
    pub target: CardId,
    pub target_inc: u32,
    /// The phase the action last saw (`None`: never updated yet, as Wagic's MTG_PHASE_INVALID).
    pub seen: Option<usize>,
    /// False while a `next` action still has to skip its phase once.
    pub armed: bool,
    pub done: bool,
    pub line: Option<usize>,
}

/// A flipped card's printed self, given back when it leaves play.
#[derive(Clone, Debug)]
pub struct Flipped {
    pub card: CardId,
    pub def: CardDef,
    pub base: Chars,
}
