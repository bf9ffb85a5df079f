//! F136: an ability, trigger, static or replacement SVar that nothing references.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{ENGINE_SVARS, Role};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F136",
    name: "unused-svar",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "An SVar holding an ability, trigger, static or replacement that no line of the face names.",
    explanation: "Record-shaped SVars only run when something names them (`SubAbility$`, `Execute$`, \
`Abilities$`, a keyword...). One that nothing names is dead code: often the part of the card that was \
meant to be chained and was not, or a leftover after a rename. SVars that Forge or its AI reach by a \
fixed name (`TrigNotTribute`, `AIRollPlanarDieParams`...) are not reported.",
    bad: "Name:Bog Lurker\nManaCost:1 B\nTypes:Creature Horror\nPT:2/1\nA:AB$ Pump | Cost$ B | Defined$ Self | NumAtt$ +1 | SpellDescription$ CARDNAME gets +1/+0 until end of turn.\nSVar:DBDrain:DB$ LoseLife | Defined$ Player.Opponent | LifeAmount$ 1",
    good: "Name:Bog Lurker\nManaCost:1 B\nTypes:Creature Horror\nPT:2/1\nA:AB$ Pump | Cost$ B | Defined$ Self | NumAtt$ +1 | SubAbility$ DBDrain | SpellDescription$ CARDNAME gets +1/+0 until end of turn. Each opponent loses 1 life.\nSVar:DBDrain:DB$ LoseLife | Defined$ Player.Opponent | LifeAmount$ 1",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for (i, def) in model.svars.iter().enumerate() {
        let Some(rec) = model.svar_record(i) else {
            continue;
        };
        if matches!(rec.role, Role::AiHint) || ENGINE_SVARS.contains(&def.name) {
            continue;
        }
        // Only the definition Forge keeps counts; earlier ones are duplicate-svar's.
        if model.resolve(def.face, def.name) != Some(i) {
            continue;
        }
        if model.reached_from[i] != 0 || model.mentions(i) != 0 {
            continue;
        }
        sink.report(
            def.name_range,
            format!(
                "nothing on this face names `{}`: this {} never runs",
                def.name,
                rec.role.describe()
            ),
        );
    }
}
