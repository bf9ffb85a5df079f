//! The kinds of Python-MTG syntax tree elements: tokens first, then nodes.

use crate::python::PyKind;

#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u16)]
pub enum SyntaxKind {
    // Tokens
    /// Spaces and tabs that are not a line's indentation (trailing blanks, blank lines...).
    WHITESPACE = 0,
    /// `\n`, `\r\n` or a lone `\r`.
    NEWLINE,
    /// A byte-order mark at the start of the file.
    BOM,
    /// A comment line (first non-blank character `#`): the loader skips it.
    COMMENT,
    /// The leading tabs and spaces of a line the loader reads; its level is its count of leading tabs.
    INDENT,
    /// A card separator line (`###...`, whatever follows the three hashes).
    SEPARATOR,
    /// Text kept as it is (card names, prompts, lines the loader drops, text before the first
    /// separator).
    TEXT,
    /// A section header at level 1: `Abilities:`, `Targets:`, `Triggers:`, `Aura:`, `StaticEffects:`.
    HEADER,
    /// A sub-header line: `Targets:`, `Prompt:`, `Conditioned On:`, `If:` (or text in their place).
    SUBHEADER,
    /// The name of a trigger condition (`onEtB`), as the loader reads it (to the end of the line).
    TRIGGER_NAME,
    /// One piece of an activated ability's cost (`T`, `2B`, `Pay 2 life`).
    COST_PIECE,
    /// The `, ` between cost pieces.
    COST_SEP,
    /// The `:` that ends an activated ability's cost.
    COLON,
    /// The character after the cost's `:`, which the loader always skips (a space, normally).
    SKIPPED,
    /// Python: a name.
    PY_NAME,
    /// Python: a keyword (`lambda`, `and`, `if`, `None`...).
    PY_KEYWORD,
    PY_NUMBER,
    /// Python: a string literal, prefix and quotes included.
    PY_STRING,
    /// Python: an operator or a delimiter.
    PY_OP,
    /// Python: a `#` comment after code (copied into the generated code).
    PY_COMMENT,
    /// Python: a character Python does not accept, or an unterminated string.
    PY_ERROR,

    // Nodes
    SOURCE_FILE,
    /// The lines before the first separator: read as a block that produces nothing.
    PREAMBLE,
    /// A card block: separator line, name, sections.
    CARD,
    /// The first logical line of a card block.
    CARD_NAME,
    /// A section: its header line (none for spell effects) and the lines it owns.
    SECTION,
    /// A section header line.
    SECTION_HEADER,
    /// A Python expression statement: a spell effect, a trigger effect, an aura effect.
    EFFECT,
    /// `COST: EFFECT` under `Abilities:`, with its target lines.
    ABILITY,
    /// The cost of an activated ability.
    COST,
    /// A target criterion: a quoted shortcut or a boolean expression over `self` and `p`.
    CRITERION,
    /// A prompt for the last criterion.
    PROMPT,
    /// A trigger under `Triggers:`: its condition line and what it owns.
    TRIGGER,
    /// A sub-header line (`Targets:`, `Prompt:`, `Conditioned On:`, `If:`).
    SUB_HEADER,
    /// The expression of a `Conditioned On:` or `If:` sub-header.
    CONDITION,
    /// A group of `StaticEffects:`: scope line and value lines.
    STATIC_EFFECT,
    /// The quoted scope of a static effect.
    STATIC_SCOPE,
    /// One of the three value lines of a static effect.
    STATIC_VALUE,
    /// A line the loader drops: a level its section does not use.
    DROPPED_LINE,
    // Python nodes
    PY_NAME_EXPR,
    PY_LITERAL,
    PY_ATTR_EXPR,
    PY_CALL_EXPR,
    PY_ARG_LIST,
    PY_KEYWORD_ARG,
    PY_STARRED,
    PY_SUBSCRIPT_EXPR,
    PY_SLICE,
    PY_BIN_EXPR,
    PY_UNARY_EXPR,
    PY_COMPARE_EXPR,
    PY_BOOL_EXPR,
    PY_NOT_EXPR,
    PY_COND_EXPR,
    PY_LAMBDA_EXPR,
    PY_PARAM_LIST,
    PY_PARAM,
    PY_PAREN_EXPR,
    PY_TUPLE_EXPR,
    PY_LIST_EXPR,
    PY_DICT_EXPR,
    PY_SET_EXPR,
    PY_DICT_ITEM,
    PY_COMP_FOR,
    PY_COMP_IF,
    PY_NAMED_EXPR,
    PY_ALL_EXPR,
    /// What follows the first syntax error of an expression.
    PY_ERROR_NODE,
}

use SyntaxKind::*;

impl SyntaxKind {
    pub fn is_trivia(self) -> bool {
        matches!(
            self,
            WHITESPACE | NEWLINE | COMMENT | BOM | INDENT | PY_COMMENT
        )
    }

    fn from_raw(raw: u16) -> SyntaxKind {
        assert!(
            raw <= PY_ERROR_NODE as u16,
            "bad Python-MTG SyntaxKind {raw}"
        );
        // SAFETY: SyntaxKind is repr(u16) with contiguous discriminants 0..=PY_ERROR_NODE.
        unsafe { std::mem::transmute::<u16, SyntaxKind>(raw) }
    }

    /// The Python kind of a Python token or node of this dialect.
    pub(crate) fn to_py(self) -> Option<PyKind> {
        Some(match self {
            PY_COMMENT => PyKind::Comment,
            PY_NAME => PyKind::Name,
            PY_KEYWORD => PyKind::Keyword,
            PY_NUMBER => PyKind::Number,
            PY_STRING => PyKind::String,
            PY_OP => PyKind::Op,
            PY_ERROR => PyKind::Error,
            PY_NAME_EXPR => PyKind::NameExpr,
            PY_LITERAL => PyKind::Literal,
            PY_ATTR_EXPR => PyKind::AttrExpr,
            PY_CALL_EXPR => PyKind::CallExpr,
            PY_ARG_LIST => PyKind::ArgList,
            PY_KEYWORD_ARG => PyKind::KeywordArg,
            PY_STARRED => PyKind::Starred,
            PY_SUBSCRIPT_EXPR => PyKind::SubscriptExpr,
            PY_SLICE => PyKind::Slice,
            PY_BIN_EXPR => PyKind::BinExpr,
            PY_UNARY_EXPR => PyKind::UnaryExpr,
            PY_COMPARE_EXPR => PyKind::CompareExpr,
            PY_BOOL_EXPR => PyKind::BoolExpr,
            PY_NOT_EXPR => PyKind::NotExpr,
            PY_COND_EXPR => PyKind::CondExpr,
            PY_LAMBDA_EXPR => PyKind::LambdaExpr,
            PY_PARAM_LIST => PyKind::ParamList,
            PY_PARAM => PyKind::Param,
            PY_PAREN_EXPR => PyKind::ParenExpr,
            PY_TUPLE_EXPR => PyKind::TupleExpr,
            PY_LIST_EXPR => PyKind::ListExpr,
            PY_DICT_EXPR => PyKind::DictExpr,
            PY_SET_EXPR => PyKind::SetExpr,
            PY_DICT_ITEM => PyKind::DictItem,
            PY_COMP_FOR => PyKind::CompFor,
            PY_COMP_IF => PyKind::CompIf,
            PY_NAMED_EXPR => PyKind::NamedExpr,
            PY_ALL_EXPR => PyKind::AllExpr,
            PY_ERROR_NODE => PyKind::ErrorNode,
            _ => return None,
        })
    }

    /// The kind the shared Python parser's `kind` becomes in this dialect.
    pub(crate) fn from_py(kind: PyKind) -> SyntaxKind {
        match kind {
            PyKind::Whitespace => WHITESPACE,
            PyKind::Newline => NEWLINE,
            PyKind::CommentLine => COMMENT,
            PyKind::Indent => INDENT,
            PyKind::Comment => PY_COMMENT,
            PyKind::Name => PY_NAME,
            PyKind::Keyword => PY_KEYWORD,
            PyKind::Number => PY_NUMBER,
            PyKind::String => PY_STRING,
            PyKind::Op => PY_OP,
            PyKind::Error => PY_ERROR,
            PyKind::NameExpr => PY_NAME_EXPR,
            PyKind::Literal => PY_LITERAL,
            PyKind::AttrExpr => PY_ATTR_EXPR,
            PyKind::CallExpr => PY_CALL_EXPR,
            PyKind::ArgList => PY_ARG_LIST,
            PyKind::KeywordArg => PY_KEYWORD_ARG,
            PyKind::Starred => PY_STARRED,
            PyKind::SubscriptExpr => PY_SUBSCRIPT_EXPR,
            PyKind::Slice => PY_SLICE,
            PyKind::BinExpr => PY_BIN_EXPR,
            PyKind::UnaryExpr => PY_UNARY_EXPR,
            PyKind::CompareExpr => PY_COMPARE_EXPR,
            PyKind::BoolExpr => PY_BOOL_EXPR,
            PyKind::NotExpr => PY_NOT_EXPR,
            PyKind::CondExpr => PY_COND_EXPR,
            PyKind::LambdaExpr => PY_LAMBDA_EXPR,
            PyKind::ParamList => PY_PARAM_LIST,
            PyKind::Param => PY_PARAM,
            PyKind::ParenExpr => PY_PAREN_EXPR,
            PyKind::TupleExpr => PY_TUPLE_EXPR,
            PyKind::ListExpr => PY_LIST_EXPR,
            PyKind::DictExpr => PY_DICT_EXPR,
            PyKind::SetExpr => PY_SET_EXPR,
            PyKind::DictItem => PY_DICT_ITEM,
            PyKind::CompFor => PY_COMP_FOR,
            PyKind::CompIf => PY_COMP_IF,
            PyKind::NamedExpr => PY_NAMED_EXPR,
            PyKind::AllExpr => PY_ALL_EXPR,
            PyKind::ErrorNode => PY_ERROR_NODE,
        }
    }
}

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> Self {
        rowan::SyntaxKind(kind as u16)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PymtgLanguage {}

impl rowan::Language for PymtgLanguage {
    type Kind = SyntaxKind;

    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        SyntaxKind::from_raw(raw.0)
    }

    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.into()
    }
}

pub type SyntaxNode = rowan::SyntaxNode<PymtgLanguage>;
pub type SyntaxToken = rowan::SyntaxToken<PymtgLanguage>;
pub type SyntaxElement = rowan::SyntaxElement<PymtgLanguage>;
