//! What one Forge version reads, as facts: one row per word (`kind name detail location`), as
//! `cardlint vocab forge` writes them from a Forge source tree. The vocabulary of a version
//! (`vocab::Vocabulary`) is built from its facts and the project's annotations (documentation).

use super::vocab::{FxBuild, Map, Version, Versions};
use std::borrow::Cow;

/// The kinds of words a Forge engine reads (the first column of a facts file).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FactKind {
    /// An ApiType (`AB$ Destroy`); detail: its effect class.
    Api,
    /// The AI class of an ApiType; detail: the class.
    ApiAi,
    /// A trigger mode; detail: its class.
    Trigger,
    /// A replacement event; detail: its class.
    Replacement,
    /// A static ability mode; detail: the class that handles it.
    Static,
    /// A keyword (`K:Flying`); detail: its keyword-instance class.
    Keyword,
    /// A hidden keyword matched by its literal text (`CARDNAME can't block.`).
    KeywordInternal,
    /// A counter type (enum constant); detail: its display name.
    Counter,
    Zone,
    /// A phase: detail `name` (the script name) or `enum` (the enum constant).
    Phase,
    /// A cost part (`Sac`, `T`); detail: its class.
    Cost,
    /// A `Defined$` word; detail: `<match>:<what>`.
    Defined,
    /// A word after `Count$`; detail: the match.
    Count,
    /// A card Valid property; detail: the match.
    ValidCard,
    /// A player Valid property; detail: the match.
    ValidPlayer,
    /// A spell-ability Valid property; detail: the match.
    ValidSpell,
    /// A parameter key; detail: the scope that reads it (`api:Destroy`, `common:ability`...).
    Param,
    /// A `Triggered<Key>` object; detail: the trigger mode that provides it.
    TriggerVar,
    /// A card-script line key (`Name`, `A`, `SVar`).
    LineKey,
    /// A value a scope compares a parameter with; name: the parameter, detail:
    /// `<scope> <how> <word>` (see `values.rs`).
    Value,
}

impl FactKind {
    pub const ALL: [FactKind; 20] = [
        FactKind::Api,
        FactKind::ApiAi,
        FactKind::Trigger,
        FactKind::Replacement,
        FactKind::Static,
        FactKind::Keyword,
        FactKind::KeywordInternal,
        FactKind::Counter,
        FactKind::Zone,
        FactKind::Phase,
        FactKind::Cost,
        FactKind::Defined,
        FactKind::Count,
        FactKind::ValidCard,
        FactKind::ValidPlayer,
        FactKind::ValidSpell,
        FactKind::Param,
        FactKind::TriggerVar,
        FactKind::LineKey,
        FactKind::Value,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            FactKind::Api => "api",
            FactKind::ApiAi => "api-ai",
            FactKind::Trigger => "trigger",
            FactKind::Replacement => "replacement",
            FactKind::Static => "static",
            FactKind::Keyword => "keyword",
            FactKind::KeywordInternal => "keyword-internal",
            FactKind::Counter => "counter",
            FactKind::Zone => "zone",
            FactKind::Phase => "phase",
            FactKind::Cost => "cost",
            FactKind::Defined => "defined",
            FactKind::Count => "count",
            FactKind::ValidCard => "valid-card",
            FactKind::ValidPlayer => "valid-player",
            FactKind::ValidSpell => "valid-spell",
            FactKind::Param => "param",
            FactKind::TriggerVar => "trigger-var",
            FactKind::LineKey => "line-key",
            FactKind::Value => "value",
        }
    }

    pub fn parse(s: &str) -> Option<FactKind> {
        // The inverse of `as_str` (a match: every facts row is read through it at start-up).
        Some(match s {
            "api" => FactKind::Api,
            "api-ai" => FactKind::ApiAi,
            "trigger" => FactKind::Trigger,
            "replacement" => FactKind::Replacement,
            "static" => FactKind::Static,
            "keyword" => FactKind::Keyword,
            "keyword-internal" => FactKind::KeywordInternal,
            "counter" => FactKind::Counter,
            "zone" => FactKind::Zone,
            "phase" => FactKind::Phase,
            "cost" => FactKind::Cost,
            "defined" => FactKind::Defined,
            "count" => FactKind::Count,
            "valid-card" => FactKind::ValidCard,
            "valid-player" => FactKind::ValidPlayer,
            "valid-spell" => FactKind::ValidSpell,
            "param" => FactKind::Param,
            "trigger-var" => FactKind::TriggerVar,
            "line-key" => FactKind::LineKey,
            "value" => FactKind::Value,
            _ => return None,
        })
    }

    /// Whether Forge compares these words ignoring case (enum lookups), so that the facts
    /// are keyed by the lower-cased word.
    pub fn ignores_case(self) -> bool {
        matches!(
            self,
            FactKind::Api
                | FactKind::ApiAi
                | FactKind::Trigger
                | FactKind::Replacement
                | FactKind::Static
                | FactKind::Keyword
                | FactKind::Zone
                | FactKind::Phase
        )
    }

    /// What the word is, for people ("ApiType", "trigger mode").
    pub fn noun(self) -> &'static str {
        match self {
            FactKind::Api => "ApiType",
            FactKind::ApiAi => "AI of an ApiType",
            FactKind::Trigger => "trigger mode",
            FactKind::Replacement => "replacement event",
            FactKind::Static => "static mode",
            FactKind::Keyword => "keyword",
            FactKind::KeywordInternal => "hidden keyword",
            FactKind::Counter => "counter type",
            FactKind::Zone => "zone",
            FactKind::Phase => "phase",
            FactKind::Cost => "cost part",
            FactKind::Defined => "Defined value",
            FactKind::Count => "Count$ key",
            FactKind::ValidCard => "card property",
            FactKind::ValidPlayer => "player property",
            FactKind::ValidSpell => "spell-ability property",
            FactKind::Param => "parameter",
            FactKind::TriggerVar => "triggered object",
            FactKind::LineKey => "line key",
            FactKind::Value => "parameter value",
        }
    }
}

/// One row of a facts file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fact {
    pub kind: FactKind,
    pub name: &'static str,
    pub detail: &'static str,
    /// Where the engine reads it: `path:line` in its source tree.
    pub location: &'static str,
}

impl Fact {
    /// The key a word is looked up by: lower case for the kinds Forge compares ignoring case,
    /// normalised counter names, `scope\tparam` for params, `mode\tkey` for triggered objects.
    pub fn key(&self) -> String {
        key(self.kind, self.name, self.detail)
    }
}

/// The lookup key of a word of `kind` (see `Fact::key`); `detail` matters for params (their
/// scope) and triggered objects (their mode).
pub fn key(kind: FactKind, name: &str, detail: &str) -> String {
    // Joined by hand: `format!` costs several times as much, and start-up builds a key for
    // every row of the shipped facts.
    let joined = |a: &str, b: &str| {
        let mut s = String::with_capacity(a.len() + 1 + b.len());
        s.push_str(a);
        s.push('\t');
        s.push_str(b);
        s
    };
    match kind {
        FactKind::Param => joined(detail.strip_prefix("api:").unwrap_or(detail), name),
        FactKind::TriggerVar => {
            let mut s = joined(detail, name);
            s[..detail.len()].make_ascii_lowercase();
            s
        }
        FactKind::Value => joined(name, detail),
        FactKind::Counter => super::vocab::normalize_counter(name),
        k if k.ignores_case() => name.to_ascii_lowercase(),
        _ => name.to_string(),
    }
}

/// `key`, borrowing the name when the key is the name itself (no allocation for most words).
pub fn key_cow<'a>(kind: FactKind, name: &'a str, detail: &'a str) -> Cow<'a, str> {
    match kind {
        FactKind::Param | FactKind::TriggerVar | FactKind::Value | FactKind::Counter => {
            Cow::Owned(key(kind, name, detail))
        }
        k if k.ignores_case() && name.bytes().any(|b| b.is_ascii_uppercase()) => {
            Cow::Owned(name.to_ascii_lowercase())
        }
        _ => Cow::Borrowed(name),
    }
}

/// The facts of one Forge version, with lookups by kind and word.
#[derive(Default)]
pub struct Facts {
    /// `# label:` of the file (`2020`, `2022`, `latest`, a source folder).
    pub label: &'static str,
    pub digest: u64,
    pub rows: Vec<Fact>,
    /// `# warning:` lines (what the extraction could not find).
    pub warnings: Vec<&'static str>,
    /// (kind, key) → the first row; built at the first lookup (start-up builds several
    /// versions' facts and looks words up in one of them).
    by_key: std::sync::OnceLock<Index>,
}

/// The lookups of `Facts`: params by (scope, param) without making their `scope\tparam` keys.
/// Each word's first row, with the versions that read it when the facts are a union of
/// versions (`Facts::union`; else none).
#[derive(Default)]
struct Index {
    by_key: Map<(FactKind, Cow<'static, str>), (usize, Versions)>,
    params: Map<(&'static str, &'static str), (usize, Versions)>,
    /// The versions that read a param in any scope (unions only).
    any_scope: Map<&'static str, Versions>,
}

impl Index {
    /// Notes row `i` of a version (`Versions::NONE` when the facts are one version's).
    fn add(&mut self, i: usize, row: &Fact, versions: Versions) {
        let entry = if row.kind == FactKind::Param {
            let scope = row.detail.strip_prefix("api:").unwrap_or(row.detail);
            self.params
                .entry((scope, row.name))
                .or_insert((i, Versions::NONE))
        } else {
            self.by_key
                .entry((row.kind, key_cow(row.kind, row.name, row.detail)))
                .or_insert((i, Versions::NONE))
        };
        entry.1 = entry.1.union(versions);
    }
}

impl Facts {
    /// Reads a facts file (`# ` lines are comments; `# label:`, `# warning:` and the digest are
    /// read from them). Rows that do not have four columns and a known kind are skipped.
    pub fn parse(text: &'static str) -> Facts {
        let mut facts = Facts::default();
        for line in crate::vocab::lines(text) {
            if let Some(comment) = line.strip_prefix('#') {
                let comment = comment.trim();
                if let Some(label) = comment.strip_prefix("label:") {
                    facts.label = label.trim();
                } else if let Some(w) = comment.strip_prefix("warning:") {
                    facts.warnings.push(w.trim());
                } else if let Some(i) = comment.find("digest:") {
                    let hex = comment[i + "digest:".len()..].trim();
                    facts.digest = u64::from_str_radix(hex, 16).unwrap_or(0);
                }
                continue;
            }
            let mut cols = crate::vocab::fields(line);
            let (Some(kind), Some(name), Some(detail), Some(location)) =
                (cols.next(), cols.next(), cols.next(), cols.next())
            else {
                continue;
            };
            let Some(kind) = FactKind::parse(kind) else {
                continue;
            };
            facts.rows.push(Fact {
                kind,
                name,
                detail,
                location,
            });
        }
        facts.index();
        facts
    }

    /// Facts from rows made in memory.
    pub fn from_rows(label: &'static str, rows: Vec<Fact>) -> Facts {
        let mut facts = Facts {
            label,
            rows,
            ..Facts::default()
        };
        facts.index();
        facts
    }

    fn index(&mut self) {
        self.by_key = std::sync::OnceLock::new();
    }

    /// The facts of several versions at once: their rows in the order given (the first
    /// version's location of a word wins), with which of them read each word (`versions`,
    /// `param_versions`), found in the same pass that indexes the rows.
    pub fn union(label: &'static str, versions: &[(Version, &Facts)]) -> Facts {
        let len = versions.iter().map(|(_, f)| f.rows.len()).sum();
        let mut rows = Vec::with_capacity(len);
        let mut index = Index {
            by_key: Map::with_capacity_and_hasher(len / 2, FxBuild::default()),
            ..Index::default()
        };
        for (v, facts) in versions {
            let bit = Versions::NONE.with(*v);
            for row in &facts.rows {
                index.add(rows.len(), row, bit);
                if row.kind == FactKind::Param {
                    let m = index.any_scope.entry(row.name).or_default();
                    *m = m.with(*v);
                }
                rows.push(*row);
            }
        }
        let facts = Facts::from_rows(label, rows);
        let _ = facts.by_key.set(index);
        facts
    }

    fn by_key(&self) -> &Index {
        self.by_key.get_or_init(|| {
            let mut index = Index {
                by_key: Map::with_capacity_and_hasher(self.rows.len(), FxBuild::default()),
                ..Index::default()
            };
            for (i, row) in self.rows.iter().enumerate() {
                index.add(i, row, Versions::NONE);
            }
            index
        })
    }

    /// The versions that read a word of a union (`union`), by its key (`key`); none for
    /// params, which `param_versions` gives.
    pub fn versions(&self, kind: FactKind, key: &str) -> Versions {
        // The map's keys are `'static`; a shorter-lived key looks them up all the same.
        let by_key: &Map<(FactKind, Cow<'_, str>), (usize, Versions)> = &self.by_key().by_key;
        by_key
            .get(&(kind, Cow::Borrowed(key)))
            .map_or(Versions::NONE, |e| e.1)
    }

    /// The versions of a union that read `param` in `scope` (`*`: in any scope).
    pub fn param_versions(&self, scope: &str, param: &str) -> Versions {
        let index = self.by_key();
        if scope == "*" {
            return index.any_scope.get(param).copied().unwrap_or_default();
        }
        let params: &Map<(&str, &str), (usize, Versions)> = &index.params;
        params.get(&(scope, param)).map_or(Versions::NONE, |e| e.1)
    }

    /// The first row of a word (compared as Forge compares that kind; for params and triggered
    /// objects, `name` is the combined key of `key`).
    pub fn get(&self, kind: FactKind, name: &str) -> Option<&Fact> {
        if kind == FactKind::Param {
            let (scope, param) = name.split_once('\t')?;
            // The map's keys are `'static`; shorter-lived keys look them up all the same.
            let params: &Map<(&str, &str), (usize, Versions)> = &self.by_key().params;
            return params.get(&(scope, param)).map(|&(i, _)| &self.rows[i]);
        }
        let k = match kind {
            FactKind::Param | FactKind::TriggerVar | FactKind::Value => Cow::Borrowed(name),
            _ => key_cow(kind, name, ""),
        };
        // The map's keys are `'static`; a shorter-lived key looks them up all the same.
        let by_key: &Map<(FactKind, Cow<'_, str>), (usize, Versions)> = &self.by_key().by_key;
        by_key.get(&(kind, k)).map(|&(i, _)| &self.rows[i])
    }

    pub fn contains(&self, kind: FactKind, name: &str) -> bool {
        self.get(kind, name).is_some()
    }

    /// The row saying `scope` reads `param` (`scope` as the params table names it: the bare
    /// ApiType, `trigger:<Mode>`, `common:ability`...).
    pub fn param(&self, scope: &str, param: &str) -> Option<&Fact> {
        let params: &Map<(&str, &str), (usize, Versions)> = &self.by_key().params;
        params.get(&(scope, param)).map(|&(i, _)| &self.rows[i])
    }

    /// Whether a trigger mode provides `Triggered<key>`.
    pub fn trigger_var(&self, mode: &str, key: &str) -> bool {
        self.contains(
            FactKind::TriggerVar,
            &format!("{}\t{key}", mode.to_ascii_lowercase()),
        )
    }

    /// Where a hidden keyword taking an argument (`CantBlock <arg>`) is read: a literal equal
    /// to its head, or starting with the head and a space.
    pub fn internal_keyword_head(&self, head: &str) -> Option<&'static str> {
        if let Some(f) = self.get(FactKind::KeywordInternal, head) {
            return Some(f.location);
        }
        self.of_kind(FactKind::KeywordInternal)
            .find(|f| {
                f.name
                    .strip_prefix(head)
                    .is_some_and(|rest| rest.starts_with(' '))
            })
            .map(|f| f.location)
    }

    pub fn of_kind(&self, kind: FactKind) -> impl Iterator<Item = &Fact> + '_ {
        self.rows.iter().filter(move |r| r.kind == kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_inverts_as_str() {
        for kind in FactKind::ALL {
            assert_eq!(FactKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(FactKind::parse("nothing"), None);
    }

    #[test]
    fn reads_rows_label_and_digest() {
        let facts = Facts::parse(
            "# cardlint forge vocabulary v1\n# label: test\n# java files: 3 read, 3 parsed; digest: 00000000000000ff\n# warning: no AI classes\napi\tDestroy\tDestroyEffect\tA.java:3\nparam\tNoRegen\tapi:Destroy\tB.java:9\nbad row\n",
        );
        assert_eq!(facts.label, "test");
        assert_eq!(facts.digest, 255);
        assert_eq!(facts.warnings, ["no AI classes"]);
        assert_eq!(facts.rows.len(), 2);
        assert!(facts.contains(FactKind::Api, "destroy"));
        assert_eq!(
            facts.param("Destroy", "NoRegen").map(|f| f.location),
            Some("B.java:9")
        );
        assert!(!facts.contains(FactKind::Param, "noregen"));
    }

    #[test]
    fn union_keeps_the_first_row_and_which_versions_read_each_word() {
        let new = Facts::parse(
            "api\tBlink\tBlinkEffect\tnew/A.java:1\nparam\tFar\tapi:Blink\tnew/B.java:2\n",
        );
        let old = Facts::parse(
            "api\tblink\tBlinkEffect\told/A.java:7\napi\tFade\tFadeEffect\told/F.java:1\nparam\tFar\tcommon:ability\told/C.java:3\n",
        );
        let union = Facts::union("any", &[(Version::Latest, &new), (Version::V2020, &old)]);
        assert_eq!(union.rows.len(), 5);
        assert_eq!(
            union.get(FactKind::Api, "BLINK").map(|f| f.location),
            Some("new/A.java:1")
        );
        let both = Versions::NONE.with(Version::Latest).with(Version::V2020);
        assert_eq!(union.versions(FactKind::Api, "blink"), both);
        assert_eq!(
            union.versions(FactKind::Api, "fade"),
            Versions::NONE.with(Version::V2020)
        );
        assert_eq!(union.versions(FactKind::Api, "nothing"), Versions::NONE);
        assert_eq!(
            union.param_versions("Blink", "Far"),
            Versions::NONE.with(Version::Latest)
        );
        assert_eq!(union.param_versions("*", "Far"), both);
        assert_eq!(
            union.param("common:ability", "Far").map(|f| f.location),
            Some("old/C.java:3")
        );
        // One version's facts know no versions.
        assert_eq!(new.versions(FactKind::Api, "blink"), Versions::NONE);
    }
}
