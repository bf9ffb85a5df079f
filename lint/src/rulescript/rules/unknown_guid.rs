use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R114",
    name: "rule-guid-not-in-set",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A `RulesDict` entry whose GUID is no card of the set file.",
    explanation: "The engine looks a card's rules up by the card's GUID (in lower case). An entry \
whose GUID is not the id of any card in the game's `set.xml` is never used, and the card it was \
meant for has no rules. (Checked when the workspace holds the set file.)",
    bad: "# workspace example: needs the set file beside card_rules.py",
    good: "# workspace example: the GUID is the `id` of a `<card>` of the set file",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    if !ctx.index.has_sets {
        return;
    }
    for entry in ctx.tree.entries() {
        let Some(guid) = entry.guid() else { continue };
        let key = guid.text().trim().to_ascii_lowercase();
        if ctx.index.cards.contains_key(&key) {
            continue;
        }
        let d = sink.report(
            guid.text_range(),
            "no card of the set file has this GUID: these rules are never used",
        );
        if let Some(comment) = entry.comment_above() {
            d.with_note(format!(
                "the comment above says {}",
                comment.text().trim_start_matches('#').trim()
            ));
        }
    }
}
