use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use syntax::pymtg::SyntaxKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P102",
    name: "inline-hash",
    dialect: Some(Dialect::PYMTG),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A `#` after code: only lines that start with `#` are comments to the loader.",
    explanation: "The loader skips a line whose first non-blank character is `#`; a `#` anywhere else \
is copied into the generated Python. There it comments out the rest of the generated line (the \
closing brackets of the effect list included), and in a trigger name it becomes part of the name. \
Put comments on lines of their own.",
    bad: "##############################\nDivination\n\tself.controller.draw(2) # draw two cards",
    good: "##############################\nDivination\n\t# draw two cards\n\tself.controller.draw(2)",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in ctx.tree.cards() {
        for token in card
            .syntax()
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
        {
            match token.kind() {
                SyntaxKind::PY_COMMENT => {
                    sink.report(
                        token.text_range(),
                        "this `#` is not a comment to the loader: it is copied into the generated code, where it comments out the rest of the generated line",
                    );
                }
                SyntaxKind::TRIGGER_NAME => {
                    if let Some(at) = token.text().find('#') {
                        let start = token.text_range().start() + syntax::TextSize::from(at as u32);
                        let range = syntax::TextRange::new(start, token.text_range().end());
                        sink.report(
                            range,
                            "this `#` is not a comment to the loader: it becomes part of the trigger name",
                        );
                    }
                }
                _ => {}
            }
        }
    }
}
