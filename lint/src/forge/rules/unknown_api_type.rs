//! F110: an ApiType Forge does not know.

use super::{with_suggestion, word_fix};
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::facts::FactKind;
use model::forge::script::Role;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F110",
    name: "unknown-api-type",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "The value of `AB$`, `SP$`, `DB$` or `ST$` is not an ApiType.",
    explanation: "The record type names the effect (`Destroy`, `ChangeZone`, `Pump`...). Forge looks it up \
ignoring case when it builds the card; an unknown name throws, and the card fails to load (or, in an SVar, \
the ability is missing when it is needed). The fix is safe when exactly one ApiType is that close.",
    bad: "Name:Shatter Bolt\nManaCost:1 R\nTypes:Instant\nA:SP$ Destory | Cost$ 1 R | ValidTgts$ Artifact | SpellDescription$ Destroy target artifact.",
    good: "Name:Shatter Bolt\nManaCost:1 R\nTypes:Instant\nA:SP$ Destroy | Cost$ 1 R | ValidTgts$ Artifact | SpellDescription$ Destroy target artifact.",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for rec in &ctx.model.records {
        if rec.role != Role::Ability {
            continue;
        }
        let Some(kp) = rec.kind_param else { continue };
        let p = &rec.params[kp];
        let api = rec.kind_value;
        if api.is_empty() || ctx.vocab.api_types().get_ignore_case(api).is_some() {
            continue;
        }
        let range = p.value_range;
        let d = sink.report(
            range,
            format!(
                "`{api}` is not an ApiType: Forge cannot build this ability{}",
                ctx.version_clause(FactKind::Api, api)
            ),
        );
        with_suggestion(d, word_fix(api, range, ctx.vocab.api_types().names()));
    }
}
