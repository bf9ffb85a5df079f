use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::{Ctx, Head, decoded, parts};
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N106",
    name: "announce-charset",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "`SimplyAnnounce{...}` text with characters its pattern does not accept.",
    explanation: "The engine reads `SimplyAnnounce{text}` with a pattern that accepts only letters, \
digits, spaces and `& , .` between the braces. An apostrophe, a colon, a dash or any other \
character stops the pattern from matching, and the announcement (often the only effect of the \
part) does not happen.",
    bad: "ScriptsLocal = '''\n=====\nLean Season\n-----\nc0ffee00-0000-4000-8000-000000000105\n-----\nonPlay:SimplyAnnounce{skip the Corp's next draw}\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nLean Season\n-----\nc0ffee00-0000-4000-8000-000000000105\n-----\nonPlay:SimplyAnnounce{skip the next draw of the Corp}\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for part in parts(ctx) {
        let Some(command) = part.command() else {
            continue;
        };
        let head = Head::of(&command, ctx.game);
        if head.verb.is_none_or(|v| v.word != "SimplyAnnounce") {
            continue;
        }
        let Some(text) = command.brace().and_then(|b| b.text()) else {
            continue;
        };
        let value = decoded(text.text());
        let bad: Vec<char> = value
            .chars()
            .filter(|c| !(c.is_ascii_alphanumeric() || matches!(c, ' ' | '&' | ',' | '.')))
            .collect();
        if bad.is_empty() {
            continue;
        }
        let mut shown: Vec<String> = Vec::new();
        for c in bad {
            let s = format!("`{c}`");
            if !shown.contains(&s) {
                shown.push(s);
            }
        }
        sink.report(
            text.text_range(),
            format!(
                "`SimplyAnnounce` accepts only letters, digits, spaces and `& , .`: {} stop{} its pattern, so nothing is announced",
                shown.join(", "),
                if shown.len() == 1 { "s" } else { "" }
            ),
        );
    }
}
