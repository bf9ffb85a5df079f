use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::{Ctx, Game};
use crate::registry::{FixAvailability, Group, RuleMeta};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N114",
    name: "script-guid-not-in-set",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A script-table entry whose GUID is no card of the set files.",
    explanation: "The engine looks a card's scripts up by the card's GUID. An entry whose GUID is not \
the id of any card in the game's `set.xml` files is never used, and the card it was written for \
has no scripts. (Checked when the workspace holds the game's set files.)",
    bad: "# workspace example: needs the set files beside CardScripts.py",
    good: "# workspace example: the GUID is the `id` of a `<card>` in a set file",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    if ctx.game != Game::Android || !ctx.index.android_sets {
        return;
    }
    let Some(table) = ctx.tree.table() else {
        return;
    };
    for entry in table.entries() {
        let Some(guid) = entry.guid().filter(|_| entry.is_complete()) else {
            continue;
        };
        let key = guid.text().trim().to_ascii_lowercase();
        if ctx.index.cards.contains_key(&key) {
            continue;
        }
        let name = entry
            .name()
            .map(|n| n.text().to_string())
            .unwrap_or_default();
        let d = sink.report(
            guid.text_range(),
            format!("no card of the set files has this GUID: the scripts of this entry ({name}) are never used"),
        );
        if let Some((id, _)) = ctx
            .index
            .cards
            .iter()
            .find(|(_, (card, _))| !name.is_empty() && card.eq_ignore_ascii_case(&name))
        {
            d.with_note(format!("the set files have `{name}` under the GUID {id}"));
        }
    }
}
