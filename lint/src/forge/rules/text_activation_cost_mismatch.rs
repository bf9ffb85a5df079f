//! F167: the cost of a face's only activated ability differs from the cost its rules text gives.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{Origin, RecordInfo, Role};
use syntax::forge::SyntaxKind;
use syntax::forge::ast::CostItem;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F167",
    name: "text-activation-cost-mismatch",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A face with one activated ability in its script and one `{cost}: effect` line in its rules text, whose mana and tap symbols differ.",
    explanation: "When a face's rules text has exactly one activated ability written with symbols only \
(`{1}{R}, {T}: ...`) and its script exactly one `A:AB$` line, both are the same ability, and the script's \
`Cost$` should ask for the same mana, `{T}` and `{Q}` (order, spaces and the spelling of hybrid and \
Phyrexian symbols aside). A different cost makes the ability cheaper or dearer than the card says. Costs \
with anything but symbols (sacrifice, discard, loyalty, energy) are not compared.",
    bad: "Name:Ember Adept\nManaCost:1 R\nTypes:Creature Human Shaman\nPT:1/1\nA:AB$ DealDamage | Cost$ R T | ValidTgts$ Any | NumDmg$ 1 | SpellDescription$ CARDNAME deals 1 damage to any target.\nOracle:{1}{R}, {T}: Ember Adept deals 1 damage to any target.",
    good: "Name:Ember Adept\nManaCost:1 R\nTypes:Creature Human Shaman\nPT:1/1\nA:AB$ DealDamage | Cost$ 1 R T | ValidTgts$ Any | NumDmg$ 1 | SpellDescription$ CARDNAME deals 1 damage to any target.\nOracle:{1}{R}, {T}: Ember Adept deals 1 damage to any target.",
    ..RuleMeta::BASE
};

/// Symbols as sorted canonical strings, generic amounts summed.
fn normalise<'s>(symbols: impl IntoIterator<Item = &'s str>) -> Option<Vec<String>> {
    let mut generic = 0u32;
    let mut out = Vec::new();
    for s in symbols {
        if let Ok(n) = s.parse::<u32>() {
            generic += n;
        } else if matches!(s, "T" | "Q") || super::is_mana_symbol(s) {
            out.push(super::spell_cost_mismatch::canonical(s));
        } else {
            return None;
        }
    }
    if generic > 0 {
        out.push(generic.to_string());
    }
    out.sort();
    Some(out)
}

/// The symbols of an ability's `Cost$` when it has nothing but mana, `T` and `Q`.
fn script_cost(ctx: &Ctx<'_>, rec: &RecordInfo<'_>) -> Option<(Vec<String>, syntax::TextRange)> {
    let p = rec.param("Cost")?;
    let cost = ctx.model.cost(rec, p)?;
    let mut words = Vec::new();
    for item in cost.items() {
        match item {
            CostItem::Word(t) => words.push(t.text().to_string()),
            CostItem::Part(_) => return None,
        }
    }
    normalise(words.iter().map(String::as_str)).map(|n| (n, p.value_range))
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for face in 0..model.faces.len() {
        let lines = ctx.oracle_lines(face);
        let activations: Vec<_> = lines
            .iter()
            .filter_map(|l| super::oracle::activation(l).map(|a| (l, a)))
            .collect();
        // Lines that look like activations but with words in the cost count too.
        let colon_lines = lines
            .iter()
            .filter(|l| {
                l.text.find(": ").is_some_and(|c| {
                    let head = &l.text[..c];
                    head.starts_with('{') || head.starts_with('[') || !head.contains(' ')
                })
            })
            .count();
        let [(line, (symbols, cost_text))] = activations.as_slice() else {
            continue;
        };
        if colon_lines != 1 {
            continue;
        }
        let abilities: Vec<&RecordInfo<'_>> = model
            .records
            .iter()
            .filter(|r| {
                r.face == face
                    && r.role == Role::Ability
                    && matches!(r.origin, Origin::Line(li) if model.lines[li].kind == SyntaxKind::ABILITY_LINE)
                    && r.ability_kind() == Some("AB")
            })
            .collect();
        let [ability] = abilities.as_slice() else {
            continue;
        };
        let Some(text_cost) = normalise(symbols.iter().copied()) else {
            continue;
        };
        let Some((paid, range)) = script_cost(ctx, ability) else {
            continue;
        };
        if paid != text_cost {
            let d = sink.report(
                range,
                format!(
                    "the script's cost `{}` differs from the rules text's `{cost_text}`",
                    model.slice(range).trim()
                ),
            );
            d.with_note(format!("the text: \"{}\"", line.text));
        }
    }
}
