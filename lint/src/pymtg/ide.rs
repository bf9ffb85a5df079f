//! Editor features of the pymtg dialect (see `analysis::ide`).

use super::Linter;
use crate::analysis::ide::DialectIde;
use rowan::GreenNode;
use syntax::SyntaxError;

impl DialectIde for Linter {
    fn parse(&self, text: &str) -> (GreenNode, Vec<SyntaxError>) {
        let parse = syntax::pymtg::parse(text);
        (parse.green().clone(), parse.errors().to_vec())
    }
}
