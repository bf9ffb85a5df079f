//! Byte offsets to line/column positions, in characters (CLI) or UTF-16 code units (LSP).
//! LF, CRLF and a lone CR all end a line, as editors count them.

use rowan::TextSize;

/// A zero-based line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineCol {
    pub line: u32,
    pub col: u32,
}

#[derive(Clone, Debug)]
pub struct LineIndex {
    /// Offset of the first byte of each line.
    line_starts: Vec<TextSize>,
    /// For lines with non-ASCII text: (line, offset in line, UTF-8 length) of each such char.
    wide: Vec<(u32, u32, u8)>,
    len: TextSize,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut line_starts = Vec::with_capacity(bytes.len() / 32 + 1);
        line_starts.push(TextSize::from(0));
        // Per 16-byte block, a mask of the bytes that are `\n` or `\r`, then one step per set bit:
        // lines are short (16 bytes on average in set files), so a SIMD search restarted at every
        // break would cost more than it saves.
        let mut push_breaks = |base: usize, mut mask: u32| {
            while mask != 0 {
                let at = base + mask.trailing_zeros() as usize;
                mask &= mask - 1;
                // A `\r` followed by `\n` ends its line at the `\n`.
                if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                    continue;
                }
                line_starts.push(TextSize::from((at + 1) as u32));
            }
        };
        let blocks = bytes.len() / 16;
        for block in 0..blocks {
            let chunk: &[u8; 16] = bytes[block * 16..block * 16 + 16]
                .try_into()
                .expect("16 bytes");
            push_breaks(block * 16, break_mask(chunk));
        }
        let tail = &bytes[blocks * 16..];
        let tail_mask = tail.iter().enumerate().fold(0u32, |m, (j, &b)| {
            m | (u32::from(b == b'\n' || b == b'\r') << j)
        });
        push_breaks(blocks * 16, tail_mask);
        // Most files are ASCII: one vectorised check, and a scan of the other lines only.
        let mut wide = Vec::new();
        if !bytes.is_ascii() {
            push_wide(bytes, &line_starts, 0..line_starts.len(), &mut wide);
        }
        LineIndex {
            line_starts,
            wide,
            len: TextSize::of(text),
        }
    }

    /// The index of `text`, an edit of the text this index was built for: its bytes
    /// `start..old_end` became `text[start..new_end]`. The lines around the edit are moved
    /// along, only those it touched are read again (a keystroke in a 4 MB file costs
    /// microseconds instead of a scan of the whole text). Equal to `LineIndex::new(text)`.
    pub fn edited(&self, text: &str, start: usize, old_end: usize, new_end: usize) -> LineIndex {
        let bytes = text.as_bytes();
        let old_len = usize::from(self.len);
        if start > old_end
            || old_end > old_len
            || start > new_end
            || new_end > bytes.len()
            || bytes.len() as i64 - old_len as i64 != new_end as i64 - old_end as i64
        {
            return LineIndex::new(text);
        }
        let delta = new_end as i64 - old_end as i64;
        // A line start `p` depends on the bytes `p - 1` and `p` (a `\r` before a `\n` ends no
        // line): those before the edit are kept, those after it are moved, the others are
        // found again.
        let head = self
            .line_starts
            .partition_point(|&p| usize::from(p) < start)
            .max(1);
        let tail = self
            .line_starts
            .partition_point(|&p| usize::from(p) < old_end + 1);
        let mut line_starts = Vec::with_capacity(self.line_starts.len() + 16);
        line_starts.extend_from_slice(&self.line_starts[..head]);
        for i in start.saturating_sub(1)..new_end {
            let b = bytes[i];
            if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
                line_starts.push(TextSize::from((i + 1) as u32));
            }
        }
        let middle_end = line_starts.len();
        line_starts.extend(
            self.line_starts[tail..]
                .iter()
                .map(|&p| TextSize::from((i64::from(u32::from(p)) + delta) as u32)),
        );
        let moved = middle_end as i64 - tail as i64;
        // Non-ASCII characters: those of the lines before the edit stay, those of the lines
        // after it move to their new line numbers, the lines in between are read again.
        let mut wide = Vec::new();
        if !self.wide.is_empty() || !bytes[start..new_end].is_ascii() {
            let first = (head - 1) as u32;
            let keep = self.wide.partition_point(|w| w.0 < first);
            wide.extend_from_slice(&self.wide[..keep]);
            push_wide(bytes, &line_starts, head - 1..middle_end, &mut wide);
            let after = self.wide.partition_point(|w| (w.0 as usize) < tail);
            wide.extend(
                self.wide[after..]
                    .iter()
                    .map(|&(line, at, len)| ((i64::from(line) + moved) as u32, at, len)),
            );
        }
        LineIndex {
            line_starts,
            wide,
            len: TextSize::of(text),
        }
    }

    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// Start offset of a zero-based line (clamped to the end of the text).
    pub fn line_start(&self, line: u32) -> TextSize {
        self.line_starts
            .get(line as usize)
            .copied()
            .unwrap_or(self.len)
    }

    fn line_and_byte_col(&self, offset: TextSize) -> (u32, u32) {
        let offset = offset.min(self.len);
        let line = self.line_starts.partition_point(|&start| start <= offset) - 1;
        (line as u32, u32::from(offset - self.line_starts[line]))
    }

    fn wide_in_line(&self, line: u32) -> &[(u32, u32, u8)] {
        let lo = self.wide.partition_point(|w| w.0 < line);
        let hi = self.wide.partition_point(|w| w.0 <= line);
        &self.wide[lo..hi]
    }

    /// Zero-based line and column counted in Unicode scalar values.
    pub fn line_col(&self, offset: TextSize) -> LineCol {
        let (line, byte_col) = self.line_and_byte_col(offset);
        let mut col = byte_col;
        for &(_, at, len) in self.wide_in_line(line) {
            if at >= byte_col {
                break;
            }
            col -= u32::from(len) - 1;
        }
        LineCol { line, col }
    }

    /// Zero-based line and column counted in UTF-16 code units (the LSP default).
    pub fn line_col_utf16(&self, offset: TextSize) -> LineCol {
        let (line, byte_col) = self.line_and_byte_col(offset);
        let mut col = byte_col;
        for &(_, at, len) in self.wide_in_line(line) {
            if at >= byte_col {
                break;
            }
            let units = if len == 4 { 2 } else { 1 };
            col -= u32::from(len) - units;
        }
        LineCol { line, col }
    }

    /// A cursor for positions asked in increasing order (a document's tokens, one after the
    /// other): each is found by stepping on from the last one instead of searching the text's
    /// lines again. Positions asked out of order are still right (found by search).
    pub fn cursor(&self) -> LineCursor<'_> {
        LineCursor {
            index: self,
            line: 0,
            wide: 0,
        }
    }

    /// The byte offset of a UTF-16 position; positions past the end of a line or of the text
    /// are clamped to them.
    pub fn offset_utf16(&self, text: &str, pos: LineCol) -> TextSize {
        if pos.line as usize >= self.line_starts.len() {
            return self.len;
        }
        let start = usize::from(self.line_starts[pos.line as usize]);
        let end = self
            .line_starts
            .get(pos.line as usize + 1)
            .map_or(text.len(), |&e| usize::from(e));
        let line_text = &text[start..end];
        let content = line_text.trim_end_matches(['\n', '\r']);
        let mut units = 0u32;
        for (i, ch) in content.char_indices() {
            if units >= pos.col {
                return TextSize::from((start + i) as u32);
            }
            units += ch.len_utf16() as u32;
        }
        TextSize::from((start + content.len()) as u32)
    }
}

/// Zero-based lines and character columns of sorted offsets, in one pass over the text: cheaper
/// than a `LineIndex` when only a few positions of a large file are needed (reports).
pub fn line_cols(text: &str, offsets: &[TextSize]) -> Vec<LineCol> {
    debug_assert!(
        offsets.windows(2).all(|w| w[0] <= w[1]),
        "offsets must be sorted"
    );
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(offsets.len());
    let (mut line, mut line_start, mut pos) = (0u32, 0usize, 0usize);
    // The last offset reported and its column: the next one on the same line counts on from
    // there, so that many offsets on one long line cost one pass over it.
    let mut last: Option<(usize, usize, u32)> = None;
    for &offset in offsets {
        let target = usize::from(offset).min(bytes.len());
        // Count the breaks in bytes[pos..target], remembering where the last line starts.
        let mut note = |at: usize| {
            // A `\r` followed by `\n` ends its line at the `\n`.
            if !(bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n')) {
                line += 1;
                line_start = at + 1;
            }
        };
        while pos < target && pos % 16 != 0 {
            if matches!(bytes[pos], b'\n' | b'\r') {
                note(pos);
            }
            pos += 1;
        }
        while pos + 16 <= target {
            let chunk: &[u8; 16] = bytes[pos..pos + 16].try_into().expect("16 bytes");
            let mut mask = break_mask(chunk);
            while mask != 0 {
                note(pos + mask.trailing_zeros() as usize);
                mask &= mask - 1;
            }
            pos += 16;
        }
        while pos < target {
            if matches!(bytes[pos], b'\n' | b'\r') {
                note(pos);
            }
            pos += 1;
        }
        // An offset between `\r` and `\n` belongs to the line the pair ends.
        let start = line_start.min(target);
        let (from, base) = match last {
            Some((at, start_then, col)) if start_then == start && at >= start && at <= target => {
                (at, col as usize)
            }
            _ => (start, 0),
        };
        let prefix = &bytes[from..target];
        let col = base
            + if prefix.is_ascii() {
                prefix.len()
            } else {
                text[from..target].chars().count()
            };
        last = Some((target, start, col as u32));
        out.push(LineCol {
            line,
            col: col as u32,
        });
    }
    out
}

/// Bit `j` is set when byte `j` is a line-break byte.
#[cfg(target_arch = "x86_64")]
fn break_mask(chunk: &[u8; 16]) -> u32 {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    // SAFETY: SSE2 is part of the x86_64 baseline; the load is unaligned and reads 16 bytes of
    // a 16-byte array.
    unsafe {
        let v = _mm_loadu_si128(chunk.as_ptr().cast());
        let lf = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\n' as i8));
        let cr = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\r' as i8));
        _mm_movemask_epi8(_mm_or_si128(lf, cr)) as u32
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn break_mask(chunk: &[u8; 16]) -> u32 {
    chunk.iter().enumerate().fold(0u32, |m, (j, &b)| {
        m | (u32::from(b == b'\n' || b == b'\r') << j)
    })
}

/// The non-ASCII characters of the lines `lines` (line number, offset in the line, length).
fn push_wide(
    bytes: &[u8],
    line_starts: &[TextSize],
    lines: std::ops::Range<usize>,
    wide: &mut Vec<(u32, u32, u8)>,
) {
    for line in lines {
        let start = usize::from(line_starts[line]);
        let end = line_starts
            .get(line + 1)
            .map_or(bytes.len(), |&e| usize::from(e));
        let content = &bytes[start..end];
        if content.is_ascii() {
            continue;
        }
        let mut i = 0;
        while i < content.len() {
            if content[i] < 0x80 {
                i += 1;
            } else {
                let len = utf8_len(content[i]);
                wide.push((line as u32, i as u32, len as u8));
                i += len;
            }
        }
    }
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xf0..=0xff => 4,
        0xe0..=0xef => 3,
        _ => 2,
    }
}

/// `LineIndex::cursor`: UTF-16 positions of offsets asked in increasing order.
pub struct LineCursor<'a> {
    index: &'a LineIndex,
    /// The line of the last position.
    line: u32,
    /// The first wide character not before that line.
    wide: usize,
}

impl LineCursor<'_> {
    /// What `LineIndex::line_col_utf16` gives for `offset`.
    pub fn line_col_utf16(&mut self, offset: TextSize) -> LineCol {
        let index = self.index;
        let offset = offset.min(index.len);
        let starts = &index.line_starts;
        let mut line = self.line as usize;
        if starts[line] > offset {
            return self.jump(offset);
        }
        // A few lines on (the next token is usually on this line or the next ones), else search.
        let mut steps = 0;
        while line + 1 < starts.len() && starts[line + 1] <= offset {
            line += 1;
            steps += 1;
            if steps == 8 {
                return self.jump(offset);
            }
        }
        self.at(line, offset)
    }

    fn jump(&mut self, offset: TextSize) -> LineCol {
        let line = self
            .index
            .line_starts
            .partition_point(|&start| start <= offset)
            - 1;
        self.wide = self.index.wide.partition_point(|w| (w.0 as usize) < line);
        self.line = line as u32;
        self.at(line, offset)
    }

    fn at(&mut self, line: usize, offset: TextSize) -> LineCol {
        let index = self.index;
        let line = line as u32;
        if line != self.line {
            self.line = line;
            while self.wide < index.wide.len() && index.wide[self.wide].0 < line {
                self.wide += 1;
            }
        }
        let byte_col = u32::from(offset - index.line_starts[line as usize]);
        let mut col = byte_col;
        for &(l, at, len) in &index.wide[self.wide.min(index.wide.len())..] {
            if l != line || at >= byte_col {
                break;
            }
            let units = if len == 4 { 2 } else { 1 };
            col -= u32::from(len) - units;
        }
        LineCol { line, col }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random edits of texts with every kind of line break and non-ASCII characters: the
    /// edited index equals one built from scratch.
    #[test]
    fn edited_indexes_equal_fresh_ones() {
        let pieces = [
            "\n", "\r", "\r\n", "a", "bc", "é", "€", "😀", "x\ny", "", "\n\n",
        ];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut text = String::from("ab\r\ncd\né\rf\n");
        let mut index = LineIndex::new(&text);
        for step in 0..5000 {
            let mut at = next(text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let mut end = (at + next(4)).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            let insert: String = (0..next(3)).map(|_| pieces[next(pieces.len())]).collect();
            text.replace_range(at..end, &insert);
            if text.len() > 200 {
                text.truncate(text.char_indices().nth(40).map_or(0, |(i, _)| i));
                index = LineIndex::new(&text);
                continue;
            }
            index = index.edited(&text, at, end, at + insert.len());
            let fresh = LineIndex::new(&text);
            assert_eq!(
                index.line_starts, fresh.line_starts,
                "step {step}: {text:?}"
            );
            assert_eq!(index.wide, fresh.wide, "step {step}: {text:?}");
            assert_eq!(index.len, fresh.len, "step {step}");
        }
    }

    #[test]
    fn counts_lines_and_chars() {
        let text = "ab\r\nÆx\rz\n—y";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 4);
        let x = text.find('x').unwrap() as u32;
        assert_eq!(index.line_col(x.into()), LineCol { line: 1, col: 1 });
        let y = text.find('y').unwrap() as u32;
        assert_eq!(index.line_col(y.into()), LineCol { line: 3, col: 1 });
        assert_eq!(index.line_col_utf16(y.into()), LineCol { line: 3, col: 1 });
        assert_eq!(
            index.line_col(TextSize::of(text)),
            LineCol { line: 3, col: 2 }
        );
    }

    #[test]
    fn one_pass_positions_agree_with_the_index() {
        let text = "ab\r\nÆx\rz\n—y\n\n0123456789abcdef0123456789abcdef\r\nend";
        let index = LineIndex::new(text);
        let offsets: Vec<TextSize> = (0..=text.len() as u32)
            .filter(|&o| text.is_char_boundary(o as usize))
            .map(TextSize::from)
            .collect();
        let expected: Vec<LineCol> = offsets.iter().map(|&o| index.line_col(o)).collect();
        assert_eq!(line_cols(text, &offsets), expected);
    }

    #[test]
    fn a_cursor_agrees_with_the_index() {
        let mut text = String::from("ab\r\nÆx\rz\n—y\n\n😀aÆ\r\nend");
        for i in 0..40 {
            text.push_str(if i % 3 == 0 { "é\n" } else { "line\n" });
        }
        let index = LineIndex::new(&text);
        let offsets: Vec<TextSize> = (0..=text.len() as u32 + 2)
            .filter(|&o| o as usize > text.len() || text.is_char_boundary(o as usize))
            .map(TextSize::from)
            .collect();
        // In order, in steps of one and of several lines, and backwards.
        for step in [1, 3, 29] {
            let mut cursor = index.cursor();
            for &o in offsets.iter().step_by(step) {
                assert_eq!(cursor.line_col_utf16(o), index.line_col_utf16(o), "{o:?}");
            }
        }
        let mut cursor = index.cursor();
        for &o in offsets.iter().rev() {
            assert_eq!(cursor.line_col_utf16(o), index.line_col_utf16(o), "{o:?}");
        }
    }

    #[test]
    fn utf16_round_trip_and_clamp() {
        let text = "a😀b\nc";
        let index = LineIndex::new(text);
        let b = text.find('b').unwrap() as u32;
        assert_eq!(index.line_col_utf16(b.into()), LineCol { line: 0, col: 3 });
        assert_eq!(
            index.offset_utf16(text, LineCol { line: 0, col: 3 }),
            TextSize::from(b)
        );
        assert_eq!(
            index.offset_utf16(text, LineCol { line: 0, col: 99 }),
            TextSize::from(6)
        );
        assert_eq!(
            index.offset_utf16(text, LineCol { line: 9, col: 0 }),
            TextSize::of(text)
        );
    }
}
