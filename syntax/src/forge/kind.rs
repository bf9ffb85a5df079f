//! The kinds of Forge syntax tree elements: tokens first, then nodes.

crate::kinds::syntax_kinds! {
    language ForgeLanguage("Forge");
    trivia [WHITESPACE, NEWLINE, COMMENT, BOM];
    tokens {
        /// Spaces and tabs (and other bytes Forge trims) inside a line.
        WHITESPACE,
        /// `\n`, `\r\n` or a lone `\r`.
        NEWLINE,
        /// A byte-order mark at the start of the file.
        BOM,
        /// A `#` comment line.
        COMMENT,
        /// The key of a line (`Name`, `A`, `SVar`, ...).
        KEY,
        COLON,
        /// Free text kept as one token (names, oracle text, descriptions).
        TEXT,
        /// A word of a structured value.
        WORD,
        /// The name of a parameter in a record (`Cost` in `Cost$ 1 R`).
        PARAM_KEY,
        DOLLAR,
        PIPE,
        COMMA,
        AMP,
        PLUS,
        DOT,
        BANG,
        SLASH,
        L_ANGLE,
        R_ANGLE,
        /// The name of an SVar on an `SVar:` line.
        SVAR_NAME,
        /// The base of a Valid alternative (`Creature` in `Creature.YouCtrl`).
        VALID_BASE,
        /// One property of a Valid alternative (`YouCtrl`).
        VALID_PROP,
    }
    nodes {
        SOURCE_FILE,
        /// `Key:Value` for keys with a plain value (`Name`, `Types`, `Oracle`, unknown keys...).
        PROPERTY_LINE,
        /// `A:` spell or activated ability.
        ABILITY_LINE,
        /// `T:` trigger.
        TRIGGER_LINE,
        /// `S:` static ability.
        STATIC_LINE,
        /// `R:` replacement effect.
        REPLACEMENT_LINE,
        /// `SVar:Name:value`.
        SVAR_LINE,
        /// `K:Keyword[:arg...]`.
        KEYWORD_LINE,
        /// `ManaCost:...`.
        MANA_COST_LINE,
        /// The bare `ALTERNATE` face separator.
        ALTERNATE_LINE,
        /// A line with no shape Forge reads (no `Key:`).
        ERROR_LINE,
        /// `Key$ Value | Key$ Value ...`.
        RECORD,
        /// One `Key$ Value` piece of a record.
        PARAM,
        /// A plain value: words and separators.
        VALUE,
        /// A keyword and its `:`-separated arguments.
        KEYWORD,
        /// Mana symbols of a `ManaCost:` line.
        MANA_COST,
        /// A `Cost$` string.
        COST,
        /// `Name<field/field/...>` inside a cost.
        COST_PART,
        /// A comma list of Valid alternatives.
        VALID_LIST,
        /// `[!]Base[.prop+prop...]`.
        VALID,
        /// An SVar expression value (`Count$...`, `Number$...`).
        EXPR,
        /// A `/Op[.N]` math suffix of an expression.
        MATH,
    }
}
