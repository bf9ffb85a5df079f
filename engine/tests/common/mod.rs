//! What the Wagic engine tests share: a card library of the test's own cards, the rules a test
//! plays with, and the pass / mismatch assertions over `wagic_tests::run_test`.

#![allow(dead_code)] // each test file uses its part

use engine::wagic::db::{DEFAULT_MAX_GRADE, Db};
use engine::wagic_tests::{Outcome, Rules, run_test};
use model::{Dialect, SourceFile};

/// A library of `cards` (a `_cards.dat` text of invented cards).
pub fn db(cards: &str) -> Db {
    let file = SourceFile::new("sets/TST/_cards.dat", Dialect::WAGIC, cards.as_bytes());
    let mut db = Db::default();
    db.read_file(&file, Some(0), DEFAULT_MAX_GRADE);
    db
}

/// The rule abilities most tests play with (the suite's `putinplayrule` ...), each player
/// drawing a card in its draw step.
pub const RULES: &[&str] = &[
    "putinplayrule",
    "attackrule",
    "blockrule",
    "combattriggerrule",
];

/// Rules made of these rule-ability names and per-player lines, life 20.
pub fn rules(game: &[&str], players: &[&str]) -> Rules {
    Rules {
        game: game.iter().map(|s| s.to_string()).collect(),
        players: players.iter().map(|s| s.to_string()).collect(),
        life: Some(20),
    }
}

/// The draw-step line of the suite's players.
pub const DRAW: &[&str] = &["@each my draw:draw:1"];

/// The cards and rules of one test file, against which its cases pass or mismatch.
pub struct Suite {
    /// A `_cards.dat` text of invented cards.
    pub cards: &'static str,
    pub rules: fn() -> Rules,
}

impl Suite {
    pub fn db(&self) -> Db {
        db(self.cards)
    }

    pub fn rules(&self) -> Rules {
        (self.rules)()
    }

    #[track_caller]
    pub fn pass(&self, test: &str) {
        pass(&self.db(), &self.rules(), test);
    }

    #[track_caller]
    pub fn fail(&self, test: &str) {
        fail(&self.db(), &self.rules(), test);
    }
}

/// The test passes against `db` and `rules`.
#[track_caller]
pub fn pass(db: &Db, rules: &Rules, test: &str) {
    match run_test(db, rules, test) {
        Outcome::Pass => {}
        other => panic!("expected a pass, got {other:?}\n{test}"),
    }
}

/// The test's assertions do not hold (the test is meaningful: its contrary passes elsewhere).
#[track_caller]
pub fn fail(db: &Db, rules: &Rules, test: &str) {
    assert!(
        matches!(run_test(db, rules, test), Outcome::Fail(_)),
        "expected a mismatch\n{test}"
    );
}
