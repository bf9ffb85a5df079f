//! Suppression comments: `# cardlint: ignore[CODE] reason` silences CODE on the next line,
//! `# cardlint: ignore-file[CODE] reason` in the whole file. Codes or kebab names, comma-separated.
//! A suppression that silences nothing is reported, so stale ones do not pile up.

use crate::diagnostic::{Diagnostic, Edit, Fix, Severity};
use crate::registry::{FixAvailability, Group, RuleFilter, RuleMeta, find_rule};
use model::source::SourceFile;
use syntax::{TextRange, TextSize};

pub static UNUSED_SUPPRESSION: RuleMeta = RuleMeta {
    code: "E020",
    name: "unused-suppression",
    dialect: None,
    group: Group::Style,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "A `# cardlint: ignore[...]` comment that silences nothing.",
    explanation: "A suppression is meant to be temporary and specific. Once the problem it silenced is \
fixed (or the line moved), the comment only hides the next real problem of that kind on that line. \
The fix removes it.",
    bad: "Name:Quiet Card\n# cardlint: ignore[E002] no BOM here any more\nTypes:Artifact",
    good: "Name:Quiet Card\nTypes:Artifact",
    marks_unneeded_text: true,
    ..RuleMeta::BASE
};

pub static INVALID_SUPPRESSION: RuleMeta = RuleMeta {
    code: "E021",
    name: "invalid-suppression",
    dialect: None,
    group: Group::Style,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A `# cardlint:` comment that cannot be read: unknown rule, bad shape or no reason.",
    explanation: "Suppressions are written `# cardlint: ignore[CODE] reason` (next line) or \
`# cardlint: ignore-file[CODE] reason` (whole file), with rule codes or names separated by commas. \
The reason is required: it tells the next reader why the rule does not apply.",
    bad: "Name:Quiet Card\n# cardlint: ignore[E999]\nTypes:Artifact",
    good: "Name:Quiet Card\n# cardlint: ignore[E010] the engine fork we target reads this line\nTypes:Artifact",
    ..RuleMeta::BASE
};

pub static RULES: &[&RuleMeta] = &[&UNUSED_SUPPRESSION, &INVALID_SUPPRESSION];

struct Code {
    rule: &'static RuleMeta,
    range: TextRange,
    used: bool,
}

struct Directive {
    file_wide: bool,
    codes: Vec<Code>,
    /// The whole comment line, with its line break.
    line_range: TextRange,
    /// For next-line directives: the index of the line they apply to.
    target: Option<usize>,
}

const MARK: &str = "cardlint:";

/// Removes suppressed diagnostics, and reports unused and invalid suppressions.
pub fn apply(file: &SourceFile, filter: &RuleFilter, diagnostics: &mut Vec<Diagnostic>) {
    apply_pass(file, filter, diagnostics, Pass::Lint);
}

/// A call to [`apply_pass`] holds one pass's findings: the lint's, or the simulation's (`G1xx`,
/// which the engine finds later, and only when asked). A suppression is reported unused only by
/// the pass that owns its rule (`RuleMeta::pass`), so `ignore[G109]` is not called unused by a
/// run that does not simulate.
pub use crate::registry::Pass;

/// [`apply`] for one pass's findings. Broken suppression comments are reported by the lint pass.
pub fn apply_pass(
    file: &SourceFile,
    filter: &RuleFilter,
    diagnostics: &mut Vec<Diagnostic>,
    pass: Pass,
) {
    let text = file.text();
    if memchr::memmem::find(text.as_bytes(), MARK.as_bytes()).is_none() {
        return;
    }
    let mut directives: Vec<Directive> = Vec::new();
    let mut invalid: Vec<Diagnostic> = Vec::new();
    let mut line_starts: Vec<usize> = Vec::new();
    let mut pending: Vec<usize> = Vec::new();
    let mut pos = 0usize;
    let bytes = text.as_bytes();
    let mut line_no = 0usize;
    while pos < bytes.len() || (pos == 0 && bytes.is_empty()) {
        let end = memchr::memchr2(b'\n', b'\r', &bytes[pos..]).map_or(bytes.len(), |i| pos + i);
        let next = if end < bytes.len() && bytes[end] == b'\r' && bytes.get(end + 1) == Some(&b'\n')
        {
            end + 2
        } else {
            (end + 1).min(bytes.len())
        };
        line_starts.push(pos);
        let line = &text[pos..end];
        let is_directive = match parse_line(line, pos, &mut invalid) {
            Some((file_wide, codes)) => {
                let line_range = TextRange::new(to_size(pos), to_size(next));
                directives.push(Directive {
                    file_wide,
                    codes,
                    line_range,
                    target: None,
                });
                if !file_wide {
                    pending.push(directives.len() - 1);
                }
                true
            }
            None => false,
        };
        if !is_directive {
            for d in pending.drain(..) {
                directives[d].target = Some(line_no);
            }
        }
        line_no += 1;
        if next <= pos {
            break;
        }
        pos = next;
    }
    if directives.is_empty() && invalid.is_empty() {
        return;
    }
    let line_of = |offset: TextSize| {
        line_starts
            .partition_point(|&s| s <= usize::from(offset))
            .saturating_sub(1)
    };
    diagnostics.retain(|d| {
        if std::ptr::eq(d.rule, &UNUSED_SUPPRESSION) || std::ptr::eq(d.rule, &INVALID_SUPPRESSION) {
            return true;
        }
        let line = line_of(d.range.start());
        for directive in directives.iter_mut() {
            if (directive.file_wide || directive.target == Some(line))
                && let Some(code) = directive
                    .codes
                    .iter_mut()
                    .find(|c| std::ptr::eq(c.rule, d.rule))
            {
                code.used = true;
                return false;
            }
        }
        true
    });
    if filter.enabled(&UNUSED_SUPPRESSION) {
        for directive in &directives {
            let unused: Vec<&Code> = directive
                .codes
                .iter()
                .filter(|c| !c.used && filter.enabled(c.rule) && c.rule.pass == pass)
                .collect();
            if unused.is_empty() {
                continue;
            }
            let all_unused = unused.len() == directive.codes.len();
            for code in &unused {
                let mut d = Diagnostic::new(
                    &UNUSED_SUPPRESSION,
                    code.range,
                    format!(
                        "this suppression of {} ({}) silences nothing",
                        code.rule.code, code.rule.name
                    ),
                );
                if all_unused {
                    d.fix = Some(Fix::safe(
                        "remove the suppression comment",
                        vec![Edit::delete(directive.line_range)],
                    ));
                }
                diagnostics.push(d);
            }
        }
    }
    if pass == Pass::Lint && filter.enabled(&INVALID_SUPPRESSION) {
        diagnostics.extend(invalid);
    }
    if let Some(s) = filter.severity_of(&UNUSED_SUPPRESSION) {
        diagnostics
            .iter_mut()
            .filter(|d| std::ptr::eq(d.rule, &UNUSED_SUPPRESSION))
            .for_each(|d| d.severity = s);
    }
    if let Some(s) = filter.severity_of(&INVALID_SUPPRESSION) {
        diagnostics
            .iter_mut()
            .filter(|d| std::ptr::eq(d.rule, &INVALID_SUPPRESSION))
            .for_each(|d| d.severity = s);
    }
}

fn to_size(offset: usize) -> TextSize {
    TextSize::from(offset as u32)
}

/// Reads one line; `Some` when it is a `# cardlint:` comment (even a broken one, whose problems
/// go to `invalid`).
fn parse_line(
    line: &str,
    start: usize,
    invalid: &mut Vec<Diagnostic>,
) -> Option<(bool, Vec<Code>)> {
    let lead = line.len() - line.trim_start().len();
    let rest = line[lead..].strip_prefix('#')?;
    let after_hash = rest.len() - rest.trim_start().len();
    let body = rest.trim_start().strip_prefix(MARK)?;
    let body_start = start + lead + 1 + after_hash + MARK.len();
    let comment_range = TextRange::new(
        to_size(start + lead),
        to_size(start + line.trim_end().len()),
    );
    let mut report = |range: TextRange, message: String| {
        invalid.push(Diagnostic::new(&INVALID_SUPPRESSION, range, message))
    };
    let trimmed = body.trim_start();
    let action_start = body_start + (body.len() - trimmed.len());
    let (file_wide, after) = if let Some(a) = trimmed.strip_prefix("ignore-file[") {
        (true, a)
    } else if let Some(a) = trimmed.strip_prefix("ignore[") {
        (false, a)
    } else {
        report(
            comment_range,
            "expected `# cardlint: ignore[CODE] reason` or `# cardlint: ignore-file[CODE] reason`"
                .into(),
        );
        return Some((false, Vec::new()));
    };
    let list_start = action_start + (trimmed.len() - after.len());
    let Some(close) = after.find(']') else {
        report(comment_range, "this suppression has no closing `]`".into());
        return Some((file_wide, Vec::new()));
    };
    let mut codes = Vec::new();
    let mut offset = list_start;
    for piece in after[..close].split(',') {
        let lead = piece.len() - piece.trim_start().len();
        let name = piece.trim();
        let range = TextRange::at(to_size(offset + lead), to_size(name.len()));
        offset += piece.len() + 1;
        if name.is_empty() {
            continue;
        }
        match find_rule(name) {
            Some(rule) => codes.push(Code {
                rule,
                range,
                used: false,
            }),
            None => report(range, format!("no rule is called `{name}`")),
        }
    }
    if codes.is_empty() && !after[..close].trim().is_empty() {
        return Some((file_wide, codes));
    }
    if codes.is_empty() {
        report(comment_range, "this suppression names no rule".into());
    }
    if after[close + 1..].trim().is_empty() {
        report(
            comment_range,
            "give a reason after the brackets: why does the rule not apply here?".into(),
        );
    }
    Some((file_wide, codes))
}
