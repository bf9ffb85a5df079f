use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::netrunner::{Ctx, Head, parts};
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::netrunner::vocab;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "N111",
    name: "unknown-pile",
    dialect: Some(Dialect::NETRUNNER),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A pile, server or damage type the command does not know.",
    explanation: "`Reshuffle<Pile>` takes `HQ`, `Stack`, `Archives` or `Heap` (anything else stops \
the script with an error); `Shuffle<Pile>` takes `Trash`, `Archives`, `Stack`, `R&D` or \
`Hidden Archives` (anything else makes the handler fail); `Run<Server>` takes `HQ`, `R&D`, \
`Archives`, `Remote`, `Generic` or `End`; `Inflict<N><Type>Damage` takes `Meat`, `Net` or `Brain`.",
    bad: "ScriptsLocal = '''\n=====\nSidestep\n-----\nc0ffee00-0000-4000-8000-000000000112\n-----\nonPlay:ReshuffleArchive\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    good: "ScriptsLocal = '''\n=====\nSidestep\n-----\nc0ffee00-0000-4000-8000-000000000112\n-----\nonPlay:ReshuffleArchives\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''",
    ..RuleMeta::BASE
};

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for part in parts(ctx) {
        let Some(command) = part.command() else {
            continue;
        };
        let head = Head::of(&command, ctx.game);
        let Some(verb) = head.verb else { continue };
        if head
            .resident
            .is_some_and(|r| r.word.len() > verb.word.len())
        {
            continue;
        }
        let (vocab, what, word, at) = match verb.word {
            "Reshuffle" => (
                vocab::reshuffle_piles(),
                "pile",
                head.rest.trim_end().to_string(),
                head.rest_at,
            ),
            "Shuffle" => (
                vocab::shuffle_piles(),
                "pile",
                head.rest.trim_end().to_string(),
                head.rest_at,
            ),
            "Run" => (
                vocab::run_targets(),
                "server",
                head.rest.trim_end().to_string(),
                head.rest_at,
            ),
            "Inflict" => {
                let Some(kind) = head.rest.trim_end().strip_suffix("Damage") else {
                    let range = head.range(0, head.text.trim_end().len());
                    sink.report(range, "`Inflict` reads `Inflict<N><Meat|Net|Brain>Damage`: this part deals no damage");
                    continue;
                };
                (
                    vocab::damage_types(),
                    "damage type",
                    kind.to_string(),
                    head.rest_at,
                )
            }
            _ => continue,
        };
        if word.is_empty() || vocab.knows(&word) {
            continue;
        }
        // `RunEnd`-like words followed by more text are the engine's business; only whole words.
        let range = head.range(at, word.len());
        let d = sink.report(
            range,
            format!(
                "`{}` does not know the {what} `{word}`: the command fails",
                verb.word
            ),
        );
        if let Some(fix) = model::suggest::unique_near_miss(&word, vocab.known())
            && head.exact()
        {
            d.with_fix(Fix::safe(
                format!("write `{fix}`"),
                vec![Edit::replace(range, fix)],
            ));
        }
    }
}
