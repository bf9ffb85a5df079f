//! The names every part of a game uses: card and player ids, and the zones.

pub type CardId = usize;
pub type PlayerId = usize;

/// Where a card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Zone {
    #[default]
    Library,
    Hand,
    Battlefield,
    Graveyard,
    Exile,
    Stack,
    Command,
    /// Between zones (Wagic's `temp`: a card being put into play without being cast).
    Temp,
    Reveal,
    Sideboard,
}

pub const ZONES: [Zone; 10] = [
    Zone::Library,
    Zone::Hand,
    Zone::Battlefield,
    Zone::Graveyard,
    Zone::Exile,
    Zone::Stack,
    Zone::Command,
    Zone::Temp,
    Zone::Reveal,
    Zone::Sideboard,
];

impl Zone {
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Zone::Library => "library",
            Zone::Hand => "hand",
            Zone::Battlefield => "battlefield",
            Zone::Graveyard => "graveyard",
            Zone::Exile => "exile",
            Zone::Stack => "stack",
            Zone::Command => "command",
            Zone::Temp => "temp",
            Zone::Reveal => "reveal",
            Zone::Sideboard => "sideboard",
        }
    }
}
