//! Param keys (`Key$ Value`) read by the engine and the scope reading them: the effect, AI,
//! trigger, replacement or static class of one ApiType/mode/event, or a common scope by what the
//! read reads from (the static type of its receiver), else by package.
//!
//! A key is read when it is the key argument of a reader: `getParam`, `hasParam`, ... and every
//! method discovered to pass its String parameter on to one (`getDefinedCardsOrTargeted(sa,
//! "Defined")`), or `get`/`containsKey`/`getOrDefault` on a param map.

use std::collections::{HashMap, HashSet};

use crate::Kind;
use crate::analyze::{Map, Out};
use crate::index::{Index, Vars};
use crate::ir::*;
use crate::recv::{Recv, Typer};
use crate::values::{self, Use};

/// (method name, number of arguments, index of the key argument)
type Reader = (S, usize, usize);

/// What a reader reads its key from: the `this` of the call, one of the call's arguments, or
/// a trait of a known kind whatever the call.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Src {
    This,
    Arg(usize),
    Fixed(Recv),
}

/// The readers and what each reads from.
type Readers = HashMap<Reader, Src>;

/// Joins what two paths say a reader reads from: one answer, or unknown.
fn join(a: Option<Src>, b: Src) -> Src {
    match a {
        None => b,
        Some(x) if x == b => x,
        Some(_) => Src::Fixed(Recv::Unknown),
    }
}

/// Names never taken for readers even if they forward a String to one: they are the map and
/// string methods every class has.
const NOT_READERS: &[&str] = &[
    "get",
    "containsKey",
    "getOrDefault",
    "put",
    "remove",
    "equals",
    "contains",
    "startsWith",
    "endsWith",
    "add",
    "format",
    "valueOf",
    "split",
    "append",
    "println",
];

/// Classes whose params are shared by every record of a kind: reads in them are common.
const ROOTS: &[&str] = &[
    "SpellAbilityEffect",
    "SpellAbilityAi",
    "Trigger",
    "ReplacementEffect",
    "StaticAbility",
    "CardTraitBase",
];

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Target<'a> {
    /// `foo(...)`, `this.foo(...)`: the calling class and its superclasses.
    Local(&'a str, usize),
    /// `super.foo(...)`.
    Super(&'a str, usize),
    /// `Cls.foo(...)`.
    Static(usize, &'a str),
}

/// What a read does with the value: returns it (`getParam`), tests its presence (`hasParam`),
/// or hands the key to a helper (whose use of the value is not followed).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ReadKind {
    Value,
    Presence,
    Helper,
}

#[derive(Default)]
struct Facts<'a> {
    /// (key, line, what the read reads from, what it is called on, what it does with the value)
    reads: Vec<(String, u32, Recv, On, ReadKind)>,
    calls: Vec<Target<'a>>,
    /// What the method does with the value of each key it reads with `getParam` and the like.
    uses: HashMap<String, Use>,
}

impl Facts<'_> {
    /// What the read does with the value of `key`.
    fn use_of(&self, key: &str, kind: ReadKind) -> Use {
        match kind {
            ReadKind::Presence => Use::Presence,
            ReadKind::Helper => Use::Open,
            ReadKind::Value => self.uses.get(key).cloned().unwrap_or(Use::Presence),
        }
    }
}

fn read_kind(call: &Call) -> ReadKind {
    match (&*call.name, call.args.len()) {
        ("getParam" | "get", 1) | ("getParamOrDefault" | "getOrDefault", 2) => ReadKind::Value,
        ("hasParam" | "containsKey", 1) => ReadKind::Presence,
        _ => ReadKind::Helper,
    }
}

fn relevant(index: &Index, c: usize) -> bool {
    let p = index.package(c);
    p.starts_with("forge.game") || p.starts_with("forge.ai")
}

fn is_string(ty: &str) -> bool {
    simple_type(ty) == "String" && !ty.ends_with("[]") && !ty.ends_with("...")
}

/// The kind of record a scope's reads belong to.
fn scope_kind(scope: &str) -> Recv {
    match scope.split(':').next().unwrap_or("") {
        "api" => Recv::Ability,
        "trigger" => Recv::Trigger,
        "static" => Recv::Static,
        "replacement" => Recv::Replacement,
        _ => Recv::Unknown,
    }
}

/// Whether a read in a class of `scope` reads another kind of record than the scope's: a
/// static's handler reading the `SpellAbility` being paid for, an AI reading a trigger's params.
fn foreign(scope: &str, r: Recv) -> bool {
    r.is_concrete() && r != scope_kind(scope)
}

pub(crate) fn run(out: &mut Out, map: &Map) {
    let index = out.index;
    let kinds = crate::recv::class_kinds(index);
    let typer = Typer {
        index,
        kinds: &kinds,
    };
    let engine: Vec<(usize, usize)> = index
        .all_methods()
        .filter(|&(c, _)| relevant(index, c))
        .collect();
    let gui: Vec<(usize, usize)> = index.gui_methods().collect();
    let readers = discover_readers(&typer, &engine, seed());
    // Readers found in GUI code serve GUI code only.
    let gui_readers = if gui.is_empty() {
        HashMap::new()
    } else {
        discover_readers(&typer, &gui, readers.clone())
    };

    // Reads and outgoing calls of every method.
    let mut facts: HashMap<(usize, usize), Facts> = HashMap::new();
    let mut dynamic = 0usize;
    let mut dynamic_at: Option<String> = None;
    for (&(c, mi), readers) in engine
        .iter()
        .map(|k| (k, &readers))
        .chain(gui.iter().map(|k| (k, &gui_readers)))
    {
        let m = index.method(c, mi);
        let vars = Vars::of(index, c, m);
        let mut f = Facts::default();
        let mut value_reads: values::ValueReads = Vec::new();
        walk_stmts(&m.body, &mut |e| {
            let Expr::Call(call) = e else { return };
            for (key, src, on) in key_args(&typer, c, m, call, readers, &vars) {
                let mut lits = Vec::new();
                literals(index, c, &vars, key, &mut lits);
                if !lits.is_empty() {
                    let kind = read_kind(call);
                    if kind == ReadKind::Value {
                        value_reads.push((call, lits.iter().map(|l| l.to_string()).collect()));
                    }
                    for l in lits {
                        f.reads.push((l.to_string(), call.line, src, on, kind));
                    }
                } else if !matches!(key, Expr::Name(n) if m.params.iter().any(|p| p.name == *n)) {
                    // A key built at run time (`"Valid" + x`, a loop variable, ...).
                    dynamic += 1;
                    if dynamic_at.is_none() {
                        dynamic_at = Some(index.location(c, call.line));
                    }
                }
            }
            match &call.recv {
                None | Some(Expr::This) => f.calls.push(Target::Local(&call.name, call.args.len())),
                Some(Expr::Super) => f.calls.push(Target::Super(&call.name, call.args.len())),
                Some(Expr::Name(n)) if n.starts_with(char::is_uppercase) && !vars.knows(n) => {
                    if let Some(k) = index.resolve_from(c, n) {
                        f.calls.push(Target::Static(k, &call.name));
                    }
                }
                _ => {}
            }
        });
        if !value_reads.is_empty() {
            f.uses = values::analyze(index, c, m, &vars, &value_reads);
        }
        facts.insert((c, mi), f);
    }
    refine_any(&typer, &mut facts, &engine, &gui);

    // The specific classes of each scope: the class of an ApiType (effect and AI), trigger,
    // replacement or static mode, and its superclasses below the shared roots.
    let mut scopes: Vec<(String, Vec<usize>)> = Vec::new();
    let mut missing: Vec<String> = Vec::new();
    let mut add_scope = |scope: String, cls: &str, pkg: &str, missing: &mut Vec<String>| {
        let Some(c) = index.find_in(pkg, cls).or_else(|| index.find(cls)) else {
            missing.push(cls.to_string());
            return;
        };
        let chain: Vec<usize> = index
            .chain(c)
            .into_iter()
            .take_while(|&k| !ROOTS.contains(&index.name(k)))
            .map(|k| index.classes[k].top)
            .collect();
        if let Some(s) = scopes.iter_mut().find(|s| s.0 == scope) {
            s.1.extend(chain);
        } else {
            scopes.push((scope, chain));
        }
    };
    for (api, cls) in &map.api {
        add_scope(
            format!("api:{api}"),
            cls,
            "forge.game.ability.effects",
            &mut missing,
        );
    }
    for (api, cls) in &map.api_ai {
        add_scope(format!("api:{api}"), cls, "forge.ai.ability", &mut missing);
    }
    for (mode, cls) in &map.triggers {
        add_scope(
            format!("trigger:{mode}"),
            cls,
            "forge.game.trigger",
            &mut missing,
        );
    }
    for (ev, cls) in &map.replacements {
        add_scope(
            format!("replacement:{ev}"),
            cls,
            "forge.game.replacement",
            &mut missing,
        );
    }
    for (mode, classes) in &map.statics {
        for &c in classes {
            let name = index.name(c).to_string();
            let pkg = index.package(c).to_string();
            add_scope(format!("static:{mode}"), &name, &pkg, &mut missing);
        }
    }
    missing.sort();
    missing.dedup();
    if !missing.is_empty() {
        out.warnings.push(format!(
            "{} classes named by ApiType/SpellApiToAi/TriggerType/ReplacementType not found (e.g. {}): their params are missing",
            missing.len(),
            missing[0]
        ));
    }
    let mut specific: HashMap<usize, Vec<usize>> = HashMap::new();
    for (si, (_, chain)) in scopes.iter().enumerate() {
        for &c in chain {
            let v = specific.entry(c).or_default();
            if !v.contains(&si) {
                v.push(si);
            }
        }
    }

    let mut rows: Vec<(String, String, usize, u32)> = Vec::new();
    let mut obs: Vec<values::Observation> = Vec::new();
    // Reads in their own class: its scopes if it is specific (unless the read is on another
    // kind of record), else the common scope of what it reads from, else of its package.
    for &(c, mi) in engine.iter().chain(gui.iter()) {
        let top = index.classes[c].top;
        let Some(f) = facts.get(&(c, mi)) else {
            continue;
        };
        let ss = specific.get(&top).map(Vec::as_slice).unwrap_or(&[]);
        for (k, line, recv, _, kind) in &f.reads {
            let mut shared = ss.is_empty();
            for &si in ss {
                if foreign(&scopes[si].0, *recv) {
                    shared = true;
                } else {
                    rows.push((k.clone(), scopes[si].0.clone(), c, *line));
                    obs.push((
                        scopes[si].0.clone(),
                        k.clone(),
                        f.use_of(k, *kind),
                        (c, *line),
                    ));
                }
            }
            if shared {
                let scope = common_scope(index.package(top), *recv);
                rows.push((k.clone(), scope.to_string(), c, *line));
                obs.push((scope.to_string(), k.clone(), f.use_of(k, *kind), (c, *line)));
            }
        }
    }
    // Reads in helpers of other specific classes reached from a scope's classes.
    for (scope, chain) in &scopes {
        // Only helpers of the same kind of class count: an AI that simulates a static ability
        // through the static's class reads that static's params, not its own.
        let kind = scope.split(':').next().unwrap_or("");
        let same_kind = |top: usize| {
            specific
                .get(&top)
                .is_some_and(|ss| ss.iter().any(|&si| scopes[si].0.starts_with(kind)))
        };
        let mut seen: HashSet<(usize, usize)> = HashSet::new();
        let mut todo: Vec<(usize, usize)> = Vec::new();
        let own: HashSet<usize> = chain.iter().copied().collect();
        for &top in chain {
            for &k in &index.family[top] {
                for mi in 0..index.classes[k].decl.methods.len() {
                    if seen.insert((k, mi)) {
                        todo.push((k, mi));
                    }
                }
            }
        }
        while let Some((k, mi)) = todo.pop() {
            let Some(f) = facts.get(&(k, mi)) else {
                continue;
            };
            for t in &f.calls {
                for (tc, tm) in resolve(index, k, *t) {
                    let ttop = index.classes[tc].top;
                    if !same_kind(ttop) || !seen.insert((tc, tm)) {
                        continue;
                    }
                    if !own.contains(&ttop) {
                        if let Some(tf) = facts.get(&(tc, tm)) {
                            for (key, line, recv, _, kind) in &tf.reads {
                                // Reads on another kind of record are shared (above).
                                if !foreign(scope, *recv) {
                                    rows.push((key.clone(), scope.clone(), tc, *line));
                                    obs.push((
                                        scope.clone(),
                                        key.clone(),
                                        tf.use_of(key, *kind),
                                        (tc, *line),
                                    ));
                                }
                            }
                        }
                    }
                    todo.push((tc, tm));
                }
            }
        }
    }
    for (key, scope, c, line) in rows {
        out.push(Kind::Param, &key, &scope, c, line);
    }
    values::rows(out, obs);
    if dynamic > 0 {
        out.warnings.push(format!(
            "{dynamic} param reads with a key built at run time were skipped (first at {})",
            dynamic_at.unwrap_or_default()
        ));
    }
}

/// Narrows reads on a `CardTraitBase` as such (kind `Any`):
/// - in a method that also reads a `Map` argument as its params (`meetsCommonRequirements`),
///   reads on `this` are the same shared conditions of triggers, statics and replacements;
/// - a `CardTraitBase` parameter takes the kinds its callers pass (`getCloneStates(in, out,
///   sa)` is only called with abilities). Without a typed call site it stays `Any`.
fn refine_any(
    typer: &Typer,
    facts: &mut HashMap<(usize, usize), Facts>,
    engine: &[(usize, usize)],
    gui: &[(usize, usize)],
) {
    for f in facts.values_mut() {
        if f.reads.iter().any(|r| r.2 == Recv::TraitArg) {
            for r in &mut f.reads {
                if r.2 == Recv::Any && r.3 == On::This {
                    r.2 = Recv::TraitArg;
                }
            }
        }
    }
    let wanted: Vec<((usize, usize), usize)> = {
        let mut v: Vec<((usize, usize), usize)> = facts
            .iter()
            .flat_map(|(&k, f)| {
                f.reads.iter().filter_map(move |r| match (r.2, r.3) {
                    (Recv::Any, On::Param(p)) => Some((k, p)),
                    _ => None,
                })
            })
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    if wanted.is_empty() {
        return;
    }
    let sites = CallSites::new(typer.index, engine, gui);
    for (method, p) in wanted {
        let kind = sites.param_kind(typer, method, p, 0);
        if let Some(f) = facts.get_mut(&method) {
            for r in &mut f.reads {
                if r.2 == Recv::Any && r.3 == On::Param(p) {
                    r.2 = kind;
                }
            }
        }
    }
}

/// A call: (calling class, calling method, the call).
type Site<'a> = (usize, usize, &'a Call);

/// Every call in the analysed code by (name, number of arguments), and the declarations of
/// the calling methods (built when needed).
struct CallSites<'a> {
    by_name: HashMap<(&'a str, usize), Vec<Site<'a>>>,
    vars: std::cell::RefCell<HashMap<(usize, usize), std::rc::Rc<Vars<'a>>>>,
}

impl<'a> CallSites<'a> {
    fn new(index: &'a Index, engine: &[(usize, usize)], gui: &[(usize, usize)]) -> CallSites<'a> {
        let mut by_name: HashMap<(&'a str, usize), Vec<Site<'a>>> = HashMap::new();
        for &(c, mi) in engine.iter().chain(gui) {
            walk_stmts(&index.method(c, mi).body, &mut |e| {
                if let Expr::Call(call) = e {
                    by_name
                        .entry((&call.name, call.args.len()))
                        .or_default()
                        .push((c, mi, call));
                }
            });
        }
        CallSites {
            by_name,
            vars: Default::default(),
        }
    }

    fn vars_of(&self, index: &'a Index, c: usize, mi: usize) -> std::rc::Rc<Vars<'a>> {
        self.vars
            .borrow_mut()
            .entry((c, mi))
            .or_insert_with(|| std::rc::Rc::new(Vars::of(index, c, index.method(c, mi))))
            .clone()
    }

    /// The kind of record the callers of `method` pass as its parameter `p`: one concrete
    /// kind, `TraitArg` for several of triggers, statics and replacements, else `Any`.
    fn param_kind(&self, typer: &Typer<'a>, method: (usize, usize), p: usize, depth: u32) -> Recv {
        let index = typer.index;
        let (cls, mi) = method;
        let m = index.method(cls, mi);
        let Some(calls) = self.by_name.get(&(&*m.name, m.params.len())) else {
            return Recv::Any;
        };
        let mut kinds: Vec<Recv> = Vec::new();
        for &(c, cmi, call) in calls {
            let caller = index.method(c, cmi);
            let vars = self.vars_of(index, c, cmi);
            // Does the call reach `method`? Unqualified from the class chain or file, `Cls.m()`,
            // or on a receiver whose static type is the class or a subclass.
            let target = match &call.recv {
                None | Some(Expr::This) | Some(Expr::Super) => {
                    index.chain(c).contains(&cls)
                        || index.family[index.classes[c].top].contains(&cls)
                }
                Some(Expr::Name(n)) if n.starts_with(char::is_uppercase) && !vars.knows(n) => index
                    .resolve_from(c, n)
                    .is_some_and(|k| index.chain(k).contains(&cls)),
                Some(r) => typer
                    .expr_class(c, &vars, r, call.line)
                    .is_some_and(|k| index.chain(k).contains(&cls)),
            };
            if !target || (c, cmi) == method {
                continue;
            }
            let Some(arg) = call.args.get(p) else {
                continue;
            };
            if matches!(arg, Expr::Null) {
                continue;
            }
            let mut k = typer.expr_kind(c, &vars, arg, call.line);
            if k == Recv::Any && depth < 2 {
                if let On::Param(q) = on_of(caller, &vars, Some(arg), call.line) {
                    k = self.param_kind(typer, (c, cmi), q, depth + 1);
                }
            }
            kinds.push(k);
        }
        combine(&kinds)
    }
}

/// One kind for several: the same concrete kind, `TraitArg` for triggers, statics and
/// replacements together, else `Any` (also when nothing is known).
fn combine(kinds: &[Recv]) -> Recv {
    let mut set: Vec<Recv> = Vec::new();
    for &k in kinds {
        match k {
            Recv::TraitArg => {
                for x in [Recv::Trigger, Recv::Static, Recv::Replacement] {
                    if !set.contains(&x) {
                        set.push(x);
                    }
                }
            }
            Recv::Any | Recv::Unknown => return Recv::Any,
            k => {
                if !set.contains(&k) {
                    set.push(k);
                }
            }
        }
    }
    match set.as_slice() {
        [] => Recv::Any,
        [one] => *one,
        s if !s.contains(&Recv::Ability) => Recv::TraitArg,
        _ => Recv::Any,
    }
}

/// The common scope of a read in a class that belongs to no ApiType, mode or event (or of a
/// read on another kind of record than its class's): by what it reads from, else by package.
fn common_scope(package: &str, recv: Recv) -> &'static str {
    let under = |p: &str| package == p || package.starts_with(&format!("{p}."));
    match recv {
        // The AI reads abilities' params to decide how to play them.
        Recv::Ability if under("forge.ai") => return "common:ai",
        Recv::Ability => return "common:ability",
        Recv::Static => return "common:static",
        Recv::Trigger => return "common:trigger",
        Recv::Replacement => return "common:replacement",
        Recv::Any => return "common:any",
        Recv::TraitArg => return "common:trait",
        Recv::Unknown => {}
    }
    if under("forge.ai") {
        "common:ai"
    } else if under("forge.game.ability") || under("forge.game.spellability") {
        "common:ability"
    } else if under("forge.game.trigger") {
        "common:trigger"
    } else if under("forge.game.replacement") {
        "common:replacement"
    } else if under("forge.game.staticability") {
        "common:static"
    } else if package == "forge.game" {
        "common:trait"
    } else {
        "common:global"
    }
}

/// The methods a call may run.
fn resolve(index: &Index, from: usize, t: Target) -> Vec<(usize, usize)> {
    let pick = |cands: Vec<(usize, usize)>, argc: Option<usize>| -> Vec<(usize, usize)> {
        let Some(n) = argc else { return cands };
        let same: Vec<(usize, usize)> = cands
            .iter()
            .copied()
            .filter(|&(c, m)| index.method(c, m).params.len() == n)
            .collect();
        if same.is_empty() { cands } else { same }
    };
    match t {
        Target::Local(name, argc) => {
            let mut v = index.methods_named(from, name);
            // Methods of the enclosing and nested classes of the same file.
            for &k in &index.family[index.classes[from].top] {
                if k != from {
                    for (mi, m) in index.classes[k].decl.methods.iter().enumerate() {
                        if &*m.name == name {
                            v.push((k, mi));
                        }
                    }
                }
            }
            pick(v, Some(argc))
        }
        Target::Super(name, argc) => match index.superclass(from) {
            Some(s) => pick(index.methods_named(s, name), Some(argc)),
            None => Vec::new(),
        },
        Target::Static(cls, name) => index.methods_named(cls, name),
    }
}

/// What a read is called on, when that matters for its kind: `this`, or a parameter of the
/// reading method (whose kind the callers tell).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum On {
    This,
    Param(usize),
    Other,
}

/// Whether `e` (at `line`) is `this`, a parameter of `m`, or something else.
fn on_of(m: &Method, vars: &Vars, e: Option<&Expr>, line: u32) -> On {
    match e {
        None | Some(Expr::This) => On::This,
        Some(Expr::Name(n)) if matches!(vars.decl_at(n, line), Some((_, None))) => m
            .params
            .iter()
            .position(|p| p.name == *n)
            .map_or(On::Other, On::Param),
        Some(Expr::Call(g))
            if g.args.is_empty() && matches!(&*g.name, "getMapParams" | "getOriginalMapParams") =>
        {
            on_of(m, vars, g.recv.as_ref(), line)
        }
        Some(Expr::Field(o, _)) if matches!(**o, Expr::This) => On::This,
        _ => On::Other,
    }
}

/// The key arguments of a reader call, what each reads from and what it is called on (none if
/// `call` is no reader; some readers take two keys, like `addToCombat(c, p, sa, "Attacking",
/// "Blocking")`).
fn key_args<'a>(
    typer: &Typer<'a>,
    c: usize,
    m: &'a Method,
    call: &'a Call,
    readers: &Readers,
    vars: &Vars<'a>,
) -> Vec<(&'a Expr, Recv, On)> {
    let n = call.args.len();
    if matches!(&*call.name, "get" | "containsKey" | "getOrDefault") {
        return match &call.recv {
            Some(recv) if is_param_map(recv, vars, 0) => {
                let kind = typer.map_kind(c, m, vars, recv, call.line, 0);
                let on = match recv {
                    // A map argument is no trait.
                    Expr::Name(_) => On::Other,
                    _ => on_of(m, vars, Some(recv), call.line),
                };
                call.args
                    .first()
                    .map(|k| (k, kind, on))
                    .into_iter()
                    .collect()
            }
            _ => Vec::new(),
        };
    }
    let mut out = Vec::new();
    for i in 0..n {
        let Some(src) = readers.get(&(call.name.clone(), n, i)) else {
            continue;
        };
        let (kind, on) = match *src {
            Src::This => (
                typer.recv_kind(c, vars, call.recv.as_ref(), call.line),
                on_of(m, vars, call.recv.as_ref(), call.line),
            ),
            Src::Arg(j) => match call.args.get(j) {
                Some(a) => (
                    typer.expr_kind(c, vars, a, call.line),
                    on_of(m, vars, Some(a), call.line),
                ),
                None => (Recv::Unknown, On::Other),
            },
            Src::Fixed(k) => (k, On::Other),
        };
        out.push((&call.args[i], kind, on));
    }
    out
}

/// Whether `e` is a map of params (`mapParams`, `getMapParams()`, a local initialized from one,
/// or a `...Params` map of strings), as opposed to run params or other maps.
fn is_param_map(e: &Expr, vars: &Vars, depth: u32) -> bool {
    match e {
        Expr::Call(c) => {
            (c.args.is_empty() && matches!(&*c.name, "getMapParams" | "getOriginalMapParams"))
                || is_parse_call(c)
        }
        Expr::Field(o, f) if matches!(**o, Expr::This) => param_map_name(f),
        Expr::Name(n) => {
            if n.to_lowercase().contains("run") {
                return false;
            }
            if let Some(ty) = vars.full_type_of(n) {
                if ty.contains("Object") || ty.contains("AbilityKey") {
                    return false;
                }
                // In a trait's own code (`ReplacementEffect(Map<String, String> map, ...)`), a
                // map of strings is its params.
                if vars.in_trait && ty == "Map<String,String>" && !n.to_lowercase().contains("svar")
                {
                    return true;
                }
            }
            if let Some(init) = vars.init_of(n) {
                if depth < 3 && is_param_map(init, vars, depth + 1) {
                    return true;
                }
            }
            param_map_name(n)
        }
        _ => false,
    }
}

/// A factory parsing a trait's text into its params: `AbilityFactory.getMapParams(text)`,
/// `TriggerHandler.parseParams(text)`, ...
pub(crate) fn is_parse_call(c: &Call) -> bool {
    c.args.len() == 1 && matches!(&*c.name, "getMapParams" | "parseParams")
}

fn param_map_name(n: &str) -> bool {
    let l = n.to_lowercase();
    (l.ends_with("params") || l == "stabmap" || l == "mapparameters") && !l.contains("run")
}

/// Literal values of a key expression: a literal, a constant, either branch of a ternary, or
/// a loop variable running over a list of literals (`for (String k : SUB_ABILITY_KEYS)`).
fn literals<'a>(index: &'a Index, c: usize, vars: &Vars<'a>, e: &'a Expr, out: &mut Vec<&'a str>) {
    if let Some(s) = index.literal(c, e) {
        out.push(s);
    } else if let Expr::Ternary(t) = e {
        let before = out.len();
        literals(index, c, vars, &t.1, out);
        literals(index, c, vars, &t.2, out);
        // Only when both branches are known; a half-known ternary is a dynamic key.
        if out.len() < before + 2 {
            out.truncate(before);
        }
    } else if let Expr::Name(n) = e {
        // A local initialized with a literal (`final String key = "Choices";`). Scopes are not
        // told apart, so a name reused by a loop gets the values of both.
        for init in vars.inits_of(n) {
            if let Expr::Str(s) = init {
                out.push(s);
            }
        }
        for iter in vars.loops.get(&**n).into_iter().flatten() {
            let before = out.len();
            if !list_literals(index, c, vars, iter, out, 0) {
                out.truncate(before);
            }
        }
    }
}

/// The literals of a list written out in the code (`Arrays.asList("A", "B")`, `new String[]
/// {"A", "B"}`, or a variable or field initialized with one). False when anything is unknown.
fn list_literals<'a>(
    index: &'a Index,
    c: usize,
    vars: &Vars<'a>,
    e: &'a Expr,
    out: &mut Vec<&'a str>,
    depth: u32,
) -> bool {
    if depth > 3 {
        return false;
    }
    match e {
        Expr::Name(n) => match vars.init_of(n) {
            Some(init) => list_literals(index, c, vars, init, out, depth + 1),
            None => false,
        },
        Expr::Call(call) if !call.args.is_empty() => {
            call.args.iter().all(|a| match index.literal(c, a) {
                Some(s) => {
                    out.push(s);
                    true
                }
                None => false,
            })
        }
        Expr::Other(items) => {
            let mut any = false;
            for it in items {
                match it {
                    // The element type and dimensions of `new String[] {...}`.
                    Expr::Name(_) | Expr::Int(_) => {}
                    Expr::Other(_) => {
                        if !list_literals(index, c, vars, it, out, depth + 1) {
                            return false;
                        }
                        any = true;
                    }
                    _ => match index.literal(c, it) {
                        Some(s) => {
                            out.push(s);
                            any = true;
                        }
                        None => return false,
                    },
                }
            }
            any
        }
        _ => false,
    }
}

/// The readers every tree has: `getParam`, `hasParam` and `getParamOrDefault` read the
/// trait they are called on.
fn seed() -> Readers {
    [
        ("getParam", 1, 0),
        ("hasParam", 1, 0),
        ("getParamOrDefault", 2, 0),
    ]
    .into_iter()
    .map(|(n, a, i)| ((S::from(n), a, i), Src::This))
    .collect()
}

/// A call in `method` that passes the method's String parameter on as argument `arg`.
struct Edge<'a> {
    method: (usize, usize),
    call: &'a Call,
    /// (called reader candidate, calling method as a reader)
    callee: Reader,
    caller: Reader,
}

/// How a call's receiver or argument stands to the calling method: its `this`, one of its
/// parameters, or a value of a known kind.
fn src_of<'a>(
    typer: &Typer<'a>,
    c: usize,
    m: &'a Method,
    vars: &Vars<'a>,
    e: Option<&'a Expr>,
    at: u32,
) -> Src {
    match e {
        None | Some(Expr::This) => Src::This,
        Some(e) => match e {
            // A parameter (not redeclared by a local of the same name).
            Expr::Name(n) if matches!(vars.decl_at(n, at), Some((_, None))) => {
                match m.params.iter().position(|p| p.name == *n) {
                    Some(p) => Src::Arg(p),
                    None => Src::Fixed(typer.expr_kind(c, vars, e, at)),
                }
            }
            _ => Src::Fixed(typer.expr_kind(c, vars, e, at)),
        },
    }
}

/// Methods that pass one of their String parameters on as the key of a reader, found to a
/// fixpoint from `seed` (`getParam`/`hasParam`/`getParamOrDefault`) and the param-map lookups,
/// with what each reads from.
fn discover_readers(typer: &Typer, methods: &[(usize, usize)], seed: Readers) -> Readers {
    let index = typer.index;
    // The seed is known; methods of the same name and arity found below do not change it.
    let fixed: HashSet<Reader> = seed.keys().cloned().collect();
    let mut readers = seed;
    let mut edges: Vec<Edge> = Vec::new();
    let mut all_vars: HashMap<(usize, usize), Vars> = HashMap::new();
    for &(c, mi) in methods {
        let m = index.method(c, mi);
        if m.is_ctor || NOT_READERS.contains(&&*m.name) {
            continue;
        }
        let string_param = |n: &str| {
            m.params
                .iter()
                .position(|p| &*p.name == n && is_string(&p.ty))
        };
        if !m.params.iter().any(|p| is_string(&p.ty)) {
            continue;
        }
        let mut vars: Option<Vars> = None;
        walk_stmts(&m.body, &mut |e| {
            let Expr::Call(call) = e else { return };
            let me: Reader = (m.name.clone(), m.params.len(), 0);
            if matches!(&*call.name, "get" | "containsKey" | "getOrDefault") {
                if let (Some(recv), Some(Expr::Name(k))) = (&call.recv, call.args.first()) {
                    if let Some(i) = string_param(k) {
                        let v = vars.get_or_insert_with(|| Vars::of(index, c, m));
                        if is_param_map(recv, v, 0) {
                            let src = match recv {
                                Expr::Call(g) if matches!(g.recv, None | Some(Expr::This)) => {
                                    Src::This
                                }
                                Expr::Call(g) => src_of(typer, c, m, v, g.recv.as_ref(), call.line),
                                Expr::Field(..) => Src::This,
                                Expr::Name(n) if !v.is_local(n) => Src::This,
                                _ => Src::Fixed(typer.map_kind(c, m, v, recv, call.line, 0)),
                            };
                            let key = (me.0.clone(), me.1, i);
                            if !fixed.contains(&key) {
                                let old = readers.get(&key).copied();
                                readers.insert(key, join(old, src));
                            }
                        }
                    }
                }
                return;
            }
            for (j, a) in call.args.iter().enumerate() {
                if let Expr::Name(k) = a {
                    if let Some(i) = string_param(k) {
                        edges.push(Edge {
                            method: (c, mi),
                            call,
                            callee: (call.name.clone(), call.args.len(), j),
                            caller: (me.0.clone(), me.1, i),
                        });
                    }
                }
            }
        });
        if let Some(v) = vars {
            all_vars.insert((c, mi), v);
        }
    }
    // To a fixpoint: a method becomes a reader when it calls one with its parameter as the key;
    // what it reads from is what the call hands the callee (its `this`, an argument), joined
    // over every such call.
    for _ in 0..64 {
        let mut changed = false;
        for e in &edges {
            let Some(&callee) = readers.get(&e.callee) else {
                continue;
            };
            if fixed.contains(&e.caller) {
                continue;
            }
            let (c, mi) = e.method;
            let m = index.method(c, mi);
            let vars = all_vars
                .entry(e.method)
                .or_insert_with(|| Vars::of(index, c, m));
            let src = match callee {
                Src::This => src_of(typer, c, m, vars, e.call.recv.as_ref(), e.call.line),
                Src::Arg(j) => match e.call.args.get(j) {
                    Some(a) => src_of(typer, c, m, vars, Some(a), e.call.line),
                    None => Src::Fixed(Recv::Unknown),
                },
                Src::Fixed(k) => Src::Fixed(k),
            };
            let old = readers.get(&e.caller).copied();
            let new = join(old, src);
            if old != Some(new) {
                readers.insert(e.caller.clone(), new);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    readers
}
