//! W106: a grade the engine reads as something else than what it says.

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use model::suggest;
use model::wagic::vocab;
use syntax::TextRange;
use syntax::wagic::KeyMeaning;
use syntax::wagic::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W106",
    name: "unknown-grade",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A `grade=` value the engine reads as another grade, or as Supported.",
    explanation: "Wagic reads only the third letter of a grade, in any case: su**p**ported, bo**r**derline, \
un**o**fficial, cr**a**ppy, un**s**upported, da**n**gerous. Any other third letter counts as Supported, so a \
misspelt `unsuported` card is still skipped but `brokn` is loaded as Supported, and `good` reads as \
Unofficial. For a file-level grade the engine takes the 9th character of the line, which is the third \
letter of the value only when the line starts with exactly `grade=`.",
    bad: "grade=broken\n[card]\nname=Half Done\ntype=Sorcery\n[/card]",
    good: "grade=unsupported\n[card]\nname=Half Done\ntype=Sorcery\n[/card]",
    ..RuleMeta::BASE
};

fn check_value(value: &str, range: TextRange, sink: &mut Sink<'_>) {
    let names = || vocab::grades().known();
    let level = vocab::grade_level(value);
    let named = names().find(|n| n.eq_ignore_ascii_case(value.trim()));
    if named.is_some() {
        return;
    }
    let fix = suggest::unique_near_miss(value.trim(), names());
    let message = match level {
        None => format!(
            "Wagic reads only the third letter of a grade, and `{value}` names none: it counts as Supported"
        ),
        Some(l) => format!(
            "Wagic reads only the third letter of a grade: `{value}` is read as {}",
            vocab::grade_name(l)
        ),
    };
    let d = sink.report(range, message);
    if let Some(f) = fix {
        let word = f.to_ascii_lowercase();
        d.with_fix(Fix::safe(
            format!("write `{word}`"),
            vec![Edit::replace(range, word)],
        ));
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    // Only the file-level run sees the top level (a card run must not walk the whole file).
    for line in ctx.top_level(ast::GradeLine::cast) {
        let text = line.syntax().text().to_string();
        let range = line.range();
        if let Some(value) = text.strip_prefix("grade=") {
            let start = range.start() + syntax::TextSize::from(6);
            check_value(value, TextRange::new(start, range.end()), sink);
        } else {
            let ninth = text.chars().nth(8).unwrap_or(' ');
            let level = vocab::grade_level(&format!("xx{ninth}")).unwrap_or(0);
            sink.report(
                range,
                format!(
                    "a file-level grade must be written `grade=<value>`: Wagic reads the 9th character of this line (`{ninth}`), which gives {}",
                    vocab::grade_name(level)
                ),
            );
        }
    }
    for card in &ctx.cards {
        for entry in card
            .entries
            .iter()
            .filter(|e| e.meaning == KeyMeaning::Grade)
        {
            let key = entry.key_text();
            if key != "grade" {
                continue;
            }
            check_value(&entry.value_text(), entry.value_range(), sink);
        }
    }
}
