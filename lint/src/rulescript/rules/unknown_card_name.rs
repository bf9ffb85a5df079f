use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::{Ctx, targets};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R117",
    name: "unknown-quoted-card",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A quoted card name in a target that no card of the set file has.",
    explanation: "A target type may be a card name in double quotes (`\"Engokogeki\"s@hand`), compared \
in lower case with the names of the cards. A name no card has matches nothing, so the target is \
never found. (Checked when the workspace holds the set file.)",
    bad: "# workspace example: needs the set file for its card names",
    good: "# workspace example: a name of the set file",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    if !ctx.index.has_sets {
        return;
    }
    for target in targets(ctx) {
        for ty in target.types() {
            let Some(quoted) = ty.quoted() else { continue };
            let name = quoted.text().trim_matches(['"', '\'']).to_lowercase();
            if name.is_empty() || ctx.index.names.contains(&name) {
                continue;
            }
            let d = sink.report(
                quoted.text_range(),
                format!(
                    "no card of the set file is named {}: the target matches nothing",
                    quoted.text()
                ),
            );
            if let Some(fix) =
                model::suggest::did_you_mean(&name, ctx.index.names.iter().map(String::as_str))
            {
                d.with_note(format!("did you mean \"{fix}\"?"));
            }
        }
    }
}
