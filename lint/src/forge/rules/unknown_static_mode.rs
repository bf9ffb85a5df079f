//! F115: a static `Mode$` Forge does not know (or, for the 2020 Forge, in another case).

use super::{with_suggestion, word_fix};
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::facts::FactKind;
use model::forge::script::Role;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F115",
    name: "unknown-static-mode",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A static ability whose `Mode$` is not a static mode.",
    explanation: "`Mode$` names what a static ability does (`Continuous`, `CantBeCast`, `ReduceCost`...). \
The 2020 Forge compares it exactly, so an unknown or differently-cased mode makes the static silently \
inert; upstream Forge looks it up ignoring case and throws on an unknown name. A case difference only is a \
warning (it works upstream).",
    bad: "Name:Banner of Resolve\nManaCost:2 W\nTypes:Enchantment\nS:Mode$ Continous | Affected$ Creature.YouCtrl | AddToughness$ 1 | Description$ Creatures you control get +0/+1.",
    good: "Name:Banner of Resolve\nManaCost:2 W\nTypes:Enchantment\nS:Mode$ Continuous | Affected$ Creature.YouCtrl | AddToughness$ 1 | Description$ Creatures you control get +0/+1.",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for rec in &ctx.model.records {
        if rec.role != Role::Static {
            continue;
        }
        let Some(p) = rec.param("Mode") else { continue };
        // Upstream takes a comma list of modes (`CantAttack,CantBlock`).
        for (mode, range) in model::forge::script::split_items(p.value, p.value_range.start(), ',')
        {
            check_mode(ctx, sink, mode, range);
        }
    }
}

fn check_mode(ctx: &Ctx<'_>, sink: &mut Sink<'_>, mode: &str, range: syntax::TextRange) {
    let vocab = ctx.vocab;
    {
        if mode.is_empty() || vocab.static_modes().get(mode).is_some() {
            return;
        }
        if let Some(word) = vocab.static_modes().get_ignore_case(mode) {
            sink.report(
                range,
                format!(
                    "the 2020 Forge compares static modes exactly: `{mode}` is inert there (write `{}`)",
                    word.name
                ),
            )
            .with_severity(Severity::Warning)
            .with_fix(Fix::safe(
                format!("write `{}`", word.name),
                vec![Edit::replace(range, word.name)],
            ));
            return;
        }
        let d = sink.report(
            range,
            format!(
                "`{mode}` is not a static mode: this static ability does nothing (upstream Forge fails to load the card){}",
                ctx.version_clause(FactKind::Static, mode)
            ),
        );
        with_suggestion(d, word_fix(mode, range, vocab.static_modes().names()));
    }
}
