//! W128: text after `[card]`, `[meta]` or `[/card]` on the same line, which the reader ignores.

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::{Ctx, range};
use syntax::wagic::SyntaxKind;
use syntax::wagic::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W128",
    name: "text-after-block-line",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "Text after `[card]`, `[meta]` or `[/card]` on the same line: the reader ignores it.",
    explanation: "A line starting with `[` opens a block and one starting with `[/` closes it; the rest of \
the line is never looked at. A key written there (`[card]name=Shock`) is lost (an error); other text is \
merely ignored (a warning). Spaces are harmless.",
    bad: "[card]\nname=Closer\ntype=Instant\n[/card] end of Closer",
    good: "[card]\nname=Closer\ntype=Instant\n[/card]\n# end of Closer",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    // Only the file-level run sees the top level (a card run must not walk the whole file).
    let metas = ctx.top_level(ast::MetaBlock::cast);
    let blocks = ctx
        .cards
        .iter()
        .map(|c| c.syntax().clone())
        .chain(metas.map(|m| m.syntax().clone()));
    let tokens = blocks.flat_map(|b| {
        [b.first_child_or_token(), b.last_child_or_token()]
            .into_iter()
            .flatten()
            .filter_map(|e| e.into_token())
            .filter(|t| matches!(t.kind(), SyntaxKind::BLOCK_OPEN | SyntaxKind::BLOCK_CLOSE))
    });
    for token in tokens {
        let text = token.text();
        let Some(bracket) = text.find(']') else {
            continue;
        };
        let rest = &text[bracket + 1..];
        let trimmed = rest.trim();
        if trimmed.is_empty() {
            continue;
        }
        let start = usize::from(token.text_range().start()) + bracket + 1;
        let lead = rest.len() - rest.trim_start().len();
        let at = range(start + lead, start + lead + trimmed.len());
        let line = &text[..=bracket];
        if token.kind() == SyntaxKind::BLOCK_OPEN && trimmed.contains('=') {
            sink.report(
                at,
                format!("Wagic ignores the rest of a `{line}` line: the key `{trimmed}` is lost"),
            )
            .with_severity(Severity::Error)
            .with_fix(Fix::safe(
                "move it to its own line",
                vec![Edit::replace(
                    range(start, start + rest.trim_end_matches(['\r', '\n']).len()),
                    format!("{}{trimmed}", line_ending(ctx.file.text())),
                )],
            ));
        } else {
            sink.report(at, format!("Wagic ignores the rest of a `{line}` line"));
        }
    }
}

use crate::common::line_ending;
