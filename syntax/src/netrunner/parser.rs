//! The Netrunner AutoScript parser. Two hosts: the `ScriptsLocal` string table of the Android
//! game's `CardScripts.py` (split on `=====`, `.....`, `-----` and `+++++` exactly as
//! `fetchCardScripts` splits it), and the `AutoScript`/`AutoAction` properties of the classic
//! game's `set.xml` files (XML-escaped). Scripts are split on `||` and `$$` as plainly as the
//! engine splits them; parts are a command head and `-modulators`.

use super::kind::NetrunnerLanguage;
use super::kind::SyntaxKind::{self, *};
use crate::builder::{Builder, build};
use crate::emit::Emitter;
use crate::python::{self, PyKind};
use crate::xml::{self, Event};
use crate::{ErrorKind, Parse};

/// Parses `CardScripts.py` or a `set.xml` file (told apart by content).
pub fn parse(text: &str) -> Parse<NetrunnerLanguage> {
    let (green, errors) = build(text, |b| {
        b.start(SOURCE_FILE);
        let body = text.trim_start_matches('\u{feff}');
        if text.len() > body.len() {
            b.token(BOM, 3);
        }
        if body.trim_start().starts_with('<') {
            xml_file(b, text);
        } else {
            python_file(b, text);
        }
        b.finish();
    });
    Parse::new(green, errors)
}

/// Parses one script on its own (an AutoScript or AutoAction value, unescaped).
pub fn parse_script(text: &str, action: bool) -> Parse<NetrunnerLanguage> {
    let (green, errors) = build(text, |b| {
        b.start(SOURCE_FILE);
        let mut e = Emitter::new(b, None);
        field(
            &mut e,
            text,
            0,
            text.len(),
            if action { AUTO_ACTION } else { AUTO_SCRIPT },
        );
        b.finish();
    });
    Parse::new(green, errors)
}

fn host_kind(kind: PyKind) -> SyntaxKind {
    match kind {
        PyKind::Whitespace | PyKind::Indent => WHITESPACE,
        PyKind::Newline => NEWLINE,
        PyKind::Comment | PyKind::CommentLine => COMMENT,
        PyKind::String => STRING,
        _ => HOST_TEXT,
    }
}

fn python_file<'t>(b: &mut Builder<'t>, text: &'t str) {
    let toks = python::module_tokens(&text[b.pos()..]);
    let base = b.pos();
    let significant: Vec<usize> = toks
        .iter()
        .enumerate()
        .filter(|(_, t)| {
            !matches!(
                t.0,
                PyKind::Whitespace | PyKind::Indent | PyKind::Newline | PyKind::Comment
            )
        })
        .map(|(i, _)| i)
        .collect();
    // `ScriptsLocal = '''...'''`: the string of the table.
    let mut table: Option<usize> = None;
    for w in significant.windows(3) {
        let (a, eq, s) = (toks[w[0]], toks[w[1]], toks[w[2]]);
        if a.0 == PyKind::Name
            && &text[base + a.1..base + a.2] == "ScriptsLocal"
            && eq.0 == PyKind::Op
            && &text[base + eq.1..base + eq.2] == "="
            && matches!(s.0, PyKind::String | PyKind::Error)
            && text[base + s.1..base + s.2]
                .trim_start_matches(['r', 'R', 'u', 'U'])
                .starts_with(['\'', '"'])
        {
            table = Some(w[2]);
            break;
        }
    }
    for (i, &(kind, s, e)) in toks.iter().enumerate() {
        let (s, e) = (base + s, base + e);
        if Some(i) == table {
            table_string(b, text, s, e);
        } else {
            b.token_to(host_kind(kind), e);
        }
    }
}

/// The string literal holding the table: quotes, then the body parsed as the table.
fn table_string<'t>(b: &mut Builder<'t>, text: &'t str, start: usize, end: usize) {
    let lit = &text[start..end];
    let prefix = lit
        .bytes()
        .take_while(|c| !matches!(c, b'\'' | b'"'))
        .count();
    let raw = lit[..prefix].to_ascii_lowercase().contains('r');
    let q = lit.as_bytes()[prefix];
    let triple = lit[prefix..].len() >= 3
        && lit.as_bytes()[prefix + 1] == q
        && lit.as_bytes()[prefix + 2] == q;
    let ql = if triple { 3 } else { 1 };
    let body_start = start + prefix + ql;
    let closed = lit.len() >= prefix + 2 * ql && lit.ends_with(&lit[prefix..prefix + ql]);
    let body_end = if closed { end - ql } else { end };
    b.token_to(QUOTE, body_start);
    let body = &text[body_start..body_end.max(body_start)];
    let decoded = if raw {
        None
    } else {
        crate::escape::python(body)
    };
    let mut e = Emitter::new(b, decoded.as_ref().map(|d| d.map.as_slice()));
    let view = decoded.as_ref().map_or(body, |d| d.text.as_str());
    e.start(SCRIPT_TABLE);
    script_table(&mut e, view);
    e.finish();
    b.token_to(QUOTE, end);
    if !closed {
        b.error(
            ErrorKind::UnbalancedBracket,
            start,
            body_start,
            "the string of the script table is never closed: Python cannot load CardScripts.py",
        );
    }
}

/// `header ===== entry ..... entry ..... ENDSCRIPTS ===== rest`.
fn script_table(e: &mut Emitter<'_, '_>, s: &str) {
    let Some(first) = s.find("=====") else {
        e.start(TABLE_HEADER);
        e.token_to(TABLE_TEXT, s.len());
        e.finish();
        return;
    };
    e.start(TABLE_HEADER);
    blank_or(e, s, first, TABLE_TEXT);
    e.finish();
    e.token_to(SEPARATOR, first + 5);
    let section_start = first + 5;
    let section_end = s[section_start..]
        .find("=====")
        .map_or(s.len(), |i| section_start + i);
    let mut pos = section_start;
    let mut ended = false;
    while pos <= section_end && !ended {
        let end = s[pos..section_end]
            .find(".....")
            .map_or(section_end, |i| pos + i);
        let chunk = &s[pos..end];
        if chunk.contains("ENDSCRIPTS") {
            e.start(END_ENTRY);
            let at = pos + chunk.find("ENDSCRIPTS").unwrap_or(0);
            blank_or(e, s, at, TABLE_TEXT);
            e.token_to(END_MARKER, at + "ENDSCRIPTS".len());
            blank_or(e, s, end, TABLE_TEXT);
            e.finish();
            ended = true;
        } else if !chunk.trim().is_empty() || end < section_end {
            entry(e, s, pos, end);
        } else {
            blank_or(e, s, end, TABLE_TEXT);
        }
        if end < section_end {
            e.token_to(SEPARATOR, end + 5);
            pos = end + 5;
        } else {
            pos = end + 1;
        }
    }
    if e.pos() < s.len() {
        e.start(IGNORED);
        let end = section_end.min(s.len());
        if e.pos() < end {
            e.token_to(TABLE_TEXT, end);
        }
        if end < s.len() {
            e.token_to(SEPARATOR, end + 5);
            blank_or(e, s, s.len(), TABLE_TEXT);
        }
        e.finish();
    }
}

/// Whitespace (with line breaks) up to `end`, the rest as `kind`, trailing whitespace apart.
fn blank_or(e: &mut Emitter<'_, '_>, s: &str, end: usize, kind: SyntaxKind) {
    let from = e.pos();
    let region = &s[from..end];
    let lead = region.len() - region.trim_start().len();
    let trail = region.len() - region.trim_end().len();
    blanks(e, s, from + lead);
    if lead < region.len() {
        e.token_to(kind, end - trail);
        blanks(e, s, end);
    }
}

/// Whitespace tokens (line breaks apart) up to `end`.
fn blanks(e: &mut Emitter<'_, '_>, s: &str, end: usize) {
    let bytes = s.as_bytes();
    while e.pos() < end {
        let p = e.pos();
        if bytes[p] == b'\n' || bytes[p] == b'\r' {
            let n = if bytes[p] == b'\r' && bytes.get(p + 1) == Some(&b'\n') {
                2
            } else {
                1
            };
            e.token(NEWLINE, n.min(end - p));
        } else {
            let n = s[p..end]
                .char_indices()
                .find(|(_, c)| *c == '\n' || *c == '\r')
                .map_or(end - p, |(i, _)| i);
            e.token(WHITESPACE, n);
        }
    }
}

/// `name ----- GUID ----- AutoScript +++++ AutoAction`.
fn entry(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize) {
    e.start(ENTRY);
    let chunk = &s[start..end];
    let mut cuts: Vec<usize> = chunk
        .match_indices("-----")
        .map(|(i, _)| start + i)
        .collect();
    // `str.split` does not overlap: drop separators that start inside the previous one.
    let mut last = None;
    cuts.retain(|&c| {
        let keep = last.is_none_or(|l| c >= l + 5);
        if keep {
            last = Some(c);
        }
        keep
    });
    let mut fields: Vec<(usize, usize)> = Vec::new();
    let mut p = start;
    for &c in &cuts {
        fields.push((p, c));
        p = c + 5;
    }
    fields.push((p, end));
    for (n, &(fs, fe)) in fields.iter().enumerate() {
        if n > 0 {
            e.token_to(SEPARATOR, fs);
        }
        match n {
            0 => {
                e.start(ENTRY_NAME);
                blank_or(e, s, fe, TABLE_TEXT);
                e.finish();
            }
            1 => {
                e.start(ENTRY_GUID);
                blank_or(e, s, fe, GUID);
                e.finish();
            }
            2 => scripts(e, s, fs, fe),
            _ => {
                e.start(IGNORED);
                blank_or(e, s, fe, TABLE_TEXT);
                e.finish();
            }
        }
    }
    e.finish();
}

/// `AutoScript +++++ AutoAction [+++++ ignored...]`.
fn scripts(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize) {
    let mut p = start;
    let mut n = 0;
    loop {
        let cut = s[p..end].find("+++++").map(|i| p + i);
        let fe = cut.unwrap_or(end);
        match n {
            0 => field(e, s, p, fe, AUTO_SCRIPT),
            1 => field(e, s, p, fe, AUTO_ACTION),
            _ => {
                e.start(IGNORED);
                blank_or(e, s, fe, TABLE_TEXT);
                e.finish();
            }
        }
        match cut {
            Some(c) => {
                e.token_to(SEPARATOR, c + 5);
                p = c + 5;
                n += 1;
            }
            None => break,
        }
    }
}

/// One AutoScript or AutoAction field: surrounding whitespace, then the script.
fn field(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize, kind: SyntaxKind) {
    e.start(kind);
    let region = &s[start..end];
    let lead = region.len() - region.trim_start().len();
    let trail = region.len() - region.trim_end().len();
    blanks(e, s, start + lead);
    if lead < region.len() {
        script(e, s, start + lead, end - trail);
        blanks(e, s, end);
    }
    e.finish();
}

/// Alternatives split on `||`.
fn script(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize) {
    e.start(SCRIPT);
    let mut p = start;
    loop {
        let cut = s[p..end].find("||").map(|i| p + i);
        let ae = cut.unwrap_or(end);
        alternative(e, s, p, ae);
        match cut {
            Some(c) => {
                e.token_to(ALT_SEP, c + 2);
                p = c + 2;
            }
            None => break,
        }
    }
    e.finish();
}

/// The end of a brace or angle group starting at `open` (`{`: the first `}`; `<`: the first
/// `>`), bounded by `end`; and whether it is closed.
fn group_end(s: &str, open: usize, end: usize) -> (usize, bool) {
    let close = if s.as_bytes()[open] == b'{' {
        b'}'
    } else {
        b'>'
    };
    match memchr::memchr(close, &s.as_bytes()[open + 1..end]) {
        Some(i) => (open + 1 + i + 1, true),
        None => (end, false),
    }
}

/// An optional `prefix:` then parts split on `$$`.
fn alternative(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize) {
    e.start(ALTERNATIVE);
    blanks(
        e,
        s,
        start + (s[start..end].len() - s[start..end].trim_start().len()),
    );
    let mut p = e.pos();
    // A prefix: a word (no dash, brace or angle) before the first `:`.
    let bytes = s.as_bytes();
    let mut i = p;
    while i < end && !matches!(bytes[i], b':' | b'-' | b'{' | b'<' | b'$' | b' ') {
        i += 1;
    }
    if i < end && bytes[i] == b':' && i > p {
        e.start(PREFIX);
        e.token_to(PREFIX_WORD, i);
        e.token_to(COLON, i + 1);
        e.finish();
        p = i + 1;
    }
    loop {
        let cut = s[p..end].find("$$").map(|i| p + i);
        let pe = cut.unwrap_or(end);
        if pe > p {
            part(e, s, p, pe, 0);
        }
        match cut {
            Some(c) => {
                e.token_to(SEQ_SEP, c + 2);
                p = c + 2;
            }
            None => break,
        }
    }
    e.finish();
}

/// `<...>` groups nested deeper than this are kept as text.
const MAX_DEPTH: usize = 16;

/// Where the next modulator starts: a `-` followed by a letter, outside `{}` and `<>`.
fn next_dash(s: &str, from: usize, end: usize) -> usize {
    let bytes = s.as_bytes();
    let mut i = from;
    while i < end {
        match bytes[i] {
            b'{' | b'<' => i = group_end(s, i, end).0,
            b'-' if i + 1 < end && bytes[i + 1].is_ascii_alphabetic() => return i,
            _ => i += 1,
        }
    }
    end
}

/// A command head and its modulators.
fn part(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize, depth: usize) {
    e.start(PART);
    let head_end = if s.as_bytes().get(start) == Some(&b'-') {
        start
    } else {
        next_dash(s, start, end)
    };
    if head_end > start {
        e.start(COMMAND);
        words(e, s, head_end, depth);
        e.finish();
    }
    let mut p = head_end;
    while p < end {
        let next = next_dash(s, p + 1, end);
        e.start(MODULATOR);
        e.token_to(DASH, p + 1);
        let bytes = s.as_bytes();
        let mut i = p + 1;
        while i < next && !matches!(bytes[i], b'{' | b'<' | b'$' | b'-') {
            i += 1;
        }
        e.token_to(MOD_NAME, i);
        words(e, s, next, depth);
        e.finish();
        p = next;
    }
    e.finish();
}

/// Words, numbers, spaces, punctuation and groups up to `end`.
fn words(e: &mut Emitter<'_, '_>, s: &str, end: usize, depth: usize) {
    let bytes = s.as_bytes();
    while e.pos() < end {
        let p = e.pos();
        let c = bytes[p];
        if c == b'{' {
            brace(e, s, p, end);
        } else if c == b'<' {
            angle(e, s, p, end, depth + 1);
        } else if c.is_ascii_alphabetic() {
            let n = bytes[p..end]
                .iter()
                .take_while(|b| b.is_ascii_alphabetic())
                .count();
            e.token(WORD, n);
        } else if c.is_ascii_digit() {
            let n = bytes[p..end]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            e.token(NUMBER, n);
        } else if c == b' ' || c == b'\t' {
            let n = bytes[p..end]
                .iter()
                .take_while(|b| matches!(b, b' ' | b'\t'))
                .count();
            e.token(WHITESPACE, n);
        } else if c == b'\n' || c == b'\r' {
            e.token(NEWLINE, 1);
        } else {
            let n = s[p..].chars().next().map_or(1, char::len_utf8);
            e.token(PUNCT, n.min(end - p));
        }
    }
}

fn brace(e: &mut Emitter<'_, '_>, s: &str, open: usize, end: usize) {
    let (close, closed) = group_end(s, open, end);
    e.start(BRACE_ARG);
    e.token(L_BRACE, 1);
    let inner_end = if closed { close - 1 } else { close };
    e.token_to(BRACE_TEXT, inner_end);
    if closed {
        e.token(R_BRACE, 1);
    } else {
        e.error(
            ErrorKind::UnbalancedBracket,
            open,
            open + 1,
            "this `{` has no closing `}` in its part: the engine's pattern does not match",
        );
    }
    e.finish();
}

/// `<success,failure>`: split at the first comma, up to the first `>`; each side a sequence of
/// parts joined by `++`.
fn angle(e: &mut Emitter<'_, '_>, s: &str, open: usize, end: usize, depth: usize) {
    let (close, closed) = group_end(s, open, end);
    let inner_end = if closed { close - 1 } else { close };
    e.start(ANGLE_ARG);
    e.token(L_ANGLE, 1);
    if depth > MAX_DEPTH {
        e.token_to(BRACE_TEXT, inner_end);
        e.error(
            ErrorKind::TooDeep,
            open,
            open + 1,
            "`<...>` groups nested deeper than cardlint follows",
        );
        if closed {
            e.token(R_ANGLE, 1);
        }
        e.finish();
        return;
    }
    let comma = memchr::memchr(b',', &s.as_bytes()[open + 1..inner_end]).map(|i| open + 1 + i);
    let first_end = comma.unwrap_or(inner_end);
    effect_list(e, s, open + 1, first_end, depth);
    if let Some(c) = comma {
        e.token_to(COMMA, c + 1);
        effect_list(e, s, c + 1, inner_end, depth);
    }
    if closed {
        e.token(R_ANGLE, 1);
    } else {
        e.error(
            ErrorKind::UnbalancedBracket,
            open,
            open + 1,
            "this `<` has no closing `>` in its part",
        );
    }
    e.finish();
}

fn effect_list(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize, depth: usize) {
    e.start(EFFECT_LIST);
    let mut p = start;
    loop {
        let cut = s[p..end].find("++").map(|i| p + i);
        let pe = cut.unwrap_or(end);
        if pe > p {
            part(e, s, p, pe, depth);
        }
        match cut {
            Some(c) => {
                e.token_to(PLUS_SEP, c + 2);
                p = c + 2;
            }
            None => break,
        }
    }
    e.finish();
}

pub(super) const KINDS: xml::Kinds = xml::Kinds {
    whitespace: rowan::SyntaxKind(WHITESPACE as u16),
    newline: rowan::SyntaxKind(NEWLINE as u16),
    comment: rowan::SyntaxKind(COMMENT as u16),
    markup: rowan::SyntaxKind(HOST_TEXT as u16),
    punct: rowan::SyntaxKind(XML_PUNCT as u16),
    name: rowan::SyntaxKind(XML_NAME as u16),
    attr_name: rowan::SyntaxKind(XML_ATTR_NAME as u16),
    eq: rowan::SyntaxKind(EQ as u16),
    quote: rowan::SyntaxKind(QUOTE as u16),
    value: rowan::SyntaxKind(XML_VALUE as u16),
    text: rowan::SyntaxKind(XML_TEXT as u16),
    tag: rowan::SyntaxKind(XML_TAG as u16),
    attr: rowan::SyntaxKind(XML_ATTR as u16),
};

fn xml_file<'t>(b: &mut Builder<'t>, text: &'t str) {
    // The scanner starts after a byte-order mark, where the builder stands.
    let scanner = xml::Scanner::new(text);
    let mut in_card = false;
    for event in scanner {
        match &event {
            Event::Start {
                name,
                attrs,
                self_closing,
                ..
            } => {
                let tag = xml::slice(text, *name);
                if tag == "card" {
                    if in_card {
                        b.finish();
                    }
                    b.start(CARD);
                    in_card = !self_closing;
                    xml::emit_start(b, text, &event, KINDS.tag, KINDS, &mut |_, _| false);
                    if *self_closing {
                        b.finish();
                    }
                } else if tag == "property" {
                    let field = match xml::attr_value(text, attrs, "name") {
                        Some("AutoScript") => Some(AUTO_SCRIPT),
                        Some("AutoAction") => Some(AUTO_ACTION),
                        _ => None,
                    };
                    xml::emit_start(b, text, &event, PROPERTY.into(), KINDS, &mut |b, attr| {
                        let (Some(kind), Some((vs, ve))) = (field, attr.value) else {
                            return false;
                        };
                        if xml::slice(text, attr.name) != "value" {
                            return false;
                        }
                        let raw = &text[vs..ve];
                        let decoded = crate::escape::xml(raw);
                        let view = decoded.as_ref().map_or(raw, |d| d.text.as_str());
                        let mut e = Emitter::new(b, decoded.as_ref().map(|d| d.map.as_slice()));
                        field_node(&mut e, view, kind);
                        true
                    });
                } else {
                    xml::emit_start(b, text, &event, KINDS.tag, KINDS, &mut |_, _| false);
                }
            }
            Event::End { name, .. } if in_card && xml::slice(text, *name) == "card" => {
                xml::emit_other(b, text, &event, KINDS);
                b.finish();
                in_card = false;
            }
            _ => xml::emit_other(b, text, &event, KINDS),
        }
    }
    if in_card {
        b.finish();
    }
}

fn field_node(e: &mut Emitter<'_, '_>, s: &str, kind: SyntaxKind) {
    field(e, s, 0, s.len(), kind);
}
