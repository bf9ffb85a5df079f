//! Helpers shared by the typed AST layers of every dialect.

/// Declares a typed wrapper around one node kind of a dialect (or several: `A | B`), with
/// `cast`, `syntax` and `range`. The dialect's `SyntaxKind` and `SyntaxNode` must be in scope.
macro_rules! ast_node {
    ($(#[$meta:meta])* $name:ident, $($kind:ident)|+) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub struct $name(pub(crate) SyntaxNode);

        impl $name {
            pub fn cast(node: SyntaxNode) -> Option<Self> {
                matches!(node.kind(), $(SyntaxKind::$kind)|+).then(|| $name(node))
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

use rowan::{Language, SyntaxNode, SyntaxToken};

/// The text of a node as a `String`, sized once: `node.text().to_string()` goes through
/// `Display` and grows the string token by token.
pub fn node_text<L: Language>(node: &SyntaxNode<L>) -> String {
    let mut out = String::with_capacity(usize::from(node.text_range().len()));
    for e in node.descendants_with_tokens() {
        if let rowan::NodeOrToken::Token(t) = e {
            out.push_str(t.text());
        }
    }
    out
}

/// The first token of `kind` directly inside `node`.
pub(crate) fn child_token<L: Language>(
    node: &SyntaxNode<L>,
    kind: L::Kind,
) -> Option<SyntaxToken<L>> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == kind)
}

/// The tokens of `kind` directly inside `node`, in order.
pub(crate) fn child_tokens<L: Language>(
    node: &SyntaxNode<L>,
    kind: L::Kind,
) -> impl Iterator<Item = SyntaxToken<L>> + use<L> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(move |t| t.kind() == kind)
}

/// The attribute node called `name` of an XML tag node (first one wins), for the dialects whose
/// trees hold XML built with `kinds`.
pub(crate) fn xml_attr<L: Language>(
    tag: &SyntaxNode<L>,
    kinds: crate::xml::Kinds,
    name: &str,
) -> Option<SyntaxNode<L>> {
    let raw = |kind: L::Kind| L::kind_to_raw(kind);
    tag.children()
        .filter(|n| raw(n.kind()) == kinds.attr)
        .find(|a| {
            a.children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| raw(t.kind()) == kinds.attr_name)
                .is_some_and(|t| t.text() == name)
        })
}

/// The value token of attribute `name` of an XML tag node, as written.
pub(crate) fn xml_attr_value<L: Language>(
    tag: &SyntaxNode<L>,
    kinds: crate::xml::Kinds,
    name: &str,
) -> Option<SyntaxToken<L>> {
    xml_attr(tag, kinds, name)?
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| L::kind_to_raw(t.kind()) == kinds.value)
}
