//! The analysis of a set of files: each dialect indexes its files (cheaply, in parallel), merges
//! the indexes, then lints every file against the merged index (in parallel). Trees are built
//! in the lint pass and dropped with it, so memory follows the index, not the trees.

use crate::config::Config;
use crate::diagnostic::Diagnostic;
use crate::dialect::{Dialect, DialectPlugin};
use crate::registry::{Pass, RuleFilter, RuleMeta};
use model::guard;
use model::source::{FileId, SourceFile};
use rayon::prelude::*;
use serde::{Serialize, de::DeserializeOwned};
use std::borrow::Cow;
use std::collections::HashMap;

/// What a dialect provides to the workspace pipeline: its identity and detection, its index and
/// its linter. Every `DialectLinter` is a `DialectPlugin` (`crate::dialect`), the untyped face
/// the registry holds.
pub trait DialectLinter: Sync + Send + 'static {
    /// What one file contributes to the workspace index (kept in the result cache).
    type FileIndex: Send + Serialize + DeserializeOwned;
    /// The merged index that every file is linted against.
    type Index: Sync + Send;

    /// The dialect it lints.
    const DIALECT: Dialect;

    /// How strongly a path's place in the engine's folder layout says it is this dialect.
    fn claim_path(&self, _dirs: &str, _name: &str) -> Option<u8> {
        None
    }

    /// How strongly a text looks like this dialect.
    fn claim_content(&self, _text: &str) -> Option<u8> {
        None
    }

    /// File extensions a folder walk reads for this dialect.
    fn extensions(&self) -> &'static [&'static str];

    /// Where a file of this dialect typically sits (`cardsfolder/e/example.txt`): rule examples
    /// and documents without a path are placed there, so path-dependent checks see a usual file.
    fn example_path(&self) -> &'static str;

    /// The dialect's rules (not counting the shared ones).
    fn rules(&self) -> Vec<&'static RuleMeta>;

    /// The tree of a text in rust-analyzer's debug format, with the syntax errors.
    fn debug_tree(&self, text: &str) -> String;

    /// What a byte-order mark does to this dialect's reader (`None`: it skips it).
    fn bom_message(&self) -> Option<&'static str> {
        None
    }

    /// The dialect's layout convention (`cardlint format`, editor formatting); `None` (the
    /// default): its files are never formatted.
    fn formatter(&self) -> Option<&'static dyn crate::format::Formatter> {
        None
    }

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

impl<L: DialectLinter> DialectPlugin for L {
    fn dialect(&self) -> Dialect {
        L::DIALECT
    }

    fn claim_path(&self, dirs: &str, name: &str) -> Option<u8> {
        DialectLinter::claim_path(self, dirs, name)
    }

    fn claim_content(&self, text: &str) -> Option<u8> {
        DialectLinter::claim_content(self, text)
    }

    fn extensions(&self) -> &'static [&'static str] {
        DialectLinter::extensions(self)
    }

    fn example_path(&self) -> &'static str {
        DialectLinter::example_path(self)
    }

    fn rules(&self) -> Vec<&'static RuleMeta> {
        DialectLinter::rules(self)
    }

    fn debug_tree(&self, text: &str) -> String {
        DialectLinter::debug_tree(self, text)
    }

    fn bom_message(&self) -> Option<&'static str> {
        DialectLinter::bom_message(self)
    }

    fn formatter(&self) -> Option<&'static dyn crate::format::Formatter> {
        DialectLinter::formatter(self)
    }

    fn check(
        &self,
        files: &[SourceFile],
        ids: &[FileId],
        config: &Config,
        on_file: &(dyn Fn() + Sync),
    ) -> Vec<Vec<Diagnostic>> {
        run(self, files, ids, config, on_file)
    }

    fn check_cached<'c>(
        &self,
        files: &[SourceFile],
        ids: &[FileId],
        config: &Config,
        old: &'c crate::cache::Cache,
        on_file: &(dyn Fn() + Sync),
    ) -> crate::cache::Outcome<'c> {
        crate::cache::run(self, L::DIALECT, files, ids, config, old, on_file)
    }
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
    for plugin in crate::dialect::plugins() {
        let dialect = plugin.dialect();
        let ids: Vec<FileId> = (0..files.len())
            .filter(|&i| files[i].dialect == dialect)
            .collect();
        if ids.is_empty() {
            continue;
        }
        let out = plugin.check(files, &ids, config, on_file);
        for (id, diagnostics) in ids.into_iter().zip(out) {
            results[id] = diagnostics;
        }
    }
    results
}

/// A file with its index (`None`: none), or why indexing it failed.
type Indexed<I> = (FileId, Result<Option<I>, String>);

/// The pipeline for the files of one dialect. A panic while one file is indexed or linted
/// becomes a `G100` on that file (`internal_error`); one while the index is merged, on each file.
pub fn run<L: DialectLinter>(
    linter: &L,
    files: &[SourceFile],
    ids: &[FileId],
    config: &Config,
    on_file: &(dyn Fn() + Sync),
) -> Vec<Vec<Diagnostic>> {
    let indexed: Vec<Indexed<L::FileIndex>> = ids
        .par_iter()
        .map(|&id| (id, index_within_budget(linter, &files[id])))
        .collect();
    let mut failed: HashMap<FileId, String> = HashMap::new();
    let mut indexes = Vec::with_capacity(indexed.len());
    for (id, index) in indexed {
        match index {
            Ok(Some(index)) => indexes.push((id, index)),
            Ok(None) => {}
            Err(message) => {
                failed.insert(id, format!("while indexing it: {message}"));
            }
        }
    }
    let index = match guard::catch(|| linter.build_index(files, indexes)) {
        Ok(index) => index,
        Err(message) => {
            let message = format!("while indexing the {} files: {message}", L::DIALECT.name());
            return ids
                .iter()
                .map(|&id| {
                    on_file();
                    internal_error(&files[id], config, &message)
                })
                .collect();
        }
    };
    ids.par_iter()
        .map(|&id| {
            let out = match failed.get(&id) {
                Some(message) => internal_error(&files[id], config, message),
                None => lint_one_guarded(linter, id, files, &index, config),
            };
            on_file();
            out
        })
        .collect()
}

/// The largest file cardlint checks (16 MiB of text, four times the Wagic primitives file):
/// past it, the file's memory would pass the budget of a run, so it gets one `G100` instead.
pub const MAX_CHECKED_LEN: usize = 16 << 20;
/// The largest file that looks like UTF-16 cardlint checks (1 MiB): such text is read as
/// Latin-1 with a NUL in every other character, which costs several times the memory of text
/// (and no engine reads it).
pub const MAX_UTF16_LEN: usize = 1 << 20;

/// Why a file is past cardlint's budget for one file (then it is neither indexed nor linted:
/// one `G100` says so, and the run goes on).
pub fn over_budget(file: &SourceFile) -> Option<String> {
    let text = file.text();
    if text.len() > MAX_CHECKED_LEN {
        return Some(format!(
            "it is {} MiB of text, more than cardlint checks in one file ({} MiB)",
            text.len() >> 20,
            MAX_CHECKED_LEN >> 20
        ));
    }
    if text.len() > MAX_UTF16_LEN && looks_like_utf16(text) {
        return Some(format!(
            "it looks like UTF-16 (a byte-order mark or NUL bytes) and is larger than {} MiB; cardlint reads UTF-8 and Latin-1",
            MAX_UTF16_LEN >> 20
        ));
    }
    None
}

/// Text decoded from UTF-16 bytes: the byte-order mark read as Latin-1, or a NUL in every few
/// characters.
fn looks_like_utf16(text: &str) -> bool {
    if text.starts_with("\u{ff}\u{fe}") || text.starts_with("\u{fe}\u{ff}") {
        return true;
    }
    let nuls = memchr::memchr_iter(0, text.as_bytes()).count();
    nuls > 0 && nuls * 8 >= text.len()
}

/// A file's index, `None` for a file past its budget (`over_budget`); a panic is an `Err`.
pub(crate) fn index_within_budget<L: DialectLinter>(
    linter: &L,
    file: &SourceFile,
) -> Result<Option<L::FileIndex>, String> {
    if over_budget(file).is_some() {
        return Ok(None);
    }
    guard::catch(|| linter.index_file(file)).map(Some)
}

/// `lint_one`, with a panic turned into a `G100` on the file, and a file past its budget
/// (`over_budget`) reported by one `G100` without being linted.
pub fn lint_one_guarded<L: DialectLinter>(
    linter: &L,
    id: FileId,
    files: &[SourceFile],
    index: &L::Index,
    config: &Config,
) -> Vec<Diagnostic> {
    if let Some(why) = over_budget(&files[id]) {
        return not_checked(&files[id], config, &why);
    }
    guard::catch(|| {
        guard::test_panic(&files[id].path_string());
        lint_one(linter, id, files, index, config)
    })
    .unwrap_or_else(|message| {
        internal_error(&files[id], config, &format!("while linting it: {message}"))
    })
}

/// The findings of a file past its budget: one `G100` at its start saying why it was not
/// checked (reported whatever `select` says, unless the rule is ignored).
pub fn not_checked(file: &SourceFile, config: &Config, why: &str) -> Vec<Diagnostic> {
    let mut out = internal_error(file, config, "");
    for d in &mut out {
        d.message = format!("cardlint did not check this file: {why}");
    }
    out
}

/// The findings of a file that cardlint failed on: one `G100` (`internal-error`) at its start,
/// naming the failure. It is reported whatever `select` says, unless the rule is ignored.
pub fn internal_error(file: &SourceFile, config: &Config, message: &str) -> Vec<Diagnostic> {
    let filter = file_filter(config, file);
    let rule = &crate::simulation::INTERNAL_ERROR;
    if filter.ignore.contains(&rule.code) {
        return Vec::new();
    }
    let mut d = Diagnostic::new(
        rule,
        syntax::TextRange::empty(0.into()),
        format!(
            "cardlint failed on this file (a bug in cardlint; please report it) {message}; the file was not checked"
        ),
    );
    if let Some(severity) = filter.severity_of(rule) {
        d.severity = severity;
    }
    vec![d]
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
    finish_with(file, &filter, Pass::Lint, &mut out);
    out
}

/// The one way findings leave a pass: the configuration's filter and severities (with the
/// file's per-file ignores), the file's suppression comments for that pass, and position order.
/// The lint, the simulation and the language server all go through it.
pub fn finish(file: &SourceFile, config: &Config, pass: Pass, diagnostics: &mut Vec<Diagnostic>) {
    let filter = file_filter(config, file);
    finish_with(file, &filter, pass, diagnostics);
}

/// `finish` with the file's filter already made.
pub fn finish_with(
    file: &SourceFile,
    filter: &RuleFilter,
    pass: Pass,
    diagnostics: &mut Vec<Diagnostic>,
) {
    filter.apply(diagnostics);
    crate::suppress::apply_pass(file, filter, diagnostics, pass);
    diagnostics.sort_by_key(|d| (d.range.start(), d.range.end(), d.rule.code));
    cap_per_rule(diagnostics);
    for d in diagnostics.iter_mut() {
        shorten(&mut d.message);
    }
}

/// The longest message a finding prints (in bytes): a message that quotes a word of a
/// generated file (megabytes on one line) is cut, with `...`.
pub const MAX_MESSAGE: usize = 2000;

fn shorten(message: &mut String) {
    if message.len() > MAX_MESSAGE {
        let mut end = MAX_MESSAGE;
        while !message.is_char_boundary(end) {
            end -= 1;
        }
        message.truncate(end);
        message.push_str("...");
    }
}

/// The most findings of one rule a file reports; the rest are summed up in one more finding.
pub const MAX_PER_RULE: usize = 1000;

/// Keeps the first `MAX_PER_RULE` findings of each rule (in position order) and replaces the
/// others by one finding at the first of them, saying how many there were: a generated or
/// damaged file cannot make a report grow without bound.
fn cap_per_rule(diagnostics: &mut Vec<Diagnostic>) {
    // Findings a sink folded away while its rule ran (`diagnostic::SINK_KEEP`): they count,
    // and they sit past every finding shown.
    let mut folded: Vec<Diagnostic> = Vec::new();
    if diagnostics.iter().any(|d| d.folded_count().is_some()) {
        diagnostics.retain(|d| {
            if d.folded_count().is_none() {
                return true;
            }
            folded.push(d.clone());
            false
        });
    }
    if diagnostics.len() <= MAX_PER_RULE && folded.is_empty() {
        return;
    }
    let mut counts: HashMap<&'static str, usize> = HashMap::new();
    for d in diagnostics.iter() {
        *counts.entry(d.rule.code).or_default() += 1;
    }
    for d in &folded {
        *counts.entry(d.rule.code).or_default() += d.folded_count().unwrap_or(0);
    }
    if counts.values().all(|&n| n <= MAX_PER_RULE) {
        return;
    }
    let mut seen: HashMap<&'static str, usize> = HashMap::new();
    // Per capped rule: where its summary goes and the worst severity it stands for.
    let mut summaries: Vec<Diagnostic> = Vec::new();
    diagnostics.retain(|d| {
        let n = seen.entry(d.rule.code).or_default();
        *n += 1;
        if *n <= MAX_PER_RULE {
            return true;
        }
        if *n == MAX_PER_RULE + 1 {
            let more = counts[d.rule.code] - MAX_PER_RULE;
            summaries.push(Diagnostic {
                rule: d.rule,
                severity: d.severity,
                range: d.range,
                message: format!(
                    "{more} more `{}` findings from here on are not shown: a file reports at most {MAX_PER_RULE} of one rule",
                    d.rule.code
                ),
                fix: None,
                notes: Vec::new(),
                related: Vec::new(),
            });
        } else if let Some(s) = summaries.iter_mut().find(|s| s.rule.code == d.rule.code) {
            s.severity = s.severity.min(d.severity);
        }
        false
    });
    for f in folded {
        match summaries.iter_mut().find(|s| s.rule.code == f.rule.code) {
            Some(s) => s.severity = s.severity.min(f.severity),
            // Only when suppressions hid most of the rule's findings that were kept.
            None => {
                let more = counts[f.rule.code].saturating_sub(MAX_PER_RULE);
                summaries.push(Diagnostic {
                    rule: f.rule,
                    severity: f.severity,
                    range: f.range,
                    message: format!(
                        "{more} more `{}` findings from here on are not shown: a file reports at most {MAX_PER_RULE} of one rule",
                        f.rule.code
                    ),
                    fix: None,
                    notes: Vec::new(),
                    related: Vec::new(),
                });
            }
        }
    }
    diagnostics.extend(summaries);
    diagnostics.sort_by_key(|d| (d.range.start(), d.range.end(), d.rule.code));
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
