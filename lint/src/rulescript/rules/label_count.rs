use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::rulescript::Ctx;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "R109",
    name: "label-count",
    dialect: Some(Dialect::RULESCRIPT),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "More `label` lines than `action` lines, or a `#` comment after a label.",
    explanation: "Labels name the actions by position: the first `label` is the first `action`'s. A \
label without an action names nothing (often an action line was deleted or merged). Labels are \
taken from the original line without removing comments, so `label = KO it # note` shows `# note` \
to the player.",
    bad: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000009\"] = \"\"\"\naction = destroy() target(character)\nlabel = \"KO this character\"\nlabel = \"Discard a card\"\n\"\"\"",
    good: "RulesDict[\"4b5d7c1e-0000-4000-8000-000000000009\"] = \"\"\"\naction = destroy() target(character)\nlabel = \"KO this character\"\n\"\"\"",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for entry in ctx.tree.entries() {
        let Some(text) = entry.text() else { continue };
        let mut actions = 0;
        let mut labels = Vec::new();
        for line in text.lines() {
            match line.key_text().as_deref() {
                Some("action") => actions += 1,
                Some("label") => {
                    labels.extend(line.key());
                    if let Some(label) = line.label().and_then(|l| l.text())
                        && let Some(at) = label.text().find('#')
                    {
                        let start = label.text_range().start() + syntax::TextSize::from(at as u32);
                        sink.report(
                            syntax::TextRange::new(start, label.text_range().end()),
                            "a label is shown as written: this `#` comment is part of the label",
                        );
                    }
                }
                _ => {}
            }
        }
        for (n, key) in labels.iter().enumerate().skip(actions.max(1)) {
            sink.report(
                key.text_range(),
                format!(
                    "label {} has no action {} to name (the rule has {actions} action{}): labels match actions by position",
                    n + 1,
                    n + 1,
                    if actions == 1 { "" } else { "s" }
                ),
            );
        }
    }
}
