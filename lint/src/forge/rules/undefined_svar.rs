//! F130: a reference to an ability, trigger, static or replacement SVar that does not exist.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{ListSep, Model, Origin, SvarRef};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F130",
    name: "undefined-svar",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "`SubAbility$`, `Execute$`, `ReplaceWith$`, `DelayedTrigger$`, `Choices$`, a chapter keyword and the like name an SVar the face does not define.",
    explanation: "These parameters name the SVar that holds the next ability, trigger, static or \
replacement. SVars are looked up by exact name in the face's own table; when there is none Forge prints \
a message at run time and that part of the card silently does nothing (a chain stops, a trigger fires \
into nothing, an effect gets no replacement). Nothing is checked when the card is loaded. References \
inside an SVar that nothing uses are warnings. Names the engine creates itself (`RolledWalk` on planes) \
are not reported.",
    bad: "Name:Shore Scavenger\nManaCost:1 U\nTypes:Creature Crab\nPT:1/3\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigDraw | TriggerDescription$ When CARDNAME enters the battlefield, draw a card.\nSVar:TrigDarw:DB$ Draw | NumCards$ 1",
    good: "Name:Shore Scavenger\nManaCost:1 U\nTypes:Creature Crab\nPT:1/3\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigDraw | TriggerDescription$ When CARDNAME enters the battlefield, draw a card.\nSVar:TrigDraw:DB$ Draw | NumCards$ 1",
    ..RuleMeta::BASE
};

/// Names the engine adds to a card itself.
pub(crate) const ENGINE_MADE: &[&str] = &["RolledWalk", "RolledChaos", "ChosenX"];

/// Whether the record holding a reference is itself in an SVar nothing uses.
pub(crate) fn in_dead_code(model: &Model<'_>, r: &SvarRef<'_>) -> bool {
    match r.record.map(|ri| model.records[ri].origin) {
        Some(Origin::Svar(def)) => model.reached_from[def] == 0 && model.mentions(def) == 0,
        _ => false,
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for r in &model.refs {
        if !r.kind.is_structural() || r.shadowed || ENGINE_MADE.contains(&r.name) {
            continue;
        }
        if r.sep == ListSep::Single && r.name.contains(',') {
            continue; // name-list-in-single-param
        }
        if model.resolve(r.face, r.name).is_some()
            || model.resolve_ignore_case(r.face, r.name).is_some()
        {
            continue;
        }
        let d = sink.report(
            r.range,
            format!(
                "no SVar `{}` on this face: `{}` names {} that does not exist, so that part of the card does nothing",
                r.name,
                r.from,
                r.kind.describe()
            ),
        );
        let names: Vec<&str> = model.faces[r.face].svars.keys().copied().collect();
        let suggestion = super::word_fix(r.name, r.range, names.iter().copied());
        if let Some((_, best)) = &suggestion
            && let Some(def) = model.resolve(r.face, best)
        {
            d.with_related(crate::Related::here(
                model.svars[def].name_range,
                format!("the SVar {best} is defined here"),
            ));
        }
        super::with_suggestion(d, suggestion);
        if let Some(fix) = d.fix.as_mut() {
            // Renaming a reference to another SVar changes what runs: never automatic.
            fix.applicability = crate::Applicability::Unsafe;
        }
        if in_dead_code(model, r) {
            d.with_severity(Severity::Warning)
                .with_note("the SVar holding this reference is itself never used");
        }
    }
}
