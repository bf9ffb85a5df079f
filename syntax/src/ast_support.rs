//! Helpers shared by the typed AST layers of every dialect.

/// Declares a typed wrapper around one node kind of a dialect.
macro_rules! ast_node {
    ($(#[$meta:meta])* $name:ident, $kind:ident) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub struct $name(pub(crate) SyntaxNode);

        impl $name {
            pub fn cast(node: SyntaxNode) -> Option<Self> {
                (node.kind() == SyntaxKind::$kind).then(|| $name(node))
            }

            pub fn syntax(&self) -> &SyntaxNode {
                &self.0
            }

            pub fn range(&self) -> rowan::TextRange {
                self.0.text_range()
            }
        }
    };
}
pub(crate) use ast_node;
