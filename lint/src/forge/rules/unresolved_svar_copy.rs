//! F132: `References$`, `SVars$` or `AddSVar$` naming an SVar that does not exist.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{ListSep, RefKind};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F132",
    name: "unresolved-svar-copy",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "`References$`, `SVars$` or `AddSVar$` names an SVar the face does not define.",
    explanation: "These lists copy SVars onto the ability, effect or card being made, so that its amounts \
and chains find them. A missing name copies nothing: usually harmless (amounts fall back to the card's own \
SVars), sometimes the sign that the SVar the effect needs was renamed. `AddSVar$` separates names with \
` & `; commas make one long name that never exists.",
    bad: "Name:Ember Totem\nManaCost:2\nTypes:Artifact\nA:AB$ Effect | Cost$ 2 T | StaticAbilities$ STPump | SVars$ PumpX | SpellDescription$ Creatures you control get +X/+0 until end of turn.\nSVar:STPump:Mode$ Continuous | Affected$ Creature.YouCtrl | AddPower$ X\nSVar:X:Count$CardsInYourHand",
    good: "Name:Ember Totem\nManaCost:2\nTypes:Artifact\nA:AB$ Effect | Cost$ 2 T | StaticAbilities$ STPump | SVars$ X | SpellDescription$ Creatures you control get +X/+0 until end of turn.\nSVar:STPump:Mode$ Continuous | Affected$ Creature.YouCtrl | AddPower$ X\nSVar:X:Count$CardsInYourHand",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for r in &model.refs {
        if r.kind != RefKind::Copy || r.shadowed {
            continue;
        }
        if super::undefined_svar::ENGINE_MADE.contains(&r.name) || r.name.starts_with("Cost") {
            continue;
        }
        if model.resolve(r.face, r.name).is_some()
            || model.resolve_ignore_case(r.face, r.name).is_some()
        {
            continue;
        }
        let d = sink.report(
            r.range,
            format!(
                "no SVar `{}` on this face: `{}$` copies nothing for it",
                r.name, r.from
            ),
        );
        if r.sep == ListSep::Amp && r.name.contains(',') {
            d.with_note("`AddSVar$` separates names with ` & `, not commas");
        }
    }
}
