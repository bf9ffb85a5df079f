use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::{Ctx, decoded, parts};
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N107",
    name: "effect-pair",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A `-traceEffects<a,b>` or `-psiEffects<a,b>` the engine splits wrongly.",
    explanation: "The success and failure effects of a trace or a psi game are read from `<a,b>`: \
the pair ends at the first `>` and is split at the first comma, whatever braces there are. Each side \
is a sequence of parts joined by `++` (`$$` would cut the whole script), and `None` means no effect. \
A comma inside `SimplyAnnounce{...}`, a second comma or a missing `>` gives the engine other effects \
than the ones written.",
    bad: "ScriptsLocal = '''\n=====\nMarsh Light\n-----\nc0ffee00-0000-4000-8000-000000000103\n-----\nonPlay:Trace4-traceEffects<SimplyAnnounce{expose a card, or two},None>\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nMarsh Light\n-----\nc0ffee00-0000-4000-8000-000000000103\n-----\nonPlay:Trace4-traceEffects<SimplyAnnounce{expose one or two cards},None>\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for part in parts(ctx) {
        for m in part.modulators() {
            let Some(name) = m.name() else { continue };
            let text = decoded(name.text());
            if text != "traceEffects" && text != "psiEffects" {
                continue;
            }
            let Some(angle) = m.angle() else {
                sink.report(
                    m.range(),
                    format!("`-{text}` needs its effects: `-{text}<success,failure>`"),
                );
                continue;
            };
            if !angle.is_closed() {
                sink.report(
                    angle.range(),
                    format!("this `<` of `-{text}` has no `>` in its part (a `$$` inside it cuts the script): the engine reads other effects"),
                );
                continue;
            }
            let sides = angle.sides();
            let split_brace = sides.first().is_some_and(|s| {
                s.syntax()
                    .descendants()
                    .filter_map(syntax::netrunner::ast::BraceArg::cast)
                    .any(|b| !b.is_closed())
            });
            if split_brace {
                sink.report(
                    angle.range(),
                    format!("the engine splits `-{text}<...>` at its first comma, which is inside `{{...}}` here: both effects are misread"),
                );
            } else if angle.commas() == 0 {
                sink.report(
                    angle.range(),
                    format!("`-{text}<...>` has no comma: write `<success,failure>` (`None` for no effect)"),
                );
            } else if sides
                .get(1)
                .is_some_and(|s| s.syntax().text().to_string().contains(','))
            {
                sink.report(
                    angle.range(),
                    format!("`-{text}<...>` has more than one comma: the engine splits it at the first one, and the failure effect holds the rest"),
                );
            }
        }
    }
}
