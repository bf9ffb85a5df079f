//! F114: a trigger `Mode$` Forge does not know.

use super::{with_suggestion, word_fix};
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::facts::FactKind;
use model::forge::script::{ParamInfo, Role};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F114",
    name: "unknown-trigger-mode",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A trigger (or delayed trigger) whose `Mode$` is not a trigger mode.",
    explanation: "`Mode$` names the event a trigger waits for (`ChangesZone`, `Phase`, `Attacks`...). Forge \
looks it up ignoring case when it builds the card and throws on an unknown name: the card fails to load. \
A `Mode$` record in an SVar that nothing references and whose mode is neither a trigger nor a static mode \
is reported here too.",
    bad: "Name:Dawn Watcher\nManaCost:2 W\nTypes:Creature Human Cleric\nPT:2/2\nT:Mode$ ChangeZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigGain | TriggerDescription$ When CARDNAME enters the battlefield, you gain 2 life.\nSVar:TrigGain:DB$ GainLife | Defined$ You | LifeAmount$ 2",
    good: "Name:Dawn Watcher\nManaCost:2 W\nTypes:Creature Human Cleric\nPT:2/2\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigGain | TriggerDescription$ When CARDNAME enters the battlefield, you gain 2 life.\nSVar:TrigGain:DB$ GainLife | Defined$ You | LifeAmount$ 2",
    ..RuleMeta::BASE
};

fn report(ctx: &Ctx<'_>, sink: &mut Sink<'_>, p: &ParamInfo<'_>, both: bool) {
    let vocab = ctx.vocab;
    let mode = p.value.trim();
    let version_clause = ctx.version_clause(FactKind::Trigger, mode);
    let range = p.value_range;
    if both {
        let d = sink.report(
            range,
            format!(
                "`{mode}` is neither a trigger mode nor a static mode Forge knows{version_clause}"
            ),
        );
        let names: Vec<&str> = vocab
            .trigger_modes()
            .names()
            .chain(vocab.static_modes().names())
            .collect();
        with_suggestion(d, word_fix(mode, range, names.iter().copied()));
    } else {
        let d = sink.report(
            range,
            format!(
                "`{mode}` is not a trigger mode: Forge fails to build this trigger{version_clause}"
            ),
        );
        with_suggestion(d, word_fix(mode, range, vocab.trigger_modes().names()));
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for rec in &ctx.model.records {
        let mode_param = match rec.role {
            Role::Trigger | Role::Unknown => rec.param("Mode"),
            Role::Ability if rec.kind_value.eq_ignore_ascii_case("DelayedTrigger") => {
                rec.param_ignore_case("Mode")
            }
            _ => None,
        };
        let Some(p) = mode_param else { continue };
        let mode = p.value.trim();
        if mode.is_empty() || ctx.vocab.trigger_modes().get_ignore_case(mode).is_some() {
            continue;
        }
        report(ctx, sink, p, rec.role == Role::Unknown);
    }
}
