//! The cardlint headless engine: plays card scripts in synthetic games to find what only shows
//! when a card is played (a `Defined$` that resolves to nothing, a cost no one can pay, a target
//! no object can satisfy, a loop...), and replays Wagic's own test suite.

pub mod forge;
pub mod game;
pub mod mana;
pub mod rng;
pub mod wagic;
pub mod wagic_tests;
