//! OCTGN RuleScript (Card Fighters' Clash): the `RulesDict` entries of `card_rules.py`, and the
//! game's `set.xml` card database.

pub mod ast;
mod kind;
mod parser;

pub use kind::{RulescriptLanguage, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken};
pub use parser::{parse, parse_rule};

pub type Parse = crate::Parse<RulescriptLanguage>;
