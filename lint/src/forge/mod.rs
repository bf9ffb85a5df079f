//! Forge card scripts: the workspace index (card names, token scripts), the per-card semantic
//! model, the vocabulary, and the rules (`rules/`, one file each).

use crate::diagnostic::Diagnostic;
use crate::registry::{Rule, RuleFilter, RuleMeta};
use crate::workspace::DialectLinter;
use model::source::{FileId, SourceFile};
use std::collections::HashMap;
use syntax::ErrorKind;
use syntax::forge::ast;

pub mod rules;

/// What a rule sees: the file, its tree, the file's semantic model and the workspace index.
pub struct Ctx<'a> {
    pub file: &'a SourceFile,
    /// The vocabulary of the Forge version the file is checked against.
    pub vocab: &'static model::forge::Vocabulary,
    pub tree: ast::SourceFile,
    pub model: model::forge::Model<'a>,
    pub index: &'a Index,
    /// The learned idioms F180 compares the file with (`[forge] idioms` or the shipped).
    pub idioms: &'static model::learn::Idioms,
    pub(crate) cache: rules::Cache<'a>,
}

impl Ctx<'_> {
    /// For a word the file's vocabulary does not know, when the file is checked against one
    /// Forge version: " (not read by Forge 2022; Forge 2020 reads it)"; else nothing (the
    /// default vocabulary holds every shipped version's words).
    pub fn version_clause(&self, kind: model::forge::facts::FactKind, word: &str) -> String {
        if !self.vocab.is_one_version() {
            return String::new();
        }
        match self.vocab.read_elsewhere(kind, word) {
            Some(elsewhere) => format!(" (not read by {}; {elsewhere})", self.vocab.label),
            None => format!(" (checked against {})", self.vocab.label),
        }
    }
}

/// Whether a path is a token script (a file under a `tokenscripts` folder).
pub fn is_token_script_path(path: &std::path::Path) -> bool {
    path.components().any(|c| c.as_os_str() == "tokenscripts")
}

/// What one Forge file contributes to the index.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FileIndex {
    /// `Name:` values in file order (one per face).
    pub names: Vec<String>,
    /// For files under `tokenscripts/`: the script name (file stem) `TokenScript$` refers to.
    pub token_script: Option<String>,
}

/// Card names and token scripts of the whole workspace.
#[derive(Default)]
pub struct Index {
    pub card_names: HashMap<String, Vec<FileId>>,
    pub token_scripts: HashMap<String, FileId>,
}

/// The dialect's linter (its `DialectLinter`, registered as its `DialectPlugin`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Linter;

impl DialectLinter for Linter {
    type FileIndex = FileIndex;
    type Index = Index;

    const DIALECT: crate::Dialect = crate::Dialect::FORGE;

    /// Card scripts and token scripts: `.txt` files under `cardsfolder/` or `tokenscripts/`.
    fn claim_path(&self, dirs: &str, name: &str) -> Option<u8> {
        let forge = name.ends_with(".txt")
            && (crate::dialect::has_dir(dirs, "cardsfolder")
                || crate::dialect::has_dir(dirs, "tokenscripts"));
        forge.then_some(50)
    }

    /// Content alone claims a file only when it is unmistakably a card script: among the first
    /// 40 meaningful lines, a `Name:` line and a `ManaCost:` or `Types:` line, and no `[section]`
    /// header (Forge's format, edition, puzzle and quest files start with `Name:` too, or with a
    /// `[format]`/`[metadata]` header, but never have both keys). The claim is as strong as the
    /// later of the two lines is early.
    fn claim_content(&self, text: &str) -> Option<u8> {
        let mut name = None;
        let mut card_key = None;
        for (i, line) in text.lines().take(40).enumerate() {
            let trimmed = line.trim_start_matches('\u{feff}').trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if trimmed.starts_with('[') {
                return None;
            }
            let Some((key, _)) = trimmed.split_once(':') else {
                continue;
            };
            match key {
                "Name" => {
                    name.get_or_insert(i);
                }
                "ManaCost" | "Types" => {
                    card_key.get_or_insert(i);
                }
                _ => {}
            }
            if let (Some(a), Some(b)) = (name, card_key) {
                return Some(crate::dialect::claim_by_line(a.max(b)));
            }
        }
        None
    }

    fn example_path(&self) -> &'static str {
        "cardsfolder/e/example.txt"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["txt"]
    }

    fn rules(&self) -> Vec<&'static RuleMeta> {
        rule_metas()
    }

    fn debug_tree(&self, text: &str) -> String {
        syntax::forge::parse(text).debug_dump()
    }

    fn bom_message(&self) -> Option<&'static str> {
        Some("byte-order mark: Forge reads it as part of the first key, so that line is ignored")
    }

    fn formatter(&self) -> Option<&'static dyn crate::format::Formatter> {
        Some(&crate::format::forge::FORMATTER)
    }

    fn index_file(&self, file: &SourceFile) -> FileIndex {
        // The `Name:` lines, found by searching for the key instead of walking every line: a
        // key counts when only blanks come before it on its line.
        let text = file.text();
        let names = memchr::memmem::find_iter(text.as_bytes(), "Name:")
            .filter(|&at| {
                let line_start =
                    memchr::memrchr(b'\n', &text.as_bytes()[..at]).map_or(0, |i| i + 1);
                text[line_start..at].trim_start().is_empty()
            })
            .map(|at| {
                let value = &text[at + "Name:".len()..];
                let end = memchr::memchr(b'\n', value.as_bytes()).unwrap_or(value.len());
                value[..end].trim().to_string()
            })
            .collect();
        let in_tokenscripts = is_token_script_path(&file.path);
        let token_script = in_tokenscripts
            .then(|| {
                file.path
                    .file_stem()
                    .map(|s| s.to_string_lossy().to_string())
            })
            .flatten();
        FileIndex {
            names,
            token_script,
        }
    }

    fn build_index(&self, _files: &[SourceFile], indexes: Vec<(FileId, FileIndex)>) -> Index {
        let mut index = Index::default();
        for (id, file) in indexes {
            for name in file.names {
                index.card_names.entry(name).or_default().push(id);
            }
            if let Some(script) = file.token_script {
                index.token_scripts.entry(script).or_insert(id);
            }
        }
        index
    }

    fn file_salt(&self, file: &SourceFile, config: &crate::config::Config) -> u64 {
        model::forge::versions::identity_for(&config.forge_engine, &file.path)
            ^ config.forge_idioms.map_or(0, |l| l.digest.rotate_left(1))
    }

    fn lint_file(
        &self,
        id: FileId,
        files: &[SourceFile],
        index: &Index,
        config: &crate::config::Config,
        filter: &RuleFilter,
        out: &mut Vec<Diagnostic>,
    ) {
        let file = &files[id];
        let parse = syntax::forge::parse(file.text());
        let Some(tree) = ast::SourceFile::cast(parse.syntax()) else {
            crate::common::syntax_diagnostics(file.text(), parse.errors(), out);
            return;
        };
        let vocab = model::forge::versions::vocabulary_for(&config.forge_engine, &file.path);
        let model =
            model::forge::Model::build(file.text(), &tree, is_token_script_path(&file.path), vocab);
        let ctx = Ctx {
            file,
            vocab,
            tree,
            model,
            index,
            idioms: config
                .forge_idioms
                .map_or_else(model::learn::forge_shipped, |l| l.idioms),
            cache: rules::Cache::default(),
        };
        let first = out.len();
        filter.run(rules::RULES, out, |check, sink| check(&ctx, sink));
        // A learned rule yields to the hand-written rule that explains the same line.
        let text = file.text();
        crate::common::apply_yields(out, first, |at| {
            let at = usize::from(at).min(text.len());
            Some(text[..at].bytes().filter(|b| *b == b'\n').count())
        });
        // Lines and brackets that a Forge rule explains more precisely do not also get the
        // generic syntax diagnostic.
        let replaced: Vec<(ErrorKind, syntax::TextRange)> = out[first..]
            .iter()
            .flat_map(|d| d.rule.replaces.iter().map(|k| (*k, d.range)))
            .collect();
        let errors: Vec<syntax::SyntaxError> = parse
            .errors()
            .iter()
            .filter(|e| {
                !replaced
                    .iter()
                    .any(|(kind, range)| *kind == e.kind && range.intersect(e.range).is_some())
            })
            .cloned()
            .collect();
        crate::common::syntax_diagnostics(file.text(), &errors, out);
    }
}

pub fn rule_metas() -> Vec<&'static RuleMeta> {
    rules::RULES.iter().map(|r| r.meta).collect()
}

/// A Forge rule: metadata and a check over a `Ctx`.
pub type ForgeRule = Rule<fn(&Ctx<'_>, &mut crate::diagnostic::Sink<'_>)>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_takes_name_keys_that_start_their_line() {
        let text =
            "Name:Ember Gull\r\nOracle:Name: in prose\n  Name: Ash Gull \nText:a Name:b\nName:";
        let file =
            SourceFile::from_text("cardsfolder/e/ember_gull.txt", crate::Dialect::FORGE, text);
        let index = Linter.index_file(&file);
        assert_eq!(index.names, ["Ember Gull", "Ash Gull", ""]);
        assert_eq!(index.token_script, None);
    }
}
