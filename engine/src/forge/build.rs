//! Forge cards built from the typed AST (`syntax::forge::ast`).

/// A Forge card as the engine plays it.
#[derive(Clone, Debug, Default)]
pub struct ForgeCard {
    pub name: String,
}
