//! F152: a counter type Forge does not know.

use super::{with_suggestion, word_fix};
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::facts::FactKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F152",
    name: "unknown-counter-type",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A counter name (`CounterType$`, `AddCounter<N/TYPE>`, `SubCounter<N/TYPE>`, `K:etbCounter:TYPE`) that is no counter type.",
    explanation: "Counter names are the enum names (`P1P1`, `M1M1`, `LOYALTY`, `CHARGE`...) or the \
`+1/+1` forms, ignoring case. The 2020 Forge throws on an unknown name; upstream Forge silently makes a \
new counter kind of it, which nothing else counts. A near miss of a known counter is an error with a fix; \
other names are warnings, since upstream adds counter kinds (and keyword counters such as `Flying`) \
faster than any list. `CounterType$` may also name an SVar that holds the \
type, and some effects take `Any`, `All` or `ExistingCounter` (not inside costs). A list is cut at \
commas only (`First Strike` is one name). Checked against one Forge version (`[forge] engine`, or the \
checkout the cards sit in), what that version does decides: where it throws, an unknown name is an \
error; where it makes a new counter kind of it, there is no finding, except a hint for a name one \
letter from a known counter.",
    bad: "Name:Spark Jar\nManaCost:2\nTypes:Artifact\nK:etbCounter:CHRAGE:3\nA:AB$ DealDamage | Cost$ T SubCounter<1/CHARGE> | ValidTgts$ Any | NumDmg$ 1 | SpellDescription$ CARDNAME deals 1 damage to any target.",
    good: "Name:Spark Jar\nManaCost:2\nTypes:Artifact\nK:etbCounter:CHARGE:3\nA:AB$ DealDamage | Cost$ T SubCounter<1/CHARGE> | ValidTgts$ Any | NumDmg$ 1 | SpellDescription$ CARDNAME deals 1 damage to any target.",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for found in ctx.counters() {
        let word = found.word;
        if word.is_empty() {
            continue;
        }
        let in_cost = matches!(found.from, "AddCounter" | "SubCounter");
        match ctx.vocab.counter_type(word) {
            Some(c) if !(c.special && in_cost) => continue,
            _ => {}
        }
        // An SVar holding the type (`RepeatSVarCounter`) or an amount placeholder.
        // Names other effects set at run time (RepeatEach's `RepeatSVarCounter`).
        let runtime = ["Repeat", "Chosen", "Replaced"]
            .iter()
            .any(|p| word.starts_with(p));
        if model.resolve(found.face, word).is_some() || word == "X" || runtime {
            continue;
        }
        // Upstream keyword counters (`Flying`, `Deathtouch`...) are named after keywords: known
        // to a Forge that makes counter kinds by name (not to the 2020 one, which throws).
        if (!ctx.vocab.is_one_version() || ctx.vocab.counters_made_on_the_fly())
            && ctx.vocab.keywords().vocab.get_ignore_case(word).is_some()
        {
            continue;
        }
        let names = ctx
            .vocab
            .counter_types()
            .iter()
            .filter(|c| !c.special)
            .map(|c| c.word.name);
        let fix = word_fix(word, found.range, names);
        // Against one Forge, what that Forge does with the name decides.
        if ctx.vocab.is_one_version() {
            let label = &ctx.vocab.label;
            if ctx.vocab.counters_made_on_the_fly() {
                // A new kind of counter is this Forge's answer: no finding, unless the name is
                // one edit from a known one (a hint: the kind made is probably not the one meant).
                if let Some((fix, best)) = fix
                    && model::suggest::distance(word, best) <= 1
                {
                    sink.report(
                        found.range,
                        format!("`{word}` is one letter from the counter type `{best}`: {label} makes a new counter kind of it, which nothing else counts"),
                    )
                    .with_severity(Severity::Hint)
                    .with_fix(fix);
                }
                continue;
            }
            let d = sink.report(
                found.range,
                format!("`{word}` is not a counter type: {label} throws when it reads it"),
            );
            with_suggestion(d, fix);
            continue;
        }
        // A near miss of a known counter is a typo; another name may be a counter kind newer
        // than cardlint's list (upstream accepts any name), so only a warning.
        match fix {
            Some((fix, best)) if fix.applicability == crate::Applicability::Safe => {
                sink.report(
                    found.range,
                    format!("`{word}` is not a counter type (did you mean `{best}`?): the 2020 Forge throws, upstream Forge makes a counter kind nothing else counts"),
                )
                .with_fix(fix);
            }
            other => {
                let d = sink.report(
                    found.range,
                    format!(
                        "`{word}` is not a counter type cardlint knows: the 2020 Forge throws, upstream Forge makes a new counter kind of it{}",
                        ctx.version_clause(FactKind::Counter, word)
                    ),
                );
                d.with_severity(Severity::Warning);
                with_suggestion(d, other);
            }
        }
    }
}
