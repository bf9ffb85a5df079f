use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::{Ctx, targets};
use model::rulescript::vocab;
use syntax::rulescript::{SyntaxKind, ast};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R106",
    name: "unknown-target-word",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A target type or filter that is neither a keyword, a card type nor a subtype of the set.",
    explanation: "In a target, a type (`character`, `players`, `*`) or a filter inside `[...]` (`bp`, \
`frozen`, `attack`...) that the engine does not know is taken for a subtype name, and a subtype that \
no card has matches nothing: the target is never found. Checked against the subtypes of the set \
file when the workspace holds it.",
    bad: "# workspace example: needs the set file for its subtypes",
    good: "# workspace example: types, filters and subtypes the set file knows",
    ..RuleMeta::BASE
};

fn known_word(ctx: &Ctx<'_>, word: &str) -> bool {
    vocab::target_keywords().knows(word)
        || vocab::card_types().knows(word)
        || vocab::filters().knows(word)
        || ctx.index.subtypes.contains(word)
}

/// A type word without its plural `s`.
fn singular(word: &str) -> &str {
    word.strip_suffix('s').unwrap_or(word)
}

/// Whether a type word is not a type: the plural `s` of `*s` or `"name"s`, a variable or an
/// expression (`tgt.0`, `_card`, `trigger.controller`).
fn not_a_type(ty: &ast::Type, word: &syntax::rulescript::SyntaxToken, lower: &str) -> bool {
    let prev = word.prev_token().map(|t| t.kind());
    let next = word.next_token();
    let plural = lower == "s" && matches!(prev, Some(SyntaxKind::STAR | SyntaxKind::QUOTED));
    let expression = next.is_some_and(|t| t.text().starts_with('.'))
        || vocab::expression_names().knows(lower)
        || lower.starts_with('_')
        || rule_vars(ty.syntax()).iter().any(|v| v == lower);
    plural || expression
}

/// The variables a rule defines, lower case.
fn rule_vars(node: &syntax::rulescript::SyntaxNode) -> Vec<String> {
    node.ancestors()
        .find_map(ast::RuleText::cast)
        .map(|t| {
            t.syntax()
                .descendants()
                .filter_map(ast::VarDef::cast)
                .filter_map(|v| v.name())
                .map(|n| n.text().to_ascii_lowercase())
                .collect()
        })
        .unwrap_or_default()
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    if !ctx.index.has_sets {
        return;
    }
    for target in targets(ctx) {
        for ty in target.types() {
            let Some(word) = ty.word() else { continue };
            let lower = word.text().to_ascii_lowercase();
            if known_word(ctx, &lower)
                || known_word(ctx, singular(&lower))
                || not_a_type(&ty, &word, &lower)
            {
                continue;
            }
            sink.report(
                word.text_range(),
                format!("`{}` is no target type, card type or subtype of the set: the target matches nothing", word.text()),
            );
        }
        for filter in target.filters() {
            let Some(word) = filter.word() else { continue };
            let lower = word.text().to_ascii_lowercase();
            if lower.is_empty() || known_word(ctx, &lower) || known_word(ctx, singular(&lower)) {
                continue;
            }
            let d = sink.report(
                word.text_range(),
                format!("`{}` is no filter, card type or subtype of the set: the engine takes it for a subtype, which no card has", word.text()),
            );
            if let Some(fix) = model::suggest::did_you_mean(&lower, vocab::filters().known()) {
                d.with_note(format!("did you mean the filter `{fix}`?"));
            }
        }
    }
}
