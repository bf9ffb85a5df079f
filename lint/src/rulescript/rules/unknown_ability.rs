use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;
use model::rulescript::vocab;
use syntax::rulescript::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R104",
    name: "unknown-ability-keyword",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "An ability keyword the engine does not have (`abilities = ...`, `+ability`, `-ability`).",
    explanation: "Abilities (`unblockable`, `cantblock`, `pierce`, `rush`, `frosted`...) are looked up \
by name; an unknown one is skipped without a word, so the character does not get (or lose) the \
ability.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000005\"] = \"\"\"\nabilities = unblockabel\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000005\"] = \"\"\"\nabilities = unblockable\n\"\"\"",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let abilities = vocab::abilities();
    let mut words = Vec::new();
    for node in ctx.tree.syntax().descendants() {
        if let Some(list) = ast::AbilityList::cast(node.clone()) {
            words.extend(list.words());
        } else if let Some(change) = ast::AbilityChange::cast(node) {
            words.extend(change.word());
        }
    }
    for word in words {
        let lower = word.text().to_ascii_lowercase();
        if abilities.knows(&lower) {
            continue;
        }
        let d = sink.report(
            word.text_range(),
            format!("`{}` is not an ability: the engine skips it", word.text()),
        );
        if let Some(fix) = model::suggest::unique_near_miss(&lower, abilities.known()) {
            d.with_fix(Fix::safe(
                format!("write `{fix}`"),
                vec![Edit::replace(word.text_range(), fix)],
            ));
        }
    }
}
