//! F159: an unknown word after `Count$`.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::facts::FactKind;
use model::forge::vocab;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F159",
    name: "unknown-count-key",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "An SVar `Count$<word>` expression whose word Forge does not count.",
    explanation: "`SVar:X:Count$<word>...` counts something (`Count$xPaid`, `Count$Valid Creature.YouCtrl`, \
`Count$CardPower`...). Forge tries its known words in turn and, when none applies, the value is 0 without \
a word. A near miss of a known word is an error with a fix.",
    bad: "Name:Rising Tide\nManaCost:X U\nTypes:Sorcery\nA:SP$ Draw | Cost$ X U | NumCards$ X | SpellDescription$ Draw X cards.\nSVar:X:Count$xPaied",
    good: "Name:Rising Tide\nManaCost:X U\nTypes:Sorcery\nA:SP$ Draw | Cost$ X U | NumCards$ X | SpellDescription$ Draw X cards.\nSVar:X:Count$xPaid",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    let keys = ctx.vocab.count_keys();
    for (i, def) in model.svars.iter().enumerate() {
        if !def.value.starts_with("Count$") {
            continue;
        }
        let Some(expr) = model.expr(i) else {
            continue;
        };
        let Some(prefix) = expr.prefix() else {
            continue;
        };
        if prefix.text() != "Count" {
            continue;
        }
        let Some(key_tok) = expr.key() else { continue };
        let range = key_tok.text_range();
        let key = model.slice(range);
        // The text after `Count$` up to the math suffix (`Count$Controller$...` style keys).
        let start = usize::from(range.start());
        let end = expr
            .math()
            .map(|m| usize::from(m.syntax().text_range().start()))
            .unwrap_or_else(|| usize::from(expr.syntax().text_range().end()));
        let rest = &model.text[start..end.max(start)];
        // The word itself first (short), then prefix forms that run past it (`Controller$...`).
        if key.is_empty()
            || keys.count_key_known(key)
            || keys.prefix_of(rest, vocab::Match::Prefix).is_some()
        {
            continue;
        }
        let exact: Vec<&str> = keys.names().filter(|n| n.len() > 3).collect();
        match super::word_fix(key, range, exact.iter().copied()) {
            Some((fix, best)) if fix.applicability == crate::Applicability::Safe => {
                sink.report(
                    range,
                    format!("`Count${key}` is not something Forge counts: the value is 0 (did you mean `{best}`?)"),
                )
                .with_severity(Severity::Error)
                .with_fix(fix);
            }
            _ => {
                sink.report(
                    range,
                    format!(
                        "`Count${key}` is not something Forge knows how to count: the value is 0{}",
                        ctx.version_clause(FactKind::Count, key)
                    ),
                );
            }
        }
    }
}
