//! Combat damage as Wagic's combat screen does it: combat steps (blockers, triggers, order, first
//! strike, damage), damage assigned in blocker order (each blocker gets up to its toughness, the
//! rest goes to the first blocker unless the attacker tramples), dealt all at once.

use super::runtime::*;
use crate::core::game::CardId;

/// One damage assignment.
#[derive(Clone, Copy, Debug)]
struct Assign {
    source: CardId,
    target: Tgt,
    amount: i32,
}

impl WGame<'_> {
    /// MTGCardInstance::initAttackersDefensers: the card attacks and blocks nothing any more,
    /// and its blockers are no longer blocking it.
    pub fn remove_from_combat(&mut self, card: CardId) {
        let c = self.g.card_mut(card);
        c.attacking = false;
        c.attacking_card = None;
        c.did_attack = false;
        c.did_block = false;
        let blocking = c.blocking.take();
        let blockers = std::mem::take(&mut c.blockers);
        if let Some(a) = blocking {
            self.g.card_mut(a).blockers.retain(|&b| b != card);
        }
        for b in blockers {
            if self.g.card(b).blocking == Some(card) {
                self.g.card_mut(b).blocking = None;
            }
        }
        self.gui.blocked.retain(|&a| a != card);
        self.bump();
    }

    fn step_power(&self, card: CardId, first_strike_step: bool) -> i32 {
        let fs = self.has(card, "first strike");
        let ds = self.has(card, "double strike");
        // MTGCardInstance::stepPower: `combattoughness` assigns the toughness instead.
        let c = &self.g.card(card).cur;
        let power = if self.has(card, "combattoughness") {
            c.toughness
        } else {
            c.power
        }
        .max(0);
        if first_strike_step {
            if fs || ds { power } else { 0 }
        } else if fs && !ds {
            0
        } else {
            power
        }
    }

    /// The attackers still in play with their blockers still in play.
    fn live_attackers(&self) -> Vec<(CardId, Vec<CardId>)> {
        self.gui
            .attackers
            .iter()
            .filter(|(a, _)| {
                self.g.card(*a).attacking
                    && self.g.card(*a).zone == crate::core::game::Zone::Battlefield
            })
            .map(|(a, bs)| {
                (
                    *a,
                    bs.iter()
                        .copied()
                        .filter(|&b| {
                            self.g.card(b).zone == crate::core::game::Zone::Battlefield
                                && self.g.card(b).blocking == Some(*a)
                        })
                        .collect(),
                )
            })
            .collect()
    }

    /// GuiCombat::autoaffectDamage for every attacker.
    fn assign(&self, first_strike_step: bool) -> Vec<Assign> {
        let mut out = Vec::new();
        for (a, blockers) in self.live_attackers() {
            let mut damage = self.step_power(a, first_strike_step);
            let total = damage;
            let mut per_blocker: Vec<i32> = vec![0; blockers.len()];
            for (i, &b) in blockers.iter().enumerate() {
                let mut actual = damage.min(self.g.card(b).cur.toughness.max(0));
                if self.has(a, "deathtouch") && actual > 1 {
                    actual = 1;
                }
                per_blocker[i] += actual;
                damage -= actual;
                let back = self.step_power(b, first_strike_step);
                if back > 0 {
                    out.push(Assign {
                        source: b,
                        target: Tgt::Card(a),
                        amount: back,
                    });
                }
            }
            if damage > 0 && !blockers.is_empty() && !self.has(a, "trample") {
                per_blocker[0] += damage;
            }
            let mut dealt = 0;
            for (i, &b) in blockers.iter().enumerate() {
                if per_blocker[i] > 0 {
                    out.push(Assign {
                        source: a,
                        target: Tgt::Card(b),
                        amount: per_blocker[i],
                    });
                    dealt += per_blocker[i];
                }
            }
            let rest = total - dealt;
            let blocked = self.gui.blocked.contains(&a);
            if rest > 0 && (!blocked || self.has(a, "trample")) {
                let target = match self.g.card(a).attacking_card {
                    Some(pw) => Tgt::Card(pw),
                    None => Tgt::Player(1 - self.current),
                };
                out.push(Assign {
                    source: a,
                    target,
                    amount: rest,
                });
            }
        }
        out
    }

    /// Deals the assigned damage at once; returns how many damage objects there were.
    fn resolve_combat_damage(&mut self, first_strike_step: bool) -> usize {
        let assigns = self.assign(first_strike_step);
        let mut dealt = Vec::new();
        for a in assigns.iter().rev() {
            if self.apply_damage(a.source, a.target, a.amount, true) {
                dealt.push(a.target);
            }
        }
        for t in dealt {
            if let Tgt::Card(c) = t {
                self.after_damage(c);
            }
        }
        assigns.len()
    }

    /// Whether any attacker needs a damage-assignment choice in this step.
    fn needs_assignment(&self, first_strike_step: bool) -> bool {
        self.live_attackers().iter().any(|(a, bs)| {
            let fs = self.has(*a, "first strike");
            let ds = self.has(*a, "double strike");
            let shows = ds || (fs ^ !first_strike_step);
            let min = if self.has(*a, "trample") { 0 } else { 1 };
            shows && min < bs.len()
        })
    }

    /// GameObserver::nextCombatStep, with the combat screen's reactions.
    pub fn next_combat_step(&mut self) {
        self.bump();
        match self.combat {
            CombatStep::Blockers => {
                self.rules_blockers_chosen();
                self.gui.blocked = self
                    .gui
                    .attackers
                    .iter()
                    .filter(|(_, bs)| !bs.is_empty())
                    .map(|(a, _)| *a)
                    .collect();
                self.combat = CombatStep::Triggers;
            }
            CombatStep::Triggers => {
                self.combat = CombatStep::Order;
                if self.live_attackers().iter().any(|(_, bs)| bs.len() > 1) {
                    self.gui.waiting = true;
                } else {
                    self.gui.waiting = false;
                    self.user_request_next_phase(false);
                }
            }
            CombatStep::Order => {
                self.combat = CombatStep::FirstStrike;
                let any_first = self
                    .live_attackers()
                    .iter()
                    .any(|(a, _)| self.has(*a, "first strike") || self.has(*a, "double strike"));
                if any_first && self.needs_assignment(true) {
                    self.gui.waiting = true;
                } else {
                    self.next_combat_step();
                }
            }
            CombatStep::FirstStrike => {
                self.combat = CombatStep::EndFirstStrike;
                self.gui.waiting = false;
                if self.resolve_combat_damage(true) == 0 {
                    self.next_combat_step();
                }
            }
            CombatStep::EndFirstStrike => {
                self.combat = CombatStep::Damage;
                if self.needs_assignment(false) {
                    self.gui.waiting = true;
                } else {
                    self.next_combat_step();
                }
            }
            CombatStep::Damage => {
                self.combat = CombatStep::EndDamage;
                self.gui.waiting = false;
                if self.resolve_combat_damage(false) == 0 {
                    self.user_request_next_phase(false);
                }
            }
            CombatStep::EndDamage => {}
        }
    }

    /// MTGCardInstance::raiseBlockerRankOrder: a blocker clicked while blockers are ordered
    /// swaps places with the one before it (the first one with the second).
    pub fn raise_blocker_rank(&mut self, blocker: CardId) {
        let Some(a) = self.g.card(blocker).blocking else {
            return;
        };
        let Some((_, bs)) = self.gui.attackers.iter_mut().find(|(x, _)| *x == a) else {
            return;
        };
        let Some(i) = bs.iter().position(|&b| b == blocker) else {
            return;
        };
        let j = if i == 0 { 1 } else { i - 1 };
        if j < bs.len() {
            bs.swap(i, j);
        }
    }

    /// GuiCombat::clickOK.
    pub fn click_ok(&mut self) {
        match self.combat {
            CombatStep::Order => self.user_request_next_phase(true),
            CombatStep::Damage => self.user_request_next_phase(false),
            _ => {}
        }
    }
}
