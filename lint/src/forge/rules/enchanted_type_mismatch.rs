//! F189: a static whose description speaks of "Enchanted permanent" (or another type) but whose
//! `Affected$` looks only for a narrower or other type (`Creature.EnchantedBy`).

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::Role;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F189",
    name: "enchanted-type-mismatch",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "A static whose description says \"Enchanted permanent\" (or \"Enchanted land\"...) but whose `Affected$` is another card type (`Creature.EnchantedBy`).",
    explanation: "An Aura's statics find the enchanted object with `Affected$ <Type>.EnchantedBy` (or \
`AttachedBy`, `EquippedBy`). The type before the dot still filters: `Creature.EnchantedBy` affects the \
enchanted object only while it is a creature. When the description says what the Aura enchants \
(\"Enchanted permanent can't attack or block\", \"Enchanted land is...\") and `Affected$` names another \
type, the static skips what the Aura may legally enchant. `Card` and `Permanent` are not reported \
unless the text names a narrower type they do not cover.",
    bad: "Name:Golden Shackle\nManaCost:2 W\nTypes:Enchantment Aura\nK:Enchant permanent\nA:SP$ Attach | Cost$ 2 W | ValidTgts$ Permanent | AILogic$ Curse\nS:Mode$ Continuous | Affected$ Creature.EnchantedBy | AddHiddenKeyword$ CARDNAME can't attack or block. | Description$ Enchanted permanent can't attack or block.\nOracle:Enchant permanent\nEnchanted permanent can't attack or block.",
    good: "Name:Golden Shackle\nManaCost:2 W\nTypes:Enchantment Aura\nK:Enchant permanent\nA:SP$ Attach | Cost$ 2 W | ValidTgts$ Permanent | AILogic$ Curse\nS:Mode$ Continuous | Affected$ Permanent.EnchantedBy | AddHiddenKeyword$ CARDNAME can't attack or block. | Description$ Enchanted permanent can't attack or block.\nOracle:Enchant permanent\nEnchanted permanent can't attack or block.",
    ..RuleMeta::BASE
};

/// The card types a description may name after "Enchanted", as script type words.
const TYPES: &[(&str, &str)] = &[
    ("permanent", "Permanent"),
    ("creature", "Creature"),
    ("land", "Land"),
    ("artifact", "Artifact"),
    ("enchantment", "Enchantment"),
    ("planeswalker", "Planeswalker"),
];

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for record in &ctx.model.records {
        if record.role != Role::Static {
            continue;
        }
        let (Some(affected), Some(desc)) = (record.param("Affected"), record.param("Description"))
        else {
            continue;
        };
        // The first "Enchanted <type>" of the description.
        let Some(noun) = enchanted_noun(desc.value) else {
            continue;
        };
        let value = affected.value.trim();
        // One item only: `Creature.EnchantedBy` or `Creature.EnchantedBy+...`.
        if value.contains(',') {
            continue;
        }
        let Some((base, props)) = value.split_once('.') else {
            continue;
        };
        if !props
            .split('+')
            .any(|p| p == "EnchantedBy" || p == "AttachedBy")
        {
            continue;
        }
        let Some(&(_, written)) = TYPES.iter().find(|(_, t)| *t == base) else {
            continue;
        };
        if written == noun || written == "Permanent" && noun != "Permanent" {
            continue;
        }
        let at = syntax::TextRange::at(
            affected.value_range.start()
                + syntax::TextSize::from(
                    (affected.value.len() - affected.value.trim_start().len()) as u32,
                ),
            syntax::TextSize::from(base.len() as u32),
        );
        sink.report(
            at,
            format!(
                "the description speaks of the enchanted {}, but `Affected$ {value}` affects it only while it is a {}: write `{noun}.`",
                noun.to_ascii_lowercase(),
                written.to_ascii_lowercase()
            ),
        )
        .with_fix(Fix::unsafe_(
            format!("write `{noun}`"),
            vec![Edit::replace(at, noun)],
        ));
    }
}

/// The script type word of the first "Enchanted <type>" in `text`.
fn enchanted_noun(text: &str) -> Option<&'static str> {
    let at = text
        .find("Enchanted ")
        .or_else(|| text.find("enchanted "))?;
    let rest = &text[at + "Enchanted ".len()..];
    let word: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect::<String>()
        .to_ascii_lowercase();
    TYPES.iter().find(|(w, _)| *w == word).map(|(_, t)| *t)
}
