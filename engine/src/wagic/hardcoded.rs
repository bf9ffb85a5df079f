//! Cards the engine plays by their `alias=` rather than by their text (Wagic's
//! `AbilityFactory::addAbilities` switch): a spell or permanent whose primitive names one of
//! these ids gets that behaviour when it resolves, on top of whatever its `auto=` lines do.

use super::parse;
use super::runtime::*;
use super::state::{CircleShield, Link, LinkKind};
use crate::core::game::{CardId, PlayerId, Zone};

/// Control Magic: an aura that steals its creature while it stays in play.
const CONTROL_MAGIC: i32 = 1194;
/// Threaten: gain control of the target until end of turn; it loses summoning sickness.
const THREATEN: i32 = 129767;
/// Drain Life: X damage to the target; its caster gains that much, capped by the target's life.
const DRAIN_LIFE: i32 = 1156;
/// Animate Dead: an aura that returns its creature from a graveyard, -1/-0.
const ANIMATE_DEAD: i32 = 1143;
/// Fastbond: any number of lands a turn; each land beyond the first deals 1 damage to you.
const FASTBOND: i32 = 1243;

/// Blue Elemental Blast: counter a red spell or destroy a red permanent.
const BLUE_ELEMENTAL_BLAST: i32 = 1191;
/// Red Elemental Blast: the same for blue.
const RED_ELEMENTAL_BLAST: i32 = 1312;

/// Beacon of Destruction, Beacon of Unrest...: the spell is shuffled into its owner's library.
const BEACON: i32 = 135262;

/// Circle of Protection: Black, Blue, Green, Red, White: `{1}`: prevent the next damage a
/// chosen source of the color would deal to you this turn.
const CIRCLES_OF_PROTECTION: [(i32, &str); 5] = [
    (1335, "black"),
    (1336, "blue"),
    (1337, "green"),
    (1338, "red"),
    (1339, "white"),
];

impl WGame<'_> {
    /// The spell's target spec: its `target=` line, or the chooser a hard-coded alias gets
    /// (TargetChooserFactory::createTargetChooser by alias: a spell or permanent of a color).
    pub fn spell_target_spec(&self, card: CardId) -> Option<String> {
        let prim = self.prim(card)?;
        if let Some(t) = &prim.target {
            return Some(t.clone());
        }
        match prim.alias {
            BLUE_ELEMENTAL_BLAST => Some("*[red]|battlefield,stack".into()),
            RED_ELEMENTAL_BLAST => Some("*[blue]|battlefield,stack".into()),
            _ => None,
        }
    }

    /// AbilityFactory::addAbilities: the behaviour of a hard-coded alias, once the spell resolved
    /// (`targets`: the spell's targets).
    pub fn hardcoded_on_resolve(&mut self, card: CardId, targets: &[Tgt]) {
        let alias = self.prim(card).map_or(0, |p| p.alias);
        if alias == 0 {
            return;
        }
        let first_card = targets.iter().find_map(|t| match t {
            Tgt::Card(c) => Some(*c),
            _ => None,
        });
        match alias {
            CONTROL_MAGIC => {
                if let Some(t) = first_card.filter(|&t| self.g.card(t).zone == Zone::Battlefield) {
                    let me = self.currently_acting();
                    self.link(LinkKind::ControlWhileInPlay, card, Some(t));
                    self.change_controller(t, me, true);
                }
            }
            THREATEN => {
                if let Some(t) = first_card.filter(|&t| self.g.card(t).zone == Zone::Battlefield) {
                    let me = self.controller(card);
                    self.link(LinkKind::ControlUntilEndOfTurn, card, Some(t));
                    self.change_controller(t, me, false);
                }
            }
            DRAIN_LIFE => {
                let Some(&t) = targets.first() else { return };
                let x = self.g.card(card).x.max(0);
                let life = match t {
                    Tgt::Card(c) => self.g.card(c).cur.toughness - self.g.card(c).damage,
                    Tgt::Player(p) => self.g.players[p].life,
                    Tgt::Stack(_) => return,
                };
                self.deal_damage(card, t, x, false);
                let gained = x.min(life.max(0));
                let me = self.currently_acting();
                self.gain_life(me, gained, Some(card));
            }
            ANIMATE_DEAD => {
                let Some(t) = first_card.filter(|&t| self.g.card(t).zone == Zone::Graveyard) else {
                    return;
                };
                let me = self.controller(card);
                self.put_in_zone(t, me, Zone::Temp);
                self.resolve_spell(t, Vec::new(), parse::PAID_NORMAL, Zone::Graveyard);
                if self.g.card(t).zone != Zone::Battlefield {
                    return;
                }
                self.g.card_mut(card).attached_to = Some(t);
                self.link(LinkKind::Animated, card, Some(t));
                let mut ctx = self.parse_ctx(card, None);
                if let Some(ab) = parse::parse("-1/0", &mut ctx, false, false) {
                    self.add_ability(ab, card, None, None);
                }
            }
            BLUE_ELEMENTAL_BLAST | RED_ELEMENTAL_BLAST => match targets.first() {
                Some(&Tgt::Card(t)) if self.g.card(t).zone == Zone::Battlefield => {
                    self.graveyard(t);
                }
                Some(&Tgt::Stack(i)) => self.fizzle_to(i, Zone::Graveyard),
                _ => {}
            },
            BEACON if self.g.card(card).zone == Zone::Stack => {
                let owner = self.g.card(card).owner;
                self.put_in_zone(card, owner, Zone::Library);
                let mut lib = self.g.players[owner].zone(Zone::Library).clone();
                self.g.rng.shuffle(&mut lib);
                *self.g.players[owner].zone_mut(Zone::Library) = lib;
            }
            _ if CIRCLES_OF_PROTECTION.iter().any(|&(a, _)| a == alias) => {
                // ACircleOfProtection: a `{1}` ability aimed at a spell or permanent of the
                // color, without the word "target" (protections do not stop it).
                let color = CIRCLES_OF_PROTECTION
                    .iter()
                    .find(|&&(a, _)| a == alias)
                    .map_or("", |&(_, c)| c);
                let mut tc = super::targets::parse(&format!("*[{color}]|battlefield,stack"));
                tc.targetting = false;
                let ab = parse::Ab::Activated(Box::new(parse::Activated {
                    cost: Some(parse::parse_cost("{1}")),
                    tc: Some(tc),
                    effect: parse::Ab::Effect(parse::Effect::CircleShield),
                    limit: None,
                    restriction: parse::Restriction::None,
                    cast_restriction: None,
                    name: "circle of protection".into(),
                }));
                let inc = self.g.card(card).incarnation;
                self.add_inst(Inst::new(ab, card, inc, None));
            }
            FASTBOND => {
                let p = self.controller(card);
                self.g.players[p].max_lands = i32::MAX / 2;
                self.link(LinkKind::Fastbond, card, None);
                if let Some(l) = self.links.last_mut() {
                    l.seen = self.g.players[p].lands_played;
                }
            }
            _ => {}
        }
    }

    pub fn add_circle_shield(&mut self, circle: CardId, from: CardId) {
        if self.circle_shields.len() >= 64 {
            return;
        }
        self.circle_shields.push(CircleShield {
            circle,
            circle_inc: self.g.card(circle).incarnation,
            from,
            from_inc: self.g.card(from).incarnation,
            player: self.controller(circle),
        });
    }

    /// REDamagePrevention::replace for the shields: the first one that matches is spent.
    pub fn circle_shield_prevents(&mut self, source: CardId, target: Tgt) -> bool {
        if self.circle_shields.is_empty() {
            return false;
        }
        let Tgt::Player(p) = target else {
            return false;
        };
        let found = self.circle_shields.iter().position(|s| {
            s.from == source
                && s.from_inc == self.g.card(source).incarnation
                && s.player == p
                && self.g.card(s.circle).incarnation == s.circle_inc
                && self.g.card(s.circle).zone == Zone::Battlefield
        });
        match found {
            Some(i) => {
                self.circle_shields.remove(i);
                true
            }
            None => false,
        }
    }

    fn link(&mut self, kind: LinkKind, source: CardId, target: Option<CardId>) {
        let original = self.controller(target.unwrap_or(source));
        self.links.push(Link {
            kind,
            source,
            source_inc: self.g.card(source).incarnation,
            target,
            target_inc: target.map_or(0, |t| self.g.card(t).incarnation),
            original,
            seen: 0,
        });
    }

    /// MTGCardInstance::changeController: the permanent moves to the new controller's
    /// battlefield (a new object for the rules: summoning sick unless `sick` is false).
    pub fn change_controller(&mut self, c: CardId, to: PlayerId, sick: bool) {
        let from = self.controller(c);
        if from == to || self.g.card(c).zone != Zone::Battlefield {
            return;
        }
        self.g.players[from]
            .zone_mut(Zone::Battlefield)
            .retain(|&x| x != c);
        self.g.players[to].zone_mut(Zone::Battlefield).push(c);
        let card = self.g.card_mut(c);
        card.controller = to;
        card.sick = sick;
        self.bump();
        self.recompute();
    }

    fn source_gone(&self, l: &Link) -> bool {
        let s = self.g.card(l.source);
        s.zone != Zone::Battlefield || s.incarnation != l.source_inc
    }

    fn target_here(&self, l: &Link) -> Option<CardId> {
        let t = l.target?;
        let c = self.g.card(t);
        (c.zone == Zone::Battlefield && c.incarnation == l.target_inc).then_some(t)
    }

    /// The links' state checks: a source that left play ends its link (MTGAbility::destroy).
    pub fn check_links(&mut self) {
        if self.links.is_empty() {
            return;
        }
        let mut i = 0;
        while i < self.links.len() {
            let l = self.links[i].clone();
            match l.kind {
                LinkKind::Fastbond => {
                    if self.source_gone(&l) {
                        self.g.players[l.original].max_lands = 1;
                        self.links.remove(i);
                        continue;
                    }
                    let p = self.controller(l.source);
                    let played = self.g.players[p].lands_played;
                    if played < l.seen {
                        self.links[i].seen = played;
                    } else if played > 1 && played > l.seen {
                        self.links[i].seen = played;
                        self.deal_damage(l.source, Tgt::Player(p), 1, false);
                    }
                }
                LinkKind::ControlWhileInPlay | LinkKind::Animated => {
                    if !self.source_gone(&l) {
                        i += 1;
                        continue;
                    }
                    self.links.remove(i);
                    if let Some(t) = self.target_here(&l) {
                        if l.kind == LinkKind::Animated {
                            self.graveyard(t);
                        } else {
                            self.change_controller(t, l.original, true);
                        }
                    }
                    continue;
                }
                LinkKind::ControlUntilEndOfTurn => {}
            }
            i += 1;
        }
    }

    /// End of turn: until-end-of-turn control changes end.
    pub fn end_links_at_end_of_turn(&mut self) {
        let ending: Vec<Link> = self
            .links
            .iter()
            .filter(|l| l.kind == LinkKind::ControlUntilEndOfTurn)
            .cloned()
            .collect();
        self.links
            .retain(|l| l.kind != LinkKind::ControlUntilEndOfTurn);
        for l in ending {
            if let Some(t) = self.target_here(&l) {
                self.change_controller(t, l.original, true);
            }
        }
    }
}
