//! F188: a parameter Forge reads only when another parameter is present, written without it.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::vocab::guards_of;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F188",
    name: "param-needs-param",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A parameter the engine reads only when another one is set (`OptionQuestion$` without `Optional$`, `RepeatSVarCompare$` without `RepeatCheckSVar$`), written without it.",
    explanation: "Some parameters only refine another: the engine reads `OptionQuestion$` inside \
`if (Optional$ is set)`, `MayPlayWithoutManaCost$` only for a `MayPlay$` static, `ConditionCompare$` only \
with `ConditionPresent$`. Written alone, the parameter is never read: the question is never asked and \
the effect is not optional, the comparison is the default one. Either the other parameter is missing \
or this one is the wrong name (`ConditionCompare$` for `ConditionSVarCompare$`). The pairs are read \
from the 2020 and 2022 engine sources (`bench/guarded_params.py`) and kept only where both agree.",
    bad: "Name:Reach Lesson\nManaCost:1 G\nTypes:Instant\nA:SP$ Pump | ValidTgts$ Creature | TgtPrompt$ Select target creature | NumAtt$ +1 | SubAbility$ DBReach | SpellDescription$ Target creature gets +1/+0 until end of turn. You may have it gain reach until end of turn.\nSVar:DBReach:DB$ Pump | Defined$ Targeted | KW$ Reach | OptionQuestion$ Do you want TARGETS to gain reach?\nOracle:Target creature gets +1/+0 until end of turn. You may have it gain reach until end of turn.",
    good: "Name:Reach Lesson\nManaCost:1 G\nTypes:Instant\nA:SP$ Pump | ValidTgts$ Creature | TgtPrompt$ Select target creature | NumAtt$ +1 | SubAbility$ DBReach | SpellDescription$ Target creature gets +1/+0 until end of turn. You may have it gain reach until end of turn.\nSVar:DBReach:DB$ Pump | Defined$ Targeted | KW$ Reach | Optional$ True | OptionQuestion$ Do you want TARGETS to gain reach?\nOracle:Target creature gets +1/+0 until end of turn. You may have it gain reach until end of turn.",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for record in &ctx.model.records {
        for param in &record.params {
            if param.shadowed || !param.has_dollar {
                continue;
            }
            let missing: Vec<&str> = guards_of(param.key)
                .iter()
                .filter(|g| record.param(g.needs).is_none())
                .map(|g| g.needs)
                .collect();
            let Some(&first) = missing.first() else {
                continue;
            };
            let listed = missing
                .iter()
                .map(|m| format!("`{m}$`"))
                .collect::<Vec<_>>()
                .join(" and ");
            sink.report(
                param.key_range,
                format!(
                    "Forge reads `{}$` only when {listed} is set, and this {} has no `{first}$`: the parameter is never read",
                    param.key,
                    record.role.describe()
                ),
            );
        }
    }
}
