//! W163: a `;` between the types of a target (`target(artifact;enchantment)`): Wagic separates
//! them with `,` and reads the whole as one type no card has.

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::code::CodeView;
use syntax::wagic::SyntaxKind;
use syntax::wagic::ast::TargetSpec;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W163",
    name: "target-semicolon",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Always,
    summary: "A `;` between the types of a target (`target(artifact;enchantment)`, `target=player;`): Wagic splits a target's types on `,` only, so `artifact;enchantment` is one type that no card has.",
    explanation: "The target chooser cuts its list of types at each `,` and looks each piece up as a \
type or a card name; `;` separates attributes only inside `[...]` (`creature[black;green]`). Outside \
the brackets a `;` stays in the word: `artifact;enchantment` is a type no card has, so nothing can be \
chosen (an error). When the target names `player`, the chooser finds `player` anywhere in the text and \
the target still works, by luck (a warning). The fix writes `,` (or drops a trailing `;`).",
    bad: "[card]\nname=Rust Ward\ntext=Destroy target artifact or enchantment.\nmana={1}{W}\ntype=Instant\nauto=destroy target(artifact;enchantment)\n[/card]",
    good: "[card]\nname=Rust Ward\ntext=Destroy target artifact or enchantment.\nmana={1}{W}\ntype=Instant\nauto=destroy target(artifact,enchantment)\n[/card]",
    ..RuleMeta::BASE
};

fn check_spec(spec: &TargetSpec, view: Option<&CodeView>, sink: &mut Sink<'_>) {
    let whole = spec.syntax().text().to_string().to_ascii_lowercase();
    for t in spec.types() {
        let tokens: Vec<_> = t
            .syntax()
            .children_with_tokens()
            .take_while(|e| e.as_token().is_some())
            .filter_map(|e| e.into_token())
            .collect();
        let semis: Vec<_> = tokens
            .iter()
            .enumerate()
            .filter(|(_, t)| t.kind() == SyntaxKind::SEMI)
            .collect();
        let Some(&(_, first)) = semis.first() else {
            continue;
        };
        let name = t.name_text();
        let name = name.trim();
        let (message, severity) = if whole.contains("player") {
            (
                format!(
                    "`;` in the target type `{name}`: Wagic separates types with `,`; this target works only because the engine finds `player` anywhere in it"
                ),
                Severity::Warning,
            )
        } else {
            (
                format!(
                    "`;` in the target type `{name}`: Wagic separates types with `,` and reads `{name}` as one type that no card has, so nothing can be chosen"
                ),
                Severity::Error,
            )
        };
        // Each `;` becomes `,`, except a trailing one, which goes.
        let edits: Vec<Edit> = semis
            .iter()
            .map(|&(i, semi)| {
                let last = tokens[i + 1..]
                    .iter()
                    .all(|t| t.kind() == SyntaxKind::WHITESPACE);
                if last {
                    Edit::delete(semi.text_range())
                } else {
                    Edit::replace(semi.text_range(), ",")
                }
            })
            .collect();
        let fix = Fix::safe("separate the types with `,`", edits);
        let range = first.text_range();
        match view {
            Some(v) => {
                v.report(sink, range, message)
                    .with_severity(severity)
                    .with_fix(fix);
            }
            None => {
                sink.report(range, message)
                    .with_severity(severity)
                    .with_fix(fix);
            }
        }
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        for entry in card.entries_of(syntax::wagic::KeyMeaning::Target) {
            if let Some(spec) = entry.target() {
                check_spec(&spec, None, sink);
            }
        }
    }
    for view in ctx.code_views().filter(|v| v.has(";")) {
        let mut seen = std::collections::HashSet::new();
        for spec in view.all(TargetSpec::cast) {
            if seen.insert(spec.syntax().text_range()) {
                check_spec(&spec, Some(view), sink);
            }
        }
    }
}
