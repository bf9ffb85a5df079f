//! The cardlint analysis: dialects, the workspace index, the rules and what they report.
//! `workspace::check` is the entry point of the CLI; the language server uses the same pieces.

pub mod cache;
pub mod common;
pub mod config;
pub mod diagnostic;
pub mod dialect;
pub mod discover;
pub mod fix;
pub mod forge;
pub mod format;
pub mod netrunner;
pub mod octgn;
pub mod pymtg;
pub mod python;
pub mod registry;
pub mod rulescript;
pub mod simulation;
pub mod suppress;
pub mod wagic;
pub mod workspace;

pub use diagnostic::{Applicability, Diagnostic, Edit, Fix, Related, Severity, Sink};
pub use dialect::Dialect;
pub use model::{FileId, SourceFile};
pub use registry::{RuleFilter, RuleMeta, all_rules, find_rule};
