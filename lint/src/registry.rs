//! The rule registry: every rule's stable code, kebab name, default severity and documentation.
//! `cardlint rules`, `cardlint explain`, the rules reference and the SARIF rule table read it.

use crate::diagnostic::{Diagnostic, Severity, Sink};
use crate::dialect::Dialect;

/// Whether a rule can offer a fix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixAvailability {
    None,
    /// Some findings come with a fix (a unique near miss, for example).
    Sometimes,
    Always,
}

impl FixAvailability {
    pub fn as_str(self) -> &'static str {
        match self {
            FixAvailability::None => "none",
            FixAvailability::Sometimes => "sometimes",
            FixAvailability::Always => "always",
        }
    }
}

/// What kind of problem a rule finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// The file cannot be read as intended (encoding, brackets, blocks).
    Syntax,
    /// The engine ignores, misreads or fails on it: the card plays wrong.
    Correctness,
    /// Probably a mistake, but the card may still play right.
    Suspicious,
    /// Works, but is written in a way that invites mistakes.
    Style,
    /// Depends on the engine version (renamed or removed vocabulary).
    Compatibility,
}

impl Group {
    pub fn as_str(self) -> &'static str {
        match self {
            Group::Syntax => "syntax",
            Group::Correctness => "correctness",
            Group::Suspicious => "suspicious",
            Group::Style => "style",
            Group::Compatibility => "compatibility",
        }
    }
}

/// Everything about a rule except its check.
#[derive(Debug)]
pub struct RuleMeta {
    /// Stable code: `E0xx` syntax (all dialects), `F1xx` Forge, `W1xx` Wagic...
    pub code: &'static str,
    /// Kebab-case name, usable wherever a code is.
    pub name: &'static str,
    /// The dialect it applies to; `None` for rules shared by every dialect.
    pub dialect: Option<Dialect>,
    pub group: Group,
    pub severity: Severity,
    pub fix: FixAvailability,
    /// One line: what it finds.
    pub summary: &'static str,
    /// Why it matters: what the engine does with such text. Markdown.
    pub explanation: &'static str,
    /// A file (or excerpt) the rule flags.
    pub bad: &'static str,
    /// The same, written so that the rule is silent.
    pub good: &'static str,
    /// Runs unless configured otherwise. Rules off by default run only when selected by their
    /// exact code or name, or by `ALL` (not by a prefix): findings that are true but expected in
    /// most projects.
    pub default_enabled: bool,
    /// Syntax errors this rule explains more precisely: on the same range, its finding is
    /// reported instead of the generic one.
    pub replaces: &'static [syntax::ErrorKind],
    /// Which pass reports it (a suppression comment is reported unused only by its rule's pass).
    pub pass: Pass,
    /// The text it reports does nothing (editors grey it out).
    pub marks_unneeded_text: bool,
    /// The cardlint version that introduced it.
    pub since: &'static str,
    /// Rules (codes) that explain the same mistake more precisely: where one of them reports
    /// on the same record (Forge: line; Wagic: card), this rule's finding is dropped (a rule
    /// learned from a corpus rediscovers what a hand-written one already says).
    pub yields_to: &'static [&'static str],
}

/// The passes that report findings: the lint (`check`) and the simulation (`simulate`,
/// `check --simulate`, the language server on save).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    Lint,
    Simulation,
}

impl RuleMeta {
    /// The facts most rules share; a rule's static writes its own fields and `..RuleMeta::BASE`.
    pub const BASE: RuleMeta = RuleMeta {
        code: "",
        name: "",
        dialect: None,
        group: Group::Correctness,
        severity: Severity::Warning,
        fix: FixAvailability::None,
        summary: "",
        explanation: "",
        bad: "",
        good: "",
        default_enabled: true,
        replaces: &[],
        pass: Pass::Lint,
        marks_unneeded_text: false,
        since: "0.1.0",
        yields_to: &[],
    };

    /// The anchor of the rule's section in `docs/rules.md` (`e001-invalid-utf8`).
    pub fn docs_anchor(&self) -> String {
        format!("{}-{}", self.code, self.name).to_lowercase()
    }

    /// A stable address of the rule's documentation: its section of `docs/rules.md` in the
    /// repository (editors link the rule's code to it).
    pub fn docs_url(&self) -> String {
        format!("{DOCS_PAGE}#{}", self.docs_anchor())
    }

    /// The documentation as Markdown, as `cardlint explain` prints it.
    pub fn markdown(&self) -> String {
        self.markdown_at(1)
    }

    /// The documentation as Markdown with its title at heading `level` (sections one deeper).
    pub fn markdown_at(&self, level: usize) -> String {
        let h1 = "#".repeat(level);
        let h2 = "#".repeat(level + 1);

        let dialect = self.dialect.map_or("all dialects", |d| d.name());
        let mut out = format!("{h1} {} ({})\n\n", self.name, self.code);
        out.push_str(&format!(
            "Dialect: {dialect}. Group: {}. Default severity: {}. Fix: {}.\n\n",
            self.group.as_str(),
            self.severity.as_str(),
            self.fix.as_str()
        ));
        out.push_str(&format!(
            "{}\n\n{h2} Why\n\n{}\n\n",
            self.summary,
            self.explanation.trim()
        ));
        let lang = self.dialect.map_or("text", |d| d.name());
        out.push_str(&format!(
            "{h2} Example\n\n```{lang}\n{}\n```\n\n",
            visible(self.bad.trim_end())
        ));
        out.push_str(&format!(
            "Use instead:\n\n```{lang}\n{}\n```\n",
            visible(self.good.trim_end())
        ));
        out
    }
}

/// The rules reference page (`cardlint rules --format markdown`, committed as `docs/rules.md`).
pub const DOCS_PAGE: &str = "https://github.com/cardlint/cardlint/blob/main/docs/rules.md";

/// An example with its invisible characters (NUL, other controls, the byte-order mark) written
/// as `<U+XXXX>`, so documentation pages stay plain text.
fn visible(example: &str) -> String {
    example
        .chars()
        .map(|c| {
            if (c.is_control() && !matches!(c, '\n' | '\t' | '\r')) || c == '\u{feff}' {
                format!("<U+{:04X}>", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// A rule of one dialect: its metadata and its check, a function over that dialect's context
/// (`F` is a function-pointer type such as `fn(&forge::Ctx<'_>, &mut Sink<'_>)`).
pub struct Rule<F> {
    pub meta: &'static RuleMeta,
    pub check: F,
}

/// Declares a `Rule` from a module holding `META` and `check`.
#[macro_export]
macro_rules! rule {
    ($module:ident) => {
        $crate::registry::Rule {
            meta: &$module::META,
            check: $module::check as _,
        }
    };
}

/// Which rules run, and at which severity.
#[derive(Clone, Debug, Default)]
pub struct RuleFilter {
    /// When set, only these rules run (codes).
    pub select: Option<Vec<&'static str>>,
    /// Rules named exactly (by code or name) in a selection: the only way to turn on a rule that
    /// is off by default.
    pub explicit: Vec<&'static str>,
    /// Rules that never run (codes).
    pub ignore: Vec<&'static str>,
    /// Severity overrides (code, severity).
    pub severity: Vec<(&'static str, Severity)>,
}

impl RuleFilter {
    pub fn enabled(&self, rule: &RuleMeta) -> bool {
        if is_off_by_default(rule) && !self.explicit.contains(&rule.code) {
            return false;
        }
        let selected = self.select.as_ref().is_none_or(|s| s.contains(&rule.code));
        selected && !self.ignore.contains(&rule.code)
    }

    pub fn severity_of(&self, rule: &RuleMeta) -> Option<Severity> {
        self.severity
            .iter()
            .find(|(code, _)| *code == rule.code)
            .map(|(_, s)| *s)
    }

    /// Runs the enabled rules of a dialect: `call` applies one check to the dialect's context.
    pub fn run<F>(
        &self,
        rules: &[Rule<F>],
        out: &mut Vec<Diagnostic>,
        call: impl Fn(&F, &mut Sink<'_>),
    ) {
        for rule in rules {
            if self.enabled(rule.meta) {
                call(&rule.check, &mut Sink::new(rule.meta, out));
            }
        }
    }

    /// Drops diagnostics of disabled rules and applies severity overrides.
    pub fn apply(&self, diagnostics: &mut Vec<Diagnostic>) {
        diagnostics.retain(|d| self.enabled(d.rule));
        if !self.severity.is_empty() {
            for d in diagnostics.iter_mut() {
                if let Some(s) = self.severity_of(d.rule) {
                    d.severity = s;
                }
            }
        }
    }
}

/// Every rule of every dialect, in code order.
pub fn all_rules() -> Vec<&'static RuleMeta> {
    let mut rules: Vec<&'static RuleMeta> = Vec::new();
    rules.extend(crate::common::RULES.iter().copied());
    rules.extend(crate::simulation::RULES.iter().copied());
    rules.extend(crate::suppress::RULES.iter().copied());
    for plugin in crate::dialect::plugins() {
        rules.extend(plugin.rules());
    }
    rules.sort_by_key(|r| r.code);
    rules
}

/// A rule by code (any case) or kebab name.
pub fn find_rule(key: &str) -> Option<&'static RuleMeta> {
    all_rules()
        .into_iter()
        .find(|r| r.code.eq_ignore_ascii_case(key) || r.name == key)
}

/// Whether a rule runs only when selected by its exact code or name (`RuleMeta::default_enabled`).
pub fn is_off_by_default(rule: &RuleMeta) -> bool {
    !rule.default_enabled
}

/// The codes of the rules that are off by default.
pub fn off_by_default() -> Vec<&'static str> {
    all_rules()
        .into_iter()
        .filter(|r| !r.default_enabled)
        .map(|r| r.code)
        .collect()
}
