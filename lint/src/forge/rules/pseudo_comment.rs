//! F103: `//` used as a comment.

use super::LineShape;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use syntax::{TextRange, TextSize};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F103",
    name: "pseudo-comment",
    dialect: Some(Dialect::FORGE),
    group: Group::Style,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "A line starting with `//`, which is not comment syntax in Forge.",
    explanation: "Forge's only comment is a line starting with `#`. A `//` line is read as a key-value \
line whose key Forge does not know; it happens to be ignored, but if it contains a colon its first part \
is taken as a key, and tools that read the format see a malformed line. Write `#`.",
    bad: "Name:Quiet Scholar\nManaCost:1 U\nTypes:Creature Human Wizard\nPT:1/2\n// the AI never casts this",
    good: "Name:Quiet Scholar\nManaCost:1 U\nTypes:Creature Human Wizard\nPT:1/2\n# the AI never casts this",
    replaces: &[syntax::ErrorKind::UnrecognizedLine],
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for (i, info) in model.lines.iter().enumerate() {
        if ctx.shape(i) != LineShape::PseudoComment {
            continue;
        }
        let slashes = TextRange::at(info.range.start(), TextSize::from(2));
        sink.report(
            info.range,
            "`//` is not a comment in Forge: this is read as an unknown key and ignored; comments start with `#`",
        )
        .with_fix(Fix::safe(
            "start the comment with `#`",
            vec![Edit::replace(slashes, "#")],
        ));
    }
}
