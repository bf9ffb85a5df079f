//! W137: a triggered ability whose text says "you may" and whose script makes it compulsory.

use super::card_text;
use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W137",
    name: "may-not-scripted",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "The card's one triggered ability says \"you may\" in `text=`, and its one trigger in the script has no `may`: the optional effect is forced.",
    explanation: "Wagic asks the player only when the effect is written `may <effect>` (or offers a \
`choice`). The rule pairs the one sentence of `text=` that starts with `When`, `Whenever` or `At the \
beginning` with the one `@...:` ability of the script (for \"When ~ enters the battlefield\", with the one \
plain `auto=` ability of a card without triggers), and reports it when the sentence says `, you may` and \
the script has no `may`. Optional payments (`you may pay`, written `pay(...)`), searches (`you may search`, \
which can fail to find) and abilities that hold `may`, `choice`, `pay(`, `<upto:` or `<anyamount>` \
anywhere on the card (or an `upcost`) are not reported. The fix puts `may ` before the effect (unsafe: check the effect).",
    bad: "[card]\nname=Moth Keeper\ntext=Whenever Moth Keeper blocks, you may gain 2 life.\nauto=@combat(blocking) source(this):life:2 controller\nmana={1}{W}\ntype=Creature\nsubtype=Human\npower=1\ntoughness=3\n[/card]",
    good: "[card]\nname=Moth Keeper\ntext=Whenever Moth Keeper blocks, you may gain 2 life.\nauto=@combat(blocking) source(this):may life:2 controller\nmana={1}{W}\ntype=Creature\nsubtype=Human\npower=1\ntoughness=3\n[/card]",
    ..RuleMeta::BASE
};

/// Whether a sentence is a triggered ability.
fn triggered(sentence: &str) -> bool {
    ["When ", "Whenever ", "At the beginning "]
        .iter()
        .any(|p| sentence.starts_with(p))
}

/// Whether the sentence's optional part is one the script need not write as `may`.
fn optional(sentence: &str) -> bool {
    let s = sentence.to_ascii_lowercase();
    let Some(i) = s.find(", you may ") else {
        return false;
    };
    let rest = &s[i + ", you may ".len()..];
    !["pay", "search", "have", "cast", "play"]
        .iter()
        .any(|w| rest.starts_with(w))
}

const OPTIONAL_CODE: &[&str] = &["choice", "pay(", "pay[", "<upto", "<anyamount", "?"];

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        let Some(text) = card_text::text_of(card) else {
            continue;
        };
        let sentences: Vec<&String> = text
            .lines
            .iter()
            .flat_map(|l| &l.sentences)
            .filter(|s| triggered(s))
            .collect();
        let [sentence] = sentences.as_slice() else {
            continue;
        };
        if !optional(sentence) {
            continue;
        }
        let lines: Vec<_> = ctx.card_code(card).collect();
        // A `may` (or an optional cost) anywhere on the card: the pairing is not sure enough.
        if lines.iter().any(|l| {
            l.views.iter().any(|v| {
                card_text::has_word(&v.text, "may")
                    || v.text.contains("upcost")
                    || OPTIONAL_CODE.iter().any(|w| v.text.contains(w))
            })
        }) {
            continue;
        }
        let is_trigger = |l: &crate::wagic::code::CodeLine| {
            l.views.iter().any(|v| v.text.trim_start().starts_with('@'))
        };
        let etb = {
            let lower = sentence.to_ascii_lowercase();
            lower.starts_with("when ")
                && lower.contains(" enters the battlefield,")
                && !["when a ", "when an ", "when another "]
                    .iter()
                    .any(|p| lower.starts_with(p))
        };
        let candidates: Vec<_> = if etb {
            if lines.iter().any(|l| is_trigger(l)) {
                continue;
            }
            lines
                .iter()
                .filter(|l| {
                    l.views.iter().all(|v| {
                        let t = v.text.trim_start();
                        !t.starts_with('{')
                            && !["lord(", "aslongas(", "this(", "foreach(", "thisforeach("]
                                .iter()
                                .any(|p| t.starts_with(p))
                    })
                })
                .collect()
        } else {
            lines.iter().filter(|l| is_trigger(l)).collect()
        };
        let [line] = candidates.as_slice() else {
            continue;
        };
        if line.views.iter().any(|v| {
            card_text::has_word(&v.text, "may")
                || v.text.contains("may ")
                || OPTIONAL_CODE.iter().any(|w| v.text.contains(w))
        }) {
            continue;
        }
        let entry_range = line.entry.value_range();
        let r = sink.report(
            entry_range,
            format!(
                "the text says `{}` but this ability has no `may`: Wagic does it without asking",
                card_text::quote(sentence)
            ),
        );
        // The fix: `may ` before the effect (after the trigger's colon, or at the start).
        if line.views.len() == 1 && line.views[0].in_source() {
            let v = &line.views[0];
            let at = match v.auto.trigger() {
                Some(t) if t.has_colon() => Some(t.range().end()),
                Some(_) => None,
                None => Some(v.auto.range().start()),
            };
            if let Some(at) = at {
                let rest = &v.text[usize::from(at - v.auto.range().start())..];
                let ws = rest.len() - rest.trim_start().len();
                let at = at + syntax::TextSize::from(ws as u32);
                r.with_fix(crate::diagnostic::Fix::unsafe_(
                    "write `may ` before the effect",
                    vec![crate::diagnostic::Edit::insert(at, "may ")],
                ));
            }
        }
    }
}
