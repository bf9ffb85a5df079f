//! What a click does: the rules of the rules file (cast, kicker, alternative costs, attack,
//! block), activated abilities and their costs, abilities waiting for targets, and the rules'
//! reactions to events (lifelink, deathtouch, combat triggers, the legend rule).

use super::parse::{self, Ab, Cost, Extra, Restriction};
use super::runtime::*;
use super::targets::{self, TargetSpec};
use crate::core::game::{CardId, PlayerId, Zone};
use crate::core::mana::Mana;

/// Affinity abilities and what they count (README: basic abilities).
const AFFINITIES: [(&str, &str); 10] = [
    ("affinityartifacts", "artifact"),
    ("affinityplains", "plains"),
    ("affinityforests", "forest"),
    ("affinityislands", "island"),
    ("affinitymountains", "mountain"),
    ("affinityswamps", "swamp"),
    ("affinitygreencreatures", "green creature"),
    ("affinityallcreatures", "creature"),
    ("affinitycontrollercreatures", "my creature"),
    ("affinityopponentcreatures", "opponent creature"),
];

impl WGame<'_> {
    /// Whether layer item `i` reacts to a click on `card`.
    pub fn is_reacting_to_click(&mut self, i: usize, card: CardId) -> bool {
        let ab = self.layer[i].ab.clone();
        match &ab {
            Ab::Rule(rule) => self.rule_reacts(rule, card),
            Ab::Activated(a) => {
                if card != self.layer[i].source
                    || self.layer[i].inc != self.g.card(card).incarnation
                {
                    return false;
                }
                self.activated_reacts(i, a, card)
            }
            Ab::Upkeep(u) => {
                // AUpkeep::isReactingToClick: in its phase, once a turn, then as any ability.
                if card != self.layer[i].source
                    || self.layer[i].inc != self.g.card(card).incarnation
                    || self.phase != u.phase
                    || self.layer[i].counters > 0
                    || self.layer[i].fired
                {
                    return false;
                }
                let a = parse::Activated {
                    cost: Some(self.upkeep_cost(u, card)),
                    tc: None,
                    effect: Ab::Multi(Vec::new()),
                    limit: None,
                    restriction: Restriction::None,
                    cast_restriction: None,
                    name: String::new(),
                };
                self.activated_reacts(i, &a, card)
            }
            Ab::Equip { cost, tc } => {
                let source = self.layer[i].source;
                if card != source || self.controller(source) != self.currently_acting() {
                    return false;
                }
                if !self.sorcery_speed(source) {
                    return false;
                }
                if let Some(c) = cost
                    && !self.can_pay(c, source)
                {
                    return false;
                }
                self.valid_targets_exist(tc, source, 1)
            }
            _ => false,
        }
    }

    fn sorcery_speed(&self, card: CardId) -> bool {
        self.controller(card) == self.current
            && (self.phase == FIRSTMAIN || self.phase == SECONDMAIN)
            && !self.has_unresolved()
    }

    fn rule_reacts(&mut self, rule: &str, card: CardId) -> bool {
        let player = self.currently_acting();
        match rule {
            "putinplayrule" => {
                let cost = self.spell_cost(card);
                self.can_cast(card, player, &cost)
            }
            "kickerrule" => {
                let Some(k) = self.prim(card).and_then(|p| p.kicker.clone()) else {
                    return false;
                };
                let mut cost = self.g.card(card).mana_cost.clone();
                let kicker = parse::parse_cost(k.trim_start_matches("multi"));
                cost.add(&kicker.mana);
                if self.g.card(card).is_land() {
                    return false;
                }
                self.can_cast(card, player, &cost)
            }
            "alternativecostrule" => {
                let Some(o) = self.prim(card).and_then(|p| p.other.clone()) else {
                    return false;
                };
                let cost = parse::parse_cost(&o);
                !self.g.card(card).is_land()
                    && self.can_cast(card, player, &cost.mana)
                    && self.can_pay_extras(&cost, card)
            }
            "buybackrule" => {
                let Some(b) = self.prim(card).and_then(|p| p.buyback.clone()) else {
                    return false;
                };
                // The buyback cost is the whole cost (mana cost included), changed as it is.
                let cost = self.spell_cost_from(card, parse::parse_cost(&b).mana);
                self.can_cast(card, player, &cost)
            }
            "flashbackrule" | "retracerule" => {
                let p = self.prim_arc(card);
                let alt = if rule == "flashbackrule" {
                    p.and_then(|p| p.flashback.clone())
                } else {
                    p.and_then(|p| p.retrace.clone())
                };
                let Some(alt) = alt else { return false };
                if !self.g.players[player].zone(Zone::Graveyard).contains(&card) {
                    return false;
                }
                let mut cost = parse::parse_cost(&alt).mana;
                if rule == "retracerule" {
                    cost = self.g.card(card).mana_cost.clone();
                }
                self.timing_ok(card) && self.g.players[player].pool.can_afford(&cost)
            }
            "attackrule" => {
                self.phase == COMBATATTACKERS
                    && self.controller(card) == self.current
                    && self.controller(card) == self.currently_acting()
                    && (self.g.card(card).attacking || self.can_attack(card))
            }
            "blockrule" => {
                self.phase == COMBATBLOCKERS
                    && self.interrupting.is_none()
                    && self.controller(card) != self.current
                    && self.can_block(card)
            }
            _ => false,
        }
    }

    /// The card's mana cost as its controller would pay it now: affinity (GameObserver::
    /// Affinity) takes {1} off the generic part for each matching permanent.
    pub fn spell_cost(&self, card: CardId) -> Mana {
        self.spell_cost_from(card, self.g.card(card).mana_cost.clone())
    }

    /// `base` (the mana cost, or the whole cost with buyback) as the controller would pay it.
    pub fn spell_cost_from(&self, card: CardId, base: Mana) -> Mana {
        let mut cost = base;
        // `altercost` (GameObserver's cost refresh): the increases are added, then the
        // reductions removed, no color going below zero.
        if self.cost_changes.iter().any(|&(c, _, _)| c == card) {
            let mut reduced = [0i32; crate::core::mana::NB_COLORS];
            for &(c, color, amount) in &self.cost_changes {
                if c != card {
                    continue;
                }
                if amount > 0 {
                    cost.amounts[color] += amount;
                } else {
                    reduced[color] -= amount;
                }
            }
            for (color, r) in reduced.iter().enumerate() {
                cost.amounts[color] -= (*r).min(cost.amounts[color]);
            }
        }
        let me = self.controller(card);
        let mut reduce = 0;
        let mut reduce_green = 0;
        for &(ability, what) in &AFFINITIES {
            if !self.has(card, ability) {
                continue;
            }
            for c in self.g.battlefield() {
                let x = self.g.card(c);
                let mine = self.controller(c) == me;
                let counts = match what {
                    "artifact" => mine && x.is("artifact"),
                    "creature" => x.is_creature(),
                    "my creature" => mine && x.is_creature(),
                    "opponent creature" => !mine && x.is_creature(),
                    "green creature" => mine && x.is_creature() && x.cur.has_color(1),
                    land => mine && x.is(land),
                };
                if counts && what == "green creature" {
                    // GameObserver::Affinity: green creatures take {G} off, not {1}.
                    reduce_green += 1;
                } else if counts {
                    reduce += 1;
                }
            }
        }
        cost.amounts[0] = (cost.amounts[0] - reduce).max(0);
        cost.amounts[1] = (cost.amounts[1] - reduce_green).max(0);
        cost
    }

    /// Instant speed, flash, or an empty stack in the caster's main phase.
    fn timing_ok(&self, card: CardId) -> bool {
        let c = self.g.card(card);
        c.is("instant") || self.has(card, "flash") || self.sorcery_speed(card)
    }

    /// MTGPutInPlayRule::isReactingToClick with a given cost.
    fn can_cast(&mut self, card: CardId, player: PlayerId, cost: &Mana) -> bool {
        let p = &self.g.players[player];
        let zone = self.g.card(card).zone;
        let in_hand = p.zone(Zone::Hand).contains(&card);
        let in_grave = p.zone(Zone::Graveyard).contains(&card);
        let in_exile = p.zone(Zone::Exile).contains(&card);
        if !in_hand && !in_grave && !in_exile {
            return false;
        }
        if in_grave && !self.has(card, "canplayfromgraveyard") {
            return false;
        }
        if in_exile && !self.has(card, "canplayfromexile") {
            return false;
        }
        let _ = zone;
        if !self.allowed_to_cast(card, player) {
            return false;
        }
        if self.g.card(card).is_land() {
            if self.g.players[player].lands_played >= self.g.players[player].max_lands {
                return false;
            }
            return self.sorcery_speed(card) && self.controller(card) == player;
        }
        if !self.timing_ok(card) {
            return false;
        }
        if !self.cast_allowed_by_restrictions(card, player) {
            return false;
        }
        let mut cost = cost.clone();
        cost.x = 0;
        self.g.players[player].pool.can_afford(&cost)
    }

    /// `restrictions=` of the card.
    fn allowed_to_cast(&mut self, card: CardId, player: PlayerId) -> bool {
        let Some(r) = self.prim(card).and_then(|p| p.restrictions.clone()) else {
            return true;
        };
        self.check_restrictions(&r, card, player)
    }

    /// The cast-restriction language, for the parts this engine plays.
    pub fn check_restrictions(
        &mut self,
        restrictions: &str,
        card: CardId,
        player: PlayerId,
    ) -> bool {
        for r in restrictions.split(',') {
            match parse::parse_restriction(r) {
                Restriction::MyTurn if player != self.current => return false,
                Restriction::OpponentTurn if player == self.current => return false,
                Restriction::AsSorcery
                    if player != self.current
                        || (self.phase != FIRSTMAIN && self.phase != SECONDMAIN) =>
                {
                    return false;
                }
                Restriction::MyPhase(ph) if player != self.current || self.phase != ph => {
                    return false;
                }
                Restriction::OpponentPhase(ph) if player == self.current || self.phase != ph => {
                    return false;
                }
                Restriction::Phase(ph) if self.phase != ph => return false,
                _ => {}
            }
            if r.contains("type(")
                || r.contains("compare(")
                || r.contains("thisturn(")
                || r.contains("lastturn(")
            {
                let parts: Vec<&str> = r.split('~').collect();
                if parts.len() != 3 {
                    return false;
                }
                let value = |g: &Self, s: &str| -> i32 {
                    if let Some((_, inner, after)) = parse::parse_between(s, "type(", ")", true) {
                        let tc = targets::parse(inner);
                        g.count_matching(&tc, card) as i32 + super::db::atoi(after)
                    } else if let Some((_, inner, after)) =
                        parse::parse_between(s, "compare(", ")", true)
                    {
                        super::numbers::eval(g, inner, card, None).0 + super::db::atoi(after)
                    } else {
                        super::numbers::eval(g, s, card, None).0
                    }
                };
                let a = value(self, parts[0]);
                let b = value(self, parts[2]);
                let op = parts[1];
                let ok = if op.contains("lessthan") {
                    a < b
                } else if op.contains("morethan") {
                    a > b
                } else if op.contains("equalto") {
                    a == b
                } else {
                    a >= b
                };
                if !ok {
                    return false;
                }
            }
            // `paid(kicker)`...: the card was paid that way (its alternateCostPaid).
            if let Some((_, paid, _)) = parse::parse_between(r, "paid(", ")", true) {
                let paid_with = self.g.card(card).paid_with;
                if parse::ALT_COSTS
                    .iter()
                    .any(|(word, bit)| paid.contains(word) && paid_with & bit == 0)
                {
                    return false;
                }
            }
            if r.contains("during my turn") && player != self.current {
                return false;
            }
            if r.contains("during opponent turn") && player == self.current {
                return false;
            }
            if r.contains("before battle damage") && self.phase > COMBATBLOCKERS {
                return false;
            }
            if r.contains("after battle") && self.phase < COMBATBLOCKERS {
                return false;
            }
            if r.contains("during battle") && (self.phase < COMBATBEGIN || self.phase > COMBATEND) {
                return false;
            }
        }
        true
    }

    /// MaxPerTurnRestriction: a `maxcast(tc)n` ability in the game on `player` forbids casting
    /// a card matching tc once n matching cards were put onto that player's stack this turn.
    fn cast_allowed_by_restrictions(&self, card: CardId, player: PlayerId) -> bool {
        for inst in &self.layer {
            if inst.removed || inst.waiting.is_some() {
                continue;
            }
            let mut ab = &inst.ab;
            loop {
                match ab {
                    Ab::Ueot(inner) => ab = inner,
                    Ab::This {
                        desc,
                        effect,
                        one_shot: false,
                        foreach: false,
                    } if self.this_descriptor(desc, inst.source) > 0 => ab = effect,
                    _ => break,
                }
            }
            let Ab::Effect(parse::Effect::CastRestriction {
                play: false,
                tc,
                value,
                who,
            }) = ab
            else {
                continue;
            };
            let v = value.trim();
            if v.starts_with('+') || v.starts_with('-') {
                continue;
            }
            let restricted = match who {
                parse::Who::Unset => match inst.target {
                    Some(Tgt::Player(p)) => p,
                    _ => self.controller(inst.source),
                },
                w => self.player_for(*w, inst.source, inst.target),
            };
            if restricted != player || !self.matches_kind(tc, inst.source, card) {
                continue;
            }
            let max = super::numbers::eval(self, v, inst.source, None).0;
            let seen = self
                .stack_seen
                .iter()
                .filter(|&&(p, c)| p == player && self.matches_kind(tc, inst.source, c))
                .count() as i32;
            if seen >= max {
                return false;
            }
        }
        true
    }

    pub fn react_to_click(&mut self, i: usize, card: CardId) {
        self.bump();
        let ab = self.layer[i].ab.clone();
        match &ab {
            Ab::Rule(rule) if rule == "attackrule" => self.toggle_attacker(card),
            Ab::Rule(rule) if rule == "blockrule" => self.cycle_block(card),
            Ab::Rule(rule) => self.cast_with_rule(rule, card),
            Ab::Activated(a) => self.activate(i, a, card),
            Ab::Upkeep(u) => {
                // AUpkeep::resolve: the cost is paid for this turn.
                let source = self.layer[i].source;
                let cost = self.upkeep_cost(u, source);
                if self.is_reacting_to_click(i, card) && self.pay_cost(&cost, source) {
                    self.layer[i].counters += 1;
                }
            }
            Ab::Equip { tc, .. } => {
                let _ = tc;
                self.layer[i].waiting = Some(Vec::new());
            }
            _ => {}
        }
    }

    /// A menu item was chosen for `card`.
    pub fn react_to_menu(&mut self, i: usize, card: CardId) {
        if let Ab::May { inner, .. } = self.layer[i].ab.clone() {
            let source = self.layer[i].source;
            let target = self.layer[i].target;
            let paid_with = self.layer[i].paid_with;
            let line = self.layer[i].line;
            let trigger_card = self.layer[i].trigger_card;
            self.remove_inst(i);
            match *inner {
                Ab::Targeted { tc, effect } => {
                    let mut inst = Inst::new(
                        Ab::Activated(Box::new(parse::Activated {
                            cost: None,
                            tc: Some(tc),
                            effect: *effect,
                            limit: None,
                            restriction: Restriction::None,
                            cast_restriction: None,
                            name: String::new(),
                        })),
                        source,
                        self.g.card(source).incarnation,
                        target,
                    );
                    inst.force_destroy = true;
                    inst.paid_with = paid_with;
                    inst.line = line;
                    inst.trigger_card = trigger_card;
                    inst.waiting = Some(Vec::new());
                    self.add_inst(inst);
                }
                other => {
                    self.fire(
                        other,
                        source,
                        target,
                        Vec::new(),
                        trigger_card,
                        false,
                        paid_with,
                        line,
                    );
                }
            }
            return;
        }
        if self.is_reacting_to_click(i, card) {
            self.react_to_click(i, card);
        }
    }

    // ---- casting --------------------------------------------------------------------------

    /// Casts `card` with the rule `rule` (putinplay, kicker, alternative cost...).
    pub fn cast_with_rule(&mut self, rule: &str, card: CardId) {
        let player = self.currently_acting();
        if self.spell_tc.is_none() && !self.rule_reacts(rule, card) {
            return;
        }
        let prim = self.prim_arc(card);
        let mut cost = self.spell_cost(card);
        let mut paid_with = parse::PAID_NORMAL;
        let mut extras: Option<Cost> = None;
        match rule {
            "kickerrule" => {
                if let Some(k) = prim.as_ref().and_then(|p| p.kicker.clone()) {
                    let kicker = parse::parse_cost(k.trim_start_matches("multi")).mana;
                    let mut kicked = 1;
                    if k.starts_with("multi") {
                        // Multikicker (MTGKickerRule::reactToClick): kicked as many times as
                        // the pool affords the cost with one more kicker.
                        let pool = self.g.players[player].pool.clone();
                        let mut with = cost.clone();
                        with.add(&kicker);
                        kicked = 0;
                        while kicked < 100 && pool.can_afford(&with) {
                            with.add(&kicker);
                            kicked += 1;
                        }
                    }
                    for _ in 0..kicked {
                        cost.add(&kicker);
                    }
                    paid_with |= parse::PAID_KICKER;
                    self.g.card_mut(card).kicked = kicked;
                }
            }
            "alternativecostrule" => {
                if let Some(o) = prim.as_ref().and_then(|p| p.other.clone()) {
                    let c = parse::parse_cost(&o);
                    cost = c.mana.clone();
                    extras = Some(c);
                    paid_with = parse::PAID_ALTERNATIVE;
                }
            }
            "buybackrule" => {
                if let Some(b) = prim.as_ref().and_then(|p| p.buyback.clone()) {
                    cost = self.spell_cost_from(card, parse::parse_cost(&b).mana);
                    paid_with = parse::PAID_BUYBACK;
                }
            }
            "flashbackrule" => {
                if let Some(f) = prim.as_ref().and_then(|p| p.flashback.clone()) {
                    cost = parse::parse_cost(&f).mana;
                    paid_with = parse::PAID_FLASHBACK;
                }
            }
            "retracerule" => paid_with = parse::PAID_RETRACE,
            _ => {}
        }
        // X takes whatever the pool holds beyond the rest of the cost (of its one color for a
        // specific X); X is what was paid beyond the rest (Spell::computeX).
        if let Some(extra) = &extras
            && !self.can_pay_extras(extra, card)
        {
            return;
        }
        // Targets of the spell.
        if let Some(spec) = self.spell_target_spec(card) {
            match &self.spell_tc {
                Some(st) if st.card == card => {
                    let n = st.targets.len() as i32;
                    let max = self.tc_max(&st.tc, card);
                    if n == 0 || (!st.tc.upto && n < max && !st.forced) {
                        return;
                    }
                }
                _ => {
                    let tc = targets::parse(&spec);
                    if !self.valid_targets_exist(&tc, card, 1) {
                        self.note(
                            NoteKind::NoLegalTarget,
                            Some(card),
                            None,
                            format!("no object can be the target `{}` of this spell", tc.raw),
                        );
                        return;
                    }
                    self.spell_tc = Some(SpellTargeting {
                        card,
                        tc,
                        targets: Vec::new(),
                        rule: rule.to_string(),
                        forced: false,
                    });
                    self.bump();
                    return;
                }
            }
        }
        let targets = self.spell_tc.take().map(|s| s.targets).unwrap_or_default();
        let pool_before = self.g.players[player].pool.converted();
        if !self.g.players[player].pool.pay(&cost) {
            return;
        }
        if cost.x > 0 {
            let paid = pool_before - self.g.players[player].pool.converted();
            let fixed = cost.converted();
            self.g.card_mut(card).x = (paid - fixed).max(0);
        }
        if let Some(extra) = &extras {
            self.pay_extras(extra, card);
        }
        self.g.card_mut(card).paid_with = paid_with;
        let from = self.g.card(card).zone;
        if self.g.card(card).is_land() {
            self.g.players[player].lands_played += 1;
            self.resolve_spell_direct(card, player);
            return;
        }
        self.put_in_zone(card, player, Zone::Stack);
        self.g.card_mut(card).paid_with = paid_with;
        for t in &targets {
            if let Tgt::Card(c) = t {
                self.event(Ev::Targeted {
                    card: *c,
                    source: card,
                });
            }
        }
        self.add_action(StackItem {
            obj: StackObj::Spell {
                card,
                targets,
                paid_with,
                from,
                storm_copy: false,
            },
            resolved: false,
            controller: player,
        });
        self.casts_this_turn += 1;
        // Storm (MTGPutInPlayRule::reactToClick): a copy, without targets, for each spell
        // cast before it this turn.
        if self.has(card, "storm") {
            for _ in 1..self.casts_this_turn.min(100) {
                self.add_action(StackItem {
                    obj: StackObj::Spell {
                        card,
                        targets: Vec::new(),
                        paid_with,
                        from,
                        storm_copy: true,
                    },
                    resolved: false,
                    controller: player,
                });
            }
        }
    }

    /// A storm copy resolves: the spell's abilities, without moving its card.
    pub fn resolve_storm_copy(&mut self, card: CardId, paid_with: u32) {
        if self.prim(card).is_none_or(|p| p.is_permanent()) {
            return;
        }
        let info = SpellInfo {
            targets: Vec::new(),
            paid_with,
        };
        self.magic_text(card, Some(&info), "");
        self.hardcoded_on_resolve(card, &[]);
    }

    /// Adds or removes a target of the spell being cast; true when the list is full.
    pub fn toggle_spell_target(&mut self, t: Tgt) -> bool {
        let Some(mut st) = self.spell_tc.take() else {
            return false;
        };
        let ok = self.can_target(&st.tc, st.card, t, true);
        if ok {
            if let Some(pos) = st.targets.iter().position(|x| *x == t) {
                st.targets.remove(pos);
            } else {
                st.targets.push(t);
            }
        }
        let max = self.tc_max(&st.tc, st.card);
        let full = st.targets.len() as i32 >= max;
        self.spell_tc = Some(st);
        full
    }

    pub fn tc_max(&self, tc: &TargetSpec, source: CardId) -> i32 {
        tc.max_targets(|s| super::numbers::eval(self, s, source, None).0)
    }

    /// Puts a permanent into play without the stack (lands, test setup).
    pub fn resolve_spell_direct(&mut self, card: CardId, player: PlayerId) {
        self.put_in_zone(card, player, Zone::Stack);
        self.resolve_spell(card, Vec::new(), self.g.card(card).paid_with, Zone::Hand);
    }

    /// Spell::resolve. A resolution nested deeper than `MAX_DEPTH` (a token whose spell makes
    /// itself again) stops the play as a loop, as the step budget does.
    pub fn resolve_spell(&mut self, card: CardId, targets: Vec<Tgt>, paid_with: u32, from: Zone) {
        if self.g.depth >= crate::core::game::MAX_DEPTH {
            self.g.steps = self.g.steps.max(self.g.budget.saturating_add(1));
            return;
        }
        self.g.depth += 1;
        self.resolve_spell_nested(card, targets, paid_with, from);
        self.g.depth -= 1;
    }

    fn resolve_spell_nested(
        &mut self,
        card: CardId,
        targets: Vec<Tgt>,
        paid_with: u32,
        _from: Zone,
    ) {
        // Spells resolve from the stack; tokens (ATokenCreator) from the temporary zone.
        if !matches!(self.g.card(card).zone, Zone::Stack | Zone::Temp) {
            return;
        }
        let controller = self.controller(card);
        let info = SpellInfo {
            targets: targets.clone(),
            paid_with,
        };
        let permanent = self.prim(card).is_none_or(|p| p.is_permanent());
        if permanent {
            if targets.len() == 1
                && let Tgt::Card(t) = targets[0]
            {
                // An aura whose target became illegal fizzles.
                let spec = self.spell_target_spec(card);
                if let Some(spec) = spec {
                    let tc = targets::parse(&spec);
                    if !self.can_target(&tc, card, Tgt::Card(t), true) {
                        self.graveyard(card);
                        return;
                    }
                }
                self.g.card_mut(card).attached_to = Some(t);
            }
            if targets.len() == 1
                && let Tgt::Player(p) = targets[0]
            {
                self.g.card_mut(card).player_target = Some(p);
            }
            let attached = self.g.card(card).attached_to;
            self.put_in_zone(card, controller, Zone::Battlefield);
            self.g.card_mut(card).attached_to = attached;
            self.g.card_mut(card).paid_with = paid_with;
            self.rules_card_entered(card);
            self.magic_text(card, Some(&info), "");
            self.hardcoded_on_resolve(card, &targets);
            self.add_keyword_objects(card);
        } else {
            if targets.len() == 1 {
                let spec = self.spell_target_spec(card);
                if let Some(spec) = spec {
                    let tc = targets::parse(&spec);
                    if !self.can_target(&tc, card, targets[0], true) {
                        self.graveyard(card);
                        return;
                    }
                }
                if let Tgt::Card(t) = targets[0] {
                    self.g.card_mut(card).attached_to = Some(t);
                }
                if let Tgt::Player(p) = targets[0] {
                    self.g.card_mut(card).player_target = Some(p);
                }
            }
            self.magic_text(card, Some(&info), "");
            self.hardcoded_on_resolve(card, &targets);
            if self.g.card(card).zone == Zone::Stack {
                let owner = self.g.card(card).owner;
                let to = if paid_with & parse::PAID_BUYBACK != 0 {
                    Zone::Hand
                } else if paid_with & parse::PAID_FLASHBACK != 0 {
                    Zone::Exile
                } else {
                    Zone::Graveyard
                };
                self.put_in_zone(card, owner, to);
            }
        }
    }

    /// MTGVampireRule::receiveEvent: remembers who damaged which card this turn; a damaged card
    /// that goes from play to a graveyard sends one WEventVampire per source.
    fn vampire_rule(&mut self, e: &Ev) {
        match e {
            Ev::Damage {
                source,
                target: Tgt::Card(t),
                amount,
                ..
            } if *amount > 0 && self.rule_active("vampirerule") => {
                let inc = self.g.card(*t).incarnation;
                if self.vampire_victims.len() < 256
                    && !self
                        .vampire_victims
                        .iter()
                        .any(|&(c, i, s)| c == *t && i == inc && s == *source)
                {
                    self.vampire_victims.push((*t, inc, *source));
                }
            }
            Ev::ZoneChange { card, from, to }
                if from.1 == Zone::Battlefield && !self.vampire_victims.is_empty() =>
            {
                // The card left play: it is a new object now (its incarnation moved on).
                let inc = self.g.card(*card).incarnation;
                let mut sources = Vec::new();
                self.vampire_victims.retain(|&(c, i, s)| {
                    let hit = c == *card && i < inc;
                    if hit {
                        sources.push(s);
                    }
                    !hit
                });
                if to.1 == Zone::Graveyard {
                    for s in sources {
                        self.event(Ev::Vampire {
                            victim: *card,
                            source: s,
                        });
                    }
                }
            }
            Ev::PhaseChange { from, .. } if *from == ENDOFTURN => self.vampire_victims.clear(),
            _ => {}
        }
    }

    /// Objects the engine creates for some basic abilities (exalted, flanking...).
    fn add_keyword_objects(&mut self, _card: CardId) {}

    // ---- activated abilities --------------------------------------------------------------

    fn activated_reacts(&mut self, i: usize, a: &parse::Activated, card: CardId) -> bool {
        let source = self.layer[i].source;
        let player = self.currently_acting();
        if self.controller(source) != player {
            return false;
        }
        match a.restriction {
            Restriction::MyTurn if player != self.current => return false,
            Restriction::OpponentTurn if player == self.current => return false,
            Restriction::AsSorcery
                if player != self.current
                    || (self.phase != FIRSTMAIN && self.phase != SECONDMAIN) =>
            {
                return false;
            }
            Restriction::MyPhase(ph) if player != self.current || self.phase != ph => return false,
            Restriction::OpponentPhase(ph) if player == self.current || self.phase != ph => {
                return false;
            }
            Restriction::Phase(ph) if self.phase != ph => return false,
            _ => {}
        }
        if let Some(limit) = &a.limit {
            let n = super::numbers::eval(self, limit, source, None).0;
            if n > 0 && self.layer[i].counters >= n {
                return false;
            }
        }
        if let Some(r) = a.cast_restriction.clone()
            && !self.check_restrictions(&r, card, player)
        {
            return false;
        }
        let is_mana = a.effect.is_mana_producer();
        let Some(cost) = &a.cost else {
            return true;
        };
        if cost.has_tap() && (self.g.card(source).tapped || self.summoning_sick(source)) {
            return false;
        }
        if self.g.card(source).is("planeswalker") {
            if player != self.current || (self.phase != FIRSTMAIN && self.phase != SECONDMAIN) {
                return false;
            }
            if self.planeswalker_used(source) {
                return false;
            }
        }
        if self.has(source, "noactivated") || (is_mana && self.has(source, "nomana")) {
            return false;
        }
        if !self.can_pay(cost, source) {
            return false;
        }
        if let Some(tc) = &a.tc
            && !self.valid_targets_exist(tc, source, 1)
        {
            return false;
        }
        true
    }

    fn planeswalker_used(&self, card: CardId) -> bool {
        self.layer.iter().any(|i| {
            !i.removed && i.source == card && matches!(i.ab, Ab::Activated(_)) && i.counters > 0
        })
    }

    pub fn summoning_sick(&self, card: CardId) -> bool {
        let c = self.g.card(card);
        c.sick && c.is_creature() && !self.has(card, "haste")
    }

    /// Whether the acting player can pay `cost` for `source`.
    pub fn can_pay(&mut self, cost: &Cost, source: CardId) -> bool {
        let player = self.controller(source);
        let mut mana = cost.mana.clone();
        mana.x = 0;
        self.g.players[player].pool.can_afford(&mana) && self.can_pay_extras(cost, source)
    }

    /// The object an extra cost that names one would be paid with: the first matching one that
    /// no other cost of the same payment took (ExtraCosts::tryToSetPayment), untapped for a tap
    /// cost and tapped for an untap cost (TapTargetCost / UnTapTargetCost::isPaymentSet).
    fn extra_payment(
        &self,
        e: &Extra,
        tc: &TargetSpec,
        source: CardId,
        used: &[CardId],
    ) -> Option<CardId> {
        let mut tc = tc.clone();
        tc.targetting = false;
        self.matching(&tc, source).into_iter().find(|&c| {
            !used.contains(&c)
                && match e {
                    Extra::Tap(_) => !self.g.card(c).tapped,
                    Extra::Untap(_) => self.g.card(c).tapped,
                    _ => true,
                }
        })
    }

    pub fn can_pay_extras(&mut self, cost: &Cost, source: CardId) -> bool {
        let player = self.controller(source);
        let mut used = Vec::new();
        for e in &cost.extras {
            let ok = match e {
                Extra::Tap(None) => !self.g.card(source).tapped,
                Extra::Untap(None) => self.g.card(source).tapped,
                Extra::Life(n) => self.g.players[player].life >= *n,
                Extra::DiscardRandom => !self.g.players[player].zone(Zone::Hand).is_empty(),
                Extra::Mill | Extra::LibraryToExile => {
                    !self.g.players[player].zone(Zone::Library).is_empty()
                }
                Extra::Counter {
                    power,
                    toughness,
                    nb,
                    name,
                    target: None,
                } => *nb >= 0 || self.g.card(source).counter_count(name, *power, *toughness) >= -nb,
                Extra::Tap(Some(tc))
                | Extra::Untap(Some(tc))
                | Extra::Sacrifice(Some(tc))
                | Extra::Exile(Some(tc))
                | Extra::Bounce(Some(tc))
                | Extra::Discard(Some(tc))
                | Extra::ToLibrary(Some(tc))
                | Extra::ToGraveyard(Some(tc)) => match self.extra_payment(e, tc, source, &used) {
                    Some(c) => {
                        used.push(c);
                        true
                    }
                    None => false,
                },
                Extra::Unsupported(what) => {
                    self.note(
                        NoteKind::Unsupported,
                        Some(source),
                        None,
                        format!("the cost `{{{what}}}` is not simulated yet"),
                    );
                    false
                }
                _ => true,
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// Pays the extra costs, choosing the first matching object for targeted ones.
    pub fn pay_extras(&mut self, cost: &Cost, source: CardId) {
        let player = self.controller(source);
        let mut used = Vec::new();
        for e in &cost.extras {
            match e {
                Extra::Tap(None) => self.tap(source, false),
                Extra::Untap(None) => self.untap(source),
                Extra::Sacrifice(None) => {
                    self.event(Ev::Sacrificed {
                        card: source,
                        as_cost: true,
                    });
                    self.graveyard(source);
                }
                Extra::Exile(None) => {
                    let owner = self.g.card(source).owner;
                    self.put_in_zone(source, owner, Zone::Exile);
                }
                Extra::Bounce(None) => {
                    let owner = self.g.card(source).owner;
                    self.put_in_zone(source, owner, Zone::Hand);
                }
                Extra::Discard(None) | Extra::Cycle => {
                    let cycled = matches!(e, Extra::Cycle);
                    self.event(Ev::Discarded {
                        card: source,
                        cycled,
                    });
                    self.graveyard(source);
                }
                Extra::Life(n) => self.lose_life(player, *n, Some(source)),
                Extra::DiscardRandom => {
                    let hand = self.g.players[player].zone(Zone::Hand).clone();
                    if !hand.is_empty() {
                        let i = self.g.rng.below(hand.len() as u32) as usize;
                        self.event(Ev::Discarded {
                            card: hand[i],
                            cycled: false,
                        });
                        self.graveyard(hand[i]);
                    }
                }
                Extra::Mill => {
                    if let Some(&top) = self.g.players[player].zone(Zone::Library).last() {
                        self.graveyard(top);
                    }
                }
                Extra::LibraryToExile => {
                    if let Some(&top) = self.g.players[player].zone(Zone::Library).last() {
                        let owner = self.g.card(top).owner;
                        self.put_in_zone(top, owner, Zone::Exile);
                    }
                }
                Extra::Counter {
                    power,
                    toughness,
                    nb,
                    name,
                    target: None,
                } => self.add_counters(source, *power, *toughness, *nb, name),
                Extra::Tap(Some(tc))
                | Extra::Untap(Some(tc))
                | Extra::Sacrifice(Some(tc))
                | Extra::Exile(Some(tc))
                | Extra::Bounce(Some(tc))
                | Extra::Discard(Some(tc))
                | Extra::ToLibrary(Some(tc))
                | Extra::ToGraveyard(Some(tc)) => {
                    let Some(c) = self.extra_payment(e, tc, source, &used) else {
                        continue;
                    };
                    used.push(c);
                    match e {
                        Extra::Tap(_) => self.tap(c, false),
                        Extra::Untap(_) => self.untap(c),
                        Extra::Sacrifice(_) => {
                            self.event(Ev::Sacrificed {
                                card: c,
                                as_cost: true,
                            });
                            self.graveyard(c);
                        }
                        Extra::Exile(_) => {
                            let owner = self.g.card(c).owner;
                            self.put_in_zone(c, owner, Zone::Exile);
                        }
                        Extra::Bounce(_) => {
                            let owner = self.g.card(c).owner;
                            self.put_in_zone(c, owner, Zone::Hand);
                        }
                        Extra::Discard(_) => {
                            self.event(Ev::Discarded {
                                card: c,
                                cycled: false,
                            });
                            self.graveyard(c);
                        }
                        Extra::ToLibrary(_) => {
                            let owner = self.g.card(c).owner;
                            self.put_in_zone(c, owner, Zone::Library);
                        }
                        _ => self.graveyard(c),
                    }
                }
                _ => {}
            }
        }
    }

    fn pay_cost(&mut self, cost: &Cost, source: CardId) -> bool {
        let player = self.controller(source);
        let mana = cost.mana.clone();
        // An {X} takes what the pool holds beyond the rest, as a spell's does; the source's X
        // is what was paid beyond the rest (the ability's cost minus its printed cost).
        let before = self.g.players[player].pool.converted();
        if !self.g.players[player].pool.pay(&mana) {
            return false;
        }
        if mana.x > 0 {
            let paid = before - self.g.players[player].pool.converted();
            self.g.card_mut(source).x = (paid - mana.converted()).max(0);
        }
        self.pay_extras(cost, source);
        true
    }

    fn activate(&mut self, i: usize, a: &parse::Activated, card: CardId) {
        if !self.is_reacting_to_click(i, card) {
            return;
        }
        if a.tc.is_some() {
            self.layer[i].waiting = Some(Vec::new());
            return;
        }
        self.pay_and_activate(i, None);
    }

    /// Pays the cost of layer item `i` and activates it with `targets`.
    fn pay_and_activate(&mut self, i: usize, targets: Option<Vec<Tgt>>) {
        let source = self.layer[i].source;
        let ab = self.layer[i].ab.clone();
        let (cost, effect) = match &ab {
            Ab::Activated(a) => (a.cost.clone(), a.effect.clone()),
            Ab::Equip { cost, .. } => (cost.clone(), ab.clone()),
            _ => return,
        };
        if let Some(c) = &cost
            && !self.pay_cost(c, source)
        {
            return;
        }
        self.layer[i].counters += 1;
        let is_mana = effect.is_mana_producer();
        let target = match &targets {
            Some(t) => t.first().copied(),
            None => self.layer[i].target,
        };
        if is_mana {
            if cost.as_ref().is_some_and(|c| c.has_tap()) {
                self.event(Ev::Tapped {
                    card: source,
                    tapped: true,
                    for_mana: true,
                });
            }
            let line = self.layer[i].line;
            self.resolve_ab(&effect, source, target, &[], None, 0, line);
            return;
        }
        if let Ab::Equip { .. } = ab {
            let line = self.layer[i].line;
            self.fire(ab.clone(), source, target, Vec::new(), None, false, 0, line);
            return;
        }
        let targets = targets.unwrap_or_default();
        let line = self.layer[i].line;
        let paid_with = self.layer[i].paid_with;
        let trigger_card = self.layer[i].trigger_card;
        if self.layer[i].force_destroy {
            self.remove_inst(i);
        }
        self.fire(
            effect,
            source,
            target,
            targets,
            trigger_card,
            false,
            paid_with,
            line,
        );
    }

    /// A click while ability `i` waits for targets (TargetAbility::reactToClick/TargetClick).
    pub fn waiting_click(&mut self, i: usize, t: Tgt) {
        let source = self.layer[i].source;
        let tc = match &self.layer[i].ab {
            Ab::Activated(a) => a.tc.clone(),
            Ab::Equip { tc, .. } => Some(tc.clone()),
            _ => None,
        };
        let Some(tc) = tc else {
            self.layer[i].waiting = None;
            return;
        };
        let mut chosen = self.layer[i].waiting.clone().unwrap_or_default();
        let max = self.tc_max(&tc, source);
        if t == Tgt::Card(source) && !chosen.is_empty() && (tc.upto || chosen.len() as i32 >= max) {
            self.layer[i].waiting = None;
            self.pay_and_activate(i, Some(chosen));
            return;
        }
        if self.can_target(&tc, source, t, true) {
            if let Some(pos) = chosen.iter().position(|x| *x == t) {
                chosen.remove(pos);
            } else {
                chosen.push(t);
            }
        }
        if chosen.len() as i32 >= max && max > 0 {
            self.layer[i].waiting = None;
            if let Tgt::Card(c) = t {
                self.event(Ev::Targeted { card: c, source });
            }
            self.pay_and_activate(i, Some(chosen));
        } else {
            self.layer[i].waiting = Some(chosen);
        }
        self.bump();
    }

    // ---- combat rules ---------------------------------------------------------------------

    pub fn can_attack(&self, card: CardId) -> bool {
        let c = self.g.card(card);
        if self.has(card, "cantattack")
            || c.tapped
            || self.summoning_sick(card)
            || self.is_phased(card)
        {
            return false;
        }
        if self.has(card, "defender") && !self.has(card, "canattack") {
            return false;
        }
        c.is_creature() && c.zone == Zone::Battlefield
    }

    pub fn can_block(&self, card: CardId) -> bool {
        let c = self.g.card(card);
        !self.has(card, "cantblock")
            && c.is_creature()
            && c.zone == Zone::Battlefield
            && !c.tapped
            && !self.is_phased(card)
    }

    pub fn can_block_attacker(&self, blocker: CardId, attacker: CardId) -> bool {
        if !self.can_block(blocker) {
            return false;
        }
        let a = self.g.card(attacker);
        if !a.attacking {
            return false;
        }
        if self.protected_against(attacker, blocker) {
            return false;
        }
        if self.cant_be_blocked_by(attacker, blocker) {
            return false;
        }
        let has = |c: CardId, w: &str| self.has(c, w);
        if has(attacker, "unblockable") {
            return false;
        }
        if has(attacker, "oneblocker") && !a.blockers.is_empty() {
            return false;
        }
        let b = self.g.card(blocker);
        if has(attacker, "fear") && !(b.is("artifact") || b.cur.has_color(crate::core::mana::BLACK))
        {
            return false;
        }
        // MTGCardInstance::canBlock: while its controller has a lure in play, only lures can be
        // blocked.
        let attacker_side = self.controller(attacker);
        if !has(attacker, "lure")
            && self.g.players[attacker_side]
                .zone(Zone::Battlefield)
                .iter()
                .any(|&c| has(c, "lure"))
        {
            return false;
        }
        if has(attacker, "intimidate") && !b.is("artifact") {
            let shares = (1..6).any(|c| b.cur.has_color(c) && a.cur.has_color(c));
            if !shares {
                return false;
            }
        }
        if has(attacker, "flying") && !(has(blocker, "flying") || has(blocker, "reach")) {
            return false;
        }
        if has(blocker, "cloud") && !has(attacker, "flying") {
            return false;
        }
        if has(attacker, "shadow") && !(has(blocker, "shadow") || has(blocker, "reachshadow")) {
            return false;
        }
        if !has(attacker, "shadow") && has(blocker, "shadow") {
            return false;
        }
        if has(attacker, "horsemanship") && !has(blocker, "horsemanship") {
            return false;
        }
        let defender = b.controller;
        for (walk, land) in [
            ("swampwalk", "swamp"),
            ("islandwalk", "island"),
            ("forestwalk", "forest"),
            ("mountainwalk", "mountain"),
            ("plainswalk", "plains"),
        ] {
            if has(attacker, walk)
                && self.g.players[defender]
                    .zone(Zone::Battlefield)
                    .iter()
                    .any(|&c| self.g.card(c).is(land))
            {
                return false;
            }
        }
        true
    }

    pub fn any_attacker(&self) -> bool {
        self.g.players[self.current]
            .zone(Zone::Battlefield)
            .iter()
            .any(|&c| self.g.card(c).attacking)
    }

    /// The next attacker after `previous` (in battlefield order), or the first one.
    fn next_attacker(&self, previous: Option<CardId>) -> Option<CardId> {
        let zone = self.g.players[self.current].zone(Zone::Battlefield);
        let start = match previous {
            Some(p) => zone
                .iter()
                .position(|&c| c == p)
                .map(|i| i + 1)
                .unwrap_or(0),
            None => 0,
        };
        zone[start.min(zone.len())..]
            .iter()
            .copied()
            .find(|&c| self.g.card(c).attacking)
    }

    pub fn toggle_attacker(&mut self, card: CardId) {
        let c = self.g.card_mut(card);
        c.attacking = !c.attacking;
        self.bump();
    }

    /// Blocks the next attacker this creature can block (none after the last one).
    pub fn cycle_block(&mut self, blocker: CardId) {
        let mut current = self.g.card(blocker).blocking;
        loop {
            current = self.next_attacker(current);
            match current {
                None => {
                    self.set_blocking(blocker, None);
                    return;
                }
                Some(a) => {
                    if self.can_block_attacker(blocker, a) {
                        self.set_blocking(blocker, Some(a));
                        return;
                    }
                }
            }
            if self.g.tick().is_err() {
                return;
            }
        }
    }

    pub fn set_blocking(&mut self, blocker: CardId, attacker: Option<CardId>) {
        if let Some(old) = self.g.card(blocker).blocking {
            self.g.card_mut(old).blockers.retain(|&b| b != blocker);
        }
        self.g.card_mut(blocker).blocking = attacker;
        if let Some(a) = attacker {
            self.g.card_mut(a).blockers.push(blocker);
        }
        self.bump();
    }

    /// MTGAttackRule::receiveEvent, as the attackers step ends (before the game looks for
    /// attackers): a creature that must attack and can, attacks.
    pub fn rules_must_attack(&mut self) {
        let cur = self.current;
        if !self.rule_active("attackrule") || self.currently_acting() != cur {
            return;
        }
        for c in self.g.players[cur].zone(Zone::Battlefield).clone() {
            if !self.g.card(c).attacking && self.has(c, "mustattack") && self.can_attack(c) {
                self.toggle_attacker(c);
            }
        }
    }

    /// Rules that act when the attackers step ends: attackers tap and "attack" triggers fire.
    pub fn rules_leave_attackers(&mut self) {
        let cur = self.current;
        let attackers: Vec<CardId> = self.g.players[cur]
            .zone(Zone::Battlefield)
            .iter()
            .copied()
            .filter(|&c| self.g.card(c).attacking)
            .collect();
        for &a in &attackers {
            if self.g.card(a).tapped {
                self.g.card_mut(a).attacking = false;
                continue;
            }
            if !self.has(a, "vigilance") {
                self.tap(a, false);
            }
        }
        let attackers: Vec<CardId> = attackers
            .into_iter()
            .filter(|&c| self.g.card(c).attacking)
            .collect();
        for &a in &attackers {
            self.g.card_mut(a).did_attack = true;
            self.event(Ev::Attacked {
                card: a,
                alone: false,
            });
        }
    }

    pub fn rules_attackers_chosen(&mut self) {
        let cur = self.current;
        let attackers: Vec<CardId> = self.g.players[cur]
            .zone(Zone::Battlefield)
            .iter()
            .copied()
            .filter(|&c| self.g.card(c).attacking)
            .collect();
        if attackers.len() == 1 {
            self.event(Ev::Attacked {
                card: attackers[0],
                alone: true,
            });
        }
        self.gui.attackers = attackers.iter().map(|&a| (a, Vec::new())).collect();
    }

    pub fn rules_blockers_chosen(&mut self) {
        let cur = self.current;
        let defender = 1 - cur;
        // MTGBlockRule on WEventBlockersChosen: every creature that can block the first
        // attacking lure (and does not already block a lure) blocks it.
        if self.rule_active("blockrule")
            && let Some(lurer) = self.g.players[cur]
                .zone(Zone::Battlefield)
                .iter()
                .copied()
                .find(|&c| self.g.card(c).attacking && self.has(c, "lure"))
        {
            for b in self.g.players[defender].zone(Zone::Battlefield).clone() {
                let blocks_lure = self.g.card(b).blocking.is_some_and(|a| self.has(a, "lure"));
                if !blocks_lure && self.can_block(b) && self.can_block_attacker(b, lurer) {
                    self.set_blocking(b, Some(lurer));
                }
            }
        }
        for b in self.g.players[defender].zone(Zone::Battlefield).clone() {
            if let Some(a) = self.g.card(b).blocking {
                self.g.card_mut(b).did_block = true;
                self.event(Ev::Blocked {
                    card: b,
                    attacker: a,
                });
            }
        }
        for a in self.g.players[cur].zone(Zone::Battlefield).clone() {
            if !self.g.card(a).attacking {
                continue;
            }
            let blockers = self.g.card(a).blockers.clone();
            if blockers.is_empty() {
                self.event(Ev::AttackNotBlocked { card: a });
            } else {
                for b in blockers {
                    self.event(Ev::AttackBlocked {
                        card: a,
                        blocker: b,
                    });
                }
            }
        }
        self.combat_keywords_on_blockers();
        // The combat screen lists each attacker with its blockers.
        self.gui.attackers = self.g.players[cur]
            .zone(Zone::Battlefield)
            .iter()
            .copied()
            .filter(|&c| self.g.card(c).attacking)
            .map(|a| (a, self.g.card(a).blockers.clone()))
            .collect();
    }

    /// Exalted (AExalted, an object the engine adds when a card with the printed keyword comes
    /// into play): when attackers are declared and its controller attacks with exactly one
    /// creature, a trigger goes on the stack that gives that creature +1/+1 until end of turn.
    /// Each exalted card triggers on its own.
    pub fn exalted_triggers(&mut self) {
        use super::parse::{Duration, Effect};
        let Some(i) = super::basic::BASIC_ABILITIES
            .iter()
            .position(|a| *a == "exalted")
        else {
            return;
        };
        for c in self.g.battlefield() {
            if !self.g.card(c).base.keywords.has(i) {
                continue;
            }
            let me = self.controller(c);
            let attackers: Vec<CardId> = self.g.players[me]
                .zone(Zone::Battlefield)
                .iter()
                .copied()
                .filter(|&a| self.g.card(a).attacking)
                .collect();
            if attackers.len() != 1 {
                continue;
            }
            let ab = Ab::Ueot(Box::new(Ab::Effect(Effect::Pt {
                power: "1".into(),
                toughness: "1".into(),
                duration: Duration::Ueot,
            })));
            self.fire(
                ab,
                c,
                Some(Tgt::Card(attackers[0])),
                Vec::new(),
                None,
                false,
                0,
                None,
            );
        }
    }

    /// Bushido, rampage and flanker act once blockers are chosen (WEventBlockersChosen).
    fn combat_keywords_on_blockers(&mut self) {
        use super::parse::{CombatKeyword, Duration, Effect};
        let bonus = |game: &mut Self, card: CardId, power: i32, toughness: i32| {
            if power == 0 && toughness == 0 {
                return;
            }
            let ab = Ab::Ueot(Box::new(Ab::Effect(Effect::Pt {
                power: power.to_string(),
                toughness: toughness.to_string(),
                duration: Duration::Ueot,
            })));
            game.resolve_ab(&ab, card, Some(Tgt::Card(card)), &[], None, 0, None);
        };
        // The basic ability `flanking` acts as one flanker of its own (granted flankers stack).
        let mut keywords = self.combat_keywords.clone();
        for c in self.g.battlefield() {
            if self.g.card(c).attacking && self.has(c, "flanking") {
                keywords.push((c, CombatKeyword::Flanker));
            }
        }
        for (card, kw) in keywords {
            if self.g.card(card).zone != Zone::Battlefield {
                continue;
            }
            let c = self.g.card(card);
            let blocked = c.attacking && !c.blockers.is_empty();
            match kw {
                CombatKeyword::Bushido { power, toughness } => {
                    if blocked || c.blocking.is_some() {
                        bonus(self, card, power, toughness);
                    }
                }
                CombatKeyword::Rampage {
                    power,
                    toughness,
                    beyond,
                } => {
                    let extra = c.blockers.len() as i32 - beyond;
                    if c.attacking && extra > 0 {
                        bonus(self, card, power * extra, toughness * extra);
                    }
                }
                CombatKeyword::Flanker => {
                    if c.attacking {
                        for b in c.blockers.clone() {
                            if !self.has(b, "flanking") {
                                bonus(self, b, -1, -1);
                            }
                        }
                    }
                }
            }
        }
    }

    pub fn rules_leave_combat_end(&mut self) {
        for c in self.g.battlefield() {
            let card = self.g.card_mut(c);
            card.attacking = false;
            card.blocking = None;
            card.blockers.clear();
        }
        self.gui.attackers.clear();
    }

    // ---- rules reacting to events ----------------------------------------------------------

    pub fn rules_on_event(&mut self, e: &Ev) {
        self.vampire_rule(e);
        if let Ev::ZoneChange { card, from, to } = e
            && from.1 == Zone::Battlefield
            && to.1 == Zone::Graveyard
            && self.rule_active("persistrule")
            && self.g.card(*card).zone == Zone::Graveyard
            && !self.g.card(*card).token
        {
            // The card's last known abilities (its printed ones once in the graveyard).
            let c = *card;
            let kw = self.g.card(c).base.keywords;
            let persist = super::basic::BASIC_ABILITIES
                .iter()
                .position(|a| *a == "persist");
            let undying = super::basic::BASIC_ABILITIES
                .iter()
                .position(|a| *a == "undying");
            let counters = self.last_counters.get(&c).cloned().unwrap_or_default();
            let has = |p: i32| {
                counters
                    .iter()
                    .any(|k| k.power == p && k.toughness == p && k.name.is_empty() && k.nb > 0)
            };
            let back = if persist.is_some_and(|i| kw.has(i)) && !has(-1) {
                Some(-1)
            } else if undying.is_some_and(|i| kw.has(i)) && !has(1) {
                Some(1)
            } else {
                None
            };
            if let Some(n) = back {
                let owner = self.g.card(c).owner;
                self.put_in_zone(c, owner, Zone::Stack);
                self.resolve_spell(c, Vec::new(), 0, Zone::Graveyard);
                self.add_counters(c, n, n, 1, "");
            }
        }
        if let Ev::Damage {
            source,
            target,
            amount,
            ..
        } = e
        {
            if *amount > 0 && self.rule_active("lifelinkrule") && self.has(*source, "lifelink") {
                let p = self.controller(*source);
                self.gain_life(p, *amount, Some(*source));
            }
            if *amount > 0 {
                let links: Vec<PlayerId> = self
                    .spirit_links
                    .iter()
                    .filter(|(c, _)| c == source)
                    .map(|&(_, p)| p)
                    .collect();
                for p in links {
                    self.gain_life(p, *amount, Some(*source));
                }
            }
            if *amount > 0
                && self.rule_active("deathtouchrule")
                && self.has(*source, "deathtouch")
                && let Tgt::Card(t) = target
                && self.g.card(*t).is_creature()
                && self.g.card(*t).zone == Zone::Battlefield
            {
                self.destroy(*t, false);
            }
        }
    }

    pub fn rule_active(&self, rule: &str) -> bool {
        self.layer
            .iter()
            .any(|i| !i.removed && matches!(&i.ab, Ab::Rule(r) if r == rule))
    }

    /// The legend rule and other rules that look at a card entering play.
    pub fn rules_card_entered(&mut self, card: CardId) {
        if self.rule_active("legendrule") && self.g.card(card).is("legendary") {
            let controller = self.controller(card);
            let name = self.g.card(card).cur.name.clone();
            let clash = self.g.players[controller]
                .zone(Zone::Battlefield)
                .iter()
                .any(|&c| {
                    c != card && self.g.card(c).is("legendary") && self.g.card(c).cur.name == name
                });
            if clash {
                self.graveyard(card);
            }
        }
    }
}

/// The zone words of a cost's target, for messages.
pub fn describe(tc: &TargetSpec) -> &str {
    &tc.raw
}
