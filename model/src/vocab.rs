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
    data_lines(data).map(|l| fields(l).collect())
}

/// The data lines of a data file: `#` comment lines and blank lines skipped.
pub fn data_lines(data: &'static str) -> impl Iterator<Item = &'static str> {
    lines(data).filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// `text.lines()` (a line ends at `\n` or `\r\n`), with the breaks found by `memchr`: start-up
/// reads a megabyte of shipped data files, and `str::lines` searches each line anew.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    let mut ends = memchr::memchr_iter(b'\n', text.as_bytes());
    std::iter::from_fn(move || {
        if start >= text.len() {
            return None;
        }
        let Some(end) = ends.next() else {
            // The last line, without a break: a `\r` ending it is text.
            let line = &text[start..];
            start = text.len();
            return Some(line);
        };
        let line = &text[start..end];
        start = end + 1;
        Some(line.strip_suffix('\r').unwrap_or(line))
    })
}

/// `line.split('\t')`, by a byte loop (the fields of data files are short).
pub fn fields(line: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(line);
    std::iter::from_fn(move || {
        let text = rest?;
        match text.bytes().position(|b| b == b'\t') {
            Some(i) => {
                rest = Some(&text[i + 1..]);
                Some(&text[..i])
            }
            None => {
                rest = None;
                Some(text)
            }
        }
    })
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
    fn lines_and_fields_split_as_the_standard_library() {
        for text in [
            "",
            "a",
            "a\n",
            "\n\nb",
            "a\r\nb\r\n",
            "x\ty\t\tz\n\t\n",
            "\r",
            "a\r",
        ] {
            assert_eq!(
                lines(text).collect::<Vec<_>>(),
                text.lines().collect::<Vec<_>>()
            );
            for line in text.lines() {
                assert_eq!(
                    fields(line).collect::<Vec<_>>(),
                    line.split('\t').collect::<Vec<_>>()
                );
            }
        }
    }

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
