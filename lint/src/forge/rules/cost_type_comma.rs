//! F191: a cost's card type listing alternatives with `,`, where Forge's cost parts split on `;`.

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use syntax::forge::ast::{CostField, CostItem};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F191",
    name: "cost-type-comma",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Always,
    summary: "A cost part's card type (`Sac<1/Creature,Artifact>`) listing alternatives with `,`: Forge splits a cost's type on `;`.",
    explanation: "Parameters such as `ValidTgts$` list alternatives with `,`, but the cost parts that \
choose cards (`Sac`, `Discard`, `Exile`, `ExileFromGrave`, `tapXType`, `Return`...) split their type on \
`;` (`Sac<1/Creature;Artifact>`), in the 2020 and the 2022 source alike. With `,` the whole text is one \
type: `Creature,Artifact` matches no card, so the cost can never be paid, and `Creature.Other,Artifact` \
reads `Other,Artifact` as one property. Types naming a card (`Card.namedBaru, Fist of Krosa`) keep their \
comma. The fix writes `;`.",
    bad: "Name:Scrap Fiend\nManaCost:1 B R\nTypes:Creature Devil\nPT:3/2\nA:AB$ Pump | Cost$ 1 Sac<1/Creature.Other,Artifact/another creature or an artifact> | Defined$ Self | NumAtt$ +2 | SpellDescription$ CARDNAME gets +2/+0 until end of turn.\nOracle:{1}, Sacrifice another creature or an artifact: Scrap Fiend gets +2/+0 until end of turn.",
    good: "Name:Scrap Fiend\nManaCost:1 B R\nTypes:Creature Devil\nPT:3/2\nA:AB$ Pump | Cost$ 1 Sac<1/Creature.Other;Artifact/another creature or an artifact> | Defined$ Self | NumAtt$ +2 | SpellDescription$ CARDNAME gets +2/+0 until end of turn.\nOracle:{1}, Sacrifice another creature or an artifact: Scrap Fiend gets +2/+0 until end of turn.",
    ..RuleMeta::BASE
};

/// Cost parts whose second field is a card type that Forge splits on `;` (2020 and 2022).
pub(crate) const CARD_TYPE_PARTS: &[&str] = &[
    "Sac",
    "Discard",
    "Exile",
    "ExileFromGrave",
    "ExileFromHand",
    "ExileFromTop",
    "ExileSameGrave",
    "ExileAnyGrave",
    "ExileCtrlOrGrave",
    "ExileFromStack",
    "ExiledMoveToGrave",
    "GainControl",
    "Return",
    "tapXType",
    "untapYType",
    "Exert",
];

/// Every cost part of the file that chooses cards by a type (`Sac<1/Creature/...>`): its name and
/// its fields, the type (a Valid list) being the second.
pub(crate) fn card_type_parts(
    model: &model::forge::script::Model<'_>,
) -> Vec<(String, Vec<CostField>)> {
    let mut out = Vec::new();
    for rec in &model.records {
        for p in &rec.params {
            let Some(cost) = model.cost(rec, p) else {
                continue;
            };
            for item in cost.items() {
                let CostItem::Part(part) = item else {
                    continue;
                };
                let Some(name) = part.name() else {
                    continue;
                };
                let name = name.text().to_string();
                if !CARD_TYPE_PARTS.contains(&name.as_str()) {
                    continue;
                }
                let fields = part.fields();
                if matches!(fields.get(1), Some(CostField::Valid(_))) {
                    out.push((name, fields));
                }
            }
        }
    }
    out
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for (name, fields) in card_type_parts(&ctx.model) {
        let Some(CostField::Valid(list)) = fields.get(1) else {
            continue;
        };
        let text = list.syntax().text().to_string();
        if !text.contains(',') || text.contains("named") {
            continue;
        }
        let range = list.range();
        let fixed = text.replace(',', ";");
        sink.report(
            range,
            format!("`{name}<...>` splits its card type on `;`, not `,`: Forge reads `{text}` as one type, not as alternatives"),
        )
        .with_note("`,` separates alternatives in parameters such as `ValidTgts$`, not in costs")
        .with_fix(Fix::safe(
            format!("write `{fixed}`"),
            vec![Edit::replace(range, fixed)],
        ));
    }
}
