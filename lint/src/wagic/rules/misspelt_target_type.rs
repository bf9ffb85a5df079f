//! W132: a type word of a target or a `lord(...)` that is a near miss of a known type
//! (`creture`, `artifcat`).

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::code::CodeView;
use crate::wagic::index::Library;
use syntax::wagic::ast::TargetSpec;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W132",
    name: "misspelt-target-type",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A type word of `target=`, `target(...)` or `lord(...)` that no card of the library has and that is a near miss of a type (`creture`, `artifcat`): it matches nothing.",
    explanation: "Wagic reads each word of a target's type list as a card type (or a few special words: \
`player`, `*`, `this`, `mytgt`...). A misspelt type is a type no card has: the target chooser finds \
nothing, so the spell cannot be cast or the lord affects nothing. The rule reports a word that is no \
type, card name or marker of the library and no special word, and that is a near miss of a rules type. \
It is an error when the library's type list is complete (its primitives are present) and one type is \
closest (the fix replaces it, safe); otherwise a warning.",
    bad: "[card]\nname=Bolt Snare\nmana={1}{R}\ntype=Instant\ntarget=creture\nauto=damage:2\n[/card]",
    good: "[card]\nname=Bolt Snare\nmana={1}{R}\ntype=Instant\ntarget=creature\nauto=damage:2\n[/card]",
    ..RuleMeta::BASE
};

/// Words the target chooser reads without a card having that type.
const SPECIAL: &[&str] = &[
    "*",
    "player",
    "opponent",
    "controller",
    "this",
    "mytgt",
    "other",
    "token",
    "trigger",
    "children",
    "parents",
    "targetedplayer",
    "abilitycontroller",
    "anytarget",
    "proliferation",
    "propagation",
    "pairable",
    "mychild",
    "mysource",
    "mytotem",
    "myeqp",
    "mycurses",
    "card",
    "permanent",
    "spell",
    "creature",
    "artifact",
    "enchantment",
    "land",
    "instant",
    "sorcery",
    "planeswalker",
    "battle",
    "tribal",
    "kindred",
    "legendary",
    "basic",
    "snow",
    "world",
];

fn check_spec(
    spec: &TargetSpec,
    view: Option<&CodeView>,
    library: Option<&Library>,
    candidates: &[&'static str],
    sink: &mut Sink<'_>,
) {
    for t in spec.types() {
        let name = t.name_text();
        let word = name.trim();
        let lower = word.to_ascii_lowercase();
        if lower.len() < 4
            || !lower.bytes().all(|b| b.is_ascii_alphabetic())
            || SPECIAL.contains(&lower.as_str())
            || lower.starts_with("non")
            || library.is_some_and(|l| l.types.contains_key(&lower))
        {
            continue;
        }
        if candidates.iter().any(|c| c.eq_ignore_ascii_case(&lower)) {
            continue;
        }
        let Some(best) = model::suggest::did_you_mean(&lower, candidates.iter().copied()) else {
            continue;
        };
        let best_lower = best.to_ascii_lowercase();
        if lower.starts_with(&best_lower) || best_lower.starts_with(&lower) {
            continue;
        }
        let unique =
            model::suggest::unique_near_miss(&lower, candidates.iter().copied()) == Some(best);
        let known = library.is_some_and(|l| l.has_primitives && !l.incomplete);
        let lead = name.len() - name.trim_start().len();
        let start = usize::from(t.syntax().text_range().start()) + lead;
        let range = crate::wagic::range(start, start + word.len());
        let message = format!(
            "`{word}` is no type of any card here and no target word: the target matches nothing"
        );
        let fix = Fix::safe(
            format!("replace with `{best_lower}`"),
            vec![Edit::replace(range, best_lower.clone())],
        );
        let severity = if known && unique {
            Severity::Error
        } else {
            Severity::Warning
        };
        match view {
            Some(v) => {
                let r = v.report(sink, range, message);
                r.diagnostic.with_severity(severity);
                r.diagnostic
                    .with_note(format!("did you mean `{best_lower}`?"));
                if unique {
                    r.with_fix(fix);
                }
            }
            None => {
                let d = sink.report(range, message);
                d.with_severity(severity);
                d.with_note(format!("did you mean `{best_lower}`?"));
                if unique {
                    d.with_fix(fix);
                }
            }
        }
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let types = model::forge::vocab::types();
    let candidates: Vec<&'static str> = types.names().collect();
    for card in &ctx.cards {
        for entry in card.entries_of(syntax::wagic::KeyMeaning::Target) {
            if let Some(spec) = entry.target() {
                check_spec(&spec, None, ctx.library, &candidates, sink);
            }
        }
    }
    for view in ctx.code_views() {
        for spec in view.all(TargetSpec::cast) {
            // Only the type lists of `target(...)` and the lord family: `from(...)`, `type(...)`,
            // `protection from(...)` take zones, colours and counts.
            let call = spec
                .syntax()
                .parent()
                .and_then(|args| args.parent())
                .and_then(|call| {
                    call.children_with_tokens()
                        .filter_map(|e| e.into_token())
                        .find(|t| t.kind() == syntax::wagic::SyntaxKind::WORD)
                })
                .map(|t| t.text().to_ascii_lowercase());
            if !matches!(call.as_deref(), Some("target" | "lord" | "all" | "foreach")) {
                continue;
            }
            check_spec(&spec, Some(view), ctx.library, &candidates, sink);
        }
    }
}
