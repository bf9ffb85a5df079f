//! The Forge engine: cards built from the typed AST, ability records interpreted by ApiType.

pub mod build;
