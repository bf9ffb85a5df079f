//! W105: a rarity letter the engine does not know.

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use model::wagic::vocab;
use syntax::TextRange;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W105",
    name: "unknown-rarity",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A `rarity=` whose first letter is not C, U, R, M, L, T or S.",
    explanation: "Wagic stores only the first character of `rarity=`, case-sensitively: `r` is not `R`, \
`P` and `B` are no rarity, and an empty value stores a NUL character. Such cards are counted as lands in \
set statistics and never appear in boosters as intended. Text after the first letter is ignored \
(`R ` and `U // U` are fine).",
    bad: "# workspace example\n# file: sets/AAA/_cards.dat\n[card]\nprimitive=Forest\nid=9001\nrarity=r\n[/card]",
    good: "# workspace example\n# file: sets/AAA/_cards.dat\n[card]\nprimitive=Forest\nid=9001\nrarity=R\n[/card]",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        for entry in card
            .entries
            .iter()
            .filter(|e| e.meaning == KeyMeaning::Rarity)
        {
            let value = &ctx.file.text()[entry.value_range()];
            let range = entry.value_range();
            let Some(first) = value.chars().next() else {
                sink.report(
                    range,
                    "this rarity is empty: Wagic stores a NUL character, which is no rarity",
                );
                continue;
            };
            let letter = first.to_string();
            if vocab::rarities().knows(&letter) {
                continue;
            }
            let upper = first.to_ascii_uppercase().to_string();
            let letters = vocab::rarities().known().collect::<Vec<_>>().join(" ");
            if vocab::rarities().knows(&upper) {
                let at = TextRange::at(range.start(), syntax::TextSize::of(first));
                sink.report(
                    range,
                    format!("rarity letters are case-sensitive: Wagic does not read `{first}` as `{upper}`"),
                )
                .with_fix(Fix::safe(format!("write `{upper}`"), vec![Edit::replace(at, upper)]));
            } else {
                sink.report(
                    range,
                    format!("Wagic reads only the first letter of a rarity, and `{first}` is none of {letters}"),
                );
            }
        }
    }
}
