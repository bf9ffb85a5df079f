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
    summary: "The card's `text=` holds a template (`Flying`, `{2}, {T}:`, `you may have`) that nearly every card scripts with something (a keyword, `{t}`, `may`) this card's script lacks.",
    explanation: "Rules text is templated, and the cards that share a template nearly all script it \
the same way: a card whose text opens with \"Flying\" has `flying` in `abilities=`, a text saying \
\"you gain 3 life\" has a `life:` effect. cardlint learned these associations from a corpus of \
cards (`cardlint learn wagic`; the shipped set from Wagic's 2016 primitives): a template of the \
text (the card's name, numbers, colours and mana abstracted, reminder text dropped) that at least \
20 cards hold, with a fact of the script that at least 97% of them hold. A card that holds the \
template and lacks the fact departs from what nearly every card does, and departures are where \
bugs are: a keyword the engine never gives, an effect that never happens. Departures the corpus \
shows to recur (cards sharing some other feature, such as a type) are learned as exceptions and \
not reported. Only the kinds of fact whose absence a hand-read sample found to be a mistake are \
reported: a keyword of `abilities=`, an activated ability (when the card's code has no `cost:` at \
all), `{t}` and `{s}` (when the sentence's cost shows them outside a quoted ability), `may` (when \
the sentence says \"may\"), a modal `choice` (\"Choose one —\"), `untap`, `mytgt`, a `life` \
effect (outside quotes) and a target (when the card's code names none at all). Zones, triggers \
and other constructs have equivalent forms in the engine (`tokenizer`, `librarydeath`, an inline \
`target(...)`, `becomes`), so their absence is not reported. The finding is on `abilities=` for a keyword, on the card's one ability line when it \
has one, else on `text=`. Cards the engine's default loader skips (their grade) are not read.",
    bad: "[card]\nname=Dusk Gull\ntext=Flying\nmana={1}{U}\ntype=Creature\nsubtype=Bird\npower=1\ntoughness=1\n[/card]",
    good: "[card]\nname=Dusk Gull\ntext=Flying\nabilities=flying\nmana={1}{U}\ntype=Creature\nsubtype=Bird\npower=1\ntoughness=1\n[/card]",
    since: "0.3.0",
    yields_to: &["W133", "W135", "W136", "W137", "W138"],
    ..RuleMeta::BASE
};

/// Whether a missing fact is reported. Only the kinds a hand-read sample found nearly always
/// missing for a reason are: a keyword of `abilities=`, an activated ability, `{t}`, `{s}`,
/// `may`, `choice`, `untap`, `mytgt`, a `life` effect and a `target` (each with the guard below). The engine has several equivalent forms for zones, triggers
/// and constructs (`tokenizer` for "create twice that many", `librarydeath`, inline
/// `target(...)`, `becomes` for `transforms`), so their absence says little.
fn reported(fact: &str, sentence: &str, script: &[&str], target_line: bool) -> bool {
    let lower = sentence.to_ascii_lowercase();
    match fact {
        _ if fact.starts_with("ab:") => true,
        // The sentence itself shows the tap symbol outside a quoted ability (an untap `{Q}`, a
        // life cost or a Treasure's "{T}, Sacrifice this artifact" is not one).
        "w:{t}" => unquoted(&lower).contains("{t}"),
        // "You may" scripted as mandatory; a search for "a card" needs no `may`.
        "w:may" => crate::common::has_whole_word(&lower, "may"),
        // A modal "Choose one —" (not "choose one of them."); "choose one or both" is scripted
        // as separate abilities.
        "w:choice" => {
            lower
                .split("choose one")
                .skip(1)
                .any(|rest| rest.trim_start().starts_with(['-', '\u{2014}', '\u{2013}']))
                && !lower.contains("or both")
        }
        "w:untap" | "w:mytgt" => true,
        // "Sacrifice ~:" in the cost.
        "w:{s}" => {
            let u = unquoted(&lower);
            u.split_once(':')
                .is_some_and(|(cost, _)| cost.contains("sacrifice"))
        }
        // "You gain 3 life" outside a quoted ability (a token's "... you gain 2 life").
        "kw:life" => unquoted(&lower).contains(" life"),
        // A targeted effect with no target anywhere in the card's code (no `target=` line, no
        // `target(...)`): the target was misspelt or forgotten.
        "kw:target" => {
            crate::common::has_whole_word(&lower, "target")
                && !target_line
                && !script
                    .iter()
                    .any(|l| l.to_ascii_lowercase().contains("target"))
        }
        // An ability granted inside another (`newability[...]`, an `@each` trigger giving one)
        // is still an ability: only a card with no `cost:` anywhere in its code lacks it.
        "activated" => !script.iter().any(|l| l.contains("}:")),
        _ => false,
    }
}

/// The text outside double quotes (straight or curly).
fn unquoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut inside = false;
    for c in s.chars() {
        match c {
            '"' | '\u{201c}' | '\u{201d}' => inside = !inside,
            _ if !inside => out.push(c),
            _ => {}
        }
    }
    out
}

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
        .map(|c| c.entries.iter().map(|e| (e.meaning, e.value_range())));
    let units = model::learn::wagic::units_for(text, cards, idioms);
    for mut dev in model::learn::wagic::deviations(text, &units, idioms) {
        let unit = &units[dev.unit];
        let sentence = unit.segments.get(dev.segment).map_or("", |s| s.text);
        let script: Vec<&str> = unit
            .lines
            .iter()
            .map(|l| &text[usize::from(l.range.start())..usize::from(l.range.end())])
            .collect();
        dev.rules
            .retain(|r| reported(&r.fact, sentence, &script, unit.facts.contains("target")));
        let Some(&first) = dev.rules.first() else {
            continue;
        };
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
