//! Lowering of tree-sitter-java syntax trees into the owned model of `ir`: what the analyses
//! need (types, members, calls, literals, locals, conditions), nothing more, and never a panic.

use tree_sitter::{Node, Parser, Tree};

use crate::ir::*;

// Deeper nesting than this is cut off: a long `a + b + c ...` chain or generated code must not
// overflow the stack of the lowering or of the analyses that recurse over the model.
const MAX_DEPTH: u32 = 300;

/// A tree-sitter parser for Java (one per thread).
pub(crate) fn new_parser() -> Option<Parser> {
    let mut p = Parser::new();
    p.set_language(&tree_sitter_java::LANGUAGE.into()).ok()?;
    Some(p)
}

/// Parses `src` and lowers its types. Returns an empty list when the parser gives up.
pub(crate) fn lower_file(parser: &mut Parser, src: &str) -> Vec<TypeDecl> {
    let Some(tree) = parser.parse(src, None) else {
        return Vec::new();
    };
    lower_tree(&tree, src)
}

fn lower_tree(tree: &Tree, src: &str) -> Vec<TypeDecl> {
    let mut l = Lower {
        src: src.as_bytes(),
        depth: 0,
    };
    let mut out = Vec::new();
    let root = tree.root_node();
    let mut cur = root.walk();
    for child in root.named_children(&mut cur) {
        l.type_or_skip(child, "", &mut out);
    }
    out
}

struct Lower<'s> {
    src: &'s [u8],
    depth: u32,
}

fn line(n: Node) -> u32 {
    n.start_position().row as u32 + 1
}

// Named children without comments (comments may sit anywhere, even between arguments).
fn named(n: Node) -> Vec<Node> {
    let mut cur = n.walk();
    n.named_children(&mut cur)
        .filter(|c| !matches!(c.kind(), "line_comment" | "block_comment"))
        .collect()
}

impl<'s> Lower<'s> {
    fn text(&self, n: Node) -> &'s str {
        let r = n.byte_range();
        self.src
            .get(r)
            .and_then(|b| std::str::from_utf8(b).ok())
            .unwrap_or("")
    }

    fn field_text(&self, n: Node, field: &str) -> &'s str {
        n.child_by_field_name(field)
            .map(|c| self.text(c))
            .unwrap_or("")
    }

    fn modifiers(&self, n: Node) -> (bool, bool) {
        let mut st = false;
        let mut fi = false;
        for c in named(n) {
            if c.kind() == "modifiers" {
                for w in self.text(c).split_whitespace() {
                    st |= w == "static";
                    fi |= w == "final";
                }
            }
        }
        (st, fi)
    }

    fn type_or_skip(&mut self, n: Node, outer: &str, out: &mut Vec<TypeDecl>) {
        let kind = match n.kind() {
            "class_declaration" => TypeKind::Class,
            "enum_declaration" => TypeKind::Enum,
            "interface_declaration" | "annotation_type_declaration" => TypeKind::Interface,
            "record_declaration" => TypeKind::Record,
            _ => return,
        };
        if self.depth > MAX_DEPTH {
            return;
        }
        self.depth += 1;
        let name: S = self.field_text(n, "name").into();
        let mut decl = TypeDecl {
            name: name.clone(),
            outer: outer.to_string(),
            kind,
            superclass: None,
            interfaces: Vec::new(),
            constants: Vec::new(),
            fields: Vec::new(),
            methods: Vec::new(),
        };
        if let Some(sc) = n.child_by_field_name("superclass") {
            if let Some(t) = named(sc).into_iter().next() {
                decl.superclass = Some(simple_type(self.text(t)).into());
            }
        }
        for c in named(n) {
            if matches!(c.kind(), "super_interfaces" | "extends_interfaces") {
                for t in named(c) {
                    for ty in named(t) {
                        decl.interfaces.push(simple_type(self.text(ty)).into());
                    }
                }
            }
        }
        // Interfaces extending one other interface are treated like a superclass for lookups.
        if kind == TypeKind::Interface && decl.superclass.is_none() && decl.interfaces.len() == 1 {
            decl.superclass = decl.interfaces.first().cloned();
        }
        let inner_outer = if outer.is_empty() {
            name.to_string()
        } else {
            format!("{outer}.{name}")
        };
        let mut nested = Vec::new();
        let mut init = Vec::new();
        if kind == TypeKind::Record {
            if let Some(ps) = n.child_by_field_name("parameters") {
                for p in self.params(ps) {
                    decl.fields.push(FieldDecl {
                        name: p.name,
                        ty: p.ty,
                        is_static: false,
                        is_final: true,
                        init: None,
                    });
                }
            }
        }
        if let Some(body) = n.child_by_field_name("body") {
            for m in named(body) {
                match m.kind() {
                    "enum_constant" => {
                        let args = m
                            .child_by_field_name("arguments")
                            .map(|a| named(a).into_iter().map(|x| self.expr(x)).collect())
                            .unwrap_or_default();
                        if let Some(b) = m.child_by_field_name("body") {
                            self.members(b, &inner_outer, &mut decl, &mut nested, &mut init);
                        }
                        decl.constants.push(EnumConst {
                            name: self.field_text(m, "name").into(),
                            args,
                            line: line(m),
                        });
                    }
                    "enum_body_declarations" => {
                        self.members(m, &inner_outer, &mut decl, &mut nested, &mut init)
                    }
                    _ => self.member(m, &inner_outer, &mut decl, &mut nested, &mut init),
                }
            }
        }
        if !init.is_empty() {
            decl.methods.push(Method {
                name: "<init>".into(),
                params: Vec::new(),
                ret: "".into(),
                body: init,
                is_ctor: false,
            });
        }
        self.depth -= 1;
        out.push(decl);
        out.extend(nested);
    }

    fn members(
        &mut self,
        body: Node,
        outer: &str,
        decl: &mut TypeDecl,
        nested: &mut Vec<TypeDecl>,
        init: &mut Vec<Stmt>,
    ) {
        for m in named(body) {
            self.member(m, outer, decl, nested, init);
        }
    }

    fn member(
        &mut self,
        m: Node,
        outer: &str,
        decl: &mut TypeDecl,
        nested: &mut Vec<TypeDecl>,
        init: &mut Vec<Stmt>,
    ) {
        match m.kind() {
            "field_declaration" | "constant_declaration" => {
                let (st, fi) = self.modifiers(m);
                // Interface fields are implicitly static and final.
                let (st, fi) = if decl.kind == TypeKind::Interface {
                    (true, true)
                } else {
                    (st, fi)
                };
                let ty: S = compact(self.field_text(m, "type")).into();
                for d in named(m) {
                    if d.kind() == "variable_declarator" {
                        let value = d.child_by_field_name("value").map(|v| self.expr(v));
                        if let Some(v) = &value {
                            // Field initializers run code too (maps built with `.put`, ...).
                            if matches!(v, Expr::Call(_) | Expr::New(_) | Expr::Other(_)) {
                                init.push(Stmt::Expr(self.expr_again(d)));
                            }
                        }
                        decl.fields.push(FieldDecl {
                            name: self.field_text(d, "name").into(),
                            ty: ty.clone(),
                            is_static: st,
                            is_final: fi,
                            init: value,
                        });
                    }
                }
            }
            "method_declaration"
            | "constructor_declaration"
            | "compact_constructor_declaration" => {
                let is_ctor = m.kind() != "method_declaration";
                let params = m
                    .child_by_field_name("parameters")
                    .map(|p| self.params(p))
                    .unwrap_or_default();
                let body = m
                    .child_by_field_name("body")
                    .map(|b| self.block(b))
                    .unwrap_or_default();
                let ret: S = if is_ctor {
                    "".into()
                } else {
                    compact(self.field_text(m, "type")).into()
                };
                decl.methods.push(Method {
                    name: self.field_text(m, "name").into(),
                    params,
                    ret,
                    body,
                    is_ctor,
                });
            }
            "static_initializer" => {
                for b in named(m) {
                    init.push(self.stmt(b));
                }
            }
            "block" => init.push(Stmt::Block(self.block(m))),
            "class_declaration"
            | "enum_declaration"
            | "interface_declaration"
            | "record_declaration"
            | "annotation_type_declaration" => self.type_or_skip(m, outer, nested),
            _ => {}
        }
    }

    // The value of a variable declarator, lowered once more for the `<init>` pseudo-method.
    fn expr_again(&mut self, d: Node) -> Expr {
        d.child_by_field_name("value")
            .map(|v| self.expr(v))
            .unwrap_or(Expr::Other(Vec::new()))
    }

    fn params(&mut self, ps: Node) -> Vec<Param> {
        let mut out = Vec::new();
        for p in named(ps) {
            match p.kind() {
                "formal_parameter" => out.push(Param {
                    ty: compact(self.field_text(p, "type")).into(),
                    name: self.field_text(p, "name").into(),
                }),
                "spread_parameter" => {
                    let mut ty = String::new();
                    let mut name = "";
                    for c in named(p) {
                        match c.kind() {
                            "variable_declarator" => name = self.field_text(c, "name"),
                            "modifiers" | "annotation" | "marker_annotation" => {}
                            _ => ty = format!("{}...", compact(self.text(c))),
                        }
                    }
                    out.push(Param {
                        ty: ty.into(),
                        name: name.into(),
                    });
                }
                _ => {}
            }
        }
        out
    }

    fn block(&mut self, b: Node) -> Vec<Stmt> {
        match b.kind() {
            "block" | "constructor_body" => named(b).into_iter().map(|s| self.stmt(s)).collect(),
            _ => vec![self.stmt(b)],
        }
    }

    fn stmt(&mut self, n: Node) -> Stmt {
        if self.depth > MAX_DEPTH {
            return Stmt::Block(Vec::new());
        }
        self.depth += 1;
        let s = self.stmt_inner(n);
        self.depth -= 1;
        s
    }

    fn stmt_inner(&mut self, n: Node) -> Stmt {
        match n.kind() {
            "block" | "constructor_body" => Stmt::Block(self.block(n)),
            "local_variable_declaration" => {
                let ty: S = compact(self.field_text(n, "type")).into();
                let mut v = Vec::new();
                for d in named(n) {
                    if d.kind() == "variable_declarator" {
                        v.push(Stmt::Local {
                            ty: ty.clone(),
                            name: self.field_text(d, "name").into(),
                            init: d.child_by_field_name("value").map(|x| self.expr(x)),
                            line: line(d),
                        });
                    }
                }
                if v.len() == 1 {
                    v.pop().unwrap_or(Stmt::Block(Vec::new()))
                } else {
                    Stmt::Block(v)
                }
            }
            "expression_statement" => match named(n).into_iter().next() {
                Some(e) => Stmt::Expr(self.expr(e)),
                None => Stmt::Block(Vec::new()),
            },
            "if_statement" => {
                let cond = n
                    .child_by_field_name("condition")
                    .map(|c| self.expr(c))
                    .unwrap_or(Expr::Other(Vec::new()));
                let then = n
                    .child_by_field_name("consequence")
                    .map(|c| self.block(c))
                    .unwrap_or_default();
                let els = n
                    .child_by_field_name("alternative")
                    .map(|c| self.block(c))
                    .unwrap_or_default();
                Stmt::If { cond, then, els }
            }
            "enhanced_for_statement" => Stmt::ForEach {
                ty: compact(self.field_text(n, "type")).into(),
                name: self.field_text(n, "name").into(),
                iter: n
                    .child_by_field_name("value")
                    .map(|c| self.expr(c))
                    .unwrap_or(Expr::Other(Vec::new())),
                body: n
                    .child_by_field_name("body")
                    .map(|c| self.block(c))
                    .unwrap_or_default(),
                line: line(n),
            },
            "explicit_constructor_invocation" => {
                let name = n
                    .child_by_field_name("constructor")
                    .map(|c| self.text(c))
                    .unwrap_or("this");
                let args = n
                    .child_by_field_name("arguments")
                    .map(|a| named(a).into_iter().map(|x| self.expr(x)).collect())
                    .unwrap_or_default();
                Stmt::Expr(Expr::Call(Box::new(Call {
                    recv: None,
                    name: name.into(),
                    args,
                    line: line(n),
                })))
            }
            "class_declaration"
            | "enum_declaration"
            | "interface_declaration"
            | "record_declaration" => {
                // A local class: its members' code is kept as part of the enclosing method.
                let mut types = Vec::new();
                self.type_or_skip(n, "", &mut types);
                Stmt::Block(
                    types
                        .into_iter()
                        .flat_map(|t| t.methods.into_iter().map(|m| Stmt::Block(m.body)))
                        .collect(),
                )
            }
            "try_statement" | "try_with_resources_statement" => {
                let mut body = Vec::new();
                let mut catches = Vec::new();
                let mut finally = Vec::new();
                for c in named(n) {
                    match c.kind() {
                        "catch_clause" => {
                            let mut types = String::new();
                            let mut handler = Vec::new();
                            for k in named(c) {
                                match k.kind() {
                                    "catch_formal_parameter" => {
                                        for t in named(k) {
                                            if t.kind() == "catch_type" {
                                                types = compact(self.text(t));
                                            }
                                        }
                                    }
                                    _ => handler.push(self.stmt(k)),
                                }
                            }
                            catches.push((types.into(), handler));
                        }
                        "finally_clause" => {
                            finally.extend(named(c).into_iter().map(|k| self.stmt(k)))
                        }
                        _ => body.push(self.stmt(c)),
                    }
                }
                Stmt::Try {
                    body,
                    catches,
                    finally,
                }
            }
            "throw_statement" => match named(n).into_iter().next() {
                Some(e) => Stmt::Throw(self.expr(e)),
                None => Stmt::Block(Vec::new()),
            },
            "for_statement"
            | "while_statement"
            | "do_statement"
            | "catch_clause"
            | "finally_clause"
            | "labeled_statement"
            | "synchronized_statement"
            | "resource_specification" => {
                Stmt::Block(named(n).into_iter().map(|c| self.stmt(c)).collect())
            }
            "resource" => {
                let value = n.child_by_field_name("value").map(|x| self.expr(x));
                match value {
                    Some(init) => Stmt::Local {
                        ty: compact(self.field_text(n, "type")).into(),
                        name: self.field_text(n, "name").into(),
                        init: Some(init),
                        line: line(n),
                    },
                    None => Stmt::Block(Vec::new()),
                }
            }
            "line_comment"
            | "block_comment"
            | "break_statement"
            | "continue_statement"
            | "catch_formal_parameter"
            | "local_variable_type" => Stmt::Block(Vec::new()),
            _ => Stmt::Expr(self.expr(n)),
        }
    }

    fn expr(&mut self, n: Node) -> Expr {
        if self.depth > MAX_DEPTH {
            return Expr::Other(Vec::new());
        }
        self.depth += 1;
        let e = self.expr_inner(n);
        self.depth -= 1;
        e
    }

    fn args(&mut self, n: Node) -> Vec<Expr> {
        n.child_by_field_name("arguments")
            .map(|a| named(a).into_iter().map(|x| self.expr(x)).collect())
            .unwrap_or_default()
    }

    fn expr_inner(&mut self, n: Node) -> Expr {
        match n.kind() {
            "string_literal" => Expr::Str(unescape(self.text(n)).into()),
            "decimal_integer_literal" => {
                let t: String = self
                    .text(n)
                    .chars()
                    .filter(|c| c.is_ascii_digit())
                    .collect();
                t.parse().map(Expr::Int).unwrap_or(Expr::Other(Vec::new()))
            }
            "identifier" | "type_identifier" => Expr::Name(self.text(n).into()),
            "this" => Expr::This,
            "super" => Expr::Super,
            "null_literal" => Expr::Null,
            "field_access" => {
                let obj = n
                    .child_by_field_name("object")
                    .map(|o| self.expr(o))
                    .unwrap_or(Expr::Other(Vec::new()));
                Expr::Field(Box::new(obj), self.field_text(n, "field").into())
            }
            "scoped_identifier" => {
                let scope = n
                    .child_by_field_name("scope")
                    .map(|o| self.expr(o))
                    .unwrap_or(Expr::Other(Vec::new()));
                Expr::Field(Box::new(scope), self.field_text(n, "name").into())
            }
            "method_invocation" => {
                let recv = n.child_by_field_name("object").map(|o| self.expr(o));
                let args = self.args(n);
                Expr::Call(Box::new(Call {
                    recv,
                    name: self.field_text(n, "name").into(),
                    args,
                    line: line(n),
                }))
            }
            "object_creation_expression" => {
                let ty: S = simple_type(&compact(self.field_text(n, "type"))).into();
                let args = self.args(n);
                let mut body = Vec::new();
                for c in named(n) {
                    if c.kind() == "class_body" {
                        let mut types = Vec::new();
                        let mut decl = TypeDecl {
                            name: ty.clone(),
                            outer: String::new(),
                            kind: TypeKind::Class,
                            superclass: None,
                            interfaces: Vec::new(),
                            constants: Vec::new(),
                            fields: Vec::new(),
                            methods: Vec::new(),
                        };
                        let mut init = Vec::new();
                        self.members(c, "", &mut decl, &mut types, &mut init);
                        body.extend(init);
                        for m in decl.methods {
                            body.push(Stmt::Block(m.body));
                        }
                        for t in types {
                            for m in t.methods {
                                body.push(Stmt::Block(m.body));
                            }
                        }
                    }
                }
                Expr::New(Box::new((ty, args, body)))
            }
            "class_literal" => {
                let t = named(n)
                    .into_iter()
                    .next()
                    .map(|t| self.text(t))
                    .unwrap_or("");
                Expr::ClassLit(simple_type(&compact(t)).into())
            }
            "array_access" => {
                let a = n
                    .child_by_field_name("array")
                    .map(|o| self.expr(o))
                    .unwrap_or(Expr::Other(Vec::new()));
                let i = n
                    .child_by_field_name("index")
                    .map(|o| self.expr(o))
                    .unwrap_or(Expr::Other(Vec::new()));
                Expr::Index(Box::new((a, i)))
            }
            "ternary_expression" => {
                let c = self.field_expr(n, "condition");
                let a = self.field_expr(n, "consequence");
                let b = self.field_expr(n, "alternative");
                Expr::Ternary(Box::new((c, a, b)))
            }
            "binary_expression" => {
                let op: S = n
                    .child_by_field_name("operator")
                    .map(|o| self.text(o))
                    .unwrap_or("")
                    .into();
                let a = self.field_expr(n, "left");
                let b = self.field_expr(n, "right");
                // A long literal written in pieces (`"If CARDNAME would " + "be put..."`) is one
                // string to the engine.
                if &*op == "+"
                    && let (Expr::Str(x), Expr::Str(y)) = (&a, &b)
                {
                    return Expr::Str(format!("{x}{y}").into());
                }
                Expr::Binary(Box::new((op, a, b)))
            }
            "assignment_expression" => {
                let a = self.field_expr(n, "left");
                let b = self.field_expr(n, "right");
                Expr::Assign(Box::new((a, b)))
            }
            "cast_expression" => self.field_expr(n, "value"),
            "parenthesized_expression" => match named(n).into_iter().next() {
                Some(e) => self.expr(e),
                None => Expr::Other(Vec::new()),
            },
            "lambda_expression" => {
                let mut ps = Vec::new();
                if let Some(p) = n.child_by_field_name("parameters") {
                    if p.kind() == "identifier" {
                        ps.push(self.text(p).into());
                    } else {
                        for c in named(p) {
                            match c.kind() {
                                "identifier" => ps.push(self.text(c).into()),
                                "formal_parameter" => ps.push(self.field_text(c, "name").into()),
                                _ => {}
                            }
                        }
                    }
                }
                let body = match n.child_by_field_name("body") {
                    Some(b) if b.kind() == "block" => self.block(b),
                    Some(b) => vec![Stmt::Expr(self.expr(b))],
                    None => Vec::new(),
                };
                Expr::Lambda(Box::new((ps, body)))
            }
            "switch_expression" => {
                let subject = self.field_expr(n, "condition");
                let mut arms = Vec::new();
                if let Some(body) = n.child_by_field_name("body") {
                    for g in named(body) {
                        let mut arm = Arm {
                            labels: Vec::new(),
                            body: Vec::new(),
                        };
                        for c in named(g) {
                            if c.kind() == "switch_label" {
                                for l in named(c) {
                                    arm.labels.push((self.expr(l), line(l)));
                                }
                            } else {
                                arm.body.push(self.stmt(c));
                            }
                        }
                        arms.push(arm);
                    }
                }
                Expr::Switch(Box::new((subject, arms)))
            }
            "block" => Expr::Lambda(Box::new((Vec::new(), self.block(n)))),
            _ => {
                let kids = named(n);
                if kids.is_empty() {
                    Expr::Other(Vec::new())
                } else {
                    Expr::Other(
                        kids.into_iter()
                            .filter(|k| !matches!(k.kind(), "line_comment" | "block_comment"))
                            .map(|k| self.expr(k))
                            .collect(),
                    )
                }
            }
        }
    }

    fn field_expr(&mut self, n: Node, field: &str) -> Expr {
        n.child_by_field_name(field)
            .map(|o| self.expr(o))
            .unwrap_or(Expr::Other(Vec::new()))
    }
}

/// Type text without whitespace (`Map<String, String>` → `Map<String,String>`).
fn compact(t: &str) -> String {
    t.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The value of a Java string literal (quotes removed, escapes decoded; text blocks kept as is).
fn unescape(lit: &str) -> String {
    let inner = if let Some(s) = lit.strip_prefix("\"\"\"") {
        s.strip_suffix("\"\"\"").unwrap_or(s)
    } else {
        let s = lit.strip_prefix('"').unwrap_or(lit);
        s.strip_suffix('"').unwrap_or(s)
    };
    if !inner.contains('\\') {
        return inner.to_string();
    }
    let mut out = String::with_capacity(inner.len());
    let mut it = inner.chars().peekable();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('b') => out.push('\u{8}'),
            Some('f') => out.push('\u{c}'),
            Some('s') => out.push(' '),
            Some('0') => out.push('\0'),
            Some('u') => {
                while it.peek() == Some(&'u') {
                    it.next();
                }
                let hex: String = (0..4).filter_map(|_| it.next()).collect();
                match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    Some(ch) => out.push(ch),
                    None => out.push('\u{fffd}'),
                }
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescapes_literals() {
        assert_eq!(unescape(r#""a\"b""#), "a\"b");
        assert_eq!(unescape(r#""\\.""#), "\\.");
        assert_eq!(unescape(r#""\u0041""#), "A");
        assert_eq!(unescape("\"x"), "x");
    }

    #[test]
    fn lowers_a_small_class() {
        let src = "package a; class A extends B { static final String K = \"v\"; \
                   int f(String s) { if (s.equals(\"x\")) { return g(s); } return 0; } }";
        let mut p = new_parser().unwrap();
        let types = lower_file(&mut p, src);
        assert_eq!(types.len(), 1);
        let t = &types[0];
        assert_eq!(&*t.name, "A");
        assert_eq!(t.superclass.as_deref(), Some("B"));
        assert_eq!(
            t.fields[0].init.as_ref().and_then(|e| e.as_str()),
            Some("v")
        );
        assert_eq!(&*t.methods[0].name, "f");
        assert_eq!(&*t.methods[0].params[0].name, "s");
    }
}
