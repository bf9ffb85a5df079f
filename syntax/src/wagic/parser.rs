//! The Wagic card-file parser: blocks and lines exactly as the engine's reader sees them (see
//! `outline`), values parsed by what their key means to the engine (see `keys`).

use super::ability::{self, Shape};
use super::keys::{KeyMeaning, key_meaning};
use super::kind::SyntaxKind::{self, *};
use super::kind::WagicLanguage;
use super::outline::{Block, LineClass, MACRO_PREFIX, Outline};
use crate::builder::{Builder, build};
use crate::{ErrorKind, Parse};

/// Parses a set file, a primitives file or a macros file.
pub fn parse(text: &str) -> Parse<WagicLanguage> {
    let (green, errors) = build(text, |b| parse_file(b, text));
    Parse::new(green, errors)
}

fn parse_file<'t>(b: &mut Builder<'t>, text: &'t str) {
    b.start(SOURCE_FILE);
    let mut outline = Outline::new(text);
    let mut open_block: Option<(usize, usize)> = None;
    for line in outline.by_ref() {
        let mut start = line.start;
        if start == 0 && text.starts_with('\u{feff}') {
            b.token(BOM, '\u{feff}'.len_utf8());
            start = b.pos();
        }
        let end = line.content_end;
        match line.class {
            LineClass::Blank => b.token_to(WHITESPACE, end),
            LineClass::MacroDef => macro_def(b, text, start, end),
            LineClass::Comment => b.token_to(COMMENT, end),
            LineClass::BlockOpen { meta } => {
                b.start(if meta { META_BLOCK } else { CARD_BLOCK });
                b.token_to(BLOCK_OPEN, end);
                open_block = Some((start, end));
            }
            LineClass::BlockClose => {
                b.token_to(BLOCK_CLOSE, end);
                b.finish();
                open_block = None;
                b.token_to(NEWLINE, line.end);
                continue;
            }
            LineClass::Entry { .. } if end - start > crate::MAX_LINE_LEN => {
                b.start(BAD_LINE);
                b.token_to(TEXT, end);
                b.finish();
                b.error(
                    ErrorKind::TooDeep,
                    start,
                    end,
                    crate::line_too_long(end - start),
                );
            }
            LineClass::Entry { eq } => entry(b, text, start, line.start + eq, end, line.block),
            LineClass::BadLine | LineClass::NestedOpen => {
                b.start(BAD_LINE);
                b.token_to(TEXT, end);
                b.finish();
                let (kind, message) = if line.class == LineClass::NestedOpen {
                    (
                        ErrorKind::NestedBlock,
                        "a block header inside an open `[card]` block: the previous card is missing `[/card]`, so Wagic merges the two cards",
                    )
                } else {
                    (
                        ErrorKind::UnrecognizedLine,
                        "this line has no `=`: Wagic ignores it",
                    )
                };
                b.error(kind, start, end, message);
            }
            LineClass::GradeLine => grade_line(b, text, start, end),
            LineClass::Stray => {
                b.start(STRAY_LINE);
                b.token_to(TEXT, end);
                b.finish();
                if start == line.start {
                    let message = if line.block == Block::Meta {
                        "this line of the `[meta]` block has no `=`: Wagic ignores it"
                    } else {
                        "text outside a `[card]` block: Wagic ignores it"
                    };
                    b.error(ErrorKind::TextOutsideBlock, start, end, message);
                }
            }
        }
        b.token_to(NEWLINE, line.end);
    }
    if outline.state() != Block::Outside {
        b.finish();
        if let Some((start, end)) = open_block {
            b.error(
                ErrorKind::UnclosedBlock,
                start,
                end,
                "this block is never closed: Wagic drops the card and merges its keys into the first card of the next file it reads",
            );
        }
    }
    b.finish();
}

fn entry<'t>(
    b: &mut Builder<'t>,
    text: &'t str,
    start: usize,
    eq: usize,
    end: usize,
    block: Block,
) {
    b.start(ENTRY);
    b.token_to(KEY, eq);
    b.token(EQ, 1);
    if eq + 1 < end {
        let meaning = if block == Block::Meta {
            KeyMeaning::Text
        } else {
            key_meaning(&text[start..eq], &text[start..end])
        };
        value(b, text, meaning, eq + 1, end);
    }
    b.finish();
}

/// Parses a value by what its key means to the engine.
fn value<'t>(b: &mut Builder<'t>, text: &'t str, meaning: KeyMeaning, start: usize, end: usize) {
    use KeyMeaning::*;
    if meaning.is_ability() {
        ability::parse_value(b, text, start, end, Shape::Ability);
    } else if meaning.is_cost() {
        ability::parse_value(b, text, start, end, Shape::Cost);
    } else {
        match meaning {
            Target => ability::parse_value(b, text, start, end, Shape::Target),
            Restrictions | OtherRestriction => {
                ability::parse_value(b, text, start, end, Shape::Restrictions)
            }
            Abilities => comma_list(b, text, start, end, ABILITY_LIST, true),
            Color => comma_list(b, text, start, end, WORD_LIST, false),
            Type | Subtype => {
                b.start(WORD_LIST);
                let bytes = text.as_bytes();
                let mut pos = start;
                while pos < end {
                    let space = bytes[pos] == b' ' || bytes[pos] == b'\t';
                    let n = bytes[pos..end]
                        .iter()
                        .take_while(|c| (**c == b' ' || **c == b'\t') == space)
                        .count();
                    b.token(if space { WHITESPACE } else { WORD }, n);
                    pos += n;
                }
                b.finish();
            }
            _ => {
                b.start(VALUE);
                b.token_to(TEXT, end);
                b.finish();
            }
        }
    }
}

/// Pieces split on every `,`. With `trim`, spaces around a piece are separate tokens.
fn comma_list(
    b: &mut Builder<'_>,
    text: &str,
    start: usize,
    end: usize,
    node: SyntaxKind,
    trim: bool,
) {
    b.start(node);
    let mut piece = start;
    loop {
        let comma = memchr::memchr(b',', &text.as_bytes()[piece..end]).map_or(end, |i| piece + i);
        let s = &text[piece..comma];
        if trim {
            let lead = s.len() - s.trim_start_matches([' ', '\t']).len();
            let trail = s.len() - s.trim_end_matches([' ', '\t']).len();
            b.token(WHITESPACE, lead.min(s.len()));
            if lead < s.len() {
                b.token_to(TEXT, comma - trail);
                b.token_to(WHITESPACE, comma);
            }
        } else {
            b.token_to(TEXT, comma);
        }
        if comma == end {
            break;
        }
        b.token(COMMA, 1);
        piece = comma + 1;
    }
    b.finish();
}

fn grade_line(b: &mut Builder<'_>, text: &str, start: usize, end: usize) {
    b.start(GRADE_LINE);
    match memchr::memchr(b'=', &text.as_bytes()[start..end]) {
        Some(eq) => {
            b.token(KEY, eq);
            b.token(EQ, 1);
            if start + eq + 1 < end {
                b.start(VALUE);
                b.token_to(TEXT, end);
                b.finish();
            }
        }
        None => b.token_to(TEXT, end),
    }
    b.finish();
}

/// `#AUTO_DEFINE NAME[(p1,p2)] replacement`, read as the engine reads it: the name ends at the
/// first space unless a `(` comes first; parameters run to the first `)` of the line; the
/// replacement starts two characters after it.
fn macro_def(b: &mut Builder<'_>, text: &str, start: usize, end: usize) {
    b.start(MACRO_DEF);
    b.token(MACRO_KEYWORD, MACRO_PREFIX.len() - 1);
    b.token(WHITESPACE, 1);
    let rest_start = start + MACRO_PREFIX.len();
    let rest = &text[rest_start..end];
    let space = rest.find(' ');
    let paren = rest.find('(');
    let params = match (paren, space) {
        (Some(p), Some(s)) if p < s => Some(p),
        (Some(p), None) => Some(p),
        _ => None,
    };
    match params {
        Some(p) => {
            b.token(MACRO_NAME, p);
            let close = rest.find(')').filter(|&c| c > p);
            b.start(MACRO_PARAMS);
            b.token(L_PAREN, 1);
            let params_end = close.map_or(end, |c| rest_start + c);
            let mut pos = rest_start + p + 1;
            while pos < params_end {
                let comma = memchr::memchr(b',', &text.as_bytes()[pos..params_end])
                    .map_or(params_end, |i| pos + i);
                b.token_to(WORD, comma);
                if comma < params_end {
                    b.token(COMMA, 1);
                }
                pos = comma + 1;
            }
            if let Some(c) = close {
                b.token(R_PAREN, 1);
                b.finish();
                let after = rest_start + c + 1;
                if after < end {
                    let skipped = text[after..].chars().next().map_or(1, char::len_utf8);
                    let kind = if text.as_bytes()[after] == b' ' {
                        WHITESPACE
                    } else {
                        TEXT
                    };
                    b.token(kind, skipped.min(end - after));
                }
            } else {
                b.finish();
            }
            b.token_to(TEXT, end);
        }
        None => match space {
            Some(s) => {
                b.token(MACRO_NAME, s);
                b.token(WHITESPACE, 1);
                b.token_to(TEXT, end);
            }
            None => b.token_to(MACRO_NAME, end),
        },
    }
    b.finish();
}
