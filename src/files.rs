//! Finding the files to check: the shared walk of `lint::discover`.

pub use lint::discover::load_with;
