//! Finding things in a lexed C++ file: function bodies by qualified name, array initialisers,
//! enum constants, string constants, and the literals a function tests its text with.

use std::collections::HashMap;

use super::lex::{Tok, Token};

/// A lexed source file.
pub(crate) struct CppFile {
    /// Path relative to the root, with `/`.
    pub(crate) rel: String,
    pub(crate) toks: Vec<Token>,
}

impl CppFile {
    pub(crate) fn loc(&self, line: u32) -> String {
        format!("{}:{line}", self.rel)
    }
}

/// The index of the token closing the bracket opened at `open` (`(`, `[` or `{`), or the end.
pub(crate) fn close_of(t: &[Token], open: usize) -> usize {
    let (o, c) = match &t[open].tok {
        Tok::Punct(p) if p == "(" => ("(", ")"),
        Tok::Punct(p) if p == "[" => ("[", "]"),
        _ => ("{", "}"),
    };
    let mut depth = 0usize;
    for (i, tok) in t.iter().enumerate().skip(open) {
        if tok.is_punct(o) {
            depth += 1;
        } else if tok.is_punct(c) {
            depth -= 1;
            if depth == 0 {
                return i;
            }
        }
    }
    t.len()
}

/// The body (`{` .. `}` token indices, exclusive of the braces) of the definition of
/// `class::method`: written out of line (`Class::method(...) {`) or inside the class's body
/// (`class Class { ... method(...) { ... } }`). All definitions of that name (overloads), in file
/// order.
pub(crate) fn method_bodies(f: &CppFile, class: &str, method: &str) -> Vec<(usize, usize)> {
    let t = &f.toks;
    let mut out = Vec::new();
    // Bodies of `class Class {` / `struct Class {`.
    let mut class_ranges: Vec<(usize, usize)> = Vec::new();
    for i in 0..t.len().saturating_sub(2) {
        if (t[i].is_ident("class") || t[i].is_ident("struct")) && t[i + 1].is_ident(class) {
            // Skip a base-class list up to the opening brace; a `;` first means a declaration.
            let mut j = i + 2;
            while j < t.len() && !t[j].is_punct("{") && !t[j].is_punct(";") {
                j += 1;
            }
            if j < t.len() && t[j].is_punct("{") {
                class_ranges.push((j, close_of(t, j)));
            }
        }
    }
    for i in 0..t.len().saturating_sub(1) {
        if !t[i].is_ident(method) || !t[i + 1].is_punct("(") {
            continue;
        }
        let qualified = i >= 2 && t[i - 1].is_punct("::") && t[i - 2].is_ident(class);
        let inside = class_ranges.iter().any(|&(a, b)| a < i && i < b);
        if !qualified && !inside {
            continue;
        }
        if let Some(body) = body_after_params(t, i + 1) {
            out.push(body);
        }
    }
    out
}

/// If the parameter list opened at `open` is followed by a function body (possibly after
/// `const`, `override` or a constructor's initialiser list), its token range.
fn body_after_params(t: &[Token], open: usize) -> Option<(usize, usize)> {
    let close = close_of(t, open);
    let mut j = close + 1;
    while j < t.len() && (t[j].is_ident("const") || t[j].is_ident("override")) {
        j += 1;
    }
    if j < t.len() && t[j].is_punct(":") {
        // Initialiser list: `a(b), c{d}` up to the body's brace.
        j += 1;
        while j < t.len() {
            // `a(b)` and `c{d}` are initialisers; a `{` after anything else opens the body.
            if t[j].is_punct("(") || (t[j].is_punct("{") && t[j - 1].ident().is_some()) {
                j = close_of(t, j) + 1;
            } else if t[j].is_punct("{") || t[j].is_punct(";") {
                break;
            } else {
                j += 1;
            }
        }
    }
    if j < t.len() && t[j].is_punct("{") {
        let end = close_of(t, j);
        return Some((j + 1, end));
    }
    None
}

/// One element of an array initialiser: a string literal or a name (the last identifier of a
/// qualified name, `MTGGameZone::MY_HAND` gives `MY_HAND`).
#[derive(Debug, Clone)]
pub(crate) struct Element {
    pub(crate) text: String,
    pub(crate) is_string: bool,
    pub(crate) line: u32,
}

/// The elements of every initialiser of an array named `name` (`name[] = { ... }`, `name[N] =
/// { ... }`, with or without a `Class::` qualifier) within `range`.
pub(crate) fn arrays(f: &CppFile, name: &str, range: (usize, usize)) -> Vec<Vec<Element>> {
    let t = &f.toks;
    let mut out = Vec::new();
    let end = range.1.min(t.len());
    let mut i = range.0;
    while i + 1 < end {
        if t[i].is_ident(name) && t[i + 1].is_punct("[") {
            let close = close_of(t, i + 1);
            if close + 2 < end && t[close + 1].is_punct("=") && t[close + 2].is_punct("{") {
                let open = close + 2;
                let stop = close_of(t, open);
                out.push(elements(t, open + 1, stop));
                i = stop;
                continue;
            }
        }
        i += 1;
    }
    out
}

fn elements(t: &[Token], from: usize, to: usize) -> Vec<Element> {
    let mut out = Vec::new();
    let mut cur: Option<Element> = None;
    let mut depth = 0usize;
    for tok in &t[from..to.min(t.len())] {
        match &tok.tok {
            Tok::Punct(p) if p == "(" || p == "{" || p == "[" => depth += 1,
            Tok::Punct(p) if p == ")" || p == "}" || p == "]" => depth = depth.saturating_sub(1),
            Tok::Punct(p) if p == "," && depth == 0 => {
                out.extend(cur.take());
            }
            Tok::Str(s) if depth == 0 => {
                cur = Some(Element {
                    text: s.clone(),
                    is_string: true,
                    line: tok.line,
                });
            }
            Tok::Ident(s) if depth == 0 => {
                cur = Some(Element {
                    text: s.clone(),
                    is_string: false,
                    line: tok.line,
                });
            }
            _ => {}
        }
    }
    out.extend(cur);
    out
}

/// Enum constants `<prefix><NAME> = <number>` in the file: (NAME, value, line).
pub(crate) fn enum_constants(f: &CppFile, prefix: &str) -> Vec<(String, i64, u32)> {
    let t = &f.toks;
    let mut out = Vec::new();
    for i in 0..t.len().saturating_sub(2) {
        let Some(name) = t[i].ident() else { continue };
        let Some(rest) = name.strip_prefix(prefix) else {
            continue;
        };
        if rest.is_empty() || !t[i + 1].is_punct("=") {
            continue;
        }
        let (neg, k) = if t[i + 2].is_punct("-") {
            (true, i + 3)
        } else {
            (false, i + 2)
        };
        if let Some(Token {
            tok: Tok::Num(n), ..
        }) = t.get(k)
            && let Ok(v) = n.parse::<i64>()
        {
            out.push((rest.to_string(), if neg { -v } else { v }, t[i].line));
        }
    }
    out
}

/// String constants of the file: `NAME = "literal"` at any depth (`const string
/// Constants::kBuyBackKeyword = "buyback";`), and arrays of string literals (`kLordKeywords[] =
/// { "lord(", ... }`), by their unqualified name. Used to resolve `s.find(kX)` and
/// `s.find(kX[i])`.
#[derive(Default)]
pub(crate) struct Constants {
    pub(crate) strings: HashMap<String, String>,
    pub(crate) arrays: HashMap<String, Vec<String>>,
    /// Local names bound to one element of a constant array at a time (see [`tests_in`]).
    pub(crate) aliases: HashMap<String, Vec<String>>,
}

impl Constants {
    pub(crate) fn add_file(&mut self, f: &CppFile) {
        let t = &f.toks;
        for i in 0..t.len().saturating_sub(3) {
            let Some(name) = t[i].ident() else { continue };
            // `const string kX = "..."`, `const string Constants::kX = "..."`: constants, not
            // locals that happen to start with a literal.
            let constant = i > 0
                && t[i.saturating_sub(4)..i]
                    .iter()
                    .any(|t| t.is_ident("const"))
                && (t[i - 1].ident().is_some()
                    || t[i - 1].is_punct("::")
                    || t[i - 1].is_punct("*"));
            if constant
                && t[i + 1].is_punct("=")
                && let Some(s) = t[i + 2].string()
                && (t[i + 3].is_punct(";") || t[i + 3].is_punct(","))
            {
                self.strings
                    .entry(name.to_string())
                    .or_insert_with(|| s.to_string());
            }
            if t[i + 1].is_punct("[") {
                let close = close_of(t, i + 1);
                if close + 2 < t.len() && t[close + 1].is_punct("=") && t[close + 2].is_punct("{") {
                    let stop = close_of(t, close + 2);
                    let els = elements(t, close + 3, stop);
                    if !els.is_empty() && els.iter().all(|e| e.is_string) {
                        self.arrays
                            .entry(name.to_string())
                            .or_insert_with(|| els.into_iter().map(|e| e.text).collect());
                    }
                }
            }
        }
    }
}

/// How a literal is tested against the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Match {
    /// `v == "x"`, `v.compare("x") == 0`.
    Exact,
    /// `StartsWith(v, "x")`, `v.find("x") == 0`.
    Prefix,
    /// `v.find("x")` (anywhere), `parseBetween(v, "x", ...)`.
    Contains,
}

impl Match {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Match::Exact => "exact",
            Match::Prefix => "prefix",
            Match::Contains => "contains",
        }
    }
}

/// A literal a function tests its text with.
#[derive(Debug, Clone)]
pub(crate) struct Test {
    pub(crate) literal: String,
    pub(crate) how: Match,
    pub(crate) line: u32,
}

/// What [`tests_in`] looks for.
pub(crate) struct Spec<'a> {
    /// The variables holding the text (`s`, `attribute`, `restriction` for `restriction[i]`).
    pub(crate) vars: &'a [&'a str],
    /// Helpers called as `helper(var, "literal", ...)`, with what the helper searches:
    /// (`parseBetween`, `""`, Contains, true) searches the literal and then its third argument
    /// (`parseBetween(s, "grant ", " grantend")`); (`parseSimpleTC`, `"("`, Contains, false)
    /// searches the literal followed by `(`.
    pub(crate) helpers: &'a [(&'a str, &'a str, Match, bool)],
    /// Also follow the locals assigned from the variables (see [`tainted`]).
    pub(crate) follow: bool,
}

/// The literals tested on the spec's variables in `body`, in source order. Forms:
/// `v.find(L)` (prefix when compared `== 0`), `v.rfind(L)`, `v == L`, `L == v`, `v != L`,
/// `v.compare(L)`, `StartsWith(v, L)`, `helper(v, L, ...)`, where `v` may be indexed
/// (`v[i]`) and `L` is a literal, a string constant of the engine or an element of a constant
/// array (`v.find(kKeywords[i])` gives each element).
pub(crate) fn tests_in(
    f: &CppFile,
    body: (usize, usize),
    spec: &Spec<'_>,
    consts: &Constants,
) -> Vec<Test> {
    let t = &f.toks;
    let end = body.1.min(t.len());
    let mut out = Vec::new();
    let vars = if spec.follow {
        tainted(t, (body.0, end), spec.vars)
    } else {
        spec.vars.iter().map(|v| v.to_string()).collect()
    };
    let consts = &with_aliases(t, (body.0, end), consts);
    let is_var = |i: usize| {
        t[i].ident().is_some_and(|n| vars.iter().any(|v| v == n))
            && !(i > 0 && (t[i - 1].is_punct(".") || t[i - 1].is_punct("->")))
    };
    // The token after a variable and its optional `[...]`.
    let after_var = |i: usize| {
        let mut j = i + 1;
        if j < end && t[j].is_punct("[") {
            j = close_of(t, j) + 1;
        }
        j
    };
    let mut i = body.0;
    while i < end {
        // helper(v, L ...) / StartsWith(v, L)
        if let Some(name) = t[i].ident()
            && i + 3 < end
            && t[i + 1].is_punct("(")
            && is_var(i + 2)
        {
            let j = after_var(i + 2);
            if j + 1 < end && t[j].is_punct(",") {
                let helper = spec.helpers.iter().find(|h| h.0 == name);
                let starts = name == "StartsWith";
                if helper.is_some() || starts {
                    let (second_end, lits) = literals_at(t, j + 1, consts);
                    let mut all: Vec<String> = lits;
                    if let Some(&(_, suffix, _, third)) = helper {
                        all = all.into_iter().map(|l| format!("{l}{suffix}")).collect();
                        if third && second_end + 1 < end && t[second_end].is_punct(",") {
                            all.extend(literals_at(t, second_end + 1, consts).1);
                        }
                    }
                    let how = helper.map_or(Match::Prefix, |h| h.2);
                    for lit in all {
                        out.push(Test {
                            literal: lit,
                            how,
                            line: t[i].line,
                        });
                    }
                }
            }
        }
        if is_var(i) {
            let j = after_var(i);
            // v.find(L) / v.compare(L) / v.rfind(L)
            if j + 3 < end
                && t[j].is_punct(".")
                && t[j + 2].is_punct("(")
                && let Some(m) = t[j + 1].ident()
                && matches!(m, "find" | "rfind" | "compare")
            {
                let close = close_of(t, j + 2);
                let args_end = first_comma(t, j + 3, close);
                // `compare(pos, n, L)` and `find(L, pos)`: only the first literal argument.
                let lits = if args_end == close || m != "compare" {
                    literals_in(t, j + 3, args_end, consts)
                } else {
                    Vec::new()
                };
                let how = if m == "compare" {
                    Match::Exact
                } else if close + 2 < end
                    && t[close + 1].is_punct("==")
                    && matches!(&t[close + 2].tok, Tok::Num(n) if n == "0")
                {
                    Match::Prefix
                } else {
                    Match::Contains
                };
                for lit in lits {
                    out.push(Test {
                        literal: lit,
                        how,
                        line: t[i].line,
                    });
                }
            }
            // v == L / v != L
            if j + 1 < end && (t[j].is_punct("==") || t[j].is_punct("!=")) {
                for lit in literals_at(t, j + 1, consts).1 {
                    out.push(Test {
                        literal: lit,
                        how: Match::Exact,
                        line: t[i].line,
                    });
                }
            }
        }
        // L == v
        if i + 2 < end
            && (t[i + 1].is_punct("==") || t[i + 1].is_punct("!="))
            && is_var(i + 2)
            && let Some(s) = t[i].string()
        {
            out.push(Test {
                literal: s.to_string(),
                how: Match::Exact,
                line: t[i].line,
            });
        }
        i += 1;
    }
    // Punctuation searched to cut the text (`)`, `|`, `:`) names nothing; two words are made of
    // symbols: `*` (every zone) and `&&` (two abilities in one).
    out.retain(|x| {
        x.literal.chars().any(char::is_alphanumeric) || matches!(x.literal.as_str(), "*" | "&&")
    });
    out
}

/// The text variables of a body: the given ones, and every local assigned from an expression that
/// reads one of them (`string s1 = sWithoutTc.substr(..)`, `vector<string> parts =
/// parseBetween(s, ..)`, `split(restriction[i], '~')`), repeated until nothing changes.
fn tainted(t: &[Token], (from, to): (usize, usize), roots: &[&str]) -> Vec<String> {
    let mut vars: Vec<String> = roots.iter().map(|v| v.to_string()).collect();
    loop {
        let before = vars.len();
        let mut i = from;
        while i + 1 < to {
            if let Some(name) = t[i].ident()
                && t[i + 1].is_punct("=")
                && !(i > 0 && (t[i - 1].is_punct(".") || t[i - 1].is_punct("->")))
                && !vars.iter().any(|v| v == name)
            {
                let mut k = i + 2;
                let mut reads = false;
                while k < to && !t[k].is_punct(";") && !t[k].is_punct("{") {
                    if let Some(n) = t[k].ident()
                        && vars.iter().any(|v| v == n)
                        && !(t[k - 1].is_punct(".") || t[k - 1].is_punct("->"))
                    {
                        reads = true;
                    }
                    k += 1;
                }
                if reads {
                    vars.push(name.to_string());
                }
            }
            i += 1;
        }
        if vars.len() == before {
            return vars;
        }
    }
}

/// The constants, plus the body's local names for the elements of a constant array: `const
/// string& keyword = kKeywords[i];` stands for each element.
fn with_aliases(t: &[Token], (from, to): (usize, usize), consts: &Constants) -> Constants {
    let mut out = Constants {
        strings: consts.strings.clone(),
        arrays: consts.arrays.clone(),
        aliases: HashMap::new(),
    };
    for i in from..to.saturating_sub(3) {
        let Some(name) = t[i].ident() else { continue };
        if !t[i + 1].is_punct("=") || (i > 0 && t[i - 1].is_punct(".")) {
            continue;
        }
        if let Some(arr) = t[i + 2].ident().and_then(|a| consts.arrays.get(a))
            && t[i + 3].is_punct("[")
        {
            let close = close_of(t, i + 3);
            if t.get(close + 1).is_some_and(|x| x.is_punct(";")) {
                // `keyword` names one element at a time: as a plain name, it stands for each.
                out.strings.remove(name);
                out.aliases.insert(name.to_string(), arr.clone());
            }
        }
    }
    out
}

fn first_comma(t: &[Token], from: usize, to: usize) -> usize {
    let mut depth = 0usize;
    for (k, tok) in t.iter().enumerate().take(to).skip(from) {
        if tok.is_punct("(") || tok.is_punct("[") || tok.is_punct("{") {
            depth += 1;
        } else if tok.is_punct(")") || tok.is_punct("]") || tok.is_punct("}") {
            depth = depth.saturating_sub(1);
        } else if tok.is_punct(",") && depth == 0 {
            return k;
        }
    }
    to
}

/// The literal values of the single expression `from..to`: one string literal, a constant, or an
/// element of a constant array.
fn literals_in(t: &[Token], from: usize, to: usize, consts: &Constants) -> Vec<String> {
    let toks = &t[from..to.min(t.len())];
    match toks {
        [one] => match &one.tok {
            Tok::Str(s) => vec![s.clone()],
            Tok::Ident(n) => match consts.aliases.get(n) {
                Some(all) => all.clone(),
                None => consts.strings.get(n).cloned().into_iter().collect(),
            },
            _ => Vec::new(),
        },
        _ => {
            // `Class::name`, `name[i]`, `Class::name[i]`.
            let mut k = 0;
            while k + 2 < toks.len() && toks[k].ident().is_some() && toks[k + 1].is_punct("::") {
                k += 2;
            }
            let rest = &toks[k..];
            match rest {
                [n] => n
                    .ident()
                    .and_then(|n| consts.strings.get(n))
                    .cloned()
                    .into_iter()
                    .collect(),
                [n, open, .., close] if open.is_punct("[") && close.is_punct("]") => n
                    .ident()
                    .and_then(|n| consts.arrays.get(n))
                    .cloned()
                    .unwrap_or_default(),
                _ => Vec::new(),
            }
        }
    }
}

/// The literal values of the expression starting at `from` and ending before the next `)`, `,`,
/// `;`, `&&`, `||` or `?` at depth 0, and the index of that token.
fn literals_at(t: &[Token], from: usize, consts: &Constants) -> (usize, Vec<String>) {
    let mut k = from;
    let mut depth = 0usize;
    while k < t.len() {
        let tok = &t[k];
        if tok.is_punct("(") || tok.is_punct("[") {
            depth += 1;
        } else if tok.is_punct(")") || tok.is_punct("]") {
            if depth == 0 {
                break;
            }
            depth -= 1;
        } else if depth == 0
            && (tok.is_punct(",")
                || tok.is_punct(";")
                || tok.is_punct("&&")
                || tok.is_punct("||")
                || tok.is_punct("?")
                || tok.is_punct("{"))
        {
            break;
        }
        k += 1;
    }
    (k, literals_in(t, from, k, consts))
}

/// The `case 'x':` labels of the `switch` on `var[0]` in `body`: (letter, line, the tokens up to
/// the next label or the end of the switch).
pub(crate) fn switch_cases(
    f: &CppFile,
    body: (usize, usize),
    var: &str,
) -> Vec<(String, u32, (usize, usize))> {
    let t = &f.toks;
    let end = body.1.min(t.len());
    let mut out: Vec<(String, u32, (usize, usize))> = Vec::new();
    for i in body.0..end.saturating_sub(7) {
        // switch ( var [ 0 ] ) {
        if t[i].is_ident("switch")
            && t[i + 1].is_punct("(")
            && t[i + 2].is_ident(var)
            && t[i + 3].is_punct("[")
            && matches!(&t[i + 4].tok, Tok::Num(n) if n == "0")
            && t[i + 5].is_punct("]")
            && t[i + 6].is_punct(")")
            && t[i + 7].is_punct("{")
        {
            let close = close_of(t, i + 7).min(end);
            let mut depth = 0usize;
            let mut labels: Vec<(String, u32, usize)> = Vec::new();
            for k in i + 8..close {
                if t[k].is_punct("{") {
                    depth += 1;
                } else if t[k].is_punct("}") {
                    depth = depth.saturating_sub(1);
                } else if depth == 0 && (t[k].is_ident("case") || t[k].is_ident("default")) {
                    let letter = match t.get(k + 1) {
                        Some(Token {
                            tok: Tok::Char(c), ..
                        }) => c.clone(),
                        _ => String::new(),
                    };
                    labels.push((letter, t[k].line, k));
                }
            }
            for (n, (letter, line, at)) in labels.iter().enumerate() {
                let stop = labels.get(n + 1).map_or(close, |l| l.2);
                if !letter.is_empty() {
                    out.push((letter.clone(), *line, (*at, stop)));
                }
            }
        }
    }
    out
}
