//! W150: a card whose `text=` holds a template that nearly every card scripts with something
//! this card's script lacks, learned from a corpus (`model::learn`).

use crate::Dialect;
use crate::diagnostic::{Severity, Sink};
use crate::registry::{FixAvailability, Group, RuleMeta};
use crate::wagic::Ctx;
use model::learn::split_antecedent;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "W150",
    name: "text-idiom-missing",
    dialect: Some(Dialect::WAGIC),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "The card's `text=` holds a template (`Flying`, `until end of turn`, `you gain 3 life`) that nearly every card scripts with something (a keyword, `ueot`, `life:`) this card's script lacks.",
    explanation: "Rules text is templated, and the cards that share a template nearly all script it \
the same way: a card whose text opens with \"Flying\" has `flying` in `abilities=`, a text saying \
\"you gain 3 life\" has a `life:` effect. cardlint learned these associations from a corpus of \
cards (`cardlint learn wagic`; the shipped set from Wagic's 2016 primitives): a template of the \
text (the card's name, numbers, colours and mana abstracted, reminder text dropped) that at least \
20 cards hold, with a fact of the script that at least 97% of them hold. A card that holds the \
template and lacks the fact departs from what nearly every card does, and departures are where \
bugs are: a keyword the engine never gives, an effect that never happens. Departures the corpus \
shows to recur (cards sharing some other feature, such as a type) are learned as exceptions and \
not reported. The finding is on `abilities=` for a keyword, on the card's one ability line when it \
has one, else on `text=`. Cards the engine's default loader skips (their grade) are not read.",
    bad: "[card]\nname=Dusk Gull\ntext=Flying\nmana={1}{U}\ntype=Creature\nsubtype=Bird\npower=1\ntoughness=1\n[/card]",
    good: "[card]\nname=Dusk Gull\ntext=Flying\nabilities=flying\nmana={1}{U}\ntype=Creature\nsubtype=Bird\npower=1\ntoughness=1\n[/card]",
    since: "0.3.0",
    yields_to: &["W133", "W135", "W136", "W137", "W138"],
    ..RuleMeta::BASE
};

/// A script fact as a phrase.
fn fact_phrase(fact: &str) -> String {
    let (kind, rest) = fact.split_once(':').unwrap_or((fact, ""));
    match kind {
        "ab" => format!("`{rest}` in `abilities=`"),
        "kw" => format!("a `{rest}` construct"),
        "w" => format!("`{rest}`"),
        "trig" => format!("an `@{rest}` trigger"),
        "each" => {
            let (who, phase) = rest.split_once(':').unwrap_or(("", rest));
            if who.is_empty() {
                format!("an `@each {phase}` trigger")
            } else {
                format!("an `@each {who} {phase}` trigger")
            }
        }
        "zone" => format!("the zone `|{rest}`"),
        "moveto" => format!("`moveTo({rest})`"),
        "pt" => "a power/toughness change".to_string(),
        "activated" => "an activated ability (`{cost}:`)".to_string(),
        "target" => "a `target=` line".to_string(),
        _ => format!("`{fact}`"),
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let idioms = ctx.idioms;
    if idioms.rules.is_empty() {
        return;
    }
    let text = ctx.file.text();
    // Cards the default loader skips (`unsupported.txt`, low grades) are not played at all.
    let cards = ctx
        .cards
        .iter()
        .filter(|c| ctx.loaded(c))
        .map(|c| c.node.clone());
    let units = model::learn::wagic::units_of(text, cards);
    for dev in model::learn::wagic::deviations(text, &units, idioms) {
        let unit = &units[dev.unit];
        let first = dev.rules[0];
        let (scope, template) = split_antecedent(&first.antecedent);
        let (opens, template) = match template.strip_prefix("^ ") {
            Some(t) => ("opens with", t),
            None => ("has", template),
        };
        let which = match scope {
            "W:act|" => "cards whose activated ability's text",
            "W:trig|" => "cards whose triggered ability's text",
            _ => "cards whose text",
        };
        let mut what: Vec<String> = dev
            .rules
            .iter()
            .take(3)
            .map(|r| fact_phrase(&r.fact))
            .collect();
        if dev.rules.len() > 3 {
            what.push(format!("{} more", dev.rules.len() - 3));
        }
        let d = sink.report(
            dev.range,
            format!(
                "{which} {opens} \"{template}\" script {} ({} of {}, e.g. {}); this card does not",
                join(&what),
                first.holds,
                first.support,
                first.example
            ),
        );
        if let Some(seg) = unit.segments.get(dev.segment) {
            d.with_note(format!("the text: \"{}\"", seg.text));
        }
        for r in dev.rules.iter().skip(1) {
            let (_, t) = split_antecedent(&r.antecedent);
            d.with_note(format!(
                "{}: {} of {} cards whose text has \"{}\"",
                fact_phrase(&r.fact),
                r.holds,
                r.support,
                t.strip_prefix("^ ").unwrap_or(t)
            ));
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
