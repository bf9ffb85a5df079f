//! F119: a parameter key in another case than the one Forge reads.

use super::scope::ParamClass;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F119",
    name: "param-key-case",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "A parameter key that differs only by case from the key Forge reads (`Triggerzones$`).",
    explanation: "Forge reads most parameters from a case-sensitive map: `Triggerzones$` is not \
`TriggerZones$`, so the trigger has no zone restriction. Keys read while an ability is built (the record \
type, `Cost$`, `SubAbility$` and the other chain keys, targeting) are found in any case and are not \
reported; restriction and condition keys of abilities (`isPresent$`) work in the 2020 Forge but not \
upstream, and are hints.",
    bad: "Name:Watchful Idol\nManaCost:3\nTypes:Artifact\nT:Mode$ Phase | Phase$ Upkeep | ValidPlayer$ You | Triggerzones$ Battlefield | Execute$ TrigScry | TriggerDescription$ At the beginning of your upkeep, scry 1.\nSVar:TrigScry:DB$ Scry | ScryNum$ 1",
    good: "Name:Watchful Idol\nManaCost:3\nTypes:Artifact\nT:Mode$ Phase | Phase$ Upkeep | ValidPlayer$ You | TriggerZones$ Battlefield | Execute$ TrigScry | TriggerDescription$ At the beginning of your upkeep, scry 1.\nSVar:TrigScry:DB$ Scry | ScryNum$ 1",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let classes = ctx.classes();
    for (ri, rec) in ctx.model.records.iter().enumerate() {
        if classes.scopes[ri].is_none() {
            continue;
        };
        for (pi, p) in rec.params.iter().enumerate() {
            let ParamClass::Case {
                canonical,
                works,
                works_in_2020,
            } = classes.params[ri][pi]
            else {
                continue;
            };
            if works {
                continue;
            }
            let key = p.key;
            let fix = Fix::safe(
                format!("write `{canonical}`"),
                vec![Edit::replace(p.key_range, canonical)],
            );
            if works_in_2020 {
                sink.report(
                    p.key_range,
                    format!("`{key}$` works in the 2020 Forge, but upstream Forge reads only `{canonical}$` and ignores it"),
                )
                .with_severity(Severity::Hint)
                .with_fix(fix);
            } else {
                sink.report(
                    p.key_range,
                    format!("Forge ignores `{key}$`: keys are case-sensitive here, and it reads `{canonical}$`"),
                )
                .with_fix(fix);
            }
        }
    }
}
