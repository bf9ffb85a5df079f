//! OCTGN RuleScript: the vocabulary of the rules engine (abilities, events, commands, zones...).

pub mod vocab;
