//! Playing one Wagic card in a synthetic game: it is cast from its owner's hand with ample mana
//! (targets chosen among seeded permanents), permanents then have each activated ability used,
//! each triggered ability's effect resolved, and a turn is played through. Runtime notes of the
//! runtime (and target specs no card could ever match) become findings.

use super::db::{Db, Primitive};
use super::parse::{self, Ab};
use super::runtime::*;
use super::targets::{Attr, TargetSpec, TcKind};
use crate::core::game::{CardId, Zone};
use crate::findings::{CardOutcome, Finding, Kind};
use crate::witness;
use std::collections::HashSet;
use std::sync::{Arc, LazyLock};
use syntax::TextRange;

/// The rules the simulation installs (the rule words of Wagic's `mtg.txt`).
const RULES: &[&str] = &[
    "putinplayrule",
    "kickerrule",
    "alternativecostrule",
    "buybackrule",
    "flashbackrule",
    "retracerule",
    "attackrule",
    "blockrule",
    "combattriggerrule",
    "legendrule",
    "tokencleanuprule",
    "persistrule",
    "lifelinkrule",
    "deathtouchrule",
];

/// Synthetic cards for the board (not from any card pool).
static BOARD: LazyLock<Vec<Arc<Primitive>>> = LazyLock::new(|| {
    let mk = |name: &str, types: &str, colors: u8, p: i32, t: i32, abilities: &[&str]| {
        let mut prim = Primitive {
            name: name.into(),
            lc_name: name.to_lowercase(),
            types: types.split(' ').map(str::to_string).collect(),
            colors,
            power: p,
            toughness: t,
            ..Primitive::default()
        };
        prim.mana.add_color(crate::core::mana::COLORLESS, 2);
        for a in abilities {
            if let Some(i) = super::basic::BASIC_ABILITIES.iter().position(|x| x == a) {
                prim.basic.set(i, true);
            }
        }
        Arc::new(prim)
    };
    use crate::core::mana::{BLACK, BLUE, GREEN, RED, WHITE};
    vec![
        mk("Plains", "basic land plains", 1, 0, 0, &[]),
        mk("Island", "basic land island", 1, 0, 0, &[]),
        mk("Swamp", "basic land swamp", 1, 0, 0, &[]),
        mk("Mountain", "basic land mountain", 1, 0, 0, &[]),
        mk("Forest", "basic land forest", 1, 0, 0, &[]),
        mk("Grizzled Bear", "creature bear", 1 << GREEN, 2, 2, &[]),
        mk(
            "Silver Knight",
            "creature human knight",
            1 << WHITE,
            2,
            2,
            &["first strike"],
        ),
        mk(
            "Cinder Goblin",
            "creature goblin warrior",
            1 << RED,
            1,
            1,
            &["haste"],
        ),
        mk("Grave Walker", "creature zombie", 1 << BLACK, 2, 2, &[]),
        mk("Tide Wall", "creature wall", 1 << BLUE, 0, 4, &["defender"]),
        mk("Sky Drake", "creature dragon", 1 << RED, 4, 4, &["flying"]),
        mk(
            "Old Sage",
            "legendary creature human wizard",
            (1 << BLUE) | (1 << WHITE),
            3,
            3,
            &[],
        ),
        mk("Clay Golem", "artifact creature golem", 1, 3, 3, &[]),
        mk("Iron Relic", "artifact", 1, 0, 0, &[]),
        mk("Ancient Oath", "enchantment", 1 << WHITE, 0, 0, &[]),
    ]
});

static HAND: LazyLock<Vec<Arc<Primitive>>> = LazyLock::new(|| {
    let mk = |name: &str, types: &str, colors: u8| {
        Arc::new(Primitive {
            name: name.into(),
            lc_name: name.to_lowercase(),
            types: types.split(' ').map(str::to_string).collect(),
            colors,
            power: 2,
            toughness: 2,
            ..Primitive::default()
        })
    };
    vec![
        mk("Quick Bolt", "instant", 1 << crate::core::mana::RED),
        mk("Deep Study", "sorcery", 1 << crate::core::mana::BLUE),
        mk("Field Bear", "creature bear", 1 << crate::core::mana::GREEN),
        mk("Plains", "basic land plains", 1),
        mk("Old Relic", "artifact", 1),
    ]
});

/// The words a target type can be: every type and subtype of the pool, card names, and the
/// types card code creates itself (`becomes(...)`, `transforms((...))`, `token(...)`).
#[derive(Default, Debug)]
pub struct Vocab {
    pub words: HashSet<String>,
    /// Whether the pool is large enough to say that a word is no type at all.
    pub complete: bool,
}

/// Attribute words of `[...]` (spec: target-restrictions.txt) that test a state, not a type.
const STATE_ATTRIBUTES: &[&str] = &[
    "attached",
    "attacking",
    "backname",
    "blocked",
    "blocking",
    "chosencolor",
    "chosenname",
    "chosentype",
    "cmana",
    "colorless",
    "controllerdamager",
    "counter",
    "damaged",
    "damager",
    "discarded",
    "enchanted",
    "equipped",
    "evictname",
    "foretold",
    "fresh",
    "geared",
    "hasbackside",
    "hasconvoke",
    "hasflashback",
    "haskicker",
    "haspartner",
    "hastoxic",
    "hasx",
    "iscommander",
    "isflipped",
    "kicked",
    "lastnamechosen",
    "leveler",
    "manab",
    "manacost",
    "manag",
    "manar",
    "manau",
    "manaw",
    "modified",
    "multicolor",
    "numofcols",
    "opponentdamager",
    "partname",
    "permanent",
    "power",
    "preyname",
    "recent",
    "ringbearer",
    "share",
    "storedname",
    "tapped",
    "token",
    "toughness",
    "zpos",
];

impl Vocab {
    pub fn build(db: &Db) -> Vocab {
        let mut words = HashSet::new();
        for d in &db.definitions {
            for t in &d.types {
                words.insert(t.clone());
            }
            words.insert(d.lc_name.clone());
            for line in &d.autos {
                for key in ["becomes(", "transforms((", "token("] {
                    let mut rest = line.text.as_str();
                    while let Some(i) = rest.find(key) {
                        let after = &rest[i + key.len()..];
                        let field = if key == "token(" {
                            after.split(',').nth(1).unwrap_or("")
                        } else {
                            after.split([',', ')']).next().unwrap_or("")
                        };
                        for w in field.split(' ').filter(|w| !w.is_empty()) {
                            words.insert(w.to_lowercase());
                        }
                        rest = after;
                    }
                }
            }
        }
        for w in [
            "creature",
            "land",
            "artifact",
            "enchantment",
            "instant",
            "sorcery",
            "planeswalker",
            "legendary",
            "basic",
            "snow",
            "tribal",
            "aura",
            "equipment",
            "token",
            "spell",
            "permanent",
            "nonland",
            "noncreature",
        ] {
            words.insert(w.to_string());
        }
        let complete = db.definitions.len() >= 2000;
        Vocab { words, complete }
    }

    fn knows(&self, w: &str) -> bool {
        let w = w.trim().to_lowercase();
        !self.complete
            || w.is_empty()
            || w == "*"
            || self.words.contains(&w)
            || STATE_ATTRIBUTES.iter().any(|a| w.contains(a))
    }

    /// Whether some card of the pool could match the spec (state attributes assumed possible).
    pub fn satisfiable(&self, tc: &TargetSpec) -> bool {
        match &tc.kind {
            TcKind::Invalid => false,
            TcKind::Types(types) => types.iter().any(|t| self.knows(t)),
            TcKind::Descriptor(ty, d) => {
                if let Some(t) = ty
                    && !self.knows(t)
                {
                    return false;
                }
                let type_attrs: Vec<&String> = d
                    .attrs
                    .iter()
                    .filter(|(neg, _)| !neg)
                    .filter_map(|(_, a)| match a {
                        Attr::Type(t) => Some(t),
                        _ => None,
                    })
                    .collect();
                if d.or_mode {
                    true
                } else {
                    type_attrs.iter().all(|t| self.knows(t))
                }
            }
            TcKind::Any => !tc.zones.is_empty(),
            _ => true,
        }
    }
}

/// Simulates one definition; returns findings (ranges in its file) and the outcome.
pub fn simulate_card(
    db: &Db,
    vocab: &Vocab,
    prim: &Arc<Primitive>,
    seed: u64,
    budget: u64,
) -> (Vec<Finding>, CardOutcome) {
    simulate_card_from(&template(db, seed, budget), vocab, prim, budget)
}

/// The seeded game every card of a pool starts from (built once, cloned per card).
pub fn template(db: &Db, seed: u64, budget: u64) -> WGame<'_> {
    let mut game = WGame::new(db, seed);
    game.g.budget = budget;
    for r in RULES {
        let extra = game.extra[0];
        game.add_ability(Ab::Rule((*r).to_string()), extra, None, None);
    }
    seed_board(&mut game);
    game.g.steps = 0;
    game
}

/// Simulates one definition starting from a seeded game.
pub fn simulate_card_from(
    start: &WGame,
    vocab: &Vocab,
    prim: &Arc<Primitive>,
    budget: u64,
) -> (Vec<Finding>, CardOutcome) {
    let db = start.db;
    let mut findings = Vec::new();
    let mut game = start.clone();
    let card = game.new_card(prim, 0, 0, Zone::Hand);
    game.g.log.on = true;
    let cast = play(&mut game, card, prim);
    let mut outcome = CardOutcome {
        fully_exercised: true,
        ..CardOutcome::default()
    };
    if game.g.steps > game.g.budget {
        outcome.budget = true;
        outcome.fully_exercised = false;
        findings.push(Finding::new(
            Kind::Budget,
            prim.name_range.unwrap_or(prim.range),
            format!(
                "playing `{}` did not finish within {budget} steps: one of its abilities loops",
                prim.name
            ),
        ));
    }
    // Target specs of the card that no card of the pool could ever match.
    let mut seen = HashSet::new();
    for (i, line) in prim.autos.iter().enumerate() {
        for spec in target_specs(&line.text) {
            let tc = super::targets::parse(&spec);
            if !vocab.satisfiable(&tc) && seen.insert((i, spec.clone())) {
                findings.push(Finding::new(
                    Kind::NoLegalTarget,
                    line.range,
                    format!("no card can match `{spec}`: Wagic finds no target for it, so this ability cannot be used"),
                ));
            }
        }
    }
    if let Some(spec) = &prim.target {
        let tc = super::targets::parse(spec);
        if !vocab.satisfiable(&tc) {
            findings.push(Finding::new(
                Kind::NoLegalTarget,
                prim.target_range.unwrap_or(prim.range),
                format!("no card can match `target={spec}`: Wagic finds no target, so this card cannot be cast"),
            ));
        }
    }
    for note in &game.notes {
        let range = note
            .line
            .and_then(|l| prim.autos.get(l))
            .map(|l| l.range)
            .unwrap_or_else(|| prim.name_range.unwrap_or(prim.range));
        let kind = match note.kind {
            NoteKind::Unsupported => {
                outcome.fully_exercised = false;
                Kind::Unsupported
            }
            NoteKind::UnknownNumber => Kind::CountUnevaluable,
            NoteKind::NoLegalTarget => continue,
            NoteKind::TokenNotFound => {
                if db.cards.is_empty() || !vocab.complete {
                    continue;
                }
                Kind::TokenNotFound
            }
            NoteKind::UnknownZone => Kind::UnknownZone,
        };
        let f = Finding::new(kind, range, note.message.clone());
        if !findings.contains(&f) {
            findings.push(f);
        }
    }
    witness(&game, card, prim, cast, &mut findings);
    findings.sort_by_key(|f| (f.range.start(), f.kind));
    (findings, outcome)
}

/// An instant's or sorcery's `text=` held against what casting it did; of a permanent's text,
/// only the sentences of what it does as it enters the battlefield, against its cast (the rest
/// speaks of abilities played at other times). `cast`: where the cast ends in the log.
fn witness(game: &WGame, card: CardId, prim: &Primitive, cast: usize, findings: &mut Vec<Finding>) {
    if prim.text.is_empty() {
        return;
    }
    let permanent = prim.is_permanent();
    let events = &game.g.log.events[..cast.min(game.g.log.len())];
    if !witness::worth_reading(&prim.text, events, false)
        || (permanent && !prim.text.contains("enters the battlefield"))
    {
        return;
    }
    let range = played_line(prim)
        .or(prim.text_range)
        .unwrap_or_else(|| card_range(prim));
    for sentence in witness::sentences(&prim.text, &prim.name, false) {
        if permanent && !sentence.enters {
            continue;
        }
        if let Some(what) = witness::contradiction(&sentence, events, card) {
            let f = Finding::new(
                Kind::TextMismatch,
                range,
                format!(
                    "the rules text says \"{}\", but the play {what}",
                    sentence.text
                ),
            );
            if !findings.contains(&f) {
                findings.push(f);
            }
        }
    }
}

/// The one `auto=` line that acts as the card is cast or enters (no cost, no trigger, no
/// continuous effect), where the witness's findings go; `None` when there are several.
fn played_line(prim: &Primitive) -> Option<TextRange> {
    const ONGOING: &[&str] = &[
        "@",
        "lord(",
        "aslongas(",
        "foreach(",
        "teach(",
        "this(",
        "thisforeach(",
    ];
    let mut lines = prim.autos.iter().filter(|a| {
        a.zone.is_empty()
            && !ONGOING.iter().any(|p| a.text.trim_start().starts_with(p))
            && !a.text.contains("}:")
    });
    let line = lines.next()?;
    lines.next().is_none().then_some(line.range)
}

/// The target specs written in an ability line (`target(...)`, `notatarget(...)`).
fn target_specs(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("target(") {
        let after = &rest[i + 7..];
        let Some(end) = after.find(')') else { break };
        let before = &rest[..i];
        // `cantargetcard(` is a condition, not a target.
        if !before.ends_with("can") {
            out.push(after[..end].to_string());
        }
        rest = &after[end..];
    }
    out
}

fn seed_board(game: &mut WGame) {
    for p in 0..2 {
        for def in BOARD.iter() {
            let c = game.new_card(def, 0, p, Zone::Library);
            game.put_in_zone(c, p, Zone::Battlefield);
            game.g.card_mut(c).sick = false;
        }
        for def in HAND.iter() {
            game.new_card(def, 0, p, Zone::Hand);
        }
        for def in HAND.iter().chain(BOARD.iter().take(8)) {
            game.new_card(def, 0, p, Zone::Library);
        }
        for def in BOARD.iter().skip(5).take(3) {
            let c = game.new_card(def, 0, p, Zone::Library);
            game.put_in_zone(c, p, Zone::Graveyard);
        }
        let c = game.new_card(&BOARD[6], 0, p, Zone::Library);
        game.put_in_zone(c, p, Zone::Exile);
        for color in 0..crate::core::mana::NB_COLORS {
            game.g.players[p].pool.add_color(color, 20);
        }
    }
    game.notes.clear();
}

/// Answers whatever the game asks (offers declined, first menu item, first legal target).
fn drive(game: &mut WGame, card: CardId) {
    // Until nothing is left to answer: a loop runs until the step budget stops it.
    loop {
        if game.g.steps > game.g.budget {
            return;
        }
        let before = game.progress;
        game.settle();
        if game.ask.is_some() {
            game.cancel_interrupt_offer();
        }
        if game.menu.is_some() {
            game.choose(0);
        }
        if (game.spell_tc.is_some() || game.waiting_ability().is_some())
            && !choose_target(game, card)
        {
            {
                // Nothing can be chosen: give up on this ability.
                game.spell_tc = None;
                if let Some(w) = game.waiting_ability() {
                    game.layer[w].waiting = None;
                }
            }
        }
        if game.progress == before && !game.has_unresolved() && game.menu.is_none() {
            return;
        }
    }
}

fn choose_target(game: &mut WGame, card: CardId) -> bool {
    let (tc, source, chosen) = if let Some(st) = &game.spell_tc {
        (st.tc.clone(), st.card, st.targets.clone())
    } else if let Some(w) = game.waiting_ability() {
        let tc = match &game.layer[w].ab {
            Ab::Activated(a) => a.tc.clone(),
            Ab::Equip { tc, .. } => Some(tc.clone()),
            _ => None,
        };
        let Some(tc) = tc else { return false };
        let chosen = game.layer[w].waiting.clone().unwrap_or_default();
        (tc, game.layer[w].source, chosen)
    } else {
        return false;
    };
    let _ = card;
    // A click on an object already chosen takes it back: pick a new one each time, and once
    // nothing new is left, confirm what is chosen with a click on the source.
    let fresh = |t: Tgt| !chosen.contains(&t);
    // Prefer the opponent's objects, then one's own.
    for p in [1, 0] {
        if fresh(Tgt::Player(p)) && game.can_target(&tc, source, Tgt::Player(p), true) {
            game.player_click(p);
            return true;
        }
    }
    let mut candidate = None;
    'search: for p in [1, 0] {
        for z in [
            Zone::Battlefield,
            Zone::Graveyard,
            Zone::Hand,
            Zone::Library,
            Zone::Exile,
        ] {
            for &c in game.g.players[p].zone(z) {
                if c != source
                    && fresh(Tgt::Card(c))
                    && game.can_target(&tc, source, Tgt::Card(c), true)
                {
                    candidate = Some(c);
                    break 'search;
                }
            }
        }
    }
    if let Some(c) = candidate {
        game.card_click(c);
        if game.spell_tc.is_some() || game.waiting_ability().is_some() {
            // Upto-n targets: confirm with a click on the source.
            game.card_click(source);
        }
        return true;
    }
    if fresh(Tgt::Card(source)) && game.can_target(&tc, source, Tgt::Card(source), true) {
        game.card_click(source);
        return true;
    }
    if !chosen.is_empty() {
        // Fewer objects than the ability may take: confirm those chosen.
        game.card_click(source);
        return game.spell_tc.is_none() && game.waiting_ability().is_none();
    }
    false
}

/// Plays the card; returns the length of the event log once it was cast (and its
/// enters-the-battlefield effects resolved).
fn play(game: &mut WGame, card: CardId, prim: &Arc<Primitive>) -> usize {
    game.current = 0;
    game.current_action = 0;
    game.phase = FIRSTMAIN;
    // Cast it (lands are played).
    game.card_click(card);
    drive(game, card);
    if game.g.card(card).zone == Zone::Hand {
        // Could not be cast normally (restrictions, costs): put it into play directly.
        if prim.is_permanent() {
            game.put_in_zone(card, 0, Zone::Stack);
            game.resolve_spell(card, Vec::new(), parse::PAID_NORMAL, Zone::Hand);
            drive(game, card);
        }
    }
    let cast = game.g.log.len();
    if game.g.card(card).zone != Zone::Battlefield {
        return cast;
    }
    game.g.card_mut(card).sick = false;
    // Activate each activated ability of the card.
    let mut used = HashSet::new();
    for round in 0..3 {
        let insts: Vec<usize> = (0..game.layer.len())
            .filter(|&i| {
                !game.layer[i].removed
                    && game.layer[i].source == card
                    && matches!(game.layer[i].ab, Ab::Activated(_) | Ab::Equip { .. })
            })
            .collect();
        for i in insts {
            if game.g.steps > game.g.budget || game.g.card(card).zone != Zone::Battlefield {
                return cast;
            }
            if !used.insert((i, round)) {
                continue;
            }
            for p in 0..2 {
                for color in 0..crate::core::mana::NB_COLORS {
                    let have = game.g.players[p].pool.get(color);
                    game.g.players[p].pool.add_color(color, 20 - have.min(20));
                }
            }
            game.untap(card);
            if game.is_reacting_to_click(i, card) {
                game.react_to_click(i, card);
                drive(game, card);
            }
        }
        if round == 0 {
            break;
        }
    }
    // Resolve each triggered ability's effect as if it fired.
    let triggers: Vec<(Ab, Option<usize>)> = game
        .layer
        .iter()
        .filter(|i| !i.removed && i.source == card)
        .filter_map(|i| match &i.ab {
            Ab::Triggered { effect, .. } => Some(((**effect).clone(), i.line)),
            _ => None,
        })
        .collect();
    for (effect, line) in triggers {
        if game.g.steps > game.g.budget || game.g.card(card).zone != Zone::Battlefield {
            return cast;
        }
        game.fire(
            effect,
            card,
            Some(Tgt::Card(card)),
            Vec::new(),
            None,
            false,
            0,
            line,
        );
        drive(game, card);
    }
    // Play a turn through: combat (attacking with the card), end of turn, the next turn.
    for _ in 0..30 {
        if game.g.steps > game.g.budget {
            return cast;
        }
        if game.phase == COMBATATTACKERS && game.current == 0 && game.can_attack(card) {
            game.toggle_attacker(card);
        }
        game.user_request_next_phase(true);
        drive(game, card);
        if game.phase == SECONDMAIN && game.current == 1 {
            break;
        }
    }
    cast
}

/// Where a definition's findings point when they have no line.
pub fn card_range(prim: &Primitive) -> TextRange {
    prim.name_range.unwrap_or(prim.range)
}
