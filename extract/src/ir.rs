//! A small owned model of the Java code the extractor looks at: types, fields, methods, statements
//! and expressions, lowered from tree-sitter trees so that the analyses never touch the parser.

/// Owned, immutable text (names, literals, type texts).
pub(crate) type S = Box<str>;

/// One parsed Java file.
#[derive(Debug, Default)]
pub(crate) struct JavaFile {
    /// Path relative to the extraction root, `/`-separated.
    pub rel_path: String,
    pub package: String,
    /// A file of the GUI/player packages: only its param reads are used.
    pub gui: bool,
    /// Every type declared in the file, nested ones included (with `outer` set).
    pub types: Vec<TypeDecl>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TypeKind {
    Class,
    Enum,
    Interface,
    Record,
}

#[derive(Debug)]
pub(crate) struct TypeDecl {
    pub name: S,
    /// Dotted path of the enclosing types (`CardRules` for `CardRules.Reader`), empty at top level.
    pub outer: String,
    pub kind: TypeKind,
    /// Simple name of the superclass (generics and qualification stripped).
    pub superclass: Option<S>,
    pub interfaces: Vec<S>,
    pub constants: Vec<EnumConst>,
    pub fields: Vec<FieldDecl>,
    pub methods: Vec<Method>,
}

#[derive(Debug)]
pub(crate) struct EnumConst {
    pub name: S,
    pub args: Vec<Expr>,
    pub line: u32,
}

#[derive(Debug)]
pub(crate) struct FieldDecl {
    pub name: S,
    /// Type text with whitespace removed (`Map<String,String>`).
    pub ty: S,
    pub is_static: bool,
    pub is_final: bool,
    pub init: Option<Expr>,
}

#[derive(Debug)]
pub(crate) struct Param {
    pub ty: S,
    pub name: S,
}

#[derive(Debug)]
pub(crate) struct Method {
    /// Method name; constructors use the type's name; initializer blocks and field
    /// initializers are gathered in a pseudo-method named `<init>`.
    pub name: S,
    pub params: Vec<Param>,
    /// Return type text with whitespace removed; empty for constructors and `<init>`.
    pub ret: S,
    pub body: Vec<Stmt>,
    pub is_ctor: bool,
}

#[derive(Debug)]
pub(crate) struct Call {
    pub recv: Option<Expr>,
    pub name: S,
    pub args: Vec<Expr>,
    pub line: u32,
}

#[derive(Debug)]
pub(crate) struct Arm {
    /// Case labels with their lines; `default` has none.
    pub labels: Vec<(Expr, u32)>,
    pub body: Vec<Stmt>,
}

#[derive(Debug)]
pub(crate) enum Expr {
    Str(S),
    Int(i64),
    Name(S),
    This,
    Super,
    Null,
    Field(Box<Expr>, S),
    Call(Box<Call>),
    /// `new T(args) { body }`: the bodies of an anonymous class's members are kept as statements.
    New(Box<(S, Vec<Expr>, Vec<Stmt>)>),
    /// `T.class`, by simple name.
    ClassLit(S),
    Index(Box<(Expr, Expr)>),
    Ternary(Box<(Expr, Expr, Expr)>),
    Binary(Box<(S, Expr, Expr)>),
    Assign(Box<(Expr, Expr)>),
    Lambda(Box<(Vec<S>, Vec<Stmt>)>),
    Switch(Box<(Expr, Vec<Arm>)>),
    /// Anything else, reduced to the expressions found inside it.
    Other(Vec<Expr>),
}

#[derive(Debug)]
pub(crate) enum Stmt {
    Expr(Expr),
    Local {
        ty: S,
        name: S,
        init: Option<Expr>,
        line: u32,
    },
    If {
        cond: Expr,
        then: Vec<Stmt>,
        els: Vec<Stmt>,
    },
    ForEach {
        ty: S,
        name: S,
        iter: Expr,
        body: Vec<Stmt>,
        line: u32,
    },
    Block(Vec<Stmt>),
    /// `throw e;`
    Throw(Expr),
    /// `try { body } catch (T e) { .. } finally { .. }` (resources are the body's first locals).
    Try {
        body: Vec<Stmt>,
        /// The caught type texts (`IllegalArgumentException|NullPointerException`) and handlers.
        catches: Vec<(S, Vec<Stmt>)>,
        finally: Vec<Stmt>,
    },
}

impl Expr {
    pub fn as_call(&self) -> Option<&Call> {
        match self {
            Expr::Call(c) => Some(c),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Expr::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_name(&self) -> Option<&str> {
        match self {
            Expr::Name(s) => Some(s),
            _ => None,
        }
    }

    /// `A.B` as (`A`, `B`) when `A` is a plain name (enum constants, static fields).
    pub fn as_qualified(&self) -> Option<(&str, &str)> {
        match self {
            Expr::Field(obj, field) => match &**obj {
                Expr::Name(n) => Some((n, field)),
                _ => None,
            },
            _ => None,
        }
    }

    /// Calls `f` on this expression and every expression inside it, statements of lambdas and
    /// anonymous classes included.
    pub fn walk<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        f(self);
        match self {
            Expr::Field(o, _) => o.walk(f),
            Expr::Call(c) => {
                if let Some(r) = &c.recv {
                    r.walk(f);
                }
                for a in &c.args {
                    a.walk(f);
                }
            }
            Expr::New(n) => {
                for a in &n.1 {
                    a.walk(f);
                }
                walk_stmts(&n.2, f);
            }
            Expr::Index(b) => {
                b.0.walk(f);
                b.1.walk(f);
            }
            Expr::Ternary(b) => {
                b.0.walk(f);
                b.1.walk(f);
                b.2.walk(f);
            }
            Expr::Binary(b) => {
                b.1.walk(f);
                b.2.walk(f);
            }
            Expr::Assign(b) => {
                b.0.walk(f);
                b.1.walk(f);
            }
            Expr::Lambda(l) => walk_stmts(&l.1, f),
            Expr::Switch(s) => {
                s.0.walk(f);
                for arm in &s.1 {
                    for (l, _) in &arm.labels {
                        l.walk(f);
                    }
                    walk_stmts(&arm.body, f);
                }
            }
            Expr::Other(v) => {
                for e in v {
                    e.walk(f);
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
}

/// Calls `f` on every expression of the statements (recursively).
pub(crate) fn walk_stmts<'a>(stmts: &'a [Stmt], f: &mut dyn FnMut(&'a Expr)) {
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
                walk_stmts(then, f);
                walk_stmts(els, f);
            }
            Stmt::ForEach { iter, body, .. } => {
                iter.walk(f);
                walk_stmts(body, f);
            }
            Stmt::Block(b) => walk_stmts(b, f),
            Stmt::Throw(e) => e.walk(f),
            Stmt::Try {
                body,
                catches,
                finally,
            } => {
                walk_stmts(body, f);
                for (_, h) in catches {
                    walk_stmts(h, f);
                }
                walk_stmts(finally, f);
            }
        }
    }
}

/// Calls `f` on every statement (recursively), including those of lambdas, anonymous classes
/// and switch arms found inside expressions.
pub(crate) fn walk_all_stmts<'a>(stmts: &'a [Stmt], f: &mut dyn FnMut(&'a Stmt)) {
    for s in stmts {
        f(s);
        match s {
            Stmt::Expr(e) => nested_stmts(e, f),
            Stmt::Local { init: Some(e), .. } => nested_stmts(e, f),
            Stmt::Local { init: None, .. } => {}
            Stmt::If { cond, then, els } => {
                nested_stmts(cond, f);
                walk_all_stmts(then, f);
                walk_all_stmts(els, f);
            }
            Stmt::ForEach { iter, body, .. } => {
                nested_stmts(iter, f);
                walk_all_stmts(body, f);
            }
            Stmt::Block(b) => walk_all_stmts(b, f),
            Stmt::Throw(e) => nested_stmts(e, f),
            Stmt::Try {
                body,
                catches,
                finally,
            } => {
                walk_all_stmts(body, f);
                for (_, h) in catches {
                    walk_all_stmts(h, f);
                }
                walk_all_stmts(finally, f);
            }
        }
    }
}

// Statement bodies inside an expression (lambdas, anonymous classes, switch arms). The expression
// walk reaches every nested body, so each body's statements are reported without descending into
// their expressions again (which would report inner bodies twice).
fn nested_stmts<'a>(e: &'a Expr, f: &mut dyn FnMut(&'a Stmt)) {
    e.walk(&mut |x| match x {
        Expr::Lambda(l) => shallow_stmts(&l.1, f),
        Expr::New(n) => shallow_stmts(&n.2, f),
        Expr::Switch(sw) => {
            for arm in &sw.1 {
                shallow_stmts(&arm.body, f);
            }
        }
        _ => {}
    });
}

fn shallow_stmts<'a>(stmts: &'a [Stmt], f: &mut dyn FnMut(&'a Stmt)) {
    for s in stmts {
        f(s);
        match s {
            Stmt::If { then, els, .. } => {
                shallow_stmts(then, f);
                shallow_stmts(els, f);
            }
            Stmt::ForEach { body, .. } => shallow_stmts(body, f),
            Stmt::Block(b) => shallow_stmts(b, f),
            Stmt::Try {
                body,
                catches,
                finally,
            } => {
                shallow_stmts(body, f);
                for (_, h) in catches {
                    shallow_stmts(h, f);
                }
                shallow_stmts(finally, f);
            }
            _ => {}
        }
    }
}

/// Simple name of a type text: generics, array brackets, annotations and package stripped.
pub(crate) fn simple_type(ty: &str) -> &str {
    let base = ty.split('<').next().unwrap_or(ty);
    let base = base.trim_end_matches("[]").trim_end_matches("...");
    base.rsplit('.').next().unwrap_or(base).trim()
}
