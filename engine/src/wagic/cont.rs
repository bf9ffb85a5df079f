//! Continuous effects and target matching: characteristics are recomputed from the printed
//! ones, counters and every continuous ability of the action layer in layer order (lords, auras,
//! until-end-of-turn changes); target specifications are matched against cards and players the
//! way Wagic's target choosers and card descriptors do.

use super::parse::{Ab, Effect, LordKind};
use super::runtime::*;
use super::targets::{Attr, Cmp, Descriptor, TargetSpec, TcKind, Whose};
use crate::core::game::{CardId, Zone};

/// Where cards are searched for targets, in Wagic's order.
const SEARCH: [Zone; 6] = [
    Zone::Battlefield,
    Zone::Graveyard,
    Zone::Hand,
    Zone::Library,
    Zone::Exile,
    Zone::Stack,
];

impl WGame<'_> {
    /// Recomputes every card's current characteristics.
    pub fn recompute(&mut self) {
        if self.recomputed_at == self.progress && !self.layer.is_empty() {
            return;
        }
        self.recomputed_at = self.progress;
        // Only cards that can carry changes are reset: those in play or on the stack, and those
        // changed last time.
        let mut reset: Vec<CardId> = std::mem::take(&mut self.touched);
        for p in 0..2 {
            reset.extend(self.g.players[p].zone(Zone::Battlefield).iter().copied());
            reset.extend(self.g.players[p].zone(Zone::Stack).iter().copied());
        }
        reset.sort_unstable();
        reset.dedup();
        for &id in &reset {
            let c = &mut self.g.cards[id];
            c.cur.clone_from(&c.base);
            for k in &c.counters {
                c.cur.power += k.power * k.nb;
                c.cur.toughness += k.toughness * k.nb;
            }
        }
        self.protections.clear();
        self.preventions.clear();
        self.cost_changes.clear();
        self.cant_target.clear();
        self.cant_block.clear();
        self.spirit_links.clear();
        self.combat_keywords.clear();
        for i in 0..self.layer.len() {
            let inst = &self.layer[i];
            if inst.removed
                || inst.waiting.is_some()
                || matches!(
                    inst.ab,
                    Ab::Rule(_)
                        | Ab::Activated(_)
                        | Ab::Triggered { .. }
                        | Ab::May { .. }
                        | Ab::Equip { .. }
                )
            {
                continue;
            }
            let (source, target) = (inst.source, inst.target);
            let ab = std::mem::replace(&mut self.layer[i].ab, Ab::Multi(Vec::new()));
            self.apply_continuous(&ab, source, target, 0);
            self.layer[i].ab = ab;
        }
        // Layer 7e: power and toughness switched an odd number of times are swapped last.
        let mut swaps = std::mem::take(&mut self.pt_swaps);
        swaps.sort_unstable();
        let mut k = 0;
        while k < swaps.len() {
            let c = swaps[k];
            let n = swaps[k..].iter().take_while(|&&x| x == c).count();
            if n % 2 == 1 {
                let cur = &mut self.g.cards[c].cur;
                std::mem::swap(&mut cur.power, &mut cur.toughness);
            }
            k += n;
        }
    }

    fn apply_continuous(&mut self, ab: &Ab, source: CardId, target: Option<Tgt>, depth: u32) {
        if depth > 8 {
            return;
        }
        match ab {
            Ab::Effect(Effect::PreventTypes { kind, to, from, .. }) => {
                self.preventions.push(Prevention {
                    kind: *kind,
                    to: to.clone(),
                    from: from.clone(),
                    source,
                    target,
                });
            }
            Ab::Effect(e) => {
                let Some(Tgt::Card(t)) = target else { return };
                self.touched.push(t);
                self.apply_effect_continuous(e, source, t);
            }
            Ab::Ueot(inner) => self.apply_continuous(inner, source, target, depth + 1),
            Ab::Multi(v) => {
                for a in v {
                    self.apply_continuous(a, source, target, depth + 1);
                }
            }
            Ab::Lord {
                kind,
                tc,
                include_self,
                effect,
                one_shot: false,
                mini,
                maxi,
            } => {
                if !is_continuous(effect) {
                    return;
                }
                match kind {
                    LordKind::Lord | LordKind::All => {
                        for c in self.matching(tc, source) {
                            if !include_self && c == source {
                                continue;
                            }
                            self.apply_continuous(effect, source, Some(Tgt::Card(c)), depth + 1);
                        }
                    }
                    LordKind::AsLongAs => {
                        let n = self
                            .matching(tc, source)
                            .into_iter()
                            .filter(|&c| *include_self || c != source)
                            .count() as i32;
                        let ok = match (mini, maxi) {
                            (Some(m), _) => n > *m,
                            (None, Some(m)) => n < *m,
                            (None, None) => n > 0,
                        };
                        if ok {
                            self.apply_continuous(effect, source, target, depth + 1);
                        }
                    }
                    LordKind::Teach => {
                        if let Some(t) = self.g.card(source).attached_to {
                            self.apply_continuous(effect, source, Some(Tgt::Card(t)), depth + 1);
                        }
                    }
                    LordKind::Foreach => {
                        let n = self.matching(tc, source).len();
                        for _ in 0..n.min(50) {
                            self.apply_continuous(effect, source, target, depth + 1);
                        }
                    }
                }
            }
            Ab::This {
                desc,
                effect,
                one_shot: false,
                foreach,
            } => {
                if !is_continuous(effect) {
                    return;
                }
                let n = self.this_descriptor(desc, source);
                if *foreach {
                    for _ in 0..n.clamp(0, 50) {
                        self.apply_continuous(effect, source, target, depth + 1);
                    }
                } else if n > 0 {
                    self.apply_continuous(effect, source, target, depth + 1);
                }
            }
            _ => {}
        }
    }

    fn apply_effect_continuous(&mut self, e: &Effect, source: CardId, t: CardId) {
        match e {
            Effect::SwapPt => self.pt_swaps.push(t),
            Effect::Pt {
                power, toughness, ..
            } => {
                let (p, _) = super::numbers::eval(self, power, source, Some(t));
                let (q, _) = super::numbers::eval(self, toughness, source, Some(t));
                let c = self.g.card_mut(t);
                c.cur.power += p;
                c.cur.toughness += q;
            }
            Effect::Basic { ability, gain, .. } => {
                self.g.card_mut(t).cur.keywords.set(*ability, *gain);
            }
            Effect::LoseSubtypesOf(parent) => {
                // The subtypes of a land (MTGAllCards::isSubtypeOfType): the basic land types
                // and the other land types of the card pool.
                const LAND: [&str; 9] = [
                    "plains", "island", "swamp", "mountain", "forest", "desert", "gate", "lair",
                    "locus",
                ];
                let c = self.g.card_mut(t);
                if parent == "land" {
                    c.cur.types.retain(|w| !LAND.contains(&w.as_str()));
                }
            }
            Effect::Transforms(tr) => {
                const MAIN: [&str; 10] = [
                    "creature",
                    "artifact",
                    "land",
                    "enchantment",
                    "planeswalker",
                    "legendary",
                    "basic",
                    "snow",
                    "tribal",
                    "world",
                ];
                let c = self.g.card_mut(t);
                if tr.remove_all_types {
                    c.cur.types.clear();
                } else if tr.remove_creature_subtypes {
                    c.cur.types.retain(|w| MAIN.contains(&w.as_str()));
                }
                for w in &tr.types {
                    if !c.cur.has_type(w) {
                        c.cur.types.push(w.clone());
                    }
                }
                if !tr.colors.is_empty() {
                    c.cur.colors = tr.colors.iter().fold(0, |m, &i| m | (1 << i));
                }
                for &a in &tr.abilities {
                    c.cur.keywords.set(a, true);
                }
                let power = tr.power.clone();
                let toughness = tr.toughness.clone();
                if let Some(p) = power {
                    let (p, _) = super::numbers::eval(self, &p, source, Some(t));
                    self.g.card_mut(t).cur.power = p;
                }
                if let Some(q) = toughness {
                    let (q, _) = super::numbers::eval(self, &q, source, Some(t));
                    self.g.card_mut(t).cur.toughness = q;
                }
            }
            Effect::Becomes {
                types,
                pt,
                abilities,
                ..
            } => {
                for w in types.split(' ').filter(|w| !w.is_empty()) {
                    let w = w.to_lowercase();
                    if !self.g.card(t).cur.has_type(&w) {
                        self.g.card_mut(t).cur.types.push(w);
                    }
                }
                if let Some((p, q)) = pt {
                    let (p, _) = super::numbers::eval(self, p, source, Some(t));
                    let (q, _) = super::numbers::eval(self, q, source, Some(t));
                    let c = self.g.card_mut(t);
                    c.cur.power = p;
                    c.cur.toughness = q;
                }
                for piece in abilities.split(',') {
                    let piece = piece.trim();
                    if let Some(c) = crate::core::mana::COLOR_NAMES
                        .iter()
                        .position(|n| *n == piece)
                    {
                        self.g.card_mut(t).cur.colors = 1 << c;
                        continue;
                    }
                    if let Some(i) = super::basic::BASIC_ABILITIES
                        .iter()
                        .position(|a| *a == piece)
                    {
                        self.g.card_mut(t).cur.keywords.set(i, true);
                    }
                }
            }
            Effect::ProtectionFrom(tc, _) => {
                self.protections.push((t, tc.clone(), source));
            }
            // AAlterCost::addToGame: lands' costs are not changed.
            Effect::AlterCost { color, amount } if !self.g.card(t).is_land() && *amount != 0 => {
                self.cost_changes.push((t, *color, *amount));
            }
            Effect::CantBeBlockedBy(tc) => {
                self.cant_block.push((t, tc.clone(), source));
            }
            Effect::CantBeTargetOf(tc) => {
                self.cant_target.push((t, tc.clone(), source));
            }
            Effect::CombatKeyword(kw) => {
                self.combat_keywords.push((t, kw.clone()));
            }
            Effect::SpiritLink => {
                let p = self.controller(source);
                self.spirit_links.push((t, p));
            }
            _ => {}
        }
    }

    /// ATransformer::addToGame: the one-shot `newability[...]` abilities of transformation `i`
    /// are played once, by the card, wherever it is (a card returned from the graveyard, a
    /// counter put on it).
    pub fn transform_one_shots(&mut self, i: usize) {
        self.layer[i].fired = true;
        let Ab::Effect(Effect::Transforms(tr)) = &self.layer[i].ab else {
            return;
        };
        let texts = tr.new_abilities.clone();
        // A spell on the stack (a counter-unless-pay spell's target) is played on as the
        // stack object, so that `fizzle` counters it.
        let (on, on_tgt) = match self.layer[i].target {
            Some(Tgt::Card(c)) => (c, Tgt::Card(c)),
            Some(Tgt::Stack(k)) => match self.stack.get(k).map(|it| &it.obj) {
                Some(StackObj::Spell { card, .. }) => (*card, Tgt::Stack(k)),
                _ => (self.layer[i].source, Tgt::Card(self.layer[i].source)),
            },
            _ => (self.layer[i].source, Tgt::Card(self.layer[i].source)),
        };
        let line = self.layer[i].line;
        if std::env::var_os("CARDLINT_TRACE").is_some() {
            eprintln!(
                "  transform one-shots on {on:?} ({:?}): {texts:?}",
                self.layer[i].target
            );
        }
        let prev = self.transform_source.replace(self.layer[i].source);
        for text in &texts {
            let mut ctx = self.parse_ctx(on, None);
            if let Some(ab) = super::parse::parse(text, &mut ctx, false, false)
                && ab.one_shot()
            {
                self.resolve_ab(&ab, on, Some(on_tgt), &[], None, 0, line);
            }
        }
        self.transform_source = prev;
    }

    /// Keeps the abilities that `transforms((...,newability[...]))` gives a card in step with
    /// the transformation: added while it lasts and the card stays in play, removed after.
    pub fn refresh_transforms(&mut self) {
        for i in 0..self.layer.len() {
            if self.layer[i].removed || self.layer[i].waiting.is_some() {
                continue;
            }
            let Ab::Effect(Effect::Transforms(tr)) = &self.layer[i].ab else {
                continue;
            };
            if tr.new_abilities.is_empty() {
                continue;
            }
            let texts = tr.new_abilities.clone();
            if !self.layer[i].fired {
                self.transform_one_shots(i);
            }
            let wanted: Option<CardId> = match self.layer[i].target {
                Some(Tgt::Card(t)) if self.g.card(t).zone == Zone::Battlefield => Some(t),
                _ => None,
            };
            let children = self.layer[i].children.clone();
            let current = children.first().map(|&(c, inc, _)| (c, inc));
            let up_to_date = match (wanted, current) {
                (Some(t), Some((c, inc))) => t == c && self.g.card(t).incarnation == inc,
                (None, None) => true,
                _ => false,
            };
            if up_to_date {
                continue;
            }
            for (_, _, child) in children {
                if child != NO_CHILD {
                    self.remove_inst(child);
                }
            }
            let mut keep = Vec::new();
            if let Some(t) = wanted {
                let inc = self.g.card(t).incarnation;
                for text in &texts {
                    let mut ctx = self.parse_ctx(t, None);
                    let Some(ab) = super::parse::parse(text, &mut ctx, false, false) else {
                        continue;
                    };
                    if ab.one_shot() {
                        continue;
                    }
                    let mut inst = Inst::new(ab, t, inc, Some(Tgt::Card(t)));
                    inst.from_lord = true;
                    inst.line = self.layer[i].line;
                    let child = self.add_inst(inst);
                    keep.push((t, inc, child));
                }
                if keep.is_empty() {
                    // Nothing lasting to give: remember the card all the same.
                    keep.push((t, inc, NO_CHILD));
                }
            }
            self.layer[i].children = keep;
        }
    }

    /// Keeps the abilities that lords and teach give to cards in step with the cards.
    pub fn refresh_lords(&mut self) {
        for i in 0..self.layer.len() {
            if self.layer[i].removed {
                continue;
            }
            let Ab::Lord {
                kind,
                tc,
                include_self,
                effect,
                one_shot: false,
                ..
            } = self.layer[i].ab.clone()
            else {
                continue;
            };
            if is_continuous(&effect) || !matches!(kind, LordKind::Lord | LordKind::Teach) {
                continue;
            }
            // Only abilities can be given to cards; a bare effect under a lord does nothing here.
            if !matches!(
                *effect,
                Ab::Activated(_)
                    | Ab::Triggered { .. }
                    | Ab::Equip { .. }
                    | Ab::May { .. }
                    | Ab::Multi(_)
            ) {
                if let Ab::Effect(Effect::Unsupported(what)) = *effect {
                    let (source, line) = (self.layer[i].source, self.layer[i].line);
                    self.note(
                        NoteKind::Unsupported,
                        Some(source),
                        line,
                        format!("`{what}` is not simulated yet"),
                    );
                }
                continue;
            }
            let source = self.layer[i].source;
            let wanted: Vec<CardId> = match kind {
                LordKind::Teach => self.g.card(source).attached_to.into_iter().collect(),
                _ => self
                    .matching(&tc, source)
                    .into_iter()
                    .filter(|&c| include_self || c != source)
                    .collect(),
            };
            // Drop children whose card stopped matching or changed zones.
            let children = self.layer[i].children.clone();
            let mut keep = Vec::new();
            for (c, inc, child) in children {
                if wanted.contains(&c)
                    && self.g.card(c).incarnation == inc
                    && !self.layer[child].removed
                {
                    keep.push((c, inc, child));
                } else {
                    self.remove_inst(child);
                }
            }
            for c in wanted {
                if keep.iter().any(|(k, _, _)| *k == c) {
                    continue;
                }
                let inc = self.g.card(c).incarnation;
                let mut inst = Inst::new((*effect).clone(), c, inc, Some(Tgt::Card(c)));
                inst.from_lord = true;
                inst.uninterruptible = self.layer[i].uninterruptible
                    || matches!(effect.core(), Ab::Effect(Effect::AddMana(_)));
                inst.line = self.layer[i].line;
                let child = self.add_inst(inst);
                keep.push((c, inc, child));
            }
            self.layer[i].children = keep;
        }
    }

    // ---- target matching ------------------------------------------------------------------

    /// The player a zone selector means for `source` and the tested card.
    fn zone_player(&self, whose: Whose, source: CardId, card: Option<CardId>) -> Option<usize> {
        let me = self.controller(source);
        match whose {
            Whose::My => Some(me),
            Whose::Opponent => Some(1 - me),
            Whose::Both => None,
            Whose::Owner => card.map(|c| self.g.card(c).owner),
            Whose::TargetController => match self.g.card(source).attached_to {
                Some(t) => Some(self.controller(t)),
                None => Some(me),
            },
        }
    }

    fn in_zones(&self, tc: &TargetSpec, source: CardId, card: CardId) -> bool {
        let c = self.g.card(card);
        let zone_player = self.g.zone_owner(card);
        tc.zones.iter().any(|z| {
            z.zone == c.zone
                && self
                    .zone_player(z.whose, source, Some(card))
                    .is_none_or(|p| p == zone_player)
        })
    }

    /// REDamagePrevention::replace for the prevention abilities in play (APreventDamageTypes):
    /// whether damage from `source` to `target` is prevented.
    pub fn damage_prevented(&self, source: CardId, target: Tgt, combat: bool) -> bool {
        let matches = |tc: &TargetSpec, p: &Prevention, t: Tgt| match tc.kind {
            TcKind::MyTgt => p.target == Some(t),
            TcKind::This => t == Tgt::Card(p.source),
            _ => self.can_target(tc, p.source, t, false),
        };
        self.preventions.iter().any(|p| {
            let kind_ok = match p.kind {
                0 => combat,
                2 => !combat,
                _ => true,
            };
            kind_ok
                && p.from
                    .as_ref()
                    .is_none_or(|tc| matches(tc, p, Tgt::Card(source)))
                && p.to.as_ref().is_none_or(|tc| matches(tc, p, target))
        })
    }

    /// Whether `t` matches the spec for an ability of `source` (with protections when targeting).
    pub fn can_target(&self, tc: &TargetSpec, source: CardId, t: Tgt, targetting: bool) -> bool {
        let me = self.controller(source);
        match t {
            Tgt::Player(p) => match tc.kind {
                TcKind::Player | TcKind::Damageable => {
                    !(targetting && tc.targetting && self.player_shrouded(p, source))
                }
                TcKind::Opponent => p != me,
                TcKind::Controller => p == me,
                TcKind::TargetedPlayer => self.g.card(source).player_target == Some(p),
                _ => false,
            },
            Tgt::Stack(i) => {
                let Some(item) = self.stack.get(i) else {
                    return false;
                };
                if item.resolved {
                    return false;
                }
                match &item.obj {
                    // `opponentstack` / `mystack`: the spell's controller's stack.
                    StackObj::Spell { card, .. } => {
                        tc.zones.iter().any(|z| {
                            z.zone == Zone::Stack
                                && self
                                    .zone_player(z.whose, source, Some(*card))
                                    .is_none_or(|p| p == item.controller)
                        }) && self.matches_kind(tc, source, *card)
                    }
                    _ => false,
                }
            }
            Tgt::Card(card) => {
                if self.is_extra(card) {
                    return false;
                }
                if tc.other && card == source {
                    return false;
                }
                // TargetChooser::canTarget: a phased-out card cannot be chosen (an aura or
                // equipment keeps the card it is attached to).
                if self.is_phased(card) && self.g.card(source).attached_to != Some(card) {
                    return false;
                }
                let ok = match &tc.kind {
                    TcKind::MyTgt => self.g.card(source).attached_to == Some(card),
                    TcKind::This => card == source,
                    TcKind::Trigger => self.trigger_card == Some(card),
                    TcKind::MyStored => {
                        self.stored_source
                            .iter()
                            .any(|&(dummy, stored)| dummy == source && stored == card)
                            && self.in_zones(tc, source, card)
                    }
                    TcKind::Damageable => {
                        self.g.card(card).is_creature() && self.in_zones(tc, source, card)
                    }
                    TcKind::Player
                    | TcKind::Opponent
                    | TcKind::Controller
                    | TcKind::TargetedPlayer
                    | TcKind::Invalid
                    | TcKind::Blockable
                    | TcKind::Proliferation
                    | TcKind::MyCurses => false,
                    _ => self.in_zones(tc, source, card) && self.matches_kind(tc, source, card),
                };
                if !ok {
                    return false;
                }
                if targetting && tc.targetting && self.g.card(card).zone == Zone::Battlefield {
                    if self.has(card, "shroud") {
                        return false;
                    }
                    if self.protected_against(card, source) {
                        return false;
                    }
                    if self.cant_target.iter().any(|(c, ftc, fsource)| {
                        *c == card && self.matches_kind(ftc, *fsource, source)
                    }) {
                        return false;
                    }
                    if self.has(card, "hexproof") && self.controller(card) != me {
                        return false;
                    }
                }
                true
            }
        }
    }

    fn player_shrouded(&self, p: usize, source: CardId) -> bool {
        let _ = source;
        self.g.players[p]
            .zone(Zone::Battlefield)
            .iter()
            .any(|&c| self.has(c, "playershroud"))
    }

    /// Type words and descriptors.
    pub fn matches_kind(&self, tc: &TargetSpec, source: CardId, card: CardId) -> bool {
        match &tc.kind {
            TcKind::Any => true,
            TcKind::Types(types) => types.iter().any(|t| self.has_type(card, t)),
            TcKind::Descriptor(ty, d) => self.descriptor_matches(ty.as_deref(), d, source, card),
            _ => false,
        }
    }

    /// hasType, or the card's name equals the word.
    pub fn has_type(&self, card: CardId, t: &str) -> bool {
        let t = t.trim().to_lowercase();
        let c = self.g.card(card);
        c.cur.has_type(&t) || c.cur.name.to_lowercase() == t
    }

    fn descriptor_matches(
        &self,
        ty: Option<&str>,
        d: &Descriptor,
        source: CardId,
        card: CardId,
    ) -> bool {
        let c = self.g.card(card);
        let mut types: Vec<(bool, String)> = Vec::new();
        if let Some(t) = ty {
            types.push((false, t.to_string()));
        }
        let mut colors: Vec<(bool, usize)> = Vec::new();
        let mut rest: Vec<(bool, &Attr)> = Vec::new();
        for (neg, a) in &d.attrs {
            match a {
                Attr::Type(t) => types.push((*neg, t.clone())),
                Attr::Color(col) => colors.push((*neg, *col)),
                // The colour and type chosen for the ability's card (none chosen: no test).
                Attr::ChosenColor => {
                    if let Some(&(_, col)) = self.chosen_color.iter().find(|(x, _)| *x == source) {
                        colors.push((*neg, col));
                    }
                }
                Attr::ChosenType => {
                    if let Some((_, t)) = self.chosen_type.iter().find(|(x, _)| *x == source) {
                        types.push((*neg, t.clone()));
                    }
                }
                other => rest.push((*neg, other)),
            }
        }
        let type_ok = |neg: bool, t: &str| {
            let has = self.has_type(card, t);
            if neg { !has } else { has }
        };
        if d.or_mode {
            if !types.is_empty() && !types.iter().any(|(n, t)| type_ok(*n, t)) {
                return false;
            }
            let pos: Vec<usize> = colors.iter().filter(|(n, _)| !n).map(|(_, c)| *c).collect();
            if !pos.is_empty() && !pos.iter().any(|&col| c.cur.has_color(col)) {
                return false;
            }
        } else {
            if !types.iter().all(|(n, t)| type_ok(*n, t)) {
                return false;
            }
            for (neg, col) in &colors {
                if !*neg && !c.cur.has_color(*col) {
                    return false;
                }
            }
        }
        for (neg, col) in &colors {
            if *neg && c.cur.has_color(*col) {
                return false;
            }
        }
        let eval = |s: &str| super::numbers::eval(self, s, source, None).0;
        // CardDescriptor::match: `attacking` with `blocking` (both wanted) matches a card that
        // attacks or blocks, in either mode.
        let attacks_or_blocks =
            rest.contains(&(false, &Attr::Attacking)) && rest.contains(&(false, &Attr::Blocking));
        for (neg, a) in rest {
            let ok = match a {
                Attr::Attacking | Attr::Blocking if attacks_or_blocks => {
                    c.attacking || c.blocking.is_some()
                }
                Attr::Attacking => c.attacking,
                Attr::Blocking => c.blocking.is_some(),
                Attr::Blocked => c.attacking && !c.blockers.is_empty(),
                Attr::Tapped => c.tapped,
                Attr::Token => c.token,
                Attr::Fresh => c.fresh,
                Attr::Leveler => c.cur.has_type("leveler"),
                Attr::Enchanted => self.g.battlefield().iter().any(|&x| {
                    self.g.card(x).attached_to == Some(card) && self.g.card(x).is("aura")
                }),
                Attr::Damaged => c.damage > 0 || c.was_dealt_damage,
                Attr::Damager => c.dealt_damage_to != 0,
                Attr::Multicolor => (1..6).filter(|&i| c.cur.has_color(i)).count() > 1,
                Attr::Power(cmp, n) => cmp.test(c.cur.power, eval(n)),
                Attr::Toughness(cmp, n) => cmp.test(c.cur.toughness, eval(n)),
                Attr::ManaCost(cmp, n) => cmp.test(c.mana_cost.converted(), eval(n)),
                Attr::Counter(spec) => {
                    let (p, t, nb, name) = super::parse::parse_counter(spec);
                    let n = super::db::atoi(&nb).max(1);
                    c.counter_count(&name, p, t) >= n
                }
                Attr::AnyCounter => c.counters.iter().any(|k| k.nb > 0),
                Attr::Ability(i) => c.cur.keywords.has(*i),
                _ => true,
            };
            // Comparisons were inverted by the parser; everything else is negated here.
            let ok = match a {
                Attr::Power(..) | Attr::Toughness(..) | Attr::ManaCost(..) => ok,
                _ => ok != neg,
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// Every card the spec matches (not targeting: no protections).
    pub fn matching(&self, tc: &TargetSpec, source: CardId) -> Vec<CardId> {
        let mut out = Vec::new();
        for p in 0..2 {
            for z in SEARCH {
                if !tc.zones.iter().any(|s| s.zone == z) {
                    continue;
                }
                for &c in self.g.players[p].zone(z) {
                    if self.can_target(tc, source, Tgt::Card(c), false) {
                        out.push(c);
                    }
                }
            }
        }
        out
    }

    pub fn count_matching(&self, tc: &TargetSpec, source: CardId) -> usize {
        self.matching(tc, source).len()
    }

    /// TargetChooser::validTargetsExist.
    pub fn valid_targets_exist(&self, tc: &TargetSpec, source: CardId, n: usize) -> bool {
        for p in 0..2 {
            if self.can_target(tc, source, Tgt::Player(p), true) {
                return true;
            }
        }
        let mut count = 0;
        for p in 0..2 {
            for z in SEARCH {
                if !tc.zones.iter().any(|s| s.zone == z)
                    && tc.kind != TcKind::MyTgt
                    && tc.kind != TcKind::This
                {
                    continue;
                }
                for &c in self.g.players[p].zone(z) {
                    if self.can_target(tc, source, Tgt::Card(c), true) {
                        count += 1;
                    }
                }
            }
        }
        if count >= n {
            return true;
        }
        for i in 0..self.stack.len() {
            if self.can_target(tc, source, Tgt::Stack(i), true) {
                return true;
            }
        }
        false
    }

    /// Protection: "protection from <colour>" abilities and `protection from(...)` effects.
    pub fn protected_against(&self, card: CardId, source: CardId) -> bool {
        if self.is_extra(source) {
            return false;
        }
        let s = self.g.card(source);
        for color in 1..6 {
            if s.cur.has_color(color) && self.g.card(card).cur.keywords.has(17 + color) {
                return true;
            }
        }
        self.protections
            .iter()
            .any(|(c, tc, psource)| *c == card && self.matches_kind(tc, *psource, source))
    }

    pub fn cant_be_blocked_by(&self, attacker: CardId, blocker: CardId) -> bool {
        self.cant_block.iter().any(|(c, tc, src)| {
            *c == attacker && self.can_target(tc, *src, Tgt::Card(blocker), false)
        })
    }

    /// this(...) descriptors: a count, or 0/1 for a condition.
    pub fn this_descriptor(&self, desc: &str, source: CardId) -> i32 {
        let c = self.g.card(source);
        let (word, cmp, n) = split_comparison(desc);
        let word = word.trim();
        let value = if word.starts_with("counter{") {
            let inner = word.trim_start_matches("counter{").trim_end_matches('}');
            let (p, t, _, name) = super::parse::parse_counter(inner);
            c.counter_count(&name, p, t)
        } else if word.contains("untapped") {
            i32::from(!c.tapped)
        } else if word.contains("tapped") {
            i32::from(c.tapped)
        } else if word.contains("attacking") {
            i32::from(c.attacking)
        } else if word.contains("blocking") {
            i32::from(c.blocking.is_some())
        } else if word.contains("power") {
            c.cur.power
        } else if word.contains("toughness") {
            c.cur.toughness
        } else if word.contains("controllerlife") {
            self.g.players[c.controller].life
        } else if word.contains("opponentlife") {
            self.g.players[1 - c.controller].life
        } else if word.starts_with("variable{") {
            let inner = word.trim_start_matches("variable{").trim_end_matches('}');
            super::numbers::eval(self, inner, source, None).0
        } else {
            return 0;
        };
        match cmp {
            Some(cmp) => i32::from(cmp.test(value, n)),
            None => value,
        }
    }
}

fn split_comparison(desc: &str) -> (&str, Option<Cmp>, i32) {
    for (op, cmp) in [
        ("<=", Cmp::AtMost),
        (">=", Cmp::AtLeast),
        ("!=", Cmp::Unequal),
        ("=", Cmp::Equal),
        (">", Cmp::Greater),
        ("<", Cmp::Less),
    ] {
        if let Some(i) = desc.find(op) {
            return (
                &desc[..i],
                Some(cmp),
                super::db::atoi(&desc[i + op.len()..]),
            );
        }
    }
    (desc, Some(Cmp::AtLeast), 1)
}

/// Whether an ability only changes characteristics (applied by `recompute`).
/// A transformation's placeholder child: it gives its card no lasting ability.
const NO_CHILD: usize = usize::MAX;

pub fn is_continuous(ab: &Ab) -> bool {
    match ab {
        Ab::Effect(e) => matches!(
            e,
            Effect::Pt { .. }
                | Effect::SwapPt
                | Effect::Basic { .. }
                | Effect::Becomes { .. }
                | Effect::Transforms(_)
                | Effect::LoseSubtypesOf(_)
                | Effect::ProtectionFrom(..)
                | Effect::CantBeBlockedBy(_)
                | Effect::CantBeTargetOf(_)
                | Effect::SpiritLink
                | Effect::CombatKeyword(_)
                | Effect::PreventTypes { .. }
                | Effect::AlterCost { .. }
        ),
        Ab::Multi(v) => v.iter().all(is_continuous),
        Ab::Lord { effect, .. } | Ab::This { effect, .. } | Ab::Ueot(effect) => {
            is_continuous(effect)
        }
        _ => false,
    }
}
