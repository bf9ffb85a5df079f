//! The dialect-neutral core both simulations stand on: the game state (players, zones, cards,
//! counters, the step budget), the event log of a play, mana and the seeded random numbers. It
//! imports neither dialect.

pub mod events;
pub mod game;
pub mod mana;
pub mod rng;
pub mod zone;
