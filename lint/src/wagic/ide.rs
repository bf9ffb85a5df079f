//! Editor features for Wagic card files: completion and hover from the vocabulary, primitive
//! card names and macros; definitions and references of `primitive=`, macros and ids; the cards
//! of a file as its outline; folding of blocks; semantic tokens.

use super::Linter;
use crate::analysis::ide::DialectIde;
use rowan::GreenNode;
use syntax::SyntaxError;

impl DialectIde for Linter {
    fn parse(&self, text: &str) -> (GreenNode, Vec<SyntaxError>) {
        let parse = syntax::wagic::parse(text);
        (parse.green().clone(), parse.errors().to_vec())
    }
}
