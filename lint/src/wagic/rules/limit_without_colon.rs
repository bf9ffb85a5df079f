//! W152: `limit N` written without its colon: Wagic reads the activation limit only as `limit:N`.

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::code;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W152",
    name: "limit-without-colon",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "An activated ability with `limit N` (a space) where Wagic reads the activation limit only as `limit:N`.",
    explanation: "An activated ability is limited to N activations each turn by `limit:N` \
(`{B}:1/0 limit:2`). Wagic looks for the literal `limit:`; `limit 2` is left in the ability's text, \
where nothing reads it, so the ability can be activated any number of times.",
    bad: "[card]\nname=Night Bat\nauto={B}:1/0 limit 2\nmana={2}{B}\ntype=Creature\nsubtype=Bat\npower=1\ntoughness=1\n[/card]",
    good: "[card]\nname=Night Bat\nauto={B}:1/0 limit:2\nmana={2}{B}\ntype=Creature\nsubtype=Bat\npower=1\ntoughness=1\n[/card]",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for view in ctx.code_views().filter(|v| v.has("limit ")) {
        for effect in view.all(syntax::wagic::ast::Effect::cast) {
            let text = view.text_of(effect.range());
            let blanked = code::blank_cutouts(text);
            let bytes = blanked.as_bytes();
            // One pass: `name(...)` labels (with their nested parentheses) are skipped.
            let mut name_depth = 0usize;
            let mut i = 0;
            while i < bytes.len() {
                if name_depth > 0 {
                    match bytes[i] {
                        b'(' => name_depth += 1,
                        b')' => name_depth -= 1,
                        _ => {}
                    }
                    i += 1;
                    continue;
                }
                let word_start = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
                if word_start && blanked[i..].starts_with("name(") {
                    name_depth = 1;
                    i += "name(".len();
                    continue;
                }
                if !(word_start && blanked[i..].starts_with("limit")) {
                    i += 1;
                    continue;
                }
                let from = i + "limit".len();
                let spaces = bytes[from..].iter().take_while(|&&b| b == b' ').count();
                if spaces > 0 && bytes.get(from + spaces).is_some_and(u8::is_ascii_digit) {
                    let at = usize::from(effect.range().start()) + i;
                    let range = crate::wagic::range(at, at + 5 + spaces);
                    let gap = crate::wagic::range(at + 5, at + 5 + spaces);
                    view.report(
                        sink,
                        range,
                        "Wagic reads an activation limit only as `limit:N`: `limit` and its number are left as text nothing reads, so the ability has no limit".to_string(),
                    )
                    .with_fix(Fix::safe("write `limit:`", vec![Edit::replace(gap, ":")]));
                }
                i = from;
            }
        }
    }
}
