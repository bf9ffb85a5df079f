//! W108: a set entry whose definition only loads above the default maximum grade.

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::index::Resolution;
use model::wagic::vocab;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W108",
    name: "grade-gated-primitive",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Info,
    fix: FixAvailability::None,
    summary: "A set entry that resolves only to a definition the default loader skips (its grade).",
    explanation: "`primitive=` finds only definitions that were loaded. At the default maximum grade \
(Borderline) the engine skips files and cards graded Unofficial, Crappy, Unsupported or Dangerous, so an \
entry whose card exists only there is missing from the set unless the player raises the maximum grade. \
This is how Wagic switches unfinished cards off (`unsupported.txt`), so it is information, not a \
mistake: it tells you why such a card does not show up.",
    bad: "# workspace example\n# file: sets/primitives/cards.txt\n[card]\nname=Finished Card\ntype=Instant\n[/card]\n# file: sets/primitives/unsupported.txt\ngrade=unsupported\n[card]\nname=Unfinished Card\ntype=Instant\n[/card]\n# file: sets/AAA/_cards.dat\n[card]\nprimitive=Unfinished Card\nid=9001\nrarity=R\n[/card]",
    good: "# workspace example\n# file: sets/primitives/cards.txt\n[card]\nname=Finished Card\ntype=Instant\n[/card]\n# file: sets/primitives/unsupported.txt\ngrade=unsupported\n[card]\nname=Unfinished Card\ntype=Instant\n[/card]\n# file: sets/AAA/_cards.dat\n[card]\nprimitive=Finished Card\nid=9001\nrarity=R\n[/card]",
    // Wagic switches unfinished cards off on purpose by keeping them in `unsupported.txt`; a
    // set references thousands of them.
    default_enabled: false,
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        let Some((facts, status)) = ctx.block(card) else {
            continue;
        };
        let (Resolution::Gated { at, grade }, Some(p)) = (&status.resolution, &facts.primitive)
        else {
            continue;
        };
        sink.report(
            p.range,
            format!(
                "`{}` is defined only with grade {}: Wagic loads this entry only when the maximum grade allows it",
                p.text,
                vocab::grade_name(*grade)
            ),
        )
        .with_severity(Severity::Info)
        .with_note(format!("defined at {}", ctx.describe(*at)))
        .with_related(ctx.related(*at, "the definition, with its grade"));
    }
}
