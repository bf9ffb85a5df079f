//! W112: a `color=` value the engine does not know (ignored).

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use model::suggest;
use model::wagic::vocab;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W112",
    name: "unknown-color",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A `color=` piece that is not exactly a colour name: the engine ignores it.",
    explanation: "`color=` is lowercased and split on commas; each piece must be exactly one of `white`, \
`blue`, `black`, `red`, `green`, `artifact` or `land` (no spaces). Anything else is ignored without a \
word, and the card keeps the colours of its mana cost.",
    bad: "[card]\nname=Tinted Golem\ncolor=red, green\ntype=Artifact Creature\npower=2\ntoughness=2\n[/card]",
    good: "[card]\nname=Tinted Golem\ncolor=red,green\ntype=Artifact Creature\npower=2\ntoughness=2\n[/card]",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        for entry in card
            .entries
            .iter()
            .filter(|e| e.meaning == KeyMeaning::Color)
        {
            let Some(list) = entry.word_list() else {
                continue;
            };
            for piece in list.items() {
                let lower = piece.text().to_lowercase();
                if vocab::colors().knows(&lower) {
                    continue;
                }
                let range = piece.text_range();
                let trimmed = lower.trim();
                let d = sink.report(
                    range,
                    format!(
                        "Wagic ignores the colour `{}`: colour names must match exactly",
                        piece.text()
                    ),
                );
                if vocab::colors().knows(trimmed) {
                    d.with_fix(Fix::safe(
                        "remove the spaces",
                        vec![Edit::replace(range, trimmed.to_string())],
                    ));
                } else if let Some(c) = suggest::unique_near_miss(trimmed, vocab::colors().known())
                {
                    d.with_fix(Fix::safe(
                        format!("write `{c}`"),
                        vec![Edit::replace(range, c)],
                    ));
                }
            }
        }
    }
}
