//! W103: an id the engine reads as 0, or reads only in part.

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::index::atoi;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W103",
    name: "invalid-id",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "An `id=` that is not a non-zero integer.",
    explanation: "Wagic reads ids with `atoi`: the leading integer of the value, and 0 when there is none. \
Id 0 is no id: the card clashes with every other unreadable id and has no picture. Text after the number \
is ignored (a warning). Tokens use negative ids, which are fine.",
    bad: "# workspace example\n# file: sets/AAA/_cards.dat\n[card]\nprimitive=Forest\nid=F001\nrarity=L\n[/card]",
    good: "# workspace example\n# file: sets/AAA/_cards.dat\n[card]\nprimitive=Forest\nid=9001\nrarity=L\n[/card]",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        for entry in card.entries.iter().filter(|e| e.meaning == KeyMeaning::Id) {
            let value = &ctx.file.text()[entry.value_range()];
            let range = entry.value_range();
            let n = atoi(value);
            if n == 0 {
                let what = if value.is_empty() {
                    "this id is empty".to_string()
                } else {
                    format!("`{value}` is not a number")
                };
                sink.report(
                    range,
                    format!("{what}: Wagic reads id 0, so the card has no usable id"),
                );
                continue;
            }
            let digits = value.trim_start().trim_start_matches(['-', '+']);
            let number_len = digits.bytes().take_while(u8::is_ascii_digit).count();
            let rest = &digits[number_len..];
            if !rest.is_empty() || value.trim_start() != value {
                let d = sink
                    .report(
                        range,
                        format!("Wagic reads only the number at the start of this id: {n}"),
                    )
                    .with_severity(Severity::Warning);
                if rest.trim().is_empty() {
                    d.with_fix(Fix::safe(
                        "remove the spaces",
                        vec![Edit::replace(range, n.to_string())],
                    ));
                }
            }
        }
    }
}
