//! F183: a card chosen at resolution from a public zone (`ChangeZone` with `Hidden$ True` from a
//! graveyard, the battlefield or exile) without `Mandatory$ True`.

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{Model, RecordInfo, Role};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F183",
    name: "public-choice-optional",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "A `ChangeZone` that chooses cards at resolution (`Hidden$ True`, `ChangeType$`) from a graveyard, the battlefield or exile, without `Mandatory$ True`: Forge lets the chooser choose nothing.",
    explanation: "When a `ChangeZone` chooses its cards as it resolves (`Hidden$ True` with \
`ChangeType$`), Forge lets the chooser pick none of them unless the record says `Mandatory$ True`, as \
the rules allow for a search of a hidden zone (a library, a hand: one may fail to find). A graveyard, \
the battlefield and exile are public zones: \"Return a creature card from your graveyard to the \
battlefield\" must return one if there is one, so such a record needs `Mandatory$ True`. Records \
whose text (their own description or the one of the ability that runs them) says `up to`, `any \
number`, `may` or `unless`, and random choices (`AtRandom$`), are left alone. The fix adds `Mandatory$ True` \
(unsafe: check the card's text).",
    bad: "Name:Grave Summons\nManaCost:3 B\nTypes:Sorcery\nA:SP$ ChangeZone | Cost$ 3 B | Origin$ Graveyard | Destination$ Battlefield | ChangeType$ Creature.YouOwn | ChangeNum$ 1 | Hidden$ True | SpellDescription$ Return a creature card from your graveyard to the battlefield.\nOracle:Return a creature card from your graveyard to the battlefield.",
    good: "Name:Grave Summons\nManaCost:3 B\nTypes:Sorcery\nA:SP$ ChangeZone | Cost$ 3 B | Origin$ Graveyard | Destination$ Battlefield | ChangeType$ Creature.YouOwn | ChangeNum$ 1 | Hidden$ True | Mandatory$ True | SpellDescription$ Return a creature card from your graveyard to the battlefield.\nOracle:Return a creature card from your graveyard to the battlefield.",
    since: "0.3.0",
    ..RuleMeta::BASE
};

const PUBLIC: &[&str] = &["Graveyard", "Battlefield", "Exile"];

/// Words of a text that make the choice optional.
fn optional_text(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    [
        "up to",
        "any number",
        "may ",
        "you may",
        "if you do",
        "unless",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// The descriptions that speak for a record: its own and those of the records that run it.
fn descriptions<'a>(model: &Model<'a>, ri: usize) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut seen = vec![ri];
    let mut i = 0;
    while i < seen.len() && seen.len() < 48 {
        let r = seen[i];
        i += 1;
        let rec = &model.records[r];
        for k in [
            "SpellDescription",
            "TriggerDescription",
            "Description",
            "StackDescription",
        ] {
            if let Some(p) = rec.param(k) {
                out.push(p.value);
            }
        }
        // The records whose chain names this one's SVar.
        let model::forge::script::Origin::Svar(s) = rec.origin else {
            continue;
        };
        let name = model.svars[s].name;
        for rf in &model.refs {
            if rf.name == name
                && rf.face == rec.face
                && let Some(parent) = rf.record
                && !seen.contains(&parent)
            {
                seen.push(parent);
            }
        }
    }
    out
}

fn is(rec: &RecordInfo<'_>, key: &str) -> bool {
    rec.param_ignore_case(key).is_some()
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for (ri, rec) in model.records.iter().enumerate() {
        if rec.role != Role::Ability || !rec.kind_value.eq_ignore_ascii_case("ChangeZone") {
            continue;
        }
        let hidden = rec
            .param_ignore_case("Hidden")
            .is_some_and(|p| p.value.trim().eq_ignore_ascii_case("True"));
        if !hidden || !is(rec, "ChangeType") {
            continue;
        }
        if [
            "Mandatory",
            "AtRandom",
            "Optional",
            "ValidTgts",
            "Defined",
            "OptionalDecider",
        ]
        .iter()
        .any(|k| is(rec, k))
        {
            continue;
        }
        let Some(origin) = rec.param_ignore_case("Origin") else {
            continue;
        };
        let zones: Vec<&str> = origin.value.split(',').map(str::trim).collect();
        if zones.is_empty()
            || !zones
                .iter()
                .all(|z| PUBLIC.iter().any(|p| p.eq_ignore_ascii_case(z)))
        {
            continue;
        }
        if descriptions(model, ri).iter().any(|d| optional_text(d)) {
            continue;
        }
        let range = rec.params[rec.kind_param.unwrap_or(0)].range;
        let d = sink.report(
            range,
            format!(
                "chooses from `{}` as it resolves (`Hidden$ True`) without `Mandatory$ True`: Forge lets the chooser choose nothing, though a public zone's cards must be chosen if there are any",
                origin.value.trim()
            ),
        );
        let at = rec.params.last().map(|p| p.range.end());
        if let Some(at) = at {
            d.with_fix(Fix::unsafe_(
                "add `Mandatory$ True`",
                vec![Edit::insert(at, " | Mandatory$ True")],
            ));
        }
    }
}
