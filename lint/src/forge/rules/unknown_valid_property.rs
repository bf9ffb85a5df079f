//! F157: a Valid property word Forge does not know.

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::Vocabulary;
use model::forge::facts::FactKind;
use model::forge::vocab::{self, Match};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F157",
    name: "unknown-valid-property",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A property after the dot of a Valid expression (`Creature.YouCrtl`) that Forge does not know.",
    explanation: "Properties (`YouCtrl`, `Other`, `tapped`, `cmcLE3`, `withFlying`, `nonLand`...) are \
case-sensitive. Forge falls back to a type check for any word it does not know, so a misspelt property \
silently matches nothing: no legal targets, a static that affects nothing. A property that differs from a \
known one only by case is an error with a safe fix; a near miss by a typo is a warning with a suggested \
fix (upstream Forge reads a few properties cardlint's list lacks), as are other unknown words.",
    bad: "Name:Warden's Call\nManaCost:1 W\nTypes:Instant\nA:SP$ Pump | Cost$ 1 W | ValidTgts$ Creature.youCtrl | NumDef$ +3 | SpellDescription$ Target creature you control gets +0/+3 until end of turn.",
    good: "Name:Warden's Call\nManaCost:1 W\nTypes:Instant\nA:SP$ Pump | Cost$ 1 W | ValidTgts$ Creature.YouCtrl | NumDef$ +3 | SpellDescription$ Target creature you control gets +0/+3 until end of turn.",
    ..RuleMeta::BASE
};

const COLOURS: &[&str] = &[
    "White",
    "Blue",
    "Black",
    "Red",
    "Green",
    "Colorless",
    "MultiColor",
    "MonoColor",
];

/// Properties of spells and abilities (`Spell.Flashback`, `Activated.IsTargeting`).
const SA_PROPERTIES: &[&str] = &[
    "Aftermath",
    "Buyback",
    "Cycling",
    "Dash",
    "Equip",
    "Flashback",
    "Jumpstart",
    "Kicked",
    "ManaAbility",
    "nonManaAbility",
    "MayPlaySource",
    "MorphUp",
    "IsTargeting",
    "phasedOut",
];

pub(crate) const OPERATORS: &[&str] = &["LT", "LE", "EQ", "NE", "GE", "GT", "M2"];

/// For `non<X>` that no property reads and whose `X` names no type or colour, `X`: the
/// engine's fallback tests `!hasType(X)` (first letter capitalised), which every card passes
/// (`nontoken`: `Token` is no type; the property is `nonToken`).
fn non_passes_every_card<'p>(vocab: &Vocabulary, prop: &'p str) -> Option<&'p str> {
    let rest = prop.strip_prefix("non")?;
    if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let props = vocab.valid_properties();
    if props.list.iter().any(|w| {
        w.word.name != "non"
            && w.word.name.starts_with("non")
            && (w.word.name == prop || (w.how == Match::Prefix && prop.starts_with(w.word.name)))
    }) {
        return None;
    }
    if COLOURS.iter().any(|c| prop.contains(c))
        || prop.contains("Colorless")
        || vocab.spell_properties().matching(prop).is_some()
        || SA_PROPERTIES.iter().any(|p| prop.starts_with(p))
    {
        return None;
    }
    let cap = capitalized(rest);
    if vocab::types().contains(&cap) {
        return None;
    }
    Some(rest)
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(c) => c.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// Whether Forge reads `prop` as a property (anything else is a type check).
pub(crate) fn property_known(vocab: &Vocabulary, prop: &str) -> bool {
    let props = vocab.valid_properties();
    if props.exact(prop).is_some() || props.prefix_of(prop, Match::Prefix).is_some() {
        return true;
    }
    // Suffix and substring tests of the engine, and spell-ability properties
    // (`Activated.Loyalty`, `Spell.Blitz`).
    if props
        .matching(prop)
        .is_some_and(|w| !matches!(w.how, Match::Compare))
        || vocab.spell_properties().matching(prop).is_some()
    {
        return true;
    }
    if let Some(w) = props.prefix_of(prop, Match::Compare) {
        let rest = &prop[w.word.name.len()..];
        if OPERATORS.iter().any(|op| rest.starts_with(op)) || rest.starts_with('_') {
            return true;
        }
    }
    if prop.starts_with("counters_") || prop.starts_with("non") {
        return true;
    }
    if vocab::types().contains(prop) || COLOURS.iter().any(|c| prop.contains(c)) {
        return true;
    }
    let players = vocab.player_refs();
    if players.exact(prop).is_some() || players.prefix_of(prop, Match::Prefix).is_some() {
        return true;
    }
    SA_PROPERTIES.iter().any(|p| prop.starts_with(p))
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let props = ctx.vocab.valid_properties();
    for site in ctx.valids() {
        // `Defined.Remembered`: what follows the dot is a Defined value, not properties.
        if super::unknown_valid_base::NOT_VALID_KEYS.contains(&site.from) || site.base == "Defined"
        {
            continue;
        }
        for &(prop, range) in &site.props {
            // Upstream negates single properties with `!`.
            let (prop, range) = match prop.strip_prefix('!') {
                Some(rest) => (
                    rest,
                    syntax::TextRange::new(range.start() + syntax::TextSize::from(1), range.end()),
                ),
                None => (prop, range),
            };
            if prop.is_empty() {
                continue;
            }
            if let Some(rest) = non_passes_every_card(ctx.vocab, prop) {
                let real = props
                    .list
                    .iter()
                    .find(|w| w.word.name != "non" && w.word.name.eq_ignore_ascii_case(prop))
                    .map(|w| w.word.name);
                let d = sink.report(
                    range,
                    format!(
                        "`{prop}` tests the type `{}`, which no card has, so every card passes it{}",
                        capitalized(rest),
                        real.map(|r| format!(" (properties are case-sensitive: did you mean `{r}`?)"))
                            .unwrap_or_default()
                    ),
                );
                if let Some(real) = real {
                    d.with_severity(Severity::Error).with_fix(Fix::safe(
                        format!("write `{real}`"),
                        vec![Edit::replace(range, real)],
                    ));
                }
                continue;
            }
            if property_known(ctx.vocab, prop) {
                continue;
            }
            // A case variant of a known word: the most common real mistake.
            let head_len = prop.find([' ', '_']).unwrap_or(prop.len());
            let head = &prop[..head_len];
            let case_variant = props
                .list
                .iter()
                .find(|w| w.word.name.eq_ignore_ascii_case(head) && w.word.name != head)
                .map(|w| w.word.name);
            if let Some(real) = case_variant {
                let at =
                    syntax::TextRange::at(range.start(), syntax::TextSize::from(head_len as u32));
                sink.report(
                    at,
                    format!("properties are case-sensitive: Forge does not read `{head}` as `{real}`, and falls back to a type check that matches nothing"),
                )
                .with_severity(Severity::Error)
                .with_fix(Fix::safe(format!("write `{real}`"), vec![Edit::replace(at, real)]));
                continue;
            }
            let exact_words = props
                .list
                .iter()
                .filter(|w| w.how == Match::Exact)
                .map(|w| w.word.name);
            // A typo-distance near miss stays a warning: upstream reads properties cardlint's
            // list may lack (its card-state fallback was not extracted).
            match super::word_fix(prop, range, exact_words) {
                Some((fix, best)) => {
                    sink.report(
                        range,
                        format!(
                            "`{prop}` is not a property Forge knows: it falls back to a type check that matches nothing (did you mean `{best}`?){}",
                            ctx.version_clause(FactKind::ValidCard, prop)
                        ),
                    )
                    .with_fix(Fix { applicability: crate::Applicability::Unsafe, ..fix });
                }
                _ => {
                    sink.report(
                        range,
                        format!(
                            "`{prop}` is not a property Forge knows: it is read as a type, and probably matches nothing{}",
                            ctx.version_clause(FactKind::ValidCard, prop)
                        ),
                    );
                }
            }
        }
    }
}
