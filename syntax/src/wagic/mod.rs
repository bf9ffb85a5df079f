//! Wagic card files: set files (`sets/<SET>/_cards.dat`), primitives (`sets/primitives/*.txt`)
//! and macros (`_macros.txt`): `[card]` blocks of `key=value` lines, and the `auto=` language.

mod ability;
pub mod ast;
pub mod keys;
mod kind;
pub mod outline;
mod parser;

pub use keys::{KeyMeaning, key_meaning};
pub use kind::{SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken, WagicLanguage};
pub use parser::parse;

pub type Parse = crate::Parse<WagicLanguage>;

/// Parses one ability text on its own (a macro expansion, a rules-file line...).
pub fn parse_ability(text: &str) -> Parse {
    let (green, errors) = crate::builder::build(text, |b| {
        b.start(SyntaxKind::SOURCE_FILE);
        if !text.is_empty() {
            ability::parse_value(b, text, 0, text.len(), ability::Shape::Ability);
        }
        b.finish();
    });
    crate::Parse::new(green, errors)
}
