//! F164: a controller property (`YouCtrl`, `OppCtrl`) on cards an ability finds outside the
//! battlefield, where only ownership applies.

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{RecordInfo, Role};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F164",
    name: "controller-outside-battlefield",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Hint,
    fix: FixAvailability::Always,
    summary: "`Card.YouCtrl` (or `OppCtrl`, `YouDontCtrl`) on the cards an ability takes from a graveyard, hand, library or exile, where only ownership applies: `YouOwn`.",
    explanation: "Only permanents and spells have a controller. A card in a graveyard, hand, library or \
exile has an owner only (rule 108.4a), and Forge answers a controller question about it with whoever \
controlled it last, which is the owner for most cards but not for a card that changed control before it \
left the battlefield. The rules text says \"from your graveyard\" or \"a card you own\": `YouOwn` (`OppOwn`, \
`YouDontOwn`) says it exactly. The rule looks at `ValidTgts$` and `ChangeType$` of `ChangeZone` and \
`ChangeZoneAll` abilities whose `Origin$` holds no battlefield or stack zone, and at `ValidTgts$` of \
abilities that target in such a zone (`TgtZone$`). The fix swaps the property (unsafe: it changes \
which cards qualify when control and ownership differ). A hint: most such scripts play as intended \
(420 on the 2020 corpus, which wrote `YouCtrl` by convention; today's Forge writes `YouOwn`).",
    bad: "Name:Grave Beckoning\nManaCost:1 B\nTypes:Sorcery\nA:SP$ ChangeZone | Cost$ 1 B | Origin$ Graveyard | Destination$ Hand | ValidTgts$ Creature.YouCtrl | TgtPrompt$ Select target creature card in your graveyard | SpellDescription$ Return target creature card from your graveyard to your hand.",
    good: "Name:Grave Beckoning\nManaCost:1 B\nTypes:Sorcery\nA:SP$ ChangeZone | Cost$ 1 B | Origin$ Graveyard | Destination$ Hand | ValidTgts$ Creature.YouOwn | TgtPrompt$ Select target creature card in your graveyard | SpellDescription$ Return target creature card from your graveyard to your hand.",
    ..RuleMeta::BASE
};

/// The controller properties and their ownership counterparts.
const SWAPS: &[(&str, &str)] = &[
    ("YouCtrl", "YouOwn"),
    ("OppCtrl", "OppOwn"),
    ("YouDontCtrl", "YouDontOwn"),
];

/// Zones where cards have no controller.
fn ownerless(zone: &str) -> bool {
    matches!(
        zone,
        "Graveyard" | "Hand" | "Library" | "Exile" | "Sideboard"
    )
}

/// The zones a comma list names, when every one is a zone without controllers.
fn all_ownerless(value: &str) -> Option<Vec<&str>> {
    let zones: Vec<&str> = value
        .split(',')
        .map(str::trim)
        .filter(|z| !z.is_empty())
        .collect();
    (!zones.is_empty() && zones.iter().all(|z| ownerless(z))).then_some(zones)
}

/// The params of `rec` whose Valid expressions look at cards outside the battlefield, with the
/// zones and the key that says so.
fn outside_params(rec: &RecordInfo<'_>) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let api = rec.kind_value;
    let change_zone =
        api.eq_ignore_ascii_case("ChangeZone") || api.eq_ignore_ascii_case("ChangeZoneAll");
    if change_zone
        && let Some(origin) = rec.param("Origin")
        && let Some(zones) = all_ownerless(origin.value)
    {
        let why = format!("`Origin$ {}`", zones.join(","));
        out.push(("ValidTgts", why.clone()));
        out.push(("ChangeType", why));
    } else if let Some(tz) = rec.param("TgtZone")
        && let Some(zones) = all_ownerless(tz.value)
    {
        out.push(("ValidTgts", format!("`TgtZone$ {}`", zones.join(","))));
    }
    out
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for site in ctx.valids() {
        if site.in_cost {
            continue;
        }
        let rec = &model.records[site.record];
        if rec.role != Role::Ability {
            continue;
        }
        let params = outside_params(rec);
        let Some((_, why)) = params.iter().find(|(k, _)| *k == site.from) else {
            continue;
        };
        for (prop, range) in &site.props {
            let Some((from, to)) = SWAPS.iter().find(|(c, _)| c == prop) else {
                continue;
            };
            let d = sink.report(
                *range,
                format!(
                    "`{from}` on cards in {why}: cards there have an owner, not a controller; `{to}` says which cards are meant"
                ),
            );
            d.with_note(
                "Forge answers with the last controller, which differs from the owner for a card that changed control",
            );
            d.with_fix(Fix::unsafe_(
                format!("replace with `{to}`"),
                vec![Edit::replace(*range, *to)],
            ));
        }
    }
}
