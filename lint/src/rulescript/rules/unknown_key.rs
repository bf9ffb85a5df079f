use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::{Ctx, rule_lines};
use model::rulescript::vocab;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R101",
    name: "unknown-rule-key",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A rule line whose key the engine does not read (or with no `key =` at all).",
    explanation: "The engine reads only `target`, `target?`, `action`, `label`, `abilities`, `auto`, \
`requisite` and `vars` lines; any other line is ignored without notice, so a misspelt key \
(`acton = ...`) or a line wrapped by hand loses what it holds.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000002\"] = \"\"\"\nacton = {F}: damage(250) to(character[frozen]@oppRing)\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000002\"] = \"\"\"\naction = {F}: damage(250) to(character[frozen]@oppRing)\n\"\"\"",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let keys = vocab::keys();
    for line in rule_lines(ctx) {
        match line.key() {
            Some(key) => {
                let text = key.text().to_ascii_lowercase();
                if keys.knows(&text) {
                    continue;
                }
                let d = sink.report(
                    key.text_range(),
                    format!(
                        "`{}` is not a rule key: the engine ignores this line",
                        key.text()
                    ),
                );
                if let Some(fix) = model::suggest::unique_near_miss(&text, keys.known()) {
                    d.with_fix(Fix::safe(
                        format!("write `{fix}`"),
                        vec![Edit::replace(key.text_range(), fix)],
                    ));
                }
            }
            None => {
                sink.report(
                    line.range(),
                    "this line has no `key =`: the engine ignores it",
                );
            }
        }
    }
}
