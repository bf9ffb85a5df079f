use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::{Ctx, Head, parts};
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::netrunner::vocab;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N103",
    name: "unknown-core-command",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A part whose command no core command of the engine matches.",
    explanation: "The engine dispatches each part (between `$$`) by searching its table of command \
patterns: `Gain`, `Lose`, `Put`, `Draw`, `Inflict`, `Run`, `SimplyAnnounce`..., and the status verbs \
(`Rez`, `Trash`, `Expose`...) followed by `Target`, `Host`, `Multi` or `Myself`. A part that matches \
none does nothing; for an AutoAction the engine says there was nothing to do and refunds the cost. \
Typos (`TrashTarged`) and spaces (`Simply Announce`) silently disable the part.",
    bad: "ScriptsLocal = '''\n=====\nSplit Tine\n-----\nc0ffee00-0000-4000-8000-000000000104\n-----\n\n+++++\nA1B0G0T0:TrashTarged-Targeted-atHardware\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nSplit Tine\n-----\nc0ffee00-0000-4000-8000-000000000104\n-----\n\n+++++\nA1B0G0T0:TrashTarget-Targeted-atHardware\n.....\nENDSCRIPTS\n=====\n'''",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let verbs = vocab::command_verbs();
    let objects = vocab::modify_status_objects();
    for part in parts(ctx) {
        let Some(command) = part.command() else {
            continue;
        };
        let head = Head::of(&command, ctx.game);
        let text = head.text.trim_end();
        if text.trim().is_empty() || part.is_nested() && text.trim() == "None" {
            continue;
        }
        if let Some(verb) = head.verb {
            let resident_longer = head
                .resident
                .is_some_and(|r| r.word.len() > verb.word.len());
            if head.handler() == Some("ModifyStatus") && !resident_longer {
                let rest = &text[verb.word.len()..];
                if objects.longest_prefix_of(rest).is_none() {
                    let object_len = rest.bytes().take_while(|b| b.is_ascii_alphabetic()).count();
                    let object = &rest[..object_len];
                    let d = sink.report(
                        command.range(),
                        format!(
                            "`{}` must be followed by `Target`, `Host`, `Multi` or `Myself`, not `{object}`: no command matches this part, so it does nothing",
                            verb.word
                        ),
                    );
                    if let Some(fix) = model::suggest::unique_near_miss(object, objects.known())
                        && head.exact()
                    {
                        d.with_fix(Fix::safe(
                            format!("write `{}{fix}`", verb.word),
                            vec![Edit::replace(head.range(verb.word.len(), object_len), fix)],
                        ));
                    }
                }
            }
            continue;
        }
        if head.resident.is_some() {
            continue;
        }
        // The leading word; `Simply Announce` (two words) is taken whole, to suggest the verb.
        let word_len = text
            .char_indices()
            .find(|(i, c)| {
                let joined_words =
                    *c == ' ' && *i < 15 && text[i + 1..].starts_with(char::is_uppercase);
                !(c.is_ascii_alphabetic() || joined_words)
            })
            .map_or(text.len(), |(i, _)| i);
        let word = &text[..word_len];
        let d = sink.report(
            command.range(),
            format!(
                "no core command of {} matches `{word}`: this part does nothing",
                ctx.game.name()
            ),
        );
        let candidates: Vec<&str> = vocab::for_game(verbs, ctx.game).map(|w| w.word).collect();
        if let Some(fix) = model::suggest::unique_near_miss(word, candidates.iter().copied())
            && head.exact()
        {
            d.with_fix(Fix::safe(
                format!("write `{fix}`"),
                vec![Edit::replace(head.range(0, word.len()), fix)],
            ));
        }
    }
}
