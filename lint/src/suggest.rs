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
    let mut scored: Vec<(usize, &'a str)> = candidates
        .into_iter()
        .filter_map(|c| {
            // The distance is at least the difference in length: skip far candidates cheaply.
            if c == word || c.chars().count().abs_diff(len) > limit {
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
