//! Bytes to text: card files are UTF-8, Latin-1, or a mix of both (Wagic).
//! Decoding never fails and remembers enough to map text offsets back to the original bytes.

use rowan::{TextRange, TextSize};

/// How the original bytes were turned into text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Valid UTF-8 (ASCII included).
    Utf8,
    /// Not valid UTF-8: each byte that was not part of a valid UTF-8 sequence was read as Latin-1.
    Latin1Fallback,
}

/// A decoded file: its text, and where the text departs from the original bytes.
#[derive(Clone, Debug)]
pub struct SourceText {
    text: String,
    encoding: Encoding,
    /// Text offsets of the characters decoded from a single byte as Latin-1 (sorted).
    /// Each of them is 2 bytes in the text and 1 byte in the original.
    fallback: Vec<TextSize>,
}

impl SourceText {
    /// Decodes bytes: UTF-8 where it is valid, Latin-1 for every byte where it is not.
    pub fn decode(bytes: &[u8]) -> SourceText {
        match std::str::from_utf8(bytes) {
            Ok(text) => SourceText {
                text: text.to_owned(),
                encoding: Encoding::Utf8,
                fallback: Vec::new(),
            },
            Err(_) => Self::decode_mixed(bytes),
        }
    }

    /// Decodes bytes it may keep: valid UTF-8 (the usual case) is taken without a copy.
    pub fn decode_vec(bytes: Vec<u8>) -> SourceText {
        match String::from_utf8(bytes) {
            Ok(text) => SourceText {
                text,
                encoding: Encoding::Utf8,
                fallback: Vec::new(),
            },
            Err(error) => Self::decode_mixed(error.as_bytes()),
        }
    }

    /// Wraps text that is already a `str` (editor buffers, tests).
    pub fn from_text(text: impl Into<String>) -> SourceText {
        SourceText {
            text: text.into(),
            encoding: Encoding::Utf8,
            fallback: Vec::new(),
        }
    }

    fn decode_mixed(mut bytes: &[u8]) -> SourceText {
        let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
        let mut fallback = Vec::new();
        loop {
            match std::str::from_utf8(bytes) {
                Ok(valid) => {
                    text.push_str(valid);
                    break;
                }
                Err(error) => {
                    let (valid, rest) = bytes.split_at(error.valid_up_to());
                    // SAFETY-free: `valid_up_to` guarantees this prefix is UTF-8.
                    text.push_str(std::str::from_utf8(valid).unwrap_or_default());
                    let bad = error.error_len().unwrap_or(rest.len());
                    for &byte in &rest[..bad] {
                        fallback.push(TextSize::of(text.as_str()));
                        text.push(char::from(byte));
                    }
                    bytes = &rest[bad..];
                }
            }
        }
        SourceText {
            text,
            encoding: Encoding::Latin1Fallback,
            fallback,
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text, given up (to be edited in place and wrapped again).
    pub fn into_text(self) -> String {
        self.text
    }

    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Whether the text starts with a byte-order mark.
    pub fn has_bom(&self) -> bool {
        self.text.starts_with('\u{feff}')
    }

    /// Text ranges of the characters that were decoded as Latin-1, merged into runs.
    pub fn fallback_ranges(&self) -> Vec<TextRange> {
        let mut runs: Vec<TextRange> = Vec::new();
        for &start in &self.fallback {
            let range = TextRange::at(start, TextSize::from(2));
            match runs.last_mut() {
                Some(last) if last.end() == start => *last = last.cover(range),
                _ => runs.push(range),
            }
        }
        runs
    }

    /// The offset in the original bytes of a text offset.
    pub fn byte_offset(&self, offset: TextSize) -> usize {
        let before = self.fallback.partition_point(|&at| at < offset);
        usize::from(offset) - before
    }

    /// Encodes text back to bytes the way this file was encoded: UTF-8, or, for a file read with
    /// the Latin-1 fallback, every character up to U+00FF as one byte (others as UTF-8).
    pub fn encode_like(&self, text: &str) -> Vec<u8> {
        match self.encoding {
            Encoding::Utf8 => text.as_bytes().to_vec(),
            Encoding::Latin1Fallback => {
                let mut out = Vec::with_capacity(text.len());
                for ch in text.chars() {
                    match u8::try_from(u32::from(ch)) {
                        Ok(byte) => out.push(byte),
                        Err(_) => out.extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes()),
                    }
                }
                out
            }
        }
    }

    /// Rebuilds the original bytes exactly.
    pub fn to_original_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.text.len());
        let mut pos = 0usize;
        for &at in &self.fallback {
            let at = usize::from(at);
            out.extend_from_slice(&self.text.as_bytes()[pos..at]);
            let ch = self.text[at..].chars().next().map_or(0, |c| c as u32);
            out.push(ch as u8);
            pos = at + 2;
        }
        out.extend_from_slice(&self.text.as_bytes()[pos..]);
        out
    }

    /// Replaces text ranges (sorted, non-overlapping) and re-encodes the result so that every
    /// byte outside the edits is kept exactly as it was in the original file.
    pub fn apply_edits_to_bytes(&self, edits: &[(TextRange, &str)]) -> Vec<u8> {
        let original = self.to_original_bytes();
        let mut out = Vec::with_capacity(original.len());
        let mut pos = 0usize;
        for (range, new_text) in edits {
            let start = self.byte_offset(range.start());
            let end = self.byte_offset(range.end());
            out.extend_from_slice(&original[pos..start]);
            out.extend_from_slice(&self.encode_like(new_text));
            pos = end;
        }
        out.extend_from_slice(&original[pos..]);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_is_kept() {
        let src = SourceText::decode("Æther — ok".as_bytes());
        assert_eq!(src.encoding(), Encoding::Utf8);
        assert_eq!(src.text(), "Æther — ok");
        assert!(src.fallback_ranges().is_empty());
    }

    #[test]
    fn latin1_bytes_fall_back_and_round_trip() {
        let bytes = b"name=\xC6ther Storm\r\ntext=caf\xc3\xa9 \xE9\n";
        let src = SourceText::decode(bytes);
        assert_eq!(src.encoding(), Encoding::Latin1Fallback);
        assert_eq!(src.text(), "name=Æther Storm\r\ntext=café é\n");
        assert_eq!(src.fallback_ranges().len(), 2);
        assert_eq!(src.to_original_bytes(), bytes.to_vec());
        assert_eq!(src.byte_offset(TextSize::from(7)), 6);
    }

    #[test]
    fn edits_keep_untouched_bytes() {
        let bytes = b"a=\xC6\nb=x\n";
        let src = SourceText::decode(bytes);
        let at = src.text().find("x").unwrap() as u32;
        let range = TextRange::at(at.into(), 1.into());
        assert_eq!(
            src.apply_edits_to_bytes(&[(range, "\u{e9}")]),
            b"a=\xC6\nb=\xE9\n".to_vec()
        );
    }
}
