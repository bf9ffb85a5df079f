//! W166: an instant's or sorcery's text targets a list of types (`target artifact or
//! enchantment`) and its `target=` lists other ones.

use super::card_text;
use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W166",
    name: "text-target-type-mismatch",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "An instant's or sorcery's text says `Destroy target enchantment` and its `target=` is `artifact,enchantment` (or leaves a type out): the spell targets other things than its text allows.",
    explanation: "When the text of an instant or sorcery has a single `target` followed by types only \
(`target creature or player`, `target artifact, enchantment, or land`) and the card's `target=` is a \
plain list of types (no `[...]` restriction, no zone), the two should name the same types: in the \
Wagic 2016 primitives about 800 such spells do. A type in `target=` that the text does not name lets \
the spell target what its card cannot (usually a copied line); a type the text names and `target=` \
leaves out makes it unable to target that. Compounds (`target artifact creature`, `target creature \
card`), `any target` and texts with several targets are not read. The fix writes the text's types \
(unsafe: read the card).",
    bad: "[card]\nname=Clean Sweep\ntarget=artifact,enchantment\nauto=destroy\ntext=Destroy target enchantment.\nmana={W}\ntype=Instant\n[/card]",
    good: "[card]\nname=Clean Sweep\ntarget=enchantment\nauto=destroy\ntext=Destroy target enchantment.\nmana={W}\ntype=Instant\n[/card]",
    ..RuleMeta::BASE
};

/// The types both sides may list.
const TYPES: &[&str] = &[
    "artifact",
    "creature",
    "enchantment",
    "land",
    "planeswalker",
    "player",
];

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        let Some(ty) = card.value_of(KeyMeaning::Type) else {
            continue;
        };
        let ty = ty.to_ascii_lowercase();
        if !(ty.contains("instant") || ty.contains("sorcery")) {
            continue;
        }
        let Some(target) = card.entry(KeyMeaning::Target) else {
            continue;
        };
        let value = target.value_text();
        let scripted: Vec<String> = value
            .split(',')
            .map(|t| t.trim().to_ascii_lowercase())
            .collect();
        if scripted.iter().any(|t| !TYPES.contains(&t.as_str())) {
            continue;
        }
        let Some(text) = card_text::text_of(card) else {
            continue;
        };
        let plain: String = text
            .lines
            .iter()
            .map(|l| l.plain.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        let Some(said) = crate::common::target_phrase_types(&plain, TYPES) else {
            continue;
        };
        let extra: Vec<&str> = scripted
            .iter()
            .map(String::as_str)
            .filter(|t| !said.contains(t))
            .collect();
        let missing: Vec<&str> = said
            .iter()
            .copied()
            .filter(|t| !scripted.iter().any(|s| s == t))
            .collect();
        if extra.is_empty() && missing.is_empty() {
            continue;
        }
        let mut what = Vec::new();
        if !extra.is_empty() {
            what.push(format!("`{}` the text does not allow", extra.join("`, `")));
        }
        if !missing.is_empty() {
            what.push(format!("no `{}` the text allows", missing.join("`, `")));
        }
        let d = sink.report(
            target.value_range(),
            format!(
                "the text targets {}, but `target={}` has {}",
                said.join(" or "),
                value.trim(),
                what.join(" and ")
            ),
        );
        d.with_fix(Fix::unsafe_(
            format!("target {}", said.join(",")),
            vec![Edit::replace(target.value_range(), said.join(","))],
        ));
    }
}
