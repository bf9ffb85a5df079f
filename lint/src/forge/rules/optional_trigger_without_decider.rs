//! F168: a trigger whose text says "you may" without `OptionalDecider$`.

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{Origin, Role};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F168",
    name: "optional-trigger-without-decider",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "A `T:` trigger whose description reads `When/Whenever/At ..., you may ...` but that has no `OptionalDecider$`: Forge does not ask.",
    explanation: "Forge makes a trigger optional through `OptionalDecider$ You` on the trigger (or an \
optional part of its effect). Without it the ability resolves every time, although the text lets the \
player decline, which matters for abilities that hurt their controller (discard, sacrifice, drawing from \
an empty library). Triggers whose ability has its own way to decline (a `Cost$` to pay, `UnlessCost$`, \
`Optional$`, `OptionalDecider$`, `TargetMin$ 0`, a choice from a hidden zone, a `Charm`, an \
`Effect` or a `RepeatEach`) are left alone, and so is \"you may cast/play\", which grants a permission. The fix adds \
`OptionalDecider$ You` (unsafe: the decider may be another player).",
    bad: "Name:Tidecaller Scribe\nManaCost:1 U\nTypes:Creature Merfolk Wizard\nPT:1/2\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigDraw | TriggerDescription$ When CARDNAME enters the battlefield, you may draw a card.\nSVar:TrigDraw:DB$ Draw | Defined$ You | NumCards$ 1",
    good: "Name:Tidecaller Scribe\nManaCost:1 U\nTypes:Creature Merfolk Wizard\nPT:1/2\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigDraw | OptionalDecider$ You | TriggerDescription$ When CARDNAME enters the battlefield, you may draw a card.\nSVar:TrigDraw:DB$ Draw | Defined$ You | NumCards$ 1",
    ..RuleMeta::BASE
};

/// Parameters with which the ability itself lets its controller decline.
const OWN_CHOICE: &[&str] = &[
    "Cost",
    "UnlessCost",
    "Optional",
    "OptionalDecider",
    "ChangeNum",
    "AnyNumber",
    "UpTo",
    "Choices",
    "ChoiceOptional",
];

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for rec in &model.records {
        if rec.role != Role::Trigger || !matches!(rec.origin, Origin::Line(_)) {
            continue;
        }
        if rec.param_ignore_case("OptionalDecider").is_some() {
            continue;
        }
        let Some(desc) = rec.param("TriggerDescription") else {
            continue;
        };
        let Some(at) = super::oracle::optional_trigger_text(desc.value) else {
            continue;
        };
        // "you may cast/play ..." grants a permission rather than making the trigger optional.
        let verb = desc.value[at + "you may ".len()..]
            .split(' ')
            .next()
            .unwrap_or("");
        if matches!(verb, "cast" | "play") {
            continue;
        }
        // "you may pay {1}. If you do, ...": a payment to script (F196), not a decider.
        if verb == "pay"
            && super::optional_payment_not_scripted::optional_payment(desc.value).is_some()
        {
            continue;
        }
        // The abilities the trigger runs, through `SubAbility$` chains.
        let mut declines = false;
        let mut next = rec.param("Execute").map(|p| p.value.trim());
        let mut steps = 0;
        while let Some(name) = next.take() {
            steps += 1;
            let Some(def) = model.resolve(rec.face, name) else {
                declines = true;
                break;
            };
            let Some(ab) = model.svar_record(def) else {
                declines = true;
                break;
            };
            let api = ab.kind_value;
            let hidden_choice = (api.eq_ignore_ascii_case("ChangeZone")
                || api.eq_ignore_ascii_case("ChangeZoneAll"))
                && (ab.param("Hidden").is_some()
                    || ab.param("Origin").is_some_and(|o| {
                        o.value
                            .split(',')
                            .any(|z| matches!(z.trim(), "Hand" | "Library" | "Sideboard"))
                    }))
                && ab.param("Mandatory").is_none();
            if OWN_CHOICE.iter().any(|k| ab.param(k).is_some())
                || ab.param("TargetMin").is_some_and(|p| p.value.trim() == "0")
                || hidden_choice
                || ["GenericChoice", "Charm", "RepeatEach", "Effect"]
                    .iter()
                    .any(|a| api.eq_ignore_ascii_case(a))
            {
                declines = true;
                break;
            }
            if steps < 8 {
                next = ab.param("SubAbility").map(|p| p.value.trim());
            }
        }
        if declines {
            continue;
        }
        let len = "you may".len();
        let range = super::sub_range(desc.value_range, at, len);
        let d = sink.report(
            range,
            "the trigger's text says \"you may\", but it has no `OptionalDecider$`: Forge resolves it without asking",
        );
        d.with_note(format!(
            "the text: \"{}\"",
            super::oracle::first_sentence(desc.value.trim())
        ));
        d.with_fix(Fix::unsafe_(
            "add `OptionalDecider$ You`",
            vec![Edit::insert(desc.range.start(), "OptionalDecider$ You | ")],
        ));
    }
}
