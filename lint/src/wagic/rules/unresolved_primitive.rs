//! W109: a `primitive=` that names no loaded definition: the engine drops the set entry.

use crate::Dialect;
use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use crate::wagic::index::Resolution;
use syntax::Encoding;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W109",
    name: "unresolved-primitive",
    dialect: Some(Dialect::WAGIC),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A `primitive=` that matches no card definition byte for byte: the card silently disappears.",
    explanation: "`primitive=` looks its value up among the definitions loaded so far, byte for byte and \
case-sensitively. A trailing space, another capitalisation, `AE` for `Æ`, a missing accent, or the same \
`Æ` saved in Latin-1 instead of UTF-8 all make the lookup fail, and the entry is dropped without a word. \
Such near misses are errors (with a fix when the spelling is certain). A name that matches nothing at \
all is a warning: set lists often name cards nobody has coded yet, and the engine drops those on purpose.",
    bad: "# workspace example\n# file: sets/primitives/cards.txt\n[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n[card]\nname=Goblin Raider\ntype=Creature\nsubtype=Goblin\npower=2\ntoughness=1\n[/card]\n# file: sets/AAA/_cards.dat\n[card]\nprimitive=Goblin Raider \nid=9001\nrarity=C\n[/card]",
    good: "# workspace example\n# file: sets/primitives/cards.txt\n[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n[card]\nname=Goblin Raider\ntype=Creature\nsubtype=Goblin\npower=2\ntoughness=1\n[/card]\n# file: sets/AAA/_cards.dat\n[card]\nprimitive=Goblin Raider\nid=9001\nrarity=C\n[/card]",
    ..RuleMeta::BASE
};

/// What sets two spellings of one name apart, for the message.
fn difference(written: &str, defined: &str) -> &'static str {
    if written == defined {
        "the same letters in another encoding (this file is not UTF-8 where the definition is, or the reverse)"
    } else if written.trim() == defined.trim() {
        "spaces at the start or the end"
    } else if written.eq_ignore_ascii_case(defined) {
        "capitalisation"
    } else if written.contains("AE") || defined.contains('Æ') || written.contains('Æ') {
        "`AE` written for `Æ`, or the reverse"
    } else {
        "accents, punctuation or spacing"
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let Some(library) = ctx.library else { return };
    if ctx.file_level && library.incomplete {
        report_misses(ctx, sink);
    }
    for card in &ctx.cards {
        let Some((facts, status)) = ctx.block(card) else {
            continue;
        };
        let (Resolution::Unresolved, Some(p)) = (&status.resolution, &facts.primitive) else {
            continue;
        };
        let variants = library.spelling_variants(&p.text, &p.key);
        if let Some(def) = variants.first() {
            let why = difference(&p.text, &def.name);
            let d = sink.report(
                p.range,
                format!(
                    "no card definition is named `{}` byte for byte: `{}` differs only by {why}, and Wagic drops this entry",
                    p.text, def.name
                ),
            );
            d.with_note(format!(
                "`{}` is defined at {}",
                def.name,
                ctx.describe(def.at)
            ))
            .with_related(ctx.related(def.at, format!("the card {} is defined here", def.name)));
            let def_file = &ctx.files[def.at.file];
            let encodable = def.name.is_ascii()
                || (ctx.file.source.encoding() == Encoding::Utf8
                    && def_file.source.encoding() == Encoding::Utf8);
            if variants.len() == 1 && p.text != def.name && encodable {
                let whitespace_or_case =
                    p.text.trim() == def.name || p.text.trim().eq_ignore_ascii_case(&def.name);
                let edit = vec![Edit::replace(p.range, def.name.clone())];
                let message = format!("write `{}`", def.name);
                d.with_fix(if whitespace_or_case {
                    Fix::safe(message, edit)
                } else {
                    Fix::unsafe_(message, edit)
                });
            }
            continue;
        }
        if library.incomplete {
            // Counted once for the whole file (`report_misses`).
            continue;
        }
        let near = library.near_names(&p.text);
        let d = sink
            .report(
                p.range,
                format!(
                    "no card definition is named `{}`: Wagic drops this entry silently",
                    p.text
                ),
            )
            .with_severity(Severity::Warning);
        if p.text.trim() != p.text {
            d.with_note("the value has spaces at its ends, and Wagic compares them too");
        }
        if let Some(def) = near.first() {
            d.with_note(format!(
                "did you mean `{}` ({})?",
                def.name,
                ctx.describe(def.at)
            ))
            .with_related(ctx.related(def.at, format!("the card {} is defined here", def.name)));
            if near.len() == 1 {
                d.with_fix(Fix::unsafe_(
                    format!("write `{}`", def.name),
                    vec![Edit::replace(p.range, def.name.clone())],
                ));
            }
        }
    }
}

/// In a library that looks incomplete, the references that match nothing (and no other
/// spelling either) are counted for the whole file and reported once.
fn report_misses(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let (Some(facts), Some(library)) = (ctx.facts, ctx.library) else {
        return;
    };
    let mut misses: Vec<syntax::TextRange> = Vec::new();
    let mut references = 0;
    for (block, status) in facts.index.blocks.iter().zip(&facts.blocks) {
        let Some(p) = &block.primitive else { continue };
        references += 1;
        if status.resolution == Resolution::Unresolved
            && library.spelling_variants(&p.text, &p.key).is_empty()
        {
            misses.push(p.range);
        }
    }
    if let Some(first) = misses.first() {
        sink.report(
            *first,
            format!(
                "{} of the {references} `primitive=` references of this file match no card definition: the card library looks incomplete (primitives files missing?), so they are not reported one by one",
                misses.len()
            ),
        )
        .with_severity(Severity::Warning);
    }
}
