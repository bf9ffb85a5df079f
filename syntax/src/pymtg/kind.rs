//! The kinds of Python-MTG syntax tree elements: tokens first, then nodes.

crate::kinds::syntax_kinds! {
    language PymtgLanguage("Python-MTG");
    trivia [WHITESPACE, NEWLINE, COMMENT, BOM, INDENT, PY_COMMENT];
    python { indent: INDENT }
    tokens {
        /// Spaces and tabs that are not a line's indentation (trailing blanks, blank lines...).
        WHITESPACE,
        /// `\n`, `\r\n` or a lone `\r`.
        NEWLINE,
        /// A byte-order mark at the start of the file.
        BOM,
        /// A comment line (first non-blank character `#`): the loader skips it.
        COMMENT,
        /// The leading tabs and spaces of a line the loader reads; its level is its count of
        /// leading tabs.
        INDENT,
        /// A card separator line (`###...`, whatever follows the three hashes).
        SEPARATOR,
        /// Text kept as it is (card names, prompts, lines the loader drops, text before the first
        /// separator).
        TEXT,
        /// A section header at level 1: `Abilities:`, `Targets:`, `Triggers:`, `Aura:`,
        /// `StaticEffects:`.
        HEADER,
        /// A sub-header line: `Targets:`, `Prompt:`, `Conditioned On:`, `If:` (or text in their
        /// place).
        SUBHEADER,
        /// The name of a trigger condition (`onEtB`), as the loader reads it (to the end of the
        /// line).
        TRIGGER_NAME,
        /// One piece of an activated ability's cost (`T`, `2B`, `Pay 2 life`).
        COST_PIECE,
        /// The `, ` between cost pieces.
        COST_SEP,
        /// The `:` that ends an activated ability's cost.
        COLON,
        /// The character after the cost's `:`, which the loader always skips (a space, normally).
        SKIPPED,
    }
    nodes {
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
    }
}
