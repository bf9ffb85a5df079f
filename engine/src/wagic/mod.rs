//! The Wagic engine: the card database as the engine loads it, the ability factory (substring
//! tests in the engine's order), the runtime (game observer, action stack, action layer, rules,
//! combat, triggers), and the per-card simulation.

pub mod basic;
pub mod combat;
pub mod cont;
pub mod db;
pub mod delayed;
pub mod effects;
pub mod hardcoded;
pub mod numbers;
pub mod parse;
pub mod phases;
pub mod rules;
pub mod runtime;
pub mod sim;
pub mod state;
pub mod targets;
pub mod triggers;
