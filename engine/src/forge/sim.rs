//! Playing a Forge card in a synthetic game: every spell and activated ability is cast (cost
//! checked, targets chosen, effects resolved along the SubAbility chain), every trigger's
//! `Execute$` is run with the objects its mode provides, statics and replacements are applied.
//! What fails on the way becomes a finding (see `findings::Kind`).

use super::build::{Face, ForgeCard, Param, Rec};
use super::valid::{Tri, TypeVocab, ValidCtx, split_alternatives};
use crate::findings::{CardOutcome, Finding, Kind};
use crate::game::{Card, CardId, Chars, Game, PlayerId, Zone};
use model::forge::Vocabulary;
use std::collections::{BTreeMap, HashMap, HashSet};
use syntax::TextRange;

/// Keys whose value names another ability SVar (README §3).
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

/// ApiTypes that remember objects without a `Remember...$` parameter.
const IMPLICIT_REMEMBER: &[&str] = &[
    "repeateach",
    "twopiles",
    "vote",
    "clash",
    "choosecard",
    "chooseplayer",
    "genericchoice",
    "charm",
    "dig",
    "diguntil",
    "flipacoin",
    "repeat",
    "choosenumber",
];

/// Values of amount params that the engine sets itself, or that are words rather than SVars.
const SPECIAL_AMOUNTS: &[&str] = &[
    "All",
    "Any",
    "PreventedDamage",
    "RepeatCounterAmount",
    "Remembered",
    "AFLifeLost",
    "XChoice",
    "ChosenNumber",
    "Count",
    "Random",
];

/// Whole values of cost parts that are not Valid expressions.
const SPECIAL_COST_VALUES: &[&str] = &[
    "Hand",
    "SameColor",
    "Random",
    "LastDrawn",
    "Tgt",
    "TgtChoose",
    "OriginalHost",
    "Imprinted",
    "Remembered",
    "Equipped",
    "Enchanted",
    "TopOfLibrary",
    "Creature.Other",
    "XChoice",
];

/// Params whose value is a Defined reference.
const DEFINED_KEYS: &[&str] = &[
    "Defined",
    "DefinedPlayer",
    "DefinedCards",
    "ConditionDefined",
    "UnlessPayer",
    "OptionalDecider",
];

/// Params whose value is an amount.
const AMOUNT_KEYS: &[&str] = &[
    "NumDmg",
    "NumCards",
    "LifeAmount",
    "CounterNum",
    "Amount",
    "TokenAmount",
    "NumAtt",
    "NumDef",
    "ChangeNum",
    "DigNum",
    "ScryNum",
    "NumTurns",
];

/// Where an ability was reached from.
#[derive(Clone, Debug, Default)]
struct Origin {
    /// The trigger mode that runs this ability, if any.
    trigger_mode: Option<String>,
    /// Modes whose triggered objects were copied in (`CopyTriggeringObjects$`).
    copied_modes: Vec<String>,
    /// Whether an ability up the chain chooses targets.
    targets: bool,
    /// SVar names of the current chain (for loops).
    chain: Vec<String>,
    /// Cast or activated by a player (costs apply).
    played: bool,
}

struct Sim<'a> {
    face: &'a Face,
    game: Game,
    me: CardId,
    vocab: Option<&'a TypeVocab>,
    /// What the Forge version the card is checked against reads.
    words: &'static Vocabulary,
    findings: Vec<Finding>,
    /// ApiTypes this engine does not play yet, with where.
    unsupported: BTreeMap<String, TextRange>,
    /// Defined checks: value range → (resolved somewhere, the finding if never).
    defined: HashMap<TextRange, (bool, Option<Finding>)>,
    remember_possible: bool,
    imprint_possible: bool,
    attach_possible: bool,
    equip_possible: bool,
    targets: Vec<Tgt>,
    remembered: Vec<CardId>,
    /// The record being checked resolves Defined relative to another object (`RelativeTarget$`).
    relative: bool,
    /// (svar, origin kind) pairs already run, to keep the walk finite.
    visited: HashSet<(String, Option<String>, bool)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tgt {
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
    fn new(
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
        let all_keys = face_keys(face);
        let attach_possible = face.has_type("Aura")
            || face.has_keyword("Bestow")
            || face.has_keyword("Enchant")
            || all_keys.iter().any(|k| k == "Attach")
            || face.has_type("Fortification");
        let equip_possible = face.has_type("Equipment")
            || face.has_keyword("Equip")
            || face.has_keyword("Reconfigure")
            || all_keys.iter().any(|k| k == "Attach");
        Sim {
            face,
            game,
            me,
            vocab,
            words,
            findings: Vec::new(),
            unsupported: BTreeMap::new(),
            defined: HashMap::new(),
            remember_possible: all_keys.iter().any(|k| k.contains("Remember"))
                || face_mentions(face, "Remember")
                || face_apis(face)
                    .iter()
                    .any(|a| IMPLICIT_REMEMBER.contains(&a.as_str())),
            imprint_possible: all_keys.iter().any(|k| k.contains("Imprint"))
                || face_mentions(face, "Imprint"),
            attach_possible,
            equip_possible,
            targets: Vec::new(),
            remembered: Vec::new(),
            relative: false,
            visited: HashSet::new(),
        }
    }

    fn tick(&mut self) -> bool {
        self.game.tick().is_ok()
    }

    /// Plays the face: abilities, triggers, statics, replacements, keyword SVars.
    fn run(&mut self) -> bool {
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

    fn finish(&mut self) -> Vec<Finding> {
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

    fn find(&mut self, f: Finding) {
        if !self.findings.contains(&f) {
            self.findings.push(f);
        }
    }

    fn ctx(&self) -> ValidCtx<'_> {
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
        if origin.played
            && let Some(cost) = rec.get_ci("Cost")
        {
            self.check_cost(cost);
        }
        let mut here_targets = false;
        if let Some(tgts) = rec.get_ci("ValidTgts") {
            here_targets = true;
            self.check_targets(rec, tgts);
        }
        self.relative = rec.get("RelativeTarget").is_some() || rec.get("DamageSource").is_some();
        for key in DEFINED_KEYS {
            if let Some(p) = rec.get(key) {
                self.check_defined(p, &origin, here_targets);
            }
        }
        self.relative = false;
        if let Some(p) = rec.get("RememberObjects") {
            for piece in p.value.split(',') {
                let mut single = p.clone();
                single.value = piece.trim().to_string();
                self.check_defined(&single, &origin, here_targets);
            }
        }
        // `Announce$ X`: the player names X on casting, which overwrites the SVar X.
        let announced: Vec<String> = rec
            .value("Announce")
            .map(|a| a.split(',').map(|w| w.trim().to_string()).collect())
            .unwrap_or_default();
        for key in AMOUNT_KEYS {
            if let Some(p) = rec.get(key)
                && !announced.iter().any(|a| a == p.value.trim())
            {
                self.check_amount(p, &origin);
            }
        }
        self.check_required(rec, &api, api_range);
        self.apply(rec, &api, api_range, &origin);
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

    // ---- checks -------------------------------------------------------------------------

    fn check_cost(&mut self, cost: &Param) {
        for part in split_cost(&cost.value) {
            let Some(open) = part.find('<') else { continue };
            let name = &part[..open];
            let inner = part[open + 1..].trim_end_matches('>');
            let fields: Vec<&str> = inner.split('/').collect();
            let (zones, only_you): (&[Zone], bool) = match name {
                "Sac" | "tapXType" | "untapYType" | "Return" => (&[Zone::Battlefield], true),
                "Discard" | "Reveal" | "ExileFromHand" => (&[Zone::Hand], true),
                "ExileFromGrave" => (&[Zone::Graveyard], true),
                "Exile" => (&[Zone::Battlefield], true),
                _ => continue,
            };
            let Some(valid) = fields.get(1).map(|v| v.trim()) else {
                continue;
            };
            if matches!(valid, "CARDNAME" | "Self" | "Card.Self" | "NICKNAME")
                || SPECIAL_COST_VALUES.contains(&valid)
            {
                continue;
            }
            // In costs `;` separates alternatives too.
            let valid = valid.replace(';', ",");
            let valid = valid.as_str();
            if matches!(name, "Discard")
                && matches!(valid, "Hand" | "Random" | "LastDrawn" | "Card")
            {
                continue;
            }
            let t = self.ctx().exists(valid, zones, only_you.then_some(0));
            if t == Tri::False {
                self.find(Finding::new(
                    Kind::UnpayableCost,
                    cost.value_range,
                    format!(
                        "no object can pay `{part}`: nothing can be `{valid}`, so this ability can never be activated"
                    ),
                ));
            }
        }
    }

    fn check_targets(&mut self, rec: &Rec, tgts: &Param) {
        let zones: Vec<Zone> = match rec.get_ci("TgtZone") {
            Some(z) => z.value.split([',', ' ']).filter_map(zone_of).collect(),
            None => vec![Zone::Battlefield],
        };
        let zones = if zones.is_empty() {
            vec![Zone::Battlefield]
        } else {
            zones
        };
        let t = self.ctx().exists(&tgts.value, &zones, None);
        if t == Tri::False {
            self.find(Finding::new(
                Kind::NoLegalTarget,
                tgts.value_range,
                format!(
                    "no object can be a target `{}`: Forge offers no legal target, so the spell or ability can never be played",
                    tgts.value
                ),
            ));
        }
        // Choose the first legal target for the play.
        self.targets.clear();
        for p in 0..2 {
            if self.ctx().player(&tgts.value, p) == Tri::True {
                self.targets.push(Tgt::Player(p));
                return;
            }
        }
        for p in [1, 0] {
            for &z in &zones {
                for &c in self.game.players[p].zone(z) {
                    if self.ctx().card(&tgts.value, c) == Tri::True {
                        self.targets.push(Tgt::Card(c));
                        return;
                    }
                }
            }
        }
    }

    fn check_defined(&mut self, p: &Param, origin: &Origin, here_targets: bool) {
        let value = p.value.trim();
        let head: &str = value.split(['.', ' ', '&']).next().unwrap_or("");
        let targets = origin.targets || here_targets;
        let verdict: Option<(bool, String)> = if matches!(
            head,
            "Targeted"
                | "TargetedCard"
                | "TargetedPlayer"
                | "TargetedController"
                | "TargetedOwner"
                | "TargetedAndYou"
                | "TargetedObjects"
                | "TargetedSource"
        ) {
            Some((
                targets,
                format!(
                    "`{}$ {value}` resolves to nothing: neither this ability nor any ability before it in its chain has targets (`ValidTgts$`)",
                    p.key
                ),
            ))
        } else if head == "ParentTarget" {
            Some((
                origin.targets,
                format!(
                    "`{}$ {value}` resolves to nothing: no ability before this one in its chain has targets",
                    p.key
                ),
            ))
        } else if let Some(rest) = head.strip_prefix("Triggered") {
            match &origin.trigger_mode {
                None => Some((
                    false,
                    format!(
                        "`{}$ {value}` resolves to nothing: this ability is not run by a trigger, so there is no triggered object",
                        p.key
                    ),
                )),
                Some(mode) if mode.starts_with("Replacement:") => Some((true, String::new())),
                Some(mode) => match self.words.trigger_variables(mode) {
                    None => Some((true, String::new())),
                    Some(keys) => {
                        let copied = origin
                            .copied_modes
                            .iter()
                            .filter_map(|m| self.words.trigger_variables(m))
                            .flatten()
                            .any(|k| rest.starts_with(k));
                        let unknown_copied = origin
                            .copied_modes
                            .iter()
                            .any(|m| self.words.trigger_variables(m).is_none());
                        let provided =
                            copied || unknown_copied || keys.iter().any(|k| rest.starts_with(k));
                        Some((
                            provided,
                            format!(
                                "`{}$ {value}` resolves to nothing: a `Mode$ {mode}` trigger provides {}",
                                p.key,
                                keys.iter()
                                    .map(|k| format!("Triggered{k}"))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        ))
                    }
                },
            }
        } else if head.starts_with("Remembered") || head == "DirectRemembered" {
            Some((
                self.remember_possible,
                format!(
                    "`{}$ {value}` resolves to nothing: nothing on this card remembers an object (no `Remember...$` parameter)",
                    p.key
                ),
            ))
        } else if head.starts_with("Imprinted") {
            Some((
                self.imprint_possible,
                format!(
                    "`{}$ {value}` resolves to nothing: nothing on this card imprints an object (no `Imprint...$` parameter)",
                    p.key
                ),
            ))
        } else if head.starts_with("Enchanted") && !self.relative {
            Some((
                self.attach_possible,
                format!(
                    "`{}$ {value}` resolves to nothing: this card is not an Aura and never attaches to anything",
                    p.key
                ),
            ))
        } else if head.starts_with("Equipped") {
            Some((
                self.equip_possible,
                format!(
                    "`{}$ {value}` resolves to nothing: this card is not an Equipment and never attaches to anything",
                    p.key
                ),
            ))
        } else {
            None
        };
        if let Some((ok, message)) = verdict {
            let entry = self.defined.entry(p.value_range).or_insert((false, None));
            if ok {
                entry.0 = true;
            } else if entry.1.is_none() {
                entry.1 = Some(Finding::new(Kind::DefinedNothing, p.value_range, message));
            }
        }
    }

    fn check_amount(&mut self, p: &Param, origin: &Origin) {
        let v = p.value.trim().trim_start_matches(['+', '-']);
        if v.is_empty() || v.parse::<i32>().is_ok() {
            return;
        }
        if v.contains('$') {
            self.check_expression(v, p.value_range, origin);
            return;
        }
        match self.face.svars.get(v) {
            None => {
                if v == "ChosenX"
                    || v.starts_with("Cost")
                    || v.starts_with("VoteNum")
                    || SPECIAL_AMOUNTS.contains(&v)
                    || v == "X" && self.face.mana.x > 0
                    || face_apis(self.face)
                        .iter()
                        .any(|a| a == "flipacoin" || a == "choosenumber")
                {
                    return;
                }
                self.find(Finding::new(
                    Kind::CountUnevaluable,
                    p.value_range,
                    format!(
                        "`{}$ {}`: this face has no SVar `{v}`, so Forge counts the amount as 0",
                        p.key, p.value
                    ),
                ));
            }
            Some(sv) => {
                let value = sv.value.clone();
                let range = sv.value_range;
                self.check_expression(&value, range, origin);
            }
        }
    }

    fn check_expression(&mut self, value: &str, range: TextRange, origin: &Origin) {
        let v = value.trim();
        if v.parse::<i32>().is_ok() {
            return;
        }
        let Some((prefix, rest)) = v.split_once('$') else {
            return;
        };
        if prefix != "Count" {
            if let Some(key) = prefix.strip_prefix("Triggered")
                && !key.is_empty()
                && let Some(mode) = &origin.trigger_mode
                && let Some(keys) = self.words.trigger_variables(mode)
                && !keys.iter().any(|k| key.starts_with(k))
            {
                self.find(Finding::new(
                    Kind::CountUnevaluable,
                    range,
                    format!("`{v}`: a `Mode$ {mode}` trigger provides no `Triggered{key}`, so the amount is 0"),
                ));
            }
            return;
        }
        let key: &str = rest.split([' ', '/', '.']).next().unwrap_or("");
        let known = self.words.count_keys().count_key_known(key);
        if !known && !key.starts_with("Triggered") && !key.starts_with("Replaced") {
            self.find(Finding::new(
                Kind::CountUnevaluable,
                range,
                format!("`Count${key}` is not a count Forge knows: it evaluates to 0"),
            ));
        }
    }

    fn check_required(&mut self, rec: &Rec, api: &str, range: TextRange) {
        let lower = api.to_ascii_lowercase();
        let exempt = |keys: &[&str]| keys.iter().any(|k| rec.get(k).is_some());
        let needs: &[&[&str]] = match lower.as_str() {
            "putcounter" | "putcounterall"
                if !exempt(&[
                    "EachExistingCounter",
                    "Bolster",
                    "Evolve",
                    "LevelUp",
                    "Choices",
                    "Adapt",
                    "ChooseDifferent",
                ]) =>
            {
                &[&["CounterType"]]
            }
            "removecounterall" if !exempt(&["AllCounterTypes"]) => &[&["CounterType"]],
            "mana" if !exempt(&["DoubleManaInPool", "ManaReflected"]) => &[&["Produced"]],
            "changezone" | "changezoneall" => &[&["Destination"]],
            "token" => &[&["TokenName", "TokenScript"]],
            "charm" | "genericchoice" => &[&["Choices"]],
            "choosetype" => &[&["Type"]],
            "delayedtrigger" => &[&["Mode"]],
            "storesvar" => &[&["SVar"]],
            "repeat" | "repeateach" => &[&["RepeatSubAbility"]],
            "dig" => &[&["DigNum"]],
            "dealdamage" => &[&["NumDmg"]],
            "gainlife" | "loselife" => &[&["LifeAmount"]],
            _ => &[],
        };
        for alternatives in needs {
            if !alternatives
                .iter()
                .any(|k| rec.get(k).is_some() || rec.get_ci(k).is_some())
            {
                let wanted = alternatives
                    .iter()
                    .map(|k| format!("`{k}$`"))
                    .collect::<Vec<_>>()
                    .join(" or ");
                let what = match alternatives[0] {
                    "NumDmg" => "so it deals 0 damage".to_string(),
                    "LifeAmount" => "so the amount of life is 0".to_string(),
                    "DigNum" => "so it looks at no card".to_string(),
                    _ => "so the effect fails when it resolves".to_string(),
                };
                self.find(Finding::new(
                    Kind::MissingParam,
                    range,
                    format!("`{api}` needs {wanted} and this ability has none, {what}"),
                ));
            }
        }
    }

    // ---- effects --------------------------------------------------------------------------

    fn amount(&self, rec: &Rec, key: &str, default: i32) -> i32 {
        let Some(v) = rec.value(key) else {
            return default;
        };
        let t = v.trim();
        let (neg, t) = match t.strip_prefix('-') {
            Some(r) => (true, r),
            None => (false, t.trim_start_matches('+')),
        };
        let n = t.parse::<i32>().unwrap_or(1);
        if neg { -n } else { n }
    }

    fn defined_cards(&self, rec: &Rec) -> Vec<CardId> {
        let mut out: Vec<CardId> = self
            .targets
            .iter()
            .filter_map(|t| match t {
                Tgt::Card(c) => Some(*c),
                _ => None,
            })
            .collect();
        if rec.get_ci("ValidTgts").is_none() {
            out.clear();
            match rec
                .value("Defined")
                .unwrap_or("Self")
                .split('.')
                .next()
                .unwrap_or("")
            {
                "Self" | "CorrectedSelf" => out.push(self.me),
                "Remembered" => out.extend(self.remembered.iter().copied()),
                "Enchanted" | "Equipped" => out.extend(self.game.card(self.me).attached_to),
                "Targeted" | "ParentTarget" => {
                    out.extend(self.targets.iter().filter_map(|t| match t {
                        Tgt::Card(c) => Some(*c),
                        _ => None,
                    }))
                }
                _ => {}
            }
        }
        out.retain(|&c| self.game.card(c).zone != Zone::Temp);
        out
    }

    fn defined_players(&self, rec: &Rec) -> Vec<PlayerId> {
        if rec.get_ci("ValidTgts").is_some() {
            let ps: Vec<PlayerId> = self
                .targets
                .iter()
                .map(|t| match t {
                    Tgt::Player(p) => *p,
                    Tgt::Card(c) => self.game.card(*c).controller,
                })
                .collect();
            if !ps.is_empty() {
                return ps;
            }
        }
        match rec
            .value("Defined")
            .or(rec.value("DefinedPlayer"))
            .unwrap_or("You")
        {
            "Opponent" => vec![1],
            "Player" => vec![0, 1],
            _ => vec![0],
        }
    }

    fn apply(&mut self, rec: &Rec, api: &str, range: TextRange, _origin: &Origin) {
        let lower = api.to_ascii_lowercase();
        match lower.as_str() {
            "dealdamage" => {
                let n = self.amount(rec, "NumDmg", 0);
                let targets = self.targets.clone();
                let targets: Vec<Tgt> = if targets.is_empty() {
                    self.defined_cards(rec).into_iter().map(Tgt::Card).collect()
                } else {
                    targets
                };
                for t in targets {
                    match t {
                        Tgt::Card(c) => self.damage_card(c, n),
                        Tgt::Player(p) => self.game.players[p].life -= n,
                    }
                }
            }
            "damageall" => {
                let n = self.amount(rec, "NumDmg", 0);
                if let Some(v) = rec.value("ValidCards").map(String::from) {
                    for c in self.game.battlefield() {
                        if self.ctx().card(&v, c) == Tri::True {
                            self.damage_card(c, n);
                        }
                    }
                }
            }
            "draw" => {
                let n = self.amount(rec, "NumCards", 1);
                for p in self.defined_players(rec) {
                    for _ in 0..n.clamp(0, 20) {
                        if let Some(&top) = self.game.players[p].zone(Zone::Library).last() {
                            self.game.move_card(top, p, Zone::Hand);
                        }
                    }
                }
            }
            "mill" => {
                let n = self.amount(rec, "NumCards", 1);
                for p in self.defined_players(rec) {
                    for _ in 0..n.clamp(0, 20) {
                        if let Some(&top) = self.game.players[p].zone(Zone::Library).last() {
                            self.game.move_card(top, p, Zone::Graveyard);
                        }
                    }
                }
            }
            "gainlife" => {
                let n = self.amount(rec, "LifeAmount", 0);
                for p in self.defined_players(rec) {
                    self.game.players[p].life += n;
                }
            }
            "loselife" => {
                let n = self.amount(rec, "LifeAmount", 0);
                for p in self.defined_players(rec) {
                    self.game.players[p].life -= n;
                }
            }
            "setlife" => {
                let n = self.amount(rec, "LifeAmount", 20);
                for p in self.defined_players(rec) {
                    self.game.players[p].life = n;
                }
            }
            "destroy" | "sacrifice" => {
                for c in self.defined_cards(rec) {
                    if self.game.card(c).zone == Zone::Battlefield {
                        let owner = self.game.card(c).owner;
                        self.game.move_card(c, owner, Zone::Graveyard);
                    }
                }
            }
            "destroyall" | "sacrificeall" | "changezoneall" => {
                let valid = rec
                    .value("ValidCards")
                    .or(rec.value("ChangeType"))
                    .unwrap_or("")
                    .to_string();
                let dest = rec
                    .value("Destination")
                    .and_then(zone_of)
                    .unwrap_or(Zone::Graveyard);
                if !valid.is_empty() {
                    for c in self.game.battlefield() {
                        if self.ctx().card(&valid, c) == Tri::True {
                            let owner = self.game.card(c).owner;
                            self.game.move_card(c, owner, dest);
                        }
                    }
                }
            }
            "changezone" => {
                let dest = rec
                    .value("Destination")
                    .and_then(zone_of)
                    .unwrap_or(Zone::Graveyard);
                let mut cards = self.defined_cards(rec);
                if cards.is_empty()
                    && let Some(t) = rec.value("ChangeType").map(String::from)
                {
                    let origin = rec
                        .value("Origin")
                        .and_then(zone_of)
                        .unwrap_or(Zone::Library);
                    if let Some(&c) = self.game.players[0]
                        .zone(origin)
                        .iter()
                        .find(|&&c| self.ctx().card(&t, c) == Tri::True)
                    {
                        cards.push(c);
                    }
                }
                for c in cards {
                    let owner = self.game.card(c).owner;
                    self.game.move_card(c, owner, dest);
                    if rec.get("RememberChanged").is_some() {
                        self.remembered.push(c);
                    }
                }
            }
            "pump" | "pumpall" => {
                let a = self.amount(rec, "NumAtt", 0);
                let d = self.amount(rec, "NumDef", 0);
                for c in self.defined_cards(rec) {
                    let card = self.game.card_mut(c);
                    card.cur.power += a;
                    card.cur.toughness += d;
                }
            }
            "putcounter" | "putcounterall" | "removecounter" | "removecounterall" => {
                let n = self.amount(rec, "CounterNum", 1);
                let name = rec.value("CounterType").unwrap_or("P1P1").to_string();
                let sign = if lower.starts_with("remove") { -1 } else { 1 };
                for c in self.defined_cards(rec) {
                    let card = self.game.card_mut(c);
                    match card.counters.iter_mut().find(|k| k.name == name) {
                        Some(k) => k.nb = (k.nb + sign * n).max(0),
                        None if sign > 0 => card.counters.push(crate::game::Counter {
                            name: name.clone(),
                            power: 0,
                            toughness: 0,
                            nb: n,
                        }),
                        None => {}
                    }
                }
            }
            "token" => {
                let n = self.amount(rec, "TokenAmount", 1);
                let name = rec.value("TokenName").unwrap_or("Token").to_string();
                let types: Vec<String> = rec
                    .value("TokenTypes")
                    .unwrap_or("Creature")
                    .split(',')
                    .map(|t| t.trim().to_ascii_lowercase())
                    .collect();
                for _ in 0..n.clamp(0, 20) {
                    let card = Card {
                        base: Chars {
                            name: name.clone(),
                            types: types.clone(),
                            power: self.amount(rec, "TokenPower", 1),
                            toughness: self.amount(rec, "TokenToughness", 1),
                            ..Chars::default()
                        },
                        token: true,
                        ..Card::default()
                    };
                    self.game.create_card(card, 0, Zone::Battlefield);
                }
            }
            "mana" => {
                let produced = rec.value("Produced").unwrap_or("C").to_string();
                for w in produced.split_whitespace() {
                    if let Some(c) = w.bytes().next().and_then(crate::mana::color_of_letter) {
                        self.game.players[0].pool.add_color(c, 1);
                    }
                }
            }
            "tap" | "tapall" => {
                for c in self.defined_cards(rec) {
                    self.game.card_mut(c).tapped = true;
                }
            }
            "untap" | "untapall" => {
                for c in self.defined_cards(rec) {
                    self.game.card_mut(c).tapped = false;
                }
            }
            "discard" => {
                let n = self.amount(rec, "NumCards", 1);
                for p in self.defined_players(rec) {
                    for _ in 0..n.clamp(0, 20) {
                        if let Some(&c) = self.game.players[p].zone(Zone::Hand).first() {
                            self.game.move_card(c, p, Zone::Graveyard);
                        }
                    }
                }
            }
            "attach" => {
                if let Some(&c) = self.defined_cards(rec).first()
                    && c != self.me
                {
                    self.game.card_mut(self.me).attached_to = Some(c);
                }
            }
            "gaincontrol" => {
                for c in self.defined_cards(rec) {
                    if self.game.card(c).zone == Zone::Battlefield
                        && self.game.card(c).controller != 0
                    {
                        let from = self.game.card(c).controller;
                        self.game.players[from]
                            .zone_mut(Zone::Battlefield)
                            .retain(|&x| x != c);
                        self.game.players[0].zone_mut(Zone::Battlefield).push(c);
                        self.game.card_mut(c).controller = 0;
                    }
                }
            }
            "dig" => {
                let n = self.amount(rec, "DigNum", 0);
                let dest = rec
                    .value("DestinationZone")
                    .and_then(zone_of)
                    .unwrap_or(Zone::Hand);
                for _ in 0..self.amount(rec, "ChangeNum", 1).min(n).clamp(0, 20) {
                    if let Some(&top) = self.game.players[0].zone(Zone::Library).last() {
                        self.game.move_card(top, 0, dest);
                    }
                }
            }
            "regenerate" => {
                for c in self.defined_cards(rec) {
                    self.game.card_mut(c).regen_shields += 1;
                }
            }
            "animate" => {
                let types: Vec<String> = rec
                    .value("Types")
                    .unwrap_or("")
                    .split(',')
                    .filter(|t| !t.is_empty())
                    .map(|t| t.trim().to_ascii_lowercase())
                    .collect();
                for c in self.defined_cards(rec) {
                    let card = self.game.card_mut(c);
                    for t in &types {
                        if !card.cur.has_type(t) {
                            card.cur.types.push(t.clone());
                        }
                    }
                }
            }
            "fight" => {
                let cards = self.defined_cards(rec);
                if cards.len() >= 2 {
                    let (a, b) = (cards[0], cards[1]);
                    let (pa, pb) = (self.game.card(a).cur.power, self.game.card(b).cur.power);
                    self.damage_card(b, pa);
                    self.damage_card(a, pb);
                }
            }
            "cleanup" => {
                if rec.get("ClearRemembered").is_some() {
                    self.remembered.clear();
                }
            }
            "diguntil" => {
                let valid = rec.value("Valid").unwrap_or("Card").to_string();
                let found = rec
                    .value("FoundDestination")
                    .and_then(zone_of)
                    .unwrap_or(Zone::Hand);
                let revealed = rec
                    .value("RevealedDestination")
                    .and_then(zone_of)
                    .unwrap_or(Zone::Graveyard);
                for _ in 0..60 {
                    let Some(&top) = self.game.players[0].zone(Zone::Library).last() else {
                        break;
                    };
                    if self.ctx().card(&valid, top) == Tri::True {
                        self.game.move_card(top, 0, found);
                        break;
                    }
                    self.game.move_card(top, 0, revealed);
                }
            }
            "animateall" | "regenerateall" => {
                let valid = rec.value("ValidCards").unwrap_or("Creature").to_string();
                for c in self.game.battlefield() {
                    if self.ctx().card(&valid, c) == Tri::True {
                        if lower == "regenerateall" {
                            self.game.card_mut(c).regen_shields += 1;
                        } else if let Some(t) = rec.value("Types") {
                            for w in t.split(',') {
                                let w = w.trim().to_ascii_lowercase();
                                if !self.game.card(c).cur.has_type(&w) {
                                    self.game.card_mut(c).cur.types.push(w);
                                }
                            }
                        }
                    }
                }
            }
            "exchangelife" => {
                let (a, b) = (self.game.players[0].life, self.game.players[1].life);
                self.game.players[0].life = b;
                self.game.players[1].life = a;
            }
            "winsgame" => self.game.players[1].lost = true,
            "losesgame" => {
                for p in self.defined_players(rec) {
                    self.game.players[p].lost = true;
                }
            }
            "skipturn" => {
                let n = self.amount(rec, "NumTurns", 1);
                for p in self.defined_players(rec) {
                    self.game.players[p].skip_turns += n;
                }
            }
            "permanentcreature" | "permanentnoncreature" => {
                if self.game.card(self.me).zone != Zone::Battlefield {
                    self.game.move_card(self.me, 0, Zone::Battlefield);
                }
            }
            // Supported without a visible effect on this model.
            "counter"
            | "effect"
            | "delayedtrigger"
            | "immediatetrigger"
            | "charm"
            | "genericchoice"
            | "repeateach"
            | "repeat"
            | "choosecard"
            | "choosetype"
            | "choosecolor"
            | "chooseplayer"
            | "choosesource"
            | "choosenumber"
            | "storesvar"
            | "scry"
            | "surveil"
            | "reveal"
            | "revealhand"
            | "peekandreveal"
            | "shuffle"
            | "preventdamage"
            | "preventdamageall"
            | "setstate"
            | "flipacoin"
            | "explore"
            | "proliferate"
            | "copypermanent"
            | "play"
            | "chooseopponent"
            | "lookat"
            | "reorderzone"
            | "phases"
            | "investigate"
            | "clash"
            | "becomemonarch"
            | "addphase"
            | "addturn"
            | "endturn"
            | "rearrangetopoflibrary"
            | "twopiles"
            | "vote"
            | "mustattack"
            | "mustblock"
            | "protection"
            | "protectionall"
            | "debuff"
            | "pumpallbutone"
            | "gainownership"
            | "exchangecontrol"
            | "bond"
            | "manareflected"
            | "playlandvariant"
            | "addorremovecounter"
            | "multiplycounter"
            | "movecounter"
            | "removefromcombat"
            | "restartgame"
            | "losegame"
            | "wingame"
            | "draft"
            | "taporuntap"
            | "taporuntapall"
            | "changetargets"
            | "copyspellability"
            | "controlgain"
            | "countercolor"
            | "replaceeffect"
            | "alterlife"
            | "unattach"
            | "unattachall"
            | "poison" => {}
            // Not an ApiType at all: Forge fails to build the card (the linter says so).
            _ if self.words.api_types().get_ignore_case(&lower).is_none() => {}
            _ => {
                self.unsupported.entry(api.to_string()).or_insert(range);
            }
        }
    }

    fn damage_card(&mut self, c: CardId, n: i32) {
        let card = self.game.card_mut(c);
        if card.zone != Zone::Battlefield || n <= 0 {
            return;
        }
        card.damage += n;
        if card.is_creature() && card.cur.toughness - card.damage <= 0 {
            let owner = card.owner;
            self.game.move_card(c, owner, Zone::Graveyard);
        }
    }
}

/// Every ApiType of the face, lower case.
fn face_apis(face: &Face) -> Vec<String> {
    let mut out = Vec::new();
    let recs = face
        .abilities
        .iter()
        .chain(face.svars.values().filter_map(|s| s.rec.as_ref()));
    for r in recs {
        if let Some((_, api)) = r.api() {
            out.push(api.value.to_ascii_lowercase());
        }
    }
    out
}

/// Every param key of every record of the face (svars included).
fn face_keys(face: &Face) -> Vec<String> {
    let mut keys = Vec::new();
    let mut add = |r: &Rec| {
        for p in &r.params {
            keys.push(p.key.clone());
            if let Some((_, api)) = r.api()
                && api.value.eq_ignore_ascii_case("Attach")
            {
                keys.push("Attach".into());
            }
        }
    };
    for r in face
        .abilities
        .iter()
        .chain(&face.triggers)
        .chain(&face.statics)
        .chain(&face.replacements)
    {
        add(r);
    }
    for sv in face.svars.values() {
        if let Some(r) = &sv.rec {
            add(r);
        }
    }
    keys
}

/// Whether a word occurs in keyword lines (keywords that remember or imprint by themselves).
fn face_mentions(face: &Face, word: &str) -> bool {
    face.keywords.iter().any(|(k, _)| k.contains(word))
        || face.keywords.iter().any(|(k, _)| {
            let k = k.split(':').next().unwrap_or("");
            matches!(
                k,
                "Champion" | "Haunt" | "Soulbond" | "Hideaway" | "Imprint"
            )
        })
}

/// A cost split on spaces outside `<...>`.
fn split_cost(cost: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0;
    for ch in cost.chars() {
        match ch {
            '<' => {
                depth += 1;
                cur.push(ch);
            }
            '>' => {
                depth -= 1;
                cur.push(ch);
            }
            ' ' if depth <= 0 => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            _ => cur.push(ch),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

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
fn card_of_face(face: &Face) -> Card {
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
        card.counters.push(crate::game::Counter {
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
    let mut cost = crate::mana::Mana::new();
    cost.add_color(crate::mana::COLORLESS, cmc);
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
fn seed_board(game: &mut Game) {
    use crate::mana::{BLACK, BLUE, GREEN, RED, WHITE};
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
        game.card_mut(pw).counters.push(crate::game::Counter {
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
        for c in 0..crate::mana::NB_COLORS {
            pool.add_color(c, 10);
        }
    }
}

#[allow(dead_code)]
fn alternatives(list: &str) -> Vec<&str> {
    split_alternatives(list)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forge::build::build;
    use model::forge::vocab::any_version;

    fn card(text: &str) -> ForgeCard {
        let parse = syntax::forge::parse(text);
        build(&syntax::forge::ast::SourceFile::cast(parse.syntax()).unwrap())
    }

    /// Plays an invented card on the seeded board; returns the game afterwards and the findings.
    fn play(text: &str) -> (Game, CardId, Vec<Finding>) {
        let c = card(text);
        let vocab = TypeVocab::builtin();
        let mut sim = Sim::new(&c.faces[0], any_version(), Some(&vocab), 7, 100_000);
        assert!(sim.run(), "the play finishes");
        let findings = sim.finish();
        let me = sim.me;
        let game = std::mem::replace(&mut sim.game, Game::new(0));
        (game, me, findings)
    }

    fn board() -> Game {
        let mut g = Game::new(7);
        seed_board(&mut g);
        g
    }

    fn count(g: &Game, p: PlayerId, z: Zone, name: &str) -> usize {
        g.players[p]
            .zone(z)
            .iter()
            .filter(|&&c| g.card(c).cur.name == name)
            .count()
    }

    fn kinds(text: &str) -> Vec<Kind> {
        let vocab = TypeVocab::builtin();
        let (f, _) = simulate_card(&card(text), any_version(), Some(&vocab), 7, 100_000);
        f.into_iter().map(|f| f.kind).collect()
    }

    const SPELL: &str = "Name:Test Spell\nManaCost:1 R\nTypes:Sorcery\n";

    #[test]
    fn deal_damage_to_a_player_and_to_a_creature() {
        let before = board();
        let (g, _, f) = play(&format!(
            "{SPELL}A:SP$ DealDamage | Cost$ 1 R | ValidTgts$ Opponent | NumDmg$ 3\n"
        ));
        assert!(f.is_empty(), "{f:?}");
        assert_eq!(g.players[1].life, before.players[1].life - 3);
        let (g, _, _) = play(&format!(
            "{SPELL}A:SP$ DealDamage | Cost$ 1 R | ValidTgts$ Creature | NumDmg$ 2\n"
        ));
        assert_eq!(count(&g, 1, Zone::Graveyard, "Grizzled Bear"), 1);
        assert_eq!(count(&g, 1, Zone::Battlefield, "Grizzled Bear"), 0);
    }

    #[test]
    fn draw_mill_and_discard() {
        let before = board();
        let lib = |g: &Game, p: PlayerId| g.players[p].zone(Zone::Library).len();
        let (g, _, _) = play(&format!("{SPELL}A:SP$ Draw | Cost$ 1 R | NumCards$ 2\n"));
        assert_eq!(lib(&g, 0), lib(&before, 0) - 2);
        let (g, _, _) = play(&format!(
            "{SPELL}A:SP$ Mill | Cost$ 1 R | Defined$ Opponent | NumCards$ 3\n"
        ));
        assert_eq!(lib(&g, 1), lib(&before, 1) - 3);
        assert_eq!(
            g.players[1].zone(Zone::Graveyard).len(),
            before.players[1].zone(Zone::Graveyard).len() + 3
        );
        let (g, _, _) = play(&format!(
            "{SPELL}A:SP$ Discard | Cost$ 1 R | Defined$ Opponent | NumCards$ 1 | Mode$ TgtChoose\n"
        ));
        assert_eq!(
            g.players[1].zone(Zone::Hand).len(),
            before.players[1].zone(Zone::Hand).len() - 1
        );
    }

    #[test]
    fn life_along_a_subability_chain() {
        let (g, _, f) = play(&format!(
            "{SPELL}A:SP$ GainLife | Cost$ 1 R | LifeAmount$ 4 | SubAbility$ DBLose\nSVar:DBLose:DB$ LoseLife | Defined$ Opponent | LifeAmount$ 2\n"
        ));
        assert!(f.is_empty(), "{f:?}");
        assert_eq!(g.players[0].life, 24);
        assert_eq!(g.players[1].life, 18);
        let (g, _, _) = play(&format!(
            "{SPELL}A:SP$ SetLife | Cost$ 1 R | Defined$ Opponent | LifeAmount$ 7\n"
        ));
        assert_eq!(g.players[1].life, 7);
    }

    #[test]
    fn destroy_all_and_bounce() {
        let (g, _, _) = play(&format!(
            "{SPELL}A:SP$ DestroyAll | Cost$ 1 R | ValidCards$ Creature\n"
        ));
        assert!(g.battlefield().iter().all(|&c| !g.card(c).is_creature()));
        let (g, _, _) = play(&format!(
            "{SPELL}A:SP$ ChangeZone | Cost$ 1 R | ValidTgts$ Creature | Origin$ Battlefield | Destination$ Hand\n"
        ));
        assert_eq!(count(&g, 1, Zone::Hand, "Grizzled Bear"), 1);
    }

    #[test]
    fn tokens_counters_and_pump() {
        let (g, _, _) = play(&format!(
            "{SPELL}A:SP$ Token | Cost$ 1 R | TokenAmount$ 2 | TokenName$ Sapling | TokenTypes$ Creature,Plant | TokenPower$ 1 | TokenToughness$ 1\n"
        ));
        assert_eq!(count(&g, 0, Zone::Battlefield, "Sapling"), 2);
        let bear = |g: &Game| {
            g.players[1]
                .zone(Zone::Battlefield)
                .iter()
                .copied()
                .find(|&c| g.card(c).cur.name == "Grizzled Bear")
                .unwrap()
        };
        let (g, _, _) = play(&format!(
            "{SPELL}A:SP$ PutCounter | Cost$ 1 R | ValidTgts$ Creature | CounterType$ P1P1 | CounterNum$ 2\n"
        ));
        let c = g.card(bear(&g));
        assert_eq!(c.counters.iter().find(|k| k.name == "P1P1").unwrap().nb, 2);
        let (g, _, _) = play(&format!(
            "{SPELL}A:SP$ Pump | Cost$ 1 R | ValidTgts$ Creature | NumAtt$ +3 | NumDef$ +1\n"
        ));
        let c = g.card(bear(&g));
        assert_eq!((c.cur.power, c.cur.toughness), (5, 3));
    }

    #[test]
    fn tap_control_and_mana() {
        let (g, _, _) = play(&format!(
            "{SPELL}A:SP$ Tap | Cost$ 1 R | ValidTgts$ Creature\n"
        ));
        let tapped = g.players[1]
            .zone(Zone::Battlefield)
            .iter()
            .any(|&c| g.card(c).cur.name == "Grizzled Bear" && g.card(c).tapped);
        assert!(tapped);
        let (g, _, _) = play(&format!(
            "{SPELL}A:SP$ GainControl | Cost$ 1 R | ValidTgts$ Creature\n"
        ));
        assert_eq!(count(&g, 0, Zone::Battlefield, "Grizzled Bear"), 2);
        let before = board();
        let (g, _, f) = play("Name:Test Spring\nTypes:Land\nA:AB$ Mana | Cost$ T | Produced$ G\n");
        assert!(f.is_empty(), "{f:?}");
        assert_eq!(
            g.players[0].pool.get(crate::mana::GREEN),
            before.players[0].pool.get(crate::mana::GREEN) + 1
        );
    }

    #[test]
    fn triggers_run_their_execute() {
        let (g, _, f) = play(
            "Name:Test Healer\nManaCost:W\nTypes:Creature Cleric\nPT:1/1\nT:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigGain\nSVar:TrigGain:DB$ GainLife | Defined$ You | LifeAmount$ 3\n",
        );
        assert!(f.is_empty(), "{f:?}");
        assert_eq!(g.players[0].life, 23);
    }

    #[test]
    fn each_failure_kind() {
        let cases: &[(&str, Kind)] = &[
            (
                "A:SP$ Destroy | Cost$ 1 R | ValidTgts$ Creture",
                Kind::NoLegalTarget,
            ),
            (
                "A:SP$ Draw | Cost$ 1 R Sac<1/Creture> | NumCards$ 1",
                Kind::UnpayableCost,
            ),
            (
                "A:SP$ Destroy | Cost$ 1 R | Defined$ Targeted",
                Kind::DefinedNothing,
            ),
            (
                "A:SP$ Draw | Cost$ 1 R | SubAbility$ DBA\nSVar:DBA:DB$ Draw | SubAbility$ DBB\nSVar:DBB:DB$ Draw | SubAbility$ DBA",
                Kind::ChainLoop,
            ),
            (
                "A:SP$ GainLife | Cost$ 1 R | LifeAmount$ X\nSVar:X:Count$NoSuchCount",
                Kind::CountUnevaluable,
            ),
            (
                "A:SP$ GainLife | Cost$ 1 R | LifeAmount$ Y",
                Kind::CountUnevaluable,
            ),
            (
                "A:SP$ DealDamage | Cost$ 1 R | ValidTgts$ Any",
                Kind::MissingParam,
            ),
            (
                "A:SP$ Clone | Cost$ 1 R | ValidTgts$ Creature",
                Kind::Unsupported,
            ),
        ];
        for (line, kind) in cases {
            let got = kinds(&format!("{SPELL}{line}\n"));
            assert!(got.contains(kind), "{line}: expected {kind:?}, got {got:?}");
        }
        let got = kinds(
            "Name:Test Watcher\nManaCost:1 W\nTypes:Creature\nPT:1/1\nT:Mode$ Attacks | ValidCard$ Card.Self | Execute$ TrigX\nSVar:TrigX:Count$YourLifeTotal\n",
        );
        assert!(got.contains(&Kind::ExecuteNotAbility), "{got:?}");
        // A clean card has no finding at all.
        assert!(kinds(&format!("{SPELL}A:SP$ Draw | Cost$ 1 R | NumCards$ 1\n")).is_empty());
    }

    #[test]
    fn what_forge_supplies_itself_is_no_failure() {
        // Every plane gets a `RolledWalk` SVar from Forge.
        let plane = "Name:Test Plane\nManaCost:no cost\nTypes:Plane Testland\nT:Mode$ PlanarDice | Result$ Planeswalk | TriggerZones$ Command | Execute$ RolledWalk\n";
        assert!(kinds(plane).is_empty(), "{:?}", kinds(plane));
        // ...but not other cards.
        let creature = "Name:Test Walker\nManaCost:1 W\nTypes:Creature\nPT:1/1\nT:Mode$ Attacks | ValidCard$ Card.Self | Execute$ RolledWalk\n";
        assert!(kinds(creature).contains(&Kind::ExecuteNotAbility));
        // `Announce$ X` overwrites the SVar X (a `Count$XChoice` placeholder) before it is read.
        let announced = format!(
            "{SPELL}A:SP$ DealDamage | Announce$ X | Cost$ 1 R | ValidTgts$ Creature | NumDmg$ X\nSVar:X:Count$XChoice\n"
        );
        assert!(kinds(&announced).is_empty(), "{:?}", kinds(&announced));
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
