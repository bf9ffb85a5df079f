//! The dialect-neutral core both simulations stand on: the game state (players, zones, cards,
//! counters, the step budget), mana and the seeded random numbers. It imports neither dialect.

pub mod game;
pub mod mana;
pub mod rng;
