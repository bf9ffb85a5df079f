//! The cards of the workspace by name, for `workspace/symbol`: every card each file defines
//! (`DialectIde::card_names`), kept per file and updated when a file changes, and a fuzzy search
//! over them ranked exact > prefix > word prefix > subsequence.
//!
//! The index is a flat list per file with each name lowered once: a search is one pass over
//! every name (33k cards for a Forge and a Wagic tree) with no allocation per name.

use crate::features::CardName;
use lint::dialect::Dialect;
use model::FileId;
use syntax::TextRange;

/// How a name matches a query, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    /// The whole name (in any letter case).
    Exact,
    /// The start of the name.
    Prefix,
    /// The start of one of its words (`bolt` in "Lightning Bolt").
    WordPrefix,
    /// Its letters in order (`lgtnbolt`).
    Subsequence,
}

/// A card found by a workspace symbol search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardSymbol {
    pub name: String,
    pub dialect: Dialect,
    pub file: FileId,
    /// The name's text in the file.
    pub range: TextRange,
    pub rank: Rank,
}

struct Entry {
    name: Box<str>,
    /// The name in lower case, for matching.
    lower: Box<str>,
    range: TextRange,
}

struct FileNames {
    dialect: Dialect,
    entries: Vec<Entry>,
}

/// The card names of every file of the workspace.
#[derive(Default)]
pub struct NameIndex {
    files: Vec<Option<FileNames>>,
    count: usize,
}

impl NameIndex {
    /// Sets (or, with no names, clears) the cards of a file.
    pub fn set(&mut self, id: FileId, dialect: Dialect, names: Vec<CardName>) {
        if self.files.len() <= id {
            self.files.resize_with(id + 1, || None);
        }
        if let Some(old) = self.files[id].take() {
            self.count -= old.entries.len();
        }
        if names.is_empty() {
            return;
        }
        let entries: Vec<Entry> = names
            .into_iter()
            .map(|n| Entry {
                lower: n.name.to_lowercase().into(),
                name: n.name.into(),
                range: n.range,
            })
            .collect();
        self.count += entries.len();
        self.files[id] = Some(FileNames { dialect, entries });
    }

    pub fn clear(&mut self, id: FileId) {
        if let Some(old) = self.files.get_mut(id).and_then(Option::take) {
            self.count -= old.entries.len();
        }
    }

    /// How many cards the index holds.
    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The cards whose name matches `query` (case-insensitive; spaces in the query are ignored
    /// by the subsequence match), best first: by rank, then shorter names, then by name and
    /// file. At most `limit`. An empty query matches every card (rank `Prefix`).
    pub fn search(&self, query: &str, limit: usize) -> Vec<CardSymbol> {
        let query = query.trim().to_lowercase();
        let letters: Vec<char> = query.chars().filter(|c| !c.is_whitespace()).collect();
        let mut found: Vec<(Rank, usize, &str, FileId, &Entry, Dialect)> = Vec::new();
        for (id, file) in self.files.iter().enumerate() {
            let Some(file) = file else {
                continue;
            };
            for entry in &file.entries {
                if let Some(rank) = rank(&entry.lower, &query, &letters) {
                    found.push((rank, entry.name.len(), &entry.name, id, entry, file.dialect));
                }
            }
        }
        type Hit<'e> = (Rank, usize, &'e str, FileId, &'e Entry, Dialect);
        let order = |a: &Hit<'_>, b: &Hit<'_>| (a.0, a.1, a.2, a.3).cmp(&(b.0, b.1, b.2, b.3));
        if found.len() > limit {
            found.select_nth_unstable_by(limit, order);
            found.truncate(limit);
        }
        found.sort_unstable_by(order);
        found
            .into_iter()
            .map(|(rank, _, name, file, entry, dialect)| CardSymbol {
                name: name.to_string(),
                dialect,
                file,
                range: entry.range,
                rank,
            })
            .collect()
    }
}

/// How `name` (lower case) matches `query` (lower case, trimmed; `letters`: its characters
/// without spaces).
fn rank(name: &str, query: &str, letters: &[char]) -> Option<Rank> {
    if query.is_empty() {
        return Some(Rank::Prefix);
    }
    if name.len() < letters.len() {
        return None;
    }
    if let Some(rest) = name.strip_prefix(query) {
        return Some(if rest.is_empty() {
            Rank::Exact
        } else {
            Rank::Prefix
        });
    }
    // The start of a word: after a space, a dash, a comma, an apostrophe, a slash...
    let bytes = name.as_bytes();
    let mut from = 0;
    while let Some(i) = name[from..].find(query) {
        let at = from + i;
        if at > 0 && !bytes[at - 1].is_ascii_alphanumeric() && bytes[at - 1] < 0x80 {
            return Some(Rank::WordPrefix);
        }
        from = at + name[at..].chars().next().map_or(1, char::len_utf8);
    }
    let mut want = letters.iter().peekable();
    for c in name.chars() {
        if want.peek() == Some(&&c) {
            want.next();
        }
    }
    want.peek().is_none().then_some(Rank::Subsequence)
}

/// The cards of an OCTGN set file (`<card name="..." id="...">`), for the dialects that read
/// set files: the decoded name and the range of the attribute's value. Nothing for a text that
/// is not XML (a script module).
pub fn set_file_card_names(text: &str) -> Vec<CardName> {
    use syntax::xml::{self, Event};
    if !text
        .trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('<')
    {
        return Vec::new();
    }
    let mut out = Vec::new();
    for event in xml::Scanner::new(text) {
        let Event::Start { name, attrs, .. } = event else {
            continue;
        };
        if xml::slice(text, name) != "card" {
            continue;
        }
        let Some(value) = attrs
            .iter()
            .find(|a| xml::slice(text, a.name) == "name")
            .and_then(|a| a.value)
        else {
            continue;
        };
        let decoded = xml::decode(xml::slice(text, value));
        let name = decoded.trim();
        if !name.is_empty() {
            out.push(CardName {
                name: name.to_string(),
                range: TextRange::new((value.0 as u32).into(), (value.1 as u32).into()),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use syntax::TextSize;

    fn names(list: &[&str]) -> Vec<CardName> {
        list.iter()
            .enumerate()
            .map(|(i, n)| CardName {
                name: n.to_string(),
                range: TextRange::at(TextSize::from(i as u32 * 10), TextSize::of(*n)),
            })
            .collect()
    }

    fn found(index: &NameIndex, query: &str) -> Vec<(String, Rank)> {
        index
            .search(query, 100)
            .into_iter()
            .map(|s| (s.name, s.rank))
            .collect()
    }

    #[test]
    fn ranked_exact_prefix_word_prefix_subsequence() {
        let mut index = NameIndex::default();
        index.set(
            0,
            Dialect::FORGE,
            names(&[
                "Lightning Bolt",
                "Bolt of Lightning",
                "Boltwing Drake",
                "Forked Bolt",
                "Lightning-Bolt Golem",
                "Blot Out",
            ]),
        );
        index.set(1, Dialect::WAGIC, names(&["BOLT"]));
        assert_eq!(
            found(&index, "bolt"),
            vec![
                ("BOLT".to_string(), Rank::Exact),
                ("Boltwing Drake".to_string(), Rank::Prefix),
                ("Bolt of Lightning".to_string(), Rank::Prefix),
                ("Forked Bolt".to_string(), Rank::WordPrefix),
                ("Lightning Bolt".to_string(), Rank::WordPrefix),
                ("Lightning-Bolt Golem".to_string(), Rank::WordPrefix),
            ]
        );
        // Letters in order, spaces ignored.
        let sub = found(&index, "lgtn blt");
        assert_eq!(
            sub,
            vec![
                ("Lightning Bolt".to_string(), Rank::Subsequence),
                ("Lightning-Bolt Golem".to_string(), Rank::Subsequence),
            ]
        );
        assert_eq!(found(&index, "LIGHTNING BOLT")[0].0, "Lightning Bolt");
        assert_eq!(found(&index, "LIGHTNING BOLT")[0].1, Rank::Exact);
        assert!(found(&index, "zzz").is_empty());
    }

    #[test]
    fn files_are_replaced_and_cleared() {
        let mut index = NameIndex::default();
        index.set(3, Dialect::FORGE, names(&["Ember Caller", "Ember Token"]));
        index.set(1, Dialect::WAGIC, names(&["Cinder Imp"]));
        assert_eq!(index.len(), 3);
        index.set(3, Dialect::FORGE, names(&["Ember Herald"]));
        assert_eq!(index.len(), 2);
        assert_eq!(found(&index, "ember").len(), 1);
        let hit = &index.search("cinder imp", 10)[0];
        assert_eq!((hit.file, hit.dialect), (1, Dialect::WAGIC));
        index.clear(1);
        index.set(3, Dialect::FORGE, Vec::new());
        assert!(index.is_empty());
        assert!(found(&index, "").is_empty());
    }

    #[test]
    fn octgn_set_files_name_their_cards() {
        let text = "<?xml version=\"1.0\"?>\n<set name=\"Core\">\n<cards>\n<card name=\"Hedge &amp; Fund\" id=\"bc0f047c-01b1-427f-a439-d451eda01001\">\n<property name=\"Type\" value=\"Operation\"/>\n</card>\n<card id=\"x\" name=\"\"/>\n</cards>\n</set>\n";
        let cards = set_file_card_names(text);
        assert_eq!(cards.len(), 1, "{cards:?}");
        assert_eq!(cards[0].name, "Hedge & Fund");
        assert_eq!(&text[cards[0].range], "Hedge &amp; Fund");
        assert!(set_file_card_names("def f():\n    return '<card name=\"x\">'\n").is_empty());
    }

    #[test]
    fn the_limit_keeps_the_best() {
        let mut index = NameIndex::default();
        let many: Vec<String> = (0..500).map(|i| format!("Goblin {i:03}")).collect();
        let refs: Vec<&str> = many.iter().map(String::as_str).collect();
        index.set(0, Dialect::FORGE, names(&refs));
        index.set(1, Dialect::FORGE, names(&["Goblin"]));
        let hits = index.search("goblin", 10);
        assert_eq!(hits.len(), 10);
        assert_eq!(hits[0].name, "Goblin");
        assert_eq!(hits[1].name, "Goblin 000");
        assert_eq!(hits[9].name, "Goblin 008");
        // Non-ASCII names match in any case.
        index.set(
            2,
            Dialect::WAGIC,
            names(&["Æther Vial", "Lim-Dûl's Cohort"]),
        );
        assert_eq!(index.search("æther", 5)[0].rank, Rank::Prefix);
        assert_eq!(index.search("dûl", 5)[0].rank, Rank::WordPrefix);
    }
}
