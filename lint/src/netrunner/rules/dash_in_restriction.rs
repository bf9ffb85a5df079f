use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::{Ctx, parts};
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N116",
    name: "dash-in-restriction",
    dialect: Some(Dialect::Netrunner),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A card name with a dash in a restriction list: the list ends at the dash.",
    explanation: "A restriction list (`-at...`, `-grab...`) ends at the next `-`, and names are \
compared with their dashes turned into underscores. So `-atRamujan-reliant 550 BMI` restricts to \
`Ramujan`, and `-reliant 550 BMI` is an unknown modulator the engine ignores. Write the dash as \
`_`: `-atRamujan_reliant 550 BMI`.",
    bad: "ScriptsLocal = '''\n=====\nRamujan-reliant 550 BMI\n-----\nbc0f047c-01b1-427f-a439-d451eda04040\n-----\nonDamage:Put1protectionNetBrainDMG-perEveryCard-atRamujan-reliant 550 BMI\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nRamujan-reliant 550 BMI\n-----\nbc0f047c-01b1-427f-a439-d451eda04040\n-----\nonDamage:Put1protectionNetBrainDMG-perEveryCard-atRamujan_reliant 550 BMI\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
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
