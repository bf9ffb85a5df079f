//! F158: a Valid alternative whose base is not a type or a base word.

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::vocab;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F158",
    name: "unknown-valid-base",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A Valid expression (`ValidTgts$`, `ValidCard$`, `Affected$`...) whose base is no type or base word, or that joins properties with `+` before any `.`.",
    explanation: "A Valid alternative is `[!]Base[.prop+prop...]`. The base is a type (`Creature`, \
`Goblin`, `Legendary`) or one of `Card`, `Permanent`, `Spell`, `Player`, `Opponent`, `You`, ...; relative \
bases (`Remembered`, `Targeted`, `TriggeredCard`) work where effects compare with those objects. Forge \
treats any other base as a type that no card has, so the expression silently matches nothing: no legal \
targets, a trigger that never fires. A near miss of a type (`Planeswlaker`) and a missing dot \
(`Creature+YouCtrl`) are errors with fixes.",
    bad: "Name:Rending Bolt\nManaCost:1 R\nTypes:Instant\nA:SP$ DealDamage | Cost$ 1 R | ValidTgts$ Creature,Planeswlaker | NumDmg$ 3 | SpellDescription$ CARDNAME deals 3 damage to target creature or planeswalker.",
    good: "Name:Rending Bolt\nManaCost:1 R\nTypes:Instant\nA:SP$ DealDamage | Cost$ 1 R | ValidTgts$ Creature,Planeswalker | NumDmg$ 3 | SpellDescription$ CARDNAME deals 3 damage to target creature or planeswalker.",
    ..RuleMeta::BASE
};

/// Base words that are not types.
pub const BASE_WORDS: &[&str] = &[
    "Card",
    "card",
    "Permanent",
    "Spell",
    "Emblem",
    "Effect",
    "Player",
    "Opponent",
    "You",
    "EnchantedController",
    "Activated",
    "Triggered",
    "Ability",
    "SpellAbility",
    "Any",
    "Defined",
];

/// Bases naming an object the effect compares with (`Remembered.sameName`).
const RELATIVE_PREFIXES: &[&str] = &[
    "Triggered",
    "Targeted",
    "Remembered",
    "Imprinted",
    "Enchanted",
    "Equipped",
    "Replaced",
    "Defined",
];

/// Whole values a few readers accept instead of an expression.
const WHOLE_VALUES: &[&str] = &[
    "EffectSource",
    "LessPowerThanAttacker",
    "LessPowerThanBlocker",
    "NonTriggeringCard",
];

/// Words cost parts accept in their Valid field (`Discard<1/Random>`, `Sac<1/CARDNAME>`).
const COST_WORDS: &[&str] = &[
    "CARDNAME",
    "NICKNAME",
    "Random",
    "Hand",
    "LastDrawn",
    "SameColor",
    "OriginalHost",
    "All",
    "Self",
];

/// Params that look like Valid lists but take words of their own.
pub const NOT_VALID_KEYS: &[&str] = &["RestrictValid", "ValidAttribute", "ValidResult"];

pub(crate) fn base_known(base: &str) -> bool {
    vocab::types().contains(base)
        || BASE_WORDS.contains(&base)
        || WHOLE_VALUES.contains(&base)
        || RELATIVE_PREFIXES.iter().any(|p| base.starts_with(p))
}

/// The length of the longest word `base_known` accepts exactly (not by a relative prefix).
fn longest_exact_word() -> usize {
    static LONGEST: std::sync::LazyLock<usize> = std::sync::LazyLock::new(|| {
        vocab::types()
            .names()
            .chain(BASE_WORDS.iter().copied())
            .chain(WHOLE_VALUES.iter().copied())
            .map(str::len)
            .max()
            .unwrap_or(0)
    });
    *LONGEST
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for site in ctx.valids() {
        if NOT_VALID_KEYS.contains(&site.from) {
            continue;
        }
        let range = site.base_range;
        let base = site.base;
        if base.is_empty() || base_known(base) {
            continue;
        }
        if site.in_cost && COST_WORDS.contains(&base) {
            continue;
        }
        let rec = &model.records[site.record];
        if base == "Self"
            && (site.from == "SacValid"
                || (site.from == "Affected" && rec.param("CharacteristicDefining").is_some()))
        {
            continue;
        }
        if site.from == "ValidPlayers"
            && (ctx.vocab.defined().exact(base).is_some()
                || ctx
                    .vocab
                    .defined()
                    .prefix_of(base, vocab::Match::Prefix)
                    .is_some())
        {
            continue;
        }
        // Two type words run together (`PlaneswalkerPlaneswalker`).
        // The first word is an exact word (a relative prefix would make the whole base known),
        // so the cut is within the longest of them: linear in a long base.
        let doubled = (1..base.len().min(longest_exact_word() + 1)).find(|&i| {
            base.is_char_boundary(i) && base_known(&base[..i]) && base_known(&base[i..])
        });
        if let Some(i) = doubled {
            sink.report(
                range,
                format!("`{base}` runs two words together (`{}` `{}`): Forge reads it as one type that no card has", &base[..i], &base[i..]),
            )
            .with_severity(Severity::Error);
            continue;
        }
        if let Some(plus) = base.find('+') {
            let head = &base[..plus];
            if base_known(head) {
                let at = syntax::TextRange::at(
                    range.start() + syntax::TextSize::from(plus as u32),
                    syntax::TextSize::from(1),
                );
                sink.report(
                    range,
                    format!("`{base}` has no `.`: Forge reads it all as one type that no card has, so this matches nothing"),
                )
                .with_severity(Severity::Error)
                .with_fix(Fix::safe("write `.` before the first property", vec![Edit::replace(at, ".")]));
                continue;
            }
        }
        let candidates = vocab::types().names().chain(BASE_WORDS.iter().copied());
        match super::word_fix(base, range, candidates) {
            Some((fix, best)) if fix.applicability == crate::Applicability::Safe => {
                sink.report(
                    range,
                    format!("`{base}` is not a type: Forge reads it as a type no card has, so this matches nothing (did you mean `{best}`?)"),
                )
                .with_severity(Severity::Error)
                .with_fix(fix);
            }
            _ => {
                sink.report(
                    range,
                    format!("`{base}` is not a type or Valid base Forge knows: this alternative probably matches nothing"),
                );
            }
        }
    }
}
