//! F109: spaces or tabs at the end of a line.

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use syntax::{TextRange, TextSize};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F109",
    name: "trailing-whitespace",
    dialect: Some(Dialect::FORGE),
    group: Group::Style,
    severity: Severity::Hint,
    fix: FixAvailability::Always,
    summary: "Spaces or tabs at the end of a line.",
    explanation: "Forge trims every line, so trailing whitespace changes nothing; but it hides in diffs, \
and other tools that read card scripts (and people searching them) may not trim.",
    bad: "Name:Quiet Scholar \nManaCost:1 U\nTypes:Creature Human Wizard\nPT:1/2",
    good: "Name:Quiet Scholar\nManaCost:1 U\nTypes:Creature Human Wizard\nPT:1/2",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for info in &model.lines {
        let end = info.line.range().end();
        if end > info.range.end() {
            let range = TextRange::new(info.range.end(), end);
            let d = sink.report(range, "trailing whitespace (Forge trims it)");
            // The fix removes the whitespace and keeps any NUL byte among it (Forge trims
            // those too, but a NUL is no whitespace to the people and tools reading the file).
            let text = ctx.model.slice(range).as_bytes();
            let mut edits = Vec::new();
            let mut i = 0;
            while i < text.len() {
                if text[i] == 0 {
                    i += 1;
                    continue;
                }
                let run = text[i..].iter().take_while(|b| **b != 0).count();
                let at = range.start() + TextSize::from(i as u32);
                edits.push(Edit::delete(TextRange::at(at, TextSize::from(run as u32))));
                i += run;
            }
            if !edits.is_empty() {
                d.with_fix(Fix::safe("remove it", edits));
            }
        }
    }
}
