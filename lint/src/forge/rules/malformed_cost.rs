//! F155: a cost that Forge reads differently from how it is written.

use super::{is_mana_symbol, word_fix};
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::is_svar_name;
use syntax::forge::ast::CostItem;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F155",
    name: "malformed-cost",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A `Cost$`/`UnlessCost$` part Forge does not know (`Sax<1/Creature>`), a token that is no mana symbol, `Tap` for `T`, or an unclosed `<`.",
    explanation: "Forge splits a cost on spaces outside `<...>` and reads each token as a cost part \
(`Sac<...>`, `Discard<...>`, `PayLife<...>`, `T`, `Q`...) or, failing that, as mana. A mana token that is \
not a mana symbol is dropped without a word — so a misspelt part simply disappears from the cost, and \
`Tap` (not `T`) taps nothing. A `<` without its `>` swallows the rest of the cost into one part. A lone \
word naming an SVar of the card (an X-style amount) is accepted.",
    bad: "Name:Cinder Altar\nManaCost:2\nTypes:Artifact\nA:AB$ DealDamage | Cost$ 1 T Sax<1/Creature> | ValidTgts$ Any | NumDmg$ 2 | SpellDescription$ CARDNAME deals 2 damage to any target.",
    good: "Name:Cinder Altar\nManaCost:2\nTypes:Artifact\nA:AB$ DealDamage | Cost$ 1 T Sac<1/Creature> | ValidTgts$ Any | NumDmg$ 2 | SpellDescription$ CARDNAME deals 2 damage to any target.",
    replaces: &[syntax::ErrorKind::UnbalancedBracket],
    ..RuleMeta::BASE
};

/// Bare words of a cost that are not mana.
const COST_WORDS: &[&str] = &[
    "T",
    "Q",
    "Untap",
    "Mandatory",
    "XCantBe0",
    "Forage",
    "PromiseGift",
];

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for rec in &model.records {
        for p in &rec.params {
            let Some(cost) = model.cost(rec, p) else {
                continue;
            };
            let items: Vec<CostItem> = cost.items().collect();
            for item in &items {
                match item {
                    CostItem::Part(part) => {
                        let Some(name_tok) = part.name() else {
                            continue;
                        };
                        let range = name_tok.text_range();
                        let name = model.slice(range);
                        if !part.is_closed() {
                            sink.report(
                                part.syntax().text_range(),
                                format!("this `{name}<` is never closed with `>`: Forge reads the rest of the cost into it"),
                            );
                            continue;
                        }
                        if ctx.vocab.cost_part(name).is_some() {
                            continue;
                        }
                        let d = sink.report(
                            range,
                            format!("`{name}<...>` is not a cost part: Forge drops it from the cost without a word"),
                        );
                        super::with_suggestion(
                            d,
                            word_fix(name, range, ctx.vocab.cost_part_names_with_fields()),
                        );
                    }
                    CostItem::Word(tok) => {
                        let range = tok.text_range();
                        let word = model.slice(range);
                        if is_mana_symbol(word) || COST_WORDS.contains(&word) {
                            continue;
                        }
                        if word
                            .strip_prefix("XMin")
                            .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
                        {
                            continue;
                        }
                        if word == "Tap" {
                            sink.report(
                                range,
                                "`Tap` is not the tap symbol: Forge drops it and nothing is tapped (write `T`)",
                            )
                            .with_fix(Fix::safe("write `T`", vec![Edit::replace(range, "T")]));
                            continue;
                        }
                        // A lone name: an SVar used as an X-style generic cost, or a special
                        // UnlessCost word the unless-cost code reads (`CardManaCost`).
                        if items.len() == 1 && is_svar_name(word) && word.len() > 1 {
                            continue;
                        }
                        if items.len() == 1 && (word == "X" || word == "Y") {
                            continue;
                        }
                        sink.report(
                            range,
                            format!("`{word}` is neither a cost part nor a mana symbol: Forge drops it from the cost"),
                        );
                    }
                }
            }
        }
    }
}
