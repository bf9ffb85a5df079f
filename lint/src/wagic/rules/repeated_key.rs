//! W130: a key the card reader keeps only once, given twice in one block.

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use syntax::wagic::KeyMeaning;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W130",
    name: "repeated-key",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A second `mana=`, `name=`, `power=`, `text=`... in one card block: Wagic keeps the last and drops the first without a word.",
    explanation: "Wagic's card reader sets most keys: a second `mana=` replaces the first cost, a second \
`name=`, `power=`, `toughness=`, `text=`, `id=`, `rarity=`, `color=`, `target=`, `kicker=`, `flashback=`... \
replaces the first value. Only ability and type keys accumulate (`auto=`, `auto<zone>=`, `anyzone=`, \
`abilities=`, `type=`, `subtype=`), so they may repeat. A repeated key with another value loses the first \
one (usually a merge of two versions of the card); a repeat with the same value is harmless (a hint), and \
its fix deletes the first line (safe).",
    bad: "[card]\nname=Ashen Courier\nmana={1}{B}\ntype=Creature\nsubtype=Zombie\nmana={2}{B}\npower=2\ntoughness=1\n[/card]",
    good: "[card]\nname=Ashen Courier\nmana={1}{B}\ntype=Creature\nsubtype=Zombie\npower=2\ntoughness=1\n[/card]",
    ..RuleMeta::BASE
};

/// Whether a second entry of this meaning adds to the first (the reader appends or ORs).
fn accumulates(m: KeyMeaning) -> bool {
    matches!(
        m,
        KeyMeaning::Auto
            | KeyMeaning::AutoZone
            | KeyMeaning::AnyZone
            | KeyMeaning::Abilities
            | KeyMeaning::Type
            | KeyMeaning::Subtype
            | KeyMeaning::Ignored
            | KeyMeaning::Unknown
            | KeyMeaning::Other
    )
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let text = ctx.file.text();
    for card in &ctx.cards {
        for (i, later) in card.entries.iter().enumerate() {
            if accumulates(later.meaning) || later.in_meta() {
                continue;
            }
            // The closest earlier entry of the same meaning and key (the one this replaces).
            let Some(earlier) = card.entries[..i]
                .iter()
                .rev()
                .find(|e| e.meaning == later.meaning && e.key == later.key)
            else {
                continue;
            };
            let (v1, v2) = (earlier.value_text(), later.value_text());
            let same = v1.trim() == v2.trim();
            let d = if same {
                sink.report(
                    later.range(),
                    format!("`{}=` is given twice with the same value in this block: the repeat changes nothing", later.key),
                )
            } else {
                sink.report(
                    later.range(),
                    format!(
                        "a second `{}=` in this block: Wagic keeps `{}` and drops the earlier `{}`",
                        later.key,
                        v2.trim(),
                        v1.trim()
                    ),
                )
            };
            if same {
                d.with_severity(Severity::Hint);
                // Delete the earlier line, its line break included.
                let start = usize::from(earlier.range().start());
                let mut end = usize::from(earlier.range().end());
                let rest = &text[end..];
                if rest.starts_with("\r\n") {
                    end += 2;
                } else if rest.starts_with('\n') {
                    end += 1;
                }
                d.with_fix(Fix::safe(
                    "delete the first one",
                    vec![Edit::delete(crate::wagic::range(start, end))],
                ));
            }
        }
    }
}
