//! Which fixes apply together: the edits of the applicable fixes of one file that do not
//! overlap, in order. The CLI's `--fix` (`src/fix.rs`) applies them round after round; the fuzz
//! targets (`fuzz/`) apply them to mutated files.

use crate::{Applicability, Diagnostic, Edit, Fix};

/// The edits of the applicable fixes of one file that do not overlap, sorted, and the number of
/// fixes they come from. A fix is taken whole or not at all.
pub fn choose_edits(diagnostics: &[Diagnostic], allow_unsafe: bool) -> (Vec<Edit>, usize) {
    let mut fixes: Vec<&Fix> = diagnostics
        .iter()
        .filter_map(|d| d.fix.as_ref())
        .filter(|f| f.applicability == Applicability::Safe || allow_unsafe)
        .filter(|f| !f.edits.is_empty())
        .collect();
    fixes.sort_by_key(|f| f.edits.iter().map(|e| e.range.start()).min());
    let mut chosen: Vec<Edit> = Vec::new();
    let mut count = 0;
    for fix in fixes {
        // Edits of one fix that overlap each other cannot be applied either.
        let inner = fix
            .edits
            .iter()
            .enumerate()
            .any(|(i, a)| fix.edits[i + 1..].iter().any(|b| conflicts(a, b)));
        let overlaps = inner
            || fix
                .edits
                .iter()
                .any(|e| chosen.iter().any(|c| conflicts(c, e)));
        if overlaps {
            continue;
        }
        for e in &fix.edits {
            if !chosen.contains(e) {
                chosen.push(e.clone());
            }
        }
        count += 1;
    }
    chosen.sort_by_key(|e| (e.range.start(), e.range.end()));
    (chosen, count)
}

/// Whether two edits cannot both be applied (identical edits can: they are one).
pub fn conflicts(a: &Edit, b: &Edit) -> bool {
    if a == b {
        return false;
    }
    let (s1, e1, s2, e2) = (
        a.range.start(),
        a.range.end(),
        b.range.start(),
        b.range.end(),
    );
    match (a.range.is_empty(), b.range.is_empty()) {
        (true, true) => s1 == s2,
        (true, false) => s2 < s1 && s1 < e2,
        (false, true) => s1 < s2 && s2 < e1,
        (false, false) => s1 < e2 && s2 < e1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use syntax::TextRange;

    #[test]
    fn overlapping_edits_conflict() {
        let e = |s: u32, t: u32| Edit::replace(TextRange::new(s.into(), t.into()), "x");
        assert!(conflicts(&e(0, 5), &e(3, 8)));
        assert!(!conflicts(&e(0, 5), &e(5, 8)));
        assert!(conflicts(
            &e(2, 2),
            &Edit::replace(TextRange::empty(2.into()), "y")
        ));
        assert!(!conflicts(&e(2, 4), &e(2, 4)));
        assert!(conflicts(&e(0, 5), &e(3, 3)));
    }
}
