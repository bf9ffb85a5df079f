//! F171: a number of the rules text ("draw two cards", "deals 3 damage", "gets +2/+2") that the
//! amount of the one ability doing it contradicts.

use crate::common;
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use model::forge::script::{RecordInfo, Role};

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F171",
    name: "text-number-mismatch",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A number of the `Oracle:` text (`draw two cards`, `deals 3 damage`, `gets +2/+2`, `gain 4 life`, `put a +1/+1 counter`, `loses 2 life`, `discards a card`, `mills three cards`, `create two ... tokens`, `Scry 2`, `Surveil 1`, `becomes a 3/3 ... creature`, `roll a d20`) differs from the literal amount of the only ability of the face that does it.",
    explanation: "Compared, each only when the face's rules text has exactly one phrase of the kind \
and the face exactly one record of the kind (or, on a face with several records of the kind, a record \
with its own `SpellDescription$`/`Description$` when that has exactly one phrase of the kind), both \
with a literal number: `draw N card(s)` and \
`Draw`'s `NumCards$` (1 when absent); `deals N damage` and `NumDmg$` of `DealDamage`/`DamageAll`; \
`gets +N/+M ... until end of turn` and `NumAtt$`/`NumDef$` of `Pump`/`PumpAll`; `gets +N/+M` \
otherwise and `AddPower$`/`AddToughness$` of a `Continuous` static; `gain N life` and `GainLife`'s \
`LifeAmount$`; `put N +1/+1 (-1/-1) counter(s)` and `CounterNum$` (1 when absent) of \
`PutCounter`/`PutCounterAll` with that `CounterType$`; `lose(s) N life` and `LoseLife`'s \
`LifeAmount$`; `discard(s) N card(s)` and `Discard`'s `NumCards$` (1 when absent; only in the \
modes that discard some cards); `mill(s) N card(s)` or `put(s) the top N card(s) of ... into ... \
graveyard` and `NumCards$` of a `Mill` to the graveyard (never a default: engines differ); \
`create N ... token(s)` and `Token`'s `TokenAmount$` (1 when absent; not a copy); `Scry N` and \
`ScryNum$`, `Surveil N` and `Surveil`'s `Amount$` (1 when absent); `becomes a N/M ...` and \
`Power$`/`Toughness$` of `Animate`/`AnimateAll` (both given); `roll a dN` and `RollDice`'s \
`Sides$`. Number words count (`a`, `two`); reminder \
text, trigger conditions (`Whenever you draw a card, ...`) and `would` phrases are not read, and a \
phrase followed by `for each` is not a literal; costs (`As an additional cost`, `unless ...`) are \
not effects. A different number usually means a copied script \
whose amount was not updated.",
    bad: "Name:Quick Study\nManaCost:2 U\nTypes:Instant\nA:SP$ Draw | Cost$ 2 U | Defined$ You | NumCards$ 3 | SpellDescription$ Draw two cards.\nOracle:Draw two cards.",
    good: "Name:Quick Study\nManaCost:2 U\nTypes:Instant\nA:SP$ Draw | Cost$ 2 U | Defined$ You | NumCards$ 2 | SpellDescription$ Draw two cards.\nOracle:Draw two cards.",
    ..RuleMeta::BASE
};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Draw,
    Damage,
    Life,
    Counters(bool),
    PumpEot,
    StaticPt,
    LoseLife,
    Discard,
    Mill,
    Token,
    Scry,
    Surveil,
    Animate,
    Dice,
}

/// Every kind, in the order findings are reported.
const KINDS: [Kind; 15] = [
    Kind::Draw,
    Kind::Damage,
    Kind::Life,
    Kind::Counters(true),
    Kind::Counters(false),
    Kind::PumpEot,
    Kind::StaticPt,
    Kind::LoseLife,
    Kind::Discard,
    Kind::Mill,
    Kind::Token,
    Kind::Scry,
    Kind::Surveil,
    Kind::Animate,
    Kind::Dice,
];

/// A phrase of the text: its kind, its number(s) if literal, and the phrase.
struct Phrase {
    kind: Kind,
    value: Option<(i64, i64)>,
    text: String,
}

fn is_pt_word(word: &str) -> bool {
    let Some((a, b)) = word.split_once('/') else {
        return false;
    };
    a.starts_with(['+', '-']) && b.starts_with(['+', '-'])
}

/// The words a phrase starts with (lower case): a clause without one has no phrase.
const VERBS: &[&str] = &[
    "draw", "draws", "deal", "deals", "gain", "gains", "put", "puts", "lose", "loses", "discard",
    "discards", "mill", "mills", "scry", "surveil", "roll", "rolls", "create", "creates", "become",
    "becomes", "get", "gets",
];

/// The verbs the phrases of a kind start with (`phrases` reads nothing else for it).
fn verbs_of(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Draw => &["draw", "draws"],
        Kind::Damage => &["deal", "deals"],
        Kind::Life => &["gain", "gains"],
        Kind::Counters(_) => &["put", "puts"],
        Kind::PumpEot | Kind::StaticPt => &["get", "gets"],
        Kind::LoseLife => &["lose", "loses"],
        Kind::Discard => &["discard", "discards"],
        Kind::Mill => &["mill", "mills", "put", "puts"],
        Kind::Token => &["create", "creates"],
        Kind::Scry => &["scry"],
        Kind::Surveil => &["surveil"],
        Kind::Animate => &["become", "becomes"],
        Kind::Dice => &["roll", "rolls"],
    }
}

fn phrases(clause: &str, out: &mut Vec<Phrase>) {
    if !clause.split_whitespace().any(|w| {
        let w = common::bare_word(w);
        VERBS.iter().any(|v| w.eq_ignore_ascii_case(v))
    }) {
        return;
    }
    let raw: Vec<&str> = clause.split_whitespace().collect();
    // Everything below is read from these, so that a clause of any length costs linear time:
    // the words joined as the old `raw.join(" ")` and lower-cased, where each word starts in it,
    // the bare lower-cased words (slices of it), and where its phrases of interest occur.
    let joined = raw.join(" ").to_ascii_lowercase();
    let mut starts = Vec::with_capacity(raw.len() + 1);
    let mut at = 0;
    for w in &raw {
        starts.push(at);
        at += w.len() + 1;
    }
    starts.push(joined.len());
    let words: Vec<&str> = raw
        .iter()
        .zip(&starts)
        .map(|(w, &at)| common::bare_word(&joined[at..at + w.len()]))
        .collect();
    // The searchers of those phrases, built once.
    static FINDERS: std::sync::LazyLock<[memchr::memmem::Finder<'static>; 3]> =
        std::sync::LazyLock::new(|| {
            [" for each ", "until end of turn", ". "].map(memchr::memmem::Finder::new)
        });
    let occurrences = |finder: &memchr::memmem::Finder<'_>| -> Vec<usize> {
        finder.find_iter(joined.as_bytes()).collect()
    };
    let [spaced_for_each, until_eot, stops] = FINDERS.each_ref().map(occurrences);
    let any_from = |list: &[usize], from: usize, to: usize, len: usize| {
        let k = list.partition_point(|&p| p < from);
        list.get(k).is_some_and(|&p| p + len <= to)
    };
    let copy = clause.to_ascii_lowercase().contains("cop");
    let first_unless = words.iter().position(|&w| w == "unless");
    for i in 0..words.len() {
        let w = words[i];
        if i > 0 && matches!(words[i - 1], "would" | "to" | "can't" | "don't" | "doesn't") {
            continue;
        }
        // After "unless" the text names a cost the player may pay, not the effect.
        if first_unless.is_some_and(|u| u < i) {
            break;
        }
        let next = |k: usize| words.get(i + k).copied().unwrap_or("");
        // "... for each" after the phrase makes it a rate, not a literal.
        let for_each = |k: usize| {
            let from = i + k + 1;
            from <= raw.len() && {
                let at = starts[from];
                joined[at..].starts_with("for each")
                    || any_from(&spaced_for_each, at, joined.len(), " for each ".len())
            }
        };
        let phrase = |k: usize| {
            raw[i..=(i + k).min(raw.len() - 1)]
                .join(" ")
                .trim_end_matches(['.', ',', ';', ':', '"'])
                .to_string()
        };
        let found = match w {
            "draw" | "draws" => {
                let skip = if next(1) == "up" && next(2) == "to" {
                    2
                } else {
                    0
                };
                next(2 + skip)
                    .starts_with("card")
                    .then(|| (Kind::Draw, number(next(1 + skip)), 2 + skip))
            }
            "deal" | "deals" => (next(2) == "damage").then(|| (Kind::Damage, number(next(1)), 2)),
            "gain" | "gains" => (next(2) == "life").then(|| (Kind::Life, number(next(1)), 2)),
            "put" | "puts" if next(1) == "the" && next(2) == "top" => {
                // "puts the top two cards of their library into their graveyard"
                let into_graveyard = words[i + 3..]
                    .iter()
                    .take(12)
                    .position(|&w| w == "graveyard")
                    .is_some_and(|g| {
                        words[i + 3..i + 3 + g].contains(&"into")
                            && !raw[i..i + 3 + g].iter().any(|w| w.ends_with(['.', ';']))
                    });
                (into_graveyard && next(4).starts_with("card"))
                    .then(|| (Kind::Mill, number(next(3)), 4))
            }
            "put" | "puts" => {
                let ty = next(2);
                let plus = ty == "+1/+1";
                ((plus || ty == "-1/-1") && next(3).starts_with("counter"))
                    .then(|| (Kind::Counters(plus), number(next(1)), 3))
            }
            "lose" | "loses" => (next(2) == "life").then(|| (Kind::LoseLife, number(next(1)), 2)),
            "discard" | "discards" => next(2)
                .starts_with("card")
                .then(|| (Kind::Discard, number(next(1)), 2)),
            "mill" | "mills" => next(2)
                .starts_with("card")
                .then(|| (Kind::Mill, number(next(1)), 2)),
            "scry" => (!next(1).is_empty()).then(|| (Kind::Scry, number(next(1)), 1)),
            "surveil" => (!next(1).is_empty()).then(|| (Kind::Surveil, number(next(1)), 1)),
            // "roll a d20": the die's sides.
            "roll" | "rolls" if matches!(next(1), "a" | "an") => next(2)
                .strip_prefix('d')
                .filter(|n| !n.is_empty() && n.len() <= 3 && n.bytes().all(|b| b.is_ascii_digit()))
                .map(|n| (Kind::Dice, n.parse::<i64>().ok(), 2)),
            "create" | "creates" => {
                // "create two 1/1 white Soldier creature tokens": the noun within a few words,
                // no copy ("create a token that's a copy of ...", another kind of ability).
                let end = words[i + 1..]
                    .iter()
                    .take(10)
                    .position(|&w| w == "token" || w == "tokens")
                    .map(|k| k + 1);
                end.filter(|_| !copy)
                    .map(|k| (Kind::Token, number(next(1)), k))
            }
            // "CARDNAME becomes a 3/3 Elemental creature": the P/T an animation sets.
            "become" | "becomes" if matches!(next(1), "a" | "an") => {
                let value = next(2).split_once('/').and_then(|(p, t)| {
                    let n = |s: &str| {
                        (!s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit()))
                            .then(|| s.parse::<i64>().ok())
                            .flatten()
                    };
                    n(p).zip(n(t))
                });
                if next(2).contains('/') {
                    out.push(Phrase {
                        kind: Kind::Animate,
                        value: if for_each(2) { None } else { value },
                        text: phrase(2),
                    });
                }
                continue;
            }
            "get" | "gets" if is_pt_word(next(1)) => {
                // The rest of the words up to the first ". " (a word ending in `.` that another
                // follows), without that period.
                let from = starts[i];
                let to = stops[stops.partition_point(|&p| p < from)..]
                    .first()
                    .copied()
                    .unwrap_or(joined.len());
                let eot = any_from(&until_eot, from, to, "until end of turn".len());
                let kind = if eot { Kind::PumpEot } else { Kind::StaticPt };
                let value = common::signed_pt(next(1));
                out.push(Phrase {
                    kind,
                    value: if for_each(1) { None } else { value },
                    text: phrase(1),
                });
                continue;
            }
            _ => None,
        };
        if let Some((kind, n, k)) = found {
            out.push(Phrase {
                kind,
                value: if for_each(k) { None } else { n.map(|n| (n, 0)) },
                text: phrase(k),
            });
        }
    }
}

fn number(word: &str) -> Option<i64> {
    super::oracle::number_word(word)
}

/// What a record says for a kind: the number(s) and the param holding them (`None`: the default).
struct Amount<'m, 'a> {
    value: Option<(i64, i64)>,
    params: Vec<&'m model::forge::script::ParamInfo<'a>>,
    /// The param whose absence means 1.
    default_key: Option<&'static str>,
}

fn record_kind(rec: &RecordInfo<'_>) -> Option<Kind> {
    let api = rec.kind_value;
    let is = |s: &str| api.eq_ignore_ascii_case(s);
    match rec.role {
        Role::Ability if is("Draw") => Some(Kind::Draw),
        Role::Ability if is("DealDamage") || is("DamageAll") => Some(Kind::Damage),
        Role::Ability if is("GainLife") => Some(Kind::Life),
        Role::Ability if is("Pump") || is("PumpAll") => Some(Kind::PumpEot),
        Role::Ability if is("LoseLife") => Some(Kind::LoseLife),
        Role::Ability if is("Discard") => Some(Kind::Discard),
        Role::Ability if is("Mill") => {
            // A mill to another zone ("exile the top N cards") is another phrase.
            let dest = rec.param_ignore_case("Destination").map(|p| p.value.trim());
            dest.is_none_or(|d| d.eq_ignore_ascii_case("Graveyard"))
                .then_some(Kind::Mill)
        }
        Role::Ability if is("Token") => Some(Kind::Token),
        Role::Ability if is("Scry") => Some(Kind::Scry),
        Role::Ability if is("Surveil") => Some(Kind::Surveil),
        Role::Ability if is("RollDice") => Some(Kind::Dice),
        Role::Ability if is("Animate") || is("AnimateAll") => Some(Kind::Animate),
        Role::Ability if is("PutCounter") || is("PutCounterAll") => {
            let ty = rec.param_ignore_case("CounterType")?.value.trim();
            match ty {
                "P1P1" => Some(Kind::Counters(true)),
                "M1M1" => Some(Kind::Counters(false)),
                _ => None,
            }
        }
        Role::Static
            if is("Continuous")
                && (rec.param("AddPower").is_some() || rec.param("AddToughness").is_some()) =>
        {
            Some(Kind::StaticPt)
        }
        _ => None,
    }
}

fn amount<'m, 'a>(rec: &'m RecordInfo<'a>, kind: Kind) -> Amount<'m, 'a> {
    let single = |key: &'static str, default: Option<i64>| {
        let p = rec.param_ignore_case(key);
        match p {
            Some(p) => Amount {
                value: super::oracle::literal(p.value).map(|n| (n, 0)),
                params: vec![p],
                default_key: None,
            },
            None => Amount {
                value: default.map(|n| (n, 0)),
                params: Vec::new(),
                default_key: default.map(|_| key),
            },
        }
    };
    let pair = |a: &str, b: &str| {
        let pa = rec.param_ignore_case(a);
        let pb = rec.param_ignore_case(b);
        if pa.is_none() && pb.is_none() {
            return Amount {
                value: None,
                params: Vec::new(),
                default_key: None,
            };
        }
        let get = |p: Option<&model::forge::script::ParamInfo<'_>>| match p {
            Some(p) => super::oracle::literal(p.value),
            None => Some(0),
        };
        Amount {
            value: get(pa).zip(get(pb)),
            params: pa.into_iter().chain(pb).collect(),
            default_key: None,
        }
    };
    match kind {
        Kind::Draw => single("NumCards", Some(1)),
        Kind::Damage => single("NumDmg", None),
        Kind::Life => single("LifeAmount", None),
        Kind::Counters(_) => single("CounterNum", Some(1)),
        Kind::PumpEot => pair("NumAtt", "NumDef"),
        Kind::StaticPt => pair("AddPower", "AddToughness"),
        Kind::LoseLife => single("LifeAmount", None),
        Kind::Discard => {
            // `NumCards$` counts only in the modes where the player discards some cards.
            let mode = rec.param_ignore_case("Mode").map(|p| p.value.trim());
            let counted = mode.is_none_or(|m| {
                ["TgtChoose", "Random", "RevealYouChoose", "RevealTgtChoose"]
                    .iter()
                    .any(|k| m.eq_ignore_ascii_case(k))
            });
            let mut got = single("NumCards", Some(1));
            if !counted {
                got.value = None;
            }
            got
        }
        // Without `NumCards$`, the 2020 engine mills 0 cards and later ones 1: not compared.
        Kind::Mill => single("NumCards", None),
        Kind::Token => single("TokenAmount", Some(1)),
        Kind::Scry => single("ScryNum", Some(1)),
        Kind::Surveil => single("Amount", Some(1)),
        // A die has no default size.
        Kind::Dice => single("Sides", None),
        Kind::Animate => {
            // Both `Power$` and `Toughness$` (an animation without one keeps the card's own).
            let mut got = pair("Power", "Toughness");
            if got.params.len() != 2 {
                got.value = None;
            }
            got
        }
    }
}

fn show(kind: Kind, (a, b): (i64, i64)) -> String {
    match kind {
        Kind::PumpEot | Kind::StaticPt => format!("{a:+}/{b:+}"),
        Kind::Animate => format!("{a}/{b}"),
        _ => a.to_string(),
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    for face in 0..model.faces.len() {
        let records: Vec<(&RecordInfo<'_>, Kind)> = model
            .records
            .iter()
            .filter(|r| r.face == face)
            .filter_map(|r| record_kind(r).map(|k| (r, k)))
            .collect();
        by_description(sink, &records);
        // A phrase is compared only with the one record of its kind: the text is read for the
        // verbs of those kinds' phrases, and not at all without one.
        let verbs: Vec<&str> = KINDS
            .iter()
            .filter(|&&kind| records.iter().filter(|(_, k)| *k == kind).count() == 1)
            .flat_map(|&kind| verbs_of(kind).iter().copied())
            .collect();
        if verbs.is_empty() {
            continue;
        }
        let lines = ctx.oracle_lines(face);
        if lines.is_empty() {
            continue;
        }
        let mut found = Vec::new();
        for line in lines {
            let effect = super::oracle::effect_of_line(line.text);
            let text: std::borrow::Cow<'_, str> = if effect.contains('(') {
                super::oracle::strip_reminder(effect).into()
            } else {
                effect.into()
            };
            // Every phrase starts with one of the verbs, a word of the text (clauses end and
            // start at spaces).
            if !text.split_whitespace().any(|w| {
                let w = common::bare_word(w);
                verbs.iter().any(|v| w.eq_ignore_ascii_case(v))
            }) {
                continue;
            }
            for sentence in super::oracle::sentences(&text) {
                // A cost the text asks for ("As an additional cost to cast this spell, discard a
                // card") is no effect of the script's abilities.
                if asks_additional_cost(sentence) {
                    continue;
                }
                phrases(super::oracle::effect_clause(sentence), &mut found);
            }
        }
        if found.is_empty() {
            continue;
        }
        for kind in KINDS {
            let mut texts = found.iter().filter(|p| p.kind == kind);
            let (Some(phrase), None) = (texts.next(), texts.next()) else {
                continue;
            };
            let mut recs = records.iter().filter(|(_, k)| *k == kind);
            let (Some((rec, _)), None) = (recs.next(), recs.next()) else {
                continue;
            };
            compare(
                sink,
                rec,
                kind,
                phrase,
                (
                    "the rules text",
                    "the face has one such phrase and one such ability, so they are compared; fix the one that is wrong",
                ),
            );
        }
    }
}

/// Faces with several records of a kind (`Dungeon Master`'s two dice): each is compared with its
/// own description when that names one phrase of the kind (`SpellDescription$ Roll a d20.`).
fn by_description(sink: &mut Sink<'_>, records: &[(&RecordInfo<'_>, Kind)]) {
    for &(rec, kind) in records {
        if records.iter().filter(|(_, k)| *k == kind).count() < 2 {
            continue;
        }
        let Some(desc) = ["SpellDescription", "Description"]
            .iter()
            .find_map(|k| rec.param(k))
        else {
            continue;
        };
        let text = super::oracle::strip_reminder(desc.value);
        let mut found = Vec::new();
        for sentence in super::oracle::sentences(&text) {
            if asks_additional_cost(sentence) {
                continue;
            }
            phrases(super::oracle::effect_clause(sentence), &mut found);
        }
        let mut texts = found.iter().filter(|p| p.kind == kind);
        let (Some(phrase), None) = (texts.next(), texts.next()) else {
            continue;
        };
        compare(
            sink,
            rec,
            kind,
            phrase,
            (
                "its description",
                "the face has several such abilities; this one is compared with its own description",
            ),
        );
    }
}

/// A cost the text asks for ("As an additional cost to cast this spell, discard a card") is no
/// effect of the script's abilities.
fn asks_additional_cost(sentence: &str) -> bool {
    sentence
        .as_bytes()
        .windows("additional cost".len())
        .any(|w| w.eq_ignore_ascii_case(b"additional cost"))
}

/// Reports a record whose amount differs from the phrase's number.
fn compare(
    sink: &mut Sink<'_>,
    rec: &RecordInfo<'_>,
    kind: Kind,
    phrase: &Phrase,
    (source, note): (&str, &str),
) {
    let Some(said) = phrase.value else { return };
    let got = amount(rec, kind);
    let Some(value) = got.value else { return };
    if value == said {
        return;
    }
    let (range, what) = match (got.params.first(), got.params.last()) {
        (Some(first), Some(last)) => {
            let range = first.range.cover(last.range);
            let what = got
                .params
                .iter()
                .map(|p| format!("`{}$ {}`", p.key, p.value.trim()))
                .collect::<Vec<_>>()
                .join(" and ");
            (range, what)
        }
        _ => {
            let Some(kp) = rec.kind_param.map(|i| &rec.params[i]) else {
                return;
            };
            let Some(key) = got.default_key else { return };
            (kp.range, format!("`{key}$` absent: 1"))
        }
    };
    let d = sink.report(
        range,
        format!(
            "{source} says \"{}\" ({}), but the script's amount is {} ({what})",
            phrase.text,
            show(kind, said),
            show(kind, value)
        ),
    );
    d.with_note(note);
}
