//! W117: ability code in which no construct of the engine matches: the ability is dropped.

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::code::{self, Recognition};
use model::suggest;
use model::wagic::vocab;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W117",
    name: "unknown-effect",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "An ability (or a piece of one) in which the engine recognises no effect: it is dropped.",
    explanation: "Wagic parses ability code by looking for known literals (`damage:`, `destroy`, `token(`, \
`moveto(`, `transforms((`, a `<p>/<t>` change, a basic ability at the very start...), and drops a line \
in which none occurs, without a word. Rules text pasted into `auto=`, effects the engine no longer has \
(`twist` is now `swap`), and abilities that are only a `name(...)` and a target are lost. `opponentshroud` \
is a hint: the 2016 engine still knew it.",
    bad: "[card]\nname=Shell Swapper\nauto={1}{U}:twist\ntype=Creature\npower=0\ntoughness=4\n[/card]",
    good: "[card]\nname=Shell Swapper\nauto={1}{U}:swap\ntype=Creature\npower=0\ntoughness=4\n[/card]",
    ..RuleMeta::BASE
};

/// Replacements for effect words the engine dropped.
fn replacement(word: &str) -> Option<&'static str> {
    Some(match word {
        "twist" => "swap",
        "cycling" => "a {cycle} cost with draw:1 (the __CYCLING__ macro)",
        "nocreatures" | "nospells" | "onlyonecast" => "maxcast(...)",
        "land:" => "maxplay(...)",
        _ => return None,
    })
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for view in ctx.code_views() {
        for auto in view
            .all(syntax::wagic::ast::Auto::cast)
            .filter(|_| view.has("@"))
        {
            if let Some(trigger) = auto.trigger()
                && trigger.has_colon()
                && auto.effects().next().is_none()
            {
                view.report(
                    sink,
                    trigger.range(),
                    "nothing follows this trigger: Wagic builds no ability",
                );
            }
        }
        for effect in view.all(syntax::wagic::ast::Effect::cast) {
            let text = view.text_of(effect.range());
            // The condition of `if ... then` is checked by the restriction rule; the effect is what
            // follows `then`.
            let fragment = match effect.condition() {
                Some(c) => &text[usize::from(c.range().end() - effect.range().start())..],
                None => text,
            };
            if effect.condition().is_some() {
                let rest = fragment.trim_start();
                if rest.starts_with("if ") || rest.starts_with("ifnot ") {
                    view.report(
                        sink,
                        effect.range(),
                        "an `if` nested in another `if ... then` is not supported as such: depending on the engine version the inner condition is ignored or the ability is dropped (combine the conditions with commas)",
                    )
                    .with_severity(Severity::Warning);
                }
            }
            // Pieces of a line split on `&&` are parsed after the line's prefixes (`choice`,
            // `name(...)`, the target) were taken out, and empty pieces are skipped.
            let multi = effect
                .syntax()
                .parent()
                .and_then(syntax::wagic::ast::Auto::cast)
                .is_some_and(|a| a.has_effect_separators());
            for (_, segment) in code::segments(fragment) {
                let segment = segment.trim();
                if segment.is_empty() {
                    continue;
                }
                report(ctx, view, sink, &effect, segment, multi);
            }
        }
    }
}

fn report(
    ctx: &Ctx<'_>,
    view: &crate::wagic::code::CodeView,
    sink: &mut Sink<'_>,
    effect: &syntax::wagic::ast::Effect,
    fragment: &str,
    multi: bool,
) {
    // Constructs the literal test misses.
    if let Some(i) = fragment.find("dynamicability<!")
        && !fragment[i..].contains("!>")
    {
        view.report(
            sink,
            effect.range(),
            "`dynamicability<!` is never closed with `!>`: Wagic does not recognise it and drops this ability",
        );
        return;
    }
    match code::recognise(fragment) {
        Recognition::Known => {
            // The ability a lord-family keyword applies must be readable too.
            if let Some((start, end)) = code::lord_inner(fragment)
                && start < end
                && end - start < fragment.len()
            {
                report(ctx, view, sink, effect, &fragment[start..end], multi);
            }
        }
        Recognition::Empty if multi => {}
        Recognition::Empty => {
            view.report(
                        sink,
                        effect.range(),
                        "this ability has only a `name(...)` or a target and no effect: Wagic builds nothing",
                    );
        }
        // `[wagic] engine = "2016"`: that engine reads the word.
        Recognition::Removed(word)
            if vocab::basic_abilities()
                .get(word)
                .or_else(|| vocab::effects().get(word))
                .is_some_and(|w| ctx.reads_removed(w)) => {}
        Recognition::Removed(word) => {
            if vocab::basic_abilities().get(word).is_some() {
                view.report(
                            sink,
                            effect.range(),
                            format!("`{word}` is no longer a basic ability of Wagic: this ability is dropped by {}", ctx.engine_name()),
                        )
                        .with_severity(Severity::Hint);
            } else {
                let mut message =
                    format!("`{word}` is no longer an effect of Wagic: this ability is dropped");
                if let Some(r) = replacement(word) {
                    message.push_str(&format!("; use {r}"));
                }
                view.report(sink, effect.range(), message);
            }
        }
        // An unexpanded macro name is reported by `undefined-macro`.
        Recognition::Unknown if !super::undefined_macro::identifiers(fragment).is_empty() => {}
        Recognition::Unknown => {
            let shown: String = fragment.chars().take(40).collect();
            let ellipsis = if fragment.chars().count() > 40 {
                "..."
            } else {
                ""
            };
            let r = view.report(
                sink,
                effect.range(),
                format!(
                    "Wagic recognises no effect in `{shown}{ellipsis}`: this ability is dropped"
                ),
            );
            let first = fragment
                .trim_start_matches('-')
                .split(|c: char| !c.is_ascii_alphanumeric())
                .next()
                .unwrap_or_default();
            let effect_words = vocab::effects()
                .words()
                .iter()
                .filter(|w| w.is_known() && w.attr("kind") == Some("effect"))
                .map(|w| w.word);
            if first.len() > 3
                && let Some(w) = suggest::did_you_mean(
                    first,
                    effect_words.chain(vocab::basic_abilities().known()),
                )
            {
                r.with_note(format!("did you mean `{w}`?"));
            }
        }
    }
}
