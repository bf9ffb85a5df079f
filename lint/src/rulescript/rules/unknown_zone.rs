use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::{Ctx, targets};
use model::rulescript::vocab;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R105",
    name: "unknown-at-zone",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A zone after `@` the engine does not know: it falls back to `arena`.",
    explanation: "A target's zone is `@` then an optional prefix (`my`, `opp`, `ctrl`, `same`, \
`any`) and one of `arena`, `ring`, `infront`, `hand`, `deck`, `discards`, `removed`. Any other word \
is replaced by `arena` without an error, so the target is looked for among the characters in play \
instead of the pile that was meant.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000006\"] = \"\"\"\naction = moveTo(hand) target(action@discard)\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000006\"] = \"\"\"\naction = moveTo(hand) target(action@discards)\n\"\"\"",
    ..RuleMeta::BASE
};

/// A zone word split into its prefix and zone (`oppring` -> (`opp`, `ring`)).
pub(crate) fn split_zone(word: &str) -> (&str, &str) {
    for p in ["my", "opp", "ctrl", "same", "any"] {
        if let Some(rest) = word.strip_prefix(p)
            && !rest.is_empty()
        {
            return (&word[..p.len()], rest);
        }
    }
    ("", word)
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let zones = vocab::zones();
    for target in targets(ctx) {
        let Some(word) = target.zone().and_then(|z| z.word()) else {
            continue;
        };
        let lower = word.text().to_ascii_lowercase();
        let (prefix, zone) = split_zone(&lower);
        if zones.knows(zone) {
            continue;
        }
        let d = sink.report(
            word.text_range(),
            format!(
                "`{}` is not a zone: the engine uses `arena` instead",
                word.text()
            ),
        );
        if let Some(fix) = model::suggest::unique_near_miss(zone, zones.known()) {
            // `oppDiscard` -> `oppDiscards`: the prefix as written, the zone capitalised after it.
            let fixed = if prefix.is_empty() {
                fix.to_string()
            } else {
                format!(
                    "{}{}{}",
                    &word.text()[..prefix.len()],
                    fix[..1].to_uppercase(),
                    &fix[1..]
                )
            };
            d.with_fix(Fix::safe(
                format!("write `{fixed}`"),
                vec![Edit::replace(word.text_range(), fixed)],
            ));
        }
    }
}
