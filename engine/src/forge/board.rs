//! The board a Forge card is played on: two players with assorted cards in every zone (seeded,
//! the same for every card), the card under test as a game object, and Forge's zone names.

use super::build::Face;
use crate::core::game::{Card, CardId, Chars, Game, PlayerId, Zone};

/// A zone named in a script (`Destination$ Graveyard`, `TgtZone$ Hand`); Forge ignores case.
pub fn zone_of(word: &str) -> Option<Zone> {
    Some(match word.trim().to_ascii_lowercase().as_str() {
        "battlefield" => Zone::Battlefield,
        "hand" => Zone::Hand,
        "graveyard" => Zone::Graveyard,
        "library" => Zone::Library,
        "exile" => Zone::Exile,
        "stack" => Zone::Stack,
        "command" => Zone::Command,
        _ => return None,
    })
}

/// The card under test, as a game object.
pub(super) fn card_of_face(face: &Face) -> Card {
    let int = |s: &Option<String>| {
        s.as_deref()
            .and_then(|v| v.trim().parse::<i32>().ok())
            .unwrap_or(0)
    };
    let mut card = Card {
        base: Chars {
            name: face.name.clone(),
            types: face.types.iter().map(|t| t.to_ascii_lowercase()).collect(),
            colors: face.colors,
            power: int(&face.power),
            toughness: int(&face.toughness),
            ..Chars::default()
        },
        mana_cost: face.mana.clone(),
        ..Card::default()
    };
    if face.has_keyword("Changeling") {
        card.flags |= 1;
    }
    if let Some(l) = face.loyalty {
        card.counters.push(crate::core::game::Counter {
            name: "LOYALTY".into(),
            power: 0,
            toughness: 0,
            nb: l,
        });
    }
    card
}

#[allow(clippy::too_many_arguments)]
fn mk(
    game: &mut Game,
    owner: PlayerId,
    zone: Zone,
    name: &str,
    types: &str,
    colors: u8,
    pt: (i32, i32),
    cmc: i32,
) -> CardId {
    let mut cost = crate::core::mana::Mana::new();
    cost.add_color(crate::core::mana::COLORLESS, cmc);
    let card = Card {
        base: Chars {
            name: name.into(),
            types: types
                .split_whitespace()
                .map(|t| t.to_ascii_lowercase())
                .collect(),
            colors,
            power: pt.0,
            toughness: pt.1,
            ..Chars::default()
        },
        mana_cost: cost,
        ..Card::default()
    };
    game.create_card(card, owner, zone)
}

/// Two players with assorted permanents and cards in every zone.
pub(super) fn seed_board(game: &mut Game) {
    use crate::core::mana::{BLACK, BLUE, GREEN, RED, WHITE};
    let w = 1 << WHITE;
    let u = 1 << BLUE;
    let b = 1 << BLACK;
    let r = 1 << RED;
    let g = 1 << GREEN;
    for p in 0..2 {
        let bf = Zone::Battlefield;
        mk(game, p, bf, "Plains", "Basic Land Plains", 0, (0, 0), 0);
        mk(game, p, bf, "Island", "Basic Land Island", 0, (0, 0), 0);
        mk(game, p, bf, "Swamp", "Basic Land Swamp", 0, (0, 0), 0);
        mk(game, p, bf, "Mountain", "Basic Land Mountain", 0, (0, 0), 0);
        mk(game, p, bf, "Forest", "Basic Land Forest", 0, (0, 0), 0);
        mk(game, p, bf, "Wastes Gate", "Land Gate", 0, (0, 0), 0);
        mk(game, p, bf, "Grizzled Bear", "Creature Bear", g, (2, 2), 2);
        mk(
            game,
            p,
            bf,
            "Silver Knight",
            "Creature Human Knight",
            w,
            (2, 2),
            2,
        );
        mk(
            game,
            p,
            bf,
            "Cinder Goblin",
            "Creature Goblin Warrior",
            r,
            (1, 1),
            1,
        );
        mk(game, p, bf, "Grave Walker", "Creature Zombie", b, (2, 2), 2);
        mk(game, p, bf, "Tide Wall", "Creature Wall", u, (0, 4), 2);
        mk(game, p, bf, "Sky Drake", "Creature Dragon", r, (4, 4), 6);
        mk(
            game,
            p,
            bf,
            "Old Sage",
            "Legendary Creature Human Wizard",
            u | w,
            (3, 3),
            4,
        );
        mk(
            game,
            p,
            bf,
            "Clay Golem",
            "Artifact Creature Golem",
            0,
            (3, 3),
            3,
        );
        let shape = mk(
            game,
            p,
            bf,
            "Shapeling",
            "Creature Shapeshifter",
            g,
            (1, 1),
            2,
        );
        game.card_mut(shape).flags |= 1;
        let tok = mk(game, p, bf, "Spirit", "Creature Spirit", w, (1, 1), 0);
        game.card_mut(tok).token = true;
        let tapped = mk(game, p, bf, "Weary Ox", "Creature Ox", w, (2, 4), 3);
        game.card_mut(tapped).tapped = true;
        mk(game, p, bf, "Iron Relic", "Artifact", 0, (0, 0), 2);
        mk(game, p, bf, "War Blade", "Artifact Equipment", 0, (0, 0), 2);
        mk(game, p, bf, "Ancient Oath", "Enchantment", w, (0, 0), 3);
        let aura = mk(
            game,
            p,
            bf,
            "Binding Chains",
            "Enchantment Aura",
            w,
            (0, 0),
            2,
        );
        let pw = mk(
            game,
            p,
            bf,
            "Sage Walker",
            "Legendary Planeswalker Sage",
            u,
            (0, 0),
            4,
        );
        game.card_mut(pw).counters.push(crate::core::game::Counter {
            name: "LOYALTY".into(),
            power: 0,
            toughness: 0,
            nb: 4,
        });
        let _ = aura;
        for (name, types, colors) in [
            ("Quick Bolt", "Instant", r),
            ("Deep Study", "Sorcery", u),
            ("Field Bear", "Creature Bear", g),
            ("Plains", "Basic Land Plains", 0),
        ] {
            mk(game, p, Zone::Hand, name, types, colors, (2, 2), 1);
        }
        for (name, types, colors) in [
            ("Fallen Hero", "Creature Human Soldier", w),
            ("Spent Spell", "Instant", b),
            ("Broken Idol", "Artifact", 0),
            ("Ruined Land", "Land", 0),
            ("Old Pact", "Enchantment", g),
        ] {
            mk(game, p, Zone::Graveyard, name, types, colors, (2, 2), 2);
        }
        for i in 0..10 {
            let (name, types, colors) = match i % 5 {
                0 => ("Forest", "Basic Land Forest", 0),
                1 => ("Deep Bear", "Creature Bear", g),
                2 => ("Lost Scroll", "Sorcery", u),
                3 => ("Deep Relic", "Artifact", 0),
                _ => ("Night Shade", "Creature Shade", b),
            };
            mk(game, p, Zone::Library, name, types, colors, (2, 2), 2);
        }
        mk(
            game,
            p,
            Zone::Exile,
            "Banished Elf",
            "Creature Elf",
            g,
            (1, 1),
            1,
        );
    }
    // An aura attached to a creature, and each player has mana.
    let creature = game.players[1].zone(Zone::Battlefield)[6];
    let aura = game.players[1]
        .zone(Zone::Battlefield)
        .iter()
        .copied()
        .find(|&c| game.card(c).cur.name == "Binding Chains");
    if let Some(a) = aura {
        game.card_mut(a).attached_to = Some(creature);
    }
    for p in 0..2 {
        let pool = &mut game.players[p].pool;
        for c in 0..crate::core::mana::NB_COLORS {
            pool.add_color(c, 10);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zone_names_ignore_case_and_space() {
        assert_eq!(zone_of(" Graveyard"), Some(Zone::Graveyard));
        assert_eq!(zone_of("hand"), Some(Zone::Hand));
        assert_eq!(zone_of("Sideboard"), None);
    }

    #[test]
    fn the_opponents_aura_enchants_its_bear_and_every_zone_has_cards() {
        let mut g = Game::new(7);
        seed_board(&mut g);
        let aura = g
            .battlefield()
            .into_iter()
            .find(|&c| g.card(c).cur.name == "Binding Chains" && g.card(c).owner == 1)
            .unwrap();
        let target = g.card(aura).attached_to.unwrap();
        assert_eq!(g.card(target).cur.name, "Grizzled Bear");
        for p in 0..2 {
            for z in [Zone::Hand, Zone::Graveyard, Zone::Library, Zone::Exile] {
                assert!(!g.players[p].zone(z).is_empty(), "{p} {z:?}");
            }
        }
    }
}
