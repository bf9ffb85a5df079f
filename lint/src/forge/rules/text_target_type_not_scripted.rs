//! F198: the rules text targets a list of card types (`target artifact or enchantment`) and the
//! face's only targeting ability leaves one of them out of `ValidTgts$`.

use crate::diagnostic::{Edit, Fix, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::Role;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F198",
    name: "text-target-type-not-scripted",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: crate::diagnostic::Severity::Warning,
    fix: FixAvailability::Always,
    summary: "The rules text says `target artifact or enchantment` and the face's only `ValidTgts$` is `Artifact`: the card cannot target what its text allows.",
    explanation: "When a face's rules text has a single `target` and it is followed by card types only \
(`target artifact or enchantment`, `target creature, planeswalker, or battle`), and the face has a \
single ability that targets, its `ValidTgts$` should allow each of those types. A type left out (a copied \
script, or text changed by an errata) makes the card unable to target it. `Permanent` allows every \
permanent type; `Any` and `Card` are not compared, nor are players, nor compound types (`target artifact \
creature`, `target instant or sorcery card`). The fix adds the missing types (unsafe: read the card).",
    bad: "Name:Rust Breach\nManaCost:1 G\nTypes:Instant\nA:SP$ Destroy | Cost$ 1 G | ValidTgts$ Artifact | TgtPrompt$ Select target artifact or enchantment | SpellDescription$ Destroy target artifact or enchantment.\nOracle:Destroy target artifact or enchantment.",
    good: "Name:Rust Breach\nManaCost:1 G\nTypes:Instant\nA:SP$ Destroy | Cost$ 1 G | ValidTgts$ Artifact,Enchantment | TgtPrompt$ Select target artifact or enchantment | SpellDescription$ Destroy target artifact or enchantment.\nOracle:Destroy target artifact or enchantment.",
    ..RuleMeta::BASE
};

/// Card types a `target` phrase may list, and the `ValidTgts$` base naming each.
const TYPES: &[(&str, &str)] = &[
    ("artifact", "Artifact"),
    ("creature", "Creature"),
    ("enchantment", "Enchantment"),
    ("land", "Land"),
    ("planeswalker", "Planeswalker"),
    ("battle", "Battle"),
    ("instant", "Instant"),
    ("sorcery", "Sorcery"),
];

/// The types of the text's only `target` phrase, when it lists two card types or more.
fn target_types(text: &str) -> Option<Vec<(&'static str, &'static str)>> {
    let plain = super::oracle::strip_reminder(&text.to_lowercase());
    let words: Vec<&str> = TYPES.iter().map(|(w, _)| *w).collect();
    let found = crate::common::target_phrase_types(&plain, &words)?;
    let out: Vec<_> = found
        .iter()
        .filter_map(|w| TYPES.iter().find(|(t, _)| t == w).copied())
        .collect();
    (out.len() >= 2).then_some(out)
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    if model.faces.len() != 1 {
        return;
    }
    let lines = ctx.oracle_lines(0);
    let text: Vec<&str> = lines.iter().map(|l| l.text).collect();
    let Some(types) = target_types(&text.join(" ")) else {
        return;
    };
    let mut targeting = model
        .records
        .iter()
        .filter(|r| r.role == Role::Ability)
        .filter_map(|r| r.param("ValidTgts").map(|p| (r, p)));
    let (Some((_, valid)), None) = (targeting.next(), targeting.next()) else {
        return;
    };
    let bases: Vec<&str> = valid
        .value
        .split(',')
        .map(|v| v.trim().split(['.', '+']).next().unwrap_or(""))
        .collect();
    if bases
        .iter()
        .any(|b| matches!(*b, "Any" | "Card" | "Permanent" | "Spell"))
    {
        return;
    }
    let missing: Vec<&str> = types
        .iter()
        .filter(|(_, base)| !bases.contains(base))
        .map(|(_, base)| *base)
        .collect();
    if missing.is_empty() {
        return;
    }
    let said: Vec<&str> = types.iter().map(|(t, _)| *t).collect();
    let d = sink.report(
        valid.value_range,
        format!(
            "the rules text targets {}, but `ValidTgts$ {}` has no `{}`: the card cannot target it",
            said.join(" or "),
            valid.value.trim(),
            missing.join("`, `")
        ),
    );
    d.with_fix(Fix::unsafe_(
        format!("add `{}`", missing.join(",")),
        vec![Edit::insert(
            valid.value_range.end(),
            format!(",{}", missing.join(",")),
        )],
    ));
}
