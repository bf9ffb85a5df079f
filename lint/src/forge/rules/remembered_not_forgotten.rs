//! F182: objects remembered on the card (`RememberChanged$ True`, `RememberObjects$`...) that no
//! ability of the face ever forgets.

use crate::diagnostic::{Edit, Fix, Related, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{Origin, RecordInfo, Role};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F182",
    name: "remembered-not-forgotten",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "An ability remembers objects on the card (`RememberChanged$ True`, `RememberTargets$ True`, `RememberObjects$`...) and no ability of the face forgets them (`Cleanup | ClearRemembered$ True`, `ForgetOnMoved$`, `Forget...$`): the next time it resolves, the old objects are still remembered.",
    explanation: "Forge keeps remembered objects on the card until an ability clears them. An ability \
that remembers what it exiled, targeted or revealed and then acts on `Defined$ Remembered` (or counts \
`Remembered$...`) acts again on the old objects the next time it resolves, unless a sub-ability \
clears them (`DB$ Cleanup | ClearRemembered$ True`, usually the last of the chain) or a parameter \
forgets them (`ForgetOnMoved$`, `ForgetChanged$`, `ForgetOtherRemembered$`...). Objects remembered \
by an `Effect` or a delayed trigger, or by the SVars an `Effect` copies onto its object (`SVars$`), \
live on that new object and are not reported, nor are faces that read their remembered objects \
from a static ability or a trigger (a card that keeps track of what it exiled for as long as it \
stays: the memory is the point), nor faces that never read them. A bare `ClearRemembered`, \
`ClearRememberedBeforeLoop$` and `DestroyAll`'s `RememberDestroyed$` (which clears first) count as \
forgetting. The finding is on the last \
ability of the chain that remembers (where the clean-up belongs); the fix chains a \
`DB$ Cleanup | ClearRemembered$ True` to it (unsafe: read the card).",
    bad: "Name:Sifting Eye\nManaCost:1 U\nTypes:Artifact\nA:AB$ Dig | Cost$ 1 T | DigNum$ 1 | ChangeNum$ All | DestinationZone$ Exile | RememberChanged$ True | SubAbility$ DBDraw | SpellDescription$ Exile the top card of your library. If it's a land, draw a card.\nSVar:DBDraw:DB$ Draw | NumCards$ 1 | ConditionDefined$ Remembered | ConditionPresent$ Land | ConditionCompare$ GE1\nOracle:{1}, {T}: Exile the top card of your library. If it's a land, draw a card.",
    good: "Name:Sifting Eye\nManaCost:1 U\nTypes:Artifact\nA:AB$ Dig | Cost$ 1 T | DigNum$ 1 | ChangeNum$ All | DestinationZone$ Exile | RememberChanged$ True | SubAbility$ DBDraw | SpellDescription$ Exile the top card of your library. If it's a land, draw a card.\nSVar:DBDraw:DB$ Draw | NumCards$ 1 | ConditionDefined$ Remembered | ConditionPresent$ Land | ConditionCompare$ GE1 | SubAbility$ DBCleanup\nSVar:DBCleanup:DB$ Cleanup | ClearRemembered$ True\nOracle:{1}, {T}: Exile the top card of your library. If it's a land, draw a card.",
    since: "0.3.0",
    yields_to: &["F130"],
    ..RuleMeta::BASE
};

/// The `Remember...$ True` parameters that remember cards or players on the card.
const REMEMBER: &[&str] = &[
    "RememberChanged",
    "RememberTargets",
    "RememberRevealed",
    "RememberCostCards",
    "RememberSacrificed",
    "RememberChosen",
    "RememberDestroyed",
    "RememberTapped",
    "RememberUntapped",
    "RememberDiscarded",
    "RememberDrawn",
    "RememberMilled",
    "RememberFound",
    "RememberCountered",
    "RememberDamaged",
    "RememberLKI",
    "RememberAttached",
    "RememberPlayed",
    "RememberTokens",
    "RememberCopied",
    "RememberExiled",
    "RememberMoved",
];

/// A parameter that remembers objects on the card.
fn remembers(rec: &RecordInfo<'_>, key: &str, value: &str) -> bool {
    if rec.role != Role::Ability {
        return key == "RememberTriggeringCard" && value.trim().eq_ignore_ascii_case("True");
    }
    // An effect's or a delayed trigger's remembered objects are its own.
    if ["Effect", "DelayedTrigger", "ImmediateTrigger"]
        .iter()
        .any(|k| rec.kind_value.eq_ignore_ascii_case(k))
    {
        return false;
    }
    // `DestroyAll` forgets what it remembered before it destroys again.
    if rec.kind_value.eq_ignore_ascii_case("DestroyAll") && key == "RememberDestroyed" {
        return false;
    }
    if key == "RememberObjects" {
        return !value.trim().is_empty();
    }
    REMEMBER.contains(&key) && value.trim().eq_ignore_ascii_case("True")
}

/// A parameter that forgets or clears remembered objects.
fn forgets(key: &str) -> bool {
    key.starts_with("ClearRemembered") || key.starts_with("Forget")
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for face in 0..model.faces.len() {
        let recs: Vec<&RecordInfo<'_>> = model.records.iter().filter(|r| r.face == face).collect();
        if recs.iter().any(|r| r.params.iter().any(|p| forgets(p.key))) {
            continue;
        }
        // Nothing of the face reads the remembered objects: remembering them changes nothing.
        let read = recs.iter().any(|r| {
            r.params.iter().any(|p| {
                !p.key.starts_with("Remember") && model::search::contains(p.value, "Remembered")
            })
        }) || model.svars.iter().any(|s| {
            s.face == face && s.record.is_none() && model::search::contains(s.value, "Remembered")
        });
        if !read {
            continue;
        }
        // A static ability or a trigger of the card's own lines that reads the remembered
        // objects: the card keeps them on purpose.
        let kept = recs.iter().any(|r| {
            matches!(r.role, Role::Static | Role::Trigger | Role::Replacement)
                && r.params
                    .iter()
                    .any(|p| model::search::contains(p.value, "Remembered"))
        }) || model.svars.iter().any(|s| {
            s.face == face
                && s.record.is_none()
                && model::search::contains(s.value, "Remembered")
                && model.lines.iter().any(|l| {
                    l.face == face
                        && matches!(model.slice(l.key.unwrap_or_default()), "S" | "T" | "R")
                        && model.slice(l.value).contains(s.name)
                })
        });
        if kept {
            continue;
        }
        // SVars an `Effect` copies onto the object it creates run there: what they remember is
        // the effect's, and goes with it.
        let effect_svars: Vec<&str> = recs
            .iter()
            .filter(|r| r.kind_value.eq_ignore_ascii_case("Effect"))
            .flat_map(|r| r.params.iter())
            .filter(|p| p.key.eq_ignore_ascii_case("SVars"))
            .flat_map(|p| p.value.split(','))
            .map(str::trim)
            .collect();
        for (ri, rec) in model.records.iter().enumerate() {
            if rec.face != face
                || (matches!(rec.origin, Origin::Svar(_)) && rec.role != Role::Ability)
            {
                continue;
            }
            if let Origin::Svar(s) = rec.origin
                && effect_svars.contains(&model.svars[s].name)
            {
                continue;
            }
            for p in &rec.params {
                if !p.has_dollar || p.shadowed || !remembers(rec, p.key, p.value) {
                    continue;
                }
                let end = chain_end(model, ri);
                let last = &model.records[end];
                let range = last
                    .kind_param
                    .map_or(model.lines[last.line].range, |k| last.params[k].range);
                let d = sink.report(
                    range,
                    format!(
                        "`{}$` remembers objects on the card and this chain ends here without forgetting them (nor does any ability of this face): the next time it resolves, the old ones are still remembered",
                        p.key
                    ),
                );
                if end != ri {
                    d.with_related(Related::here(p.range, "the objects are remembered here"));
                }
                if let Some(fix) = cleanup_fix(model, face, last) {
                    d.with_fix(fix);
                }
            }
        }
    }
}

/// The last record of the `SubAbility$` chain that starts at `ri`.
fn chain_end(model: &model::forge::Model<'_>, ri: usize) -> usize {
    let mut at = ri;
    let mut seen = vec![ri];
    while seen.len() < 48 {
        let rec = &model.records[at];
        let Some(next) = rec
            .param_ignore_case("SubAbility")
            .and_then(|p| model.resolve(rec.face, p.value.trim()))
            .and_then(|s| model.svars[s].record)
        else {
            break;
        };
        if seen.contains(&next) {
            break;
        }
        seen.push(next);
        at = next;
    }
    at
}

/// `| SubAbility$ DBCleanup` on the last record, and the `DBCleanup` SVar after the face's last
/// SVar line, when the face has no SVar of that name.
fn cleanup_fix(model: &model::forge::Model<'_>, face: usize, last: &RecordInfo<'_>) -> Option<Fix> {
    if model.resolve(face, "DBCleanup").is_some() || last.param_ignore_case("SubAbility").is_some()
    {
        return None;
    }
    let end = last.params.last()?.range.end();
    let svar_line = model
        .svars
        .iter()
        .filter(|s| s.face == face)
        .map(|s| model.lines[s.line].range.end())
        .max()?;
    let text = model.text;
    let eol = if text.contains("\r\n") { "\r\n" } else { "\n" };
    Some(Fix::unsafe_(
        "chain a `DB$ Cleanup | ClearRemembered$ True` to the end",
        vec![
            Edit::insert(end, " | SubAbility$ DBCleanup"),
            Edit::insert(
                svar_line,
                format!("{eol}SVar:DBCleanup:DB$ Cleanup | ClearRemembered$ True"),
            ),
        ],
    ))
}
