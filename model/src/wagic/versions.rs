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
