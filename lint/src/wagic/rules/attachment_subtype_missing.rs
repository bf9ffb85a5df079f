//! W165: a card that equips (`auto={2}:equip`) without `subtype=Equipment`, or an enchantment
//! whose text opens with `Enchant ...` without `subtype=Aura`.

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W165",
    name: "attachment-subtype-missing",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "A card with an equip ability (`auto={2}:equip`) has no `subtype=Equipment`, or an enchantment whose text opens with `Enchant creature` has no `subtype=Aura`: Wagic treats attached cards by these subtypes.",
    explanation: "Wagic decides how an attached card behaves by its subtype: an `Equipment` stays on the \
battlefield when its creature leaves and gives the equipped creature its abilities; a card attached to \
something without that subtype is handled as an `Aura` (put into its owner's graveyard when what it is \
attached to leaves), and an enchantment with a target but no `Aura` subtype is not cast as an Aura. In \
the Wagic 2016 primitives every card with an equip ability (161) has `subtype=Equipment` and every \
enchantment whose text opens with `Enchant ...` (752) has `subtype=Aura`. Only definitions that write \
their own `type=` are read (not set-file entries that point at a primitive, nor `alias=` cards). The fix \
adds the subtype (unsafe: read the card).",
    bad: "[card]\nname=Iron Vambrace\nauto={2}:equip\nauto=1/1\ntext=Equipped creature gets +1/+1. -- Equip {2}\nmana={2}\ntype=Artifact\n[/card]",
    good: "[card]\nname=Iron Vambrace\nauto={2}:equip\nauto=1/1\ntext=Equipped creature gets +1/+1. -- Equip {2}\nmana={2}\ntype=Artifact\nsubtype=Equipment\n[/card]",
    ..RuleMeta::BASE
};

/// Whether an `auto=` value is an equip ability (`{2}:equip`, `{1}{W}: equip`).
fn equips(value: &str) -> bool {
    let v = value.trim_end().to_ascii_lowercase();
    v.strip_suffix("equip")
        .is_some_and(|head| head.trim_end().ends_with(':'))
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        if card.has(KeyMeaning::Alias) {
            continue;
        }
        let Some(ty) = card.entry(KeyMeaning::Type) else {
            continue;
        };
        let types = ty.value_text().to_ascii_lowercase();
        let subtype = card.entry(KeyMeaning::Subtype);
        let subtypes = subtype
            .map(|s| s.value_text().to_ascii_lowercase())
            .unwrap_or_default();
        let has = |w: &str| subtypes.split_whitespace().any(|s| s == w);
        let (word, why) = if types.contains("artifact")
            && !has("equipment")
            && card
                .entries_of(KeyMeaning::Auto)
                .any(|e| equips(&e.value_text()))
        {
            (
                "Equipment",
                "this card has an equip ability but no `subtype=Equipment`: Wagic handles it as an Aura once attached (it goes to the graveyard when its creature leaves) and its abilities do not go to the equipped creature",
            )
        } else if types.contains("enchantment")
            && !has("aura")
            && card
                .value_of(KeyMeaning::Text)
                .is_some_and(|t| t.trim_start().starts_with("Enchant "))
        {
            (
                "Aura",
                "the text opens with `Enchant ...` but there is no `subtype=Aura`: Wagic casts and attaches Auras by that subtype",
            )
        } else {
            continue;
        };
        let d = sink.report(ty.value_range(), why);
        let edit = match subtype {
            Some(s) if !s.value_text().trim().is_empty() => {
                Edit::insert(s.value_range().end(), format!(" {word}"))
            }
            Some(s) => Edit::insert(s.value_range().end(), word.to_string()),
            None => Edit::insert(
                ty.range().end(),
                format!(
                    "{}subtype={word}",
                    crate::common::line_ending(ctx.file.text())
                ),
            ),
        };
        d.with_fix(Fix::unsafe_(
            format!("add the subtype `{word}`"),
            vec![edit],
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::equips;

    #[test]
    fn equip_abilities() {
        assert!(equips("{2}:equip"));
        assert!(equips("{1}{W}: Equip "));
        assert!(!equips("{2}:equip(creature)"));
        assert!(!equips("teach(creature) flying"));
    }
}
