//! F133: a comma list in a parameter that takes one SVar name.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::ListSep;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F133",
    name: "name-list-in-single-param",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "`Execute$ A,B` or `SubAbility$ A,B`: a list where Forge expects one SVar name.",
    explanation: "`Execute$`, `SubAbility$`, `ReplaceWith$` and the other chain keys take exactly one SVar \
name. Forge looks for an SVar literally named `A,B`, finds none, and that part of the card does nothing. \
Run several abilities by chaining them: `Execute$ A`, and `SubAbility$ B` inside `A`.",
    bad: "Name:Gloom Herald\nManaCost:2 B\nTypes:Creature Zombie\nPT:2/2\nT:Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Card.Self | Execute$ TrigDrain,TrigDraw | TriggerDescription$ When CARDNAME dies, each opponent loses 1 life and you draw a card.\nSVar:TrigDrain:DB$ LoseLife | Defined$ Player.Opponent | LifeAmount$ 1\nSVar:TrigDraw:DB$ Draw | NumCards$ 1",
    good: "Name:Gloom Herald\nManaCost:2 B\nTypes:Creature Zombie\nPT:2/2\nT:Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Card.Self | Execute$ TrigDrain | TriggerDescription$ When CARDNAME dies, each opponent loses 1 life and you draw a card.\nSVar:TrigDrain:DB$ LoseLife | Defined$ Player.Opponent | LifeAmount$ 1 | SubAbility$ TrigDraw\nSVar:TrigDraw:DB$ Draw | NumCards$ 1",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for r in &model.refs {
        if r.sep != ListSep::Single || r.shadowed || !r.name.contains(',') {
            continue;
        }
        let d = sink.report(
            r.range,
            format!(
                "`{}$` takes one SVar name: Forge looks for an SVar named `{}`, finds none, and this part of the card does nothing",
                r.from, r.name
            ),
        );
        if r.name
            .split(',')
            .all(|n| model.resolve(r.face, n.trim()).is_some())
        {
            d.with_note(
                "to run several abilities, name the first and chain the others with `SubAbility$`",
            );
        }
        if super::undefined_svar::in_dead_code(model, r) {
            d.with_severity(Severity::Warning);
        }
    }
}
