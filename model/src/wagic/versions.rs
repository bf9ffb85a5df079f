//! What the two shipped Wagic engines read: `model/data/wagic/versions/2016.tsv` (WagicProject/wagic
//! `140ee7b`, 2016-06-29, the engine the card corpus and its 719-test suite were written for) and
//! `head.tsv` (`37115e1`, 2026-06-26, today's engine), both written by
//! `cardlint vocab wagic <source>` (`extract::wagic`). The vocabulary (`super::vocab`) takes from
//! them which words exist and their status; the hand lists add documentation and what an
//! extraction cannot see.

use std::sync::LazyLock;

pub use extract::wagic::{Lookup, WagicExtraction, WagicKind, WagicRow, reads};

/// A shipped engine version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Version {
    /// `140ee7b` (2016-06-29): the engine of the card corpus and the test suite.
    V2016,
    /// `37115e1` (2026-06-26): today's engine.
    Head,
}

impl Version {
    pub const ALL: [Version; 2] = [Version::V2016, Version::Head];

    pub fn as_str(self) -> &'static str {
        match self {
            Version::V2016 => "2016",
            Version::Head => "head",
        }
    }

    /// A shipped version named in a configuration (`"2016"`, `"head"`).
    pub fn parse(value: &str) -> Option<Version> {
        Version::ALL
            .into_iter()
            .find(|v| v.as_str().eq_ignore_ascii_case(value.trim()))
    }

    /// The version's source as findings name it, briefly (never a path).
    pub fn source_name(self) -> &'static str {
        match self {
            Version::V2016 => "the Wagic 2016 source",
            Version::Head => "the Wagic head source",
        }
    }
}

static V2016: LazyLock<WagicExtraction> =
    LazyLock::new(|| parse(include_str!("../../data/wagic/versions/2016.tsv")));
static HEAD: LazyLock<WagicExtraction> =
    LazyLock::new(|| parse(include_str!("../../data/wagic/versions/head.tsv")));

fn parse(text: &str) -> WagicExtraction {
    // The files are checked by the tests; a broken one reads as empty rather than aborting.
    WagicExtraction::from_tsv(text).unwrap_or_default()
}

/// The shipped extraction of a version.
pub fn shipped(v: Version) -> &'static WagicExtraction {
    match v {
        Version::V2016 => &V2016,
        Version::Head => &HEAD,
    }
}

/// Where a version's rows may read a word: the vocabulary asks for every word of every hand
/// list, and testing each word against every row was most of a Wagic check's start-up.
struct RowIndex {
    /// Row numbers by name.
    by_name: std::collections::HashMap<&'static str, Vec<usize>>,
    /// (the literal without the blanks and commas around it, row number), sorted.
    by_literal: Vec<(&'static str, usize)>,
    /// Rows of words a card line is searched for (`card:<letter>:contains`).
    contained: Vec<usize>,
}

impl RowIndex {
    fn new(x: &'static WagicExtraction) -> RowIndex {
        let mut by_name: std::collections::HashMap<&'static str, Vec<usize>> = Default::default();
        let mut by_literal = Vec::with_capacity(x.rows.len());
        let mut contained = Vec::new();
        for (i, r) in x.rows.iter().enumerate() {
            by_name.entry(r.name.as_str()).or_default().push(i);
            by_literal.push((literal(&r.name), i));
            if r.detail.starts_with("card:") && r.detail.ends_with(":contains") {
                contained.push(i);
            }
        }
        by_literal.sort_unstable();
        RowIndex {
            by_name,
            by_literal,
            contained,
        }
    }

    /// Row numbers that may read `key` under `lookup` (more than do: `reads` decides).
    fn candidates(&self, lookup: Lookup, key: &str, out: &mut Vec<usize>) {
        let named = |out: &mut Vec<usize>| {
            out.extend(self.by_name.get(key).into_iter().flatten().copied());
        };
        match lookup {
            Lookup::Exact => named(out),
            Lookup::Key => {
                named(out);
                out.extend(&self.contained);
            }
            // `reads` wants the literal to start with the trimmed key.
            Lookup::Word => {
                let key = key.trim();
                if key.is_empty() {
                    return;
                }
                let from = self.by_literal.partition_point(|(lit, _)| *lit < key);
                out.extend(
                    self.by_literal[from..]
                        .iter()
                        .take_while(|(lit, _)| lit.starts_with(key))
                        .map(|(_, i)| *i),
                );
            }
        }
    }
}

/// A literal as `reads` compares it (`Lookup::Word`).
fn literal(name: &str) -> &str {
    name.trim_matches(|c: char| c.is_whitespace() || c == ',')
}

fn index(v: Version) -> &'static RowIndex {
    static V2016_INDEX: LazyLock<RowIndex> = LazyLock::new(|| RowIndex::new(&V2016));
    static HEAD_INDEX: LazyLock<RowIndex> = LazyLock::new(|| RowIndex::new(&HEAD));
    match v {
        Version::V2016 => &V2016_INDEX,
        Version::Head => &HEAD_INDEX,
    }
}

/// The rows of `kinds` in version `v` that read any of `keys`, in file order.
pub fn reading(
    v: Version,
    kinds: &[WagicKind],
    lookup: Lookup,
    keys: &[&str],
) -> Vec<&'static WagicRow> {
    let rows = &shipped(v).rows;
    let mut found = Vec::new();
    for key in keys {
        index(v).candidates(lookup, key, &mut found);
    }
    found.sort_unstable();
    found.dedup();
    found
        .into_iter()
        .map(|i| &rows[i])
        .filter(|r| kinds.contains(&r.kind))
        .filter(|r| keys.iter().any(|k| reads(lookup, &r.name, &r.detail, k)))
        .collect()
}

/// The first row of `kinds` in version `v` that reads `key`.
pub fn find(
    v: Version,
    kinds: &[WagicKind],
    lookup: Lookup,
    key: &str,
) -> Option<&'static WagicRow> {
    shipped(v)
        .rows
        .iter()
        .filter(|r| kinds.contains(&r.kind))
        .find(|r| reads(lookup, &r.name, &r.detail, key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_versions_load() {
        for v in Version::ALL {
            let x = shipped(v);
            assert!(
                x.rows.len() > 500,
                "{} has {} rows",
                v.as_str(),
                x.rows.len()
            );
            assert!(x.of(WagicKind::BasicAbility).count() > 100);
        }
        assert!(
            find(
                Version::V2016,
                &[WagicKind::BasicAbility],
                Lookup::Exact,
                "opponentshroud"
            )
            .is_some()
        );
        assert!(
            find(
                Version::Head,
                &[WagicKind::BasicAbility],
                Lookup::Exact,
                "opponentshroud"
            )
            .is_none()
        );
    }
}
