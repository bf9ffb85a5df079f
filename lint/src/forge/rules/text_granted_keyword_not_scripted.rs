//! F201: the rules text gives a group a keyword (`Other Elves you control have trample`) and no
//! record of the face grants it.

use crate::diagnostic::{Edit, Fix, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::Role;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F201",
    name: "text-granted-keyword-not-scripted",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: crate::diagnostic::Severity::Warning,
    fix: FixAvailability::Always,
    summary: "The rules text says `Other Knights you control have vigilance` and no `AddKeyword$`/`KW$` of the face grants `Vigilance`: the group never gets the keyword.",
    explanation: "A sentence that gives a group of permanents a keyword (`Other Elf creatures you control \
have trample`, `Creatures you control get +1/+0 and have haste`) is scripted with the keyword in the \
`AddKeyword$` of a `Continuous` static (or the `KW$` of a `PumpAll`). The sentence is paired with its \
record as F169 pairs it (through the record's description); when no record of the face grants the \
keyword at all (`AddKeyword$`, `KW$`, `Keywords$`, `AddHiddenKeyword$`), the group never gets it: on \
the Forge 2020 cards all 144 such sentences are scripted. Only plain keywords are compared (flying, \
first strike, double strike, deathtouch, haste, hexproof, indestructible, lifelink, menace, reach, \
trample, vigilance, defender, shroud, fear, intimidate, prowess...); a sentence with `until end of \
turn`, `as long as` or `if`, and quoted abilities, are not read. The fix adds the keyword to the \
paired record (unsafe: read the card).",
    bad: "Name:Banner Knight\nManaCost:2 W\nTypes:Creature Human Knight\nPT:2/2\nK:Vigilance\nS:Mode$ Continuous | Affected$ Knight.Other+YouCtrl | AddPower$ 1 | Description$ Other Knights you control get +1/+0 and have vigilance.\nOracle:Vigilance\\nOther Knights you control get +1/+0 and have vigilance.",
    good: "Name:Banner Knight\nManaCost:2 W\nTypes:Creature Human Knight\nPT:2/2\nK:Vigilance\nS:Mode$ Continuous | Affected$ Knight.Other+YouCtrl | AddPower$ 1 | AddKeyword$ Vigilance | Description$ Other Knights you control get +1/+0 and have vigilance.\nOracle:Vigilance\\nOther Knights you control get +1/+0 and have vigilance.",
    ..RuleMeta::BASE
};

/// Keywords a group sentence may grant, as Forge writes them.
const KEYWORDS: &[&str] = &[
    "Flying",
    "First Strike",
    "Double Strike",
    "Deathtouch",
    "Haste",
    "Hexproof",
    "Indestructible",
    "Lifelink",
    "Menace",
    "Reach",
    "Trample",
    "Vigilance",
    "Defender",
    "Shroud",
    "Fear",
    "Intimidate",
    "Prowess",
    "Horsemanship",
    "Shadow",
    "Flanking",
    "Wither",
    "Infect",
];

/// Keys whose values grant keywords.
const GRANTS: &[&str] = &["AddKeyword", "KW", "Keywords", "AddHiddenKeyword"];

/// The keywords a group sentence grants: `<subject> have|gain <keywords>` or `<subject> get
/// +N/+N and have <keywords>`, outside quoted abilities; `None` for a sentence not read.
fn granted(sentence: &str, subject_end: usize) -> Option<Vec<&'static str>> {
    let lower = sentence.to_ascii_lowercase();
    if ["until end of turn", "as long as", "if "]
        .iter()
        .any(|w| lower.contains(w))
    {
        return None;
    }
    let rest = lower.get(subject_end..)?.trim_start();
    let rest = match rest.split_once(' ') {
        Some(("have" | "has" | "gain" | "gains", r)) => r,
        Some(("get" | "gets", r)) => {
            let (_, r) = r.split_once(" and ")?;
            let (verb, r) = r.split_once(' ')?;
            matches!(verb, "have" | "has" | "gain" | "gains").then_some(r)?
        }
        _ => return None,
    };
    // Quoted abilities grant what they say themselves.
    let rest = rest.split('"').next().unwrap_or("");
    let found: Vec<&'static str> = KEYWORDS
        .iter()
        .copied()
        .filter(|k| crate::common::has_whole_word(rest, &k.to_ascii_lowercase()))
        .collect();
    (!found.is_empty()).then_some(found)
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for pair in ctx.group_pairs() {
        if pair.spell {
            continue;
        }
        let Some(subject) = super::oracle::group_subject(&pair.sentence) else {
            continue;
        };
        let subject_end =
            subject.text.as_ptr() as usize - pair.sentence.as_ptr() as usize + subject.text.len();
        let Some(keywords) = granted(&pair.sentence, subject_end) else {
            continue;
        };
        let Some(&(ri, pi)) = pair.params.first() else {
            continue;
        };
        let face = model.records[ri].face;
        let grants: String = model
            .records
            .iter()
            .filter(|r| r.face == face)
            .flat_map(|r| r.params.iter())
            .filter(|p| p.has_dollar && GRANTS.iter().any(|k| p.key.eq_ignore_ascii_case(k)))
            .map(|p| p.value.to_ascii_lowercase())
            .collect::<Vec<_>>()
            .join(" & ");
        let missing: Vec<&str> = keywords
            .into_iter()
            .filter(|k| !grants.contains(&k.to_ascii_lowercase()))
            .collect();
        if missing.is_empty() {
            continue;
        }
        let rec = &model.records[ri];
        let key = if rec.role == Role::Static {
            "AddKeyword"
        } else {
            "KW"
        };
        let own = rec
            .params
            .iter()
            .rposition(|p| p.has_dollar && p.key.eq_ignore_ascii_case(key));
        let (range, insert) = match own {
            Some(i) => (
                rec.params[i].value_range,
                format!(" & {}", missing.join(" & ")),
            ),
            None => (
                rec.params[pi].value_range,
                format!(" | {key}$ {}", missing.join(" & ")),
            ),
        };
        let d = sink.report(
            range,
            format!(
                "the rules text says \"{}\", but no record of this face grants {}: the group never gets it",
                pair.sentence,
                missing
                    .iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
        d.with_fix(Fix::unsafe_(
            format!("grant {} in `{key}$`", missing.join(" & ")),
            vec![Edit::insert(range.end(), insert)],
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(sentence: &str) -> Option<Vec<&'static str>> {
        let subject = crate::forge::rules::oracle::group_subject(sentence)?;
        let end = subject.text.as_ptr() as usize - sentence.as_ptr() as usize + subject.text.len();
        granted(sentence, end)
    }

    #[test]
    fn keywords_a_group_sentence_grants() {
        assert_eq!(
            of("Other Elf creatures you control have trample."),
            Some(vec!["Trample"])
        );
        assert_eq!(
            of("Creatures you control get +1/+0 and have first strike and haste."),
            Some(vec!["First Strike", "Haste"])
        );
        assert_eq!(
            of(
                "Other legendary creatures you control have vigilance and \"{T}: Add one mana of any color.\""
            ),
            Some(vec!["Vigilance"])
        );
        assert_eq!(
            of("Creatures you control gain trample until end of turn."),
            None
        );
        assert_eq!(of("Other Goblins you control get +1/+1."), None);
        assert_eq!(
            of(
                "Creatures you control have \"{T}: This creature deals 1 damage to any target with flying.\""
            ),
            None
        );
    }
}
