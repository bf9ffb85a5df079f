//! W121: a `[...]` attribute of a target that is no attribute and no type of the card pool.

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use model::suggest;
use model::wagic::vocab;
use std::sync::LazyLock;
use syntax::wagic::ast::TargetRestrictions;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W121",
    name: "unknown-target-attribute",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A `[...]` attribute that is neither a known attribute nor a type of any card: it matches nothing.",
    explanation: "Inside `creature[...]` the engine looks for known attributes by substring (`tapped`, \
`attacking`, colours, `power>=2`, basic abilities...). An attribute that contains none becomes a type \
requirement, so a typo such as `muliticolor` silently restricts the target to a type no card has (and \
`[-muliticolor]` excludes nothing). Types include every `type=`/`subtype=` word and card name of the \
library, and the marker types that card code adds itself (`becomes(monstrous)`, `transforms((renowned))`, \
`token(...)` types), so this check needs the whole library.",
    bad: "[card]\nname=Pale Warden\nauto=lord(creature[-muliticolor]) 1/1\ntype=Creature\nsubtype=Spirit\npower=1\ntoughness=1\n[/card]",
    good: "[card]\nname=Pale Warden\nauto=lord(creature[-multicolor]) 1/1\ntype=Creature\nsubtype=Spirit\npower=1\ntoughness=1\n[/card]",
    ..RuleMeta::BASE
};

/// Attribute words found by substring (the engine's order does not matter for "known at all").
static WORDS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let mut words: Vec<&'static str> = vocab::target_restrictions()
        .known()
        .filter(|w| !w.starts_with('<'))
        .collect();
    words.extend(vocab::colors().known());
    words.extend(vocab::basic_abilities().known());
    words.sort_by_key(|w| std::cmp::Reverse(w.len()));
    words
});

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let Some(library) = ctx.library else { return };
    if !library.has_primitives || library.incomplete {
        return;
    }
    let check_list = |list: &TargetRestrictions,
                      view: Option<&crate::wagic::code::CodeView>,
                      sink: &mut Sink<'_>| {
        // `trigger[to]`, `children[...]`: special specs, not attributes.
        let special = list
            .syntax()
            .parent()
            .and_then(syntax::wagic::ast::TargetType::cast)
            .is_some_and(|t| {
                matches!(
                    t.name_text().trim().to_ascii_lowercase().as_str(),
                    "trigger" | "children" | "parents"
                )
            });
        if special {
            return;
        }
        for (text, range) in list.attributes() {
            let lower = text.to_ascii_lowercase();
            let word = lower.trim().trim_start_matches('-');
            let word = word
                .split(['=', '<', '>'])
                .next()
                .unwrap_or_default()
                .trim();
            if word.is_empty()
                || word.contains(['!', '{', '(', '$', ':', '^', ',', ' '])
                || word == "player"
                || word.bytes().all(|b| b.is_ascii_digit())
                || WORDS.iter().any(|w| word.contains(w))
                || library.types.contains_key(word)
            {
                continue;
            }
            let message = format!(
                "`{word}` is no target attribute and no card has this type: Wagic reads it as a type, so it matches nothing"
            );
            let note = suggest::did_you_mean(word, WORDS.iter().copied())
                .map(|w| format!("did you mean `{w}`?"));
            match view {
                Some(v) => {
                    let r = v.report(sink, range, message);
                    if let Some(n) = note {
                        r.with_note(n);
                    }
                }
                None => {
                    let d = sink.report(range, message);
                    if let Some(n) = note {
                        d.with_note(n);
                    }
                }
            }
        }
    };
    for card in &ctx.cards {
        for entry in card.entries_of(syntax::wagic::KeyMeaning::Target) {
            if let Some(spec) = entry.target() {
                for list in spec
                    .syntax()
                    .descendants()
                    .filter_map(TargetRestrictions::cast)
                {
                    check_list(&list, None, sink);
                }
            }
        }
    }
    for view in ctx.code_views().filter(|v| v.has("[")) {
        for list in view.all(TargetRestrictions::cast) {
            check_list(&list, Some(view), sink);
        }
    }
}
