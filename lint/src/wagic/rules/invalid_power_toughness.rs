//! W116: a power or toughness that the engine reads (with `atoi`) as another number.

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::index::atoi;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W116",
    name: "invalid-power-toughness",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A `power=`/`toughness=` that is not an integer: the engine reads its leading number, or 0.",
    explanation: "Power and toughness are read with `atoi`: `*` and `1+*` are fine (the variable part is \
coded with an `auto=` line), but `?`, `{1/2}` or an empty value give 0, and `3{1/2}` gives 3: half points \
and placeholders are lost.",
    bad: "[card]\nname=Half Giant\ntype=Creature\npower=3{1/2}\ntoughness=3\n[/card]",
    good: "[card]\nname=Half Giant\ntype=Creature\npower=3\ntoughness=3\n[/card]",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        for entry in card
            .entries
            .iter()
            .filter(|e| matches!(e.meaning, KeyMeaning::Power | KeyMeaning::Toughness))
        {
            if !matches!(entry.key_text().as_str(), "power" | "toughness") {
                continue;
            }
            let value = &ctx.file.text()[entry.value_range()];
            if value.contains('*') {
                continue;
            }
            let body = value.trim_start_matches(['+', '-']);
            let digits = body.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 && digits == body.len() {
                continue;
            }
            let n = atoi(value);
            sink.report(
                entry.value_range(),
                if value.is_empty() {
                    "this value is empty: Wagic reads 0".to_string()
                } else {
                    format!("`{value}` is not an integer: Wagic reads {n}")
                },
            )
            .with_severity(Severity::Warning);
        }
    }
}
