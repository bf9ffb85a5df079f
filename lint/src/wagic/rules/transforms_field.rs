//! W124: a field of `transforms((...))` that the engine drops (comma splits, inexact names).

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::{Ctx, code, sub_range};
use model::suggest;
use model::wagic::versions::Version;
use model::wagic::vocab;
use syntax::wagic::ast::Call;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W124",
    name: "transforms-field",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A `transforms((...))` field that the engine drops: cut by a comma, or not an exact name.",
    explanation: "The body of `transforms((...))` is split on EVERY comma, including commas inside \
`newability[...]`, `counter(...)` or `target(...)`: `newability[counter(1/1,1)]` is cut in two and the \
granted ability is lost (write `counter(1/1.1)`, or `^` for the inner commas). The fields after the \
first (the types) are compared exactly with basic abilities and colour names, so `, flying` (with a \
space) and `snowswampwalk` (the ability is `snowswamplandwalk`) are dropped; `setpower=`, `settoughness=`, \
`newcolors`, `removeallcolors`, `removemc` and `chosencolor` are found anywhere. The 2016 engine \
(`[wagic] engine = \"2016\"`) took every colour a field contains (`black red` gives both, ` red` is \
red), so a field of colour words is no finding against it; another field that contains one (`land` in \
`snowislandwalk`) is still dropped as an ability, and the note says which colour that engine takes.",
    bad: "[card]\nname=Tide Mask\nauto=transforms((Spirit,newability[counter(1/1,1)]))\ntype=Enchantment\n[/card]",
    good: "[card]\nname=Tide Mask\nauto=transforms((Spirit,newability[counter(1/1.1)]))\ntype=Enchantment\n[/card]",
    ..RuleMeta::BASE
};

const ANYWHERE: &[&str] = &[
    "setpower=",
    "settoughness=",
    "newcolors",
    "removeallcolors",
    "removemc",
    "chosencolor",
];

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for view in ctx.code_views().filter(|v| v.has("transforms")) {
        for effect in view.all(syntax::wagic::ast::Effect::cast) {
            let text = view.text_of(effect.range());
            if let Some(i) = text.find("transforms (") {
                let len = "transforms (".len();
                view.report(
                    sink,
                    sub_range(effect.range(), i, i + len),
                    "Wagic looks for `transforms((` without a space: this is not a transforms, and its fields are read as other effects",
                )
                .with_fix(Fix::safe(
                    "remove the space",
                    vec![Edit::replace(sub_range(effect.range(), i, i + len), "transforms(")],
                ));
            }
        }
        for call in view.all(Call::cast) {
            if !code::call_named(&call, "transforms") {
                continue;
            }
            // Only the outermost transforms of a nest: the engine takes the first one's body.
            if call
                .syntax()
                .ancestors()
                .skip(1)
                .filter_map(Call::cast)
                .any(|c| code::call_named(&c, "transforms"))
            {
                continue;
            }
            // The engine looks for `))` in the text, whatever the brackets in between: read from
            // the call to the end of the ability that holds it.
            let holder = call
                .syntax()
                .ancestors()
                .find(|n| n.kind() == syntax::wagic::SyntaxKind::AUTO)
                .unwrap_or_else(|| call.syntax().clone());
            let from = usize::from(call.range().start() - holder.text_range().start());
            let text = code::lower(&holder)[from..].to_string();
            let Some((body_start, body_end)) = code::transforms_body(&text) else {
                continue;
            };
            let body = &text[body_start..body_end];
            let mut offset = body_start;
            let mut cut_open: Option<usize> = None;
            for (i, field) in body.split(',').enumerate() {
                let start = offset;
                offset += field.len() + 1;
                if i == 0 {
                    continue;
                }
                if let Some(open) = cut_open {
                    // A continuation of a `newability[` cut by a comma.
                    if field.contains(']') {
                        cut_open = None;
                    }
                    let _ = open;
                    continue;
                }
                let range = sub_range(call.range(), start, start + field.len());
                if field.trim_start().starts_with("newability[") {
                    // A nested `transforms((` carries its own commas; how the engine splits it is
                    // not settled, so it is not reported.
                    if field.contains("transforms((") {
                        if !field.contains(']') {
                            cut_open = Some(start);
                        }
                    } else if !field.contains(']') {
                        cut_open = Some(start);
                        let comma = start + field.len();
                        if comma >= body_end {
                            view.report(
                                sink,
                                range,
                                "this `newability[` is never closed with `]`: the granted ability may be cut or lost",
                            )
                            .with_severity(Severity::Warning);
                        } else {
                            view.report(
                                sink,
                                sub_range(call.syntax().text_range(), comma, comma + 1),
                                "Wagic splits the transforms body on every comma, so this `,` cuts `newability[...]` in two and the granted ability is lost: use `^` (or `.` in counters) instead",
                            );
                        }
                    }
                    continue;
                }
                if ANYWHERE.iter().any(|w| field.contains(w)) || field.is_empty() {
                    continue;
                }
                let ability = vocab::basic_abilities().get(field);
                if ability.is_some_and(|w| w.is_known()) || vocab::colors().knows(field) {
                    continue;
                }
                if ability.is_some_and(|w| ctx.reads_removed(w)) {
                    continue;
                }
                if let Some(w) = ability.filter(|w| w.is_removed()) {
                    view.report(
                        sink,
                        range,
                        format!(
                            "`{}` is no longer a basic ability of Wagic: {} drops this field",
                            w.word,
                            ctx.engine_name()
                        ),
                    )
                    .with_severity(Severity::Hint);
                    continue;
                }
                // The 2016 engine takes every colour a field contains (`find`), spaces and
                // all; today's compares the field exactly.
                // A field of colour words is what the card means; in another field the colour
                // found is a misreading, and the ability the field names is still lost.
                let colour_in_field = vocab::colors()
                    .words()
                    .iter()
                    .find(|c| c.read_by(Version::V2016) && field.contains(c.word))
                    .filter(|_| ctx.engine == Some(Version::V2016));
                if colour_in_field.is_some()
                    && field.split_whitespace().all(|w| {
                        vocab::colors()
                            .get(w)
                            .is_some_and(|c| c.read_by(Version::V2016))
                    })
                {
                    continue;
                }
                let trimmed = field.trim();
                if vocab::basic_abilities().knows(trimmed) || vocab::colors().knows(trimmed) {
                    view.report(
                        sink,
                        range,
                        format!("Wagic compares transforms fields exactly: the spaces around `{trimmed}` make it drop this one"),
                    )
                    .with_fix(Fix::safe("remove the spaces", vec![Edit::replace(range, trimmed.to_string())]));
                    continue;
                }
                if trimmed.split(' ').all(|w| vocab::colors().knows(w)) {
                    view.report(
                        sink,
                        range,
                        format!("{} compares transforms fields exactly and drops `{trimmed}`: write one colour per field", ctx.engine_name()),
                    )
                    .with_severity(Severity::Hint);
                    continue;
                }
                let r = view.report(
                    sink,
                    range,
                    format!("Wagic drops the transforms field `{field}`: it is not exactly a basic ability, a colour or a transforms keyword"),
                );
                let r = match colour_in_field {
                    Some(c) => r.with_note(format!(
                        "{} only takes the colour `{}` the field contains",
                        ctx.engine_name(),
                        c.word
                    )),
                    None => r,
                };
                if let Some(w) = vocab::basic_ability_fix(trimmed) {
                    r.with_fix(Fix::safe(
                        format!("write `{w}`"),
                        vec![Edit::replace(range, w)],
                    ));
                } else if let Some(w) =
                    suggest::did_you_mean(trimmed, vocab::basic_abilities().known())
                {
                    r.with_note(format!("did you mean `{w}`?"));
                }
            }
        }
    }
}
