//! F169: the rules text says "Other ... get/have ..." but the group the script affects is not
//! restricted to other objects.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F169",
    name: "text-other-not-scripted",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "The `Oracle:` text says `Other <group> get/have ...` (a lord, an anthem, a mass pump), but the `Affected$`/`ValidCards$` of the static or `PumpAll` it describes has an alternative without `Other`: the card affects itself too.",
    explanation: "A lord's \"Other Elf creatures you control get +1/+1\" leaves the lord out; Forge leaves \
a card out of a group only through the `Other` property (`Creature.Elf+Other+YouCtrl`). Without it the \
card pumps itself. The sentence is paired with the script through the record's own description \
(`Description$`, `SpellDescription$`, or that of the trigger or ability that runs it), which must hold \
the sentence's subject (or, for one record only, the subject without its `Other`: a description left \
from before the text changed); only sentences whose effect clause opens with a plain group subject (`Other \
Elf creatures you control`, `All other Slivers`, `Each other creature you control`) and a verb `get`, \
`have` or `gain` are read. Compared: `Continuous` statics' `Affected$` and `PumpAll`s' `ValidCards$`. When a description covers several records (a spell and \
its sub-abilities), the sentence counts as scripted if one of them has `Other`; records that apply \
to the card itself (`Card.Self`) and instants and sorceries (never in such a group) are left alone.",
    bad: "Name:Thicket Warden\nManaCost:1 G\nTypes:Creature Elf Warrior\nPT:2/2\nS:Mode$ Continuous | Affected$ Creature.Elf+YouCtrl | AddPower$ 1 | AddToughness$ 1 | Description$ Other Elf creatures you control get +1/+1.\nOracle:Other Elf creatures you control get +1/+1.",
    good: "Name:Thicket Warden\nManaCost:1 G\nTypes:Creature Elf Warrior\nPT:2/2\nS:Mode$ Continuous | Affected$ Creature.Elf+Other+YouCtrl | AddPower$ 1 | AddToughness$ 1 | Description$ Other Elf creatures you control get +1/+1.\nOracle:Other Elf creatures you control get +1/+1.",
    ..RuleMeta::BASE
};

fn has_other(p: &str) -> bool {
    p.eq_ignore_ascii_case("Other") || p.eq_ignore_ascii_case("StrictlyOther")
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for pair in ctx.group_pairs() {
        if !pair.subject_other || pair.spell {
            continue;
        }
        for (param, at, alt) in pair.unscripted(&ctx.model, has_other) {
            let range = super::sub_range(param.value_range, at, alt.len());
            let d = sink.report(
                range,
                format!(
                    "the rules text says \"{}\", but `{}$ {alt}` has no `Other`: the card affects itself too",
                    pair.sentence, param.key
                ),
            );
            d.with_note(format!(
                "add `+Other` to the alternative (`{alt}+Other`) if the text is right"
            ));
        }
    }
}
