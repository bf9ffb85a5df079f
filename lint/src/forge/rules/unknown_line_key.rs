//! F100: a line key Forge does not know.

use super::{LineShape, key_text};
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::facts::FactKind;
use syntax::forge::SyntaxKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F100",
    name: "unknown-line-key",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A `Key:` line whose key Forge does not know, so the whole line is ignored.",
    explanation: "Forge dispatches each line on its key, exactly as written, and silently skips keys it \
does not know. Whatever the line says is lost. Near misses of a real key (`Tpyes:`, `svar:`) are reported \
by `misspelt-line-key` instead; keys that only one Forge version knows (`AI:` in 2020) by \
`version-specific-name`.",
    bad: "Name:Quiet Scholar\nManaCost:1 U\nTypes:Creature Human Wizard\nPT:1/2\nFlavour:Knowledge is patient.",
    good: "Name:Quiet Scholar\nManaCost:1 U\nTypes:Creature Human Wizard\nPT:1/2\nOracle:",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for (i, info) in model.lines.iter().enumerate() {
        if info.kind == SyntaxKind::ALTERNATE_LINE || info.key.is_none() {
            continue;
        }
        if ctx.shape(i) != LineShape::Normal {
            continue;
        }
        let key = key_text(model, info);
        if info.known_key.is_some() || super::misspelt_line_key::intended(ctx.vocab, key).is_some()
        {
            continue;
        }
        let range = info.key.unwrap_or(info.range);
        sink.report(
            range,
            format!(
                "Forge does not know the line key `{key}` and ignores this line{}",
                ctx.version_clause(FactKind::LineKey, key)
            ),
        );
    }
}
