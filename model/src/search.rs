//! Substring search for the short, fixed needles rules look for in a card's lines and texts:
//! `str::find` sets up a two-way searcher on every call, which costs more than the search itself
//! on a line of a card; here a scan for one byte of the needle and a compare do the work.

/// Where the needle is anchored: its first byte that is not a space (a space is the commonest
/// byte of rules text, a poor byte to scan for).
fn anchor(needle: &[u8]) -> usize {
    needle.iter().position(|&b| b != b' ').unwrap_or(0)
}

/// The byte offset of the first `needle` in `haystack` at or after `from` (`str::find`'s
/// answer, offset by `from`). Linear in the haystack for a needle of bounded length.
fn find_from(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() {
        return (from <= haystack.len()).then_some(from);
    }
    if haystack.len() < needle.len() {
        return None;
    }
    let k = anchor(needle);
    let last = haystack.len() - needle.len();
    let mut at = from;
    while at <= last {
        let i = memchr::memchr(needle[k], &haystack[at + k..=last + k])?;
        let start = at + i;
        if &haystack[start..start + needle.len()] == needle {
            return Some(start);
        }
        at = start + 1;
    }
    None
}

/// The byte offset of the first `needle` in `haystack`, as `haystack.find(needle)`.
pub fn find(haystack: &str, needle: &str) -> Option<usize> {
    find_from(haystack.as_bytes(), needle.as_bytes(), 0)
}

/// Whether `haystack` holds `needle`, as `haystack.contains(needle)`.
pub fn contains(haystack: &str, needle: &str) -> bool {
    find(haystack, needle).is_some()
}

/// The offsets of the non-overlapping occurrences of a non-empty `needle`, left to right, as
/// `haystack.match_indices(needle)` gives them.
pub fn find_all<'h>(haystack: &'h str, needle: &'h str) -> impl Iterator<Item = usize> + 'h {
    let mut from = 0;
    std::iter::from_fn(move || {
        if needle.is_empty() {
            return None;
        }
        let at = find_from(haystack.as_bytes(), needle.as_bytes(), from)?;
        from = at + needle.len();
        Some(at)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_standard_search() {
        let texts = [
            "",
            "a",
            "Whenever Glimmer Bat attacks, you may draw a card.",
            " — Landfall — ",
            "aaaa",
            "Cost$ 2 T: Draw a card.  Target player discards",
            "ÆtherSnap: exile — “quoted” ",
        ];
        let needles = [
            "", " ", "a", "aa", " — ", ": ", ". ", "Target", "target", "you may", "—", "“", "zz",
        ];
        for t in texts {
            for n in needles {
                assert_eq!(find(t, n), t.find(n), "{t:?} / {n:?}");
                assert_eq!(contains(t, n), t.contains(n), "{t:?} / {n:?}");
                if !n.is_empty() {
                    let ours: Vec<usize> = find_all(t, n).collect();
                    let std: Vec<usize> = t.match_indices(n).map(|(i, _)| i).collect();
                    assert_eq!(ours, std, "{t:?} / {n:?}");
                }
            }
        }
    }
}
