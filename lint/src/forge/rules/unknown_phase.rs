//! F151: a phase name Forge does not know.

use super::{with_suggestion, word_fix, words};
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::facts::FactKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F151",
    name: "unknown-phase",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A phase list (`Phase$`, `ActivationPhases$`, `ConditionPhases$`...) naming something that is not a phase.",
    explanation: "Phases are `Untap`, `Upkeep`, `Draw`, `Main1`, `BeginCombat`, `Declare Attackers`, \
`Declare Blockers`, `First Strike Damage`, `Combat Damage`, `EndCombat`, `Main2`, `End of Turn` and \
`Cleanup` (or their enum names such as `COMBAT_END`), in comma lists with `A->B` ranges, ignoring case. \
An unknown name throws when Forge reads it: the card fails to load or the game stops.",
    bad: "Name:Dusk Sentinel\nManaCost:2 W\nTypes:Creature Spirit\nPT:2/2\nT:Mode$ Phase | Phase$ End Of Trun | ValidPlayer$ You | TriggerZones$ Battlefield | Execute$ TrigGain | TriggerDescription$ At the beginning of your end step, you gain 1 life.\nSVar:TrigGain:DB$ GainLife | Defined$ You | LifeAmount$ 1",
    good: "Name:Dusk Sentinel\nManaCost:2 W\nTypes:Creature Spirit\nPT:2/2\nT:Mode$ Phase | Phase$ End of Turn | ValidPlayer$ You | TriggerZones$ Battlefield | Execute$ TrigGain | TriggerDescription$ At the beginning of your end step, you gain 1 life.\nSVar:TrigGain:DB$ GainLife | Defined$ You | LifeAmount$ 1",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for found in words::phases(&ctx.model) {
        // AddPhase's own words (`ExtraPhase$ Combat`: a whole extra combat phase).
        let add_phase_word = matches!(found.from, "ExtraPhase" | "AfterPhase")
            && matches!(found.word, "Combat" | "Main");
        if ctx.vocab.phase(found.word).is_some()
            || found.word.eq_ignore_ascii_case("All")
            || add_phase_word
        {
            continue;
        }
        let d = sink.report(
            found.range,
            format!(
                "`{}` is not a phase: Forge throws when it reads this `{}$`{}",
                found.word,
                found.from,
                ctx.version_clause(FactKind::Phase, found.word)
            ),
        );
        with_suggestion(
            d,
            word_fix(
                found.word,
                found.range,
                ctx.vocab.phases().iter().map(|p| p.word.name),
            ),
        );
    }
}
