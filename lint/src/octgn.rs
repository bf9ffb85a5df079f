//! What the two OCTGN dialects (Netrunner AutoScripts, RuleScript) share: the games' ids, how a
//! set file names its game, the set-file and script-module markers that tell them apart, the
//! cards of a set file (the GUIDs scripts are looked up by) and the GUID checks over them.

use model::Dialect;
use std::collections::HashMap;
use syntax::TextRange;
use syntax::xml::{self, Event};

/// OCTGN game ids of the games whose set files belong to a dialect.
pub(crate) const NETRUNNER_GAME_IDS: &[&str] = &[
    // Android: Netrunner (db0/Android-Netrunner-OCTGN)
    "0f38e453-26df-4c04-9d67-6d43de939c77",
    // Netrunner 1996 (db0/Netrunner-OCTGN)
    "13568561-7a2e-4572-8f31-3d99580ab245",
];
pub(crate) const RULESCRIPT_GAME_IDS: &[&str] = &[
    // Card Fighters' Clash (raohmaru/CFC)
    "e3d56d9e-900d-49c6-b6ae-22cbb51be153",
];

/// The game id (`gameId="..."`) of an OCTGN set file, lower-cased.
pub fn octgn_game_id(text: &str) -> Option<String> {
    // Cut on a character boundary (a slice at a fixed byte may fall inside one).
    let head = &text[..text.floor_char_boundary(text.len().min(4096))];
    let at = head.find("gameId=\"")? + 8;
    let end = head[at..].find('"')?;
    Some(head[at..at + end].to_ascii_lowercase())
}

/// Whether a game id is Netrunner 1996 (the classic game).
pub fn is_classic_netrunner(game_id: &str) -> bool {
    game_id == NETRUNNER_GAME_IDS[1]
}

/// OCTGN files by content: a set file of a known game (by its `gameId`), a set file with
/// `AutoScript`/`AutoAction` properties, or a script module holding the card scripts.
pub(crate) fn detect_by_content(text: &str) -> Option<Dialect> {
    let text = text.trim_start_matches('\u{feff}');
    if text.starts_with("<?xml") || text.starts_with("<set") {
        if let Some(game) = octgn_game_id(text) {
            if NETRUNNER_GAME_IDS.contains(&game.as_str()) {
                return Some(Dialect::NETRUNNER);
            }
            if RULESCRIPT_GAME_IDS.contains(&game.as_str()) {
                return Some(Dialect::RULESCRIPT);
            }
        }
        if text.contains("<property name=\"AutoScript\"") {
            return Some(Dialect::NETRUNNER);
        }
        return None;
    }
    if text.starts_with("ScriptsLocal = '''") || text.contains("\nScriptsLocal = '''") {
        return Some(Dialect::NETRUNNER);
    }
    if text.contains("\nRulesDict[\"") || text.contains("\nRulesDict = {}") {
        return Some(Dialect::RULESCRIPT);
    }
    None
}

/// The OCTGN script modules, by their place in a game definition (`o8g/Scripts/`).
pub(crate) fn detect_by_path(dirs: &str, name: &str) -> Option<Dialect> {
    if !(dirs == "Scripts" || dirs.ends_with("/Scripts")) {
        return None;
    }
    match name {
        "CardScripts.py" => Some(Dialect::NETRUNNER),
        "card_rules.py" | "cardsRules.py" => Some(Dialect::RULESCRIPT),
        _ => None,
    }
}

/// Whether a text is XML (an OCTGN set file) rather than a script module.
pub(crate) fn is_xml(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('<')
}

/// A `<card>` of an OCTGN set file.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct SetCard {
    /// The `id` attribute (the GUID), trimmed and lower-cased, as the engines look it up.
    pub id: Option<String>,
    /// The `name` attribute, entities decoded.
    pub name: String,
    /// The `<property name= value=>` children: raw name, decoded value.
    pub properties: Vec<(String, String)>,
}

impl SetCard {
    pub fn property(&self, name: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The cards of a set file in document order; `None` when the text is not XML.
pub(crate) fn set_cards(text: &str) -> Option<Vec<SetCard>> {
    if !is_xml(text) {
        return None;
    }
    let mut cards = Vec::new();
    let mut current: Option<SetCard> = None;
    for event in xml::Scanner::new(text) {
        match event {
            Event::Start { name, attrs, .. } => match xml::slice(text, name) {
                "card" => {
                    cards.extend(current.take());
                    current = Some(SetCard {
                        id: xml::attr_value(text, &attrs, "id")
                            .map(|id| id.trim().to_ascii_lowercase()),
                        name: xml::attr_value(text, &attrs, "name")
                            .map(xml::decode)
                            .unwrap_or_default(),
                        properties: Vec::new(),
                    });
                }
                "property" => {
                    if let Some(card) = current.as_mut() {
                        let name = xml::attr_value(text, &attrs, "name").unwrap_or("");
                        let value = xml::attr_value(text, &attrs, "value")
                            .map(xml::decode)
                            .unwrap_or_default();
                        card.properties.push((name.to_string(), value));
                    }
                }
                _ => {}
            },
            Event::End { name, .. } if xml::slice(text, name) == "card" => {
                cards.extend(current.take());
            }
            _ => {}
        }
    }
    cards.extend(current.take());
    Some(cards)
}

/// The GUIDs of a script module that repeat an earlier one (compared lower-cased): each repeat's
/// range with the range of the first. Both engines keep the later entry and lose the first.
pub(crate) fn repeated_guids(
    guids: impl IntoIterator<Item = (String, TextRange)>,
) -> Vec<(TextRange, TextRange)> {
    let mut seen: HashMap<String, TextRange> = HashMap::new();
    let mut out = Vec::new();
    for (guid, range) in guids {
        let key = guid.to_ascii_lowercase();
        match seen.get(&key) {
            Some(&first) => out.push((range, first)),
            None => {
                seen.insert(key, range);
            }
        }
    }
    out
}
