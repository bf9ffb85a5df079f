//! F197: a trigger with `OptionalDecider$` whose line of rules text does not let anyone decline.

use crate::diagnostic::{Edit, Fix, Related, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::Role;
use syntax::{TextRange, TextSize};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F197",
    name: "optional-decider-not-in-text",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: crate::diagnostic::Severity::Warning,
    fix: FixAvailability::Always,
    summary: "A trigger with `OptionalDecider$` (Forge asks whether to use it) whose line of rules text has no \"may\": the card's trigger is not optional.",
    explanation: "`OptionalDecider$ You` makes Forge ask the player whether the trigger resolves. \
That is right for \"you may ...\" and wrong for a trigger the rules text makes mandatory: the player \
can skip a drawback (\"sacrifice a creature\"), and the AI skips effects it does not like. It is the \
opposite of F168, and like it a leftover of a copied script. The rule finds the trigger's line in \
the `Oracle:` text by the condition of its `TriggerDescription$` (\"Whenever ~ attacks\"; `~` read as the \
card's name or, for a trigger a card grants, \"this creature\"), and reports it when exactly one line \
holds the condition and that line has none of \"may\", \"up to\" and \"search\" (a search of a library \
may find nothing, so asking first changes nothing). The fix removes the parameter (unsafe: read the \
card).",
    bad: "Name:Cinder Warden\nManaCost:2 R\nTypes:Creature Elemental\nPT:2/2\nT:Mode$ Attacks | ValidCard$ Card.Self | Execute$ TrigDamage | OptionalDecider$ You | TriggerDescription$ Whenever CARDNAME attacks, it deals 1 damage to each opponent.\nSVar:TrigDamage:DB$ DealDamage | Defined$ Player.Opponent | NumDmg$ 1\nOracle:Whenever Cinder Warden attacks, it deals 1 damage to each opponent.",
    good: "Name:Cinder Warden\nManaCost:2 R\nTypes:Creature Elemental\nPT:2/2\nT:Mode$ Attacks | ValidCard$ Card.Self | Execute$ TrigDamage | TriggerDescription$ Whenever CARDNAME attacks, it deals 1 damage to each opponent.\nSVar:TrigDamage:DB$ DealDamage | Defined$ Player.Opponent | NumDmg$ 1\nOracle:Whenever Cinder Warden attacks, it deals 1 damage to each opponent.",
    ..RuleMeta::BASE
};

/// How the text may call the card: its name, then what a granted ability says.
const SELF_NAMES: &[&str] = &[
    "this creature",
    "this permanent",
    "this artifact",
    "this enchantment",
    "this land",
];

/// Lower-case, with runs of white space as one space.
fn norm(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The condition of a trigger's description ("whenever ~ attacks"), without an ability word.
fn condition(description: &str, name: &str) -> Option<String> {
    let d = norm(description).replace("cardname", name);
    let d = match d.split_once(" — ") {
        Some((word, rest)) if word.len() <= 30 => rest.to_string(),
        _ => d,
    };
    let cond = d.split(',').next()?.trim().to_string();
    (cond.len() >= 10
        && ["when", "whenever", "at "]
            .iter()
            .any(|w| cond.starts_with(w)))
    .then_some(cond)
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for rec in &model.records {
        if rec.role != Role::Trigger {
            continue;
        }
        let Some(decider) = rec.param("OptionalDecider") else {
            continue;
        };
        let Some(desc) = rec.param("TriggerDescription") else {
            continue;
        };
        let lines = ctx.oracle_lines(rec.face);
        if lines.is_empty() {
            continue;
        }
        let Some(name) = model.faces[rec.face].name.map(|n| n.trim().to_lowercase()) else {
            continue;
        };
        let normed: Vec<String> = lines.iter().map(|l| norm(l.text)).collect();
        let mut found = None;
        for nm in std::iter::once(name.as_str()).chain(SELF_NAMES.iter().copied()) {
            let Some(cond) = condition(desc.value, nm) else {
                break;
            };
            let hits: Vec<usize> = (0..normed.len())
                .filter(|&i| normed[i].contains(&cond))
                .collect();
            if !hits.is_empty() {
                found = (hits.len() == 1).then(|| hits[0]);
                break;
            }
        }
        let Some(i) = found else {
            continue;
        };
        let line = &normed[i];
        // A search of a library can always find nothing: optional in effect.
        if line.contains("may") || line.contains("up to") || line.contains("search") {
            continue;
        }
        // From the end of the piece before it to the end of this one: ` | OptionalDecider$ You`.
        let before = &model.text[..usize::from(decider.range.start())];
        let Some(pipe) = before.rfind('|') else {
            continue;
        };
        let start = before[..pipe].trim_end().len();
        let removal = TextRange::new(TextSize::from(start as u32), decider.range.end());
        let d = sink.report(
            decider.range,
            format!(
                "`OptionalDecider$` lets the player decline this trigger, but its rules text is not optional: \"{}\"",
                lines[i].text
            ),
        );
        d.with_related(Related::here(
            lines[i].range,
            "the trigger's line of rules text",
        ));
        d.with_fix(Fix::unsafe_(
            "remove `OptionalDecider$`",
            vec![Edit::delete(removal)],
        ));
    }
}
