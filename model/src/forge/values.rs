//! The values a Forge version compares a parameter with, per scope (`value` facts): the words of
//! a closed domain, the enums a value is parsed as, and what the engine does with a value
//! outside them. A scope that reads a key without a `value` fact uses its value openly.

use super::facts::{FactKind, Facts};
use super::vocab::{Map, Set};

/// What the engine does with a value outside the domain, from the mildest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reaction {
    /// No branch takes it: the code goes on as if no comparison had matched.
    #[default]
    Ignores,
    /// An `else`, a `default:` or the other branch of a ternary takes it.
    Fallback,
    /// It is compared with a value known only at run time (`phase.equals(currentPhase)`): it
    /// may match, so the words are not the whole domain.
    Runtime,
    /// An exception ends the resolution: the card breaks.
    Throws,
}

impl Reaction {
    fn parse(s: &str) -> Reaction {
        match s {
            "throws" => Reaction::Throws,
            "fallback" => Reaction::Fallback,
            "runtime" => Reaction::Runtime,
            _ => Reaction::Ignores,
        }
    }
}

/// How a domain word is compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    Exact,
    IgnoreCase,
    /// The value the engine uses when the key is absent.
    Default,
    /// The value starts with the word (what follows is the word's business).
    Prefix,
    Suffix,
    Contains,
}

/// A word of a domain.
#[derive(Clone, Copy, Debug)]
pub struct ValueWord {
    pub word: &'static str,
    pub how: How,
    /// Where the engine compares it (`path:line`).
    pub location: &'static str,
}

impl ValueWord {
    pub fn matches(&self, value: &str) -> bool {
        match self.how {
            How::Exact | How::Default => self.word == value,
            How::IgnoreCase => self.word.eq_ignore_ascii_case(value),
            How::Prefix => value.starts_with(self.word),
            How::Suffix => value.ends_with(self.word),
            How::Contains => value.contains(self.word),
        }
    }
}

/// How the engine cuts a value into pieces (a Java regex of the simple kinds the engine uses:
/// a literal, or a character class such as `[, ]+`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Separator {
    Literal(&'static str),
    Chars(Vec<char>),
}

impl Separator {
    /// Reads a Java regex; `None` for a form it does not know (the value is then not checked).
    pub fn parse(regex: &'static str) -> Option<Separator> {
        let special = |c: char| "\\^$.|?*+()[]{}".contains(c);
        if let Some(inner) = regex
            .strip_prefix('[')
            .and_then(|r| r.strip_suffix("]+").or_else(|| r.strip_suffix(']')))
        {
            let chars: Vec<char> = inner.chars().collect();
            return (!chars.is_empty() && chars.iter().all(|&c| !"\\^[]-".contains(c)))
                .then_some(Separator::Chars(chars));
        }
        (!regex.is_empty() && !regex.chars().any(special)).then_some(Separator::Literal(regex))
    }

    /// The pieces of `text` with their byte offsets (empty pieces skipped, blanks trimmed).
    pub fn pieces<'t>(&self, text: &'t str) -> Vec<(usize, &'t str)> {
        let mut out = Vec::new();
        let mut push = |start: usize, piece: &'t str| {
            let lead = piece.len() - piece.trim_start().len();
            let p = piece.trim();
            if !p.is_empty() {
                out.push((start + lead, p));
            }
        };
        match self {
            Separator::Literal(sep) => {
                let mut start = 0;
                for (i, _) in text.match_indices(sep) {
                    push(start, &text[start..i]);
                    start = i + sep.len();
                }
                push(start, &text[start..]);
            }
            Separator::Chars(set) => {
                let mut start = 0;
                for (i, c) in text.char_indices() {
                    if set.contains(&c) {
                        push(start, &text[start..i]);
                        start = i + c.len_utf8();
                    }
                }
                push(start, &text[start..]);
            }
        }
        out
    }
}

/// An enum the value is parsed as.
#[derive(Clone, Debug)]
pub struct EnumDomain {
    /// The enum's simple name (`ZoneType`).
    pub name: &'static str,
    pub ignore_case: bool,
    /// The parse compares the constants' names; otherwise a field of theirs (a display name).
    pub by_name: bool,
    /// The parse cuts the value into a list first.
    pub list: Option<Separator>,
    /// The list separator could not be read: the value is not checked.
    pub unreadable: bool,
}

/// What one scope of one version does with the value of one key.
#[derive(Clone, Debug, Default)]
pub struct ValueDomain {
    pub words: Vec<ValueWord>,
    pub enums: Vec<EnumDomain>,
    /// The engine cuts the value into pieces and compares each.
    pub split: Option<Separator>,
    /// The split separator could not be read: the value is not checked.
    pub unreadable: bool,
    pub outside: Reaction,
    /// Where `outside` is decided.
    pub location: &'static str,
    /// The scope only tests whether the key is there; any value does.
    pub presence_only: bool,
}

/// Every scope's value domains, by (scope as the params table names it, key).
#[derive(Default)]
pub struct Values {
    /// Scope → key → domain.
    pub domains: Map<&'static str, Map<&'static str, ValueDomain>>,
    /// The constants of the enums compared by name.
    pub constants: Map<&'static str, Vec<&'static str>>,
    /// Every key some scope has a row for.
    keys: Set<&'static str>,
    /// Keys whose value names an SVar the engine sets while the card is played
    /// (`ResultSVar$` of RollDice, `ExcessSVar$` of DealDamage).
    svar_setters: Set<&'static str>,
}

/// `"[, ]+"` → `[, ]+`.
fn unquote(s: &'static str) -> &'static str {
    s.strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(s)
}

impl Values {
    /// Reads the `value` facts.
    pub fn build(facts: &Facts) -> Values {
        let mut v = Values::default();
        for f in facts.of_kind(FactKind::Value) {
            if let Some(en) = f.name.strip_prefix("enum:") {
                if let Some(c) = f.detail.strip_prefix("constant ") {
                    v.constants.entry(en).or_default().push(c);
                }
                continue;
            }
            let mut parts = f.detail.splitn(3, ' ');
            let (Some(scope), Some(how), Some(rest)) = (parts.next(), parts.next(), parts.next())
            else {
                continue;
            };
            let scope = scope.strip_prefix("api:").unwrap_or(scope);
            // Not a domain: the value names an SVar the engine sets (`ResultSVar$`).
            if how == "sets-svar" {
                v.svar_setters.insert(f.name);
                continue;
            }
            v.keys.insert(f.name);
            let d = v
                .domains
                .entry(scope)
                .or_default()
                .entry(f.name)
                .or_default();
            let word = |how| ValueWord {
                word: rest,
                how,
                location: f.location,
            };
            match how {
                "exact" => d.words.push(word(How::Exact)),
                "ignore-case" => d.words.push(word(How::IgnoreCase)),
                "default" => d.words.push(word(How::Default)),
                "prefix" => d.words.push(word(How::Prefix)),
                "suffix" => d.words.push(word(How::Suffix)),
                "contains" => d.words.push(word(How::Contains)),
                "enum" => {
                    // `<Enum> <flags>[ list "<regex>"]`
                    let mut p = rest.splitn(3, ' ');
                    let (Some(name), Some(flags)) = (p.next(), p.next()) else {
                        continue;
                    };
                    let flags: Vec<&str> = flags.split(',').collect();
                    let list = p
                        .next()
                        .and_then(|l| l.strip_prefix("list "))
                        .map(|r| Separator::parse(unquote(r)));
                    d.enums.push(EnumDomain {
                        name,
                        ignore_case: flags.contains(&"ignore-case"),
                        by_name: !flags.contains(&"by-field"),
                        unreadable: matches!(list, Some(None)),
                        list: list.flatten(),
                    });
                }
                "split" => match Separator::parse(unquote(rest)) {
                    Some(s) => d.split = Some(s),
                    None => d.unreadable = true,
                },
                "outside" => {
                    d.outside = Reaction::parse(rest);
                    d.location = f.location;
                }
                "presence" => {
                    d.presence_only = true;
                    d.location = f.location;
                }
                _ => {}
            }
        }
        v
    }

    /// The domain of `key` in `scope` (the params table's scope name: the bare ApiType,
    /// `trigger:<Mode>`, `common:ability`...), when the scope compares its value.
    pub fn domain(&self, scope: &str, key: &str) -> Option<&ValueDomain> {
        self.domains.get(scope)?.get(key)
    }

    /// Whether any scope has a domain (or a presence row) for `key`.
    /// Whether the value of `key` names an SVar the engine sets at run time.
    pub fn sets_svar(&self, key: &str) -> bool {
        self.svar_setters.contains(key)
    }

    pub fn has_key(&self, key: &str) -> bool {
        self.keys.contains(key)
    }

    /// The constants of an enum compared by name.
    pub fn constants(&self, name: &str) -> &[&'static str] {
        self.constants.get(name).map_or(&[], Vec::as_slice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators() {
        let s = Separator::parse("[, ]+").unwrap();
        assert_eq!(
            s.pieces("Hand, Graveyard"),
            vec![(0, "Hand"), (6, "Graveyard")]
        );
        let s = Separator::parse(" & ").unwrap();
        assert_eq!(
            s.pieces("First Strike & Trample"),
            vec![(0, "First Strike"), (15, "Trample")]
        );
        assert_eq!(
            Separator::parse(",").unwrap().pieces("Double Strike,P1P1"),
            vec![(0, "Double Strike"), (14, "P1P1")]
        );
        assert!(Separator::parse("\\s*,\\s*").is_none());
    }

    #[test]
    fn reads_value_facts() {
        let facts = Facts::parse(
            "# cardlint forge vocabulary v1\n\
             value\tType\tapi:StoreSVar exact Count\tA.java:3\n\
             value\tType\tapi:StoreSVar ignore-case calculate\tA.java:4\n\
             value\tType\tapi:StoreSVar outside ignores\tA.java:3\n\
             value\tZone\tapi:Dig enum ZoneType ignore-case list \"[, ]+\"\tB.java:9\n\
             value\tZone\tapi:Dig outside throws\tB.java:9\n\
             value\tZone\tcommon:ai presence -\tC.java:1\n\
             value\tenum:Dir\tconstant Left\tD.java:2\n",
        );
        let v = Values::build(&facts);
        let d = v.domain("StoreSVar", "Type").unwrap();
        assert_eq!(d.words.len(), 2);
        assert!(d.words[1].matches("Calculate"));
        assert!(!d.words[0].matches("count"));
        assert_eq!(d.outside, Reaction::Ignores);
        let z = v.domain("Dig", "Zone").unwrap();
        assert_eq!(z.outside, Reaction::Throws);
        assert!(z.enums[0].ignore_case && z.enums[0].list.is_some());
        assert!(v.domain("common:ai", "Zone").unwrap().presence_only);
        assert_eq!(v.constants("Dir"), ["Left"]);
    }
}
