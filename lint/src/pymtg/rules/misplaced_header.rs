use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::pymtg::vocab;
use syntax::pymtg::{SyntaxKind, SyntaxNode, ast};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P114",
    name: "misplaced-header",
    dialect: Some(Dialect::PYMTG),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A header at a level where the loader does not read it as a header.",
    explanation: "Section headers (`Abilities:`, `Targets:`, `Triggers:`, `Aura:`, `StaticEffects:`) \
are read only at level 1 (one tab), and sub-headers only at their level: `Targets:` at level 3 under \
an ability, level 4 under a trigger (with `Conditioned On:` and `If:`), level 2 under `Aura:`. \
Elsewhere the line is read as an effect (a Python syntax error) or dropped, and the lines meant \
for it land in the wrong section.",
    bad: "##############################\nFrost Lynx\n\tTriggers:\n\t\tonEtB\n\t\t\tself.targets_chosen[0].tap()\n\t\t\tTargets:\n\t\t\t\t'opponent creature'",
    good: "##############################\nFrost Lynx\n\tTriggers:\n\t\tonEtB\n\t\t\tself.targets_chosen[0].tap()\n\t\t\t\tTargets:\n\t\t\t\t\t'opponent creature'",
    ..RuleMeta::BASE
};

/// Whether a statement the loader does not read as a header is written as one.
pub(crate) fn is_misplaced_header(node: &SyntaxNode) -> bool {
    if let Some(ability) = ast::Ability::cast(node.clone()) {
        // `Targets:` read as an ability with the cost `Targets` and no effect.
        return ability.effect().is_none()
            && ability.colon().is_some()
            && ability.cost().is_some_and(|c| {
                let text = format!("{}:", c.text());
                vocab::section_headers().knows(&text) || vocab::sub_headers().knows(&text)
            });
    }
    if !matches!(
        node.kind(),
        SyntaxKind::EFFECT
            | SyntaxKind::CRITERION
            | SyntaxKind::CONDITION
            | SyntaxKind::DROPPED_LINE
            | SyntaxKind::STATIC_VALUE
            | SyntaxKind::STATIC_SCOPE
    ) {
        return false;
    }
    let text = node.text().to_string();
    let text = text.trim();
    vocab::section_headers().knows(text) || vocab::sub_headers().knows(text)
}

/// The level of the line a node starts on (its leading tabs).
fn level(node: &SyntaxNode) -> usize {
    node.first_token()
        .and_then(|t| t.prev_token())
        .filter(|t| t.kind() == SyntaxKind::INDENT)
        .map_or(0, |t| t.text().bytes().take_while(|b| *b == b'\t').count())
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in ctx.tree.cards() {
        for node in card.syntax().descendants() {
            if !is_misplaced_header(&node) || ctx.misindented(&node) {
                continue;
            }
            let text = match ast::Ability::cast(node.clone()).and_then(|a| a.cost()) {
                Some(cost) => format!("{}:", cost.text()),
                None => node.text().to_string(),
            };
            let text = text.trim();
            let what = if node.kind() == SyntaxKind::DROPPED_LINE {
                "drops it"
            } else if node.kind() == SyntaxKind::ABILITY {
                "reads it as an ability with no effect"
            } else {
                "reads it as an effect, a Python syntax error"
            };
            let hint = if vocab::section_headers().knows(text) {
                "section headers go at level 1 (one tab)".to_string()
            } else {
                match text {
                    "Targets:" => "`Targets:` goes at level 3 under an ability, 4 under a trigger, 2 under `Aura:`".to_string(),
                    "Prompt:" => "`Prompt:` goes at level 3 under `Targets:`".to_string(),
                    _ => format!("`{text}` goes at level 4 under a trigger"),
                }
            };
            let range = match ast::Ability::cast(node.clone()).and_then(|a| a.colon()) {
                Some(colon) => {
                    syntax::TextRange::new(node.text_range().start(), colon.text_range().end())
                }
                None => node.text_range(),
            };
            sink.report(
                range,
                format!(
                    "`{text}` at level {} is not read as a header: the loader {what}; {hint}",
                    level(&node)
                ),
            );
        }
    }
}
