//! Wagic ability code (`auto=` lines, costs, targets, restrictions): a lexer into punctuation and
//! words, one pass that matches brackets, then a recursive walk that builds nodes for the
//! constructs the engine recognises. The engine itself reads this text by substring search; the
//! tree gives each construct a node and a range so that rules can check it.

use super::kind::SyntaxKind::{self, *};
use crate::ErrorKind;
use crate::builder::Builder;

/// How a value is shaped, by the key it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    Ability,
    Cost,
    Target,
    Restrictions,
}

/// Beyond this nesting the parser stops building nodes for brackets (and says so once).
const MAX_DEPTH: u32 = 48;
/// How far down the bracket stack a closing bracket may look for its opening one.
const MATCH_LOOKBACK: usize = 8;
const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Tok {
    kind: SyntaxKind,
    start: u32,
    end: u32,
}

/// Where the items being parsed stand: it decides which calls take a target specification.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ctx {
    Effect,
    Trigger,
    Cost,
    CostSymbol,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Content {
    Items(Ctx),
    Target,
    Zones,
    Ability,
    Restrictions,
}

/// Calls whose argument is a target specification, in abilities and restrictions.
const TARGET_CALLS: &[&str] = &[
    "target",
    "notatarget",
    "lord",
    "all",
    "foreach",
    "aslongas",
    "teach",
    "from",
    "source",
    "except",
    "cantbeblockedby",
    "cantbeblockerof",
    "cantbetargetof",
    "maxcast",
    "maxplay",
    "type",
    "casted",
    "lastturn",
    "thisturn",
    "cantargetcard",
    "movedto",
];
/// Calls of a trigger's text whose argument is NOT a target specification.
const TRIGGER_NON_TARGET_CALLS: &[&str] = &[
    "combat",
    "counteradded",
    "counterremoved",
    "totalcounteradded",
    "totalcounterremoved",
    "countermod",
    "restriction",
    "foelost",
    "plus",
    "duplicate",
    "half",
    "total",
    "result",
    "name",
];
/// Calls inside a `{...}` cost group whose argument is a target specification.
const COST_TARGET_CALLS: &[&str] = &[
    "s", "t", "e", "h", "q", "d", "discard", "s2l", "s2g", "crew",
];

pub(crate) fn parse_value<'t>(
    b: &mut Builder<'t>,
    text: &'t str,
    start: usize,
    end: usize,
    shape: Shape,
) {
    let toks = lex(text, start, end);
    let mut p = P {
        b,
        src: text,
        toks,
        close: Vec::new(),
        depth: 0,
        too_deep: false,
    };
    p.match_brackets();
    let n = p.toks.len();
    match shape {
        Shape::Ability => {
            p.b.start(AUTO);
            p.ability(0, n);
            p.b.finish();
        }
        Shape::Cost => {
            p.b.start(SyntaxKind::COST_VALUE);
            p.items(0, n, Ctx::Cost);
            p.b.finish();
        }
        Shape::Target => p.target_spec(0, n),
        Shape::Restrictions => p.restrictions(0, n, RESTRICTION_LIST),
    }
    debug_assert_eq!(p.b.pos(), end);
}

fn punct(b: u8) -> Option<SyntaxKind> {
    Some(match b {
        b'(' => L_PAREN,
        b')' => R_PAREN,
        b'[' => L_BRACK,
        b']' => R_BRACK,
        b'{' => L_BRACE,
        b'}' => R_BRACE,
        b'<' => L_ANGLE,
        b'>' => R_ANGLE,
        b':' => COLON,
        b'@' => AT,
        b'&' => AMP,
        b'|' => PIPE,
        b',' => COMMA,
        b';' => SEMI,
        b'/' => SLASH,
        b'+' => PLUS,
        b'-' => MINUS,
        b'=' => EQ,
        b'!' => BANG,
        b'$' => DOLLAR,
        b'^' => CARET,
        b'~' => TILDE,
        b'*' => STAR,
        b'%' => PERCENT,
        b'?' => QUESTION,
        _ => return None,
    })
}

fn is_space(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r' || b == 0x0b || b == 0x0c
}

fn lex(text: &str, start: usize, end: usize) -> Vec<Tok> {
    let bytes = text.as_bytes();
    let mut toks = Vec::with_capacity((end - start) / 3 + 1);
    let mut pos = start;
    while pos < end {
        let b = bytes[pos];
        let (kind, len) = if is_space(b) {
            (
                WHITESPACE,
                bytes[pos..end].iter().take_while(|b| is_space(**b)).count(),
            )
        } else if let Some(kind) = punct(b) {
            (kind, 1)
        } else {
            (
                WORD,
                bytes[pos..end]
                    .iter()
                    .take_while(|b| !is_space(**b) && punct(**b).is_none())
                    .count(),
            )
        };
        toks.push(Tok {
            kind,
            start: pos as u32,
            end: (pos + len) as u32,
        });
        pos += len;
    }
    toks
}

struct P<'a, 'b> {
    b: &'a mut Builder<'b>,
    src: &'b str,
    toks: Vec<Tok>,
    /// For each opening bracket, the index of its closing bracket (or NONE).
    close: Vec<u32>,
    depth: u32,
    too_deep: bool,
}

impl<'b> P<'_, 'b> {
    fn kind(&self, i: usize) -> SyntaxKind {
        self.toks.get(i).map_or(WHITESPACE, |t| t.kind)
    }

    fn tok(&mut self, i: usize) {
        let t = self.toks[i];
        self.b.token_to(t.kind, t.end as usize);
    }

    fn toks(&mut self, lo: usize, hi: usize) {
        for i in lo..hi {
            self.tok(i);
        }
    }

    fn match_brackets(&mut self) {
        let n = self.toks.len();
        self.close = vec![NONE; n];
        let mut stack: Vec<usize> = Vec::new();
        let mut errors = Vec::new();
        for i in 0..n {
            let kind = self.toks[i].kind;
            if kind.closer().is_some() {
                stack.push(i);
            } else if matches!(kind, R_PAREN | R_BRACK | R_BRACE) {
                let lo = stack.len().saturating_sub(MATCH_LOOKBACK);
                match (lo..stack.len())
                    .rev()
                    .find(|&s| self.toks[stack[s]].kind.closer() == Some(kind))
                {
                    Some(s) => {
                        for &open in &stack[s + 1..] {
                            errors.push((open, true));
                        }
                        self.close[stack[s]] = i as u32;
                        stack.truncate(s);
                    }
                    None => errors.push((i, false)),
                }
            }
        }
        errors.extend(stack.into_iter().map(|open| (open, true)));
        for (i, unclosed) in errors {
            let start = self.toks[i].start as usize;
            let sym = match self.toks[i].kind {
                L_PAREN => "(",
                R_PAREN => ")",
                L_BRACK => "[",
                R_BRACK => "]",
                L_BRACE => "{",
                _ => "}",
            };
            let message = if unclosed {
                format!("this `{sym}` is never closed")
            } else {
                format!("this `{sym}` has no matching opening bracket")
            };
            self.b.error(
                ErrorKind::UnbalancedBracket,
                start,
                self.toks[i].end as usize,
                message,
            );
        }
    }

    fn is_opener(&self, i: usize) -> bool {
        matches!(self.kind(i), L_PAREN | L_BRACK | L_BRACE)
    }

    /// The index after the element at `i` (a whole group if `i` opens one that closes before `hi`).
    fn next_top(&self, i: usize, hi: usize) -> usize {
        if self.is_opener(i) {
            let c = self.close[i];
            if c != NONE && (c as usize) < hi {
                return c as usize + 1;
            }
        }
        i + 1
    }

    /// The first element at the top level of `lo..hi` that satisfies `pred`.
    fn find_top(&self, lo: usize, hi: usize, pred: impl Fn(&Self, usize) -> bool) -> Option<usize> {
        let mut i = lo;
        while i < hi {
            if pred(self, i) {
                return Some(i);
            }
            i = self.next_top(i, hi);
        }
        None
    }

    fn word_is(&self, i: usize, words: &[&str]) -> bool {
        self.kind(i) == WORD
            && words
                .iter()
                .any(|w| self.word_text(i).eq_ignore_ascii_case(w))
    }

    fn word_text(&self, i: usize) -> &'b str {
        let t = self.toks[i];
        &self.src[t.start as usize..t.end as usize]
    }

    /// Emits whitespace tokens from `lo` on; returns the first non-whitespace index.
    fn skip_ws(&mut self, lo: usize, hi: usize) -> usize {
        let mut i = lo;
        while i < hi && self.kind(i) == WHITESPACE {
            self.tok(i);
            i += 1;
        }
        i
    }

    fn trim_end(&self, lo: usize, hi: usize) -> usize {
        let mut e = hi;
        while e > lo && self.kind(e - 1) == WHITESPACE {
            e -= 1;
        }
        e
    }

    /// `[@trigger:] [{cost}:] effect [&& effect ...]`
    fn ability(&mut self, lo: usize, hi: usize) {
        let s = self.skip_ws(lo, hi);
        if s >= hi {
            return;
        }
        if self.kind(s) == AT {
            let colon = self.find_top(s + 1, hi, |p, i| p.kind(i) == COLON);
            self.b.start(TRIGGER);
            self.tok(s);
            self.items(s + 1, colon.unwrap_or(hi), Ctx::Trigger);
            if let Some(colon) = colon {
                self.tok(colon);
            }
            self.b.finish();
            if let Some(colon) = colon {
                self.effects(colon + 1, hi);
            }
            return;
        }
        if self.kind(s) == L_BRACE {
            let mut i = s;
            let mut cost_end = None;
            while i < hi {
                let next = self.next_top(i, hi);
                if self.kind(next - 1) == R_BRACE && self.kind(next) == COLON && next < hi {
                    cost_end = Some(next);
                    break;
                }
                i = next;
            }
            if let Some(colon) = cost_end {
                self.b.start(COST);
                self.items(s, colon, Ctx::Cost);
                self.b.finish();
                self.tok(colon);
                self.effects(colon + 1, hi);
                return;
            }
        }
        self.effects(s, hi);
    }

    /// Effects separated by `&&` at the top level.
    fn effects(&mut self, lo: usize, hi: usize) {
        let mut piece = lo;
        let mut i = lo;
        // Once an `ability$!` has no closing `!$` at the top level, no later one has: not
        // searching again keeps a long run of them linear.
        let mut unclosed = false;
        while i < hi {
            if self.kind(i) == AMP && i + 1 < hi && self.kind(i + 1) == AMP {
                self.effect(piece, i);
                self.tok(i);
                self.tok(i + 1);
                i += 2;
                piece = i;
                continue;
            }
            // The engine cuts an `ability$!...!$` body out before it splits on `&&`.
            if !unclosed && self.is_ability_open(i, hi) {
                match self.ability_body_end(i, hi) {
                    Some(after) => {
                        i = after;
                        continue;
                    }
                    None => unclosed = true,
                }
            }
            i = self.next_top(i, hi);
        }
        self.effect(piece, hi);
    }

    /// At `ability$!`, the index after its closing `!$`.
    fn ability_body_end(&self, i: usize, hi: usize) -> Option<usize> {
        if !self.is_ability_open(i, hi) {
            return None;
        }
        let end = self.find_top(i + 3, hi, |p, j| {
            p.kind(j) == BANG && p.kind(j + 1) == DOLLAR && j + 1 < hi
        })?;
        Some(end + 2)
    }

    fn effect(&mut self, lo: usize, hi: usize) {
        let s = self.skip_ws(lo, hi);
        let e = self.trim_end(s, hi);
        if s < e {
            self.b.start(EFFECT);
            let mut i = s;
            if self.word_is(s, &["if", "ifnot"])
                && let Some(then) = self.find_top(s + 1, e, |p, i| p.word_is(i, &["then"]))
            {
                self.b.start(CONDITION);
                self.items(s, then + 1, Ctx::Effect);
                self.b.finish();
                i = then + 1;
            }
            self.items(i, e, Ctx::Effect);
            self.b.finish();
        }
        self.toks(e.max(s), hi);
    }

    fn items(&mut self, lo: usize, hi: usize, ctx: Ctx) {
        let mut i = lo;
        let mut unclosed = false;
        while i < hi {
            let kind = self.kind(i);
            if kind == WORD {
                if let Some(next) = self.nested_ability(i, hi, &mut unclosed) {
                    i = next;
                    continue;
                }
                if i + 1 < hi && self.is_opener(i + 1) {
                    if self.word_is(i, &["add"]) && self.kind(i + 1) == L_BRACE {
                        self.tok(i);
                        i += 1;
                        continue;
                    }
                    i = self.call(i, hi, ctx);
                    continue;
                }
                self.tok(i);
                i += 1;
            } else if self.is_opener(i) {
                let node = match kind {
                    L_PAREN => ARG_LIST,
                    L_BRACK => BRACKET_GROUP,
                    _ => MANA_SYMBOL,
                };
                let content = if node == MANA_SYMBOL {
                    Content::Items(Ctx::CostSymbol)
                } else {
                    Content::Items(ctx)
                };
                i = self.group(i, hi, node, content);
            } else {
                self.tok(i);
                i += 1;
            }
        }
    }

    /// `ability$!` at `i`.
    fn is_ability_open(&self, i: usize, hi: usize) -> bool {
        self.word_is(i, &["ability"])
            && self.kind(i + 1) == DOLLAR
            && self.kind(i + 2) == BANG
            && i + 2 < hi
    }

    /// `ability$!...!$` and `and!(...)!`: an ability inside the text. `unclosed` is the caller's
    /// walk's memory that an earlier `ability$!` found no `!$` (so none will: see `effects`).
    fn nested_ability(&mut self, i: usize, hi: usize, unclosed: &mut bool) -> Option<usize> {
        if self.is_ability_open(i, hi) {
            if *unclosed {
                return None;
            }
            let Some(end) = self.find_top(i + 3, hi, |p, j| {
                p.kind(j) == BANG && p.kind(j + 1) == DOLLAR && j + 1 < hi
            }) else {
                *unclosed = true;
                return None;
            };
            self.b.start(NESTED_ABILITY);
            self.toks(i, i + 3);
            self.nested_auto(i + 3, end);
            self.toks(end, end + 2);
            self.b.finish();
            return Some(end + 2);
        }
        if self.word_is(i, &["and"])
            && self.kind(i + 1) == BANG
            && self.kind(i + 2) == L_PAREN
            && i + 2 < hi
        {
            let close = self.close[i + 2];
            if close != NONE && (close as usize) + 1 < hi && self.kind(close as usize + 1) == BANG {
                let close = close as usize;
                self.b.start(NESTED_ABILITY);
                self.toks(i, i + 3);
                self.nested_auto(i + 3, close);
                self.toks(close, close + 2);
                self.b.finish();
                return Some(close + 2);
            }
        }
        None
    }

    fn nested_auto(&mut self, lo: usize, hi: usize) {
        if self.depth >= MAX_DEPTH {
            self.flat(lo, hi);
            return;
        }
        self.depth += 1;
        self.b.start(AUTO);
        self.ability(lo, hi);
        self.b.finish();
        self.depth -= 1;
    }

    fn flat(&mut self, lo: usize, hi: usize) {
        if !self.too_deep && lo < hi {
            self.too_deep = true;
            let start = self.toks[lo].start as usize;
            let end = self.toks[hi - 1].end as usize;
            self.b.error(
                ErrorKind::TooDeep,
                start,
                end,
                "brackets nested too deeply: the rest is not analysed",
            );
        }
        self.toks(lo, hi);
    }

    fn call(&mut self, i: usize, hi: usize, ctx: Ctx) -> usize {
        let name = self.word_text(i).to_ascii_lowercase();
        let opener = self.kind(i + 1);
        let content = match opener {
            L_PAREN if name == "moveto" => Content::Zones,
            L_PAREN if is_target_call(&name, ctx) => Content::Target,
            L_BRACK if name == "newability" => Content::Ability,
            L_BRACE if name == "restriction" => Content::Restrictions,
            _ => Content::Items(if ctx == Ctx::CostSymbol {
                Ctx::Effect
            } else {
                ctx
            }),
        };
        let node = match opener {
            L_PAREN => ARG_LIST,
            L_BRACK => BRACKET_GROUP,
            _ => BRACE_GROUP,
        };
        self.b.start(CALL);
        self.tok(i);
        let next = self.group(i + 1, hi, node, content);
        self.b.finish();
        next
    }

    /// A bracket group opened at `i`, with its content; returns the index after it.
    fn group(&mut self, i: usize, hi: usize, node: SyntaxKind, content: Content) -> usize {
        let close = self.close[i];
        let closed = close != NONE && (close as usize) < hi;
        let end = if closed { close as usize } else { hi };
        if self.depth >= MAX_DEPTH {
            let next = if closed { end + 1 } else { hi };
            self.flat(i, next);
            return next;
        }
        self.depth += 1;
        self.b.start(node);
        self.tok(i);
        match content {
            Content::Items(ctx) => self.items(i + 1, end, ctx),
            Content::Target => self.target_spec(i + 1, end),
            Content::Zones => self.zone_list(i + 1, end),
            Content::Ability => self.nested_auto_in_group(i + 1, end),
            Content::Restrictions => self.restrictions(i + 1, end, RESTRICTION_LIST),
        }
        if closed {
            self.tok(end);
        }
        self.b.finish();
        self.depth -= 1;
        if closed { end + 1 } else { hi }
    }

    fn nested_auto_in_group(&mut self, lo: usize, hi: usize) {
        self.b.start(AUTO);
        self.ability(lo, hi);
        self.b.finish();
    }

    /// `[<count>] type[restrictions][,type...][|zone[,zone...]]`
    fn target_spec(&mut self, lo: usize, hi: usize) {
        self.b.start(TARGET_SPEC);
        let mut s = self.skip_ws(lo, hi);
        if self.kind(s) == L_ANGLE
            && s < hi
            && let Some(r) = (s + 1..hi).find(|&j| self.kind(j) == R_ANGLE)
        {
            self.b.start(TARGET_COUNT);
            self.toks(s, r + 1);
            self.b.finish();
            s = r + 1;
        }
        let pipe = self.find_top(s, hi, |p, i| p.kind(i) == PIPE);
        let types_end = pipe.unwrap_or(hi);
        let mut piece = s;
        loop {
            let comma = self.find_top(piece, types_end, |p, i| p.kind(i) == COMMA);
            let piece_end = comma.unwrap_or(types_end);
            self.target_type(piece, piece_end);
            match comma {
                Some(c) => {
                    self.tok(c);
                    piece = c + 1;
                }
                None => break,
            }
        }
        if let Some(pipe) = pipe {
            self.tok(pipe);
            self.zone_list(pipe + 1, hi);
        }
        self.b.finish();
    }

    fn target_type(&mut self, lo: usize, hi: usize) {
        let s = self.skip_ws(lo, hi);
        let e = self.trim_end(s, hi);
        if s < e {
            self.b.start(TARGET_TYPE);
            let mut i = s;
            while i < e {
                if self.kind(i) == L_BRACK {
                    i = self.group(i, e, TARGET_RESTRICTIONS, Content::Items(Ctx::Effect));
                } else if self.kind(i) == WORD
                    && i + 1 < e
                    && matches!(self.kind(i + 1), L_PAREN | L_BRACE)
                {
                    i = self.call(i, e, Ctx::Effect);
                } else if self.is_opener(i) {
                    let node = if self.kind(i) == L_PAREN {
                        ARG_LIST
                    } else {
                        BRACE_GROUP
                    };
                    i = self.group(i, e, node, Content::Items(Ctx::Effect));
                } else {
                    self.tok(i);
                    i += 1;
                }
            }
            self.b.finish();
        }
        self.toks(e.max(s), hi);
    }

    fn zone_list(&mut self, lo: usize, hi: usize) {
        if lo >= hi {
            return;
        }
        self.b.start(ZONE_LIST);
        self.items(lo, hi, Ctx::Effect);
        self.b.finish();
    }

    /// Comma-separated restrictions, each a `RESTRICTION` node.
    fn restrictions(&mut self, lo: usize, hi: usize, list: SyntaxKind) {
        self.b.start(list);
        let mut piece = lo;
        loop {
            let comma = self.find_top(piece, hi, |p, i| p.kind(i) == COMMA);
            let piece_end = comma.unwrap_or(hi);
            let s = self.skip_ws(piece, piece_end);
            let e = self.trim_end(s, piece_end);
            if s < e {
                self.b.start(RESTRICTION);
                self.items(s, e, Ctx::Effect);
                self.b.finish();
            }
            self.toks(e.max(s), piece_end);
            match comma {
                Some(c) => {
                    self.tok(c);
                    piece = c + 1;
                }
                None => break,
            }
        }
        self.b.finish();
    }
}

fn is_target_call(name: &str, ctx: Ctx) -> bool {
    match ctx {
        Ctx::Trigger => !TRIGGER_NON_TARGET_CALLS.contains(&name),
        Ctx::CostSymbol => COST_TARGET_CALLS.contains(&name),
        Ctx::Effect | Ctx::Cost => TARGET_CALLS.contains(&name),
    }
}
