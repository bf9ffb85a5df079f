//! F208: an ability moves or casts `Defined$ Targeted` after an earlier ability of its chain put
//! that card into another zone, where it is a new object that `Targeted` no longer names.

use super::chains::{Chains, checked_against_2020};
use crate::diagnostic::{Related, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{Model, Origin, ParamInfo, RecordInfo, Role};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F208",
    name: "stale-target-after-move",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A `ChangeZone` or `Play` names `Defined$ Targeted` after an earlier ability of its chain moved that target out of the battlefield (to exile, a graveyard, a hand or a library): the target is a new object there, and upstream Forge moves or casts nothing.",
    explanation: "`Targeted` is the list of cards as they were when they were targeted. A card that \
goes from one zone to another (other than onto the battlefield) becomes a new object: Forge makes a \
copy of it with a new timestamp. Upstream Forge (2022 and today's) moves a card with `ChangeZone`, or \
casts it with `Play`, only while it is the same object as the one named, so after \"exile target \
creature\" a `ChangeZone | Defined$ Targeted | Origin$ Exile` (\"then return it to the battlefield\") \
finds nothing to return and the creature stays in exile. The card that was moved is named by \
remembering it on the ability that moves it (`RememberChanged$ True`, or `RememberTargets$ True`) \
and `Defined$ Remembered` afterwards, with a `Cleanup` at the end of the chain. A `ChangeZone` that \
looks for the card in the zone it was targeted in (an alternative to the move, under another \
condition) is left alone, and so is a move onto the battlefield (the card keeps its object there). \
Forge 2020 found the card by its id, so the rule is silent when the file is checked against Forge \
2020 alone.",
    bad: "Name:Flicker of Resolve\nManaCost:W\nTypes:Instant\nA:SP$ ChangeZone | Cost$ W | ValidTgts$ Creature.YouCtrl | TgtPrompt$ Select target creature you control | Origin$ Battlefield | Destination$ Exile | SubAbility$ DBReturn | SpellDescription$ Exile target creature you control, then return that card to the battlefield under its owner's control.\nSVar:DBReturn:DB$ ChangeZone | Defined$ Targeted | Origin$ Exile | Destination$ Battlefield\nOracle:Exile target creature you control, then return that card to the battlefield under its owner's control.",
    good: "Name:Flicker of Resolve\nManaCost:W\nTypes:Instant\nA:SP$ ChangeZone | Cost$ W | ValidTgts$ Creature.YouCtrl | TgtPrompt$ Select target creature you control | Origin$ Battlefield | Destination$ Exile | RememberChanged$ True | SubAbility$ DBReturn | SpellDescription$ Exile target creature you control, then return that card to the battlefield under its owner's control.\nSVar:DBReturn:DB$ ChangeZone | Defined$ Remembered | Origin$ Exile | Destination$ Battlefield | SubAbility$ DBCleanup\nSVar:DBCleanup:DB$ Cleanup | ClearRemembered$ True\nOracle:Exile target creature you control, then return that card to the battlefield under its owner's control.",
    ..RuleMeta::BASE
};

/// The `Defined$` words that name the chain's targets as they were targeted.
fn names_targets(value: &str) -> bool {
    matches!(value, "Targeted" | "ParentTarget")
}

/// The zones of a comma list (`Origin$ Graveyard,Exile`).
fn zones(value: &str) -> impl Iterator<Item = &str> {
    value.split(',').map(str::trim).filter(|z| !z.is_empty())
}

/// Where a record puts the cards it targets (or the chain's targets), when that makes them new
/// objects: the zones they come from (none when unwritten) and the destination.
fn moves_targets<'r, 'a>(rec: &'r RecordInfo<'a>) -> Option<(Option<&'a str>, &'r ParamInfo<'a>)> {
    let api = rec.kind_value.trim();
    let targets = rec.param("ValidTgts").is_some()
        || rec
            .param("Defined")
            .is_some_and(|p| names_targets(p.value.trim()));
    if !targets {
        return None;
    }
    if api.eq_ignore_ascii_case("ChangeZone") {
        if rec.param_ignore_case("Hidden").is_some() {
            return None;
        }
        let dest = rec.param("Destination")?;
        let to = dest.value.trim();
        // Onto the battlefield the card keeps its object (Forge moves it, with a new timestamp).
        if to.is_empty() || to.contains(',') || to.eq_ignore_ascii_case("Battlefield") {
            return None;
        }
        let from = rec.param("Origin").map(|p| p.value);
        if from.is_some_and(|o| zones(o).any(|z| z.eq_ignore_ascii_case(to))) {
            return None;
        }
        return Some((from, dest));
    }
    None
}

/// Whether a later record acts on `Targeted` where the move put it (not as an alternative to the
/// move, in the zone the card was targeted in).
fn acts_after_move(rec: &RecordInfo<'_>, from: Option<&str>) -> bool {
    let api = rec.kind_value.trim();
    if api.eq_ignore_ascii_case("Play") {
        return rec.param_ignore_case("ZoneRegardless").is_none();
    }
    if !api.eq_ignore_ascii_case("ChangeZone") || rec.param_ignore_case("Hidden").is_some() {
        return false;
    }
    match (rec.param("Origin"), from) {
        (Some(o), Some(from)) => {
            !zones(o.value).any(|z| zones(from).any(|f| f.eq_ignore_ascii_case(z)))
        }
        _ => true,
    }
}

/// The name a message gives a record: its SVar name, or the line's key.
fn record_name(model: &Model<'_>, r: usize) -> String {
    match model.records[r].origin {
        Origin::Svar(s) => format!("`{}`", model.svars[s].name),
        Origin::Line(_) => "the `A:` ability".to_string(),
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    // Cheap pre-filter: a chain that names its targets again after a move.
    let text = ctx.file.text();
    if !text.contains("Targeted") && !text.contains("ParentTarget") {
        return;
    }
    if checked_against_2020(ctx) {
        return;
    }
    let model = &ctx.model;
    let mut chains = None;
    for (r, rec) in model.records.iter().enumerate() {
        if rec.role != Role::Ability {
            continue;
        }
        let Some(defined) = rec
            .param("Defined")
            .filter(|p| names_targets(p.value.trim()))
        else {
            continue;
        };
        let chains = chains.get_or_insert_with(|| Chains::build(model));
        // The abilities that resolve before this one in its chain, nearest first.
        let mut up = chains.parent[r];
        let mut steps = 0;
        while let Some(m) = up {
            steps += 1;
            if steps > model.records.len() {
                break;
            }
            up = chains.parent[m];
            let mover = &model.records[m];
            let Some((from, dest)) = moves_targets(mover) else {
                continue;
            };
            if !acts_after_move(rec, from) {
                break;
            }
            let verb = if rec.kind_value.trim().eq_ignore_ascii_case("Play") {
                "casts"
            } else {
                "moves"
            };
            let d = sink.report(
                defined.value_range,
                format!(
                    "{} has already put the target into {}, where it is a new object: `Targeted` names the card as it was targeted, so upstream Forge {verb} nothing here; remember the moved card on {} (`RememberChanged$ True`) and write `Defined$ Remembered`",
                    record_name(model, m),
                    dest.value.trim(),
                    record_name(model, m),
                ),
            );
            d.with_related(Related::here(dest.range, "the move"));
            break;
        }
    }
}
