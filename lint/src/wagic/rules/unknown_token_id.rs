//! W129: `token(<id>)` with an id that no card of the library has.

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::index::atoi;
use syntax::wagic::ast::Call;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W129",
    name: "unknown-token-id",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "`token(<id>)` with an id that no loaded card has: the engine creates an \"ID NOT FOUND\" token.",
    explanation: "`token(<id>)` copies the card with that id from the collection (tokens usually have the \
negative id of the card that makes them). When no set entry of the library has the id, the engine \
still creates a token, named \"ID NOT FOUND\", with nothing on it. The check needs the set files of the \
library; it is skipped when they are not part of the checked tree.",
    bad: "# workspace example\n# file: sets/primitives/cards.txt\n[card]\nname=Idol Maker\nauto=token(-999999)\ntype=Sorcery\n[/card]\n# file: sets/AAA/_cards.dat\n[card]\nprimitive=Idol Maker\nid=9001\nrarity=R\n[/card]",
    good: "# workspace example\n# file: sets/primitives/cards.txt\n[card]\nname=Idol Maker\nauto=token(-9001)\ntype=Sorcery\n[/card]\n[card]\nname=Idol\nid=-9001\nrarity=T\ntype=Artifact Creature\npower=3\ntoughness=3\n[/card]\n# file: sets/AAA/_cards.dat\n[card]\nprimitive=Idol Maker\nid=9001\nrarity=R\n[/card]",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let Some(library) = ctx.library else { return };
    if !library.has_sets || library.incomplete || library.ids.is_empty() {
        return;
    }
    for view in ctx.code_views().filter(|v| v.has("token(")) {
        for call in view.all(Call::cast) {
            if !crate::wagic::code::call_named(&call, "token") {
                continue;
            }
            let args = call.args_text();
            let arg = args.trim();
            let digits = arg.strip_prefix('-').unwrap_or(arg);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                continue;
            }
            let id = atoi(arg);
            if !library.ids.contains_key(&id) {
                view.report(
                    sink,
                    call.range(),
                    format!("no card of the library has the id {id}: Wagic creates an \"ID NOT FOUND\" token"),
                );
            }
        }
    }
}
