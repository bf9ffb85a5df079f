//! The analysis of a set of files: each dialect indexes its files (cheaply, in parallel), merges
//! the indexes, then lints every file against the merged index (in parallel). Trees are built
//! in the lint pass and dropped with it, so memory follows the index, not the trees.

use crate::config::Config;
use crate::diagnostic::Diagnostic;
use crate::dialect::Dialect;
use crate::registry::RuleFilter;
use model::source::{FileId, SourceFile};
use rayon::prelude::*;
use std::borrow::Cow;

/// Evaluates `body` with `linter` bound to the dialect's `DialectLinter` (each dialect has its
/// own type, so the body is written once and compiled per dialect).
macro_rules! with_linter {
    ($dialect:expr, |$linter:ident| $body:expr) => {
        match $dialect {
            $crate::Dialect::Forge => {
                let $linter = &$crate::forge::Linter;
                $body
            }
            $crate::Dialect::Wagic => {
                let $linter = &$crate::wagic::Linter;
                $body
            }
            $crate::Dialect::Pymtg => {
                let $linter = &$crate::pymtg::Linter;
                $body
            }
            $crate::Dialect::Netrunner => {
                let $linter = &$crate::netrunner::Linter;
                $body
            }
            $crate::Dialect::Rulescript => {
                let $linter = &$crate::rulescript::Linter;
                $body
            }
        }
    };
}
pub(crate) use with_linter;

/// What each dialect provides to the workspace pipeline.
pub trait DialectLinter: Sync {
    /// What one file contributes to the workspace index.
    type FileIndex: Send;
    /// The merged index that every file is linted against.
    type Index: Sync + Send;

    fn index_file(&self, file: &SourceFile) -> Self::FileIndex;

    /// Merges the per-file indexes (`files` is the whole workspace; ids index into it).
    fn build_index(
        &self,
        files: &[SourceFile],
        indexes: Vec<(FileId, Self::FileIndex)>,
    ) -> Self::Index;

    /// What a file's findings depend on besides its text and the configuration file (mixed into
    /// its key in the result cache): for Forge, the source its vocabulary was read from.
    fn file_salt(&self, _file: &SourceFile, _config: &Config) -> u64 {
        0
    }

    /// Parses one file and reports everything wrong with it (syntax errors included).
    fn lint_file(
        &self,
        id: FileId,
        files: &[SourceFile],
        index: &Self::Index,
        config: &Config,
        filter: &RuleFilter,
        out: &mut Vec<Diagnostic>,
    );
}

/// Lints every file; returns one list of diagnostics per file, in the order of `files`, each
/// sorted by position.
pub fn check(files: &[SourceFile], config: &Config) -> Vec<Vec<Diagnostic>> {
    check_with_progress(files, config, &|| {})
}

/// `check`, calling `on_file` after each file is linted (for progress reports).
pub fn check_with_progress(
    files: &[SourceFile],
    config: &Config,
    on_file: &(dyn Fn() + Sync),
) -> Vec<Vec<Diagnostic>> {
    let mut results: Vec<Vec<Diagnostic>> = (0..files.len()).map(|_| Vec::new()).collect();
    for dialect in Dialect::ALL {
        let ids: Vec<FileId> = (0..files.len())
            .filter(|&i| files[i].dialect == dialect)
            .collect();
        if ids.is_empty() {
            continue;
        }
        let out = with_linter!(dialect, |linter| run(linter, files, &ids, config, on_file));
        for (id, diagnostics) in ids.into_iter().zip(out) {
            results[id] = diagnostics;
        }
    }
    results
}

/// The pipeline for the files of one dialect.
pub fn run<L: DialectLinter>(
    linter: &L,
    files: &[SourceFile],
    ids: &[FileId],
    config: &Config,
    on_file: &(dyn Fn() + Sync),
) -> Vec<Vec<Diagnostic>> {
    let indexes: Vec<(FileId, L::FileIndex)> = ids
        .par_iter()
        .map(|&id| (id, linter.index_file(&files[id])))
        .collect();
    let index = linter.build_index(files, indexes);
    ids.par_iter()
        .map(|&id| {
            let out = lint_one(linter, id, files, &index, config);
            on_file();
            out
        })
        .collect()
}

/// Lints one file against a built index: rules, config filter, suppressions, sorted output.
pub fn lint_one<L: DialectLinter>(
    linter: &L,
    id: FileId,
    files: &[SourceFile],
    index: &L::Index,
    config: &Config,
) -> Vec<Diagnostic> {
    let file = &files[id];
    let filter = file_filter(config, file);
    let mut out = Vec::new();
    crate::common::check_source(file, &mut out);
    linter.lint_file(id, files, index, config, &filter, &mut out);
    filter.apply(&mut out);
    crate::suppress::apply(file, &filter, &mut out);
    out.sort_by_key(|d| (d.range.start(), d.range.end(), d.rule.code));
    out
}

/// The config's rule filter with the file's per-file ignores added.
pub fn file_filter<'c>(config: &'c Config, file: &SourceFile) -> Cow<'c, RuleFilter> {
    let extra = config.ignores_for(&file.path);
    if extra.is_empty() {
        Cow::Borrowed(&config.filter)
    } else {
        let mut filter = config.filter.clone();
        filter.ignore.extend(extra);
        Cow::Owned(filter)
    }
}
