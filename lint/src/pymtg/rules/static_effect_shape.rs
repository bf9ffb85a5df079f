use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::pymtg::vocab;
use syntax::pymtg::ast;
use syntax::python::PyKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P109",
    name: "static-effect-shape",
    dialect: Some(Dialect::PYMTG),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A `StaticEffects:` group that is not a quoted scope and exactly three value lines.",
    explanation: "Each group under `StaticEffects:` is a quoted scope at level 2 (`'self'`, \
`'controller'`, `'game'`, `'controller -self'`, `'game -self'`), then exactly three lines at level 3: \
the effect name (quoted, such as `'modifyPT'`), its value (a Python literal such as `(1, 1)`) and a \
toggle function `lambda eff: ...` that says when the effect is on. With fewer lines loading stops; \
lines past the third are ignored; an unknown scope makes the effect silently never apply.",
    bad: "##############################\nSpirit Bonds\n\tStaticEffects:\n\t\t'controler -self'\n\t\t\t'modifyPT'\n\t\t\t(1, 1)",
    good: "##############################\nSpirit Bonds\n\tStaticEffects:\n\t\t'controller -self'\n\t\t\t'modifyPT'\n\t\t\t(1, 1)\n\t\t\tlambda eff: eff.apply_target.is_creature",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let scopes = vocab::static_scopes();
    for card in ctx.tree.cards() {
        for group in card.descendants(ast::StaticEffect::cast) {
            if ctx.misindented(group.syntax()) {
                continue;
            }
            if let Some(scope) = group.scope().and_then(|s| s.expr()) {
                match scope.string_value() {
                    Some(value) if scopes.knows(&value) => {}
                    Some(value) => {
                        let d = sink.report(
                            scope.range(),
                            format!("`{value}` is not a static-effect scope: the effect is silently never applied"),
                        );
                        if let Some(word) = model::suggest::unique_near_miss(&value, scopes.known())
                        {
                            let quote = scope.text().chars().next().unwrap_or('\'');
                            d.with_fix(Fix::safe(
                                format!("write `{quote}{word}{quote}`"),
                                vec![Edit::replace(
                                    scope.range(),
                                    format!("{quote}{word}{quote}"),
                                )],
                            ));
                        }
                    }
                    None => {
                        sink.report(
                            scope.range(),
                            "a static-effect scope is a quoted string (`'self'`, `'controller'`, `'game'`...): the effect is never applied",
                        );
                    }
                }
            }
            let values = group.values();
            let anchor = group.scope().map_or(group.range(), |s| s.range());
            if values.len() < 3 {
                sink.report(
                    anchor,
                    format!(
                        "this static effect has {} value line{} under its scope; the loader needs three (name, value, `lambda eff: ...`) and stops loading",
                        values.len(),
                        if values.len() == 1 { "" } else { "s" }
                    ),
                );
            }
            for extra in values.iter().skip(3) {
                sink.report(
                    extra.range(),
                    "a fourth value line of a static effect: the loader ignores it",
                );
            }
            if let Some(name) = values.first().and_then(|v| v.expr())
                && name.string_value().is_none()
            {
                sink.report(
                    name.range(),
                    "the first value line of a static effect is its quoted name (`'modifyPT'`, `'gainAbility'`)",
                );
            }
            if let Some(toggle) = values.get(2).and_then(|v| v.expr())
                && (toggle.kind() != PyKind::LambdaExpr || toggle.lambda_params().len() != 1)
            {
                sink.report(
                    toggle.range(),
                    "the third value line of a static effect is its toggle function, `lambda eff: <condition>`",
                );
            }
        }
    }
}
