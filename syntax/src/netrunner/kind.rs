//! The kinds of Netrunner AutoScript syntax tree elements: tokens first, then nodes.

crate::kinds::syntax_kinds! {
    language NetrunnerLanguage("Netrunner");
    trivia [WHITESPACE, NEWLINE, COMMENT, BOM];
    tokens {
        WHITESPACE,
        NEWLINE,
        BOM,
        /// A Python `#` comment or an XML `<!-- -->` comment.
        COMMENT,
        /// Host text outside the scripts: Python code, XML declarations.
        HOST_TEXT,
        /// A Python string literal that holds no scripts.
        STRING,
        /// The quotes around the script table (`'''`) or around an XML attribute value.
        QUOTE,
        /// `<`, `</`, `>`, `/>` of an XML tag.
        XML_PUNCT,
        /// The name of an XML element.
        XML_NAME,
        /// The name of an XML attribute.
        XML_ATTR_NAME,
        /// `=` between an attribute name and its value.
        EQ,
        /// An XML attribute value that holds no script.
        XML_VALUE,
        /// Text between XML tags.
        XML_TEXT,
        /// A separator of the script table: `=====`, `.....`, `-----` or `+++++`.
        SEPARATOR,
        /// Free text of the script table (its header, card names).
        TABLE_TEXT,
        /// A card GUID.
        GUID,
        /// `ENDSCRIPTS`, and whatever its entry holds.
        END_MARKER,
        /// `||`: alternatives.
        ALT_SEP,
        /// `$$`: parts of a sequence.
        SEQ_SEP,
        /// `++`: parts of a sequence inside `<a,b>`.
        PLUS_SEP,
        /// `:` after a trigger or a cost.
        COLON,
        /// A trigger word or a cost (`onPlay`, `A1B0G0T0`) before `:`.
        PREFIX_WORD,
        /// Letters of a command (`Gain`, `Credits`).
        WORD,
        /// Digits glued to a command (`Gain3Credits`).
        NUMBER,
        /// `-` starting a modulator.
        DASH,
        /// The name of a modulator with its glued argument (`isCost`, `atICE_and_nonSentry`).
        MOD_NAME,
        L_BRACE,
        R_BRACE,
        /// Free text inside `{...}`.
        BRACE_TEXT,
        L_ANGLE,
        R_ANGLE,
        COMMA,
        /// Any other character of a script (`#`, `&`, `_`, `$`...).
        PUNCT,
    }
    nodes {
        SOURCE_FILE,
        /// The `ScriptsLocal` string of `CardScripts.py`.
        SCRIPT_TABLE,
        /// Text before the first `=====`.
        TABLE_HEADER,
        /// One card of the table: name, GUID, AutoScript, AutoAction.
        ENTRY,
        ENTRY_NAME,
        ENTRY_GUID,
        /// The entry holding `ENDSCRIPTS`, where loading stops.
        END_ENTRY,
        /// Text the loader never reads (after the table, parts past the expected ones).
        IGNORED,
        /// An XML tag.
        XML_TAG,
        /// An XML attribute.
        XML_ATTR,
        /// A `<card>` element of a set file.
        CARD,
        /// A `<property .../>` tag of a card.
        PROPERTY,
        /// An AutoScript field (table entry or XML property value).
        AUTO_SCRIPT,
        /// An AutoAction field.
        AUTO_ACTION,
        /// A whole script: alternatives separated by `||`.
        SCRIPT,
        /// One alternative: an optional trigger or cost prefix, then parts separated by `$$`.
        ALTERNATIVE,
        /// `trigger:` or `cost:`.
        PREFIX,
        /// One part: a command and its modulators.
        PART,
        /// The head of a part: verb, number, noun, braces.
        COMMAND,
        /// `-name` and its argument.
        MODULATOR,
        /// `{...}`.
        BRACE_ARG,
        /// `<a,b>`: two sequences, for success and failure.
        ANGLE_ARG,
        /// One side of `<a,b>`: parts separated by `++`.
        EFFECT_LIST,
    }
}
