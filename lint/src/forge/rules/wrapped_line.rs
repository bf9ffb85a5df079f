//! F102: a record wrapped by hand onto a second line.

use super::LineShape;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use syntax::TextRange;
use syntax::forge::SyntaxKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F102",
    name: "wrapped-line",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A line that continues the record above it (`| SpellDescription$ ...`), which Forge drops.",
    explanation: "Forge has no line continuation: every physical line is read on its own. A record wrapped \
by hand leaves its second half on a line with no valid key, and Forge ignores that half without a word: \
the parameters on it (often the description, sometimes a `SubAbility$`) are lost. Join the lines. \
The fix (unsafe) does: it replaces the line break before the reported line, and the whitespace that \
ends the line above, with ` | ` (or a space before a `|`), so it also edits the end of the line above.",
    bad: "Name:Gale Runner\nManaCost:1 W\nTypes:Creature Bird\nPT:1/1\nA:AB$ Pump | Cost$ W | Defined$ Self | KW$ Flying\n| SpellDescription$ CARDNAME gains flying until end of turn.",
    good: "Name:Gale Runner\nManaCost:1 W\nTypes:Creature Bird\nPT:1/1\nA:AB$ Pump | Cost$ W | Defined$ Self | KW$ Flying | SpellDescription$ CARDNAME gains flying until end of turn.",
    replaces: &[syntax::ErrorKind::UnrecognizedLine],
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for (i, info) in model.lines.iter().enumerate() {
        if ctx.shape(i) != LineShape::Continuation {
            continue;
        }
        let d = sink.report(
            info.range,
            "Forge ignores this line: it continues the record above, but Forge reads every line on its own",
        );
        // Join with the line above when it is a record line right before this one.
        if let Some(prev) = i.checked_sub(1).map(|p| &model.lines[p]) {
            let record_line = matches!(
                prev.kind,
                SyntaxKind::ABILITY_LINE
                    | SyntaxKind::TRIGGER_LINE
                    | SyntaxKind::STATIC_LINE
                    | SyntaxKind::REPLACEMENT_LINE
                    | SyntaxKind::SVAR_LINE
            );
            let gap = TextRange::new(prev.range.end(), info.range.start());
            let between = model.slice(gap);
            if record_line && between.trim().is_empty() && between.matches('\n').count() <= 1 {
                let text = model.slice(info.range);
                let joiner = if text.starts_with('|') { " " } else { " | " };
                d.with_fix(Fix::unsafe_(
                    "join with the line above",
                    vec![Edit::replace(gap, joiner)],
                ));
            }
        }
    }
}
