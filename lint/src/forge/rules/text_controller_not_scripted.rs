//! F170: the rules text says "... you control get/have ..." but the group the script affects is
//! not restricted to the controller's objects.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F170",
    name: "text-controller-not-scripted",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "The `Oracle:` text says `<group> you control get/have ...` (an anthem, a lord, a mass pump), but the `Affected$`/`ValidCards$` of the static or `PumpAll` it describes has an alternative without `YouCtrl`: the opponents' objects are affected too.",
    explanation: "\"Creatures you control get +1/+1\" is written `Affected$ Creature.YouCtrl`; without \
the controller property (`YouCtrl`, `YourTeamCtrl`) the static or mass pump affects every player's \
objects. The sentence is paired with the script through the record's own description (`Description$`, \
`SpellDescription$`, or that of the trigger or ability that runs it), which must hold the sentence's \
subject; only sentences whose effect clause opens with a plain group subject holding `you control` \
and a verb `get`, `have` or `gain` are read. Compared: `Continuous` statics' `Affected$` and \
`PumpAll`s' `ValidCards$`. Any controller property that is not an opponent's counts (`YouCtrl`, \
`YourTeamCtrl`, a plane's `ActivePlayerCtrl`). When a description covers several records (a spell and \
its sub-abilities), the sentence counts as scripted if one of them has the restriction; records that \
apply to the card itself (`Card.Self`) are left alone.",
    bad: "Name:Banner Bearer\nManaCost:2 W\nTypes:Creature Human Soldier\nPT:2/2\nA:AB$ PumpAll | Cost$ 1 W T | ValidCards$ Creature | NumAtt$ +1 | NumDef$ +1 | SpellDescription$ Creatures you control get +1/+1 until end of turn.\nOracle:{1}{W}, {T}: Creatures you control get +1/+1 until end of turn.",
    good: "Name:Banner Bearer\nManaCost:2 W\nTypes:Creature Human Soldier\nPT:2/2\nA:AB$ PumpAll | Cost$ 1 W T | ValidCards$ Creature.YouCtrl | NumAtt$ +1 | NumDef$ +1 | SpellDescription$ Creatures you control get +1/+1 until end of turn.\nOracle:{1}{W}, {T}: Creatures you control get +1/+1 until end of turn.",
    ..RuleMeta::BASE
};

/// A controller restriction that may mean "you" (`YouCtrl`, `YourTeamCtrl`, `ActivePlayerCtrl`
/// on a plane, `ControlledBy ...`), not an opponent's.
fn has_controller(p: &str) -> bool {
    let p = p.to_ascii_lowercase();
    (p.contains("ctrl") && !p.contains("opp")) || p.starts_with("controlledby")
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for pair in ctx.group_pairs() {
        if !pair.subject_you_control {
            continue;
        }
        for (param, at, alt) in pair.unscripted(&ctx.model, has_controller) {
            let range = super::sub_range(param.value_range, at, alt.len());
            let d = sink.report(
                range,
                format!(
                    "the rules text says \"{}\", but `{}$ {alt}` has no controller restriction: other players' objects are affected too",
                    pair.sentence, param.key
                ),
            );
            d.with_note(format!(
                "add `+YouCtrl` to the alternative (`{alt}+YouCtrl`) if the text is right"
            ));
        }
    }
}
