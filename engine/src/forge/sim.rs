//! Playing a Forge card in a synthetic game: every spell and activated ability is cast, every
//! trigger's `Execute$` is run with the objects its mode provides, SubAbility chains are walked.
//!
//! This is the play loop only. Each record on the way is checked (`checks.rs`: cost, targets,
//! Defined, amounts, required parameters) and resolved through the ApiType table
//! (`effects.rs`) on the seeded board (`board.rs`); what fails becomes a finding (see
//! `findings::Kind`).

use super::board::{card_of_face, seed_board};
use super::build::{Face, ForgeCard, Param, Rec};
use super::checks::Resolvable;
use super::valid::{TypeVocab, ValidCtx};
use crate::core::game::{CardId, Game, PlayerId, Zone};
use crate::findings::{CardOutcome, Finding, Kind};
use model::forge::Vocabulary;
use std::collections::{BTreeMap, HashMap, HashSet};
use syntax::TextRange;

/// Keys whose value names another ability SVar.
const CHAIN_KEYS: &[&str] = &[
    "SubAbility",
    "WinSubAbility",
    "OtherwiseSubAbility",
    "ChooseNumberSubAbility",
    "Lowest",
    "Highest",
    "HeadsSubAbility",
    "TailsSubAbility",
    "LoseSubAbility",
    "TrueSubAbility",
    "FalseSubAbility",
    "ChosenPile",
    "UnchosenPile",
    "RepeatSubAbility",
    "FallbackAbility",
    "ChooseSubAbility",
    "CantChooseSubAbility",
    "PreventionSubAbility",
];

/// How many abilities deep the simulation follows one chain (SubAbility$, Execute$, Choices$...).
const MAX_CHAIN_DEPTH: usize = 200;

/// Where an ability was reached from.
#[derive(Clone, Debug, Default)]
pub(super) struct Origin {
    /// The trigger mode that runs this ability, if any.
    pub trigger_mode: Option<String>,
    /// Modes whose triggered objects were copied in (`CopyTriggeringObjects$`).
    pub copied_modes: Vec<String>,
    /// Whether an ability up the chain chooses targets.
    pub targets: bool,
    /// SVar names of the current chain (for loops).
    pub chain: Vec<String>,
    /// Cast or activated by a player (costs apply).
    pub played: bool,
}

/// One face being played: the board, the findings so far, and what the checks carry across
/// the play.
pub(super) struct Sim<'a> {
    pub face: &'a Face,
    pub game: Game,
    pub me: CardId,
    pub vocab: Option<&'a TypeVocab>,
    /// What the Forge version the card is checked against reads.
    pub words: &'static Vocabulary,
    pub findings: Vec<Finding>,
    /// ApiTypes this engine does not play yet, with where.
    pub unsupported: BTreeMap<String, TextRange>,
    /// Defined checks: value range → (resolved somewhere, the finding if never).
    pub defined: HashMap<TextRange, (bool, Option<Finding>)>,
    /// What the face can make `Defined$` words resolve to.
    pub resolvable: Resolvable,
    /// The targets chosen by the last record that targets (`ValidTgts$`).
    pub targets: Vec<Tgt>,
    pub remembered: Vec<CardId>,
    /// (svar, origin kind) pairs already run, to keep the walk finite.
    visited: HashSet<(String, Option<String>, bool)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tgt {
    Card(CardId),
    Player(PlayerId),
}

/// Plays every face of a card; returns the findings and how far the play went.
pub fn simulate_card(
    card: &ForgeCard,
    words: &'static Vocabulary,
    vocab: Option<&TypeVocab>,
    seed: u64,
    budget: u64,
) -> (Vec<Finding>, CardOutcome) {
    let mut findings = Vec::new();
    let mut outcome = CardOutcome {
        fully_exercised: true,
        ..CardOutcome::default()
    };
    for face in &card.faces {
        let mut sim = Sim::new(face, words, vocab, seed, budget);
        let ok = sim.run();
        if !ok {
            outcome.budget = true;
            findings.push(Finding::new(
                Kind::Budget,
                face.name_range,
                format!(
                    "playing `{}` did not finish within {} steps: something in its script loops",
                    face.name, budget
                ),
            ));
        }
        findings.extend(sim.finish());
        if !sim.unsupported.is_empty() {
            outcome.fully_exercised = false;
        }
        for (what, range) in &sim.unsupported {
            findings.push(Finding::new(
                Kind::Unsupported,
                *range,
                format!("the engine cannot simulate `{what}` yet: this effect was not played"),
            ));
        }
    }
    if outcome.budget {
        outcome.fully_exercised = false;
    }
    (findings, outcome)
}

impl<'a> Sim<'a> {
    pub(super) fn new(
        face: &'a Face,
        words: &'static Vocabulary,
        vocab: Option<&'a TypeVocab>,
        seed: u64,
        budget: u64,
    ) -> Sim<'a> {
        let mut game = Game::new(seed);
        game.budget = budget;
        seed_board(&mut game);
        let card = card_of_face(face);
        let zone = if face.is_permanent() {
            Zone::Battlefield
        } else {
            Zone::Hand
        };
        let me = game.create_card(card, 0, zone);
        Sim {
            face,
            game,
            me,
            vocab,
            words,
            findings: Vec::new(),
            unsupported: BTreeMap::new(),
            defined: HashMap::new(),
            resolvable: Resolvable::of(face),
            targets: Vec::new(),
            remembered: Vec::new(),
            visited: HashSet::new(),
        }
    }

    fn tick(&mut self) -> bool {
        self.game.tick().is_ok()
    }

    /// Plays the face: abilities, triggers, statics, replacements, keyword SVars.
    pub(super) fn run(&mut self) -> bool {
        let face = self.face;
        for rec in &face.abilities {
            if !self.tick() {
                return false;
            }
            self.targets.clear();
            let origin = Origin {
                played: true,
                ..Origin::default()
            };
            self.run_record(rec, &origin);
        }
        for rec in &face.triggers {
            if !self.tick() {
                return false;
            }
            self.run_trigger(rec, None);
        }
        for rec in &face.statics {
            self.run_static(rec);
        }
        for rec in &face.replacements {
            if let Some(p) = rec.get("ReplaceWith") {
                let origin = Origin {
                    trigger_mode: Some(format!("Replacement:{}", rec.value("Event").unwrap_or(""))),
                    ..Origin::default()
                };
                self.follow(&p.value.clone(), p, &origin);
            }
        }
        for (kw, _) in &face.keywords {
            let parts: Vec<&str> = kw.split(':').collect();
            let svar = match parts.first().copied() {
                Some("ETBReplacement") => parts.get(2).copied(),
                Some("MayEffectFromOpeningHand") => parts.get(1).copied(),
                _ => None,
            };
            if let Some(name) = svar
                && let Some(sv) = face.svars.get(name)
                && let Some(rec) = sv.rec.clone()
                && rec.is_ability()
            {
                self.run_record(&rec, &Origin::default());
            }
        }
        self.game.steps <= self.game.budget
    }

    pub(super) fn finish(&mut self) -> Vec<Finding> {
        let mut out = std::mem::take(&mut self.findings);
        let mut pending: Vec<Finding> = self
            .defined
            .values()
            .filter(|(ok, _)| !ok)
            .filter_map(|(_, f)| f.clone())
            .collect();
        pending.sort_by_key(|f| f.range.start());
        out.extend(pending);
        out.sort_by_key(|f| (f.range.start(), f.kind));
        out.dedup();
        out
    }

    pub(super) fn find(&mut self, f: Finding) {
        if !self.findings.contains(&f) {
            self.findings.push(f);
        }
    }

    pub(super) fn ctx(&self) -> ValidCtx<'_> {
        ValidCtx {
            game: &self.game,
            source: self.me,
            you: 0,
            vocab: self.vocab,
        }
    }

    // ---- abilities ------------------------------------------------------------------------

    fn run_record(&mut self, rec: &Rec, origin: &Origin) {
        if !self.tick() {
            return;
        }
        let Some((kind, api_param)) = rec.api() else {
            return;
        };
        let api = api_param.value.clone();
        let api_range = api_param.value_range;
        let mut origin = origin.clone();
        if kind == "DB" {
            origin.played = false;
        }
        let here_targets = self.check_record(rec, &api, api_range, &origin);
        self.apply(rec, &api, api_range);
        let mut child = origin.clone();
        child.targets = origin.targets || here_targets;
        child.played = false;
        for key in CHAIN_KEYS {
            if let Some(p) = rec.get_ci(key) {
                for name in p.value.split(',') {
                    self.follow(name.trim(), p, &child);
                }
            }
        }
        if matches!(api.to_ascii_lowercase().as_str(), "charm" | "genericchoice")
            && let Some(p) = rec.get("Choices")
        {
            for name in p.value.split(',') {
                self.follow(name.trim(), p, &child);
            }
        }
        if let Some(p) = rec.get("Triggers") {
            for name in p.value.split(',') {
                let name = name.trim();
                if let Some(t) = self.face.svars.get(name).and_then(|s| s.rec.clone())
                    && t.is_trigger()
                {
                    self.run_trigger(&t, Some(&child));
                }
            }
        }
        if api.eq_ignore_ascii_case("DelayedTrigger")
            || api.eq_ignore_ascii_case("ImmediateTrigger")
        {
            let mode = if api.eq_ignore_ascii_case("ImmediateTrigger") {
                "Immediate".to_string()
            } else {
                rec.value("Mode").unwrap_or("").to_string()
            };
            if let Some(p) = rec.get_ci("Execute") {
                let mut copied_modes = Vec::new();
                if rec.get("CopyTriggeringObjects").is_some() {
                    copied_modes.extend(child.trigger_mode.clone());
                    copied_modes.extend(child.copied_modes.iter().cloned());
                }
                let o = Origin {
                    trigger_mode: Some(mode),
                    copied_modes,
                    targets: child.targets,
                    chain: child.chain.clone(),
                    played: false,
                };
                self.follow(&p.value.clone(), p, &o);
            }
        }
    }

    /// Follows a reference to an ability SVar.
    fn follow(&mut self, name: &str, from: &Param, origin: &Origin) {
        if name.is_empty() {
            return;
        }
        if origin.chain.iter().any(|n| n == name) {
            let loop_path = {
                let start = origin.chain.iter().position(|n| n == name).unwrap_or(0);
                let mut path: Vec<String> = origin.chain[start..].to_vec();
                path.push(name.to_string());
                path.join(" → ")
            };
            self.find(
                Finding::new(
                    Kind::ChainLoop,
                    from.value_range,
                    format!(
                        "`{}$ {name}` leads back to an ability already in this chain ({loop_path}): Forge builds and runs chains without a stop, so this never ends",
                        from.key
                    ),
                )
                .note("break the cycle: no ability may lead back to one of its own ancestors"),
            );
            return;
        }
        let Some(svar) = self.face.svars.get(name) else {
            return;
        };
        let Some(rec) = svar.rec.clone() else {
            return;
        };
        if !rec.is_ability() {
            return;
        }
        if origin.chain.len() >= MAX_CHAIN_DEPTH {
            // Each level holds its chain: a generated chain thousands deep would cost time and
            // memory with the square of its depth (and the stack). No real card comes near.
            self.find(Finding::new(
                Kind::Budget,
                from.value_range,
                format!(
                    "`{}$ {name}` is more than {MAX_CHAIN_DEPTH} abilities deep in one chain: the simulation does not follow it further",
                    from.key
                ),
            ));
            return;
        }
        let key = (
            name.to_string(),
            origin.trigger_mode.clone(),
            origin.targets,
        );
        let mut next = origin.clone();
        next.chain.push(name.to_string());
        if !self.visited.insert(key) {
            // Already played with this origin; still look for loops further down.
            self.walk_for_loops(&rec, &next, 0);
            return;
        }
        self.run_record(&rec, &next);
    }

    fn walk_for_loops(&mut self, rec: &Rec, origin: &Origin, depth: u32) {
        if depth > 64 || !self.tick() {
            return;
        }
        for key in CHAIN_KEYS {
            if let Some(p) = rec.get_ci(key) {
                for name in p.value.split(',') {
                    let name = name.trim();
                    if origin.chain.iter().any(|n| n == name) {
                        self.follow(name, p, origin);
                        continue;
                    }
                    if let Some(r) = self.face.svars.get(name).and_then(|s| s.rec.clone())
                        && r.is_ability()
                    {
                        let mut o = origin.clone();
                        o.chain.push(name.to_string());
                        self.walk_for_loops(&r, &o, depth + 1);
                    }
                }
            }
        }
    }

    fn run_trigger(&mut self, rec: &Rec, parent: Option<&Origin>) {
        let mode = rec.value("Mode").unwrap_or("").to_string();
        let Some(exec) = rec.get_ci("Execute") else {
            return;
        };
        let name = exec.value.clone();
        // Forge gives every plane a `RolledWalk` SVar (`DB$ Planeswalk`) of its own.
        if name == "RolledWalk" && self.face.has_type("Plane") {
            return;
        }
        match self.face.svars.get(&name) {
            None => self.find(Finding::new(
                Kind::ExecuteNotAbility,
                exec.value_range,
                format!("`Execute$ {name}` names no SVar of this face: when the trigger fires, Forge finds no ability and the trigger does nothing"),
            )),
            Some(sv) => match &sv.rec {
                Some(r) if r.is_ability() => {
                    let origin = Origin {
                        trigger_mode: Some(mode),
                        copied_modes: Vec::new(),
                        targets: parent.is_some_and(|p| p.targets),
                        chain: parent.map(|p| p.chain.clone()).unwrap_or_default(),
                        played: false,
                    };
                    let r = r.clone();
                    let key = (name.clone(), origin.trigger_mode.clone(), origin.targets);
                    if self.visited.insert(key) {
                        let mut o = origin.clone();
                        o.chain.push(name.clone());
                        self.run_record(&r, &o);
                    }
                }
                Some(r) => {
                    let what = if r.is_trigger() { "a trigger record" } else { "a static or replacement record" };
                    self.find(Finding::new(
                        Kind::ExecuteNotAbility,
                        exec.value_range,
                        format!("`Execute$ {name}` names {what}, not an ability (`DB$ ...`): when the trigger fires it does nothing"),
                    ));
                }
                None => self.find(Finding::new(
                    Kind::ExecuteNotAbility,
                    exec.value_range,
                    format!("`Execute$ {name}` names the value `{}`, not an ability (`DB$ ...`): when the trigger fires it does nothing", sv.value),
                )),
            },
        }
    }

    fn run_static(&mut self, rec: &Rec) {
        if let Some(p) = rec.get("AddTrigger") {
            for name in p.value.split('&') {
                let name = name.trim();
                if let Some(t) = self.face.svars.get(name).and_then(|s| s.rec.clone())
                    && t.is_trigger()
                {
                    self.run_trigger(&t, None);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forge::testing::{SPELL, card, kinds, play};
    use model::forge::vocab::any_version;

    #[test]
    fn triggers_run_their_execute() {
        let (g, _, f) = play(
            "Name:Test Healer\nManaCost:W\nTypes:Creature Cleric\nPT:1/1\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigGain\nSVar:TrigGain:DB$ GainLife | Defined$ You | LifeAmount$ 3\n",
        );
        assert!(f.is_empty(), "{f:?}");
        assert_eq!(g.players[0].life, 23);
    }

    #[test]
    fn chain_loops_and_executes_that_name_no_ability() {
        let got = kinds(&format!(
            "{SPELL}A:SP$ Draw | Cost$ 1 R | SubAbility$ DBA\nSVar:DBA:DB$ Draw | SubAbility$ DBB\nSVar:DBB:DB$ Draw | SubAbility$ DBA\n"
        ));
        assert!(got.contains(&Kind::ChainLoop), "{got:?}");
        let got = kinds(
            "Name:Test Watcher\nManaCost:1 W\nTypes:Creature\nPT:1/1\nT:Mode$ Attacks | ValidCard$ Card.Self | Execute$ TrigX\nSVar:TrigX:Count$YourLifeTotal\n",
        );
        assert!(got.contains(&Kind::ExecuteNotAbility), "{got:?}");
    }

    #[test]
    fn what_forge_supplies_itself_is_no_failure() {
        // Every plane gets a `RolledWalk` SVar from Forge.
        let plane = "Name:Test Plane\nManaCost:no cost\nTypes:Plane Testland\nT:Mode$ PlanarDice | Result$ Planeswalk | TriggerZones$ Command | Execute$ RolledWalk\n";
        assert!(kinds(plane).is_empty(), "{:?}", kinds(plane));
        // ...but not other cards.
        let creature = "Name:Test Walker\nManaCost:1 W\nTypes:Creature\nPT:1/1\nT:Mode$ Attacks | ValidCard$ Card.Self | Execute$ RolledWalk\n";
        assert!(kinds(creature).contains(&Kind::ExecuteNotAbility));
    }

    #[test]
    fn the_step_budget_stops_a_play() {
        let c = card(&format!(
            "{SPELL}A:SP$ Draw | Cost$ 1 R | NumCards$ 1 | SubAbility$ DBA\nSVar:DBA:DB$ Draw | NumCards$ 1\n"
        ));
        let (f, o) = simulate_card(&c, any_version(), None, 1, 2);
        assert!(o.budget && !o.fully_exercised);
        assert!(f.iter().any(|f| f.kind == Kind::Budget));
    }

    #[test]
    fn same_seed_same_result() {
        let c = card(&format!(
            "{SPELL}A:SP$ DealDamage | Cost$ 1 R | ValidTgts$ Creature | NumDmg$ X | SubAbility$ DBT\nSVar:DBT:DB$ Token | TokenName$ Ash | TokenScript$ ash\nSVar:X:Count$CardsInYourHand\n"
        ));
        let vocab = TypeVocab::builtin();
        let a = simulate_card(&c, any_version(), Some(&vocab), 99, 100_000);
        let b = simulate_card(&c, any_version(), Some(&vocab), 99, 100_000);
        assert_eq!(a.0, b.0);
        assert_eq!(a.1.fully_exercised, b.1.fully_exercised);
    }
}
