//! The values a method compares a param's value with (`"Calculate".equals(sa.getParam("Type"))`,
//! a `switch` on it, an enum parse such as `ZoneType.smartValueOf(..)`), and what the engine does
//! with a value outside them: throws, falls back to a default branch, or ignores it.
//!
//! A value is followed from its read (`getParam`, `getParamOrDefault`, a param map's `get`)
//! through locals, ternaries and `trim`/`toLowerCase`; when any use is something else than a
//! comparison (passed on, split, concatenated, returned), the value is open: no domain.

use std::collections::HashMap;

use crate::index::{Index, Vars};
use crate::ir::*;

/// Where the engine reads something: (class, line).
pub(crate) type Site = (usize, u32);

/// What the engine does with a value outside the domain, from the mildest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Reaction {
    /// No branch takes it: the code goes on as if no comparison had matched.
    #[default]
    Ignores,
    /// An `else`, a `default:` or a ternary's other branch takes it.
    Fallback,
    /// It is compared with a value known only at run time (`phase.equals(currentPhase)`): it
    /// may match. Rows are written only for a domain that has words as well.
    Runtime,
    /// An exception ends the resolution (an enum parse without a `catch`, a `throw`).
    Throws,
}

impl Reaction {
    pub fn as_str(self) -> &'static str {
        match self {
            Reaction::Ignores => "ignores",
            Reaction::Fallback => "fallback",
            Reaction::Runtime => "runtime",
            Reaction::Throws => "throws",
        }
    }
}

/// How a domain word is compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum How {
    Exact,
    IgnoreCase,
    /// The value used when the key is absent (`getParamOrDefault`, a ternary's literal).
    Default,
    Prefix,
    Suffix,
    Contains,
}

impl How {
    pub fn as_str(self) -> &'static str {
        match self {
            How::Exact => "exact",
            How::IgnoreCase => "ignore-case",
            How::Default => "default",
            How::Prefix => "prefix",
            How::Suffix => "suffix",
            How::Contains => "contains",
        }
    }
}

/// An enum parse of the value: the enum's constants are the domain.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct EnumParse {
    pub class: usize,
    pub ignore_case: bool,
    /// The parse splits the value into a list on this Java regex first (`ZoneType.listValueOf`).
    pub list: Option<String>,
    /// Words the parse method accepts besides the constants (`All`).
    pub special: Vec<String>,
    /// The parse compares the constants' names (`name()`, `valueOf`), not a field of theirs
    /// (a display name, a rule text).
    pub by_name: bool,
}

/// The closed domain of a value: what the methods compare it with.
#[derive(Clone, Debug, Default)]
pub(crate) struct Domain {
    pub words: Vec<(String, How, Site)>,
    pub enums: Vec<(EnumParse, Site)>,
    /// The engine splits the value on this (a Java regex) and compares each piece.
    pub split: Option<(String, Site)>,
    pub outside: Reaction,
    /// Where `outside` is decided.
    pub outside_at: Site,
}

/// What one method (or one scope) does with the value of a key.
#[derive(Clone, Debug)]
pub(crate) enum Use {
    /// Only whether the key is there.
    Presence,
    /// Used as an open value.
    Open,
    Closed(Domain),
}

impl Use {
    /// Joins what two reads do with the value of the same key.
    pub fn join(self, other: Use) -> Use {
        match (self, other) {
            (Use::Open, _) | (_, Use::Open) => Use::Open,
            (Use::Presence, x) | (x, Use::Presence) => x,
            (Use::Closed(mut a), Use::Closed(b)) => {
                a.merge(b);
                Use::Closed(a)
            }
        }
    }
}

impl Domain {
    fn merge(&mut self, b: Domain) {
        for w in b.words {
            if !self.words.iter().any(|x| x.0 == w.0 && x.1 == w.1) {
                self.words.push(w);
            }
        }
        for e in b.enums {
            if !self.enums.iter().any(|x| x.0 == e.0) {
                self.enums.push(e);
            }
        }
        if self.split.is_none() {
            self.split = b.split;
        }
        if b.outside > self.outside || (b.outside == self.outside && self.outside_at.1 == 0) {
            self.outside = b.outside;
            self.outside_at = b.outside_at;
        }
    }
}

/// The value-carrying reads of one method: the read call and its key(s).
pub(crate) type ValueReads<'a> = Vec<(&'a Call, Vec<String>)>;

/// What method `m` of class `c` does with the value of each key it reads in `reads`.
pub(crate) fn analyze<'a>(
    index: &'a Index,
    c: usize,
    m: &'a Method,
    vars: &Vars<'a>,
    reads: &ValueReads<'a>,
) -> HashMap<String, Use> {
    let mut a = Analysis {
        index,
        c,
        vars,
        reads: reads
            .iter()
            .map(|(call, keys)| (*call as *const Call, keys.clone()))
            .collect(),
        holders: HashMap::new(),
        pieces: HashMap::new(),
        split_calls: Vec::new(),
        uses: HashMap::new(),
        cond: None,
        caught: 0,
        line: 0,
        guarded: Vec::new(),
    };
    a.find_holders(&m.body);
    a.stmts(&m.body);
    let mut out = HashMap::new();
    for (_, keys) in reads {
        for k in keys {
            let u = a.uses.remove(k).unwrap_or(Use::Presence);
            let prev = out.remove(k).unwrap_or(Use::Presence);
            out.insert(k.clone(), Use::join(prev, u));
        }
    }
    out
}

/// What a carrier expression carries.
#[derive(Clone, Default, Debug)]
struct Carry {
    keys: Vec<String>,
    defaults: Vec<(String, Site)>,
    ignore_case: bool,
    /// A piece of the value split on this separator (a loop variable over `value.split(sep)`).
    piece: Option<String>,
}

impl Carry {
    fn add(&mut self, o: Carry) {
        for k in o.keys {
            if !self.keys.contains(&k) {
                self.keys.push(k);
            }
        }
        self.defaults.extend(o.defaults);
        self.ignore_case |= o.ignore_case;
        if self.piece.is_none() {
            self.piece = o.piece;
        }
    }
}

#[derive(Clone, Copy)]
enum Parent<'a> {
    /// A statement of its own: the value is dropped.
    Stmt,
    Init(&'a str),
    AssignTo(&'a Expr),
    Recv(&'a Call),
    Arg(&'a Call, usize),
    Binary(&'a str, &'a Expr),
    Switch(&'a [Arm]),
    Other,
}

struct Analysis<'a, 'v> {
    index: &'a Index,
    c: usize,
    vars: &'v Vars<'a>,
    reads: HashMap<*const Call, Vec<String>>,
    /// Locals holding the value.
    holders: HashMap<&'a str, Carry>,
    /// Loop variables over the pieces of a split value.
    pieces: HashMap<&'a str, Carry>,
    /// The `split` calls that feed `pieces` (not open uses).
    split_calls: Vec<*const Call>,
    uses: HashMap<String, Use>,
    /// The reaction of a comparison in the condition being walked.
    cond: Option<Reaction>,
    /// How many enclosing `try` blocks catch an `IllegalArgumentException`.
    caught: u32,
    /// The line of the last call walked (for sites of expressions without one).
    line: u32,
    /// Keys whose value the enclosing `if` conditions have compared: inside their branch the
    /// value is known to match, and passing it on is no open use.
    guarded: Vec<String>,
}

/// The comparison methods a guard may call.
const COMPARISONS: &[&str] = &[
    "equals",
    "equalsIgnoreCase",
    "contentEquals",
    "startsWith",
    "endsWith",
    "contains",
];

/// A `catch` type that catches the exception `valueOf` throws.
fn catches_parse_error(types: &str) -> bool {
    types.split('|').any(|t| {
        matches!(
            simple_type(t),
            "IllegalArgumentException" | "RuntimeException" | "Exception" | "Throwable"
        )
    })
}

/// The reaction of the comparisons of an `if` whose `else` is `els`: the end of the chain.
fn chain_end(els: &[Stmt]) -> Reaction {
    match els {
        [] => Reaction::Ignores,
        [Stmt::If { els, .. }] => chain_end(els),
        [Stmt::Block(b)] => chain_end_block(b),
        [Stmt::Throw(..), ..] => Reaction::Throws,
        _ => Reaction::Fallback,
    }
}

fn chain_end_block(b: &[Stmt]) -> Reaction {
    match b {
        [] => Reaction::Ignores,
        [Stmt::Throw(..), ..] => Reaction::Throws,
        _ => Reaction::Fallback,
    }
}

impl<'a> Analysis<'a, '_> {
    fn literal(&self, e: &'a Expr) -> Option<&'a str> {
        self.index.literal(self.c, e)
    }

    /// What `e` carries, if it is (a transformation of) a read value.
    fn carried(&self, e: &'a Expr) -> Option<Carry> {
        match e {
            Expr::Call(call) => {
                if let Some(keys) = self.reads.get(&(&**call as *const Call)) {
                    let mut carry = Carry {
                        keys: keys.clone(),
                        ..Carry::default()
                    };
                    if call.args.len() == 2
                        && let Some(d) = self.literal(&call.args[1])
                    {
                        carry.defaults.push((d.to_string(), (self.c, call.line)));
                    }
                    return Some(carry);
                }
                let recv = call.recv.as_ref()?;
                if !call.args.is_empty() {
                    return None;
                }
                match &*call.name {
                    "trim" | "strip" | "intern" | "toString" => self.carried(recv),
                    "toLowerCase" | "toUpperCase" => self.carried(recv).map(|mut c| {
                        c.ignore_case = true;
                        c
                    }),
                    _ => None,
                }
            }
            Expr::Name(n) => self
                .holders
                .get(&**n)
                .or_else(|| self.pieces.get(&**n))
                .cloned(),
            Expr::Ternary(t) => {
                let a = self.carried(&t.1);
                let b = self.carried(&t.2);
                if a.is_none() && b.is_none() {
                    return None;
                }
                let mut carry = Carry::default();
                for (this, other) in [(&a, &t.2), (&b, &t.1)] {
                    if let Some(x) = this {
                        carry.add(x.clone());
                        if let Some(d) = self.literal(other) {
                            carry.defaults.push((d.to_string(), (self.c, self.line)));
                        }
                    }
                }
                Some(carry)
            }
            Expr::Assign(b) => self.carried(&b.1),
            _ => None,
        }
    }

    /// Locals and loop variables holding the value, to a fixpoint.
    fn find_holders(&mut self, body: &'a [Stmt]) {
        for _ in 0..6 {
            let mut found: Vec<(&'a str, Carry, bool)> = Vec::new();
            let mut splits: Vec<*const Call> = Vec::new();
            walk_all_stmts(body, &mut |s| match s {
                Stmt::Local {
                    name,
                    init: Some(e),
                    ..
                } => {
                    if let Some(c) = self.carried(e) {
                        found.push((name, c, false));
                    }
                }
                Stmt::ForEach { name, iter, .. } => {
                    if let Expr::Call(call) = iter
                        && &*call.name == "split"
                        && let (Some(r), Some(sep)) = (&call.recv, call.args.first())
                        && let (Some(c), Some(sep)) = (self.carried(r), self.literal(sep))
                        && c.piece.is_none()
                    {
                        splits.push(&**call as *const Call);
                        found.push((
                            name,
                            Carry {
                                piece: Some(sep.to_string()),
                                ..c
                            },
                            true,
                        ));
                    }
                }
                _ => {}
            });
            walk_stmts(body, &mut |e| {
                if let Expr::Assign(b) = e
                    && let Expr::Name(n) = &b.0
                    && let Some(c) = self.carried(&b.1)
                {
                    found.push((n, c, false));
                }
            });
            let mut changed = false;
            for (name, c, piece) in found {
                let map = if piece {
                    &mut self.pieces
                } else {
                    &mut self.holders
                };
                let slot = map.entry(name).or_default();
                let before = (slot.keys.len(), slot.defaults.len(), slot.ignore_case);
                slot.add(c);
                changed |= before != (slot.keys.len(), slot.defaults.len(), slot.ignore_case);
            }
            for s in splits {
                if !self.split_calls.contains(&s) {
                    self.split_calls.push(s);
                }
            }
            if !changed {
                break;
            }
        }
    }

    fn stmts(&mut self, ss: &'a [Stmt]) {
        for s in ss {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &'a Stmt) {
        match s {
            Stmt::Expr(e) => self.expr(e, Parent::Stmt),
            Stmt::Local { name, init, .. } => {
                if let Some(e) = init {
                    self.expr(e, Parent::Init(name));
                }
            }
            Stmt::If { cond, then, els } => {
                let saved = self.cond.replace(chain_end(els));
                self.expr(cond, Parent::Other);
                self.cond = saved;
                let depth = self.guarded.len();
                let keys = self.guard_keys(cond);
                self.guarded.extend(keys);
                self.stmts(then);
                self.guarded.truncate(depth);
                self.stmts(els);
            }
            Stmt::ForEach { iter, body, .. } => {
                self.expr(iter, Parent::Other);
                self.stmts(body);
            }
            Stmt::Block(b) => self.stmts(b),
            Stmt::Throw(e) => self.expr(e, Parent::Other),
            Stmt::Try {
                body,
                catches,
                finally,
            } => {
                let catches = catches.iter().any(|(t, _)| catches_parse_error(t));
                self.caught += u32::from(catches);
                self.stmts(body);
                self.caught -= u32::from(catches);
                for (_, h) in catches_of(s) {
                    self.stmts(h);
                }
                self.stmts(finally);
            }
        }
    }

    fn expr(&mut self, e: &'a Expr, parent: Parent<'a>) {
        if let Some(carry) = self.carried(e) {
            self.use_at(carry, parent);
            // The condition of a ternary carrier may compare other values.
            if let Expr::Ternary(t) = e {
                let saved = self.cond.replace(Reaction::Fallback);
                self.expr(&t.0, Parent::Other);
                self.cond = saved;
            }
            return;
        }
        match e {
            Expr::Call(call) => {
                self.line = call.line;
                if let Some(r) = &call.recv {
                    self.expr(r, Parent::Recv(call));
                }
                for (i, a) in call.args.iter().enumerate() {
                    self.expr(a, Parent::Arg(call, i));
                }
            }
            Expr::Binary(b) => {
                self.expr(&b.1, Parent::Binary(&b.0, &b.2));
                self.expr(&b.2, Parent::Binary(&b.0, &b.1));
            }
            Expr::Ternary(t) => {
                let saved = self.cond.replace(Reaction::Fallback);
                self.expr(&t.0, Parent::Other);
                self.cond = saved;
                self.expr(&t.1, Parent::Other);
                self.expr(&t.2, Parent::Other);
            }
            Expr::Assign(b) => {
                // The target is no use of a value (a holder name is reassigned).
                match &b.0 {
                    Expr::Name(_) => {}
                    t => self.expr(t, Parent::Other),
                }
                self.expr(&b.1, Parent::AssignTo(&b.0));
            }
            Expr::Lambda(l) => {
                let saved = self.cond.take();
                self.stmts(&l.1);
                self.cond = saved;
            }
            Expr::New(n) => {
                for a in &n.1 {
                    self.expr(a, Parent::Other);
                }
                let saved = self.cond.take();
                self.stmts(&n.2);
                self.cond = saved;
            }
            Expr::Switch(sw) => {
                self.expr(&sw.0, Parent::Switch(&sw.1));
                let saved = self.cond.take();
                for arm in &sw.1 {
                    self.stmts(&arm.body);
                }
                self.cond = saved;
            }
            Expr::Field(o, _) => self.expr(o, Parent::Other),
            Expr::Index(b) => {
                self.expr(&b.0, Parent::Other);
                self.expr(&b.1, Parent::Other);
            }
            Expr::Other(v) => {
                for x in v {
                    self.expr(x, Parent::Other);
                }
            }
            Expr::Str(_)
            | Expr::Int(_)
            | Expr::Name(_)
            | Expr::This
            | Expr::Super
            | Expr::Null
            | Expr::ClassLit(_) => {}
        }
    }

    /// The keys a condition compares positively (a comparison, or `&&` of them).
    fn guard_keys(&self, cond: &'a Expr) -> Vec<String> {
        match cond {
            Expr::Binary(b) if &*b.0 == "&&" => {
                let mut v = self.guard_keys(&b.1);
                v.extend(self.guard_keys(&b.2));
                v
            }
            Expr::Call(call) if call.args.len() == 1 && COMPARISONS.contains(&&*call.name) => {
                let recv = call.recv.as_ref();
                let carry = recv
                    .and_then(|r| self.carried(r))
                    .filter(|_| self.literal(&call.args[0]).is_some())
                    .or_else(|| {
                        self.carried(&call.args[0])
                            .filter(|_| recv.and_then(|r| self.literal(r)).is_some())
                    });
                carry.map(|c| c.keys).unwrap_or_default()
            }
            _ => Vec::new(),
        }
    }

    fn note(&mut self, carry: &Carry, u: Use) {
        // In a branch where the value is known to match a word, handing it on is that word's
        // business.
        let u = match u {
            Use::Open if carry.keys.iter().any(|k| self.guarded.contains(k)) => Use::Presence,
            u => u,
        };
        let u = match u {
            Use::Closed(mut d) => {
                for (w, line) in &carry.defaults {
                    d.words.push((w.clone(), How::Default, *line));
                }
                if let Some(sep) = &carry.piece {
                    d.split = Some((sep.clone(), d.outside_at));
                }
                Use::Closed(d)
            }
            u => u,
        };
        for k in &carry.keys {
            let prev = self.uses.remove(k).unwrap_or(Use::Presence);
            self.uses.insert(k.clone(), Use::join(prev, u.clone()));
        }
    }

    fn word(&self, carry: &Carry, w: &str, ignore_case: bool, line: u32) -> Use {
        let how = if ignore_case || carry.ignore_case {
            How::IgnoreCase
        } else {
            How::Exact
        };
        self.word_how(w, how, line)
    }

    /// A comparison with a value known only at run time: no word, and any other value may
    /// match.
    fn runtime(&self, line: u32) -> Use {
        let at = (self.c, if line == 0 { self.line } else { line });
        Use::Closed(Domain {
            outside: Reaction::Runtime,
            outside_at: at,
            ..Domain::default()
        })
    }

    fn word_how(&self, w: &str, how: How, line: u32) -> Use {
        let at = (self.c, if line == 0 { self.line } else { line });
        let outside = self.cond.unwrap_or(Reaction::Ignores);
        Use::Closed(Domain {
            words: vec![(w.trim().to_string(), how, at)],
            outside,
            outside_at: at,
            ..Domain::default()
        })
    }

    fn use_at(&mut self, carry: Carry, parent: Parent<'a>) {
        let u = match parent {
            Parent::Stmt => Use::Presence,
            Parent::Init(n) if self.holders.contains_key(n) => return,
            Parent::AssignTo(Expr::Name(n)) if self.holders.contains_key(&**n) => return,
            Parent::Recv(call) => self.on_recv(&carry, call),
            Parent::Arg(call, i) => self.on_arg(&carry, call, i),
            Parent::Binary(op, other) => match (op, other) {
                ("==" | "!=", Expr::Null) => Use::Presence,
                ("==" | "!=", o) => match self.literal(o) {
                    Some(w) => self.word(&carry, w, false, 0),
                    None => Use::Open,
                },
                _ => Use::Open,
            },
            Parent::Switch(arms) => self.on_switch(&carry, arms),
            _ => Use::Open,
        };
        self.note(&carry, u);
    }

    fn on_recv(&self, carry: &Carry, call: &'a Call) -> Use {
        if self.split_calls.contains(&(call as *const Call)) {
            return Use::Presence;
        }
        match (&*call.name, call.args.as_slice()) {
            ("equals" | "contentEquals" | "compareTo", [a]) => match self.literal(a) {
                Some(w) => self.word(carry, w, false, call.line),
                None if &*call.name == "equals" => self.runtime(call.line),
                None => Use::Open,
            },
            ("equalsIgnoreCase" | "compareToIgnoreCase", [a]) => match self.literal(a) {
                Some(w) => self.word(carry, w, true, call.line),
                None if &*call.name == "equalsIgnoreCase" => self.runtime(call.line),
                None => Use::Open,
            },
            ("isEmpty" | "isBlank", []) => Use::Presence,
            ("startsWith" | "endsWith" | "contains", [a]) if !carry.ignore_case => {
                let how = match &*call.name {
                    "startsWith" => How::Prefix,
                    "endsWith" => How::Suffix,
                    _ => How::Contains,
                };
                match self.literal(a) {
                    Some(w) if !w.trim().is_empty() => self.word_how(w, how, call.line),
                    _ => Use::Open,
                }
            }
            _ => Use::Open,
        }
    }

    fn on_arg(&self, carry: &Carry, call: &'a Call, i: usize) -> Use {
        let recv_name = call.recv.as_ref().and_then(|r| r.as_name());
        match (&*call.name, call.args.len()) {
            ("equals" | "contentEquals", 1) => {
                return match call.recv.as_ref().and_then(|r| self.literal(r)) {
                    Some(w) => self.word(carry, w, false, call.line),
                    None if &*call.name == "equals" && call.recv.is_some() => {
                        self.runtime(call.line)
                    }
                    None => Use::Open,
                };
            }
            ("equalsIgnoreCase", 1) => {
                return match call.recv.as_ref().and_then(|r| self.literal(r)) {
                    Some(w) => self.word(carry, w, true, call.line),
                    None if call.recv.is_some() => self.runtime(call.line),
                    None => Use::Open,
                };
            }
            ("equals" | "equalsIgnoreCase", 2)
                if matches!(recv_name, Some("StringUtils" | "Objects")) =>
            {
                return match self.literal(&call.args[1 - i]) {
                    Some(w) => self.word(carry, w, &*call.name == "equalsIgnoreCase", call.line),
                    None => Use::Open,
                };
            }
            ("isEmpty" | "isBlank" | "isNotEmpty" | "isNotBlank", 1)
                if recv_name == Some("StringUtils") =>
            {
                return Use::Presence;
            }
            _ => {}
        }
        match self.enum_parse(call, i) {
            Some((parse, throws)) => {
                let outside = if throws && self.caught == 0 {
                    Reaction::Throws
                } else {
                    Reaction::Ignores
                };
                let at = (self.c, call.line);
                let mut d = Domain {
                    enums: vec![(parse.clone(), at)],
                    outside,
                    outside_at: at,
                    ..Domain::default()
                };
                for w in &parse.special {
                    d.words.push((w.clone(), How::Exact, at));
                }
                Use::Closed(d)
            }
            None => Use::Open,
        }
    }

    fn on_switch(&self, carry: &Carry, arms: &'a [Arm]) -> Use {
        let mut d = Domain::default();
        let mut default = None;
        for arm in arms {
            if arm.labels.is_empty() {
                default = Some(&arm.body);
            }
            for (l, line) in &arm.labels {
                let Some(w) = self.literal(l) else {
                    return Use::Open;
                };
                let how = if carry.ignore_case {
                    How::IgnoreCase
                } else {
                    How::Exact
                };
                d.words.push((w.trim().to_string(), how, (self.c, *line)));
                if d.outside_at.1 == 0 {
                    d.outside_at = (self.c, *line);
                }
            }
        }
        d.outside = match default {
            None => Reaction::Ignores,
            Some(body) => match body
                .iter()
                .find(|s| !matches!(s, Stmt::Block(b) if b.is_empty()))
            {
                Some(Stmt::Throw(..)) => Reaction::Throws,
                _ => Reaction::Fallback,
            },
        };
        Use::Closed(d)
    }

    /// `E.valueOf(v)`, `E.smartValueOf(v)`, `Enum.valueOf(E.class, v)`: the enum parsed and
    /// whether the parse throws on a word outside it.
    fn enum_parse(&self, call: &'a Call, i: usize) -> Option<(EnumParse, bool)> {
        let index = self.index;
        let recv = call.recv.as_ref()?.as_name()?;
        if self.vars.knows(recv) {
            return None;
        }
        if recv == "Enum" && &*call.name == "valueOf" && call.args.len() == 2 && i == 1 {
            let Expr::ClassLit(t) = &call.args[0] else {
                return None;
            };
            let e = index.resolve_from(self.c, t)?;
            return (index.classes[e].decl.kind == TypeKind::Enum).then(|| {
                (
                    EnumParse {
                        class: e,
                        ignore_case: false,
                        list: None,
                        special: Vec::new(),
                        by_name: true,
                    },
                    true,
                )
            });
        }
        let e = index.resolve_from(self.c, recv)?;
        if index.classes[e].decl.kind != TypeKind::Enum {
            return None;
        }
        let declared = index.classes[e].decl.methods.iter().position(|m| {
            m.name == call.name
                && m.params.len() == call.args.len()
                && m.params
                    .get(i)
                    .is_some_and(|p| simple_type(&p.ty) == "String")
        });
        match declared {
            Some(mi) => parse_summary(index, e, mi, 0),
            None if &*call.name == "valueOf" && call.args.len() == 1 => Some((
                EnumParse {
                    class: e,
                    ignore_case: false,
                    list: None,
                    special: Vec::new(),
                    by_name: true,
                },
                true,
            )),
            None => None,
        }
    }
}

fn catches_of(s: &Stmt) -> &[(S, Vec<Stmt>)] {
    match s {
        Stmt::Try { catches, .. } => catches,
        _ => &[],
    }
}

/// What the static parse method `mi` of enum `e` accepts: its constants (ignoring case when it
/// compares so), the words it compares its String parameter with, a list when it splits the
/// text and parses the pieces; and whether it throws on anything else.
fn parse_summary(index: &Index, e: usize, mi: usize, depth: u32) -> Option<(EnumParse, bool)> {
    if depth > 3 {
        return None;
    }
    let m = index.method(e, mi);
    let p = m
        .params
        .iter()
        .position(|p| simple_type(&p.ty) == "String")?;
    let pname: &str = &m.params[p].name;
    // A list: `for (String s : value.split(..)) { E.parse(s) }`.
    let mut list_of: Option<(usize, String)> = None;
    walk_all_stmts(&m.body, &mut |s| {
        if let Stmt::ForEach {
            name, iter, body, ..
        } = s
            && let Expr::Call(split) = iter
            && &*split.name == "split"
            && split.recv.as_ref().and_then(|r| r.as_name()) == Some(pname)
            && let Some(sep) = split.args.first().and_then(|a| index.literal(e, a))
        {
            walk_stmts(body, &mut |x| {
                if let Expr::Call(c) = x
                    && c.args.len() == 1
                    && c.args[0].as_name() == Some(&**name)
                    && match &c.recv {
                        None | Some(Expr::This) => true,
                        Some(r) => r.as_name() == Some(index.name(e)),
                    }
                    && let Some(k) = index.classes[e]
                        .decl
                        .methods
                        .iter()
                        .position(|mm| mm.name == c.name && mm.params.len() == 1)
                {
                    list_of.get_or_insert((k, sep.to_string()));
                }
            });
        }
    });
    if let Some((k, sep)) = list_of {
        let (mut inner, throws) = parse_summary(index, e, k, depth + 1)?;
        inner.list = Some(sep);
        return Some((inner, throws));
    }
    let mut ignore_case = false;
    let mut throws = false;
    let mut caught = false;
    let mut calls_value_of = false;
    let mut names = false;
    walk_all_stmts(&m.body, &mut |s| match s {
        Stmt::Throw(..) => throws = true,
        Stmt::Try { catches, .. } => {
            caught |= catches.iter().any(|(t, _)| catches_parse_error(t));
        }
        _ => {}
    });
    // Only what is done with the text itself counts (`valueOf(atoms)` of an int is no parse).
    let t = crate::taint::Tainted::compute(&m.body, vec![pname], crate::taint::Spec::default());
    let is_name = |x: &Expr| matches!(x, Expr::Call(c) if &*c.name == "name" && c.args.is_empty());
    walk_stmts(&m.body, &mut |x| {
        let Expr::Call(c) = x else { return };
        let recv_tainted = c.recv.as_ref().is_some_and(|r| t.is(r));
        let arg_tainted = c.args.iter().any(|a| t.is(a));
        match &*c.name {
            "toUpperCase" | "toLowerCase" if recv_tainted => ignore_case = true,
            "valueOf" if c.args.last().is_some_and(|a| t.is(a)) => calls_value_of = true,
            "equals" | "equalsIgnoreCase" | "compareTo" | "compareToIgnoreCase"
                if recv_tainted || arg_tainted =>
            {
                if c.name.ends_with("IgnoreCase") {
                    ignore_case = true;
                }
                let other_is_name = if recv_tainted {
                    c.args.first().is_some_and(is_name)
                } else {
                    c.recv.as_ref().is_some_and(is_name)
                };
                names |= other_is_name;
            }
            _ => {}
        }
    });
    let special: Vec<String> =
        crate::taint::compared_words(index, e, mi, &[p], crate::taint::Spec::default())
            .into_iter()
            .filter(|f| f.how == crate::taint::Match::Exact)
            .map(|f| f.word)
            .filter(|w| {
                !index.classes[e]
                    .decl
                    .constants
                    .iter()
                    .any(|k| k.name.eq_ignore_ascii_case(w))
            })
            .collect();
    let throws = (throws || calls_value_of) && !caught;
    Some((
        EnumParse {
            class: e,
            ignore_case,
            list: None,
            special,
            by_name: names || calls_value_of,
        },
        throws,
    ))
}

/// One read's use of a value, filed under a scope: (scope, key, use, where).
pub(crate) type Observation = (String, String, Use, Site);

/// The `value` rows of every scope whose reads all compare the value (see the crate's README):
/// `<Key> / <scope> <how> <word>` for each domain word, `enum <Enum> <flags>` for an enum
/// parse, `split <regex>`, `outside <reaction>`, and `presence -` for the scopes that only test
/// whether such a key is there; `enum:<Enum> / constant <NAME>` for the enums' constants.
pub(crate) fn rows(out: &mut crate::analyze::Out, obs: Vec<Observation>) {
    use std::collections::{BTreeMap, BTreeSet};
    let mut groups: BTreeMap<(String, String), (Use, Site)> = BTreeMap::new();
    for (scope, key, u, site) in obs {
        match groups.get_mut(&(scope.clone(), key.clone())) {
            Some(slot) => {
                let prev = std::mem::replace(&mut slot.0, Use::Presence);
                slot.0 = prev.join(u);
            }
            None => {
                groups.insert((scope, key), (u, site));
            }
        }
    }
    // A domain of run-time comparisons only is an open use: no rows.
    for (u, _) in groups.values_mut() {
        if let Use::Closed(d) = u
            && d.outside == Reaction::Runtime
            && d.words.is_empty()
            && d.enums.is_empty()
        {
            *u = Use::Open;
        }
    }
    // A key read as an open value by code that belongs to no record kind is open everywhere.
    let open_globally: BTreeSet<&str> = groups
        .iter()
        .filter(|((s, _), (u, _))| s == "common:global" && matches!(u, Use::Open))
        .map(|((_, k), _)| k.as_str())
        .collect();
    let closed: BTreeSet<&str> = groups
        .iter()
        .filter(|(_, (u, _))| matches!(u, Use::Closed(_)))
        .map(|((_, k), _)| k.as_str())
        .filter(|k| !open_globally.contains(k))
        .collect();
    let mut enums: BTreeSet<usize> = BTreeSet::new();
    let push = |out: &mut crate::analyze::Out, key: &str, detail: String, at: Site| {
        out.push(crate::Kind::Value, key, &detail, at.0, at.1);
    };
    for ((scope, key), (u, site)) in &groups {
        if scope == "common:global" || !closed.contains(key.as_str()) {
            continue;
        }
        match u {
            Use::Closed(d) => {
                for (w, how, at) in &d.words {
                    if !w.is_empty() {
                        push(out, key, format!("{scope} {} {w}", how.as_str()), *at);
                    }
                }
                for (e, at) in &d.enums {
                    if e.by_name {
                        enums.insert(e.class);
                    }
                    let mut flags = vec![if e.ignore_case {
                        "ignore-case"
                    } else {
                        "exact"
                    }];
                    if !e.by_name {
                        flags.push("by-field");
                    }
                    let name = out.index.name(e.class).to_string();
                    let list = match &e.list {
                        Some(sep) => format!(" list \"{sep}\""),
                        None => String::new(),
                    };
                    push(
                        out,
                        key,
                        format!("{scope} enum {name} {}{list}", flags.join(",")),
                        *at,
                    );
                }
                if let Some((sep, at)) = &d.split {
                    push(out, key, format!("{scope} split \"{sep}\""), *at);
                }
                push(
                    out,
                    key,
                    format!("{scope} outside {}", d.outside.as_str()),
                    d.outside_at,
                );
            }
            Use::Presence => push(out, key, format!("{scope} presence -"), *site),
            Use::Open => {}
        }
    }
    let index = out.index;
    for e in enums {
        let name = format!("enum:{}", index.name(e));
        for k in &index.classes[e].decl.constants {
            out.push(
                crate::Kind::Value,
                &name,
                &format!("constant {}", k.name),
                e,
                k.line,
            );
        }
    }
}
