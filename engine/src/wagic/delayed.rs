//! Delayed actions: `phaseaction[...]` (APhaseAction) waits for a phase, then plays its
//! ability on its target (wherever that card has gone). Also the card changes that last until
//! the card leaves play: `flip(name)` (AAFlip).

use super::parse::{self, PhaseAction};
use super::runtime::*;
use super::state::{Flipped, LivePhaseAction};
use crate::core::game::{CardId, Zone};

/// More waiting actions than this are not added (a runaway loop of triggers).
const MAX_PHASE_ACTIONS: usize = 200;

impl WGame<'_> {
    /// APhaseActionGeneric::resolve: the delayed action joins the game, aimed at `target`.
    pub fn add_phase_action(
        &mut self,
        action: &PhaseAction,
        source: CardId,
        target: CardId,
        line: Option<usize>,
    ) {
        if self.phase_actions.len() >= MAX_PHASE_ACTIONS {
            return;
        }
        self.phase_actions.push(LivePhaseAction {
            action: action.clone(),
            source,
            source_inc: self.g.card(source).incarnation,
            target,
            target_inc: self.g.card(target).incarnation,
            seen: None,
            armed: !action.skip_first,
            done: false,
            line,
        });
        self.bump();
    }

    fn same_in_play(&self, card: CardId, inc: u32) -> bool {
        self.in_play(card) && (self.is_extra(card) || self.g.card(card).incarnation == inc)
    }

    /// APhaseAction::testDestroy and Update, once per frame of the action layer.
    pub fn phase_actions_update(&mut self) {
        if self.phase_actions.is_empty() {
            return;
        }
        let phase = self.phase;
        let mut i = 0;
        while i < self.phase_actions.len() {
            let a = self.phase_actions[i].clone();
            i += 1;
            if a.done {
                continue;
            }
            // `sourceinplay`: an ordinary ability, gone with its source or its target.
            if a.action.source_in_play
                && (!self.same_in_play(a.source, a.source_inc)
                    || !self.same_in_play(a.target, a.target_inc))
            {
                self.phase_actions[i - 1].done = true;
                continue;
            }
            if a.action.check_exile && self.g.card(a.target).zone != Zone::Exile {
                self.phase_actions[i - 1].done = true;
                continue;
            }
            self.phase_actions[i - 1].seen = Some(phase);
            if a.seen == Some(phase) {
                continue;
            }
            let mine = self.current == self.controller(a.source);
            if !((a.action.my_turn && mine) || (a.action.opponent_turn && !mine)) {
                continue;
            }
            if phase != a.action.phase {
                continue;
            }
            if !a.armed {
                self.phase_actions[i - 1].armed = true;
                continue;
            }
            // A target that ceased to exist (a token gone) ends the action unplayed.
            let gone = self.g.card(a.target).zone == Zone::Temp && a.target != a.source;
            if a.action.ability.is_empty() || gone {
                self.phase_actions[i - 1].done = true;
                continue;
            }
            if a.action.once {
                self.phase_actions[i - 1].done = true;
            }
            self.bump();
            // The ability is the target's own: parsed for that card and resolved at once.
            let mut ctx = self.parse_ctx(a.target, None);
            if let Some(ab) = parse::parse(&a.action.ability, &mut ctx, false, false) {
                self.resolve_ab(
                    &ab,
                    a.target,
                    Some(Tgt::Card(a.target)),
                    &[],
                    None,
                    0,
                    a.line,
                );
            }
        }
        self.phase_actions.retain(|a| !a.done);
    }

    /// AAFlip::resolve: the card becomes the named card where it is. Its own abilities leave
    /// the game and the new card's abilities join it (one-shot ones are played at once). A name
    /// the card pool does not know flips nothing.
    pub fn flip(&mut self, card: CardId, name: &str) {
        let def = self
            .db
            .by_lc_name(&name.to_lowercase())
            .map(|(i, p)| (i, p.clone()))
            .or_else(|| self.db.definition(name).map(|p| (0, p.clone())));
        let Some((mtgid, def)) = def else {
            return;
        };
        if !self.flipped.iter().any(|f| f.card == card) {
            let c = self.g.card(card);
            self.flipped.push(Flipped {
                card,
                def: c.def.clone(),
                base: c.base.clone(),
            });
        }
        let inc = self.g.card(card).incarnation;
        for i in 0..self.layer.len() {
            let inst = &self.layer[i];
            if inst.source == card
                && inst.inc == inc
                && !inst.removed
                && !inst.permanent
                && !inst.ueot
                && !inst.forever
            {
                self.remove_inst(i);
            }
        }
        let printed = card_from_primitive(&def, mtgid);
        let c = self.g.card_mut(card);
        c.def = printed.def;
        c.base = printed.base;
        self.bump();
        self.magic_text(card, None, "");
        self.recompute();
    }

    /// A flipped card that changes zones is its printed self again.
    pub fn unflip(&mut self, card: CardId) {
        if let Some(i) = self.flipped.iter().position(|f| f.card == card) {
            let f = self.flipped.swap_remove(i);
            let c = self.g.card_mut(card);
            c.def = f.def;
            c.base = f.base;
        }
    }
}

impl WGame<'_> {
    /// AUpkeep's cost now: a cumulative cost is paid once per age counter.
    pub fn upkeep_cost(&self, u: &parse::Upkeep, source: CardId) -> parse::Cost {
        let mut cost = u.cost.clone();
        if u.cumulative {
            let age = self.g.card(source).counter_count("age", 0, 0);
            for _ in 1..age {
                cost.mana.add(&u.cost.mana);
                cost.extras.extend(u.cost.extras.iter().cloned());
            }
        }
        cost
    }

    /// AUpkeep::receiveEvent and Update at a phase change: age counters at the controller's
    /// upkeep, the ability when the upkeep ends unpaid, `next` costs spent after their phase.
    pub fn upkeep_costs_phase_change(&mut self, from: usize, to: usize) {
        for i in 0..self.layer.len() {
            let parse::Ab::Upkeep(u) = &self.layer[i].ab else {
                continue;
            };
            if self.layer[i].removed || self.layer[i].fired {
                continue;
            }
            let u = u.clone();
            let source = self.layer[i].source;
            if self.layer[i].inc != self.g.card(source).incarnation
                || self.g.card(source).zone != Zone::Battlefield
                || self.controller(source) != self.current
            {
                continue;
            }
            if from == UPKEEP && to == DRAW && self.layer[i].counters < 1 {
                let line = self.layer[i].line;
                let target = self.layer[i].target;
                self.resolve_ab(&u.effect, source, target, &[], None, 0, line);
            }
            if to == UPKEEP && u.cumulative {
                self.add_counters(source, 0, 0, 1, "age");
            }
            if u.once && to == u.phase + 1 {
                self.layer[i].fired = true;
            }
        }
    }
}
