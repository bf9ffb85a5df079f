use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::pymtg::vocab;
use syntax::pymtg::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P101",
    name: "unknown-trigger-condition",
    dialect: Some(Dialect::PYMTG),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A trigger condition that `triggers.triggerConditions` does not define.",
    explanation: "The level-2 line under `Triggers:` is looked up in `triggers.triggerConditions` \
as written, up to the end of the line. A misspelt name, or a comment after it (`onEtB # when it \
enters`), is not found and loading stops with a lookup error: this card and every card after it \
are missing.",
    bad: "##############################\nTireless Missionaries\n\tTriggers:\n\t\tonETB\n\t\t\tself.controller.gain_life(3)",
    good: "##############################\nTireless Missionaries\n\tTriggers:\n\t\tonEtB\n\t\t\tself.controller.gain_life(3)",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let known = vocab::trigger_conditions();
    for card in ctx.tree.cards() {
        for trigger in card.descendants(ast::Trigger::cast) {
            let name = trigger.name_text();
            if known.knows(&name) {
                continue;
            }
            let Some(range) = trigger.name_range() else {
                continue;
            };
            if ctx.misindented(trigger.syntax()) {
                continue;
            }
            let bare = name.split('#').next().unwrap_or("").trim_end();
            if name.contains('#') && known.knows(bare) {
                let keep = bare.len() as u32;
                let cut = syntax::TextRange::new(
                    range.start() + syntax::TextSize::from(keep),
                    range.end(),
                );
                sink.report(
                    range,
                    format!(
                        "the loader reads the whole line `{name}` as the trigger name, comment included: it is not a trigger condition, so loading stops here"
                    ),
                )
                .with_fix(Fix::unsafe_(
                    "move the comment to a line of its own",
                    vec![Edit::delete(cut)],
                ));
                continue;
            }
            let d = sink.report(
                range,
                format!(
                    "`{name}` is not a trigger condition: loading stops with a lookup error here"
                ),
            );
            if let Some(word) = known.get_ignore_case(&name) {
                d.with_fix(Fix::safe(
                    format!("write `{}`", word.word),
                    vec![Edit::replace(range, word.word)],
                ));
            } else if let Some(word) = model::suggest::unique_near_miss(&name, known.known()) {
                d.with_fix(Fix::safe(
                    format!("write `{word}`"),
                    vec![Edit::replace(range, word)],
                ));
            } else if let Some(word) = model::suggest::did_you_mean(&name, known.known()) {
                d.with_note(format!("did you mean `{word}`?"));
            }
        }
    }
}
