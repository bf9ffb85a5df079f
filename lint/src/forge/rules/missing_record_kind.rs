//! F112: an `A:`/`T:`/`S:`/`R:` record without its record type.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::Origin;
use syntax::forge::SyntaxKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F112",
    name: "missing-record-kind",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "An `A:` line without `AB$`/`SP$`/`ST$`, or a `T:`/`S:` line without `Mode$`, or an `R:` line without `Event$`.",
    explanation: "The record type says what Forge builds: `A:` lines need `AB$` (activated ability) or \
`SP$` (spell) and an ApiType (`DB$` is for sub-abilities in SVars, and an `A:` line with it is never \
played); triggers and statics need `Mode$`, replacements `Event$`. Without it Forge fails to build the \
card or the line does nothing.",
    bad: "Name:Fleeting Thought\nManaCost:U\nTypes:Instant\nA:Draw | Cost$ U | NumCards$ 1 | SpellDescription$ Draw a card.",
    good: "Name:Fleeting Thought\nManaCost:U\nTypes:Instant\nA:SP$ Draw | Cost$ U | NumCards$ 1 | SpellDescription$ Draw a card.",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for rec in &model.records {
        let Origin::Line(li) = rec.origin else {
            continue;
        };
        let info = &model.lines[li];
        let at = info.key.unwrap_or(info.range);
        match info.kind {
            SyntaxKind::ABILITY_LINE => match rec.ability_kind() {
                None => {
                    sink.report(
                        at,
                        "this ability has no `AB$` or `SP$` record type: Forge cannot build it",
                    );
                }
                Some(k) if k.eq_ignore_ascii_case("DB") => {
                    sink.report(
                        rec.params[rec.kind_param.unwrap_or(0)].key_range,
                        "`DB$` is for sub-abilities held in SVars: an `A:` line needs `AB$` (activated) or `SP$` (spell)",
                    );
                }
                _ => {}
            },
            SyntaxKind::TRIGGER_LINE | SyntaxKind::STATIC_LINE if rec.kind_param.is_none() => {
                sink.report(at, "this record has no `Mode$`: Forge cannot build it");
            }
            SyntaxKind::REPLACEMENT_LINE if rec.kind_param.is_none() => {
                sink.report(
                    at,
                    "this replacement has no `Event$`: Forge cannot build it",
                );
            }
            _ => {}
        }
    }
}
