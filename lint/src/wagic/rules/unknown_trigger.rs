//! W118: a trigger the engine does not recognise, or reads without its player filter.

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use model::wagic::vocab;
use syntax::wagic::ast::Trigger;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W118",
    name: "unknown-trigger",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A trigger (`@...:`) in which the engine finds no trigger construct, or that is malformed.",
    explanation: "Wagic reads the text between `@` and the next `:` by looking for a trigger construct: an \
event written `<event>(...)` (`movedto(`, `damaged(`, `combat(`...), or a phase trigger (`next` or `each` \
with a phase name such as `upkeep`). Other words are ignored. When nothing matches, the engine parses the \
whole line as if there were no trigger, so the effect happens once, at once, or not at all. Old \
triggers such as `@attacking(...)` are gone (`@combat(attacking) source(...)`). `@combat(...)` needs \
`source(...)`; a player filter (`my`, `opponent`...) counts only after a space (`@each my upkeep`, not \
`@my next end`); and a trigger without `:` has no effect part.",
    bad: "[card]\nname=Dawn Herald\nauto=@each upkep:life:1 controller\ntype=Creature\npower=1\ntoughness=1\n[/card]",
    good: "[card]\nname=Dawn Herald\nauto=@each my upkeep:life:1 controller\ntype=Creature\npower=1\ntoughness=1\n[/card]",
    ..RuleMeta::BASE
};

enum Verdict {
    Known,
    Removed(&'static str, &'static str),
    Unknown,
}

/// `<event>(` for every trigger event.
static EVENTS: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
    vocab::triggers()
        .words()
        .iter()
        .filter(|w| w.attr("kind") == Some("event"))
        .map(|w| format!("{}(", w.word))
        .collect()
});

fn read(body: &str) -> Verdict {
    let triggers = vocab::triggers().words();
    for pat in EVENTS.iter() {
        if let Some(i) = body.find(pat.as_str())
            && body[i + pat.len()..].contains(')')
        {
            return Verdict::Known;
        }
    }
    if body.contains("rebounded") {
        return Verdict::Known;
    }
    if (body.contains("next") || body.contains("each"))
        && vocab::phases()
            .words()
            .iter()
            .any(|p| body.contains(p.word))
    {
        return Verdict::Known;
    }
    for w in triggers.iter().filter(|w| w.is_removed()) {
        if body.contains(w.word) {
            return Verdict::Removed(w.word, w.doc);
        }
    }
    Verdict::Unknown
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for view in ctx.code_views().filter(|v| v.has("@")) {
        for trigger in view.all(Trigger::cast) {
            let range = trigger.range();
            if !trigger.has_colon() {
                view.report(
                    sink,
                    range,
                    "this trigger has no `:`: Wagic finds no trigger and no effect in this line",
                );
                continue;
            }
            let body = view.text_of(trigger.range()).to_string();
            let body = body[1..body.len() - 1].to_string();
            match read(&body) {
                Verdict::Known => {}
                Verdict::Removed(word, doc) => {
                    view.report(
                        sink,
                        range,
                        format!("`@{word}` is no longer a trigger of Wagic ({doc}): the line is read as if it had no trigger"),
                    );
                    continue;
                }
                Verdict::Unknown => {
                    view.report(
                        sink,
                        range,
                        "Wagic recognises no trigger here: it reads the line as if there were no trigger (the effect happens once, at once)",
                    );
                    continue;
                }
            }
            if body.contains("combat(") && !body.contains("source(") {
                view.report(
                    sink,
                    range,
                    "`@combat(...)` needs `source(...)`: without it Wagic builds no combat trigger",
                );
            }
            let phase_trigger = !EVENTS.iter().any(|p| body.contains(p.as_str()));
            if phase_trigger {
                for whose in ["my", "opponent", "targetcontroller", "targetedplayer"] {
                    let spaced = format!(" {whose}");
                    if body.starts_with(whose) && !body.contains(&spaced) {
                        view.report(
                            sink,
                            range,
                            format!("`{whose}` filters the player only after a space (`@next {whose} ...`): here Wagic ignores it and the trigger fires for every player"),
                        )
                        .with_severity(Severity::Error);
                        break;
                    }
                }
            }
        }
    }
}
