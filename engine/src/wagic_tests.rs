//! Replays Wagic's own test suite: `_tests.txt` lists test files; each sets up a
//! game ([INIT]), clicks through it ([DO]) and compares the result ([ASSERT]). The runner follows
//! the engine's test AI: the player who has priority reads the next action; an interrupt offer is
//! declined by any action other than `yes`/`no`, which is then retried.

use crate::core::game::{CardId, PlayerId, Zone};
use crate::core::mana::Mana;
use crate::wagic::db::{self, Db};
use crate::wagic::parse;
use crate::wagic::runtime::*;
use model::{Dialect, SourceFile};
use std::path::{Path, PathBuf};

/// The outcome of one test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Pass,
    /// The first mismatch.
    Fail(String),
    /// The test could not be run (missing file, AI mode...): counts as failed.
    CannotRun(String),
}

#[derive(Clone, Debug)]
pub struct TestResult {
    pub file: String,
    pub outcome: Outcome,
    /// For a failure, its first cause as far as the replay can tell (`None` on a pass): the
    /// first thing the engine could not play (an unsupported ability, an unknown number, a
    /// click that changed nothing), else the kind of the first mismatch. Failures are grouped
    /// by it (`Report::causes`).
    pub cause: Option<String>,
}

#[derive(Clone, Debug, Default)]
pub struct Report {
    pub results: Vec<TestResult>,
}

impl Report {
    pub fn passed(&self) -> usize {
        self.results
            .iter()
            .filter(|r| r.outcome == Outcome::Pass)
            .count()
    }

    pub fn failed(&self) -> usize {
        self.results.len() - self.passed()
    }

    /// The failures grouped by first cause, largest group first (ties by name).
    pub fn causes(&self) -> Vec<(String, usize)> {
        let mut groups: std::collections::BTreeMap<&str, usize> = Default::default();
        for r in &self.results {
            if let Some(c) = &r.cause {
                *groups.entry(c.as_str()).or_default() += 1;
            }
        }
        let mut out: Vec<(String, usize)> = groups
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        out
    }
}

/// The group of a mismatch message: its words before the first number or card list.
fn mismatch_group(why: &str) -> String {
    let head = why.split(':').next().unwrap_or(why);
    let kind: String = head
        .split_whitespace()
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit()))
        .collect::<Vec<_>>()
        .join(" ");
    format!("mismatch: {kind}")
}

/// The rules a game starts with (the rules files).
#[derive(Clone, Debug, Default)]
pub struct Rules {
    /// `auto=` lines of `[INIT]` (game rules).
    pub game: Vec<String>,
    /// `auto=` lines of `[PLAYERS]` (each player's rules).
    pub players: Vec<String>,
    pub life: Option<i32>,
}

impl Rules {
    /// Reads a rules file and its includes.
    pub fn load(path: &Path) -> Rules {
        let mut rules = Rules::default();
        rules.read(path, 0);
        rules
    }

    fn read(&mut self, path: &Path, depth: u32) {
        if depth > 8 {
            return;
        }
        let Ok(bytes) = std::fs::read(path) else {
            return;
        };
        let text = syntax::SourceText::decode(&bytes).text().to_string();
        let mut section = String::new();
        for line in text.lines() {
            let line = line.trim_end_matches('\r');
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let lower = line.to_lowercase();
            if let Some(inc) = lower.strip_prefix("include ") {
                let dir = path.parent().unwrap_or(Path::new("."));
                self.read(&dir.join(inc.trim()), depth + 1);
                continue;
            }
            if lower.starts_with('[') {
                section = lower.clone();
                continue;
            }
            match section.as_str() {
                "[init]" => {
                    if let Some(a) = lower.strip_prefix("auto=") {
                        self.game.push(a.to_string());
                    }
                }
                "[players]" => {
                    if let Some(a) = lower.strip_prefix("auto=") {
                        self.players.push(a.to_string());
                    } else if let Some(l) = lower.strip_prefix("life:") {
                        self.life = Some(db::atoi(l));
                    }
                }
                _ => {}
            }
        }
    }
}

/// A player's state in [INIT] or [ASSERT].
#[derive(Clone, Debug, Default)]
struct PlayerState {
    life: Option<i32>,
    poison: i32,
    pool: Mana,
    /// Zone → MTG ids (-1 = `*`).
    zones: Vec<(Zone, Vec<i32>)>,
    rvalues: Vec<u32>,
    autos: Vec<String>,
}

#[derive(Clone, Debug, Default)]
struct TestFile {
    init_phase: i32,
    init: [PlayerState; 2],
    actions: Vec<String>,
    end_phase: i32,
    end: [PlayerState; 2],
    summoning_sickness: bool,
    seed: u64,
    unsupported: Option<String>,
}

/// PhaseRing::phaseStrToInt (test phase names).
pub fn phase_of(s: &str) -> i32 {
    (match s.trim() {
        "untap" => UNTAP,
        "upkeep" => UPKEEP,
        "draw" => DRAW,
        "firstmain" | "mainphase" => FIRSTMAIN,
        "combatbegin" | "combatbegins" => COMBATBEGIN,
        "combatattackers" => COMBATATTACKERS,
        "combatblockers" => COMBATBLOCKERS,
        "combatdamage" => COMBATDAMAGE,
        "combatend" | "combatends" => COMBATEND,
        "secondmain" => SECONDMAIN,
        "endofturn" | "end" => ENDOFTURN,
        "cleanup" => CLEANUP,
        _ => return -1,
    }) as i32
}

fn parse_player_line(db: &Db, state: &mut PlayerState, line: &str) {
    let limiter = line.find('=').or_else(|| line.find(':'));
    let Some(limiter) = limiter else { return };
    let key = &line[..limiter];
    let value = &line[limiter + 1..];
    let zone = match key {
        "life" => {
            state.life = Some(db::atoi(value));
            return;
        }
        "poisoncount" => {
            state.poison = db::atoi(value);
            return;
        }
        "manapool" => {
            state.pool = Mana::parse_wagic_groups(value);
            return;
        }
        "rvalues" => {
            state.rvalues = value
                .split(',')
                .map(|v| db::atoi(v).max(0) as u32)
                .collect();
            return;
        }
        "auto" => {
            state.autos.push(value.to_string());
            return;
        }
        "hand" => Zone::Hand,
        "library" => Zone::Library,
        "graveyard" => Zone::Graveyard,
        "inplay" | "battlefield" => Zone::Battlefield,
        "exile" | "removedfromgame" => Zone::Exile,
        _ => return,
    };
    let ids: Vec<i32> = value
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| db.mtg_id(s))
        .collect();
    match state.zones.iter_mut().find(|(z, _)| *z == zone) {
        Some((_, v)) => v.extend(ids),
        None => state.zones.push((zone, ids)),
    }
}

fn parse_test(db: &Db, text: &str) -> TestFile {
    let mut t = TestFile {
        init_phase: -1,
        end_phase: -1,
        ..TestFile::default()
    };
    let mut state = -1;
    for raw in text.split('\n') {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let s = line.to_lowercase();
        if s == "summoningsickness" {
            t.summoning_sickness = true;
            continue;
        }
        if s == "forceability" {
            continue;
        }
        if let Some(seed) = s.strip_prefix("seed ") {
            t.seed = db::atoi(seed).max(0) as u64;
            continue;
        }
        if s.starts_with("aicalls ") {
            t.unsupported = Some("the test hands control to the AI".into());
            continue;
        }
        if s == "momir" {
            t.unsupported = Some("Momir games are not simulated".into());
            continue;
        }
        match state {
            -1 if s == "[init]" => state = 0,
            0 => {
                if s == "[player1]" {
                    state = 1;
                } else {
                    t.init_phase = phase_of(&s);
                }
            }
            1 => {
                if s == "[player2]" {
                    state = 2;
                } else {
                    parse_player_line(db, &mut t.init[0], &s);
                }
            }
            2 => {
                if s == "[do]" {
                    state = 3;
                } else {
                    parse_player_line(db, &mut t.init[1], &s);
                }
            }
            3 => {
                if s == "[assert]" {
                    state = 4;
                } else {
                    t.actions.push(s);
                }
            }
            4 => {
                if s == "[player1]" {
                    state = 5;
                } else {
                    t.end_phase = phase_of(&s);
                }
            }
            5 => {
                if s == "[player2]" {
                    state = 6;
                } else {
                    parse_player_line(db, &mut t.end[0], &s);
                }
            }
            6 => {
                if s == "[end]" {
                    state = 7;
                } else {
                    parse_player_line(db, &mut t.end[1], &s);
                }
            }
            _ => {}
        }
    }
    t
}

/// Loads the card database of a Wagic resource folder (`sets/`), as the engine does.
pub fn load_sets(sets: &Path) -> Result<Db, String> {
    let mut files = Vec::new();
    let prim = sets.join("primitives");
    let mut prim_files: Vec<PathBuf> = std::fs::read_dir(&prim)
        .map_err(|e| format!("{}: {e}", prim.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    prim_files.sort();
    let mut set_files: Vec<PathBuf> = std::fs::read_dir(sets)
        .map_err(|e| format!("{}: {e}", sets.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .map(|p| p.join("_cards.dat"))
        .filter(|p| p.is_file())
        .collect();
    set_files.sort();
    for path in prim_files.iter().chain(&set_files) {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let rel = path
            .strip_prefix(sets.parent().unwrap_or(sets))
            .unwrap_or(path);
        files.push(SourceFile::new(rel, Dialect::WAGIC, &bytes));
    }
    let mut db = Db::default();
    for (i, f) in files.iter().enumerate() {
        db.read_file(f, Some(i), db::DEFAULT_MAX_GRADE);
    }
    Ok(db)
}

/// Rules::getCardByMTGId: the first card with that id, player 1's zones first.
fn card_by_mtgid(g: &WGame, id: i32, preferred: Option<PlayerId>) -> Option<CardId> {
    let order: [PlayerId; 2] = match preferred {
        Some(1) => [1, 0],
        _ => [0, 1],
    };
    for p in order {
        for z in [
            Zone::Library,
            Zone::Hand,
            Zone::Battlefield,
            Zone::Graveyard,
            Zone::Exile,
        ] {
            if let Some(&c) = g.g.players[p]
                .zone(z)
                .iter()
                .find(|&&c| g.g.card(c).mtgid == id)
            {
                return Some(c);
            }
        }
    }
    None
}

/// Sets up a game with the rules: game rules first, then each player's rules.
pub fn new_game<'a>(db: &'a Db, rules: &Rules, seed: u64) -> WGame<'a> {
    let mut game = WGame::new(db, seed);
    for line in &rules.game {
        let mut ctx = parse::Ctx::default();
        if let Some(ab) = parse::parse(line, &mut ctx, false, false) {
            game.add_ability(ab, game.extra[0], None, None);
        }
    }
    for p in 0..2 {
        if let Some(life) = rules.life {
            game.g.players[p].life = life;
        }
        for line in &rules.players {
            let mut ctx = parse::Ctx::default();
            if let Some(ab) = parse::parse(line, &mut ctx, false, false) {
                let extra = game.extra[p];
                game.add_ability(ab, extra, None, None);
            }
        }
    }
    game
}

/// Runs one test file's text against a card database and rules.
pub fn run_test(db: &Db, rules: &Rules, text: &str) -> Outcome {
    run_test_explained(db, rules, text).0
}

/// Runs one test and, when it fails, says its first cause (see `TestResult::cause`).
pub fn run_test_explained(db: &Db, rules: &Rules, text: &str) -> (Outcome, Option<String>) {
    let mut first_cause = None;
    let outcome = replay(db, rules, text, &mut first_cause);
    let cause = match &outcome {
        Outcome::Pass => None,
        Outcome::CannotRun(why) => Some(format!("cannot run: {why}")),
        Outcome::Fail(why) => Some(first_cause.unwrap_or_else(|| mismatch_group(why))),
    };
    (outcome, cause)
}

/// The first note of the game that explains a failure (what the engine could not play).
fn note_cause(game: &WGame) -> Option<String> {
    let n = game.notes.first()?;
    let what = match n.kind {
        NoteKind::Unsupported => "unsupported",
        NoteKind::UnknownNumber => "unknown number",
        NoteKind::NoLegalTarget => "no legal target",
        NoteKind::TokenNotFound => "token not found",
        NoteKind::UnknownZone => "unknown zone",
    };
    // The message names the word, often followed by the card's text: keep its head.
    let head: String = n.message.chars().take(60).collect();
    Some(format!("{what}: {head}"))
}

fn replay(db: &Db, rules: &Rules, text: &str, cause: &mut Option<String>) -> Outcome {
    let t = parse_test(db, text);
    if let Some(why) = &t.unsupported {
        return Outcome::CannotRun(why.clone());
    }
    if t.actions.iter().any(|a| a == "ai" || a == "human") {
        return Outcome::CannotRun("the test hands control to the AI or a human".into());
    }
    let mut game = new_game(db, rules, t.seed);
    game.g.budget = 2_000_000;
    // The deck: every card of every zone, in the library.
    for p in 0..2 {
        let order = [
            Zone::Graveyard,
            Zone::Library,
            Zone::Hand,
            Zone::Exile,
            Zone::Battlefield,
        ];
        for z in order {
            let ids = t.init[p]
                .zones
                .iter()
                .find(|(zz, _)| *zz == z)
                .map(|(_, v)| v.clone())
                .unwrap_or_default();
            for id in ids {
                if let Some(def) = db.by_id(id) {
                    game.new_card(&def.clone(), id, p, Zone::Library);
                }
            }
        }
    }
    game.phase = t.init_phase.max(0) as usize;
    game.layer_phase = game.phase;
    for p in 0..2 {
        if let Some(life) = t.init[p].life {
            game.g.players[p].life = life;
        }
        game.g.players[p].poison = t.init[p].poison;
        if !t.init[p].rvalues.is_empty() {
            game.g.rng.queue(t.init[p].rvalues.iter().copied());
        }
        for z in [
            Zone::Graveyard,
            Zone::Library,
            Zone::Hand,
            Zone::Battlefield,
            Zone::Exile,
        ] {
            let ids = t.init[p]
                .zones
                .iter()
                .find(|(zz, _)| *zz == z)
                .map(|(_, v)| v.clone())
                .unwrap_or_default();
            if z == Zone::Library {
                continue;
            }
            for id in ids {
                let Some(card) = card_by_mtgid(&game, id, Some(p)) else {
                    continue;
                };
                if !game.g.players[p].zone(Zone::Library).contains(&card) {
                    continue;
                }
                if z == Zone::Battlefield {
                    game.put_in_zone(card, p, Zone::Stack);
                    game.resolve_spell(card, Vec::new(), parse::PAID_NORMAL, Zone::Library);
                    if !t.summoning_sickness {
                        game.g.card_mut(card).sick = false;
                    }
                } else {
                    game.put_in_zone(card, p, z);
                }
            }
        }
        for line in t.init[p].autos.clone() {
            let mut ctx = parse::Ctx::default();
            if let Some(ab) = parse::parse(&line, &mut ctx, false, false) {
                let extra = game.extra[p];
                game.add_ability(ab, extra, None, None);
            }
        }
    }
    game.layer_phase = game.phase;
    game.stack.clear();
    game.decision = [Decision::NotDecided; 2];

    if trace() {
        for (i, inst) in game.layer.iter().enumerate() {
            eprintln!(
                "layer {i}: {} {:?}",
                game.g.card(inst.source).cur.name,
                inst.ab
            );
        }
        for p in 0..2 {
            for z in [Zone::Battlefield, Zone::Hand, Zone::Library] {
                let names: Vec<String> = game.g.players[p]
                    .zone(z)
                    .iter()
                    .map(|&c| format!("{}#{}", game.g.card(c).cur.name, game.g.card(c).mtgid))
                    .collect();
                eprintln!("p{} {}: {}", p + 1, z.name(), names.join(", "));
            }
        }
    }
    let mut next = 0usize;
    let mut acts = 0u32;
    let mut no_effect: Option<String> = None;
    loop {
        acts += 1;
        if acts > 4000 || game.g.steps > game.g.budget {
            *cause = note_cause(&game);
            return Outcome::Fail("the game did not finish (step budget)".into());
        }
        let player = game.settle();
        if next == 0 {
            for p in 0..2 {
                game.g.players[p].pool = t.init[p].pool.clone();
            }
        }
        let action = t.actions.get(next).cloned().unwrap_or_default();
        if trace() {
            eprintln!(
                "[act p{}] {:?} phase={} combat={:?} ask={:?} int={:?} stack={} menu={} tc={} pools={}/{}",
                player + 1,
                action,
                PHASE_NAMES[game.phase],
                game.combat,
                game.ask,
                game.interrupting,
                game.stack.iter().filter(|s| !s.resolved).count(),
                game.menu.is_some(),
                game.current_target_chooser(),
                game.g.players[0].pool.to_wagic(),
                game.g.players[1].pool.to_wagic()
            );
        }
        if game.ask == Some(player) && action != "yes" && action != "no" {
            game.cancel_interrupt_offer();
            continue;
        }
        if action.is_empty() {
            break;
        }
        next += 1;
        let before = signature(&game);
        let clicked = act(&mut game, &action, player, &mut next);
        if clicked && signature(&game) == before && no_effect.is_none() {
            no_effect = Some(format!("click changed nothing: {}", card_word(&action)));
        }
    }
    let outcome = assert_game(&game, &t);
    if outcome != Outcome::Pass {
        *cause = note_cause(&game).or(no_effect);
    }
    outcome
}

/// What a click can change: the stack, menus, targets being chosen, waiting abilities, zones,
/// tapped and attacking or blocking cards, life and mana (equal signatures: the click did nothing).
fn signature(game: &WGame) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    game.stack.len().hash(&mut h);
    game.stack
        .iter()
        .filter(|s| s.resolved)
        .count()
        .hash(&mut h);
    game.menu.is_some().hash(&mut h);
    game.spell_tc
        .as_ref()
        .map(|s| (s.card, s.targets.len()))
        .hash(&mut h);
    game.layer
        .iter()
        .filter(|i| !i.removed && i.waiting.is_some())
        .count()
        .hash(&mut h);
    game.layer.len().hash(&mut h);
    for p in &game.g.players {
        p.life.hash(&mut h);
        p.pool.to_wagic().hash(&mut h);
        for z in &p.zones {
            z.hash(&mut h);
        }
    }
    for c in &game.g.cards {
        (
            c.tapped,
            c.attacking,
            c.blocking,
            c.counters.len(),
            c.damage,
        )
            .hash(&mut h);
    }
    h.finish()
}

/// A click's action without its card id (`Grizzly Bears(1234)` → `Grizzly Bears`).
fn card_word(action: &str) -> String {
    action
        .split('(')
        .next()
        .unwrap_or(action)
        .trim()
        .to_string()
}

/// Plays one action; `true` when it was a click on a card or a stack object.
fn act(game: &mut WGame, action: &str, player: PlayerId, next: &mut usize) -> bool {
    let _ = player;
    if action == "eot" {
        if game.phase != CLEANUP {
            *next -= 1;
        }
        game.user_request_next_phase(true);
    } else if action == "next" || action.contains("goto") {
        if let Some(i) = action.find("goto ") {
            let phase = &action[i + 5..];
            let mut to = 0;
            for (j, code) in parse::PHASE_CODES.iter().enumerate() {
                if phase.contains(code) {
                    to = j;
                }
            }
            if game.phase == to {
                return false;
            }
            *next -= 1;
        }
        if game.combat == CombatStep::Order || game.combat == CombatStep::Damage {
            game.click_ok();
        } else {
            game.user_request_next_phase(true);
        }
    } else if action == "yes" {
        let p = game.currently_acting();
        game.set_interrupting(p);
    } else if action == "endinterruption" {
        game.end_of_interruption();
    } else if action == "no" {
        if game.ask.is_some() {
            game.cancel_interrupt_offer();
        }
    } else if let Some(i) = action.find("choice ") {
        let n = db::atoi(&action[i + 7..]).max(0) as usize;
        game.choose(n);
    } else if action.contains("p1") || action.contains("p2") {
        let p = if action.contains("p1") { 0 } else { 1 };
        game.player_click(p);
    } else {
        let id = game.db.mtg_id(action);
        if id != 0
            && let Some(i) = (0..game.stack.len()).find(|&i| {
                !game.stack[i].resolved
                    && stack_displayed(game, i)
                    && match &game.stack[i].obj {
                        StackObj::Spell { card, .. } => game.g.card(*card).mtgid == id,
                        StackObj::Ability { source, .. } => game.g.card(*source).mtgid == id,
                        _ => false,
                    }
            })
        {
            game.stack_click(i);
            return true;
        }
        let card = if id != 0 {
            card_by_mtgid(game, id, None)
        } else {
            find_by_name(game, action)
        };
        if let Some(card) = card {
            game.card_click(card);
            if trace() {
                let c = game.g.card(card);
                eprintln!(
                    "  clicked {} attacking={} tapped={} sick={}",
                    c.cur.name, c.attacking, c.tapped, c.sick
                );
            }
            return true;
        } else if trace() {
            eprintln!("  no card for {action:?} (id {id})");
        }
    }
    false
}

/// Whether stack item `i` is shown for a click (ActionStack's display flag): only while a
/// target chooser is up, for the items it can target. Otherwise a card id clicks the card.
fn stack_displayed(game: &WGame, i: usize) -> bool {
    let (tc, source) = if let Some(st) = &game.spell_tc {
        (st.tc.clone(), st.card)
    } else if let Some(w) = game.waiting_ability() {
        match &game.layer[w].ab {
            parse::Ab::Activated(a) => match &a.tc {
                Some(tc) => (tc.clone(), game.layer[w].source),
                None => return false,
            },
            _ => return false,
        }
    } else {
        return false;
    };
    game.can_target(&tc, source, Tgt::Stack(i), true)
}

fn find_by_name(game: &WGame, name: &str) -> Option<CardId> {
    for p in 0..2 {
        for z in [
            Zone::Library,
            Zone::Hand,
            Zone::Battlefield,
            Zone::Graveyard,
            Zone::Exile,
        ] {
            if let Some(&c) = game.g.players[p]
                .zone(z)
                .iter()
                .find(|&&c| game.g.card(c).cur.name.to_lowercase() == name)
            {
                return Some(c);
            }
        }
    }
    None
}

fn assert_game(game: &WGame, t: &TestFile) -> Outcome {
    if game.phase as i32 != t.end_phase {
        return Outcome::Fail(format!(
            "phase: expected {}, got {}",
            name_of_phase(t.end_phase),
            PHASE_NAMES[game.phase]
        ));
    }
    for p in 0..2 {
        let exp = &t.end[p];
        let player = &game.g.players[p];
        let life = exp.life.unwrap_or(20);
        if player.life != life {
            return Outcome::Fail(format!(
                "player {} life: expected {life}, got {}",
                p + 1,
                player.life
            ));
        }
        if player.poison != exp.poison {
            return Outcome::Fail(format!(
                "player {} poison: expected {}, got {}",
                p + 1,
                exp.poison,
                player.poison
            ));
        }
        if !player.pool.can_afford(&exp.pool) || !exp.pool.can_afford(&player.pool) {
            return Outcome::Fail(format!(
                "player {} mana pool: expected {}, got {}",
                p + 1,
                exp.pool.to_wagic(),
                player.pool.to_wagic()
            ));
        }
        for z in [
            Zone::Graveyard,
            Zone::Library,
            Zone::Hand,
            Zone::Battlefield,
            Zone::Exile,
        ] {
            let expected: Vec<i32> = exp
                .zones
                .iter()
                .find(|(zz, _)| *zz == z)
                .map(|(_, v)| v.clone())
                .unwrap_or_default();
            let actual = player.zone(z);
            if actual.len() != expected.len() {
                let names: Vec<String> = actual
                    .iter()
                    .map(|&c| game.g.card(c).cur.name.clone())
                    .collect();
                return Outcome::Fail(format!(
                    "player {} {}: expected {} cards, got {} [{}]",
                    p + 1,
                    z.name(),
                    expected.len(),
                    actual.len(),
                    names.join(", ")
                ));
            }
            for id in expected {
                if id == -1 {
                    continue;
                }
                if let Some(c) = card_by_mtgid(game, id, None)
                    && !actual.contains(&c)
                {
                    return Outcome::Fail(format!(
                        "player {} {}: {} is not there (it is in player {}'s {})",
                        p + 1,
                        z.name(),
                        game.g.card(c).cur.name,
                        game.g.zone_owner(c) + 1,
                        game.g.card(c).zone.name()
                    ));
                }
            }
        }
    }
    Outcome::Pass
}

fn name_of_phase(p: i32) -> &'static str {
    if p < 0 {
        "an invalid phase"
    } else {
        PHASE_NAMES[p as usize]
    }
}

fn trace() -> bool {
    std::env::var_os("CARDLINT_TRACE").is_some()
}

/// The test files `_tests.txt` lists.
pub fn list_tests(tests_txt: &Path) -> Result<Vec<String>, String> {
    let bytes = std::fs::read(tests_txt).map_err(|e| format!("{}: {e}", tests_txt.display()))?;
    let text = syntax::SourceText::decode(&bytes).text().to_string();
    let mut out = Vec::new();
    let mut comment = false;
    for raw in text.split('\n') {
        let s = raw.strip_suffix('\r').unwrap_or(raw);
        if s.is_empty() {
            continue;
        }
        if s.starts_with("/*") {
            comment = true;
        }
        if !s.starts_with('#') && !comment {
            out.push(s.to_string());
        }
        if s.starts_with("*/") {
            comment = false;
        }
    }
    Ok(out)
}

/// Runs every test of `_tests.txt` (with `sets/` and `rules/` beside `test/`); `each` sees each
/// result as it comes.
pub fn run_suite(tests_txt: &Path, mut each: impl FnMut(&TestResult)) -> Result<Report, String> {
    let test_dir = tests_txt.parent().unwrap_or(Path::new("."));
    let res = test_dir.parent().unwrap_or(Path::new("."));
    let db = load_sets(&res.join("sets"))?;
    let rules = Rules::load(&res.join("rules").join("testsuite.txt"));
    let mut report = Report::default();
    for name in list_tests(tests_txt)? {
        if name == "+pregametests" {
            continue;
        }
        if let Ok(only) = std::env::var("CARDLINT_WAGIC_TEST")
            && !name.contains(&only)
        {
            continue;
        }
        let path = test_dir.join(&name);
        let (outcome, cause) = match std::fs::read(&path) {
            Err(_) => continue,
            Ok(bytes) => {
                let text = syntax::SourceText::decode(&bytes).text().to_string();
                let db = &db;
                let rules = &rules;
                match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    run_test_explained(db, rules, &text)
                })) {
                    Ok(o) => o,
                    Err(_) => (
                        Outcome::CannotRun(
                            "the engine crashed on this test (a cardlint bug)".into(),
                        ),
                        Some("cannot run: the engine crashed".into()),
                    ),
                }
            }
        };
        let r = TestResult {
            file: name,
            outcome,
            cause,
        };
        each(&r);
        report.results.push(r);
    }
    Ok(report)
}
