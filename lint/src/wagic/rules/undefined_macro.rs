//! W127: a macro use that expands to nothing (undefined name, wrong number of arguments).

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::{Ctx, code, range};
use model::suggest;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W127",
    name: "undefined-macro",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A `__MACRO__` in ability code that no `#AUTO_DEFINE` of the library defines, or called with the wrong arguments.",
    explanation: "Macros are expanded by plain text replacement before the ability is parsed. A name that \
no macro of the library defines stays in the text, and the ability is dropped. A macro with parameters \
takes its arguments up to the first `)`, split on `,`; when their number differs from the number of \
parameters the text is left unexpanded. The expansion itself is checked by the other rules, at the place \
of the use.",
    bad: "# workspace example\n# file: sets/primitives/_macros.txt\n#AUTO_DEFINE __CYCLING__($cost) {$cost},{cycle}:draw:1\n# file: sets/primitives/cards.txt\n[card]\nname=Cycler\nautohand=__CYCLNG__(2)\ntype=Creature\npower=1\ntoughness=1\n[/card]",
    good: "# workspace example\n# file: sets/primitives/_macros.txt\n#AUTO_DEFINE __CYCLING__($cost) {$cost},{cycle}:draw:1\n# file: sets/primitives/cards.txt\n[card]\nname=Cycler\nautohand=__CYCLING__(2)\ntype=Creature\npower=1\ntoughness=1\n[/card]",
    ..RuleMeta::BASE
};

/// `_`-delimited identifiers (`__cycling__`, `_discard&draw_`) in lowercased text.
pub(crate) fn identifiers(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'&';
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'_' && (i == 0 || !word(bytes[i - 1])) {
            let mut j = i;
            while j < bytes.len() && word(bytes[j]) {
                j += 1;
            }
            let id = &text[i..j];
            if j - i >= 3 && id.ends_with('_') && id.bytes().any(|b| b.is_ascii_alphabetic()) {
                out.push((i, j));
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let Some(library) = ctx.library else { return };
    if library.macro_lines.is_empty() {
        return;
    }
    for line in &ctx.code {
        let raw = &ctx.file.text()[line.auto.range()];
        if !raw.contains('_') {
            continue;
        }
        let text = raw.to_ascii_lowercase();
        let base = usize::from(line.auto.range().start());
        for (s, e) in identifiers(&text) {
            let id = &text[s..e];
            let at = range(base + s, base + e);
            match library.macro_named(id) {
                None => {
                    if library
                        .macros
                        .iter()
                        .any(|m| !m.name.is_empty() && id.contains(m.name.as_str()))
                    {
                        continue;
                    }
                    let d = sink.report(
                        at,
                        format!("no macro named `{id}` is defined: Wagic leaves it in the text and the ability is dropped"),
                    );
                    if let Some(m) =
                        suggest::did_you_mean(id, library.macros.iter().map(|m| m.name.as_str()))
                    {
                        d.with_note(format!("did you mean `{m}`?"));
                        if let Some(def) = library.macro_named(m) {
                            d.with_related(
                                ctx.related(def.at, format!("the macro {m} is defined here")),
                            );
                        }
                    }
                }
                Some(m) if !m.params.is_empty() => {
                    let rest = &text[e..];
                    let Some(args) = rest.strip_prefix('(') else {
                        sink.report(
                            at,
                            format!("macro `{id}` takes {} argument(s) in `(...)`: without them Wagic leaves it unexpanded", m.params.len()),
                        );
                        continue;
                    };
                    let Some(close) = args.find(')') else {
                        continue;
                    };
                    let count = args[..close].split(',').count();
                    if count != m.params.len() {
                        sink.report(
                            range(base + s, base + e + 1 + close + 1),
                            format!(
                                "macro `{id}` takes {} argument(s), not {count} (they end at the first `)`): Wagic leaves the text unexpanded",
                                m.params.len()
                            ),
                        )
                        .with_note(format!("defined at {}", ctx.describe(m.at)))
                        .with_related(ctx.related(m.at, format!("the macro {id} is defined here")));
                    }
                }
                Some(_) => {}
            }
        }
    }
    let _ = (Severity::Error, code::expand);
}

#[cfg(test)]
mod tests {
    #[test]
    fn identifiers_are_underscore_delimited() {
        let t = "autohand=__cycling__({2}) && _discard&draw_ x_y_ __";
        let ids: Vec<&str> = super::identifiers(t)
            .into_iter()
            .map(|(s, e)| &t[s..e])
            .collect();
        assert_eq!(ids, vec!["__cycling__", "_discard&draw_"]);
    }
}
