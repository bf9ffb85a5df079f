//! `syntax_kinds!`: a dialect's `SyntaxKind`, its rowan `Language` and the tree aliases, from
//! the list of its kinds.
//!
//! ```text
//! syntax_kinds! {
//!     /// Doc of the language type.
//!     language ForgeLanguage("Forge");
//!     trivia [WHITESPACE, NEWLINE, COMMENT, BOM];
//!     tokens {
//!         /// Spaces and tabs.
//!         WHITESPACE,
//!         NEWLINE,
//!         ...
//!     }
//!     nodes {
//!         SOURCE_FILE,
//!         ...
//!     }
//! }
//! ```
//!
//! defines, in the calling module:
//! - `#[repr(u16)] pub enum SyntaxKind`: the tokens first, then the nodes, numbered from 0 in the
//!   order written (the raw kind of a green tree is that number);
//! - `SyntaxKind::ALL` (every kind, indexed by its raw value), `is_trivia`, `is_token`, `is_node`;
//! - `From<SyntaxKind> for rowan::SyntaxKind` and `pub enum ForgeLanguage {}` with its
//!   `rowan::Language` impl, whose raw-to-kind conversion is a bounds-checked look-up in `ALL`
//!   (no `unsafe`);
//! - `SyntaxNode`, `SyntaxToken` and `SyntaxElement` of the language.
//!
//! A dialect that embeds Python expressions adds `python { indent: KIND }` after `trivia`: the
//! Python token kinds (`PY_NAME`...`PY_ERROR`) are appended to its tokens and the Python node kinds
//! (`PY_NAME_EXPR`...`PY_ERROR_NODE`) to its nodes, from the one list below, with the maps to and
//! from the shared parser's `PyKind` (the parser's `Indent` becomes `KIND`) and the
//! `pyast::PyLanguage` impl. The dialect must have `WHITESPACE`, `NEWLINE` and `COMMENT`.

macro_rules! syntax_kinds {
    // A dialect with embedded Python: the one list of Python kinds, handed to `@python`.
    (
        $(#[$lang_meta:meta])*
        language $lang:ident($name:literal);
        trivia [$($trivia:ident),* $(,)?];
        python { indent: $indent:ident }
        tokens { $($tokens:tt)* }
        nodes { $($nodes:tt)* }
    ) => {
        $crate::kinds::syntax_kinds! {
            @python $lang, $indent,
            {
                $(#[$lang_meta])*
                language $lang($name);
                trivia [$($trivia),*];
            }
            tokens { $($tokens)* }
            nodes { $($nodes)* }
            py_tokens [
                /// Python: a name.
                Name => PY_NAME,
                /// Python: a keyword (`lambda`, `and`, `if`, `None`...).
                Keyword => PY_KEYWORD,
                Number => PY_NUMBER,
                /// Python: a string literal, prefix and quotes included.
                String => PY_STRING,
                /// Python: an operator or a delimiter.
                Op => PY_OP,
                /// Python: a `#` comment after code.
                Comment => PY_COMMENT,
                /// Python: a character Python does not accept, or an unterminated string.
                Error => PY_ERROR,
            ]
            py_nodes [
                NameExpr => PY_NAME_EXPR,
                Literal => PY_LITERAL,
                AttrExpr => PY_ATTR_EXPR,
                CallExpr => PY_CALL_EXPR,
                ArgList => PY_ARG_LIST,
                KeywordArg => PY_KEYWORD_ARG,
                Starred => PY_STARRED,
                SubscriptExpr => PY_SUBSCRIPT_EXPR,
                Slice => PY_SLICE,
                BinExpr => PY_BIN_EXPR,
                UnaryExpr => PY_UNARY_EXPR,
                CompareExpr => PY_COMPARE_EXPR,
                BoolExpr => PY_BOOL_EXPR,
                NotExpr => PY_NOT_EXPR,
                CondExpr => PY_COND_EXPR,
                LambdaExpr => PY_LAMBDA_EXPR,
                ParamList => PY_PARAM_LIST,
                Param => PY_PARAM,
                ParenExpr => PY_PAREN_EXPR,
                TupleExpr => PY_TUPLE_EXPR,
                ListExpr => PY_LIST_EXPR,
                DictExpr => PY_DICT_EXPR,
                SetExpr => PY_SET_EXPR,
                DictItem => PY_DICT_ITEM,
                CompFor => PY_COMP_FOR,
                CompIf => PY_COMP_IF,
                NamedExpr => PY_NAMED_EXPR,
                /// RuleScript's `all <expr> in <list>`.
                AllExpr => PY_ALL_EXPR,
                /// What follows the first syntax error of an expression.
                ErrorNode => PY_ERROR_NODE,
            ]
        }
    };

    (
        @python $lang:ident, $indent:ident,
        { $($head:tt)* }
        tokens { $($tokens:tt)* }
        nodes { $($nodes:tt)* }
        py_tokens [$($(#[$pt_meta:meta])* $pt:ident => $pt_kind:ident,)*]
        py_nodes [$($(#[$pn_meta:meta])* $pn:ident => $pn_kind:ident,)*]
    ) => {
        $crate::kinds::syntax_kinds! {
            $($head)*
            tokens { $($tokens)* $($(#[$pt_meta])* $pt_kind,)* }
            nodes { $($nodes)* $($(#[$pn_meta])* $pn_kind,)* }
        }

        impl SyntaxKind {
            /// The Python kind of a Python token or node of this dialect.
            pub(crate) fn to_py(self) -> Option<$crate::python::PyKind> {
                match self {
                    $(SyntaxKind::$pt_kind => Some($crate::python::PyKind::$pt),)*
                    $(SyntaxKind::$pn_kind => Some($crate::python::PyKind::$pn),)*
                    _ => None,
                }
            }

            /// The kind the shared Python parser's `kind` becomes in this dialect.
            pub(crate) fn from_py(kind: $crate::python::PyKind) -> SyntaxKind {
                use $crate::python::PyKind;
                match kind {
                    PyKind::Whitespace => SyntaxKind::WHITESPACE,
                    PyKind::Newline => SyntaxKind::NEWLINE,
                    PyKind::CommentLine => SyntaxKind::COMMENT,
                    PyKind::Indent => SyntaxKind::$indent,
                    $(PyKind::$pt => SyntaxKind::$pt_kind,)*
                    $(PyKind::$pn => SyntaxKind::$pn_kind,)*
                }
            }

            /// `from_py` as a raw kind: the map the Python parser builds this dialect's nodes with.
            pub(crate) fn py_raw(kind: $crate::python::PyKind) -> rowan::SyntaxKind {
                SyntaxKind::from_py(kind).into()
            }
        }

        impl $crate::pyast::PyLanguage for $lang {
            fn py_kind(kind: SyntaxKind) -> Option<$crate::python::PyKind> {
                kind.to_py()
            }
        }
    };

    (
        $(#[$lang_meta:meta])*
        language $lang:ident($name:literal);
        trivia [$($trivia:ident),* $(,)?];
        tokens { $($(#[$token_meta:meta])* $token:ident,)* }
        nodes { $($(#[$node_meta:meta])* $node:ident,)* }
    ) => {
        #[doc = concat!("The kinds of ", $name, " syntax tree elements: tokens first, then nodes.")]
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u16)]
        pub enum SyntaxKind {
            $($(#[$token_meta])* $token,)*
            $($(#[$node_meta])* $node,)*
        }

        impl SyntaxKind {
            /// Every kind, in order: `ALL[k as usize] == k`.
            pub const ALL: &'static [SyntaxKind] = &[
                $(SyntaxKind::$token,)*
                $(SyntaxKind::$node,)*
            ];

            /// The number of token kinds; node kinds follow them.
            const TOKEN_COUNT: usize = [$(SyntaxKind::$token),*].len();

            pub fn is_trivia(self) -> bool {
                matches!(self, $(SyntaxKind::$trivia)|*)
            }

            /// Whether this is a token kind (tokens come first).
            pub fn is_token(self) -> bool {
                (self as usize) < Self::TOKEN_COUNT
            }

            /// Whether this is a node kind.
            pub fn is_node(self) -> bool {
                !self.is_token()
            }

            fn from_raw(raw: u16) -> SyntaxKind {
                match SyntaxKind::ALL.get(usize::from(raw)) {
                    Some(&kind) => kind,
                    None => panic!(concat!("bad ", $name, " SyntaxKind {}"), raw),
                }
            }
        }

        // `ALL` lists the variants in declaration order, so each sits at its own raw value.
        const _: () = {
            let mut i = 0;
            while i < SyntaxKind::ALL.len() {
                assert!(SyntaxKind::ALL[i] as usize == i);
                i += 1;
            }
        };

        impl From<SyntaxKind> for rowan::SyntaxKind {
            fn from(kind: SyntaxKind) -> Self {
                rowan::SyntaxKind(kind as u16)
            }
        }

        $(#[$lang_meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $lang {}

        impl rowan::Language for $lang {
            type Kind = SyntaxKind;

            fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
                SyntaxKind::from_raw(raw.0)
            }

            fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
                kind.into()
            }
        }

        pub type SyntaxNode = rowan::SyntaxNode<$lang>;
        pub type SyntaxToken = rowan::SyntaxToken<$lang>;
        pub type SyntaxElement = rowan::SyntaxElement<$lang>;
    };
}
pub(crate) use syntax_kinds;

#[cfg(test)]
mod tests {
    use rowan::Language;

    /// Every kind of a language survives the trip through its raw value, tokens come first, and
    /// out-of-range raw values are refused.
    fn check<L: Language>(all: &[L::Kind], first_node: L::Kind, is_token: fn(L::Kind) -> bool) {
        for (i, &kind) in all.iter().enumerate() {
            let raw = L::kind_to_raw(kind);
            assert_eq!(usize::from(raw.0), i);
            assert_eq!(L::kind_from_raw(raw), kind);
            assert_eq!(is_token(kind), kind < first_node, "{kind:?}");
        }
        let past = rowan::SyntaxKind(all.len() as u16);
        assert!(std::panic::catch_unwind(|| L::kind_from_raw(past)).is_err());
    }

    #[test]
    fn raw_values_round_trip() {
        use crate::{forge, netrunner, pymtg, rulescript, wagic};
        check::<forge::ForgeLanguage>(
            forge::SyntaxKind::ALL,
            forge::SyntaxKind::SOURCE_FILE,
            forge::SyntaxKind::is_token,
        );
        check::<wagic::WagicLanguage>(
            wagic::SyntaxKind::ALL,
            wagic::SyntaxKind::SOURCE_FILE,
            wagic::SyntaxKind::is_token,
        );
        check::<pymtg::PymtgLanguage>(
            pymtg::SyntaxKind::ALL,
            pymtg::SyntaxKind::SOURCE_FILE,
            pymtg::SyntaxKind::is_token,
        );
        check::<netrunner::NetrunnerLanguage>(
            netrunner::SyntaxKind::ALL,
            netrunner::SyntaxKind::SOURCE_FILE,
            netrunner::SyntaxKind::is_token,
        );
        check::<rulescript::RulescriptLanguage>(
            rulescript::SyntaxKind::ALL,
            rulescript::SyntaxKind::SOURCE_FILE,
            rulescript::SyntaxKind::is_token,
        );
    }

    #[test]
    fn python_kinds_map_both_ways() {
        use crate::python::PyKind;
        use crate::{pymtg, rulescript};
        let mut count = 0;
        for &kind in pymtg::SyntaxKind::ALL {
            if let Some(py) = kind.to_py() {
                assert_eq!(pymtg::SyntaxKind::from_py(py), kind);
                assert!(format!("{kind:?}").starts_with("PY_"));
                count += 1;
            }
        }
        for &kind in rulescript::SyntaxKind::ALL {
            if let Some(py) = kind.to_py() {
                assert_eq!(rulescript::SyntaxKind::from_py(py), kind);
                assert!(format!("{kind:?}").starts_with("PY_"));
            }
        }
        // Every Python kind but the parser's trivia (whitespace, line breaks, indentation,
        // comment lines), which become the host's own trivia.
        assert_eq!(count, 36);
        assert_eq!(
            pymtg::SyntaxKind::from_py(PyKind::Indent),
            pymtg::SyntaxKind::INDENT
        );
        assert_eq!(
            rulescript::SyntaxKind::from_py(PyKind::Indent),
            rulescript::SyntaxKind::WHITESPACE
        );
    }
}
