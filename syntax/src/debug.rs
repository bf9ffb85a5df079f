//! The debug dump of a tree in rust-analyzer's format: `KIND@start..end`, tokens with their text.

use rowan::{Language, NodeOrToken, SyntaxNode, WalkEvent};
use std::fmt::Write;

pub fn debug_tree<L: Language>(root: &SyntaxNode<L>) -> String
where
    L::Kind: std::fmt::Debug,
{
    let mut out = String::new();
    let mut indent = 0usize;
    for event in root.preorder_with_tokens() {
        match event {
            WalkEvent::Enter(element) => {
                let _ = write!(out, "{:indent$}", "", indent = indent);
                match element {
                    NodeOrToken::Node(node) => {
                        let _ = writeln!(out, "{:?}@{:?}", node.kind(), node.text_range());
                    }
                    NodeOrToken::Token(token) => {
                        let _ = writeln!(
                            out,
                            "{:?}@{:?} {:?}",
                            token.kind(),
                            token.text_range(),
                            token.text()
                        );
                    }
                }
                indent += 2;
            }
            WalkEvent::Leave(_) => indent -= 2,
        }
    }
    out
}
