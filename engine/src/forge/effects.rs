//! Forge's effects (ApiTypes) as one table: for each ApiType, the handler that resolves it on
//! the board (or none: no visible effect here), the parameters it needs, what it remembers.
//!
//! The table is sorted by lower-case name and searched by `entry`, since Forge matches ApiTypes
//! ignoring case. An ApiType of the file's vocabulary with no entry is "not simulated yet"
//! (`G101`, see `not_simulated`); a name that is no ApiType at all is the linter's to report.

use super::board::zone_of;
use super::build::Rec;
use super::sim::{Sim, Tgt};
use super::valid::Tri;
use crate::core::events::{Event, Object, Sure};
use crate::core::game::{Card, CardId, Chars, PlayerId, Zone};
use crate::witness;
use model::forge::Vocabulary;
use syntax::TextRange;

/// Resolves one ApiType of a record on the simulation's board.
type Handler = fn(&mut Sim<'_>, &Rec);

/// What resolving an ApiType does here.
#[derive(Clone, Copy)]
pub(super) enum Play {
    Run(Handler),
    /// Supported, without a visible effect on this model of the game (choices, prevention,
    /// reveals...): resolving it changes nothing the checks look at.
    Nothing,
}

/// A parameter an ApiType cannot do without (`check_required` reports its absence as `G108`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Need {
    /// Any one of these keys will do.
    pub one_of: &'static [&'static str],
    /// Keys that make the effect work another way, so that it needs none of `one_of`.
    pub unless: &'static [&'static str],
    /// What happens without it, for the message (`so ...`).
    pub otherwise: &'static str,
}

/// One row of the table.
#[derive(Clone, Copy)]
pub(super) struct ApiEntry {
    /// Lower case: the table is searched with the folded name.
    pub name: &'static str,
    pub play: Play,
    pub needs: Option<Need>,
    /// Remembers objects without a `Remember...$` parameter (choices, piles, votes, digs), so
    /// that `Defined$ Remembered` can resolve on a face that uses it.
    pub remembers: bool,
}

const FAILS: &str = "so the effect fails when it resolves";

const fn run(name: &'static str, handler: Handler) -> ApiEntry {
    ApiEntry {
        name,
        play: Play::Run(handler),
        needs: None,
        remembers: false,
    }
}

const fn nothing(name: &'static str) -> ApiEntry {
    ApiEntry {
        name,
        play: Play::Nothing,
        needs: None,
        remembers: false,
    }
}

impl ApiEntry {
    const fn needs(self, one_of: &'static [&'static str], otherwise: &'static str) -> ApiEntry {
        ApiEntry {
            needs: Some(Need {
                one_of,
                unless: &[],
                otherwise,
            }),
            ..self
        }
    }

    const fn unless(self, keys: &'static [&'static str]) -> ApiEntry {
        match self.needs {
            Some(need) => ApiEntry {
                needs: Some(Need {
                    unless: keys,
                    ..need
                }),
                ..self
            },
            None => panic!("`unless` waives a need: call `needs` first"),
        }
    }

    const fn remembers(self) -> ApiEntry {
        ApiEntry {
            remembers: true,
            ..self
        }
    }
}

/// Every ApiType the simulation knows, sorted by name (a test checks the order).
static TABLE: &[ApiEntry] = &[
    // Archenemy: the scheme is set aside (schemes are not on this board).
    nothing("abandon"),
    nothing("addorremovecounter"),
    nothing("addphase"),
    nothing("addturn"),
    nothing("alterlife"),
    run("animate", animate),
    run("animateall", animate_all),
    run("attach", attach),
    nothing("becomemonarch"),
    nothing("bond"),
    nothing("changetargets"),
    nothing("changetext"),
    run("changezone", change_zone).needs(&["Destination"], FAILS),
    run("changezoneall", move_all).needs(&["Destination"], FAILS),
    nothing("charm").needs(&["Choices"], FAILS).remembers(),
    nothing("choosecard").remembers(),
    nothing("choosecolor"),
    nothing("choosenumber").remembers(),
    nothing("chooseopponent"),
    nothing("chooseplayer").remembers(),
    nothing("choosesource"),
    nothing("choosetype").needs(&["Type"], FAILS),
    nothing("clash").remembers(),
    run("cleanup", cleanup),
    run("clone", clone),
    nothing("controlgain"),
    nothing("copypermanent"),
    nothing("copyspellability"),
    nothing("counter"),
    nothing("countercolor"),
    run("damageall", damage_all),
    // The damage of a `DamageMap$` effect is dealt here as it is dealt (see `deal_damage`).
    nothing("damageresolve"),
    run("dealdamage", deal_damage).needs(&["NumDmg"], "so it deals 0 damage"),
    nothing("debuff"),
    nothing("delayedtrigger").needs(&["Mode"], FAILS),
    run("destroy", destroy),
    run("destroyall", move_all),
    run("dig", dig)
        .needs(&["DigNum"], "so it looks at no card")
        .remembers(),
    run("diguntil", dig_until).remembers(),
    run("discard", discard),
    nothing("draft"),
    run("draw", draw),
    nothing("effect"),
    run("encode", encode),
    nothing("endturn"),
    nothing("exchangecontrol"),
    run("exchangelife", exchange_life),
    nothing("explore"),
    run("fight", fight),
    nothing("flipacoin").remembers(),
    nothing("fog"),
    run("gaincontrol", gain_control),
    run("gainlife", gain_life).needs(&["LifeAmount"], "so the amount of life is 0"),
    nothing("gainownership"),
    nothing("genericchoice")
        .needs(&["Choices"], FAILS)
        .remembers(),
    nothing("goad"),
    nothing("immediatetrigger"),
    nothing("investigate"),
    nothing("lookat"),
    nothing("losegame"),
    run("loselife", lose_life).needs(&["LifeAmount"], "so the amount of life is 0"),
    run("losesgame", loses_game),
    run("mana", mana)
        .needs(&["Produced"], FAILS)
        .unless(&["DoubleManaInPool", "ManaReflected"]),
    nothing("manareflected"),
    run("manifest", manifest),
    run("mill", mill),
    nothing("movecounter"),
    nothing("multiplycounter"),
    nothing("mustattack"),
    nothing("mustblock"),
    nothing("namecard"),
    nothing("peekandreveal"),
    run("permanentcreature", permanent),
    run("permanentnoncreature", permanent),
    nothing("phases"),
    // Planechase: the planar deck is not on this board.
    nothing("planeswalk"),
    nothing("play"),
    nothing("playlandvariant"),
    nothing("poison"),
    nothing("preventdamage"),
    nothing("preventdamageall"),
    nothing("proliferate"),
    nothing("protection"),
    nothing("protectionall"),
    run("pump", pump),
    run("pumpall", pump),
    nothing("pumpallbutone"),
    run("putcounter", put_counters)
        .needs(&["CounterType"], FAILS)
        .unless(PUT_COUNTER_WITHOUT_TYPE),
    run("putcounterall", put_counters)
        .needs(&["CounterType"], FAILS)
        .unless(PUT_COUNTER_WITHOUT_TYPE),
    nothing("rearrangetopoflibrary"),
    run("regenerate", regenerate),
    run("regenerateall", regenerate_all),
    run("removecounter", remove_counters),
    run("removecounterall", remove_counters)
        .needs(&["CounterType"], FAILS)
        .unless(&["AllCounterTypes"]),
    nothing("removefromcombat"),
    nothing("reorderzone"),
    nothing("repeat")
        .needs(&["RepeatSubAbility"], FAILS)
        .remembers(),
    nothing("repeateach")
        .needs(&["RepeatSubAbility"], FAILS)
        .remembers(),
    nothing("replaceeffect"),
    nothing("restartgame"),
    nothing("reveal"),
    nothing("revealhand"),
    run("sacrifice", destroy),
    run("sacrificeall", move_all),
    nothing("scry"),
    run("setlife", set_life),
    nothing("setstate"),
    nothing("shuffle"),
    run("skipturn", skip_turn),
    nothing("storesvar").needs(&["SVar"], FAILS),
    nothing("surveil"),
    run("tap", tap),
    run("tapall", tap),
    nothing("taporuntap"),
    nothing("taporuntapall"),
    run("token", token).needs(&["TokenName", "TokenScript"], FAILS),
    nothing("twopiles").remembers(),
    nothing("unattach"),
    nothing("unattachall"),
    run("untap", untap),
    run("untapall", untap),
    nothing("vote").remembers(),
    nothing("wingame"),
    run("winsgame", wins_game),
];

/// Keys with which `PutCounter` chooses or derives its counters itself.
const PUT_COUNTER_WITHOUT_TYPE: &[&str] = &[
    "EachExistingCounter",
    "Bolster",
    "Evolve",
    "LevelUp",
    "Choices",
    "Adapt",
    "ChooseDifferent",
];

/// The table's row of an ApiType, by its lower-case name.
pub(super) fn entry(lower: &str) -> Option<&'static ApiEntry> {
    TABLE
        .binary_search_by(|e| e.name.cmp(lower))
        .ok()
        .map(|i| &TABLE[i])
}

/// The parameters an ApiType cannot do without (any one of them will do), for editors; empty
/// when none is required or the ApiType has no row.
pub fn required_params(api: &str) -> &'static [&'static str] {
    entry(&api.to_ascii_lowercase())
        .and_then(|e| e.needs)
        .map_or(&[], |n| n.one_of)
}

/// The ApiTypes of a Forge version that the simulation does not play yet (`G101` when used).
pub fn not_simulated(words: &Vocabulary) -> Vec<&'static str> {
    words
        .api_types()
        .names()
        .filter(|n| entry(&n.to_ascii_lowercase()).is_none())
        .collect()
}

impl Sim<'_> {
    /// Resolves the record's ApiType through the table; one this engine does not play is
    /// remembered for `G101`.
    pub(super) fn apply(&mut self, rec: &Rec, api: &str, range: TextRange) {
        let lower = api.to_ascii_lowercase();
        match entry(&lower) {
            Some(ApiEntry {
                play: Play::Run(handler),
                ..
            }) => handler(self, rec),
            Some(_) => {}
            // Not an ApiType at all: Forge fails to build the card (the linter says so).
            None if self.words.api_types().get_ignore_case(&lower).is_none() => {}
            None => {
                self.unsupported.entry(api.to_string()).or_insert(range);
            }
        }
    }

    /// A number parameter as the effect reads it. A word (an SVar, `X`) counts as 1 here unless
    /// its SVar is a plain number (`Number$ 3`): its value is what `check_amount` evaluates, the
    /// board only needs the effect to happen.
    pub(super) fn amount(&self, rec: &Rec, key: &str, default: i32) -> i32 {
        self.known_amount(rec, key, default).0
    }

    /// The amount and how sure it is: written in the record, read from a number SVar, or the
    /// stand-in 1.
    pub(super) fn known_amount(&self, rec: &Rec, key: &str, default: i32) -> (i32, Sure) {
        let Some(v) = rec.value(key) else {
            return (default, Sure::Literal);
        };
        if let Some(n) = signed_number(v) {
            return (n, Sure::Literal);
        }
        let svar = self.face.svars.get(v.trim()).map(|sv| sv.value.trim());
        match svar.and_then(|sv| signed_number(sv.strip_prefix("Number$").unwrap_or(sv))) {
            Some(n) => (n, Sure::Derived),
            None => (1, Sure::Guessed),
        }
    }
    /// The cards an effect acts on: its targets, else its `Defined$` (the card itself when
    /// absent).
    pub(super) fn defined_cards(&self, rec: &Rec) -> Vec<CardId> {
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

    /// The players an effect acts on: its targets (or their controllers), else `Defined$` or
    /// `DefinedPlayer$` (you when absent).
    pub(super) fn defined_players(&self, rec: &Rec) -> Vec<PlayerId> {
        self.known_players(rec).0
    }

    /// The players an effect acts on, and whether this model knows them (`Guessed`: a
    /// `Defined$` it does not read, taken as you).
    pub(super) fn known_players(&self, rec: &Rec) -> (Vec<PlayerId>, Sure) {
        let targeted = || -> Vec<PlayerId> {
            self.targets
                .iter()
                .map(|t| match t {
                    Tgt::Player(p) => *p,
                    Tgt::Card(c) => self.game.card(*c).controller,
                })
                .collect()
        };
        // Forge reads `Defined$` first, and the targets only without it.
        let defined = rec.value("Defined").or(rec.value("DefinedPlayer"));
        if defined.is_none() && rec.get_ci("ValidTgts").is_some() {
            let ps = targeted();
            if !ps.is_empty() {
                return (ps, Sure::Derived);
            }
        }
        match defined.unwrap_or("You") {
            "You" => (vec![0], Sure::Derived),
            "Opponent" | "Player.Opponent" => (vec![1], Sure::Derived),
            "Player" => (vec![0, 1], Sure::Derived),
            "Targeted" | "TargetedPlayer" | "ParentTarget" if !self.targets.is_empty() => {
                (targeted(), Sure::Derived)
            }
            _ => (vec![0], Sure::Guessed),
        }
    }

    /// Marks damage on a permanent; a creature with lethal damage dies.
    pub(super) fn damage_card(&mut self, c: CardId, n: i32) {
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

// ---- handlers -----------------------------------------------------------------------------

fn deal_damage(s: &mut Sim<'_>, rec: &Rec) {
    let (n, sure) = s.known_amount(rec, "NumDmg", 0);
    // Targets of an earlier ability are not this one's when it names its own `Defined$`.
    let own_defined = rec.has("Defined")
        && rec.get_ci("ValidTgts").is_none()
        && !matches!(
            rec.value("Defined"),
            Some("Targeted" | "TargetedPlayer" | "ParentTarget" | "ThisTargetedCard")
        );
    let targets = if own_defined {
        Vec::new()
    } else {
        s.targets.clone()
    };
    let mut who = Sure::Derived;
    let targets: Vec<Tgt> = if targets.is_empty() {
        let cards = s.defined_cards(rec);
        if cards.is_empty()
            && let (players, Sure::Derived) = s.known_players(rec)
            && rec.has("Defined")
        {
            players.into_iter().map(Tgt::Player).collect()
        } else {
            who = Sure::Guessed;
            cards.into_iter().map(Tgt::Card).collect()
        }
    } else {
        targets
    };
    let source = s.me;
    for t in targets {
        let target = match t {
            Tgt::Card(c) => {
                s.damage_card(c, n);
                Object::Card(c)
            }
            Tgt::Player(p) => {
                s.game.players[p].life -= n;
                Object::Player(p)
            }
        };
        s.game.log.push(Event::Damage {
            source,
            target,
            amount: n,
            sure,
            who,
        });
    }
}

fn damage_all(s: &mut Sim<'_>, rec: &Rec) {
    let (n, sure) = s.known_amount(rec, "NumDmg", 0);
    if let Some(v) = rec.value("ValidCards").map(String::from) {
        for c in s.game.battlefield() {
            if s.ctx().card(&v, c) == Tri::True {
                s.damage_card(c, n);
                s.game.log.push(Event::Damage {
                    source: s.me,
                    target: Object::Card(c),
                    amount: n,
                    sure,
                    who: Sure::Derived,
                });
            }
        }
    }
}

fn draw(s: &mut Sim<'_>, rec: &Rec) {
    let (n, sure) = s.known_amount(rec, "NumCards", 1);
    let (players, who) = s.known_players(rec);
    for p in players {
        s.game.log.push(Event::Drew {
            player: p,
            count: n,
            sure,
            who,
        });
        move_cards(s, p, n, Zone::Library, Zone::Hand, <[CardId]>::last);
    }
}

/// Moves up to `n` (at most 20) of player `p`'s cards from `from` to `to`, each the one `pick`
/// takes of what is left (`last`: a library's top; `first`: a hand's first card).
fn move_cards(
    s: &mut Sim<'_>,
    p: PlayerId,
    n: i32,
    from: Zone,
    to: Zone,
    pick: fn(&[CardId]) -> Option<&CardId>,
) {
    for _ in 0..n.clamp(0, 20) {
        if let Some(&c) = pick(s.game.players[p].zone(from)) {
            s.game.move_card(c, p, to);
        }
    }
}

fn mill(s: &mut Sim<'_>, rec: &Rec) {
    let (n, sure) = s.known_amount(rec, "NumCards", 1);
    let dest = rec
        .value("Destination")
        .and_then(zone_of)
        .unwrap_or(Zone::Graveyard);
    let (players, who) = s.known_players(rec);
    for p in players {
        if dest == Zone::Graveyard {
            s.game.log.push(Event::Milled {
                player: p,
                count: n,
                sure,
                who,
            });
        }
        move_cards(s, p, n, Zone::Library, dest, <[CardId]>::last);
    }
}

fn gain_life(s: &mut Sim<'_>, rec: &Rec) {
    change_life(s, rec, 1);
}

fn lose_life(s: &mut Sim<'_>, rec: &Rec) {
    change_life(s, rec, -1);
}

fn change_life(s: &mut Sim<'_>, rec: &Rec, sign: i32) {
    let (n, sure) = s.known_amount(rec, "LifeAmount", 0);
    let (players, who) = s.known_players(rec);
    for p in players {
        s.game.players[p].life += sign * n;
        s.game.log.push(Event::Life {
            player: p,
            amount: sign * n,
            sure,
            who,
        });
    }
}

fn set_life(s: &mut Sim<'_>, rec: &Rec) {
    let n = s.amount(rec, "LifeAmount", 20);
    for p in s.defined_players(rec) {
        s.game.players[p].life = n;
    }
}

/// `Destroy` and `Sacrifice`: the defined permanents go to their owner's graveyard.
fn destroy(s: &mut Sim<'_>, rec: &Rec) {
    for c in s.defined_cards(rec) {
        if s.game.card(c).zone == Zone::Battlefield {
            let owner = s.game.card(c).owner;
            s.game.move_card(c, owner, Zone::Graveyard);
        }
    }
}

/// `DestroyAll`, `SacrificeAll` and `ChangeZoneAll`: every matching permanent moves to
/// `Destination$` (the graveyard when absent).
fn move_all(s: &mut Sim<'_>, rec: &Rec) {
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
        for c in s.game.battlefield() {
            if s.ctx().card(&valid, c) == Tri::True {
                let owner = s.game.card(c).owner;
                s.game.move_card(c, owner, dest);
            }
        }
    }
}

fn change_zone(s: &mut Sim<'_>, rec: &Rec) {
    let dest = rec
        .value("Destination")
        .and_then(zone_of)
        .unwrap_or(Zone::Graveyard);
    let mut cards = s.defined_cards(rec);
    if cards.is_empty()
        && let Some(t) = rec.value("ChangeType").map(String::from)
    {
        let origin = rec
            .value("Origin")
            .and_then(zone_of)
            .unwrap_or(Zone::Library);
        if let Some(&c) = s.game.players[0]
            .zone(origin)
            .iter()
            .find(|&&c| s.ctx().card(&t, c) == Tri::True)
        {
            cards.push(c);
        }
    }
    for c in cards {
        let owner = s.game.card(c).owner;
        s.game.move_card(c, owner, dest);
        if rec.get("RememberChanged").is_some() {
            s.remembered.push(c);
        }
    }
}

/// `Pump` and `PumpAll`.
fn pump(s: &mut Sim<'_>, rec: &Rec) {
    let a = s.amount(rec, "NumAtt", 0);
    let d = s.amount(rec, "NumDef", 0);
    for c in s.defined_cards(rec) {
        let card = s.game.card_mut(c);
        card.cur.power += a;
        card.cur.toughness += d;
    }
}

/// `PutCounter` and `PutCounterAll`.
fn put_counters(s: &mut Sim<'_>, rec: &Rec) {
    change_counters(s, rec, 1);
}

/// `RemoveCounter` and `RemoveCounterAll`.
fn remove_counters(s: &mut Sim<'_>, rec: &Rec) {
    change_counters(s, rec, -1);
}

fn change_counters(s: &mut Sim<'_>, rec: &Rec, sign: i32) {
    let (n, sure) = s.known_amount(rec, "CounterNum", 1);
    let name = rec.value("CounterType").unwrap_or("P1P1").to_string();
    for c in s.defined_cards(rec) {
        s.game.log.push(Event::Counters {
            card: c,
            kind: witness::counter_kind(&name),
            count: sign * n,
            sure,
        });
        let card = s.game.card_mut(c);
        match card.counters.iter_mut().find(|k| k.name == name) {
            Some(k) => k.nb = (k.nb + sign * n).max(0),
            None if sign > 0 => card.counters.push(crate::core::game::Counter {
                name: name.clone(),
                power: 0,
                toughness: 0,
                nb: n,
            }),
            None => {}
        }
    }
}

fn token(s: &mut Sim<'_>, rec: &Rec) {
    let (n, sure) = s.known_amount(rec, "TokenAmount", 1);
    let pt = token_pt(rec);
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
                power: s.amount(rec, "TokenPower", 1),
                toughness: s.amount(rec, "TokenToughness", 1),
                ..Chars::default()
            },
            token: true,
            ..Card::default()
        };
        let card = s.game.create_card(card, 0, Zone::Battlefield);
        s.game.log.push(Event::Token { card, pt, sure });
    }
}

/// A token's power and toughness: from its script's name (`w_1_1_soldier`) or the literal
/// `TokenPower$`/`TokenToughness$`.
fn token_pt(rec: &Rec) -> Option<(i32, i32)> {
    if let Some(script) = rec.value("TokenScript") {
        if script.contains(',') {
            return None;
        }
        let mut parts = script.trim().split('_').skip(1);
        let p = parts.next()?.parse().ok()?;
        let t = parts.next()?.parse().ok()?;
        return Some((p, t));
    }
    Some((
        signed_number(rec.value("TokenPower")?)?,
        signed_number(rec.value("TokenToughness")?)?,
    ))
}

/// `3`, `-2`, `+1`: a number written as one.
fn signed_number(v: &str) -> Option<i32> {
    let t = v.trim();
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if t.is_empty() || t.len() > 6 || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: i32 = t.parse().ok()?;
    Some(if neg { -n } else { n })
}

fn mana(s: &mut Sim<'_>, rec: &Rec) {
    let produced = rec.value("Produced").unwrap_or("C").to_string();
    for w in produced.split_whitespace() {
        if let Some(c) = w
            .bytes()
            .next()
            .and_then(crate::core::mana::color_of_letter)
        {
            s.game.players[0].pool.add_color(c, 1);
        }
    }
}

/// `Tap` and `TapAll`.
fn tap(s: &mut Sim<'_>, rec: &Rec) {
    for c in s.defined_cards(rec) {
        s.game.card_mut(c).tapped = true;
    }
}

/// `Untap` and `UntapAll`.
fn untap(s: &mut Sim<'_>, rec: &Rec) {
    for c in s.defined_cards(rec) {
        s.game.card_mut(c).tapped = false;
    }
}

fn discard(s: &mut Sim<'_>, rec: &Rec) {
    let (n, mut sure) = s.known_amount(rec, "NumCards", 1);
    // Modes that discard a hand, a type or defined cards do not read `NumCards$`; a player who
    // may discard fewer chooses the count.
    let counted = rec.value("Mode").is_none_or(|m| {
        matches!(
            m,
            "TgtChoose" | "Random" | "RevealYouChoose" | "RevealTgtChoose" | "LookYouChoose"
        )
    });
    if !counted || rec.has("AnyNumber") || rec.has("UpTo") || rec.has("Optional") {
        sure = Sure::Guessed;
    }
    let (players, who) = s.known_players(rec);
    for p in players {
        s.game.log.push(Event::Discarded {
            player: p,
            count: n,
            sure,
            who,
        });
        move_cards(s, p, n, Zone::Hand, Zone::Graveyard, <[CardId]>::first);
    }
}

fn attach(s: &mut Sim<'_>, rec: &Rec) {
    if let Some(&c) = s.defined_cards(rec).first()
        && c != s.me
    {
        s.game.card_mut(s.me).attached_to = Some(c);
    }
}

fn gain_control(s: &mut Sim<'_>, rec: &Rec) {
    for c in s.defined_cards(rec) {
        if s.game.card(c).zone == Zone::Battlefield && s.game.card(c).controller != 0 {
            let from = s.game.card(c).controller;
            s.game.players[from]
                .zone_mut(Zone::Battlefield)
                .retain(|&x| x != c);
            s.game.players[0].zone_mut(Zone::Battlefield).push(c);
            s.game.card_mut(c).controller = 0;
        }
    }
}

fn dig(s: &mut Sim<'_>, rec: &Rec) {
    let n = s.amount(rec, "DigNum", 0);
    let dest = rec
        .value("DestinationZone")
        .and_then(zone_of)
        .unwrap_or(Zone::Hand);
    let count = s.amount(rec, "ChangeNum", 1).min(n);
    move_cards(s, 0, count, Zone::Library, dest, <[CardId]>::last);
}

fn regenerate(s: &mut Sim<'_>, rec: &Rec) {
    for c in s.defined_cards(rec) {
        s.game.card_mut(c).regen_shields += 1;
    }
}

fn animate(s: &mut Sim<'_>, rec: &Rec) {
    let types: Vec<String> = rec
        .value("Types")
        .unwrap_or("")
        .split(',')
        .filter(|t| !t.is_empty())
        .map(|t| t.trim().to_ascii_lowercase())
        .collect();
    for c in s.defined_cards(rec) {
        let card = s.game.card_mut(c);
        for t in &types {
            if !card.cur.has_type(t) {
                card.cur.types.push(t.clone());
            }
        }
    }
}

fn fight(s: &mut Sim<'_>, rec: &Rec) {
    let cards = s.defined_cards(rec);
    if cards.len() >= 2 {
        let (a, b) = (cards[0], cards[1]);
        let (pa, pb) = (s.game.card(a).cur.power, s.game.card(b).cur.power);
        s.damage_card(b, pa);
        s.damage_card(a, pb);
    }
}

fn cleanup(s: &mut Sim<'_>, rec: &Rec) {
    if rec.get("ClearRemembered").is_some() {
        s.remembered.clear();
    }
}

fn dig_until(s: &mut Sim<'_>, rec: &Rec) {
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
        let Some(&top) = s.game.players[0].zone(Zone::Library).last() else {
            break;
        };
        if s.ctx().card(&valid, top) == Tri::True {
            s.game.move_card(top, 0, found);
            break;
        }
        s.game.move_card(top, 0, revealed);
    }
}

fn animate_all(s: &mut Sim<'_>, rec: &Rec) {
    let valid = rec.value("ValidCards").unwrap_or("Creature").to_string();
    for c in s.game.battlefield() {
        if s.ctx().card(&valid, c) == Tri::True
            && let Some(t) = rec.value("Types")
        {
            for w in t.split(',') {
                let w = w.trim().to_ascii_lowercase();
                if !s.game.card(c).cur.has_type(&w) {
                    s.game.card_mut(c).cur.types.push(w);
                }
            }
        }
    }
}

fn regenerate_all(s: &mut Sim<'_>, rec: &Rec) {
    let valid = rec.value("ValidCards").unwrap_or("Creature").to_string();
    for c in s.game.battlefield() {
        if s.ctx().card(&valid, c) == Tri::True {
            s.game.card_mut(c).regen_shields += 1;
        }
    }
}

fn exchange_life(s: &mut Sim<'_>, _rec: &Rec) {
    let (a, b) = (s.game.players[0].life, s.game.players[1].life);
    s.game.players[0].life = b;
    s.game.players[1].life = a;
}

fn wins_game(s: &mut Sim<'_>, _rec: &Rec) {
    s.game.players[1].lost = true;
}

fn loses_game(s: &mut Sim<'_>, rec: &Rec) {
    for p in s.defined_players(rec) {
        s.game.players[p].lost = true;
    }
}

fn skip_turn(s: &mut Sim<'_>, rec: &Rec) {
    let n = s.amount(rec, "NumTurns", 1);
    for p in s.defined_players(rec) {
        s.game.players[p].skip_turns += n;
    }
}

/// `Clone`: the card (or `CloneTarget$`) becomes a copy of the chosen or defined card; its
/// `SetPower$`/`SetToughness$` override the copy's.
fn clone(s: &mut Sim<'_>, rec: &Rec) {
    let source = match rec.value("Choices").map(String::from) {
        Some(valid) => {
            let zone = rec
                .value("ChoiceZone")
                .and_then(zone_of)
                .unwrap_or(Zone::Battlefield);
            let ctx = s.ctx();
            (0..2).find_map(|p| {
                s.game.players[p]
                    .zone(zone)
                    .iter()
                    .copied()
                    .find(|&c| c != s.me && ctx.card(&valid, c) == Tri::True)
            })
        }
        None => s.defined_cards(rec).into_iter().find(|&c| c != s.me),
    };
    let Some(source) = source else {
        return;
    };
    let target = match rec.value("CloneTarget") {
        None | Some("Self") => Some(s.me),
        Some("Remembered") => s.remembered.first().copied(),
        Some("Enchanted" | "Equipped") => s.game.card(s.me).attached_to,
        Some(_) => None,
    };
    let Some(target) = target else {
        return;
    };
    let mut chars = s.game.card(source).cur.clone();
    if rec.value("SetPower").is_some() {
        chars.power = s.amount(rec, "SetPower", chars.power);
    }
    if rec.value("SetToughness").is_some() {
        chars.toughness = s.amount(rec, "SetToughness", chars.toughness);
    }
    s.game.card_mut(target).cur = chars;
}

/// `Encode` (cipher): the spell card is exiled, encoded on a creature its controller controls.
fn encode(s: &mut Sim<'_>, _rec: &Rec) {
    let owner = s.game.card(s.me).owner;
    if s.game.card(s.me).zone != Zone::Exile {
        s.game.move_card(s.me, owner, Zone::Exile);
    }
}

/// `Manifest`: the top `Amount$` cards of the library enter the battlefield face down as 2/2
/// creatures with no name, types or abilities.
fn manifest(s: &mut Sim<'_>, rec: &Rec) {
    for _ in 0..s.amount(rec, "Amount", 1).clamp(0, 20) {
        let Some(&top) = s.game.players[0].zone(Zone::Library).last() else {
            return;
        };
        s.game.move_card(top, 0, Zone::Battlefield);
        s.game.card_mut(top).cur = Chars {
            types: vec!["creature".to_string()],
            power: 2,
            toughness: 2,
            ..Chars::default()
        };
        if rec.get("RememberManifested").is_some() {
            s.remembered.push(top);
        }
    }
}

/// `PermanentCreature` and `PermanentNoncreature`: the spell resolves onto the battlefield.
fn permanent(s: &mut Sim<'_>, _rec: &Rec) {
    if s.game.card(s.me).zone != Zone::Battlefield {
        s.game.move_card(s.me, 0, Zone::Battlefield);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::findings::Kind;
    use crate::forge::testing::{SPELL, board, count, kinds, play};
    use model::forge::vocab::any_version;

    #[test]
    fn the_table_is_sorted_lower_case_and_unique() {
        // `entry` searches it by halves with the folded name.
        for w in TABLE.windows(2) {
            assert!(w[0].name < w[1].name, "{} before {}", w[0].name, w[1].name);
        }
        for e in TABLE {
            assert_eq!(e.name, e.name.to_ascii_lowercase());
            assert_eq!(entry(e.name).map(|f| f.name), Some(e.name));
        }
        assert!(entry("DealDamage").is_none(), "callers fold the name");
    }

    #[test]
    fn an_api_type_without_an_entry_is_not_simulated() {
        let missing = not_simulated(any_version());
        assert!(missing.contains(&"Meld"), "{missing:?}");
        assert!(!missing.contains(&"DealDamage"));
        let got = kinds(&format!("{SPELL}A:SP$ Meld | Cost$ 1 R\n"));
        assert!(got.contains(&Kind::Unsupported), "{got:?}");
        // A no-op entry is accepted silently, and so is a word that is no ApiType at all.
        assert!(kinds(&format!("{SPELL}A:SP$ Scry | Cost$ 1 R | ScryNum$ 2\n")).is_empty());
        let got = kinds(&format!("{SPELL}A:SP$ NoSuchApi | Cost$ 1 R\n"));
        assert!(!got.contains(&Kind::Unsupported), "{got:?}");
    }

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
            g.players[0].pool.get(crate::core::mana::GREEN),
            before.players[0].pool.get(crate::core::mana::GREEN) + 1
        );
    }
    #[test]
    fn clone_manifest_and_encode() {
        let creature =
            "Name:Test Shapeshifter\nManaCost:3 U\nTypes:Creature Shapeshifter\nPT:0/0\n";
        let (g, me, f) = play(&format!(
            "{creature}K:ETBReplacement:Copy:DBCopy\nSVar:DBCopy:DB$ Clone | Choices$ Creature.Other | SetPower$ 7\n"
        ));
        assert!(f.is_empty(), "{f:?}");
        let c = &g.card(me).cur;
        assert_eq!(c.name, "Grizzled Bear", "{c:?}");
        assert_eq!((c.power, c.toughness), (7, 2));
        let before = board();
        let (g, _, f) = play(&format!(
            "{SPELL}A:SP$ Manifest | Cost$ 1 R | Amount$ 2 | Defined$ TopOfLibrary\n"
        ));
        assert!(f.is_empty(), "{f:?}");
        let lib = |g: &Game| g.players[0].zone(Zone::Library).len();
        assert_eq!(lib(&g), lib(&before) - 2);
        let faceless = g.players[0]
            .zone(Zone::Battlefield)
            .iter()
            .filter(|&&c| g.card(c).cur.name.is_empty() && g.card(c).cur.power == 2)
            .count();
        assert_eq!(faceless, 2);
        let (g, me, _) = play(&format!(
            "{SPELL}A:SP$ Draw | Cost$ 1 R | NumCards$ 1 | SubAbility$ Cipher\nSVar:Cipher:DB$ Encode | Defined$ Self\n"
        ));
        assert_eq!(g.card(me).zone, Zone::Exile);
    }
}
