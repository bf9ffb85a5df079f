//! Which string literals a method compares its String parameter with: the parameter is followed
//! through locals (`split`, `[0]`, `trim`, ...) and into helper methods of the same class, and
//! every `equals`/`startsWith`/`endsWith`/`contains`/`switch` on it yields a word.

use std::collections::HashSet;

use crate::index::Index;
use crate::ir::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Match {
    Exact,
    Prefix,
    Suffix,
    Contains,
}

impl Match {
    pub fn as_str(self) -> &'static str {
        match self {
            Match::Exact => "exact",
            Match::Prefix => "prefix",
            Match::Suffix => "suffix",
            Match::Contains => "contains",
        }
    }

    /// The match a string method performs, for the comparison methods that matter.
    pub fn of_method(name: &str) -> Option<Match> {
        Some(match name {
            "equals" | "equalsIgnoreCase" | "compareTo" | "compareToIgnoreCase" => Match::Exact,
            "startsWith" | "startsWithIgnoreCase" => Match::Prefix,
            "endsWith" | "endsWithIgnoreCase" => Match::Suffix,
            "contains" | "containsIgnoreCase" => Match::Contains,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Found {
    pub word: String,
    pub how: Match,
    pub class: usize,
    /// The method the comparison is in.
    pub method: usize,
    pub line: u32,
}

#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Spec {
    /// `substring(n)` keeps the taint for any `n`; otherwise only `substring(0, ...)` does (a
    /// prefix of the value is still the value's key, the rest is an argument).
    pub substring_any: bool,
    /// Follow calls that pass a tainted value to methods of the same class.
    pub follow: bool,
}

/// Words compared with parameters `seeds` of method `m` of class `c` (and, with `spec.follow`,
/// with the parameters they are passed to in helper methods of the same class).
pub(crate) fn compared_words(
    index: &Index,
    c: usize,
    m: usize,
    seeds: &[usize],
    spec: Spec,
) -> Vec<Found> {
    let mut out = Vec::new();
    let mut visited: HashSet<(usize, usize, usize)> = HashSet::new();
    let mut work: Vec<(usize, usize, Vec<usize>)> = vec![(c, m, seeds.to_vec())];
    while let Some((c, m, seeds)) = work.pop() {
        let seeds: Vec<usize> = seeds
            .into_iter()
            .filter(|&s| visited.insert((c, m, s)))
            .collect();
        if seeds.is_empty() {
            continue;
        }
        let method = index.method(c, m);
        let names: Vec<&str> = seeds
            .iter()
            .filter_map(|&i| method.params.get(i).map(|p| &*p.name))
            .collect();
        let t = Tainted::compute(&method.body, names, spec);
        let cls_name = index.name(c);
        // A comparison inside the branch of an `if` that already compared the value refines a
        // word the outer test accepts (`startsWith("wasCastFrom")`, then `contains("Your")`):
        // whatever reaches it also matches the outer word, so it is no word of its own.
        let guard = |e: &Expr| {
            let mut hit = false;
            e.walk(&mut |x| {
                if let Expr::Call(call) = x
                    && t.comparison(index, c, call).is_some()
                {
                    hit = true;
                }
            });
            hit
        };
        walk_unguarded(&method.body, &guard, &mut |e| match e {
            Expr::Call(call) => {
                if let Some((w, how)) = t.comparison(index, c, call) {
                    out.push(Found {
                        word: w.trim().to_string(),
                        how,
                        class: c,
                        method: m,
                        line: call.line,
                    });
                }
                if spec.follow {
                    let local = match &call.recv {
                        None | Some(Expr::This) => true,
                        Some(Expr::Name(n)) => &**n == cls_name,
                        _ => false,
                    };
                    if local {
                        let hits: Vec<usize> = (0..call.args.len())
                            .filter(|&i| t.is(&call.args[i]))
                            .collect();
                        if !hits.is_empty() {
                            for &k in &index.family[index.classes[c].top] {
                                for (mi, tm) in index.classes[k].decl.methods.iter().enumerate() {
                                    if tm.name == call.name && tm.params.len() == call.args.len() {
                                        work.push((k, mi, hits.clone()));
                                    }
                                }
                            }
                        }
                    }
                }
            }
            Expr::Switch(sw) if t.subject(&sw.0) => {
                for arm in &sw.1 {
                    for (l, line) in &arm.labels {
                        if let Some(w) = index.literal(c, l) {
                            out.push(Found {
                                word: w.trim().to_string(),
                                how: Match::Exact,
                                class: c,
                                method: m,
                                line: *line,
                            });
                        }
                    }
                }
            }
            _ => {}
        });
    }
    out
}

/// Calls `f` on the expressions of `stmts` that are not inside the then-branch of an `if` whose
/// condition `guarded` says already tests the value (nested bodies of lambdas and switches are
/// walked as part of their expressions).
fn walk_unguarded<'a>(
    stmts: &'a [Stmt],
    guarded: &dyn Fn(&Expr) -> bool,
    f: &mut dyn FnMut(&'a Expr),
) {
    for s in stmts {
        match s {
            Stmt::Expr(e) => e.walk(f),
            Stmt::Local { init, .. } => {
                if let Some(e) = init {
                    e.walk(f);
                }
            }
            Stmt::If { cond, then, els } => {
                cond.walk(f);
                if !guarded(cond) {
                    walk_unguarded(then, guarded, f);
                }
                walk_unguarded(els, guarded, f);
            }
            Stmt::ForEach { iter, body, .. } => {
                iter.walk(f);
                walk_unguarded(body, guarded, f);
            }
            Stmt::Block(b) => walk_unguarded(b, guarded, f),
            Stmt::Throw(e) => e.walk(f),
            Stmt::Try {
                body,
                catches,
                finally,
            } => {
                walk_unguarded(body, guarded, f);
                for (_, h) in catches {
                    walk_unguarded(h, guarded, f);
                }
                walk_unguarded(finally, guarded, f);
            }
        }
    }
}

/// The names holding (a piece of) the tracked value in one method.
pub(crate) struct Tainted<'a> {
    names: HashSet<&'a str>,
    spec: Spec,
}

impl<'a> Tainted<'a> {
    pub fn compute(body: &'a [Stmt], seeds: Vec<&'a str>, spec: Spec) -> Tainted<'a> {
        let mut t = Tainted {
            names: seeds.into_iter().collect(),
            spec,
        };
        // Flow-insensitive fixpoint: a name is tainted when anything tainted is assigned to it.
        for _ in 0..8 {
            let mut add: Vec<&'a str> = Vec::new();
            walk_all_stmts(body, &mut |s| match s {
                Stmt::Local {
                    name,
                    init: Some(e),
                    ..
                } if t.is(e) => add.push(name),
                Stmt::ForEach { name, iter, .. } if t.is(iter) => add.push(name),
                _ => {}
            });
            walk_stmts(body, &mut |e| {
                if let Expr::Assign(a) = e {
                    if t.is(&a.1) {
                        match &a.0 {
                            Expr::Name(n) => add.push(n),
                            Expr::Index(ix) => {
                                if let Expr::Name(n) = &ix.0 {
                                    add.push(n)
                                }
                            }
                            _ => {}
                        }
                    }
                }
            });
            let before = t.names.len();
            t.names.extend(add);
            if t.names.len() == before {
                break;
            }
        }
        t
    }

    /// Whether the value of `e` is (a piece of) the tracked value.
    pub fn is(&self, e: &Expr) -> bool {
        match e {
            Expr::Name(n) => self.names.contains(&**n),
            Expr::Index(b) => matches!(b.1, Expr::Int(0)) && self.is(&b.0),
            Expr::Ternary(b) => self.is(&b.1) || self.is(&b.2),
            Expr::Assign(b) => self.is(&b.1),
            Expr::Call(c) => match &c.recv {
                Some(r) if self.is(r) => match &*c.name {
                    "split" | "trim" | "strip" | "toLowerCase" | "toUpperCase" | "replace"
                    | "replaceAll" | "intern" => true,
                    "substring" => {
                        self.spec.substring_any || matches!(c.args.first(), Some(Expr::Int(0)))
                    }
                    _ => false,
                },
                // A static helper transforming the text of its first argument
                // (`applyAbilityTextChangeEffects(def, sa)`, `TextUtil.fastReplace(s, ...)`);
                // other helpers (`extractOperators(s)`) compute something else from it.
                None => text_helper(&c.name) && c.args.first().is_some_and(|a| self.is(a)),
                Some(Expr::Name(n)) if n.starts_with(char::is_uppercase) => {
                    text_helper(&c.name) && c.args.first().is_some_and(|a| self.is(a))
                }
                _ => false,
            },
            _ => false,
        }
    }

    /// Whether `e` is the tracked value itself as compared: a name or its first piece.
    pub fn subject(&self, e: &Expr) -> bool {
        match e {
            Expr::Name(n) => self.names.contains(&**n),
            Expr::Index(b) => matches!(b.1, Expr::Int(0)) && self.subject(&b.0),
            _ => false,
        }
    }

    /// `x.equals("W")`, `"W".equals(x)`, `x.startsWith("W")`, `StringUtils.startsWith(x, "W")`...
    pub fn comparison<'i>(
        &self,
        index: &'i Index,
        c: usize,
        call: &'i Call,
    ) -> Option<(&'i str, Match)> {
        let how = Match::of_method(&call.name)?;
        let recv = call.recv.as_ref()?;
        if call.args.len() == 1 {
            if self.subject(recv) {
                return index.literal(c, &call.args[0]).map(|w| (w, how));
            }
            if how == Match::Exact && self.subject(&call.args[0]) {
                return index.literal(c, recv).map(|w| (w, how));
            }
        }
        if call.args.len() == 2
            && matches!(recv, Expr::Name(n) if n.starts_with(char::is_uppercase))
        {
            if self.subject(&call.args[0]) {
                return index.literal(c, &call.args[1]).map(|w| (w, how));
            }
            if how == Match::Exact && self.subject(&call.args[1]) {
                return index.literal(c, &call.args[0]).map(|w| (w, how));
            }
        }
        None
    }
}

/// Names of static helpers that return their argument's text transformed.
fn text_helper(name: &str) -> bool {
    let l = name.to_lowercase();
    [
        "text", "replace", "split", "apply", "trim", "change", "lower", "upper",
    ]
    .iter()
    .any(|w| l.contains(w))
}
