//! Lossless syntax trees for the card-script dialects cardlint understands.
//! Every byte of the decoded input is in the tree, parsing never fails, and errors are recorded beside it.

pub mod debug;
pub mod forge;
pub mod line_index;
pub mod netrunner;
pub mod pyast;
pub mod pymtg;
pub mod python;
pub mod rulescript;
pub mod text;
pub mod wagic;
pub mod xml;

mod ast_support;
mod builder;
mod emit;
mod error;
mod escape;
mod kinds;
mod scan;

pub use ast_support::node_text;
pub use error::{ErrorKind, SyntaxError};

/// The longest line a parser reads into structure (64 KiB; the longest line of the Forge and
/// Wagic corpora is under 2.5 KB). A longer line is kept as one token with one `TooDeep` error,
/// so that no line costs more than linear time and a small constant of memory.
pub const MAX_LINE_LEN: usize = 64 * 1024;

/// The error message of a line longer than `MAX_LINE_LEN`.
pub(crate) fn line_too_long(len: usize) -> String {
    format!(
        "this line is {len} bytes long, longer than cardlint reads ({} KiB): its content is not checked",
        MAX_LINE_LEN >> 10
    )
}
pub use line_index::{LineCol, LineIndex, line_cols};
pub use rowan::{GreenNode, TextRange, TextSize};
pub use text::{Encoding, SourceText};

use std::marker::PhantomData;

/// The result of parsing one file: the green tree and the syntax errors found on the way.
#[derive(Clone)]
pub struct Parse<L: rowan::Language> {
    green: GreenNode,
    errors: Vec<SyntaxError>,
    _lang: PhantomData<L>,
}

impl<L: rowan::Language> Parse<L> {
    pub(crate) fn new(green: GreenNode, errors: Vec<SyntaxError>) -> Self {
        Parse {
            green,
            errors,
            _lang: PhantomData,
        }
    }

    pub fn green(&self) -> &GreenNode {
        &self.green
    }

    pub fn syntax(&self) -> rowan::SyntaxNode<L> {
        rowan::SyntaxNode::new_root(self.green.clone())
    }

    pub fn errors(&self) -> &[SyntaxError] {
        &self.errors
    }

    /// The tree in rust-analyzer's debug format, followed by the errors.
    pub fn debug_dump(&self) -> String
    where
        L::Kind: std::fmt::Debug,
    {
        let mut out = debug::debug_tree(&self.syntax());
        for error in &self.errors {
            out.push_str(&format!(
                "error {:?}: {} ({:?})\n",
                error.range, error.message, error.kind
            ));
        }
        out
    }
}
