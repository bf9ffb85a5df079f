use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::{Ctx, decoded};
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::netrunner::vocab;
use syntax::netrunner::ast::FieldKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N102",
    name: "field-mixup",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A trigger in an AutoAction, or a cost in an AutoScript.",
    explanation: "AutoScripts are triggered (`onPlay:`, `whileRezzed:`...) and AutoActions are used \
by the player for a cost (`A1B0G0T0:`). The engine reads each field with its own patterns: a trigger \
written in the AutoAction is not an action's cost, and a cost written in the AutoScript is not a \
trigger, so the script never runs the way it was meant. Move it to the other field.",
    bad: "ScriptsLocal = '''\n=====\nLantern Fund\n-----\nc0ffee00-0000-4000-8000-000000000100\n-----\n\n+++++\nonPlay:Gain7Credits\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nLantern Fund\n-----\nc0ffee00-0000-4000-8000-000000000100\n-----\nonPlay:Gain7Credits\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for field in ctx.tree.fields() {
        let Some(script) = field.script() else {
            continue;
        };
        for alt in script.alternatives() {
            let Some(word) = alt.prefix().and_then(|p| p.word()) else {
                continue;
            };
            let text = decoded(word.text());
            match field.kind() {
                FieldKind::AutoAction => {
                    if super::cost_prefix::looks_like_cost(&text) {
                        continue;
                    }
                    if vocab::triggers().get_ignore_case(&text).is_some()
                        || text.starts_with("whileRunning")
                    {
                        sink.report(
                            word.text_range(),
                            format!("`{text}` is a trigger, but this is the AutoAction (used for a cost): move the alternative to the AutoScript"),
                        );
                    }
                }
                FieldKind::AutoScript => {
                    if super::cost_prefix::looks_like_cost(&text) {
                        sink.report(
                            word.text_range(),
                            format!("`{text}` is an action's cost, but this is the AutoScript (triggered): move the alternative to the AutoAction"),
                        );
                    }
                }
            }
        }
    }
}
