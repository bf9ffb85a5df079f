use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::{Ctx, Head, parts};
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::netrunner::vocab;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N110",
    name: "custom-marker",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Suspicious,
    severity: Severity::Info,
    fix: FixAvailability::None,
    summary: "A marker that is not one of the engine's built-in markers: a new custom marker.",
    explanation: "`Put`, `Remove`, `Refill`, `Use` and `Infect` work on markers. A name that is not \
a built-in marker (`Virus`, `Power`, `Credits`, `Advancement`, `PlusOne`...) creates a new custom \
marker with that name. That is how some cards keep their own counters, but a misspelt built-in \
marker becomes a custom one too, and the engine's rules for the real marker do not apply to it.",
    bad: "ScriptsLocal = '''\n=====\nShade Worm\n-----\nc0ffee00-0000-4000-8000-000000000107\n-----\n\n+++++\nA1B0G0T0:Put1Virsu\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nShade Worm\n-----\nc0ffee00-0000-4000-8000-000000000107\n-----\n\n+++++\nA1B0G0T0:Put1Virus\n.....\nENDSCRIPTS\n=====\n'''",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let markers = vocab::markers();
    for part in parts(ctx) {
        let Some(command) = part.command() else {
            continue;
        };
        let head = Head::of(&command, ctx.game);
        if head.handler() != Some("TokensX") || head.number.is_empty() {
            continue;
        }
        let marker = head.rest.trim_end();
        if marker.is_empty() || marker.contains(':') || markers.knows(marker) {
            continue;
        }
        let range = head.range(head.rest_at, marker.len());
        let d = sink.report(
            range,
            format!("`{marker}` is not a built-in marker: the engine creates a custom marker of that name"),
        );
        if let Some(word) = model::suggest::did_you_mean(marker, markers.known()) {
            d.with_note(format!("did you mean the built-in `{word}`?"));
        }
    }
}
