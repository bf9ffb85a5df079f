use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::{Ctx, Head, decoded};
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::netrunner::vocab;
use syntax::netrunner::ast::FieldKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N101",
    name: "unknown-autoscript-trigger",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "An AutoScript alternative whose trigger the engine does not know, or that has none.",
    explanation: "Each alternative of an AutoScript starts with its trigger (`onPlay:`, `onRez:`, \
`whileInstalled:`, `atTurnStart:`...), written exactly, case included. An unknown `on...` trigger is \
not in the engine's list of triggers to reject, so the part runs on every play-type event of the \
card (played, rezzed, installed, scored, trashed...). A trigger of another shape is skipped by the \
Android engine and crashes the classic one. An alternative without a trigger never runs, except \
effects the engine polls (`Reduce...`, `Provide...`), which work but are better given a trigger.",
    bad: "ScriptsLocal = '''\n=====\nLantern Fund\n-----\nc0ffee00-0000-4000-8000-000000000100\n-----\nOnPlay:Gain7Credits\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nLantern Fund\n-----\nc0ffee00-0000-4000-8000-000000000100\n-----\nonPlay:Gain7Credits\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    ..RuleMeta::BASE
};

fn known(text: &str, ctx: &Ctx<'_>) -> bool {
    let triggers = vocab::triggers();
    triggers
        .get(text)
        .is_some_and(|w| vocab::in_game(w, ctx.game))
        || text.starts_with("whileRunning")
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let triggers = vocab::triggers();
    for field in ctx.tree.fields() {
        if field.kind() != FieldKind::AutoScript {
            continue;
        }
        let Some(script) = field.script() else {
            continue;
        };
        for alt in script.alternatives() {
            if alt.syntax().text().to_string().trim().is_empty() {
                continue;
            }
            match alt.prefix().and_then(|p| p.word()) {
                Some(word) => {
                    let text = decoded(word.text());
                    if known(&text, ctx) || super::cost_prefix::looks_like_cost(&text) {
                        continue;
                    }
                    let candidates: Vec<&str> = vocab::for_game(triggers, ctx.game)
                        .map(|w| w.word)
                        .collect();
                    let fix = triggers
                        .get_ignore_case(&text)
                        .filter(|w| vocab::in_game(w, ctx.game))
                        .map(|w| w.word)
                        .or_else(|| {
                            model::suggest::unique_near_miss(&text, candidates.iter().copied())
                        });
                    let effect = if text.starts_with("on") {
                        "the engine does not reject it, so this alternative runs on every play-type event of the card"
                    } else if ctx.game == crate::netrunner::Game::Classic {
                        "the classic engine fails on it"
                    } else {
                        "the engine skips this alternative"
                    };
                    let d = sink.report(
                        word.text_range(),
                        format!("`{text}` is not a trigger of {}: {effect}", ctx.game.name()),
                    );
                    if let Some(fix) = fix {
                        d.with_fix(Fix::safe(
                            format!("write `{fix}`"),
                            vec![Edit::replace(word.text_range(), fix)],
                        ));
                    }
                }
                None => {
                    let Some(part) = alt.parts().next() else {
                        continue;
                    };
                    let Some(command) = part.command() else {
                        continue;
                    };
                    let head = Head::of(&command, ctx.game);
                    if head.resident.is_some()
                        && head.verb.is_none_or(|v| {
                            v.word.len() < head.resident.map_or(0, |r| r.word.len())
                        })
                        || head.text.starts_with("triggerNoisy")
                    {
                        sink.report(
                            command.range(),
                            "this alternative has no trigger: the engine polls this effect, so it works, but give it one (`whileInstalled:`, `whileRezzed:`...)",
                        )
                        .with_severity(Severity::Warning);
                    } else {
                        sink.report(
                            alt.range(),
                            "this AutoScript alternative has no trigger (`onPlay:`, `whileRezzed:`...): the engine never runs it",
                        );
                    }
                }
            }
        }
    }
}
