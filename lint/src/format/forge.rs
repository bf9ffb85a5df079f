//! The Forge layout, as the card scripts write it (measured on the 2020 corpus, 18,294 scripts,
//! and a sample of today's tree; `docs/format.md`):
//!
//! - no whitespace at the start or end of a line (Forge reads every line trimmed);
//! - `Key:value`: nothing between a line's `:` and its value (Forge trims the value; the space
//!   after the second `:` of `SVar:Name:` is kept: Forge does not trim there);
//! - ` | ` between the parameters of a record (Forge trims each piece); an empty piece (`||`)
//!   is kept as written (Java's `split` drops trailing empty pieces but not blank ones);
//! - `Key$ value`: nothing between a key and its `$`; one space after `$` where there was
//!   whitespace (Forge trims the value). `Key$value` is left alone: a fifth of the 2020 scripts
//!   write `DB$Draw` in their SVars;
//! - each file keeps its line breaks (the 2020 corpus is CRLF throughout, today's tree LF); a
//!   file that mixes them gets the one most of its lines use;
//! - a file that ends with a line break ends with exactly one (blank lines at the end are
//!   dropped); a file without a final line break keeps it that way (7% of the 2020 scripts).
//!
//! Everything else is kept byte for byte: blank lines between lines, comments, the text of
//! values (`Oracle:`, descriptions, costs), the byte-order mark (E002 reports it), and any
//! whitespace that is not only spaces and tabs.

use super::{Edits, Formatter, majority_break, spaces_and_tabs};
use crate::diagnostic::Edit;
use model::forge::Model;
use std::fmt::Write as _;
use syntax::TextRange;
use syntax::forge::{SyntaxElement, SyntaxKind, SyntaxNode, ast};

pub struct Forge;

pub static FORMATTER: Forge = Forge;

impl Formatter for Forge {
    fn edits(&self, text: &str) -> Vec<Edit> {
        edits(text)
    }

    fn meaning(&self, text: &str) -> String {
        meaning(text)
    }
}

/// The physical lines of the file: the top-level elements of each (without its break) and the
/// break that ends it.
struct PhysicalLine {
    elements: Vec<SyntaxElement>,
    newline: Option<syntax::forge::SyntaxToken>,
}

fn physical_lines(root: &SyntaxNode) -> Vec<PhysicalLine> {
    let mut out = Vec::new();
    let mut current = Vec::new();
    for el in root.children_with_tokens() {
        match el.kind() {
            SyntaxKind::BOM => {}
            SyntaxKind::NEWLINE => out.push(PhysicalLine {
                elements: std::mem::take(&mut current),
                newline: el.into_token(),
            }),
            _ => current.push(el),
        }
    }
    if !current.is_empty() {
        out.push(PhysicalLine {
            elements: current,
            newline: None,
        });
    }
    out
}

fn is_ws(el: &SyntaxElement) -> bool {
    el.kind() == SyntaxKind::WHITESPACE
}

/// Whether a line holds anything but whitespace.
fn has_content(line: &PhysicalLine) -> bool {
    line.elements.iter().any(|e| !is_ws(e))
}

/// The formatter's edits for a Forge script.
pub fn edits(text: &str) -> Vec<Edit> {
    let parse = syntax::forge::parse(text);
    let root = parse.syntax();
    let lines = physical_lines(&root);
    let mut out = Edits::new(text);
    let Some(last) = lines.iter().rposition(has_content) else {
        // Nothing but whitespace: not a card script to lay out.
        return Vec::new();
    };
    let newline = majority_break(
        lines
            .iter()
            .filter_map(|l| l.newline.as_ref())
            .map(|t| t.text()),
    )
    .unwrap_or("\n")
    .to_string();
    let bom = root
        .first_token()
        .is_some_and(|t| t.kind() == SyntaxKind::BOM);
    for (i, line) in lines[..=last].iter().enumerate() {
        // After a byte-order mark, Forge reads the first line untrimmed (the mark is not
        // whitespace to Java): its leading whitespace is part of the key. Whitespace before a
        // mark stays too (without it the mark would start the file).
        let keep_lead = i == 0 && (bom || starts_with_mark_after_blank(text));
        line_edits(line, keep_lead, &mut out);
        if let Some(nl) = &line.newline {
            out.replace(nl.text_range(), &newline);
        }
    }
    // Blank lines after the last one: the file ends with the last line's break.
    if let Some(nl) = &lines[last].newline {
        let end = syntax::TextSize::of(text);
        if nl.text_range().end() < end {
            out.replace(TextRange::new(nl.text_range().end(), end), "");
        }
    }
    out.finish()
}

/// Whether the file's first non-blank character is a byte-order mark after whitespace.
fn starts_with_mark_after_blank(text: &str) -> bool {
    text.trim_start_matches(|c: char| c != '\u{feff}' && c <= ' ')
        .starts_with('\u{feff}')
}

/// The first and last tokens of a line's elements (descending into the line node).
fn edge_tokens(line: &PhysicalLine) -> (Option<SyntaxElement>, Option<SyntaxElement>) {
    let first = line.elements.first().map(|e| match e {
        SyntaxElement::Node(n) => n
            .first_child_or_token()
            .unwrap_or_else(|| SyntaxElement::Node(n.clone())),
        token => token.clone(),
    });
    let last = line.elements.last().map(|e| match e {
        SyntaxElement::Node(n) => n
            .last_child_or_token()
            .unwrap_or_else(|| SyntaxElement::Node(n.clone())),
        token => token.clone(),
    });
    (first, last)
}

fn line_edits(line: &PhysicalLine, after_bom: bool, out: &mut Edits<'_>) {
    let (first, last) = edge_tokens(line);
    // Leading and trailing whitespace (a blank line's whitespace is both).
    if let Some(first) = first.filter(is_ws).filter(|_| !after_bom) {
        out.delete_blank(first.text_range());
    }
    if let Some(last) = last.filter(is_ws)
        && line.elements.iter().any(|e| !is_ws(e))
    {
        out.delete_blank(last.text_range());
    }
    for el in &line.elements {
        let SyntaxElement::Node(node) = el else {
            continue;
        };
        if ast::Line::cast(node.clone()).is_some() {
            colon_edits(node, out);
        }
        for d in node.descendants() {
            match d.kind() {
                SyntaxKind::RECORD => pipe_edits(&d, out),
                SyntaxKind::PARAM => dollar_edits(&d, out),
                _ => {}
            }
        }
    }
}

/// `Key: value` → `Key:value` (the first `:` of the line only).
fn colon_edits(line: &SyntaxNode, out: &mut Edits<'_>) {
    let children: Vec<SyntaxElement> = line.children_with_tokens().collect();
    let Some(colon) = children.iter().position(|e| e.kind() == SyntaxKind::COLON) else {
        return;
    };
    if let (Some(ws), Some(next)) = (children.get(colon + 1), children.get(colon + 2))
        && is_ws(ws)
        && !is_ws(next)
        && ws_text(ws).is_some_and(spaces_and_tabs)
    {
        out.replace(ws.text_range(), "");
    }
}

fn ws_text(el: &SyntaxElement) -> Option<&str> {
    match el {
        SyntaxElement::Token(t) if t.kind() == SyntaxKind::WHITESPACE => Some(t.text()),
        _ => None,
    }
}

/// ` | ` between two parameters.
fn pipe_edits(record: &SyntaxNode, out: &mut Edits<'_>) {
    let children: Vec<SyntaxElement> = record.children_with_tokens().collect();
    let param = |i: Option<usize>| {
        i.and_then(|i| children.get(i))
            .is_some_and(|e| e.kind() == SyntaxKind::PARAM)
    };
    for (i, pipe) in children.iter().enumerate() {
        if pipe.kind() != SyntaxKind::PIPE {
            continue;
        }
        let range = pipe.text_range();
        // Before the pipe.
        if param(i.checked_sub(1)) {
            out.insert(range.start(), " ");
        } else if let Some(ws) = i.checked_sub(1).and_then(|j| children.get(j))
            && ws_text(ws).is_some_and(spaces_and_tabs)
            && param(i.checked_sub(2))
        {
            out.replace(ws.text_range(), " ");
        }
        // After it.
        if param(Some(i + 1)) {
            out.insert(range.end(), " ");
        } else if let Some(ws) = children.get(i + 1)
            && ws_text(ws).is_some_and(spaces_and_tabs)
            && param(Some(i + 2))
        {
            out.replace(ws.text_range(), " ");
        }
    }
}

/// `Key $ value` → `Key$ value`; `Key$   value` → `Key$ value`; `Key$value` stays.
fn dollar_edits(param: &SyntaxNode, out: &mut Edits<'_>) {
    let children: Vec<SyntaxElement> = param.children_with_tokens().collect();
    let Some(dollar) = children.iter().position(|e| e.kind() == SyntaxKind::DOLLAR) else {
        return;
    };
    if dollar >= 2
        && children[dollar - 2].kind() == SyntaxKind::PARAM_KEY
        && ws_text(&children[dollar - 1]).is_some_and(spaces_and_tabs)
    {
        out.replace(children[dollar - 1].text_range(), "");
    }
    if let (Some(ws), Some(value)) = (children.get(dollar + 1), children.get(dollar + 2))
        && ws_text(ws).is_some_and(spaces_and_tabs)
        && !is_ws(value)
    {
        out.replace(ws.text_range(), " ");
    }
}

/// What Forge reads from a script, from the per-file model every rule reads: each line's kind,
/// key and trimmed value, the SVars, every record's parameters (key and trimmed value), the
/// keywords' pieces, the faces; plus the comments and the byte-order mark. Blank lines and the
/// whitespace Forge trims are not in it.
pub fn meaning(text: &str) -> String {
    let parse = syntax::forge::parse(text);
    let Some(tree) = ast::SourceFile::cast(parse.syntax()) else {
        return String::new();
    };
    let model = Model::build(text, &tree, false, model::forge::versions::any_version());
    let slice = |r: TextRange| &text[usize::from(r.start())..usize::from(r.end())];
    let mut out = String::new();
    let _ = writeln!(out, "bom {}", tree.bom().is_some());
    for line in &model.lines {
        // A line without a key (an unreadable line) is its whole trimmed text.
        let whole = line.key.is_none().then(|| slice(line.range));
        // A record is its parameters (below): the spaces between them are not read.
        let value = if line.line.record().is_some() {
            "<record>"
        } else {
            slice(line.value)
        };
        let _ = writeln!(
            out,
            "line {:?} key {:?} value {:?} whole {whole:?} face {}",
            line.kind,
            line.key.map(slice),
            value,
            line.face
        );
    }
    for comment in tree.comments() {
        let _ = writeln!(out, "comment {:?}", comment.text());
    }
    for svar in &model.svars {
        let _ = writeln!(
            out,
            "svar {:?} {:?} value {} record {} expr {}",
            svar.name,
            if svar.record.is_some() {
                "<record>"
            } else {
                svar.value
            },
            svar.has_value,
            svar.record.is_some(),
            svar.is_expr
        );
    }
    for record in &model.records {
        let _ = writeln!(
            out,
            "record {:?} {:?} kind {:?} empty {} {}",
            record.origin,
            record.role,
            record.kind_value,
            record.empty_pieces.between.len(),
            record.empty_pieces.trailing.is_some()
        );
        for p in &record.params {
            let _ = writeln!(
                out,
                "  param {:?} {} {:?} {:?} {}",
                p.key, p.has_dollar, p.value, p.value_kind, p.shadowed
            );
        }
    }
    for k in &model.keywords {
        let pieces: Vec<&str> = k.pieces.iter().map(|r| slice(*r)).collect();
        let _ = writeln!(out, "keyword {} {pieces:?}", k.line);
    }
    for f in &model.faces {
        let _ = writeln!(out, "face {:?} {}..{}", f.name, f.first_line, f.end_line);
    }
    let _ = writeln!(out, "refs {}", model.refs.len());
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
    fn a_formatted_script_is_left_alone() {
        let text = "Name:Quiet Scholar\r\nManaCost:1 U\r\nTypes:Creature Human Wizard\r\nPT:1/2\r\n\
A:AB$ Draw | Cost$ T | NumCards$ 1 | SpellDescription$ Draw a card.\r\n\
SVar:DBTap:DB$Tap | Defined$ Self\r\nOracle:{T}: Draw a card.";
        assert!(edits(text).is_empty());
    }

    #[test]
    fn pipes_dollars_colons_and_line_ends() {
        let text = "Name: Quiet Scholar  \n  ManaCost:1 U\nA:AB$  Draw|Cost $ T |  NumCards$ 1\t| SpellDescription$ Draw  a card.\nSVar:X: Count$Foo\n\n\n";
        assert_eq!(
            fmt(text),
            "Name:Quiet Scholar\nManaCost:1 U\nA:AB$ Draw | Cost$ T | NumCards$ 1 | SpellDescription$ Draw  a card.\nSVar:X: Count$Foo\n"
        );
    }

    #[test]
    fn empty_pieces_and_missing_values_are_kept() {
        let text = "Name:A\nA:AB$ Draw || NumCards$ 1 |\nT:Mode$ ChangesZone | Execute$|\n";
        assert_eq!(
            fmt(text),
            "Name:A\nA:AB$ Draw || NumCards$ 1 |\nT:Mode$ ChangesZone | Execute$ |\n"
        );
    }

    #[test]
    fn line_breaks_follow_the_majority_and_the_final_break_is_kept_or_not() {
        assert_eq!(
            fmt("Name:A\r\nTypes:Land\r\nPT:1/1\n"),
            "Name:A\r\nTypes:Land\r\nPT:1/1\r\n"
        );
        assert_eq!(fmt("Name:A\nTypes:Land"), "Name:A\nTypes:Land");
        assert_eq!(fmt("Name:A\n\n  \n"), "Name:A\n");
    }

    #[test]
    fn oracle_text_comments_and_odd_bytes_are_kept() {
        let text =
            "\u{feff}Name:A\n# a  comment\nOracle:Text  with   spaces.\nA:AB$\u{b}Draw | Cost$ T\n";
        assert_eq!(edits(text), vec![]);
        let text = "Name:A\nOracle:  Two  spaces.  \n";
        assert_eq!(fmt(text), "Name:A\nOracle:Two  spaces.\n");
    }

    /// Whitespace (and line breaks) put anywhere in a script: formatting never refuses (the
    /// meaning is kept, a second pass changes nothing).
    #[test]
    fn whitespace_anywhere_is_formatted_or_kept() {
        let script = "Name:Quiet Scholar\nA:AB$ Draw | Cost$ T | NumCards$ 1 | SpellDescription$ Draw.\n\
SVar:DBTap:DB$ Tap | Defined$ Self\nSVar:X:Count$xPaid\nK:Flying\nOracle:Draw a card.\n";
        for at in 0..=script.len() {
            for piece in [" ", "\t", "  ", "\n", "\r\n", "\r", " \n"] {
                let mut text = script.to_string();
                text.insert_str(at, piece);
                if let Err(e) = format_with(&FORMATTER, &text) {
                    panic!("{text:?}: {e}");
                }
            }
        }
    }

    #[test]
    fn whitespace_before_a_byte_order_mark_stays() {
        assert!(edits("\t\u{feff}").is_empty());
        assert!(edits(" \u{feff}Name:A\n").is_empty());
    }

    #[test]
    fn whitespace_only_files_are_left_alone() {
        assert!(edits("  \n\n").is_empty());
        assert!(edits("").is_empty());
    }
}
