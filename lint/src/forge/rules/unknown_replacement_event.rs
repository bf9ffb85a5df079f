//! F116: a replacement `Event$` Forge does not know.

use super::{with_suggestion, word_fix};
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::facts::FactKind;
use model::forge::script::Role;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F116",
    name: "unknown-replacement-event",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A replacement effect whose `Event$` is not a replacement event.",
    explanation: "`Event$` names what a replacement effect replaces (`Moved`, `DamageDone`, `Draw`...). \
Forge looks it up ignoring case when it builds the card and throws on an unknown name: the card fails to \
load.",
    bad: "Name:Ashen Ward\nManaCost:1 B\nTypes:Enchantment\nR:Event$ Move | ActiveZones$ Battlefield | ValidCard$ Creature.YouCtrl | Destination$ Graveyard | ReplaceWith$ Exile | Description$ If a creature you control would die, exile it instead.\nSVar:Exile:DB$ ChangeZone | Hidden$ True | Origin$ All | Destination$ Exile | Defined$ ReplacedCard",
    good: "Name:Ashen Ward\nManaCost:1 B\nTypes:Enchantment\nR:Event$ Moved | ActiveZones$ Battlefield | ValidCard$ Creature.YouCtrl | Destination$ Graveyard | ReplaceWith$ Exile | Description$ If a creature you control would die, exile it instead.\nSVar:Exile:DB$ ChangeZone | Hidden$ True | Origin$ All | Destination$ Exile | Defined$ ReplacedCard",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for rec in &ctx.model.records {
        if rec.role != Role::Replacement {
            continue;
        }
        let Some(p) = rec.param("Event") else {
            continue;
        };
        let event = p.value.trim();
        if event.is_empty()
            || ctx
                .vocab
                .replacement_events()
                .get_ignore_case(event)
                .is_some()
        {
            continue;
        }
        let range = p.value_range;
        let d = sink.report(
            range,
            format!(
                "`{event}` is not a replacement event: Forge fails to build this replacement{}",
                ctx.version_clause(FactKind::Replacement, event)
            ),
        );
        with_suggestion(
            d,
            word_fix(event, range, ctx.vocab.replacement_events().names()),
        );
    }
}
