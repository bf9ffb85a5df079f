//! Wagic card files: the workspace index (primitives by name, set entries by id, macros), the
//! vocabulary, and the rules (`rules/`, one file each).

use crate::diagnostic::Diagnostic;
use crate::registry::{Rule, RuleFilter, RuleMeta};
use crate::source::{FileId, SourceFile};
use crate::workspace::DialectLinter;
use std::collections::HashMap;
use syntax::wagic::ast;
use syntax::wagic::outline::{LineClass, Outline};
use syntax::{TextRange, TextSize};

mod rules;

/// What a rule sees: the file, its tree and the workspace index.
pub struct Ctx<'a> {
    pub file: &'a SourceFile,
    pub tree: ast::SourceFile,
    pub index: &'a Index,
}

/// A place in the workspace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    pub file: FileId,
    pub range: TextRange,
}

/// What one Wagic file contributes to the index, read with the engine's line state machine.
#[derive(Default, serde::Serialize, serde::Deserialize)]
pub struct FileIndex {
    /// `name=` values of card blocks without an id (primitive definitions), with their ranges.
    pub primitives: Vec<(String, TextRange)>,
    /// `id=` values (as written) with their ranges.
    pub ids: Vec<(String, TextRange)>,
    /// `#AUTO_DEFINE` names (lowercased, as the engine stores them).
    pub macros: Vec<(String, TextRange)>,
}

/// Primitives, ids and macros of the whole workspace, in the engine's load order.
#[derive(Default)]
pub struct Index {
    pub primitives: HashMap<String, Vec<Location>>,
    pub ids: HashMap<String, Vec<Location>>,
    pub macros: HashMap<String, Vec<Location>>,
}

pub struct Linter;

impl DialectLinter for Linter {
    type FileIndex = FileIndex;
    type Index = Index;

    fn index_file(&self, file: &SourceFile) -> FileIndex {
        let text = file.text();
        let mut index = FileIndex::default();
        let mut block_name: Option<(String, TextRange)> = None;
        let mut block_has_id = false;
        for line in Outline::new(text) {
            let range = |s: usize, e: usize| {
                TextRange::new(TextSize::from(s as u32), TextSize::from(e as u32))
            };
            match line.class {
                LineClass::BlockOpen { .. } => {
                    block_name = None;
                    block_has_id = false;
                }
                LineClass::Entry { eq } if line.block == syntax::wagic::outline::Block::Card => {
                    let key = &text[line.start..line.start + eq];
                    let value_range = range(line.start + eq + 1, line.content_end);
                    let value = &text[line.start + eq + 1..line.content_end];
                    match key.as_bytes().first() {
                        Some(b'n') => block_name = Some((value.to_string(), value_range)),
                        Some(b'i') => {
                            block_has_id = true;
                            index.ids.push((value.to_string(), value_range));
                        }
                        _ => {}
                    }
                }
                LineClass::BlockClose if line.block == syntax::wagic::outline::Block::Card => {
                    if let (Some(name), false) = (block_name.take(), block_has_id) {
                        index.primitives.push(name);
                    }
                }
                LineClass::MacroDef => {
                    let rest = &text
                        [line.start + syntax::wagic::outline::MACRO_PREFIX.len()..line.content_end];
                    let end = rest.find([' ', '(']).unwrap_or(rest.len());
                    let start = line.start + syntax::wagic::outline::MACRO_PREFIX.len();
                    index
                        .macros
                        .push((rest[..end].to_lowercase(), range(start, start + end)));
                }
                _ => {}
            }
        }
        index
    }

    fn build_index(&self, files: &[SourceFile], indexes: Vec<(FileId, FileIndex)>) -> Index {
        let mut indexes = indexes;
        // The engine reads every primitives file first, then the set folders, each in byte order.
        indexes.sort_by_key(|(id, _)| load_order_key(&files[*id]));
        let mut index = Index::default();
        for (id, file) in indexes {
            for (name, range) in file.primitives {
                index
                    .primitives
                    .entry(name)
                    .or_default()
                    .push(Location { file: id, range });
            }
            for (value, range) in file.ids {
                index
                    .ids
                    .entry(value)
                    .or_default()
                    .push(Location { file: id, range });
            }
            for (name, range) in file.macros {
                index
                    .macros
                    .entry(name)
                    .or_default()
                    .push(Location { file: id, range });
            }
        }
        index
    }

    fn lint_file(
        &self,
        id: FileId,
        files: &[SourceFile],
        index: &Index,
        filter: &RuleFilter,
        out: &mut Vec<Diagnostic>,
    ) {
        let file = &files[id];
        let parse = syntax::wagic::parse(file.text());
        crate::common::syntax_diagnostics(file.text(), parse.errors(), out);
        let Some(tree) = ast::SourceFile::cast(parse.syntax()) else {
            return;
        };
        let ctx = Ctx { file, tree, index };
        filter.run(rules::RULES, out, |check, sink| check(&ctx, sink));
    }
}

/// Sort key reproducing the engine's load order: primitives files first, then set files, each
/// in byte order of their names; other files last.
pub fn load_order_key(file: &SourceFile) -> (u8, Vec<u8>) {
    let path = file.path_string();
    let name = file
        .path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    if path.contains("primitives/") {
        (0, name.into_bytes())
    } else if name == "_cards.dat" {
        let set = file
            .path
            .parent()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        (1, set.into_bytes())
    } else {
        (2, path.into_bytes())
    }
}

pub fn rule_metas() -> Vec<&'static RuleMeta> {
    rules::RULES.iter().map(|r| r.meta).collect()
}

/// A Wagic rule: metadata and a check over a `Ctx`.
pub type WagicRule = Rule<fn(&Ctx<'_>, &mut crate::diagnostic::Sink<'_>)>;
