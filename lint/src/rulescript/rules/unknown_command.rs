use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;
use model::rulescript::vocab;
use syntax::rulescript::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R103",
    name: "unknown-effect-command",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "An effect command the engine does not have.",
    explanation: "Effects are commands such as `damage(100)`, `moveTo(hand)`, `draw(2)`, looked up \
by name (in any case: the line is lower-cased). An unknown command is skipped with only a debug \
message, so the effect silently does not happen.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000004\"] = \"\"\"\naction = {F}: damgae(150) to(character@oppRing)\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000004\"] = \"\"\"\naction = {F}: damage(150) to(character@oppRing)\n\"\"\"",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let commands = vocab::commands();
    for command in ctx
        .tree
        .syntax()
        .descendants()
        .filter_map(ast::Command::cast)
    {
        let Some(name) = command.name() else { continue };
        let lower = name.text().to_ascii_lowercase();
        if commands.get(&lower).is_some() {
            continue;
        }
        let d = sink.report(
            name.text_range(),
            format!(
                "`{}` is not a command: the engine skips it, so this effect does not happen",
                name.text()
            ),
        );
        if let Some(fix) = model::suggest::unique_near_miss(&lower, commands.known()) {
            // Keep the file's camelCase where the command has one (`moveTo`).
            let written = camel(fix);
            d.with_fix(Fix::safe(
                format!("write `{written}`"),
                vec![Edit::replace(name.text_range(), written)],
            ));
        }
    }
}

/// The usual spelling of a command in scripts (`moveto` is written `moveTo`).
fn camel(command: &str) -> String {
    let spelled = [
        "alterCost",
        "copyAbility",
        "disableRule",
        "enableRule",
        "loseAbility",
        "loseLife",
        "modCost",
        "modDamage",
        "modRule",
        "movePile",
        "moveRevealedTo",
        "moveTo",
        "moveToSlot",
        "pileView",
        "playExtraChar",
        "removeFromAttack",
        "rndDiscard",
        "swapAbilities",
        "swapChars",
        "swapPiles",
    ];
    spelled
        .iter()
        .find(|s| s.eq_ignore_ascii_case(command))
        .map_or_else(|| command.to_string(), |s| s.to_string())
}
