//! What the two OCTGN dialects (Netrunner AutoScripts, RuleScript) share: the games' ids, how a
//! set file names its game, and the set-file and script-module markers that tell them apart.

use model::Dialect;

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
    let head = &text[..text.len().min(4096)];
    let head = &head[..head.floor_char_boundary(head.len())];
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
