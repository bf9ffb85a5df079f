//! The analyses that turn the class index into rows: enums (ApiType, TriggerType, Keyword, ...),
//! the AI map, words compared by parsers (costs, Defined, Count$, Valid, line keys) and more.

use std::collections::{BTreeMap, HashMap};

use crate::index::Index;
use crate::ir::*;
use crate::taint::{self, Match, Spec};
use crate::{ExtractError, Kind, Row};

/// The classes behind the script vocabulary, shared by the analyses of params and statics.
#[derive(Default)]
pub(crate) struct Map {
    /// ApiType → effect class name.
    pub api: Vec<(String, String)>,
    /// ApiType → AI class name.
    pub api_ai: Vec<(String, String)>,
    pub triggers: Vec<(String, String)>,
    pub replacements: Vec<(String, String)>,
    /// Static mode → handler classes (best first).
    pub statics: BTreeMap<String, Vec<usize>>,
}

pub(crate) struct Out<'a> {
    pub index: &'a Index,
    pub rows: Vec<Row>,
    pub warnings: Vec<String>,
}

impl Out<'_> {
    pub fn push(&mut self, kind: Kind, name: &str, detail: &str, class: usize, line: u32) {
        if name.is_empty() {
            return;
        }
        self.rows.push(Row {
            kind,
            name: name.to_string(),
            detail: detail.to_string(),
            location: self.index.location(class, line),
        });
    }
}

pub(crate) fn run(index: &Index) -> Result<(Vec<Row>, Vec<String>), ExtractError> {
    let Some(api_enum) = find_enum(index, "forge.game.ability", "ApiType") else {
        return Err(ExtractError::NotForge(
            "no enum ApiType in package forge.game.ability".to_string(),
        ));
    };
    let mut out = Out {
        index,
        rows: Vec::new(),
        warnings: Vec::new(),
    };
    let mut map = Map {
        api: enum_classes(&mut out, api_enum, Kind::Api),
        ..Map::default()
    };
    map.api_ai = api_ai(&mut out);
    match find_enum(index, "forge.game.trigger", "TriggerType") {
        Some(e) => map.triggers = enum_classes(&mut out, e, Kind::Trigger),
        None => missing(
            &mut out,
            "enum forge.game.trigger.TriggerType",
            "trigger modes",
        ),
    }
    match find_enum(index, "forge.game.replacement", "ReplacementType") {
        Some(e) => map.replacements = enum_classes(&mut out, e, Kind::Replacement),
        None => missing(
            &mut out,
            "enum forge.game.replacement.ReplacementType",
            "replacement events",
        ),
    }
    map.statics = crate::statics::run(&mut out);
    keywords(&mut out);
    keyword_internal(&mut out);
    counters(&mut out);
    zones(&mut out);
    phases(&mut out);
    costs(&mut out);
    defined(&mut out);
    counts(&mut out);
    valid(&mut out);
    trigger_vars(&mut out, &map);
    line_keys(&mut out);
    crate::params::run(&mut out, &map);
    runtime_svars(&mut out);
    Ok((out.rows, out.warnings))
}

fn missing(out: &mut Out, what: &str, lost: &str) {
    out.warnings
        .push(format!("{what} not found: no {lost} extracted"));
}

/// An enum by package and name (falling back to the same name in another `forge.game` package,
/// for forks that moved it).
pub(crate) fn find_enum(index: &Index, package: &str, name: &str) -> Option<usize> {
    let is_enum = |i: &usize| index.classes[*i].decl.kind == TypeKind::Enum;
    index.find_in(package, name).filter(is_enum).or_else(|| {
        index
            .find(name)
            .filter(is_enum)
            .filter(|&i| index.package(i).starts_with("forge.game"))
    })
}

/// A class (any kind) by package and name, with the same fallback as [`find_enum`].
pub(crate) fn find_class(index: &Index, package: &str, name: &str) -> Option<usize> {
    index.find_in(package, name).or_else(|| {
        index.find(name).filter(|&i| {
            index.package(i).starts_with(
                package
                    .split('.')
                    .take(2)
                    .collect::<Vec<_>>()
                    .join(".")
                    .as_str(),
            )
        })
    })
}

fn first_class_arg(args: &[Expr]) -> Option<&str> {
    args.iter().find_map(|a| match a {
        Expr::ClassLit(c) => Some(&**c),
        _ => None,
    })
}

/// Rows `name / class` for the constants of an enum whose arguments name a class.
fn enum_classes(out: &mut Out, e: usize, kind: Kind) -> Vec<(String, String)> {
    let mut v = Vec::new();
    for k in &out.index.classes[e].decl.constants {
        if let Some(cls) = first_class_arg(&k.args) {
            v.push((k.name.to_string(), cls.to_string()));
        }
    }
    let index = out.index;
    for k in &index.classes[e].decl.constants {
        if let Some(cls) = first_class_arg(&k.args) {
            out.push(kind, &k.name, cls, e, k.line);
        }
    }
    v
}

/// `forge.ai.SpellApiToAi`: calls pairing `ApiType.X` with an AI class (`.put(ApiType.X, XAi.class)`).
fn api_ai(out: &mut Out) -> Vec<(String, String)> {
    let index = out.index;
    let Some(c) = find_class(index, "forge.ai", "SpellApiToAi") else {
        missing(out, "forge.ai.SpellApiToAi", "api-ai rows or AI params");
        return Vec::new();
    };
    let mut v = Vec::new();
    for &k in &index.family[c] {
        for m in &index.classes[k].decl.methods {
            walk_stmts(&m.body, &mut |e| {
                if let Expr::Call(call) = e {
                    let api = call.args.iter().find_map(|a| match a.as_qualified() {
                        Some(("ApiType", x)) => Some(x),
                        _ => None,
                    });
                    if let (Some(api), Some(cls)) = (api, first_class_arg(&call.args)) {
                        v.push((api.to_string(), cls.to_string(), call.line));
                    }
                }
            });
        }
    }
    let mut pairs = Vec::new();
    for (api, cls, line) in v {
        out.push(Kind::ApiAi, &api, &cls, c, line);
        pairs.push((api, cls));
    }
    pairs
}

/// `EnumUtil.getEnumDisplayName`: `FIRST_STRIKE` → `First Strike`.
fn enum_display_name(name: &str) -> String {
    let mut s = String::with_capacity(name.len());
    let mut upper = true;
    for ch in name.chars() {
        if ch == '_' {
            s.push(' ');
            upper = true;
        } else if upper {
            s.push(ch);
            upper = false;
        } else {
            s.extend(ch.to_lowercase());
        }
    }
    s
}

fn keywords(out: &mut Out) {
    let index = out.index;
    let Some(e) = find_enum(index, "forge.game.keyword", "Keyword") else {
        missing(out, "enum forge.game.keyword.Keyword", "keywords");
        return;
    };
    for k in &index.classes[e].decl.constants {
        // The placeholder for unknown keywords is no keyword scripts can write.
        if &*k.name == "UNDEFINED" {
            continue;
        }
        let cls = first_class_arg(&k.args).unwrap_or("");
        // Newer enums spell the display name out before the class; older ones derive it.
        let display = match k.args.first() {
            Some(Expr::Str(s)) => s.to_string(),
            _ => enum_display_name(&k.name),
        };
        out.push(Kind::Keyword, &display, cls, e, k.line);
    }
}

/// Names of String variables that hold one keyword's text in the engine's loops.
const KEYWORD_VARS: &[&str] = &["keyword", "kw", "hiddenKeyword", "keywordText", "hkw"];

/// Methods that test a card's keywords by their literal text.
fn is_keyword_test(name: &str) -> bool {
    (name.starts_with("has") && name.contains("Keyword"))
        || matches!(name, "getAmountOfKeyword" | "getKeywordMagnitude")
}

fn keyword_internal(out: &mut Out) {
    let index = out.index;
    let mut found = Vec::new();
    for (c, m) in index.all_methods() {
        let pkg = index.package(c);
        if !(pkg.starts_with("forge.game") || pkg.starts_with("forge.ai")) {
            continue;
        }
        let method = index.method(c, m);
        // Comparisons on a String variable holding one keyword (`keyword.startsWith("CantEquip")`).
        let kw_vars: Vec<&str> = {
            let vars = crate::index::Vars::of(index, c, method);
            KEYWORD_VARS
                .iter()
                .copied()
                .filter(|v| vars.type_of(v) == Some("String"))
                .collect()
        };
        // Texts compared with a keyword's written text (`kw.equals(ki.getOriginal())`), where
        // `kw` is a constant, also one the code builds by concatenating literals.
        let mut consts: HashMap<&str, String> = HashMap::new();
        crate::ir::walk_all_stmts(&method.body, &mut |st| {
            if let Stmt::Local {
                ty,
                name,
                init: Some(init),
                ..
            } = st
                && &**ty == "String"
                && let Some(text) = const_str(index, c, init, &HashMap::new())
            {
                consts.insert(name, text);
            }
        });
        walk_stmts(&method.body, &mut |e| {
            let Expr::Call(call) = e else { return };
            if !matches!(&*call.name, "equals" | "equalsIgnoreCase") || call.args.len() != 1 {
                return;
            }
            let (Some(recv), arg) = (call.recv.as_ref(), &call.args[0]) else {
                return;
            };
            let original = |x: &Expr| x.as_call().is_some_and(|k| &*k.name == "getOriginal");
            let text = if original(arg) {
                const_str(index, c, recv, &consts)
            } else if original(recv) {
                const_str(index, c, arg, &consts)
            } else {
                None
            };
            if let Some(text) = text {
                found.push((text, c, call.line));
            }
        });
        // Sentences naming the card (`CARDNAME can't block.`) are hidden keywords wherever the
        // engine writes them: keyword lists, comparisons, prompts that quote them.
        let mut line = 0;
        walk_stmts(&method.body, &mut |e| {
            if let Expr::Str(text) = e
                && text.contains("CARDNAME")
            {
                found.push((text.to_string(), c, line));
                return;
            }
            let Expr::Call(call) = e else { return };
            line = call.line;
            if !kw_vars.is_empty() && Match::of_method(&call.name).is_some() && call.args.len() == 1
            {
                let subj = call.recv.as_ref().and_then(|r| r.as_name());
                let other = call.args[0].as_name();
                let (lit, var) = match (subj, other) {
                    (Some(v), _) if kw_vars.contains(&v) => (index.literal(c, &call.args[0]), v),
                    (_, Some(v)) if kw_vars.contains(&v) => {
                        (call.recv.as_ref().and_then(|r| index.literal(c, r)), v)
                    }
                    _ => (None, ""),
                };
                if let (Some(w), false) = (lit, var.is_empty()) {
                    found.push((w.to_string(), c, call.line));
                }
            }
            if !is_keyword_test(&call.name) {
                return;
            }
            for a in &call.args {
                if let Some(w) = index.literal(c, a) {
                    found.push((w.to_string(), c, call.line));
                } else if let Expr::Call(inner) = a {
                    // `hasAnyKeyword(Arrays.asList("A", "B"))`
                    if matches!(
                        &*inner.name,
                        "asList" | "of" | "newArrayList" | "newHashSet"
                    ) {
                        for x in &inner.args {
                            if let Some(w) = index.literal(c, x) {
                                found.push((w.to_string(), c, call.line));
                            }
                        }
                    }
                }
            }
        });
    }
    for (w, c, line) in found {
        // Separators tested inside keyword texts (`:`, `.`) are no keywords.
        let w = w.trim();
        if w.chars().any(char::is_alphanumeric) {
            out.push(Kind::KeywordInternal, w, "", c, line);
        }
    }
}

/// The text of a constant String expression: a literal or constant, a local of `locals`, or a
/// concatenation of those.
fn const_str(index: &Index, c: usize, e: &Expr, locals: &HashMap<&str, String>) -> Option<String> {
    if let Expr::Name(n) = e
        && let Some(t) = locals.get(&**n)
    {
        return Some(t.clone());
    }
    if let Expr::Binary(b) = e
        && &*b.0 == "+"
    {
        let mut t = const_str(index, c, &b.1, locals)?;
        t.push_str(&const_str(index, c, &b.2, locals)?);
        return Some(t);
    }
    index.literal(c, e).map(str::to_string)
}

/// The constructor of enum `e` taking `n` arguments.
fn ctor(index: &Index, e: usize, n: usize) -> Option<&Method> {
    index.classes[e]
        .decl
        .methods
        .iter()
        .find(|m| m.is_ctor && m.params.len() == n)
}

fn counters(out: &mut Out) {
    let index = out.index;
    let e = find_enum(index, "forge.game.card", "CounterEnumType")
        .or_else(|| find_enum(index, "forge.game.card", "CounterType"));
    let Some(e) = e else {
        missing(
            out,
            "enum forge.game.card.CounterEnumType (or CounterType)",
            "counter types",
        );
        return;
    };
    for k in &index.classes[e].decl.constants {
        // The display string is the argument bound to the constructor parameter `name`.
        let detail = ctor(index, e, k.args.len())
            .and_then(|m| m.params.iter().position(|p| &*p.name == "name"))
            .and_then(|i| k.args.get(i))
            .and_then(|a| a.as_str())
            .unwrap_or("");
        out.push(Kind::Counter, &k.name, detail, e, k.line);
    }
    // Upstream since 2021: a class `CounterType` wraps the enum, and its `getType(String)`
    // catches the enum's parse error and makes a counter kind of any other name (no throw).
    // The row `counter * new-kind` says so (the 2020 enum throws instead).
    if let Some(c) = index
        .find_in("forge.game.card", "CounterType")
        .filter(|&c| index.classes[c].decl.kind == TypeKind::Class && c != e)
    {
        let lenient = index.classes[c].decl.methods.iter().find_map(|m| {
            (&*m.name == "getType" && m.params.len() == 1 && &*m.params[0].ty == "String")
                .then(|| lenient_catch(&m.body))
                .flatten()
        });
        if let Some(line) = lenient {
            out.push(Kind::Counter, "*", "new-kind", c, line);
        }
        // Keyword counters (rule 122.1b), listed by name in a static field of the wrapper
        // (`keywordCounter = ImmutableList.of("Flying", "First Strike", ...)`): names with
        // spaces that are no enum constants. `counter <name> keyword`.
        for f in &index.classes[c].decl.fields {
            if !f.is_static || !f.name.to_ascii_lowercase().contains("keyword") {
                continue;
            }
            let Some(call) = f.init.as_ref().and_then(|e| e.as_call()) else {
                continue;
            };
            if !matches!(&*call.name, "of" | "asList" | "newArrayList") {
                continue;
            }
            for a in &call.args {
                if let Some(name) = a.as_str() {
                    out.push(Kind::Counter, name, "keyword", c, call.line);
                }
            }
        }
    }
}

/// The line of a `catch (IllegalArgumentException ..)` in `body` whose handler does not throw
/// (the parse error is caught and another value made), if any.
fn lenient_catch(body: &[Stmt]) -> Option<u32> {
    fn throws(b: &[Stmt]) -> bool {
        b.iter().any(|s| match s {
            Stmt::Throw(_) => true,
            Stmt::Block(b) => throws(b),
            _ => false,
        })
    }
    fn first_line(b: &[Stmt]) -> u32 {
        fn expr_line(e: &crate::ir::Expr) -> Option<u32> {
            match e {
                crate::ir::Expr::Call(c) => Some(c.line),
                crate::ir::Expr::Other(v) => v.iter().find_map(expr_line),
                _ => None,
            }
        }
        fn find(b: &[Stmt]) -> Option<u32> {
            b.iter().find_map(|s| match s {
                Stmt::Expr(e) => expr_line(e),
                Stmt::Local { line, .. } => Some(*line),
                Stmt::Block(b) => find(b),
                _ => None,
            })
        }
        find(b).unwrap_or(0)
    }
    body.iter().find_map(|s| match s {
        Stmt::Try { body, catches, .. } => catches
            .iter()
            .find(|(ty, h)| ty.contains("IllegalArgumentException") && !throws(h))
            .map(|(_, h)| first_line(h))
            .or_else(|| lenient_catch(body)),
        Stmt::Block(b) => lenient_catch(b),
        Stmt::If { then, els, .. } => lenient_catch(then).or_else(|| lenient_catch(els)),
        _ => None,
    })
}

fn zones(out: &mut Out) {
    let index = out.index;
    let Some(e) = find_enum(index, "forge.game.zone", "ZoneType") else {
        missing(out, "enum forge.game.zone.ZoneType", "zones");
        return;
    };
    let consts: Vec<String> = index.classes[e]
        .decl
        .constants
        .iter()
        .map(|k| k.name.to_lowercase())
        .collect();
    for k in &index.classes[e].decl.constants {
        out.push(Kind::Zone, &k.name, "enum", e, k.line);
    }
    // Words the zone parser itself accepts besides the constants (`All`).
    for (mi, m) in index.classes[e].decl.methods.iter().enumerate() {
        let seeds: Vec<usize> = string_params(m);
        if seeds.is_empty() {
            continue;
        }
        for f in taint::compared_words(index, e, mi, &seeds, Spec::default()) {
            if f.how == Match::Exact && !consts.contains(&f.word.to_lowercase()) {
                out.push(Kind::Zone, &f.word, "special", e, f.line);
            }
        }
    }
    // Zone words compared with the zone params of triggers (`Any`).
    let mut found = Vec::new();
    for (c, m) in index.all_methods() {
        if !index.package(c).starts_with("forge.game.trigger") {
            continue;
        }
        walk_stmts(&index.method(c, m).body, &mut |ex| {
            let Expr::Call(call) = ex else { return };
            if !matches!(&*call.name, "equals" | "equalsIgnoreCase") || call.args.len() != 1 {
                return;
            }
            let is_zone_param = |x: &Expr| {
                x.as_call().is_some_and(|g| {
                    matches!(&*g.name, "getParam" | "get")
                        && g.args
                            .first()
                            .and_then(|a| a.as_str())
                            .is_some_and(|k| matches!(k, "Origin" | "Destination"))
                })
            };
            let recv = call.recv.as_ref();
            let word = if recv.is_some_and(is_zone_param) {
                index.literal(c, &call.args[0])
            } else if is_zone_param(&call.args[0]) {
                recv.and_then(|r| index.literal(c, r))
            } else {
                None
            };
            if let Some(w) = word {
                if !consts.contains(&w.to_lowercase()) {
                    found.push((w.to_string(), c, call.line));
                }
            }
        });
    }
    for (w, c, line) in found {
        out.push(Kind::Zone, &w, "special", c, line);
    }
}

fn string_params(m: &Method) -> Vec<usize> {
    m.params
        .iter()
        .enumerate()
        .filter(|(_, p)| simple_type(&p.ty) == "String" && !p.ty.ends_with("[]"))
        .map(|(i, _)| i)
        .collect()
}

fn phases(out: &mut Out) {
    let index = out.index;
    let Some(e) = find_enum(index, "forge.game.phase", "PhaseType") else {
        missing(out, "enum forge.game.phase.PhaseType", "phases");
        return;
    };
    for k in &index.classes[e].decl.constants {
        out.push(Kind::Phase, &k.name, "enum", e, k.line);
        let idx = script_name_param(index, e, k.args.len(), 0);
        let name = match idx {
            Some(i) => k.args.get(i).and_then(|a| a.as_str()),
            // Unknown constructor: the last string argument is the script name in every
            // version seen so far.
            None => k.args.iter().rev().find_map(|a| a.as_str()),
        };
        if let Some(n) = name {
            out.push(Kind::Phase, n, "name", e, k.line);
        }
    }
}

/// Which argument of the `n`-argument constructor of enum `e` ends up in the field the script
/// name lives in (`nameForScripts`), following `this(...)` delegation.
fn script_name_param(index: &Index, e: usize, n: usize, depth: u32) -> Option<usize> {
    if depth > 4 {
        return None;
    }
    let m = ctor(index, e, n)?;
    let param_idx = |name: &str| m.params.iter().position(|p| &*p.name == name);
    let mut direct = None;
    let mut delegated = None;
    walk_stmts(&m.body, &mut |x| match x {
        Expr::Assign(a) => {
            let field = match &a.0 {
                Expr::Field(o, f) if matches!(**o, Expr::This) => Some(&**f),
                Expr::Name(f) => Some(&**f),
                _ => None,
            };
            if let (Some(f), Some(p)) = (field, a.1.as_name()) {
                if f.to_lowercase().contains("script") {
                    direct = direct.or(param_idx(p));
                }
            }
        }
        Expr::Call(c) if c.recv.is_none() && &*c.name == "this" => {
            delegated = Some(c);
        }
        _ => {}
    });
    if direct.is_some() {
        return direct;
    }
    let c = delegated?;
    let j = script_name_param(index, e, c.args.len(), depth + 1)?;
    c.args.get(j).and_then(|a| a.as_name()).and_then(param_idx)
}

fn costs(out: &mut Out) {
    let index = out.index;
    let Some(c) = find_class(index, "forge.game.cost", "Cost") else {
        missing(out, "class forge.game.cost.Cost", "cost parts");
        return;
    };
    let mut found = Vec::new();
    let mut classes: HashMap<String, String> = HashMap::new();
    for (mi, m) in index.classes[c].decl.methods.iter().enumerate() {
        if !(m.is_ctor || m.name.starts_with("parse")) {
            continue;
        }
        let seeds = string_params(m);
        if seeds.is_empty() {
            continue;
        }
        found.extend(taint::compared_words(
            index,
            c,
            mi,
            &seeds,
            Spec {
                substring_any: false,
                follow: true,
            },
        ));
    }
    // The part class: the first `new Cost...` in the branch an `if` on the word guards.
    for &k in &index.family[c] {
        for m in &index.classes[k].decl.methods {
            walk_all_stmts(&m.body, &mut |s| {
                let Stmt::If { cond, then, .. } = s else {
                    return;
                };
                let mut words = Vec::new();
                cond.walk(&mut |x| {
                    if let Expr::Call(call) = x {
                        if Match::of_method(&call.name).is_some() {
                            for a in call.args.iter().chain(call.recv.as_ref()) {
                                if let Some(w) = a.as_str() {
                                    words.push(w.trim_end_matches('<').to_string());
                                }
                            }
                        }
                    }
                });
                let mut created = None;
                walk_stmts(then, &mut |x| {
                    if let Expr::New(n) = x {
                        if created.is_none() && n.0.starts_with("Cost") {
                            created = Some(n.0.to_string());
                        }
                    }
                });
                if let Some(cls) = created {
                    for w in words {
                        classes.entry(w).or_insert_with(|| cls.clone());
                    }
                }
            });
        }
    }
    for f in found {
        let name = f.word.trim_end_matches('<');
        let detail = classes.get(name).map(String::as_str).unwrap_or("");
        out.push(Kind::Cost, name, detail, f.class, f.line);
    }
}

fn defined(out: &mut Out) {
    let index = out.index;
    let Some(c) = find_class(index, "forge.game.ability", "AbilityUtils") else {
        missing(
            out,
            "class forge.game.ability.AbilityUtils",
            "Defined words",
        );
        return;
    };
    let what_of = |name: &str| match name {
        "getDefinedCards" => Some("card"),
        "getDefinedPlayers" => Some("player"),
        "getDefinedSpellAbilities" => Some("spell"),
        "getDefinedObjects" | "getDefinedEntities" => Some("object"),
        _ => None,
    };
    let mut found = Vec::new();
    for (mi, m) in index.classes[c].decl.methods.iter().enumerate() {
        let Some(what) = what_of(&m.name) else {
            continue;
        };
        let seeds = string_params(m);
        for f in taint::compared_words(
            index,
            c,
            mi,
            &seeds,
            Spec {
                substring_any: false,
                follow: true,
            },
        ) {
            // A word compared inside another resolver belongs to that resolver.
            let w = what_of(&index.method(f.class, f.method).name).unwrap_or(what);
            found.push((f, w));
        }
    }
    for (f, what) in found {
        let detail = format!("{}:{}", f.how.as_str(), what);
        out.push(Kind::Defined, &f.word, &detail, f.class, f.line);
    }
}

fn counts(out: &mut Out) {
    let index = out.index;
    let mut found = Vec::new();
    for (c, m) in index.all_methods() {
        let method = index.method(c, m);
        if &*method.name != "xCount" || !index.package(c).starts_with("forge.game") {
            continue;
        }
        let seeds = string_params(method);
        found.extend(taint::compared_words(
            index,
            c,
            m,
            &seeds,
            Spec {
                substring_any: false,
                follow: true,
            },
        ));
    }
    if found.is_empty() {
        out.warnings
            .push("no xCount method found: no Count$ words extracted".to_string());
    }
    for f in found {
        out.push(Kind::Count, &f.word, f.how.as_str(), f.class, f.line);
    }
}

fn valid(out: &mut Out) {
    let index = out.index;
    let sources = [
        (
            "forge.game.card",
            "CardProperty",
            "cardHasProperty",
            Kind::ValidCard,
        ),
        (
            "forge.game",
            "ForgeScript",
            "cardStateHasProperty",
            Kind::ValidCard,
        ),
        (
            "forge.game.player",
            "PlayerProperty",
            "playerHasProperty",
            Kind::ValidPlayer,
        ),
        (
            "forge.game",
            "ForgeScript",
            "spellAbilityHasProperty",
            Kind::ValidSpell,
        ),
    ];
    for (pkg, cls, method, kind) in sources {
        let Some(c) = find_class(index, pkg, cls) else {
            missing(out, &format!("class {pkg}.{cls}"), &format!("{kind} words"));
            continue;
        };
        let mut found = Vec::new();
        for (mi, m) in index.classes[c].decl.methods.iter().enumerate() {
            if &*m.name != method {
                continue;
            }
            // The property text is the parameter named `property` (or every String one).
            let mut seeds: Vec<usize> = m
                .params
                .iter()
                .position(|p| &*p.name == "property")
                .into_iter()
                .collect();
            if seeds.is_empty() {
                seeds = string_params(m);
            }
            found.extend(taint::compared_words(
                index,
                c,
                mi,
                &seeds,
                Spec {
                    substring_any: false,
                    follow: true,
                },
            ));
        }
        for f in found {
            out.push(kind, &f.word, f.how.as_str(), f.class, f.line);
        }
    }
}

fn trigger_vars(out: &mut Out, map: &Map) {
    let index = out.index;
    let mut found = Vec::new();
    for (mode, cls) in &map.triggers {
        let Some(c) = index.find(cls) else { continue };
        // setTriggeringObjects of the class (or the nearest superclass defining it) and the
        // helpers it calls in the same class chain.
        let chain = index.chain(c);
        let mut todo: Vec<(usize, usize)> = index
            .methods_named(c, "setTriggeringObjects")
            .into_iter()
            .take(1)
            .collect();
        let mut seen = std::collections::HashSet::new();
        while let Some((k, mi)) = todo.pop() {
            if !seen.insert((k, mi)) {
                continue;
            }
            walk_stmts(&index.method(k, mi).body, &mut |e| {
                let Expr::Call(call) = e else { return };
                let keys: &[Expr] = match &*call.name {
                    "setTriggeringObject" => call.args.get(..1).unwrap_or(&[]),
                    "setTriggeringObjectsFrom" => call.args.get(1..).unwrap_or(&[]),
                    _ => {
                        if matches!(call.recv, None | Some(Expr::This)) {
                            for &a in &chain {
                                for (mj, m) in index.classes[a].decl.methods.iter().enumerate() {
                                    if m.name == call.name {
                                        todo.push((a, mj));
                                    }
                                }
                            }
                        }
                        &[]
                    }
                };
                for a in keys {
                    let key = match a.as_qualified() {
                        Some(("AbilityKey", x)) => Some(x),
                        _ => index.literal(k, a),
                    };
                    if let Some(key) = key {
                        found.push((key.to_string(), mode.clone(), k, call.line));
                    }
                }
            });
        }
    }
    for (key, mode, c, line) in found {
        out.push(Kind::TriggerVar, &key, &mode, c, line);
    }
}

fn line_keys(out: &mut Out) {
    let index = out.index;
    let Some(c) = find_class(index, "forge.card", "CardRules") else {
        out.warnings.push(
            "class forge.card.CardRules not found (forge-core absent?): no line keys extracted"
                .to_string(),
        );
        return;
    };
    let mut found = Vec::new();
    for &k in &index.family[c] {
        for (mi, m) in index.classes[k].decl.methods.iter().enumerate() {
            if &*m.name != "parseLine" {
                continue;
            }
            let seeds = string_params(m).into_iter().take(1).collect::<Vec<_>>();
            found.extend(taint::compared_words(index, k, mi, &seeds, Spec::default()));
        }
    }
    for f in found {
        if f.how == Match::Exact {
            out.push(Kind::LineKey, &f.word, "", f.class, f.line);
        }
    }
}

/// Params whose value names an SVar the engine sets while the card is played
/// (`host.setSVar(sa.getParam("ResultSVar"), ..)`): `value <Key> <scope> sets-svar -`, the scope
/// being each ApiType the class implements (else `common:ability`).
fn runtime_svars(out: &mut Out) {
    let index = out.index;
    let mut apis: HashMap<String, Vec<String>> = HashMap::new();
    for r in &out.rows {
        if r.kind == Kind::Api && !r.detail.is_empty() {
            apis.entry(r.detail.clone())
                .or_default()
                .push(r.name.clone());
        }
    }
    let mut found: Vec<(usize, String, u32)> = Vec::new();
    for (c, class) in index.classes.iter().enumerate() {
        if class.gui {
            continue;
        }
        for m in &class.decl.methods {
            crate::ir::walk_stmts(&m.body, &mut |e| {
                let Some(call) = e.as_call() else { return };
                if &*call.name != "setSVar" || call.args.len() != 2 {
                    return;
                }
                let Some(read) = call.args[0].as_call() else {
                    return;
                };
                if matches!(&*read.name, "getParam" | "getParamOrDefault")
                    && let Some(key) = read.args.first().and_then(|a| a.as_str())
                {
                    found.push((c, key.to_string(), call.line));
                }
            });
        }
    }
    for (c, key, line) in found {
        let scopes: Vec<String> = match apis.get(index.name(c)) {
            Some(names) => names.iter().map(|n| format!("api:{n}")).collect(),
            None => vec!["common:ability".to_string()],
        };
        for scope in scopes {
            out.push(Kind::Value, &key, &format!("{scope} sets-svar -"), c, line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names() {
        assert_eq!(enum_display_name("FIRST_STRIKE"), "First Strike");
        assert_eq!(enum_display_name("Ingest"), "Ingest");
        assert_eq!(enum_display_name("MAYFLASHCOST"), "Mayflashcost");
    }
}
