//! RuleScript (Card Fighters' Clash for OCTGN): the workspace index (the cards of the set file),
//! the context rules see, the vocabulary, and the rules (`rules/`, one file each).

use crate::diagnostic::Diagnostic;
use crate::registry::{Rule, RuleFilter, RuleMeta};
use crate::workspace::DialectLinter;
use model::source::{FileId, SourceFile};
use std::collections::{HashMap, HashSet};
use syntax::rulescript::ast;

use syntax::{ErrorKind, SyntaxError};

mod rules;

/// What a rule sees: the file, its tree, the workspace index and the expression errors.
pub struct Ctx<'a> {
    pub file: &'a SourceFile,
    pub tree: ast::SourceFile,
    pub index: &'a Index,
    /// Syntax errors of the embedded expressions (`ErrorKind::InvalidExpression`).
    pub errors: &'a [SyntaxError],
}

/// A card of the set file.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CardInfo {
    pub name: String,
    pub card_type: String,
    pub subtype: String,
}

/// What one file contributes: the cards of a set file.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FileIndex {
    pub is_set: bool,
    /// `(GUID in lower case, card)`.
    pub cards: Vec<(String, CardInfo)>,
}

/// The cards of the workspace's set files.
#[derive(Default)]
pub struct Index {
    pub has_sets: bool,
    pub cards: HashMap<String, CardInfo>,
    /// Card names in lower case (rules are lower-cased before they are read).
    pub names: HashSet<String>,
    /// Subtypes in lower case.
    pub subtypes: HashSet<String>,
}

/// The dialect's linter (its `DialectLinter`, registered as its `DialectPlugin`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Linter;

impl DialectLinter for Linter {
    type FileIndex = FileIndex;
    type Index = Index;

    const DIALECT: crate::Dialect = crate::Dialect::RULESCRIPT;

    /// The game's script module in `o8g/Scripts/`.
    fn claim_path(&self, dirs: &str, name: &str) -> Option<u8> {
        (crate::octgn::detect_by_path(dirs, name) == Some(crate::Dialect::RULESCRIPT)).then_some(90)
    }

    /// A set file of the game (by its id) or the module holding its scripts.
    fn claim_content(&self, text: &str) -> Option<u8> {
        (crate::octgn::detect_by_content(text) == Some(crate::Dialect::RULESCRIPT)).then_some(100)
    }

    fn example_path(&self) -> &'static str {
        "o8g/Scripts/card_rules.py"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["py", "xml"]
    }

    fn rules(&self) -> Vec<&'static RuleMeta> {
        rule_metas()
    }

    fn debug_tree(&self, text: &str) -> String {
        syntax::rulescript::parse(text).debug_dump()
    }

    fn index_file(&self, file: &SourceFile) -> FileIndex {
        let Some(cards) = crate::octgn::set_cards(file.text()) else {
            return FileIndex::default();
        };
        FileIndex {
            is_set: true,
            cards: cards
                .into_iter()
                .map(|card| {
                    let info = CardInfo {
                        card_type: card.property("Type").unwrap_or_default().to_string(),
                        subtype: card.property("Subtype").unwrap_or_default().to_string(),
                        name: card.name,
                    };
                    (card.id.unwrap_or_default(), info)
                })
                .collect(),
        }
    }

    fn build_index(&self, _files: &[SourceFile], indexes: Vec<(FileId, FileIndex)>) -> Index {
        let mut index = Index::default();
        for (_, file) in indexes {
            index.has_sets |= file.is_set;
            for (id, card) in file.cards {
                index.names.insert(card.name.to_lowercase());
                for subtype in card.subtype.split([',', '/', ' ']) {
                    let s = subtype.trim().to_lowercase();
                    if !s.is_empty() {
                        index.subtypes.insert(s);
                    }
                }
                index.cards.entry(id).or_insert(card);
            }
        }
        index
    }

    fn lint_file(
        &self,
        id: FileId,
        files: &[SourceFile],
        index: &Index,
        _config: &crate::config::Config,
        filter: &RuleFilter,
        out: &mut Vec<Diagnostic>,
    ) {
        let file = &files[id];
        let parse = syntax::rulescript::parse(file.text());
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
            index,
            errors: &embedded,
        };
        filter.run(rules::RULES, out, |check, sink| check(&ctx, sink));
    }
}

pub fn rule_metas() -> Vec<&'static RuleMeta> {
    rules::RULES.iter().map(|r| r.meta).collect()
}

/// A RuleScript rule: metadata and a check over a `Ctx`.
pub type RulescriptRule = Rule<fn(&Ctx<'_>, &mut crate::diagnostic::Sink<'_>)>;

/// Every rule line of the file.
pub fn rule_lines(ctx: &Ctx<'_>) -> impl Iterator<Item = ast::RuleLine> + use<> {
    ctx.tree
        .entries()
        .filter_map(|e| e.text())
        .flat_map(|t| t.lines())
}

/// Every target filter of the file (target and requisite lines, target clauses, costs).
pub fn targets(ctx: &Ctx<'_>) -> impl Iterator<Item = ast::Target> + use<> {
    ctx.tree
        .syntax()
        .descendants()
        .filter_map(ast::Target::cast)
}
