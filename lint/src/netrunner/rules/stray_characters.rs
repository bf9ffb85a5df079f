use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::{Ctx, Head, parts};
use crate::registry::{FixAvailability, Group, RuleMeta};
use syntax::netrunner::{SyntaxKind, SyntaxNode};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N108",
    name: "stray-characters",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "Characters in a command or modulator that the engine's patterns do not accept.",
    explanation: "Commands and modulators are letters, digits and spaces, with `#`, `&` and `_` in \
a few places (`Reduce#Cost...`, `R&D`, `_and_`). Anything else, such as a `$` left from a `$$` or \
a `|` from a `||`, is outside every pattern: the engine may not match the part, or matches a \
shorter word than written.",
    bad: "ScriptsLocal = '''\n=====\nVesper Cache\n-----\nc0ffee00-0000-4000-8000-000000000106\n-----\nwhileInstalled:Gain1Max Click$||onTrash:Draw1Card\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nVesper Cache\n-----\nc0ffee00-0000-4000-8000-000000000106\n-----\nwhileInstalled:Gain1Max Click||onTrash:Draw1Card\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    ..RuleMeta::BASE
};

fn punct(node: &SyntaxNode, markers: bool, sink: &mut Sink<'_>) {
    // Stray characters next to each other (`$|`, a damaged line) are one finding.
    let mut run: Option<(syntax::TextRange, String)> = None;
    for t in node
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() == SyntaxKind::PUNCT)
    {
        let text = syntax::xml::decode(t.text());
        if text.chars().all(|c| {
            matches!(c, '#' | '&' | '_' | '\'' | '.' | '/' | '+' | '!') || markers && c == ':'
        }) {
            continue;
        }
        match &mut run {
            Some((range, stray)) if range.end() == t.text_range().start() => {
                *range = range.cover(t.text_range());
                stray.push_str(&text);
            }
            _ => {
                if let Some((range, stray)) = run.take() {
                    report(sink, range, &stray);
                }
                run = Some((t.text_range(), text));
            }
        }
    }
    if let Some((range, stray)) = run {
        report(sink, range, &stray);
    }
}

fn report(sink: &mut Sink<'_>, range: syntax::TextRange, stray: &str) {
    // A long run is named by its start.
    let shown: String = stray.chars().take(40).collect();
    let shown = if shown.len() < stray.len() {
        format!("{shown}...")
    } else {
        shown
    };
    sink.report(
        range,
        format!("`{shown}` is not part of any command or modulator: the engine's patterns stop before it"),
    )
    .with_fix(Fix::unsafe_("remove it", vec![Edit::delete(range)]));
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for part in parts(ctx) {
        if let Some(command) = part.command() {
            // Marker names may hold a colon (`Put1Keyword:Sentry`, `Put1Subroutine:End the Run`).
            let markers = Head::of(&command, ctx.game).handler() == Some("TokensX");
            punct(command.syntax(), markers, sink);
        }
        for m in part.modulators() {
            punct(m.syntax(), false, sink);
        }
    }
}
