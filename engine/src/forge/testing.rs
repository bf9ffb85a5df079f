//! Test helpers for the Forge engine's modules: invented cards played on the seeded board.
//! Only built for tests.

use super::board::seed_board;
use super::build::{ForgeCard, build};
use super::sim::{Sim, simulate_card};
use super::valid::TypeVocab;
use crate::core::game::{CardId, Game, PlayerId, Zone};
use crate::findings::{Finding, Kind};
use model::forge::vocab::any_version;

/// A sorcery's first lines; tests append its `A:` line.
pub const SPELL: &str = "Name:Test Spell\nManaCost:1 R\nTypes:Sorcery\n";

pub fn card(text: &str) -> ForgeCard {
    let parse = syntax::forge::parse(text);
    build(&syntax::forge::ast::SourceFile::cast(parse.syntax()).unwrap())
}

/// Plays an invented card on the seeded board; returns the game afterwards and the findings.
pub fn play(text: &str) -> (Game, CardId, Vec<Finding>) {
    let c = card(text);
    let vocab = TypeVocab::builtin();
    let mut sim = Sim::new(&c.faces[0], any_version(), Some(&vocab), 7, 100_000);
    assert!(sim.run(), "the play finishes");
    let findings = sim.finish();
    let me = sim.me;
    let game = std::mem::replace(&mut sim.game, Game::new(0));
    (game, me, findings)
}

/// The seeded board before any play.
pub fn board() -> Game {
    let mut g = Game::new(7);
    seed_board(&mut g);
    g
}

/// How many cards named `name` player `p` has in zone `z`.
pub fn count(g: &Game, p: PlayerId, z: Zone, name: &str) -> usize {
    g.players[p]
        .zone(z)
        .iter()
        .filter(|&&c| g.card(c).cur.name == name)
        .count()
}

/// The kinds of the findings of a whole card (every face, `G101` included).
pub fn kinds(text: &str) -> Vec<Kind> {
    let vocab = TypeVocab::builtin();
    let (f, _) = simulate_card(&card(text), any_version(), Some(&vocab), 7, 100_000);
    f.into_iter().map(|f| f.kind).collect()
}
