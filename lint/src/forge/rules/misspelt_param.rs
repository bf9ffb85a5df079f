//! F118: a parameter read by nothing that is a near miss of one its record reads.

use super::scope::ParamClass;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::facts::FactKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F118",
    name: "misspelt-param",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A parameter no part of Forge reads, close to one the record does read (`NoReg$` for `NoRegen$`).",
    explanation: "Forge ignores a key it does not read, without a word, so a typo silently turns the \
parameter off: `NoReg$ True` lets the creature regenerate, `DamageSouce$` deals the damage from the wrong \
source. The fix is safe when exactly one key the record reads is that close. The finding is a warning \
when the intended key only changes text (descriptions, prompts), only advises the AI, is a `Cleanup` \
key (which only resets what the card remembers), or is written with the value the engine uses anyway \
(`GE1` for a comparison); and when the value is `True` while the intended key never takes a flag \
(`Host$ True` is no `Cost$`: a marker nothing reads, which the Unstable Host cards write).",
    bad: "Name:Crushing Fall\nManaCost:2 B\nTypes:Instant\nA:SP$ Destroy | Cost$ 2 B | ValidTgts$ Creature | NoReg$ True | SpellDescription$ Destroy target creature. It can't be regenerated.",
    good: "Name:Crushing Fall\nManaCost:2 B\nTypes:Instant\nA:SP$ Destroy | Cost$ 2 B | ValidTgts$ Creature | NoRegen$ True | SpellDescription$ Destroy target creature. It can't be regenerated.",
    ..RuleMeta::BASE
};

/// Comparison keys and the operator Forge uses when they are absent.
const COMPARE_DEFAULTS: &[(&str, &str)] = &[
    ("ConditionSVarCompare", "GE1"),
    ("SVarCompare", "GE1"),
    ("PresentCompare", "GE1"),
    ("ConditionCompare", "GE1"),
    ("PresentCompare2", "GE1"),
];

/// Keys whose value is a cost, an amount, a list or a name: never the flag `True`.
fn takes_no_flag(key: &str) -> bool {
    matches!(
        key,
        "Cost" | "Defined" | "Execute" | "SubAbility" | "Mode" | "Phase" | "Origin" | "Destination"
    ) || ["Valid", "Num", "Amount", "Counter"]
        .iter()
        .any(|p| key.starts_with(p))
}

/// Why a typo of `intended` written with `value` leaves the card playing right.
fn harmless(intended: &str, value: &str) -> Option<&'static str> {
    if syntax::forge::is_text_param(intended) {
        return Some("it only changes text");
    }
    if intended.starts_with("AI") || intended == "IsCurse" || intended == "References" {
        return Some("it only advises the AI or copies SVars");
    }
    if COMPARE_DEFAULTS
        .iter()
        .any(|(k, d)| *k == intended && value.trim() == *d)
    {
        return Some("the value written is the one Forge uses without it");
    }
    None
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let classes = ctx.classes();
    for (ri, rec) in ctx.model.records.iter().enumerate() {
        if classes.scopes[ri].is_none() {
            continue;
        };
        for (pi, p) in rec.params.iter().enumerate() {
            let ParamClass::Misspelt { intended, unique } = classes.params[ri][pi] else {
                continue;
            };
            let key = p.key;
            // `Host$ True` on the Unstable Host cards: a marker no code reads, not a typo of
            // `Cost$` (whose value is never `True`): a warning with its reason, and no fix.
            if p.value.trim().eq_ignore_ascii_case("True") && takes_no_flag(intended) {
                sink.report(
                    p.key_range,
                    format!(
                        "Forge ignores `{key}$`: no part of Forge reads it, and the card works without it{}",
                        ctx.version_clause(FactKind::Param, &format!("*\t{key}"))
                    ),
                )
                .with_severity(Severity::Warning)
                .with_note(format!(
                    "a marker, not a typo: `True` is no value for `{intended}$`, the nearest key Forge reads here"
                ));
                continue;
            }
            let d = sink.report(
                p.key_range,
                format!(
                    "Forge ignores `{key}$`: no part of Forge reads it (did you mean `{intended}$`?){}",
                    ctx.version_clause(FactKind::Param, &format!("*\t{key}"))
                ),
            );
            let edit = vec![Edit::replace(p.key_range, intended)];
            d.with_fix(if unique {
                Fix::safe(format!("replace with `{intended}`"), edit)
            } else {
                Fix::unsafe_(format!("replace with `{intended}`"), edit)
            });
            let why = harmless(intended, p.value).or_else(|| {
                rec.kind_value
                    .eq_ignore_ascii_case("Cleanup")
                    .then_some("Cleanup only resets what the card remembers")
            });
            if let Some(why) = why {
                d.with_severity(Severity::Warning)
                    .with_note(format!("probably harmless: {why}"));
            }
        }
    }
}
