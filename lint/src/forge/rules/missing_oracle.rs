//! F172: a card face without an `Oracle:` line (off by default).

use super::key_text;
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F172",
    name: "missing-oracle",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A card face (not a token script) without an `Oracle:` line.",
    explanation: "Forge loads the card, but shows it without rules text: players cannot read what it \
does, and the rules-text checks (F166-F171) have nothing to compare the script with. Every card of \
Forge's own library has one (all 18,294 scripts of 2020 and today's), so there a missing line is \
an omission: write the card's current Oracle text, lines separated by a literal `\\n`. Off by \
default (select `F172`): drafts and custom sets often leave the text out on purpose.",
    bad: "Name:Cached Defenses\nManaCost:2 G\nTypes:Sorcery\nA:SP$ PutCounter | Bolster$ True | CounterNum$ 3 | CounterType$ P1P1 | SpellDescription$ Bolster 3.",
    good: "Name:Cached Defenses\nManaCost:2 G\nTypes:Sorcery\nA:SP$ PutCounter | Bolster$ True | CounterNum$ 3 | CounterType$ P1P1 | SpellDescription$ Bolster 3.\nOracle:Bolster 3.",
    default_enabled: false,
    since: "0.2.0",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    if model.is_token_script {
        return;
    }
    for face in &model.faces {
        let Some(name_line) = face.name_line else {
            continue; // F104 reports the face without a name.
        };
        let lines = &model.lines[face.first_line..face.end_line];
        if !lines.iter().any(|l| key_text(model, l) == "Oracle") {
            sink.report(
                model.lines[name_line].range,
                "this face has no `Oracle:` line: Forge shows it without rules text",
            );
        }
    }
}
