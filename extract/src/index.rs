//! The class index: every parsed type by package and simple name, with superclass chains, method
//! lookup and `static final String` constants, so that analyses locate classes by name, not path.

use std::collections::HashMap;

use crate::ir::*;

pub(crate) struct ClassInfo {
    pub package: String,
    /// Index of the file in `Index::files`.
    pub file: usize,
    pub decl: TypeDecl,
    /// The top-level class this type is (or is nested in).
    pub top: usize,
    /// Declared in a GUI/player file: seen only by the param analysis.
    pub gui: bool,
}

pub(crate) struct Index {
    pub files: Vec<JavaFile>,
    pub classes: Vec<ClassInfo>,
    by_simple: HashMap<S, Vec<usize>>,
    /// Types nested in each top-level class (itself included).
    pub family: Vec<Vec<usize>>,
    superclass: Vec<Option<usize>>,
}

impl Index {
    pub fn build(mut files: Vec<JavaFile>) -> Index {
        let mut classes = Vec::new();
        for (fi, f) in files.iter_mut().enumerate() {
            let mut top_of_file = HashMap::new();
            for t in std::mem::take(&mut f.types) {
                let id = classes.len();
                let top_name = t.outer.split('.').next().unwrap_or("").to_string();
                let top = if t.outer.is_empty() {
                    top_of_file.insert(t.name.to_string(), id);
                    id
                } else {
                    top_of_file.get(&top_name).copied().unwrap_or(id)
                };
                classes.push(ClassInfo {
                    package: f.package.clone(),
                    file: fi,
                    decl: t,
                    top,
                    gui: f.gui,
                });
            }
        }
        let mut by_simple: HashMap<S, Vec<usize>> = HashMap::new();
        for (i, c) in classes.iter().enumerate() {
            by_simple.entry(c.decl.name.clone()).or_default().push(i);
        }
        let mut family = vec![Vec::new(); classes.len()];
        for (i, c) in classes.iter().enumerate() {
            family[c.top].push(i);
        }
        let mut idx = Index {
            files,
            classes,
            by_simple,
            family,
            superclass: Vec::new(),
        };
        idx.superclass = (0..idx.classes.len())
            .map(|i| {
                let c = &idx.classes[i];
                c.decl
                    .superclass
                    .as_deref()
                    .and_then(|s| idx.resolve_from(i, s))
                    .filter(|&s| s != i)
            })
            .collect();
        idx
    }

    pub fn name(&self, c: usize) -> &str {
        &self.classes[c].decl.name
    }

    pub fn package(&self, c: usize) -> &str {
        &self.classes[c].package
    }

    pub fn rel_path(&self, c: usize) -> &str {
        &self.files[self.classes[c].file].rel_path
    }

    pub fn location(&self, c: usize, line: u32) -> String {
        format!("{}:{}", self.rel_path(c), line)
    }

    /// The engine type `simple` declared in `package` (top-level or nested).
    pub fn find_in(&self, package: &str, simple: &str) -> Option<usize> {
        self.by_simple
            .get(simple)?
            .iter()
            .copied()
            .find(|&i| self.classes[i].package == package && !self.classes[i].gui)
    }

    /// An engine type by simple name, preferring the game engine, then the AI, then anything
    /// else (never a GUI class).
    pub fn find(&self, simple: &str) -> Option<usize> {
        let v = self.by_simple.get(simple)?;
        let rank = |i: &usize| {
            let p = &self.classes[*i].package;
            if p.starts_with("forge.game") {
                0
            } else if p.starts_with("forge.ai") {
                1
            } else {
                2
            }
        };
        v.iter()
            .copied()
            .filter(|&i| !self.classes[i].gui)
            .min_by_key(|i| (rank(i), *i))
    }

    /// Resolves a simple type name as seen from class `from`: nested in it, same package, then
    /// anywhere.
    pub fn resolve_from(&self, from: usize, simple: &str) -> Option<usize> {
        let v = self.by_simple.get(simple)?;
        let top = self.classes[from].top;
        if let Some(&i) = v.iter().find(|&&i| self.classes[i].top == top) {
            return Some(i);
        }
        let pkg = &self.classes[from].package;
        if let Some(&i) = v.iter().find(|&&i| &self.classes[i].package == pkg) {
            return Some(i);
        }
        self.find(simple)
    }

    pub fn superclass(&self, c: usize) -> Option<usize> {
        self.superclass.get(c).copied().flatten()
    }

    /// `c` and its superclasses, nearest first (cycles cut).
    pub fn chain(&self, c: usize) -> Vec<usize> {
        let mut out = vec![c];
        let mut cur = c;
        while let Some(s) = self.superclass(cur) {
            if out.contains(&s) || out.len() > 64 {
                break;
            }
            out.push(s);
            cur = s;
        }
        out
    }

    /// Whether `c` is `ancestor` or inherits from it (by simple name).
    pub fn inherits(&self, c: usize, ancestor: &str) -> bool {
        let chain = self.chain(c);
        // The superclass named by the last known class counts even when its file is absent.
        let beyond = chain
            .last()
            .and_then(|&l| self.classes[l].decl.superclass.as_deref());
        chain.iter().any(|&a| self.name(a) == ancestor)
            || beyond == Some(ancestor)
            || self.classes[c]
                .decl
                .interfaces
                .iter()
                .any(|i| &**i == ancestor)
    }

    /// The value of a string constant visible from class `c`: a field with a string literal
    /// initializer in the class, its superclasses or its enclosing classes.
    pub fn constant(&self, c: usize, name: &str) -> Option<&str> {
        let mut seen = Vec::new();
        let mut todo = self.chain(c);
        todo.extend(self.family[self.classes[c].top].iter().copied());
        for k in todo {
            if seen.contains(&k) {
                continue;
            }
            seen.push(k);
            for f in &self.classes[k].decl.fields {
                if &*f.name == name && (f.is_static || f.is_final) {
                    if let Some(Expr::Str(s)) = &f.init {
                        return Some(s);
                    }
                }
            }
        }
        None
    }

    /// The string an expression stands for when it is a literal or a known constant
    /// (`"Key"`, `KEY`, `SomeClass.KEY`).
    pub fn literal<'a>(&'a self, c: usize, e: &'a Expr) -> Option<&'a str> {
        match e {
            Expr::Str(s) => Some(s),
            Expr::Name(n) => self.constant(c, n),
            Expr::Field(obj, f) => match &**obj {
                Expr::Name(cls) => {
                    let k = self.resolve_from(c, cls)?;
                    self.constant(k, f)
                }
                Expr::This => self.constant(c, f),
                _ => None,
            },
            Expr::Call(call) if call.args.is_empty() => self.enum_accessor(c, call),
            _ => None,
        }
    }

    /// `Enum.CONST.getter()` where the getter returns a field the constructor sets from a
    /// string argument (`AbilityRecordType.Ability.getPrefix()` → `"AB"`).
    fn enum_accessor(&self, c: usize, call: &Call) -> Option<&str> {
        let (en, konst) = call.recv.as_ref()?.as_qualified()?;
        let e = self.resolve_from(c, en)?;
        let decl = &self.classes[e].decl;
        let k = decl.constants.iter().find(|k| &*k.name == konst)?;
        let getter = decl
            .methods
            .iter()
            .find(|m| m.name == call.name && m.params.is_empty())?;
        // The field the getter returns: `return prefix;` or `return this.prefix;`.
        let mut field = None;
        walk_stmts(&getter.body, &mut |x| {
            if field.is_none() {
                match x {
                    Expr::Name(n) => field = Some(&**n),
                    Expr::Field(o, f) if matches!(**o, Expr::This) => field = Some(&**f),
                    _ => {}
                }
            }
        });
        let field = field?;
        let ctor = decl
            .methods
            .iter()
            .find(|m| m.is_ctor && m.params.len() == k.args.len())?;
        // The constructor parameter assigned to that field.
        let mut param = None;
        walk_stmts(&ctor.body, &mut |x| {
            if let Expr::Assign(a) = x {
                let target = match &a.0 {
                    Expr::Field(o, f) if matches!(**o, Expr::This) => Some(&**f),
                    Expr::Name(f) => Some(&**f),
                    _ => None,
                };
                if target == Some(field) {
                    if let Some(p) = a.1.as_name() {
                        param = param.or(ctor.params.iter().position(|q| &*q.name == p));
                    }
                }
            }
        });
        k.args.get(param?)?.as_str()
    }

    /// Methods named `name` in class `c` and its superclasses (the nearest declaring class
    /// first), as (class, method index).
    pub fn methods_named(&self, c: usize, name: &str) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for k in self.chain(c) {
            for (mi, m) in self.classes[k].decl.methods.iter().enumerate() {
                if &*m.name == name {
                    out.push((k, mi));
                }
            }
        }
        out
    }

    pub fn method(&self, c: usize, m: usize) -> &Method {
        &self.classes[c].decl.methods[m]
    }

    /// Every (class, method) of the engine (GUI classes left out), in file order.
    pub fn all_methods(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.methods_where(false)
    }

    /// Every (class, method) of the GUI/player classes, in file order.
    pub fn gui_methods(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.methods_where(true)
    }

    fn methods_where(&self, gui: bool) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.classes
            .iter()
            .enumerate()
            .filter(move |(_, ci)| ci.gui == gui)
            .flat_map(|(c, ci)| (0..ci.decl.methods.len()).map(move |m| (c, m)))
    }
}

/// Declared types of the names visible in one method: parameters, locals, loop variables and
/// the fields of its class chain. Scopes inside the method are not told apart.
pub(crate) struct Vars<'a> {
    /// Every declaration of each name in the method (parameters, locals, loop variables).
    decls: HashMap<&'a str, Vec<(&'a str, Option<&'a Expr>)>>,
    /// The line of each of those declarations (0 for parameters).
    lines: HashMap<&'a str, Vec<u32>>,
    /// Fields of the class chain (shadowed by the method's own names).
    fields: HashMap<&'a str, (&'a str, Option<&'a Expr>)>,
    /// Loop variables and what they iterate over (a name may be reused by several loops).
    pub loops: HashMap<&'a str, Vec<&'a Expr>>,
    /// The method belongs to a card trait (ability, trigger, ...): its string maps are params.
    pub in_trait: bool,
}

impl<'a> Vars<'a> {
    pub fn of(index: &'a Index, c: usize, m: &'a Method) -> Vars<'a> {
        let mut fields: HashMap<&'a str, (&'a str, Option<&'a Expr>)> = HashMap::new();
        let mut decls: HashMap<&'a str, Vec<(&'a str, Option<&'a Expr>)>> = HashMap::new();
        let mut lines: HashMap<&'a str, Vec<u32>> = HashMap::new();
        let mut loops: HashMap<&'a str, Vec<&'a Expr>> = HashMap::new();
        for k in index.chain(c) {
            for f in &index.classes[k].decl.fields {
                fields.entry(&f.name).or_insert((&f.ty, f.init.as_ref()));
            }
        }
        for p in &m.params {
            decls.entry(&p.name).or_default().push((&p.ty, None));
            lines.entry(&p.name).or_default().push(0);
        }
        walk_all_stmts(&m.body, &mut |s| match s {
            Stmt::Local {
                ty,
                name,
                init,
                line,
            } => {
                decls.entry(name).or_default().push((ty, init.as_ref()));
                lines.entry(name).or_default().push(*line);
            }
            Stmt::ForEach {
                ty,
                name,
                iter,
                line,
                ..
            } => {
                decls.entry(name).or_default().push((ty, None));
                lines.entry(name).or_default().push(*line);
                loops.entry(name).or_default().push(iter);
            }
            _ => {}
        });
        let in_trait = [
            "CardTraitBase",
            "SpellAbility",
            "Trigger",
            "ReplacementEffect",
            "StaticAbility",
        ]
        .iter()
        .any(|t| index.inherits(c, t));
        Vars {
            decls,
            lines,
            fields,
            loops,
            in_trait,
        }
    }

    /// Whether the name is declared in the method or its class chain.
    pub fn knows(&self, name: &str) -> bool {
        self.decls.contains_key(name) || self.fields.contains_key(name)
    }

    // Scopes inside a method are not told apart: a name declared several times only has a type
    // (or an initializer) when all its declarations agree.
    fn one(&self, name: &str) -> Option<(&'a str, Option<&'a Expr>)> {
        match self.decls.get(name) {
            Some(v) if v.len() == 1 => Some(v[0]),
            Some(_) => None,
            None => self.fields.get(name).copied(),
        }
    }

    pub fn type_of(&self, name: &str) -> Option<&'a str> {
        match self.decls.get(name) {
            Some(v) => {
                let t = simple_type(v.first()?.0);
                v.iter().all(|d| simple_type(d.0) == t).then_some(t)
            }
            None => self.fields.get(name).map(|v| simple_type(v.0)),
        }
    }

    pub fn full_type_of(&self, name: &str) -> Option<&'a str> {
        match self.decls.get(name) {
            Some(v) => {
                let t = v.first()?.0;
                v.iter().all(|d| d.0 == t).then_some(t)
            }
            None => self.fields.get(name).map(|v| v.0),
        }
    }

    /// The declared type of a field of the class chain (`this.x`).
    pub fn field_type_of(&self, name: &str) -> Option<&'a str> {
        self.fields.get(name).map(|v| v.0)
    }

    /// Whether the name is declared in the method (a parameter, local or loop variable), as
    /// opposed to a field.
    pub fn is_local(&self, name: &str) -> bool {
        self.decls.contains_key(name)
    }

    /// The declaration of a name a use at `line` sees: the nearest one at or before the line
    /// (Java forbids a local to shadow another local still in scope, so an earlier declaration
    /// of the same name has gone out of scope), else the field. (type, initializer)
    pub fn decl_at(&self, name: &str, line: u32) -> Option<(&'a str, Option<&'a Expr>)> {
        match (self.decls.get(name), self.lines.get(name)) {
            (Some(d), Some(l)) => {
                let i = (0..d.len())
                    .filter(|&i| l[i] <= line)
                    .max_by_key(|&i| l[i])?;
                Some(d[i])
            }
            _ => self.fields.get(name).copied(),
        }
    }

    /// The initializer of a name declared once.
    pub fn init_of(&self, name: &str) -> Option<&'a Expr> {
        self.one(name).and_then(|v| v.1)
    }

    /// The initializers of every declaration of a name.
    pub fn inits_of(&self, name: &str) -> Vec<&'a Expr> {
        match self.decls.get(name) {
            Some(v) => v.iter().filter_map(|d| d.1).collect(),
            None => self
                .fields
                .get(name)
                .and_then(|v| v.1)
                .into_iter()
                .collect(),
        }
    }
}

/// The variable an expression is rooted at (`stAb` for `stAb.getMapParams().get("Mode")`).
pub(crate) fn root_name(e: &Expr) -> Option<&str> {
    match e {
        Expr::Name(n) => Some(n),
        Expr::Call(c) => c.recv.as_ref().and_then(root_name),
        Expr::Field(o, _) => root_name(o),
        Expr::Index(b) => root_name(&b.0),
        _ => None,
    }
}
