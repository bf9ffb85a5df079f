//! The Wagic game runtime: the game observer's loop (update, state-based effects), the action
//! stack with its interrupt offers, the action layer (every ability in the game, rules first, in
//! the order they were added: menus list them in that order), clicks on cards and players,
//! menus, target choosing, and the phase ring. Effects, continuous effects, combat and triggers
//! are in sibling modules (`effects`, `cont`, `combat`, `triggers`), as `impl WGame` blocks.
//!
//! Layers (imports go down only): `basic`, `phases` → `db`, `targets` → `parse` (the IR) →
//! `state` → `runtime` → `numbers`, `combat`, `delayed`, `hardcoded`, `triggers` → `cont`,
//! `effects`, `rules` → `sim`; all of them on `crate::core`.

#![allow(clippy::large_enum_variant)]

use super::db::{Db, Primitive};
use super::parse::{self, Ab, Trigger};
pub use super::phases::*;
use super::state::{CircleShield, Flipped, GuiCombat, Link, LivePhaseAction};
use super::targets::TargetSpec;
use crate::core::game::{Card, CardDef, CardId, Chars, Game, PlayerId, Zone};
use crate::core::mana::Mana;
use std::collections::VecDeque;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CombatStep {
    Blockers,
    Triggers,
    Order,
    FirstStrike,
    EndFirstStrike,
    Damage,
    EndDamage,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    NotDecided,
    Interrupt,
    DontInterrupt,
}

/// Something an ability can target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tgt {
    Card(CardId),
    Player(PlayerId),
    /// A stack item, by index.
    Stack(usize),
}

impl Tgt {
    pub fn card(self) -> Option<CardId> {
        match self {
            Tgt::Card(c) => Some(c),
            _ => None,
        }
    }
}

/// An object of the action layer (Wagic's MTGAbility in the game).
#[derive(Clone, Debug)]
pub struct Inst {
    pub ab: Ab,
    pub source: CardId,
    pub inc: u32,
    pub target: Option<Tgt>,
    /// The incarnation of the target card when the ability was added.
    pub tinc: Option<u32>,
    pub removed: bool,
    /// Lasts until its target leaves play (`forever` effects).
    pub forever: bool,
    /// Rules and rules-file abilities: never removed.
    pub permanent: bool,
    /// Ends at the end of the turn (instant effects).
    pub ueot: bool,
    /// Activations this turn.
    pub counters: i32,
    /// A target ability waiting for its targets (chosen so far).
    pub waiting: Option<Vec<Tgt>>,
    /// May abilities: the menu has been opened.
    pub triggered: bool,
    /// Abilities this one gave to other cards (lords, teach): (card, incarnation, layer index).
    pub children: Vec<(CardId, u32, usize)>,
    /// Removed once used (the clone a may ability makes).
    pub force_destroy: bool,
    /// Not interruptible: triggered abilities of the rules resolve at once.
    pub uninterruptible: bool,
    /// How the spell that created it was paid (for alternative-cost conditions).
    pub paid_with: u32,
    /// `@next` triggers fire once; a transformation plays its one-shot new abilities once.
    pub fired: bool,
    /// Given by a lord or teach ability, which decides how long it lasts.
    pub from_lord: bool,
    /// The turn a `turnlimited` trigger last fired.
    pub last_fired_turn: i64,
    /// Which auto line this came from (for diagnostics).
    pub line: Option<usize>,
    /// The card that made the trigger fire, kept by the may menu or target chooser it opened.
    pub trigger_card: Option<CardId>,
}

impl Inst {
    pub fn new(ab: Ab, source: CardId, inc: u32, target: Option<Tgt>) -> Inst {
        Inst {
            ab,
            source,
            inc,
            target,
            tinc: None,
            removed: false,
            forever: false,
            permanent: false,
            ueot: false,
            counters: 0,
            waiting: None,
            triggered: false,
            children: Vec::new(),
            force_destroy: false,
            uninterruptible: false,
            paid_with: 0,
            fired: false,
            from_lord: false,
            last_fired_turn: -1,
            line: None,
            trigger_card: None,
        }
    }
}

#[derive(Clone, Debug)]
pub enum StackObj {
    Spell {
        card: CardId,
        targets: Vec<Tgt>,
        paid_with: u32,
        from: Zone,
        /// A storm copy: the spell's abilities resolve again, the card stays where it is.
        storm_copy: bool,
    },
    Ability {
        ab: Ab,
        source: CardId,
        target: Option<Tgt>,
        targets: Vec<Tgt>,
        /// The card that made a trigger fire (`trigger` target specs).
        trigger_card: Option<CardId>,
        paid_with: u32,
        line: Option<usize>,
    },
    NextPhase,
}

#[derive(Clone, Debug)]
pub struct StackItem {
    pub obj: StackObj,
    pub resolved: bool,
    pub controller: PlayerId,
}

/// A spell waiting for its targets (the observer's target chooser).
#[derive(Clone, Debug)]
pub struct SpellTargeting {
    pub card: CardId,
    pub tc: TargetSpec,
    pub targets: Vec<Tgt>,
    /// The rule that casts it once targets are chosen.
    pub rule: String,
    pub forced: bool,
}

/// An open menu of abilities.
#[derive(Clone, Debug)]
pub struct Menu {
    pub object: Tgt,
    /// Layer indexes; `None` is "Cancel".
    pub items: Vec<Option<usize>>,
    pub prev_interrupter: Option<PlayerId>,
    pub may: Option<usize>,
    /// A menu of colours or creature types (GenericChooseTypeColor), not of abilities.
    pub choose: Option<ChooseMenu>,
    /// A GenericPaidAbility menu (`pay[[cost]] a?b`): its choices are these, not layer items.
    pub pay: Option<Box<PayMenu>>,
}

/// The colour or type menu of `activatechoose...` / `choose...`: item n is `values[n]`.
#[derive(Clone, Debug)]
pub struct ChooseMenu {
    pub card: CardId,
    pub color: bool,
    pub values: Vec<String>,
    pub text: String,
    pub line: Option<usize>,
}

/// The choices of a `pay[[cost]] a?b` menu: the first is played once `cost` is paid.
#[derive(Clone, Debug)]
pub struct PayMenu {
    pub source: CardId,
    pub target: Option<Tgt>,
    pub cost: crate::core::mana::Mana,
    pub options: Vec<Ab>,
    pub line: Option<usize>,
}

/// Game events (Wagic's WEvent kinds this engine watches).
#[derive(Clone, Debug)]
pub enum Ev {
    ZoneChange {
        card: CardId,
        from: (PlayerId, Zone),
        to: (PlayerId, Zone),
    },
    PhaseChange {
        from: usize,
        to: usize,
    },
    Damage {
        source: CardId,
        target: Tgt,
        amount: i32,
        combat: bool,
    },
    Tapped {
        card: CardId,
        tapped: bool,
        for_mana: bool,
    },
    Draw {
        player: PlayerId,
        card: CardId,
    },
    Life {
        player: PlayerId,
        amount: i32,
        source: Option<CardId>,
    },
    Attacked {
        card: CardId,
        alone: bool,
    },
    AttackBlocked {
        card: CardId,
        blocker: CardId,
    },
    AttackNotBlocked {
        card: CardId,
    },
    Blocked {
        card: CardId,
        attacker: CardId,
    },
    Discarded {
        card: CardId,
        cycled: bool,
    },
    Sacrificed {
        card: CardId,
        /// Sacrificed to pay a cost (its triggers resolve before the ability is on the stack).
        as_cost: bool,
    },
    Targeted {
        card: CardId,
        source: CardId,
    },
    /// WEventVampire: `victim`, damaged by `source` this turn, went from play to a graveyard.
    Vampire {
        victim: CardId,
        source: CardId,
    },
    Counter {
        card: CardId,
        added: bool,
        power: i32,
        toughness: i32,
        name: String,
    },
}

/// A damage prevention ability in play (APreventDamageTypes' replacement effect): damage of
/// `kind` (0 combat, 1 any, 2 noncombat) from what matches `from` to what matches `to`.
#[derive(Clone, Debug)]
pub struct Prevention {
    pub kind: u8,
    pub to: Option<TargetSpec>,
    pub from: Option<TargetSpec>,
    pub source: CardId,
    /// The ability's target (`mytgt`).
    pub target: Option<Tgt>,
}

/// Something the simulation reports (runtime failures and what is not simulated yet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub kind: NoteKind,
    pub card: Option<CardId>,
    pub line: Option<usize>,
    pub message: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoteKind {
    Unsupported,
    UnknownNumber,
    NoLegalTarget,
    TokenNotFound,
    UnknownZone,
}

#[derive(Clone)]
pub struct WGame<'a> {
    pub db: &'a Db,
    pub g: Game,
    pub phase: usize,
    pub combat: CombatStep,
    pub current: PlayerId,
    pub current_action: PlayerId,
    pub interrupting: Option<PlayerId>,
    pub layer: Vec<Inst>,
    pub stack: Vec<StackItem>,
    pub decision: [Decision; 2],
    pub ask: Option<PlayerId>,
    pub spell_tc: Option<SpellTargeting>,
    pub menu: Option<Menu>,
    /// Each player's rules pseudo-card (abilities of the rules file).
    pub extra: [CardId; 2],
    pub thatmuch: i32,
    pub gui: GuiCombat,
    pub events: VecDeque<Ev>,
    pub dispatching: bool,
    /// Bumped whenever something changes (to run the loop to a fixpoint).
    pub progress: u64,
    pub notes: Vec<Note>,
    /// Cards exiled by `(blink)ueot`, returned to play at the end of the turn.
    pub blinked: Vec<CardId>,
    /// Phased-out cards (AAPhaseOut's isPhased): (card, incarnation, turn it phased out).
    pub phased_out: Vec<(CardId, u32, u32)>,
    /// The phase the action layer last saw (phase triggers fire when it changes).
    pub layer_phase: usize,
    pub layer_turn: u32,
    /// Auto lines being parsed (for notes): (card, line index).
    pub parsing: Option<(CardId, usize)>,
    /// The card that made the resolving trigger fire (`trigger` targets).
    pub trigger_card: Option<CardId>,
    /// The card-less sources of `ability$!...!$` and the card whose ability made each
    /// (Wagic's storedSourceCard, which `mystored` names).
    pub stored_source: Vec<(CardId, CardId)>,
    /// The colour and the creature type chosen for cards (chooseacolor, chooseasubtype).
    pub chosen_color: Vec<(CardId, usize)>,
    pub chosen_type: Vec<(CardId, String)>,
    /// Cards switched by `swap` in the running recompute (once per switch).
    pub pt_swaps: Vec<CardId>,
    /// `cantbetargetof`: (card, sources it cannot be the target of, ability source).
    pub cant_target: Vec<(CardId, TargetSpec, CardId)>,
    /// The card whose transformation is playing its one-shot new abilities (Wagic's
    /// `storedSourceCard`: `stored...` numbers read it).
    pub transform_source: Option<CardId>,
    /// Protections and blocking restrictions of cards (rebuilt by `recompute`).
    pub protections: Vec<(CardId, TargetSpec, CardId)>,
    pub cant_block: Vec<(CardId, TargetSpec, CardId)>,
    /// Cards with `spiritlink`, and the player who gains the life (rebuilt with the layers).
    pub spirit_links: Vec<(CardId, PlayerId)>,
    /// Cards with bushido, rampage or flanker (rebuilt with the layers).
    pub combat_keywords: Vec<(CardId, super::parse::CombatKeyword)>,
    /// Abilities an equipment gives its creature: (equipment, layer index).
    pub equip_children: Vec<(CardId, usize)>,
    /// `progress` when characteristics were last recomputed.
    pub recomputed_at: u64,
    /// Cards changed by continuous effects in the last recompute (reset next time).
    pub touched: Vec<CardId>,
    /// Counters cards had when they last left the battlefield (persist, undying).
    pub last_counters: std::collections::HashMap<CardId, Vec<crate::core::game::Counter>>,
    /// Lasting links of hard-coded cards (control changes, Animate Dead, Fastbond).
    pub links: Vec<Link>,
    /// Circle of Protection shields: the next damage from the chosen card to the player is
    /// prevented (REDamagePrevention, one shot), until the next untap step.
    pub circle_shields: Vec<CircleShield>,
    /// MTGVampireRule's victims: (damaged card, its incarnation, damage source) this turn.
    pub vampire_victims: Vec<(CardId, u32, CardId)>,
    /// The cards put onto each player's stack this turn (for `maxcast` restrictions).
    pub stack_seen: Vec<(PlayerId, CardId)>,
    /// Spells cast this turn by both players (storm counts them).
    pub casts_this_turn: i32,
    /// Damage prevention abilities in play (rebuilt by `recompute`).
    pub preventions: Vec<Prevention>,
    /// Cost changes of `altercost` abilities: (card, color, amount), rebuilt by `recompute`.
    pub cost_changes: Vec<(CardId, usize, i32)>,
    /// Flipped cards' printed selves (`flip`).
    pub flipped: Vec<Flipped>,
    /// Delayed actions waiting for their phase (`phaseaction`).
    pub phase_actions: Vec<LivePhaseAction>,
}

impl<'a> WGame<'a> {
    pub fn new(db: &'a Db, seed: u64) -> WGame<'a> {
        let mut g = Game::new(seed);
        let mut extra = [0; 2];
        for (p, e) in extra.iter_mut().enumerate() {
            let card = Card {
                base: Chars {
                    name: "rules".into(),
                    ..Chars::default()
                },
                ..Card::default()
            };
            let id = g.create_card(card, p, Zone::Temp);
            g.players[p].zone_mut(Zone::Temp).retain(|&c| c != id);
            g.cards[id].zone = Zone::Battlefield;
            *e = id;
        }
        WGame {
            db,
            g,
            phase: FIRSTMAIN,
            combat: CombatStep::Blockers,
            current: 0,
            current_action: 0,
            interrupting: None,
            layer: Vec::new(),
            stack: Vec::new(),
            decision: [Decision::NotDecided; 2],
            ask: None,
            spell_tc: None,
            menu: None,
            extra,
            thatmuch: 0,
            gui: Default::default(),
            events: VecDeque::new(),
            dispatching: false,
            progress: 0,
            notes: Vec::new(),
            blinked: Vec::new(),
            phased_out: Vec::new(),
            links: Vec::new(),
            circle_shields: Vec::new(),
            vampire_victims: Vec::new(),
            stack_seen: Vec::new(),
            casts_this_turn: 0,
            phase_actions: Vec::new(),
            preventions: Vec::new(),
            cost_changes: Vec::new(),
            flipped: Vec::new(),
            layer_phase: FIRSTMAIN,
            layer_turn: 0,
            parsing: None,
            trigger_card: None,
            stored_source: Vec::new(),
            chosen_color: Vec::new(),
            chosen_type: Vec::new(),
            pt_swaps: Vec::new(),
            cant_target: Vec::new(),
            transform_source: None,
            protections: Vec::new(),
            cant_block: Vec::new(),
            spirit_links: Vec::new(),
            combat_keywords: Vec::new(),
            equip_children: Vec::new(),
            last_counters: Default::default(),
            recomputed_at: u64::MAX,
            touched: Vec::new(),
        }
    }

    pub fn bump(&mut self) {
        self.progress += 1;
    }

    pub fn note(
        &mut self,
        kind: NoteKind,
        card: Option<CardId>,
        line: Option<usize>,
        message: impl Into<String>,
    ) {
        let n = Note {
            kind,
            card,
            line,
            message: message.into(),
        };
        if !self.notes.contains(&n) && self.notes.len() < 200 {
            self.notes.push(n);
        }
    }

    // ---- cards -------------------------------------------------------------------------

    /// A new card instance from a definition, in `owner`'s `zone`.
    pub fn new_card(
        &mut self,
        def: &Arc<Primitive>,
        mtgid: i32,
        owner: PlayerId,
        zone: Zone,
    ) -> CardId {
        let card = card_from_primitive(def, mtgid);
        self.g.create_card(card, owner, zone)
    }

    pub fn prim(&self, id: CardId) -> Option<&Primitive> {
        self.g.card(id).def.get()
    }

    /// The card's primitive, shared (to make another card of it).
    pub fn prim_arc(&self, id: CardId) -> Option<Arc<Primitive>> {
        self.g.card(id).def.get_arc()
    }

    pub fn is_extra(&self, id: CardId) -> bool {
        self.extra.contains(&id)
    }

    /// Whether the card is in a battlefield (rules cards count as in play).
    pub fn in_play(&self, id: CardId) -> bool {
        self.is_extra(id) || self.g.card(id).zone == Zone::Battlefield
    }

    pub fn controller(&self, id: CardId) -> PlayerId {
        self.g.card(id).controller
    }

    pub fn has(&self, id: CardId, ability: &str) -> bool {
        match super::basic::BASIC_ABILITIES
            .iter()
            .position(|a| *a == ability)
        {
            Some(i) => self.g.card(id).cur.keywords.has(i),
            None => false,
        }
    }

    pub fn currently_acting(&self) -> PlayerId {
        self.interrupting.unwrap_or(self.current_action)
    }

    /// Moves a card (a new object: abilities of its old self die), with the zone-change event.
    /// Tokens that leave the battlefield cease to exist.
    pub fn put_in_zone(&mut self, card: CardId, player: PlayerId, to: Zone) {
        let was_token = self.g.card(card).token;
        if self.g.card(card).zone == Zone::Battlefield {
            let counters = self.g.card(card).counters.clone();
            self.last_counters.insert(card, counters);
            let eq: Vec<CardId> = self.equip_children.iter().map(|(e, _)| *e).collect();
            if eq.contains(&card) {
                self.unequip(card);
            }
        }
        if !self.flipped.is_empty() {
            self.unflip(card);
        }
        let (from_p, from_z) = self.g.move_card(card, player, to);
        if to == Zone::Stack {
            self.stack_seen.push((player, card));
        }
        {
            let c = &mut self.g.cards[card];
            c.cur.clone_from(&c.base);
        }
        self.bump();
        if to == Zone::Battlefield {
            self.g.card_mut(card).fresh = true;
        }
        self.recompute();
        self.event(Ev::ZoneChange {
            card,
            from: (from_p, from_z),
            to: (player, to),
        });
        if was_token && from_z == Zone::Battlefield && to != Zone::Battlefield {
            self.g.players[player].zone_mut(to).retain(|&c| c != card);
            self.g.card_mut(card).zone = Zone::Temp;
        }
        // Abilities of cards in other zones (autohand=, autograveyard=...).
        if to != Zone::Battlefield && to != Zone::Stack {
            let zone = match to {
                Zone::Hand => "hand",
                Zone::Graveyard => "graveyard",
                Zone::Exile => "exile",
                Zone::Library => "library",
                Zone::Command => "commandzone",
                _ => "",
            };
            if !zone.is_empty() {
                self.magic_text(card, None, zone);
            }
        }
    }

    pub fn graveyard(&mut self, card: CardId) {
        let owner = self.g.card(card).owner;
        // MTGPlayerCards::putInGraveyard: a card with exiledeath is exiled instead.
        if self.has(card, "exiledeath") {
            self.put_in_zone(card, owner, Zone::Exile);
            return;
        }
        self.put_in_zone(card, owner, Zone::Graveyard);
    }

    // ---- the action layer ---------------------------------------------------------------

    pub fn add_inst(&mut self, mut inst: Inst) -> usize {
        if let Some(Tgt::Card(t)) = inst.target
            && inst.tinc.is_none()
        {
            inst.tinc = Some(self.g.card(t).incarnation);
        }
        let lose = match (&inst.ab, inst.target) {
            (Ab::Effect(parse::Effect::LoseAbilities), Some(Tgt::Card(t))) => Some(t),
            _ => None,
        };
        self.layer.push(inst);
        self.bump();
        let i = self.layer.len() - 1;
        if let Some(t) = lose {
            self.lose_abilities(i, t);
        }
        i
    }

    /// ALoseAbilities::addToGame: the abilities of `t` leave the game (kept as the children of
    /// `i`, which come back when it ends), except those lords give it and other losers.
    fn lose_abilities(&mut self, i: usize, t: CardId) {
        let inc = self.g.card(t).incarnation;
        let mut taken = Vec::new();
        for j in 0..i {
            let inst = &self.layer[j];
            if inst.removed
                || inst.source != t
                || inst.permanent
                || inst.from_lord
                || matches!(inst.ab, Ab::Effect(parse::Effect::LoseAbilities))
            {
                continue;
            }
            self.layer[j].removed = true;
            taken.push((t, inc, j));
        }
        self.layer[i].children = taken;
    }

    pub fn alive(&self, i: usize) -> bool {
        !self.layer[i].removed
    }

    /// Parses the auto lines of `card` for `zone` and adds them: one-shot
    /// abilities resolve at once, the others join the action layer.
    pub fn magic_text(&mut self, card: CardId, spell: Option<&SpellInfo>, zone: &str) {
        let Some(prim) = self.prim_arc(card) else {
            return;
        };
        let mut lines: Vec<(String, Option<usize>)> = Vec::new();
        for (i, l) in prim.autos.iter().enumerate() {
            if l.zone == zone {
                lines.push((l.text.clone(), Some(i)));
            }
        }
        if lines.is_empty()
            && zone.is_empty()
            && prim.alias != 0
            && let Some(p) = self.db.by_id(prim.alias)
        {
            {
                for l in p.autos.iter().filter(|l| l.zone.is_empty()) {
                    lines.push((l.text.clone(), None));
                }
            }
        }
        if lines.is_empty() {
            return;
        }
        for (text, index) in lines {
            let expanded = self.db.expand_macros(&text);
            for line in expanded.split('\n') {
                self.g.tick().ok();
                let mut ctx = self.parse_ctx(card, spell);
                let Some(ab) = parse::parse(line, &mut ctx, false, false) else {
                    continue;
                };
                self.parsing = Some((card, index.unwrap_or(usize::MAX)));
                self.add_ability(ab, card, spell, index);
                self.parsing = None;
            }
        }
    }

    pub fn parse_ctx(&self, card: CardId, spell: Option<&SpellInfo>) -> parse::Ctx {
        let c = self.g.card(card);
        parse::Ctx {
            instant_or_sorcery: c.is("instant") || c.is("sorcery"),
            aura: c.is("aura"),
            spell: spell.is_some(),
            paid_with: spell.map(|s| s.paid_with).unwrap_or(c.paid_with),
            x: c.x,
            ..parse::Ctx::default()
        }
    }

    /// Adds one parsed ability of `card` (Wagic's magicText loop body).
    pub fn add_ability(
        &mut self,
        ab: Ab,
        card: CardId,
        spell: Option<&SpellInfo>,
        line: Option<usize>,
    ) {
        if let Ab::Rule(word) = &ab {
            let mut inst = Inst::new(Ab::Rule(word.clone()), card, 0, None);
            inst.permanent = true;
            self.add_inst(inst);
            return;
        }
        let c = self.g.card(card);
        let default_target = c.attached_to.map(Tgt::Card).unwrap_or(Tgt::Card(card));
        let spell_targets: Vec<Tgt> = spell.map(|s| s.targets.clone()).unwrap_or_default();
        let paid_with = spell.map(|s| s.paid_with).unwrap_or(c.paid_with);
        let inc = c.incarnation;
        if let Ab::Ueot(_) = ab {
            let t = spell_targets.first().copied().or(Some(default_target));
            self.resolve_ab(&ab, card, t, &spell_targets, None, paid_with, line);
            return;
        }
        if ab.one_shot() {
            if spell_targets.len() > 1 {
                for t in spell_targets.clone() {
                    self.resolve_ab(&ab, card, Some(t), &spell_targets, None, paid_with, line);
                }
            } else {
                let t = spell_targets.first().copied().or(Some(default_target));
                self.resolve_ab(&ab, card, t, &spell_targets, None, paid_with, line);
            }
        } else {
            // A transformation of a spell on the stack keeps it as its target (the new
            // abilities of a counter-unless-pay spell are played by the countered spell).
            let on_stack_ok = matches!(ab, Ab::Effect(parse::Effect::Transforms(_)));
            let t = spell_targets
                .first()
                .copied()
                .filter(|t| matches!(t, Tgt::Card(_)) || on_stack_ok && matches!(t, Tgt::Stack(_)))
                .or(Some(default_target));
            let duration = parse::duration_of(&ab);
            let mut inst = Inst::new(ab, card, inc, t);
            inst.paid_with = paid_with;
            inst.line = line;
            match duration {
                Some(parse::Duration::Ueot) => inst.ueot = true,
                Some(parse::Duration::Forever) => inst.forever = true,
                _ => {}
            }
            // An instant's or a sorcery's cast restriction lasts until end of turn, on the
            // player it targets (AInstantCastRestrictionUEOT).
            if matches!(
                inst.ab.core(),
                Ab::Effect(parse::Effect::CastRestriction { play: false, .. })
            ) && (self.g.card(card).is("instant") || self.g.card(card).is("sorcery"))
            {
                inst.ueot = true;
                inst.target = self.g.card(card).player_target.map(Tgt::Player);
            }
            if self.is_extra(card) {
                inst.permanent = true;
                inst.uninterruptible = true;
            }
            if matches!(inst.ab.core(), Ab::Effect(parse::Effect::AddMana(_))) {
                inst.uninterruptible = true;
            }
            let transforms = matches!(inst.ab, Ab::Effect(parse::Effect::Transforms(_)));
            let i = self.add_inst(inst);
            if transforms {
                self.transform_one_shots(i);
            }
            // An instant's or sorcery's effect applies as it is added (addToGame), before its
            // next abilities resolve (Magma Spray's exiledeath, then its damage).
            if spell.is_some()
                && (self.g.card(card).is("instant") || self.g.card(card).is("sorcery"))
            {
                self.recompute();
            }
        }
    }

    // ---- events ---------------------------------------------------------------------------

    /// Sends an event to every ability (queued while another is being dispatched).
    pub fn event(&mut self, e: Ev) {
        self.events.push_back(e);
        if self.dispatching {
            return;
        }
        self.dispatching = true;
        while let Some(e) = self.events.pop_front() {
            if self.g.tick().is_err() {
                break;
            }
            self.rules_on_event(&e);
            self.produce_extra_on(&e);
            let n = self.layer.len();
            for i in 0..n {
                if self.layer[i].removed {
                    continue;
                }
                self.trigger_on_event(i, &e);
            }
        }
        self.dispatching = false;
    }

    // ---- the stack ------------------------------------------------------------------------

    pub fn add_action(&mut self, item: StackItem) {
        self.decision = [Decision::NotDecided; 2];
        self.stack.push(item);
        self.bump();
    }

    pub fn latest_unresolved(&self) -> Option<usize> {
        (0..self.stack.len())
            .rev()
            .find(|&i| !self.stack[i].resolved)
    }

    pub fn has_unresolved(&self) -> bool {
        self.latest_unresolved().is_some()
    }

    /// ActionStack::Update: interrupt offers, then resolution.
    pub fn stack_update(&mut self) {
        self.ask = None;
        if self.current_target_chooser() {
            return;
        }
        let Some(top) = self.latest_unresolved() else {
            return;
        };
        let split_second = match &self.stack[top].obj {
            StackObj::Spell { card, .. } => self.has(*card, "split second"),
            _ => false,
        };
        if split_second {
            self.resolve_top();
            return;
        }
        let (me, other) = if self.currently_acting() != 0 {
            (1, 0)
        } else {
            (0, 1)
        };
        match self.decision[me] {
            Decision::NotDecided => {
                self.ask = Some(me);
                self.interrupting = Some(me);
            }
            Decision::Interrupt => {
                self.interrupting = Some(me);
            }
            Decision::DontInterrupt => match self.decision[other] {
                Decision::NotDecided => {
                    self.ask = Some(other);
                    self.interrupting = Some(other);
                }
                Decision::Interrupt => self.interrupting = Some(other),
                Decision::DontInterrupt => self.resolve_top(),
            },
        }
    }

    pub fn cancel_interrupt_offer(&mut self) {
        let p = if self.interrupting == Some(1) { 1 } else { 0 };
        self.decision[p] = Decision::DontInterrupt;
        self.ask = None;
        self.interrupting = None;
        self.bump();
    }

    pub fn set_interrupting(&mut self, player: PlayerId) {
        self.ask = None;
        if self.current_target_chooser() {
            return;
        }
        self.decision[player] = Decision::Interrupt;
        self.interrupting = Some(player);
        self.bump();
    }

    pub fn end_of_interruption(&mut self) {
        let p = if self.interrupting == Some(1) { 1 } else { 0 };
        self.decision[p] = Decision::NotDecided;
        self.interrupting = None;
        self.bump();
    }

    pub fn resolve_top(&mut self) {
        let Some(i) = self.latest_unresolved() else {
            return;
        };
        self.stack[i].resolved = true;
        self.bump();
        let obj = self.stack[i].obj.clone();
        match obj {
            StackObj::NextPhase => self.next_game_phase(),
            StackObj::Spell {
                card,
                targets,
                paid_with,
                from,
                storm_copy,
            } => {
                if storm_copy {
                    self.resolve_storm_copy(card, paid_with);
                } else {
                    self.resolve_spell(card, targets, paid_with, from);
                }
            }
            StackObj::Ability {
                ab,
                source,
                target,
                targets,
                trigger_card,
                paid_with,
                line,
            } => {
                // The card that made it fire is still known when it resolves (`trigger[to]`).
                let prev = std::mem::replace(&mut self.trigger_card, trigger_card);
                self.resolve_stack_ability(&ab, source, target, &targets, paid_with, line);
                self.trigger_card = prev;
            }
        }
        let more = self.has_unresolved();
        for d in self.decision.iter_mut() {
            if more || *d != Decision::Interrupt {
                *d = Decision::NotDecided;
            }
        }
        // A paid-choice menu opened by the resolution keeps its player interrupting
        // (MenuAbility::Update): the rest of the stack waits for the choice.
        if let Some(pm) = self.menu.as_ref().and_then(|m| m.pay.as_ref()) {
            let c = self.controller(pm.source);
            self.decision[c] = Decision::Interrupt;
            self.interrupting = Some(c);
        }
        if !more {
            self.stack.clear();
        }
    }

    pub fn add_next_game_phase(&mut self) {
        if self.has_unresolved() {
            return;
        }
        let controller = self.current_action;
        self.add_action(StackItem {
            obj: StackObj::NextPhase,
            resolved: false,
            controller,
        });
        let p = if self.current_action == 1 { 1 } else { 0 };
        self.decision[p] = Decision::DontInterrupt;
    }

    pub fn add_next_combat_step(&mut self) {
        if self.has_unresolved() {
            return;
        }
        let controller = self.current_action;
        self.add_action(StackItem {
            obj: StackObj::NextPhase,
            resolved: false,
            controller,
        });
    }

    /// Puts an ability on the stack (or resolves it at once when it cannot be interrupted).
    #[allow(clippy::too_many_arguments)]
    pub fn fire(
        &mut self,
        ab: Ab,
        source: CardId,
        target: Option<Tgt>,
        targets: Vec<Tgt>,
        trigger_card: Option<CardId>,
        uninterruptible: bool,
        paid_with: u32,
        line: Option<usize>,
    ) {
        if uninterruptible {
            self.resolve_stack_ability(&ab, source, target, &targets, paid_with, line);
            return;
        }
        let controller = self.controller(source);
        self.add_action(StackItem {
            obj: StackObj::Ability {
                ab,
                source,
                target,
                targets,
                trigger_card,
                paid_with,
                line,
            },
            resolved: false,
            controller,
        });
    }

    // ---- phases ---------------------------------------------------------------------------

    pub fn opponent(&self) -> PlayerId {
        1 - self.current
    }

    /// GameObserver::userRequestNextGamePhase.
    pub fn user_request_next_phase(&mut self, allow_interrupt: bool) {
        // A target chooser for "any amount" of targets is finished by the request: its source
        // is clicked, which casts or activates with the targets chosen so far.
        if let Some(st) = self.spell_tc.clone() {
            if self.tc_max(&st.tc, st.card) == super::targets::UNLIMITED {
                self.card_click(st.card);
            }
        } else if let Some(w) = self.waiting_ability() {
            let source = self.layer[w].source;
            let unlimited = match &self.layer[w].ab {
                Ab::Activated(a) => {
                    a.tc.as_ref()
                        .is_some_and(|tc| self.tc_max(tc, source) == super::targets::UNLIMITED)
                }
                _ => false,
            };
            if unlimited {
                self.waiting_click(w, Tgt::Card(source));
            }
        }
        if allow_interrupt && self.has_unresolved() {
            return;
        }
        if self.current_target_chooser() {
            return;
        }
        // Both players of the test suite are AI players: the phase change goes on the stack.
        if allow_interrupt {
            self.add_next_game_phase();
        } else {
            self.next_game_phase();
        }
    }

    pub fn next_game_phase(&mut self) {
        self.bump();
        let old = self.phase;
        if old == COMBATDAMAGE
            && matches!(
                self.combat,
                CombatStep::FirstStrike | CombatStep::EndFirstStrike | CombatStep::Damage
            )
        {
            self.next_combat_step();
            return;
        }
        if old == COMBATBLOCKERS
            && matches!(self.combat, CombatStep::Blockers | CombatStep::Triggers)
        {
            self.next_combat_step();
            return;
        }
        let mut new = (old + 1) % 14;
        if old == COMBATATTACKERS {
            self.rules_must_attack();
        }
        if old == COMBATATTACKERS && !self.any_attacker() {
            new = COMBATEND;
        }
        self.set_phase(new);
        if self.phase == COMBATDAMAGE {
            self.next_combat_step();
        }
        if self.phase == COMBATEND {
            self.combat = CombatStep::Blockers;
        }
        if self.phase == BEFORE_BEGIN {
            for p in 0..2 {
                self.g.players[p].damage_this_turn = 0;
            }
            self.g.players[self.current].lands_played = 0;
            self.combat = CombatStep::Blockers;
            self.next_game_phase();
            return;
        }
        if self.phase == AFTER_EOT {
            let cur = self.current;
            let hand_size = self.g.players[cur].hand_size.max(0) as usize;
            while self.g.players[cur].zone(Zone::Hand).len() > hand_size {
                let c = self.g.players[cur].zone(Zone::Hand)[0];
                self.event(Ev::Discarded {
                    card: c,
                    cycled: false,
                });
                self.graveyard(c);
                if self.g.tick().is_err() {
                    break;
                }
            }
            self.end_of_turn_cleanup();
            for p in 0..2 {
                self.g.players[p].life_lost_this_turn = 0;
                self.g.players[p].life_gained_this_turn = 0;
            }
            self.next_player();
            self.next_game_phase();
            return;
        }
        if self.phase == UNTAP {
            self.untap_phase();
        }
        if self.phase == COMBATBLOCKERS {
            self.rules_attackers_chosen();
        }
    }

    /// Whether `card` is phased out (treated as though it does not exist).
    pub fn is_phased(&self, card: CardId) -> bool {
        !self.phased_out.is_empty()
            && self
                .phased_out
                .iter()
                .any(|&(c, inc, _)| c == card && inc == self.g.card(card).incarnation)
    }

    fn set_phase(&mut self, new: usize) {
        let old = self.phase;
        self.phase = new;
        self.bump();
        self.on_phase_change(old, new);
    }

    fn next_player(&mut self) {
        self.g.turn += 1;
        self.stack_seen.clear();
        self.casts_this_turn = 0;
        let cur = self.current;
        if self.g.players[cur].extra_turns > 0 {
            self.g.players[cur].extra_turns -= 1;
        } else {
            self.current = 1 - cur;
        }
        if self.g.players[self.current].skip_turns > 0 {
            self.g.players[self.current].skip_turns -= 1;
            self.current = 1 - self.current;
        }
        self.current_action = self.current;
        self.combat = CombatStep::Blockers;
    }

    fn untap_phase(&mut self) {
        let cur = self.current;
        if !self.phased_out.is_empty() {
            // GameObserver: phased-out cards phase in at their controller's next untap step.
            let turn = self.g.turn;
            let phased = std::mem::take(&mut self.phased_out);
            for (c, inc, t) in phased {
                let gone = self.g.card(c).incarnation != inc;
                if gone || (self.controller(c) == cur && t != turn) {
                    self.bump();
                    continue;
                }
                self.phased_out.push((c, inc, t));
            }
        }
        for c in self.g.players[cur].zone(Zone::Battlefield).clone() {
            self.g.card_mut(c).sick = false;
            if self.has(c, "doesnotuntap") {
                continue;
            }
            if self.g.card(c).frozen > 0 {
                self.g.card_mut(c).frozen -= 1;
                continue;
            }
            if self.g.card(c).tapped {
                self.untap(c);
            }
        }
    }

    pub fn tap(&mut self, card: CardId, for_mana: bool) {
        if self.g.card(card).tapped {
            return;
        }
        self.g.card_mut(card).tapped = true;
        self.bump();
        self.event(Ev::Tapped {
            card,
            tapped: true,
            for_mana,
        });
    }

    pub fn untap(&mut self, card: CardId) {
        if !self.g.card(card).tapped {
            return;
        }
        self.g.card_mut(card).tapped = false;
        self.bump();
        self.event(Ev::Tapped {
            card,
            tapped: false,
            for_mana: false,
        });
    }

    /// The action layer sees the phase change: phase triggers, end-of-turn expiry.
    fn on_phase_change(&mut self, from: usize, to: usize) {
        self.event(Ev::PhaseChange { from, to });
        self.upkeep_costs_phase_change(from, to);
        if to == UNTAP && !self.circle_shields.is_empty() {
            // ACircleOfProtection::Update: the shields go at the untap step.
            self.circle_shields.clear();
        }
        if from == COMBATATTACKERS {
            self.rules_leave_attackers();
            self.exalted_triggers();
        }
        if from == COMBATEND {
            self.rules_leave_combat_end();
        }
    }

    fn end_of_turn_cleanup(&mut self) {
        self.end_links_at_end_of_turn();
        for c in std::mem::take(&mut self.blinked) {
            if self.g.card(c).zone == Zone::Exile {
                self.return_blinked(c);
            }
        }
        for i in 0..self.layer.len() {
            if self.layer[i].ueot && !self.layer[i].removed {
                self.remove_inst(i);
            }
        }
        for p in 0..2 {
            self.g.players[p].preventable = 0;
            for c in self.g.players[p].zone(Zone::Battlefield).clone() {
                let card = self.g.card_mut(c);
                card.preventable = 0;
                card.did_attack = false;
                card.did_block = false;
                card.was_dealt_damage = false;
                card.dealt_damage_to = 0;
                card.fresh = false;
            }
        }
        for inst in self.layer.iter_mut() {
            inst.counters = 0;
        }
        self.recompute();
    }

    pub fn remove_inst(&mut self, i: usize) {
        if self.layer[i].removed {
            return;
        }
        self.layer[i].removed = true;
        let children = std::mem::take(&mut self.layer[i].children);
        if matches!(self.layer[i].ab, Ab::Effect(parse::Effect::LoseAbilities)) {
            // ALoseAbilities::destroy: the abilities taken come back.
            for (_, _, child) in children {
                if let Some(inst) = self.layer.get_mut(child) {
                    inst.removed = false;
                }
            }
            self.bump();
            return;
        }
        for (_, _, child) in children {
            // (A transformation that gives no lasting ability keeps a placeholder.)
            if child < self.layer.len() {
                self.remove_inst(child);
            }
        }
        if self.layer[i].waiting.is_some() {
            self.layer[i].waiting = None;
        }
        self.bump();
    }

    // ---- the update loop ------------------------------------------------------------------

    /// Whether an ability or a spell is waiting for targets.
    pub fn current_target_chooser(&self) -> bool {
        self.spell_tc.is_some() || self.waiting_ability().is_some()
    }

    pub fn waiting_ability(&self) -> Option<usize> {
        self.layer
            .iter()
            .position(|i| !i.removed && i.waiting.is_some())
    }

    /// One frame of GameObserver::Update, without the player's action.
    /// Returns the player who acts in this frame.
    pub fn update(&mut self) -> PlayerId {
        let _ = self.g.tick();
        let mut player = self.current;
        if self.phase == COMBATBLOCKERS && self.combat == CombatStep::Blockers {
            player = 1 - player;
        }
        self.current_action = player;
        if let Some(p) = self.interrupting {
            player = p;
        }
        self.stack_update();
        self.layer_update();
        self.state_based_effects();
        player
    }

    /// The action layer's Update: dead abilities go, lords refresh, may abilities open menus.
    pub fn layer_update(&mut self) {
        // testDestroy
        for i in 0..self.layer.len() {
            if self.layer[i].removed || self.layer[i].permanent {
                continue;
            }
            if self.should_destroy(i) {
                self.remove_inst(i);
            }
        }
        self.phase_actions_update();
        self.refresh_lords();
        self.refresh_transforms();
        self.recompute();
        // May abilities
        for i in 0..self.layer.len() {
            if self.layer[i].removed || self.layer[i].triggered {
                continue;
            }
            if let Ab::May { .. } = self.layer[i].ab {
                if self.current_target_chooser() {
                    continue;
                }
                if let Some(m) = &self.menu
                    && (m.object != Tgt::Card(self.layer[i].source)
                        || m.choose.is_some()
                        || m.pay.is_some())
                {
                    continue;
                }
                self.open_may(i);
            }
        }
    }

    fn should_destroy(&self, i: usize) -> bool {
        let inst = &self.layer[i];
        if inst.waiting.is_some() || inst.from_lord {
            return false;
        }
        if inst.force_destroy {
            return true;
        }
        // TriggerNextPhase::testDestroy: an `@next` trigger waits for its phase wherever its
        // card went (an instant's, in the graveyard), and goes once it fired.
        if let Ab::Triggered {
            trigger: Trigger::Phase { next: true, .. },
            ..
        } = inst.ab
        {
            return false;
        }
        if let Ab::May { .. } = inst.ab {
            if !inst.triggered {
                return false;
            }
            // MayAbility::testDestroy: not while a menu is open.
            return self.menu.is_none();
        }
        if let (Some(Tgt::Card(t)), Some(tinc)) = (inst.target, inst.tinc)
            && !self.is_extra(t)
            && (self.g.card(t).incarnation != tinc
                // InstantAbility::testDestroy: an until-end-of-turn effect on a card outside
                // play (Scout's Warning's flash on a card in hand) lasts while it stays there.
                || (self.g.card(t).zone != Zone::Battlefield && !inst.ueot))
            && !matches!(
                inst.ab,
                Ab::Triggered { .. }
                    | Ab::Activated(_)
                    | Ab::Effect(parse::Effect::PreventTypes { ueot: true, .. })
            )
        {
            return true;
        }
        if inst.ueot || inst.forever {
            return false;
        }
        if self.is_extra(inst.source) {
            return false;
        }
        let card = self.g.card(inst.source);
        if card.incarnation != inst.inc {
            return true;
        }
        if !self.in_play(inst.source) {
            // Abilities of cards in other zones live while the card stays there.
            return card.zone == Zone::Stack;
        }
        false
    }

    /// gameStateBasedEffects (the parts the engine plays).
    pub fn state_based_effects(&mut self) {
        if self.has_unresolved() || self.menu.is_some() || self.current_target_chooser() {
            self.combat_triggers_step();
            return;
        }
        self.check_links();
        // End-of-turn effects of gameStateBasedEffects: in the cleanup step a creature with
        // treason is sacrificed and one with unearth is exiled.
        if self.phase == CLEANUP {
            for c in self.g.battlefield() {
                if self.g.card(c).zone != Zone::Battlefield {
                    continue;
                }
                if self.has(c, "treason") {
                    self.graveyard(c);
                    self.event(Ev::Sacrificed {
                        card: c,
                        as_cost: false,
                    });
                } else if self.has(c, "unearth") {
                    let owner = self.g.card(c).owner;
                    self.put_in_zone(c, owner, Zone::Exile);
                }
            }
        }
        for _round in 0..4 {
            let mut changed = false;
            for c in self.g.battlefield() {
                let card = self.g.card(c);
                if card.zone != Zone::Battlefield {
                    continue;
                }
                if card.is_creature()
                    && card.cur.toughness - card.damage <= 0
                    && !self.has(c, "indestructible")
                {
                    if card.cur.toughness <= 0 {
                        self.graveyard(c);
                    } else {
                        self.destroy(c, false);
                    }
                    changed = true;
                    continue;
                }
                if self.g.card(c).is("planeswalker")
                    && self.g.card(c).counter_count("loyalty", 0, 0) <= 0
                {
                    self.graveyard(c);
                    changed = true;
                    continue;
                }
                let card = self.g.card(c);
                if let Some(t) = card.attached_to
                    && !card.is("equipment")
                    && !self.in_play(t)
                {
                    self.graveyard(c);
                    changed = true;
                    continue;
                }
                // Protection from a quality (GameObserver::gameStateBasedEffects): equipment
                // with it becomes unattached; an aura with it goes to the graveyard, unless it
                // has auraward.
                let card = self.g.card(c);
                if let Some(t) = card.attached_to
                    && self.in_play(t)
                    && self.protected_against(t, c)
                {
                    if card.is("equipment") {
                        self.unequip(c);
                        changed = true;
                    } else if !self.has(c, "auraward") {
                        self.graveyard(c);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        self.combat_triggers_step();
    }

    fn combat_triggers_step(&mut self) {
        if self.combat == CombatStep::Triggers
            && !self.has_unresolved()
            && !self.current_target_chooser()
        {
            self.add_next_combat_step();
        }
    }

    /// Runs frames until nothing changes (or a bound), then returns who acts.
    pub fn settle(&mut self) -> PlayerId {
        let mut player = self.update();
        for _ in 0..64 {
            let before = self.progress;
            if self.g.steps > self.g.budget {
                break;
            }
            player = self.update();
            if self.progress == before {
                break;
            }
        }
        player
    }

    // ---- clicks ---------------------------------------------------------------------------

    /// GameObserver::cardClick on a card.
    pub fn card_click(&mut self, card: CardId) {
        self.bump();
        let mut card = card;
        if let Some(st) = self.spell_tc.clone() {
            if card == st.card {
                let n = st.targets.len() as i32;
                let max = self.tc_max(&st.tc, st.card);
                let ready = n > 0 && (st.tc.upto || n >= max);
                if !ready {
                    return;
                }
            } else {
                if !self.toggle_spell_target(Tgt::Card(card)) {
                    return;
                }
                card = st.card;
            }
            let rule = st.rule.clone();
            self.cast_with_rule(&rule, card);
            return;
        }
        if self.phase == COMBATBLOCKERS && self.combat == CombatStep::Order {
            self.raise_blocker_rank(card);
            return;
        }
        if let Some(w) = self.waiting_ability() {
            self.waiting_click(w, Tgt::Card(card));
            return;
        }
        let reacting: Vec<usize> = (0..self.layer.len())
            .filter(|&i| !self.layer[i].removed && self.is_reacting_to_click(i, card))
            .collect();
        if std::env::var_os("CARDLINT_TRACE").is_some() {
            eprintln!("  reacting to click: {reacting:?}");
            for &i in &reacting {
                let l = &self.layer[i];
                eprintln!(
                    "    {i}: src {:?} lord {} {:?}",
                    l.source, l.from_lord, l.ab
                );
            }
            eprintln!("    types {:?}", self.g.card(card).cur.types);
        }
        let cur = self.current;
        let hand_size = self.g.players[cur].hand_size.max(0) as usize;
        if self.g.players[cur].zone(Zone::Hand).contains(&card)
            && self.phase == CLEANUP
            && self.g.players[cur].zone(Zone::Hand).len() > hand_size
        {
            self.graveyard(card);
            return;
        }
        match reacting.len() {
            0 => {
                if self.g.card(card).tapped && self.controller(card) == self.current {
                    // Untapping by click is refused unless the card can untap (never here).
                }
            }
            1 => self.react_to_click(reacting[0], card),
            _ => {
                let mut items: Vec<Option<usize>> = reacting.into_iter().map(Some).collect();
                items.push(None);
                self.menu = Some(Menu {
                    object: Tgt::Card(card),
                    items,
                    prev_interrupter: self.interrupting,
                    may: None,
                    choose: None,
                    pay: None,
                });
            }
        }
    }

    /// GameObserver::cardClick on a player.
    pub fn player_click(&mut self, player: PlayerId) {
        self.bump();
        if self.spell_tc.is_some() {
            if self.toggle_spell_target(Tgt::Player(player)) {
                let st = self.spell_tc.clone().expect("targeting");
                self.cast_with_rule(&st.rule, st.card);
            }
            return;
        }
        if let Some(w) = self.waiting_ability() {
            self.waiting_click(w, Tgt::Player(player));
        }
    }

    /// A click on a stack item (the test runner clicks stack objects by id).
    pub fn stack_click(&mut self, index: usize) {
        self.bump();
        if self.spell_tc.is_some() {
            if self.toggle_spell_target(Tgt::Stack(index)) {
                let st = self.spell_tc.clone().expect("targeting");
                self.cast_with_rule(&st.rule, st.card);
            }
            return;
        }
        if let Some(w) = self.waiting_ability() {
            self.waiting_click(w, Tgt::Stack(index));
        }
    }

    /// `choice n` on the open menu.
    pub fn choose(&mut self, n: usize) {
        let Some(menu) = self.menu.take() else {
            return;
        };
        self.bump();
        if let Some(pm) = menu.pay {
            self.choose_paid(*pm, n, menu.prev_interrupter);
            return;
        }
        let Some(item) = menu.items.get(n).copied() else {
            return;
        };
        if menu.may.is_some() {
            self.interrupting = menu.prev_interrupter;
        }
        if let Some(c) = menu.choose {
            self.chosen(c, n);
            return;
        }
        match item {
            None => {}
            Some(i) => {
                if let Tgt::Card(c) = menu.object {
                    self.react_to_menu(i, c);
                }
            }
        }
    }

    /// Opens the menu of a GenericPaidAbility to the controller of `source`.
    pub fn open_pay_menu(&mut self, pm: PayMenu) {
        if std::env::var_os("CARDLINT_TRACE").is_some() {
            eprintln!(
                "  pay menu of {:?}: {:?} for {:?}",
                pm.source, pm.cost, pm.options
            );
        }
        let mut items: Vec<Option<usize>> = vec![None; pm.options.len()];
        if pm.options.len() < 2 {
            // One choice alone may be declined.
            items.push(None);
        }
        let prev = self.interrupting;
        let controller = self.controller(pm.source);
        self.menu = Some(Menu {
            object: Tgt::Card(pm.source),
            items,
            prev_interrupter: prev,
            may: None,
            choose: None,
            pay: Some(Box::new(pm)),
        });
        self.interrupting = Some(controller);
        self.decision[controller] = Decision::Interrupt;
        self.bump();
    }

    /// MenuAbility::reactToChoiceClick with an optional cost: the first choice is played once
    /// its cost is paid from the controller's pool (nothing happens if it cannot be paid).
    fn choose_paid(&mut self, pm: PayMenu, n: usize, prev: Option<PlayerId>) {
        let controller = self.controller(pm.source);
        // MenuAbility::processAbility: the chooser's interruption ends with the choice.
        let end_interruption = |g: &mut Self| {
            if g.interrupting == Some(controller) {
                g.cancel_interrupt_offer();
            } else {
                g.interrupting = g.interrupting.or(prev);
            }
        };
        let Some(ab) = pm.options.get(n) else {
            end_interruption(self);
            return;
        };
        if std::env::var_os("CARDLINT_TRACE").is_some() {
            eprintln!("  paid choice {n} by p{} of {:?}", controller + 1, pm.cost);
        }
        if n == 0 && !self.g.players[controller].pool.pay(&pm.cost) {
            end_interruption(self);
            return;
        }
        let ab = ab.clone();
        self.resolve_ab(&ab, pm.source, pm.target, &[], None, 0, pm.line);
        end_interruption(self);
    }

    fn open_may(&mut self, i: usize) {
        self.layer[i].triggered = true;
        let Ab::May { inner, .. } = self.layer[i].ab.clone() else {
            return;
        };
        if let Ab::Targeted { tc, .. } = inner.as_ref()
            && !self.valid_targets_exist(tc, self.layer[i].source, 1)
        {
            return;
        }
        let source = self.layer[i].source;
        let mut items: Vec<Option<usize>> = Vec::new();
        for j in 0..self.layer.len() {
            if self.layer[j].removed {
                continue;
            }
            // MayAbility::isReactingToTargetClick: every may ability of the card is in its
            // menu (Twitch: tap or untap); those offered here will not open menus of their own.
            let other_may = j != i
                && matches!(self.layer[j].ab, Ab::May { .. })
                && !self.layer[j].triggered
                && self.layer[j].source == source;
            let reacts = if j == i || other_may {
                true
            } else if matches!(self.layer[j].ab, Ab::May { .. }) {
                self.layer[j].source == source
            } else {
                self.is_reacting_to_click(j, source)
            };
            if other_may {
                self.layer[j].triggered = true;
            }
            if reacts {
                items.push(Some(j));
            }
        }
        // ActionLayer::setMenuObject: abilities with a cost (and rules) are left out of a menu
        // that holds abilities without one (the may ability itself): an activated ability of
        // the card never shares the menu of a may ability.
        let costed = |ab: &Ab| match ab {
            Ab::Rule(_) => true,
            Ab::Activated(a) => a.cost.is_some(),
            Ab::Equip { cost, .. } => cost.is_some(),
            _ => false,
        };
        if items.iter().flatten().any(|&j| !costed(&self.layer[j].ab)) {
            items.retain(|j| j.is_some_and(|j| !costed(&self.layer[j].ab)));
        }
        let must = matches!(self.layer[i].ab, Ab::May { must: true, .. });
        if !must {
            items.push(None);
        }
        let prev = self.interrupting;
        self.menu = Some(Menu {
            object: Tgt::Card(source),
            items,
            prev_interrupter: prev,
            may: Some(i),
            choose: None,
            pay: None,
        });
        let controller = self.controller(source);
        self.interrupting = Some(controller);
        self.decision[controller] = Decision::Interrupt;
        self.bump();
    }
}

/// What the spell being resolved brings to its card's abilities.
#[derive(Clone, Debug, Default)]
pub struct SpellInfo {
    pub targets: Vec<Tgt>,
    pub paid_with: u32,
}

/// A card instance's printed characteristics.
pub fn card_from_primitive(def: &Arc<Primitive>, mtgid: i32) -> Card {
    let mut types = def.types.clone();
    if types.is_empty() {
        types.push(String::new());
        types.clear();
    }
    Card {
        mtgid,
        def: CardDef::new(def.clone()),
        base: Chars {
            name: def.name.clone(),
            types,
            colors: def.colors,
            power: def.power,
            toughness: def.toughness,
            keywords: def.basic,
        },
        mana_cost: def.mana.clone(),
        ..Card::default()
    }
}

/// The mana an `add{...}` produces.
pub fn mana_of(ab: &Ab) -> Option<Mana> {
    match ab {
        Ab::Effect(parse::Effect::AddMana(m)) => Some(m.clone()),
        _ => None,
    }
}

pub fn is_trigger(ab: &Ab) -> Option<&Trigger> {
    match ab {
        Ab::Triggered { trigger, .. } => Some(trigger),
        _ => None,
    }
}
