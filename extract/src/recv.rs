//! What a param read reads from: the kind of card trait (ability, static, trigger, replacement,
//! any trait) its receiver is, by static type. Reads in shared classes are classified by it.
//!
//! Types come from declarations (parameters, locals, loop variables, fields), `this`, and the
//! return types of the methods a call resolves to (`sa.getRootAbility()` is a `SpellAbility`).

use crate::index::{Index, Vars};
use crate::ir::*;

/// The kind of record whose params a read reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub(crate) enum Recv {
    /// A `SpellAbility` (or subclass): abilities, spells, sub-abilities.
    Ability,
    Static,
    Trigger,
    Replacement,
    /// A `CardTraitBase` as such: read for every kind of record.
    Any,
    /// A `Map` argument of a `CardTraitBase` method (`meetsCommonRequirements(params)`): the
    /// shared conditions of triggers, statics and replacements.
    TraitArg,
    /// Not known: the package of the reading class decides.
    Unknown,
}

impl Recv {
    /// One of the four concrete kinds of record.
    pub fn is_concrete(self) -> bool {
        matches!(
            self,
            Recv::Ability | Recv::Static | Recv::Trigger | Recv::Replacement
        )
    }
}

/// The trait kind of every class: what `this` is.
pub(crate) fn class_kinds(index: &Index) -> Vec<Recv> {
    (0..index.classes.len())
        .map(|c| {
            for (name, kind) in ROOT_KINDS {
                if index.inherits(c, name) {
                    return *kind;
                }
            }
            Recv::Unknown
        })
        .collect()
}

/// The roots of each kind, most specific first (`SpellAbility` extends `CardTraitBase`).
const ROOT_KINDS: &[(&str, Recv)] = &[
    ("SpellAbility", Recv::Ability),
    ("StaticAbility", Recv::Static),
    ("Trigger", Recv::Trigger),
    ("ReplacementEffect", Recv::Replacement),
    ("CardTraitBase", Recv::Any),
];

/// Engine names of each kind, for a tree where the class itself is absent.
const KNOWN: &[(&str, Recv)] = &[
    ("SpellAbility", Recv::Ability),
    ("AbilitySub", Recv::Ability),
    ("Spell", Recv::Ability),
    ("Ability", Recv::Ability),
    ("AbilityActivated", Recv::Ability),
    ("AbilityStatic", Recv::Ability),
    ("WrappedAbility", Recv::Ability),
    ("SpellPermanent", Recv::Ability),
    ("StaticAbility", Recv::Static),
    ("Trigger", Recv::Trigger),
    ("ReplacementEffect", Recv::Replacement),
    ("CardTraitBase", Recv::Any),
];

/// The element a container's accessor returns: the value of a `Map<K, V>`'s `get`, the element
/// of a list's or collection's `get`/`getFirst`/`getLast`.
fn element_type<'t>(ty: &'t str, method: &str) -> Option<&'t str> {
    let open = ty.find('<')?;
    let base = simple_type(&ty[..open]);
    let inner = ty[open + 1..].strip_suffix('>')?;
    // Top-level type arguments.
    let mut args = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, ch) in inner.char_indices() {
        match ch {
            '<' => depth += 1,
            '>' => depth -= 1,
            ',' if depth == 0 => {
                args.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    args.push(&inner[start..]);
    if base.ends_with("Map") && method == "get" && args.len() == 2 {
        Some(args[1])
    } else if args.len() == 1
        && (base.ends_with("List") || base.ends_with("Collection") || base.ends_with("View"))
        && matches!(method, "get" | "getFirst" | "getLast")
    {
        Some(args[0])
    } else {
        None
    }
}

/// The kind of trait the classes of a package handle.
fn package_kind(package: &str) -> Recv {
    let under = |p: &str| package == p || package.starts_with(&format!("{p}."));
    if under("forge.game.ability") || under("forge.game.spellability") {
        Recv::Ability
    } else if under("forge.game.trigger") {
        Recv::Trigger
    } else if under("forge.game.replacement") {
        Recv::Replacement
    } else if under("forge.game.staticability") {
        Recv::Static
    } else {
        Recv::Unknown
    }
}

/// A static type: a class of the index, or a type text as written in class `from`.
#[derive(Clone, Copy)]
enum Ty<'a> {
    Class(usize),
    Text(usize, &'a str),
}

pub(crate) struct Typer<'a> {
    pub index: &'a Index,
    pub kinds: &'a [Recv],
}

impl<'a> Typer<'a> {
    /// The class a type text names, seen from `from`. Generic containers and arrays are not
    /// the element type.
    fn class_of_text(&self, from: usize, ty: &str) -> Option<usize> {
        let ty = ty.strip_prefix("final").unwrap_or(ty);
        if ty.contains('<') || ty.ends_with(']') || ty.ends_with("...") {
            return None;
        }
        self.index.resolve_from(from, simple_type(ty))
    }

    fn kind_of_ty(&self, t: Ty) -> Recv {
        match t {
            Ty::Class(k) => self.kinds[k],
            Ty::Text(from, ty) => match self.class_of_text(from, ty) {
                Some(k) => self.kinds[k],
                None if ty.contains('<') || ty.ends_with(']') => Recv::Unknown,
                None => KNOWN
                    .iter()
                    .find(|(n, _)| *n == simple_type(ty))
                    .map_or(Recv::Unknown, |(_, k)| *k),
            },
        }
    }

    /// What `this` is in class `c`: its own kind, or that of its top-level class for a nested
    /// helper class that is no trait.
    pub fn this_kind(&self, c: usize) -> Recv {
        match self.kinds[c] {
            Recv::Unknown => self.kinds[self.index.classes[c].top],
            k => k,
        }
    }

    /// The kind of the receiver of a read at line `at` (`None` is an unqualified call: `this`).
    pub fn recv_kind(&self, c: usize, vars: &Vars<'a>, recv: Option<&'a Expr>, at: u32) -> Recv {
        match recv {
            None | Some(Expr::This) => self.this_kind(c),
            Some(e) => match self.expr_ty(c, vars, e, at, 0) {
                Some(t) => self.kind_of_ty(t),
                None => Recv::Unknown,
            },
        }
    }

    /// The kind of an expression's value (an argument handed to a reader helper).
    pub fn expr_kind(&self, c: usize, vars: &Vars<'a>, e: &'a Expr, at: u32) -> Recv {
        self.recv_kind(c, vars, Some(e), at)
    }

    /// The kind of a param map read with `get`/`containsKey`/`getOrDefault`: the trait whose
    /// `getMapParams()` or `mapParams` it is, a `Map` argument of a trait's method, or unknown
    /// (a map parsed from text, a map of another object).
    pub fn map_kind(
        &self,
        c: usize,
        m: &'a Method,
        vars: &Vars<'a>,
        e: &'a Expr,
        at: u32,
        depth: u32,
    ) -> Recv {
        match e {
            Expr::Call(call)
                if call.args.is_empty()
                    && matches!(&*call.name, "getMapParams" | "getOriginalMapParams") =>
            {
                self.recv_kind(c, vars, call.recv.as_ref(), at)
            }
            Expr::Call(call) if crate::params::is_parse_call(call) => {
                // The params of a trait's text, by the package of the factory parsing it.
                let parser = match &call.recv {
                    None | Some(Expr::This) => Some(c),
                    Some(Expr::Name(n)) if !vars.knows(n) => self.index.resolve_from(c, n),
                    _ => None,
                };
                parser.map_or(Recv::Unknown, |k| package_kind(self.index.package(k)))
            }
            Expr::Field(o, _) if matches!(**o, Expr::This) => self.this_kind(c),
            Expr::Name(n) => {
                if vars.is_local(n) {
                    return match vars.decl_at(n, at) {
                        // The params handed to a method of the trait: `CardTraitBase`'s shared
                        // conditions take those of a trigger, static or replacement; a trait's
                        // constructor takes its own.
                        Some((_, None)) if m.params.iter().any(|p| p.name == *n) => {
                            match self.this_kind(c) {
                                Recv::Any => Recv::TraitArg,
                                k if k.is_concrete() => k,
                                _ => Recv::Unknown,
                            }
                        }
                        Some((_, Some(init))) if depth < 3 => {
                            self.map_kind(c, m, vars, init, at, depth + 1)
                        }
                        _ => Recv::Unknown,
                    };
                }
                // A field (`mapParams`) of the class chain.
                self.this_kind(c)
            }
            _ => Recv::Unknown,
        }
    }

    /// The class of an expression's static type, when it is a class of the index.
    pub fn expr_class(&self, c: usize, vars: &Vars<'a>, e: &'a Expr, at: u32) -> Option<usize> {
        match self.expr_ty(c, vars, e, at, 0)? {
            Ty::Class(k) => Some(k),
            Ty::Text(from, t) => self.class_of_text(from, t),
        }
    }

    fn expr_ty(
        &self,
        c: usize,
        vars: &Vars<'a>,
        e: &'a Expr,
        at: u32,
        depth: u32,
    ) -> Option<Ty<'a>> {
        if depth > 4 {
            return None;
        }
        match e {
            Expr::This => Some(Ty::Class(c)),
            Expr::Name(n) => {
                let (ty, init) = vars.decl_at(n, at)?;
                if ty == "var" {
                    return self.expr_ty(c, vars, init?, at, depth + 1);
                }
                Some(Ty::Text(c, ty))
            }
            Expr::Field(o, f) if matches!(**o, Expr::This) => {
                vars.field_type_of(f).map(|t| Ty::Text(c, t))
            }
            Expr::Call(call) => {
                // The return type of the method the call resolves to.
                let owner = match &call.recv {
                    None | Some(Expr::This) => c,
                    Some(Expr::Name(n)) if n.starts_with(char::is_uppercase) && !vars.knows(n) => {
                        self.index.resolve_from(c, n)?
                    }
                    Some(r) => match self.expr_ty(c, vars, r, at, depth + 1)? {
                        Ty::Class(k) => k,
                        // An element of a container (`saMap.get(k)`, `list.get(0)`).
                        Ty::Text(from, t) if t.contains('<') => {
                            return element_type(t, &call.name).map(|e| Ty::Text(from, e));
                        }
                        Ty::Text(from, t) => self.class_of_text(from, t)?,
                    },
                };
                let mut found: Option<(usize, &'a str)> = None;
                let mut cands = self.index.methods_named(owner, &call.name);
                if cands.is_empty() && matches!(call.recv, None | Some(Expr::This)) {
                    // A method of the enclosing class.
                    let top = self.index.classes[c].top;
                    cands = self.index.methods_named(top, &call.name);
                }
                for (k, mi) in cands {
                    let m = self.index.method(k, mi);
                    if m.params.len() != call.args.len() || m.ret.is_empty() {
                        continue;
                    }
                    match found {
                        None => found = Some((k, &m.ret)),
                        Some((_, t)) if simple_type(t) == simple_type(&m.ret) => {}
                        Some(_) => return None,
                    }
                }
                found.map(|(k, t)| Ty::Text(k, t))
            }
            Expr::Ternary(t) => {
                let a = self.expr_ty(c, vars, &t.1, at, depth + 1)?;
                let b = self.expr_ty(c, vars, &t.2, at, depth + 1)?;
                (self.kind_of_ty(a) == self.kind_of_ty(b)).then_some(a)
            }
            _ => None,
        }
    }
}
