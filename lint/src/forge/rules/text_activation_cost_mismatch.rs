//! F167: the cost of a face's only activated ability differs from the cost its rules text gives.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{Model, Origin, RecordInfo, Role};
use syntax::forge::SyntaxKind;
use syntax::forge::ast::CostItem;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F167",
    name: "text-activation-cost-mismatch",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "An activated ability whose `Cost$` asks for other mana, `{T}` or `{Q}` than its `{cost}: effect` line of the rules text (paired as the face's only ability, or by its description).",
    explanation: "When a face's rules text has exactly one activated ability written with symbols only \
(`{1}{R}, {T}: ...`) and its script exactly one `A:AB$` line, both are the same ability, and the script's \
`Cost$` should ask for the same mana, `{T}` and `{Q}` (order, spaces and the spelling of hybrid and \
Phyrexian symbols aside). A different cost makes the ability cheaper or dearer than the card says. \
On other faces (several abilities, or costs with words such as `{T}, Sacrifice ~`), an ability is paired \
with the line of the text whose effect is its `SpellDescription$` (and no other line's), and their \
`{T}` and `{Q}` are compared, and so is their mana, the parts with words aside (`{3}{R}, {T}, \
Sacrifice ~` against `3 R T Sac<1/CARDNAME>`); a text cost with \"or\" (two costs, two abilities) is \
left alone.",
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

/// The bare words of a cost (mana, `T`, `Q`), and whether it also has parts (`Sac<...>`).
fn cost_words(cost: &syntax::forge::ast::Cost) -> (Vec<String>, bool) {
    let mut words = Vec::new();
    let mut has_parts = false;
    for item in cost.items() {
        match item {
            CostItem::Word(t) => words.push(t.text().to_string()),
            CostItem::Part(_) => has_parts = true,
        }
    }
    (words, has_parts)
}

/// The symbols of an ability's `Cost$` when it has nothing but mana, `T` and `Q`.
fn script_cost(ctx: &Ctx<'_>, rec: &RecordInfo<'_>) -> Option<(Vec<String>, syntax::TextRange)> {
    let p = rec.param("Cost")?;
    let (words, has_parts) = cost_words(&ctx.model.cost(rec, p)?);
    if has_parts {
        return None;
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
                model::search::find(l.text, ": ").is_some_and(|c| {
                    let head = &l.text[..c];
                    head.starts_with('{') || head.starts_with('[') || !head.contains(' ')
                })
            })
            .count();
        let [(line, (symbols, cost_text))] = activations.as_slice() else {
            by_description(ctx, sink, face, lines);
            continue;
        };
        if colon_lines != 1 {
            by_description(ctx, sink, face, lines);
            continue;
        }
        let abilities: Vec<&RecordInfo<'_>> = activated_abilities(model, face).collect();
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

/// The activated abilities (`A:AB$` lines) of a face.
fn activated_abilities<'m, 'a>(
    model: &'m Model<'a>,
    face: usize,
) -> impl Iterator<Item = &'m RecordInfo<'a>> {
    model.records.iter().filter(move |r| {
        r.face == face
            && r.role == Role::Ability
            && matches!(r.origin, Origin::Line(li) if model.lines[li].kind == SyntaxKind::ABILITY_LINE)
            && r.ability_kind() == Some("AB")
    })
}

/// Text lowered, the card's name and `CARDNAME` as `~`, spaces collapsed, end punctuation dropped.
fn comparable(text: &str, name: Option<&str>) -> String {
    let mut t = text.replace("CARDNAME", "~").replace("NICKNAME", "~");
    if let Some(name) = name.filter(|n| !n.is_empty()) {
        t = t.replace(name, "~");
    }
    let t = t.replace('\u{2019}', "'").to_lowercase();
    t.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .trim_end_matches(['.', ' '])
        .to_string()
}

/// An activation line of the rules text.
struct TextActivation<'a> {
    /// The symbols of the cost's `{...}` items (`{2}{G}, {T}, Sacrifice ~` gives 2, G, T).
    symbols: Vec<String>,
    cost: &'a str,
    effect: String,
}

/// Faces with several activated abilities, or costs with words (`{T}, Sacrifice ~: ...`): each
/// ability whose `SpellDescription$` is the effect of exactly one `<cost>: <effect>` line of the
/// text is compared with that line's `{T}`, `{Q}` and mana (the parts with words aside).
fn by_description(
    ctx: &Ctx<'_>,
    sink: &mut Sink<'_>,
    face: usize,
    lines: &[super::oracle::TextLine<'_>],
) {
    let model = &ctx.model;
    let name = model.faces.get(face).and_then(|f| f.name);
    let mut texts: Vec<TextActivation<'_>> = Vec::new();
    for line in lines {
        let Some(colon) = model::search::find(line.text, ": ") else {
            continue;
        };
        let cost = &line.text[..colon];
        // `{3}, {T} or {U}, {T}`: two costs, scripted as two abilities.
        if !cost.starts_with('{')
            || cost.contains('.')
            || cost.contains('"')
            || cost.contains(" or ")
        {
            continue;
        }
        let mut symbols = Vec::new();
        for part in cost.split(", ") {
            if let Some(s) = super::oracle::brace_cost(part) {
                symbols.extend(s.iter().map(|s| s.to_ascii_uppercase()));
            }
        }
        let effect = super::oracle::strip_reminder(&line.text[colon + 2..]);
        texts.push(TextActivation {
            symbols,
            cost,
            effect: comparable(&effect, name),
        });
    }
    if texts.is_empty() {
        return;
    }
    for rec in activated_abilities(model, face) {
        let Some(desc) = rec.param("SpellDescription") else {
            continue;
        };
        let desc = comparable(desc.value, name);
        if desc.is_empty() {
            continue;
        }
        let mut matching = texts.iter().filter(|t| t.effect == desc);
        let (Some(text), None) = (matching.next(), matching.next()) else {
            continue;
        };
        let Some(p) = rec.param("Cost") else { continue };
        let Some(cost) = model.cost(rec, p) else {
            continue;
        };
        let (words, _) = cost_words(&cost);
        let taps_differ = || {
            ["T", "Q"]
                .iter()
                .any(|s| text.symbols.iter().any(|t| t == s) != words.iter().any(|w| w == s))
        };
        // The symbols of both costs (mana, `{T}`, `{Q}`), the parts with words aside: `{3}{R},
        // {T}, Sacrifice ~` against `3 R T Sac<1/CARDNAME>`. A text symbol of no mana (`{E}`)
        // leaves only `{T}` and `{Q}` to compare.
        let differs = match (
            normalise(text.symbols.iter().map(String::as_str)),
            normalise(words.iter().map(String::as_str)),
        ) {
            (Some(a), Some(b)) => a != b,
            _ => taps_differ(),
        };
        if differs {
            let d = sink.report(
                p.value_range,
                format!(
                    "the script's cost `{}` differs from the rules text's `{}`",
                    p.value.trim(),
                    text.cost
                ),
            );
            d.with_note("the ability's description is the effect of this line of the text, so they are one ability");
        }
    }
}
