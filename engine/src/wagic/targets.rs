//! Target specifications (README §10), read the way Wagic's target-chooser factory reads them:
//! special whole specs first, then `|zones`, then `<count>`, then the comma list of types, where a
//! `[...]` after a type turns the chooser into a card descriptor (attributes ANDed or ORed).

use super::basic::BASIC_ABILITIES;
use crate::core::game::Zone;

pub const UNLIMITED: i32 = 1000;

/// Whose zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whose {
    My,
    Opponent,
    Both,
    /// The owner of the card being tested.
    Owner,
    /// The controller of the ability's target.
    TargetController,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZoneSel {
    pub whose: Whose,
    pub zone: Zone,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attr {
    Attacking,
    Blocking,
    Blocked,
    Tapped,
    Token,
    Fresh,
    Leveler,
    Enchanted,
    Damaged,
    /// Dealt damage this turn (to a creature or a player).
    Damager,
    Multicolor,
    Power(Cmp, String),
    Toughness(Cmp, String),
    ManaCost(Cmp, String),
    Counter(String),
    AnyCounter,
    Color(usize),
    ChosenColor,
    ChosenType,
    Ability(usize),
    Type(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    AtMost,
    AtLeast,
    Equal,
    Greater,
    Less,
    Unequal,
}

impl Cmp {
    pub fn test(self, v: i32, c: i32) -> bool {
        match self {
            Cmp::AtMost => v <= c,
            Cmp::AtLeast => v >= c,
            Cmp::Equal => v == c,
            Cmp::Greater => v > c,
            Cmp::Less => v < c,
            Cmp::Unequal => v != c,
        }
    }
}

/// A `[...]` descriptor (Wagic's CardDescriptor).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Descriptor {
    pub or_mode: bool,
    /// (negated, attribute)
    pub attrs: Vec<(bool, Attr)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TcKind {
    Blockable,
    /// `mytgt`: the card this is attached to / the ability's target.
    MyTgt,
    TargetedPlayer,
    Opponent,
    Controller,
    Trigger,
    /// Any player.
    Player,
    /// A player or a creature.
    Damageable,
    Proliferation,
    MyCurses,
    /// `*`
    Any,
    This,
    MyStored,
    Types(Vec<String>),
    /// One type (None for `*`) with a descriptor.
    Descriptor(Option<String>, Descriptor),
    /// The factory returned nothing (a `[...]` on a multi-type list, `children`...).
    Invalid,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetSpec {
    pub kind: TcKind,
    pub zones: Vec<ZoneSel>,
    pub max: String,
    pub upto: bool,
    pub other: bool,
    /// False for `notatarget(...)` and trigger specs: protections do not apply.
    pub targetting: bool,
    pub raw: String,
}

/// A zone word (`mybattlefield`, `graveyard`, `*`...) as selectors; empty if unknown.
pub fn zone_word(word: &str) -> Vec<ZoneSel> {
    use Whose::*;
    let both = |z| {
        vec![ZoneSel {
            whose: Both,
            zone: z,
        }]
    };
    match word {
        "*" => {
            let mut v = Vec::new();
            for z in [
                Zone::Battlefield,
                Zone::Graveyard,
                Zone::Hand,
                Zone::Library,
                Zone::Exile,
                Zone::Stack,
            ] {
                v.push(ZoneSel {
                    whose: Both,
                    zone: z,
                });
            }
            return v;
        }
        "graveyard" => return both(Zone::Graveyard),
        "battlefield" | "inplay" => return both(Zone::Battlefield),
        "hand" => return both(Zone::Hand),
        "library" => return both(Zone::Library),
        "stack" => return both(Zone::Stack),
        "exile" | "removedfromgame" => return both(Zone::Exile),
        "commandzone" => return both(Zone::Command),
        "reveal" => return both(Zone::Reveal),
        "sideboard" => return both(Zone::Sideboard),
        "temp" => return both(Zone::Temp),
        "nonbattlezone" => {
            let mut v = Vec::new();
            for z in [Zone::Graveyard, Zone::Library, Zone::Hand, Zone::Exile] {
                v.push(ZoneSel {
                    whose: Both,
                    zone: z,
                });
            }
            return v;
        }
        _ => {}
    }
    // Compound zones of later engines: every zone of that player.
    if word.ends_with("zones")
        || word.ends_with("castingzone")
        || word.ends_with("commandplay")
        || word.contains("graveexile")
        || word.contains("gravelibrary")
        || word.contains("handlibrary")
        || word.contains("handexilegrave")
        || word.contains("nonplaynonexile")
        || word.contains("battlefieldhand")
    {
        let whose = if word.starts_with("opponent") {
            Opponent
        } else {
            My
        };
        return [
            Zone::Battlefield,
            Zone::Graveyard,
            Zone::Hand,
            Zone::Library,
            Zone::Exile,
            Zone::Command,
        ]
        .into_iter()
        .map(|zone| ZoneSel { whose, zone })
        .collect();
    }
    let (whose, rest) = if let Some(r) = word.strip_prefix("my") {
        (My, r)
    } else if let Some(r) = word.strip_prefix("opponent") {
        (Opponent, r)
    } else if let Some(r) = word.strip_prefix("targetcontroller") {
        (TargetController, r)
    } else if let Some(r) = word.strip_prefix("targetedpersons") {
        (Both, r)
    } else if let Some(r) = word.strip_prefix("targetowner") {
        (Owner, r)
    } else if let Some(r) = word.strip_prefix("owner") {
        (Owner, r)
    } else {
        return Vec::new();
    };
    let zone = match rest {
        "battlefield" | "inplay" => Zone::Battlefield,
        "graveyard" => Zone::Graveyard,
        "hand" => Zone::Hand,
        "library" => Zone::Library,
        "stack" => Zone::Stack,
        "exile" | "removedfromgame" => Zone::Exile,
        "commandzone" => Zone::Command,
        "reveal" => Zone::Reveal,
        "sideboard" => Zone::Sideboard,
        "temp" => Zone::Temp,
        _ => return Vec::new(),
    };
    vec![ZoneSel { whose, zone }]
}

/// Parses a target specification.
pub fn parse(spec: &str) -> TargetSpec {
    let raw = spec.to_string();
    let mut s = spec.to_string();
    let mk = |kind: TcKind, zones: Vec<ZoneSel>| TargetSpec {
        kind,
        zones,
        max: "1".into(),
        upto: false,
        other: false,
        targetting: true,
        raw: raw.clone(),
    };
    let default_zones = vec![ZoneSel {
        whose: Whose::Both,
        zone: Zone::Battlefield,
    }];
    if s.is_empty() {
        return mk(TcKind::Invalid, Vec::new());
    }
    if s.contains("anytarget") {
        let mut t = mk(TcKind::Damageable, default_zones);
        if let Some(l) = s.find('<')
            && let Some(e) = s[l..].find('>')
        {
            t.max = s[l + 1..l + e].to_string();
        }
        return t;
    }
    if s.contains("blockable") {
        return mk(TcKind::Blockable, default_zones);
    }
    if s.starts_with("mytgt") {
        return mk(TcKind::MyTgt, default_zones);
    }
    if s.starts_with("targetedplayer") {
        return mk(TcKind::TargetedPlayer, Vec::new());
    }
    if s.starts_with("opponent") {
        return mk(TcKind::Opponent, Vec::new());
    }
    if s.starts_with("controller") {
        return mk(TcKind::Controller, Vec::new());
    }
    let mut other = false;
    if let Some(i) = s.find("other ") {
        other = true;
        s.replace_range(i..i + 6, "");
    }
    if s.starts_with("trigger") {
        return mk(TcKind::Trigger, Vec::new());
    }
    if s.contains("player") {
        let mut t = if s.contains("creature") {
            mk(TcKind::Damageable, default_zones)
        } else {
            mk(TcKind::Player, Vec::new())
        };
        if s.contains("<anyamount>") {
            t.max = UNLIMITED.to_string();
        }
        t.other = other;
        return t;
    }
    if s.contains("mycurses") {
        return mk(TcKind::MyCurses, default_zones);
    }
    if s.contains("proliferation") {
        return mk(TcKind::Proliferation, default_zones);
    }
    let (mut types_part, zones) = match s.find('|') {
        Some(i) => {
            let mut zones = Vec::new();
            for z in s[i + 1..].split([',', '^']) {
                zones.extend(zone_word(z));
            }
            // No known zone left: a typed spec falls back to both battlefields, `*` matches nothing.
            if zones.is_empty() && s[..i].trim() != "*" {
                zones = default_zones;
            }
            (s[..i].to_string(), zones)
        }
        None => (s.clone(), default_zones),
    };
    let mut max = "1".to_string();
    let mut upto = false;
    if let Some(l) = types_part.find('<')
        && let Some(e) = types_part[l..].find('>').map(|e| e + l)
    {
        let howmany = &types_part[l + 1..e];
        if let Some(u) = howmany.find("upto:") {
            max = howmany[u + 5..].to_string();
            upto = true;
        } else {
            max = howmany.to_string();
        }
        if howmany.contains("anyamount") {
            max = UNLIMITED.to_string();
            upto = true;
        }
        types_part = types_part[e + 1..].to_string();
    }
    let mut spec = TargetSpec {
        kind: TcKind::Invalid,
        zones,
        max,
        upto,
        other,
        targetting: true,
        raw,
    };
    if types_part.contains("children") || types_part.contains("parents") {
        return spec;
    }
    let mut types: Vec<String> = Vec::new();
    let mut descriptor: Option<(Option<String>, Descriptor)> = None;
    for piece in types_part.split(',') {
        if let Some(open) = piece.find('[') {
            if descriptor.is_some() || !types.is_empty() {
                return spec; // Invalid
            }
            let close = piece.find(']').unwrap_or(piece.len());
            let attrs = &piece[open + 1..close.max(open + 1)];
            let d = parse_descriptor(attrs);
            let ty = piece[..open].trim().to_string();
            descriptor = Some(((ty != "*").then_some(ty), d));
        } else {
            if descriptor.is_some() {
                return spec; // Invalid: types after a descriptor
            }
            let t = piece.trim().to_string();
            if types.is_empty() {
                if t == "*" {
                    spec.kind = TcKind::Any;
                    return spec;
                }
                if t == "this" {
                    spec.kind = TcKind::This;
                    return spec;
                }
                if t == "mystored" {
                    spec.kind = TcKind::MyStored;
                    return spec;
                }
            }
            types.push(t);
        }
    }
    spec.kind = match descriptor {
        Some((ty, d)) => TcKind::Descriptor(ty, d),
        None => TcKind::Types(types),
    };
    spec
}

fn parse_descriptor(attributes: &str) -> Descriptor {
    let mut d = Descriptor::default();
    let mut rest = attributes.to_string();
    let mut minuses = 0;
    while !rest.is_empty() {
        let semi = rest.find(';');
        let amp = rest.find('&');
        let attribute;
        if let Some(i) = semi {
            d.or_mode = true;
            attribute = rest[..i].to_string();
            rest = rest[i + 1..].to_string();
        } else if let Some(i) = amp {
            d.or_mode = false;
            attribute = rest[..i].to_string();
            rest = rest[i + 1..].to_string();
        } else {
            attribute = std::mem::take(&mut rest);
        }
        let mut attribute = attribute;
        let minus = attribute.starts_with('-');
        if minus {
            minuses += 1;
            attribute.remove(0);
        }
        let mut cmp: Option<(Cmp, String)> = None;
        // The engine looks for `=` from the second byte; no `=` lies inside the first character,
        // so the search starts after it (a slice at byte 1 may fall inside it).
        let skip = attribute.chars().next().map_or(1, char::len_utf8);
        if attribute.len() > 1
            && let Some(op) = attribute[skip.min(attribute.len())..]
                .find('=')
                .map(|i| i + skip)
        {
            let number = attribute[op + 1..].to_string();
            let (mode, name_end) = match attribute.as_bytes()[op - 1] {
                b'<' => (if minus { Cmp::Greater } else { Cmp::AtMost }, op - 1),
                b'>' => (if minus { Cmp::Less } else { Cmp::AtLeast }, op - 1),
                _ => (if minus { Cmp::Unequal } else { Cmp::Equal }, op),
            };
            cmp = Some((mode, number));
            attribute.truncate(name_end);
        }
        let a = &attribute;
        let attr = if a.contains("attacking") {
            Attr::Attacking
        } else if a.contains("blocking") {
            Attr::Blocking
        } else if a.contains("blocked") {
            Attr::Blocked
        } else if a.contains("tapped") {
            Attr::Tapped
        } else if a.contains("token") {
            Attr::Token
        } else if a.contains("fresh") {
            Attr::Fresh
        } else if a.contains("leveler") {
            Attr::Leveler
        } else if a.contains("enchanted") {
            Attr::Enchanted
        } else if a.contains("damaged") {
            Attr::Damaged
        } else if a.contains("damager")
            && !a.contains("opponentdamager")
            && !a.contains("controllerdamager")
        {
            Attr::Damager
        } else if a.contains("multicolor") {
            Attr::Multicolor
        } else if a.contains("power") {
            let (c, n) = cmp.clone().unwrap_or((Cmp::Equal, "0".into()));
            Attr::Power(c, n)
        } else if a.contains("toughness") {
            let (c, n) = cmp.clone().unwrap_or((Cmp::Equal, "0".into()));
            Attr::Toughness(c, n)
        } else if a.contains("manacost") {
            let (c, n) = cmp.clone().unwrap_or((Cmp::Equal, "0".into()));
            Attr::ManaCost(c, n)
        } else if a.contains("counter") {
            if a.contains("{any}") {
                Attr::AnyCounter
            } else {
                let s = a.find('{').map(|i| i + 1).unwrap_or(0);
                let e = a.find('}').unwrap_or(a.len());
                Attr::Counter(a[s.min(e)..e].to_string())
            }
        } else {
            let mut found = false;
            for (cid, name) in ["green", "blue", "red", "black", "white"]
                .iter()
                .enumerate()
            {
                if a.contains(name) {
                    found = true;
                    d.attrs.push((minus, Attr::Color(cid + 1)));
                }
            }
            if a.contains("chosencolor") {
                found = true;
                d.attrs.push((minus, Attr::ChosenColor));
            }
            if a.contains("chosentype") {
                found = true;
                d.attrs.push((minus, Attr::ChosenType));
            }
            if !found {
                for (j, name) in BASIC_ABILITIES.iter().enumerate() {
                    if a.contains(name) {
                        found = true;
                        d.attrs.push((minus, Attr::Ability(j)));
                    }
                }
            }
            if !found {
                d.attrs.push((minus, Attr::Type(a.clone())));
            }
            continue;
        };
        d.attrs.push((minus, attr));
    }
    if minuses > 0 {
        d.or_mode = false;
    }
    d
}

impl TargetSpec {
    pub fn max_targets(&self, eval: impl Fn(&str) -> i32) -> i32 {
        if let Ok(n) = self.max.trim().parse::<i32>() {
            n
        } else {
            eval(self.max.trim())
        }
    }

    /// Whether the spec can only ever name players.
    pub fn is_player_only(&self) -> bool {
        matches!(
            self.kind,
            TcKind::Player | TcKind::Opponent | TcKind::Controller | TcKind::TargetedPlayer
        )
    }

    /// Whether the spec can name players.
    pub fn can_name_players(&self) -> bool {
        self.is_player_only() || self.kind == TcKind::Damageable
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds() {
        assert_eq!(parse("creature,player").kind, TcKind::Damageable);
        assert_eq!(parse("player").kind, TcKind::Player);
        assert_eq!(parse("*").kind, TcKind::Any);
        assert_eq!(
            parse("creature|mybattlefield").zones,
            vec![ZoneSel {
                whose: Whose::My,
                zone: Zone::Battlefield
            }]
        );
        assert!(matches!(
            parse("creature[flying]").kind,
            TcKind::Descriptor(..)
        ));
        assert_eq!(parse("creature,artifact[tapped]").kind, TcKind::Invalid);
        let t = parse("<upto:2>creature");
        assert_eq!(t.max, "2");
        assert!(t.upto);
        // An unknown zone is dropped: a typed spec falls back to both battlefields.
        assert_eq!(parse("creature|mybattelfield").zones.len(), 1);
        assert!(parse("*|mybattelfield").zones.is_empty());
    }

    #[test]
    fn descriptor_modes() {
        let TcKind::Descriptor(ty, d) = parse("creature[-black;-artifact]").kind else {
            panic!()
        };
        assert_eq!(ty.as_deref(), Some("creature"));
        assert!(!d.or_mode, "a minus forces AND");
        let TcKind::Descriptor(_, d) = parse("creature[power<=2]").kind else {
            panic!()
        };
        assert_eq!(d.attrs, vec![(false, Attr::Power(Cmp::AtMost, "2".into()))]);
    }
}
