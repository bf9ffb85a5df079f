//! Text changes of open documents, the region they touched, and moving findings past them.

use lint::Diagnostic;
use syntax::{TextRange, TextSize};

/// One change of a document: `range` (byte offsets of the text before the change; `None` for
/// the whole text) becomes `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextChange {
    pub range: Option<TextRange>,
    pub text: String,
}

/// The part of a text that changed since it was last analysed: `start..old_end` of the analysed
/// text is `start..new_end` of the current one, and everything around it is the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dirty {
    pub start: usize,
    pub old_end: usize,
    pub new_end: usize,
}

impl Dirty {
    /// Adds a change of the current text (`start..end` replaced by `len` bytes).
    pub fn compose(this: Option<Dirty>, start: usize, end: usize, len: usize) -> Dirty {
        let Some(d) = this else {
            return Dirty {
                start,
                old_end: end,
                new_end: start + len,
            };
        };
        let lo = d.start.min(start);
        let hi = d.new_end.max(end);
        Dirty {
            start: lo,
            old_end: d.old_end + (hi - d.new_end),
            new_end: hi + len - (end - start),
        }
    }

    /// How far text after the change moved.
    pub fn delta(&self) -> i64 {
        self.new_end as i64 - self.old_end as i64
    }
}

/// Applies one change to a text, clamping its range to the text and to character boundaries.
/// Returns the byte range it replaced and the length of what replaced it.
pub fn apply(text: &mut String, change: &TextChange) -> (usize, usize, usize) {
    let (start, end) = match change.range {
        Some(r) => {
            let clamp = |o: TextSize| {
                let mut o = usize::from(o).min(text.len());
                while !text.is_char_boundary(o) {
                    o -= 1;
                }
                o
            };
            let (s, e) = (clamp(r.start()), clamp(r.end()));
            (s.min(e), e.max(s))
        }
        None => {
            // A whole new text: keep what is the same at both ends, so that the change is small.
            let (s, e, n) = diff(text, &change.text);
            text.replace_range(s..e, &change.text[s..n]);
            return (s, e, n - s);
        }
    };
    text.replace_range(start..end, &change.text);
    (start, end, change.text.len())
}

/// The common prefix and suffix of two texts: `old[s..e]` became `new[s..n]`.
pub fn diff(old: &str, new: &str) -> (usize, usize, usize) {
    let (a, b) = (old.as_bytes(), new.as_bytes());
    let max = a.len().min(b.len());
    let mut s = 0;
    // Compare in blocks first: large texts mostly share long stretches.
    while s + 64 <= max && a[s..s + 64] == b[s..s + 64] {
        s += 64;
    }
    while s < max && a[s] == b[s] {
        s += 1;
    }
    let mut t = 0;
    let max_t = max - s;
    while t + 64 <= max_t && a[a.len() - t - 64..a.len() - t] == b[b.len() - t - 64..b.len() - t] {
        t += 64;
    }
    while t < max_t && a[a.len() - t - 1] == b[b.len() - t - 1] {
        t += 1;
    }
    let (mut s, mut e, mut n) = (s, a.len() - t, b.len() - t);
    while !old.is_char_boundary(s) || !new.is_char_boundary(s) {
        s -= 1;
    }
    while !old.is_char_boundary(e) || !new.is_char_boundary(n) {
        e += 1;
        n += 1;
    }
    (s, e, n)
}

/// Moves a range that starts at or after `from` by `delta`.
pub fn shift_range(range: TextRange, from: TextSize, delta: i64) -> TextRange {
    if range.start() < from || delta == 0 {
        return range;
    }
    let move_to = |o: TextSize| TextSize::from((i64::from(u32::from(o)) + delta).max(0) as u32);
    TextRange::new(move_to(range.start()), move_to(range.end()))
}

/// Moves a finding (and its fix) that starts at or after `from` by `delta`.
pub fn shift_diagnostic(d: &mut Diagnostic, from: TextSize, delta: i64) {
    if d.range.start() < from || delta == 0 {
        return;
    }
    d.range = shift_range(d.range, from, delta);
    if let Some(fix) = &mut d.fix {
        for edit in &mut fix.edits {
            edit.range = shift_range(edit.range, from, delta);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn composed_regions_cover_every_change() {
        let original = "aaaa\nbbbb\ncccc\ndddd\n".to_string();
        let mut text = original.clone();
        let mut dirty = None;
        for (s, e, new) in [(5, 6, "XY"), (16, 17, ""), (1, 1, "zz")] {
            let change = TextChange {
                range: Some(TextRange::new(TextSize::from(s), TextSize::from(e))),
                text: new.to_string(),
            };
            let (s, e, n) = apply(&mut text, &change);
            dirty = Some(Dirty::compose(dirty, s, e, n));
        }
        let d = dirty.unwrap();
        assert_eq!(original[..d.start], text[..d.start]);
        assert_eq!(original[d.old_end..], text[d.new_end..]);
    }

    #[test]
    fn whole_text_changes_become_small() {
        let mut text = "héllo wörld\n".to_string();
        let change = TextChange {
            range: None,
            text: "héllo wärld\n".to_string(),
        };
        let (s, e, _) = apply(&mut text, &change);
        assert_eq!(text, "héllo wärld\n");
        assert!(e - s <= 2, "{s}..{e}");
        assert_eq!(diff("abc", "abc"), (3, 3, 3));
        assert_eq!(diff("", "x"), (0, 0, 1));
        assert_eq!(diff("aXa", "aa"), (1, 2, 1));
    }

    #[test]
    fn ranges_past_the_end_are_clamped() {
        let mut text = "añb".to_string();
        let change = TextChange {
            range: Some(TextRange::new(TextSize::from(2), TextSize::from(99))),
            text: "!".to_string(),
        };
        apply(&mut text, &change);
        assert_eq!(text, "a!");
    }
}
