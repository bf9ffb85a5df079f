use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::pymtg::vocab;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P107",
    name: "card-not-in-database",
    dialect: Some(Dialect::PYMTG),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A card block whose name is not in the engine's card database: the block is skipped.",
    explanation: "Every `add_*` call the loader generates returns at once when the card name is not \
in the card database (the set modules generated from mtgjson), so a misspelt name silently drops the \
whole script. A fork that adds its own set modules knows more names than cardlint does, hence a \
warning.",
    bad: "##############################\nDivinaton\n\tself.controller.draw(2)",
    good: "##############################\nDivination\n\tself.controller.draw(2)",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let names = vocab::card_names();
    for card in ctx.tree.cards() {
        let Some(name) = card.name() else { continue };
        if !name.continuation_lines().is_empty() {
            continue;
        }
        let text = name.text();
        if names.knows(&text) {
            continue;
        }
        let message = if card.is_scripted() {
            format!(
                "`{text}` is not in the engine's card database: the loader skips this card's script"
            )
        } else {
            format!(
                "`{text}` is not in the engine's card database: a script written here would be skipped"
            )
        };
        let d = sink.report(name.range(), message);
        // Names of a close length and within three edits first: the database has 700 names.
        let lower = text.to_lowercase();
        let close: Vec<&str> = names
            .known()
            .filter(|n| n.len().abs_diff(text.len()) <= 3)
            .filter(|n| strsim::levenshtein(&lower, &n.to_lowercase()) <= 3)
            .collect();
        if let Some(word) = model::suggest::unique_near_miss(&text, close) {
            d.with_fix(Fix::safe(
                format!("write `{word}`"),
                vec![Edit::replace(name.range(), word)],
            ));
        }
    }
}
