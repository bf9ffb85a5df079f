//! F173: a parameter value outside the words its readers compare it with (`Type$ Countt` on
//! StoreSVar), with what each Forge version in play does with it.

use super::scope::{RecordScopes, ValueReading};
use super::words::{PHASE_KEYS, ZONE_KEYS};
use super::{sub_range, word_fix};
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{ParamInfo, RecordInfo, Role};
use model::forge::values::{EnumDomain, How, Reaction, ValueDomain};
use model::forge::vocab::{Origin, Version, Vocabulary};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F173",
    name: "unknown-param-value",
    dialect: Some(Dialect::FORGE),
    group: Group::Correctness,
    severity: Severity::Warning,
    fix: FixAvailability::Sometimes,
    summary: "A parameter value that the code reading it never compares it with (`Type$ Countt` on StoreSVar, which knows `Count`, `Number`, `Calculate`...).",
    explanation: "Some parameters take one of a few words: the effect compares the value with each \
(`\"Calculate\".equals(type)`, a `switch`, an enum parse such as `ZoneType.smartValueOf`) and does \
something else, or nothing, for any other value. cardlint reads these comparisons from each Forge \
version's source (the `value` facts of `cardlint vocab forge`), per ApiType, trigger mode, static \
mode and replacement event, and reports a value none of the record's readers knows. A parameter \
that any of the record's readers uses as an open value (an amount, an SVar, a Valid expression, a \
`Defined$` word, a list it splits itself) is never checked, and neither are numbers, SVar names, \
`Defined$` words and expressions, nor zone, phase and counter parameters (`unknown-zone`, \
`unknown-phase` and `unknown-counter-type` check those). A parameter tested against one word only \
(`Mode$ Exchange` on ControlSpell, `CombatDamage$ True`) takes any other value as \"not that\" \
(`Mode$ Gain`, `CombatDamage$ False`): only a near miss of the word is reported. A value the engine \
cuts into a list (`CantHaveKeyword$ Flying & Trample`) is cut as the engine does, and each unknown \
item is reported.\n\nThe severity follows what the engine \
does with the value in every Forge version the file is checked against (all shipped versions by \
default, one with `[forge] engine`): an error when each of them throws on it (an enum parse \
without a fallback: the card breaks when the effect resolves); a warning when one falls back to \
its default branch or ignores the value (the parameter then does nothing, or what its absence \
does). A value one version knows is not reported in the default mode.",
    bad: "Name:Gauge of Embers\nManaCost:2\nTypes:Artifact\nA:AB$ StoreSVar | Cost$ T | SVar$ Heat | Type$ Countt | Expression$ CardsInYourHand | SubAbility$ DBDamage | SpellDescription$ CARDNAME deals damage equal to the number of cards in your hand to any target.\nSVar:DBDamage:DB$ DealDamage | ValidTgts$ Any | NumDmg$ Heat\nSVar:Heat:Number$0\nOracle:{T}: Gauge of Embers deals damage equal to the number of cards in your hand to any target.",
    good: "Name:Gauge of Embers\nManaCost:2\nTypes:Artifact\nA:AB$ StoreSVar | Cost$ T | SVar$ Heat | Type$ Count | Expression$ CardsInYourHand | SubAbility$ DBDamage | SpellDescription$ CARDNAME deals damage equal to the number of cards in your hand to any target.\nSVar:DBDamage:DB$ DealDamage | ValidTgts$ Any | NumDmg$ Heat\nSVar:Heat:Number$0\nOracle:{T}: Gauge of Embers deals damage equal to the number of cards in your hand to any target.",
    ..RuleMeta::BASE
};

/// The vocabularies a file is checked against: its one version, or every shipped version.
fn in_play(vocab: &'static Vocabulary) -> Vec<(Option<Version>, &'static Vocabulary)> {
    match &vocab.origin {
        Origin::AnyVersion => Version::ALL
            .into_iter()
            .map(|v| (Some(v), model::forge::versions::shipped(v)))
            .collect(),
        Origin::Shipped(v) => vec![(Some(*v), vocab)],
        Origin::Source { .. } => vec![(None, vocab)],
    }
}

/// Keys other rules check word by word.
fn checked_elsewhere(rec: &RecordInfo<'_>, key: &str) -> bool {
    ZONE_KEYS.contains(&key)
        || PHASE_KEYS.contains(&key)
        || matches!(key, "CounterType" | "ValidCounterType")
        || (key == "Mode"
            && rec.role == Role::Ability
            && ["DelayedTrigger", "ImmediateTrigger"]
                .iter()
                .any(|k| rec.kind_value.eq_ignore_ascii_case(k)))
}

/// A value of a known open shape: a number, `X`, an SVar of the card, a `Count$`-like
/// expression, a Valid expression or a `Defined$` word.
fn open_shape(ctx: &Ctx<'_>, rec: &RecordInfo<'_>, value: &str) -> bool {
    let numeric = value
        .trim_start_matches(['+', '-'])
        .bytes()
        .all(|b| b.is_ascii_digit());
    numeric
        || value == "X"
        || value.contains(['$', '.', '+', '<', '>', '/'])
        || ctx.model.resolve(rec.face, value).is_some()
        || ctx.vocab.defined().matching(value).is_some()
}

/// Whether an enum domain accepts one piece.
fn enum_accepts(vocab: &Vocabulary, e: &EnumDomain, piece: &str) -> bool {
    match e.name {
        "ZoneType" if e.ignore_case || !e.by_name => vocab.zones().get_ignore_case(piece).is_some(),
        "ZoneType" => vocab.zones().get(piece).is_some(),
        // Ranges (`Upkeep->Main1`) are parsed piece by piece.
        "PhaseType" => piece
            .split("->")
            .all(|p| p.trim().is_empty() || vocab.phase(p.trim()).is_some()),
        "CounterType" | "CounterEnumType" => vocab.counter_type(piece).is_some(),
        "Keyword" => vocab.keywords().find(piece).is_some(),
        "TriggerType" => vocab.trigger_modes().get_ignore_case(piece).is_some(),
        "ReplacementType" => vocab.replacement_events().get_ignore_case(piece).is_some(),
        name if e.by_name => vocab.values().constants(name).iter().any(|c| {
            if e.ignore_case {
                c.eq_ignore_ascii_case(piece)
            } else {
                *c == piece
            }
        }),
        // Compared with a field cardlint does not list: not checked.
        _ => true,
    }
}

/// Whether a domain's words accept one piece (`True` and `False` stand for each other: the
/// engine tests one and takes anything else as the other).
fn words_accept(d: &ValueDomain, piece: &str) -> bool {
    d.words.iter().any(|w| {
        w.matches(piece)
            || (["True", "False"]
                .iter()
                .any(|b| w.word.eq_ignore_ascii_case(b))
                && ["True", "False"].contains(&piece))
    })
}

/// Whether one scope's domain accepts the value.
fn domain_accepts(vocab: &Vocabulary, d: &ValueDomain, value: &str) -> bool {
    if d.unreadable || d.enums.iter().any(|e| e.unreadable) {
        return true;
    }
    let pieces: Vec<&str> = match &d.split {
        Some(sep) => sep.pieces(value).into_iter().map(|(_, p)| p).collect(),
        None => vec![value],
    };
    pieces.iter().all(|piece| {
        words_accept(d, piece)
            || d.enums.iter().any(|e| {
                let items: Vec<&str> = match &e.list {
                    Some(sep) => sep.pieces(piece).into_iter().map(|(_, p)| p).collect(),
                    None => vec![piece],
                };
                items
                    .iter()
                    .all(|i| words_accept(d, i) || enum_accepts(vocab, e, i))
            })
    })
}

/// What a version's domains accept, for messages and suggestions: the words they compare the
/// value with, the kinds of enum names they parse it as ("a zone"), and every accepted word.
struct Known {
    words: Vec<&'static str>,
    /// "a zone" (for one item of a list)
    kinds: Vec<String>,
    /// "a list of zones" (for the whole value)
    lists: Vec<String>,
    candidates: Vec<&'static str>,
}

fn known(vocab: &Vocabulary, domains: &[&ValueDomain]) -> Known {
    let mut k = Known {
        words: Vec::new(),
        kinds: Vec::new(),
        lists: Vec::new(),
        candidates: Vec::new(),
    };
    for d in domains {
        for w in &d.words {
            if !k.words.contains(&w.word) {
                k.words.push(w.word);
            }
        }
        for e in &d.enums {
            let (noun, list): (String, Vec<&'static str>) = match e.name {
                "ZoneType" => ("zone".into(), vocab.zones().names().collect()),
                "PhaseType" => ("phase".into(), vocab.phase_vocab().names().collect()),
                "CounterType" | "CounterEnumType" => (
                    "counter type".into(),
                    vocab.counter_vocab().names().collect(),
                ),
                "Keyword" => ("keyword".into(), vocab.keywords().vocab.names().collect()),
                "TriggerType" => (
                    "trigger mode".into(),
                    vocab.trigger_modes().names().collect(),
                ),
                "ReplacementType" => (
                    "replacement event".into(),
                    vocab.replacement_events().names().collect(),
                ),
                name => (
                    format!("`{name}` name"),
                    vocab.values().constants(name).to_vec(),
                ),
            };
            let kind = format!("a {noun}");
            if !k.kinds.contains(&kind) {
                k.kinds.push(kind);
                k.lists.push(match e.list {
                    Some(_) => format!("a list of {noun}s"),
                    None => format!("a {noun}"),
                });
            }
            k.candidates.extend(list);
        }
    }
    k.candidates.extend(k.words.iter().copied());
    k.candidates.sort_unstable();
    k.candidates.dedup();
    k.words.sort_unstable();
    k
}

/// Whether the domains list several words (or an enum): a value outside them is no option of
/// the parameter. A single word (`Exchange`, `True`) is tested against anything else, which
/// scripts write to mean "not that" (`Mode$ Gain`): only a near miss of it is reported.
fn enumerated(domains: &[&ValueDomain]) -> bool {
    if domains.iter().any(|d| !d.enums.is_empty()) {
        return true;
    }
    let mut words: Vec<String> = Vec::new();
    for d in domains {
        for w in &d.words {
            if w.how == How::Default {
                continue;
            }
            let mut folded = w.word.to_ascii_lowercase();
            if folded == "false" {
                folded = "true".into();
            }
            if !words.contains(&folded) {
                words.push(folded);
            }
        }
    }
    words.len() >= 2
}

/// What the versions do, for messages: "Forge 2020 and 2022: the value is ignored".
fn what_happens(reaction: Reaction) -> &'static str {
    match reaction {
        Reaction::Throws => "the engine throws on it and the card breaks when this resolves",
        Reaction::Fallback => "the engine takes its default branch instead",
        Reaction::Ignores => "no branch takes it, so it does nothing",
        Reaction::Runtime => "it is compared with a value known only when the card is played",
    }
}

/// One version's verdict on a value it does not know.
struct Rejection {
    version: Option<Version>,
    reaction: Reaction,
    known: Known,
    enumerated: bool,
}

/// The versions, as messages name them: "Forge 2020 and 2022", "every Forge version", "the Forge
/// source" (for a source tree; the message then uses the vocabulary's label).
fn describe_versions(versions: &[Option<Version>]) -> String {
    let mut set = model::forge::vocab::Versions::NONE;
    for v in versions {
        match v {
            Some(v) => set = set.with(*v),
            None => return "the Forge source".to_string(),
        }
    }
    set.describe()
}

/// The pieces of a value no domain accepts, by offset in the value: the whole value, or, when
/// a domain cuts it into a list and the whole is not accepted, each rejected piece.
fn rejected_pieces<'v>(
    vocab: &Vocabulary,
    domains: &[&ValueDomain],
    value: &'v str,
) -> Vec<(usize, &'v str)> {
    if domains.iter().any(|d| domain_accepts(vocab, d, value)) {
        return Vec::new();
    }
    let sep = domains.iter().find_map(|d| {
        d.split
            .as_ref()
            .or_else(|| d.enums.iter().find_map(|e| e.list.as_ref()))
    });
    match sep {
        Some(sep) => sep
            .pieces(value)
            .into_iter()
            .filter(|(_, piece)| !domains.iter().any(|d| domain_accepts(vocab, d, piece)))
            .collect(),
        None => vec![(0, value)],
    }
}

fn check_param(ctx: &Ctx<'_>, rec: &RecordInfo<'_>, p: &ParamInfo<'_>, sink: &mut Sink<'_>) {
    let lead = p.value.len() - p.value.trim_start().len();
    let value = p.value.trim();
    // No version in play compares this key's value anywhere.
    if value.is_empty() || !ctx.vocab.values().has_key(p.key) || open_shape(ctx, rec, value) {
        return;
    }
    let mut rejections: Vec<Rejection> = Vec::new();
    // The pieces every version in play rejects.
    let mut pieces: Option<Vec<(usize, &str)>> = None;
    let mut what = String::new();
    for (version, vocab) in in_play(ctx.vocab) {
        let Some(scopes) = RecordScopes::of_in(rec, vocab) else {
            // This version does not know the record's kind: other rules say so.
            continue;
        };
        let domains = match scopes.value_reading(p.key) {
            // This version ignores the key: `unknown-param` says so.
            ValueReading::NotRead => continue,
            ValueReading::Open => return,
            ValueReading::Compared(d) => d,
        };
        if domains.is_empty() {
            return;
        }
        let rejected = rejected_pieces(vocab, &domains, value);
        let common: Vec<(usize, &str)> = match pieces {
            None => rejected,
            Some(before) => before
                .into_iter()
                .filter(|piece| rejected.contains(piece))
                .collect(),
        };
        if common.is_empty() {
            return;
        }
        pieces = Some(common);
        let reaction = domains.iter().map(|d| d.outside).max().unwrap_or_default();
        what = scopes.what();
        rejections.push(Rejection {
            version,
            reaction,
            known: known(vocab, &domains),
            enumerated: enumerated(&domains),
        });
    }
    let (Some(last), Some(pieces)) = (rejections.last(), pieces) else {
        return;
    };
    // What the latest version in play compares the value with.
    let shown = &last.known.words;
    let mut known: Vec<String> = shown.iter().take(8).map(|w| format!("`{w}`")).collect();
    if shown.len() > 8 {
        known.push(format!("{} more", shown.len() - 8));
    }
    let mut known_items = known.clone();
    known.extend(last.known.lists.iter().cloned());
    known_items.extend(last.known.kinds.iter().cloned());
    let mut groups: Vec<(Reaction, String)> = Vec::new();
    for reaction in [Reaction::Throws, Reaction::Fallback, Reaction::Ignores] {
        let versions: Vec<Option<Version>> = rejections
            .iter()
            .filter(|r| r.reaction == reaction)
            .map(|r| r.version)
            .collect();
        if !versions.is_empty() {
            groups.push((reaction, describe_versions(&versions)));
        }
    }
    let consequence = match groups.as_slice() {
        // A source tree's label names it briefly ("the Forge 2022 source"), never its path.
        [(reaction, who)] if who == "the Forge source" => {
            format!(
                "{} (read from {})",
                what_happens(*reaction),
                ctx.vocab.label
            )
        }
        [(reaction, who)] => format!(
            "{} (read from the source of {who})",
            what_happens(*reaction)
        ),
        _ => groups
            .iter()
            .map(|(reaction, who)| format!("in {who} {}", what_happens(*reaction)))
            .collect::<Vec<_>>()
            .join("; "),
    };
    let severity = if rejections.iter().all(|r| r.reaction == Reaction::Throws) {
        Severity::Error
    } else {
        Severity::Warning
    };
    let whole = pieces.len() == 1 && pieces[0].1 == value;
    for (offset, piece) in pieces {
        let range = sub_range(p.value_range, lead + offset, piece.len());
        let fix = word_fix(piece, range, last.known.candidates.iter().copied());
        if fix.is_none() && !rejections.iter().all(|r| r.enumerated) {
            continue;
        }
        let message = if whole {
            format!(
                "`{piece}` is not a `{}$` value {what} know (they compare it with {}): {consequence}",
                p.key,
                known.join(", "),
            )
        } else {
            format!(
                "`{piece}` is not a `{}$` item {what} know (they compare each item with {}): {consequence}",
                p.key,
                known_items.join(", "),
            )
        };
        let d = sink.report(range, message);
        d.with_severity(severity);
        if let Some((fix, best)) = fix {
            d.with_note(format!("did you mean `{best}`?"));
            d.with_fix(fix);
        }
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for rec in &ctx.model.records {
        if matches!(rec.role, Role::AiHint | Role::Unknown) {
            continue;
        }
        for (pi, p) in rec.params.iter().enumerate() {
            if !p.has_dollar
                || p.shadowed
                || rec.kind_param == Some(pi)
                || checked_elsewhere(rec, p.key)
            {
                continue;
            }
            check_param(ctx, rec, p, sink);
        }
    }
}
