//! F137: `SVar:Name` with no value.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F137",
    name: "svar-without-value",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "An `SVar:` line without a value (no second colon, or nothing after it).",
    explanation: "`SVar:Name:value` needs both parts. Without the second colon Forge stores the name with \
no value, and every use of it behaves like a missing SVar: an AI hint such as `PlayMain1` is not set, an \
amount counts as 0.",
    bad: "Name:Rally Cry\nManaCost:1 W\nTypes:Instant\nA:SP$ PumpAll | Cost$ 1 W | ValidCards$ Creature.YouCtrl | NumAtt$ +1 | SpellDescription$ Creatures you control get +1/+0 until end of turn.\nSVar:PlayMain1",
    good: "Name:Rally Cry\nManaCost:1 W\nTypes:Instant\nA:SP$ PumpAll | Cost$ 1 W | ValidCards$ Creature.YouCtrl | NumAtt$ +1 | SpellDescription$ Creatures you control get +1/+0 until end of turn.\nSVar:PlayMain1:TRUE",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for def in &ctx.model.svars {
        if !def.has_value {
            sink.report(
                def.name_range,
                format!("`SVar:{}` has no `:value`: Forge stores it empty, and every use of it finds nothing", def.name),
            );
        } else if def.value.trim().is_empty() {
            sink.report(
                def.name_range,
                format!(
                    "`SVar:{}` has an empty value: every use of it finds nothing",
                    def.name
                ),
            );
        }
    }
}
