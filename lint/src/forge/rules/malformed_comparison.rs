//! F160: a comparison value without a valid operator.

use super::unknown_valid_property::OPERATORS;
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{Role, is_svar_name};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F160",
    name: "malformed-comparison",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A comparison (`SVarCompare$`, `ConditionCompare$`, `PresentCompare$`...) that does not start with `LT LE EQ NE GE GT`.",
    explanation: "Comparison values are an operator — `LT`, `LE`, `EQ`, `NE`, `GE`, `GT` (or `M2`, same \
parity) — followed by a number or an SVar name: `GE3`, `EQX`. Forge takes the first two characters as the \
operator without checking them: an unknown operator makes the comparison false (the ability or trigger \
never works), and a value shorter than two characters crashes. An operand that is neither a number nor an \
SVar of the card counts as 0 (a warning).",
    bad: "Name:Hoard Keeper\nManaCost:3\nTypes:Artifact\nA:AB$ Draw | Cost$ T | NumCards$ 1 | CheckSVar$ X | SVarCompare$ >=3 | SpellDescription$ Draw a card. Activate only if you control three or more artifacts.\nSVar:X:Count$Valid Artifact.YouCtrl",
    good: "Name:Hoard Keeper\nManaCost:3\nTypes:Artifact\nA:AB$ Draw | Cost$ T | NumCards$ 1 | CheckSVar$ X | SVarCompare$ GE3 | SpellDescription$ Draw a card. Activate only if you control three or more artifacts.\nSVar:X:Count$Valid Artifact.YouCtrl",
    ..RuleMeta::BASE
};

fn is_comparison_key(key: &str, role: Role) -> bool {
    (key.ends_with("Compare") && key != "ConditionCompareSVar")
        || key == "ConditionLifeAmount"
        || (role != Role::Ability && matches!(key, "DamageAmount" | "LifeAmount"))
}

/// The operator a typo stands for (`>=` → `GE`, `ge` → `GE`).
fn intended_operator(value: &str) -> Option<(&'static str, usize)> {
    let forms: &[(&str, &str)] = &[
        (">=", "GE"),
        ("<=", "LE"),
        ("==", "EQ"),
        ("!=", "NE"),
        (">", "GT"),
        ("<", "LT"),
        ("=", "EQ"),
    ];
    for (form, op) in forms {
        if value.starts_with(form) {
            return Some((op, form.len()));
        }
    }
    let two = value.get(..2)?;
    OPERATORS
        .iter()
        .find(|op| op.eq_ignore_ascii_case(two))
        .map(|op| (*op, 2))
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for rec in &model.records {
        for p in &rec.params {
            if !p.has_dollar || p.shadowed || !is_comparison_key(p.key, rec.role) {
                continue;
            }
            let value = p.value.trim();
            if value.is_empty() {
                continue; // empty-param
            }
            // `DamageAmount$ 3` on some triggers is a plain number.
            if value.bytes().all(|b| b.is_ascii_digit()) && !p.key.ends_with("Compare") {
                continue;
            }
            let op = value.get(..2).unwrap_or(value);
            if OPERATORS.contains(&op) {
                let operand = &value[2..];
                let number = operand
                    .strip_prefix(['+', '-'])
                    .unwrap_or(operand)
                    .bytes()
                    .all(|b| b.is_ascii_digit())
                    && !operand.is_empty();
                if number || !is_svar_name(operand) || model.resolve(rec.face, operand).is_some() {
                    continue;
                }
                if operand == "X" || operand.starts_with("Cost") || operand == "ChosenX" {
                    continue;
                }
                let start = p.value_range.start() + syntax::TextSize::from(2);
                sink.report(
                    syntax::TextRange::at(start, syntax::TextSize::of(operand)),
                    format!("no SVar `{operand}` on this face: the comparison counts it as 0"),
                )
                .with_severity(Severity::Warning);
                continue;
            }
            let d = sink.report(
                p.value_range,
                if value.len() < 2 {
                    format!("`{value}` is too short for a comparison: Forge fails on it")
                } else {
                    format!("`{op}` is not a comparison operator: Forge takes the first two characters as one, so this comparison is always false")
                },
            );
            d.with_note(
                "operators: LT LE EQ NE GE GT (and M2, same parity), then a number or an SVar name",
            );
            if let Some((real, len)) = intended_operator(value) {
                let at = syntax::TextRange::at(
                    p.value_range.start(),
                    syntax::TextSize::from(len as u32),
                );
                d.with_fix(crate::diagnostic::Fix::safe(
                    format!("write `{real}`"),
                    vec![crate::diagnostic::Edit::replace(at, real)],
                ));
            }
        }
    }
}
