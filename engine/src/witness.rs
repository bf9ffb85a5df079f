//! The simulation as a witness: the sentences of a card's rules text that say plainly what an
//! ability does ("draw two cards", "each opponent loses 2 life", "exile target creature") held
//! against the event log of its play (`core::events`). Dialect-neutral: each engine hands in the
//! text of the ability it played and the events of that play.
//!
//! Only unambiguous sentences are read (a whole clause of a known shape, numbers as printed:
//! `a`, `one`..`ten`, digits); a sentence with `X`, `for each`, `instead`, `unless`, `if`... is
//! skipped, and so is an event the engine only guessed (`Sure::Guessed`). Amounts the ability
//! writes as literals are the static rules' (F171, W138): a mismatch is reported here only when
//! the engine computed the amount (an SVar, a variable, several effects adding up).

use crate::core::events::{Event, Object, Sure};
use crate::core::game::{CardId, PlayerId, Zone};

/// The controller of the played card, in both engines.
const YOU: PlayerId = 0;

/// Who a sentence says is affected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Who {
    You,
    Opponent,
    /// Some player, not said which (target player, each player...).
    Any,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Claim {
    Draw(Who, i32),
    Discard(Who, i32),
    Mill(Who, i32),
    Life(Who, i32),
    Damage(Who, i32),
    Tokens(i32, Option<(i32, i32)>),
    Counters(String, i32),
    /// The affected cards go to this zone (exile, a hand), from the zone the text names
    /// ("from your graveyard", "of your library") when it names one. `only_origin`: the text
    /// also sends cards elsewhere, so only where they came from is evidence.
    ZoneTo {
        to: Zone,
        from: Option<Zone>,
        only_origin: bool,
    },
    /// The affected permanents go to a graveyard ("destroy target creature"); only said where
    /// the text names no other destination.
    Destroy,
    /// The player may decline ("you may ...").
    May,
}

/// One sentence of rules text that says something checkable, and what it says.
#[derive(Clone, Debug)]
pub struct Sentence {
    /// The sentence as printed (for the message).
    pub text: String,
    /// "When ~ enters the battlefield, ...": what casting a permanent does.
    pub enters: bool,
    claims: Vec<Claim>,
}

/// The checkable sentences of one ability's text. `name` is the card's name (the text may call
/// the card by it); `may` asks for the "you may" sentences (only where the dialect's play logs
/// every way a choice is offered).
pub fn sentences(text: &str, name: &str, may: bool) -> Vec<Sentence> {
    // Most texts say none of it: a quick look first (every ability of every card comes here).
    const WORDS: &[&str] = &[
        "draw",
        "life",
        "damage",
        "create",
        "counter",
        "exile",
        "return",
        "you may",
        "discard",
        "mill",
        "destroy",
        "graveyard",
    ];
    let lower = text.to_ascii_lowercase();
    if !WORDS.iter().any(|w| lower.contains(w)) {
        return Vec::new();
    }
    let text = strip_reminder(text);
    let whole = normalise(&text, name);
    // Words that send cards to a graveyard (or draw them): where they are said, such a move is
    // no evidence against "exile".
    const TO_GRAVEYARD: &[&str] = &[
        "destroy",
        "sacrific",
        "discard",
        "mill",
        "graveyard",
        "dies",
        " die",
        "damage",
        "counter target",
        "countered",
        "fight",
        "lose",
        "gets -",
        "get -",
        "-1/-1",
        "surveil",
        "draw",
        "token",
        "copy",
        "cast",
        "play ",
        "phase",
        "transform",
    ];
    // And for "return ... to its owner's hand": any other destination said.
    const ELSEWHERE: &[&str] = &[
        "library",
        "battlefield",
        "shuffle",
        "put ",
        "into play",
        "exile",
    ];
    let exile_unsure = TO_GRAVEYARD.iter().any(|w| whole.contains(w));
    // A permanent entering is when its sentence happens, not where its cards go.
    let places = whole.replace("enters the battlefield", "");
    let hand_unsure = exile_unsure || ELSEWHERE.iter().any(|w| places.contains(w));
    // And for "destroy": any destination but a graveyard.
    let destroy_unsure = places.contains("hand") || ELSEWHERE.iter().any(|w| places.contains(w));
    let mut out = Vec::new();
    for raw in split_sentences(&text) {
        // "draw two cards, then discard a card" is two clauses (any other "then" is `unsure`).
        let s = normalise(&raw, name).replace(", then ", ", and ");
        if s.is_empty() || unsure(&s) {
            continue;
        }
        let mut claims = Vec::new();
        let effect = effect_part(&s);
        for clause in clauses(effect) {
            if let Some(c) = claim(&clause, exile_unsure, hand_unsure, destroy_unsure) {
                claims.push(c);
            }
        }
        if may && effect != s && may_verb(effect) {
            claims.push(Claim::May);
        }
        if !claims.is_empty() {
            out.push(Sentence {
                text: raw.trim().to_string(),
                enters: enters_sentence(&s, name),
                claims,
            });
        }
    }
    out
}

/// "When ~ enters the battlefield, ...": the card's own entering, also when the text misspells
/// its name by a letter or two ("When Kadaver Imp enters" on Cadaver Imp).
fn enters_sentence(s: &str, name: &str) -> bool {
    let Some(subject) = s
        .strip_prefix("when ")
        .and_then(|r| r.split_once(" enters the battlefield, "))
        .map(|(subject, _)| subject)
    else {
        return false;
    };
    let name = name.trim().to_lowercase();
    subject == "~"
        || (name.chars().count() >= 6
            && !subject.contains(',')
            && strsim::levenshtein(subject, &name) <= 2)
}

/// Whether a window of the log can contradict anything: one with no event can only lack the
/// choice a "you may" sentence asks for.
pub fn worth_reading(text: &str, events: &[Event], may: bool) -> bool {
    !events.is_empty() || (may && text.contains("may"))
}

/// What a play did that contradicts the sentence, said in a few words ("drew 1 card").
pub fn contradiction(sentence: &Sentence, events: &[Event], me: CardId) -> Option<String> {
    sentence
        .claims
        .iter()
        .find_map(|c| contradicts(c, events, me))
}

fn contradicts(claim: &Claim, events: &[Event], me: CardId) -> Option<String> {
    match claim {
        Claim::Draw(who, n) | Claim::Discard(who, n) | Claim::Mill(who, n) => {
            let rows: Vec<(PlayerId, i32, Sure, Sure)> = events
                .iter()
                .filter_map(|e| match (claim, e) {
                    (
                        Claim::Draw(..),
                        Event::Drew {
                            player,
                            count,
                            sure,
                            who,
                        },
                    )
                    | (
                        Claim::Discard(..),
                        Event::Discarded {
                            player,
                            count,
                            sure,
                            who,
                        },
                    )
                    | (
                        Claim::Mill(..),
                        Event::Milled {
                            player,
                            count,
                            sure,
                            who,
                        },
                    ) => Some((*player, *count, *sure, *who)),
                    _ => None,
                })
                .collect();
            let (verb, did) = match claim {
                Claim::Draw(..) => ("draw", "drew"),
                Claim::Discard(..) => ("discard", "discarded"),
                _ => ("mill", "milled"),
            };
            let (what, wrong) = players_and_amount(&rows, *who, *n)?;
            Some(match wrong {
                Wrong::Player(p) => format!("made {} {verb}", player_name(p)),
                Wrong::Amount(total) => format!("{did} {}", plural(total, "card")),
            })
            .filter(|_| what)
        }
        Claim::Life(who, n) => {
            let sign = n.signum();
            let lives: Vec<(PlayerId, i32, Sure, Sure)> = events
                .iter()
                .filter_map(|e| match e {
                    Event::Life {
                        player,
                        amount,
                        sure,
                        who,
                    } if amount.signum() == sign => Some((*player, amount.abs(), *sure, *who)),
                    _ => None,
                })
                .collect();
            let (verb, did) = if sign > 0 {
                ("gain", "gained")
            } else {
                ("lose", "lost")
            };
            let (what, wrong) = players_and_amount(&lives, *who, n.abs())?;
            Some(match wrong {
                Wrong::Player(p) => format!("made {} {verb} life", player_name(p)),
                Wrong::Amount(total) => format!("{did} {total} life"),
            })
            .filter(|_| what)
        }
        Claim::Damage(who, n) => {
            let mut wrong_player = None;
            let mut amounts = Vec::new();
            let mut computed = false;
            for e in events {
                let Event::Damage {
                    source,
                    target,
                    amount,
                    sure,
                    who: sure_who,
                } = e
                else {
                    continue;
                };
                if *source != me {
                    continue;
                }
                if let Object::Player(p) = target
                    && sure_who.known()
                {
                    let wrong = match who {
                        Who::You => *p != YOU,
                        Who::Opponent => *p == YOU,
                        Who::Any => false,
                    };
                    if wrong {
                        wrong_player = Some(*p);
                    }
                }
                if sure.known() {
                    amounts.push(*amount);
                    computed |= *sure == Sure::Derived;
                }
            }
            if let Some(p) = wrong_player {
                return Some(format!("dealt the damage to {}", player_name(p)));
            }
            // Each object is dealt the amount said.
            if computed && !amounts.is_empty() && amounts.iter().all(|a| a != n) {
                let mut seen: Vec<i32> = amounts.clone();
                seen.sort_unstable();
                seen.dedup();
                let list: Vec<String> = seen.iter().map(i32::to_string).collect();
                return Some(format!("dealt {} damage", list.join(" and ")));
            }
            None
        }
        Claim::Tokens(n, pt) => {
            let tokens: Vec<(Option<(i32, i32)>, Sure)> = events
                .iter()
                .filter_map(|e| match e {
                    Event::Token { pt, sure, .. } => Some((*pt, *sure)),
                    _ => None,
                })
                .collect();
            if tokens.is_empty() || tokens.iter().any(|(_, s)| !s.known()) {
                return None;
            }
            let computed = tokens.iter().any(|(_, s)| *s == Sure::Derived);
            if computed && tokens.len() as i32 != *n {
                return Some(format!("created {}", plural(tokens.len() as i32, "token")));
            }
            if let Some(want) = pt {
                let known: Vec<(i32, i32)> = tokens.iter().filter_map(|(p, _)| *p).collect();
                if !known.is_empty() && computed && known.iter().all(|k| k != want) {
                    let (p, t) = known[0];
                    return Some(format!("created a {p}/{t} token"));
                }
            }
            None
        }
        Claim::Counters(kind, n) => {
            let mut per_card: Vec<(CardId, i32)> = Vec::new();
            let mut computed = false;
            for e in events {
                if let Event::Counters {
                    card,
                    kind: k,
                    count,
                    sure,
                } = e
                    && k == kind
                    && *count > 0
                {
                    if !sure.known() {
                        return None;
                    }
                    computed |= *sure == Sure::Derived;
                    match per_card.iter_mut().find(|(c, _)| c == card) {
                        Some((_, m)) => *m += count,
                        None => per_card.push((*card, *count)),
                    }
                }
            }
            if computed && !per_card.is_empty() && per_card.iter().all(|(_, m)| m != n) {
                let m = per_card[0].1;
                return Some(format!("put {}", plural(m, &format!("{kind} counter"))));
            }
            None
        }
        Claim::ZoneTo {
            to: zone,
            from: origin,
            only_origin,
        } => {
            let mut elsewhere = None;
            let mut other_origin = None;
            for e in events {
                if let Event::Moved { card, from, to, .. } = e {
                    // The spell itself leaving the stack, and draws, are not the effect.
                    if *from == Zone::Stack || *to == Zone::Stack {
                        continue;
                    }
                    if *card == me && *zone != Zone::Exile {
                        continue;
                    }
                    if Some(*from) != *origin {
                        // A card that came from another zone than the one said: a draw when
                        // the text names no zone, evidence when it names one.
                        if origin.is_some()
                            && to == zone
                            && from != to
                            && matches!(from, Zone::Battlefield | Zone::Graveyard | Zone::Hand)
                        {
                            other_origin.get_or_insert(*from);
                        }
                        if origin.is_some() || *from == Zone::Library {
                            continue;
                        }
                    }
                    if to == zone {
                        return None;
                    }
                    if matches!(
                        to,
                        Zone::Graveyard | Zone::Exile | Zone::Hand | Zone::Library
                    ) && *from != *to
                    {
                        elsewhere.get_or_insert(*to);
                    }
                }
            }
            if let (Some(from), Some(said)) = (other_origin, origin) {
                return Some(format!(
                    "took the card from {} instead of {}",
                    zone_phrase(from),
                    zone_phrase(*said)
                ));
            }
            elsewhere
                .filter(|_| !only_origin)
                .map(|z| format!("put the card into {} instead", zone_phrase(z)))
        }
        Claim::Destroy => {
            let mut elsewhere = None;
            for e in events {
                if let Event::Moved { card, from, to, .. } = e
                    && *from == Zone::Battlefield
                    && *card != me
                {
                    if *to == Zone::Graveyard {
                        return None;
                    }
                    if matches!(to, Zone::Exile | Zone::Hand | Zone::Library) {
                        elsewhere.get_or_insert(*to);
                    }
                }
            }
            elsewhere.map(|z| {
                format!(
                    "put the card into {} instead of destroying it",
                    zone_phrase(z)
                )
            })
        }
        Claim::May => {
            let offered = events
                .iter()
                .any(|e| matches!(e, Event::Choice { optional: true, .. }));
            (!offered).then(|| "offered no choice: the effect always happens".to_string())
        }
    }
}

enum Wrong {
    Player(PlayerId),
    Amount(i32),
}

/// Checks (player, amount, amount sure, player sure) rows against a claim; `None` when there is
/// nothing to compare, `Some((true, wrong))` for a contradiction.
fn players_and_amount(
    rows: &[(PlayerId, i32, Sure, Sure)],
    who: Who,
    n: i32,
) -> Option<(bool, Wrong)> {
    if rows.is_empty() {
        return None;
    }
    let claimed = |p: PlayerId| match who {
        Who::You => p == YOU,
        Who::Opponent => p != YOU,
        Who::Any => true,
    };
    // The wrong player: every row with a known player went to another one.
    let known: Vec<_> = rows.iter().filter(|r| r.3.known()).collect();
    if !known.is_empty() && known.iter().all(|r| !claimed(r.0)) {
        return Some((true, Wrong::Player(known[0].0)));
    }
    // The amount, per player it went to.
    if rows.iter().any(|r| !r.2.known()) || rows.iter().all(|r| r.2 == Sure::Literal) {
        return None;
    }
    let mut totals: Vec<(PlayerId, i32)> = Vec::new();
    for r in rows.iter().filter(|r| claimed(r.0) || !r.3.known()) {
        match totals.iter_mut().find(|(p, _)| *p == r.0) {
            Some((_, t)) => *t += r.1,
            None => totals.push((r.0, r.1)),
        }
    }
    if !totals.is_empty() && totals.iter().all(|(_, t)| *t != n) {
        return Some((true, Wrong::Amount(totals[0].1)));
    }
    None
}

fn player_name(p: PlayerId) -> &'static str {
    if p == YOU {
        "its controller"
    } else {
        "the opponent"
    }
}

fn zone_phrase(z: Zone) -> &'static str {
    match z {
        Zone::Graveyard => "a graveyard",
        Zone::Exile => "exile",
        Zone::Hand => "a hand",
        Zone::Library => "a library",
        Zone::Battlefield => "the battlefield",
        _ => "another zone",
    }
}

fn plural(n: i32, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

// ---- reading the text ------------------------------------------------------------------------

/// Drops reminder text (in parentheses).
fn strip_reminder(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0u32;
    for ch in text.chars() {
        match ch {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(ch),
            _ => {}
        }
    }
    out
}

/// Sentences of the text: at `.`, line breaks, the `\n` Forge writes in descriptions and the
/// ` -- ` Wagic writes between paragraphs.
fn split_sentences(text: &str) -> Vec<String> {
    let text = text.replace("\\n", "\n").replace(" -- ", "\n");
    let mut out = Vec::new();
    for line in text.split('\n') {
        let mut start = 0;
        let bytes = line.as_bytes();
        for (i, &b) in bytes.iter().enumerate() {
            // A full stop ends a sentence unless a digit follows (no decimals in card text, but
            // be safe) or it is inside a quotation.
            if b == b'.' && !bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
                out.push(line[start..i].to_string());
                start = i + 1;
            }
        }
        if start < line.len() {
            out.push(line[start..].to_string());
        }
    }
    out.into_iter().filter(|s| !s.trim().is_empty()).collect()
}

/// Lower case, the card's name (or `CARDNAME`, `NICKNAME`, `this creature`...) as `~`, spaces
/// collapsed.
fn normalise(sentence: &str, name: &str) -> String {
    let mut s = sentence.to_lowercase().replace(['’', '‘'], "'");
    for w in ["cardname", "nickname"] {
        s = s.replace(w, "~");
    }
    let name = name.trim().to_lowercase();
    if !name.is_empty() {
        s = s.replace(&name, "~");
    }
    for w in [
        "this creature",
        "this artifact",
        "this enchantment",
        "this spell",
        "this land",
        "this permanent",
    ] {
        s = s.replace(w, "~");
    }
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Sentences that are not plain statements of what happens.
fn unsure(s: &str) -> bool {
    const WORDS: &[&str] = &[
        "for each",
        "equal to",
        "instead",
        "unless",
        "would",
        "where x",
        "half",
        "that much",
        "twice",
        "double",
        "additional",
        "rather than",
        "otherwise",
        "repeat",
        "choose",
        "chosen",
        "any number",
        "or more",
        " times",
        "plus",
        "copy",
        "for the first time",
        "if ",
        "as long as",
        "only ",
        "can't",
        "don't",
        "doesn't",
        "each player",
        "each other player",
        "that player",
        "\"",
        "'s controller",
        "its controller",
        "their controller",
        "defending player",
        "attacking player",
        "rest",
        "remaining",
        "divided",
        "distribute",
        "among",
        "reveal",
        "look at",
        // "A, then B" comes here as "A, and B" (`sentences`); any other "then" orders what the
        // claims cannot.
        "then",
        " or ",
        "until",
        "next",
        "activate",
        "as an",
        "cost",
        "pay",
        "vote",
        "flip",
        "coin",
        "random",
        "exchange",
        "gain control",
        "number of",
        "total",
        "greatest",
        "highest",
        "lowest",
        "the same",
        "each of",
        "all ",
        "up to",
        "at least",
        "may have",
        "except",
        "enchanted",
        "equipped",
        "monarch",
        "initiative",
        "dungeon",
        "venture",
        "on the stack",
        "cast",
        "storm",
    ];
    s.contains(" x ")
        || s.contains(" x/")
        || s.contains("/x")
        || s.ends_with(" x")
        || WORDS.iter().any(|w| s.contains(w))
}

/// The effect of a sentence: after a trigger's condition (`When ..., `) or an activation cost
/// (`{T}: `).
fn effect_part(s: &str) -> &str {
    let mut s = s;
    if let Some(i) = s.find(": ") {
        s = &s[i + 2..];
    }
    if s.starts_with("when") || s.starts_with("at ") {
        match s.find(", ") {
            Some(i) => &s[i + 2..],
            None => "",
        }
    } else {
        s
    }
}

/// The coordinated parts of an effect: "you draw a card and you lose 1 life".
/// A clause whose verb has no subject of its own ("... and draws two cards") takes the one of
/// the clause before; without one it is not read.
fn clauses(effect: &str) -> Vec<String> {
    const THIRD_PERSON: &[&str] = &[
        "draws",
        "loses",
        "gains",
        "discards",
        "sacrifices",
        "creates",
        "mills",
        "puts",
    ];
    const SUBJECTS: &[&str] = &["target player", "target opponent", "each opponent", "you"];
    let mut out: Vec<String> = Vec::new();
    let mut subject: Option<&str> = None;
    for part in effect.split(", and ") {
        for p in part.split(" and ") {
            let p = p.trim().trim_end_matches(',').trim();
            let first = p.split(' ').next().unwrap_or("");
            if THIRD_PERSON.contains(&first) || (first == "draw" && subject == Some("you")) {
                match subject {
                    Some(s) => out.push(format!("{s} {p}")),
                    None => out.push(format!("? {p}")),
                }
                continue;
            }
            subject = SUBJECTS
                .iter()
                .find(|s| p.starts_with(&format!("{s} ")))
                .copied();
            out.push(p.to_string());
        }
    }
    out
}

/// "you may draw...", "you may return...": an optional effect of a verb the engines play.
fn may_verb(effect: &str) -> bool {
    const VERBS: &[&str] = &[
        "draw",
        "gain",
        "return",
        "put",
        "exile",
        "search",
        "sacrifice",
        "destroy",
        "tap",
        "untap",
        "create",
        "discard",
        "attach",
        "mill",
        "scry",
        "surveil",
    ];
    effect.strip_prefix("you may ").is_some_and(|rest| {
        rest.split(' ').next().is_some_and(|v| VERBS.contains(&v)) && !rest.contains(" may ")
    })
}

/// A number as printed: `a`, `an`, `one`..`ten`, digits.
fn number(w: &str) -> Option<i32> {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    match w {
        "a" | "an" => Some(1),
        _ => WORDS
            .iter()
            .position(|x| *x == w)
            .map(|i| i as i32)
            .or_else(|| {
                (w.len() <= 3 && w.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| w.parse().ok())
                    .flatten()
            }),
    }
}

fn pt(w: &str) -> Option<(i32, i32)> {
    let (p, t) = w.split_once('/')?;
    let n = |x: &str| {
        (x.len() <= 2 && x.bytes().all(|b| b.is_ascii_digit())).then(|| x.parse().ok())?
    };
    Some((n(p)?, n(t)?))
}

/// One clause's claim, if it has one of the known shapes.
fn claim(
    clause: &str,
    exile_unsure: bool,
    hand_unsure: bool,
    destroy_unsure: bool,
) -> Option<Claim> {
    let words: Vec<&str> = clause.split(' ').collect();
    let (who, rest): (Who, &[&str]) = match words.as_slice() {
        ["you", rest @ ..] => (Who::You, rest),
        ["target", "opponent", rest @ ..] | ["each", "opponent", rest @ ..] => {
            (Who::Opponent, rest)
        }
        ["target", "player", rest @ ..] => (Who::Any, rest),
        rest => (Who::You, rest),
    };
    let imperative = who == Who::You && words.first() != Some(&"you");
    let from = origin(clause);
    // "you may draw a card": what happens when the player accepts.
    let rest = match rest {
        ["may", rest @ ..] => rest,
        rest => rest,
    };
    match rest {
        // draw two cards / target player draws a card
        [verb, n, cards] if (*verb == "draw" || *verb == "draws") && cards.starts_with("card") => {
            let n = number(n)?;
            (*cards == "cards" || *cards == "card").then_some(())?;
            (who != Who::Opponent).then_some(Claim::Draw(who, n))
        }
        // discard two cards / each opponent discards a card / target player mills three cards
        [verb, n, cards]
            if matches!(*verb, "discard" | "discards" | "mill" | "mills")
                && matches!(*cards, "card" | "cards")
                && !(imperative && verb.ends_with('s')) =>
        {
            let n = number(n)?;
            Some(if verb.starts_with("discard") {
                Claim::Discard(who, n)
            } else {
                Claim::Mill(who, n)
            })
        }
        // put the top two cards of your library into your graveyard (milling, before the word)
        [verb, "the", "top", rest @ ..]
            if matches!(*verb, "put" | "puts") && !(imperative && *verb == "puts") =>
        {
            let (n, rest) = match rest {
                ["card", rest @ ..] => (1, rest),
                [n, "cards", rest @ ..] => (number(n)?, rest),
                _ => return None,
            };
            let own = |w: &str| matches!(w, "your" | "their");
            match rest {
                ["of", a, "library", "into", b, "graveyard"] if own(a) && own(b) => {
                    Some(Claim::Mill(who, n))
                }
                _ => None,
            }
        }
        // destroy target creature
        ["destroy", "target", ..] if imperative && !destroy_unsure => Some(Claim::Destroy),
        // you gain 3 life
        [verb, n, "life"] if *verb == "gain" || *verb == "gains" => {
            (who == Who::You).then_some(Claim::Life(Who::You, number(n)?))
        }
        // each opponent loses 2 life
        [verb, n, "life"] if *verb == "lose" || *verb == "loses" => {
            (!imperative).then_some(Claim::Life(who, -number(n)?))
        }
        // ~ deals 3 damage to any target
        _ if imperative && words.len() >= 6 && words[1] == "deals" && words[3] == "damage" => {
            if !matches!(words[0], "~" | "it") || words[4] != "to" {
                return None;
            }
            let n = number(words[2])?;
            let to = words[5..].join(" ");
            let who = match to.as_str() {
                "you" => Who::You,
                "target opponent" | "each opponent" | "target opponent or planeswalker" => {
                    Who::Opponent
                }
                "any target"
                | "target creature"
                | "target player"
                | "target creature or player"
                | "target player or planeswalker"
                | "target creature or planeswalker"
                | "target planeswalker"
                | "target attacking creature"
                | "target blocking creature"
                | "target attacking or blocking creature"
                | "target creature an opponent controls"
                | "target creature you don't control" => Who::Any,
                _ => return None,
            };
            Some(Claim::Damage(who, n))
        }
        // create two 1/1 white soldier creature tokens
        ["create", n, rest @ ..] if imperative => {
            let n = number(n)?;
            let last = rest.last()?;
            if !(last.starts_with("token") || rest.contains(&"token") || rest.contains(&"tokens")) {
                return None;
            }
            let pt = rest.first().and_then(|w| pt(w));
            Some(Claim::Tokens(n, pt))
        }
        // put a +1/+1 counter on target creature
        ["put", n, kind, counter, "on", target @ ..]
            if imperative && counter.starts_with("counter") =>
        {
            let n = number(n)?;
            let target = target.join(" ");
            if !matches!(
                target.as_str(),
                "target creature" | "~" | "it" | "target creature you control"
            ) {
                return None;
            }
            if !pt_signed(kind) && !kind.bytes().all(|b| b.is_ascii_alphabetic()) {
                return None;
            }
            let kind = kind.to_string();
            Some(Claim::Counters(kind, n))
        }
        // exile target creature
        ["exile", first, ..] if imperative && (!exile_unsure || from.is_some()) => {
            (matches!(*first, "target" | "~" | "it" | "another" | "that")
                || (*first == "the" && from == Some(Zone::Library)))
            .then_some(Claim::ZoneTo {
                to: Zone::Exile,
                from,
                only_origin: exile_unsure,
            })
        }
        // return target creature to its owner's hand
        // return target creature card from your graveyard to your hand
        ["return", first, ..] if imperative && (!hand_unsure || from.is_some()) => {
            let c = clause;
            let to_hand = c.ends_with("to its owner's hand")
                || c.ends_with("to their owners' hands")
                || c.ends_with("to your hand")
                || c.ends_with("to their owner's hand");
            (to_hand && matches!(*first, "target" | "~" | "it" | "another" | "that")).then_some(
                Claim::ZoneTo {
                    to: Zone::Hand,
                    from,
                    only_origin: hand_unsure,
                },
            )
        }
        _ => None,
    }
}

/// The zone a clause says its cards come from: "from your graveyard", "of your library".
/// Only one zone: "from your graveyard or hand" names none the play can be held to.
fn origin(clause: &str) -> Option<Zone> {
    const ZONES: &[(&str, Zone)] = &[
        ("graveyard", Zone::Graveyard),
        ("library", Zone::Library),
        ("hand", Zone::Hand),
        ("exile", Zone::Exile),
    ];
    let mut found = None;
    for marker in ["from ", "of "] {
        for (at, _) in clause.match_indices(marker) {
            let rest = &clause[at + marker.len()..];
            let rest = [
                "your ",
                "a ",
                "an opponent's ",
                "target player's ",
                "that player's ",
            ]
            .iter()
            .find_map(|p| rest.strip_prefix(p))
            .unwrap_or(rest);
            if let Some((_, z)) = ZONES.iter().find(|(w, _)| {
                rest.strip_prefix(w)
                    .is_some_and(|r| r.is_empty() || r.starts_with(' ') || r.starts_with(','))
            }) {
                if found.is_some_and(|f| f != *z) {
                    return None;
                }
                found = Some(*z);
            }
        }
    }
    found
}

/// `+1/+1`, `-1/-1`, `+1/+0`...
fn pt_signed(w: &str) -> bool {
    let Some((p, t)) = w.split_once('/') else {
        return false;
    };
    let ok = |x: &str| {
        x.len() >= 2
            && matches!(x.as_bytes()[0], b'+' | b'-')
            && x[1..].bytes().all(|b| b.is_ascii_digit())
    };
    ok(p) && ok(t)
}

/// The counter kind both engines log: `+1/+1`, `-1/-1`, else the name in lower case.
pub fn counter_kind(name: &str) -> String {
    match name.to_ascii_uppercase().as_str() {
        "P1P1" => "+1/+1".to_string(),
        "M1M1" => "-1/-1".to_string(),
        _ => name.to_ascii_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(text: &str) -> Vec<Claim> {
        sentences(text, "Test Card", true)
            .into_iter()
            .flat_map(|s| s.claims)
            .collect()
    }

    #[test]
    fn plain_sentences_are_read_and_others_are_not() {
        assert_eq!(claims("Draw two cards."), vec![Claim::Draw(Who::You, 2)]);
        assert_eq!(
            claims("Each opponent loses 2 life and you gain 2 life."),
            vec![Claim::Life(Who::Opponent, -2), Claim::Life(Who::You, 2)]
        );
        assert_eq!(
            claims("CARDNAME deals 3 damage to any target."),
            vec![Claim::Damage(Who::Any, 3)]
        );
        assert_eq!(
            claims("Create two 1/1 white Soldier creature tokens."),
            vec![Claim::Tokens(2, Some((1, 1)))]
        );
        assert_eq!(
            claims("Put a +1/+1 counter on target creature."),
            vec![Claim::Counters("+1/+1".into(), 1)]
        );
        assert_eq!(
            claims("Exile target creature."),
            vec![Claim::ZoneTo {
                to: Zone::Exile,
                from: None,
                only_origin: false
            }]
        );
        assert_eq!(
            claims("Return target creature to its owner's hand."),
            vec![Claim::ZoneTo {
                to: Zone::Hand,
                from: None,
                only_origin: false
            }]
        );
        assert_eq!(
            claims("When Test Card enters the battlefield, you may draw a card."),
            vec![Claim::Draw(Who::You, 1), Claim::May]
        );
        for skipped in [
            "Draw X cards.",
            "Draw a card for each creature you control.",
            "You gain life equal to its power.",
            "Destroy target creature. Exile its controller's graveyard.",
            "Draw two cards unless you pay 2 life.",
            "Test Card deals 2 damage to target creature or planeswalker you don't control.",
        ] {
            assert!(
                claims(skipped)
                    .iter()
                    .all(|c| !matches!(c, Claim::ZoneTo { .. } | Claim::Damage(..))
                        || skipped.starts_with("Draw")),
                "{skipped}"
            );
        }
        assert_eq!(
            claims("Target player gains 7 life and draws two cards."),
            vec![Claim::Draw(Who::Any, 2)]
        );
        assert!(claims("Draw X cards.").is_empty());
        assert!(claims("Draw a card for each creature you control.").is_empty());
        assert!(claims("Destroy target creature. Exile its controller's graveyard.").is_empty());
    }

    #[test]
    fn origins_then_clauses_and_misspelt_names() {
        assert_eq!(
            origin("return target card from your graveyard to your hand"),
            Some(Zone::Graveyard)
        );
        assert_eq!(
            origin("exile the top card of your library"),
            Some(Zone::Library)
        );
        assert_eq!(
            origin("exile target card from an opponent's graveyard"),
            Some(Zone::Graveyard)
        );
        assert_eq!(origin("return target creature to its owner's hand"), None);
        assert_eq!(
            origin("exile a card from your graveyard or from your hand"),
            None
        );
        assert_eq!(
            claims("Draw two cards, then discard a card."),
            vec![Claim::Draw(Who::You, 2), Claim::Discard(Who::You, 1)]
        );
        assert!(
            claims("Shuffle your library, then draw two cards if you control a Wizard.").is_empty()
        );
        assert!(enters_sentence(
            "when kadaver imp enters the battlefield, draw a card",
            "Cadaver Imp"
        ));
        assert!(enters_sentence(
            "when ~ enters the battlefield, draw a card",
            "Cadaver Imp"
        ));
        assert!(!enters_sentence(
            "when a creature enters the battlefield, draw a card",
            "Cadaver Imp"
        ));
        assert!(!enters_sentence("when ~ dies, draw a card", "Cadaver Imp"));
    }

    #[test]
    fn discards_mills_and_destroys_are_read() {
        assert_eq!(
            claims("Target opponent discards two cards."),
            vec![Claim::Discard(Who::Opponent, 2)]
        );
        assert_eq!(claims("Discard a card."), vec![Claim::Discard(Who::You, 1)]);
        assert_eq!(
            claims("Target player mills three cards."),
            vec![Claim::Mill(Who::Any, 3)]
        );
        assert_eq!(
            claims("Put the top two cards of your library into your graveyard."),
            vec![Claim::Mill(Who::You, 2)]
        );
        assert_eq!(claims("Destroy target artifact."), vec![Claim::Destroy]);
        // Another destination said: the graveyard is not the only place a card may go.
        assert!(
            claims("Destroy target creature. Return a card from your graveyard to your hand.")
                .iter()
                .all(|c| *c != Claim::Destroy)
        );
        assert!(claims("Each player discards a card.").is_empty());
        // A verb without its subject is not read as "you".
        assert_eq!(
            claims(
                "Each opponent discards a card, then puts the top card of their library into their graveyard."
            ),
            vec![
                Claim::Discard(Who::Opponent, 1),
                Claim::Mill(Who::Opponent, 1)
            ]
        );
        assert!(claims("Puts the top card of their library into their graveyard.").is_empty());
    }

    #[test]
    fn the_wrong_player_discards_and_a_destroyed_card_is_exiled() {
        let discarded = |player| Event::Discarded {
            player,
            count: 1,
            sure: Sure::Literal,
            who: Sure::Derived,
        };
        assert_eq!(
            check("Each opponent discards a card.", &[discarded(0)]).as_deref(),
            Some("made its controller discard")
        );
        assert_eq!(
            check("Each opponent discards a card.", &[discarded(1)]),
            None
        );
        let guessed = Event::Discarded {
            player: 0,
            count: 1,
            sure: Sure::Literal,
            who: Sure::Guessed,
        };
        assert_eq!(check("Each opponent discards a card.", &[guessed]), None);
        let moved = |to| Event::Moved {
            card: 3,
            from: Zone::Battlefield,
            to,
            player: 1,
        };
        assert_eq!(
            check("Destroy target creature.", &[moved(Zone::Exile)]).as_deref(),
            Some("put the card into exile instead of destroying it")
        );
        assert_eq!(
            check("Destroy target creature.", &[moved(Zone::Graveyard)]),
            None
        );
        assert_eq!(check("Destroy target creature.", &[]), None);
    }

    fn drew(player: PlayerId, count: i32, sure: Sure) -> Event {
        Event::Drew {
            player,
            count,
            sure,
            who: Sure::Literal,
        }
    }

    fn check(text: &str, events: &[Event]) -> Option<String> {
        sentences(text, "Test Card", true)
            .iter()
            .find_map(|s| contradiction(s, events, 7))
    }

    #[test]
    fn computed_amounts_are_compared_literal_ones_are_left_to_the_rules() {
        assert_eq!(
            check("Draw two cards.", &[drew(0, 1, Sure::Derived)]).as_deref(),
            Some("drew 1 card")
        );
        assert_eq!(check("Draw two cards.", &[drew(0, 1, Sure::Literal)]), None);
        assert_eq!(check("Draw two cards.", &[drew(0, 1, Sure::Guessed)]), None);
        assert_eq!(check("Draw two cards.", &[drew(0, 2, Sure::Derived)]), None);
        assert_eq!(
            check("Draw two cards.", &[drew(1, 2, Sure::Literal)]).as_deref(),
            Some("made the opponent draw")
        );
        assert_eq!(check("Draw two cards.", &[]), None);
    }
}
