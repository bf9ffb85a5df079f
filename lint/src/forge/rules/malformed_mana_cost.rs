//! F156: a `ManaCost:` token that is not a mana symbol.

use super::{is_mana_symbol, key_text, sub_range};
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F156",
    name: "malformed-mana-cost",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A `ManaCost:` token that is no mana symbol, which Forge drops from the cost.",
    explanation: "`ManaCost:` is `no cost` or mana symbols separated by spaces: numbers, `W U B R G C S X`, \
hybrids (`W/U` or `WU`, `2/W`), Phyrexian mana (`P/W` or `PW`). Forge reads each token character by \
character and drops the token when the result is not a symbol, without a word: the card costs less than \
printed.",
    bad: "Name:Marsh Stalker\nManaCost:2 BB\nTypes:Creature Horror\nPT:3/2",
    good: "Name:Marsh Stalker\nManaCost:2 B B\nTypes:Creature Horror\nPT:3/2",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for info in &model.lines {
        if key_text(model, info) != "ManaCost" {
            continue;
        }
        let range = info.value;
        let text = model.slice(range);
        if text.trim().eq_ignore_ascii_case("no cost") || text.trim().is_empty() {
            continue;
        }
        for (s, e) in super::split_words(text, &[]) {
            let token = &text[s..e];
            if is_mana_symbol(token) {
                continue;
            }
            sink.report(
                sub_range(range, s, e - s),
                format!("`{token}` is not a mana symbol: Forge drops it, and the card costs less than written"),
            );
        }
    }
}
