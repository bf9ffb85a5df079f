//! The Forge engine: cards built from the typed AST, abilities played along their chains, Valid
//! expressions evaluated against a seeded board.

pub mod build;
pub mod sim;
pub mod valid;
