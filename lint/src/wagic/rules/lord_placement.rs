//! W123: `lord(`/`all(`/`foreach(`/`aslongas(`/`teach(` where the engine loses part of the ability.

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::code::{self, CodeView, LordShape};
use crate::wagic::{Ctx, sub_range};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W123",
    name: "lord-placement",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "`lord(...)`, `all(...)`, `foreach(...)`, `aslongas(...)` or `teach(...)` where the engine ignores part of the ability.",
    explanation: "The engine understands only `<kw>(<target>) <ability>` and `<ability> <kw>(<target>)` with \
the keyword's `)` at the very end. In any other position it ignores the text before the keyword and \
parses only the text after its `)`: `-1/-1 all(creature) ueot` parses just `ueot`, which builds nothing. \
The lord family is tested before `flipacoin`, `phaseaction[...]`, `upcost[...]` and `pay[[...]]`, so an \
`all(...)` inside a coin-flip branch loses the coin flip. The argument ends at the first `)`; a keyword \
whose `(` is never closed builds nothing at all.",
    bad: "[card]\nname=Withering Gust\nauto=-1/-1 all(creature) ueot\ntype=Instant\n[/card]",
    good: "[card]\nname=Withering Gust\nauto=all(creature) -1/-1 ueot\ntype=Instant\n[/card]",
    ..RuleMeta::BASE
};

fn report(
    view: &CodeView,
    sink: &mut Sink<'_>,
    effect: &syntax::wagic::ast::Effect,
    fragment: &str,
    base: usize,
) {
    match code::lord_shape(fragment) {
        LordShape::Fine => {}
        LordShape::Wraps { .. } => {
            // The wrapped ability is parsed again: it may hold another keyword.
            if let Some((start, end)) = code::lord_inner(fragment)
                && start < end
                && end - start < fragment.len()
            {
                report(view, sink, effect, &fragment[start..end], base + start);
            }
        }
        LordShape::NoAbility { at, len } => {
            let kw = &fragment[at..at + len];
            view.report(
                sink,
                sub_range(effect.range(), base + at, base + fragment.len()),
                format!("nothing follows `{kw}(...)`: Wagic builds no ability from it"),
            );
        }
        LordShape::Unclosed { at, len } => {
            let kw = &fragment[at..at + len];
            view.report(
                sink,
                sub_range(effect.range(), base + at, base + at + len + 1),
                format!("`{kw}(` is never closed: Wagic builds nothing from this ability"),
            );
        }
        LordShape::Ignored {
            start,
            end,
            keyword,
            limit,
        } => {
            let ignored = &fragment[start..end];
            let kw = keyword.trim_end_matches('(');
            let at_kw = fragment[end..].find(keyword).map_or(end, |i| end + i);
            let after = fragment[at_kw..]
                .find(')')
                .map_or("", |i| fragment[at_kw + i + 1..].trim());
            if after == ignored {
                return; // `x all(...) x`: the ability after `)` is the same one
            }
            let range = sub_range(effect.range(), base + start, base + end);
            if limit {
                view.report(
                    sink,
                    range,
                    format!("`{ignored}` stands before `{kw}(...)` and only `limit:` after it: if the engine does not take `limit:` out first, it parses only `limit:` and `{ignored}` is lost; write `{kw}(...) {ignored} limit:...`"),
                )
                .with_severity(Severity::Warning);
                return;
            }
            let message = if ["flipacoin", "rolld", "phaseaction", "upcost", "pay[["]
                .iter()
                .any(|w| ignored.contains(w))
            {
                format!(
                    "Wagic reads `{kw}(...)` before `{}`, so everything before `{kw}(` is ignored and the construct is lost",
                    ignored.split_whitespace().next().unwrap_or(ignored)
                )
            } else {
                format!(
                    "Wagic parses only the text after `{kw}(...)`: `{ignored}` before it is ignored (write `{kw}(...) <ability>`, or put `{kw}(...)` at the very end)"
                )
            };
            view.report(sink, range, message)
                .with_severity(Severity::Error);
        }
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for view in ctx.code_views().filter(|v| {
        ["lord(", "all(", "foreach(", "aslongas(", "teach("]
            .iter()
            .any(|k| v.has(k))
    }) {
        for effect in view.all(syntax::wagic::ast::Effect::cast) {
            let full = view.text_of(effect.range());
            // The condition of `if ... then` is not part of the ability.
            let offset = effect
                .condition()
                .map_or(0, |c| usize::from(c.range().end() - effect.range().start()));
            let text = &full[offset..];
            // `ability$!` bodies hold several abilities separated by ` _ `; `if` has an `else`.
            let mut pieces = Vec::new();
            for (at, seg) in code::segments(text) {
                match seg.find(" else ") {
                    Some(e) => {
                        pieces.push((at, &seg[..e]));
                        pieces.push((at + e + 6, &seg[e + 6..]));
                    }
                    None => pieces.push((at, seg)),
                }
            }
            for (at, piece) in pieces {
                let lead = piece.len() - piece.trim_start().len();
                let fragment = piece.trim();
                let base = offset + at + lead;
                report(view, sink, &effect, fragment, base);
            }
        }
    }
}
