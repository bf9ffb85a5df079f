//! The Wagic rules, one module each; `RULES` is the list the registry reads.

use super::WagicRule;

pub(crate) static RULES: &[WagicRule] = &[];
