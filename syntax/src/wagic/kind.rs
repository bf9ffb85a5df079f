//! The kinds of Wagic syntax tree elements: tokens first, then nodes.

crate::kinds::syntax_kinds! {
    language WagicLanguage("Wagic");
    trivia [WHITESPACE, NEWLINE, COMMENT, BOM];
    tokens {
        /// Spaces, tabs, and a carriage return that does not end a line.
        WHITESPACE,
        /// `\n` or `\r\n`.
        NEWLINE,
        BOM,
        /// A `#` comment line.
        COMMENT,
        /// A line that opens a block (`[card]`, `[meta]`), whole.
        BLOCK_OPEN,
        /// A line that closes a block (`[/card]`), whole.
        BLOCK_CLOSE,
        /// The key of a `key=value` line.
        KEY,
        EQ,
        /// Free text kept as one token (names, rules text, list pieces).
        TEXT,
        /// `#AUTO_DEFINE`
        MACRO_KEYWORD,
        MACRO_NAME,
        /// A run of characters of ability code that are not punctuation.
        WORD,
        L_PAREN,
        R_PAREN,
        L_BRACK,
        R_BRACK,
        L_BRACE,
        R_BRACE,
        L_ANGLE,
        R_ANGLE,
        COLON,
        AT,
        AMP,
        PIPE,
        COMMA,
        SEMI,
        SLASH,
        PLUS,
        MINUS,
        BANG,
        DOLLAR,
        CARET,
        TILDE,
        STAR,
        PERCENT,
        QUESTION,
    }
    nodes {
        SOURCE_FILE,
        /// `[meta] ... [/meta]`
        META_BLOCK,
        /// `[card] ... [/card]`
        CARD_BLOCK,
        /// `key=value` inside a block.
        ENTRY,
        /// A file-level `grade=` line (a line starting with `g` outside blocks).
        GRADE_LINE,
        /// `#AUTO_DEFINE NAME[(params)] replacement`
        MACRO_DEF,
        MACRO_PARAMS,
        /// A line outside blocks that the reader skips.
        STRAY_LINE,
        /// A line inside a card block that has no `=`.
        BAD_LINE,
        /// A plain value.
        VALUE,
        /// An ability (`auto=` and friends, and nested abilities).
        AUTO,
        /// A cost string (`mana=`, `kicker=`, ...).
        COST_VALUE,
        /// `abilities=` comma list.
        ABILITY_LIST,
        /// Space- or comma-separated words (`type=`, `subtype=`, `color=`).
        WORD_LIST,
        /// `restrictions=` comma list.
        RESTRICTION_LIST,
        /// One piece of a restriction list.
        RESTRICTION,
        /// The `{...}` cost of an activated ability, before `:`.
        COST,
        /// One `{...}` group of a cost.
        MANA_SYMBOL,
        /// `@trigger text:`
        TRIGGER,
        /// One effect; effects of one ability are joined by `&&`.
        EFFECT,
        /// `if ... then` / `ifnot ... then`.
        CONDITION,
        /// `word(...)`, `word[...]`, `word{...}`.
        CALL,
        /// `( ... )`
        ARG_LIST,
        /// `[ ... ]`
        BRACKET_GROUP,
        /// `{ ... }` that is not a mana symbol.
        BRACE_GROUP,
        /// A target specification: `[<count>] type[,type...] [|zone,...]`.
        TARGET_SPEC,
        /// `<n>`, `<upto:n>`, `<anyamount>`.
        TARGET_COUNT,
        /// One type of a target's type list, with its restrictions.
        TARGET_TYPE,
        /// `[...]` restrictions after a target type.
        TARGET_RESTRICTIONS,
        /// Zones after `|`, or the argument of `moveto(...)`.
        ZONE_LIST,
        /// An ability inside another: `newability[...]`, `ability$!...!$`, `and!(...)!`.
        NESTED_ABILITY,
    }
}

impl SyntaxKind {
    /// The closing bracket of an opening one.
    pub fn closer(self) -> Option<SyntaxKind> {
        use SyntaxKind::*;
        match self {
            L_PAREN => Some(R_PAREN),
            L_BRACK => Some(R_BRACK),
            L_BRACE => Some(R_BRACE),
            _ => None,
        }
    }
}
