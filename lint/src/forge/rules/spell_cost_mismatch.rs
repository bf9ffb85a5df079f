//! F165: a spell's `Cost$` that disagrees with the face's `ManaCost:`.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{Origin, RecordInfo, Role};
use syntax::forge::SyntaxKind;
use syntax::forge::ast::CostItem;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F165",
    name: "spell-cost-mismatch",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "The only spell (`A:SP$`) of a face pays mana other than the face's `ManaCost:`, or a `ManaCost:no cost` face has a spell with a mana `Cost$`.",
    explanation: "A spell's `Cost$` is what Forge asks the player to pay when the card is cast; `ManaCost:` \
is the printed cost (mana value, colours, cost reductions). When a face has one spell, both should name the \
same mana (the order and the spelling of hybrid and Phyrexian symbols aside): a different `Cost$` makes the \
card cost what the card does not say. Faces with several spells (overload, alternative costs, traps) and \
costs with parts Forge reads another way (`Mana<...>`) are left alone. A face with `ManaCost:no cost` \
cannot be cast at all (Forge refuses its basic spells), so a mana `Cost$` on its spell is never paid: \
the cost probably belongs on `ManaCost:`.",
    bad: "Name:Ember Toss\nManaCost:1 R\nTypes:Instant\nA:SP$ DealDamage | Cost$ 2 R | ValidTgts$ Any | NumDmg$ 2 | SpellDescription$ CARDNAME deals 2 damage to any target.",
    good: "Name:Ember Toss\nManaCost:1 R\nTypes:Instant\nA:SP$ DealDamage | Cost$ 1 R | ValidTgts$ Any | NumDmg$ 2 | SpellDescription$ CARDNAME deals 2 damage to any target.",
    ..RuleMeta::BASE
};

/// One mana symbol, spelled one way: the characters without `/`, `H` read as `P`, sorted.
pub(crate) fn canonical(symbol: &str) -> String {
    let mut chars: Vec<char> = symbol
        .chars()
        .filter(|c| *c != '/')
        .map(|c| match c.to_ascii_uppercase() {
            'H' => 'P',
            c => c,
        })
        .collect();
    chars.sort_unstable();
    chars.into_iter().collect()
}

/// The mana of a list of symbols, as a sorted list of canonical symbols (generic amounts summed;
/// `0` and empty are no mana).
fn mana(symbols: &[&str]) -> Vec<String> {
    let mut generic: u32 = 0;
    let mut out = Vec::new();
    for s in symbols {
        if let Ok(n) = s.parse::<u32>() {
            generic += n;
        } else {
            out.push(canonical(s));
        }
    }
    if generic > 0 {
        out.push(generic.to_string());
    }
    out.sort();
    out
}

/// The mana symbols of a spell's `Cost$`, or `None` when it has parts this rule does not read.
fn cost_mana<'a>(ctx: &Ctx<'a>, rec: &RecordInfo<'a>) -> Option<(Vec<String>, syntax::TextRange)> {
    let p = rec.param("Cost")?;
    let cost = ctx.model.cost(rec, p)?;
    let mut symbols = Vec::new();
    for item in cost.items() {
        match item {
            CostItem::Word(t) => {
                let w = t.text().to_string();
                if super::is_mana_symbol(&w) {
                    symbols.push(w);
                } else if w.starts_with('X') {
                    // `XCantBe0`, `XMin1`...: modifiers of X.
                    continue;
                } else {
                    return None;
                }
            }
            CostItem::Part(part) => {
                let name = part
                    .name()
                    .map(|t| t.text().to_string())
                    .unwrap_or_default();
                if name.eq_ignore_ascii_case("Mana") {
                    return None;
                }
            }
        }
    }
    let refs: Vec<&str> = symbols.iter().map(String::as_str).collect();
    Some((mana(&refs), p.value_range))
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for (face_index, _face) in model.faces.iter().enumerate() {
        let Some(info) = model
            .lines
            .iter()
            .find(|l| l.face == face_index && super::key_text(model, l) == "ManaCost")
        else {
            continue;
        };
        let printed = model.slice(info.value).trim();
        let spells: Vec<&RecordInfo<'_>> = model
            .records
            .iter()
            .filter(|r| {
                r.face == face_index
                    && r.role == Role::Ability
                    && matches!(r.origin, Origin::Line(li) if model.lines[li].kind == SyntaxKind::ABILITY_LINE)
                    && r.ability_kind() == Some("SP")
            })
            .collect();
        let [spell] = spells.as_slice() else {
            continue;
        };
        let Some((paid, range)) = cost_mana(ctx, spell) else {
            continue;
        };
        if printed.eq_ignore_ascii_case("no cost") {
            if !paid.is_empty() {
                sink.report(
                    range,
                    format!("this face has `ManaCost:no cost`, so Forge never casts this spell and its `Cost$ {}` is never paid", model.slice(range).trim()),
                )
                .with_note("a card without a mana cost cannot be cast; if the card has this cost, write it on `ManaCost:`");
            }
            continue;
        }
        let symbols: Vec<&str> = printed.split_whitespace().collect();
        if !symbols.iter().all(|s| super::is_mana_symbol(s)) {
            continue;
        }
        if mana(&symbols) != paid {
            sink.report(
                range,
                format!(
                    "the spell costs `{}` but the face's `ManaCost:` is `{printed}`: Forge asks for the `Cost$`",
                    model.slice(range).trim()
                ),
            )
            .with_note(format!(
                "line {} has the printed cost; a spell with another cost (overload, alternative) is a second `A:SP$` line",
                super::line_number(model.text, info.range.start())
            ));
        }
    }
}
