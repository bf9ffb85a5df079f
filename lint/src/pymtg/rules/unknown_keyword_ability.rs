use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::pymtg::vocab;
use syntax::pymtg::ast;
use syntax::python::PyKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P116",
    name: "unknown-keyword-ability",
    dialect: Some(Dialect::PYMTG),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A keyword ability the engine's `StaticAbilities` does not have.",
    explanation: "Keyword abilities given by `add_effect('gainAbility', ...)`, `add_ability(...)`, a \
`gainAbility` static effect or the keyword argument of `create_token` are looked up among the \
engine's `StaticAbilities` (`Flying`, `First Strike`, `Lifelink`...), by exact name: `'lifelink'` or \
`'Flyng'` is not found and the game fails when the ability is given.",
    bad: "##############################\nRaise the Alarm\n\tself.controller.create_token('1/1 white Vampire', 3, 'lifelink')",
    good: "##############################\nRaise the Alarm\n\tself.controller.create_token('1/1 white Vampire', 3, 'Lifelink')",
    ..RuleMeta::BASE
};

fn known(word: &str) -> bool {
    let kw = vocab::keyword_abilities();
    kw.knows(word) || kw.words().iter().any(|w| w.attr("member") == Some(word))
}

/// The string literals of an expression that is a string or a list/tuple of strings.
fn strings(expr: &ast::Expr) -> Vec<ast::Expr> {
    match expr.kind() {
        PyKind::Literal if expr.string_value().is_some() => vec![expr.clone()],
        PyKind::ListExpr | PyKind::TupleExpr | PyKind::ParenExpr => {
            expr.exprs().flat_map(|e| strings(&e)).collect()
        }
        _ => Vec::new(),
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in ctx.tree.cards() {
        let mut given: Vec<ast::Expr> = Vec::new();
        for stmt in crate::pymtg::expression_statements(ctx, &card) {
            for call in stmt.descendants().filter_map(ast::Expr::cast) {
                let Some((callee, args)) = call.call() else {
                    continue;
                };
                let Some((_, method)) = callee.attr() else {
                    continue;
                };
                let positional = args.positional();
                match method.text() {
                    "add_effect" => {
                        if positional.first().and_then(|e| e.string_value()).as_deref()
                            == Some("gainAbility")
                            && let Some(value) = positional.get(1)
                        {
                            given.extend(strings(value));
                        }
                    }
                    "add_ability" => {
                        given.extend(positional.first().map(strings).unwrap_or_default())
                    }
                    "create_token" => {
                        if let Some(value) = positional.get(2) {
                            given.extend(strings(value));
                        }
                        for (name, value) in args.keywords() {
                            if name.text() == "keyword_abilities"
                                && let Some(value) = value
                            {
                                given.extend(strings(&value));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        for group in card.descendants(ast::StaticEffect::cast) {
            let values = group.values();
            let is_gain = values
                .first()
                .and_then(|v| v.expr())
                .and_then(|e| e.string_value())
                .as_deref()
                == Some("gainAbility");
            if is_gain && let Some(value) = values.get(1).and_then(|v| v.expr()) {
                given.extend(strings(&value));
            }
        }
        for expr in given {
            let Some(word) = expr.string_value() else {
                continue;
            };
            if known(&word) {
                continue;
            }
            let d = sink.report(
                expr.range(),
                format!("`{word}` is not one of the engine's keyword abilities: the game fails when it gives it"),
            );
            let kw = vocab::keyword_abilities();
            let fix = kw
                .get_ignore_case(&word)
                .or_else(|| kw.get_ignore_case(&word.replace('_', " ")))
                .map(|w| w.word)
                .or_else(|| model::suggest::unique_near_miss(&word, kw.known()));
            if let Some(fix) = fix {
                let quote = expr.text().chars().next().unwrap_or('\'');
                d.with_fix(Fix::safe(
                    format!("write `{quote}{fix}{quote}`"),
                    vec![Edit::replace(expr.range(), format!("{quote}{fix}{quote}"))],
                ));
            }
        }
    }
}
