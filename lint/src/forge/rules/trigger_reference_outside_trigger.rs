//! F140: `Triggered...` objects read by an ability that no trigger runs.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{Origin, Role, reach};
use syntax::forge::SyntaxKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F140",
    name: "trigger-reference-outside-trigger",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "An `A:` ability (or a sub-ability only `A:` lines reach) reads `TriggeredCard`-style objects, which only triggers provide.",
    explanation: "`Triggered<Key>` (`Defined$ TriggeredCard`, `Count$TriggeredCardPower`...) reads what the \
trigger saw. A spell or activated ability has no trigger: the reference resolves to nothing, and the \
effect acts on nothing or counts 0. Usually the ability was copied from a trigger's `Execute$` SVar.",
    bad: "Name:Mirror Shard\nManaCost:2\nTypes:Artifact\nA:AB$ Pump | Cost$ 2 T | Defined$ TriggeredCard | NumAtt$ +1 | SpellDescription$ Target creature gets +1/+0 until end of turn.",
    good: "Name:Mirror Shard\nManaCost:2\nTypes:Artifact\nA:AB$ Pump | Cost$ 2 T | ValidTgts$ Creature | NumAtt$ +1 | SpellDescription$ Target creature gets +1/+0 until end of turn.",
    ..RuleMeta::BASE
};

/// The first `Triggered<Key>` word in a value, as a byte span.
fn triggered_word(value: &str) -> Option<(usize, usize)> {
    let mut search = 0;
    while let Some(i) = model::search::find(&value[search..], "Triggered") {
        let start = search + i;
        let before_ok = start == 0 || !value.as_bytes()[start - 1].is_ascii_alphanumeric();
        let end = start
            + value[start..]
                .bytes()
                .take_while(|b| b.is_ascii_alphanumeric())
                .count();
        let after = &value[start + "Triggered".len()..end];
        if before_ok && after.starts_with(|c: char| c.is_ascii_uppercase()) {
            return Some((start, end));
        }
        search = end.max(start + 1);
    }
    None
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for rec in &model.records {
        if rec.role != Role::Ability {
            continue;
        }
        let only_abilities = match rec.origin {
            Origin::Line(li) => model.lines[li].kind == SyntaxKind::ABILITY_LINE,
            Origin::Svar(def) => model.reached_from[def] == reach::ABILITY_LINE,
        };
        if !only_abilities {
            continue;
        }
        for p in &rec.params {
            if !p.has_dollar || p.shadowed || syntax::forge::is_text_param(p.key) {
                continue;
            }
            let Some((s, e)) = triggered_word(p.value) else {
                continue;
            };
            let word = &p.value[s..e];
            sink.report(
                super::sub_range(p.value_range, s, e - s),
                format!("`{word}` is only set while a trigger resolves, and no trigger runs this ability: it finds nothing"),
            );
        }
    }
    let _ = Severity::Warning;
}
