//! Name resolution in embedded Python expressions (Python-MTG, RuleScript): which names an
//! expression reads that neither the context nor its own lambdas and comprehensions define.

use syntax::pyast::{PyExpr, PyLanguage};
use syntax::python::PyKind;

/// The name tokens of `expr` that are read but not bound by the expression itself and not
/// accepted by `known` (the context's names, the globals, the builtins).
pub fn free_names<L: PyLanguage>(
    expr: &PyExpr<L>,
    known: &dyn Fn(&str) -> bool,
) -> Vec<rowan::SyntaxToken<L>> {
    let mut out = Vec::new();
    let mut bound: Vec<String> = Vec::new();
    walk(expr, known, &mut bound, &mut out);
    out
}

fn walk<L: PyLanguage>(
    expr: &PyExpr<L>,
    known: &dyn Fn(&str) -> bool,
    bound: &mut Vec<String>,
    out: &mut Vec<rowan::SyntaxToken<L>>,
) {
    match expr.kind() {
        PyKind::NameExpr => {
            if let Some(name) = expr.name() {
                let text = name.text();
                if !bound.iter().any(|b| b == text) && !known(text) {
                    out.push(name);
                }
            }
        }
        PyKind::LambdaExpr => {
            let before = bound.len();
            for p in expr.lambda_params() {
                bound.push(p.text().to_string());
            }
            // Default values are read in the enclosing scope; close enough to read them here.
            visit_children(expr.syntax(), known, bound, out);
            bound.truncate(before);
        }
        PyKind::NamedExpr => {
            if let Some(target) = expr.exprs().next().and_then(|e| e.name()) {
                bound.push(target.text().to_string());
            }
            visit_children(expr.syntax(), known, bound, out);
        }
        _ => {
            let clauses: Vec<_> = expr.comp_clauses().collect();
            let before = bound.len();
            for clause in &clauses {
                if L::py_kind(clause.kind()) == Some(PyKind::CompFor)
                    && let Some(target) = clause.children().find_map(PyExpr::<L>::cast)
                {
                    bind_targets(&target, bound);
                }
            }
            visit_children(expr.syntax(), known, bound, out);
            bound.truncate(before);
        }
    }
}

/// The names a `for` target binds (`x`, `a, b`, `(a, (b, c))`, `*rest`).
fn bind_targets<L: PyLanguage>(target: &PyExpr<L>, bound: &mut Vec<String>) {
    match target.kind() {
        PyKind::NameExpr => {
            if let Some(n) = target.name() {
                bound.push(n.text().to_string());
            }
        }
        PyKind::TupleExpr | PyKind::ParenExpr | PyKind::ListExpr | PyKind::Starred => {
            for e in target.exprs() {
                bind_targets(&e, bound);
            }
        }
        _ => {}
    }
}

/// Visits every expression below `node`, through non-expression nodes (argument lists,
/// comprehension clauses, dictionary items...).
fn visit_children<L: PyLanguage>(
    node: &rowan::SyntaxNode<L>,
    known: &dyn Fn(&str) -> bool,
    bound: &mut Vec<String>,
    out: &mut Vec<rowan::SyntaxToken<L>>,
) {
    for child in node.children() {
        match PyExpr::cast(child.clone()) {
            Some(e) => walk(&e, known, bound, out),
            None => {
                // Parameter defaults, arguments, clauses: their expressions.
                if L::py_kind(child.kind()) != Some(PyKind::ErrorNode) {
                    visit_children(&child, known, bound, out);
                }
            }
        }
    }
}
