//! Typed views over the Python expressions embedded in a dialect's tree, for every dialect
//! whose language implements `PyLanguage` (Python-MTG, RuleScript).

use crate::python::PyKind;
use rowan::{Language, SyntaxNode, SyntaxToken, TextRange};

/// A dialect whose tree holds Python expressions.
pub trait PyLanguage: Language {
    /// The Python kind of a dialect kind, if it is one.
    fn py_kind(kind: Self::Kind) -> Option<PyKind>;
}

fn py<L: PyLanguage>(node: &SyntaxNode<L>) -> Option<PyKind> {
    L::py_kind(node.kind())
}

fn py_tok<L: PyLanguage>(token: &SyntaxToken<L>) -> Option<PyKind> {
    L::py_kind(token.kind())
}

/// A Python expression node.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PyExpr<L: PyLanguage>(SyntaxNode<L>);

impl<L: PyLanguage> PyExpr<L> {
    pub fn cast(node: SyntaxNode<L>) -> Option<Self> {
        use PyKind::*;
        matches!(
            py(&node)?,
            NameExpr
                | Literal
                | AttrExpr
                | CallExpr
                | Starred
                | SubscriptExpr
                | Slice
                | BinExpr
                | UnaryExpr
                | CompareExpr
                | BoolExpr
                | NotExpr
                | CondExpr
                | LambdaExpr
                | ParenExpr
                | TupleExpr
                | ListExpr
                | DictExpr
                | SetExpr
                | NamedExpr
                | AllExpr
        )
        .then_some(PyExpr(node))
    }

    pub fn kind(&self) -> PyKind {
        py(&self.0).unwrap_or(PyKind::ErrorNode)
    }

    pub fn syntax(&self) -> &SyntaxNode<L> {
        &self.0
    }

    pub fn range(&self) -> TextRange {
        self.0.text_range()
    }

    /// The expression's text as written (trivia such as line breaks included).
    pub fn text(&self) -> String {
        self.0.text().to_string()
    }

    /// The direct sub-expressions.
    pub fn exprs(&self) -> impl Iterator<Item = PyExpr<L>> + use<L> {
        self.0.children().filter_map(PyExpr::cast)
    }

    fn first_token(&self, kind: PyKind) -> Option<SyntaxToken<L>> {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| py_tok(t) == Some(kind))
    }

    /// `name`: the name token.
    pub fn name(&self) -> Option<SyntaxToken<L>> {
        (self.kind() == PyKind::NameExpr)
            .then(|| self.first_token(PyKind::Name))
            .flatten()
    }

    /// `receiver.attr`: the receiver and the attribute token.
    pub fn attr(&self) -> Option<(PyExpr<L>, SyntaxToken<L>)> {
        if self.kind() != PyKind::AttrExpr {
            return None;
        }
        let receiver = self.exprs().next()?;
        let name = self
            .0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| {
                matches!(
                    py_tok(t),
                    Some(PyKind::Name | PyKind::Keyword | PyKind::Number)
                )
            })
            .last()?;
        Some((receiver, name))
    }

    /// `callee(args)`: the callee and the argument list.
    pub fn call(&self) -> Option<(PyExpr<L>, PyArgs<L>)> {
        if self.kind() != PyKind::CallExpr {
            return None;
        }
        let callee = self.exprs().next()?;
        let args = self.0.children().find(|n| py(n) == Some(PyKind::ArgList))?;
        Some((callee, PyArgs(args)))
    }

    /// The value of a string literal (implicitly concatenated pieces joined; simple escapes
    /// decoded; f-strings kept as written), or `None` if this is not a string literal.
    pub fn string_value(&self) -> Option<String> {
        if self.kind() != PyKind::Literal {
            return None;
        }
        let mut out = String::new();
        let mut any = false;
        for t in self.0.children_with_tokens().filter_map(|e| e.into_token()) {
            match py_tok(&t) {
                Some(PyKind::String) => {
                    any = true;
                    out.push_str(&string_body(t.text()));
                }
                Some(PyKind::Number | PyKind::Keyword | PyKind::Op) => return None,
                _ => {}
            }
        }
        any.then_some(out)
    }

    /// For a lambda: its parameter names.
    pub fn lambda_params(&self) -> Vec<SyntaxToken<L>> {
        if self.kind() != PyKind::LambdaExpr {
            return Vec::new();
        }
        self.0
            .children()
            .filter(|n| py(n) == Some(PyKind::ParamList))
            .flat_map(|list| list.children().filter(|n| py(n) == Some(PyKind::Param)))
            .filter_map(|param| {
                param
                    .children_with_tokens()
                    .filter_map(|e| e.into_token())
                    .find(|t| py_tok(t) == Some(PyKind::Name))
            })
            .collect()
    }

    /// Comprehension clauses (`for ... in ...`, `if ...`) directly inside this node.
    pub fn comp_clauses(&self) -> impl Iterator<Item = SyntaxNode<L>> + use<L> {
        self.0
            .children()
            .filter(|n| matches!(py(n), Some(PyKind::CompFor | PyKind::CompIf)))
    }
}

/// The body of a string literal token: prefix and quotes removed, common escapes decoded.
pub fn string_body(token: &str) -> String {
    let prefix = token
        .bytes()
        .take_while(|b| !matches!(b, b'"' | b'\''))
        .count();
    let raw_prefix = token[..prefix].to_ascii_lowercase().contains('r');
    let rest = &token[prefix..];
    let q = if rest.starts_with("\"\"\"") || rest.starts_with("'''") {
        3
    } else {
        1
    };
    if rest.len() < 2 * q {
        return String::new();
    }
    let body = &rest[q..rest.len() - q];
    if raw_prefix {
        return body.to_string();
    }
    match crate::escape::python(body) {
        Some(d) => d.text,
        None => body.to_string(),
    }
}

/// An argument list `( ... )`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PyArgs<L: PyLanguage>(SyntaxNode<L>);

impl<L: PyLanguage> PyArgs<L> {
    pub fn syntax(&self) -> &SyntaxNode<L> {
        &self.0
    }

    /// The positional arguments, in order.
    pub fn positional(&self) -> Vec<PyExpr<L>> {
        self.0.children().filter_map(PyExpr::cast).collect()
    }

    /// Keyword arguments: the name token and the value.
    pub fn keywords(&self) -> Vec<(SyntaxToken<L>, Option<PyExpr<L>>)> {
        self.0
            .children()
            .filter(|n| py(n) == Some(PyKind::KeywordArg))
            .filter_map(|n| {
                let name = n
                    .children_with_tokens()
                    .filter_map(|e| e.into_token())
                    .find(|t| py_tok(t) == Some(PyKind::Name))?;
                Some((name, n.children().find_map(PyExpr::cast)))
            })
            .collect()
    }
}
