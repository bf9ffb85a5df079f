//! Reading a card's `text=` (its printed rules text) for the rules that compare it with the
//! script (W133-W138). Not a rule: the templates the rules trust, in one place.
//!
//! Wagic's `text=` writes the lines of the rules text separated by ` -- ` (sometimes a literal
//! `\n`); reminder text is in parentheses.

use crate::wagic::{CardView, Ctx};
use syntax::TextRange;
use syntax::wagic::KeyMeaning;

/// Keywords whose printed spelling maps to one basic ability of the engine (`abilities=`), all
/// lower case: (printed, ability).
pub(crate) const KEYWORDS: &[(&str, &str)] = &[
    ("flying", "flying"),
    ("first strike", "first strike"),
    ("double strike", "double strike"),
    ("deathtouch", "deathtouch"),
    ("defender", "defender"),
    ("fear", "fear"),
    ("flash", "flash"),
    ("haste", "haste"),
    ("hexproof", "hexproof"),
    ("indestructible", "indestructible"),
    ("infect", "infect"),
    ("intimidate", "intimidate"),
    ("lifelink", "lifelink"),
    ("menace", "menace"),
    ("reach", "reach"),
    ("shroud", "shroud"),
    ("trample", "trample"),
    ("vigilance", "vigilance"),
    ("wither", "wither"),
    ("shadow", "shadow"),
    ("horsemanship", "horsemanship"),
    ("changeling", "changeling"),
    ("skulk", "skulk"),
    ("devoid", "devoid"),
    ("forestwalk", "forestwalk"),
    ("islandwalk", "islandwalk"),
    ("mountainwalk", "mountainwalk"),
    ("plainswalk", "plainswalk"),
    ("swampwalk", "swampwalk"),
    ("protection from black", "protection from black"),
    ("protection from blue", "protection from blue"),
    ("protection from green", "protection from green"),
    ("protection from red", "protection from red"),
    ("protection from white", "protection from white"),
];

/// The ability a printed keyword stands for.
pub(crate) fn ability_of(printed: &str) -> Option<&'static str> {
    KEYWORDS
        .iter()
        .find(|(p, _)| *p == printed)
        .map(|(_, a)| *a)
}

/// The printed spelling of an ability of `KEYWORDS`.
pub(crate) fn printed_of(ability: &str) -> Option<&'static str> {
    KEYWORDS
        .iter()
        .find(|(_, a)| *a == ability)
        .map(|(p, _)| *p)
}

/// One line of the rules text: its byte range in the `text=` value, and its text.
pub(crate) struct Line<'a> {
    pub start: usize,
    pub text: &'a str,
}

impl Line<'_> {
    /// The line without reminder text, lower case, spaces collapsed.
    pub fn plain(&self) -> String {
        // One pass: a run of whitespace between two kept characters is one space (what
        // `split_whitespace` and `join(" ")` make of the text without its reminder).
        let mut out = String::with_capacity(self.text.len());
        let mut depth = 0usize;
        let mut space = false;
        for c in self.text.chars() {
            match c {
                '(' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                _ if depth == 0 => {
                    if c.is_whitespace() {
                        space = !out.is_empty();
                    } else {
                        if space {
                            out.push(' ');
                            space = false;
                        }
                        out.push(c.to_ascii_lowercase());
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// The line without reminder text, split into sentences (each trimmed, case kept).
    pub fn sentences(&self) -> Vec<String> {
        let mut text = String::with_capacity(self.text.len());
        let mut depth = 0usize;
        for c in self.text.chars() {
            match c {
                '(' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                _ if depth == 0 => text.push(c),
                _ => {}
            }
        }
        // A sentence ends at a `.` followed by whitespace or the end.
        let mut out = Vec::new();
        let mut start = 0;
        for (i, c) in text.char_indices() {
            if c == '.'
                && text[i + 1..]
                    .chars()
                    .next()
                    .is_none_or(|n| n.is_whitespace())
            {
                let s = text[start..=i].trim();
                if !s.is_empty() {
                    out.push(s.to_string());
                }
                start = i + 1;
            }
        }
        let s = text[start..].trim();
        if !s.is_empty() {
            out.push(s.to_string());
        }
        out
    }
}

/// The lines of a `text=` value.
pub(crate) fn lines(value: &str) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = value.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        // The byte first: most bytes start no separator.
        let sep = match bytes[i] {
            b' ' if bytes[i..].starts_with(b" -- ") => 4,
            b'\\' if bytes[i..].starts_with(b"\\n") => 2,
            _ => 0,
        };
        if sep > 0 {
            out.push(Line {
                start,
                text: &value[start..i],
            });
            i += sep;
            start = i;
        } else {
            i += 1;
        }
    }
    out.push(Line {
        start,
        text: &value[start..],
    });
    out.retain(|l| !l.text.trim().is_empty());
    // A line of dashes starts the other face of a flip card: its abilities are not this face's.
    if let Some(i) = out
        .iter()
        .position(|l| l.text.trim().len() >= 3 && l.text.trim().bytes().all(|b| b == b'-'))
    {
        out.truncate(i);
    }
    for l in &mut out {
        let trimmed = l.text.trim_start();
        l.start += l.text.len() - trimmed.len();
        l.text = trimmed.trim_end();
    }
    out
}

/// A card's `text=` read once for every rule that compares it with the script: the value,
/// where it starts in the file, and its lines, each with its plain form, its sentences and its
/// keywords.
pub(crate) struct Text {
    pub value: String,
    /// Where the value starts in the file.
    pub base: usize,
    pub lines: Vec<TextLine>,
}

/// One line of a `Text`, read.
pub(crate) struct TextLine {
    /// Where the line starts in the value.
    pub start: usize,
    end: usize,
    /// `Line::plain`.
    pub plain: String,
    /// `Line::sentences`.
    pub sentences: Vec<String>,
    /// `keyword_line`: the keywords of a line made only of keywords.
    pub keywords: Option<Vec<String>>,
}

impl Text {
    pub fn read(value: String, base: usize) -> Text {
        let lines = lines(&value)
            .iter()
            .map(|l| {
                let plain = l.plain();
                TextLine {
                    start: l.start,
                    end: l.start + l.text.len(),
                    keywords: keywords_of(&plain),
                    sentences: l.sentences(),
                    plain,
                }
            })
            .collect();
        Text { value, base, lines }
    }

    /// The line's text as written (trimmed).
    pub fn line(&self, line: &TextLine) -> &str {
        &self.value[line.start..line.end]
    }
}

/// The keywords of a line made only of keywords (`Flying, first strike`, `Protection from
/// black and from red`), as printed (lower case); `None` when anything else is on the line.
#[cfg(test)]
fn keyword_line(line: &Line<'_>) -> Option<Vec<String>> {
    keywords_of(&line.plain())
}

/// `keyword_line` of a line's plain form.
fn keywords_of(plain: &str) -> Option<Vec<String>> {
    let plain = plain.trim().trim_end_matches('.').trim();
    if plain.is_empty() {
        return None;
    }
    let mut out: Vec<String> = Vec::new();
    for item in plain.split([',', ';']) {
        for part in item.split(" and ") {
            let part = part.trim();
            let part = part.strip_prefix("and ").unwrap_or(part).trim();
            if part.is_empty() {
                continue;
            }
            let word = if part.starts_with("from ")
                && out.last().is_some_and(|k| k.starts_with("protection from"))
            {
                format!("protection {part}")
            } else {
                part.to_string()
            };
            ability_of(&word)?;
            out.push(word);
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The card's `text=` entry, read (at the first rule that asks).
pub(crate) fn text_of(card: &CardView) -> Option<&Text> {
    card.text
        .get_or_init(|| {
            let e = card.entry(KeyMeaning::Text)?;
            let value = e.value_text();
            if value.trim().is_empty() {
                return None;
            }
            Some(Text::read(value, usize::from(e.value_range().start())))
        })
        .as_ref()
}

/// The range of `len` bytes at `at` in a `text=` value starting at `base`.
pub(crate) fn at(base: usize, at: usize, len: usize) -> TextRange {
    crate::wagic::range(base + at, base + at + len)
}

/// The card's ability code: every ability value (`auto=`, `auto<zone>=`...) and its macro
/// expansion, lower case.
pub(crate) fn code_of(ctx: &Ctx<'_>, card: &CardView) -> Vec<String> {
    ctx.card_code(card)
        .flat_map(|l| l.views.iter().map(|v| v.text.clone()))
        .collect()
}

/// The card's `abilities=` items (lower case, trimmed), with their ranges.
pub(crate) fn abilities_of(card: &CardView) -> Vec<(String, TextRange)> {
    let mut out = Vec::new();
    for e in card.entries_of(KeyMeaning::Abilities) {
        let value = e.value_text();
        let base = usize::from(e.value_range().start());
        let mut offset = 0;
        for item in value.split(',') {
            let here = offset;
            offset += item.len() + 1;
            let lead = item.len() - item.trim_start().len();
            let t = item.trim();
            if t.is_empty() {
                continue;
            }
            out.push((
                t.to_ascii_lowercase(),
                crate::wagic::range(base + here + lead, base + here + lead + t.len()),
            ));
        }
    }
    out
}

/// Whether `word` occurs in `text` with no letter on either side.
pub(crate) fn has_word(text: &str, word: &str) -> bool {
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let s = from + i;
        let e = s + word.len();
        let before = text[..s].chars().next_back();
        let after = text[e..].chars().next();
        if !before.is_some_and(|c| c.is_ascii_alphabetic())
            && !after.is_some_and(|c| c.is_ascii_alphabetic())
        {
            return true;
        }
        from = s + word.len().max(1);
    }
    false
}

/// A number as printed (`2`, `two`, `a`), up to three digits.
pub(crate) fn number(word: &str) -> Option<i64> {
    crate::common::printed_number(word, 3)
}

/// Shortens a quote of the text for a message.
pub(crate) fn quote(s: &str) -> String {
    let s = s.trim();
    if s.chars().count() > 70 {
        let cut: String = s.chars().take(67).collect();
        format!("{cut}...")
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyword_lines() {
        let l = lines("Flying, vigilance -- {T}: Draw a card.");
        assert_eq!(l.len(), 2);
        assert_eq!(
            keyword_line(&l[0]),
            Some(vec!["flying".to_string(), "vigilance".to_string()])
        );
        assert_eq!(keyword_line(&l[1]), None);
        let l = lines("Protection from blue, from black, and from red");
        assert_eq!(keyword_line(&l[0]).map(|v| v.len()), Some(3));
        let l = lines("Trample (This creature can deal excess damage.)");
        assert_eq!(keyword_line(&l[0]), Some(vec!["trample".to_string()]));
        let l = lines("Enchanted creature has flying.");
        assert_eq!(keyword_line(&l[0]), None);
    }

    #[test]
    fn every_keyword_is_a_basic_ability_of_the_engine() {
        for (_, ability) in KEYWORDS {
            assert!(
                model::wagic::vocab::basic_abilities().knows(ability),
                "{ability} is no basic ability of the model"
            );
        }
    }

    #[test]
    fn words_and_numbers() {
        assert!(has_word("has flying.", "flying"));
        assert!(!has_word("flyingx", "flying"));
        assert_eq!(number("three"), Some(3));
        assert_eq!(number("12"), Some(12));
        assert_eq!(number("X"), None);
    }
}
