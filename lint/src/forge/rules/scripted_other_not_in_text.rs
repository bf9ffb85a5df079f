//! F209: a trigger of the card leaves the card itself out (`Other` in `ValidCard$`) while its
//! description names a group the card belongs to, without "other" or "another".

use crate::diagnostic::{Related, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{Origin, Role};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F209",
    name: "scripted-other-not-in-text",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A trigger of the card's own (`T:` line, working on the battlefield) has `Other` in every alternative of its `ValidCard$`, while its `TriggerDescription$` (\"Whenever a creature enters the battlefield under your control\") says neither \"other\" nor \"another\": the card does not trigger on itself, as its text says it does.",
    explanation: "The reverse of F169: Forge leaves a card out of the objects a trigger watches only \
through the `Other` property (`Creature.Other+YouCtrl`), and the rules text says so with \"another\" \
or \"other\" (\"Whenever another creature enters the battlefield under your control\"). A trigger \
whose text names a plain group (\"Whenever a creature enters the battlefield under your control, if \
that creature is 1/1, ...\") includes the card itself when it fits, and a leaves-the-battlefield \
trigger looks back at the card that left. Read: `T:` lines with `Battlefield` in `TriggerZones$`, \
whose `ValidCard$` (or `ValidCards$`) alternatives all carry `Other` (or `StrictlyOther`) and none is \
`Self`, each of a type the card has (`Card`, `Permanent`, or one of its `Types:` words: `Other` on a \
land watched by a creature changes nothing); and whose description opens with \"When\" or \"Whenever\" \
(after an ability word) and holds none of \"other\", \"another\", \"except\", \"CARDNAME or\", \
\"CARDNAME and\". No fix: the description may be the part that is wrong.",
    bad: "Name:Banner Drillmaster\nManaCost:2 W\nTypes:Creature Human Soldier\nPT:2/2\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Creature.Other+YouCtrl | TriggerZones$ Battlefield | Execute$ TrigGainLife | TriggerDescription$ Whenever a creature enters the battlefield under your control, you gain 1 life.\nSVar:TrigGainLife:DB$ GainLife | Defined$ You | LifeAmount$ 1\nOracle:Whenever a creature enters the battlefield under your control, you gain 1 life.",
    good: "Name:Banner Drillmaster\nManaCost:2 W\nTypes:Creature Human Soldier\nPT:2/2\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Creature.YouCtrl | TriggerZones$ Battlefield | Execute$ TrigGainLife | TriggerDescription$ Whenever a creature enters the battlefield under your control, you gain 1 life.\nSVar:TrigGainLife:DB$ GainLife | Defined$ You | LifeAmount$ 1\nOracle:Whenever a creature enters the battlefield under your control, you gain 1 life.",
    ..RuleMeta::BASE
};

/// Whether one alternative of a Valid expression leaves the card out (`Creature.Other+YouCtrl`),
/// with its base word.
fn excludes_self(item: &str) -> Option<&str> {
    let (base, props) = item.split_once('.')?;
    let mut other = false;
    for p in props.split('+').map(str::trim) {
        match p {
            "Other" | "StrictlyOther" => other = true,
            "Self" | "StrictlySelf" => return None,
            _ => {}
        }
    }
    other.then_some(base.trim())
}

/// Whether a description says the card is left out, or names it beside the group.
fn says_other(description: &str) -> bool {
    let lower = description.to_ascii_lowercase();
    lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| matches!(w, "other" | "another" | "others" | "except"))
        || lower.contains("cardname or")
        || lower.contains("cardname and")
}

/// The sentence of a description after an ability word (`Landfall — Whenever ...`).
fn after_ability_word(description: &str) -> &str {
    match description.split_once('—') {
        Some((head, rest)) if !head.contains('.') => rest.trim_start(),
        _ => description,
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    // Cheap pre-filter: a trigger that leaves its card out.
    if !ctx.file.text().contains("Other") {
        return;
    }
    let model = &ctx.model;
    for rec in &model.records {
        if rec.role != Role::Trigger || !matches!(rec.origin, Origin::Line(_)) {
            continue;
        }
        if !rec
            .param("TriggerZones")
            .is_some_and(|p| p.value.split(',').any(|z| z.trim() == "Battlefield"))
        {
            continue;
        }
        let Some(valid) = rec.param("ValidCard").or_else(|| rec.param("ValidCards")) else {
            continue;
        };
        let Some(desc) = rec.param("TriggerDescription") else {
            continue;
        };
        let sentence = after_ability_word(desc.value.trim());
        if !(sentence.starts_with("When ") || sentence.starts_with("Whenever "))
            || says_other(sentence)
        {
            continue;
        }
        let types = super::face_type_words(model, rec.face);
        let mut items = valid.value.split(',').map(str::trim).peekable();
        if items.peek().is_none() {
            continue;
        }
        let all_exclude = items.all(|item| {
            excludes_self(item)
                .is_some_and(|base| matches!(base, "Card" | "Permanent") || types.contains(&base))
        });
        if !all_exclude {
            continue;
        }
        let d = sink.report(
            valid.value_range,
            "`Other` leaves this card out of what the trigger watches, but its description names the group without \"other\" or \"another\": by the text the card triggers on itself too",
        );
        d.with_related(Related::here(desc.value_range, "the description"));
    }
}
