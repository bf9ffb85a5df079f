//! F206: an ability targets (`ValidTgts$`) on a face whose rules text never says "target".

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::Role;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F206",
    name: "targets-without-text-target",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "An ability with `ValidTgts$` on a face whose rules text never says \"target\": the script targets what the card only chooses (or acts on).",
    explanation: "`ValidTgts$` makes an ability target: the object or player is chosen as the ability \
is put on the stack, hexproof, shroud, protection and ward stop it, and the ability fizzles when the \
target is gone. A card targets only where its text says \"target\" (\"an opponent\", \"a land you \
control\", \"any number of creatures\" are chosen on resolution, or not chosen at all). On the Forge \
2020 cards, 6,531 of the 6,537 faces with `ValidTgts$` (Aura spells aside) say \"target\" somewhere \
in their rules text (reminder text and quoted abilities included); the other six target where \
their card does not. The usual \
scripts for a choice without a target are `Defined$`, `ChoosePlayer`/`ChooseCard` and a \
`Defined$ Chosen...` sub-ability, or the effect's own choice (`SacValid$`, `ChangeType$` with \
`Hidden$ True`). Aura spells (`SP$ Attach`) target through `Enchant` and are not read; nor are \
faces without rules text.",
    bad: "Name:Quiet Archivist\nManaCost:1 U\nTypes:Creature Human Wizard\nPT:1/2\nA:AB$ Draw | Cost$ T | NumCards$ 1 | ValidTgts$ Player | TgtPrompt$ Choose a player | SpellDescription$ Draw a card.\nOracle:{T}: Draw a card.",
    good: "Name:Quiet Archivist\nManaCost:1 U\nTypes:Creature Human Wizard\nPT:1/2\nA:AB$ Draw | Cost$ T | NumCards$ 1 | Defined$ You | SpellDescription$ Draw a card.\nOracle:{T}: Draw a card.",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    // Cheap pre-filter: only files that target at all.
    if !model::search::contains(ctx.file.text(), "ValidTgts$") {
        return;
    }
    let model = &ctx.model;
    for face in 0..model.faces.len() {
        let lines = ctx.oracle_lines(face);
        if lines.is_empty()
            || lines
                .iter()
                .any(|l| l.text.to_ascii_lowercase().contains("target"))
        {
            continue;
        }
        for record in model.records.iter().filter(|r| r.face == face) {
            if record.role != Role::Ability || record.kind_value.eq_ignore_ascii_case("Attach") {
                continue;
            }
            let Some(targets) = record.param("ValidTgts") else {
                continue;
            };
            sink.report(
                targets.range,
                format!(
                    "`ValidTgts$ {}` makes this ability target, but the card's rules text never says \"target\": as scripted, hexproof, shroud and protection stop it and it fizzles when its target is gone",
                    targets.value.trim()
                ),
            );
        }
    }
}
