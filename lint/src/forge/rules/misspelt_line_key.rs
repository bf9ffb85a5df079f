//! F101: a line key that is a near miss of a real one (`Tpyes:`, `svar:`).

use super::{LineShape, key_text};
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::Vocabulary;
use syntax::forge::SyntaxKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F101",
    name: "misspelt-line-key",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A line key that differs from a real one by case or a typo, so Forge ignores the line.",
    explanation: "Line keys are case-sensitive and Forge skips a key it does not know without a word: a \
`svar:` line defines no SVar, a `Tpyes:` line gives the card no type, and the card plays wrong. The fix \
is safe when exactly one real key is that close.",
    bad: "Name:Ember Hound\nManaCost:1 R\nTpyes:Creature Elemental Dog\nPT:2/1",
    good: "Name:Ember Hound\nManaCost:1 R\nTypes:Creature Elemental Dog\nPT:2/1",
    ..RuleMeta::BASE
};

/// The real key a misspelt key stands for: a case variant, or the one near miss.
pub(crate) fn intended(vocab: &'static Vocabulary, key: &str) -> Option<&'static str> {
    if key.is_empty() || key.contains(' ') || key.len() > 24 {
        return None;
    }
    let keys = vocab.line_keys();
    if keys.get(key).is_some() {
        return None;
    }
    if let Some(w) = keys.vocab.get_ignore_case(key) {
        return Some(w.name);
    }
    // One-letter keys (`A`, `K`...) are too short to guess from.
    if key.len() < 4 {
        return None;
    }
    model::suggest::unique_near_miss(key, keys.vocab.names().filter(|n| n.len() >= 4))
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for (i, info) in model.lines.iter().enumerate() {
        if info.kind == SyntaxKind::ALTERNATE_LINE {
            continue;
        }
        let Some(range) = info.key else { continue };
        if ctx.shape(i) != LineShape::Normal {
            continue;
        }
        let key = key_text(model, info);
        if info.known_key.is_some() {
            continue;
        }
        let Some(real) = intended(ctx.vocab, key) else {
            continue;
        };
        let how = if real.eq_ignore_ascii_case(key) {
            "line keys are case-sensitive"
        } else {
            "a typo"
        };
        sink.report(
            range,
            format!(
                "Forge ignores this line: `{key}` is not a line key (did you mean `{real}`? {how})"
            ),
        )
        .with_fix(Fix::safe(
            format!("replace with `{real}`"),
            vec![Edit::replace(range, real)],
        ));
    }
}
