//! How the Wagic card reader dispatches a key: mostly on its first character, with a few more
//! character tests. A misspelt key is often read as another one, or dropped.

/// What the engine does with a `key=value` line of a card block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyMeaning {
    AiCode,
    Auto,
    /// `auto<zone>`: abilities active while the card is in that zone.
    AutoZone,
    Alias,
    Abilities,
    AnyZone,
    Bestow,
    Backside,
    Buyback,
    CrewBonus,
    Color,
    DoubleFaced,
    Dredge,
    /// `facedown=` (morph cost): any `f` key on a line that contains `facedown`.
    FaceDown,
    Flashback,
    Grade,
    Id,
    Kicker,
    Modular,
    Mana,
    Name,
    OtherRestriction,
    Other,
    PhasedOutBonus,
    Primitive,
    Partner,
    Power,
    Restrictions,
    Retrace,
    Rarity,
    Suspend,
    Subtype,
    Target,
    Text,
    Type,
    Toughness,
    /// Dropped without a word.
    Ignored,
    /// Dropped with a debug message (keys starting with an unknown character).
    Unknown,
}

/// The engine's dispatch of `key` on the line `line` (the whole `key=value` text).
pub fn key_meaning(key: &str, line: &str) -> KeyMeaning {
    key_meaning_by(key, |word| line.contains(word))
}

/// `key_meaning`, asking `line_contains` whether the line holds a word: the line is read only
/// for the few keys whose meaning depends on it (`f`, `r`, `s` keys), so a caller holding a
/// tree need not build the line's text for the others.
pub fn key_meaning_by(key: &str, line_contains: impl FnOnce(&str) -> bool) -> KeyMeaning {
    use KeyMeaning::*;
    let b = key.as_bytes();
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    match at(0) {
        b'a' => match key {
            "aicode" => AiCode,
            "auto" => Auto,
            "alias" => Alias,
            "abilities" => Abilities,
            "anyzone" => AnyZone,
            _ if key.starts_with("auto") => AutoZone,
            _ => Ignored,
        },
        b'b' => match (at(1), at(2)) {
            (b'e', b's') => Bestow,
            (b'a', b'c') => Backside,
            _ => Buyback,
        },
        b'c' => {
            if key == "crewbonus" {
                CrewBonus
            } else {
                Color
            }
        }
        b'd' => {
            if key == "doublefaced" {
                DoubleFaced
            } else {
                Dredge
            }
        }
        b'f' => {
            if line_contains("facedown") {
                FaceDown
            } else {
                Flashback
            }
        }
        b'g' => Grade,
        b'i' => Id,
        b'k' => Kicker,
        b'm' => {
            if key == "modular" {
                Modular
            } else {
                Mana
            }
        }
        b'n' => Name,
        b'o' => {
            if at(5) == b'r' {
                OtherRestriction
            } else {
                Other
            }
        }
        b'p' => {
            if key == "phasedoutbonus" {
                PhasedOutBonus
            } else if at(1) == b'r' {
                Primitive
            } else if at(1) == b'a' && at(2) == b'r' {
                Partner
            } else {
                Power
            }
        }
        b'r' => {
            if at(2) == b's' && at(3) == b't' {
                Restrictions
            } else if at(1) == b'e' && at(2) == b't' {
                Retrace
            } else if line_contains("rar") {
                Rarity
            } else {
                Ignored
            }
        }
        b's' => {
            if line_contains("suspend") {
                Suspend
            } else {
                Subtype
            }
        }
        b't' => match key {
            "target" => Target,
            "text" => Text,
            "type" => Type,
            "toughness" => Toughness,
            _ => Ignored,
        },
        _ => Unknown,
    }
}

impl KeyMeaning {
    /// The value is ability code (parsed as `AUTO`).
    pub fn is_ability(self) -> bool {
        use KeyMeaning::*;
        matches!(
            self,
            Auto | AutoZone | AnyZone | CrewBonus | PhasedOutBonus | AiCode
        )
    }

    /// The value is a cost string.
    pub fn is_cost(self) -> bool {
        use KeyMeaning::*;
        matches!(
            self,
            Mana | Kicker | Other | Buyback | Flashback | Retrace | Bestow | FaceDown | Suspend
        )
    }

    /// The canonical spelling of the key, where there is one.
    pub fn canonical_key(self) -> Option<&'static str> {
        use KeyMeaning::*;
        Some(match self {
            AiCode => "aicode",
            Auto => "auto",
            Alias => "alias",
            Abilities => "abilities",
            AnyZone => "anyzone",
            Bestow => "bestow",
            Backside => "backside",
            Buyback => "buyback",
            CrewBonus => "crewbonus",
            Color => "color",
            DoubleFaced => "doublefaced",
            Dredge => "dredge",
            FaceDown => "facedown",
            Flashback => "flashback",
            Grade => "grade",
            Id => "id",
            Kicker => "kicker",
            Modular => "modular",
            Mana => "mana",
            Name => "name",
            OtherRestriction => "otherrestriction",
            Other => "other",
            PhasedOutBonus => "phasedoutbonus",
            Primitive => "primitive",
            Partner => "partner",
            Power => "power",
            Restrictions => "restrictions",
            Retrace => "retrace",
            Rarity => "rarity",
            Subtype => "subtype",
            Target => "target",
            Text => "text",
            Type => "type",
            Toughness => "toughness",
            AutoZone | Suspend | Ignored | Unknown => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{KeyMeaning::*, key_meaning};

    #[test]
    fn first_letter_traps() {
        assert_eq!(key_meaning("primitve", "primitve=Forest"), Primitive);
        assert_eq!(key_meaning("Power", "Power=2"), Unknown);
        assert_eq!(key_meaning("trample", "trample=abilities"), Ignored);
        assert_eq!(key_meaning("colour", "colour=red"), Color);
        assert_eq!(key_meaning("autohand", "autohand=x"), AutoZone);
        assert_eq!(key_meaning("restriction", "restriction=x"), Restrictions);
        assert_eq!(key_meaning("rarity", "rarity=C"), Rarity);
        assert_eq!(key_meaning("suspend(3)", "suspend(3)={1}{r}"), Suspend);
        assert_eq!(key_meaning("facedown", "facedown={3}"), FaceDown);
        assert_eq!(
            key_meaning("otherrestriction", "otherrestriction=x"),
            OtherRestriction
        );
    }
}
