use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::{Ctx, Game, Head, decoded, parts};
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::netrunner::vocab;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N105",
    name: "modulator-case",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A modulator or cost-change event written with the wrong letter case.",
    explanation: "The engine's searches are case-sensitive: `-msg{...}` is not `-Msg{...}` (the \
prompt of `RequestInt` is lost), `-TargetMine` is not `-targetMine`. Cost-change events are compared \
case-sensitively too, and the two games spell one differently: Android expects `Deltag` \
(`Reduce#CostDeltag`), the classic game `DelTag`.",
    bad: "ScriptsLocal = '''\n=====\nSilver Handshake\n-----\nc0ffee00-0000-4000-8000-000000000108\n-----\nonPlay:RequestInt-msg{How many cards?}\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nSilver Handshake\n-----\nc0ffee00-0000-4000-8000-000000000108\n-----\nonPlay:RequestInt-Msg{How many cards?}\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for part in parts(ctx) {
        for m in part.modulators() {
            let Some(name) = m.name() else { continue };
            let text = decoded(name.text());
            if let super::unknown_modulator::Reading::Case(word) =
                super::unknown_modulator::read(&text)
            {
                let range = syntax::TextRange::at(
                    name.text_range().start(),
                    syntax::TextSize::from(word.len() as u32),
                );
                sink.report(
                    range,
                    format!(
                        "`-{}` is not read: modulators are case-sensitive, write `-{word}`",
                        &text[..word.len()]
                    ),
                )
                .with_fix(Fix::safe(
                    format!("write `-{word}`"),
                    vec![Edit::replace(range, word)],
                ));
            }
        }
        // `Reduce#CostDelTag`: the event after `Cost`, per game.
        let Some(command) = part.command() else {
            continue;
        };
        let head = Head::of(&command, ctx.game);
        if !head
            .resident
            .is_some_and(|r| matches!(r.word, "Reduce" | "Increase"))
        {
            continue;
        }
        let Some(at) = head.text.find("Cost") else {
            continue;
        };
        let event_start = at + 4;
        let event: String = head.text[event_start..]
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        if event.is_empty() {
            continue;
        }
        let events = vocab::cost_change_events();
        let in_game = events
            .get(&event)
            .is_some_and(|w| vocab::in_game(w, ctx.game));
        if in_game {
            continue;
        }
        if let Some(w) =
            vocab::for_game(events, ctx.game).find(|w| w.word.eq_ignore_ascii_case(&event))
        {
            let range = head.range(event_start, event.len());
            let note = if ctx.game == Game::Android && event == "DelTag" {
                " (`DelTag` is the classic game's spelling)"
            } else if ctx.game == Game::Classic && event == "Deltag" {
                " (`Deltag` is the Android game's spelling)"
            } else {
                ""
            };
            let d = sink.report(
                range,
                format!(
                    "the cost-change event `{event}` is compared case-sensitively: {} reads `{}`{note}",
                    ctx.game.name(),
                    w.word
                ),
            );
            if head.exact() {
                d.with_fix(Fix::safe(
                    format!("write `{}`", w.word),
                    vec![Edit::replace(range, w.word)],
                ));
            }
        }
    }
}
