//! Wagic units: one card block, its `text=` and the facts of its script.
//!
//! Facts (from the lower-cased values of `auto=`/`auto<zone>=` lines): `trig:<name>` for a
//! `@name` trigger, `each:<who>:<phase>` for `@each`, `zone:<z>` for `|z`, `moveto:<z>`,
//! `kw:<word>` for a `word(` or `word:` construct, `w:<word>` for the engine's bare words (`may`,
//! `ueot`, `other`, `{t}`...), `pt` for a power/toughness change, `activated` for a `{cost}:`
//! ability; `ab:<keyword>` for each `abilities=` word, `target` for a `target=` line,
//! `type:<word>` for each `type=` word (never a consequent; a possible exception).
//! Antecedents: the templates of the card's `text=` sentences, scoped `W|`, and again scoped
//! by what the sentence is (`W:act|` for `{cost}: ...`, `W:trig|` for `When/Whenever/At ...`).

use super::text::{self, Segment};
use super::{Idioms, Rule};
use std::collections::{BTreeSet, HashMap};
use syntax::TextRange;
use syntax::wagic::{KeyMeaning, ast};

/// Bare words of ability code that make facts.
const WORDS: &[&str] = &[
    "may",
    "choice",
    "ueot",
    "other",
    "oneshot",
    "forever",
    "limit",
    "mytgt",
    "controller",
    "opponent",
    "targetcontroller",
    "tap",
    "untap",
    "all",
    "this",
    "{t}",
    "{s}",
    "{e}",
    "{q}",
    "myturnonly",
    "assorcery",
];

/// Ability code longer than this is read only up to it (bounded work).
const MAX_CODE: usize = 4096;

/// One line of a card that facts come from.
#[derive(Clone, Debug)]
pub struct Line {
    pub meaning: KeyMeaning,
    /// The value's range.
    pub range: TextRange,
    pub facts: BTreeSet<String>,
}

/// One card.
pub struct Unit<'a> {
    pub name: String,
    /// The `text=` value's range.
    pub text_range: TextRange,
    pub segments: Vec<Segment<'a>>,
    pub antecedents: Vec<(String, usize)>,
    pub facts: BTreeSet<String>,
    /// The `auto...=` lines and the `abilities=` line, in order.
    pub lines: Vec<Line>,
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Whether `word` occurs in `s` as a whole word (not inside a longer identifier).
fn has_word(s: &str, word: &str) -> bool {
    has_word_with(s, &memchr::memmem::Finder::new(word))
}

/// `has_word` with the word's searcher made once (code_facts looks for every word of `WORDS`
/// in every ability: making the searcher was most of the search).
fn has_word_with(s: &str, finder: &memchr::memmem::Finder<'_>) -> bool {
    let word = finder.needle();
    let b = s.as_bytes();
    let mut from = 0;
    while let Some(i) = finder.find(&b[from..]) {
        let at = from + i;
        let end = at + word.len();
        let first = word[0];
        let last = word[word.len() - 1];
        let left = at == 0 || !is_word_byte(first) || !is_word_byte(b[at - 1]);
        let right = end == b.len() || !is_word_byte(last) || !is_word_byte(b[end]);
        if left && right {
            return true;
        }
        from = at + 1;
    }
    false
}

/// The searchers of `WORDS`, in order.
fn word_finders() -> &'static [memchr::memmem::Finder<'static>] {
    static FINDERS: std::sync::LazyLock<Vec<memchr::memmem::Finder<'static>>> =
        std::sync::LazyLock::new(|| WORDS.iter().map(memchr::memmem::Finder::new).collect());
    &FINDERS
}

/// The facts of one piece of ability code.
pub fn code_facts(code: &str) -> BTreeSet<String> {
    let mut end = code.len().min(MAX_CODE);
    while !code.is_char_boundary(end) {
        end -= 1;
    }
    let s = code[..end].to_ascii_lowercase();
    let b = s.as_bytes();
    let mut out = BTreeSet::new();
    let ident = |from: usize| {
        let mut j = from;
        while j < b.len() && b[j].is_ascii_alphabetic() {
            j += 1;
        }
        &s[from..j]
    };
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'@' => {
                let name = ident(i + 1);
                if !name.is_empty() {
                    out.insert(["trig:", name].concat());
                    if name == "each" {
                        let rest = s[i + 1 + name.len()..].trim_start();
                        let mut words = rest.split(|c: char| !c.is_ascii_alphabetic());
                        let first = words.next().unwrap_or("");
                        let (who, phase) = if first == "my" || first == "opponent" {
                            (first, words.next().unwrap_or(""))
                        } else {
                            ("", first)
                        };
                        if !phase.is_empty() {
                            out.insert(["each:", who, ":", phase].concat());
                        }
                    }
                }
            }
            b'|' => {
                let z = ident(i + 1 + (b.get(i + 1) == Some(&b' ')) as usize);
                if !z.is_empty() {
                    out.insert(["zone:", z].concat());
                }
            }
            c if c.is_ascii_alphabetic() && (i == 0 || !is_word_byte(b[i - 1])) => {
                let w = ident(i);
                let after = s[i + w.len()..].trim_start_matches(' ');
                if after.starts_with('(') || after.starts_with(':') {
                    out.insert(["kw:", w].concat());
                    if w == "moveto" && after.starts_with('(') {
                        let open = s.len() - after.len();
                        let z = ident(open + 1);
                        if !z.is_empty() {
                            out.insert(["moveto:", z].concat());
                        }
                    }
                }
                i += w.len();
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    for (w, finder) in WORDS.iter().zip(word_finders()) {
        if has_word_with(&s, finder) {
            out.insert(["w:", w].concat());
        }
    }
    if has_pt(&s) {
        out.insert("pt".into());
    }
    if activated(&s) {
        out.insert("activated".into());
    }
    out
}

/// A power/toughness change: `+1/+1`, `2/0`, `-x/-x` not inside a longer token.
fn has_pt(s: &str) -> bool {
    let b = s.as_bytes();
    for (i, _) in s.match_indices('/') {
        let mut l = i;
        while l > 0 && (b[l - 1].is_ascii_digit() || b[l - 1] == b'x') {
            l -= 1;
        }
        if l > 0 && (b[l - 1] == b'+' || b[l - 1] == b'-') {
            l -= 1;
        }
        let mut r = i + 1;
        if r < b.len() && (b[r] == b'+' || b[r] == b'-') {
            r += 1;
        }
        let digits_start = r;
        while r < b.len() && (b[r].is_ascii_digit() || b[r] == b'x') {
            r += 1;
        }
        let left_ok = l < i
            && (l == 0
                || !(b[l - 1].is_ascii_alphanumeric()
                    || b[l - 1] == b'{'
                    || b[l - 1] == b'.'
                    || b[l - 1] == b','));
        if left_ok && r > digits_start && b[l..i].iter().any(|c| c.is_ascii_digit() || *c == b'x') {
            return true;
        }
    }
    false
}

/// An activated ability: a `{...}` cost before the first `:` that is not a trigger's.
fn activated(s: &str) -> bool {
    let t = s.trim_start();
    if t.starts_with('@') {
        return false;
    }
    match t.find(':') {
        Some(c) => t[..c].contains('{') && t[..c].contains('}'),
        None => false,
    }
}

fn is_auto(m: KeyMeaning) -> bool {
    matches!(m, KeyMeaning::Auto | KeyMeaning::AutoZone)
}

/// What a sentence of rules text is: an activated ability (`{cost}: ...`), a triggered one
/// (`When`, `Whenever`, `At`), or neither.
pub fn sentence_kind(words: &text::Words) -> Option<&'static str> {
    let first = words.first()?;
    if matches!(first, "when" | "whenever" | "at") {
        return Some("trig");
    }
    let colon = words.iter().take(12).position(|w| w == ":")?;
    (words
        .iter()
        .take(colon)
        .any(|w| w == text::MANA || w == "{t}" || w == "{q}"))
    .then_some("act")
}

/// The units of a parsed file: every card block with a `text=`.
pub fn units<'a>(text: &'a str, file: &ast::SourceFile) -> Vec<Unit<'a>> {
    units_of(text, file.cards())
}

/// The units of some card blocks of a file (`text` is the file's text).
pub fn units_of<'a>(text: &'a str, cards: impl Iterator<Item = ast::CardBlock>) -> Vec<Unit<'a>> {
    let cards = cards.map(|c| c.entries().map(|e| (e.meaning(), e.value_range())));
    units_filtered(text, cards, None)
}

/// The units of some card blocks as a set of idioms sees them: only the antecedents the idioms
/// may know (a rule's antecedent or an exception feature) are kept, found by hash without
/// building the others, and a card with none of them makes no unit; the deviations are those
/// of `units_of`. Each card is given as its entries' meanings and value ranges.
pub fn units_for<'a, E>(
    text: &'a str,
    cards: impl Iterator<Item = E>,
    idioms: &Idioms,
) -> Vec<Unit<'a>>
where
    E: IntoIterator<Item = (KeyMeaning, TextRange)>,
{
    units_filtered(text, cards, Some(idioms))
}

fn units_filtered<'a, E>(
    text: &'a str,
    cards: impl Iterator<Item = E>,
    idioms: Option<&Idioms>,
) -> Vec<Unit<'a>>
where
    E: IntoIterator<Item = (KeyMeaning, TextRange)>,
{
    let mut out = Vec::new();
    let mut scripted: Vec<(KeyMeaning, TextRange)> = Vec::new();
    for card in cards {
        let mut name = String::new();
        let mut text_range = None;
        scripted.clear();
        for (m, range) in card {
            match m {
                KeyMeaning::Name => {
                    let value = &text[usize::from(range.start())..usize::from(range.end())];
                    name = value.trim().to_string();
                }
                KeyMeaning::Text => text_range = Some(range),
                _ => scripted.push((m, range)),
            }
        }
        let Some(text_range) = text_range else {
            continue;
        };
        let body = &text[usize::from(text_range.start())..usize::from(text_range.end())];
        let mut names: Vec<&str> = Vec::new();
        if !name.is_empty() {
            names.push(name.as_str());
            if let Some((short, _)) = name.split_once(',')
                && short.len() >= 3
            {
                names.push(short);
            }
        }
        let segments = text::segments(body, &names, false);
        let mut antecedents = Vec::new();
        for (si, seg) in segments.iter().enumerate() {
            let kind = sentence_kind(&seg.words);
            match idioms {
                None => {
                    for t in text::templates(&seg.words) {
                        if let Some(k) = kind {
                            antecedents.push((format!("W:{k}|{t}"), si));
                        }
                        antecedents.push((format!("W|{t}"), si));
                    }
                }
                Some(idioms) => {
                    let scopes = kind.map(|k| format!("W:{k}|"));
                    for scope in scopes.as_deref().into_iter().chain(["W|"]) {
                        for (h, anchored, s, e) in text::template_hashes(&seg.words, scope) {
                            if idioms.may_know(h) {
                                let t =
                                    text::scoped_template_text(scope, &seg.words, anchored, s, e);
                                antecedents.push((t, si));
                            }
                        }
                    }
                }
            }
        }
        // Under idioms, a card none of whose sentences they know has no deviation: its script
        // is not read.
        if idioms.is_some() && antecedents.is_empty() {
            continue;
        }
        antecedents.sort();
        antecedents.dedup_by(|a, b| a.0 == b.0);
        let mut facts = BTreeSet::new();
        let mut lines = Vec::new();
        for &(m, range) in &scripted {
            let value = &text[usize::from(range.start())..usize::from(range.end())];
            match m {
                KeyMeaning::Alias => {
                    facts.insert("alias".to_string());
                }
                KeyMeaning::Target => {
                    facts.insert("target".to_string());
                }
                KeyMeaning::Type => {
                    for t in value.split_whitespace().take(16) {
                        facts.insert(lower_fact("type:", t));
                    }
                }
                KeyMeaning::Abilities => {
                    let mut fs = BTreeSet::new();
                    for a in value.split(',').take(64) {
                        let a = a.trim();
                        if !a.is_empty() {
                            fs.insert(lower_fact("ab:", a));
                        }
                    }
                    facts.extend(fs.iter().cloned());
                    lines.push(Line {
                        meaning: m,
                        range,
                        facts: fs,
                    });
                }
                m if is_auto(m) => {
                    let fs = code_facts(value);
                    facts.extend(fs.iter().cloned());
                    lines.push(Line {
                        meaning: m,
                        range,
                        facts: fs,
                    });
                }
                _ => {}
            }
        }
        out.push(Unit {
            name,
            text_range,
            segments,
            antecedents,
            facts,
            lines,
        });
    }
    out
}

/// `kind` and `word` in lower case, in one allocation (`type:goblin`).
fn lower_fact(kind: &str, word: &str) -> String {
    let mut out = String::with_capacity(kind.len() + word.len());
    out.push_str(kind);
    out.push_str(word);
    out[kind.len()..].make_ascii_lowercase();
    out
}

/// Whether a fact may be a consequent.
pub fn eligible(fact: &str) -> bool {
    !fact.starts_with("type:") && fact != "alias"
}

/// The miner's view of a file: its cards that have rules text and are scripted (no `alias=`).
pub fn mine_units(text: &str, file: &ast::SourceFile) -> Vec<super::Unit> {
    units(text, file)
        .into_iter()
        .filter(|u| !u.facts.contains("alias"))
        .map(|u| super::Unit {
            card: u.name,
            antecedents: u.antecedents.into_iter().map(|(a, _)| a).collect(),
            facts: u.facts.into_iter().collect(),
        })
        .collect()
}

impl Unit<'_> {
    /// Whether the card holds a fact; a keyword (`ab:flying`) also counts when an ability line
    /// gives it (`auto=flying`, `auto=lord(...) flying`).
    pub fn holds(&self, fact: &str, code: &str) -> bool {
        if self.facts.contains(fact) {
            return true;
        }
        match fact.strip_prefix("ab:") {
            Some(keyword) => self.lines.iter().any(|l| {
                is_auto(l.meaning) && {
                    let value = &code[usize::from(l.range.start())..usize::from(l.range.end())];
                    has_word(&value.to_ascii_lowercase(), keyword)
                }
            }),
            None => false,
        }
    }
}

/// One deviation of a card from learned associations: a sentence of its text, and the facts
/// that cards whose text holds it script and this card does not.
pub struct Deviation<'i> {
    pub unit: usize,
    /// The sentence (index into the unit's segments).
    pub segment: usize,
    /// The associations it departs from, most confident first (one per fact).
    pub rules: Vec<&'i Rule>,
    /// Where to report: the `abilities=` line for keywords, the line of code the sentence
    /// describes when it can be told, else the text.
    pub range: TextRange,
}

/// The deviations of a file's cards: per card and sentence, the facts it lacks (each with its
/// most confident association).
pub fn deviations<'i>(text: &str, units: &[Unit<'_>], idioms: &'i Idioms) -> Vec<Deviation<'i>> {
    let mut out = Vec::new();
    for (ui, unit) in units.iter().enumerate() {
        if unit.facts.contains("alias") {
            continue;
        }
        let mut best: HashMap<&str, (&'i Rule, usize)> = HashMap::new();
        for (a, seg) in &unit.antecedents {
            for r in idioms.rules_for(a) {
                // A template excuses a deviation only in the sentence the deviation comes from
                // (a card is many sentences; another sentence's wording says nothing of this one).
                if unit.holds(&r.fact, text)
                    || idioms.exceptions_of(&r.fact).iter().any(|e| {
                        unit.facts.contains(e)
                            || unit
                                .antecedents
                                .binary_search_by(|(x, _)| x.as_str().cmp(e))
                                .is_ok_and(|i| unit.antecedents[i].1 == *seg)
                    })
                {
                    continue;
                }
                let better = match best.get(r.fact.as_str()) {
                    None => true,
                    Some((old, _)) => {
                        (r.confidence(), r.cards, std::cmp::Reverse(&r.antecedent))
                            > (
                                old.confidence(),
                                old.cards,
                                std::cmp::Reverse(&old.antecedent),
                            )
                    }
                };
                if better {
                    best.insert(r.fact.as_str(), (r, *seg));
                }
            }
        }
        // Group by sentence and by where the fact goes (keywords on `abilities=`).
        let mut groups: Vec<(usize, bool, Vec<&'i Rule>)> = Vec::new();
        let mut facts: Vec<&str> = best.keys().copied().collect();
        facts.sort_unstable();
        for fact in facts {
            let (rule, seg) = best[fact];
            let keyword = fact.starts_with("ab:");
            match groups.iter_mut().find(|g| g.0 == seg && g.1 == keyword) {
                Some(g) => g.2.push(rule),
                None => groups.push((seg, keyword, vec![rule])),
            }
        }
        groups.sort_by_key(|g| (g.0, g.1));
        for (segment, keyword, mut rules) in groups {
            rules.sort_by(|a, b| {
                b.confidence()
                    .total_cmp(&a.confidence())
                    .then(b.cards.cmp(&a.cards))
                    .then(a.fact.cmp(&b.fact))
            });
            let range = place(text, unit, segment, keyword);
            out.push(Deviation {
                unit: ui,
                segment,
                rules,
                range,
            });
        }
    }
    out
}

/// The mana and tap symbols of a rules-text cost (`{1}{R}, {T}:` → `{1}{R}{T}`), lower-cased.
fn cost_symbols(text: &str) -> String {
    text.split(':')
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .collect::<String>()
        .to_ascii_lowercase()
}

/// The line a sentence describes: for a keyword, `abilities=`; for a `{cost}: effect` sentence,
/// the one activated line whose cost holds its mana symbols; for a `When/Whenever/At` sentence,
/// the one trigger line; else the one line of code. Otherwise the text.
fn place(text: &str, unit: &Unit<'_>, segment: usize, keyword: bool) -> TextRange {
    if keyword {
        if let Some(l) = unit
            .lines
            .iter()
            .find(|l| l.meaning == KeyMeaning::Abilities)
        {
            return l.range;
        }
        return unit.text_range;
    }
    let code: Vec<&Line> = unit.lines.iter().filter(|l| is_auto(l.meaning)).collect();
    let value = |l: &Line| {
        text[usize::from(l.range.start())..usize::from(l.range.end())].to_ascii_lowercase()
    };
    let sentence = unit.segments.get(segment).map_or("", |s| s.text);
    let lower = sentence.to_ascii_lowercase();
    let pick = |cands: Vec<&&Line>| match cands.as_slice() {
        [one] => Some(one.range),
        _ => None,
    };
    let found = if sentence.starts_with('{') && sentence.contains(':') {
        let wanted: String = cost_symbols(sentence)
            .split('}')
            .filter(|s| s.starts_with('{') && !s.eq_ignore_ascii_case("{t"))
            .map(|s| format!("{s}}}"))
            .collect();
        pick(
            code.iter()
                .filter(|l| l.facts.contains("activated"))
                .filter(|l| {
                    let v = value(l);
                    let cost = v.split(':').next().unwrap_or("");
                    wanted.is_empty() || cost.contains(&wanted)
                })
                .collect(),
        )
    } else if ["when ", "whenever ", "at "]
        .iter()
        .any(|w| lower.starts_with(w))
    {
        pick(
            code.iter()
                .filter(|l| value(l).trim_start().starts_with('@'))
                .collect(),
        )
    } else {
        None
    };
    let single = match code.as_slice() {
        [one] => Some(one.range),
        _ => None,
    };
    found.or(single).unwrap_or(unit.text_range)
}

/// The miner's units of one card file.
pub fn file_units(text: &str) -> Vec<super::Unit> {
    let parse = syntax::wagic::parse(text);
    let Some(file) = ast::SourceFile::cast(parse.syntax()) else {
        return Vec::new();
    };
    mine_units(text, &file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(code: &str) -> Vec<String> {
        code_facts(code).into_iter().collect()
    }

    #[test]
    fn code_facts_read_triggers_zones_effects_and_words() {
        assert_eq!(
            facts("@movedTo(creature|myGraveyard) from(battlefield):may draw:1 controller"),
            vec![
                "kw:draw",
                "kw:from",
                "kw:movedto",
                "trig:movedto",
                "w:controller",
                "w:may",
                "zone:mygraveyard"
            ]
        );
        assert_eq!(
            facts("{2}{R}{T}:2/0 ueot"),
            vec!["activated", "pt", "w:ueot", "w:{t}"]
        );
        assert_eq!(
            facts("@each my upkeep:life:-1"),
            vec!["each:my:upkeep", "kw:life", "kw:upkeep", "trig:each"]
        );
        assert_eq!(
            facts("moveTo(myhand) target(creature)"),
            vec!["kw:moveto", "kw:target", "moveto:myhand"]
        );
    }

    #[test]
    fn units_and_deviations() {
        let src = "[card]\nname=Moth Keeper\ntext=Flying. Whenever Moth Keeper attacks, you gain 2 life.\nabilities=vigilance\nauto=@combat(attacking) source(this):life:2\n[/card]\n";
        let parse = syntax::wagic::parse(src);
        let file = ast::SourceFile::cast(parse.syntax()).unwrap();
        let us = units(src, &file);
        assert_eq!(us.len(), 1);
        assert_eq!(us[0].name, "Moth Keeper");
        assert!(us[0].antecedents.iter().any(|(a, _)| a == "W|^ flying"));
        let rules = vec![
            Rule {
                antecedent: "W|^ flying".into(),
                fact: "ab:flying".into(),
                support: 100,
                holds: 100,
                cards: 100,
                example: "Sky Eel".into(),
            },
            Rule {
                antecedent: "W|you gain #".into(),
                fact: "kw:life".into(),
                support: 50,
                holds: 50,
                cards: 50,
                example: "Healer".into(),
            },
        ];
        let idioms = Idioms::new(
            "test",
            super::super::Mined {
                rules,
                exceptions: Default::default(),
            },
        );
        let devs = deviations(src, &us, &idioms);
        assert_eq!(devs.len(), 1);
        assert_eq!(devs[0].rules[0].fact, "ab:flying");
        let abilities = src.find("vigilance").unwrap();
        assert_eq!(usize::from(devs[0].range.start()), abilities);
        // The checker's units keep exactly the antecedents the idioms know, and deviate alike.
        let cards = file
            .cards()
            .map(|c| c.entries().map(|e| (e.meaning(), e.value_range())));
        let known = units_for(src, cards, &idioms);
        let kept: Vec<&str> = known[0]
            .antecedents
            .iter()
            .map(|(a, _)| a.as_str())
            .collect();
        assert_eq!(kept, ["W|^ flying", "W|you gain #"]);
        let devs_known = deviations(src, &known, &idioms);
        assert_eq!(devs_known.len(), devs.len());
        assert_eq!(devs_known[0].rules[0].fact, devs[0].rules[0].fact);
        assert_eq!(devs_known[0].range, devs[0].range);
    }
}
