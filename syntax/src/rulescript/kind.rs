//! The kinds of RuleScript syntax tree elements: tokens first, then nodes.

crate::kinds::syntax_kinds! {
    language RulescriptLanguage("RuleScript");
    trivia [WHITESPACE, NEWLINE, COMMENT, BOM, PY_COMMENT];
    python { indent: WHITESPACE }
    tokens {
        WHITESPACE,
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
        /// `&`, `&&` or `||` between effects (or `&` between types and filters, `&&` between
        /// requisites).
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
    }
    nodes {
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
    }
}
