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
use crate::core::events::Event;
use crate::core::game::{CardId, Game, PlayerId, Zone};
use crate::findings::{CardOutcome, Finding, Kind};
use crate::witness;
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
    /// Records run so far (a witness window that ran none has nothing to say).
    ran: usize,
    /// The `SpellDescription$`s of the records run in the current witness window.
    descriptions: Vec<(String, TextRange)>,
    /// The current window chose among modes (`Charm`): the `Oracle:` is not one ability's text.
    chose_modes: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tgt {
    Card(CardId),
    Player(PlayerId),
}

/// Whether playing the record lets its player decline ("you may"): an optional trigger or
/// effect, a cost the player may refuse, targets that may be none, a search of a hidden zone (one
/// may fail to find), or a choice among effects.
fn offers_to_decline(rec: &Rec, api: &str) -> bool {
    const KEYS: &[&str] = &[
        "OptionalDecider",
        "Optional",
        "UnlessCost",
        "AnyNumber",
        "UpTo",
        "ChangeNum",
        "MayShuffle",
    ];
    if KEYS.iter().any(|k| rec.get_ci(k).is_some()) || rec.value("TargetMin") == Some("0") {
        return true;
    }
    let api = api.to_ascii_lowercase();
    let hidden = |o: &str| {
        o.split(',')
            .any(|z| matches!(z.trim(), "Library" | "Hand" | "Sideboard"))
    };
    match api.as_str() {
        "changezone" | "changezoneall" => {
            rec.has("Hidden") || rec.value("Origin").is_some_and(hidden)
        }
        "genericchoice"
        | "charm"
        | "dig"
        | "diguntil"
        | "play"
        | "choosecard"
        | "discover"
        | "seek"
        | "clone"
        | "copypermanent"
        | "attach"
        | "rearrangetopoflibrary" => true,
        _ => false,
    }
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
        game.log.on = true;
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
            ran: 0,
            descriptions: Vec::new(),
            chose_modes: false,
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
            let (start, ran) = (self.game.log.len(), self.ran);
            self.descriptions.clear();
            self.chose_modes = false;
            self.run_record(rec, &origin);
            if self.ran > ran {
                let mut texts = std::mem::take(&mut self.descriptions);
                if texts.is_empty()
                    && !self.chose_modes
                    && face.abilities.len() == 1
                    && !face.is_permanent()
                    && let Some(oracle) = &face.oracle
                {
                    texts.push(oracle.clone());
                }
                self.witness(start, &texts, false);
            }
        }
        for rec in &face.triggers {
            if !self.tick() {
                return false;
            }
            self.targets.clear();
            let (start, ran) = (self.game.log.len(), self.ran);
            self.run_trigger(rec, None);
            // A `Secondary$` trigger repeats the description of the one it completes.
            if self.ran > ran
                && !rec.has("Secondary")
                && let Some(p) = rec.get("TriggerDescription")
            {
                self.witness(start, &[(p.value.clone(), p.value_range)], true);
            }
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

    /// Holds the plain sentences of `texts` against what the play did since `start`.
    fn witness(&mut self, start: usize, texts: &[(String, TextRange)], may: bool) {
        for (text, range) in texts {
            if !witness::worth_reading(text, self.game.log.since(start), may) {
                continue;
            }
            for sentence in witness::sentences(text, &self.face.name, may) {
                if let Some(what) =
                    witness::contradiction(&sentence, self.game.log.since(start), self.me)
                {
                    self.find(Finding::new(
                        Kind::TextMismatch,
                        *range,
                        format!(
                            "the rules text says \"{}\", but the play {what}",
                            sentence.text
                        ),
                    ));
                }
            }
        }
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
        self.ran += 1;
        if let Some(p) = rec.get("SpellDescription") {
            self.descriptions.push((p.value.clone(), p.value_range));
        }
        // A cost inside a triggered ability is the player's to pay or not ("you may discard a
        // card. If you do, ...").
        if offers_to_decline(rec, &api) || (!origin.played && rec.has("Cost")) {
            self.game.log.push(Event::Choice {
                player: 0,
                optional: true,
            });
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
            // Each choice is a mode of its own: its text is held against its own play.
            self.chose_modes = true;
            let outer = std::mem::take(&mut self.descriptions);
            for name in p.value.split(',') {
                let start = self.game.log.len();
                self.follow(name.trim(), p, &child);
                let texts = std::mem::take(&mut self.descriptions);
                self.witness(start, &texts, false);
            }
            self.descriptions = outer;
        }
        if let Some(p) = rec.get("Triggers") {
            // Triggers an effect grants (an emblem's) are other abilities: not this play's.
            let logging = std::mem::replace(&mut self.game.log.on, false);
            for name in p.value.split(',') {
                let name = name.trim();
                if let Some(t) = self.face.svars.get(name).and_then(|s| s.rec.clone())
                    && t.is_trigger()
                {
                    self.run_trigger(&t, Some(&child));
                }
            }
            self.game.log.on = logging;
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
        if rec.has("OptionalDecider") || rec.has("Optional") {
            self.game.log.push(Event::Choice {
                player: 0,
                optional: true,
            });
        }
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

    /// The messages of the witness's findings on an invented card.
    fn witnessed(text: &str) -> Vec<String> {
        let vocab = TypeVocab::builtin();
        let (f, _) = simulate_card(&card(text), any_version(), Some(&vocab), 7, 100_000);
        f.into_iter()
            .filter(|f| f.kind == Kind::TextMismatch)
            .map(|f| f.message)
            .collect()
    }

    #[test]
    fn the_witness_compares_amounts_computed_through_svars() {
        let draw = |n: u32| {
            format!(
                "{SPELL}A:SP$ Draw | Cost$ 1 R | NumCards$ X | SpellDescription$ Draw two cards.\nSVar:X:Number${n}\n"
            )
        };
        assert_eq!(
            witnessed(&draw(3)),
            ["the rules text says \"Draw two cards\", but the play drew 3 cards"]
        );
        assert!(witnessed(&draw(2)).is_empty());
        // A literal amount is F171's; an amount the engine cannot evaluate is no evidence.
        assert!(
            witnessed(&format!(
                "{SPELL}A:SP$ Draw | Cost$ 1 R | NumCards$ 3 | SpellDescription$ Draw two cards.\n"
            ))
            .is_empty()
        );
        assert!(witnessed(&format!("{SPELL}A:SP$ Draw | Cost$ 1 R | NumCards$ X | SpellDescription$ Draw two cards.\nSVar:X:Count$CardsInYourHand\n")).is_empty());
        // Damage and counters through an SVar; tokens counted.
        let dmg = witnessed(&format!(
            "{SPELL}A:SP$ DealDamage | Cost$ 1 R | ValidTgts$ Any | NumDmg$ X | SpellDescription$ CARDNAME deals 3 damage to any target.\nSVar:X:Number$2\n"
        ));
        assert_eq!(
            dmg,
            [
                "the rules text says \"CARDNAME deals 3 damage to any target\", but the play dealt 2 damage"
            ]
        );
        let counters = witnessed(&format!(
            "{SPELL}A:SP$ PutCounter | Cost$ 1 R | ValidTgts$ Creature | CounterType$ P1P1 | CounterNum$ X | SpellDescription$ Put two +1/+1 counters on target creature.\nSVar:X:Number$1\n"
        ));
        assert_eq!(
            counters,
            [
                "the rules text says \"Put two +1/+1 counters on target creature\", but the play put 1 +1/+1 counter"
            ]
        );
        let tokens = witnessed(&format!(
            "{SPELL}A:SP$ Token | Cost$ 1 R | TokenAmount$ X | TokenScript$ w_1_1_soldier | SpellDescription$ Create two 1/1 white Soldier creature tokens.\nSVar:X:Number$1\n"
        ));
        assert_eq!(
            tokens,
            [
                "the rules text says \"Create two 1/1 white Soldier creature tokens\", but the play created 1 token"
            ]
        );
        let gain = witnessed(&format!(
            "{SPELL}A:SP$ GainLife | Cost$ 1 R | LifeAmount$ X | SpellDescription$ You gain 4 life.\nSVar:X:Number$5\n"
        ));
        assert_eq!(
            gain,
            ["the rules text says \"You gain 4 life\", but the play gained 5 life"]
        );
    }

    #[test]
    fn the_witness_sees_a_target_player_where_the_text_says_you() {
        // Forge lets the caster pick either player; the play picks the opponent first.
        let wrong = format!(
            "{SPELL}A:SP$ Draw | Cost$ 1 U | NumCards$ 2 | ValidTgts$ Player | SpellDescription$ Draw two cards, then discard a card. | SubAbility$ DBDiscard\nSVar:DBDiscard:DB$ Discard | Defined$ You | NumCards$ 1 | Mode$ TgtChoose\n"
        );
        assert_eq!(
            witnessed(&wrong),
            [
                "the rules text says \"Draw two cards, then discard a card\", but the play made the opponent draw"
            ]
        );
        assert!(witnessed(&wrong.replace("ValidTgts$ Player | ", "")).is_empty());
        // "Target player draws": either player is what it says.
        assert!(
            witnessed(&wrong.replace(
                "SpellDescription$ Draw two cards, then discard a card.",
                "SpellDescription$ Target player draws two cards."
            ))
            .is_empty()
        );
    }

    #[test]
    fn a_changezone_targets_cards_in_its_origin() {
        // No `TgtZone$`: Forge targets in `Origin$`, so the creature comes from the graveyard.
        let raise = format!(
            "{SPELL}A:SP$ ChangeZone | Cost$ B | Origin$ Graveyard | Destination$ Hand | ValidTgts$ Creature.YouCtrl | SpellDescription$ Return target creature card from your graveyard to your hand.\n"
        );
        assert!(witnessed(&raise).is_empty());
        assert_eq!(
            witnessed(&raise.replace("Origin$ Graveyard", "Origin$ Battlefield")),
            [
                "the rules text says \"Return target creature card from your graveyard to your hand\", but the play took the card from the battlefield instead of a graveyard"
            ]
        );
    }

    #[test]
    fn the_witness_sees_the_wrong_player_through_a_sub_ability() {
        // `Defined` without its `$` is no parameter: the sub-ability's loss falls on you.
        let text = format!(
            "{SPELL}A:SP$ LoseLife | Cost$ 1 R | Defined Player.Opponent | LifeAmount$ 2 | SubAbility$ DBGain | SpellDescription$ Each opponent loses 2 life and you gain 2 life.\nSVar:DBGain:DB$ GainLife | LifeAmount$ 2\n"
        );
        assert_eq!(
            witnessed(&text),
            [
                "the rules text says \"Each opponent loses 2 life and you gain 2 life\", but the play made its controller lose life"
            ]
        );
        assert!(witnessed(&text.replace("Defined Player", "Defined$ Player")).is_empty());
        let damage = format!(
            "{SPELL}A:SP$ DealDamage | Cost$ 1 R | Defined$ You | NumDmg$ 2 | SpellDescription$ CARDNAME deals 2 damage to each opponent.\n"
        );
        assert_eq!(witnessed(&damage).len(), 1);
        assert!(witnessed(&damage.replace("Defined$ You", "Defined$ Player.Opponent")).is_empty());
    }

    #[test]
    fn the_witness_sees_who_discards_and_mills_and_a_destroy_that_exiles() {
        let discard = format!(
            "{SPELL}A:SP$ Discard | Cost$ 1 B | Defined$ You | NumCards$ 1 | Mode$ TgtChoose | SubAbility$ DBMill | SpellDescription$ Each opponent discards a card, then mills a card.\nSVar:DBMill:DB$ Mill | Defined$ Player.Opponent | NumCards$ 1\n"
        );
        assert_eq!(
            witnessed(&discard),
            [
                "the rules text says \"Each opponent discards a card, then mills a card\", but the play made its controller discard"
            ]
        );
        assert!(witnessed(&discard.replace("Defined$ You", "Defined$ Player.Opponent")).is_empty());
        let destroy = format!(
            "{SPELL}A:SP$ ChangeZone | Cost$ 1 B | ValidTgts$ Creature | Origin$ Battlefield | Destination$ Exile | SpellDescription$ Destroy target creature.\n"
        );
        assert_eq!(
            witnessed(&destroy),
            [
                "the rules text says \"Destroy target creature\", but the play put the card into exile instead of destroying it"
            ]
        );
        assert!(witnessed(&destroy.replace("SP$ ChangeZone", "SP$ Destroy")).is_empty());
    }

    #[test]
    fn the_witness_sees_the_wrong_zone() {
        let exile = format!(
            "{SPELL}A:SP$ ChangeZone | Cost$ 1 R | ValidTgts$ Creature | Origin$ Battlefield | Destination$ Graveyard | SpellDescription$ Exile target creature.\n"
        );
        assert_eq!(
            witnessed(&exile),
            [
                "the rules text says \"Exile target creature\", but the play put the card into a graveyard instead"
            ]
        );
        assert!(
            witnessed(&exile.replace("Destination$ Graveyard", "Destination$ Exile")).is_empty()
        );
        let bounce = format!(
            "{SPELL}A:SP$ ChangeZone | Cost$ 1 R | ValidTgts$ Creature | Origin$ Battlefield | Destination$ Library | SpellDescription$ Return target creature to its owner's hand.\n"
        );
        assert_eq!(witnessed(&bounce).len(), 1);
        assert!(witnessed(&bounce.replace("Destination$ Library", "Destination$ Hand")).is_empty());
        // Each mode of a charm is held against its own play.
        let charm = format!(
            "{SPELL}A:SP$ Charm | Cost$ 1 R | Choices$ DBDestroy,DBExile\nSVar:DBDestroy:DB$ Destroy | ValidTgts$ Creature | SpellDescription$ Destroy target creature.\nSVar:DBExile:DB$ ChangeZone | ValidTgts$ Creature.attacking | Origin$ Battlefield | Destination$ Exile | SpellDescription$ Exile target attacking creature.\n"
        );
        assert!(witnessed(&charm).is_empty(), "{:?}", witnessed(&charm));
    }

    #[test]
    fn the_witness_asks_a_may_trigger_for_a_choice() {
        let may = "Name:Test Scout\nManaCost:1 U\nTypes:Creature Human\nPT:1/1\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigDraw | TriggerDescription$ When CARDNAME enters the battlefield, you may draw a card.\nSVar:TrigDraw:DB$ Draw | Defined$ You | NumCards$ 1\n";
        assert_eq!(
            witnessed(may),
            [
                "the rules text says \"When CARDNAME enters the battlefield, you may draw a card\", but the play offered no choice: the effect always happens"
            ]
        );
        assert!(
            witnessed(&may.replace("| Execute$", "| OptionalDecider$ You | Execute$")).is_empty()
        );
        // A search of a hidden zone may always find nothing.
        let search = may
            .replace(
                "DB$ Draw | Defined$ You | NumCards$ 1",
                "DB$ ChangeZone | Origin$ Library | Destination$ Hand | ChangeType$ Land",
            )
            .replace(
                "you may draw a card",
                "you may search your library for a land card",
            );
        assert!(witnessed(&search).is_empty());
    }
}
