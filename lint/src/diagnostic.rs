//! What a rule reports: a range in one file, a message, a severity and maybe a fix.
//! Ranges are byte offsets into the decoded text; the edges convert them to lines and columns.

use crate::registry::RuleMeta;
use syntax::TextRange;

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Info,
    Hint,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
            Severity::Hint => "hint",
        }
    }

    pub fn from_name(name: &str) -> Option<Severity> {
        Some(match name {
            "error" => Severity::Error,
            "warning" => Severity::Warning,
            "info" => Severity::Info,
            "hint" => Severity::Hint,
            _ => return None,
        })
    }
}

/// Whether a fix can be applied without review.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Applicability {
    /// Keeps the card's meaning as intended: `--fix` applies it.
    Safe,
    /// Probably right, but may change behaviour: only with `--unsafe-fixes`.
    Unsafe,
}

impl Applicability {
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// Replace `range` with `new_text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub range: TextRange,
    pub new_text: String,
}

impl Edit {
    pub fn replace(range: TextRange, new_text: impl Into<String>) -> Edit {
        Edit {
            range,
            new_text: new_text.into(),
        }
    }

    pub fn delete(range: TextRange) -> Edit {
        Edit {
            range,
            new_text: String::new(),
        }
    }

    pub fn insert(at: syntax::TextSize, text: impl Into<String>) -> Edit {
        Edit {
            range: TextRange::empty(at),
            new_text: text.into(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub applicability: Applicability,
    pub message: String,
    pub edits: Vec<Edit>,
}

impl Fix {
    pub fn safe(message: impl Into<String>, edits: Vec<Edit>) -> Fix {
        Fix {
            applicability: Applicability::Safe,
            message: message.into(),
            edits,
        }
    }

    pub fn unsafe_(message: impl Into<String>, edits: Vec<Edit>) -> Fix {
        Fix {
            applicability: Applicability::Unsafe,
            message: message.into(),
            edits,
        }
    }
}

/// Another place a finding points at: the definition a misspelt reference probably means, the
/// first of two definitions, the other file of a cross-file finding. Editors show it as related
/// information, the text report as a label or a note.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    /// The file it is in (`None`: the finding's own file).
    pub path: Option<std::path::PathBuf>,
    /// Byte offsets into that file's decoded text.
    pub range: TextRange,
    /// What is there, in plain text ("the SVar defined here").
    pub message: String,
}

impl Related {
    /// A place in the finding's own file.
    pub fn here(range: TextRange, message: impl Into<String>) -> Related {
        Related {
            path: None,
            range,
            message: message.into(),
        }
    }

    /// A place in `path` (the finding's own file when it is `own`).
    pub fn at(
        path: &std::path::Path,
        own: &std::path::Path,
        range: TextRange,
        message: impl Into<String>,
    ) -> Related {
        Related {
            path: (path != own).then(|| path.to_path_buf()),
            range,
            message: message.into(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub rule: &'static RuleMeta,
    pub severity: Severity,
    pub range: TextRange,
    pub message: String,
    pub fix: Option<Fix>,
    /// Extra lines for people (where the other definition is, what the engine does...).
    pub notes: Vec<String>,
    /// Other places the finding points at.
    pub related: Vec<Related>,
}

impl Diagnostic {
    pub fn new(
        rule: &'static RuleMeta,
        range: TextRange,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            rule,
            severity: rule.severity,
            range,
            message: message.into(),
            fix: None,
            notes: Vec::new(),
            related: Vec::new(),
        }
    }
}

/// Where a rule reports. It knows the rule being run, so a check only says what and where.
pub struct Sink<'a> {
    rule: &'static RuleMeta,
    out: &'a mut Vec<Diagnostic>,
    /// Where this rule's findings start in `out`.
    start: usize,
    /// Findings folded away (past `SINK_KEEP` in position order): how many, the most severe,
    /// and the first place.
    folded: usize,
    folded_severity: Severity,
    folded_range: Option<TextRange>,
}

/// A rule holds at most about twice this many findings of one file while it runs (a report
/// shows `workspace::MAX_PER_RULE`; the margin is for suppressions): past that, the findings
/// furthest in the file are folded into one count, so that a generated line of a million
/// empty pieces costs thousands of findings, not a million.
pub const SINK_KEEP: usize = 4 * crate::workspace::MAX_PER_RULE;

/// The first note of the finding that stands for findings a sink folded away; the count
/// follows (read by `workspace::finish`, which never shows it).
pub(crate) const FOLDED_NOTE: &str = "\u{0}folded:";

impl<'a> Sink<'a> {
    pub fn new(rule: &'static RuleMeta, out: &'a mut Vec<Diagnostic>) -> Sink<'a> {
        let start = out.len();
        Sink {
            rule,
            out,
            start,
            folded: 0,
            folded_severity: rule.severity,
            folded_range: None,
        }
    }

    pub fn rule(&self) -> &'static RuleMeta {
        self.rule
    }

    /// Reports at `range`; the returned diagnostic can be given a fix, notes or another severity.
    pub fn report(&mut self, range: TextRange, message: impl Into<String>) -> &mut Diagnostic {
        if self.out.len() - self.start >= 2 * SINK_KEEP {
            self.fold();
        }
        self.out.push(Diagnostic::new(self.rule, range, message));
        self.out.last_mut().expect("just pushed")
    }

    /// Keeps this rule's first `SINK_KEEP` findings in position order and counts the others.
    fn fold(&mut self) {
        let mine = &mut self.out[self.start..];
        mine.sort_by_key(|d| (d.range.start(), d.range.end()));
        for d in &mine[SINK_KEEP..] {
            self.folded += 1;
            self.folded_severity = self.folded_severity.min(d.severity);
            let first = self.folded_range.get_or_insert(d.range);
            if (d.range.start(), d.range.end()) < (first.start(), first.end()) {
                *first = d.range;
            }
        }
        self.out.truncate(self.start + SINK_KEEP);
    }
}

impl Drop for Sink<'_> {
    fn drop(&mut self) {
        if let Some(range) = self.folded_range {
            let mut d = Diagnostic::new(self.rule, range, String::new());
            d.severity = self.folded_severity;
            d.notes.push(format!("{FOLDED_NOTE}{}", self.folded));
            self.out.push(d);
        }
    }
}

impl Diagnostic {
    /// How many findings a sink folded into this one (`None`: an ordinary finding).
    pub(crate) fn folded_count(&self) -> Option<usize> {
        self.notes
            .first()
            .and_then(|n| n.strip_prefix(FOLDED_NOTE))
            .and_then(|n| n.parse().ok())
    }
}

impl Diagnostic {
    pub fn with_fix(&mut self, fix: Fix) -> &mut Diagnostic {
        self.fix = Some(fix);
        self
    }

    pub fn with_severity(&mut self, severity: Severity) -> &mut Diagnostic {
        self.severity = severity;
        self
    }

    pub fn with_note(&mut self, note: impl Into<String>) -> &mut Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn with_related(&mut self, related: Related) -> &mut Diagnostic {
        self.related.push(related);
        self
    }
}
