//! Did-you-mean: the vocabulary words closest to a misspelt one.

/// Edit distance between two words, with a transposition counting as one edit.
pub fn distance(a: &str, b: &str) -> usize {
    strsim::damerau_levenshtein(a, b)
}

/// How many edits a word of this length may be from a suggestion.
fn max_distance(word: &str) -> usize {
    match word.chars().count() {
        0..=3 => 1,
        4..=7 => 2,
        _ => 3,
    }
}

/// The candidates within reach of `word`, closest first (case differences count as nothing).
pub fn near_misses<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let lower = word.to_lowercase();
    let limit = max_distance(word);
    let len = word.chars().count();
    let letters = Letters::of(&lower);
    let mut scored: Vec<(usize, &'a str)> = candidates
        .into_iter()
        .filter_map(|c| {
            // Cheap lower bounds first: the distance is at least the difference in length, and
            // at least what the letter counts say.
            if c == word
                || c.chars().count().abs_diff(len) > limit
                || !letters.may_be_within(c, limit)
            {
                return None;
            }
            let d = distance(&lower, &c.to_lowercase());
            (d <= limit).then_some((d, c))
        })
        .collect();
    scored.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().map(|(_, c)| c).collect()
}

/// Letter counts of a word (ASCII, ignoring case), a cheap lower bound of its edit distance to
/// others: an edit changes at most two counts, so two words are at least half the difference of
/// their counts apart.
pub struct Letters(Option<[u16; 128]>);

impl Letters {
    pub fn of(word: &str) -> Letters {
        Letters(ascii_histogram(word))
    }

    /// Whether `other` may be within `limit` edits (case aside); `true` when either word is not
    /// ASCII (the counts bound nothing then).
    pub fn may_be_within(&self, other: &str, limit: usize) -> bool {
        let (Some(a), Some(b)) = (&self.0, ascii_histogram(other)) else {
            return true;
        };
        let diff: u32 = a
            .iter()
            .zip(&b)
            .map(|(x, y)| u32::from(x.abs_diff(*y)))
            .sum();
        diff.div_ceil(2) as usize <= limit
    }
}

/// Letter counts of an ASCII word, ignoring case (`None` for other text).
fn ascii_histogram(word: &str) -> Option<[u16; 128]> {
    let mut counts = [0u16; 128];
    for b in word.bytes() {
        if !b.is_ascii() {
            return None;
        }
        let count = &mut counts[b.to_ascii_lowercase() as usize];
        *count = count.saturating_add(1);
    }
    Some(counts)
}

/// The closest candidate, if any is within reach.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    near_misses(word, candidates).into_iter().next()
}

/// The one candidate a safe fix may pick: strictly closer than every other candidate.
pub fn unique_near_miss<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let lower = word.to_lowercase();
    let misses = near_misses(word, candidates);
    let best = *misses.first()?;
    let d0 = distance(&lower, &best.to_lowercase());
    match misses.get(1) {
        Some(second) if distance(&lower, &second.to_lowercase()) == d0 => None,
        _ => Some(best),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        let words = ["Destroy", "DestroyAll", "Draw", "Discard"];
        assert_eq!(did_you_mean("Destory", words), Some("Destroy"));
        assert_eq!(unique_near_miss("Destory", words), Some("Destroy"));
        assert_eq!(did_you_mean("Zzz", words), None);
        assert_eq!(unique_near_miss("destroy", words), Some("Destroy"));
        assert_eq!(unique_near_miss("Draq", ["Draw", "Drag"]), None);
    }
}
