//! F185: a keyword an effect or static grants (`KW$`, `AddKeyword$`, `Keywords$`...) that Forge
//! does not know, writes in another case, or carries its reminder text.

use super::{sub_range, word_fix};
use crate::diagnostic::{Edit, Fix};
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::facts::FactKind;
use model::forge::vocab::Status;
use syntax::TextRange;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F185",
    name: "unknown-granted-keyword",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A keyword granted by `KW$`, `AddKeyword$`, `Keywords$`, `TokenKeywords$` and the like that no Forge keyword matches, that is written in another case, or that carries its reminder text.",
    explanation: "Effects and statics grant keywords by text (`KW$ Flying & Haste`, \
`AddKeyword$ First Strike`). Forge makes each one a keyword the way it reads a `K:` line: text that \
names no keyword is kept as a keyword nothing reads, so the creature does not fly. Forge finds the \
keyword ignoring case, but builds what the keyword does (its triggers, costs and statics) by comparing \
the text letter for letter, so `Foretell` written `ForeTell` is a keyword without its ability. \
Reminder text (`Haste (This creature can attack...)`) is not part of a keyword: Forge keeps it as \
the keyword's argument and shows it on the card. `HIDDEN` keywords and `AddHiddenKeyword$` are \
sentences the engine compares letter for letter; those are checked only against the sentences \
cardlint knows the engine reads, and reported as a hint.",
    bad: "Name:Wind Blessing\nManaCost:U\nTypes:Instant\nA:SP$ Pump | ValidTgts$ Creature | TgtPrompt$ Select target creature | KW$ Flyng | SpellDescription$ Target creature gains flying until end of turn.\nOracle:Target creature gains flying until end of turn.",
    good: "Name:Wind Blessing\nManaCost:U\nTypes:Instant\nA:SP$ Pump | ValidTgts$ Creature | TgtPrompt$ Select target creature | KW$ Flying | SpellDescription$ Target creature gains flying until end of turn.\nOracle:Target creature gains flying until end of turn.",
    ..RuleMeta::BASE
};

/// Parameters whose value is a list of keywords, with the list's separator; `hidden` for the
/// ones whose keywords are all hidden sentences.
const GRANTING: &[(&str, &str, bool)] = &[
    ("KW", " & ", false),
    ("AddKeyword", " & ", false),
    ("AddKeywords", " & ", false),
    ("Keywords", " & ", false),
    ("AddKWs", " & ", false),
    ("PumpKeywords", " & ", false),
    ("TokenKeywords", "<>", false),
    ("AddHiddenKeyword", " & ", true),
    ("HiddenKeywords", " & ", true),
    ("TokenHiddenKeywords", "<>", true),
];

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for record in &model.records {
        for param in &record.params {
            if param.shadowed {
                continue;
            }
            let Some(&(_, sep, hidden)) = GRANTING.iter().find(|(k, _, _)| *k == param.key) else {
                continue;
            };
            let mut at = 0;
            for item in param.value.split(sep) {
                let start = at;
                at += item.len() + sep.len();
                let lead = item.len() - item.trim_start().len();
                let text = item.trim();
                if text.is_empty() {
                    continue;
                }
                let range = sub_range(param.value_range, start + lead, text.len());
                check_one(ctx, sink, record.face, text, range, hidden, param.key);
            }
        }
    }
}

fn check_one(
    ctx: &Ctx<'_>,
    sink: &mut Sink<'_>,
    face: usize,
    text: &str,
    range: TextRange,
    hidden_param: bool,
    key: &str,
) {
    let model = &ctx.model;
    let keywords = ctx.vocab.keywords();
    let (hidden, body) = match text.strip_prefix("HIDDEN ") {
        Some(rest) => (true, rest.trim_start()),
        None => (hidden_param, text),
    };
    if body.is_empty() {
        return;
    }
    // An SVar holding the keyword, or a word the effect fills in at run time.
    if model.resolve(face, body).is_some() || body.starts_with("Chosen") || body == "X" {
        return;
    }
    // Hidden keywords are sentences the engine compares letter for letter, and player
    // keywords (`Skip your draw step.`) are read by their own code: only enum keywords are checked.
    if hidden {
        return;
    }
    // The keyword name is the text before its first `:` parameter.
    let head = body.split(':').next().unwrap_or(body).trim_end();
    if head.is_empty() {
        return;
    }
    if let Some(open) = reminder_start(head) {
        let name = head[..open].trim_end();
        if keywords.find(name).is_some() {
            let cut = sub_range(range, name.len(), head.len() - name.len());
            sink.report(
                cut,
                format!(
                    "reminder text inside a granted keyword: Forge keeps `{}` as part of `{name}` and shows it on the card",
                    head[open..].trim()
                ),
            )
            .with_fix(Fix::safe(
                "remove the reminder text",
                vec![Edit::replace(cut, "")],
            ));
            return;
        }
    }
    match keywords.find(head) {
        Some(m) => report_case_variant(sink, m, head, range.start()),
        None => {
            // Text that names no enum keyword may be a player keyword or a sentence some code
            // compares with (`Skip your draw step.`): only a near miss of a keyword is reported.
            let at = sub_range(range, 0, head.len());
            if let Some((fix, best)) = word_fix(head, at, keywords.vocab.names())
                && fix.applicability == crate::Applicability::Safe
            {
                sink.report(
                    at,
                    format!(
                        "`{head}` is not a keyword: the `{key}$` keyword is kept as text that nothing reads (did you mean `{best}`?){}",
                        ctx.version_clause(FactKind::Keyword, head)
                    ),
                )
                .with_severity(Severity::Error)
                .with_fix(fix);
            }
        }
    }
}

/// Reports a keyword `text` (starting at `at`) that `m` found only ignoring the case of a letter
/// inside its name (`ForeTell`), with the fix that writes Forge's spelling. Shared with F153.
pub(crate) fn report_case_variant(
    sink: &mut Sink<'_>,
    m: model::forge::vocab::KeywordMatch<'_>,
    text: &str,
    at: syntax::TextSize,
) {
    let canon = m.keyword.word.name;
    let written = &text[..m.name_len.min(text.len())];
    if m.keyword.word.status == Status::Internal || !inner_case_differs(written, canon) {
        return;
    }
    let range = TextRange::at(at, syntax::TextSize::from(written.len() as u32));
    sink.report(
        range,
        format!(
            "`{written}` is written `{canon}` in Forge: the keyword is found ignoring case, but what it does is built by comparing its name letter for letter"
        ),
    )
    .with_fix(Fix::safe(
        format!("replace with `{canon}`"),
        vec![Edit::replace(range, canon)],
    ));
}

/// Whether `written` is `canon` with a letter inside a word in another case (`ForeTell` for
/// `Foretell`); a word's first letter may differ, since the engine's own texts do
/// (`Bands with Other`).
fn inner_case_differs(written: &str, canon: &str) -> bool {
    if written.len() != canon.len() || written == canon || !written.eq_ignore_ascii_case(canon) {
        return false;
    }
    written
        .split(' ')
        .zip(canon.split(' '))
        .any(|(w, c)| w.get(1..) != c.get(1..))
}

/// Where the reminder text of a keyword starts (` (` before a closing `)` at the end).
fn reminder_start(head: &str) -> Option<usize> {
    if !head.ends_with(')') {
        return None;
    }
    head.find(" (").filter(|&i| i > 0)
}
