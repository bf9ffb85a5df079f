use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::{Ctx, decoded, parts};
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::netrunner::vocab;
use syntax::netrunner::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N104",
    name: "unknown-modulator",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A `-modulator` the engine never looks for.",
    explanation: "The engine only searches a part for the modulators it knows (`-isCost`, \
`-Targeted`, `-atICE`, `-perMarker{Power}`...); anything else is ignored without a word, which the \
AutoScripts legend calls deliberate. So a misspelt modulator (`-isSubrourine`, `-onOppponent`) \
silently drops what it was meant to do: the part is not a subroutine, the effect hits the wrong \
player.",
    bad: "ScriptsLocal = '''\n=====\nQuiet Broker\n-----\nc0ffee00-0000-4000-8000-000000000111\n-----\n\n+++++\nA0B1G0T0:DerezTarget-Targeted-atICE-isSubrourine\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nQuiet Broker\n-----\nc0ffee00-0000-4000-8000-000000000111\n-----\n\n+++++\nA0B1G0T0:DerezTarget-Targeted-atICE-isSubroutine\n.....\nENDSCRIPTS\n=====\n'''",
    ..RuleMeta::BASE
};

/// How a modulator name reads: known (longest known prefix), known with another case, unknown.
pub(crate) enum Reading {
    Known,
    /// The name of the modulator written with another letter case.
    Case(&'static str),
    Unknown,
}

pub(crate) fn read(name: &str) -> Reading {
    let mods = vocab::modulators();
    // An exact name, a name with its argument glued on (`atICE`, `perMarker`), or a flag
    // followed by more letters (the engine's search finds the flag in it).
    if mods.longest_prefix_of(name).is_some() {
        return Reading::Known;
    }
    // The same name in another case; for names that take an argument, only long ones (`-to`
    // followed by a pile is not `-To`).
    let lower = name.to_lowercase();
    if let Some(w) = mods
        .words()
        .iter()
        .filter(|w| lower.starts_with(&w.word.to_lowercase()))
        .filter(|w| w.word.len() == name.len() || w.attr("arg") == Some("yes") && w.word.len() >= 5)
        .max_by_key(|w| w.word.len())
    {
        return Reading::Case(w.word);
    }
    Reading::Unknown
}

/// Restriction modulators: their argument is a list of names and types, ended by the next `-`.
pub(crate) const RESTRICTIONS: &[&str] = &["at", "grab", "affects", "type"];

/// When `m` is the rest of a card name with a dash, cut from the restriction list before it
/// (`-atTessel` `-bound Relay 300`): the whole name.
pub(crate) fn dashed_name(ctx: &Ctx<'_>, m: &ast::Modulator) -> Option<String> {
    let text = decoded(m.name()?.text());
    if !matches!(read(&text), Reading::Unknown) {
        return None;
    }
    let prev = decoded(
        m.syntax()
            .prev_sibling()
            .and_then(ast::Modulator::cast)?
            .name()?
            .text(),
    );
    let restriction = RESTRICTIONS
        .iter()
        .find(|r| prev.starts_with(**r) && prev.len() > r.len())?;
    let list = &prev[restriction.len()..];
    // The last name of the list (after `_and_`/`_or_`), then the cut part.
    let tail = list.rsplit("_and_").next().unwrap_or(list);
    let tail = tail.rsplit("_or_").next().unwrap_or(tail);
    let joined = format!("{tail}-{text}");
    if ctx.index.dashed_names.contains(&joined.to_lowercase()) {
        return Some(joined);
    }
    // Without the set files: a lower-case or numeric continuation that is no modulator's typo.
    let word: String = text
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    let typo = model::suggest::did_you_mean(&word, vocab::modulators().known()).is_some();
    (ctx.index.dashed_names.is_empty()
        && !typo
        && text.starts_with(|c: char| c.is_lowercase() || c.is_ascii_digit()))
    .then_some(joined)
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let mods = vocab::modulators();
    for part in parts(ctx) {
        for m in part.modulators() {
            let Some(name) = m.name() else { continue };
            let text = decoded(name.text());
            if text.is_empty() || !matches!(read(&text), Reading::Unknown) {
                continue;
            }
            // A dash inside a card name of a restriction: `dash-in-restriction`'s.
            if dashed_name(ctx, &m).is_some() {
                continue;
            }
            let word_len = text.bytes().take_while(|b| b.is_ascii_alphabetic()).count();
            let word = &text[..word_len];
            let d = sink.report(
                name.text_range(),
                format!("the engine does not know the modulator `-{word}`: it is ignored"),
            );
            if ctx.game == crate::netrunner::Game::Classic {
                // The classic engine has modulators of its own that cardlint does not list.
                d.with_severity(Severity::Info)
                    .with_note("cardlint knows the Android engine's modulators; the classic engine may read this one");
            }
            if let Some(fix) = model::suggest::unique_near_miss(word, mods.known())
                && name.text() == text
            {
                let range = syntax::TextRange::at(
                    name.text_range().start(),
                    syntax::TextSize::from(word_len as u32),
                );
                d.with_fix(Fix::safe(
                    format!("write `-{fix}`"),
                    vec![Edit::replace(range, fix)],
                ));
            } else if let Some(fix) = model::suggest::did_you_mean(word, mods.known()) {
                d.with_note(format!("did you mean `-{fix}`?"));
            }
        }
    }
}
