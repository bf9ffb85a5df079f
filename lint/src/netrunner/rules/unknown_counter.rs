use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::{Ctx, Game, Head, parts};
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::netrunner::vocab;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N109",
    name: "unknown-counter",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "`Gain`, `Lose` or `SetTo` with a counter the game does not have.",
    explanation: "`Gain<N><Counter>`, `Lose<N><Counter>` and `SetTo<N><Counter>` work on the \
player's counters, which differ by game: Android: Netrunner has `Credits`, `Clicks`, `Tags`, \
`Bad Publicity`, `Agenda Points`, `MU`, `Base Link`, `Hand Size`, `Max Click`; the classic game has \
`Bits`, `Actions`, `Max Action`... Any other counter stops the script with \"Gain what?!\".",
    bad: "ScriptsLocal = '''\n=====\nLantern Fund\n-----\nc0ffee00-0000-4000-8000-000000000100\n-----\nonPlay:Gain7Bits\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nLantern Fund\n-----\nc0ffee00-0000-4000-8000-000000000100\n-----\nonPlay:Gain7Credits\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let counters = vocab::counters();
    for part in parts(ctx) {
        let Some(command) = part.command() else {
            continue;
        };
        let head = Head::of(&command, ctx.game);
        if head.handler() != Some("GainX") || head.number.is_empty() {
            continue;
        }
        let counter: String = head
            .rest
            .chars()
            .take_while(|c| c.is_ascii_alphabetic() || *c == ' ')
            .collect();
        let counter = counter.trim_end();
        if counter.is_empty() || vocab::longest_prefix(counters, ctx.game, counter).is_some() {
            continue;
        }
        let range = head.range(head.rest_at, counter.len());
        let other = match ctx.game {
            Game::Android => Game::Classic,
            Game::Classic => Game::Android,
        };
        let d = sink.report(
            range,
            format!(
                "{} has no counter `{counter}`: the engine cannot apply it and the script stops",
                ctx.game.name()
            ),
        );
        if vocab::longest_prefix(counters, other, counter).is_some() {
            d.with_note(format!("`{counter}` is a counter of {}", other.name()));
        }
        let candidates: Vec<&str> = vocab::for_game(counters, ctx.game)
            .map(|w| w.word)
            .collect();
        let fix = match (ctx.game, counter) {
            (Game::Android, "Bits") => Some("Credits"),
            (Game::Android, "Actions") => Some("Clicks"),
            (Game::Classic, "Credits") => Some("Bits"),
            (Game::Classic, "Clicks") => Some("Actions"),
            _ => model::suggest::unique_near_miss(counter, candidates.iter().copied()),
        };
        if let Some(fix) = fix
            && head.exact()
        {
            d.with_fix(Fix::safe(
                format!("write `{fix}`"),
                vec![Edit::replace(range, fix)],
            ));
        }
    }
}
