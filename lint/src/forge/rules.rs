//! The Forge rules, one module each; `RULES` is the list the registry reads.

use super::ForgeRule;

pub(crate) static RULES: &[ForgeRule] = &[];
