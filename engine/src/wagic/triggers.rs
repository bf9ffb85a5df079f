//! Triggered abilities: matching events against trigger texts, then firing.

use super::parse::{Ab, Trigger};
use super::runtime::*;
use super::targets::TargetSpec;
use crate::core::game::{CardId, PlayerId, Zone};

impl WGame<'_> {
    /// Whether a zone spec names `player`'s `zone` (for an ability of `source`).
    fn targets_zone(
        &self,
        tc: &TargetSpec,
        source: CardId,
        player: PlayerId,
        zone: Zone,
        card: CardId,
    ) -> bool {
        let me = self.controller(source);
        tc.zones.iter().any(|z| {
            z.zone == zone
                && match z.whose {
                    super::targets::Whose::My => player == me,
                    super::targets::Whose::Opponent => player != me,
                    super::targets::Whose::Both => true,
                    super::targets::Whose::Owner => player == self.g.card(card).owner,
                    super::targets::Whose::TargetController => {
                        match self.g.card(source).attached_to {
                            Some(t) => player == self.controller(t),
                            None => player == me,
                        }
                    }
                }
        })
    }

    /// A card spec tested against a card wherever it is.
    fn card_matches(&self, tc: &TargetSpec, source: CardId, card: CardId) -> bool {
        match &tc.kind {
            super::targets::TcKind::This => card == source,
            super::targets::TcKind::MyTgt => self.g.card(source).attached_to == Some(card),
            super::targets::TcKind::Any => true,
            super::targets::TcKind::Types(_) | super::targets::TcKind::Descriptor(..) => {
                if tc.other && card == source {
                    return false;
                }
                self.matches_kind(tc, source, card)
            }
            super::targets::TcKind::Damageable => self.g.card(card).is_creature(),
            _ => false,
        }
    }

    /// A card spec with its zones (as when targeting, without protections).
    fn card_in_spec(&self, tc: &TargetSpec, source: CardId, card: CardId) -> bool {
        self.can_target(tc, source, Tgt::Card(card), false)
    }

    fn player_matches(&self, tc: &TargetSpec, source: CardId, p: PlayerId) -> bool {
        self.can_target(tc, source, Tgt::Player(p), false)
    }

    pub fn trigger_on_event(&mut self, i: usize, e: &Ev) {
        let Ab::Triggered { trigger, .. } = &self.layer[i].ab else {
            return;
        };
        let source = self.layer[i].source;
        let Some(mut trigger_card) = self.trigger_matches(trigger, e, source, i) else {
            return;
        };
        let (trigger, mods, effect) = match &self.layer[i].ab {
            Ab::Triggered {
                trigger,
                mods,
                effect,
            } => (trigger.clone(), mods.clone(), effect.clone()),
            _ => return,
        };
        if mods.trigger_from {
            // WEvent::getTarget(TARGET_FROM): the other card of a two-card event.
            match e {
                Ev::AttackBlocked { blocker, .. } => trigger_card = Some(*blocker),
                Ev::Blocked { attacker, .. } => trigger_card = Some(*attacker),
                Ev::Damage { source, .. }
                | Ev::Targeted { source, .. }
                | Ev::Vampire { source, .. } => {
                    trigger_card = Some(*source);
                }
                _ => {}
            }
        }
        // TriggeredAbility::receiveEvent resolves a trigger on a sacrifice at once, before the
        // ability whose cost sacrificed the card reaches the stack (thraximundar survives a
        // sacrificed Bloodfire Colossus). Only cost sacrifices do here: two menus opened at
        // once by an effect's sacrifice are not modelled yet.
        let instant = matches!(e, Ev::Sacrificed { as_cost: true, .. });
        self.fire_trigger(i, trigger, mods, effect, source, trigger_card, instant);
    }

    /// Whether the trigger fires on the event; `Some(the card that made it fire)`.
    fn trigger_matches(
        &self,
        trigger: &Trigger,
        e: &Ev,
        source: CardId,
        i: usize,
    ) -> Option<Option<CardId>> {
        let mut trigger_card: Option<CardId> = None;
        let fired = match (trigger, e) {
            (Trigger::Phase { next, phase, who }, Ev::PhaseChange { to, .. }) => {
                if *to != *phase {
                    false
                } else {
                    let me = self.controller(source);
                    let ok = match who {
                        1 => self.current == me,
                        -1 => self.current != me,
                        -2 => match self.g.card(source).attached_to {
                            Some(t) => self.current == self.controller(t),
                            None => true,
                        },
                        -3 => self
                            .g
                            .card(source)
                            .player_target
                            .is_none_or(|p| p == self.current),
                        _ => true,
                    };
                    if ok && *next {
                        !self.layer[i].fired
                    } else {
                        ok
                    }
                }
            }
            (
                Trigger::MovedTo { card, to, from },
                Ev::ZoneChange {
                    card: c,
                    from: f,
                    to: t,
                },
            ) => {
                trigger_card = Some(*c);
                self.card_matches(card, source, *c)
                    && self.targets_zone(to, source, t.0, t.1, *c)
                    && from.as_ref().is_none_or(|(fc, fz)| {
                        self.card_matches(fc, source, *c)
                            && self.targets_zone(fz, source, f.0, f.1, *c)
                    })
            }
            // WEventCardTap: a tap for mana is also a WEventCardTappedForMana, which only
            // `@tappedformana` watches (the tap itself was already seen).
            (
                Trigger::Tapped { tc, tap },
                Ev::Tapped {
                    card,
                    tapped,
                    for_mana: false,
                },
            ) => {
                trigger_card = Some(*card);
                tap == tapped && self.card_in_spec(tc, source, *card)
            }
            (
                Trigger::TappedForMana(tc),
                Ev::Tapped {
                    card,
                    for_mana: true,
                    ..
                },
            ) => {
                trigger_card = Some(*card);
                self.card_in_spec(tc, source, *card)
            }
            (
                Trigger::Combat {
                    attacking,
                    alone,
                    not_blocked,
                    blocked,
                    blocking,
                    source: stc,
                    from,
                },
                ev,
            ) => match ev {
                Ev::Attacked { card, alone: a } => {
                    trigger_card = Some(*card);
                    ((*attacking && !*a) || (*alone && *a)) && self.card_in_spec(stc, source, *card)
                }
                Ev::AttackBlocked { card, blocker } => {
                    trigger_card = Some(*card);
                    *blocked
                        && self.card_in_spec(stc, source, *card)
                        && from
                            .as_ref()
                            .is_none_or(|f| self.card_in_spec(f, source, *blocker))
                }
                Ev::AttackNotBlocked { card } => {
                    trigger_card = Some(*card);
                    *not_blocked && self.card_in_spec(stc, source, *card)
                }
                Ev::Blocked { card, attacker } => {
                    trigger_card = Some(*card);
                    *blocking
                        && self.card_in_spec(stc, source, *card)
                        && from
                            .as_ref()
                            .is_none_or(|f| self.card_in_spec(f, source, *attacker))
                }
                _ => false,
            },
            (Trigger::Drawn(tc), Ev::Draw { card, .. }) => {
                trigger_card = Some(*card);
                self.card_matches(tc, source, *card)
            }
            (Trigger::DrawnOf { tc, foe }, Ev::Draw { player, card }) => {
                trigger_card = Some(*card);
                let mine = *player == self.controller(source);
                mine != *foe && self.player_matches(tc, source, *player)
            }
            (Trigger::Discarded(tc), Ev::Discarded { card, .. }) => {
                trigger_card = Some(*card);
                self.card_matches(tc, source, *card)
            }
            (Trigger::Cycled(tc), Ev::Discarded { card, cycled: true }) => {
                trigger_card = Some(*card);
                self.card_matches(tc, source, *card)
            }
            (Trigger::Sacrificed(tc), Ev::Sacrificed { card, .. }) => {
                trigger_card = Some(*card);
                self.card_matches(tc, source, *card)
            }
            (
                Trigger::Damaged { tc, from, kind, of },
                Ev::Damage {
                    source: dsource,
                    target,
                    amount,
                    combat,
                },
            ) => {
                let kind_ok = match kind {
                    1 => *combat,
                    2 => !*combat,
                    _ => true,
                };
                let target_ok = match target {
                    Tgt::Card(c) => {
                        trigger_card = Some(*c);
                        self.card_in_spec(tc, source, *c)
                    }
                    Tgt::Player(p) => {
                        let mine = *p == self.controller(source);
                        self.player_matches(tc, source, *p)
                            && match of {
                                1 => mine,
                                -1 => !mine,
                                _ => true,
                            }
                    }
                    Tgt::Stack(_) => false,
                };
                *amount > 0
                    && kind_ok
                    && target_ok
                    && from
                        .as_ref()
                        .is_none_or(|f| self.card_in_spec(f, source, *dsource))
            }
            (
                Trigger::Lifed { tc, from, loss, of },
                Ev::Life {
                    player,
                    amount,
                    source: lsource,
                },
            ) => {
                let mine = *player == self.controller(source);
                (*amount < 0) == *loss
                    && match of {
                        1 => mine,
                        -1 => !mine,
                        _ => true,
                    }
                    && self.player_matches(tc, source, *player)
                    && from
                        .as_ref()
                        .is_none_or(|f| lsource.is_some_and(|s| self.card_in_spec(f, source, s)))
            }
            (
                Trigger::Vampired { tc, from },
                Ev::Vampire {
                    victim,
                    source: vampire,
                },
            ) => {
                trigger_card = Some(*victim);
                from.as_ref()
                    .is_none_or(|f| self.card_matches(f, source, *vampire))
                    && self.card_matches(tc, source, *victim)
            }
            (Trigger::Targeted(tc), Ev::Targeted { card, .. }) => {
                trigger_card = Some(*card);
                self.card_in_spec(tc, source, *card)
            }
            (
                Trigger::Counter {
                    added,
                    power,
                    toughness,
                    name,
                },
                Ev::Counter {
                    card,
                    added: a,
                    power: p,
                    toughness: t,
                    name: n,
                },
            ) => {
                trigger_card = Some(*card);
                added == a && power == p && toughness == t && name == n && *card == source
            }
            _ => false,
        };
        fired.then_some(trigger_card)
    }

    #[allow(clippy::too_many_arguments)]
    fn fire_trigger(
        &mut self,
        i: usize,
        trigger: Trigger,
        mods: super::parse::TriggerMods,
        effect: Box<Ab>,
        source: CardId,
        trigger_card: Option<CardId>,
        instant: bool,
    ) {
        if mods.once && self.layer[i].fired {
            return;
        }
        if mods.turn_limited && self.layer[i].last_fired_turn == i64::from(self.g.turn) {
            return;
        }
        if mods.source_untapped && self.g.card(source).tapped {
            return;
        }
        if mods.source_tapped && !self.g.card(source).tapped {
            return;
        }
        if let Some(r) = &mods.cast_restriction {
            let p = self.controller(source);
            if !self.check_restrictions(r, source, p) {
                return;
            }
        }
        self.layer[i].fired = true;
        self.layer[i].last_fired_turn = i64::from(self.g.turn);
        if let Trigger::Phase { next: true, .. } = trigger {
            self.remove_inst(i);
        }
        let target = self.layer[i].target;
        let uninterruptible = self.layer[i].uninterruptible || instant;
        let paid_with = self.layer[i].paid_with;
        let line = self.layer[i].line;
        let prev = self.trigger_card;
        self.trigger_card = trigger_card;
        self.fire(
            (*effect).clone(),
            source,
            target,
            Vec::new(),
            trigger_card,
            uninterruptible,
            paid_with,
            line,
        );
        self.trigger_card = prev;
    }
}
