//! Reads a **Wagic** source tree (the C++ engine of `WagicProject/wagic`) and extracts the words
//! its engine reads from card code: the basic-ability table (in index order), colours, phase code
//! names, zone names, trigger words, the keys of `[card]` and `[meta]` blocks, and the literals
//! that the effect factory, the restriction parsers, the target chooser and the number parser
//! test their text with.
//!
//! Files are located by name under any layout (`MTGDefinitions.cpp`, `MTGAbility.cpp`,
//! `TargetChooser.cpp`, ...) and lexed with a small C/C++ lexer ([`lex`]): string literals,
//! comments, array initialisers and function bodies are all it needs. See the crate's README
//! (section "Wagic") for what each [`WagicKind`] holds.

mod kinds;
mod lex;
mod scan;

use crate::tsv::{escape, unescape};
use std::fmt;
use std::path::Path;

use crate::ExtractError;

/// What a [`WagicRow`] names. The order of the variants is the order of the rows in an
/// extraction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum WagicKind {
    /// `Constants::MTGBasicAbilities[]` / its index in the array.
    BasicAbility,
    /// Colour constant `MTG_COLOR_<NAME>` (lowercased) / its value.
    Color,
    /// `Constants::MTGPhaseCodeNames[]` / its index.
    Phase,
    /// Zone name / `id:<ZONE_CONSTANT>` (the zone parser's table), `target` (compared by the
    /// target chooser only after `|`), `moveto` (compared by the mover's destination).
    Zone,
    /// Literal the trigger factory (`parseTrigger`) searches / match.
    Trigger,
    /// Card or set-info key / `card:exact`, `card:prefix`, `card:contains`, `card:letter` (the
    /// name is the first letter the card reader switches on), `meta:exact`.
    Key,
    /// Literal the ability factory (`parseMagicLine`) searches in ability text / match.
    Effect,
    /// Literal the cast and activation restriction parsers search / match.
    Restriction,
    /// Literal the target chooser searches in a `[...]` attribute / match.
    TargetRestriction,
    /// Literal the number parser (`WParsedInt`) tests / match.
    Variable,
}

impl WagicKind {
    pub const ALL: [WagicKind; 10] = [
        WagicKind::BasicAbility,
        WagicKind::Color,
        WagicKind::Phase,
        WagicKind::Zone,
        WagicKind::Trigger,
        WagicKind::Key,
        WagicKind::Effect,
        WagicKind::Restriction,
        WagicKind::TargetRestriction,
        WagicKind::Variable,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            WagicKind::BasicAbility => "basic-ability",
            WagicKind::Color => "color",
            WagicKind::Phase => "phase",
            WagicKind::Zone => "zone",
            WagicKind::Trigger => "trigger",
            WagicKind::Key => "key",
            WagicKind::Effect => "effect",
            WagicKind::Restriction => "restriction",
            WagicKind::TargetRestriction => "target-restriction",
            WagicKind::Variable => "variable",
        }
    }

    pub fn parse(s: &str) -> Option<WagicKind> {
        WagicKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// Kinds whose detail is a position (rows in that order).
    pub fn is_indexed(self) -> bool {
        matches!(
            self,
            WagicKind::BasicAbility | WagicKind::Color | WagicKind::Phase
        )
    }
}

impl fmt::Display for WagicKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One extracted word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WagicRow {
    pub kind: WagicKind,
    pub name: String,
    pub detail: String,
    /// `relative/path/File.cpp:line` where it was first seen.
    pub location: String,
}

/// The result of [`extract`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct WagicExtraction {
    /// Deduplicated on (kind, name, detail), sorted by kind, then position for indexed kinds,
    /// then name and detail.
    pub rows: Vec<WagicRow>,
    /// Source files read (those of the names the extractor looks for).
    pub files: usize,
    /// Content hash of those files (xxh3 of their sorted relative paths and contents).
    pub digest: u64,
    /// What could not be found (a missing file or function in a partial tree).
    pub warnings: Vec<String>,
}

impl WagicExtraction {
    /// Rows of one kind.
    pub fn of(&self, kind: WagicKind) -> impl Iterator<Item = &WagicRow> {
        self.rows.iter().filter(move |r| r.kind == kind)
    }

    /// The TSV form: a header (`# cardlint wagic vocabulary v1`, label, file count and digest),
    /// `# warning:` lines, then `kind<TAB>name<TAB>detail<TAB>location`.
    pub fn to_tsv(&self, label: &str) -> String {
        let mut out = String::with_capacity(self.rows.len() * 64 + 256);
        out.push_str(MAGIC);
        out.push('\n');
        out.push_str(&format!("# label: {}\n", one_line(label)));
        out.push_str(&format!(
            "# source files: {} read; digest: {:016x}\n",
            self.files, self.digest
        ));
        for w in &self.warnings {
            out.push_str(&format!("# warning: {}\n", one_line(w)));
        }
        for r in &self.rows {
            out.push_str(r.kind.as_str());
            for f in [&r.name, &r.detail, &r.location] {
                out.push('\t');
                out.push_str(&escape(f));
            }
            out.push('\n');
        }
        out
    }

    /// Reads back what [`WagicExtraction::to_tsv`] wrote.
    pub fn from_tsv(text: &str) -> Result<WagicExtraction, String> {
        let mut x = WagicExtraction::default();
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, l)) if l.trim_end() == MAGIC => {}
            _ => return Err(format!("line 1: expected `{MAGIC}`")),
        }
        for (i, line) in lines {
            let n = i + 1;
            if line.trim().is_empty() {
                continue;
            }
            if let Some(c) = line.strip_prefix('#') {
                let c = c.trim_start();
                if let Some(w) = c.strip_prefix("warning: ") {
                    x.warnings.push(w.to_string());
                } else if let Some(rest) = c.strip_prefix("source files: ") {
                    let bad = || format!("line {n}: unreadable counts `{rest}`");
                    let (count, digest) = rest.split_once("; digest:").ok_or_else(bad)?;
                    x.files = count
                        .trim()
                        .strip_suffix("read")
                        .ok_or_else(bad)?
                        .trim()
                        .parse()
                        .map_err(|_| bad())?;
                    x.digest = u64::from_str_radix(digest.trim(), 16).map_err(|_| bad())?;
                }
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            if f.len() != 4 {
                return Err(format!(
                    "line {n}: expected 4 tab-separated fields, found {}",
                    f.len()
                ));
            }
            let kind = WagicKind::parse(f[0])
                .ok_or_else(|| format!("line {n}: unknown kind `{}`", f[0]))?;
            x.rows.push(WagicRow {
                kind,
                name: unescape(f[1]),
                detail: unescape(f[2]),
                location: unescape(f[3]),
            });
        }
        Ok(x)
    }
}

const MAGIC: &str = "# cardlint wagic vocabulary v1";

fn one_line(s: &str) -> String {
    s.replace(['\n', '\r'], " ")
}

// Literals may hold tabs, line breaks or backslashes; they are written `\t`, `\n`, `\r`, `\\`.
/// How a word of a hand list is looked up among the rows of an extraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// The row's name is the word (table entries, zone names, colours).
    Exact,
    /// The engine's literal is the word, possibly with blanks or a `,` around it (`" my"`,
    /// `"if "`, `",tnum."`) or followed by punctuation that opens its argument (`"counter("`,
    /// `"limit:"`, `"plus(1)"`, `"newability[pay("`): the word is what a script writes.
    Word,
    /// Card keys: compared keys (`...:exact`), and words a `case` of the card reader searches in
    /// the line (`card:<letter>:contains`), for keys starting with that letter.
    Key,
}

/// Whether the extracted literal `name` (of detail `detail`) reads the word `key` (the hand
/// word, or the literal its `match` attribute names).
pub fn reads(lookup: Lookup, name: &str, detail: &str, key: &str) -> bool {
    match lookup {
        Lookup::Exact => name == key,
        Lookup::Key => {
            (name == key && detail.ends_with("exact"))
                || (key
                    .chars()
                    .next()
                    .is_some_and(|c| detail == format!("card:{c}:contains"))
                    && key.contains(name))
        }
        Lookup::Word => {
            let lit = name.trim_matches(|c: char| c.is_whitespace() || c == ',');
            let key = key.trim();
            if key.is_empty() {
                return false;
            }
            lit == key
                || lit
                    .strip_prefix(key)
                    .and_then(|rest| rest.chars().next())
                    .is_some_and(|c| !c.is_alphanumeric() && c != '_' && c != ' ')
        }
    }
}

/// Extracts the vocabulary of the Wagic source tree at `root` (any folder holding the engine's
/// `.cpp`/`.h` files, at any depth).
pub fn extract(root: &Path) -> Result<WagicExtraction, ExtractError> {
    let meta = std::fs::metadata(root).map_err(|_| ExtractError::NotFound(root.to_path_buf()))?;
    if !meta.is_dir() {
        return Err(ExtractError::NotWagic(format!(
            "{} is not a folder",
            root.display()
        )));
    }
    let (files, mut warnings) = kinds::read_files(root)?;
    let digest = kinds::digest(&files);
    let count = files.len();
    let (rows, w) = kinds::run(&files)?;
    warnings.extend(w);
    Ok(WagicExtraction {
        rows: finish(rows),
        files: count,
        digest,
        warnings,
    })
}

/// Deduplicates on (kind, name, detail) keeping the first location, then sorts.
fn finish(rows: Vec<WagicRow>) -> Vec<WagicRow> {
    let mut seen = std::collections::HashSet::new();
    let mut out: Vec<WagicRow> = rows
        .into_iter()
        .filter(|r| seen.insert((r.kind, r.name.clone(), r.detail.clone())))
        .collect();
    out.sort_by(|a, b| sort_key(a).cmp(&sort_key(b)));
    out
}

fn sort_key(r: &WagicRow) -> (WagicKind, i64, &str, &str) {
    let pos = if r.kind.is_indexed() {
        r.detail.parse().unwrap_or(i64::MAX)
    } else {
        0
    };
    (r.kind, pos, &r.name, &r.detail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tsv_round_trips() {
        let x = WagicExtraction {
            rows: vec![
                WagicRow {
                    kind: WagicKind::BasicAbility,
                    name: "trample".into(),
                    detail: "0".into(),
                    location: "src/MTGDefinitions.cpp:34".into(),
                },
                WagicRow {
                    kind: WagicKind::Trigger,
                    name: " my\tx\\".into(),
                    detail: "contains".into(),
                    location: "src/MTGAbility.cpp:1".into(),
                },
            ],
            files: 3,
            digest: 0xfeed,
            warnings: vec!["no TargetChooser.cpp".into()],
        };
        let t = x.to_tsv("test");
        assert!(t.starts_with(MAGIC));
        assert!(t.contains("# source files: 3 read; digest: 000000000000feed\n"));
        assert_eq!(WagicExtraction::from_tsv(&t).unwrap(), x);
        assert!(WagicExtraction::from_tsv("").is_err());
        assert!(WagicExtraction::from_tsv(&format!("{MAGIC}\nnope\ta\tb\tc\n")).is_err());
    }

    #[test]
    fn word_lookup_reads_the_word_a_script_writes() {
        let r = |lit, key| reads(Lookup::Word, lit, "contains", key);
        assert!(r(" my", "my"));
        assert!(r("if ", "if"));
        assert!(r("counter(", "counter"));
        assert!(r("plus(1)", "plus"));
        assert!(r(",tnum.", "tnum"));
        assert!(r("limit:", "limit"));
        assert!(!r("lifegain", "life"));
        assert!(!r("may ", "m"));
        // A literal that goes on with another word is another word.
        assert!(!r("casted a spell", "casted"));
    }

    #[test]
    fn key_lookup_keeps_a_search_to_its_case() {
        assert!(reads(Lookup::Key, "rar", "card:r:contains", "rarity"));
        assert!(!reads(Lookup::Key, "rar", "card:r:contains", "autolibrary"));
        assert!(reads(Lookup::Key, "auto", "card:a:exact", "auto"));
        assert!(!reads(Lookup::Key, "auto", "card:a:prefix", "autohand"));
        assert!(reads(Lookup::Key, "year", "meta:exact", "year"));
    }
}
