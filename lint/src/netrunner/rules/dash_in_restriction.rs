use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::{Ctx, parts};
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N116",
    name: "dash-in-restriction",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A card name with a dash in a restriction list: the list ends at the dash.",
    explanation: "A restriction list (`-at...`, `-grab...`) ends at the next `-`, and names are \
compared with their dashes turned into underscores. So `-atTessel-bound Relay 300` restricts to \
`Tessel`, and `-bound Relay 300` is an unknown modulator the engine ignores. Write the dash as \
`_`: `-atTessel_bound Relay 300`.",
    bad: "ScriptsLocal = '''\n=====\nTessel-bound Relay 300\n-----\nc0ffee00-0000-4000-8000-000000000109\n-----\nonInstall:Put1PlusOne-perEveryCard-atTessel-bound Relay 300\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nTessel-bound Relay 300\n-----\nc0ffee00-0000-4000-8000-000000000109\n-----\nonInstall:Put1PlusOne-perEveryCard-atTessel_bound Relay 300\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for part in parts(ctx) {
        for m in part.modulators() {
            let Some(name) = super::unknown_modulator::dashed_name(ctx, &m) else {
                continue;
            };
            let Some(dash) = m.dash() else { continue };
            sink.report(
                m.range(),
                format!("the restriction list ends at this dash, so it does not name `{name}` and the engine ignores the rest; write the dash of a card name as `_`"),
            )
            .with_fix(Fix::safe("write `_` for the dash", vec![Edit::replace(dash.text_range(), "_")]));
        }
    }
}
