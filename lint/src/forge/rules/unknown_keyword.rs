//! F153: a `K:` keyword Forge does not know.

use super::word_fix;
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::facts::FactKind;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F153",
    name: "unknown-keyword",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A `K:` line whose keyword is neither a Forge keyword nor one of the engine's literal hidden keywords.",
    explanation: "Forge matches the text of a `K:` line against its keywords (ignoring case); text that \
matches none is kept as a hidden keyword, which the engine only notices when it compares it letter for \
letter with one of its internal sentences (`CARDNAME can't block.`). Anything else is silently \
meaningless: the creature does not fly. A near miss of a real keyword is an error with a fix. A keyword \
found only ignoring the case of a letter inside a word (`ForeTell`) is a warning with a fix: Forge finds \
the keyword, but builds its abilities by comparing the name letter for letter.",
    bad: "Name:Cloud Skimmer\nManaCost:1 U\nTypes:Creature Bird\nPT:1/1\nK:Flyng",
    good: "Name:Cloud Skimmer\nManaCost:1 U\nTypes:Creature Bird\nPT:1/1\nK:Flying",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    let keywords = ctx.vocab.keywords();
    for kw in &model.keywords {
        let Some(&range) = kw.pieces.first() else {
            continue;
        };
        let name = model.slice(range);
        if name.trim().is_empty() {
            continue;
        }
        if let Some(m) = keywords.find(name.trim()) {
            // Found ignoring case; what the keyword does is built from its text letter for letter.
            let lead = name.len() - name.trim_start().len();
            super::unknown_granted_keyword::report_case_variant(
                sink,
                m,
                name.trim(),
                super::sub_range(range, lead, 0).start(),
            );
            continue;
        }
        // Compare the keyword part only (before a space-form argument).
        let head = name.trim();
        // Which versions read it: the whole text, else its first word (`CantBeBlockedByAmount
        // GT1`: Forge 2020 tests the head and reads the argument after it).
        let clause = {
            let whole = ctx.version_clause(FactKind::Keyword, head);
            match head.split_once(' ') {
                Some((first, _)) if !whole.starts_with(" (not read by") => {
                    let by_head = ctx.version_clause(FactKind::KeywordInternal, first);
                    if by_head.starts_with(" (not read by") {
                        by_head
                    } else {
                        whole
                    }
                }
                _ => whole,
            }
        };
        let fix = word_fix(head, range, keywords.vocab.names());
        match fix {
            Some((fix, best)) if fix.applicability == crate::Applicability::Safe => {
                sink.report(
                    range,
                    format!(
                        "`{head}` is not a keyword: Forge keeps it as text that nothing reads (did you mean `{best}`?){clause}"
                    ),
                )
                .with_severity(Severity::Error)
                .with_fix(fix);
            }
            _ => {
                sink.report(
                    range,
                    format!(
                        "`{head}` is not a keyword Forge knows: it is kept as text that nothing reads{clause}"
                    ),
                );
            }
        }
    }
}
