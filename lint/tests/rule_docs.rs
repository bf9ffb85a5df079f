//! Every rule is documented, and its own examples prove it: the bad example is flagged by the
//! rule, the good one is not.

use lint::{Dialect, SourceFile};

/// Linted with every rule on, so that rules off by default are checked too.
fn lint_example(dialect: Dialect, text: &str, path: &str) -> Vec<lint::Diagnostic> {
    // An example whose first line says so is saved in Latin-1 (one byte per character).
    let bytes: Vec<u8> = if text.starts_with("# saved as Latin-1") {
        text.chars()
            .map(|c| u8::try_from(u32::from(c)).expect("Latin-1 example"))
            .collect()
    } else {
        text.as_bytes().to_vec()
    };
    let files = vec![SourceFile::new(path, dialect, &bytes)];
    lint::workspace::check(&files, &lint::config::Config::every_rule()).remove(0)
}

/// A workspace example: sections introduced by `# file: <path>` lines, linted together.
fn lint_workspace_example(dialect: Dialect, text: &str) -> Vec<lint::Diagnostic> {
    let mut files = Vec::new();
    let mut current: Option<(String, String)> = None;
    for line in text.lines() {
        if let Some(path) = line.strip_prefix("# file: ") {
            files.extend(current.take());
            current = Some((path.to_string(), String::new()));
        } else if let Some((_, body)) = current.as_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    files.extend(current);
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|(path, body)| SourceFile::new(path.as_str(), dialect, body.as_bytes()))
        .collect();
    lint::workspace::check(&sources, &lint::config::Config::every_rule())
        .into_iter()
        .flatten()
        .collect()
}

fn example_path(dialect: Dialect) -> &'static str {
    lint::dialect::plugin(dialect)
        .map(|p| p.example_path())
        .expect("a registered dialect")
}

#[test]
fn every_rule_is_documented_and_its_examples_hold() {
    let rules = lint::all_rules();
    let mut codes = std::collections::HashSet::new();
    let mut names = std::collections::HashSet::new();
    for rule in &rules {
        assert!(codes.insert(rule.code), "duplicate code {}", rule.code);
        assert!(names.insert(rule.name), "duplicate name {}", rule.name);
        assert!(
            rule.name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '-' || c.is_ascii_digit()),
            "{} is not kebab-case",
            rule.name
        );
        assert!(
            !rule.summary.is_empty() && !rule.explanation.is_empty(),
            "{} lacks docs",
            rule.code
        );
        assert!(
            !rule.bad.is_empty() && !rule.good.is_empty(),
            "{} lacks examples",
            rule.code
        );
        let dialect = rule
            .dialect
            .or_else(|| lint::dialect::detect_by_content(rule.bad))
            .unwrap_or_else(|| panic!("{}: cannot tell the dialect of its example", rule.code));
        // Examples that need a workspace are marked with a first line `# workspace example`;
        // those made of `# file: <path>` sections are linted as a workspace.
        let workspace = rule.bad.starts_with("# workspace example");
        if workspace && !rule.bad.contains("\n# file: ") {
            continue;
        }
        let run = |text: &str| {
            if workspace {
                lint_workspace_example(dialect, text)
            } else {
                lint_example(dialect, text, example_path(dialect))
            }
        };
        let bad = run(rule.bad);
        assert!(
            bad.iter().any(|d| d.rule.code == rule.code),
            "{} {}: its bad example is not flagged; got {:?}",
            rule.code,
            rule.name,
            bad.iter()
                .map(|d| (d.rule.code, d.message.clone()))
                .collect::<Vec<_>>()
        );
        let good = run(rule.good);
        assert!(
            !good.iter().any(|d| d.rule.code == rule.code),
            "{} {}: its good example is flagged: {:?}",
            rule.code,
            rule.name,
            good.iter()
                .filter(|d| d.rule.code == rule.code)
                .map(|d| d.message.clone())
                .collect::<Vec<_>>()
        );
    }
}

/// A rule's code prefix says its dialect (`F` Forge, `W` Wagic, `P` Python-MTG, `N` Netrunner,
/// `R` RuleScript); `E` and `G` rules are shared.
#[test]
fn code_prefixes_match_dialects() {
    let rules = lint::all_rules();
    for (prefix, dialect) in [
        ('F', Dialect::FORGE),
        ('W', Dialect::WAGIC),
        ('P', Dialect::PYMTG),
        ('N', Dialect::NETRUNNER),
        ('R', Dialect::RULESCRIPT),
    ] {
        let of: Vec<_> = rules
            .iter()
            .filter(|r| r.code.starts_with(prefix))
            .collect();
        assert!(!of.is_empty(), "no {prefix} rules");
        for r in of {
            assert_eq!(r.dialect, Some(dialect), "{}", r.code);
        }
    }
    assert!(rules.iter().filter(|r| r.code.starts_with('F')).count() >= 40);
}
