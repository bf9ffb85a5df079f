//! W111: an `abilities=` piece that names no basic ability, or names another one than it seems.

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::{Ctx, code};
use model::suggest;
use model::wagic::vocab;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W111",
    name: "unknown-ability",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "An `abilities=` piece that contains no basic ability (dropped), or is read as another one.",
    explanation: "Wagic lowercases `abilities=`, splits it on commas, and looks for the basic abilities of \
its table inside each piece, by substring, from the end of the table; the first one found is set and the \
rest of the piece is ignored. A piece that contains none is dropped without a word (`doublestrike`, \
`desertwalk`, an `auto=` effect such as `protection from(goblins)`). A piece that merely contains one is \
read as that one (`flyingx` is `flying`: a warning). `opponentshroud` was removed from the engine and is \
now read as `shroud` (a hint: older engines knew it; no finding with `[wagic] engine = \"2016\"`).",
    bad: "[card]\nname=Twin Blade\nabilities=doublestrike\ntype=Creature\npower=2\ntoughness=2\n[/card]",
    good: "[card]\nname=Twin Blade\nabilities=double strike\ntype=Creature\npower=2\ntoughness=2\n[/card]",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in &ctx.cards {
        for entry in card
            .entries
            .iter()
            .filter(|entry| entry.meaning == syntax::wagic::KeyMeaning::Abilities)
        {
            let Some(list) = entry.ability_list() else {
                continue;
            };
            for piece in list.pieces() {
                let raw = piece.text();
                let lower = raw.to_lowercase();
                let range = piece.text_range();
                let read = vocab::basic_ability_in(&lower);
                let word = vocab::basic_abilities().get(&lower);
                if word.is_some_and(|w| w.is_known()) && read == Some(lower.as_str()) {
                    continue;
                }
                // `[wagic] engine = "2016"`: that engine's table has the word.
                if word.is_some_and(|w| ctx.reads_removed(w)) {
                    continue;
                }
                if let Some(w) = word.filter(|w| w.is_removed()) {
                    let mut message = format!("`{}` is no longer a basic ability of Wagic", w.word);
                    if let Some(r) = read {
                        message.push_str(&format!(": {} reads it as `{r}`", ctx.engine_name()));
                    }
                    sink.report(range, message).with_severity(Severity::Hint);
                    continue;
                }
                match read {
                    Some(r) => {
                        sink.report(
                            range,
                            format!("`{raw}` is not a basic ability: Wagic finds `{r}` inside it and reads that"),
                        )
                        .with_severity(Severity::Warning)
                        .with_fix(Fix::unsafe_(
                            format!("write `{r}`"),
                            vec![Edit::replace(range, r)],
                        ));
                    }
                    None => {
                        let d = sink.report(
                            range,
                            format!("Wagic drops `{raw}`: it contains no basic ability"),
                        );
                        if code::recognise(&lower) == code::Recognition::Known
                            && lower.contains('(')
                        {
                            d.with_note(
                                "this looks like an `auto=` effect; write it on an `auto=` line",
                            );
                        } else if let Some(w) = vocab::basic_ability_fix(lower.trim()) {
                            d.with_fix(Fix::safe(
                                format!("write `{w}`"),
                                vec![Edit::replace(range, w)],
                            ));
                        } else if let Some(w) =
                            suggest::did_you_mean(&lower, vocab::basic_abilities().known())
                        {
                            d.with_note(format!("did you mean `{w}`?"));
                        }
                    }
                }
            }
        }
    }
}
