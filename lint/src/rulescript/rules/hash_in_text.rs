use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::{Ctx, rule_lines};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R118",
    name: "hash-in-text",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A `#` inside a quoted text or a call: the engine cuts the line there.",
    explanation: "Everything from the first `#` of a rule line (labels excepted) is a comment, even \
inside quotes or parentheses: `[[may 'Pay #2?']]` loses the rest of the line, brackets included, \
and what is left no longer reads as intended.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000016\"] = \"\"\"\naction = [[may 'Discard card #1?']] discard(1)\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000016\"] = \"\"\"\naction = [[may 'Discard the first card?']] discard(1)\n\"\"\"",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for line in rule_lines(ctx) {
        let Some(comment) = line.comment() else {
            continue;
        };
        // What precedes the `#`: an open quote, parenthesis or bracket means the `#` cut it.
        let before: String = line
            .syntax()
            .text()
            .to_string()
            .chars()
            .take(u32::from(comment.text_range().start() - line.range().start()) as usize)
            .collect();
        let quotes = before.matches('\'').count() % 2 == 1 || before.matches('"').count() % 2 == 1;
        let open = before.matches('(').count() > before.matches(')').count()
            || before.matches("[[").count() > before.matches("]]").count();
        if quotes || open {
            sink.report(
                comment.text_range(),
                "this `#` starts a comment even inside quotes or brackets: the engine cuts the line here",
            );
        }
    }
}
