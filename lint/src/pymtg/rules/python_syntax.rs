use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use syntax::pymtg::SyntaxKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P108",
    name: "python-syntax",
    dialect: Some(Dialect::PYMTG),
    group: Group::Syntax,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "An effect, criterion or condition that is not a Python expression.",
    explanation: "The loader pastes every effect into generated Python: spell effects, auras and \
triggers into a list display (`[e1, e2]`), criteria into `lambda self, p: ...`. Each must therefore \
be one Python expression after the continuation lines are joined: no assignment (`x = 1`, \
`c.tapped = True`), no `if` or `for` statement, no `//` comment. Anything else is a syntax error \
when the generated code runs, and loading stops (or the ability fails when it is evaluated).",
    bad: "##############################\nDivination\n\tself.controller.draw(2) // draw two",
    good: "##############################\nDivination\n\t# draw two\n\tself.controller.draw(2)",
    ..RuleMeta::BASE
};

/// The statement a Python error belongs to.
fn statement_at(ctx: &Ctx<'_>, offset: syntax::TextSize) -> Option<syntax::pymtg::SyntaxNode> {
    let token = ctx.tree.syntax().token_at_offset(offset).right_biased()?;
    token.parent_ancestors().find(|n| {
        matches!(
            n.kind(),
            SyntaxKind::EFFECT
                | SyntaxKind::CRITERION
                | SyntaxKind::CONDITION
                | SyntaxKind::STATIC_SCOPE
                | SyntaxKind::STATIC_VALUE
        )
    })
}

/// A first line such as `Targets:` or `2, T: ...` (a header or an ability, out of place).
fn header_or_ability_like(text: &str) -> bool {
    let first = text.lines().next().unwrap_or("").trim();
    let before = first
        .find(['(', '[', '{', '\'', '"'])
        .map_or(first, |i| &first[..i]);
    !first.starts_with("lambda") && (first.ends_with(':') || before.contains(": "))
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for error in ctx.errors {
        if let Some(stmt) = statement_at(ctx, error.range.start()) {
            // A header read as an effect is `misplaced-header`'s; so is a header-like line
            // indented with spaces (`tab-indentation` reports the indentation).
            let header_like = header_or_ability_like(&stmt.text().to_string());
            if super::misplaced_header::is_misplaced_header(&stmt)
                || ctx.misindented(&stmt) && header_like
            {
                continue;
            }
        }
        let message = format!("Python cannot parse this: {}", error.message);
        sink.report(error.range, message);
    }
}
