//! Forge: the per-file model of a card script (faces, records, SVars, references) and the
//! vocabulary of each Forge version (what its engine reads), chosen per card.

pub mod facts;
pub mod script;
pub mod source;
pub mod values;
pub mod versions;
pub mod vocab;

pub use script::Model;
pub use vocab::{Version, Vocabulary};
