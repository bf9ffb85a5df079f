use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::{Ctx, bad_indent};
use crate::registry::{FixAvailability, Group, RuleMeta};
use syntax::pymtg::SyntaxKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P100",
    name: "tab-indentation",
    dialect: Some(Dialect::PYMTG),
    group: Group::Syntax,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A line indented with spaces, or with spaces before its tabs: the loader counts only leading tabs.",
    explanation: "The loader's level of a line is its number of leading tab characters; spaces do not \
count, and tabs after a space are not leading tabs. A section header indented with spaces is read at \
level 0 and becomes a spell effect (a Python syntax error); an effect line indented with spaces may be \
taken for a new statement instead of a continuation, or dropped. Indent with tabs only.",
    bad: "##############################\nDivination\n    self.controller.draw(2)",
    good: "##############################\nDivination\n\tself.controller.draw(2)",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in ctx.tree.cards() {
        for token in card
            .syntax()
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == SyntaxKind::INDENT)
        {
            let next = token.next_token().map(|t| t.kind());
            if matches!(next, None | Some(SyntaxKind::COMMENT | SyntaxKind::NEWLINE)) {
                continue;
            }
            if !bad_indent(&token) {
                continue;
            }
            let text = token.text();
            let tabs = text.bytes().take_while(|b| *b == b'\t').count();
            let message = if text.trim_start_matches('\t').contains('\t') {
                format!(
                    "this line is indented with spaces before tabs: the loader counts only leading tabs, so it reads it at level {tabs}"
                )
            } else {
                format!(
                    "this line is indented with spaces: the loader counts only tabs, so it reads it at level {tabs}"
                )
            };
            sink.report(token.text_range(), message);
        }
    }
}
