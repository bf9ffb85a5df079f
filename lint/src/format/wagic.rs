//! The Wagic layout, as the set and primitives files write it (measured on the 2016 corpus and
//! today's partial tree; `docs/format.md`). Wagic's reader trims nothing (a value keeps its
//! spaces, a line that starts with a space is another line), so the convention is only:
//!
//! - no trailing spaces or tabs on the lines the reader sees only the start of: `[card]`,
//!   `[/card]`, `[meta]` (it reads their first two characters), comments outside `[meta]` (it
//!   skips them; inside `[meta]` they go to the set's key reader) and lines of nothing but
//!   spaces and tabs (which it skips either way);
//! - each file keeps its line breaks (CRLF in most files, LF in the others); a file that mixes
//!   them gets the one most of its lines use, except where a carriage return stands before the
//!   break (the reader removes one `\r`);
//! - a file that ends with a line break ends with exactly one; one without keeps it that way
//!   (20% of the 2016 set files).
//!
//! `key=value` lines, macros, grade lines and every other byte are kept as they are.

use super::{Edits, Formatter, majority_break, spaces_and_tabs};
use crate::diagnostic::Edit;
use std::fmt::Write as _;
use syntax::wagic::outline::{LineClass, Outline};
use syntax::wagic::{SyntaxKind, SyntaxToken};
use syntax::{TextRange, TextSize};

pub struct Wagic;

pub static FORMATTER: Wagic = Wagic;

impl Formatter for Wagic {
    fn edits(&self, text: &str) -> Vec<Edit> {
        edits(text)
    }

    fn meaning(&self, text: &str) -> String {
        meaning(text)
    }
}

/// The length of `s` without its trailing spaces and tabs.
fn trimmed_len(s: &str) -> usize {
    s.trim_end_matches([' ', '\t']).len()
}

/// The formatter's edits for a Wagic file.
pub fn edits(text: &str) -> Vec<Edit> {
    let parse = syntax::wagic::parse(text);
    let root = parse.syntax();
    let tokens: Vec<SyntaxToken> = root
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .collect();
    let newlines: Vec<&SyntaxToken> = tokens
        .iter()
        .filter(|t| t.kind() == SyntaxKind::NEWLINE)
        .collect();
    let newline = majority_break(newlines.iter().map(|t| t.text()))
        .unwrap_or("\n")
        .to_string();
    // The end of the last line with anything but spaces and tabs on it.
    let blank = |t: &SyntaxToken| match t.kind() {
        SyntaxKind::NEWLINE | SyntaxKind::BOM => true,
        SyntaxKind::WHITESPACE => spaces_and_tabs(t.text()),
        _ => false,
    };
    let Some(last) = tokens.iter().rposition(|t| !blank(t)) else {
        return Vec::new();
    };
    let mut out = Edits::new(text);
    let bytes = text.as_bytes();
    for (i, t) in tokens[..=last].iter().enumerate() {
        let range = t.text_range();
        match t.kind() {
            SyntaxKind::BLOCK_OPEN | SyntaxKind::BLOCK_CLOSE => trim_end(t, 2, &mut out),
            SyntaxKind::COMMENT
                if t.parent()
                    .is_none_or(|p| p.kind() != SyntaxKind::META_BLOCK) =>
            {
                trim_end(t, 1, &mut out)
            }
            // A line of spaces and tabs: between two breaks (or the start of the file).
            SyntaxKind::WHITESPACE
                if spaces_and_tabs(t.text())
                    && (i == 0 || tokens[i - 1].kind() == SyntaxKind::NEWLINE)
                    && tokens
                        .get(i + 1)
                        .is_none_or(|n| n.kind() == SyntaxKind::NEWLINE) =>
            {
                out.replace(range, "")
            }
            _ => {}
        }
    }
    // The break that ends the last line with content.
    let final_break = tokens[last + 1..]
        .iter()
        .find(|t| t.kind() == SyntaxKind::NEWLINE);
    for t in &newlines {
        let range = t.text_range();
        if final_break.is_some_and(|f| range.start() > f.text_range().start()) {
            break;
        }
        // `x\r\r\n` is read as `x\r`: the break stays as it is.
        let start = usize::from(range.start());
        if start > 0 && bytes[start - 1] == b'\r' {
            continue;
        }
        out.replace(range, &newline);
    }
    // Blank lines after the last one: the file ends with the last line's break.
    let end = TextSize::of(text);
    if let Some(first_break) = final_break
        && first_break.text_range().end() < end
    {
        out.replace(TextRange::new(first_break.text_range().end(), end), "");
    }
    out.finish()
}

/// Drops a line token's trailing spaces and tabs, keeping at least `keep` bytes of it. Spaces
/// after a carriage return stay: without them the `\r` would end the line (`x\r \n` is read
/// as `x\r `, `x\r\n` as `x`).
fn trim_end(t: &SyntaxToken, keep: usize, out: &mut Edits<'_>) {
    let text = t.text();
    let len = trimmed_len(text).max(keep.min(text.len()));
    if len < text.len() && !text[..len].ends_with('\r') {
        let start = t.text_range().start() + TextSize::from(len as u32);
        out.replace(TextRange::new(start, t.text_range().end()), "");
    }
}

/// What Wagic's reader takes from a file, line by line as its state machine reads them
/// (`outline`, the parser's own): every `key=value` line, macro, grade line and unreadable line
/// exactly, block lines without their trailing spaces, comments inside `[meta]` exactly; blank
/// lines and other comments are skipped, as the reader skips them.
pub fn meaning(text: &str) -> String {
    let mut out = String::new();
    let mut outline = Outline::new(text);
    for line in outline.by_ref() {
        let content = &text[line.start..line.content_end];
        match line.class {
            LineClass::Blank => {}
            LineClass::Comment if line.block != syntax::wagic::outline::Block::Meta => {}
            LineClass::BlockOpen { .. } | LineClass::BlockClose => {
                let _ = writeln!(
                    out,
                    "{:?} {:?} {:?}",
                    line.class,
                    line.block,
                    &content[..trimmed_len(content).max(2.min(content.len()))]
                );
            }
            _ => {
                let _ = writeln!(out, "{:?} {:?} {content:?}", line.class, line.block);
            }
        }
    }
    let _ = writeln!(out, "end {:?}", outline.state());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{apply, format_with};

    fn fmt(text: &str) -> String {
        let edits = format_with(&FORMATTER, text).expect("formats");
        apply(text, &edits)
    }

    #[test]
    fn a_formatted_file_is_left_alone() {
        let text = "[card]\r\nname=Quiet Scholar\r\nauto={T}:draw:1 \r\ntext=Draw.\r\n[/card]\r\n\r\n[card]\r\nname=B\r\n[/card]";
        assert!(edits(text).is_empty());
    }

    #[test]
    fn block_lines_comments_and_blank_lines_lose_their_trailing_spaces() {
        let text = "#set file  \n[card] \nname=A \n  \n[/card]\t\n\n\n";
        assert_eq!(fmt(text), "#set file\n[card]\nname=A \n\n[/card]\n");
    }

    #[test]
    fn values_and_leading_spaces_are_kept() {
        let text = "[card]\nname= A  \n text=B\n[/card]\n";
        assert!(edits(text).is_empty());
    }

    #[test]
    fn meta_comments_are_kept_and_a_carriage_return_before_a_break_stays() {
        let text = "[meta]\n#x=1 \n[/meta]\n[card]\nname=A\r\r\nauto=B\r\n[/card]\n";
        assert_eq!(
            fmt(text),
            "[meta]\n#x=1 \n[/meta]\n[card]\nname=A\r\r\nauto=B\n[/card]\n"
        );
    }

    /// Whitespace (and line breaks) put anywhere in a file: formatting never refuses (the
    /// meaning is kept, a second pass changes nothing).
    #[test]
    fn whitespace_anywhere_is_formatted_or_kept() {
        let file = "#AUTO_DEFINE __X__ draw:1\n[card]\nname=A\nauto={T}:draw:1\n# note\n[/card]\n\n[meta]\nname=B\n[/meta]\n";
        for at in 0..=file.len() {
            for piece in [" ", "\t", "  ", "\n", "\r\n", "\r", " \n"] {
                let mut text = file.to_string();
                text.insert_str(at, piece);
                if let Err(e) = format_with(&FORMATTER, &text) {
                    panic!("{text:?}: {e}");
                }
            }
        }
    }

    #[test]
    fn spaces_after_a_carriage_return_stay() {
        let text = "[card]\r \nname=A\n[/card]\r\t\n# x\r \n";
        assert!(edits(text).is_empty());
    }

    #[test]
    fn the_first_two_characters_of_a_block_line_stay() {
        let text = "[ \nname=A\n[/ \n";
        assert_eq!(fmt(text), "[ \nname=A\n[/\n");
    }
}
