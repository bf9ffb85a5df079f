//! F111: an ApiType written in another case than its canonical spelling.

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::Role;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F111",
    name: "api-type-case",
    dialect: Some(Dialect::FORGE),
    group: Group::Style,
    severity: Severity::Hint,
    fix: FixAvailability::Always,
    summary: "An ApiType in non-canonical case (`Gainlife` for `GainLife`).",
    explanation: "Forge looks ApiTypes up ignoring case, so this works; but every other tool (and every \
other card) spells it the canonical way, and searches for the canonical name miss it.",
    bad: "Name:Small Mercy\nManaCost:W\nTypes:Instant\nA:SP$ Gainlife | Cost$ W | LifeAmount$ 3 | SpellDescription$ You gain 3 life.",
    good: "Name:Small Mercy\nManaCost:W\nTypes:Instant\nA:SP$ GainLife | Cost$ W | LifeAmount$ 3 | SpellDescription$ You gain 3 life.",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for rec in &ctx.model.records {
        if rec.role != Role::Ability {
            continue;
        }
        let Some(kp) = rec.kind_param else { continue };
        let api = rec.kind_value;
        if ctx.vocab.api_types().get(api).is_some() {
            continue;
        }
        let Some(word) = ctx.vocab.api_types().get_ignore_case(api) else {
            continue;
        };
        let range = rec.params[kp].value_range;
        sink.report(
            range,
            format!(
                "the ApiType is spelt `{}` (Forge ignores case, so this works)",
                word.name
            ),
        )
        .with_fix(Fix::safe(
            format!("write `{}`", word.name),
            vec![Edit::replace(range, word.name)],
        ));
    }
}
