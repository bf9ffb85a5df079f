//! F154: a keyword with the wrong number of parameters.

use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::vocab::Status;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F154",
    name: "keyword-arity",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A `K:` keyword with more or fewer `:`-separated parameters than it takes (`K:Equip` without a cost).",
    explanation: "Keywords with parameters read them by position: `K:Equip:2`, `K:Kicker:1 G`, \
`K:Awaken:3:4 U`. A missing parameter leaves the keyword without its cost or amount (the ability cannot be \
used, or Forge fails on it when it is); an extra one is ignored. A space-form argument (`K:Protection from \
red`, `K:Enchant creature`) counts as the first parameter; upstream's trailing `:Flavor ...` does not count.",
    bad: "Name:Iron Gauntlet\nManaCost:1\nTypes:Artifact Equipment\nS:Mode$ Continuous | Affected$ Creature.EquippedBy | AddPower$ 1 | Description$ Equipped creature gets +1/+0.\nK:Equip",
    good: "Name:Iron Gauntlet\nManaCost:1\nTypes:Artifact Equipment\nS:Mode$ Continuous | Affected$ Creature.EquippedBy | AddPower$ 1 | Description$ Equipped creature gets +1/+0.\nK:Equip:1",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for kw in &model.keywords {
        let info = &model.lines[kw.line];
        let pieces = &kw.pieces;
        let Some(&first) = pieces.first() else {
            continue;
        };
        let name = model.slice(first).trim();
        let Some(m) = ctx.vocab.keywords().find(name) else {
            continue;
        };
        let keyword = m.keyword;
        if keyword.word.status == Status::Internal {
            continue;
        }
        // `Swampwalk`, `Goblin offering`: the type is the parameter.
        let typed_form = matches!(keyword.word.name, "Landwalk" | "Offering")
            && !name.eq_ignore_ascii_case(keyword.word.name);
        let space_arg = m.name_len < name.len() || typed_form;
        let params = pieces[1..]
            .iter()
            .filter(|p| !model.slice(**p).trim_start().starts_with("Flavor "))
            .count()
            + usize::from(space_arg);
        if keyword.arity.accepts(params) {
            continue;
        }
        sink.report(
            info.range,
            format!(
                "`{}` takes {}, but this line gives {}",
                keyword.word.name,
                keyword.arity.describe(),
                params
            ),
        )
        .with_note(format!("shape: K:{}:{}", keyword.word.name, keyword.shape));
    }
}
