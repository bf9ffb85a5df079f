//! F106: a single-valued line key given twice.

use super::{key_text, line_number};
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::vocab::Map as HashMap;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F106",
    name: "repeated-line-key",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A key that a face (or card) has once, given twice: Forge keeps only the last one.",
    explanation: "Forge never rejects a repeated single-valued key: the last line wins and the earlier \
one is silently ignored. Two different values mean one of them is lost; the same value twice is only \
noise (reported as a hint). A second `Name:` in one face is worse: it makes Forge discard everything read \
for that face so far (reported as an error).",
    bad: "Name:Twin Flame\nManaCost:1 R\nColors:red\nTypes:Instant\nColors:blue",
    good: "Name:Twin Flame\nManaCost:1 R\nColors:red\nTypes:Instant",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    let mut card_seen: HashMap<&str, usize> = HashMap::default();
    for face in &model.faces {
        let mut seen: HashMap<&str, usize> = HashMap::default();
        for (i, info) in model.lines[face.first_line..face.end_line]
            .iter()
            .enumerate()
        {
            let index = face.first_line + i;
            let key = key_text(model, info);
            let Some(known) = info.known_key else {
                continue;
            };
            let map = match known.cardinality {
                "once-per-face" => &mut seen,
                "once-per-card" if key != "ALTERNATE" => &mut card_seen,
                _ => continue,
            };
            let Some(&earlier) = map.get(key) else {
                map.insert(key, index);
                continue;
            };
            map.insert(key, index);
            let first = &model.lines[earlier];
            let here = info.key.unwrap_or(info.range);
            let first_line = line_number(model.text, first.range.start());
            if key == "Name" {
                sink.report(
                    here,
                    "a second `Name:` in this face makes Forge discard everything read for the face before it",
                )
                .with_severity(Severity::Error)
                .with_note(format!("the face's first `Name:` is on line {first_line}"));
                continue;
            }
            let same = model.slice(first.value).trim() == model.slice(info.value).trim();
            if same {
                sink.report(
                    here,
                    format!("`{key}:` is repeated with the same value (line {first_line})"),
                )
                .with_severity(Severity::Hint);
            } else {
                sink.report(
                    first.key.unwrap_or(first.range),
                    format!(
                        "Forge ignores this `{key}:` line: a later one (line {}) replaces it",
                        line_number(model.text, info.range.start())
                    ),
                );
            }
        }
    }
}
