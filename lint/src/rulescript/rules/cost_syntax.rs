use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;
use model::rulescript::vocab;
use syntax::rulescript::{SyntaxKind, ast};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R113",
    name: "cost-syntax",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A cost that is not `{F}`, `{S}`, `{S(target)}`, `{D}`, `{D(N)}` or `{D(target)}` at the start of an action.",
    explanation: "Costs come first in an action, each in braces, followed by `:`: `{F}` freezes this \
card, `{S}` sacrifices it (`{S(target)}` another card), `{D}` discards a card (`{D(2)}`, \
`{D(reaction)}`, `{D(<r>)}`). An unknown letter is ignored and the cost counts as paid; `{E}` is \
declared but does nothing; braces later in the statement, or without the `:`, are not read as \
costs at all.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000013\"] = \"\"\"\naction = {X}: draw(2)\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000013\"] = \"\"\"\naction = {F}: draw(2)\n\"\"\"",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let letters = vocab::cost_keywords();
    for cost in ctx.tree.syntax().descendants().filter_map(ast::Cost::cast) {
        let Some(word) = cost.word() else {
            sink.report(cost.range(), "an empty cost `{}`: the engine reads no cost");
            continue;
        };
        let lower = word.text().to_ascii_lowercase();
        match lower.as_str() {
            "f" if cost.has_parens() => {
                sink.report(cost.range(), "`{F}` takes no argument: write `{F}`");
            }
            "f" | "s" | "d" => {
                if cost.trailing().is_some_and(|t| !t.text().trim().is_empty()) {
                    sink.report(
                        cost.range(),
                        "text after the argument of this cost: the engine misreads it",
                    );
                }
            }
            "e" => {
                sink.report(word.text_range(), "`{E}` is declared but not implemented: the cost counts as paid and nothing happens")
                    .with_severity(Severity::Warning);
            }
            _ => {
                let d = sink.report(
                    word.text_range(),
                    format!("`{}` is not a cost (`F`, `S`, `D`): the engine ignores it and the cost counts as paid", word.text()),
                );
                if let Some(fix) = model::suggest::did_you_mean(&lower, letters.known()) {
                    d.with_note(format!("did you mean `{{{}}}`?", fix.to_ascii_uppercase()));
                }
            }
        }
    }
    // Braces in a statement: costs written after the start, or without the `:`.
    for statement in ctx
        .tree
        .syntax()
        .descendants()
        .filter_map(ast::Statement::cast)
    {
        if let Some(brace) = statement
            .syntax()
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| t.kind() == SyntaxKind::TEXT && t.text() == "{")
        {
            sink.report(
                brace.text_range(),
                "a cost in braces is read only at the start of an action and followed by `:`: this one is not a cost",
            );
        }
    }
}
