//! W102: a block without the keys the engine needs to load it as intended.

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::index::FileKind;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W102",
    name: "missing-key",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "A card block without a key the engine needs (id, a definition, name, type...).",
    explanation: "In a set file every block is a card entry: it needs an `id=` (without one the entry \
gets id 0) and a definition, either `primitive=` or keys of its own; an entry with neither is dropped \
without a word. A definition needs a `name=` (other files refer to it by name; without one it is \
registered under the empty name) and a `type=` (the type decides how the card is played). Creatures \
without `power=`/`toughness=` are 0/0, and entries without `rarity=` are Common (warnings). A block that \
has both `primitive=` and definition keys uses only its own keys: the referenced definition is replaced \
completely, not amended (warning).",
    bad: "# workspace example\n# file: sets/AAA/_cards.dat\n[card]\nid=9001\nrarity=C\n[/card]",
    good: "# workspace example\n# file: sets/AAA/_cards.dat\n[card]\nprimitive=Forest\nid=9001\nrarity=C\n[/card]",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let in_set = ctx.kind() == FileKind::Set;
    for card in &ctx.cards {
        // The index read the block already: closed or not, where its `[card]` line is, and
        // which kinds of keys it has.
        let Some((facts, _)) = ctx.block(card) else {
            continue;
        };
        if !facts.closed {
            continue;
        }
        let at = facts.open;
        let has = |m: KeyMeaning| card.has(m);
        let defines = facts.defines;
        let entry = facts.is_entry();
        if in_set {
            if !entry && defines {
                sink.report(
                    at,
                    "this block of a set file has no `id=`: Wagic registers the definition but the set does not contain the card",
                );
            }
            if entry {
                if !has(KeyMeaning::Id) {
                    sink.report(at, "this set entry has no `id=`: Wagic gives it id 0");
                }
                if !has(KeyMeaning::Primitive) && !defines {
                    sink.report(
                        at,
                        "this set entry has no `primitive=` and no definition of its own: Wagic drops it",
                    );
                }
                if !has(KeyMeaning::Rarity) {
                    sink.report(at, "this set entry has no `rarity=`: Wagic makes it Common")
                        .with_severity(Severity::Warning);
                }
            }
        }
        if has(KeyMeaning::Primitive) && defines {
            sink.report(
                at,
                "this block has both `primitive=` and keys of its own: Wagic uses only its own keys and ignores the referenced definition",
            )
            .with_severity(Severity::Warning);
        }
        if !defines {
            continue;
        }
        if !has(KeyMeaning::Name) {
            sink.report(
                at,
                "this card definition has no `name=`: Wagic registers it under the empty name and nothing can refer to it",
            );
        }
        match card.value_of(KeyMeaning::Type) {
            None => {
                sink.report(
                    at,
                    "this card definition has no `type=`: Wagic gives it no type, so it cannot be played as intended",
                );
            }
            Some(types) => {
                let creature = card
                    .entries
                    .iter()
                    .filter(|e| e.meaning == KeyMeaning::Type)
                    .any(|e| {
                        ctx.file.text()[e.value_range()]
                            .to_ascii_lowercase()
                            .contains("creature")
                    })
                    || types.to_ascii_lowercase().contains("creature");
                if creature && (!has(KeyMeaning::Power) || !has(KeyMeaning::Toughness)) {
                    sink.report(
                        at,
                        "this creature has no `power=` or `toughness=`: Wagic makes it 0/0 and it dies at once",
                    )
                    .with_severity(Severity::Warning);
                }
            }
        }
    }
}
