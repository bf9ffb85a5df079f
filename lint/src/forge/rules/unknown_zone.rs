//! F150: a zone name Forge does not know.

use super::{with_suggestion, word_fix};
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::facts::FactKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F150",
    name: "unknown-zone",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A zone list (`TriggerZones$`, `Origin$`, `Destination$`, `ActivationZone$`...) naming something that is not a zone.",
    explanation: "Zone names (`Battlefield`, `Graveyard`, `Hand`, `Library`, `Exile`, `Command`, `Stack`...) \
are looked up ignoring case, in lists separated by commas or spaces; `All` and `Any` are accepted where \
the engine expects them. An unknown name throws when Forge reads it — at load time for trigger and \
replacement zones, in the middle of a game for effect parameters. (`Destination$` of `Counter` takes \
its own words and is not checked.)",
    bad: "Name:Grave Whisper\nManaCost:1 B\nTypes:Sorcery\nA:SP$ ChangeZone | Cost$ 1 B | Origin$ Graveyrd | Destination$ Hand | ValidTgts$ Creature.YouOwn | TgtPrompt$ Select target creature card in your graveyard | SpellDescription$ Return target creature card from your graveyard to your hand.",
    good: "Name:Grave Whisper\nManaCost:1 B\nTypes:Sorcery\nA:SP$ ChangeZone | Cost$ 1 B | Origin$ Graveyard | Destination$ Hand | ValidTgts$ Creature.YouOwn | TgtPrompt$ Select target creature card in your graveyard | SpellDescription$ Return target creature card from your graveyard to your hand.",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for found in ctx.zones() {
        if ctx.vocab.zones().get_ignore_case(found.word).is_some() {
            continue;
        }
        let d = sink.report(
            found.range,
            format!(
                "`{}` is not a zone: Forge throws when it reads this `{}$`{}",
                found.word,
                found.from,
                ctx.version_clause(FactKind::Zone, found.word)
            ),
        );
        with_suggestion(
            d,
            word_fix(found.word, found.range, ctx.vocab.zones().names()),
        );
    }
}
