//! The cardlint analysis for editors, above the rules (`lint`) and the simulation (`engine`): a
//! [`World`] holds every card file of the workspace folders, the open documents over them, each
//! dialect's file contributions and merged index (kept up to date as files change), and answers
//! with diagnostics (the CLI's pipeline: rules, config filters, suppressions) and the editor
//! features each dialect implements ([`DialectIde`], one module per dialect in `dialects/`).
//!
//! Positions are byte offsets; `World::offset` and `World::line_index` convert from and to the
//! editor's lines and UTF-16 columns. The language server (`lsp`) is a thin protocol layer over
//! this crate; nothing below it depends on it.

mod by_card;
pub mod dialects;
pub mod doc;
pub mod edit;
pub mod features;
mod format;
pub mod names;
pub mod save;
pub mod simulation;
mod slot;
pub mod suggest;
mod wagic_doc;
pub mod world;

/// The layers below, for the language server and other front ends (which depend on this crate
/// only).
pub use {engine, lint, model, syntax};

pub use doc::{OpenDoc, Reparsed, WholeDoc};
pub use features::{
    CardName, Completion, CompletionKind, Cursor, DialectIde, FileEdit, FileView, Fold, Hover,
    InlayHint, Location, SemanticToken, Symbol, SymbolKind, TokenKind, VocabSource, modifier,
    vocab_completions, vocab_doc, vocab_hover, word_at,
};
pub use names::{CardSymbol, Rank};
pub use world::{
    BuiltIndex, CodeAction, FileEvent, FixAll, IndexJob, Publication, SaveCheck, Scan, World,
};
