//! Wagic: the vocabulary of the engine (keys, basic abilities, triggers, effect words, zones...).

pub mod versions;
pub mod vocab;
