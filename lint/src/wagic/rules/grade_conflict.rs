//! W107: file-level and card-level grades that do not do what they seem to.

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use model::wagic::vocab;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W107",
    name: "grade-conflict",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A card grade that a file-level grade overrides, or a file-level grade below cards it does not gate.",
    explanation: "A file-level `grade=` line does not give the cards of the file a grade: when it is above \
the player's maximum (Borderline by default) the engine stops reading the file at that line, and cards \
keep their own grade (Supported unless they say otherwise). So a card of such a file cannot be made \
loadable by giving it a lower grade of its own, and cards written above the grade line are loaded \
whatever the line says.",
    bad: "grade=unsupported\n[card]\nname=Almost Done\ngrade=supported\ntype=Sorcery\n[/card]",
    good: "[card]\nname=Almost Done\ngrade=supported\ntype=Sorcery\n[/card]",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let Some(facts) = ctx.facts else { return };
    let Some((gate, gate_range)) = facts.index.gate else {
        return;
    };
    let before = facts
        .index
        .blocks
        .iter()
        .filter(|b| b.open.start() < gate_range.start())
        .count();
    if before > 0 && ctx.file_level {
        sink.report(
            gate_range,
            format!(
                "this grade line stops the default loader only from here on: the {before} card{} above it {} loaded",
                if before == 1 { "" } else { "s" },
                if before == 1 { "is" } else { "are" }
            ),
        );
    }
    for card in &ctx.cards {
        if card.range().start() < gate_range.start() {
            continue;
        }
        for entry in card
            .entries
            .iter()
            .filter(|e| e.meaning == KeyMeaning::Grade)
        {
            let level = vocab::grade_level(&entry.value_text()).unwrap_or(0);
            if level <= vocab::DEFAULT_MAX_GRADE {
                sink.report(
                    entry.range(),
                    format!(
                        "this card's grade has no effect: the file-level grade ({}) stops the default loader before it",
                        vocab::grade_name(gate)
                    ),
                )
                .with_severity(Severity::Warning);
            }
        }
    }
}
