//! Per-rule fixtures with snapshots.
//!
//! `lint/tests/fixtures/<dialect>/<CODE>/` holds the cases of one rule: `bad.<ext>` (the rule
//! fires), `good.<ext>` (it does not) and further named cases `<case>.<ext>` for its edge cases.
//! A case whose name starts with `bad` must draw at least one finding of its rule, one whose name
//! starts with `good` none; the others only have their snapshot. Shared rules (`E0xx`) sit under
//! the dialect whose files they are shown on (they may have a folder in several dialects).
//!
//! Where a case is linted as:
//! - a file case is linted alone, at the path the dialect's engine keeps such a file (see
//!   `default_path`), or at the path written in a sidecar `<case>.path` (one line, relative, with
//!   `/`: `tokenscripts/g_1_1_elf.txt`, `sets/AAA/_cards.dat`);
//! - a folder case `<case>/` is a workspace: every file under it is linted together with the
//!   others, at its path relative to the folder (`bad/sets/primitives/cards.txt` is linted as
//!   `sets/primitives/cards.txt`).
//!
//! Fixture files are read as bytes, so a case can hold a byte-order mark, Latin-1 text or control
//! characters. Every case is linted with every rule on (`Config::every_rule`), and its snapshot
//! `<case>.snap` (next to it) shows the findings of the folder's rule, then those of the other
//! rules that are on by default, each with its position, the flagged line underlined, its notes and its fix (the edits
//! and the file after applying them).
//!
//! Update the snapshots with `INSTA_UPDATE=always cargo test -p cardlint-lint --test fixtures`
//! (or `cargo insta test -p cardlint-lint --accept` where cargo-insta is installed) and review
//! the diff.

use lint::{Diagnostic, Dialect, SourceFile};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Registered rules that have no fixture folder, and why. Keep this list short: a rule that
/// fires on odd bytes gets a fixture holding those bytes.
const WITHOUT_FIXTURES: &[(&str, &str)] = &[
    // The simulation's rules (`lint::simulation`, pass `Simulation`): their findings come from
    // the engine crate, which the lint does not run; the engine's tests and the CLI's
    // `check --simulate` tests cover them.
    ("G100", "simulation pass"),
    ("G101", "simulation pass"),
    ("G102", "simulation pass"),
    ("G103", "simulation pass"),
    ("G104", "simulation pass"),
    ("G105", "simulation pass"),
    ("G106", "simulation pass"),
    ("G107", "simulation pass"),
    ("G108", "simulation pass"),
    ("G109", "simulation pass"),
    ("G110", "simulation pass"),
    ("G111", "simulation pass"),
    ("G112", "simulation pass"),
];

fn fixtures_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// One file of a case: the path it is linted as, and its bytes.
struct CaseFile {
    lint_path: String,
    bytes: Vec<u8>,
}

/// One fixture: a file, or a folder of files linted together.
struct Case {
    dialect: Dialect,
    /// The rule's code (the folder's name).
    code: String,
    /// The file's stem or the folder's name; the snapshot is `<name>.snap`.
    name: String,
    /// The fixture's path under `lint/tests/fixtures`, with `/`.
    fixture: String,
    files: Vec<CaseFile>,
}

/// Files of the fixture tree that are not cases.
fn is_auxiliary(name: &str) -> bool {
    name.ends_with(".snap")
        || name.ends_with(".snap.new")
        || name.ends_with(".pending-snap")
        || name.ends_with(".path")
        || name == "README.md"
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    entries
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .expect("a file name")
        .to_string_lossy()
        .into_owned()
}

/// The path a file case is linted as when it has no sidecar: where the dialect's engine keeps
/// such a file.
fn default_path(dialect: Dialect, name: &str, ext: &str) -> String {
    match (dialect.name(), ext) {
        ("forge", "txt") => format!("cardsfolder/f/{name}.txt"),
        ("wagic", "txt") => format!("sets/primitives/{name}.txt"),
        ("wagic", "dat") => "sets/FIX/_cards.dat".to_string(),
        ("pymtg", "txt") => format!("data/{name}_cards.txt"),
        ("netrunner", "py") => "o8g/Scripts/CardScripts.py".to_string(),
        ("rulescript", "py") => "o8g/Scripts/card_rules.py".to_string(),
        ("netrunner" | "rulescript", "xml") => "o8g/Sets/Fixture/set.xml".to_string(),
        (d, e) => panic!("no default path for a .{e} fixture of {d}: add a `.path` sidecar"),
    }
}

/// Every file under `dir`, relative to it, in path order.
fn files_under(dir: &Path, rel: &str, out: &mut Vec<CaseFile>) {
    for path in sorted_entries(dir) {
        let name = file_name(&path);
        let rel = if rel.is_empty() {
            name.clone()
        } else {
            format!("{rel}/{name}")
        };
        if path.is_dir() {
            files_under(&path, &rel, out);
        } else {
            out.push(CaseFile {
                lint_path: rel,
                bytes: std::fs::read(&path).expect("a readable fixture"),
            });
        }
    }
}

fn collect_cases() -> Vec<Case> {
    let root = fixtures_root();
    let mut cases = Vec::new();
    for dialect_dir in sorted_entries(&root) {
        if !dialect_dir.is_dir() {
            continue;
        }
        let dialect_name = file_name(&dialect_dir);
        let dialect = lint::dialect::from_name(&dialect_name)
            .unwrap_or_else(|| panic!("fixtures/{dialect_name}: not a dialect"));
        for code_dir in sorted_entries(&dialect_dir) {
            let code = file_name(&code_dir);
            assert!(
                code_dir.is_dir(),
                "fixtures/{dialect_name}/{code}: not a folder"
            );
            for entry in sorted_entries(&code_dir) {
                let entry_name = file_name(&entry);
                if is_auxiliary(&entry_name) {
                    continue;
                }
                let fixture = format!("{dialect_name}/{code}/{entry_name}");
                let (name, files) = if entry.is_dir() {
                    let mut files = Vec::new();
                    files_under(&entry, "", &mut files);
                    assert!(!files.is_empty(), "{fixture}: an empty folder");
                    (entry_name.clone(), files)
                } else {
                    let (stem, ext) = entry_name
                        .split_once('.')
                        .unwrap_or_else(|| panic!("{fixture}: no extension"));
                    let sidecar = code_dir.join(format!("{stem}.path"));
                    let lint_path = if sidecar.is_file() {
                        std::fs::read_to_string(&sidecar)
                            .expect("a readable sidecar")
                            .trim()
                            .to_string()
                    } else {
                        default_path(dialect, stem, ext)
                    };
                    let bytes = std::fs::read(&entry).expect("a readable fixture");
                    (stem.to_string(), vec![CaseFile { lint_path, bytes }])
                };
                assert!(
                    !cases
                        .iter()
                        .any(|c: &Case| c.dialect == dialect && c.code == code && c.name == name),
                    "{fixture}: a second case named {name}"
                );
                cases.push(Case {
                    dialect,
                    code: code.clone(),
                    name,
                    fixture,
                    files,
                });
            }
        }
    }
    cases
}

/// A character as the snapshot shows it: invisible ones as `<U+XXXX>`.
fn visible_char(c: char) -> String {
    if (c.is_control() && c != '\t') || c == '\u{feff}' {
        format!("<U+{:04X}>", c as u32)
    } else {
        c.to_string()
    }
}

/// A line as the snapshot shows it, and where each of its characters starts in the rendering
/// (by byte offset in the line). Whitespace at the end of the line shows as `·` (space) and `→`
/// (tab), so that it survives editors and is seen.
fn render_line(line: &str) -> (String, Vec<(usize, usize)>) {
    let trailing = line.len() - line.trim_end_matches([' ', '\t']).len();
    let body_end = line.len() - trailing;
    let mut out = String::new();
    let mut starts = Vec::new();
    for (at, c) in line.char_indices() {
        starts.push((at, out.chars().count()));
        if at >= body_end {
            out.push(if c == ' ' { '·' } else { '→' });
        } else {
            out.push_str(&visible_char(c));
        }
    }
    starts.push((line.len(), out.chars().count()));
    (out, starts)
}

/// The lines of a text, without their breaks (`\r\n`, `\n`, a lone `\r`), with their start offsets.
fn lines_of(text: &str) -> Vec<(usize, &str)> {
    let index = syntax::LineIndex::new(text);
    (0..index.line_count())
        .map(|i| {
            let start = usize::from(index.line_start(i as u32));
            let end = if i + 1 < index.line_count() {
                usize::from(index.line_start(i as u32 + 1))
            } else {
                text.len()
            };
            let line = text[start..end].trim_end_matches(['\n', '\r']);
            (start, line)
        })
        .collect()
}

/// `line:col` (1-based, columns in characters) of an offset.
fn position(index: &syntax::LineIndex, offset: syntax::TextSize) -> String {
    let lc = index.line_col(offset);
    format!("{}:{}", lc.line + 1, lc.col + 1)
}

fn span(index: &syntax::LineIndex, range: syntax::TextRange) -> String {
    format!(
        "{}-{}",
        position(index, range.start()),
        position(index, range.end())
    )
}

/// The flagged line with a caret underline (to the end of the line when the range goes on).
fn underline(text: &str, index: &syntax::LineIndex, range: syntax::TextRange, out: &mut String) {
    let lines = lines_of(text);
    let line_no = index.line_col(range.start()).line as usize;
    let Some(&(line_start, line)) = lines.get(line_no) else {
        return;
    };
    let (rendered, starts) = render_line(line);
    let col_of = |offset: usize| {
        let at = offset.saturating_sub(line_start).min(line.len());
        starts
            .iter()
            .find(|(byte, _)| *byte >= at)
            .map_or(rendered.chars().count(), |(_, col)| *col)
    };
    let start = col_of(usize::from(range.start()));
    let end = col_of(usize::from(range.end()).min(line_start + line.len()));
    let number = (line_no + 1).to_string();
    let gutter = " ".repeat(number.len());
    // Tabs before the carets stay tabs, so that the carets sit under the text.
    let pad: String = rendered
        .chars()
        .take(start)
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    let carets = "^".repeat(end.saturating_sub(start).max(1));
    let _ = writeln!(out, "{}", format!("  {number} | {rendered}").trim_end());
    let _ = writeln!(out, "  {gutter} | {pad}{carets}");
}

/// A text with every line prefixed (the file after a fix).
/// A text with every line prefixed (the file after a fix), without the empty line after the
/// last line break.
fn quoted(text: &str, prefix: &str, out: &mut String) {
    let mut lines = lines_of(text);
    if lines.len() > 1 && lines.last().is_some_and(|(_, l)| l.is_empty()) {
        lines.pop();
    }
    for (_, line) in lines {
        let (rendered, _) = render_line(line);
        let _ = writeln!(out, "{}", format!("{prefix}{rendered}").trim_end());
    }
}

/// One diagnostic in the snapshot's text form.
fn render_diagnostic(
    path: Option<&str>,
    text: &str,
    d: &Diagnostic,
    sources: &[SourceFile],
    out: &mut String,
) {
    let index = syntax::LineIndex::new(text);
    let prefix = path.map(|p| format!("{p}:")).unwrap_or_default();
    let _ = writeln!(
        out,
        "{prefix}{} {} {} {}",
        span(&index, d.range),
        d.rule.code,
        d.severity.as_str(),
        d.message
    );
    underline(text, &index, d.range, out);
    for note in &d.notes {
        let _ = writeln!(out, "  = note: {note}");
    }
    for r in &d.related {
        let place = match &r.path {
            None => span(&index, r.range),
            Some(other) => match sources.iter().find(|s| &s.path == other) {
                Some(s) => format!(
                    "{}:{}",
                    s.path_string(),
                    span(&syntax::LineIndex::new(s.text()), r.range)
                ),
                None => format!("{} (not linted)", other.display()),
            },
        };
        let _ = writeln!(out, "  = related {place}: {}", r.message);
    }
    if let Some(fix) = &d.fix {
        let _ = writeln!(
            out,
            "  fix ({}): {}",
            fix.applicability.as_str(),
            fix.message
        );
        let mut edits = fix.edits.clone();
        edits.sort_by_key(|e| (e.range.start(), e.range.end()));
        for e in &edits {
            let _ = writeln!(out, "    edit {} {:?}", span(&index, e.range), e.new_text);
        }
        let mut after = text.to_string();
        for e in edits.iter().rev() {
            after.replace_range(
                usize::from(e.range.start())..usize::from(e.range.end()),
                &e.new_text,
            );
        }
        let _ = writeln!(out, "  after fix:");
        quoted(&after, "    | ", out);
    }
}

/// Lints a case; its diagnostics with the index of their file, sorted by file and position.
fn lint_case(case: &Case) -> (Vec<SourceFile>, Vec<(usize, Diagnostic)>) {
    let sources: Vec<SourceFile> = case
        .files
        .iter()
        .map(|f| SourceFile::new(f.lint_path.as_str(), case.dialect, &f.bytes))
        .collect();
    let results = lint::workspace::check(&sources, &lint::config::Config::every_rule());
    let mut all: Vec<(usize, Diagnostic)> = results
        .into_iter()
        .enumerate()
        .flat_map(|(i, ds)| ds.into_iter().map(move |d| (i, d)))
        .collect();
    all.sort_by(|(fa, a), (fb, b)| {
        (
            &case.files[*fa].lint_path,
            a.range.start(),
            a.range.end(),
            a.rule.code,
            &a.message,
        )
            .cmp(&(
                &case.files[*fb].lint_path,
                b.range.start(),
                b.range.end(),
                b.rule.code,
                &b.message,
            ))
    });
    (sources, all)
}

fn render_case(case: &Case, sources: &[SourceFile], all: &[(usize, Diagnostic)]) -> String {
    let mut out = String::new();
    let many = case.files.len() > 1;
    let _ = writeln!(out, "fixture: {}", case.fixture);
    for f in &case.files {
        let _ = writeln!(out, "linted as: {}", f.lint_path);
    }
    let own = format!("{} findings", case.code);
    for (title, of_rule) in [(own.as_str(), true), ("other findings", false)] {
        // Other rules' findings are those of the rules on by default: a rule off by default
        // shows only in its own cases.
        let keep = |d: &Diagnostic| {
            if of_rule {
                d.rule.code == case.code
            } else {
                d.rule.code != case.code && d.rule.default_enabled
            }
        };
        let _ = writeln!(out, "\n== {title} ==");
        let mut any = false;
        for (file, d) in all.iter().filter(|(_, d)| keep(d)) {
            any = true;
            let path = many.then_some(case.files[*file].lint_path.as_str());
            render_diagnostic(path, sources[*file].text(), d, sources, &mut out);
        }
        if !any {
            let _ = writeln!(out, "(none)");
        }
    }
    out
}

/// Every fixture matches its snapshot; bad cases flag their rule, good ones do not.
#[test]
fn fixtures() {
    let cases = collect_cases();
    assert!(!cases.is_empty(), "no fixtures under lint/tests/fixtures");
    let mut failures = Vec::new();
    for case in &cases {
        let (sources, all) = lint_case(case);
        let own = all.iter().filter(|(_, d)| d.rule.code == case.code).count();
        if case.name.starts_with("bad") && own == 0 {
            failures.push(format!("{}: no {} finding", case.fixture, case.code));
        }
        if case.name.starts_with("good") && own > 0 {
            failures.push(format!("{}: {own} {} finding(s)", case.fixture, case.code));
        }
        let rendered = render_case(case, &sources, &all);
        let snapshot_dir = format!("fixtures/{}/{}", case.dialect.name(), case.code);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            insta::with_settings!({
                snapshot_path => snapshot_dir.as_str(),
                prepend_module_to_snapshot => false,
                omit_expression => true,
                input_file => fixtures_root().join(&case.fixture),
            }, {
                insta::assert_snapshot!(case.name.as_str(), rendered);
            });
        }));
        if outcome.is_err() {
            failures.push(format!("{}: the snapshot differs", case.fixture));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} fixtures fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Every registered rule has a fixture folder with a bad and a good case, but those of
/// `WITHOUT_FIXTURES`; every fixture folder is a rule of its dialect (or a shared rule).
#[test]
fn every_rule_has_fixtures() {
    let cases = collect_cases();
    // (dialect, code) → case names.
    let mut folders: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for case in &cases {
        folders
            .entry((case.dialect.name().to_string(), case.code.clone()))
            .or_default()
            .insert(case.name.clone());
    }
    let rules = lint::all_rules();
    let mut problems = Vec::new();
    for (dialect, code) in folders.keys() {
        match rules.iter().find(|r| r.code == code) {
            None => problems.push(format!("fixtures/{dialect}/{code}: no such rule")),
            Some(rule) => {
                if let Some(d) = rule.dialect
                    && d.name() != dialect
                {
                    problems.push(format!("fixtures/{dialect}/{code}: a rule of {}", d.name()));
                }
            }
        }
    }
    for rule in &rules {
        let exempt = WITHOUT_FIXTURES.iter().any(|(c, _)| *c == rule.code);
        let homes: Vec<&BTreeSet<String>> = folders
            .iter()
            .filter(|((d, c), _)| {
                c == rule.code && rule.dialect.is_none_or(|rd| rd.name() == d.as_str())
            })
            .map(|(_, names)| names)
            .collect();
        if exempt {
            if !homes.is_empty() {
                problems.push(format!(
                    "{} has fixtures: take it off WITHOUT_FIXTURES",
                    rule.code
                ));
            }
            continue;
        }
        if homes.is_empty() {
            problems.push(format!("{} {}: no fixture folder", rule.code, rule.name));
        }
        for names in homes {
            for needed in ["bad", "good"] {
                if !names.contains(needed) {
                    problems.push(format!("{} {}: no `{needed}` case", rule.code, rule.name));
                }
            }
        }
    }
    for (code, _) in WITHOUT_FIXTURES {
        if !rules.iter().any(|r| r.code == *code) {
            problems.push(format!("WITHOUT_FIXTURES lists {code}, no rule"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every snapshot and sidecar belongs to a case (renamed or deleted cases leave none behind).
#[test]
fn no_orphan_snapshots() {
    let cases = collect_cases();
    let names: BTreeSet<(String, String, String)> = cases
        .iter()
        .map(|c| (c.dialect.name().to_string(), c.code.clone(), c.name.clone()))
        .collect();
    let mut orphans = Vec::new();
    for dialect_dir in sorted_entries(&fixtures_root()) {
        if !dialect_dir.is_dir() {
            continue;
        }
        for code_dir in sorted_entries(&dialect_dir) {
            for entry in sorted_entries(&code_dir) {
                let name = file_name(&entry);
                let stem = [".snap", ".path"]
                    .iter()
                    .find_map(|ext| name.strip_suffix(ext));
                if let Some(stem) = stem {
                    let key = (
                        file_name(&dialect_dir),
                        file_name(&code_dir),
                        stem.to_string(),
                    );
                    if !names.contains(&key) {
                        orphans.push(format!("{}/{}/{name}", key.0, key.1));
                    }
                }
            }
        }
    }
    assert!(orphans.is_empty(), "orphans: {orphans:?}");
}
