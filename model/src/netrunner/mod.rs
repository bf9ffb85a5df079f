//! OCTGN Netrunner AutoScripts: the vocabularies of the two games' engines (commands,
//! modulators, counters, triggers...).

pub mod vocab;

/// Which game's engine reads a file: the vocabularies differ (Credits/Clicks against
/// Bits/Actions, `Deltag` against `DelTag`...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Game {
    /// Android: Netrunner (`CardScripts.py`, its set files).
    Android,
    /// Netrunner 1996 (scripts in its set files).
    Classic,
}

impl Game {
    pub fn name(self) -> &'static str {
        match self {
            Game::Android => "Android: Netrunner",
            Game::Classic => "Netrunner 1996",
        }
    }
}
