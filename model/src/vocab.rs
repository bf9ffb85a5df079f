//! Vocabularies as data: word lists under `model/data/<dialect>/`, each word with a status and a
//! one-line documentation string, read once. The language server shows the documentation on
//! hover and offers the words in completion; rules look words up and suggest near misses.
//!
//! File format, one word a line: `word<TAB>status<TAB>attributes<TAB>doc`. `#` lines are
//! comments. `status` is `current` (the engine reads it), `new` (newer engines only), `removed`
//! (older engines only) or `internal` (the engine knows it, scripts should not write it).
//! `attributes` is `-` or `key=value;key=value` (for example `game=classic`).

use std::collections::HashMap;

/// How an engine treats a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The engine reads it.
    Current,
    /// Only newer engines read it.
    New,
    /// Only older engines read it.
    Removed,
    /// The engine knows it, but scripts are not meant to write it.
    Internal,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Current => "current",
            Status::New => "new",
            Status::Removed => "removed",
            Status::Internal => "internal",
        }
    }
}

/// One word of a vocabulary.
#[derive(Clone, Copy, Debug)]
pub struct Word {
    pub word: &'static str,
    pub status: Status,
    /// One line for people: what the word means to the engine.
    pub doc: &'static str,
    attrs: &'static str,
}

impl Word {
    /// An attribute of the word (`game`, `kind`...).
    pub fn attr(&self, key: &str) -> Option<&'static str> {
        if self.attrs == "-" || self.attrs.is_empty() {
            return None;
        }
        self.attrs.split(';').find_map(|pair| {
            let (k, v) = pair.split_once('=')?;
            (k == key).then_some(v)
        })
    }

    /// The engine still reads it.
    pub fn is_known(&self) -> bool {
        self.status != Status::Removed
    }
}

/// A vocabulary: its words in file order, and maps by word and by lower-cased word.
pub struct Vocab {
    words: Vec<Word>,
    by_word: HashMap<&'static str, usize>,
    by_lower: HashMap<String, usize>,
}

/// The data lines of a TSV data file (`model/data/**`), split at tabs: `#` comment lines and
/// blank lines skipped. Every data file of the model is read through this one reader.
pub fn rows(data: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    data_lines(data).map(|l| l.split('\t').collect())
}

/// The data lines of a data file: `#` comment lines and blank lines skipped.
pub fn data_lines(data: &'static str) -> impl Iterator<Item = &'static str> {
    data.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// Column `i` of a row (`""` when the row is shorter).
pub fn col(row: &[&'static str], i: usize) -> &'static str {
    row.get(i).copied().unwrap_or("")
}

impl Vocab {
    /// Parses a data file (see the module documentation).
    pub fn parse(data: &'static str) -> Vocab {
        let mut words = Vec::new();
        for line in data_lines(data) {
            let mut fields = line.splitn(4, '\t');
            let word = fields.next().unwrap_or_default();
            let status = match fields.next().unwrap_or_default() {
                "new" => Status::New,
                "removed" => Status::Removed,
                "internal" => Status::Internal,
                _ => Status::Current,
            };
            let attrs = fields.next().unwrap_or("-");
            let doc = fields.next().unwrap_or_default();
            words.push(Word {
                word,
                status,
                doc,
                attrs,
            });
        }
        Vocab::from_words(words)
    }

    /// A vocabulary of bare words (one a line), all current, each with the same documentation.
    pub fn parse_list(data: &'static str, doc: &'static str) -> Vocab {
        let words = data_lines(data)
            .map(|word| Word {
                word,
                status: Status::Current,
                doc,
                attrs: "-",
            })
            .collect();
        Vocab::from_words(words)
    }

    fn from_words(words: Vec<Word>) -> Vocab {
        let by_word = words.iter().enumerate().map(|(i, w)| (w.word, i)).collect();
        let mut by_lower = HashMap::new();
        for (i, w) in words.iter().enumerate() {
            by_lower.entry(w.word.to_lowercase()).or_insert(i);
        }
        Vocab {
            words,
            by_word,
            by_lower,
        }
    }

    /// Every word, removed ones included.
    pub fn words(&self) -> &[Word] {
        &self.words
    }

    pub fn get(&self, word: &str) -> Option<&Word> {
        self.by_word.get(word).map(|&i| &self.words[i])
    }

    /// The word written with other letter cases.
    pub fn get_ignore_case(&self, word: &str) -> Option<&Word> {
        self.by_lower
            .get(&word.to_lowercase())
            .map(|&i| &self.words[i])
    }

    /// The word exists and the engine reads it.
    pub fn knows(&self, word: &str) -> bool {
        self.get(word).is_some_and(Word::is_known)
    }

    /// The words the engine reads (for did-you-mean).
    pub fn known(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.words.iter().filter(|w| w.is_known()).map(|w| w.word)
    }

    /// The longest word that starts `text` (case-sensitive), for glued words (`Gain3Credits`).
    pub fn longest_prefix_of(&self, text: &str) -> Option<&Word> {
        self.words
            .iter()
            .filter(|w| w.is_known() && text.starts_with(w.word))
            .max_by_key(|w| w.word.len())
    }
}

/// Declares a vocabulary read once from `model/data/<path>`.
#[macro_export]
#[doc(hidden)]
macro_rules! vocab_data {
    ($(#[$meta:meta])* $fn:ident, $file:literal) => {
        $(#[$meta])*
        pub fn $fn() -> &'static $crate::vocab::Vocab {
            static VOCAB: std::sync::LazyLock<$crate::vocab::Vocab> = std::sync::LazyLock::new(|| {
                $crate::vocab::Vocab::parse(include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/data/",
                    $file
                )))
            });
            &VOCAB
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_words_with_status_attributes_and_docs() {
        let v =
            Vocab::parse("# c\nonPlay\tcurrent\tgame=both\tWhen played.\nOld\tremoved\t-\tGone.\n");
        assert_eq!(v.words().len(), 2);
        assert!(v.knows("onPlay") && !v.knows("Old") && !v.knows("onplay"));
        assert_eq!(v.get_ignore_case("ONPLAY").map(|w| w.word), Some("onPlay"));
        assert_eq!(v.get("onPlay").and_then(|w| w.attr("game")), Some("both"));
        assert_eq!(v.get("onPlay").map(|w| w.doc), Some("When played."));
        assert_eq!(v.known().count(), 1);
        assert_eq!(
            v.longest_prefix_of("onPlayX").map(|w| w.word),
            Some("onPlay")
        );
    }
}
