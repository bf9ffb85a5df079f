//! F151: a phase name Forge does not know.

use super::{with_suggestion, word_fix, words};
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::facts::FactKind;
use model::forge::values::Reaction;

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
An unknown name throws when Forge reads it: the card fails to load or the game stops. A reader that \
compares the value with words of its own takes those words too (the 2022 `BeginPhase` replacement: \
`Phase$ Combat`, `Phase$ Main`); there another word is a warning, since it never matches but throws \
nothing.",
    bad: "Name:Dusk Sentinel\nManaCost:2 W\nTypes:Creature Spirit\nPT:2/2\nT:Mode$ Phase | Phase$ End Of Trun | ValidPlayer$ You | TriggerZones$ Battlefield | Execute$ TrigGain | TriggerDescription$ At the beginning of your end step, you gain 1 life.\nSVar:TrigGain:DB$ GainLife | Defined$ You | LifeAmount$ 1",
    good: "Name:Dusk Sentinel\nManaCost:2 W\nTypes:Creature Spirit\nPT:2/2\nT:Mode$ Phase | Phase$ End of Turn | ValidPlayer$ You | TriggerZones$ Battlefield | Execute$ TrigGain | TriggerDescription$ At the beginning of your end step, you gain 1 life.\nSVar:TrigGain:DB$ GainLife | Defined$ You | LifeAmount$ 1",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let classes = ctx.classes();
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
        // What the record's readers do with the value: a reader that compares it with words
        // of its own (2022's `BeginPhase` replacement: `Combat`, `Main`) takes those, and one
        // that does not parse it as a phase does not throw.
        let domains = ctx
            .model
            .records
            .iter()
            .position(|r| {
                r.params
                    .iter()
                    .any(|p| p.key == found.from && p.value_range.contains_range(found.range))
            })
            .and_then(|ri| classes.scopes[ri].as_ref())
            .map(|scopes| (scopes.what(), scopes.value_domains(found.from)));
        let mut severity = None;
        let mut how = format!("Forge throws when it reads this `{}$`", found.from);
        if let Some((what, Some(domains))) = &domains {
            if domains
                .iter()
                .any(|d| d.words.iter().any(|w| w.matches(found.word)))
            {
                continue;
            }
            let parsed = domains.iter().any(|d| !d.enums.is_empty());
            let worst = domains.iter().map(|d| d.outside).max().unwrap_or_default();
            if !parsed && worst != Reaction::Throws {
                severity = Some(Severity::Warning);
                how = match worst {
                    Reaction::Runtime => format!(
                        "{what} compare `{}$` with the phase's name, so it never matches",
                        found.from
                    ),
                    _ => format!(
                        "{what} compare `{}$` with words of their own, and this is none of them",
                        found.from
                    ),
                };
            }
        }
        let d = sink.report(
            found.range,
            format!(
                "`{}` is not a phase: {how}{}",
                found.word,
                ctx.version_clause(FactKind::Phase, found.word)
            ),
        );
        if let Some(severity) = severity {
            d.with_severity(severity);
        }
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
