//! W160: an `alias=` that gives the card nothing: an id no card of the library has and no engine
//! hardcodes, or any id the engine does not hardcode on a card that has its own `auto=` lines.

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::index::atoi;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W160",
    name: "unknown-alias",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::None,
    summary: "An `alias=` that gives the card nothing: no card of the library has the id and no engine hardcodes it, or the card has its own `auto=` lines and the id is not hardcoded.",
    explanation: "Wagic uses `alias=<id>` in two ways. When the card has no `auto=` line, it copies the \
`auto=` lines of the card with that id from the collection (none when no card has it). And a few \
ids (old hardcoded cards: Aladdin's Lamp, the Circles of Protection, the Elemental Blasts...) select \
abilities and targets written in the engine's C++, whatever the card's script says. An id that is \
neither a card of the library nor one of those gives nothing: the card plays without its abilities \
(an error; checked only when the library's set files and primitives are part of the checked tree). A card with its \
own `auto=` lines never copies another card's, so there an id the engine does not hardcode is dead \
(a warning): the abilities the alias was meant to bring are the script's to write. The hardcoded ids \
are those of the 2016 engine and of today's (WagicProject/wagic 140ee7b and 37115e1).",
    bad: "# workspace example\n# file: sets/primitives/cards.txt\n[card]\nname=Ember Lamp\ntext={T}: Ember Lamp deals 1 damage to any target.\nalias=990001\nmana={2}\ntype=Artifact\n[/card]\n# file: sets/AAA/_cards.dat\n[card]\nprimitive=Ember Lamp\nid=9001\nrarity=R\n[/card]",
    good: "# workspace example\n# file: sets/primitives/cards.txt\n[card]\nname=Ember Lamp\ntext={T}: Ember Lamp deals 1 damage to any target.\nauto={T}:damage:1 target(creature,player)\nmana={2}\ntype=Artifact\n[/card]\n# file: sets/AAA/_cards.dat\n[card]\nprimitive=Ember Lamp\nid=9001\nrarity=R\n[/card]",
    ..RuleMeta::BASE
};

/// The ids the engines compare `alias` with: the cases of the hardcoded abilities
/// (`AbilityFactory::addAbilities`) and targets (`TargetChooserFactory::createTargetChooser`),
/// and the ids tested one by one (`alias == N`, `hasAlias(N)`, `countByAlias(N)`), in the 2016
/// engine and today's.
const HARDCODED: &[i64] = &[
    1000, 1092, 1095, 1102, 1103, 1111, 1113, 1114, 1117, 1124, 1139, 1140, 1142, 1143, 1152, 1156,
    1159, 1167, 1176, 1191, 1194, 1202, 1209, 1215, 1224, 1227, 1231, 1243, 1257, 1282, 1288, 1291,
    1312, 1335, 1336, 1337, 1338, 1339, 1344, 1351, 1358, 2732, 3410, 4192, 4193, 4194, 10544,
    11000, 48132, 74534, 89092, 89114, 109736, 111057, 129698, 129750, 129767, 129774, 130369,
    130553, 135262, 185709, 401847,
];

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let library = ctx
        .library
        .filter(|l| l.has_sets && l.has_primitives && !l.incomplete && !l.ids.is_empty());
    for card in &ctx.cards {
        let Some(entry) = card.entry(KeyMeaning::Alias) else {
            continue;
        };
        let value = entry.value_text();
        let id = atoi(value.trim());
        if id == 0 || HARDCODED.contains(&id) {
            continue;
        }
        let range = entry.value_range();
        if card.has(KeyMeaning::Auto) {
            sink.report(
                range,
                format!(
                    "the card has its own `auto=` lines, so Wagic copies no abilities from the card {id}, and no engine hardcodes abilities for it: `alias={id}` does nothing"
                ),
            )
            .with_severity(Severity::Warning);
        } else if library.is_some_and(|l| !l.ids.contains_key(&id)) {
            sink.report(
                range,
                format!(
                    "no card of the library has the id {id} and no engine hardcodes it: the card copies no abilities and has none of its own"
                ),
            );
        }
    }
}
