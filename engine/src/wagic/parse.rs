//! Wagic's ability factory: one `auto=` line (or fragment) to an ability, by substring tests in
//! the engine's fixed order. Fidelity to that order matters more than elegance:
//! the first construct found decides how the rest is read. The result is an IR the runtime
//! interprets; a fragment nothing recognises gives `None`, as the engine's parser does.

#![allow(clippy::large_enum_variant)]

use super::targets::{self, TargetSpec};
use crate::core::mana::Mana;

/// A player an effect applies to (`controller`, `opponent`...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    Unset,
    Controller,
    Opponent,
    TargetController,
    TargetedPlayer,
    Owner,
}

/// Phase restrictions of activated abilities (`myturnonly`, `my<phase>only`...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restriction {
    None,
    MyTurn,
    OpponentTurn,
    AsSorcery,
    MyPhase(usize),
    OpponentPhase(usize),
    Phase(usize),
}

/// Wagic's phase code names, in index order (found by substring, first hit wins).
pub const PHASE_CODES: [&str; 14] = [
    "beginofturn",
    "untap",
    "upkeep",
    "draw",
    "firstmain",
    "combatbegins",
    "attackers",
    "blockers",
    "combatdamage",
    "combatends",
    "secondmain",
    "end",
    "cleanup",
    "beforenextturn",
];

/// One extra cost of a cost string.
#[derive(Clone, Debug, PartialEq)]
pub enum Extra {
    /// `{t}` (None) or `{t(target)}`.
    Tap(Option<TargetSpec>),
    Untap(Option<TargetSpec>),
    Sacrifice(Option<TargetSpec>),
    Exile(Option<TargetSpec>),
    Bounce(Option<TargetSpec>),
    Life(i32),
    Discard(Option<TargetSpec>),
    DiscardRandom,
    Mill,
    LibraryToExile,
    Counter {
        power: i32,
        toughness: i32,
        nb: i32,
        name: String,
        target: Option<TargetSpec>,
    },
    Cycle,
    Energy(i32),
    ToLibrary(Option<TargetSpec>),
    ToGraveyard(Option<TargetSpec>),
    Phyrexian(usize),
    /// A cost the engine reads but this engine does not pay yet (delve, convoke...).
    Unsupported(String),
}

/// A cost: mana plus extra costs.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Cost {
    pub mana: Mana,
    pub extras: Vec<Extra>,
    pub text: String,
}

impl Cost {
    pub fn has_tap(&self) -> bool {
        self.extras.iter().any(|e| matches!(e, Extra::Tap(None)))
    }

    pub fn is_null(&self) -> bool {
        self.mana.is_empty() && self.extras.is_empty()
    }
}

/// `ManaCost::parseManaCost`: `{...}` groups, dispatched on their first letter.
pub fn parse_cost(text: &str) -> Cost {
    let s = text.to_ascii_lowercase();
    let mut cost = Cost {
        text: s.clone(),
        ..Cost::default()
    };
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'{' {
            i += 1;
            continue;
        }
        // The group ends at the next '}' (parentheses inside may hold targets with no braces).
        let Some(end) = s[i + 1..].find('}').map(|e| e + i + 1) else {
            break;
        };
        let group = &s[i + 1..end];
        i = end + 1;
        add_cost_group(&mut cost, group);
    }
    cost
}

fn paren_target(group: &str) -> Option<TargetSpec> {
    let open = group.find('(')?;
    let close = group.rfind(')').unwrap_or(group.len());
    Some(targets::parse(&group[open + 1..close.max(open + 1)]))
}

fn add_cost_group(cost: &mut Cost, group: &str) {
    if matches!(group, "w" | "u" | "b" | "r" | "g") {
        cost.mana.add_symbol(group);
        return;
    }
    let first = group.as_bytes().first().copied().unwrap_or(b' ');
    match first {
        b'x' => {
            cost.mana.x += 1;
        }
        b'v' => cost.extras.push(Extra::Unsupported(group.to_string())),
        b't' => cost.extras.push(Extra::Tap(paren_target(group))),
        b's' => {
            if group.starts_with("s2l") {
                cost.extras.push(Extra::ToLibrary(paren_target(group)));
            } else if group.starts_with("s2g") {
                cost.extras.push(Extra::ToGraveyard(paren_target(group)));
            } else if group.starts_with("saclands") {
                cost.extras.push(Extra::Unsupported(group.to_string()));
            } else {
                cost.extras.push(Extra::Sacrifice(paren_target(group)));
            }
        }
        b'e' => {
            if group.starts_with("emerge") || group.starts_with("eval") {
                cost.extras.push(Extra::Unsupported(group.to_string()));
            } else if let Some(n) = group.strip_prefix("e:") {
                cost.extras.push(Extra::Energy(super::db::atoi(n)));
            } else {
                cost.extras.push(Extra::Exile(paren_target(group)));
            }
        }
        b'h' => cost.extras.push(Extra::Bounce(paren_target(group))),
        b'l' => {
            if group.starts_with("l2e") {
                cost.extras.push(Extra::LibraryToExile);
            } else if let Some(n) = group.strip_prefix("l:") {
                cost.extras.push(Extra::Life(super::db::atoi(n)));
            } else {
                cost.extras.push(Extra::Life(1));
            }
        }
        b'd' => {
            if group == "d" {
                cost.extras.push(Extra::DiscardRandom);
            } else if group.starts_with("delve") {
                cost.extras.push(Extra::Unsupported(group.to_string()));
            } else {
                cost.extras.push(Extra::Discard(paren_target(group)));
            }
        }
        b'm' => {
            if group.starts_with("mycost") || group.starts_with("myevictcost") {
                cost.extras.push(Extra::Unsupported(group.to_string()));
            } else {
                cost.extras.push(Extra::Mill);
            }
        }
        b'n' | b'k' | b'i' => cost.extras.push(Extra::Unsupported(group.to_string())),
        b'p' => {
            let color = group
                .find('(')
                .and_then(|o| group.as_bytes().get(o + 1))
                .and_then(|c| crate::core::mana::color_of_letter(*c))
                .unwrap_or(0);
            cost.extras.push(Extra::Phyrexian(color));
        }
        b'q' => cost.extras.push(Extra::Untap(paren_target(group))),
        b'c' => {
            if group == "c" {
                cost.mana.add_color(crate::core::mana::COLORLESS, 1);
            } else if group.starts_with("cycle") {
                cost.extras.push(Extra::Cycle);
            } else if group.starts_with("convoke")
                || group.starts_with("chosencolor")
                || group.starts_with("crew")
            {
                cost.extras.push(Extra::Unsupported(group.to_string()));
            } else if let Some(open) = group.find('(') {
                let close = group[open..]
                    .find(')')
                    .map(|c| c + open)
                    .unwrap_or(group.len());
                let counter = &group[open + 1..close];
                let target = group[close..]
                    .find(',')
                    .map(|c| targets::parse(&group[close + c + 1..]));
                let (power, toughness, nb, name) = parse_counter(counter);
                cost.extras.push(Extra::Counter {
                    power,
                    toughness,
                    nb: super::db::atoi(&nb),
                    name,
                    target,
                });
            } else {
                cost.mana.add_color(crate::core::mana::COLORLESS, 1);
            }
        }
        _ => {
            if group.starts_with("unattach") {
                cost.extras.push(Extra::Unsupported(group.to_string()));
            } else if group.bytes().all(|c| c.is_ascii_digit()) && !group.is_empty() {
                cost.mana
                    .add_color(crate::core::mana::COLORLESS, super::db::atoi(group));
            } else if !cost.mana.add_symbol(group) {
                // atoi of a word: 0 generic mana, silently.
                cost.mana
                    .add_color(crate::core::mana::COLORLESS, super::db::atoi(group));
            }
        }
    }
}

/// `p/t[,n[,name]]` (also `.` separated): (power, toughness, count text, name).
pub fn parse_counter(s: &str) -> (i32, i32, String, String) {
    let by_comma: Vec<&str> = s.split(',').collect();
    let by_dot: Vec<&str> = s.split('.').collect();
    let parts = if by_comma.len() < by_dot.len() {
        by_dot
    } else {
        by_comma
    };
    let pt = parts.first().copied().unwrap_or("");
    let (p, t) = match pt.split_once('/') {
        Some((p, t)) => (super::db::atoi(p), super::db::atoi(t)),
        None => (super::db::atoi(pt), 0),
    };
    let nb = parts.get(1).map(|s| s.to_string()).unwrap_or("1".into());
    let name = parts
        .get(2)
        .map(|s| s.trim().to_string())
        .unwrap_or_default();
    (p, t, nb, name)
}

/// A trigger.
#[derive(Clone, Debug, PartialEq)]
pub enum Trigger {
    MovedTo {
        card: TargetSpec,
        to: TargetSpec,
        from: Option<(TargetSpec, TargetSpec)>,
    },
    Tapped {
        tc: TargetSpec,
        tap: bool,
    },
    TappedForMana(TargetSpec),
    Combat {
        attacking: bool,
        alone: bool,
        not_blocked: bool,
        blocked: bool,
        blocking: bool,
        source: TargetSpec,
        from: Option<TargetSpec>,
    },
    Drawn(TargetSpec),
    Sacrificed(TargetSpec),
    Discarded(TargetSpec),
    Cycled(TargetSpec),
    /// `drawof(player)` / `drawfoeof(player)`: a player draws, who must be the controller of
    /// the trigger's card (`foe`: must not be).
    DrawnOf {
        tc: TargetSpec,
        foe: bool,
    },
    Damaged {
        tc: TargetSpec,
        from: Option<TargetSpec>,
        /// 0 any, 1 combat, 2 noncombat
        kind: u8,
        /// `...damageof(`: a damaged player must be the card's controller (1); `...damagefoeof(`:
        /// must not be (-1); 0: any.
        of: i8,
    },
    Lifed {
        tc: TargetSpec,
        from: Option<TargetSpec>,
        loss: bool,
        /// `lifeof(` / `lifelostof(`: the player must be the card's controller (1);
        /// `lifefoeof(` / `lifelostfoeof(`: must not be (-1); 0: any.
        of: i8,
    },
    Targeted(TargetSpec),
    /// `@vampired(tc) from(tc)` (TrVampired): a creature the source damaged this turn went to
    /// a graveyard (the vampire rule's event).
    Vampired {
        tc: TargetSpec,
        from: Option<TargetSpec>,
    },
    Counter {
        added: bool,
        power: i32,
        toughness: i32,
        name: String,
    },
    Phase {
        next: bool,
        phase: usize,
        who: i32,
    },
    /// An event this engine does not watch yet (the trigger never fires).
    Unsupported(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct TriggerMods {
    pub once: bool,
    pub source_untapped: bool,
    pub source_tapped: bool,
    pub turn_limited: bool,
    pub cast_restriction: Option<String>,
    /// The ability names `trigger[from]`: the event's "from" card (the damage source, the
    /// creature met in combat) rather than its "to" card (WEvent::getTarget(TARGET_FROM)).
    pub trigger_from: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LordKind {
    Lord,
    Foreach,
    AsLongAs,
    Teach,
    All,
}

/// How a gained or lost basic ability lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duration {
    /// While the ability exists (a permanent's static ability).
    Static,
    /// Until end of turn.
    Ueot,
    Forever,
}

/// The effect of a leaf ability.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    Damage(String, Who),
    Life(String, Who),
    LifeSet(String, Who),
    AlterPoison(i32, Who),
    /// `prevent:n`: the next n damage to the target this turn is prevented.
    Prevent(String, Who),
    Draw(String, Who),
    /// `turns:n`: n extra turns (a negative n: turns skipped) for the player.
    Turns(String, Who),
    Deplete(String, Who),
    DiscardRandom(String, Who),
    Shuffle(Who),
    SetHand(i32, Who),
    WinGame(Who),
    Destroy,
    Bury,
    Sacrifice,
    Reject,
    MoveTo(String),
    Bottom,
    /// The hard-coded Circle of Protection ability (ACircleOfProtection::resolve): the next
    /// damage the target card deals to the source's controller this turn is prevented.
    CircleShield,
    /// `phaseout` (AAPhaseOut): the card is treated as though it does not exist until its
    /// controller's next untap step.
    PhaseOut,
    Fizzle,
    /// `losesubtypesof(type)` (ALoseSubtypes): the card loses its subtypes of that type.
    LoseSubtypesOf(String),
    /// `fizzleto(hand|exile|librarytop)`: counters the spell into that zone instead of the
    /// graveyard (AAFizzler's fizzle mode).
    FizzleTo(crate::core::game::Zone),
    /// `(blink)`: exile and return at once; `(blink)ueot`: return at the end of the turn.
    Blink {
        ueot: bool,
    },
    Tap,
    Untap,
    Regenerate,
    ResetDamage,
    Frozen,
    Steal,
    Token {
        id: i32,
        name: String,
        types: String,
        power: i32,
        toughness: i32,
        abilities: String,
        multiplier: Option<String>,
        who: Who,
    },
    Counter {
        power: i32,
        toughness: i32,
        nb: String,
        name: String,
    },
    RemoveAllCounters,
    AddMana(Mana),
    /// `produceextra:{m}` (AProduceMana): whenever its card is tapped for mana, its controller
    /// gets this mana too.
    ProduceExtra(Mana),
    RemoveMana(String, Who),
    Pt {
        power: String,
        toughness: String,
        duration: Duration,
    },
    Basic {
        ability: usize,
        gain: bool,
        duration: Duration,
    },
    /// `transforms((types,abilities...))` (ATransformer): adds types (or removes them:
    /// `removealltypes`, `removecreaturesubtypes`), sets colors, basic abilities, power and
    /// toughness (`setpower=`, `settoughness=`), and gives the card `newability[...]` abilities.
    Transforms(Box<Transform>),
    /// `transforms((...)) oneshot`: the new abilities are played once, at resolution.
    TransformsOnce(Vec<String>),
    Becomes {
        types: String,
        pt: Option<(String, String)>,
        abilities: String,
        duration: Duration,
    },
    ProtectionFrom(TargetSpec, Duration),
    CantBeBlockedBy(TargetSpec),
    /// `spiritlink` (ASpiritLinkAbility): whenever the card deals damage, the controller of the
    /// ability's source gains that much life.
    SpiritLink,
    /// Keyword abilities that act when blockers are chosen (ABushidoAbility, ARampageAbility,
    /// AFlankerAbility).
    CombatKeyword(CombatKeyword),
    /// `maxplay(tc)n` / `maxcast(tc)n` (ACastRestriction): the player may put at most n cards
    /// matching tc onto the battlefield (play) or the stack (cast) each turn.
    CastRestriction {
        play: bool,
        tc: TargetSpec,
        value: String,
        who: Who,
    },
    /// `dynamicability<!source type effect who!>`.
    Dynamic {
        source: String,
        kind: String,
        effect: String,
        who: String,
    },
    /// `ability$!text!$ who` (ATargetedAbilityCreator): when it resolves, a card-less source
    /// controlled by the receiving player (`controller`, `opponent`, `targetcontroller`,
    /// `targetedplayer`; anything else: the opponent) plays `text` as a spell's ability text,
    /// its lines separated by `_`. `name(...)` inside is the menu text only.
    AbilityCreator {
        name: String,
        text: String,
        who: Who,
    },
    /// `activatechooseacolor text activatechooseend` / `...atype...` (GenericChooseTypeColor):
    /// a menu of the colours (or creature types) for the card it applies to; the choice is
    /// the card's chosen colour (type), and `text` is then played by that card.
    Choose {
        color: bool,
        text: String,
        nonwall: bool,
    },
    /// `emblem ability` (GenericAbilityMod): the ability joins the game for good, applied to
    /// the first player's rules card.
    Emblem(Box<Ab>),
    /// `activate ability` (GenericAddToGame): the ability joins the game (or resolves).
    Activate(Box<Ab>),
    /// `swap` (ASwapPTUEOT): until end of turn the card's power and toughness are switched,
    /// after every other change (layer 7e); two switches cancel out.
    SwapPt,
    /// `copy` (AACopier): the card becomes a copy of the target (its printed characteristics
    /// and ability text, whose abilities it then gets).
    Copy,
    /// `clone [with(abilities,colours)] [addtype(types)]` (AACloner): a token copy of the
    /// target enters the battlefield, for the controller (`controller`: for the opponent).
    Clone {
        with: String,
        types: String,
        who: Who,
    },
    /// `exchangelife` (AAExchangeLife): the controller's life total and the player's (or a
    /// creature's toughness) are exchanged.
    ExchangeLife(Who),
    /// `cantbetargetof(tc)` (ACantBeTargetFrom): while it lasts, the card cannot be the
    /// target of spells or abilities whose source matches tc.
    CantBeTargetOf(TargetSpec),
    /// `newtarget` / `retarget` (AANewTarget): the target aura or equipment (`retarget`: the
    /// card itself) is exiled and returns to the battlefield attached to the card (`retarget`:
    /// to the target), under that card's controller.
    NewTarget {
        retarget: bool,
    },
    /// `block` (AABlock): the card blocks the target attacker, if it can block it.
    Block,
    /// `ninjutsu` (ANinja): the target card enters the battlefield of the ability's controller
    /// tapped and attacking, without summoning sickness.
    Ninjutsu,
    /// `pay[[cost]] a?b` (GenericPaidAbility): a menu of `options` to the controller of the
    /// card; the first is played only if `cost` (a mana cost, `{value:<number>}` for a count)
    /// is paid; one option alone may be declined.
    PayOrElse {
        cost: String,
        options: Vec<Ab>,
    },
    /// `loseabilities` (ALoseAbilities): the target card's abilities, except those lords give
    /// it, leave the game while this lasts, and come back after.
    LoseAbilities,
    /// `preventallcombatdamage`, `preventallnoncombatdamage`, `preventalldamage`, `fog`
    /// (APreventDamageTypes): damage of that kind (0 combat, 1 any, 2 noncombat) from sources
    /// matching `from(...)` to what matches `to(...)` is prevented while the ability lasts (until
    /// end of turn with `ueot`, and always for `fog`).
    PreventTypes {
        kind: u8,
        to: Option<TargetSpec>,
        from: Option<TargetSpec>,
        ueot: bool,
    },
    /// `flipacoin winability a winabilityend loseability b loseabilityend flipend`
    /// (GenericFlipACoin, AASetCoin): a coin is flipped; the card plays `a` if it is won, `b`
    /// if it is lost.
    FlipACoin {
        win: Option<String>,
        lose: Option<String>,
    },
    /// `moverandom(tc) from(zone) to(zone)` (AARandomMover): a random card matching tc moves
    /// from one zone to the other.
    MoveRandom {
        tc: TargetSpec,
        from: String,
        to: String,
    },
    /// `removefromcombat` (ACombatRemoval): the card stops attacking and blocking.
    RemoveFromCombat,
    /// `flip(name)` (AAFlip): the card becomes the named card where it is (name, types, colors,
    /// abilities, power and toughness), until it leaves play.
    Flip(String),
    /// `altercost(color, n)` (AAlterCost): the card's mana cost gets n more (or, n negative,
    /// up to -n less) mana of that color while the ability lasts.
    AlterCost {
        color: usize,
        amount: i32,
    },
    /// `phaseaction[phase flags] ability` (APhaseActionGeneric): installs a delayed action that
    /// plays the ability on its target when the phase comes.
    PhaseAction(Box<PhaseAction>),
    /// A construct Wagic reads that this engine does not play yet.
    Unsupported(&'static str),
}

/// A delayed action of `phaseaction[...]` (APhaseAction), as parsed.
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseAction {
    /// The phase index it waits for (upkeep when none is named).
    pub phase: usize,
    /// Fires in its source's controller's turns (no `opponent` in the brackets).
    pub my_turn: bool,
    /// Fires in the opponent's turns (no `my` in the brackets).
    pub opponent_turn: bool,
    /// `sourceinplay`: ends when its source or target leaves play.
    pub source_in_play: bool,
    /// `checkex`: ends when its target is no longer in exile.
    pub check_exile: bool,
    /// `next`: the first time the phase comes is skipped.
    pub skip_first: bool,
    /// `once`: ends once it has fired.
    pub once: bool,
    /// The ability text played when it fires.
    pub ability: String,
}

/// AbilityFactory::parsePhaseActionAbility: the flags between the first `[` and `]`, the
/// ability after them.
pub fn parse_phase_action(s: &str) -> Option<PhaseAction> {
    let (_, flags, after) = parse_between(s, "[", "]", true)?;
    Some(PhaseAction {
        phase: find_phase_code(flags).unwrap_or(2),
        my_turn: !flags.contains("opponent"),
        opponent_turn: !flags.contains("my"),
        source_in_play: flags.contains("sourceinplay"),
        check_exile: flags.contains("checkex"),
        skip_first: flags.contains("next"),
        once: flags.contains("once"),
        ability: after.trim().to_string(),
    })
}

impl Effect {
    pub fn one_shot(&self) -> bool {
        !matches!(
            self,
            Effect::Pt { .. }
                | Effect::Basic { .. }
                | Effect::Becomes { .. }
                | Effect::Transforms(_)
                | Effect::ProtectionFrom(..)
                | Effect::CantBeBlockedBy(_)
                | Effect::CantBeTargetOf(_)
                | Effect::SpiritLink
                | Effect::CombatKeyword(_)
                | Effect::CastRestriction { .. }
                | Effect::ProduceExtra(_)
                | Effect::LoseSubtypesOf(_)
                | Effect::SwapPt
                | Effect::LoseAbilities
                | Effect::PreventTypes { .. }
                | Effect::AlterCost { .. }
                | Effect::Unsupported(_)
        )
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Activated {
    pub cost: Option<Cost>,
    pub tc: Option<TargetSpec>,
    pub effect: Ab,
    pub limit: Option<String>,
    pub restriction: Restriction,
    pub cast_restriction: Option<String>,
    pub name: String,
}

/// An ability as built by the factory.
#[derive(Clone, Debug, PartialEq)]
pub enum Ab {
    Rule(String),
    Triggered {
        trigger: Trigger,
        mods: TriggerMods,
        effect: Box<Ab>,
    },
    Activated(Box<Activated>),
    Equip {
        cost: Option<Cost>,
        tc: TargetSpec,
    },
    May {
        inner: Box<Ab>,
        must: bool,
        cost: Option<Cost>,
    },
    Multi(Vec<Ab>),
    Lord {
        kind: LordKind,
        tc: TargetSpec,
        include_self: bool,
        effect: Box<Ab>,
        one_shot: bool,
        mini: Option<i32>,
        maxi: Option<i32>,
    },
    This {
        foreach: bool,
        desc: String,
        effect: Box<Ab>,
        one_shot: bool,
    },
    IfThen {
        negate: bool,
        cond: String,
        then: Box<Ab>,
        otherwise: Option<Box<Ab>>,
    },
    /// An ability that lasts until end of turn (`ueot <ability>`).
    Ueot(Box<Ab>),
    /// A one-shot ability that resolves with a chosen target (no cost).
    Targeted {
        tc: TargetSpec,
        effect: Box<Ab>,
    },
    /// `upcost[cost;phase] ability` (AUpkeep): pay the cost in that phase or the ability
    /// resolves when the controller's upkeep ends.
    Upkeep(Box<Upkeep>),
    Effect(Effect),
}

/// An `upcost` / `cumulativeupcost` ability (AUpkeep), as parsed.
#[derive(Clone, Debug, PartialEq)]
pub struct Upkeep {
    pub cost: Cost,
    /// The phase in which the cost may be paid (upkeep unless given after `;`).
    pub phase: usize,
    /// `next` after `;`: goes off only once.
    pub once: bool,
    /// `cumulativeupcost`: the cost is paid once per age counter.
    pub cumulative: bool,
    pub effect: Ab,
}

impl Ab {
    /// Whether the ability resolves once (rather than staying in the game).
    pub fn one_shot(&self) -> bool {
        match self {
            Ab::Effect(e) => e.one_shot(),
            Ab::Multi(_) => true,
            Ab::Lord { one_shot, .. } | Ab::This { one_shot, .. } => *one_shot,
            Ab::IfThen { .. } => true,
            Ab::Targeted { .. } => true,
            _ => false,
        }
    }

    /// The innermost ability (Wagic's getCoreAbility).
    pub fn core(&self) -> &Ab {
        match self {
            Ab::Lord { effect, .. } | Ab::This { effect, .. } | Ab::Targeted { effect, .. } => {
                effect.core()
            }
            Ab::Activated(a) => a.effect.core(),
            Ab::May { inner, .. } => inner.core(),
            Ab::Multi(v) if !v.is_empty() => v[0].core(),
            Ab::Ueot(a) => a.core(),
            _ => self,
        }
    }

    pub fn is_mana_producer(&self) -> bool {
        matches!(self, Ab::Effect(Effect::AddMana(_)))
    }
}

/// What the factory needs to know about where it is used.
#[derive(Clone, Debug, Default)]
pub struct Ctx {
    /// The card is an instant or a sorcery.
    pub instant_or_sorcery: bool,
    /// The card is an aura (moveto applies to the aura itself).
    pub aura: bool,
    /// Parsing happens for a spell (alternative-cost prefixes are checked against `paid_with`).
    pub spell: bool,
    pub paid_with: u32,
    /// The spell's X (for `x/x` tokens).
    pub x: i32,
    /// Texts cut out of the line: `transforms((`, `ability$!`, `and!(`.
    pub stored_transforms: String,
    pub stored_ability: String,
    pub stored_and: String,
    /// `pay[[cost]] rest`: the rest, cut out of the line (GenericPaidAbility's choices).
    pub stored_pay: String,
}

/// Alternative-cost prefixes and the bit of `paid_with` they need.
pub const ALT_COSTS: [(&str, u32); 11] = [
    ("notpaid", 1 << 0),
    ("paidmana", 1 << 1),
    ("kicker", 1 << 2),
    ("alternative", 1 << 3),
    ("buyback", 1 << 4),
    ("flashback", 1 << 5),
    ("retrace", 1 << 6),
    ("facedown", 1 << 7),
    ("suspended", 1 << 8),
    ("overload", 1 << 9),
    ("bestow", 1 << 10),
];

pub const PAID_NORMAL: u32 = 1 << 1;
pub const PAID_KICKER: u32 = 1 << 2;
pub const PAID_ALTERNATIVE: u32 = 1 << 3;
pub const PAID_BUYBACK: u32 = 1 << 4;
pub const PAID_FLASHBACK: u32 = 1 << 5;
pub const PAID_RETRACE: u32 = 1 << 6;

/// Wagic's `parseBetween`: (before, inside, after), `after` skipping one character of `stop`.
pub fn parse_between<'a>(
    s: &'a str,
    start: &str,
    stop: &str,
    stop_required: bool,
) -> Option<(&'a str, &'a str, &'a str)> {
    let found = s.find(start)?;
    let offset = found + start.len();
    match s[offset..].find(stop).map(|e| e + offset) {
        Some(end) => {
            let after_start = (end + 1).min(s.len());
            Some((
                &s[..found],
                &s[offset..end],
                s.get(after_start..).unwrap_or(""),
            ))
        }
        None if !stop_required => Some((&s[..found], &s[offset..], "")),
        None => None,
    }
}

pub fn rule_words() -> &'static [&'static str] {
    &[
        "bonusrule",
        "putinplayrule",
        "kickerrule",
        "alternativecostrule",
        "buybackrule",
        "flashbackrule",
        "retracerule",
        "suspendrule",
        "morphrule",
        "payzerorule",
        "overloadrule",
        "attackrule",
        "attackcostrule",
        "blockrule",
        "blockcostrule",
        "soulbondrule",
        "dredgerule",
        "bestowrule",
        "combattriggerrule",
        "legendrule",
        "planeswalkerrule",
        "planeswalkerdamage",
        "planeswalkerattack",
        "tokencleanuprule",
        "persistrule",
        "vampirerule",
        "unearthrule",
        "lifelinkrule",
        "deathtouchrule",
    ]
}

pub fn parse_restriction(s: &str) -> Restriction {
    if s.contains("myturnonly") {
        return Restriction::MyTurn;
    }
    if s.contains("opponentturnonly") {
        return Restriction::OpponentTurn;
    }
    if s.contains("assorcery") {
        return Restriction::AsSorcery;
    }
    for (j, prefix) in ["my", "opponent", ""].iter().enumerate() {
        if !s.contains(prefix) {
            continue;
        }
        for (i, code) in PHASE_CODES.iter().enumerate() {
            if s.contains(&format!("{prefix}{code}only")) {
                // Wagic's phase indexes start at "before begin" (0).
                return match j {
                    0 => Restriction::MyPhase(i),
                    1 => Restriction::OpponentPhase(i),
                    _ => Restriction::Phase(i),
                };
            }
        }
    }
    Restriction::None
}

fn find_phase_code(s: &str) -> Option<usize> {
    PHASE_CODES.iter().position(|c| s.contains(c))
}

fn simple_tc(s: &str, starter: &str) -> Option<TargetSpec> {
    let head = format!("{starter}(");
    let found = s.find(&head)?;
    let start = found + head.len();
    let end = s[start..].find(')')? + start;
    Some(targets::parse(&s[start..end]))
}

/// Parses a trigger text (between `@` and `:`).
pub fn parse_trigger(s: &str) -> Option<(Trigger, TriggerMods)> {
    let mut mods = TriggerMods {
        once: s.contains("once"),
        source_untapped: s.contains("sourcenottap"),
        source_tapped: s.contains("sourcetap"),
        turn_limited: s.contains("turnlimited"),
        cast_restriction: None,
        trigger_from: false,
    };
    if let Some((_, r, _)) = parse_between(s, "restriction{", "}", true) {
        mods.cast_restriction = Some(r.to_string());
    }
    let untarget = |mut t: TargetSpec| {
        t.targetting = false;
        t
    };
    if let Some(found) = s.find("movedto(") {
        let end = s.find(')').unwrap_or(s.len());
        let starget = if end > found + 8 {
            &s[found + 8..end]
        } else {
            ""
        };
        let (card, zone) = match starget.find('|') {
            Some(bar) => (
                targets::parse(&format!("{}|*", &starget[..bar])),
                format!("*|{}", &starget[bar + 1..]),
            ),
            None => (targets::parse("*|*"), format!("*|{starget}")),
        };
        let to = targets::parse(&zone);
        let from = s.find("from(").map(|f| {
            let rest = &s[f + 5..];
            let close = rest.find(')').unwrap_or(rest.len());
            let inner = &rest[..close];
            match inner.find('|') {
                Some(bar) => (
                    untarget(targets::parse(&format!("{}|*", &inner[..bar]))),
                    untarget(targets::parse(&format!("*|{}", &inner[bar + 1..]))),
                ),
                None => (
                    untarget(targets::parse("*|*")),
                    untarget(targets::parse(&format!("*|{inner}"))),
                ),
            }
        });
        return Some((
            Trigger::MovedTo {
                card: untarget(card),
                to: untarget(to),
                from,
            },
            mods,
        ));
    }
    if let Some(tc) = simple_tc(s, "untapped") {
        return Some((
            Trigger::Tapped {
                tc: untarget(tc),
                tap: false,
            },
            mods,
        ));
    }
    if let Some(tc) = simple_tc(s, "tapped") {
        return Some((
            Trigger::Tapped {
                tc: untarget(tc),
                tap: true,
            },
            mods,
        ));
    }
    if let Some(tc) = simple_tc(s, "tappedformana") {
        return Some((Trigger::TappedForMana(untarget(tc)), mods));
    }
    if let Some(found) = s.find("combat(") {
        let end = s[found..].find(')').map(|e| e + found).unwrap_or(s.len());
        let modes: Vec<&str> = s[found + 7..end].split(',').collect();
        let source = simple_tc(s, "source")?;
        let from = simple_tc(s, "from").map(untarget);
        return Some((
            Trigger::Combat {
                attacking: modes.contains(&"attacking"),
                alone: modes.contains(&"attackedalone"),
                not_blocked: modes.contains(&"notblocked"),
                blocked: modes.contains(&"blocked"),
                blocking: modes.contains(&"blocking"),
                source: untarget(source),
                from,
            },
            mods,
        ));
    }
    for (word, foe) in [("drawof", false), ("drawfoeof", true)] {
        if let Some(tc) = simple_tc(s, word) {
            return Some((
                Trigger::DrawnOf {
                    tc: untarget(tc),
                    foe,
                },
                mods,
            ));
        }
    }
    for (word, make) in [
        ("drawn", Trigger::Drawn as fn(TargetSpec) -> Trigger),
        ("sacrificed", Trigger::Sacrificed),
        ("discarded", Trigger::Discarded),
        ("cycled", Trigger::Cycled),
    ] {
        if let Some(tc) = simple_tc(s, word) {
            return Some((make(untarget(tc)), mods));
        }
    }
    // The trigger factory's order: each kind's `...of(` and `...foeof(` before its static word.
    for (word, kind, of) in [
        ("noncombatdamageof", 2u8, 1i8),
        ("noncombatdamagefoeof", 2, -1),
        ("noncombatdamaged", 2, 0),
        ("combatdamageof", 1, 1),
        ("combatdamagefoeof", 1, -1),
        ("combatdamaged", 1, 0),
        ("damageof", 0, 1),
        ("damagefoeof", 0, -1),
        ("damaged", 0, 0),
    ] {
        if let Some(tc) = simple_tc(s, word) {
            let from = simple_tc(s, "from").map(untarget);
            return Some((
                Trigger::Damaged {
                    tc: untarget(tc),
                    from,
                    kind,
                    of,
                },
                mods,
            ));
        }
    }
    for (word, loss, of) in [
        ("lifeof", false, 1i8),
        ("lifefoeof", false, -1),
        ("lifed", false, 0),
        ("lifelostof", true, 1),
        ("lifelostfoeof", true, -1),
        ("lifeloss", true, 0),
    ] {
        if let Some(tc) = simple_tc(s, word) {
            let from = simple_tc(s, "from").map(untarget);
            return Some((
                Trigger::Lifed {
                    tc: untarget(tc),
                    from,
                    loss,
                    of,
                },
                mods,
            ));
        }
    }
    if let Some(tc) = simple_tc(s, "vampired") {
        let from = simple_tc(s, "from").map(untarget);
        return Some((
            Trigger::Vampired {
                tc: untarget(tc),
                from,
            },
            mods,
        ));
    }
    if let Some(tc) = simple_tc(s, "targeted") {
        return Some((Trigger::Targeted(untarget(tc)), mods));
    }
    for (word, added) in [("counteradded(", true), ("counterremoved(", false)] {
        if let Some((_, inner, _)) = parse_between(s, word, ")", true) {
            let (power, toughness, _, name) = parse_counter(inner);
            return Some((
                Trigger::Counter {
                    added,
                    power,
                    toughness,
                    name,
                },
                mods,
            ));
        }
    }
    let mut who = 0;
    if s.contains(" my") {
        who = 1;
    }
    if s.contains(" opponent") {
        who = -1;
    }
    if s.contains(" targetcontroller") {
        who = -2;
    }
    if s.contains(" targetedplayer") {
        who = -3;
    }
    if s.contains("next")
        && let Some(phase) = find_phase_code(s)
    {
        return Some((
            Trigger::Phase {
                next: true,
                phase,
                who,
            },
            mods,
        ));
    }
    if s.contains("each")
        && let Some(phase) = find_phase_code(s)
    {
        return Some((
            Trigger::Phase {
                next: false,
                phase,
                who,
            },
            mods,
        ));
    }
    // Event words of later engines, watched by nothing here.
    for word in ["rebounded", "transformed(", "facedup(", "exerted("] {
        if s.contains(word) {
            mods.once = true;
            return Some((
                Trigger::Unsupported(word.trim_end_matches('(').into()),
                mods,
            ));
        }
    }
    None
}

fn who_of(s: &str) -> Who {
    let mut who = Who::Unset;
    if s.contains(" controller") {
        who = Who::Controller;
    }
    if s.contains(" opponent") {
        who = Who::Opponent;
    }
    if s.contains(" targetcontroller") {
        who = Who::TargetController;
    }
    if s.contains(" targetedplayer") {
        who = Who::TargetedPlayer;
    }
    if s.contains(" owner") {
        who = Who::Owner;
    }
    who
}

/// Ability texts nested deeper than this (brackets and parentheses) are not played: each level
/// (`transforms((,newability[...]))`) is parsed again when it resolves, so an unbounded nest
/// would cost time in the cube of its depth. No card nests more than a few levels.
pub const MAX_NESTING: usize = 48;

/// Whether brackets and parentheses in `text` nest deeper than `max`.
pub fn nests_deeper_than(text: &str, max: usize) -> bool {
    let mut depth = 0usize;
    for b in text.bytes() {
        match b {
            b'(' | b'[' => {
                depth += 1;
                if depth > max {
                    return true;
                }
            }
            b')' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

/// Parses one line or fragment. `activated`: inside an activated ability (after `{cost}:`).
pub fn parse(line: &str, ctx: &mut Ctx, activated: bool, force_ueot: bool) -> Option<Ab> {
    if nests_deeper_than(line, MAX_NESTING) {
        return Some(Ab::Effect(Effect::Unsupported(
            "an ability nested more than 48 brackets deep",
        )));
    }
    parse_depth(line, ctx, activated, force_ueot, 0)
}

fn parse_depth(
    line: &str,
    ctx: &mut Ctx,
    activated: bool,
    force_ueot: bool,
    depth: u32,
) -> Option<Ab> {
    if depth > 24 {
        return None;
    }
    let rec = |s: &str, ctx: &mut Ctx, activated: bool, force_ueot: bool| {
        parse_depth(s, ctx, activated, force_ueot, depth + 1)
    };
    let mut s = line
        .trim_matches(|c: char| c == ' ' || c == '\t' || c == '\r')
        .to_string();
    if s.is_empty() {
        return None;
    }
    // 1. Rule keywords.
    for word in rule_words() {
        if s.contains(word) {
            return Some(Ab::Rule(word.to_string()));
        }
    }
    // 2. Choose prefixes: a must-choose menu, then the colour (type) menu.
    if s.starts_with("chooseacolor ") || s.starts_with("chooseatype ") {
        let choose = parse_choose(&s)?;
        return Some(Ab::May {
            inner: Box::new(Ab::Effect(choose)),
            must: true,
            cost: None,
        });
    }
    // 3. Cut out nested texts.
    let unchanged = s.clone();
    if let Some(found) = s.find("transforms((")
        && ctx.stored_transforms.is_empty()
    {
        let start = found + 12;
        let end = s[start..].find("))").map(|e| e + start).unwrap_or(s.len());
        ctx.stored_transforms = s[start..end].to_string();
        s.replace_range(start..end, "");
    }
    if let Some(found) = s.find("ability$!")
        && ctx.stored_ability.is_empty()
    {
        let start = found + 9;
        let end = s[start..].find("!$").map(|e| e + start).unwrap_or(s.len());
        ctx.stored_ability = s[start..end].to_string();
        s.replace_range(start..end, "");
    } else if let Some(found) = unchanged.find("ability$!")
        && ctx.stored_ability.is_empty()
    {
        let start = found + 9;
        let end = unchanged[start..]
            .find("!$")
            .map(|e| e + start)
            .unwrap_or(unchanged.len());
        ctx.stored_ability = unchanged[start..end].to_string();
    }
    if let Some(found) = s.find("and!(")
        && ctx.stored_and.is_empty()
        && let Some((_, inner, _)) = parse_between(&s, "and!(", ")!", true)
    {
        ctx.stored_and = inner.to_string();
        let start = found + 5;
        let end = s[start..].find(")!").map(|e| e + start).unwrap_or(s.len());
        s.replace_range(start..end, "");
    }
    // `pay[[cost]] a?b`: the part after the cost is cut out (AbilityFactory's storedPayString);
    // what is left is played by GenericPaidAbility below (`castcard(restricted` has its own).
    if let Some(found) = s.find("pay[[")
        && ctx.stored_pay.is_empty()
        && !s.contains("castcard(restricted")
        && let Some(close) = s[found..].find("]]").map(|c| c + found)
    {
        let rest = s[close + 2..].trim().to_string();
        if !rest.is_empty() {
            ctx.stored_pay = rest;
            s.truncate(close + 2);
        }
    }
    // 4. Trigger.
    if let Some((_, trig, effect)) = parse_between(&s, "@", ":", true)
        && let Some((trigger, mods)) = parse_trigger(trig)
    {
        let effect = effect.to_string();
        let a = rec(&effect, ctx, activated, false)?;
        let mut mods = mods;
        mods.trigger_from = effect.contains("trigger[from]");
        return Some(Ab::Triggered {
            trigger,
            mods,
            effect: Box::new(a),
        });
    }
    // 5. Messages.
    if parse_between(&s, "tutorial(", ")", true).is_some()
        || parse_between(&s, "message(", ")", true).is_some()
    {
        return Some(Ab::Effect(Effect::Unsupported("message")));
    }
    // 6. Restrictions.
    let restriction = parse_restriction(&s);
    let cast_restriction =
        parse_between(&s, "restriction{", "}", true).map(|(_, r, _)| r.to_string());
    // 7. name(...)
    let mut name = String::new();
    if let Some((before, inner, after)) = parse_between(&s, "name(", ")", true) {
        name = inner.to_string();
        s = format!("{before}{after}");
    }
    // 8. Target.
    let mut tc: Option<TargetSpec> = None;
    let mut s_without_tc = s.clone();
    let mut is_target = true;
    let mut split = parse_between(&s, "notatarget(", ")", true);
    if split.is_some() {
        is_target = false;
    } else {
        split = parse_between(&s, "target(", ")", true);
    }
    if let Some((before, inner, after)) = split {
        let mut t = targets::parse(inner);
        t.targetting = is_target;
        tc = Some(t);
        s_without_tc = format!("{before}{after}");
    }
    // 9. Activated ability.
    if let Some(delimiter) = s_without_tc.find("}:")
        && s_without_tc.trim_start().starts_with('{')
    {
        let cost = parse_cost(&s_without_tc[..delimiter + 1]);
        let mut s1 = s_without_tc[delimiter + 2..].to_string();
        if let Some(l) = s1.find("limit^") {
            let end = s1.rfind('^').unwrap_or(s1.len());
            if end > l {
                s1.replace_range(l..end, "");
            }
        }
        let a = rec(&s1, ctx, true, false)?;
        let limit = s_without_tc
            .find("limit:")
            .map(|l| s_without_tc[l + 6..].to_string());
        if let Ab::Effect(Effect::Unsupported("equip")) = a {
            let tc = tc.unwrap_or_else(|| targets::parse("creature|mybattlefield"));
            return Some(Ab::Equip {
                cost: Some(cost),
                tc,
            });
        }
        return Some(Ab::Activated(Box::new(Activated {
            cost: Some(cost),
            tc,
            effect: a,
            limit,
            restriction,
            cast_restriction,
            name,
        })));
    }
    // 10. Alternative-cost conditions.
    for (word, bit) in ALT_COSTS {
        if let Some(rest) = s.strip_prefix(word) {
            if !(ctx.spell && ctx.paid_with & bit != 0) {
                return None;
            }
            return rec(rest, ctx, false, false);
        }
    }
    // 11. if / ifnot.
    for (kw, negate) in [("if ", false), ("ifnot ", true)] {
        if s_without_tc.starts_with(kw) {
            let then_at = s_without_tc.find(" then ")?;
            let cond = s_without_tc[kw.len()..then_at].to_string();
            let mut s_full = s.clone();
            let mut otherwise = None;
            if let Some(e) = s_full.find(" else ") {
                let s2 = s_full[e + 6..].to_string();
                if !s2.is_empty() {
                    s_full.truncate(e + 1);
                    otherwise = rec(&s2, ctx, false, false).map(Box::new);
                }
            }
            let then_at = s_full.find(" then ")?;
            let a1 = rec(&s_full[then_at + 6..], ctx, false, false)?;
            return Some(Ab::IfThen {
                negate,
                cond,
                then: Box::new(a1),
                otherwise,
            });
        }
    }
    // 12-13. may / choice.
    for (kw, must) in [("may ", false), ("choice ", true)] {
        if let Some(s1) = s_without_tc.strip_prefix(kw) {
            let s1 = s1.to_string();
            let (a1, cost) = match parse_between(&s1, "pay(", ")", true) {
                Some((_, c, rest)) => (rec(rest, ctx, false, false)?, Some(parse_cost(c))),
                None => (rec(&s1, ctx, false, false)?, None),
            };
            let inner = match tc {
                Some(tc) => Ab::Targeted {
                    tc,
                    effect: Box::new(a1),
                },
                None => a1,
            };
            return Some(Ab::May {
                inner: Box::new(inner),
                must,
                cost,
            });
        }
    }
    // 14. Prefixes.
    if let Some(rest) = s.strip_prefix("ueot ") {
        let a1 = rec(rest, ctx, activated, false)?;
        return Some(Ab::Ueot(Box::new(a1)));
    }
    if s.starts_with("activate ") || s.starts_with(" activate ") {
        let a1 = rec(s.get(9..).unwrap_or(""), ctx, activated, false)?;
        return Some(Ab::Effect(Effect::Activate(Box::new(a1))));
    }
    if let Some(rest) = s.strip_prefix("emblem ") {
        let a1 = rec(rest, ctx, activated, false)?;
        return Some(Ab::Effect(Effect::Emblem(Box::new(a1))));
    }
    // 15-16. The chosen text is read from the line as it was before texts were cut out.
    if parse_between(&s, "activatechooseacolor ", " activatechooseend", true).is_some()
        || parse_between(&s, "activatechooseatype ", " activatechooseend", true).is_some()
    {
        return parse_choose(&unchanged).map(Ab::Effect);
    }
    if s.contains("upcostmulti") {
        return parse_upkeep(&s, |rest| rec(rest, ctx, activated, false));
    }
    if s.contains("phaseactionmulti") {
        return parse_phase_action(&s).map(|p| Ab::Effect(Effect::PhaseAction(Box::new(p))));
    }
    // 17. this / lord family.
    let dontremove = s.find("dontremove");
    let lord_words = ["lord(", "foreach(", "aslongas(", "teach(", "all("];
    let mut last_lord: Option<usize> = None;
    for w in lord_words {
        if let Some(f) = s.find(w)
            && dontremove.is_none_or(|d| f < d)
        {
            last_lord = Some(f);
        }
    }
    let this_words = ["this(", "thisforeach(", "while("];
    let mut this_found: Option<(usize, usize)> = None;
    for (j, w) in this_words.iter().enumerate() {
        if let Some(f) = s.find(w)
            && this_found.is_none_or(|(pf, _)| f < pf)
        {
            this_found = Some((f, j));
        }
    }
    if let Some((found, i)) = this_found
        && last_lord.is_none_or(|l| found < l)
    {
        let header = this_words[i].len();
        let end = s[found + header..].find(')').map(|e| e + found + header)?;
        let s1 = if found == 0 || end != s.len() - 1 {
            s[end + 1..].to_string()
        } else {
            s[..found].to_string()
        };
        let desc = s[found + header..end].to_string();
        let a = rec(&s1, ctx, false, activated)?;
        let mut one_shot =
            s.contains(" oneshot") || activated || ctx.instant_or_sorcery || a.one_shot();
        if s.contains("while ") || i == 2 {
            one_shot = false;
        }
        return Some(Ab::This {
            foreach: i == 1,
            desc,
            effect: Box::new(a),
            one_shot,
        });
    }
    // 18. &&
    if s.contains("&&") {
        let mut v = Vec::new();
        for piece in s.split('&') {
            if !piece.is_empty()
                && let Some(a) = rec(piece, ctx, activated, false)
            {
                v.push(a);
            }
        }
        return Some(Ab::Multi(v));
    }
    // 17 (cont.). Lord family: the earliest keyword.
    let mut lord: Option<(usize, usize)> = None;
    for (j, w) in lord_words.iter().enumerate() {
        if let Some(f) = s.find(w)
            && lord.is_none_or(|(pf, _)| f < pf)
        {
            lord = Some((f, j));
        }
    }
    if let Some((found, i)) = lord {
        let header = lord_words[i].len();
        let end = s[found + header..].find(')').map(|e| e + found + header)?;
        let mut s1 = if found == 0 || end != s.len() - 1 {
            s[end + 1..].to_string()
        } else {
            s[..found].to_string()
        };
        let mut include_self = true;
        if let Some(o) = s1.find(" other") {
            include_self = false;
            s1.replace_range(o..o + 6, "");
        }
        let tc = targets::parse(&s[found + header..end]);
        let a = rec(&s1, ctx, false, activated)?;
        let kind = [
            LordKind::Lord,
            LordKind::Foreach,
            LordKind::AsLongAs,
            LordKind::Teach,
            LordKind::All,
        ][i];
        let mut one_shot = activated || i == 4 || a.one_shot() || ctx.instant_or_sorcery;
        if s.contains("while ") {
            one_shot = false;
        }
        if s.contains(" oneshot") {
            one_shot = true;
        }
        let mini = s
            .find(" >")
            .map(|f| super::db::atoi(&s[f + 2..(f + 5).min(s.len())]));
        let maxi = s
            .find(" <")
            .map(|f| super::db::atoi(&s[f + 2..(f + 5).min(s.len())]));
        return Some(Ab::Lord {
            kind,
            tc,
            include_self,
            effect: Box::new(a),
            one_shot,
            mini,
            maxi,
        });
    }
    // GenericPaidAbility: a menu, to the card's controller, of the choices after the cost
    // (`a?b`), the first one paid with the cost; a single choice may be declined.
    if let Some((_, cost, _)) = parse_between(&s, "pay[[", "]]", true)
        && !s.contains("castcard(restricted")
        && !ctx.stored_pay.is_empty()
    {
        let cost = cost.to_string();
        let rest = std::mem::take(&mut ctx.stored_pay);
        let options: Vec<Ab> = rest
            .split('?')
            .map(|part| {
                let mut part = part.to_string();
                if let Some((before, _, after)) = parse_between(&part, "name(", ")", true) {
                    part = format!("{before}{after}");
                }
                rec(&part, ctx, false, false).unwrap_or(Ab::Multi(Vec::new()))
            })
            .collect();
        return Some(Ab::Effect(Effect::PayOrElse { cost, options }));
    }
    // 19.
    if s.contains("soulbond ") {
        return Some(Ab::Effect(Effect::Unsupported("soulbond")));
    }
    // 20. A target on a non-activated fragment: chosen on resolution (a "must" may ability).
    if !activated && let Some(tc) = tc {
        let a = rec(&s_without_tc, ctx, false, false)?;
        return Some(Ab::May {
            inner: Box::new(Ab::Targeted {
                tc,
                effect: Box::new(a),
            }),
            must: true,
            cost: None,
        });
    }
    // 21.
    if let Some((_, inner, _)) = parse_between(&s, "dynamicability<!", "!>", true) {
        let first = |words: &[&str]| {
            words
                .iter()
                .find(|w| inner.contains(*w))
                .map(|w| w.to_string())
                .unwrap_or_default()
        };
        return Some(Ab::Effect(Effect::Dynamic {
            source: first(&["source", "mytgt", "myself", "myfoe"]),
            kind: first(&[
                "power",
                "toughness",
                "manacost",
                "colors",
                "age",
                "charge",
                "oneonecounters",
                "thatmuch",
            ]),
            effect: first(&[
                "strike",
                "draw",
                "lifeloss",
                "lifegain",
                "pumppow",
                "pumptough",
                "pumpboth",
                "deplete",
                "countersoneone",
            ]),
            who: first(&[
                "eachother",
                "itself",
                "targetcontroller",
                "targetopponent",
                "tosrc",
                "srccontroller",
                "srcopponent",
            ]),
        }));
    }
    if s.contains("phaseaction") {
        return parse_phase_action(&s).map(|p| Ab::Effect(Effect::PhaseAction(Box::new(p))));
    }
    if let Some((_, inner, _)) = parse_between(&s, "flipacoin ", " flipend", true) {
        let part = |a: &str, b: &str| parse_between(inner, a, b, true).map(|p| p.1.to_string());
        return Some(Ab::Effect(Effect::FlipACoin {
            win: part("winability ", " winabilityend"),
            lose: part("loseability ", " loseabilityend"),
        }));
    }
    if s.contains("upcost") {
        return parse_upkeep(&s, |rest| rec(rest, ctx, activated, false));
    }
    let and = ctx.stored_and.clone();
    let e = effects(&s, ctx, activated, force_ueot)?;
    // AAMover's `and!( )!` ability: played on the card where it was moved.
    if let Effect::MoveTo(_) = e
        && !and.is_empty()
        && let Some(a) = rec(&and, ctx, activated, force_ueot)
        && a.one_shot()
    {
        return Some(Ab::Multi(vec![Ab::Effect(e), a]));
    }
    Some(Ab::Effect(e))
}

/// AbilityFactory::parseUpkeepAbility: the cost (and `;phase`, `next`) between the first `[` and
/// `]`, the ability after it.
fn parse_upkeep(s: &str, mut rec: impl FnMut(&str) -> Option<Ab>) -> Option<Ab> {
    let cumulative = s.contains("cumulativeupcost");
    let start = s.find('[')?;
    let end = start + s[start..].find(']')?;
    let mut s1 = &s[start + 1..end];
    let mut phase = super::phases::UPKEEP;
    let mut once = false;
    if let Some(sep) = s1.find(';') {
        once = s1.contains("next");
        if let Some(p) = find_phase_code(s1) {
            phase = p;
        }
        s1 = &s1[..sep];
    }
    let cost = parse_cost(s1);
    let effect = rec(&s[end + 1..])?;
    Some(Ab::Upkeep(Box::new(Upkeep {
        cost,
        phase,
        once,
        cumulative,
        effect,
    })))
}

/// AbilityFactory::parseChooseActionAbility: the first of the four choose forms found.
fn parse_choose(s: &str) -> Option<Effect> {
    for (start, stop, color) in [
        ("activatechooseacolor ", " activatechooseend", true),
        ("activatechooseatype ", " activatechooseend", false),
        ("chooseacolor ", " chooseend", true),
        ("chooseatype ", " chooseend", false),
    ] {
        if let Some((_, text, _)) = parse_between(s, start, stop, true) {
            return Some(Effect::Choose {
                color,
                text: text.to_string(),
                nonwall: !color && s.contains("nonwall"),
            });
        }
    }
    None
}

/// What `transforms((...))` does to a card.
#[derive(Clone, Debug, PartialEq)]
pub struct Transform {
    /// Types to add (lower case).
    pub types: Vec<String>,
    pub remove_all_types: bool,
    pub remove_creature_subtypes: bool,
    /// Colour indexes; when any is given, they replace the card's colours.
    pub colors: Vec<usize>,
    /// Basic ability indexes given.
    pub abilities: Vec<usize>,
    pub power: Option<String>,
    pub toughness: Option<String>,
    /// Ability texts the card gets (`newability[...]`).
    pub new_abilities: Vec<String>,
    pub duration: Duration,
}

/// Splits on the commas outside brackets.
fn split_top_level(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, b) in s.bytes().enumerate() {
        match b {
            b'[' | b'(' => depth += 1,
            b']' | b')' => depth -= 1,
            b',' if depth <= 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

pub fn parse_transform(content: &str) -> Transform {
    let pieces = split_top_level(content);
    let mut t = Transform {
        types: Vec::new(),
        remove_all_types: false,
        remove_creature_subtypes: false,
        colors: Vec::new(),
        abilities: Vec::new(),
        power: None,
        toughness: None,
        new_abilities: Vec::new(),
        duration: Duration::Static,
    };
    for (i, piece) in pieces.iter().enumerate() {
        let piece = piece.trim();
        if let Some(inner) = piece.strip_prefix("newability[") {
            t.new_abilities
                .push(inner.strip_suffix(']').unwrap_or(inner).to_string());
            continue;
        }
        if piece.starts_with("newhability[") {
            continue;
        }
        if let Some(v) = piece.strip_prefix("setpower=") {
            t.power = Some(v.to_string());
            continue;
        }
        if let Some(v) = piece.strip_prefix("settoughness=") {
            t.toughness = Some(v.to_string());
            continue;
        }
        for w in piece.split(' ').filter(|w| !w.is_empty()) {
            let w = w.to_lowercase();
            match w.as_str() {
                "removealltypes" => t.remove_all_types = true,
                "removecreaturesubtypes" => t.remove_creature_subtypes = true,
                _ => {
                    if let Some(c) = crate::core::mana::COLOR_NAMES.iter().position(|n| *n == w)
                        && (i > 0 || w != "artifact")
                    {
                        t.colors.push(c);
                    } else if let Some(a) =
                        super::basic::BASIC_ABILITIES.iter().position(|a| *a == w)
                    {
                        t.abilities.push(a);
                    } else if i == 0 {
                        t.types.push(w);
                    }
                }
            }
        }
    }
    t
}

/// A keyword ability that acts when blockers are chosen.
#[derive(Clone, Debug, PartialEq)]
pub enum CombatKeyword {
    /// `bushido(p/t)`: when it blocks or becomes blocked, +p/+t until end of turn.
    Bushido { power: i32, toughness: i32 },
    /// `rampage(p/t,n)`: when it becomes blocked, +p/+t until end of turn for each blocker
    /// beyond the n-th.
    Rampage {
        power: i32,
        toughness: i32,
        beyond: i32,
    },
    /// `flanker`: each blocker without flanking gets -1/-1 until end of turn.
    Flanker,
}

fn combat_keyword(s: &str) -> Option<CombatKeyword> {
    let pt = |v: &str| -> (i32, i32) {
        let (p, t) = v.split_once('/').unwrap_or((v, "0"));
        (super::db::atoi(p.trim()), super::db::atoi(t.trim()))
    };
    if let Some((_, inner, _)) = parse_between(s, "bushido(", ")", true) {
        let (power, toughness) = pt(inner);
        return Some(CombatKeyword::Bushido { power, toughness });
    }
    if let Some((_, inner, _)) = parse_between(s, "rampage(", ")", true) {
        let (v, n) = inner.split_once(',').unwrap_or((inner, "0"));
        let (power, toughness) = pt(v);
        return Some(CombatKeyword::Rampage {
            power,
            toughness,
            beyond: super::db::atoi(n.trim()),
        });
    }
    if s.contains("flanker") {
        return Some(CombatKeyword::Flanker);
    }
    None
}

/// Step 22: the effect words, in the engine's order.
fn effects(s: &str, ctx: &mut Ctx, activated: bool, force_ueot_in: bool) -> Option<Effect> {
    use Effect::*;
    let has = |w: &str| s.contains(w);
    if has("ninjutsu") {
        return Some(Ninjutsu);
    }
    if has("removefromcombat") {
        return Some(RemoveFromCombat);
    }
    if has("(blink)") {
        return Some(Blink {
            ueot: has("(blink)ueot"),
        });
    }
    if let Some((_, zone, _)) = parse_between(s, "fizzleto(", ")", true) {
        return Some(FizzleTo(match zone {
            "hand" => crate::core::game::Zone::Hand,
            "exile" => crate::core::game::Zone::Exile,
            "librarytop" => crate::core::game::Zone::Library,
            _ => crate::core::game::Zone::Graveyard,
        }));
    }
    if has("fizzle") {
        return Some(Fizzle);
    }
    let who = who_of(s);
    if has("ability$") && !ctx.stored_ability.is_empty() {
        let mut text = std::mem::take(&mut ctx.stored_ability);
        ctx.stored_transforms.clear();
        let mut name = String::new();
        if let Some((before, inner, after)) = parse_between(&text, "name(", ")", true) {
            name = inner.to_string();
            text = format!("{before}{after}");
        }
        return Some(AbilityCreator { name, text, who });
    }
    if let Some((_, inner, _)) = parse_between(s, "token(", ")", true) {
        let inner = &inner.replace('^', ",");
        let multiplier = s.find('*').map(|star| {
            let rest = &s[star + 1..];
            rest[..rest.find(' ').unwrap_or(rest.len())].to_string()
        });
        let id = super::db::atoi(inner);
        if id != 0 {
            return Some(Token {
                id,
                name: String::new(),
                types: String::new(),
                power: 0,
                toughness: 0,
                abilities: String::new(),
                multiplier,
                who,
            });
        }
        let params: Vec<&str> = inner.split(',').collect();
        if params.len() < 3 {
            // `token(Name)`: a card looked up by name when it resolves.
            return Some(Token {
                id: 0,
                name: inner.to_string(),
                types: String::new(),
                power: 0,
                toughness: 0,
                abilities: String::new(),
                multiplier,
                who,
            });
        }
        let spt = params[2];
        let value = if spt.contains("xx/xx") {
            ctx.x / 2
        } else if spt.contains("x/x") {
            ctx.x
        } else {
            0
        };
        let (p, t) = match spt.split_once('/') {
            Some((p, t)) => (super::db::atoi(p), super::db::atoi(t)),
            None => (0, 0),
        };
        return Some(Token {
            id: 0,
            name: params[0].to_string(),
            types: params[1].to_string(),
            power: p + value,
            toughness: t + value,
            abilities: params[3..].join(","),
            multiplier,
            who,
        });
    }
    if has("equip") || has("attach") {
        return Some(Unsupported("equip"));
    }
    if let Some((_, zone, _)) = parse_between(s, "moveto(", ")", true) {
        ctx.stored_and.clear();
        return Some(MoveTo(zone.to_string()));
    }
    if let Some((_, tc, after)) = parse_between(s, "moverandom(", ")", true) {
        let (_, from, _) = parse_between(after, "from(", ")", true)?;
        let (_, to, _) = parse_between(after, "to(", ")", true)?;
        return Some(MoveRandom {
            tc: targets::parse(tc),
            from: from.to_string(),
            to: to.to_string(),
        });
    }
    if has("bottomoflibrary") {
        return Some(Bottom);
    }
    if has("copy") {
        return Some(Copy);
    }
    if has("phaseout") {
        return Some(PhaseOut);
    }
    if has("clone") {
        let between = |a: &str| {
            parse_between(s, a, ")", true)
                .map(|(_, v, _)| v.to_string())
                .unwrap_or_default()
        };
        return Some(Clone {
            with: between("with("),
            types: between("addtype("),
            who,
        });
    }
    if has("bury") {
        return Some(Bury);
    }
    if has("destroy") {
        return Some(Destroy);
    }
    if has("sacrifice") {
        return Some(Sacrifice);
    }
    if has("reject") {
        return Some(Reject);
    }
    let force_ueot = force_ueot_in || has("ueot");
    let forever = has("forever");
    for (w, kind) in [
        ("preventallcombatdamage", 0u8),
        ("preventallnoncombatdamage", 2),
        ("preventalldamage", 1),
        ("fog", 0),
    ] {
        if has(w) {
            let spec = |key: &str| {
                parse_between(s, key, ")", true).map(|(_, inner, _)| {
                    let mut t = targets::parse(inner);
                    t.targetting = false;
                    t
                })
            };
            return Some(PreventTypes {
                kind,
                to: spec("to("),
                from: spec("from("),
                ueot: force_ueot || w == "fog",
            });
        }
    }
    if has("resetdamage") {
        return Some(ResetDamage);
    }
    let amount = |key: &str| parse_between(s, key, " ", false).map(|(_, v, _)| v.to_string());
    if let Some(v) = amount("damage:") {
        return Some(Damage(v, who));
    }
    if let Some(v) = amount("alterpoison:") {
        return Some(AlterPoison(super::db::atoi(&v), who));
    }
    if let Some(v) = amount("prevent:") {
        return Some(Prevent(v, who));
    }
    if let Some(v) = amount("sethand:") {
        return Some(SetHand(super::db::atoi(&v), who));
    }
    if let Some(v) = amount("lifeset:") {
        return Some(LifeSet(v, who));
    }
    if let Some(v) = amount("life:") {
        return Some(Life(v, who));
    }
    if has("wingame") {
        return Some(WinGame(who));
    }
    if let Some(v) = amount("draw:") {
        return Some(Draw(v, who));
    }
    if let Some(v) = amount("deplete:") {
        return Some(Deplete(v, who));
    }
    if let Some(v) = amount("turns:") {
        return Some(Turns(v, who));
    }
    if has("shuffle") {
        return Some(Shuffle(who));
    }
    if let Some((_, what, _)) = parse_between(s, "removemana(", ")", true) {
        return Some(RemoveMana(what.to_string(), who));
    }
    if let Some((_, parent, _)) = parse_between(s, "losesubtypesof(", ")", true) {
        return Some(LoseSubtypesOf(parent.trim().to_string()));
    }
    for (kw, play) in [("maxplay(", true), ("maxcast(", false)] {
        if let Some((_, inner, after)) = parse_between(s, kw, ")", true) {
            let value = after.split(' ').next().unwrap_or("").to_string();
            return Some(CastRestriction {
                play,
                tc: targets::parse(inner),
                value,
                who,
            });
        }
    }
    if let Some(v) = amount("discard:") {
        return Some(DiscardRandom(v, who));
    }
    if has("spiritlink") {
        return Some(SpiritLink);
    }
    if let Some(kw) = combat_keyword(s) {
        return Some(CombatKeyword(kw));
    }
    if let Some(i) = s.find("produceextra:") {
        return Some(ProduceExtra(Mana::parse_wagic_groups(&s[i + 13..])));
    }
    if has("loseabilities") {
        return Some(LoseAbilities);
    }
    for w in ["evolve", "phasealter(", "loseabilities"] {
        if has(w) {
            return Some(Unsupported("keyword ability"));
        }
    }
    if let Some((_, inner, _)) = parse_between(s, "counter(", ")", true) {
        let (power, toughness, nb, name) = parse_counter(inner);
        if !inner.contains('/') && power == 0 {
            return None;
        }
        return Some(Counter {
            power,
            toughness,
            nb,
            name,
        });
    }
    if has("countershroud(") || has("countertrack(") {
        return Some(Unsupported("countershroud"));
    }
    if parse_between(s, "removeallcounters(", ")", true).is_some() {
        return Some(RemoveAllCounters);
    }
    let duration = if force_ueot || ctx.instant_or_sorcery && !activated {
        Duration::Ueot
    } else if forever {
        Duration::Forever
    } else {
        Duration::Static
    };
    if let Some((_, inner, _)) = parse_between(s, "becomes(", ")", true) {
        let params: Vec<&str> = inner.split(',').collect();
        let types = params.first().copied().unwrap_or("").to_string();
        let mut pt = None;
        let mut rest_from = 1;
        if let Some(p) = params.get(1)
            && let Some((a, b)) = p.split_once('/')
        {
            pt = Some((a.to_string(), b.to_string()));
            rest_from = 2;
        }
        let abilities = params
            .get(rest_from..)
            .map(|r| r.join(","))
            .unwrap_or_default();
        let d = if activated || force_ueot || has("oneshot") {
            Duration::Ueot
        } else {
            duration
        };
        return Some(Becomes {
            types,
            pt,
            abilities,
            duration: if forever { Duration::Forever } else { d },
        });
    }
    if has("transforms((") {
        let content = std::mem::take(&mut ctx.stored_transforms);
        let mut t = parse_transform(&content);
        if has("oneshot") {
            return Some(TransformsOnce(t.new_abilities));
        }
        t.duration = if forever {
            Duration::Forever
        } else if activated || force_ueot || has("ueot") {
            Duration::Ueot
        } else {
            duration
        };
        return Some(Transforms(Box::new(t)));
    }
    if let Some(i) = s.find("altercost(") {
        // AbilityFactory::getManaReduxAbility: the first color word after the parenthesis, and
        // the number after the first comma.
        let rest = &s[i + 10..];
        let color = ["colorless", "green", "blue", "red", "black", "white"]
            .iter()
            .position(|c| rest.contains(c))?;
        let amount = rest
            .find(',')
            .map(|c| super::db::atoi(&rest[c + 1..]))
            .unwrap_or(0);
        return Some(AlterCost { color, amount });
    }
    for w in ["bloodthirst:", "vanishing:", "fading:"] {
        if has(w) {
            ctx.stored_transforms.clear();
            return Some(Unsupported("transforms/altercost/vanishing"));
        }
    }
    if let Some((_, name, _)) = parse_between(s, "flip(", ")", true) {
        return Some(Flip(name.trim().to_string()));
    }
    // Power/toughness change: any '/' in the fragment.
    if let Some(slash) = s.find('/') {
        let end = s[slash..].find(' ').map(|e| e + slash).unwrap_or(s.len());
        let start = s[..slash].rfind(' ').map(|b| b + 1).unwrap_or(0);
        let power = s[start..slash].to_string();
        let toughness = s[slash + 1..end].to_string();
        let d = if activated || force_ueot || ctx.instant_or_sorcery {
            Duration::Ueot
        } else {
            Duration::Static
        };
        return Some(Pt {
            power,
            toughness,
            duration: d,
        });
    }
    if let Some(found) = s.find("add") {
        let mana = Mana::parse_wagic_groups(&s[found..]);
        return Some(AddMana(mana));
    }
    if let Some((_, inner, _)) = parse_between(s, "protection from(", ")", true) {
        if activated {
            return None;
        }
        let mut tc = targets::parse(inner);
        tc.zones = targets::zone_word("*");
        return Some(ProtectionFrom(tc, duration));
    }
    if let Some((_, inner, _)) = parse_between(s, "cantbetargetof(", ")", true) {
        if activated || duration == Duration::Ueot {
            return None;
        }
        let mut tc = targets::parse(inner);
        tc.zones = targets::zone_word("*");
        return Some(CantBeTargetOf(tc));
    }
    if let Some((_, inner, _)) = parse_between(s, "cantbeblockedby(", ")", true) {
        if activated || duration == Duration::Ueot {
            return None;
        }
        return Some(CantBeBlockedBy(targets::parse(inner)));
    }
    if has("affinity(") {
        return Some(Unsupported("affinity"));
    }
    if has("proliferate") {
        return Some(Unsupported("proliferate"));
    }
    if has("frozen") {
        return Some(Frozen);
    }
    if has("retarget") || has("newtarget") {
        return Some(NewTarget {
            retarget: has("retarget"),
        });
    }
    if has("morph") {
        return Some(Unsupported("morph"));
    }
    if has("maxlevel:") {
        return Some(Unsupported("maxlevel"));
    }
    if has("swap") {
        return Some(SwapPt);
    }
    if has("exchangelife") {
        return Some(ExchangeLife(who));
    }
    if has("regenerate") {
        return Some(Regenerate);
    }
    let table = super::basic::BASIC_ABILITIES;
    for (j, name) in table.iter().enumerate() {
        if let Some(found) = s.find(name)
            && found <= 1
        {
            let gain = !(found > 0 && s.as_bytes()[found - 1] == b'-');
            let d = if activated || ctx.instant_or_sorcery || force_ueot {
                Duration::Ueot
            } else {
                Duration::Static
            };
            return Some(Basic {
                ability: j,
                gain,
                duration: d,
            });
        }
    }
    if has("untap") {
        return Some(Untap);
    }
    if has("tap") {
        return Some(Tap);
    }
    if has("block") {
        return Some(Block);
    }
    if has("connect") {
        return Some(Unsupported("connect"));
    }
    if has("steal") {
        return Some(Steal);
    }
    None
}

/// How long an effect lasts, for the effects that say it.
pub fn duration_of(ab: &Ab) -> Option<Duration> {
    match ab {
        Ab::Effect(Effect::Pt { duration, .. })
        | Ab::Effect(Effect::Basic { duration, .. })
        | Ab::Effect(Effect::Becomes { duration, .. })
        | Ab::Effect(Effect::ProtectionFrom(_, duration)) => Some(*duration),
        Ab::Effect(Effect::Transforms(t)) => Some(t.duration),
        Ab::Effect(Effect::PreventTypes { ueot: true, .. }) => Some(Duration::Ueot),
        Ab::Effect(Effect::SwapPt) => Some(Duration::Ueot),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Option<Ab> {
        parse(s, &mut Ctx::default(), false, false)
    }

    #[test]
    fn activated_damage_with_target() {
        let Some(Ab::Activated(a)) = p("{t}:damage:1 target(creature,player)") else {
            panic!()
        };
        assert!(a.cost.as_ref().unwrap().has_tap());
        assert_eq!(a.tc.as_ref().unwrap().kind, targets::TcKind::Damageable);
        assert_eq!(a.effect, Ab::Effect(Effect::Damage("1".into(), Who::Unset)));
    }

    #[test]
    fn lord_and_all() {
        let Some(Ab::Lord {
            kind,
            effect,
            include_self,
            ..
        }) = p("lord(creature[goblin]) +1/+1 other")
        else {
            panic!()
        };
        assert_eq!(kind, LordKind::Lord);
        assert!(!include_self);
        assert!(matches!(*effect, Ab::Effect(Effect::Pt { .. })));
        let Some(Ab::Lord { kind, one_shot, .. }) = p("bury all(creature)") else {
            panic!()
        };
        assert_eq!(kind, LordKind::All);
        assert!(one_shot);
    }

    #[test]
    fn triggers_and_order() {
        let Some(Ab::Triggered {
            trigger, effect, ..
        }) = p("@movedto(this|graveyard) from(battlefield):draw:1 controller")
        else {
            panic!()
        };
        assert!(matches!(trigger, Trigger::MovedTo { .. }));
        assert_eq!(
            *effect,
            Ab::Effect(Effect::Draw("1".into(), Who::Controller))
        );
        // `lifelink` does not contain `life:`.
        assert!(matches!(
            p("lifelink"),
            Some(Ab::Effect(Effect::Basic { .. }))
        ));
        // A fragment nothing recognises gives nothing.
        assert!(p("frobnicate").is_none());
        let Some(Ab::Triggered {
            trigger: Trigger::Phase { phase, who, .. },
            ..
        }) = p("@each my upkeep:life:1")
        else {
            panic!()
        };
        assert_eq!(PHASE_CODES[phase], "upkeep");
        assert_eq!(who, 1);
    }

    #[test]
    fn costs() {
        let c = parse_cost("{2}{g}{s(goblin|mybattlefield)}{l}");
        assert_eq!(c.mana.converted(), 3);
        assert!(matches!(c.extras[0], Extra::Sacrifice(Some(_))));
        assert_eq!(c.extras[1], Extra::Life(1));
    }

    #[test]
    fn multi_splits_on_every_ampersand() {
        let Some(Ab::Multi(v)) = p("draw:1 && life:2") else {
            panic!()
        };
        assert_eq!(v.len(), 2);
    }
}
