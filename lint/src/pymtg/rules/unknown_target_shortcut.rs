use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::pymtg::vocab;
use syntax::pymtg::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P104",
    name: "unknown-target-shortcut",
    dialect: Some(Dialect::PYMTG),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A quoted target criterion that is not one of the engine's shortcuts.",
    explanation: "A target criterion written as a quoted string is expanded by `utils.parse_targets` \
only when it is exactly one of its shortcuts (`'creature'`, `'creature or player'`, `'opponent'`...). \
Any other string is kept as a string, and the engine fails when it calls it to check a target. \
Write one of the shortcuts, or a boolean expression over `self` and `p`.",
    bad: "##############################\nLightning Strike\n\tTargets:\n\t\t'creature or planeswalker'\n\ttargets[0].take_damage(self, 2)",
    good: "##############################\nLightning Strike\n\tTargets:\n\t\t'creature or player'\n\ttargets[0].take_damage(self, 2)",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let known = vocab::target_shortcuts();
    for card in ctx.tree.cards() {
        for criterion in card.descendants(ast::Criterion::cast) {
            let Some(shortcut) = criterion.shortcut() else {
                continue;
            };
            if known.knows(&shortcut) || ctx.misindented(criterion.syntax()) {
                continue;
            }
            let Some(expr) = criterion.expr() else {
                continue;
            };
            let d = sink.report(
                expr.range(),
                format!(
                    "`{shortcut}` is not a target shortcut: the engine keeps the string and fails when it checks a target"
                ),
            );
            if let Some(word) = model::suggest::unique_near_miss(&shortcut, known.known()) {
                let quote = expr.text().chars().next().unwrap_or('\'');
                d.with_fix(Fix::safe(
                    format!("write `{quote}{word}{quote}`"),
                    vec![Edit::replace(expr.range(), format!("{quote}{word}{quote}"))],
                ));
            }
        }
    }
}
