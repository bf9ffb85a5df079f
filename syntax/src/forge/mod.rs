//! Forge card scripts (`cardsfolder/**/*.txt`, `tokenscripts/*.txt`): one `Key:Value` per line.
//! See `ast` for the typed view that rules and the engine read.

pub mod ast;
mod kind;
mod parser;

pub use kind::{ForgeLanguage, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken};
pub use parser::{
    cost_part_valid_field, is_cost_param, is_record_text, is_text_param, is_valid_param,
    line_kind_for_key, parse, parse_record_text,
};

pub type Parse = crate::Parse<ForgeLanguage>;
