//! Param keys (`Key$ Value`) read by the engine and the scope reading them: the effect, AI,
//! trigger, replacement or static class of one ApiType/mode/event, or a common scope by package.
//!
//! A key is read when it is the key argument of a reader: `getParam`, `hasParam`, ... and every
//! method discovered to pass its String parameter on to one (`getDefinedCardsOrTargeted(sa,
//! "Defined")`), or `get`/`containsKey`/`getOrDefault` on a param map.

use std::collections::{HashMap, HashSet};

use crate::Kind;
use crate::analyze::{Map, Out};
use crate::index::{Index, Vars};
use crate::ir::*;

/// (method name, number of arguments, index of the key argument)
type Reader = (S, usize, usize);

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

#[derive(Default)]
struct Facts<'a> {
    reads: Vec<(String, u32)>,
    calls: Vec<Target<'a>>,
}

fn relevant(index: &Index, c: usize) -> bool {
    let p = index.package(c);
    p.starts_with("forge.game") || p.starts_with("forge.ai")
}

fn is_string(ty: &str) -> bool {
    simple_type(ty) == "String" && !ty.ends_with("[]") && !ty.ends_with("...")
}

pub(crate) fn run(out: &mut Out, map: &Map) {
    let index = out.index;
    let methods: Vec<(usize, usize)> = index
        .all_methods()
        .filter(|&(c, _)| relevant(index, c))
        .collect();
    let readers = discover_readers(index, &methods);

    // Reads and outgoing calls of every method.
    let mut facts: HashMap<(usize, usize), Facts> = HashMap::new();
    let mut dynamic = 0usize;
    let mut dynamic_at: Option<String> = None;
    for &(c, mi) in &methods {
        let m = index.method(c, mi);
        let vars = Vars::of(index, c, m);
        let mut f = Facts::default();
        walk_stmts(&m.body, &mut |e| {
            let Expr::Call(call) = e else { return };
            for key in key_args(call, &readers, &vars) {
                let mut lits = Vec::new();
                literals(index, c, &vars, key, &mut lits);
                if !lits.is_empty() {
                    for l in lits {
                        f.reads.push((l.to_string(), call.line));
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
        facts.insert((c, mi), f);
    }

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
    // Reads in their own class: its scopes if it is specific, else the common scope of its
    // package.
    for &(c, mi) in &methods {
        let top = index.classes[c].top;
        let Some(f) = facts.get(&(c, mi)) else {
            continue;
        };
        match specific.get(&top) {
            Some(ss) => {
                for &si in ss {
                    for (k, line) in &f.reads {
                        rows.push((k.clone(), scopes[si].0.clone(), c, *line));
                    }
                }
            }
            None => {
                let scope = common_scope(index.package(top));
                for (k, line) in &f.reads {
                    rows.push((k.clone(), scope.to_string(), c, *line));
                }
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
                            for (key, line) in &tf.reads {
                                rows.push((key.clone(), scope.clone(), tc, *line));
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
    if dynamic > 0 {
        out.warnings.push(format!(
            "{dynamic} param reads with a key built at run time were skipped (first at {})",
            dynamic_at.unwrap_or_default()
        ));
    }
}

/// The common scope of reads in a class that belongs to no ApiType, mode or event.
fn common_scope(package: &str) -> &'static str {
    let under = |p: &str| package == p || package.starts_with(&format!("{p}."));
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

/// The key arguments of a reader call (none if `call` is no reader; some readers take two keys,
/// like `addToCombat(c, p, sa, "Attacking", "Blocking")`).
fn key_args<'e>(call: &'e Call, readers: &HashSet<Reader>, vars: &Vars) -> Vec<&'e Expr> {
    let n = call.args.len();
    if matches!(&*call.name, "get" | "containsKey" | "getOrDefault") {
        return match &call.recv {
            Some(recv) if is_param_map(recv, vars, 0) => call.args.first().into_iter().collect(),
            _ => Vec::new(),
        };
    }
    (0..n)
        .filter(|&i| readers.contains(&(call.name.clone(), n, i)))
        .filter_map(|i| call.args.get(i))
        .collect()
}

/// Whether `e` is a map of params (`mapParams`, `getMapParams()`, a local initialized from one,
/// or a `...Params` map of strings), as opposed to run params or other maps.
fn is_param_map(e: &Expr, vars: &Vars, depth: u32) -> bool {
    match e {
        Expr::Call(c) => {
            c.args.is_empty() && matches!(&*c.name, "getMapParams" | "getOriginalMapParams")
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

/// Methods that pass one of their String parameters on as the key of a reader, found to a
/// fixpoint from `getParam`/`hasParam`/`getParamOrDefault` and the param-map lookups.
fn discover_readers(index: &Index, methods: &[(usize, usize)]) -> HashSet<Reader> {
    let mut readers: HashSet<Reader> = [
        ("getParam", 1, 0),
        ("hasParam", 1, 0),
        ("getParamOrDefault", 2, 0),
    ]
    .into_iter()
    .map(|(n, a, i)| (S::from(n), a, i))
    .collect();
    // (called reader candidate) → (calling method as a reader)
    let mut edges: Vec<(Reader, Reader)> = Vec::new();
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
                            readers.insert((me.0.clone(), me.1, i));
                        }
                    }
                }
                return;
            }
            for (j, a) in call.args.iter().enumerate() {
                if let Expr::Name(k) = a {
                    if let Some(i) = string_param(k) {
                        edges.push((
                            (call.name.clone(), call.args.len(), j),
                            (me.0.clone(), me.1, i),
                        ));
                    }
                }
            }
        });
    }
    loop {
        let before = readers.len();
        for (from, to) in &edges {
            if readers.contains(from) && !readers.contains(to) {
                readers.insert(to.clone());
            }
        }
        if readers.len() == before {
            break;
        }
    }
    readers
}
