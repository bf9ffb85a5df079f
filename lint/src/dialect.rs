//! The card-script dialects cardlint knows, and how a file's dialect is found: by path first,
//! then by content; `--dialect` and the config file override both.

use crate::registry::RuleMeta;
pub use model::Dialect;
use std::path::Path;

/// The rules of a dialect (not counting the shared ones).
pub fn rules(dialect: Dialect) -> Vec<&'static RuleMeta> {
    match dialect {
        Dialect::Forge => crate::forge::rule_metas(),
        Dialect::Wagic => crate::wagic::rule_metas(),
        Dialect::Pymtg => crate::pymtg::rule_metas(),
        Dialect::Netrunner => crate::netrunner::rule_metas(),
        Dialect::Rulescript => crate::rulescript::rule_metas(),
    }
}

/// The tree of a text in rust-analyzer's debug format, with the syntax errors.
pub fn debug_tree(dialect: Dialect, text: &str) -> String {
    match dialect {
        Dialect::Forge => syntax::forge::parse(text).debug_dump(),
        Dialect::Wagic => syntax::wagic::parse(text).debug_dump(),
        Dialect::Pymtg => syntax::pymtg::parse(text).debug_dump(),
        Dialect::Netrunner => syntax::netrunner::parse(text).debug_dump(),
        Dialect::Rulescript => syntax::rulescript::parse(text).debug_dump(),
    }
}

/// The dialect a path belongs to, by the engines' folder layouts.
pub fn detect_by_path(path: &Path) -> Option<Dialect> {
    // Byte-level on the path string: this runs for every file of a walk.
    let full = path.to_str()?;
    let full: std::borrow::Cow<'_, str> = if std::path::MAIN_SEPARATOR == '\\' {
        full.replace('\\', "/").into()
    } else {
        full.into()
    };
    let (dirs, name) = match full.rfind('/') {
        Some(i) => (&full[..i], &full[i + 1..]),
        None => ("", &full[..]),
    };
    if name == "_cards.dat" || name == "_macros.txt" {
        return Some(Dialect::Wagic);
    }
    if let Some(dialect) = detect_octgn_by_path(dirs, name) {
        return Some(dialect);
    }
    if !name.ends_with(".txt") {
        return None;
    }
    // Python-MTG keeps its card files in `data/`: `m15_cards.txt`, `cube_cards.txt`, `cards.txt`.
    if (dirs == "data" || dirs.ends_with("/data"))
        && (name == "cards.txt" || name.ends_with("_cards.txt"))
    {
        return Some(Dialect::Pymtg);
    }
    if dirs == "sets/primitives" || dirs.ends_with("/sets/primitives") {
        return Some(Dialect::Wagic);
    }
    let has_dir = |dir: &str| dirs.split('/').any(|component| component == dir);
    if has_dir("cardsfolder") || has_dir("tokenscripts") {
        return Some(Dialect::Forge);
    }
    None
}

/// The OCTGN script modules, by their place in a game definition (`o8g/Scripts/`).
fn detect_octgn_by_path(dirs: &str, name: &str) -> Option<Dialect> {
    if !(dirs == "Scripts" || dirs.ends_with("/Scripts")) {
        return None;
    }
    match name {
        "CardScripts.py" => Some(Dialect::Netrunner),
        "card_rules.py" | "cardsRules.py" => Some(Dialect::Rulescript),
        _ => None,
    }
}

/// OCTGN game ids of the games whose set files belong to a dialect.
const NETRUNNER_GAME_IDS: &[&str] = &[
    // Android: Netrunner (db0/Android-Netrunner-OCTGN)
    "0f38e453-26df-4c04-9d67-6d43de939c77",
    // Netrunner 1996 (db0/Netrunner-OCTGN)
    "13568561-7a2e-4572-8f31-3d99580ab245",
];
const RULESCRIPT_GAME_IDS: &[&str] = &[
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
fn detect_octgn_by_content(text: &str) -> Option<Dialect> {
    let text = text.trim_start_matches('\u{feff}');
    if text.starts_with("<?xml") || text.starts_with("<set") {
        if let Some(game) = octgn_game_id(text) {
            if NETRUNNER_GAME_IDS.contains(&game.as_str()) {
                return Some(Dialect::Netrunner);
            }
            if RULESCRIPT_GAME_IDS.contains(&game.as_str()) {
                return Some(Dialect::Rulescript);
            }
        }
        if text.contains("<property name=\"AutoScript\"") {
            return Some(Dialect::Netrunner);
        }
        return None;
    }
    if text.starts_with("ScriptsLocal = '''") || text.contains("\nScriptsLocal = '''") {
        return Some(Dialect::Netrunner);
    }
    if text.contains("\nRulesDict[\"") || text.contains("\nRulesDict = {}") {
        return Some(Dialect::Rulescript);
    }
    None
}

/// How much a text looks like a Python-MTG card file: `###` separator lines followed by card
/// names (1), and a tab-indented section header after a separator (2).
fn pymtg_signal(text: &str) -> u8 {
    let mut separators = 0;
    let mut named = 0;
    let mut expect_name = false;
    // A name line waiting to be confirmed by what follows it (an indented line or a separator).
    let mut pending = false;
    for line in text.lines().take(400) {
        if line.starts_with("##########") {
            separators += 1;
            named += usize::from(pending);
            pending = false;
            expect_name = true;
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        if pending {
            named += usize::from(line.starts_with(['\t', ' ']));
            pending = false;
        }
        if expect_name {
            expect_name = false;
            let first = line.chars().next().unwrap_or(' ');
            pending = (first.is_uppercase() || first.is_ascii_digit())
                && !line.contains(['=', '/', '[', ':', '\t']);
        } else if separators > 0
            && named + usize::from(pending) > 0
            && line.starts_with(['\t', ' '])
            && syntax::pymtg::SECTION_HEADERS.contains(&line.trim())
        {
            return 2;
        }
    }
    named += usize::from(pending);
    u8::from(separators >= 2 && named >= 2 && named * 2 >= separators)
}

/// The dialect a text looks like, from its first meaningful lines.
pub fn detect_by_content(text: &str) -> Option<Dialect> {
    if let Some(dialect) = detect_octgn_by_content(text) {
        return Some(dialect);
    }
    // Python-MTG ability lines (`T: ...`) look like Forge keys: its own signal comes first.
    let pymtg = pymtg_signal(text);
    if pymtg == 2 {
        return Some(Dialect::Pymtg);
    }
    let found = detect_card_lines(text);
    if found.is_none() && pymtg == 1 {
        return Some(Dialect::Pymtg);
    }
    found
}

/// Forge and Wagic, from their first meaningful lines.
fn detect_card_lines(text: &str) -> Option<Dialect> {
    let mut forge_keys = 0;
    for line in text.lines().take(40) {
        let line = line.trim_start_matches('\u{feff}');
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        if line.starts_with("[card]")
            || line.starts_with("[meta]")
            || line.starts_with("#AUTO_DEFINE ")
        {
            return Some(Dialect::Wagic);
        }
        if trimmed.starts_with('#') {
            continue;
        }
        let key = trimmed.split(':').next().unwrap_or("");
        if trimmed.contains(':')
            && matches!(
                key,
                "Name" | "ManaCost" | "Types" | "PT" | "A" | "T" | "S" | "SVar" | "K" | "Oracle"
            )
        {
            forge_keys += 1;
            if key == "Name" || forge_keys >= 2 {
                return Some(Dialect::Forge);
            }
        }
    }
    None
}

/// Path first, then content.
pub fn detect(path: &Path, text: &str) -> Option<Dialect> {
    detect_by_path(path).or_else(|| detect_by_content(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_path() {
        assert_eq!(
            detect_by_path(Path::new("Res/sets/10E/_cards.dat")),
            Some(Dialect::Wagic)
        );
        assert_eq!(
            detect_by_path(Path::new("sets/primitives/mtg.txt")),
            Some(Dialect::Wagic)
        );
        assert_eq!(
            detect_by_path(Path::new("x/sets/primitives/_macros.txt")),
            Some(Dialect::Wagic)
        );
        assert_eq!(
            detect_by_path(Path::new("res/cardsfolder/a/abrade.txt")),
            Some(Dialect::Forge)
        );
        assert_eq!(
            detect_by_path(Path::new("tokenscripts/w_1_1_soldier.txt")),
            Some(Dialect::Forge)
        );
        assert_eq!(detect_by_path(Path::new("test/cycling.txt")), None);
        assert_eq!(
            detect_by_path(Path::new("mtg/data/m15_cards.txt")),
            Some(Dialect::Pymtg)
        );
        assert_eq!(
            detect_by_path(Path::new("o8g/Scripts/CardScripts.py")),
            Some(Dialect::Netrunner)
        );
        assert_eq!(
            detect_by_path(Path::new("o8g/Scripts/card_rules.py")),
            Some(Dialect::Rulescript)
        );
        assert_eq!(detect_by_path(Path::new("o8g/Sets/Core/set.xml")), None);
        assert_eq!(detect_by_path(Path::new("primitives/mtg.txt")), None);
    }

    #[test]
    fn by_content() {
        assert_eq!(
            detect_by_content("# set\n[card]\nname=x\n"),
            Some(Dialect::Wagic)
        );
        assert_eq!(
            detect_by_content("Name:Abrade\nManaCost:1 R\n"),
            Some(Dialect::Forge)
        );
        assert_eq!(detect_by_content("[INIT]\nFIRSTMAIN\n[PLAYER1]\n"), None);
        assert_eq!(detect_by_content("just some notes: nothing\n"), None);
        assert_eq!(
            detect_by_content(
                "# guide\n##############################\nShock\n\tTargets:\n\t\t'creature'\n"
            ),
            Some(Dialect::Pymtg)
        );
        assert_eq!(
            detect_by_content("##########\nOne\n\n##########\nTwo\n"),
            Some(Dialect::Pymtg)
        );
        assert_eq!(
            detect_by_content("# ANR\nScriptsLocal = '''\n=====\n'''\n"),
            Some(Dialect::Netrunner)
        );
        assert_eq!(
            detect_by_content(
                "\"\"\"doc\"\"\"\nRulesDict = {}\nRulesDict[\"x\"] = \"\"\"\n\"\"\"\n"
            ),
            Some(Dialect::Rulescript)
        );
        assert_eq!(
            detect_by_content(
                "<?xml version=\"1.0\"?>\n<set name=\"Core\" gameId=\"0f38e453-26df-4c04-9d67-6d43de939c77\">\n"
            ),
            Some(Dialect::Netrunner)
        );
        assert_eq!(
            detect_by_content(
                "\u{feff}<?xml version=\"1.0\"?>\n<set gameId=\"e3d56d9e-900d-49c6-b6ae-22cbb51be153\">\n"
            ),
            Some(Dialect::Rulescript)
        );
        assert_eq!(
            detect_by_content("<?xml version=\"1.0\"?>\n<set gameId=\"other\">\n</set>\n"),
            None
        );
    }
}
