//! Static ability modes and the classes handling them. Older engines compare the `Mode` param
//! with string literals or constants; newer ones have the enum `StaticAbilityMode` and `checkMode`.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::Kind;
use crate::analyze::{Out, find_class, find_enum};
use crate::index::{Index, Vars, root_name};
use crate::ir::*;
use crate::taint::{self, Spec};

const PKG: &str = "forge.game.staticability";

// Preference of the evidence naming a mode's handler (lower first).
const BY_NAME: u8 = 0;
const BY_DISPATCH: u8 = 1;
const BY_CHECK: u8 = 2;
const BY_COST: u8 = 3;

struct Modes {
    /// Mode → (class, line) where first seen.
    seen: BTreeMap<String, (usize, u32)>,
    handlers: HashMap<String, Vec<(u8, usize)>>,
}

impl Modes {
    fn add(&mut self, mode: &str, class: usize, line: u32) {
        if !mode.is_empty() && !mode.contains(char::is_whitespace) {
            self.seen.entry(mode.to_string()).or_insert((class, line));
        }
    }

    fn handler(&mut self, mode: &str, rank: u8, class: usize) {
        self.handlers
            .entry(mode.to_string())
            .or_default()
            .push((rank, class));
    }
}

/// Finds the static modes, writes their rows and returns mode → handler classes (best first).
pub(crate) fn run(out: &mut Out) -> BTreeMap<String, Vec<usize>> {
    let index = out.index;
    let root = find_class(index, PKG, "StaticAbility");
    let mode_enum = find_enum(index, PKG, "StaticAbilityMode");
    if root.is_none() {
        out.warnings.push(format!(
            "class {PKG}.StaticAbility not found: static modes are incomplete"
        ));
    }
    let mut modes = Modes {
        seen: BTreeMap::new(),
        handlers: HashMap::new(),
    };
    if let Some(e) = mode_enum {
        for k in &index.classes[e].decl.constants {
            modes.add(&k.name, e, k.line);
        }
    }
    let handler_rank = |c: usize| -> Option<u8> {
        let top = index.classes[c].top;
        if Some(top) == root || Some(top) == mode_enum {
            None
        } else if index.package(c) == PKG {
            Some(BY_CHECK)
        } else if index.package(c) == "forge.game.cost" {
            Some(BY_COST)
        } else {
            None
        }
    };

    // Methods of the root class taking the mode as a parameter (`applyAbility(String mode, ...)`).
    let mut mode_param_methods: HashMap<(S, usize), usize> = HashMap::new();
    if let Some(r) = root {
        for &k in &index.family[r] {
            for m in &index.classes[k].decl.methods {
                let mut hit = None;
                walk_stmts(&m.body, &mut |e| {
                    let Expr::Call(call) = e else { return };
                    if let Some((read, other)) = mode_comparison(call) {
                        if read.is_none() {
                            if let Some(p) = other.as_name() {
                                hit = hit.or(m.params.iter().position(|x| &*x.name == p));
                            }
                        }
                    }
                });
                if let Some(i) = hit {
                    mode_param_methods.insert((m.name.clone(), m.params.len()), i);
                }
            }
        }
    }

    for (c, mi) in index.all_methods() {
        let pkg = index.package(c);
        if !(pkg.starts_with("forge.game") || pkg.starts_with("forge.ai")) {
            continue;
        }
        let m = index.method(c, mi);
        let mut vars: Option<Vars> = None;
        let mut in_method: Vec<(String, u32)> = Vec::new();
        walk_stmts(&m.body, &mut |e| match e {
            Expr::Call(call) => {
                if let Some((read_recv, other)) = mode_comparison(call) {
                    let Some(word) = index.literal(c, other) else {
                        return;
                    };
                    let v = vars.get_or_insert_with(|| Vars::of(index, c, m));
                    if is_static_receiver(index, c, v, read_recv) {
                        modes.add(word, c, call.line);
                        in_method.push((word.to_string(), call.line));
                        if let Some(rank) = handler_rank(c) {
                            modes.handler(word, rank, index.classes[c].top);
                        }
                    }
                }
                if let Some(&i) = mode_param_methods.get(&(call.name.clone(), call.args.len())) {
                    if let Some(w) = call.args.get(i).and_then(|a| index.literal(c, a)) {
                        modes.add(w, c, call.line);
                    }
                }
            }
            Expr::Field(obj, x) => {
                if matches!(&**obj, Expr::Name(n) if &**n == "StaticAbilityMode") {
                    if let Some(rank) = handler_rank(c) {
                        modes.handler(x, rank, index.classes[c].top);
                    }
                }
            }
            _ => {}
        });
        // In the root class, a method comparing one mode and calling one handler class
        // dispatches that mode to it (`getAttackCost` → `StaticAbilityCantAttackBlock`).
        if Some(index.classes[c].top) == root {
            let distinct: HashSet<&str> = in_method.iter().map(|x| x.0.as_str()).collect();
            if distinct.len() == 1 {
                if let Some(h) = first_handler_call(index, c, &m.body, root) {
                    modes.handler(&in_method[0].0, BY_DISPATCH, h);
                }
            }
        }
    }

    // Modes tested inside the mode-parameter methods, and the class each branch calls.
    if let Some(r) = root {
        for &k in &index.family[r] {
            for (mi, m) in index.classes[k].decl.methods.iter().enumerate() {
                let Some(&p) = mode_param_methods.get(&(m.name.clone(), m.params.len())) else {
                    continue;
                };
                for f in taint::compared_words(index, k, mi, &[p], Spec::default()) {
                    modes.add(&f.word, k, f.line);
                }
                let pname = &*m.params[p].name;
                walk_all_stmts(&m.body, &mut |s| {
                    let Stmt::If { cond, then, .. } = s else {
                        return;
                    };
                    let mut words = Vec::new();
                    cond.walk(&mut |x| {
                        if let Expr::Call(call) = x {
                            if &*call.name == "equals" && call.args.len() == 1 {
                                let subj = call.recv.as_ref().and_then(|r| r.as_name());
                                if subj == Some(pname) {
                                    if let Some(w) = index.literal(k, &call.args[0]) {
                                        words.push(w.to_string());
                                    }
                                }
                            }
                        }
                    });
                    if let Some(h) = first_handler_call(index, k, then, root) {
                        for w in words {
                            modes.handler(&w, BY_DISPATCH, h);
                        }
                    }
                });
            }
        }
    }

    // A class named after the mode handles it (`StaticAbilityContinuous`).
    let names: Vec<String> = modes.seen.keys().cloned().collect();
    for mode in names {
        if let Some(c) = index.find_in(PKG, &format!("StaticAbility{mode}")) {
            modes.handler(&mode, BY_NAME, c);
        }
    }

    let mut result = BTreeMap::new();
    for (mode, (c, line)) in &modes.seen {
        let mut hs = modes.handlers.remove(mode).unwrap_or_default();
        hs.sort();
        let mut classes: Vec<usize> = Vec::new();
        for (_, h) in hs {
            if !classes.contains(&h) {
                classes.push(h);
            }
        }
        let detail = classes.first().map(|&h| index.name(h)).unwrap_or("");
        out.push(Kind::Static, mode, detail, *c, *line);
        result.insert(mode.clone(), classes);
    }
    result
}

/// `X.equals(Y)` where one side reads the `Mode` param: (receiver of the read, other side).
/// The receiver is `None` for an unqualified `getParam("Mode")`.
fn mode_comparison(call: &Call) -> Option<(Option<&Expr>, &Expr)> {
    if !matches!(&*call.name, "equals" | "equalsIgnoreCase") || call.args.len() != 1 {
        return None;
    }
    let recv = call.recv.as_ref()?;
    if let Some(r) = mode_read(recv) {
        return Some((r, &call.args[0]));
    }
    if let Some(r) = mode_read(&call.args[0]) {
        return Some((r, recv));
    }
    None
}

/// `getParam("Mode")`, `x.getParam("Mode")`, `x.getMapParams().get("Mode")`, `params.get("Mode")`:
/// the expression owning the params (`None` when unqualified).
fn mode_read(e: &Expr) -> Option<Option<&Expr>> {
    let call = e.as_call()?;
    if call.args.first().and_then(|a| a.as_str()) != Some("Mode") {
        return None;
    }
    match &*call.name {
        "getParam" | "getParamOrDefault" => Some(call.recv.as_ref()),
        "get" => {
            let m = call.recv.as_ref()?;
            match m {
                Expr::Call(g) if &*g.name == "getMapParams" => Some(g.recv.as_ref()),
                _ => Some(Some(m)),
            }
        }
        _ => None,
    }
}

/// Whether the params read belong to a static ability: an unqualified read inside the static
/// ability classes, or a receiver declared (or initialized from a variable declared) as one.
fn is_static_receiver(index: &Index, c: usize, vars: &Vars, recv: Option<&Expr>) -> bool {
    let is_static_type = |t: &str| t == "StaticAbility";
    match recv {
        None | Some(Expr::This) => index.package(c) == PKG || index.inherits(c, "StaticAbility"),
        Some(e) => {
            let Some(v) = root_name(e) else { return false };
            if vars.type_of(v).is_some_and(is_static_type) {
                return true;
            }
            // `Map<String, String> params = stAb.getMapParams();`
            let init = vars.init_of(v).and_then(root_name);
            init.and_then(|w| vars.type_of(w))
                .is_some_and(is_static_type)
        }
    }
}

/// The first static-ability class called as `Cls.method(...)` in `stmts`.
fn first_handler_call(
    index: &Index,
    c: usize,
    stmts: &[Stmt],
    root: Option<usize>,
) -> Option<usize> {
    let mut found = None;
    walk_stmts(stmts, &mut |e| {
        if found.is_some() {
            return;
        }
        if let Expr::Call(call) = e {
            if let Some(Expr::Name(n)) = &call.recv {
                if n.starts_with(char::is_uppercase) {
                    if let Some(k) = index.resolve_from(c, n) {
                        if index.package(k) == PKG && Some(index.classes[k].top) != root {
                            found = Some(k);
                        }
                    }
                }
            }
        }
    });
    found
}
