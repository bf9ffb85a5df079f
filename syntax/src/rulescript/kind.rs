//! The kinds of RuleScript syntax tree elements: tokens first, then nodes.

use crate::python::PyKind;

#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u16)]
pub enum SyntaxKind {
    // Tokens
    WHITESPACE = 0,
    NEWLINE,
    BOM,
    /// A Python comment, an XML comment, a RuleScript `#` comment (whole line or end of line).
    COMMENT,
    /// Host text outside the rules: Python code, XML declarations.
    HOST_TEXT,
    /// A Python string that holds no rule (the module's docstring...).
    STRING,
    /// Quotes around a rule string, a GUID key or an XML attribute value.
    QUOTE,
    /// The GUID key of a `RulesDict` entry.
    GUID,
    XML_PUNCT,
    XML_NAME,
    XML_ATTR_NAME,
    XML_VALUE,
    XML_TEXT,
    /// The key of a rule line (`target`, `action`...).
    KEY,
    /// `=` after a key (and between an XML attribute and its value).
    EQ,
    /// `;` between statements or targets.
    SEMI,
    COMMA,
    /// `&`, `&&` or `||` between effects (or `&` between types and filters, `&&` between requisites).
    JOINER,
    /// `:` after costs, or between an event and its suffix.
    COLON,
    /// `::` before a selector.
    COLON_COLON,
    /// `:=` of a variable.
    ASSIGN,
    L_BRACE,
    R_BRACE,
    L_PAREN,
    R_PAREN,
    L_BRACKET,
    R_BRACKET,
    L_ANGLE,
    R_ANGLE,
    /// `[[` and `]]` around a condition.
    COND_OPEN,
    COND_CLOSE,
    /// `~` or `?` around events and hooks.
    EVENT_DELIM,
    /// `@` before a zone.
    AT,
    /// A prefix or sign: `^`, `!`, `+`, `-`.
    SIGN,
    /// `?` after a command name (ask first) or a target clause (optional).
    QMARK,
    /// `*` or `**`.
    STAR,
    /// A comparison in a filter: `>=`, `<=`, `==`, `>`, `<`, `!=`, `:`.
    CMP,
    /// A word: a keyword, a command, a type, a zone, a restriction...
    WORD,
    NUMBER,
    /// A quoted card name or question.
    QUOTED,
    /// Free text: a label, an argument, a value of an unknown key.
    TEXT,
    /// Python (conditions and variable values): a name.
    PY_NAME,
    PY_KEYWORD,
    PY_NUMBER,
    PY_STRING,
    PY_OP,
    PY_COMMENT,
    PY_ERROR,

    // Nodes
    SOURCE_FILE,
    /// `RulesDict["<guid>"] = """..."""`.
    RULE_ENTRY,
    /// The quoted GUID key.
    RULE_KEY,
    /// The text of one rule.
    RULE_TEXT,
    /// An empty line inside a rule (fatal to the engine's tokeniser).
    BLANK_LINE,
    /// `key = value`.
    RULE_LINE,
    /// Target filters (`target`, `requisite`).
    TARGET_LIST,
    /// `[<qty>] type [<pick>] [[filters]] [@zone] [::selector(expr)]`.
    TARGET,
    QTY,
    TYPES,
    TYPE,
    PICK,
    FILTERS,
    FILTER,
    ZONE,
    SELECTOR,
    /// The value of `action` or `auto`.
    ACTION,
    /// `{cost}{cost}:`.
    COSTS,
    COST,
    /// `~event,event~` or `?hook?`.
    EVENTS,
    EVENT,
    /// Statements separated by `;`.
    STATEMENT,
    /// `[[may]]`, `[[if expr]]`, `[[elif expr]]`, `[[else]]`.
    CONDITION,
    /// `name(args)` or `name?(args)`.
    COMMAND,
    ARG_LIST,
    ARG,
    /// `+ability` or `-ability`.
    ABILITY_CHANGE,
    /// `to(...)`, `target(...)`, `from(...)`.
    TARGET_CLAUSE,
    /// `abilities = a, b`.
    ABILITY_LIST,
    /// `vars = name := value; ...`.
    VAR_LIST,
    VAR_DEF,
    /// `label = text`.
    LABEL,
    /// The value of a key the engine does not read.
    VALUE,
    XML_TAG,
    XML_ATTR,
    /// A `<card>` element of the set file.
    CARD,
    /// A `<property>` of a card.
    PROPERTY,
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
    PY_ERROR_NODE,
}

use SyntaxKind::*;

impl SyntaxKind {
    pub fn is_trivia(self) -> bool {
        matches!(self, WHITESPACE | NEWLINE | COMMENT | BOM | PY_COMMENT)
    }

    fn from_raw(raw: u16) -> SyntaxKind {
        assert!(
            raw <= PY_ERROR_NODE as u16,
            "bad RuleScript SyntaxKind {raw}"
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
            PyKind::Whitespace | PyKind::Indent => WHITESPACE,
            PyKind::Newline => NEWLINE,
            PyKind::CommentLine => COMMENT,
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
pub enum RulescriptLanguage {}

impl rowan::Language for RulescriptLanguage {
    type Kind = SyntaxKind;

    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        SyntaxKind::from_raw(raw.0)
    }

    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.into()
    }
}

pub type SyntaxNode = rowan::SyntaxNode<RulescriptLanguage>;
pub type SyntaxToken = rowan::SyntaxToken<RulescriptLanguage>;
pub type SyntaxElement = rowan::SyntaxElement<RulescriptLanguage>;
