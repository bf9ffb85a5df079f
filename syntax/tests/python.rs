//! The shared Python expression parser on its own (`pymtg::parse_expression`), through the typed
//! views that rules read: string values with their escapes, calls, attributes, lambdas. The
//! trees themselves are snapshots under `test_data/python/`.

use syntax::pymtg::ast::Expr;
use syntax::pymtg::parse_expression;
use syntax::python::PyKind;

fn expr(text: &str) -> Expr {
    let parse = parse_expression(text);
    assert!(parse.errors().is_empty(), "{}", parse.debug_dump());
    assert_eq!(parse.syntax().text().to_string(), text);
    parse.syntax().children().find_map(Expr::cast).unwrap()
}

fn string(text: &str) -> Option<String> {
    expr(text).string_value()
}

#[test]
fn string_values() {
    assert_eq!(
        string(r#""it's \"quoted\"""#).as_deref(),
        Some(r#"it's "quoted""#)
    );
    assert_eq!(
        string(r"'tab\tnew\nline \\ \x41\101\q'").as_deref(),
        Some("tab\tnew\nline \\ AA\\q")
    );
    // `\u`, `\U` and `\N{...}` are not decoded today: they stay as written.
    assert_eq!(string(r"'\u00e9'").as_deref(), Some(r"\u00e9"));
    assert_eq!(string(r#"r"raw\d+""#).as_deref(), Some(r"raw\d+"));
    assert_eq!(
        string(r#""""triple "quotes" inside""""#).as_deref(),
        Some(r#"triple "quotes" inside"#)
    );
    assert_eq!(
        string(r#""implicit" ' concatenation'"#).as_deref(),
        Some("implicit concatenation")
    );
    assert_eq!(string("''").as_deref(), Some(""));
    assert_eq!(string("42"), None);
    assert_eq!(string("name"), None);
}

#[test]
fn calls_and_attributes() {
    let call = expr(r#"target.controller.draw(2, reason="effect", *extra)"#);
    assert_eq!(call.kind(), PyKind::CallExpr);
    let (callee, args) = call.call().unwrap();
    let (receiver, attr) = callee.attr().unwrap();
    assert_eq!(attr.text(), "draw");
    assert_eq!(receiver.text(), "target.controller");
    let positional: Vec<String> = args.positional().iter().map(|e| e.text()).collect();
    assert_eq!(positional, ["2", "*extra"]);
    let keywords: Vec<(String, Option<String>)> = args
        .keywords()
        .into_iter()
        .map(|(name, value)| {
            (
                name.text().to_string(),
                value.and_then(|v| v.string_value()),
            )
        })
        .collect();
    assert_eq!(
        keywords,
        [("reason".to_string(), Some("effect".to_string()))]
    );
    assert_eq!(expr("x").name().unwrap().text(), "x");
    assert!(expr("x.y").name().is_none());
}

#[test]
fn lambdas_and_comprehensions() {
    let lambda = expr("lambda self, p=None, *args, **kw: p.power > self.power");
    let params: Vec<String> = lambda
        .lambda_params()
        .iter()
        .map(|t| t.text().to_string())
        .collect();
    assert_eq!(params, ["self", "p", "args", "kw"]);
    let list = expr("[c for c in cards if c.tapped]");
    assert_eq!(list.kind(), PyKind::ListExpr);
    assert_eq!(list.comp_clauses().count(), 2);
}

#[test]
fn errors_stop_the_expression() {
    for (text, message) in [
        ("a + b)", "unexpected `)` after the end of the expression"),
        ("f(a, b c)", "expected `)`, found `c`"),
        ("x = 1", "`=` is an assignment"),
        ("'open", "an unterminated string"),
        ("", "expected an expression, found nothing"),
    ] {
        let parse = parse_expression(text);
        assert_eq!(parse.syntax().text().to_string(), text);
        assert_eq!(parse.errors().len(), 1, "{text}");
        assert!(
            parse.errors()[0].message.contains(message),
            "{text}: {}",
            parse.errors()[0].message
        );
    }
}
