use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;
use model::rulescript::vocab;
use syntax::rulescript::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R108",
    name: "event-suffix",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Suspicious,
    severity: Severity::Info,
    fix: FixAvailability::None,
    summary: "An event suffix other than `this`, `fromthis`, `any` or `once`: it becomes a condition.",
    explanation: "After `:` an event may say which card it concerns (`:this`, `:fromthis`, `:any`) or \
that it fires once (`:once`). Any other word, such as `:action` or `:char`, is turned into an \
`[[if <word>]]` condition on the event, which is what some cards want; a misspelt suffix becomes a \
condition that is never true.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000008\"] = \"\"\"\nauto = ~myEndPhase:onec~ draw(1)\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000008\"] = \"\"\"\nauto = ~myEndPhase:once~ draw(1)\n\"\"\"",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let suffixes = vocab::event_suffixes();
    for event in ctx.tree.syntax().descendants().filter_map(ast::Event::cast) {
        let Some(suffix) = event.suffix() else {
            continue;
        };
        let lower = suffix.text().to_ascii_lowercase();
        let name = event
            .name()
            .map(|n| n.text().to_ascii_lowercase())
            .unwrap_or_default();
        let (_, bare) = super::unknown_event::split_event(&name);
        if suffixes.knows(&lower)
            || bare == "beforepaycost" && matches!(lower.as_str(), "action" | "reaction")
        {
            continue;
        }
        let d = sink.report(
            suffix.text_range(),
            format!("`:{}` is not an event suffix: the engine turns it into an `[[if {lower}]]` condition", suffix.text()),
        );
        if let Some(fix) = model::suggest::did_you_mean(&lower, suffixes.known()) {
            d.with_note(format!("did you mean `:{fix}`?"));
        }
    }
}
