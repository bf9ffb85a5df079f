//! A dialect added the way DEVELOPERS.md's walk-through says: its own code only (here, this file
//! standing in for a dialect's folders: a parser, a `DialectLinter` with an index and a rule, a
//! `DialectIde`) and one registration (`ide::dialects::register`, what an entry of
//! `model::with_dialects!` does for a shipped dialect). No other file of cardlint knows it, yet
//! detection, the folder walk, the lint pipeline (config, suppressions), the rule registry and
//! the editor World all serve it.
//!
//! The toy language: `.toy` files of `key=value` lines; `name=` defines a name, `ref=` uses one
//! (from any file of the workspace), any other key is unknown.

use ide::features::{Cursor, DialectIde, FileView, Hover, Symbol, SymbolKind};
use lint::diagnostic::Sink;
use lint::registry::{FixAvailability, Group, Rule, RuleFilter, RuleMeta};
use lint::workspace::DialectLinter;
use lint::{Diagnostic, Dialect, Edit, Fix, Severity};
use model::{FileId, SourceFile};
use rowan::{GreenNode, GreenNodeBuilder, Language, SyntaxKind};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Once;
use syntax::{SyntaxError, TextRange, TextSize};

const TOY: Dialect = Dialect::new("toy");

// ---- syntax (what `syntax/src/toy/` would hold) -------------------------------------------

const LINE: u16 = 1;
const NEWLINE: u16 = 2;
const ROOT: u16 = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum ToyLang {}

impl Language for ToyLang {
    type Kind = u16;
    fn kind_from_raw(raw: SyntaxKind) -> u16 {
        raw.0
    }
    fn kind_to_raw(kind: u16) -> SyntaxKind {
        SyntaxKind(kind)
    }
}

/// Every byte in the tree: one `LINE` token per line, one `NEWLINE` token per line end.
fn parse(text: &str) -> GreenNode {
    let mut b = GreenNodeBuilder::new();
    b.start_node(SyntaxKind(ROOT));
    for line in text.split_inclusive('\n') {
        let body = line.strip_suffix('\n').unwrap_or(line);
        if !body.is_empty() {
            b.token(SyntaxKind(LINE), body);
        }
        if body.len() < line.len() {
            b.token(SyntaxKind(NEWLINE), "\n");
        }
    }
    b.finish_node();
    b.finish()
}

fn debug_tree(text: &str) -> String {
    let root = rowan::SyntaxNode::<ToyLang>::new_root(parse(text));
    let mut out = format!("ROOT@{:?}\n", root.text_range());
    for t in root.children_with_tokens().filter_map(|e| e.into_token()) {
        let kind = if t.kind() == LINE { "LINE" } else { "NEWLINE" };
        out += &format!("  {kind}@{:?} {:?}\n", t.text_range(), t.text());
    }
    out
}

/// The `key=value` lines of a text: (key range, value range).
fn entries(text: &str) -> Vec<(TextRange, TextRange)> {
    let mut out = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        if let Some(eq) = body.find('=') {
            let at = |a: usize, b: usize| {
                TextRange::new(
                    TextSize::from((start + a) as u32),
                    TextSize::from((start + b) as u32),
                )
            };
            out.push((at(0, eq), at(eq + 1, body.len())));
        }
        start += line.len();
    }
    out
}

// ---- lint (what `lint/src/toy/` would hold) -----------------------------------------------

static UNKNOWN_KEY: RuleMeta = RuleMeta {
    code: "T100",
    name: "toy-unknown-key",
    dialect: Some(TOY),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "A key the toy engine does not read",
    explanation: "The toy engine reads `name` and `ref` only.",
    bad: "nmae=Spark\n",
    good: "name=Spark\n",
    ..RuleMeta::BASE
};

static UNDEFINED_REF: RuleMeta = RuleMeta {
    code: "T101",
    name: "toy-undefined-ref",
    dialect: Some(TOY),
    group: Group::Correctness,
    severity: Severity::Warning,
    summary: "A `ref=` to a name no file of the workspace defines",
    explanation: "The toy engine looks names up across every file.",
    bad: "ref=Nowhere\n",
    good: "name=Here\nref=Here\n",
    ..RuleMeta::BASE
};

struct Ctx<'a> {
    text: &'a str,
    index: &'a ToyIndex,
}

fn unknown_key(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for (key, _) in entries(ctx.text) {
        let word = &ctx.text[key];
        if word == "name" || word == "ref" {
            continue;
        }
        let d = sink.report(key, format!("`{word}` is not a key the toy engine reads"));
        if let Some(best) = ["name", "ref"]
            .into_iter()
            .find(|k| strsim::damerau_levenshtein(k, word) == 1)
        {
            d.with_fix(Fix::safe(
                format!("write `{best}`"),
                vec![Edit::replace(key, best)],
            ));
        }
    }
}

fn undefined_ref(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for (key, value) in entries(ctx.text) {
        if &ctx.text[key] == "ref" && !ctx.index.names.contains(&ctx.text[value]) {
            sink.report(value, format!("no file defines `{}`", &ctx.text[value]));
        }
    }
}

type ToyRule = Rule<fn(&Ctx<'_>, &mut Sink<'_>)>;

static RULES: &[ToyRule] = &[
    Rule {
        meta: &UNKNOWN_KEY,
        check: unknown_key,
    },
    Rule {
        meta: &UNDEFINED_REF,
        check: undefined_ref,
    },
];

#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
struct ToyFileIndex {
    names: Vec<String>,
}

#[derive(Default)]
struct ToyIndex {
    names: HashSet<String>,
}

#[derive(Clone, Copy)]
struct ToyLinter;

impl DialectLinter for ToyLinter {
    type FileIndex = ToyFileIndex;
    type Index = ToyIndex;
    const DIALECT: Dialect = TOY;

    fn claim_path(&self, _dirs: &str, name: &str) -> Option<u8> {
        name.ends_with(".toy").then_some(90)
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["toy"]
    }

    fn example_path(&self) -> &'static str {
        "cards/example.toy"
    }

    fn rules(&self) -> Vec<&'static RuleMeta> {
        RULES.iter().map(|r| r.meta).collect()
    }

    fn debug_tree(&self, text: &str) -> String {
        debug_tree(text)
    }

    fn index_file(&self, file: &SourceFile) -> ToyFileIndex {
        let text = file.text();
        ToyFileIndex {
            names: entries(text)
                .into_iter()
                .filter(|(k, _)| &text[*k] == "name")
                .map(|(_, v)| text[v].to_string())
                .collect(),
        }
    }

    fn build_index(&self, _files: &[SourceFile], indexes: Vec<(FileId, ToyFileIndex)>) -> ToyIndex {
        ToyIndex {
            names: indexes.into_iter().flat_map(|(_, f)| f.names).collect(),
        }
    }

    fn lint_file(
        &self,
        id: FileId,
        files: &[SourceFile],
        index: &ToyIndex,
        _config: &lint::config::Config,
        filter: &RuleFilter,
        out: &mut Vec<Diagnostic>,
    ) {
        let ctx = Ctx {
            text: files[id].text(),
            index,
        };
        filter.run(RULES, out, |check, sink| check(&ctx, sink));
    }
}

// ---- ide (what `ide/src/dialects/toy.rs` would hold) --------------------------------------

impl DialectIde for ToyLinter {
    type Doc = ide::WholeDoc;

    fn parse(&self, text: &str) -> (GreenNode, Vec<SyntaxError>) {
        (parse(text), Vec::new())
    }

    fn hover(&self, at: &Cursor<'_, Self>) -> Option<Hover> {
        let text = at.view.text();
        let (key, _) = entries(text)
            .into_iter()
            .find(|(k, _)| k.contains_inclusive(at.offset))?;
        let markdown = match &text[key] {
            "name" => "Defines a name other files can `ref=`.",
            "ref" => "Uses a name defined by a `name=` line of any file.",
            _ => return None,
        };
        Some(Hover {
            range: key,
            markdown: markdown.to_string(),
        })
    }

    fn symbols(&self, file: &FileView<'_, Self>) -> Vec<Symbol> {
        let text = file.text();
        entries(text)
            .into_iter()
            .filter(|(k, _)| &text[*k] == "name")
            .map(|(k, v)| Symbol {
                name: text[v].to_string(),
                detail: None,
                kind: SymbolKind::Card,
                range: k.cover(v),
                selection: v,
                children: Vec::new(),
            })
            .collect()
    }
}

// ---- the one registration -----------------------------------------------------------------

fn register() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| ide::dialects::register(&ToyLinter));
}

fn temp_workspace(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let root = std::env::temp_dir().join(format!("cardlint-toy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    root
}

#[test]
fn the_registry_lists_the_toy_dialect_and_its_rules() {
    register();
    assert!(lint::dialect::names().contains(&"toy"));
    assert_eq!(lint::dialect::from_name("TOY"), Some(TOY));
    let codes: Vec<&str> = lint::dialect::rules(TOY).iter().map(|r| r.code).collect();
    assert_eq!(codes, ["T100", "T101"]);
    assert_eq!(
        lint::find_rule("toy-undefined-ref").map(|r| r.code),
        Some("T101")
    );
    assert!(lint::dialect::walkable(Path::new("cards/a.toy")));
    let tree = lint::dialect::debug_tree(TOY, "name=A\n");
    assert_eq!(
        tree,
        "ROOT@0..7\n  LINE@0..6 \"name=A\"\n  NEWLINE@6..7 \"\\n\"\n"
    );
}

#[test]
fn detection_and_the_lint_pipeline_serve_the_toy_dialect() {
    register();
    let config = lint::config::Config::default();
    let path = Path::new("cards/spark.toy");
    assert_eq!(
        lint::discover::detect(path, "name=Spark\n", None, &config),
        Some(TOY)
    );
    // The walk finds `.toy` files; the index spans files; suppressions apply.
    let files = vec![
        SourceFile::new("cards/a.toy", TOY, b"name=Spark\nnmae=Oops\n".as_slice()),
        SourceFile::new("cards/b.toy", TOY, b"ref=Spark\nref=Gone\n".as_slice()),
    ];
    let results = lint::workspace::check(&files, &config);
    let found: Vec<(usize, &str, String)> = results
        .iter()
        .enumerate()
        .flat_map(|(i, ds)| ds.iter().map(move |d| (i, d.rule.code, d.message.clone())))
        .collect();
    assert_eq!(
        found,
        [
            (
                0,
                "T100",
                "`nmae` is not a key the toy engine reads".to_string()
            ),
            (1, "T101", "no file defines `Gone`".to_string()),
        ]
    );
    let fix = results[0][0].fix.as_ref().expect("a did-you-mean fix");
    assert_eq!(fix.edits[0].new_text, "name");
}

#[test]
fn the_editor_world_serves_the_toy_dialect() {
    register();
    let root = temp_workspace(
        "world",
        &[
            ("cards/a.toy", "name=Spark\n"),
            ("cards/b.toy", "ref=Spark\nref=Ember\n"),
            ("notes/readme.md", "not a card\n"),
        ],
    );
    let mut world = ide::World::new();
    world.set_folders(vec![root.clone()]);
    let scan = ide::World::scan(vec![root.clone()]);
    assert_eq!(
        scan.file_count(),
        2,
        "the walk reads the two .toy files, not the notes"
    );
    world.install(scan);
    let b = root.join("cards/b.toy");
    world.open(b.clone(), Some("toy"), "ref=Spark\nref=Ember\n".into(), 1);
    let codes = |world: &mut ide::World| -> Vec<String> {
        world
            .diagnostics(&b)
            .unwrap_or_default()
            .iter()
            .map(|d| format!("{} {}", d.rule.code, d.message))
            .collect()
    };
    assert_eq!(codes(&mut world), ["T101 no file defines `Ember`"]);
    // An edit is linted against the workspace index (a.toy, unopened, defines Spark).
    world
        .change(&b, 2, vec![(None, "ref=Spark\n".into())])
        .unwrap();
    assert!(codes(&mut world).is_empty());
    // Hover and the outline come from the toy's DialectIde.
    let hover = world.hover(&b, TextSize::from(1)).expect("hover on `ref`");
    assert!(hover.markdown.contains("Uses a name"));
    let a = root.join("cards/a.toy");
    world.open(a.clone(), None, "name=Spark\nname=Ember\n".into(), 1);
    let names: Vec<String> = world.symbols(&a).into_iter().map(|s| s.name).collect();
    assert_eq!(names, ["Spark", "Ember"]);
    let _ = std::fs::remove_dir_all(root);
}
