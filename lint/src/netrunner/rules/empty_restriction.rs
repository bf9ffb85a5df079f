use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::{Ctx, decoded, parts};
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N115",
    name: "empty-restriction",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A restriction modulator (`-at`, `-grab`, `-affects`, `-type`) with nothing after it.",
    explanation: "A restriction list is the text glued after `-at` (or `-grab`, `-affects`, `-type`) \
up to the next `-`: `-atICE_and_nonSentry`. Written alone, `-at` restricts nothing, so the effect \
applies to every card the rest of the part selects, which is rarely what was meant.",
    bad: "ScriptsLocal = '''\n=====\nKnotted Ledger\n-----\nc0ffee00-0000-4000-8000-000000000102\n-----\nonScore:Gain1Credits-perEveryCard-at-isRezzed\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nKnotted Ledger\n-----\nc0ffee00-0000-4000-8000-000000000102\n-----\nonScore:Gain1Credits-perEveryCard-atICE-isRezzed\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for part in parts(ctx) {
        for m in part.modulators() {
            let Some(name) = m.name() else { continue };
            let text = decoded(name.text());
            if !super::unknown_modulator::RESTRICTIONS.contains(&text.trim_end()) {
                continue;
            }
            if m.brace().is_some() || m.angle().is_some() {
                continue;
            }
            sink.report(
                m.range(),
                format!(
                    "`-{}` has no restriction after it: it restricts nothing",
                    text.trim_end()
                ),
            );
        }
    }
}
