use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::pymtg::vocab;
use syntax::pymtg::{SyntaxKind, ast};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P105",
    name: "undefined-name",
    dialect: Some(Dialect::PYMTG),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A name the expression cannot see where the loader puts it.",
    explanation: "Each expression becomes the body of a function the loader writes: spell effects \
see `self` (and `targets`, `is_legal_target` when the card has a `Targets:` section), target \
criteria see `self` and `p`, ability, trigger and aura effects and conditions see `self`, static \
values see only the loader's module (`mana`, `triggers`, `utils`...). Every expression also sees \
Python's builtins and the names its own lambdas and comprehensions bind. Any other name fails with \
a `NameError` when the effect runs.",
    bad: "##############################\nVoid Snare\n\tTargets:\n\t\t'creature'\n\tp.bounce()",
    good: "##############################\nVoid Snare\n\tTargets:\n\t\t'creature'\n\ttargets[0].bounce()",
    ..RuleMeta::BASE
};

/// The names an expression at `node` sees besides the globals and builtins.
fn context_names(
    node: &syntax::pymtg::SyntaxNode,
    card: &ast::Card,
) -> (&'static [&'static str], &'static str) {
    let has_targets = card
        .sections()
        .any(|s| s.kind() == ast::SectionKind::Targets);
    match node.kind() {
        SyntaxKind::CRITERION => (&["self", "p"], "a target criterion sees `self` and `p`"),
        SyntaxKind::CONDITION => (&["self"], "a trigger condition sees `self`"),
        SyntaxKind::STATIC_SCOPE | SyntaxKind::STATIC_VALUE => (
            &[],
            "a static-effect value sees only the loader's module names",
        ),
        _ => match ast::Effect::cast(node.clone()).map(|e| e.context()) {
            Some(ast::EffectContext::Spell) if has_targets => (
                &["self", "targets", "is_legal_target"],
                "a spell effect sees `self`, `targets` and `is_legal_target`",
            ),
            Some(ast::EffectContext::Spell) => (
                &["self"],
                "a spell effect of a card without `Targets:` sees `self`",
            ),
            _ => (
                &["self"],
                "an ability, trigger or aura effect sees `self` (`self.card`, `self.controller`...)",
            ),
        },
    }
}

fn is_global(name: &str) -> bool {
    vocab::scope_names()
        .get(name)
        .and_then(|w| w.attr("scope"))
        .is_some_and(|s| s == "global")
        || vocab::PYTHON_BUILTINS.contains(&name)
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in ctx.tree.cards() {
        for node in crate::pymtg::expression_statements(ctx, &card) {
            let has_error = node
                .descendants()
                .any(|n| n.kind() == SyntaxKind::PY_ERROR_NODE);
            if has_error {
                continue;
            }
            let Some(expr) = node.children().find_map(ast::Expr::cast) else {
                continue;
            };
            let (names, what) = context_names(&node, &card);
            let known = |n: &str| names.contains(&n) || is_global(n);
            for token in crate::python::free_names(&expr, &known) {
                let name = token.text();
                let hint = if ["p", "targets", "self", "eff", "is_legal_target"].contains(&name) {
                    format!(": {what}")
                } else {
                    String::new()
                };
                sink.report(
                    token.text_range(),
                    format!("`{name}` is not defined here{hint}; the effect fails with a NameError when it runs"),
                );
            }
        }
    }
}
