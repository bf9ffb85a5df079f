//! Python-MTG card files (`data/m15_cards.txt`, `data/cube_cards.txt`, `data/cards.txt`):
//! `###` separators, tab-counted levels, sections of Python expressions.

pub mod ast;
mod kind;
mod parser;

pub use kind::{PymtgLanguage, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken};
pub use parser::{SECTION_HEADERS, parse};

pub type Parse = crate::Parse<PymtgLanguage>;

impl crate::pyast::PyLanguage for PymtgLanguage {
    fn py_kind(kind: SyntaxKind) -> Option<crate::python::PyKind> {
        kind.to_py()
    }
}
