//! F131: a reference that matches an SVar only when case is ignored.

use super::undefined_svar::in_dead_code;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F131",
    name: "svar-name-case",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Always,
    summary: "A reference to an SVar whose name differs only by case (`MaxTgt` for `Maxtgt`).",
    explanation: "SVar names are case-sensitive: `SVar:MaxTgt` is not found by `TargetMax$ Maxtgt`, and \
the reference behaves as if the SVar did not exist (an amount counts as 0, a chain stops). References \
that only copy SVars (`References$`, `SVars$`, `AddSVar$`) or name amounts are warnings.",
    bad: "Name:Seed Scatter\nManaCost:X G\nTypes:Sorcery\nA:SP$ PutCounter | Cost$ X G | ValidTgts$ Creature | TargetMin$ 0 | TargetMax$ MaxTgt | CounterType$ P1P1 | CounterNum$ 1 | SpellDescription$ Put a +1/+1 counter on each of up to X target creatures.\nSVar:Maxtgt:Count$xPaid",
    good: "Name:Seed Scatter\nManaCost:X G\nTypes:Sorcery\nA:SP$ PutCounter | Cost$ X G | ValidTgts$ Creature | TargetMin$ 0 | TargetMax$ MaxTgt | CounterType$ P1P1 | CounterNum$ 1 | SpellDescription$ Put a +1/+1 counter on each of up to X target creatures.\nSVar:MaxTgt:Count$xPaid",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for r in &model.refs {
        if r.shadowed || model.resolve(r.face, r.name).is_some() {
            continue;
        }
        let Some(def) = model.resolve_ignore_case(r.face, r.name) else {
            continue;
        };
        let d = sink.report(
            r.range,
            format!(
                "SVar names are case-sensitive: `{}` does not find `SVar:{}`, so Forge treats it as missing",
                r.name, def.name
            ),
        );
        d.with_fix(Fix::safe(
            format!("write `{}`", def.name),
            vec![Edit::replace(r.range, def.name)],
        ));
        d.with_related(crate::Related::here(
            def.name_range,
            format!("the SVar {} is defined here", def.name),
        ));
        if !r.kind.is_structural() || in_dead_code(model, r) {
            d.with_severity(Severity::Warning);
        }
    }
}
