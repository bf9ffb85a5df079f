use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N113",
    name: "duplicate-script-entry",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "Two entries of the script table for the same card GUID.",
    explanation: "The loader stores the scripts by GUID, so a later entry with the same GUID \
replaces the earlier one entirely: the first entry's scripts never run. Usually a copied entry \
whose GUID was not changed.",
    bad: "ScriptsLocal = '''\n=====\nLantern Fund\n-----\nc0ffee00-0000-4000-8000-000000000100\n-----\nonPlay:Gain7Credits\n+++++\n\n.....\nCopper Dividend\n-----\nc0ffee00-0000-4000-8000-000000000100\n-----\nonPlay:Gain4Credits\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nLantern Fund\n-----\nc0ffee00-0000-4000-8000-000000000100\n-----\nonPlay:Gain7Credits\n+++++\n\n.....\nCopper Dividend\n-----\nc0ffee00-0000-4000-8000-000000000101\n-----\nonPlay:Gain4Credits\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let Some(table) = ctx.tree.table() else {
        return;
    };
    let guids = table
        .entries()
        .filter(|entry| entry.is_complete())
        .filter_map(|entry| entry.guid())
        .map(|guid| (guid.text().trim().to_string(), guid.text_range()));
    let index = syntax::LineIndex::new(ctx.file.text());
    for (range, first) in crate::octgn::repeated_guids(guids) {
        let line = index.line_col(first.start()).line + 1;
        sink.report(
            range,
            format!("this GUID already has an entry (line {line}): this entry replaces it, and the first one's scripts never run"),
        );
    }
}
