//! W114: text in a cost string outside `{...}` groups, which the engine ignores.

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use syntax::TextRange;
use syntax::wagic::{KeyMeaning, SyntaxKind};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W114",
    name: "cost-loose-text",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "Text in a cost outside `{...}`: the engine ignores it (an error for split-card `//` costs).",
    explanation: "A cost string is scanned for `{...}` groups and every other character is ignored \
(`name(...)`, and `multi` at the start of `kicker=`, are the exceptions). A split card written \
`mana={3}{G} // {W}` therefore costs the sum of both halves (an error); a label such as `(Pay Conspire)` or a \
doubled `mana=` is merely lost (a warning; use `name(...)` for labels).",
    bad: "[card]\nname=Fire and Ice\nmana={1}{R} // {1}{U}\ntype=Instant\n[/card]",
    good: "[card]\nname=Fire and Ice\nmana={1}{R}\ntype=Instant\n[/card]",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        for entry in card.entries.iter().filter(|entry| entry.meaning.is_cost()) {
            let Some(cost) = entry.cost() else { continue };
            let kicker = entry.meaning == KeyMeaning::Kicker;
            let mut runs: Vec<TextRange> = Vec::new();
            let mut last_end = None;
            for element in cost.syntax().children_with_tokens() {
                let Some(token) = element.as_token() else {
                    last_end = None;
                    continue;
                };
                match token.kind() {
                    SyntaxKind::WHITESPACE => continue,
                    SyntaxKind::R_BRACE => {
                        last_end = None;
                        continue;
                    }
                    _ => {}
                }
                match (runs.last_mut(), last_end) {
                    // The text is read once the run ends: copying it per token is quadratic.
                    (Some(run), Some(_)) => *run = run.cover(token.text_range()),
                    _ => runs.push(token.text_range()),
                }
                last_end = Some(token.text_range().end());
            }
            for (i, range) in runs.into_iter().enumerate() {
                let text = ctx.text(range);
                if kicker
                    && i == 0
                    && text.eq_ignore_ascii_case("multi")
                    && range.start() == cost.range().start()
                {
                    continue;
                }
                if text.contains("//") {
                    sink.report(
                        range,
                        format!("Wagic ignores `{text}` in a cost, so the symbols on both sides add up into one cost"),
                    )
                    .with_severity(Severity::Error)
                    .with_note("a split card needs a definition per half");
                    continue;
                }
                let d = sink.report(
                    range,
                    format!("Wagic ignores `{text}` in a cost: only `{{...}}` groups count"),
                );
                let key = entry.key_text();
                if text == format!("{key}=") {
                    d.with_fix(Fix::safe(
                        format!("remove the doubled `{key}=`"),
                        vec![Edit::delete(range)],
                    ));
                }
            }
        }
    }
}
