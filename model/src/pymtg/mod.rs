//! Python-MTG: the vocabulary of the engine (effects, keyword abilities, engine API, card names).

pub mod vocab;
