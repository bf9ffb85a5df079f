//! F187: a `PutCounter` or `Tap` on the entering card, run by that card's own "enters the
//! battlefield" replacement, without `ETB$ True`: the counters or the tapping happen before the
//! card moves, and the move drops them.

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{Model, RefKind, Role};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F187",
    name: "enters-effect-without-etb",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "A `PutCounter` or `Tap` on the card itself, run by its own enters-the-battlefield replacement (`K:ETBReplacement`, `R:Event$ Moved | Destination$ Battlefield | ValidCard$ Card.Self`), without `ETB$ True`.",
    explanation: "\"CARDNAME enters the battlefield with a counter on it\" and \"enters tapped\" are \
scripted as a replacement of the card's own move to the battlefield. The replacement runs while the card \
is still where it comes from (the stack, a hand, a graveyard): `PutCounter` and `Tap` on the card itself \
act on that object unless they have `ETB$ True`, which makes them apply as the card enters. Without it \
the counters or the tapped status are lost with the zone change, and the card enters without them. \
Counters put on other objects are not reported.",
    bad: "Name:Growing Slug\nManaCost:1 G\nTypes:Creature Slug\nPT:0/0\nK:ETBReplacement:Other:DBCounters\nSVar:DBCounters:DB$ PutCounter | Defined$ Self | CounterType$ P1P1 | CounterNum$ 2 | SpellDescription$ CARDNAME enters the battlefield with two +1/+1 counters on it.\nOracle:Growing Slug enters the battlefield with two +1/+1 counters on it.",
    good: "Name:Growing Slug\nManaCost:1 G\nTypes:Creature Slug\nPT:0/0\nK:ETBReplacement:Other:DBCounters\nSVar:DBCounters:DB$ PutCounter | ETB$ True | Defined$ Self | CounterType$ P1P1 | CounterNum$ 2 | SpellDescription$ CARDNAME enters the battlefield with two +1/+1 counters on it.\nOracle:Growing Slug enters the battlefield with two +1/+1 counters on it.",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    // The ability records each ETB replacement of the card runs, first ones first.
    let mut stack: Vec<usize> = Vec::new();
    for r in &model.refs {
        if r.kind != RefKind::Ability || r.shadowed {
            continue;
        }
        let start = match r.record {
            None => r.from == "ETBReplacement",
            Some(i) => r.from == "ReplaceWith" && enters_self(model, i),
        };
        if start && let Some(rec) = target_record(model, r.face, r.name) {
            stack.push(rec);
        }
    }
    if stack.is_empty() {
        return;
    }
    // The ability records each record refers to, found once (the walk below stays linear).
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); model.records.len()];
    for r in &model.refs {
        if let Some(from) = r.record
            && r.kind == RefKind::Ability
            && !r.shadowed
            && let Some(to) = target_record(model, r.face, r.name)
        {
            next[from].push(to);
        }
    }
    let mut seen = vec![false; model.records.len()];
    let mut order = Vec::new();
    while let Some(i) = stack.pop() {
        if std::mem::replace(&mut seen[i], true) {
            continue;
        }
        order.push(i);
        // Once a `ChangeZone` has moved the card, what follows acts on the card on the battlefield.
        if !model.records[i]
            .kind_value
            .eq_ignore_ascii_case("ChangeZone")
        {
            stack.extend(&next[i]);
        }
    }
    order.sort_unstable();
    for i in order {
        let record = &model.records[i];
        if record.role != Role::Ability {
            continue;
        }
        let api = record.kind_value;
        let what = if api.eq_ignore_ascii_case("PutCounter") {
            "the counters are put on the card before it moves, and the move drops them"
        } else if api.eq_ignore_ascii_case("Tap") {
            "the card is tapped before it moves, and enters untapped"
        } else {
            continue;
        };
        if record.param_ignore_case("ETB").is_some()
            || record.param("ValidTgts").is_some()
            || record.param("Choices").is_some()
        {
            continue;
        }
        if let Some(d) = record.param("Defined")
            && !d.value.trim().eq("Self")
        {
            continue;
        }
        let Some(kind) = record.kind_param.map(|k| &record.params[k]) else {
            continue;
        };
        sink.report(
            kind.range,
            format!(
                "`{api}` on this card runs in its own enters-the-battlefield replacement without `ETB$ True`: {what}"
            ),
        )
        .with_fix(Fix::unsafe_(
            "add `ETB$ True`",
            vec![Edit::insert(kind.range.end(), " | ETB$ True")],
        ));
    }
}

/// The ability record an SVar name refers to on `face`.
fn target_record(model: &Model<'_>, face: usize, name: &str) -> Option<usize> {
    let svar = model.resolve(face, name)?;
    model.svars[svar].record
}

/// Whether record `i` is a replacement of its own card's move to the battlefield.
fn enters_self(model: &Model<'_>, i: usize) -> bool {
    let record = &model.records[i];
    if record.role != Role::Replacement || !record.kind_value.eq_ignore_ascii_case("Moved") {
        return false;
    }
    let to_battlefield = record
        .param("Destination")
        .is_some_and(|d| d.value.trim().eq_ignore_ascii_case("Battlefield"));
    let self_only = record.param("ValidCard").is_some_and(|v| {
        v.value
            .split(',')
            .all(super::self_outside_affected_zone::is_self_item)
    });
    to_battlefield && self_only
}
