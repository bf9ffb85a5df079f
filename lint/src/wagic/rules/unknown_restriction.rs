//! W122: a restriction in which the engine finds no restriction word, or a malformed comparison.

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use model::wagic::vocab;
use std::sync::LazyLock;
use syntax::TextRange;
use syntax::wagic::KeyMeaning;
use syntax::wagic::ast::{Condition, RestrictionList};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W122",
    name: "unknown-restriction",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A restriction piece with no restriction word in it, or a comparison that is not `a~op~b`.",
    explanation: "Restrictions (`restrictions=`, `otherrestriction=`, `restriction{...}` and `if ... then` \
conditions) are split on commas and each piece is searched for the words of the restriction language \
(`myturnonly`, `during battle`, `type(...)~morethan~2`...). A piece that contains none restricts nothing: \
the card can be cast, or the ability used, when it should not. `restrictions=` is not lowercased, so its \
words must be written in lowercase. A piece with `type(`, `compare(`, `lastturn(` or `thisturn(` must \
have exactly the form `<left>~lessthan|morethan|equalto~<right>`, or the whole restriction is false (a warning: this reading \
of the engine is not confirmed on real cards).",
    bad: "[card]\nname=Battle Cry\nrestrictions=duringcombat\ntype=Instant\nauto=draw:1\n[/card]",
    good: "[card]\nname=Battle Cry\nrestrictions=during battle\ntype=Instant\nauto=draw:1\n[/card]",
    ..RuleMeta::BASE
};

/// Restriction words, phase forms expanded (`myupkeeponly`...), longest first.
static WORDS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut words = Vec::new();
    for w in vocab::restrictions().known() {
        if w.contains("<phase>") {
            for p in vocab::phases().known() {
                words.push(w.replace("<phase>", p));
            }
        } else {
            words.push(w.to_string());
        }
    }
    words.extend(["cantargetcard(".to_string(), "type(".to_string()]);
    words
});

fn known(piece: &str) -> bool {
    WORDS.iter().any(|w| piece.contains(w.as_str()))
}

/// Checks one piece: `lowercased` says whether the engine lowercases it first.
fn check_piece(
    piece: &str,
    range: TextRange,
    lowercased: bool,
    report: &mut dyn FnMut(TextRange, String, Option<Fix>, Severity),
) {
    let text = if lowercased {
        piece.to_ascii_lowercase()
    } else {
        piece.to_string()
    };
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    if ["type(", "compare(", "lastturn(", "thisturn("]
        .iter()
        .any(|w| text.contains(w))
        && text.split('~').count() != 3
    {
        report(
            range,
            format!(
                "`{text}` is not a comparison `<left>~lessthan|morethan|equalto~<right>`: the engine reads such a restriction as false"
            ),
            None,
            Severity::Warning,
        );
        return;
    }
    if known(text) {
        return;
    }
    let lower = text.to_ascii_lowercase();
    if !lowercased && known(&lower) {
        report(
            range,
            format!(
                "Wagic does not lowercase this value, and restriction words are lowercase: `{text}` restricts nothing"
            ),
            Some(Fix::safe(
                "write it in lowercase",
                vec![Edit::replace(range, lower)],
            )),
            Severity::Error,
        );
        return;
    }
    report(
        range,
        format!("Wagic finds no restriction word in `{text}`: it restricts nothing"),
        None,
        Severity::Error,
    );
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        for entry in &card.entries {
            if !matches!(
                entry.meaning,
                KeyMeaning::Restrictions | KeyMeaning::OtherRestriction
            ) {
                continue;
            }
            let Some(list) = entry.restriction_list() else {
                continue;
            };
            for r in list.restrictions() {
                check_piece(
                    &r.syntax().text().to_string(),
                    r.range(),
                    false,
                    &mut |range, message, fix, severity| {
                        let d = sink.report(range, message).with_severity(severity);
                        if let Some(f) = fix {
                            d.with_fix(f);
                        }
                    },
                );
            }
        }
    }
    for view in ctx
        .code_views()
        .filter(|v| v.has("restriction") || v.has("if"))
    {
        for list in view.all(RestrictionList::cast) {
            for r in list.restrictions() {
                check_piece(
                    &r.syntax().text().to_string(),
                    r.range(),
                    true,
                    &mut |range, message, _, severity| {
                        view.report(sink, range, message).with_severity(severity);
                    },
                );
            }
        }
        for cond in view.all(Condition::cast) {
            let text = view.text_of(cond.range()).to_string();
            let Some(rest) = text
                .strip_prefix("ifnot ")
                .or_else(|| text.strip_prefix("if "))
            else {
                continue;
            };
            let body = rest
                .trim_end()
                .strip_suffix("then")
                .unwrap_or(rest)
                .trim_end();
            if body.starts_with("if ") || body.contains(" if ") {
                continue;
            }
            for piece in body.split(',') {
                check_piece(
                    piece,
                    cond.range(),
                    true,
                    &mut |range, message, _, severity| {
                        view.report(sink, range, message).with_severity(severity);
                    },
                );
            }
        }
    }
    let _ = Severity::Error;
}
