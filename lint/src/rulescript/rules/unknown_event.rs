use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;
use model::rulescript::vocab;
use syntax::rulescript::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R107",
    name: "unknown-event",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "An `~event~` or `?hook?` the engine never fires.",
    explanation: "An auto's `~event~` (or `?hook?`) names what it listens to: `endPhase`, \
`handChanges`, `attacks`, `blocked`..., with an optional prefix `my` (the default), `opp` or `any`. \
The engine registers a listener for any name, but only known events are ever fired: an auto \
waiting on an unknown one never runs.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000007\"] = \"\"\"\nauto = ~myEndPhse~ draw(1)\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000007\"] = \"\"\"\nauto = ~myEndPhase~ draw(1)\n\"\"\"",
    ..RuleMeta::BASE
};

/// An event name split into its prefix and name (`oppcanblock` -> (`opp`, `canblock`)).
pub(crate) fn split_event(word: &str) -> (&str, &str) {
    for p in ["my", "opp", "any"] {
        if let Some(rest) = word.strip_prefix(p)
            && !rest.is_empty()
            && (vocab::events().knows(rest)
                || vocab::hooks().knows(rest)
                || rest == "beforepaycost")
        {
            return (&word[..p.len()], rest);
        }
    }
    for p in ["my", "opp", "any"] {
        if let Some(rest) = word.strip_prefix(p)
            && !rest.is_empty()
        {
            return (&word[..p.len()], rest);
        }
    }
    ("", word)
}

pub(crate) fn known_event(name: &str, suffix: Option<&str>) -> bool {
    vocab::events().knows(name)
        || vocab::hooks().get(name).is_some()
        || name == "beforepaycost" && matches!(suffix, Some("action" | "reaction"))
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for event in ctx.tree.syntax().descendants().filter_map(ast::Event::cast) {
        let Some(word) = event.name() else { continue };
        let lower = word.text().to_ascii_lowercase();
        let suffix = event.suffix().map(|s| s.text().to_ascii_lowercase());
        let (prefix, name) = split_event(&lower);
        if known_event(name, suffix.as_deref()) {
            continue;
        }
        let d = sink.report(
            word.text_range(),
            format!(
                "`{}` is not an event or hook the engine fires: this auto never runs",
                word.text()
            ),
        );
        let candidates: Vec<&str> = vocab::events()
            .known()
            .chain(vocab::hooks().known())
            .collect();
        if let Some(fix) = model::suggest::unique_near_miss(name, candidates.iter().copied()) {
            let written = &word.text()[..prefix.len()];
            d.with_note(format!("did you mean `{written}{fix}`?"));
            if prefix.is_empty() {
                d.with_fix(Fix::unsafe_(
                    format!("write `{fix}`"),
                    vec![Edit::replace(word.text_range(), fix)],
                ));
            }
        }
    }
}
