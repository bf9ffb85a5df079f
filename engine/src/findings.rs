//! What the simulation finds, before it becomes a diagnostic: a kind (one rule each, see
//! `lint::simulation`), where, and what happened.

use syntax::TextRange;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The engine panicked on this card (a cardlint bug).
    Crashed,
    /// Something the engine cannot simulate yet.
    Unsupported,
    /// The card's play did not finish within the step budget.
    Budget,
    /// No object can be the target.
    NoLegalTarget,
    /// No object can pay a cost.
    UnpayableCost,
    /// A `Defined$`-style reference resolves to nothing.
    DefinedNothing,
    /// An ability chain leads back to itself.
    ChainLoop,
    /// An amount that cannot be evaluated (counts as 0).
    CountUnevaluable,
    /// An effect lacks a parameter it needs.
    MissingParam,
    /// A trigger's `Execute$` is not an ability.
    ExecuteNotAbility,
    /// A token that names no card.
    TokenNotFound,
    /// A zone the engine does not know, so nothing moves.
    UnknownZone,
    /// A plain sentence of the rules text that the play contradicts (`witness`).
    TextMismatch,
}

impl Kind {
    pub const ALL: [Kind; 13] = [
        Kind::Crashed,
        Kind::Unsupported,
        Kind::Budget,
        Kind::NoLegalTarget,
        Kind::UnpayableCost,
        Kind::DefinedNothing,
        Kind::ChainLoop,
        Kind::CountUnevaluable,
        Kind::MissingParam,
        Kind::ExecuteNotAbility,
        Kind::TokenNotFound,
        Kind::UnknownZone,
        Kind::TextMismatch,
    ];

    /// The code of the rule that reports this kind (its documentation is in `lint::simulation`).
    pub fn code(self) -> &'static str {
        match self {
            Kind::Crashed => "G100",
            Kind::Unsupported => "G101",
            Kind::Budget => "G102",
            Kind::NoLegalTarget => "G103",
            Kind::UnpayableCost => "G104",
            Kind::DefinedNothing => "G105",
            Kind::ChainLoop => "G106",
            Kind::CountUnevaluable => "G107",
            Kind::MissingParam => "G108",
            Kind::ExecuteNotAbility => "G109",
            Kind::TokenNotFound => "G110",
            Kind::UnknownZone => "G111",
            Kind::TextMismatch => "G112",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub kind: Kind,
    pub range: TextRange,
    pub message: String,
    pub notes: Vec<String>,
}

impl Finding {
    pub fn new(kind: Kind, range: TextRange, message: impl Into<String>) -> Finding {
        Finding {
            kind,
            range,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    pub fn note(mut self, note: impl Into<String>) -> Finding {
        self.notes.push(note.into());
        self
    }
}

/// Per-card outcome, for statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardOutcome {
    /// Every ability was played without hitting something the engine cannot simulate.
    pub fully_exercised: bool,
    pub crashed: bool,
    pub budget: bool,
}
