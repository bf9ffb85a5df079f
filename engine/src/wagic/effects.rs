//! Resolving abilities: one-shot effects happen, continuous ones join the action layer
//! (until end of turn, or while their source stays), nested abilities are added or fired.

use super::db::{Primitive, atoi};
use super::parse::{self, Ab, Duration, Effect, LordKind, Who};
use super::runtime::*;
use crate::core::events::{Event, Object, Sure};
use crate::core::game::{CardId, Counter, PlayerId, Zone};
use crate::core::mana::Mana;
use std::sync::Arc;

impl WGame<'_> {
    /// AProduceMana: a card tapped for mana makes each `produceextra` ability it has (its own,
    /// or one a lord gives it, while the wrapper's condition holds) add its mana to its
    /// controller's pool.
    pub fn produce_extra_on(&mut self, e: &Ev) {
        let Ev::Tapped {
            card,
            tapped: true,
            for_mana: true,
        } = e
        else {
            return;
        };
        let mut extra = Vec::new();
        for inst in &self.layer {
            if inst.removed || inst.waiting.is_some() {
                continue;
            }
            self.collect_produce_extra(&inst.ab, inst.source, *card, 0, &mut extra);
        }
        let p = self.controller(*card);
        for m in extra {
            self.g.players[p].pool.add(&m);
            self.bump();
        }
    }

    fn collect_produce_extra(
        &self,
        ab: &Ab,
        source: CardId,
        tapped: CardId,
        depth: u32,
        out: &mut Vec<Mana>,
    ) {
        if depth > 8 {
            return;
        }
        match ab {
            Ab::Effect(Effect::ProduceExtra(m)) if source == tapped => out.push(m.clone()),
            Ab::This {
                desc,
                effect,
                one_shot: false,
                foreach: false,
            } if self.this_descriptor(desc, source) > 0 => {
                self.collect_produce_extra(effect, source, tapped, depth + 1, out)
            }
            Ab::Lord {
                kind: LordKind::Lord | LordKind::All,
                tc,
                include_self,
                effect,
                one_shot: false,
                ..
            } if (*include_self || tapped != source)
                && self.can_target(tc, source, Tgt::Card(tapped), false) =>
            {
                self.collect_produce_extra(effect, tapped, tapped, depth + 1, out)
            }
            Ab::Ueot(inner) => self.collect_produce_extra(inner, source, tapped, depth + 1, out),
            _ => {}
        }
    }

    /// A blinked card comes back: it is put on the stack and its Spell resolves (AABlink).
    pub fn return_blinked(&mut self, c: CardId) {
        let owner = self.g.card(c).owner;
        self.put_in_zone(c, owner, Zone::Stack);
        self.resolve_spell(c, Vec::new(), 0, Zone::Exile);
    }

    /// Resolves an ability that was on the stack (or fired without it).
    pub fn resolve_stack_ability(
        &mut self,
        ab: &Ab,
        source: CardId,
        target: Option<Tgt>,
        targets: &[Tgt],
        paid_with: u32,
        line: Option<usize>,
    ) {
        if targets.is_empty() {
            self.resolve_ab(ab, source, target, &[], None, paid_with, line);
            return;
        }
        for &t in targets {
            if let Tgt::Card(c) = t
                && self.g.card(c).zone == Zone::Temp
            {
                continue;
            }
            if let Tgt::Player(p) = t {
                self.g.card_mut(source).player_target = Some(p);
            }
            self.resolve_ab(ab, source, Some(t), targets, None, paid_with, line);
        }
    }

    /// Resolves (or installs) an ability of `source` applied to `target`.
    #[allow(clippy::too_many_arguments)]
    pub fn resolve_ab(
        &mut self,
        ab: &Ab,
        source: CardId,
        target: Option<Tgt>,
        spell_targets: &[Tgt],
        trigger_card: Option<CardId>,
        paid_with: u32,
        line: Option<usize>,
    ) {
        if self.g.tick().is_err() {
            return;
        }
        self.bump();
        let _ = spell_targets;
        match ab {
            Ab::Equip { .. } => {
                if let Some(Tgt::Card(t)) = target
                    && self.g.card(t).zone == Zone::Battlefield
                    && self.g.card(source).zone == Zone::Battlefield
                {
                    self.equip(source, t);
                }
            }
            Ab::Effect(e) if e.one_shot() => self.apply_effect(e, source, target, line),
            Ab::Effect(Effect::CastRestriction {
                play: true,
                tc,
                value,
                ..
            }) => {
                if tc.raw.contains("land") {
                    let p = self.controller(source);
                    let v = value.trim();
                    if v.starts_with('+') || v.starts_with('-') {
                        self.g.players[p].max_lands += atoi(v);
                    } else {
                        self.g.players[p].max_lands = atoi(v);
                    }
                }
            }
            Ab::Effect(Effect::Unsupported(what)) => {
                self.note(
                    NoteKind::Unsupported,
                    Some(source),
                    line,
                    format!("`{what}` is not simulated yet"),
                );
            }
            Ab::Effect(e) => {
                let mut inst =
                    Inst::new(ab.clone(), source, self.g.card(source).incarnation, target);
                match super::parse::duration_of(ab) {
                    Some(Duration::Ueot) => inst.ueot = true,
                    Some(Duration::Forever) => inst.forever = true,
                    _ => {}
                }
                inst.line = line;
                let i = self.add_inst(inst);
                self.recompute();
                if let Effect::Transforms(_) = e
                    && !self.layer[i].fired
                {
                    self.transform_one_shots(i);
                }
            }
            Ab::Multi(v) => {
                for a in v {
                    self.resolve_ab(
                        a,
                        source,
                        target,
                        spell_targets,
                        trigger_card,
                        paid_with,
                        line,
                    );
                }
            }
            Ab::Lord {
                kind,
                tc,
                include_self,
                effect,
                one_shot: true,
                mini,
                maxi,
            } => {
                // `all(trigger[to])`: the card that made the trigger fire, wherever it is now.
                let matches: Vec<CardId> = if tc.kind == super::targets::TcKind::Trigger {
                    trigger_card.or(self.trigger_card).into_iter().collect()
                } else {
                    self.matching(tc, source)
                        .into_iter()
                        .filter(|&c| *include_self || c != source)
                        .collect()
                };
                match kind {
                    LordKind::Lord | LordKind::All if matches!(**effect, Ab::Activated(_)) => {
                        // An instant's lord gives each card the activated ability until end of
                        // turn (Resuscitate: `{1}:regenerate`).
                        for c in matches {
                            let mut inst =
                                Inst::new((**effect).clone(), c, self.g.card(c).incarnation, None);
                            inst.ueot = true;
                            inst.line = line;
                            self.add_inst(inst);
                        }
                    }
                    LordKind::Lord | LordKind::All => {
                        for c in matches {
                            self.resolve_ab(
                                effect,
                                source,
                                Some(Tgt::Card(c)),
                                &[],
                                trigger_card,
                                paid_with,
                                line,
                            );
                        }
                        // Then the players the chooser accepts (ListMaintainerAbility::
                        // updateTargets adds cards first, then players): `all(creature,player)`.
                        for p in 0..2 {
                            if self.can_target(tc, source, Tgt::Player(p), false) {
                                self.resolve_ab(
                                    effect,
                                    source,
                                    Some(Tgt::Player(p)),
                                    &[],
                                    trigger_card,
                                    paid_with,
                                    line,
                                );
                            }
                        }
                    }
                    LordKind::Foreach => {
                        let n = matches.len();
                        for _ in 0..n.min(100) {
                            self.resolve_ab(
                                effect,
                                source,
                                target,
                                &[],
                                trigger_card,
                                paid_with,
                                line,
                            );
                        }
                    }
                    LordKind::AsLongAs => {
                        let n = matches.len() as i32;
                        let ok = match (mini, maxi) {
                            (Some(m), _) => n > *m,
                            (None, Some(m)) => n < *m,
                            (None, None) => n > 0,
                        };
                        if ok {
                            self.resolve_ab(
                                effect,
                                source,
                                target,
                                &[],
                                trigger_card,
                                paid_with,
                                line,
                            );
                        }
                    }
                    LordKind::Teach => {
                        if let Some(t) = self.g.card(source).attached_to {
                            self.resolve_ab(
                                effect,
                                source,
                                Some(Tgt::Card(t)),
                                &[],
                                trigger_card,
                                paid_with,
                                line,
                            );
                        }
                    }
                }
            }
            Ab::This {
                foreach,
                desc,
                effect,
                one_shot: true,
            } => {
                let n = self.this_descriptor(desc, source);
                let times = if *foreach {
                    n.clamp(0, 100)
                } else {
                    i32::from(n > 0)
                };
                for _ in 0..times {
                    self.resolve_ab(effect, source, target, &[], trigger_card, paid_with, line);
                }
            }
            Ab::IfThen {
                negate,
                cond,
                then,
                otherwise,
            } => {
                let player = self.controller(source);
                let mut ok = if let Some((_, inner, _)) =
                    parse::parse_between(cond, "cantargetcard(", ")", true)
                {
                    let tc = super::targets::parse(inner);
                    target.is_some_and(|t| self.can_target(&tc, source, t, true))
                } else {
                    self.check_restrictions(cond, source, player)
                };
                if *negate {
                    ok = !ok;
                }
                if ok {
                    self.resolve_ab(then, source, target, &[], trigger_card, paid_with, line);
                } else if let Some(e) = otherwise {
                    self.resolve_ab(e, source, target, &[], trigger_card, paid_with, line);
                }
            }
            Ab::Ueot(inner) => {
                let mut inst = Inst::new(
                    (**inner).clone(),
                    source,
                    self.g.card(source).incarnation,
                    target,
                );
                inst.ueot = true;
                inst.line = line;
                self.add_inst(inst);
                self.recompute();
            }
            Ab::Targeted { tc, effect } => {
                let mut inst = Inst::new(
                    Ab::Activated(Box::new(parse::Activated {
                        cost: None,
                        tc: Some(tc.clone()),
                        effect: (**effect).clone(),
                        limit: None,
                        restriction: parse::Restriction::None,
                        cast_restriction: None,
                        name: String::new(),
                    })),
                    source,
                    self.g.card(source).incarnation,
                    target,
                );
                inst.line = line;
                inst.trigger_card = trigger_card.or(self.trigger_card);
                if self.valid_targets_exist(tc, source, 1) {
                    inst.waiting = Some(Vec::new());
                    self.add_inst(inst);
                } else {
                    self.note(
                        NoteKind::NoLegalTarget,
                        Some(source),
                        line,
                        format!("no object can be the target `{}`", tc.raw),
                    );
                }
            }
            _ => {
                let mut inst =
                    Inst::new(ab.clone(), source, self.g.card(source).incarnation, target);
                inst.paid_with = paid_with;
                inst.line = line;
                inst.trigger_card = trigger_card.or(self.trigger_card);
                self.add_inst(inst);
                self.recompute();
            }
        }
    }

    /// The player an effect such as `draw:` or `life:` applies to.
    pub fn player_for(&self, who: Who, source: CardId, target: Option<Tgt>) -> PlayerId {
        let me = self.controller(source);
        match who {
            Who::Controller => me,
            Who::Opponent => 1 - me,
            Who::TargetController => match target {
                Some(Tgt::Card(c)) => self.controller(c),
                Some(Tgt::Player(p)) => p,
                // A spell or ability on the stack: whoever controls it (Undermine).
                Some(Tgt::Stack(i)) => self.stack.get(i).map_or(me, |item| item.controller),
                _ => me,
            },
            Who::TargetedPlayer => self.g.card(source).player_target.unwrap_or(me),
            Who::Owner => match target {
                Some(Tgt::Card(c)) => self.g.card(c).owner,
                _ => self.g.card(source).owner,
            },
            Who::Unset => match target {
                Some(Tgt::Player(p)) => p,
                Some(Tgt::Card(c)) => self.controller(c),
                _ => me,
            },
        }
    }

    fn number(
        &mut self,
        text: &str,
        source: CardId,
        target: Option<Tgt>,
        line: Option<usize>,
    ) -> i32 {
        let (v, known) = super::numbers::eval(self, text, source, target.and_then(Tgt::card));
        if !known {
            self.note(
                NoteKind::UnknownNumber,
                Some(source),
                line,
                format!(
                    "`{}` is not a number or a variable Wagic knows: it counts as 0",
                    text.trim()
                ),
            );
        }
        v
    }

    /// A one-shot effect.
    pub fn apply_effect(
        &mut self,
        e: &Effect,
        source: CardId,
        target: Option<Tgt>,
        line: Option<usize>,
    ) {
        let tcard = target.and_then(Tgt::card);
        match e {
            Effect::PhaseAction(action) => {
                // APhaseActionGeneric: the spell's card target, else the ability's target.
                let on = tcard.unwrap_or(source);
                self.add_phase_action(action, source, on, line);
            }
            Effect::FlipACoin { win, lose } => {
                // The player calls heads (the suite's first menu item); the card plays the
                // ability of the outcome.
                let on = tcard.unwrap_or(source);
                let won = self.g.rng.below(2) == 0;
                let text = if won { win } else { lose };
                if let Some(text) = text {
                    let mut ctx = self.parse_ctx(on, None);
                    if let Some(ab) = parse::parse(text, &mut ctx, false, false) {
                        self.resolve_ab(&ab, on, Some(Tgt::Card(on)), &[], None, 0, line);
                    }
                }
            }
            Effect::MoveRandom { tc, from, to } => {
                let on = tcard.unwrap_or(source);
                self.move_random(tc, from, to, source, on, line);
            }
            Effect::RemoveFromCombat => {
                if let Some(c) = tcard {
                    self.remove_from_combat(c);
                }
            }
            Effect::Flip(name) => {
                let on = tcard.unwrap_or(source);
                self.flip(on, name);
            }
            Effect::PayOrElse { cost, options } => {
                let mana = match parse::parse_between(cost, "{value:", "}", true) {
                    Some((_, value, _)) => {
                        // `stored<number>` reads the card whose transformation gave the ability.
                        let n = match value.strip_prefix("stored") {
                            Some(rest) => {
                                let from = self.transform_source.unwrap_or(source);
                                self.number(rest, from, None, line)
                            }
                            None => self.number(value, source, None, line),
                        };
                        crate::core::mana::Mana::parse_wagic_groups(&format!("{{{}}}", n.max(0)))
                    }
                    None => parse::parse_cost(cost).mana,
                };
                self.open_pay_menu(super::runtime::PayMenu {
                    source,
                    target,
                    cost: mana,
                    options: options.clone(),
                    line,
                });
            }
            Effect::TransformsOnce(texts) => {
                // ATransformer with `oneshot`: the new abilities are played once, by the card.
                let on = tcard.unwrap_or(source);
                for text in texts {
                    let mut ctx = self.parse_ctx(on, None);
                    if let Some(ab) = parse::parse(text, &mut ctx, false, false) {
                        self.resolve_ab(&ab, on, Some(Tgt::Card(on)), &[], None, 0, line);
                    }
                }
            }
            Effect::Damage(amount, who) => {
                let n = self.number(amount, source, target, line);
                let t = match who {
                    Who::Unset => target.unwrap_or(Tgt::Card(source)),
                    w => Tgt::Player(self.player_for(*w, source, target)),
                };
                self.deal_damage(source, t, n, false);
            }
            Effect::Life(amount, who) => {
                let n = self.number(amount, source, target, line);
                let p = self.player_for(*who, source, target);
                if n >= 0 {
                    self.gain_life(p, n, Some(source));
                } else {
                    self.lose_life(p, -n, Some(source));
                }
            }
            Effect::LifeSet(amount, who) => {
                let n = self.number(amount, source, target, line);
                let p = self.player_for(*who, source, target);
                self.g.players[p].life = n;
            }
            Effect::AlterPoison(n, who) => {
                let p = self.player_for(*who, source, target);
                self.g.players[p].poison += n;
            }
            Effect::Draw(amount, who) => {
                let n = self.number(amount, source, target, line);
                let p = self.player_for(*who, source, target);
                self.draw(p, n);
            }
            Effect::Turns(amount, who) => {
                // AAModTurn: a positive count adds extra turns, a negative one skipped turns.
                let t = amount.trim();
                let (neg, rest) = match t.strip_prefix('-') {
                    Some(r) => (true, r),
                    None => (false, t.strip_prefix('+').unwrap_or(t)),
                };
                let n = self.number(rest, source, target, line);
                let n = if neg { -n } else { n };
                let p = self.player_for(*who, source, target);
                if n > 0 {
                    self.g.players[p].extra_turns += n;
                } else {
                    self.g.players[p].skip_turns += n.abs();
                }
            }
            Effect::Deplete(amount, who) => {
                let n = self.number(amount, source, target, line);
                let p = self.player_for(*who, source, target);
                self.g.log.push(Event::Milled {
                    player: p,
                    count: n,
                    sure: Sure::Literal,
                    who: Sure::Derived,
                });
                for _ in 0..n.max(0) {
                    if let Some(&top) = self.g.players[p].zone(Zone::Library).last() {
                        self.graveyard(top);
                    }
                }
            }
            Effect::DiscardRandom(amount, who) => {
                let n = self.number(amount, source, target, line);
                let p = self.player_for(*who, source, target);
                self.g.log.push(Event::Discarded {
                    player: p,
                    count: n,
                    sure: Sure::Literal,
                    who: Sure::Derived,
                });
                for _ in 0..n.max(0) {
                    let hand = self.g.players[p].zone(Zone::Hand).clone();
                    if hand.is_empty() {
                        break;
                    }
                    let i = self.g.rng.below(hand.len() as u32) as usize;
                    self.event(Ev::Discarded {
                        card: hand[i],
                        cycled: false,
                    });
                    self.graveyard(hand[i]);
                }
            }
            Effect::Shuffle(who) => {
                let p = self.player_for(*who, source, target);
                let mut lib = self.g.players[p].zone(Zone::Library).clone();
                self.g.rng.shuffle(&mut lib);
                *self.g.players[p].zone_mut(Zone::Library) = lib;
            }
            Effect::SetHand(n, who) => {
                let p = self.player_for(*who, source, target);
                self.g.players[p].hand_size = *n;
            }
            Effect::WinGame(_) => {}
            Effect::Destroy | Effect::Bury => {
                if let Some(c) = tcard
                    && self.g.card(c).zone == Zone::Battlefield
                {
                    self.destroy(c, matches!(e, Effect::Bury));
                }
            }
            Effect::Sacrifice => {
                if let Some(c) = tcard
                    && self.g.card(c).zone == Zone::Battlefield
                {
                    self.event(Ev::Sacrificed {
                        card: c,
                        as_cost: false,
                    });
                    self.graveyard(c);
                }
            }
            Effect::Reject => {
                if let Some(c) = tcard {
                    self.event(Ev::Discarded {
                        card: c,
                        cycled: false,
                    });
                    self.graveyard(c);
                }
            }
            Effect::MoveTo(zone) => {
                let Some(c) = tcard.or_else(|| self.g.card(source).is("aura").then_some(source))
                else {
                    return;
                };
                self.move_to(c, zone, source, line);
            }
            Effect::CircleShield => {
                let chosen = match target {
                    Some(Tgt::Card(c)) => Some(c),
                    Some(Tgt::Stack(i)) => match self.stack.get(i).map(|s| &s.obj) {
                        Some(StackObj::Spell { card, .. }) => Some(*card),
                        _ => None,
                    },
                    _ => None,
                };
                if let Some(c) = chosen {
                    self.add_circle_shield(source, c);
                }
            }
            Effect::PhaseOut => {
                let c = tcard.unwrap_or(source);
                if self.g.card(c).zone == Zone::Battlefield && !self.is_phased(c) {
                    let inc = self.g.card(c).incarnation;
                    let turn = self.g.turn;
                    self.phased_out.push((c, inc, turn));
                    self.bump();
                }
            }
            Effect::Bottom => {
                if let Some(c) = tcard {
                    let owner = self.g.card(c).owner;
                    self.put_in_zone(c, owner, Zone::Library);
                    let lib = self.g.players[owner].zone_mut(Zone::Library);
                    lib.retain(|&x| x != c);
                    lib.insert(0, c);
                }
            }
            Effect::Fizzle | Effect::FizzleTo(_) => {
                let stack_target = match target {
                    Some(Tgt::Stack(i)) => Some(i),
                    _ => None,
                };
                let zone = match e {
                    Effect::FizzleTo(z) => *z,
                    _ => Zone::Graveyard,
                };
                if let Some(i) = stack_target.or_else(|| self.latest_unresolved()) {
                    self.fizzle_to(i, zone);
                }
            }
            Effect::Blink { ueot } => {
                let Some(c) = tcard else { return };
                if self.g.card(c).zone != Zone::Battlefield {
                    return;
                }
                let owner = self.g.card(c).owner;
                self.put_in_zone(c, owner, Zone::Exile);
                if self.g.card(c).zone == Zone::Exile {
                    if *ueot {
                        self.blinked.push(c);
                    } else {
                        self.return_blinked(c);
                    }
                }
            }
            Effect::Tap => {
                if let Some(c) = tcard {
                    self.tap(c, false);
                }
            }
            Effect::Untap => {
                if let Some(c) = tcard {
                    self.untap(c);
                }
            }
            Effect::Regenerate => {
                if let Some(c) = tcard {
                    self.g.card_mut(c).regen_shields += 1;
                }
            }
            Effect::ResetDamage => {
                if let Some(c) = tcard {
                    self.g.card_mut(c).damage = 0;
                }
            }
            Effect::Frozen => {
                if let Some(c) = tcard {
                    self.g.card_mut(c).frozen = 1;
                }
            }
            Effect::Steal => {
                if let Some(c) = tcard
                    && self.g.card(c).zone == Zone::Battlefield
                {
                    let me = self.controller(source);
                    if self.controller(c) != me {
                        let from = self.controller(c);
                        self.g.players[from]
                            .zone_mut(Zone::Battlefield)
                            .retain(|&x| x != c);
                        self.g.players[me].zone_mut(Zone::Battlefield).push(c);
                        self.g.card_mut(c).controller = me;
                        self.g.card_mut(c).sick = true;
                    }
                }
            }
            Effect::Token {
                id,
                name,
                types,
                power,
                toughness,
                abilities,
                multiplier,
                who,
            } => {
                let n = match multiplier {
                    Some(m) => self.number(m, source, target, line),
                    None => 1,
                };
                let player = match who {
                    Who::Unset => self.controller(source),
                    w => self.player_for(*w, source, target),
                };
                let def: Option<(i32, Arc<Primitive>)> = if *id != 0 {
                    self.db.by_id(*id).map(|p| (*id, p.clone()))
                } else if types.is_empty() {
                    self.db
                        .by_lc_name(&name.to_lowercase())
                        .map(|(i, p)| (i, p.clone()))
                        .or_else(|| self.db.definition(name).map(|p| (0, p.clone())))
                } else {
                    // Token(name, source, ...): an inline token's id is minus its source's.
                    Some((
                        -self.g.card(source).mtgid,
                        Arc::new(inline_token(name, types, *power, *toughness, abilities)),
                    ))
                };
                let Some((mtgid, def)) = def else {
                    let what = if *id != 0 {
                        id.to_string()
                    } else {
                        name.clone()
                    };
                    self.note(
                        NoteKind::TokenNotFound,
                        Some(source),
                        line,
                        format!(
                            "token `{what}`: no card with this {} exists, so no token is created",
                            if *id != 0 { "id" } else { "name" }
                        ),
                    );
                    return;
                };
                for _ in 0..n.clamp(0, 50) {
                    let c = self.new_card(&def, mtgid, player, Zone::Temp);
                    self.g.card_mut(c).token = true;
                    self.g.log.push(Event::Token {
                        card: c,
                        pt: Some((def.power, def.toughness)),
                        sure: Sure::Literal,
                    });
                    // ATokenCreator: the token is made in the temporary zone and its Spell
                    // resolves from there (it never moves to the stack: no `movedTo(...|stack)`).
                    self.resolve_spell(c, Vec::new(), 0, Zone::Temp);
                }
            }
            Effect::Counter {
                power,
                toughness,
                nb,
                name,
            } => {
                let n = self.number(nb, source, target, line);
                if let Some(c) = tcard
                    && self.g.card(c).zone == Zone::Battlefield
                {
                    self.add_counters(c, *power, *toughness, n, name);
                }
            }
            Effect::RemoveAllCounters => {
                if let Some(c) = tcard {
                    self.g.card_mut(c).counters.clear();
                    self.bump();
                    self.recompute();
                }
            }
            Effect::AddMana(m) => {
                let p = self.controller(source);
                self.g.players[p].pool.add(m);
            }
            Effect::RemoveMana(what, who) => {
                let p = self.player_for(*who, source, target);
                if what.contains('*') {
                    self.g.players[p].pool.empty_pool();
                } else {
                    let m = Mana::parse_wagic_groups(what);
                    let mut pool = self.g.players[p].pool.clone();
                    for i in 0..crate::core::mana::NB_COLORS {
                        pool.amounts[i] = (pool.amounts[i] - m.amounts[i]).max(0);
                    }
                    self.g.players[p].pool = pool;
                }
            }
            Effect::Dynamic {
                source: from,
                kind,
                effect,
                who,
            } => self.dynamic(source, target, from, kind, effect, who, line),
            Effect::Prevent(amount, who) => {
                let n = self.number(amount, source, target, line);
                let t = match who {
                    Who::Unset => target.unwrap_or(Tgt::Card(source)),
                    w => Tgt::Player(self.player_for(*w, source, target)),
                };
                match t {
                    Tgt::Card(c) => self.g.card_mut(c).preventable += n,
                    Tgt::Player(p) => self.g.players[p].preventable += n,
                    Tgt::Stack(_) => {}
                }
            }
            Effect::Choose {
                color,
                text,
                nonwall,
            } => {
                // GenericChooseTypeColor::resolve: a menu for the card it applies to.
                let card = tcard.unwrap_or(source);
                let values: Vec<String> = if *color {
                    crate::core::mana::COLOR_NAMES[1..]
                        .iter()
                        .map(|c| c.to_string())
                        .collect()
                } else {
                    self.db
                        .creature_types()
                        .iter()
                        .filter(|t| !*nonwall || t.as_str() != "wall")
                        .cloned()
                        .collect()
                };
                if values.is_empty() {
                    return;
                }
                self.menu = Some(Menu {
                    object: Tgt::Card(card),
                    items: (0..values.len()).map(Some).collect(),
                    prev_interrupter: self.interrupting,
                    may: None,
                    choose: Some(ChooseMenu {
                        card,
                        color: *color,
                        values,
                        text: text.clone(),
                        line,
                    }),
                    pay: None,
                });
                self.bump();
            }
            Effect::Emblem(inner) => {
                // GenericAbilityMod: for good, applied to the first player's rules card.
                let rules = self.extra[0];
                if inner.one_shot() {
                    self.resolve_ab(inner, source, Some(Tgt::Card(rules)), &[], None, 0, line);
                } else {
                    let mut inst = Inst::new(
                        (**inner).clone(),
                        source,
                        self.g.card(source).incarnation,
                        Some(Tgt::Card(rules)),
                    );
                    inst.permanent = true;
                    inst.line = line;
                    let i = self.add_inst(inst);
                    self.recompute();
                    if matches!(self.layer[i].ab, Ab::Effect(Effect::Transforms(_))) {
                        self.transform_one_shots(i);
                    }
                }
            }
            Effect::Activate(inner) => {
                // GenericAddToGame: the ability joins the game, applied to the target.
                let t = target.or(Some(Tgt::Card(source)));
                self.resolve_ab(inner, source, t, &[], None, 0, line);
            }
            Effect::ExchangeLife(who) => {
                let me = self.controller(source);
                let other = match who {
                    Who::Controller => Some(Tgt::Player(me)),
                    Who::Opponent => Some(Tgt::Player(1 - me)),
                    Who::TargetController => match target {
                        Some(Tgt::Card(c)) => Some(Tgt::Player(self.controller(c))),
                        t => t,
                    },
                    Who::Owner => Some(Tgt::Player(self.g.card(source).owner)),
                    Who::TargetedPlayer => self.g.card(source).player_target.map(Tgt::Player),
                    Who::Unset => target,
                };
                let mine = self.g.players[me].life;
                match other {
                    Some(Tgt::Player(p)) if p != me => {
                        let theirs = self.g.players[p].life;
                        let d = (mine - theirs).abs();
                        if mine > theirs {
                            self.lose_life(me, d, Some(source));
                            self.gain_life(p, d, Some(source));
                        } else {
                            self.gain_life(me, d, Some(source));
                            self.lose_life(p, d, Some(source));
                        }
                    }
                    Some(Tgt::Card(c)) if self.g.card(c).zone == Zone::Battlefield => {
                        // A creature's toughness counts as its life total.
                        let theirs = self.g.card(c).cur.toughness - self.g.card(c).damage;
                        self.g.card_mut(c).base.toughness += mine - theirs;
                        if mine > theirs {
                            self.lose_life(me, mine - theirs, Some(source));
                        } else {
                            self.gain_life(me, theirs - mine, Some(source));
                        }
                        self.bump();
                        self.recompute();
                    }
                    _ => {}
                }
            }
            Effect::NewTarget { retarget } => {
                let Some(t) = tcard else { return };
                let (moving, host) = if *retarget { (source, t) } else { (t, source) };
                if moving == host || self.is_extra(moving) {
                    return;
                }
                // Exiled, then a new object on the battlefield of the host's controller.
                let owner = self.g.card(moving).owner;
                self.put_in_zone(moving, owner, Zone::Exile);
                if self.g.card(moving).zone != Zone::Exile {
                    return;
                }
                let controller = self.controller(host);
                self.put_in_zone(moving, controller, Zone::Stack);
                if self.g.card(moving).is("aura") {
                    self.g.card_mut(moving).attached_to = Some(host);
                }
                self.resolve_spell(moving, Vec::new(), 0, Zone::Exile);
                if self.g.card(moving).is("equipment")
                    && self.g.card(moving).zone == Zone::Battlefield
                    && self.g.card(host).zone == Zone::Battlefield
                {
                    self.equip(moving, host);
                }
            }
            Effect::Ninjutsu => {
                let Some(t) = tcard else { return };
                if self.is_extra(t) || self.g.card(t).zone == Zone::Battlefield {
                    return;
                }
                let me = self.controller(source);
                self.put_in_zone(t, me, Zone::Temp);
                self.resolve_spell(t, Vec::new(), 0, Zone::Temp);
                if self.g.card(t).zone == Zone::Battlefield {
                    self.g.card_mut(t).sick = false;
                    self.tap(t, false);
                    self.g.card_mut(t).attacking = true;
                    self.bump();
                }
            }
            Effect::Block => {
                if let Some(t) = tcard
                    && t != source
                    && self.g.card(t).attacking
                    && self.g.card(source).zone == Zone::Battlefield
                    && self.can_block_attacker(source, t)
                {
                    self.set_blocking(source, Some(t));
                    self.interrupting = None;
                }
            }
            Effect::Copy => {
                let Some(t) = tcard else { return };
                self.copy_card(source, t, line);
            }
            Effect::Clone { with, types, who } => {
                let Some(t) = tcard else { return };
                let Some(def) = self.prim_arc(t) else {
                    return;
                };
                let me = self.controller(source);
                // AACloner: `who == CONTROLLER` makes the clone for the opponent.
                let player = if *who == Who::Controller { 1 - me } else { me };
                let mtgid = self.g.card(t).mtgid;
                let c = self.new_card(&def, mtgid, player, Zone::Temp);
                self.g.card_mut(c).token = true;
                {
                    let base = &mut self.g.card_mut(c).base;
                    for w in with.split(',').map(str::trim) {
                        if let Some(i) = super::basic::BASIC_ABILITIES.iter().position(|a| *a == w)
                        {
                            base.keywords.set(i, true);
                        }
                        if let Some(col) =
                            crate::core::mana::COLOR_NAMES.iter().position(|n| *n == w)
                            && col > 0
                        {
                            base.colors |= 1 << col;
                        }
                    }
                    for ty in types.split(',').map(str::trim).filter(|t| !t.is_empty()) {
                        if !base.types.iter().any(|x| x == ty) {
                            base.types.push(ty.to_string());
                        }
                    }
                }
                self.resolve_spell(c, Vec::new(), 0, Zone::Temp);
            }
            Effect::AbilityCreator { text, who, .. } => {
                self.ability_creator(text, *who, source, target, line)
            }
            Effect::Unsupported(what) => {
                self.note(
                    NoteKind::Unsupported,
                    Some(source),
                    line,
                    format!("`{what}` is not simulated yet"),
                );
            }
            _ => {}
        }
    }

    /// AACopier: `card` becomes a copy of `target` (MTGCardInstance::copy): printed
    /// characteristics and ability text; the abilities are added as a spell's (one-shot ones
    /// resolve). The card keeps its id (the test suite's mode). Findings of the copied text
    /// name the line that copied it.
    fn copy_card(&mut self, card: CardId, target: CardId, line: Option<usize>) {
        // A card copying itself stays what it is (the simulation does not let a self-copy
        // re-add its copy ability forever).
        if card == target {
            return;
        }
        let Some(def) = self.prim_arc(target) else {
            return;
        };
        let keywords = self.g.card(target).base.keywords;
        let copied = card_from_primitive(&def, self.g.card(card).mtgid);
        {
            let c = self.g.card_mut(card);
            c.def = copied.def;
            c.base = copied.base;
            c.base.keywords = keywords;
            c.mana_cost = copied.mana_cost;
        }
        self.bump();
        self.recompute();
        let texts: Vec<String> = def
            .autos
            .iter()
            .filter(|l| l.zone.is_empty())
            .map(|l| l.text.clone())
            .collect();
        let spell = SpellInfo::default();
        for text in texts {
            let expanded = self.db.expand_macros(&text);
            for l in expanded.split('\n') {
                if self.g.tick().is_err() {
                    return;
                }
                let mut ctx = self.parse_ctx(card, Some(&spell));
                if let Some(ab) = parse::parse(l, &mut ctx, false, false) {
                    self.add_ability(ab, card, Some(&spell), line);
                }
            }
        }
    }

    /// AASetColorChosen / AASetTypeChosen: item `n` of a colour or type menu is the card's
    /// choice, and the menu's text is played by the card (its `chosencolor` / `chosentype`
    /// read as the choice).
    pub fn chosen(&mut self, menu: ChooseMenu, n: usize) {
        let Some(value) = menu.values.get(n).cloned() else {
            return;
        };
        let card = menu.card;
        let text = if menu.color {
            let col = crate::core::mana::COLOR_NAMES
                .iter()
                .position(|c| *c == value)
                .unwrap_or(0);
            self.chosen_color.retain(|(c, _)| *c != card);
            self.chosen_color.push((card, col));
            let letter = ["c", "g", "u", "r", "b", "w"][col];
            menu.text
                .replace("{chosencolor}", &format!("{{{letter}}}"))
                .replace("chosencolor", &value)
        } else {
            self.chosen_type.retain(|(c, _)| *c != card);
            self.chosen_type.push((card, value.clone()));
            menu.text.replace("chosentype", &value)
        };
        self.bump();
        let mut ctx = self.parse_ctx(card, None);
        if let Some(ab) = parse::parse(&text, &mut ctx, false, false) {
            self.add_ability(ab, card, None, menu.line);
        }
    }

    /// ATargetedAbilityCreator::resolve: a card-less object owned and controlled by the
    /// receiving player, its ability text the stored text (lines separated by `_`), resolves
    /// as a spell with no target; its abilities are those of an ordinary auto line (findings
    /// name the line of the ability that created them).
    fn ability_creator(
        &mut self,
        text: &str,
        who: Who,
        source: CardId,
        target: Option<Tgt>,
        line: Option<usize>,
    ) {
        let me = self.controller(source);
        let targeted_player = self.g.card(source).player_target;
        let receiver = match who {
            Who::Controller => me,
            Who::Opponent => 1 - me,
            Who::TargetController => match target {
                Some(Tgt::Card(c)) => self.controller(c),
                Some(Tgt::Player(p)) => p,
                _ => targeted_player.unwrap_or(1 - me),
            },
            Who::TargetedPlayer => targeted_player.unwrap_or(1 - me),
            _ => 1 - me,
        };
        let lines: Vec<&str> = text.split('_').collect();
        let prim = Primitive {
            autos: lines
                .iter()
                .map(|l| super::db::AutoLine {
                    zone: String::new(),
                    text: l.to_string(),
                    file: None,
                    range: Default::default(),
                })
                .collect(),
            ..Primitive::default()
        };
        // The source's Spell resolves: nested deeper than MAX_DEPTH, the play is a loop (as
        // for resolve_spell).
        if self.g.depth >= crate::core::game::MAX_DEPTH {
            self.g.steps = self.g.steps.max(self.g.budget.saturating_add(1));
            return;
        }
        let dummy = self.new_card(&Arc::new(prim), 0, receiver, Zone::Temp);
        self.stored_source.push((dummy, source));
        let spell = SpellInfo::default();
        self.g.depth += 1;
        for l in lines {
            if self.g.tick().is_err() {
                break;
            }
            let mut ctx = self.parse_ctx(dummy, Some(&spell));
            if let Some(ab) = parse::parse(l, &mut ctx, false, false) {
                self.add_ability(ab, dummy, Some(&spell), line);
            }
        }
        self.g.depth -= 1;
    }

    /// AEquip::equip: the equipment's abilities are given again, to the equipped creature.
    pub fn equip(&mut self, equipment: CardId, creature: CardId) {
        self.unequip(equipment);
        self.g.card_mut(equipment).attached_to = Some(creature);
        let Some(prim) = self.prim_arc(equipment) else {
            return;
        };
        let lines: Vec<(String, usize)> = prim
            .autos
            .iter()
            .enumerate()
            .filter(|(_, l)| l.zone.is_empty() || l.zone == "skill")
            .map(|(i, l)| (l.text.clone(), i))
            .collect();
        for (text, index) in lines {
            let expanded = self.db.expand_macros(&text);
            for line in expanded.split('\n') {
                let mut ctx = self.parse_ctx(equipment, None);
                let Some(ab) = parse::parse(line, &mut ctx, false, false) else {
                    continue;
                };
                if matches!(ab, Ab::Equip { .. })
                    || matches!(ab, Ab::Lord { .. })
                    || matches!(ab.core(), Ab::Lord { .. })
                    || ab.one_shot()
                {
                    continue;
                }
                let inc = self.g.card(equipment).incarnation;
                let mut inst = Inst::new(ab, equipment, inc, Some(Tgt::Card(creature)));
                inst.line = Some(index);
                let i = self.add_inst(inst);
                self.equip_children.push((equipment, i));
            }
        }
        self.recompute();
    }

    pub fn unequip(&mut self, equipment: CardId) {
        let children: Vec<usize> = self
            .equip_children
            .iter()
            .filter(|(e, _)| *e == equipment)
            .map(|(_, i)| *i)
            .collect();
        for i in children {
            self.remove_inst(i);
        }
        self.equip_children.retain(|(e, _)| *e != equipment);
        self.g.card_mut(equipment).attached_to = None;
    }

    #[allow(clippy::too_many_arguments)]
    fn dynamic(
        &mut self,
        source: CardId,
        target: Option<Tgt>,
        from: &str,
        kind: &str,
        effect: &str,
        who: &str,
        line: Option<usize>,
    ) {
        let me = self.controller(source);
        let tcard = target.and_then(Tgt::card).unwrap_or(source);
        let measured = match from {
            "mytgt" => Some(tcard),
            "source" | "" => Some(source),
            _ => None,
        };
        let player_measured = match from {
            "myself" => Some(me),
            "myfoe" => Some(1 - me),
            _ => None,
        };
        let amount = match (kind, measured, player_measured) {
            ("power", Some(c), _) => self.g.card(c).cur.power,
            ("toughness", Some(c), _) => self.g.card(c).cur.toughness,
            ("manacost", Some(c), _) => self.g.card(c).mana_cost.converted(),
            ("colors", Some(c), _) => {
                (1..6).filter(|&i| self.g.card(c).cur.has_color(i)).count() as i32
            }
            ("oneonecounters", Some(c), _) => self.g.card(c).counter_count("", 1, 1),
            // The measured card's age or charge counters (none: 0).
            ("age" | "charge", Some(c), _) => self.g.card(c).counter_count(kind, 0, 0),
            ("thatmuch", _, _) => self.thatmuch,
            (_, _, Some(p)) => self.g.players[p].life,
            _ => {
                self.note(
                    NoteKind::Unsupported,
                    Some(source),
                    line,
                    format!("`dynamicability` with `{kind}` is not simulated yet"),
                );
                return;
            }
        };
        let target_controller = self.controller(tcard);
        let player = match who {
            "targetcontroller" => target_controller,
            "targetopponent" => 1 - target_controller,
            "srccontroller" => me,
            "srcopponent" => 1 - me,
            _ => match target {
                Some(Tgt::Player(p)) => p,
                _ => target_controller,
            },
        };
        match effect {
            "strike" => {
                let t = if who == "tosrc" {
                    Tgt::Card(source)
                } else if matches!(
                    who,
                    "srcopponent" | "targetopponent" | "srccontroller" | "targetcontroller"
                ) {
                    Tgt::Player(player)
                } else {
                    target.unwrap_or(Tgt::Card(tcard))
                };
                self.deal_damage(source, t, amount, false);
            }
            "lifegain" => self.gain_life(player, amount, Some(source)),
            "lifeloss" => self.lose_life(player, amount, Some(source)),
            "draw" => self.draw(player, amount),
            "deplete" => {
                for _ in 0..amount.max(0) {
                    if let Some(&top) = self.g.players[player].zone(Zone::Library).last() {
                        self.graveyard(top);
                    }
                }
            }
            "countersoneone" => self.add_counters(tcard, 1, 1, amount, ""),
            "pumppow" | "pumptough" | "pumpboth" => {
                let (p, t) = match effect {
                    "pumppow" => (amount, 0),
                    "pumptough" => (0, amount),
                    _ => (amount, amount),
                };
                let ab = Ab::Effect(Effect::Pt {
                    power: p.to_string(),
                    toughness: t.to_string(),
                    duration: Duration::Ueot,
                });
                self.resolve_ab(&ab, source, Some(Tgt::Card(tcard)), &[], None, 0, line);
            }
            _ => {
                self.note(
                    NoteKind::Unsupported,
                    Some(source),
                    line,
                    "this `dynamicability` is not simulated yet",
                );
            }
        }
    }

    pub fn add_counters(&mut self, card: CardId, power: i32, toughness: i32, n: i32, name: &str) {
        if n == 0 {
            return;
        }
        let kind = match (name, power, toughness) {
            ("", 1, 1) => "+1/+1".to_string(),
            ("", -1, -1) => "-1/-1".to_string(),
            _ => name.to_ascii_lowercase(),
        };
        self.g.log.push(Event::Counters {
            card,
            kind,
            count: n,
            sure: Sure::Literal,
        });
        let c = self.g.card_mut(card);
        if let Some(k) = c
            .counters
            .iter_mut()
            .find(|k| k.name == name && k.power == power && k.toughness == toughness)
        {
            k.nb = (k.nb + n).max(0);
        } else if n > 0 {
            c.counters.push(Counter {
                name: name.to_string(),
                power,
                toughness,
                nb: n,
            });
        }
        // +1/+1 and -1/-1 counters cancel out.
        let pp = c
            .counters
            .iter()
            .position(|k| k.power == 1 && k.toughness == 1 && k.name.is_empty());
        let mm = c
            .counters
            .iter()
            .position(|k| k.power == -1 && k.toughness == -1 && k.name.is_empty());
        if let (Some(a), Some(b)) = (pp, mm) {
            let m = c.counters[a].nb.min(c.counters[b].nb);
            c.counters[a].nb -= m;
            c.counters[b].nb -= m;
        }
        c.counters.retain(|k| k.nb > 0);
        self.bump();
        self.recompute();
        self.event(Ev::Counter {
            card,
            added: n > 0,
            power,
            toughness,
            name: name.to_string(),
        });
    }

    /// AARandomMover::resolve: a random card of the `from` zone that matches the spec moves to
    /// the `to` zone (a permanent put onto the battlefield resolves as a spell).
    fn move_random(
        &mut self,
        tc: &super::targets::TargetSpec,
        from: &str,
        to: &str,
        source: CardId,
        target: CardId,
        line: Option<usize>,
    ) {
        let me = self.controller(source);
        let from = from.trim();
        let (player, rest) = if let Some(r) = from.strip_prefix("my") {
            (me, r)
        } else if let Some(r) = from.strip_prefix("opponent") {
            (1 - me, r)
        } else if let Some(r) = from.strip_prefix("targetcontroller") {
            (self.controller(target), r)
        } else if let Some(r) = from
            .strip_prefix("targetowner")
            .or_else(|| from.strip_prefix("owner"))
        {
            (self.g.card(target).owner, r)
        } else {
            (self.controller(target), from)
        };
        let zone = match rest {
            "graveyard" => Zone::Graveyard,
            "hand" => Zone::Hand,
            "library" => Zone::Library,
            "exile" | "removedfromgame" => Zone::Exile,
            "battlefield" | "inplay" => Zone::Battlefield,
            _ => return,
        };
        let cards: Vec<CardId> = self.g.players[player]
            .zone(zone)
            .iter()
            .copied()
            .filter(|&c| self.matches_kind(tc, source, c))
            .collect();
        if cards.is_empty() {
            return;
        }
        let pick = cards[self.g.rng.below(cards.len() as u32) as usize];
        self.move_to(pick, to, source, line);
    }

    fn move_to(&mut self, card: CardId, zone: &str, source: CardId, line: Option<usize>) {
        let me = self.controller(source);
        let owner = self.g.card(card).owner;
        let tcontroller = self.controller(card);
        let zone = zone.trim();
        let (player, rest) = if let Some(r) = zone.strip_prefix("my") {
            (me, r)
        } else if let Some(r) = zone.strip_prefix("opponent") {
            (1 - me, r)
        } else if let Some(r) = zone.strip_prefix("targetcontroller") {
            (tcontroller, r)
        } else if let Some(r) = zone.strip_prefix("targetowner") {
            (owner, r)
        } else if let Some(r) = zone.strip_prefix("owner") {
            (owner, r)
        } else if let Some(r) = zone.strip_prefix("targetedpersons") {
            // The player the ability targeted (else the opponent).
            (self.g.card(source).player_target.unwrap_or(1 - me), r)
        } else if zone == "previousbattlefield" {
            (tcontroller, "battlefield")
        } else {
            (owner, zone)
        };
        let to = match rest {
            "battlefield" | "inplay" => Zone::Battlefield,
            "graveyard" => Zone::Graveyard,
            "hand" => Zone::Hand,
            "library" => Zone::Library,
            "exile" | "removedfromgame" => Zone::Exile,
            "stack" => Zone::Stack,
            "commandzone" => Zone::Command,
            "temp" => Zone::Temp,
            // Wagic's zone table spells this one without the d.
            "removefromgame" if zone.starts_with("targetedpersons") => Zone::Exile,
            "reveal" | "sideboard" => {
                // Zones Wagic knows that this engine does not model.
                self.note(
                    NoteKind::Unsupported,
                    Some(source),
                    line,
                    format!("`moveto({zone})` is not simulated yet"),
                );
                return;
            }
            _ => {
                self.note(
                    NoteKind::UnknownZone,
                    Some(source),
                    line,
                    format!("`moveto({zone})`: Wagic knows no zone `{zone}`, so nothing moves"),
                );
                return;
            }
        };
        if to == Zone::Battlefield && self.g.card(card).zone != Zone::Battlefield {
            // AAMover: an aura is put in play by casting it without paying (AACastCard); with
            // nothing it could enchant, it stays where it is.
            if self.g.card(card).is("aura")
                && let Some(spec) = self.spell_target_spec(card)
                && !self.valid_targets_exist(&super::targets::parse(&spec), card, 1)
            {
                return;
            }
            self.put_in_zone(card, player, Zone::Stack);
            self.resolve_spell(card, Vec::new(), 0, Zone::Hand);
            return;
        }
        if to == Zone::Graveyard || to == Zone::Hand || to == Zone::Library || to == Zone::Exile {
            // Cards go to their owner's zones.
            self.put_in_zone(card, owner, to);
            return;
        }
        self.put_in_zone(card, player, to);
    }

    pub fn fizzle(&mut self, i: usize) {
        self.fizzle_to(i, Zone::Graveyard);
    }

    /// ActionStack::Fizzle: the spell is countered into `zone` of its controller (the
    /// graveyard, or the hand, exile or library top with `fizzleto`).
    pub fn fizzle_to(&mut self, i: usize, zone: Zone) {
        if i >= self.stack.len() || self.stack[i].resolved {
            return;
        }
        self.stack[i].resolved = true;
        if let StackObj::Spell { card, .. } = self.stack[i].obj {
            if self.has(card, "nofizzle") {
                self.stack[i].resolved = false;
                return;
            }
            if self.g.card(card).zone == Zone::Stack {
                if zone == Zone::Graveyard {
                    self.graveyard(card);
                } else {
                    let p = self.controller(card);
                    self.put_in_zone(card, p, zone);
                }
            }
        }
        self.bump();
    }

    /// Destroys a permanent (a regeneration shield saves it unless it is buried).
    pub fn destroy(&mut self, card: CardId, bury: bool) {
        if self.g.card(card).zone != Zone::Battlefield {
            return;
        }
        if self.has(card, "indestructible") {
            return;
        }
        if !bury && self.g.card(card).regen_shields > 0 && !self.has(card, "cantregen") {
            let c = self.g.card_mut(card);
            c.regen_shields -= 1;
            c.damage = 0;
            c.attacking = false;
            if let Some(a) = c.blocking.take() {
                self.g.card_mut(a).blockers.retain(|&b| b != card);
            }
            self.tap(card, false);
            return;
        }
        self.graveyard(card);
    }

    pub fn gain_life(&mut self, p: PlayerId, n: i32, source: Option<CardId>) {
        if n == 0 {
            return;
        }
        self.g.players[p].life += n;
        self.g.players[p].life_gained_this_turn += n;
        self.log_life(p, n);
        self.thatmuch = n;
        self.bump();
        self.event(Ev::Life {
            player: p,
            amount: n,
            source,
        });
    }

    pub fn lose_life(&mut self, p: PlayerId, n: i32, source: Option<CardId>) {
        if n == 0 {
            return;
        }
        self.g.players[p].life -= n;
        self.g.players[p].life_lost_this_turn += n;
        self.log_life(p, -n);
        self.thatmuch = n;
        self.bump();
        self.event(Ev::Life {
            player: p,
            amount: -n,
            source,
        });
    }

    /// Wagic's amounts are written in the ability (its own numbers are W138's to compare): the
    /// witness reads who gained or lost, not how much.
    fn log_life(&mut self, p: PlayerId, amount: i32) {
        self.g.log.push(Event::Life {
            player: p,
            amount,
            sure: Sure::Literal,
            who: Sure::Derived,
        });
    }

    fn log_damage(&mut self, source: CardId, target: Object, amount: i32) {
        self.g.log.push(Event::Damage {
            source,
            target,
            amount,
            sure: Sure::Literal,
            who: Sure::Derived,
        });
    }

    pub fn draw(&mut self, p: PlayerId, n: i32) {
        self.g.log.push(Event::Drew {
            player: p,
            count: n,
            sure: Sure::Literal,
            who: Sure::Derived,
        });
        for _ in 0..n.clamp(0, 100) {
            let Some(&top) = self.g.players[p].zone(Zone::Library).last() else {
                self.g.players[p].drew_from_empty = true;
                return;
            };
            self.put_in_zone(top, p, Zone::Hand);
            self.event(Ev::Draw {
                player: p,
                card: top,
            });
        }
    }

    /// Damage::resolve (without the after-damage check) then the check.
    pub fn deal_damage(&mut self, source: CardId, target: Tgt, n: i32, combat: bool) {
        self.apply_damage(source, target, n, combat);
        if let Tgt::Card(c) = target {
            self.after_damage(c);
        }
    }

    pub fn apply_damage(&mut self, source: CardId, target: Tgt, n: i32, combat: bool) -> bool {
        let mut n = n;
        // Replacement effects first: prevention abilities (`preventalldamage`, `fog`...).
        if n > 0 && self.circle_shield_prevents(source, target) {
            return false;
        }
        if n > 0 && self.damage_prevented(source, target, combat) {
            return false;
        }
        // Prevention shields (`prevent:`) take the damage first.
        let shield = match target {
            Tgt::Card(c) => Some(&mut self.g.card_mut(c).preventable),
            Tgt::Player(p) => Some(&mut self.g.players[p].preventable),
            Tgt::Stack(_) => None,
        };
        if let Some(shield) = shield
            && *shield > 0
            && n > 0
        {
            let absorbed = (*shield).min(n);
            *shield -= absorbed;
            n -= absorbed;
        }
        match target {
            Tgt::Card(c) => {
                if self.g.card(c).zone != Zone::Battlefield {
                    return false;
                }
                if self.protected_against(c, source) {
                    n = 0;
                }
                if n <= 0 {
                    return false;
                }
                if self.has(c, "vigor") {
                    // Vigor: +1/+1 counters instead of the damage.
                    self.add_counters(c, 1, 1, n, "");
                    return false;
                }
                self.log_damage(source, Object::Card(c), n);
                if self.has(source, "wither") || self.has(source, "infect") {
                    self.add_counters(c, -1, -1, n, "");
                } else {
                    let card = self.g.card_mut(c);
                    card.damage += n;
                    card.was_dealt_damage = true;
                }
                self.g.card_mut(source).dealt_damage_to |= crate::core::game::DEALT_TO_CREATURE;
            }
            Tgt::Player(p) => {
                if n <= 0 {
                    return false;
                }
                self.log_damage(source, Object::Player(p), n);
                if self.has(source, "infect") || self.has(source, "poisontoxic") {
                    self.g.players[p].poison += n;
                } else {
                    self.g.players[p].life -= n;
                    self.g.players[p].life_lost_this_turn += n;
                }
                self.g.players[p].damage_this_turn += n;
                let bit = if p == self.controller(source) {
                    crate::core::game::DEALT_TO_CONTROLLER
                } else {
                    crate::core::game::DEALT_TO_OPPONENT
                };
                self.g.card_mut(source).dealt_damage_to |= bit;
            }
            Tgt::Stack(_) => return false,
        }
        self.thatmuch = n;
        self.bump();
        self.event(Ev::Damage {
            source,
            target,
            amount: n,
            combat,
        });
        true
    }

    pub fn after_damage(&mut self, c: CardId) {
        let card = self.g.card(c);
        if card.zone == Zone::Battlefield
            && card.is_creature()
            && card.cur.toughness - card.damage <= 0
        {
            self.destroy(c, false);
        }
    }
}

/// A token defined inline: `token(name,types,p/t,abilities and colours)`.
fn inline_token(name: &str, types: &str, power: i32, toughness: i32, abilities: &str) -> Primitive {
    let mut p = Primitive {
        name: name.to_string(),
        lc_name: name.to_lowercase(),
        power,
        toughness,
        ..Primitive::default()
    };
    for w in types.split(' ').filter(|w| !w.is_empty()) {
        p.types.push(w.to_lowercase());
    }
    for piece in abilities.split([',', ' ']) {
        let piece = piece.trim();
        if piece.is_empty() {
            continue;
        }
        if let Some(c) = crate::core::mana::COLOR_NAMES
            .iter()
            .position(|n| *n == piece)
        {
            p.colors |= 1 << c;
            continue;
        }
        if let Some(i) = super::db::basic_ability_in(piece) {
            p.basic.set(i, true);
        }
    }
    p
}
