//! Syntax errors: what the parser could not make sense of, with the range it covers.

use rowan::TextRange;

/// The kinds of structural problem a parser records. The linter maps each to a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A line no reader of the dialect accepts (no key, no `=`...).
    UnrecognizedLine,
    /// An opening bracket with no closing one, or a closing one with no opening one.
    UnbalancedBracket,
    /// A block (`[card]`) that the file never closes.
    UnclosedBlock,
    /// A block header inside an open block (a missing close line).
    NestedBlock,
    /// Text outside any block, which the reader skips.
    TextOutsideBlock,
    /// Brackets nested deeper than the parser follows.
    TooDeep,
    /// An embedded expression (the Python of Python-MTG, a RuleScript condition) that does not
    /// parse. The dialect's own rules report these, with what the engine does about them.
    InvalidExpression,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub kind: ErrorKind,
    pub range: TextRange,
    pub message: String,
}
