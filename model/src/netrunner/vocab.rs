//! The Netrunner AutoScript vocabulary, for both games (Android: Netrunner and the 1996
//! classic game): `game=android|classic|both` says which engine reads a word. Data files under
//! `model/data/netrunner/`.

use super::Game;
use crate::vocab::{Vocab, Word};
use crate::vocab_data;

vocab_data!(
    /// Words before the first `:` of an AutoScript alternative.
    triggers,
    "netrunner/triggers.tsv"
);
vocab_data!(
    /// Leading words of a part that route to a core command; `handler` names it.
    command_verbs,
    "netrunner/command-verbs.tsv"
);
vocab_data!(
    /// Counters of Gain/Lose/SetTo.
    counters,
    "netrunner/counters.tsv"
);
vocab_data!(
    /// Built-in markers of Put/Remove/Refill/Use/Infect.
    markers,
    "netrunner/markers.tsv"
);
vocab_data!(
    /// Modulator names (`-isCost`); `arg=yes` when an argument is glued to the name.
    modulators,
    "netrunner/modulators.tsv"
);
vocab_data!(
    /// Effects the engine polls outside command dispatch (`Reduce`, `Provide`...).
    resident_effects,
    "netrunner/resident-effects.tsv"
);
vocab_data!(
    /// Events of `Reduce...Cost<Event>` (case-sensitive).
    cost_change_events,
    "netrunner/cost-change-events.tsv"
);
vocab_data!(
    /// `Inflict<N><Type>Damage` types.
    damage_types,
    "netrunner/damage-types.tsv"
);
vocab_data!(
    /// Piles of `Reshuffle<Pile>`.
    reshuffle_piles,
    "netrunner/reshuffle-piles.tsv"
);
vocab_data!(
    /// Piles of `Shuffle<Pile>`.
    shuffle_piles,
    "netrunner/shuffle-piles.tsv"
);
vocab_data!(
    /// Servers of `Run<Server>`.
    run_targets,
    "netrunner/run-targets.tsv"
);
vocab_data!(
    /// What a status verb applies to (`TrashTarget`, `RezMyself`).
    modify_status_objects,
    "netrunner/modify-status-objects.tsv"
);
vocab_data!(
    /// Table events of `while...` scripts (`-foreachCardInstall`).
    table_events,
    "netrunner/table-events.tsv"
);
vocab_data!(
    /// `-warn<Kind>` prompts.
    warn_kinds,
    "netrunner/warn-kinds.tsv"
);

/// Whether `word` belongs to `game` (words without a `game` attribute belong to both).
pub fn in_game(word: &Word, game: Game) -> bool {
    match word.attr("game") {
        None | Some("both") => true,
        Some("android") => game == Game::Android,
        Some("classic") => game == Game::Classic,
        Some(_) => true,
    }
}

/// The words of a vocabulary that `game` reads.
pub fn for_game(vocab: &'static Vocab, game: Game) -> impl Iterator<Item = &'static Word> {
    vocab
        .words()
        .iter()
        .filter(move |w| w.is_known() && in_game(w, game))
}

/// The longest word of `vocab` read by `game` that starts `text` (case-sensitive).
pub fn longest_prefix(vocab: &'static Vocab, game: Game, text: &str) -> Option<&'static Word> {
    vocab
        .words()
        .iter()
        .filter(|w| text.starts_with(w.word) && w.is_known() && in_game(w, game))
        .max_by_key(|w| w.word.len())
}
