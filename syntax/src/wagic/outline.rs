//! The Wagic card reader's line state machine (outside / `[meta]` / `[card]`), without building a
//! tree. The parser builds its tree on it, and the workspace index reads files through it quickly.

use crate::scan::{self, Breaks};

/// What the engine does with one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineClass {
    /// Empty or only spaces and tabs.
    Blank,
    /// `#AUTO_DEFINE ` (with the space), in any state.
    MacroDef,
    /// A `#` line the engine skips.
    Comment,
    /// Opens a block: `meta` when the second character is `m`.
    BlockOpen { meta: bool },
    /// `[/...`: closes the open block.
    BlockClose,
    /// `key=value`, with the offset of `=` in the line.
    Entry { eq: usize },
    /// In a card block: no `=`, or `=` first. Skipped.
    BadLine,
    /// In a card block: a line starting with `[` that is not a close line. Skipped, so the two
    /// cards merge.
    NestedOpen,
    /// Outside blocks: a line starting with `g`, longer than 8 characters (file-level grade).
    GradeLine,
    /// Outside blocks (or without `=` in `[meta]`): skipped.
    Stray,
}

/// The block a line is in (after the line's own effect for open/close lines: the block it opens
/// or closes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    Outside,
    Meta,
    Card,
}

#[derive(Clone, Copy, Debug)]
pub struct OutlineLine {
    pub start: usize,
    pub content_end: usize,
    pub end: usize,
    pub class: LineClass,
    pub block: Block,
}

pub struct Outline<'t> {
    text: &'t str,
    lines: Box<dyn Iterator<Item = scan::Line> + 't>,
    state: Block,
}

impl<'t> Outline<'t> {
    pub fn new(text: &'t str) -> Self {
        Outline {
            text,
            lines: Box::new(scan::lines(text, Breaks::Lf)),
            state: Block::Outside,
        }
    }

    /// The state after the last line read: `Card` at the end means an unclosed `[card]`.
    pub fn state(&self) -> Block {
        self.state
    }
}

pub const MACRO_PREFIX: &str = "#AUTO_DEFINE ";

impl Iterator for Outline<'_> {
    type Item = OutlineLine;

    fn next(&mut self) -> Option<OutlineLine> {
        let line = self.lines.next()?;
        let content = &self.text[line.start..line.content_end];
        let bytes = content.as_bytes();
        let blank = bytes.iter().all(|b| *b == b' ' || *b == b'\t');
        let (class, block) = if blank {
            (LineClass::Blank, self.state)
        } else if content.starts_with(MACRO_PREFIX) {
            (LineClass::MacroDef, self.state)
        } else {
            match self.state {
                Block::Outside => {
                    if bytes[0] == b'[' && bytes.len() > 1 {
                        let meta = bytes[1] == b'm';
                        self.state = if meta { Block::Meta } else { Block::Card };
                        (LineClass::BlockOpen { meta }, self.state)
                    } else if bytes[0] == b'g' && bytes.len() > 8 {
                        (LineClass::GradeLine, Block::Outside)
                    } else if bytes[0] == b'#' {
                        (LineClass::Comment, Block::Outside)
                    } else {
                        (LineClass::Stray, Block::Outside)
                    }
                }
                Block::Meta => {
                    if content.starts_with("[/") {
                        self.state = Block::Outside;
                        (LineClass::BlockClose, Block::Meta)
                    } else if bytes[0] == b'#' {
                        (LineClass::Comment, Block::Meta)
                    } else {
                        match memchr::memchr(b'=', bytes) {
                            Some(eq) => (LineClass::Entry { eq }, Block::Meta),
                            None => (LineClass::Stray, Block::Meta),
                        }
                    }
                }
                Block::Card => {
                    if content.starts_with("[/") {
                        self.state = Block::Outside;
                        (LineClass::BlockClose, Block::Card)
                    } else if bytes[0] == b'#' {
                        (LineClass::Comment, Block::Card)
                    } else if bytes[0] == b'[' {
                        (LineClass::NestedOpen, Block::Card)
                    } else {
                        match memchr::memchr(b'=', bytes) {
                            Some(eq) if eq > 0 => (LineClass::Entry { eq }, Block::Card),
                            _ => (LineClass::BadLine, Block::Card),
                        }
                    }
                }
            }
        };
        Some(OutlineLine {
            start: line.start,
            content_end: line.content_end,
            end: line.end,
            class,
            block,
        })
    }
}
