//! A Python 3 expression tokenizer and parser, for the Python embedded in card scripts
//! (Python-MTG effects and criteria, RuleScript conditions). It builds nodes into the host
//! dialect's tree through a kind map, never executes anything, and stops at the first error
//! (the rest of the expression becomes an error node), as the engines' `eval` would.
//!
//! The expression may span several physical lines of the host file: `segments` are the pieces
//! the engine joins, and whatever lies between them (line breaks, indentation, comment lines)
//! becomes trivia.

use crate::ErrorKind;
use crate::emit::Emitter;

/// The kinds the Python parser emits; each dialect maps them to its own `SyntaxKind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PyKind {
    // Trivia
    Whitespace,
    Newline,
    /// A whole comment line between two segments (the engine drops it).
    CommentLine,
    /// The leading blanks of a line between two segments (before code or a comment).
    Indent,
    /// A `#` comment after code, inside a segment.
    Comment,
    // Tokens
    Name,
    Keyword,
    Number,
    String,
    Op,
    /// A character Python does not accept, or an unterminated string.
    Error,
    // Nodes
    NameExpr,
    Literal,
    AttrExpr,
    CallExpr,
    ArgList,
    KeywordArg,
    Starred,
    SubscriptExpr,
    Slice,
    BinExpr,
    UnaryExpr,
    CompareExpr,
    BoolExpr,
    NotExpr,
    CondExpr,
    LambdaExpr,
    ParamList,
    Param,
    ParenExpr,
    TupleExpr,
    ListExpr,
    DictExpr,
    SetExpr,
    DictItem,
    CompFor,
    CompIf,
    NamedExpr,
    /// RuleScript's `all <expr> in <list>`.
    AllExpr,
    ErrorNode,
}

/// How to parse.
#[derive(Clone, Copy)]
pub(crate) struct Config {
    pub map: fn(PyKind) -> rowan::SyntaxKind,
    /// A comma-separated list of expressions at the top is accepted (a list-display element).
    pub allow_tuple: bool,
    /// RuleScript's pre-processed dialect: `x.0` indexes, `all <expr> in <list>`.
    pub rulescript: bool,
}

pub const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Trivia(PyKind),
    Name,
    Keyword,
    Number,
    String,
    Op,
    Error,
}

#[derive(Clone, Copy, Debug)]
struct Token {
    kind: Tok,
    start: usize,
    end: usize,
}

const OPS3: &[&str] = &["**=", "//=", ">>=", "<<=", "..."];
const OPS2: &[&str] = &[
    "**", "//", "<<", ">>", "<=", ">=", "==", "!=", ":=", "->", "+=", "-=", "*=", "/=", "%=", "&=",
    "|=", "^=", "@=",
];
const OPS1: &[u8] = b"+-*/%@&|^~<>()[]{},:.;=";

/// Tokens of a Python module or expression text (trivia included), from `start` to `end`.
/// `runs`: a run of one single-character operator (`((((`) is one token (for hosts, which
/// only look for their entries: no token per byte of a long run of punctuation).
fn tokenize_segment(
    text: &str,
    start: usize,
    end: usize,
    rulescript: bool,
    runs: bool,
    out: &mut Vec<Token>,
) {
    let bytes = text.as_bytes();
    let mut i = start;
    while i < end {
        let b = bytes[i];
        let s = i;
        let kind = match b {
            b' ' | b'\t' | b'\x0c' => {
                while i < end && matches!(bytes[i], b' ' | b'\t' | b'\x0c') {
                    i += 1;
                }
                Tok::Trivia(PyKind::Whitespace)
            }
            b'\r' | b'\n' => {
                i += if b == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                Tok::Trivia(PyKind::Newline)
            }
            b'#' => {
                while i < end && !matches!(bytes[i], b'\n' | b'\r') {
                    i += 1;
                }
                Tok::Trivia(PyKind::Comment)
            }
            b'0'..=b'9' => {
                i = number_end(bytes, i, end);
                Tok::Number
            }
            b'.' if !rulescript && i + 1 < end && bytes[i + 1].is_ascii_digit() => {
                i = number_end(bytes, i, end);
                Tok::Number
            }
            b'"' | b'\'' => {
                let (e, ok) = string_end(bytes, i, end);
                i = e;
                if ok { Tok::String } else { Tok::Error }
            }
            _ if is_name_start(text, i) => {
                let name_end = name_end(text, i, end);
                // A string prefix (r, b, u, f and their pairs) glued to a quote.
                if name_end - i <= 2
                    && name_end < end
                    && matches!(bytes[name_end], b'"' | b'\'')
                    && text[i..name_end]
                        .bytes()
                        .all(|c| matches!(c.to_ascii_lowercase(), b'r' | b'b' | b'u' | b'f'))
                {
                    let (e, ok) = string_end(bytes, name_end, end);
                    i = e;
                    if ok { Tok::String } else { Tok::Error }
                } else {
                    i = name_end;
                    if KEYWORDS.contains(&&text[s..i]) {
                        Tok::Keyword
                    } else {
                        Tok::Name
                    }
                }
            }
            _ => {
                let rest = &text[i..end];
                if runs && OPS1.contains(&b) && bytes.get(i + 1) == Some(&b) && i + 1 < end {
                    // A run of one operator character (`((((`, `====`): one token.
                    while i < end && bytes[i] == b {
                        i += 1;
                    }
                    Tok::Op
                } else if let Some(op) = OPS3.iter().chain(OPS2).find(|op| rest.starts_with(**op)) {
                    i += op.len();
                    Tok::Op
                } else if OPS1.contains(&b) {
                    i += 1;
                    Tok::Op
                } else {
                    i += rest.chars().next().map_or(1, char::len_utf8);
                    Tok::Error
                }
            }
        };
        out.push(Token {
            kind,
            start: s,
            end: i,
        });
    }
}

fn is_name_start(text: &str, i: usize) -> bool {
    text[i..]
        .chars()
        .next()
        .is_some_and(|c| c == '_' || c.is_alphabetic())
}

fn name_end(text: &str, mut i: usize, end: usize) -> usize {
    for c in text[i..end].chars() {
        if c == '_' || c.is_alphanumeric() {
            i += c.len_utf8();
        } else {
            break;
        }
    }
    i
}

fn number_end(bytes: &[u8], mut i: usize, end: usize) -> usize {
    if bytes[i] == b'0' && i + 1 < end && matches!(bytes[i + 1] | 0x20, b'x' | b'o' | b'b') {
        i += 2;
        while i < end && (bytes[i].is_ascii_hexdigit() || bytes[i] == b'_') {
            i += 1;
        }
        return i;
    }
    while i < end && (bytes[i].is_ascii_digit() || bytes[i] == b'_') {
        i += 1;
    }
    if i < end && bytes[i] == b'.' && !(i + 1 < end && bytes[i + 1] == b'.') {
        i += 1;
        while i < end && (bytes[i].is_ascii_digit() || bytes[i] == b'_') {
            i += 1;
        }
    }
    if i < end && (bytes[i] | 0x20) == b'e' {
        let mut j = i + 1;
        if j < end && matches!(bytes[j], b'+' | b'-') {
            j += 1;
        }
        if j < end && bytes[j].is_ascii_digit() {
            i = j;
            while i < end && bytes[i].is_ascii_digit() {
                i += 1;
            }
        }
    }
    if i < end && (bytes[i] | 0x20) == b'j' {
        i += 1;
    }
    i
}

/// The end of the string literal whose quote is at `i`, and whether it is terminated.
pub(crate) fn string_end(bytes: &[u8], i: usize, end: usize) -> (usize, bool) {
    let q = bytes[i];
    let triple = i + 2 < end && bytes[i + 1] == q && bytes[i + 2] == q;
    let mut j = if triple { i + 3 } else { i + 1 };
    while j < end {
        match bytes[j] {
            b'\\' => j += 2,
            c if c == q => {
                if !triple {
                    return (j + 1, true);
                }
                if j + 2 < end && bytes[j + 1] == q && bytes[j + 2] == q {
                    return (j + 3, true);
                }
                j += 1;
            }
            b'\n' | b'\r' if !triple => return (j, false),
            _ => j += 1,
        }
    }
    (end.min(j), false)
}

/// The tokens of a whole Python module, for hosts (`CardScripts.py`, `card_rules.py`):
/// `(kind, start, end)`, where `kind` is `Name`, `Keyword`, `Number`, `String`, `Op`, `Error`
/// or a trivia kind. A run of one single-character operator is one `Op` token.
pub(crate) fn module_tokens(text: &str) -> Vec<(PyKind, usize, usize)> {
    let mut toks = Vec::new();
    tokenize_segment(text, 0, text.len(), false, true, &mut toks);
    toks.into_iter()
        .map(|t| {
            let kind = match t.kind {
                Tok::Trivia(k) => k,
                Tok::Name => PyKind::Name,
                Tok::Keyword => PyKind::Keyword,
                Tok::Number => PyKind::Number,
                Tok::String => PyKind::String,
                Tok::Op => PyKind::Op,
                Tok::Error => PyKind::Error,
            };
            (kind, t.start, t.end)
        })
        .collect()
}

/// Tokens of the gap between two segments: line breaks, indentation, comment lines.
fn tokenize_gap(text: &str, start: usize, end: usize, out: &mut Vec<Token>) {
    let bytes = text.as_bytes();
    let mut i = start;
    let mut line_start = false;
    while i < end {
        let s = i;
        let kind = match bytes[i] {
            b'\r' | b'\n' => {
                i += if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                line_start = true;
                PyKind::Newline
            }
            b' ' | b'\t' => {
                while i < end && matches!(bytes[i], b' ' | b'\t') {
                    i += 1;
                }
                if line_start && i < end && !matches!(bytes[i], b'\n' | b'\r') {
                    PyKind::Indent
                } else if line_start && i == end && end < text.len() {
                    // The indentation of the next segment's line.
                    PyKind::Indent
                } else {
                    PyKind::Whitespace
                }
            }
            _ => {
                while i < end && !matches!(bytes[i], b'\n' | b'\r') {
                    i += 1;
                }
                let line = &text[s..i];
                if line_start && line.starts_with('#') {
                    PyKind::CommentLine
                } else {
                    PyKind::Whitespace
                }
            }
        };
        if !matches!(kind, PyKind::Whitespace | PyKind::Newline | PyKind::Indent) {
            line_start = false;
        }
        out.push(Token {
            kind: Tok::Trivia(kind),
            start: s,
            end: i,
        });
    }
}

/// Emits the gap between two segments (`start..end`, decoded offsets; the emitter stands at
/// `start`) as trivia: line breaks, indentation, comment lines.
pub(crate) fn emit_gap(
    e: &mut Emitter<'_, '_>,
    text: &str,
    start: usize,
    end: usize,
    map: fn(PyKind) -> rowan::SyntaxKind,
) {
    let mut toks = Vec::new();
    tokenize_gap(text, start, end, &mut toks);
    for t in toks {
        if let Tok::Trivia(kind) = t.kind {
            e.token_to(map(kind), t.end);
        }
    }
}

/// Parses one expression made of `segments` of `text` (decoded offsets of the emitter, in
/// order, non-overlapping). The emitter must stand at `segments[0].0`; it ends at the end of the
/// last segment. Returns whether the expression parsed without error.
pub(crate) fn parse(
    e: &mut Emitter<'_, '_>,
    text: &str,
    segments: &[(usize, usize)],
    config: Config,
) -> bool {
    let mut toks = Vec::new();
    let mut prev_end = None;
    for &(s, end) in segments {
        if let Some(p) = prev_end
            && p < s
        {
            tokenize_gap(text, p, s, &mut toks);
        }
        tokenize_segment(text, s, end, config.rulescript, false, &mut toks);
        prev_end = Some(end);
    }
    let significant: Vec<usize> = toks
        .iter()
        .enumerate()
        .filter(|(_, t)| !matches!(t.kind, Tok::Trivia(_)))
        .map(|(i, _)| i)
        .collect();
    let mut p = Parser {
        e,
        text,
        toks: &toks,
        sig: &significant,
        pos: 0,
        emitted: 0,
        failed: false,
        depth: 0,
        config,
    };
    p.top();
    p.flush_all();
    !p.failed
}

struct Parser<'p, 'a, 't> {
    e: &'p mut Emitter<'a, 't>,
    text: &'p str,
    toks: &'p [Token],
    /// Indices of the significant tokens in `toks`.
    sig: &'p [usize],
    /// Index into `sig` of the current token.
    pos: usize,
    /// Index into `toks` of the first token not yet emitted.
    emitted: usize,
    failed: bool,
    depth: usize,
    config: Config,
}

const MAX_DEPTH: usize = 96;
/// Left-deep nodes opened in a row (`a + b + c...`, `a.b.c...`) are bounded too.
const MAX_CHAIN: usize = 256;

impl Parser<'_, '_, '_> {
    fn k(&self, kind: PyKind) -> rowan::SyntaxKind {
        (self.config.map)(kind)
    }

    fn current(&self) -> Option<Token> {
        self.sig.get(self.pos).map(|&i| self.toks[i])
    }

    fn nth(&self, n: usize) -> Option<Token> {
        self.sig.get(self.pos + n).map(|&i| self.toks[i])
    }

    fn text_of(&self, t: Token) -> &str {
        &self.text[t.start..t.end]
    }

    fn at_op(&self, op: &str) -> bool {
        self.current()
            .is_some_and(|t| t.kind == Tok::Op && self.text_of(t) == op)
    }

    fn at_kw(&self, kw: &str) -> bool {
        self.current()
            .is_some_and(|t| t.kind == Tok::Keyword && self.text_of(t) == kw)
    }

    fn nth_is(&self, n: usize, kind: Tok, text: &str) -> bool {
        self.nth(n)
            .is_some_and(|t| t.kind == kind && self.text_of(t) == text)
    }

    /// Emits the trivia before the current token.
    fn flush_trivia(&mut self) {
        let upto = self.sig.get(self.pos).copied().unwrap_or(self.toks.len());
        while self.emitted < upto {
            let t = self.toks[self.emitted];
            let kind = match t.kind {
                Tok::Trivia(k) => k,
                _ => PyKind::Error,
            };
            let k = self.k(kind);
            self.e.token_to(k, t.end);
            self.emitted += 1;
        }
    }

    fn flush_all(&mut self) {
        while self.emitted < self.toks.len() {
            let t = self.toks[self.emitted];
            let kind = match t.kind {
                Tok::Trivia(k) => k,
                Tok::Name => PyKind::Name,
                Tok::Keyword => PyKind::Keyword,
                Tok::Number => PyKind::Number,
                Tok::String => PyKind::String,
                Tok::Op => PyKind::Op,
                Tok::Error => PyKind::Error,
            };
            let k = self.k(kind);
            self.e.token_to(k, t.end);
            self.emitted += 1;
        }
    }

    fn start(&mut self, kind: PyKind) {
        self.flush_trivia();
        let k = self.k(kind);
        self.e.start(k);
    }

    fn checkpoint(&mut self) -> usize {
        self.flush_trivia();
        self.e.checkpoint()
    }

    fn start_at(&mut self, cp: usize, kind: PyKind) {
        let k = self.k(kind);
        self.e.start_at(cp, k);
    }

    fn finish(&mut self) {
        self.e.finish();
    }

    fn bump(&mut self) {
        let Some(t) = self.current() else { return };
        self.flush_trivia();
        let kind = match t.kind {
            Tok::Name => PyKind::Name,
            Tok::Keyword => PyKind::Keyword,
            Tok::Number => PyKind::Number,
            Tok::String => PyKind::String,
            Tok::Op => PyKind::Op,
            Tok::Error | Tok::Trivia(_) => PyKind::Error,
        };
        let k = self.k(kind);
        self.e.token_to(k, t.end);
        self.emitted = self.sig[self.pos] + 1;
        self.pos += 1;
    }

    /// Records the first error; the parse stops there.
    fn fail(&mut self, message: impl Into<String>) {
        if self.failed {
            return;
        }
        self.failed = true;
        let (s, e) = match self.current() {
            Some(t) => (t.start, t.end),
            None => {
                let end = self.toks.last().map_or(0, |t| t.end);
                (end, end)
            }
        };
        self.e.error(ErrorKind::InvalidExpression, s, e, message);
    }

    fn describe_current(&self) -> String {
        match self.current() {
            None => "the end of the expression".to_string(),
            Some(t) if t.kind == Tok::Error => {
                let text = self.text_of(t);
                if text
                    .trim_start_matches(|c: char| c.is_ascii_alphabetic())
                    .starts_with(['"', '\''])
                {
                    "an unterminated string".to_string()
                } else {
                    format!("the character `{text}`")
                }
            }
            Some(t) => format!("`{}`", self.text_of(t)),
        }
    }

    fn expect_op(&mut self, op: &str) {
        if self.failed {
            return;
        }
        if self.at_op(op) {
            self.bump();
        } else {
            let found = self.describe_current();
            let hint = if self.at_op("=") {
                ": assignments are Python statements, not expressions"
            } else {
                ""
            };
            self.fail(format!("expected `{op}`, found {found}{hint}"));
        }
    }

    fn top(&mut self) {
        let cp = self.checkpoint();
        if self.current().is_none() {
            self.fail("expected an expression, found nothing");
            return;
        }
        if self.config.allow_tuple {
            self.star_expressions(cp);
        } else {
            self.expression();
        }
        if self.failed {
            self.rest_as_error();
            return;
        }
        if let Some(t) = self.current() {
            let text = self.text_of(t).to_string();
            let assignment = t.kind == Tok::Op
                && text.ends_with('=')
                && !matches!(text.as_str(), "==" | "<=" | ">=" | "!=");
            let message = if assignment {
                format!(
                    "`{text}` is an assignment, a Python statement: only an expression may stand here"
                )
            } else if t.kind == Tok::Keyword
                && matches!(
                    text.as_str(),
                    "if" | "for" | "while" | "def" | "return" | "import" | "pass" | "del" | "raise"
                )
            {
                format!("unexpected `{text}`: statements are not expressions")
            } else {
                format!(
                    "unexpected {} after the end of the expression",
                    self.describe_current()
                )
            };
            self.fail(message);
            self.rest_as_error();
        }
    }

    fn rest_as_error(&mut self) {
        if self.current().is_none() {
            return;
        }
        self.start(PyKind::ErrorNode);
        while self.current().is_some() {
            self.bump();
        }
        self.finish();
    }

    fn enter(&mut self) -> bool {
        self.depth += 1;
        if self.depth > MAX_DEPTH && !self.failed {
            self.failed = true;
            let (s, e) = self.current().map_or((0, 0), |t| (t.start, t.end));
            self.e.error(
                ErrorKind::TooDeep,
                s,
                e,
                "this expression nests deeper than cardlint follows",
            );
        }
        !self.failed
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Counts one more left-deep node; false (and an error) past the bound.
    fn chained(&mut self, n: &mut usize) -> bool {
        *n += 1;
        if *n > MAX_CHAIN && !self.failed {
            self.failed = true;
            let (s, e) = self.current().map_or((0, 0), |t| (t.start, t.end));
            self.e.error(
                ErrorKind::TooDeep,
                s,
                e,
                "this expression chains more operations than cardlint follows",
            );
        }
        !self.failed
    }

    fn starts_expression(&self) -> bool {
        match self.current() {
            None => false,
            Some(t) => match t.kind {
                Tok::Name | Tok::Number | Tok::String => true,
                Tok::Keyword => matches!(
                    self.text_of(t),
                    "not" | "lambda" | "None" | "True" | "False" | "await"
                ),
                Tok::Op => matches!(
                    self.text_of(t),
                    "(" | "[" | "{" | "-" | "+" | "~" | "*" | "..."
                ),
                _ => false,
            },
        }
    }

    /// `a, b, *c` (a tuple without parentheses) at checkpoint `cp`.
    fn star_expressions(&mut self, cp: usize) {
        self.star_expression();
        if self.at_op(",") {
            self.start_at(cp, PyKind::TupleExpr);
            while self.at_op(",") && !self.failed {
                self.bump();
                if !self.starts_expression() {
                    break;
                }
                self.star_expression();
            }
            self.finish();
        }
    }

    fn star_expression(&mut self) {
        if self.at_op("*") {
            self.start(PyKind::Starred);
            self.bump();
            self.bitor();
            self.finish();
        } else {
            self.named_expression();
        }
    }

    /// `name := expr` or an expression.
    fn named_expression(&mut self) {
        if self.current().is_some_and(|t| t.kind == Tok::Name) && self.nth_is(1, Tok::Op, ":=") {
            self.start(PyKind::NamedExpr);
            self.name_expr();
            self.bump();
            self.expression();
            self.finish();
        } else {
            self.expression();
        }
    }

    fn name_expr(&mut self) {
        self.start(PyKind::NameExpr);
        self.bump();
        self.finish();
    }

    /// `lambda`, or a disjunction with an optional `if ... else ...`.
    fn expression(&mut self) {
        if !self.enter() {
            self.leave();
            return;
        }
        if self.at_kw("lambda") {
            self.lambda(false);
        } else {
            let cp = self.checkpoint();
            self.disjunction();
            if self.at_kw("if") && !self.failed {
                self.start_at(cp, PyKind::CondExpr);
                self.bump();
                self.disjunction();
                if self.at_kw("else") {
                    self.bump();
                    self.expression();
                } else if !self.failed {
                    let found = self.describe_current();
                    self.fail(format!(
                        "expected `else` (a conditional expression needs both branches), found {found}"
                    ));
                }
                self.finish();
            }
        }
        self.leave();
    }

    /// An expression without a conditional (comprehension `if` clauses, lambda bodies there).
    fn expression_nocond(&mut self) {
        if self.at_kw("lambda") {
            self.lambda(true);
        } else {
            self.disjunction();
        }
    }

    fn lambda(&mut self, nocond: bool) {
        self.start(PyKind::LambdaExpr);
        self.bump();
        if !self.at_op(":") {
            self.start(PyKind::ParamList);
            loop {
                if self.failed {
                    break;
                }
                self.start(PyKind::Param);
                if self.at_op("*") || self.at_op("**") {
                    self.bump();
                }
                if self.current().is_some_and(|t| t.kind == Tok::Name) {
                    self.bump();
                } else if !self.at_op(",") && !self.at_op(":") {
                    let found = self.describe_current();
                    self.fail(format!("expected a parameter name, found {found}"));
                }
                if self.at_op("=") {
                    self.bump();
                    self.expression();
                }
                self.finish();
                if self.at_op(",") {
                    self.bump();
                    continue;
                }
                break;
            }
            self.finish();
        }
        self.expect_op(":");
        if nocond {
            self.expression_nocond();
        } else {
            self.expression();
        }
        self.finish();
    }

    fn disjunction(&mut self) {
        self.bool_chain("or", Self::conjunction);
    }

    fn conjunction(&mut self) {
        self.bool_chain("and", Self::inversion);
    }

    fn bool_chain(&mut self, kw: &str, operand: fn(&mut Self)) {
        let cp = self.checkpoint();
        operand(self);
        if self.at_kw(kw) && !self.failed {
            self.start_at(cp, PyKind::BoolExpr);
            while self.at_kw(kw) && !self.failed {
                self.bump();
                operand(self);
            }
            self.finish();
        }
    }

    fn inversion(&mut self) {
        if self.at_kw("not") {
            if !self.enter() {
                self.leave();
                return;
            }
            self.start(PyKind::NotExpr);
            self.bump();
            self.inversion();
            self.finish();
            self.leave();
        } else {
            self.comparison();
        }
    }

    fn at_compare_op(&self) -> usize {
        let Some(t) = self.current() else { return 0 };
        let text = self.text_of(t);
        match t.kind {
            Tok::Op if matches!(text, "<" | ">" | "==" | ">=" | "<=" | "!=") => 1,
            Tok::Keyword if text == "in" => 1,
            Tok::Keyword if text == "not" && self.nth_is(1, Tok::Keyword, "in") => 2,
            Tok::Keyword if text == "is" => {
                if self.nth_is(1, Tok::Keyword, "not") {
                    2
                } else {
                    1
                }
            }
            _ => 0,
        }
    }

    fn comparison(&mut self) {
        let cp = self.checkpoint();
        self.bitor();
        if self.at_compare_op() > 0 && !self.failed {
            self.start_at(cp, PyKind::CompareExpr);
            loop {
                let n = self.at_compare_op();
                if n == 0 || self.failed {
                    break;
                }
                for _ in 0..n {
                    self.bump();
                }
                self.bitor();
            }
            self.finish();
        }
    }

    fn bin_prec(&self) -> Option<u8> {
        let t = self.current()?;
        if t.kind != Tok::Op {
            return None;
        }
        Some(match self.text_of(t) {
            "|" => 1,
            "^" => 2,
            "&" => 3,
            "<<" | ">>" => 4,
            "+" | "-" => 5,
            "*" | "/" | "//" | "%" | "@" => 6,
            _ => return None,
        })
    }

    fn bitor(&mut self) {
        self.binary(1);
    }

    fn binary(&mut self, min: u8) {
        if !self.enter() {
            self.leave();
            return;
        }
        let cp = self.checkpoint();
        self.factor();
        let mut n = 0;
        while let Some(prec) = self.bin_prec() {
            if prec < min || self.failed || !self.chained(&mut n) {
                break;
            }
            self.start_at(cp, PyKind::BinExpr);
            self.bump();
            self.binary(prec + 1);
            self.finish();
        }
        self.leave();
    }

    fn factor(&mut self) {
        if self.at_op("-") || self.at_op("+") || self.at_op("~") {
            if !self.enter() {
                self.leave();
                return;
            }
            self.start(PyKind::UnaryExpr);
            self.bump();
            self.factor();
            self.finish();
            self.leave();
        } else {
            self.power();
        }
    }

    fn power(&mut self) {
        let cp = self.checkpoint();
        if self.at_kw("await") {
            self.start(PyKind::UnaryExpr);
            self.bump();
            self.primary();
            self.finish();
        } else {
            self.primary();
        }
        if self.at_op("**") && !self.failed {
            self.start_at(cp, PyKind::BinExpr);
            self.bump();
            self.factor();
            self.finish();
        }
    }

    fn primary(&mut self) {
        let cp = self.checkpoint();
        self.atom();
        let mut n = 0;
        loop {
            if self.failed || !(self.at_op(".") || self.at_op("(") || self.at_op("[")) {
                break;
            }
            if !self.chained(&mut n) {
                break;
            }
            if self.at_op(".") {
                self.start_at(cp, PyKind::AttrExpr);
                self.bump();
                match self.current() {
                    Some(t)
                        if t.kind == Tok::Name
                            || self.config.rulescript && t.kind == Tok::Keyword =>
                    {
                        self.bump()
                    }
                    Some(t)
                        if self.config.rulescript
                            && t.kind == Tok::Number
                            && self.text_of(t).bytes().all(|b| b.is_ascii_digit()) =>
                    {
                        self.bump()
                    }
                    _ => {
                        let found = self.describe_current();
                        self.fail(format!("expected a name after `.`, found {found}"));
                    }
                }
                self.finish();
            } else if self.at_op("(") {
                self.start_at(cp, PyKind::CallExpr);
                self.arg_list();
                self.finish();
            } else if self.at_op("[") {
                self.start_at(cp, PyKind::SubscriptExpr);
                self.bump();
                self.subscripts();
                self.expect_op("]");
                self.finish();
            } else {
                break;
            }
        }
    }

    fn atom(&mut self) {
        if !self.enter() {
            self.leave();
            return;
        }
        let Some(t) = self.current() else {
            self.fail("expected an expression, found the end of the expression");
            self.leave();
            return;
        };
        let text = self.text_of(t);
        match t.kind {
            Tok::Name
                if self.config.rulescript
                    && text.eq_ignore_ascii_case("all")
                    && !self.nth_is(1, Tok::Op, "(")
                    && self.nth(1).is_some() =>
            {
                self.start(PyKind::AllExpr);
                self.bump();
                self.disjunction();
                self.finish();
            }
            Tok::Name => self.name_expr(),
            Tok::Number => {
                self.start(PyKind::Literal);
                self.bump();
                self.finish();
            }
            Tok::String => {
                self.start(PyKind::Literal);
                while self.current().is_some_and(|t| t.kind == Tok::String) {
                    self.bump();
                }
                self.finish();
            }
            Tok::Keyword if matches!(text, "None" | "True" | "False") => {
                self.start(PyKind::Literal);
                self.bump();
                self.finish();
            }
            Tok::Op if text == "..." => {
                self.start(PyKind::Literal);
                self.bump();
                self.finish();
            }
            Tok::Op if text == "(" => self.paren(),
            Tok::Op if text == "[" => self.list(),
            Tok::Op if text == "{" => self.dict_or_set(),
            _ => {
                let found = self.describe_current();
                let message = if text == "=" {
                    "unexpected `=`: assignments are Python statements, not expressions".to_string()
                } else {
                    format!("expected an expression, found {found}")
                };
                self.fail(message);
            }
        }
        self.leave();
    }

    fn paren(&mut self) {
        self.start(PyKind::ParenExpr);
        self.bump();
        if self.at_op(")") {
            // `()`, the empty tuple.
            self.bump();
            self.finish();
            return;
        }
        let first = self.checkpoint();
        self.star_named_or_yield();
        if self.at_kw("for") || self.at_kw("async") {
            self.comp_for();
        } else if self.at_op(",") {
            // The tuple holds the items only, inside the parentheses.
            self.start_at(first, PyKind::TupleExpr);
            while self.at_op(",") && !self.failed {
                self.bump();
                if self.at_op(")") {
                    break;
                }
                self.star_named_or_yield();
            }
            self.finish();
        }
        self.expect_op(")");
        self.finish();
    }

    fn star_named_or_yield(&mut self) {
        if self.at_kw("yield") {
            self.fail("`yield` is not allowed here");
            return;
        }
        self.star_expression();
    }

    fn list(&mut self) {
        self.start(PyKind::ListExpr);
        self.bump();
        if !self.at_op("]") {
            self.star_expression();
            if self.at_kw("for") || self.at_kw("async") {
                self.comp_for();
            } else {
                while self.at_op(",") && !self.failed {
                    self.bump();
                    if self.at_op("]") {
                        break;
                    }
                    self.star_expression();
                }
            }
        }
        self.expect_op("]");
        self.finish();
    }

    fn dict_or_set(&mut self) {
        let cp = self.checkpoint();
        // Decide the node kind after the first item; open it at the checkpoint.
        self.bump();
        if self.at_op("}") {
            self.start_at(cp, PyKind::DictExpr);
            self.bump();
            self.finish();
            return;
        }
        let first = self.checkpoint();
        let dict = if self.at_op("**") {
            self.start(PyKind::DictItem);
            self.bump();
            self.bitor();
            self.finish();
            true
        } else {
            self.star_expression();
            if self.at_op(":") {
                self.start_at(first, PyKind::DictItem);
                self.bump();
                self.expression();
                self.finish();
                true
            } else {
                false
            }
        };
        self.start_at(
            cp,
            if dict {
                PyKind::DictExpr
            } else {
                PyKind::SetExpr
            },
        );
        if self.at_kw("for") || self.at_kw("async") {
            self.comp_for();
        } else {
            while self.at_op(",") && !self.failed {
                self.bump();
                if self.at_op("}") {
                    break;
                }
                if dict {
                    self.start(PyKind::DictItem);
                    if self.at_op("**") {
                        self.bump();
                        self.bitor();
                    } else {
                        self.expression();
                        self.expect_op(":");
                        self.expression();
                    }
                    self.finish();
                } else {
                    self.star_expression();
                }
            }
        }
        self.expect_op("}");
        self.finish();
    }

    /// `for targets in iter [if cond]... [for ...]`.
    fn comp_for(&mut self) {
        while (self.at_kw("for") || self.at_kw("async")) && !self.failed {
            self.start(PyKind::CompFor);
            if self.at_kw("async") {
                self.bump();
            }
            self.expect_op_kw("for");
            self.targets();
            self.expect_op_kw("in");
            self.disjunction();
            self.finish();
            while self.at_kw("if") && !self.failed {
                self.start(PyKind::CompIf);
                self.bump();
                self.expression_nocond();
                self.finish();
            }
        }
    }

    fn expect_op_kw(&mut self, kw: &str) {
        if self.failed {
            return;
        }
        if self.at_kw(kw) {
            self.bump();
        } else {
            let found = self.describe_current();
            self.fail(format!("expected `{kw}`, found {found}"));
        }
    }

    /// The targets of a `for` clause: `x`, `a, b`, `(a, b)`, `*rest`.
    fn targets(&mut self) {
        let cp = self.checkpoint();
        self.target();
        if self.at_op(",") {
            self.start_at(cp, PyKind::TupleExpr);
            while self.at_op(",") && !self.failed {
                self.bump();
                if self.at_kw("in") {
                    break;
                }
                self.target();
            }
            self.finish();
        }
    }

    fn target(&mut self) {
        if self.at_op("*") {
            self.start(PyKind::Starred);
            self.bump();
            self.bitor();
            self.finish();
        } else {
            self.bitor();
        }
    }

    fn arg_list(&mut self) {
        self.start(PyKind::ArgList);
        self.bump();
        let mut first = true;
        while !self.at_op(")") && !self.failed {
            if self.current().is_none() {
                break;
            }
            if self.at_op("*") || self.at_op("**") {
                self.start(PyKind::Starred);
                self.bump();
                self.expression();
                self.finish();
            } else if self.current().is_some_and(|t| t.kind == Tok::Name)
                && self.nth_is(1, Tok::Op, "=")
            {
                self.start(PyKind::KeywordArg);
                self.bump();
                self.bump();
                self.expression();
                self.finish();
            } else {
                let cp = self.checkpoint();
                self.named_expression();
                if first && (self.at_kw("for") || self.at_kw("async")) {
                    self.start_at(cp, PyKind::ParenExpr);
                    self.comp_for();
                    self.finish();
                }
            }
            first = false;
            if self.at_op(",") {
                self.bump();
            } else {
                break;
            }
        }
        self.expect_op(")");
        self.finish();
    }

    fn subscripts(&mut self) {
        let cp = self.checkpoint();
        self.subscript();
        if self.at_op(",") {
            self.start_at(cp, PyKind::TupleExpr);
            while self.at_op(",") && !self.failed {
                self.bump();
                if self.at_op("]") {
                    break;
                }
                self.subscript();
            }
            self.finish();
        }
    }

    fn subscript(&mut self) {
        let cp = self.checkpoint();
        if !self.at_op(":") {
            self.star_expression();
        }
        if self.at_op(":") && !self.failed {
            self.start_at(cp, PyKind::Slice);
            self.bump();
            if !self.at_op(":") && !self.at_op("]") && !self.at_op(",") {
                self.expression();
            }
            if self.at_op(":") {
                self.bump();
                if !self.at_op("]") && !self.at_op(",") {
                    self.expression();
                }
            }
            self.finish();
        }
    }
}
