//! W120: a target specification the engine splits or misreads, so that no target is built.

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use syntax::wagic::SyntaxKind;
use syntax::wagic::ast::{Auto, TargetSpec};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W120",
    name: "malformed-target",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A target whose `[...]` the engine splits or misreads: no target chooser is built.",
    explanation: "The engine splits a target's type list on `,` before it reads brackets, so \
`creature[white,black]` becomes `creature[white` and `black]`: write `creature[white;black]` (`;` is \
or, `&` is and). A `[...]` restriction is accepted only when the list has a single type \
(`instant[red],sorcery[red]` builds nothing: write two abilities). The count is read from the first `<` \
to the next `>` of the type list, so `[power<=2;toughness>=3]` is misread as a count. And a line that \
contains `&&` is split on every single `&`, including one inside `[a&b]`. In each case the engine \
builds no target chooser and uses the missing one anyway. The `target=` line takes the list bare: \
`target=(artifact,creature)` makes `(artifact` a type name no card has.",
    bad: "[card]\nname=Escape Plan\ntarget=creature[white,black]\nauto=moveto(ownerhand)\ntype=Instant\n[/card]",
    good: "[card]\nname=Escape Plan\ntarget=creature[white;black]\nauto=moveto(ownerhand)\ntype=Instant\n[/card]",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    // `target=` values, and every target of ability code.
    for card in &ctx.cards {
        for entry in card.entries_of(syntax::wagic::KeyMeaning::Target) {
            // `target=(a,b)`: the parentheses of `target(...)` written on the `target=` line.
            let value = entry.value_text();
            let trimmed = value.trim_end();
            if trimmed.len() > 2 && trimmed.starts_with('(') && trimmed.ends_with(')') {
                let range = entry.value_range();
                let start = range.start();
                let open = syntax::TextRange::at(start, 1.into());
                let close = syntax::TextRange::at(
                    start + syntax::TextSize::from((trimmed.len() - 1) as u32),
                    1.into(),
                );
                let first = &trimmed[..trimmed.find([',', '|']).unwrap_or(trimmed.len())];
                let last = trimmed[..trimmed.find('|').unwrap_or(trimmed.len())]
                    .rsplit(',')
                    .next()
                    .unwrap_or(first);
                let names = if last == first || !last.ends_with(')') {
                    format!("`{}`", first.trim())
                } else {
                    format!("`{}` and `{}`", first.trim(), last.trim())
                };
                sink.report(
                    range,
                    format!(
                        "`target=` takes the target list without parentheses: Wagic reads {names} as type names no card has, so those cannot be targeted"
                    ),
                )
                .with_severity(Severity::Warning)
                .with_fix(Fix::safe(
                    "remove the parentheses",
                    vec![Edit::delete(open), Edit::delete(close)],
                ));
                continue;
            }
            if let Some(spec) = entry.target() {
                check_spec(&spec, None, sink, false);
            }
        }
    }
    for view in ctx.code_views().filter(|v| v.has("[")) {
        for spec in view.all(TargetSpec::cast) {
            // `&&` splits the effect part of a line (after its trigger and cost) on every `&`.
            let in_effect = spec
                .syntax()
                .ancestors()
                .take_while(|n| n.kind() != SyntaxKind::AUTO)
                .any(|n| n.kind() == SyntaxKind::EFFECT);
            let split_on_amp = in_effect
                && spec
                    .syntax()
                    .ancestors()
                    .find_map(Auto::cast)
                    .is_some_and(|a| a.has_effect_separators());
            check_spec(&spec, Some(view), sink, split_on_amp);
        }
    }
}

fn check_spec(
    spec: &TargetSpec,
    view: Option<&crate::wagic::code::CodeView>,
    sink: &mut Sink<'_>,
    split_on_amp: bool,
) {
    let mut report = |range, message: String, fix: Option<Fix>| match view {
        Some(v) => {
            let r = v.report(sink, range, message);
            if let Some(f) = fix {
                r.with_fix(f);
            }
        }
        None => {
            let d = sink.report(range, message);
            if let Some(f) = fix {
                d.with_fix(f);
            }
        }
    };
    let types: Vec<_> = spec.types().collect();
    let mut comma_reported = false;
    let mut amp_reported = false;
    for t in &types {
        let Some(restrictions) = t.restrictions() else {
            continue;
        };
        for token in restrictions
            .syntax()
            .children_with_tokens()
            .filter_map(|e| e.into_token())
        {
            match token.kind() {
                SyntaxKind::COMMA => {
                    comma_reported = true;
                    report(
                        token.text_range(),
                        "Wagic splits the type list on `,` before it reads `[...]`, so this restriction is cut in two and no target is built: use `;` (or) or `&` (and)".to_string(),
                        Some(Fix::unsafe_("write `;`", vec![Edit::replace(token.text_range(), ";")])),
                    );
                }
                SyntaxKind::AMP if split_on_amp && !amp_reported => {
                    amp_reported = true;
                    report(
                        token.text_range(),
                        "this line contains `&&`, so Wagic splits it on every `&`, this one included: the target is cut in two (use `;` or a separate ability)".to_string(),
                        None,
                    );
                }
                _ => {}
            }
        }
    }
    let player = types
        .iter()
        .any(|t| t.name_text().to_ascii_lowercase().contains("player"));
    if types.len() > 1
        && !comma_reported
        && let Some(t) = types.iter().find(|t| t.restrictions().is_some())
    {
        let message = if player {
            "with `player` in the type list the target is \"any damageable target\" and Wagic ignores the `[...]` restrictions: every such card qualifies"
        } else {
            "a `[...]` restriction is accepted only when the target has a single type: Wagic builds no target for this list"
        };
        report(t.range(), message.to_string(), None);
    }
    if spec.count().is_none() {
        let text = spec
            .types()
            .map(|t| t.syntax().text().to_string())
            .collect::<Vec<_>>()
            .join(",");
        let bracketed = types.iter().any(|t| {
            t.restrictions()
                .is_some_and(|r| r.syntax().text().to_string().contains('<'))
        });
        if bracketed
            && let Some(lt) = text.find('<')
            && text[lt..].contains('>')
        {
            report(
                spec.range(),
                "Wagic reads a target count from the first `<` to the next `>` of the type list: this `<`...`>` inside `[...]` is misread as a count".to_string(),
                None,
            );
        }
    }
    let _ = Severity::Error;
}
