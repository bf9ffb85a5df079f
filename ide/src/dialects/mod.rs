//! Each dialect's editor features (`DialectIde`), one module per dialect, and the registry the
//! world builds its slots from: the shipped dialects (`model::with_dialects!`, the one list of
//! dialects) and any registered at run time (`register`: a plug-in, a test's toy dialect).

pub mod forge;
mod forge_hints;
pub mod netrunner;
pub mod pymtg;
pub mod rulescript;
pub mod wagic;

use crate::features::DialectIde;
use crate::slot::{DialectSlot, Slot};
use std::sync::{Arc, LazyLock, RwLock};

type Factory = Arc<dyn Fn() -> Box<dyn DialectSlot> + Send + Sync>;

macro_rules! builtin_slots {
    ($($module:ident: $konst:ident),* $(,)?) => {
        vec![$(Arc::new(|| Box::new(Slot::new(lint::$module::Linter)) as Box<dyn DialectSlot>) as Factory),*]
    };
}

static FACTORIES: LazyLock<RwLock<Vec<Factory>>> =
    LazyLock::new(|| RwLock::new(model::with_dialects!(builtin_slots)));

/// A slot of every registered dialect, in registration order.
pub(crate) fn slots() -> Vec<Box<dyn DialectSlot>> {
    FACTORIES
        .read()
        .map(|f| f.iter().map(|make| make()).collect())
        .unwrap_or_default()
}

/// Registers a dialect with the lint (its detection, index and rules) and with the editor layer
/// (its features): after this, `cardlint`'s pipelines and every new `World` know it.
pub fn register<L>(linter: &'static L)
where
    L: DialectIde + Clone,
    L::FileIndex: Clone + PartialEq + Sync,
{
    lint::dialect::register(linter);
    let make: Factory =
        Arc::new(move || Box::new(Slot::new(linter.clone())) as Box<dyn DialectSlot>);
    if let Ok(mut factories) = FACTORIES.write() {
        let dialect = L::DIALECT;
        match factories.iter().position(|f| f().dialect() == dialect) {
            Some(i) => factories[i] = make,
            None => factories.push(make),
        }
    }
}
