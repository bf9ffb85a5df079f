use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::pymtg::vocab;
use syntax::pymtg::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P111",
    name: "unknown-effect-name",
    dialect: Some(Dialect::PYMTG),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "An effect name the engine never reads back (`add_effect`, static effects).",
    explanation: "`add_effect(name, value, ...)` and the first value line of a static effect store \
an effect under a name; the engine reads back only `modifyPT` and `gainAbility` (and, for costs, \
`additionalCost` and `reduceCost`). An effect stored under any other name, a misspelling included, \
is never read: the card does nothing.",
    bad: "##############################\nTitanic Growth\n\tTargets:\n\t\t'creature'\n\ttargets[0].add_effect('modifyPt', (4, 4), self, self.game.eot_time)",
    good: "##############################\nTitanic Growth\n\tTargets:\n\t\t'creature'\n\ttargets[0].add_effect('modifyPT', (4, 4), self, self.game.eot_time)",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let names = vocab::effect_names();
    for card in ctx.tree.cards() {
        let mut literals: Vec<ast::Expr> = Vec::new();
        for stmt in crate::pymtg::expression_statements(ctx, &card) {
            for call in stmt.descendants().filter_map(ast::Expr::cast) {
                let Some((callee, args)) = call.call() else {
                    continue;
                };
                let is_add_effect = callee
                    .attr()
                    .is_some_and(|(_, name)| name.text() == "add_effect");
                if is_add_effect && let Some(first) = args.positional().into_iter().next() {
                    literals.push(first);
                }
            }
        }
        for group in card.descendants(ast::StaticEffect::cast) {
            if let Some(first) = group.values().first().and_then(|v| v.expr()) {
                literals.push(first);
            }
        }
        for expr in literals {
            let Some(value) = expr.string_value() else {
                continue;
            };
            if names.knows(&value) {
                continue;
            }
            let d = sink.report(
                expr.range(),
                format!(
                    "the engine never reads an effect named `{value}`: this effect does nothing"
                ),
            );
            let fix = names
                .get_ignore_case(&value)
                .map(|w| w.word)
                .or_else(|| model::suggest::unique_near_miss(&value, names.known()));
            if let Some(word) = fix {
                let quote = expr.text().chars().next().unwrap_or('\'');
                d.with_fix(Fix::safe(
                    format!("write `{quote}{word}{quote}`"),
                    vec![Edit::replace(expr.range(), format!("{quote}{word}{quote}"))],
                ));
            }
        }
    }
}
