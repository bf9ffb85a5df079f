use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::pymtg::vocab;
use syntax::pymtg::{SyntaxKind, ast};
use syntax::python::PyKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P106",
    name: "unknown-engine-member",
    dialect: Some(Dialect::PYMTG),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "An attribute or method that no class of the engine defines.",
    explanation: "Scripts reach the game through the engine's objects: `self.controller` (a \
`Player`), `self.card` (a `Permanent`), `self.game` (the `Game`), targets... An attribute that none \
of the engine's classes defines (`add_PT` for `add_pt`, `bolster` for the engine's `boolster`) fails \
with an `AttributeError` when the effect runs. cardlint does not know the type of every expression, \
so it reports names that no engine class (and no Python built-in type) has.",
    bad: "##############################\nMarked by Honor\n\tAura:\n\t\tself.add_PT((1, 2))\n\t\tTargets:\n\t\t\t'creature'",
    good: "##############################\nMarked by Honor\n\tAura:\n\t\tself.add_pt((1, 2))\n\t\tTargets:\n\t\t\t'creature'",
    ..RuleMeta::BASE
};

/// Module names whose members are not the engine's classes' members.
const MODULES: &[&str] = &[
    "mana",
    "triggers",
    "utils",
    "math",
    "re",
    "permanent",
    "abilities",
];

/// The name at the root of an attribute chain (`mana` in `mana.Mana.WHITE`).
fn root_name(expr: &ast::Expr) -> Option<String> {
    let mut e = expr.clone();
    loop {
        match e.kind() {
            PyKind::NameExpr => return e.name().map(|n| n.text().to_string()),
            PyKind::AttrExpr | PyKind::CallExpr | PyKind::SubscriptExpr => e = e.exprs().next()?,
            _ => return None,
        }
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let members = vocab::member_names();
    for card in ctx.tree.cards() {
        for expr in crate::pymtg::expression_statements(ctx, &card)
            .iter()
            .flat_map(|s| s.descendants().filter_map(ast::Expr::cast))
        {
            let Some((receiver, name)) = expr.attr() else {
                continue;
            };
            let text = name.text();
            if name.kind() != SyntaxKind::PY_NAME
                || members.contains(text)
                || vocab::PYTHON_METHODS.contains(&text)
                || text.starts_with("__")
                || receiver.kind() == PyKind::Literal
                || root_name(&receiver).is_some_and(|r| MODULES.contains(&r.as_str()))
            {
                continue;
            }
            let d = sink.report(
                name.text_range(),
                format!("no class of the engine has a member `{text}`: this fails with an AttributeError when it runs"),
            );
            // Only the letter case differs: the intent is certain. Otherwise the nearest member
            // of some class, which may not be the receiver's class: a fix to review.
            if let Some(word) = vocab::engine_api().get_ignore_case(text).map(|w| w.word) {
                d.with_fix(Fix::safe(
                    format!("write `{word}`"),
                    vec![Edit::replace(name.text_range(), word)],
                ));
            } else if let Some(word) =
                model::suggest::unique_near_miss(text, vocab::engine_api().known())
            {
                d.with_fix(Fix::unsafe_(
                    format!("write `{word}`"),
                    vec![Edit::replace(name.text_range(), word)],
                ));
            }
        }
    }
}
