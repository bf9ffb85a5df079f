use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;
use model::rulescript::vocab;
use syntax::rulescript::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R110",
    name: "unknown-game-name",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A game rule, phase or pile view that `enableRule`, `skip` or `pileView` does not know.",
    explanation: "`enableRule`, `disableRule` and `modRule` take a game rule (`ab_trigger_fresh`, \
`piercing`, `backup_limit`...), `skip` a phase (`activate`, `draw`, `main`, `attack`...), and \
`pileView` a pile state (`collapsed`, `pile`, `expanded`) as second argument. An unknown name is an \
error when the effect runs.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000010\"] = \"\"\"\naction = {F}: skip(attackphase) to(opp)\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000010\"] = \"\"\"\naction = {F}: skip(attack) to(opp)\n\"\"\"",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for command in ctx
        .tree
        .syntax()
        .descendants()
        .filter_map(ast::Command::cast)
    {
        let Some(name) = command.name() else { continue };
        let (vocab, position, what) = match name.text().to_ascii_lowercase().as_str() {
            "enablerule" | "disablerule" | "modrule" => (vocab::game_rules(), 0, "game rule"),
            "skip" => (vocab::phases(), 0, "phase"),
            "pileview" => (vocab::pile_view_states(), 1, "pile view"),
            _ => continue,
        };
        let args = command.args();
        let Some(arg) = args.get(position) else {
            continue;
        };
        let value = arg.text().trim().to_ascii_lowercase();
        if value.is_empty() || vocab.knows(&value) {
            continue;
        }
        let d = sink.report(
            arg.range(),
            format!(
                "`{}` is not a {what} `{}` knows: the effect fails when it runs",
                arg.text().trim(),
                name.text()
            ),
        );
        if let Some(fix) = model::suggest::unique_near_miss(&value, vocab.known()) {
            d.with_fix(Fix::safe(
                format!("write `{fix}`"),
                vec![Edit::replace(arg.range(), fix)],
            ));
        }
    }
}
