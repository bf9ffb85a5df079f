//! F108: a word of `Types:` that is no card type, supertype or subtype.

use super::{key_text, sub_range, word_fix};
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::vocab;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F108",
    name: "unknown-type-word",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A word of a `Types:` line that is not a card type, supertype or subtype.",
    explanation: "Forge adds any word of `Types:` to the card as a subtype, so a misspelt `Solider` gives \
the card a type nothing looks for, and it loses the one intended (tribal effects and `Valid` filters miss \
it). A near miss of a real type is an error with a fix; other unknown words are warnings (new subtypes \
may be missing from cardlint's list).",
    bad: "Name:Sentry of the Gate\nManaCost:1 W\nTypes:Creature Human Solider\nPT:2/2",
    good: "Name:Sentry of the Gate\nManaCost:1 W\nTypes:Creature Human Soldier\nPT:2/2",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    let types = vocab::types();
    for info in &model.lines {
        if key_text(model, info) != "Types" {
            continue;
        }
        let range = info.value;
        let text = model.slice(range);
        for (s, e) in super::split_words(text, &[]) {
            let word = &text[s..e];
            if types.contains(word) {
                continue;
            }
            let at = sub_range(range, s, e - s);
            let fix = word_fix(word, at, types.names());
            match fix {
                Some((fix, best)) if fix.applicability == crate::Applicability::Safe => {
                    sink.report(
                        at,
                        format!("`{word}` is not a type; Forge adds it as a subtype nothing looks for (did you mean `{best}`?)"),
                    )
                    .with_severity(Severity::Error)
                    .with_fix(fix);
                }
                _ => {
                    sink.report(
                        at,
                        format!("`{word}` is not a card type, supertype or subtype Forge knows"),
                    );
                }
            }
        }
    }
}
