//! The RuleScript parser. The host is `card_rules.py`, a Python module whose
//! `RulesDict["<guid>"] = """..."""` entries hold the rules; the set file (`set.xml`) is read as
//! XML. A rule's text is stripped and split into lines like the engine's tokeniser does; each
//! `key = value` line is parsed by its key: target filters, action and auto statements,
//! abilities, variables, labels. Conditions and variable values are Python expressions.

use super::kind::RulescriptLanguage;
use super::kind::SyntaxKind::{self, *};
use crate::builder::{Builder, build};
use crate::emit::Emitter;
use crate::python::{self, PyKind};
use crate::xml::{self, Event};
use crate::{ErrorKind, Parse};

/// Parses `card_rules.py` or a `set.xml` file (told apart by content).
pub fn parse(text: &str) -> Parse<RulescriptLanguage> {
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

/// Parses one rule text on its own (the content of a `RulesDict` string).
pub fn parse_rule(text: &str) -> Parse<RulescriptLanguage> {
    let (green, errors) = build(text, |b| {
        b.start(SOURCE_FILE);
        let mut e = Emitter::new(b, None);
        rule_text(&mut e, text);
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
    let base = b.pos();
    let toks = python::module_tokens(&text[base..]);
    let sig: Vec<usize> = toks
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
    let tok_text = |i: usize| &text[base + toks[i].1..base + toks[i].2];
    // `RulesDict [ "guid" ] = """rule"""`: indices (in `toks`) of the entry's first and last
    // tokens, the key string and the rule string.
    let mut entries: Vec<(usize, usize, usize)> = Vec::new();
    let mut k = 0;
    while k + 5 < sig.len() {
        let w = &sig[k..k + 6];
        let is_entry = tok_text(w[0]) == "RulesDict"
            && tok_text(w[1]) == "["
            && toks[w[2]].0 == PyKind::String
            && tok_text(w[3]) == "]"
            && tok_text(w[4]) == "="
            && matches!(toks[w[5]].0, PyKind::String | PyKind::Error)
            && tok_text(w[5])
                .trim_start_matches(['r', 'R', 'u', 'U'])
                .starts_with(['"', '\'']);
        if is_entry {
            entries.push((w[0], w[2], w[5]));
            k += 6;
        } else {
            k += 1;
        }
    }
    let mut next = entries.iter().peekable();
    let mut i = 0;
    while i < toks.len() {
        if let Some(&&(first, key, rule)) = next.peek()
            && first == i
        {
            next.next();
            b.start(RULE_ENTRY);
            for (j, &(kind, _, end)) in toks.iter().enumerate().take(rule).skip(first) {
                if j == key {
                    key_string(b, text, base + toks[j].1, base + end);
                } else {
                    b.token_to(host_kind(kind), base + end);
                }
            }
            rule_string(b, text, base + toks[rule].1, base + toks[rule].2);
            b.finish();
            i = rule + 1;
            continue;
        }
        b.token_to(host_kind(toks[i].0), base + toks[i].2);
        i += 1;
    }
}

fn key_string(b: &mut Builder<'_>, text: &str, start: usize, end: usize) {
    let lit = &text[start..end];
    let prefix = lit
        .bytes()
        .take_while(|c| !matches!(c, b'\'' | b'"'))
        .count();
    b.start(RULE_KEY);
    b.token_to(QUOTE, start + prefix + 1);
    b.token_to(GUID, (end - 1).max(b.pos()));
    b.token_to(QUOTE, end);
    b.finish();
}

fn rule_string<'t>(b: &mut Builder<'t>, text: &'t str, start: usize, end: usize) {
    let lit = &text[start..end];
    let prefix = lit
        .bytes()
        .take_while(|c| !matches!(c, b'\'' | b'"'))
        .count();
    let raw = lit[..prefix].to_ascii_lowercase().contains('r');
    let bytes = lit.as_bytes();
    let q = bytes[prefix];
    let triple = lit.len() >= prefix + 3 && bytes[prefix + 1] == q && bytes[prefix + 2] == q;
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
    let view = decoded.as_ref().map_or(body, |d| d.text.as_str());
    let mut e = Emitter::new(b, decoded.as_ref().map(|d| d.map.as_slice()));
    e.start(RULE_TEXT);
    rule_text(&mut e, view);
    e.finish();
    b.token_to(QUOTE, end);
    if !closed {
        b.error(
            ErrorKind::UnbalancedBracket,
            start,
            body_start,
            "this rule string is never closed: Python cannot load card_rules.py",
        );
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

/// The rule: stripped, split on `\n`, each line stripped.
fn rule_text(e: &mut Emitter<'_, '_>, s: &str) {
    let lead = s.len() - s.trim_start().len();
    let trail = s.len() - s.trim_end().len();
    let (start, end) = (lead, s.len() - trail);
    blanks(e, s, start.min(end.max(start)));
    if start >= end {
        blanks(e, s, s.len());
        return;
    }
    let mut p = start;
    while p <= end {
        let nl = memchr::memchr(b'\n', &s.as_bytes()[p..end]).map(|i| p + i);
        let le = nl.unwrap_or(end);
        let line = &s[p..le];
        let content = line.trim();
        if content.is_empty() {
            e.start(BLANK_LINE);
            blanks(e, s, le);
            if let Some(n) = nl {
                e.token_to(NEWLINE, n + 1);
            }
            e.finish();
        } else {
            let cs = p + (line.len() - line.trim_start().len());
            let ce = cs + content.len();
            blanks(e, s, cs);
            if content.starts_with('#') {
                e.token_to(COMMENT, ce);
            } else {
                rule_line(e, s, cs, ce);
            }
            blanks(e, s, le);
            if let Some(n) = nl {
                e.token_to(NEWLINE, n + 1);
            }
        }
        match nl {
            Some(n) => p = n + 1,
            None => break,
        }
    }
    blanks(e, s, s.len());
}

/// `key = value [# comment]`.
fn rule_line(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize) {
    e.start(RULE_LINE);
    let line = &s[start..end];
    let Some(eq) = line.find('=') else {
        let hash = line.find('#').map_or(end, |i| start + i);
        e.token_to(TEXT, s[start..hash].trim_end().len() + start);
        blanks(e, s, hash);
        e.token_to(COMMENT, end);
        e.finish();
        return;
    };
    let key_end = start + line[..eq].trim_end().len();
    e.token_to(KEY, key_end);
    blanks(e, s, start + eq);
    e.token_to(EQ, start + eq + 1);
    let key = line[..eq].trim().to_ascii_lowercase();
    let after = start + eq + 1;
    let value_start = after + (s[after..end].len() - s[after..end].trim_start().len());
    blanks(e, s, value_start);
    if key == "label" {
        if value_start < end {
            e.start(LABEL);
            e.token_to(TEXT, end);
            e.finish();
        }
        e.finish();
        return;
    }
    // Everything from the first `#` on is dropped.
    let hash = s[value_start..end]
        .find('#')
        .map_or(end, |i| value_start + i);
    let value_end = value_start + s[value_start..hash].trim_end().len();
    if value_end > value_start {
        match key.as_str() {
            "target" | "target?" => target_list(e, s, value_start, value_end, ";"),
            "requisite" => target_list(e, s, value_start, value_end, "&&"),
            "action" | "auto" => action(e, s, value_start, value_end),
            "abilities" => ability_list(e, s, value_start, value_end),
            "vars" => var_list(e, s, value_start, value_end),
            _ => {
                e.start(VALUE);
                e.token_to(TEXT, value_end);
                e.finish();
            }
        }
    }
    blanks(e, s, hash);
    e.token_to(COMMENT, end);
    e.finish();
}

/// Pieces of `start..end` split on `sep`, each parsed by `item`, separators as `sep_kind`.
fn split_list(
    e: &mut Emitter<'_, '_>,
    s: &str,
    start: usize,
    end: usize,
    sep: &str,
    sep_kind: SyntaxKind,
    item: &mut dyn FnMut(&mut Emitter<'_, '_>, &str, usize, usize),
) {
    let mut p = start;
    loop {
        let cut = s[p..end].find(sep).map(|i| p + i);
        let ie = cut.unwrap_or(end);
        let piece = &s[p..ie];
        let is = p + (piece.len() - piece.trim_start().len());
        let iend = p + piece.trim_end().len();
        blanks(e, s, is.min(ie));
        if is < iend {
            item(e, s, is, iend);
        }
        blanks(e, s, ie);
        match cut {
            Some(c) => {
                e.token_to(sep_kind, c + sep.len());
                p = c + sep.len();
            }
            None => break,
        }
    }
}

fn target_list(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize, sep: &str) {
    e.start(TARGET_LIST);
    let sep_kind = if sep == ";" { SEMI } else { JOINER };
    split_list(e, s, start, end, sep, sep_kind, &mut |e, s, a, b| {
        target(e, s, a, b)
    });
    e.finish();
}

fn ability_list(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize) {
    e.start(ABILITY_LIST);
    split_list(e, s, start, end, ",", COMMA, &mut |e, _, _, b| {
        e.token_to(WORD, b)
    });
    e.finish();
}

fn var_list(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize) {
    e.start(VAR_LIST);
    split_list(e, s, start, end, ";", SEMI, &mut |e, s, a, b| {
        e.start(VAR_DEF);
        match s[a..b].find(":=") {
            Some(i) => {
                let name_end = a + s[a..a + i].trim_end().len();
                e.token_to(WORD, name_end);
                blanks(e, s, a + i);
                e.token_to(ASSIGN, a + i + 2);
                let vs = a + i + 2 + (s[a + i + 2..b].len() - s[a + i + 2..b].trim_start().len());
                blanks(e, s, vs);
                if vs < b {
                    expr(e, s, vs, b);
                }
            }
            None => e.token_to(TEXT, b),
        }
        e.finish();
    });
    e.finish();
}

/// A Python expression (conditions, variable values), in RuleScript's pre-processed form.
fn expr(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize) {
    let config = python::Config {
        map: SyntaxKind::py_raw,
        allow_tuple: false,
        rulescript: true,
    };
    python::parse(e, s, &[(start, end)], config);
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// `[<qty>] type [<pick>] ['[' filters ']'] ['@' zone] ['::' selector '(' expr ')']`.
fn target(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize) {
    e.start(TARGET);
    let bytes = s.as_bytes();
    if bytes.get(start) == Some(&b'<') {
        let close = memchr::memchr(b'>', &bytes[start..end]).map(|i| start + i);
        e.start(QTY);
        e.token_to(L_ANGLE, start + 1);
        let inner_end = close.unwrap_or(end);
        e.token_to(TEXT, inner_end);
        if let Some(c) = close {
            e.token_to(R_ANGLE, c + 1);
        }
        e.finish();
    }
    // The types run up to `<` (pick), `[`, `@` or `::`.
    let types_end = (e.pos()..end)
        .find(|&i| matches!(bytes[i], b'<' | b'[' | b'@') || bytes[i..end].starts_with(b"::"))
        .unwrap_or(end);
    if types_end > e.pos() {
        e.start(TYPES);
        let ts = e.pos();
        let mut p = ts;
        while p < types_end {
            let sep = (p..types_end)
                .find(|&i| matches!(bytes[i], b'&' | b','))
                .unwrap_or(types_end);
            let piece = &s[p..sep];
            let is = p + (piece.len() - piece.trim_start().len());
            let iend = p + piece.trim_end().len();
            blanks(e, s, is.min(sep));
            if is < iend {
                e.start(TYPE);
                type_item(e, s, is, iend);
                e.finish();
            }
            blanks(e, s, sep);
            if sep < types_end {
                e.token_to(if bytes[sep] == b'&' { JOINER } else { COMMA }, sep + 1);
            }
            p = sep + 1;
        }
        e.finish();
    }
    loop {
        let p = e.pos();
        if p >= end {
            break;
        }
        match bytes[p] {
            b' ' | b'\t' => blanks(e, s, p + 1),
            b'<' => {
                let close = memchr::memchr(b'>', &bytes[p..end]).map(|i| p + i);
                e.start(PICK);
                e.token(L_ANGLE, 1);
                e.token_to(TEXT, close.unwrap_or(end));
                if let Some(c) = close {
                    e.token_to(R_ANGLE, c + 1);
                }
                e.finish();
            }
            b'[' => {
                // From the first `[` to the last `]` of the target.
                let close = s[p..end].rfind(']').map(|i| p + i);
                e.start(FILTERS);
                e.token(L_BRACKET, 1);
                let inner_end = close.unwrap_or(end);
                let mut q = p + 1;
                while q <= inner_end {
                    let sep = (q..inner_end)
                        .find(|&i| matches!(bytes[i], b'&' | b','))
                        .unwrap_or(inner_end);
                    let piece = &s[q..sep];
                    let is = q + (piece.len() - piece.trim_start().len());
                    let iend = q + piece.trim_end().len();
                    blanks(e, s, is.min(sep));
                    if is < iend {
                        filter(e, s, is, iend);
                    }
                    blanks(e, s, sep);
                    if sep < inner_end {
                        e.token_to(if bytes[sep] == b'&' { JOINER } else { COMMA }, sep + 1);
                    }
                    q = sep + 1;
                }
                if let Some(c) = close {
                    e.token_to(R_BRACKET, c + 1);
                }
                e.finish();
            }
            b'@' => {
                e.start(ZONE);
                e.token(AT, 1);
                let we = (p + 1..end)
                    .find(|&i| !is_word_byte(bytes[i]))
                    .unwrap_or(end);
                e.token_to(WORD, we);
                e.finish();
            }
            b':' if bytes[p..end].starts_with(b"::") => {
                e.start(SELECTOR);
                e.token(COLON_COLON, 2);
                let we = (p + 2..end)
                    .find(|&i| !is_word_byte(bytes[i]))
                    .unwrap_or(end);
                e.token_to(WORD, we);
                if bytes.get(we) == Some(&b'(') && we < end {
                    e.token(L_PAREN, 1);
                    let close = s[we..end].rfind(')').map(|i| we + i);
                    let inner_end = close.unwrap_or(end);
                    if inner_end > we + 1 {
                        expr(e, s, we + 1, inner_end);
                    }
                    if let Some(c) = close {
                        e.token_to(R_PAREN, c + 1);
                    }
                }
                e.finish();
            }
            _ => {
                let n = punct_run(s, p, end);
                e.token(TEXT, n.min(end - p));
            }
        }
    }
    e.finish();
}

/// `^"name"s`, `!character`, `*`, `players`.
fn type_item(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize) {
    let bytes = s.as_bytes();
    let mut p = start;
    while p < end && matches!(bytes[p], b'^' | b'!') {
        e.token_to(SIGN, p + 1);
        p += 1;
    }
    while p < end {
        let c = bytes[p];
        if c == b'"' || c == b'\'' {
            let close = memchr::memchr(c, &bytes[p + 1..end]).map_or(end, |i| p + 1 + i + 1);
            e.token_to(QUOTED, close);
            p = close;
        } else if c == b'*' {
            let n = bytes[p..end].iter().take_while(|b| **b == b'*').count();
            e.token_to(STAR, p + n);
            p += n;
        } else if is_word_byte(c) {
            let we = (p..end).find(|&i| !is_word_byte(bytes[i])).unwrap_or(end);
            e.token_to(WORD, we);
            p = we;
        } else if c == b' ' || c == b'\t' {
            blanks(e, s, p + 1);
            p += 1;
        } else {
            // A run of one punctuation character is one token (not one per byte).
            let n = punct_run(s, p, end);
            e.token_to(TEXT, (p + n).min(end));
            p += n;
        }
    }
}

/// The length of the character at `p`, or of the run of that character when it is ASCII
/// punctuation (`((((` is one token: no tree node per byte of a long run).
fn punct_run(s: &str, p: usize, end: usize) -> usize {
    let bytes = s.as_bytes();
    let c = bytes[p];
    if c.is_ascii_punctuation() {
        bytes[p..end].iter().take_while(|&&b| b == c).count()
    } else {
        s[p..].chars().next().map_or(1, char::len_utf8)
    }
}

/// `[+|-|^]name[op value]`.
fn filter(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize) {
    e.start(FILTER);
    let bytes = s.as_bytes();
    let mut p = start;
    if matches!(bytes[p], b'+' | b'-' | b'^') {
        e.token_to(SIGN, p + 1);
        p += 1;
    }
    let we = (p..end).find(|&i| !is_word_byte(bytes[i])).unwrap_or(end);
    e.token_to(WORD, we);
    p = we;
    if p < end {
        let op = [">=", "<=", "==", "!=", ">", "<", ":", "="]
            .iter()
            .find(|op| bytes[p..end].starts_with(op.as_bytes()));
        if let Some(op) = op {
            e.token_to(CMP, p + op.len());
            p += op.len();
        }
        while p < end {
            let c = bytes[p];
            let n = if c.is_ascii_digit() {
                let n = bytes[p..end]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                e.token_to(NUMBER, p + n);
                n
            } else if is_word_byte(c) {
                let n = bytes[p..end]
                    .iter()
                    .take_while(|b| is_word_byte(**b))
                    .count();
                e.token_to(WORD, p + n);
                n
            } else {
                let n = punct_run(s, p, end).min(end - p);
                e.token_to(TEXT, p + n);
                n
            };
            p += n;
        }
    }
    e.finish();
}

/// `[{cost}...:] [~event~|?hook?] statement (; statement)*`.
fn action(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize) {
    e.start(ACTION);
    let bytes = s.as_bytes();
    let mut p = start;
    // Costs: `{...}` groups followed by `:`.
    if bytes[p] == b'{' {
        let mut q = p;
        let mut groups = Vec::new();
        while q < end && bytes[q] == b'{' {
            let Some(close) = memchr::memchr(b'}', &bytes[q..end]).map(|i| q + i) else {
                break;
            };
            groups.push((q, close + 1));
            q = close + 1;
            while q < end && bytes[q] == b' ' {
                q += 1;
            }
        }
        if !groups.is_empty() && q < end && bytes[q] == b':' {
            e.start(COSTS);
            for &(gs, ge) in &groups {
                blanks(e, s, gs);
                e.start(COST);
                e.token(L_BRACE, 1);
                let inner = &s[gs + 1..ge - 1];
                match inner.find('(') {
                    Some(i) => {
                        e.token_to(WORD, gs + 1 + i);
                        e.token(L_PAREN, 1);
                        let close = inner.rfind(')').filter(|&c| c > i).map(|c| gs + 1 + c);
                        let arg_end = close.unwrap_or(ge - 1);
                        if arg_end > gs + 2 + i {
                            let a = gs + 2 + i;
                            if s[a..arg_end].trim().chars().all(|c| c.is_ascii_digit()) {
                                e.token_to(NUMBER, arg_end);
                            } else {
                                target(e, s, a, arg_end);
                            }
                        }
                        if let Some(c) = close {
                            e.token_to(R_PAREN, c + 1);
                        }
                        e.token_to(TEXT, ge - 1);
                    }
                    None => e.token_to(WORD, ge - 1),
                }
                e.token(R_BRACE, 1);
                e.finish();
            }
            blanks(e, s, q);
            e.token(COLON, 1);
            e.finish();
            p = q + 1;
            p += s[p..end].len() - s[p..end].trim_start().len();
            blanks(e, s, p);
        }
    }
    // An event or hook: `~...~` or `?...?` at the start.
    if p < end && matches!(bytes[p], b'~' | b'?') {
        let delim = bytes[p];
        if let Some(close) = memchr::memchr(delim, &bytes[p + 1..end]).map(|i| p + 1 + i) {
            e.start(EVENTS);
            e.token(EVENT_DELIM, 1);
            let mut q = p + 1;
            while q < close {
                let sep = memchr::memchr(b',', &bytes[q..close]).map_or(close, |i| q + i);
                let piece = &s[q..sep];
                let is = q + (piece.len() - piece.trim_start().len());
                let iend = q + piece.trim_end().len();
                blanks(e, s, is.min(sep));
                if is < iend {
                    e.start(EVENT);
                    match s[is..iend].find(':') {
                        Some(c) => {
                            e.token_to(WORD, is + c);
                            e.token(COLON, 1);
                            e.token_to(WORD, iend);
                        }
                        None => e.token_to(WORD, iend),
                    }
                    e.finish();
                }
                blanks(e, s, sep);
                if sep < close {
                    e.token(COMMA, 1);
                }
                q = sep + 1;
            }
            e.token(EVENT_DELIM, 1);
            e.finish();
            p = close + 1;
        }
    }
    split_list(e, s, p, end, ";", SEMI, &mut |e, s, a, b| {
        statement(e, s, a, b)
    });
    e.finish();
}

/// Conditions, commands, ability changes, joiners, target clauses and words, left to right.
fn statement(e: &mut Emitter<'_, '_>, s: &str, _start: usize, end: usize) {
    e.start(STATEMENT);
    let bytes = s.as_bytes();
    while e.pos() < end {
        let p = e.pos();
        let c = bytes[p];
        if c == b' ' || c == b'\t' {
            blanks(e, s, p + 1);
        } else if bytes[p..end].starts_with(b"[[") {
            condition(e, s, p, end);
        } else if bytes[p..end].starts_with(b"&&") || bytes[p..end].starts_with(b"||") {
            e.token(JOINER, 2);
        } else if c == b'&' {
            e.token(JOINER, 1);
        } else if (c == b'+' || c == b'-') && p + 1 < end && bytes[p + 1].is_ascii_alphabetic() {
            e.start(ABILITY_CHANGE);
            e.token(SIGN, 1);
            let we = (p + 1..end)
                .find(|&i| !is_word_byte(bytes[i]))
                .unwrap_or(end);
            e.token_to(WORD, we);
            e.finish();
        } else if is_word_byte(c) {
            let we = (p..end).find(|&i| !is_word_byte(bytes[i])).unwrap_or(end);
            let mut after = we;
            let ask = after < end && bytes[after] == b'?';
            if ask {
                after += 1;
            }
            if after < end && bytes[after] == b'(' {
                let name = s[p..we].to_ascii_lowercase();
                if matches!(name.as_str(), "to" | "target" | "from") {
                    target_clause(e, s, we, after, end);
                } else {
                    command(e, s, we, after, end);
                }
            } else {
                let kind = if c.is_ascii_digit() { NUMBER } else { WORD };
                e.token_to(kind, we);
            }
        } else {
            let n = s[p..].chars().next().map_or(1, char::len_utf8);
            e.token(TEXT, n.min(end - p));
        }
    }
    e.finish();
}

/// `[[may 'question']]`, `[[if expr]]`, `[[elif expr]]`, `[[else]]`.
fn condition(e: &mut Emitter<'_, '_>, s: &str, start: usize, end: usize) {
    e.start(CONDITION);
    e.token(COND_OPEN, 2);
    let close = s[start + 2..end].find("]]").map(|i| start + 2 + i);
    let inner_end = close.unwrap_or(end);
    let inner = &s[start + 2..inner_end];
    let is = start + 2 + (inner.len() - inner.trim_start().len());
    blanks(e, s, is);
    let bytes = s.as_bytes();
    let we = (is..inner_end)
        .find(|&i| !is_word_byte(bytes[i]))
        .unwrap_or(inner_end);
    if we > is {
        e.token_to(WORD, we);
        let kw = s[is..we].to_ascii_lowercase();
        let rest = &s[we..inner_end];
        let rs = we + (rest.len() - rest.trim_start().len());
        let re = we + rest.trim_end().len();
        blanks(e, s, rs.min(inner_end));
        if rs < re {
            if matches!(kw.as_str(), "if" | "elif") {
                expr(e, s, rs, re);
            } else if bytes[rs] == b'\'' || bytes[rs] == b'"' {
                e.token_to(QUOTED, re);
            } else {
                e.token_to(TEXT, re);
            }
        }
    }
    if e.pos() < inner_end {
        e.token_to(TEXT, inner_end);
    }
    match close {
        Some(c) => e.token_to(COND_CLOSE, c + 2),
        None => e.error(
            ErrorKind::UnbalancedBracket,
            start,
            start + 2,
            "this `[[` has no closing `]]`: the condition is not read",
        ),
    }
    e.finish();
}

/// The end of the parenthesised group opening at `open` (balanced), and whether it closes.
fn paren_end(s: &str, open: usize, end: usize) -> (usize, bool) {
    let mut depth = 0usize;
    for (i, &b) in s.as_bytes()[open..end].iter().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return (open + i + 1, true);
                }
            }
            _ => {}
        }
    }
    (end, false)
}

/// `name[?](args)`: arguments split on commas, but not inside `<...>`.
fn command(e: &mut Emitter<'_, '_>, s: &str, name_end: usize, open: usize, end: usize) {
    e.start(COMMAND);
    e.token_to(WORD, name_end);
    if open > name_end {
        e.token_to(QMARK, open);
    }
    let (close, closed) = paren_end(s, open, end);
    e.start(ARG_LIST);
    e.token(L_PAREN, 1);
    let inner_end = if closed { close - 1 } else { close };
    let bytes = s.as_bytes();
    let mut p = open + 1;
    let mut angle = 0i32;
    let mut depth = 0i32;
    let mut piece_start = p;
    while p <= inner_end {
        let at_end = p == inner_end;
        let c = if at_end { b',' } else { bytes[p] };
        match c {
            b'<' => angle += 1,
            b'>' => angle -= 1,
            b'(' => depth += 1,
            b')' => depth -= 1,
            b',' if (angle <= 0 && depth <= 0) || at_end => {
                let piece = &s[piece_start..p];
                let is = piece_start + (piece.len() - piece.trim_start().len());
                let iend = piece_start + piece.trim_end().len();
                blanks(e, s, is.min(p));
                if is < iend {
                    e.start(ARG);
                    e.token_to(TEXT, iend);
                    e.finish();
                }
                blanks(e, s, p);
                if !at_end {
                    e.token(COMMA, 1);
                }
                piece_start = p + 1;
            }
            _ => {}
        }
        p += 1;
    }
    if closed {
        e.token(R_PAREN, 1);
    } else {
        e.error(
            ErrorKind::UnbalancedBracket,
            open,
            open + 1,
            "this `(` has no closing `)`: the command is not read",
        );
    }
    e.finish();
    e.finish();
}

/// `to(target)`, `target?(target)`, `from(target)`: the argument ends at the first `)`.
fn target_clause(e: &mut Emitter<'_, '_>, s: &str, name_end: usize, open: usize, end: usize) {
    e.start(TARGET_CLAUSE);
    e.token_to(WORD, name_end);
    if open > name_end {
        e.token_to(QMARK, open);
    }
    e.token(L_PAREN, 1);
    let close = memchr::memchr(b')', &s.as_bytes()[open + 1..end]).map(|i| open + 1 + i);
    let inner_end = close.unwrap_or(end);
    let inner = &s[open + 1..inner_end];
    let is = open + 1 + (inner.len() - inner.trim_start().len());
    let iend = open + 1 + inner.trim_end().len();
    blanks(e, s, is.min(inner_end));
    if is < iend {
        target(e, s, is, iend);
    }
    blanks(e, s, inner_end);
    match close {
        Some(c) => e.token_to(R_PAREN, c + 1),
        None => e.error(
            ErrorKind::UnbalancedBracket,
            open,
            open + 1,
            "this `(` has no closing `)`: the target is not read",
        ),
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
    let mut in_card = false;
    for event in xml::Scanner::new(text) {
        match &event {
            Event::Start {
                name, self_closing, ..
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
                } else {
                    let node = if tag == "property" {
                        PROPERTY.into()
                    } else {
                        KINDS.tag
                    };
                    xml::emit_start(b, text, &event, node, KINDS, &mut |_, _| false);
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
