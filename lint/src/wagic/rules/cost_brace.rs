//! W113: unbalanced braces in a cost: the engine misreads the cost, or sees none.

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use syntax::wagic::SyntaxKind;
use syntax::wagic::ast::{CostValue, ManaSymbol};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W113",
    name: "cost-brace",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A cost with a stray `}`, an unclosed `{`, or an activated cost without `}` before `:`.",
    explanation: "Wagic scans a cost for `{...}` groups without checking that braces balance: a stray `}` \
(`{5}{R}}{G}`) makes it read a bogus group and the cost comes out wrong, and an unclosed `{` swallows the \
rest. An ability line is an activated ability only when it starts with `{` and contains `}:`; when the \
last `}` before `:` is missing (`{2}{R:damage:1`), the line is read as something else entirely.",
    bad: "[card]\nname=Brace Typo\nmana={5}{R}}{G}\ntype=Creature\npower=4\ntoughness=4\n[/card]",
    good: "[card]\nname=Brace Typo\nmana={5}{R}{G}\ntype=Creature\npower=4\ntoughness=4\n[/card]",
    ..RuleMeta::BASE
};

fn check_symbols(symbols: impl Iterator<Item = ManaSymbol>, sink: &mut Sink<'_>) {
    for symbol in symbols {
        if !symbol.is_closed() {
            sink.report(
                symbol.range(),
                "this `{` is never closed: Wagic reads the rest of the cost as one symbol",
            );
        }
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        for entry in card.entries.iter().filter(|entry| entry.meaning.is_cost()) {
            let Some(cost) = entry.cost() else { continue };
            stray_closers(&cost, sink);
            check_symbols(cost.symbols(), sink);
        }
    }
    for view in ctx.code_views().filter(|v| v.has("{")) {
        for auto in view.all(syntax::wagic::ast::Auto::cast) {
            if let Some(cost) = auto.cost() {
                for symbol in cost.symbols().filter(|s| !s.is_closed()) {
                    view.report(
                        sink,
                        symbol.range(),
                        "this `{` is never closed: Wagic reads the rest of the cost as one symbol",
                    );
                }
                continue;
            }
            let Some(first) = auto.effects().next() else {
                continue;
            };
            let text = view.text_of(first.range());
            if auto.trigger().is_none() && text.starts_with('{') && text.contains(':') {
                view.report(
                    sink,
                    first.range(),
                    "this cost has no `}` right before `:`: Wagic does not read an activated ability here",
                )
                .with_severity(Severity::Error);
            }
        }
    }
}

fn stray_closers(cost: &CostValue, sink: &mut Sink<'_>) {
    for token in cost
        .syntax()
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() == SyntaxKind::R_BRACE)
    {
        sink.report(
            token.text_range(),
            "stray `}`: Wagic reads a bogus cost symbol here and the cost comes out wrong",
        );
    }
}
