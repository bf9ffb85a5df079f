//! F166: a keyword the rules text lists on a keyword line that the script does not give the card.

use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::vocab::Arity;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F166",
    name: "text-keyword-not-scripted",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::Always,
    summary: "The `Oracle:` text has a keyword line (`Flying, vigilance`) naming a keyword that no `K:` line (nor any other line of the face) gives the card.",
    explanation: "A line of rules text made only of keywords (`Flying`, `First strike, trample`) says the \
card has them; Forge gives a card a keyword through a `K:` line (or a static ability that adds it). When \
no line of the face names the keyword at all, the card plays without it. Keywords are compared by name: \
`Trample`, and keywords with their parameter (`Crew 3`, `Ward {2}`), which are found when no line of the \
face names the keyword at all. Only lines whose every item is a keyword Forge knows are read, so that \
sentences that merely mention a keyword (`Creatures you control have flying`) are not read as keyword \
lines, and only parameters that are a number or a mana cost, since card names start with keyword names \
too (`Surge Mare can't be blocked`). The fix adds the `K:` line (`K:Crew:3`, `K:Ward:2`; unsafe: the text \
may be the one that is wrong).",
    bad: "Name:Sky Warden\nManaCost:2 W\nTypes:Creature Bird Soldier\nPT:2/2\nK:Vigilance\nOracle:Flying, vigilance",
    good: "Name:Sky Warden\nManaCost:2 W\nTypes:Creature Bird Soldier\nPT:2/2\nK:Flying\nK:Vigilance\nOracle:Flying, vigilance",
    ..RuleMeta::BASE
};

/// Parameterless keywords whose rules text is not a plain keyword line of the card's own.
const SKIP: &[&str] = &[
    "Aftermath",
    "Fuse",
    "Spree",
    "Gift",
    "Job select",
    "MayFlashSac",
    "Exerted",
    "Double agenda",
    "Hidden agenda",
    "Daybound",
    "Nightbound",
    "Tiered",
    "Start your engines",
    "Compleated",
    "For Mirrodin",
    "Space sculptor",
    "Choose a Background",
    "Doctor's companion",
    "Hideaway",
    "Mayhem",
    "Partner",
    "Suspend",
    "Vanishing",
];

/// The items of a keyword line with their byte spans, reminder text removed.
fn items(text: &str) -> Vec<(usize, &str)> {
    let body = match text.find(" (") {
        Some(i) if text.ends_with(')') => &text[..i],
        _ => text,
    };
    let mut out = Vec::new();
    let mut start = 0;
    for part in body.split(',') {
        let lead = part.len() - part.trim_start().len();
        let item = part.trim();
        if !item.is_empty() {
            out.push((start + lead, item));
        }
        start += part.len() + 1;
    }
    out
}

/// A keyword's parameter as a `K:` line writes it: a number (`3`) or a mana cost (`{1}{W}` as `1 W`);
/// `None` for anything else (`from red`, `—Pay 3 life`).
fn script_param(text: &str) -> Option<String> {
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return Some(text.to_string());
    }
    let inner = text.strip_prefix('{')?.strip_suffix('}')?;
    let symbols: Vec<&str> = inner.split("}{").collect();
    symbols
        .iter()
        .all(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric()))
        .then(|| symbols.join(" "))
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    let keywords = ctx.vocab.keywords();
    for face in 0..model.faces.len() {
        let lines = ctx.oracle_lines(face);
        if lines.is_empty() {
            continue;
        }
        // Everything the face says outside its rules text and descriptions, lower-cased; made
        // when a keyword line first needs it.
        let mut script: Option<String> = None;
        let script_of_face = || {
            let mut script = String::new();
            for info in model.lines.iter().filter(|l| l.face == face) {
                let key = super::key_text(model, info);
                if matches!(key, "Oracle" | "Name" | "Types" | "ManaCost" | "PT") {
                    continue;
                }
                script.push_str(&model.slice(info.range).to_ascii_lowercase());
                script.push('\n');
            }
            for svar in model.svars.iter().filter(|s| s.face == face) {
                script.push_str(&svar.value.to_ascii_lowercase());
                script.push('\n');
            }
            script
        };
        for line in lines {
            let found = items(line.text);
            if found.is_empty() || !found.iter().all(|(_, item)| keywords.find(item).is_some()) {
                continue;
            }
            for (at, item) in found {
                // The keyword by its name (an internal keyword may share the literal).
                let Some(k) = keywords.named(item) else {
                    continue;
                };
                let name = k.word.name;
                if SKIP.iter().any(|s| s.eq_ignore_ascii_case(name)) {
                    continue;
                }
                // `Trample`; or a keyword with its parameter: `Crew 3`, `Ward {2}`.
                let param = match k.arity {
                    Arity::Range { min: 0, .. } if item.eq_ignore_ascii_case(name) => None,
                    Arity::Range { min: 1.., .. } => match item.get(..name.len()) {
                        Some(head) if head.eq_ignore_ascii_case(name) => {
                            match item[name.len()..].strip_prefix(' ') {
                                // Only a number or a mana cost: `Champion of the Flame gets...`
                                // and `Surge Mare can't...` start with keyword names too.
                                Some(p) if p == "X" || script_param(p).is_some() => Some(p),
                                _ => continue,
                            }
                        }
                        _ => continue,
                    },
                    _ => continue,
                };
                if script
                    .get_or_insert_with(script_of_face)
                    .contains(&name.to_ascii_lowercase())
                {
                    continue;
                }
                let range = super::sub_range(line.range, at, item.len());
                let oracle = super::oracle::oracle_line(model, face).expect("has lines");
                let d = sink.report(
                    range,
                    format!("the rules text gives this card `{item}`, but no line of the script does: Forge plays it without {name}"),
                );
                d.with_note(format!("the text: \"{}\"", line.text));
                let keyword = match param {
                    None => Some(name.to_string()),
                    Some(p) => Some(format!(
                        "{name}:{}",
                        script_param(p).unwrap_or_else(|| p.to_string())
                    )),
                };
                if let Some(keyword) = keyword {
                    d.with_fix(Fix::unsafe_(
                        format!("add `K:{keyword}`"),
                        vec![Edit::insert(
                            oracle.range.start(),
                            format!("K:{keyword}{}", crate::common::line_ending(ctx.file.text())),
                        )],
                    ));
                }
            }
        }
    }
}
