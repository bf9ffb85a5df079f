//! F192: a cost part whose description (`Sac<1/Permanent.Other/another nonland permanent>`) names a
//! restriction its card type does not have.

use super::cost_type_comma::card_type_parts;
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use syntax::forge::ast::CostField;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F192",
    name: "cost-description-mismatch",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A cost part whose description says `another`, `nonland`, `nontoken`, `untapped`... (`Sac<1/Permanent.Other/another nonland permanent>`) while its card type lacks that restriction.",
    explanation: "The third field of a cost part that chooses cards (`Sac<N/type/description>`) is only \
what the player reads: Forge pays the cost with any card its type matches. When the description names a \
restriction (`another`, `other`, `nonland`, `nontoken`, `noncreature`, `nonartifact`, `untapped`) that \
the type does not have (`.Other`, `.nonLand`, ...), the card lets players pay with cards its text \
forbids (sacrificing itself, or a land). Nearly every cost of Forge's cards that says one has the \
other. Which of the two is wrong is for the scripter to decide, so there is no fix.",
    bad: "Name:Hungry Scavenger\nManaCost:1 G\nTypes:Creature Troll\nPT:2/2\nA:AB$ Pump | Cost$ G Sac<1/Permanent.Other/another nonland permanent> | Defined$ Self | NumAtt$ +2 | NumDef$ +2 | SpellDescription$ CARDNAME gets +2/+2 until end of turn.\nOracle:{G}, Sacrifice another nonland permanent: Hungry Scavenger gets +2/+2 until end of turn.",
    good: "Name:Hungry Scavenger\nManaCost:1 G\nTypes:Creature Troll\nPT:2/2\nA:AB$ Pump | Cost$ G Sac<1/Permanent.Other+nonLand/another nonland permanent> | Defined$ Self | NumAtt$ +2 | NumDef$ +2 | SpellDescription$ CARDNAME gets +2/+2 until end of turn.\nOracle:{G}, Sacrifice another nonland permanent: Hungry Scavenger gets +2/+2 until end of turn.",
    ..RuleMeta::BASE
};

/// A word of a description, and the properties (any one, compared without case) that say it.
const WORDS: &[(&str, &[&str])] = &[
    (
        "another",
        &["Other", "IsNotRemembered", "NotTriggered", "NotDefined"],
    ),
    (
        "other",
        &["Other", "IsNotRemembered", "NotTriggered", "NotDefined"],
    ),
    ("nonland", &["nonLand"]),
    ("nontoken", &["nonToken"]),
    ("noncreature", &["nonCreature"]),
    ("nonartifact", &["nonArtifact"]),
    ("untapped", &["untapped"]),
];

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for (_, fields) in card_type_parts(&ctx.model) {
        let (Some(CostField::Valid(list)), Some(desc)) = (fields.get(1), fields.get(2)) else {
            continue;
        };
        let ty = list.syntax().text().to_string();
        if ty.contains("named") || ty.contains("CARDNAME") {
            continue;
        }
        let ty_lower = ty.to_ascii_lowercase();
        let desc_text = desc.text();
        let lower = desc_text.to_ascii_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| !w.is_empty())
            .collect();
        for (word, props) in WORDS {
            if !words.contains(word)
                || props
                    .iter()
                    .any(|p| ty_lower.contains(&p.to_ascii_lowercase()))
            {
                continue;
            }
            sink.report(
                list.range(),
                format!("the cost's description says \"{desc_text}\", but its type `{ty}` has no `{}`: Forge lets the player pay with cards the text rules out", props[0]),
            )
            .with_note(format!("the description's `{word}` is only shown to the player; the type decides which cards pay"));
            break;
        }
    }
}
