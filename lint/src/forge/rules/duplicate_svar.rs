//! F135: an SVar defined twice on one face.

use super::line_number;
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F135",
    name: "duplicate-svar",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "Two `SVar:` lines with the same name on one face: the later one replaces the earlier for every reference.",
    explanation: "Each face has one SVar table; redefining a name replaces the earlier value silently. When \
two abilities were meant to have their own `TrigDraw`, both now run the second one. The same value twice \
is only noise (a hint).",
    bad: "Name:Twin Omens\nManaCost:2 U\nTypes:Enchantment\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigDraw | TriggerDescription$ When CARDNAME enters the battlefield, draw a card.\nSVar:TrigDraw:DB$ Draw | NumCards$ 1\nT:Mode$ Phase | Phase$ Upkeep | ValidPlayer$ You | TriggerZones$ Battlefield | Execute$ TrigDraw | TriggerDescription$ At the beginning of your upkeep, scry 1.\nSVar:TrigDraw:DB$ Scry | ScryNum$ 1",
    good: "Name:Twin Omens\nManaCost:2 U\nTypes:Enchantment\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigDraw | TriggerDescription$ When CARDNAME enters the battlefield, draw a card.\nSVar:TrigDraw:DB$ Draw | NumCards$ 1\nT:Mode$ Phase | Phase$ Upkeep | ValidPlayer$ You | TriggerZones$ Battlefield | Execute$ TrigScry | TriggerDescription$ At the beginning of your upkeep, scry 1.\nSVar:TrigScry:DB$ Scry | ScryNum$ 1",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for face in &model.faces {
        for defs in face.svars.values() {
            let Some((&last, earlier)) = defs.split_last() else {
                continue;
            };
            let winner = &model.svars[last];
            let line = line_number(model.text, winner.name_range.start());
            for &d in earlier {
                let def = &model.svars[d];
                if def.value.trim() == winner.value.trim() {
                    sink.report(
                        def.name_range,
                        format!(
                            "`SVar:{}` is defined again with the same value (line {line})",
                            def.name
                        ),
                    )
                    .with_severity(Severity::Hint)
                    .with_related(crate::Related::here(
                        winner.name_range,
                        "the later definition",
                    ));
                } else {
                    sink.report(
                        def.name_range,
                        format!(
                            "Forge never uses this `SVar:{}`: a later definition (line {line}) replaces it for every reference",
                            def.name
                        ),
                    )
                    .with_related(crate::Related::here(
                        winner.name_range,
                        "the later definition Forge uses",
                    ));
                }
            }
        }
    }
}
