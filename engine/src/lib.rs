//! The cardlint headless engine: plays card scripts in synthetic games to find what only shows
//! when a card is played (a `Defined$` that resolves to nothing, a cost no one can pay, a target
//! no object can satisfy, a loop...), and replays Wagic's own test suite.
//!
//! - `core`: the game model both dialects play on (`game`, `mana`, `rng`); it imports neither.
//! - `wagic`: the card database, the ability factory and the runtime of Wagic.
//! - `forge`: Forge cards built from the AST and played ability by ability.
//! - `simulate`: the per-card harness (`cardlint simulate`, `check --simulate`, the language
//!   server's `simulate_file`); findings, not diagnostics: the layers above filter and print.
//! - `wagic_tests`: the replay of Wagic's test suite.
//! - `witness`: the rules text's plain sentences held against the event log of a play.

pub mod core;
pub mod findings;
pub mod forge;
pub mod simulate;
pub mod wagic;
pub mod wagic_tests;
pub mod witness;

pub use findings::{Finding, Kind};
pub use simulate::{Options, Stats, simulate, simulate_file};
