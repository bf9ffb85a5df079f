//! F181: a description (`SpellDescription$`, `TriggerDescription$`, `Description$`) that
//! contradicts the `Oracle:` sentence it renders (a number, a zone, a player), or a value that
//! holds parameter syntax (`Key$ ...` pasted into it: a `|` is missing; ` $ Key`: a `$` typed
//! for the `|`).

use super::oracle;
use crate::diagnostic::{Severity, Sink};
use crate::dialect::Dialect;
use crate::forge::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use similar::{Algorithm, DiffOp, capture_diff_slices};
use syntax::TextRange;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "F181",
    name: "description-contradicts-text",
    dialect: Some(Dialect::FORGE),
    group: Group::Suspicious,
    severity: Severity::Warning,
    fix: FixAvailability::None,
    summary: "A description that says another number, zone or player than the `Oracle:` sentence it renders (`the bottom of your library` for `your graveyard`, `target player` for `target opponent`), or a value holding parameter syntax (`... ChangeNum$ All`: a missing `|`).",
    explanation: "A record's description is what Forge shows for the ability, and scripters write it \
from the card's rules text; the script is usually written from the same reading. When the description \
and the `Oracle:` sentence it renders differ in a number, a zone or who is affected, one of them is \
wrong, and often the script follows the wrong one (a `Destination$` of `Library` where the card says \
graveyard, `ValidTgts$ Player` where it says opponent). The sentence is paired with the description \
when they read the same but for a few words (the card's name, reminder text and an activation cost \
aside), and only one-word differences are reported: a number (`two`/`3`; `2` and `two` are the same), \
a zone (`hand`, `graveyard`, `library`, `battlefield`, `exile`, `top`, `bottom`) or a player \
(`you`, `opponent`, `player`, `each`, `target`). The description ending a \
`K:etbCounter:TYPE:N:CONDITION:TEXT` keyword is read like the others. A value that holds `Key$ ` (a word followed by `$` \
and a space) is another parameter pasted into it without its `|`, and one that holds ` $ Key` has \
a `$` typed for the `|` before `Key$`: either way Forge reads the whole as one value, and the pasted \
parameter is never set.",
    bad: "Name:Ebb Glimpse\nManaCost:1 U\nTypes:Sorcery\nA:SP$ Dig | Cost$ 1 U | DigNum$ 2 | ChangeNum$ 1 | DestinationZone$ Hand | DestinationZone2$ Library | LibraryPosition2$ -1 | SpellDescription$ Look at the top two cards of your library. Put one of them into your hand and the other on the bottom of your library.\nOracle:Look at the top two cards of your library. Put one of them into your hand and the other into your graveyard.",
    good: "Name:Ebb Glimpse\nManaCost:1 U\nTypes:Sorcery\nA:SP$ Dig | Cost$ 1 U | DigNum$ 2 | ChangeNum$ 1 | DestinationZone$ Hand | DestinationZone2$ Graveyard | SpellDescription$ Look at the top two cards of your library. Put one of them into your hand and the other into your graveyard.\nOracle:Look at the top two cards of your library. Put one of them into your hand and the other into your graveyard.",
    since: "0.3.0",
    yields_to: &["F130", "F133", "F171"],
    ..RuleMeta::BASE
};

const ZONES: &[&str] = &[
    "hand",
    "graveyard",
    "library",
    "battlefield",
    "exile",
    "top",
    "bottom",
];
const PLAYERS: &[&str] = &["you", "opponent", "player", "each", "target"];

/// The value of a number word or numeral.
fn number(w: &str) -> Option<i64> {
    crate::common::printed_number(w, 9)
}

/// A word of a sentence: its text as written (`~` for the card's name), the hash of its
/// lower-cased form (what words are compared by) and its byte span in the original.
#[derive(Clone, Copy)]
struct Word<'a> {
    id: u64,
    text: &'a str,
    start: usize,
    end: usize,
}

impl Word<'_> {
    /// The lower-cased text.
    fn lower(&self) -> String {
        self.text.to_ascii_lowercase()
    }
}

/// FNV-1a over the lower-cased bytes of a word.
fn word_id(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b.to_ascii_lowercase())).wrapping_mul(0x0100_0000_01b3)
    })
}

impl PartialEq for Word<'_> {
    fn eq(&self, other: &Word<'_>) -> bool {
        self.id == other.id
    }
}
impl Eq for Word<'_> {}
impl std::hash::Hash for Word<'_> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.id.hash(h);
    }
}
impl PartialOrd for Word<'_> {
    fn partial_cmp(&self, other: &Word<'_>) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Word<'_> {
    fn cmp(&self, other: &Word<'_>) -> std::cmp::Ordering {
        self.id.cmp(&other.id)
    }
}

/// Sentences longer than this many words are not compared (bounded work).
const MAX_WORDS: usize = 80;

/// The words of a text outside parentheses, with the card's names (and `CARDNAME`) as `~`.
fn words<'a>(text: &'a str, names: &[&str]) -> Vec<Word<'a>> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    let mut depth = 0usize;
    while i < b.len() && out.len() <= MAX_WORDS {
        if b[i] == b'(' {
            depth += 1;
            i += 1;
            continue;
        }
        if b[i] == b')' {
            depth = depth.saturating_sub(1);
            i += 1;
            continue;
        }
        if depth > 0 {
            i += 1;
            continue;
        }
        // The card's name (longest first) or CARDNAME/NICKNAME: one word, starting a word.
        let at_start = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        if at_start
            && let Some(n) = ["CARDNAME", "NICKNAME"]
                .iter()
                .copied()
                .chain(names.iter().copied())
                .filter(|n| n.as_bytes().first() == Some(&b[i]) && text[i..].starts_with(n))
                .max_by_key(|n| n.len())
        {
            out.push(Word {
                id: word_id("~"),
                text: "~",
                start: i,
                end: i + n.len(),
            });
            i += n.len();
            continue;
        }
        if b[i].is_ascii_alphanumeric() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'\'') {
                i += 1;
            }
            out.push(Word {
                id: word_id(&text[start..i]),
                text: &text[start..i],
                start,
                end: i,
            });
            continue;
        }
        i += text[i..].chars().next().map_or(1, char::len_utf8);
    }
    out
}

/// The one item of an iterator, if it has exactly one.
fn only<T>(mut it: impl Iterator<Item = T>) -> Option<T> {
    let first = it.next()?;
    it.next().is_none().then_some(first)
}

/// Which kind of word a word is: a number, a zone or a player.
fn kind_of(w: &str) -> Option<&'static str> {
    if number(w).is_some() {
        Some("number")
    } else if ZONES.contains(&w) {
        Some("zone")
    } else if PLAYERS.contains(&w) {
        Some("player")
    } else {
        None
    }
}

/// How a one-word difference contradicts: a number, a zone or a player.
fn contradiction(a: &str, b: &str) -> Option<&'static str> {
    if let (Some(x), Some(y)) = (number(a), number(b)) {
        return (x != y).then_some("number");
    }
    if ZONES.contains(&a) && ZONES.contains(&b) {
        return Some("zone");
    }
    if PLAYERS.contains(&a) && PLAYERS.contains(&b) {
        return Some("player");
    }
    None
}

/// The similarity of two word sequences (Ratcliff/Obershelp-like: twice the matched words over
/// the total).
fn ratio(ops: &[DiffOp], a: usize, b: usize) -> f64 {
    let same: usize = ops
        .iter()
        .map(|op| match op {
            DiffOp::Equal { len, .. } => *len,
            _ => 0,
        })
        .sum();
    if a + b == 0 {
        0.0
    } else {
        2.0 * same as f64 / (a + b) as f64
    }
}

/// Parameter syntax inside a value: `Key$ ` (a `|` missing before it) or ` $ Key` (a `$`
/// typed for the `|` before `Key`). The byte range in the value and the key.
fn pasted_param(value: &str) -> Option<(usize, usize, &str)> {
    let b = value.as_bytes();
    // Each `$ ` (they cannot overlap), found by its `$`.
    for at in memchr::memchr_iter(b'$', b).filter(|&at| b.get(at + 1) == Some(&b' ')) {
        let mut s = at;
        while s > 0 && b[s - 1].is_ascii_alphabetic() {
            s -= 1;
        }
        let key = &value[s..at];
        let boundary = s == 0 || !b[s - 1].is_ascii_alphanumeric();
        if key.len() >= 2 && key.as_bytes()[0].is_ascii_uppercase() && boundary && s > 0 {
            return Some((s, at + 1, key));
        }
        // ` $ Key`: the word after a lone `$` is the key.
        if at > 0 && b[at - 1] == b' ' {
            let rest = &value[at + 2..];
            let len = rest.bytes().take_while(|c| c.is_ascii_alphabetic()).count();
            let next = rest.as_bytes().get(len);
            if len >= 2
                && rest.as_bytes()[0].is_ascii_uppercase()
                && next.is_none_or(|c| *c == b' ')
            {
                return Some((at, at + 2 + len, &rest[..len]));
            }
        }
    }
    None
}

const DESCRIPTIONS: &[&str] = &["SpellDescription", "TriggerDescription", "Description"];

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    let model = &ctx.model;
    // Parameter syntax pasted into a value.
    for rec in &model.records {
        for p in &rec.params {
            if !p.has_dollar || p.value.is_empty() {
                continue;
            }
            if let Some((s, e, key)) = pasted_param(p.value) {
                let range = super::sub_range(p.value_range, s, e - s);
                let message = if p.value.as_bytes()[s] == b'$' {
                    format!(
                        "`$ {key}` inside the value of `{}$`: a `$` typed for the `|` before `{key}$`, so Forge reads `{}` as the value of `{}$` and never sets `{key}$`",
                        p.key,
                        p.value.trim(),
                        p.key
                    )
                } else {
                    format!(
                        "`{key}$` inside the value of `{}$`: a `|` is missing before it, so Forge reads it as text and never sets `{key}$`",
                        p.key
                    )
                };
                sink.report(range, message);
            }
        }
    }
    for line in &model.lines {
        if super::key_text(model, line) != "Oracle" {
            continue;
        }
        let value = model.slice(line.value);
        // A lone `$` in prose is no parameter: only `Key$ ` counts there.
        if let Some((s, e, key)) =
            pasted_param(value).filter(|(s, ..)| value.as_bytes()[*s] != b'$')
        {
            sink.report(
                super::sub_range(line.value, s, e - s),
                format!("`{key}$` inside the rules text: parameter syntax pasted into `Oracle:`"),
            );
        }
    }
    // Descriptions against the rules text.
    for face in 0..model.faces.len() {
        // The descriptions of the face: its records' (with whether one speaks from an effect's
        // side) and those ending an `etbCounter` keyword (`K:etbCounter:TYPE:N:CONDITION:TEXT`).
        let mut descriptions: Vec<(TextRange, &str, bool)> = Vec::new();
        for rec in model.records.iter().filter(|r| r.face == face) {
            // A trigger, static or replacement held in an SVar is often an effect's, and its
            // description speaks from that effect's side ("you" for "that player").
            let effect_side = matches!(rec.origin, model::forge::script::Origin::Svar(_))
                && rec.role != model::forge::script::Role::Ability;
            for p in &rec.params {
                if p.has_dollar && DESCRIPTIONS.contains(&p.key) {
                    descriptions.push((p.value_range, p.value, effect_side));
                }
            }
        }
        for line in model.lines.iter().filter(|l| l.face == face) {
            if super::key_text(model, line) == "K"
                && let Some((start, text)) = etb_counter_description(model.slice(line.value))
            {
                descriptions.push((super::sub_range(line.value, start, text.len()), text, false));
            }
        }
        if descriptions.is_empty() {
            continue;
        }
        let lines = ctx.oracle_lines(face);
        if lines.is_empty() {
            continue;
        }
        let name = model.faces[face].name.unwrap_or("").trim();
        let short = name.split(',').next().unwrap_or("").trim();
        let names: Vec<&str> = [name, short].into_iter().filter(|n| n.len() >= 3).collect();
        // Candidate sentences of the rules text: the lines, their sentences, and an activated
        // line's effect (after `cost: `).
        let mut texts: Vec<&str> = Vec::new();
        for l in lines {
            texts.push(l.text);
            texts.extend(oracle::sentences(l.text));
            // An activated line (`{2}, {T}: ...`, `Channel — {1}{G}, Discard ~: ...`, `[-2]: ...`):
            // its effect is what a description renders.
            if let Some(i) = model::search::find(l.text, ": ")
                && (l.text[..i].contains('{') || l.text.starts_with('['))
            {
                let effect = &l.text[i + 2..];
                texts.push(effect);
                texts.extend(oracle::sentences(effect));
            }
        }
        // Their words, each once, made when a description is not one of them word for word.
        let mut candidates: Option<Vec<Candidate>> = None;
        for &(value_range, value, effect_side) in &descriptions {
            for sentence in oracle::sentences(value) {
                let offset = sentence.as_ptr() as usize - value.as_ptr() as usize;
                // A sentence of the text as it is (with the card's name for `CARDNAME`):
                // nothing differs.
                if texts.contains(&sentence)
                    || (sentence.contains("CARDNAME")
                        && texts.contains(&sentence.replace("CARDNAME", name).as_str()))
                {
                    continue;
                }
                let d = words(sentence, &names);
                if d.len() < 4 || d.len() > MAX_WORDS {
                    continue;
                }
                compare(
                    sink,
                    value_range,
                    offset,
                    sentence,
                    &d,
                    candidates.get_or_insert_with(|| build_candidates(&texts, &names)),
                    effect_side,
                );
            }
        }
    }
}

/// The description ending an `etbCounter` keyword (`etbCounter:TYPE:N:CONDITION:TEXT`) and where
/// it starts in the keyword's value.
fn etb_counter_description(value: &str) -> Option<(usize, &str)> {
    let rest = value.strip_prefix("etbCounter:")?;
    let mut start = "etbCounter:".len();
    let mut fields = rest;
    for _ in 0..3 {
        let i = fields.find(':')?;
        start += i + 1;
        fields = &fields[i + 1..];
    }
    let text = fields.trim_end();
    let lead = text.len() - text.trim_start().len();
    let text = text.trim_start();
    (!text.is_empty()).then_some((start + lead, text))
}

/// The word sequences of the rules text's candidate sentences, each once.
fn build_candidates<'a>(texts: &[&'a str], names: &[&str]) -> Vec<Candidate<'a>> {
    let mut out: Vec<Candidate> = Vec::new();
    for &t in texts {
        let w = words(t, names);
        if w.len() >= 3 && w.len() <= MAX_WORDS && !out.iter().any(|c| c.words == w) {
            let mut sorted: Vec<u64> = w.iter().map(|w| w.id).collect();
            sorted.sort_unstable();
            out.push(Candidate {
                words: w,
                sorted,
                source: t,
            });
        }
    }
    out
}

/// A sentence of the rules text a description may render.
struct Candidate<'a> {
    words: Vec<Word<'a>>,
    /// The word ids, sorted: a bound on the similarity without a diff.
    sorted: Vec<u64>,
    source: &'a str,
}

/// How many words two sorted id lists share (as multisets).
fn shared(a: &[u64], b: &[u64]) -> usize {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                n += 1;
                i += 1;
                j += 1;
            }
        }
    }
    n
}

/// Below this similarity a sentence can be neither the one a description renders (0.7) nor a
/// rival close to it (within 0.1): it is not diffed.
const FLOOR: f64 = 0.6;

/// Compares one sentence of a description with the rules text's sentences and reports its
/// one-word contradictions with the one it renders.
fn compare(
    sink: &mut Sink<'_>,
    value_range: TextRange,
    offset: usize,
    sentence: &str,
    d: &[Word],
    candidates: &[Candidate<'_>],
    effect_side: bool,
) {
    // The same words as a sentence of the text: nothing differs.
    if candidates.iter().any(|c| c.words == d) {
        return;
    }
    let mut ids: Vec<u64> = d.iter().map(|w| w.id).collect();
    ids.sort_unstable();
    let mut scored: Vec<(f64, usize, Vec<DiffOp>)> = candidates
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            2.0 * shared(&ids, &c.sorted) as f64 / (ids.len() + c.sorted.len()) as f64 >= FLOOR
        })
        .map(|(i, c)| {
            let ops = capture_diff_slices(Algorithm::Myers, d, &c.words);
            (ratio(&ops, d.len(), c.words.len()), i, ops)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let Some((best, bi, ops)) = scored.first() else {
        return;
    };
    if *best < 0.7 || *best >= 1.0 {
        return;
    }
    // Another sentence as close that says something else: not sure which one it renders.
    if scored
        .get(1)
        .is_some_and(|(r, i, _)| *r > best - 0.1 && candidates[*i].words != candidates[*bi].words)
    {
        return;
    }
    let (c, source) = (&candidates[*bi].words, candidates[*bi].source);
    for op in ops {
        let DiffOp::Replace {
            old_index,
            old_len,
            new_index,
            new_len,
        } = *op
        else {
            continue;
        };
        if old_len > 4 || new_len > 4 {
            continue;
        }
        let olds = &d[old_index..old_index + old_len];
        let news = &c[new_index..new_index + new_len];
        // One word of a kind on each side, different, and neither in the other side.
        for kind in ["number", "zone", "player"] {
            let of_kind = |w: &&Word| kind_of(&w.lower()) == Some(kind);
            let (Some(a), Some(b)) = (
                only(olds.iter().filter(of_kind)),
                only(news.iter().filter(of_kind)),
            ) else {
                continue;
            };
            if contradiction(&a.lower(), &b.lower()) != Some(kind)
                || news.iter().any(|w| w == a)
                || olds.iter().any(|w| w == b)
            {
                continue;
            }
            // "that player" and "that opponent" name the same one, as do "you don't control" and
            // "an opponent controls".
            let before = old_index.checked_sub(1).map(|i| d[i].lower());
            if kind == "player"
                && (effect_side
                    || before.as_deref() == Some("that")
                    || olds
                        .iter()
                        .chain(news)
                        .any(|w| w.id == word_id("don't") || w.id == word_id("doesn't")))
            {
                continue;
            }
            let range = super::sub_range(value_range, offset + a.start, a.end - a.start);
            sink.report(
                range,
                format!(
                    "the description says `{}` where the rules text says `{}`: one of them gets the {kind} wrong, and the script may follow the wrong one",
                    &sentence[a.start..a.end],
                    &source[b.start..b.end]
                ),
            );
        }
    }
}
