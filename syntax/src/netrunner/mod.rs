//! OCTGN Netrunner AutoScripts: the `CardScripts.py` string table of Android: Netrunner, and the
//! `AutoScript`/`AutoAction` properties of the classic game's `set.xml` files.

pub mod ast;
mod kind;
mod parser;

pub use kind::{NetrunnerLanguage, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken};
pub use parser::{parse, parse_script};

pub type Parse = crate::Parse<NetrunnerLanguage>;
