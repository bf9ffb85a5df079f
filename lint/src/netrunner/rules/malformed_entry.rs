use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use syntax::netrunner::SyntaxKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N112",
    name: "malformed-entry",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Syntax,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A `CardScripts.py` entry that is not `name ----- GUID ----- AutoScript +++++ AutoAction`.",
    explanation: "The script table is cut with plain string splits: entries on `.....`, then each \
entry on `-----` (name, GUID, scripts) and the scripts on `+++++` (AutoScript, AutoAction). An \
entry with a separator missing loses its scripts or its GUID; a separator written inside a script \
(`-----` in a long dash, `.....` in an ellipsis) cuts it there, and what follows is read as \
something else or dropped.",
    bad: "ScriptsLocal = '''\n=====\nLantern Fund\n-----\nc0ffee00-0000-4000-8000-000000000100\nonPlay:Gain7Credits\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nLantern Fund\n-----\nc0ffee00-0000-4000-8000-000000000100\n-----\nonPlay:Gain7Credits\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let Some(table) = ctx.tree.table() else {
        return;
    };
    if table.end().is_none() {
        sink.report(
            table.range(),
            "the script table has no `ENDSCRIPTS` entry: the loader reads past the last card",
        );
    }
    for entry in table.entries() {
        let dashes = entry.separators().filter(|t| t.text() == "-----").count();
        let name = entry
            .name()
            .map(|t| t.text().to_string())
            .unwrap_or_default();
        if dashes < 2 {
            sink.report(
                entry.name().map_or(entry.range(), |n| n.text_range()),
                format!(
                    "this entry{} has {dashes} `-----` separator{} where the loader needs two (name, GUID, scripts): its scripts are not loaded",
                    if name.is_empty() { String::new() } else { format!(" ({name})") },
                    if dashes == 1 { "" } else { "s" }
                ),
            );
            continue;
        }
        if entry
            .syntax()
            .children()
            .all(|n| n.kind() != SyntaxKind::AUTO_ACTION)
        {
            let range = entry.fields().next().map_or(entry.range(), |f| f.range());
            sink.report(
                range,
                "this entry has no `+++++` between its AutoScript and its AutoAction: the engine reads no AutoAction",
            );
        }
        for ignored in entry.ignored() {
            let text = ignored.text().to_string();
            if text.trim().is_empty() {
                continue;
            }
            sink.report(
                ignored.text_range(),
                "a separator (`-----` or `+++++`) inside this entry cut it: the loader never reads this text",
            );
        }
    }
}
