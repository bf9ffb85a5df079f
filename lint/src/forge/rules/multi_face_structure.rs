//! F107: `ALTERNATE` faces and `AlternateMode:` that do not fit together.

use super::line_number;
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F107",
    name: "multi-face-structure",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "An `ALTERNATE` face without `AlternateMode:`, a layout without a second face, an unknown layout, or a third `ALTERNATE`.",
    explanation: "A second face starts at the bare line `ALTERNATE`; `AlternateMode:` says how the faces \
relate (`Split`, `DoubleFaced`/`Transform`, `Flip`, `Meld`, and upstream `Adventure`, `Modal`, `Omen`, \
`Prepare`, `Specialize`). Without the layout the second face exists but can never be used; a layout \
without a second face (except the non-result half of a `Meld` pair) has nothing to switch to; an unknown \
layout makes Forge fail to load the card; and a second `ALTERNATE` does not open a third face — it stays \
on the second, whose `Name:` then starts over.",
    bad: "Name:Moonlit Pup\nManaCost:1 G\nTypes:Creature Wolf\nPT:1/1\n\nALTERNATE\n\nName:Moonlit Howler\nTypes:Creature Werewolf\nPT:3/3",
    good: "Name:Moonlit Pup\nManaCost:1 G\nTypes:Creature Wolf\nPT:1/1\nAlternateMode:DoubleFaced\n\nALTERNATE\n\nName:Moonlit Howler\nTypes:Creature Werewolf\nPT:3/3",
    ..RuleMeta::BASE
};

/// Layouts Forge knows (compared ignoring case), and whether they need a second face.
pub(crate) const LAYOUTS: &[(&str, bool)] = &[
    ("Split", true),
    ("DoubleFaced", true),
    ("Transform", true),
    ("Flip", true),
    ("Meld", false),
    ("Adventure", true),
    ("Modal", true),
    ("Omen", true),
    ("Prepare", true),
    ("Specialize", false),
    ("None", false),
];

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    let mode = model.alternate_mode_lines.last().map(|&i| &model.lines[i]);
    let faces = model.faces.len();
    if let Some(&second) = model.alternate_lines.get(1) {
        let first = model.lines[model.alternate_lines[0]].range.start();
        sink.report(
            model.lines[second].range,
            "a second `ALTERNATE` does not open a third face: Forge stays on the second face, and its next `Name:` starts that face over",
        )
        .with_note(format!("the second face starts on line {}", line_number(model.text, first)));
    }
    match mode {
        None => {
            if let Some(&alt) = model.alternate_lines.first() {
                sink.report(
                    model.lines[alt].range,
                    "this card has a second face but no `AlternateMode:` line: Forge never uses the second face",
                );
            }
        }
        Some(info) => {
            let value_range = info.value;
            let value = model.slice(value_range).trim();
            let Some(&(name, needs_face)) =
                LAYOUTS.iter().find(|(n, _)| n.eq_ignore_ascii_case(value))
            else {
                sink.report(
                    if value.is_empty() { info.range } else { value_range },
                    format!("`{value}` is not a layout Forge knows: the card fails to load"),
                )
                .with_note("layouts: Split, DoubleFaced, Transform, Flip, Meld, Adventure, Modal, Omen, Prepare, Specialize");
                return;
            };
            if needs_face && faces < 2 {
                sink.report(
                    info.range,
                    format!("`AlternateMode:{name}` but the card has no `ALTERNATE` second face"),
                );
            }
        }
    }
}
