//! The Forge engine: cards built from the typed AST, abilities played along their chains, Valid
//! expressions evaluated against a seeded board.
//!
//! `build` reads the card; `sim` is the play loop; each record on the way goes through `checks`
//! (the findings) and the ApiType table of `effects` (the board changes) on `board`'s seeded
//! board; `valid` evaluates Valid expressions.

pub mod board;
pub mod build;
mod checks;
pub mod effects;
pub mod sim;
#[cfg(test)]
mod testing;
pub mod valid;
