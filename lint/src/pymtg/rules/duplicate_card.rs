use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use std::collections::HashMap;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P110",
    name: "duplicate-card",
    dialect: Some(Dialect::PYMTG),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "Two blocks for the same card in one file.",
    explanation: "The loader applies both blocks to the same card: activated abilities, triggers \
and static effects are added twice, and the second `Targets:` section and spell effects replace the \
first ones. A second, empty block for a scripted card does nothing, but the next person to script \
the card may fill in the wrong one. Keep one block per card.",
    bad: "##############################\nDivination\n\tself.controller.draw(2)\n##############################\nDivination\n\tself.controller.draw(3)",
    good: "##############################\nDivination\n\tself.controller.draw(2)",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let index = syntax::LineIndex::new(ctx.file.text());
    let mut seen: HashMap<String, (syntax::TextRange, bool)> = HashMap::new();
    for card in ctx.tree.cards() {
        let Some(name) = card.name() else { continue };
        let text = name.text();
        let scripted = card.is_scripted();
        match seen.get_mut(&text) {
            Some((first, first_scripted)) => {
                let line = index.line_col(first.start()).line + 1;
                let message = match (*first_scripted, scripted) {
                    (true, true) => format!(
                        "`{text}` is scripted a second time (first on line {line}): the loader applies both blocks to the card"
                    ),
                    (false, false) => continue,
                    _ => format!(
                        "`{text}` has a second block (first on line {line}); only one of them is scripted"
                    ),
                };
                *first_scripted |= scripted;
                sink.report(name.range(), message);
            }
            None => {
                seen.insert(text, (name.range(), scripted));
            }
        }
    }
}
