use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;
use std::collections::HashMap;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R102",
    name: "duplicate-key",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A second `target`, `auto`, `abilities`, `requisite` or `vars` line: the engine ignores it.",
    explanation: "Only `action` and `label` lines may repeat. For the other keys the engine keeps \
the first line and ignores the later ones (`target` and `target?` count as one key). Join the \
values on one line: targets and statements with `;`, abilities with `,`.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000003\"] = \"\"\"\nauto = ~myEndPhase~ draw(1)\nauto = ~oppEndPhase~ draw(1)\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000003\"] = \"\"\"\nauto = ~myEndPhase,oppEndPhase~ draw(1)\n\"\"\"",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let index = syntax::LineIndex::new(ctx.file.text());
    for entry in ctx.tree.entries() {
        let Some(text) = entry.text() else { continue };
        let mut seen: HashMap<String, syntax::TextRange> = HashMap::new();
        for line in text.lines() {
            let (Some(key), Some(name)) = (line.key(), line.key_text()) else {
                continue;
            };
            let family = match name.as_str() {
                "target" | "target?" => "target",
                "auto" | "abilities" | "requisite" | "vars" => name.as_str(),
                _ => continue,
            };
            match seen.get(family) {
                Some(first) => {
                    let n = index.line_col(first.start()).line + 1;
                    sink.report(
                        key.text_range(),
                        format!("a second `{family}` line (the first is on line {n}): the engine ignores this one"),
                    );
                }
                None => {
                    seen.insert(family.to_string(), key.text_range());
                }
            }
        }
    }
}
