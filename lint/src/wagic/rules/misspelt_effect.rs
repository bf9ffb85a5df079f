//! W139: an effect word one typo away from a known effect (`toekn(...)`), in an ability that Wagic
//! still reads as something else.

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::code::{self, Recognition};
use model::suggest;
use model::wagic::vocab;
use std::sync::LazyLock;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W139",
    name: "misspelt-effect",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "An ability that starts with a near miss of an effect (`toekn(...)`, `dammage:2`) which Wagic does not know, but which it still reads as another effect.",
    explanation: "Wagic looks for known literals anywhere in an ability. A misspelt effect whose arguments \
hold another literal is not dropped but misread: `toekn(Goblin,Creature Goblin,1/1,red)` is read as a \
`1/1` power/toughness change of the card itself. When no other literal matches, `unknown-effect` (W117) \
reports the dropped ability instead. A word is reported when it starts the ability (after `may`, \
`name(...)` and the like), is followed by `(` or `:` as the effect is, is a word of none of Wagic's \
vocabularies, and is one typo away from an effect; the fix writes the effect when it is the only close one.",
    bad: "[card]\nname=Goblin Rallier\nauto=toekn(Goblin,Creature Goblin,1/1,red)\nmana={2}{R}\ntype=Sorcery\n[/card]",
    good: "[card]\nname=Goblin Rallier\nauto=token(Goblin,Creature Goblin,1/1,red)\nmana={2}{R}\ntype=Sorcery\n[/card]",
    ..RuleMeta::BASE
};

/// Effects by the character that follows their word (`(` or `:`).
static EFFECTS: LazyLock<Vec<(&'static str, char)>> = LazyLock::new(|| {
    vocab::effects()
        .words()
        .iter()
        .filter(|w| w.is_known() && w.attr("kind") == Some("effect"))
        .filter_map(|w| {
            let m = w.attr("match")?;
            let last = m.chars().last()?;
            let word = m.strip_suffix(['(', ':'])?;
            (word == w.word).then_some((w.word, last))
        })
        .collect()
});

/// Whether some vocabulary of Wagic knows `word`.
fn known(word: &str) -> bool {
    vocab::lists().iter().any(|(_, v, _, _)| v.knows(word))
}

/// Skips what may come before an effect: `may`, `choice`, `name(...)`, spaces.
fn head(text: &str) -> usize {
    let mut i = 0;
    loop {
        let rest = &text[i..];
        let trimmed = rest.trim_start();
        i += rest.len() - trimmed.len();
        let rest = &text[i..];
        if let Some(r) = ["may ", "choice ", "notrg "]
            .iter()
            .find_map(|p| rest.strip_prefix(p))
        {
            i = text.len() - r.len();
            continue;
        }
        if rest.starts_with("name(") {
            let mut depth = 0;
            for (j, c) in rest.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            i += j + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            if depth != 0 {
                return i;
            }
            continue;
        }
        return i;
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for view in ctx.code_views() {
        for effect in view.all(syntax::wagic::ast::Effect::cast) {
            if effect.condition().is_some() {
                continue;
            }
            let text = view.text_of(effect.range());
            for (offset, segment) in code::segments(text) {
                let start = head(segment);
                let rest = &segment[start..];
                let word: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .collect();
                let Some(next) = rest[word.len()..].chars().next() else {
                    continue;
                };
                if word.len() < 4 || !matches!(next, '(' | ':') || known(&word) {
                    continue;
                }
                // A word that holds an effect's literal is that effect (`mypoolsave(`).
                let written = format!("{word}{next}");
                if vocab::effects()
                    .words()
                    .iter()
                    .filter_map(|w| w.attr("match"))
                    .any(|m| m.len() > 2 && written.contains(m))
                {
                    continue;
                }
                if !matches!(code::recognise(segment), Recognition::Known) {
                    continue; // dropped: unknown-effect reports it
                }
                let candidates: Vec<&str> = EFFECTS
                    .iter()
                    .filter(|(_, c)| *c == next)
                    .map(|(w, _)| *w)
                    .collect();
                let close = suggest::near_misses(&word, candidates.iter().copied());
                let Some(best) = close.first().copied() else {
                    continue;
                };
                let limit = if word.len() <= 6 { 1 } else { 2 };
                if suggest::distance(&word, best) > limit {
                    continue;
                }
                let at = usize::from(effect.range().start()) + offset + start;
                let range = crate::wagic::range(at, at + word.len());
                let r = view
                    .report(
                        sink,
                        range,
                        format!(
                            "`{word}{next}` is no effect of Wagic, which reads this ability as another effect found further on"
                        ),
                    )
                    .with_note(format!("did you mean `{best}{next}`?"));
                if suggest::unique_near_miss(&word, candidates.iter().copied()) == Some(best) {
                    r.with_fix(Fix::unsafe_(
                        format!("write `{best}`"),
                        vec![Edit::replace(range, best)],
                    ));
                }
            }
        }
    }
}
