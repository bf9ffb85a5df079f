//! Forge: the per-file model of a card script (faces, records, SVars, references) and the
//! vocabulary of each Forge version (what its engine reads).

pub mod script;
pub mod vocab;

pub use script::Model;
