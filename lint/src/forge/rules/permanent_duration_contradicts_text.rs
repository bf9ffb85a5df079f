//! F205: an ability made to last for good (`Duration$ Permanent`, `Permanent$ True`) whose own
//! description says its effect lasts "until end of turn".

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::Role;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F205",
    name: "permanent-duration-contradicts-text",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "An ability with `Duration$ Permanent` (or `Permanent$ True`) whose own description says `Until end of turn, ...`: the effect never ends.",
    explanation: "`Effect`, `Animate`, `Pump` and the like last until the end of the turn unless \
`Duration$ Permanent` (`Permanent$ True` for `Pump`) makes them last for good. A record with one of \
these whose own `SpellDescription$`/`StackDescription$` says \"until end of turn\" (reminder text and \
quoted abilities left out) does something else than it says: the cards stay playable, the creature \
stays pumped, after the turn. On the Forge 2020 cards none of the 162 records that last for good \
says so; the fix removes the parameter (unsafe: the description may be the wrong one).",
    bad: "Name:Borrowed Insight\nManaCost:1 U\nTypes:Sorcery\nA:SP$ Dig | Cost$ 1 U | DigNum$ 2 | ChangeNum$ All | DestinationZone$ Exile | RememberChanged$ True | SubAbility$ DBEffect | SpellDescription$ Exile the top two cards of your library.\nSVar:DBEffect:DB$ Effect | StaticAbilities$ STPlay | RememberObjects$ Remembered | Duration$ Permanent | SubAbility$ DBCleanup | SpellDescription$ Until end of turn, you may play those cards.\nSVar:STPlay:Mode$ Continuous | EffectZone$ Command | Affected$ Card.IsRemembered | AffectedZone$ Exile | MayPlay$ True | Description$ You may play those cards.\nSVar:DBCleanup:DB$ Cleanup | ClearRemembered$ True\nOracle:Exile the top two cards of your library. Until end of turn, you may play those cards.",
    good: "Name:Borrowed Insight\nManaCost:1 U\nTypes:Sorcery\nA:SP$ Dig | Cost$ 1 U | DigNum$ 2 | ChangeNum$ All | DestinationZone$ Exile | RememberChanged$ True | SubAbility$ DBEffect | SpellDescription$ Exile the top two cards of your library.\nSVar:DBEffect:DB$ Effect | StaticAbilities$ STPlay | RememberObjects$ Remembered | SubAbility$ DBCleanup | SpellDescription$ Until end of turn, you may play those cards.\nSVar:STPlay:Mode$ Continuous | EffectZone$ Command | Affected$ Card.IsRemembered | AffectedZone$ Exile | MayPlay$ True | Description$ You may play those cards.\nSVar:DBCleanup:DB$ Cleanup | ClearRemembered$ True\nOracle:Exile the top two cards of your library. Until end of turn, you may play those cards.",
    ..RuleMeta::BASE
};

/// Whether a description says its effect ends with the turn (outside reminder text and quoted
/// abilities, which describe other objects).
fn says_until_end_of_turn(description: &str) -> bool {
    let lower = super::oracle::strip_reminder(&description.to_ascii_lowercase());
    lower
        .split('"')
        .step_by(2)
        .any(|part| part.contains("until end of turn"))
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let text = ctx.file.text();
    // Cheap pre-filter: both words must be in the file.
    if !model::search::contains(text, "Permanent")
        || !model::search::contains(text, "ntil end of turn")
    {
        return;
    }
    for record in &ctx.model.records {
        if record.role != Role::Ability {
            continue;
        }
        let lasting = record
            .param("Duration")
            .filter(|p| p.value.trim() == "Permanent")
            .or_else(|| {
                record
                    .param("Permanent")
                    .filter(|p| p.value.trim().eq_ignore_ascii_case("True"))
            });
        let Some(lasting) = lasting else {
            continue;
        };
        let Some(description) = ["SpellDescription", "StackDescription"]
            .iter()
            .filter_map(|k| record.param(k))
            .find(|p| says_until_end_of_turn(p.value))
        else {
            continue;
        };
        // Remove the piece with the `|` before it.
        let line_text = text;
        let start = usize::from(lasting.range.start());
        let before = line_text[..start].trim_end_matches([' ', '\t']);
        let cut_start = if before.ends_with('|') {
            before.len() - 1
        } else {
            start
        };
        let cut_start = line_text[..cut_start].trim_end_matches([' ', '\t']).len();
        let range = syntax::TextRange::new(
            syntax::TextSize::from(cut_start as u32),
            lasting.range.end(),
        );
        sink.report(
            lasting.range,
            format!(
                "`{}$ {}` makes this last for good, but its description says \"until end of turn\"",
                lasting.key,
                lasting.value.trim()
            ),
        )
        .with_related(crate::Related::here(
            description.value_range,
            "the description that says \"until end of turn\"",
        ))
        .with_fix(Fix::unsafe_(
            format!("remove `{}$ {}`", lasting.key, lasting.value.trim()),
            vec![Edit::replace(range, "")],
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_descriptions_that_end_with_the_turn() {
        assert!(says_until_end_of_turn(
            "Until end of turn, you may play those cards."
        ));
        assert!(says_until_end_of_turn(
            "Target creature gets +2/+2 until end of turn."
        ));
        assert!(!says_until_end_of_turn(
            "Target opponent gets an emblem with \"Whenever a creature attacks you, it gets +5/+5 until end of turn.\""
        ));
        assert!(!says_until_end_of_turn(
            "Put a +1/+1 counter on target creature."
        ));
    }
}
