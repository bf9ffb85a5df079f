//! The card-script dialects: what a dialect provides to the lint (its detection, the files a walk
//! reads, its rules, its index and linter) as one object, `DialectPlugin`, and the registry of
//! them. A file's dialect is found by path first, then by content (the strongest claim wins);
//! `--dialect` and the config file override both.

use crate::config::Config;
use crate::diagnostic::Diagnostic;
use crate::registry::RuleMeta;
pub use model::Dialect;
use model::{FileId, SourceFile};
use std::path::Path;
use std::sync::{LazyLock, RwLock};

/// Everything the lint needs of one dialect. Implemented for every `DialectLinter` (the typed
/// side: index and rules), so a dialect writes that trait and is registered by its `Linter`.
pub trait DialectPlugin: Sync + Send {
    fn dialect(&self) -> Dialect;

    /// How strongly a path's place in the engine's folder layout says it is this dialect
    /// (`dirs`: the folders with `/` separators, `name`: the file name); `None`: no claim.
    fn claim_path(&self, dirs: &str, name: &str) -> Option<u8>;

    /// How strongly a text looks like this dialect; `None`: no claim.
    fn claim_content(&self, text: &str) -> Option<u8>;

    /// File extensions a folder walk reads for this dialect (`txt`, `dat`, `py`, `xml`).
    fn extensions(&self) -> &'static [&'static str];

    /// Where a file of this dialect typically sits (for rule examples and path-less documents).
    fn example_path(&self) -> &'static str;

    /// The dialect's rules (not counting the shared ones).
    fn rules(&self) -> Vec<&'static RuleMeta>;

    /// The tree of a text in rust-analyzer's debug format, with the syntax errors.
    fn debug_tree(&self, text: &str) -> String;

    /// What a byte-order mark at the start of a file does to this dialect's reader; `None`
    /// when the reader skips it.
    fn bom_message(&self) -> Option<&'static str>;

    /// The dialect's layout convention, if it has one (`crate::format`).
    fn formatter(&self) -> Option<&'static dyn crate::format::Formatter>;

    /// Lints the files `ids` (all of this dialect) against their merged index: one sorted list
    /// of diagnostics per id, through `finish` (config filter, suppressions).
    fn check(
        &self,
        files: &[SourceFile],
        ids: &[FileId],
        config: &Config,
        on_file: &(dyn Fn() + Sync),
    ) -> Vec<Vec<Diagnostic>>;

    /// `check` through the result cache (`crate::cache`).
    fn check_cached<'c>(
        &self,
        files: &[SourceFile],
        ids: &[FileId],
        config: &Config,
        old: &'c crate::cache::Cache,
        on_file: &(dyn Fn() + Sync),
    ) -> crate::cache::Outcome<'c>;
}

macro_rules! builtin_plugins {
    ($($module:ident: $konst:ident),* $(,)?) => {
        vec![$(&crate::$module::Linter as &'static dyn DialectPlugin),*]
    };
}

/// The registered dialects: the shipped ones (`model::with_dialects!`) and any registered at
/// run time (`register`).
static PLUGINS: LazyLock<RwLock<Vec<&'static dyn DialectPlugin>>> =
    LazyLock::new(|| RwLock::new(model::with_dialects!(builtin_plugins)));

/// Every registered dialect, in registration order (the order files are checked in).
pub fn plugins() -> Vec<&'static dyn DialectPlugin> {
    PLUGINS.read().map(|p| p.clone()).unwrap_or_default()
}

/// Registers a dialect of its own (a plug-in; a test's toy dialect). Registering a name twice
/// replaces the earlier plug-in.
pub fn register(plugin: &'static dyn DialectPlugin) {
    if let Ok(mut plugins) = PLUGINS.write() {
        match plugins.iter().position(|p| p.dialect() == plugin.dialect()) {
            Some(i) => plugins[i] = plugin,
            None => plugins.push(plugin),
        }
    }
}

/// The plug-in of a dialect.
pub fn plugin(dialect: Dialect) -> Option<&'static dyn DialectPlugin> {
    plugins().into_iter().find(|p| p.dialect() == dialect)
}

/// A registered dialect by name, ignoring case.
pub fn from_name(name: &str) -> Option<Dialect> {
    plugins()
        .into_iter()
        .map(|p| p.dialect())
        .find(|d| d.name().eq_ignore_ascii_case(name))
}

/// The names of the registered dialects.
pub fn names() -> Vec<&'static str> {
    plugins().into_iter().map(|p| p.dialect().name()).collect()
}

/// The rules of a dialect (not counting the shared ones).
pub fn rules(dialect: Dialect) -> Vec<&'static RuleMeta> {
    plugin(dialect).map(|p| p.rules()).unwrap_or_default()
}

/// The tree of a text in rust-analyzer's debug format, with the syntax errors.
pub fn debug_tree(dialect: Dialect, text: &str) -> String {
    plugin(dialect)
        .map(|p| p.debug_tree(text))
        .unwrap_or_default()
}

/// The layout convention of a dialect (`cardlint format`), if it has one.
pub fn formatter(dialect: Dialect) -> Option<&'static dyn crate::format::Formatter> {
    plugin(dialect).and_then(|p| p.formatter())
}

/// Whether a folder walk reads this file (some dialect reads its extension). A walked file is
/// checked only when its dialect can be told.
pub fn walkable(path: &Path) -> bool {
    let Some(ext) = path.extension().and_then(|e| e.to_str()) else {
        return false;
    };
    plugins().iter().any(|p| p.extensions().contains(&ext))
}

/// The strongest claim among the plug-ins (the first registered wins a tie).
fn strongest(claim: impl Fn(&dyn DialectPlugin) -> Option<u8>) -> Option<Dialect> {
    let mut best: Option<(u8, Dialect)> = None;
    for p in plugins() {
        if let Some(strength) = claim(p)
            && best.is_none_or(|(b, _)| strength > b)
        {
            best = Some((strength, p.dialect()));
        }
    }
    best.map(|(_, d)| d)
}

/// The dialect a path belongs to, by the engines' folder layouts.
pub fn detect_by_path(path: &Path) -> Option<Dialect> {
    // Byte-level on the path string: this runs for every file of a walk. A name that is not
    // UTF-8 is read with replacement characters: its folders still place it.
    let full = model::source::path_text(path);
    let full: std::borrow::Cow<'_, str> = if std::path::MAIN_SEPARATOR == '\\' {
        full.replace('\\', "/").into()
    } else {
        full
    };
    let (dirs, name) = match full.rfind('/') {
        Some(i) => (&full[..i], &full[i + 1..]),
        None => ("", &full[..]),
    };
    strongest(|p| p.claim_path(dirs, name))
}

/// The dialect a text looks like, from its first meaningful lines.
pub fn detect_by_content(text: &str) -> Option<Dialect> {
    strongest(|p| p.claim_content(text))
}

/// Path first, then (unless the path is a known non-card file) content.
pub fn detect(path: &Path, text: &str) -> Option<Dialect> {
    detect_by_path(path).or_else(|| {
        known_non_card(path)
            .is_none()
            .then(|| detect_by_content(text))
            .flatten()
    })
}

/// Folders of the engines' resource folders (Forge's `res/`, Wagic's `Res/`) that hold no card
/// scripts: Forge's formats, editions, puzzles, quest worlds and duels, block and draft data,
/// rankings, deck lists, languages...; Wagic's rules, test suite, AI decks, player profiles,
/// themes and campaigns. Their `.txt` files often begin with `Name:` or a `[section]` header.
const NON_CARD_DIRS: &[&str] = &[
    "formats",
    "editions",
    "puzzle",
    "puzzles",
    "quest",
    "conquest",
    "adventure",
    "gauntlet",
    "blockdata",
    "draft",
    "decks",
    "lists",
    "languages",
    "lang",
    "defaults",
    "ai",
    "skins",
    "sound",
    "planar",
    "rules",
    "test",
    "player",
    "profiles",
    "themes",
    "campaigns",
    "packs",
    "settings",
];

/// Why a file is known not to be a card file, or `None`: a file below an engine's resource
/// folder (a `res` folder, in any case) that sits in one of its non-card folders, or one of the
/// known list files (`rankings.txt`). Files in the card folders (`cardsfolder/`,
/// `tokenscripts/`, `sets/`) are claimed by path before this is asked.
pub fn known_non_card(path: &Path) -> Option<&'static str> {
    let full = path.to_string_lossy();
    let name = path.file_name()?.to_string_lossy();
    if name.eq_ignore_ascii_case("rankings.txt") {
        return Some("a draft rankings list, not a card file");
    }
    let mut below_res = false;
    let parts: Vec<&str> = full.split(['/', '\\']).collect();
    for part in &parts[..parts.len().saturating_sub(1)] {
        if part.eq_ignore_ascii_case("res") {
            below_res = true;
        } else if below_res
            && let Some(dir) = NON_CARD_DIRS.iter().find(|d| part.eq_ignore_ascii_case(d))
        {
            return Some(match *dir {
                "formats" => {
                    "a game format definition (the engine's `formats/` folder), not a card file"
                }
                "editions" => "an edition list (the engine's `editions/` folder), not a card file",
                "puzzle" | "puzzles" => "a puzzle (the engine's `puzzle/` folder), not a card file",
                "quest" | "conquest" | "adventure" | "gauntlet" => {
                    "game-mode data (quest, conquest, adventure, gauntlet), not a card file"
                }
                "blockdata" | "draft" => "block, booster or draft data, not a card file",
                "decks" | "lists" => "a deck or card list, not a card file",
                "rules" | "test" => "an engine rules or test file, not a card file",
                _ => "a resource file of the engine, not a card file",
            });
        }
    }
    None
}

/// Whether `dirs` (a `/`-separated folder path) has a folder named `dir`.
pub(crate) fn has_dir(dirs: &str, dir: &str) -> bool {
    dirs.split('/').any(|component| component == dir)
}

/// Card files whose dialect shows in their first lines (Forge keys, Wagic blocks) claim them
/// by the line that decides: the earlier the line, the stronger (between 41 and 80), so that of
/// two dialects the one whose marker comes first wins, as a reader of the file would decide.
pub(crate) fn claim_by_line(index: usize) -> u8 {
    80u8.saturating_sub(index.min(39) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_path() {
        assert_eq!(
            detect_by_path(Path::new("Res/sets/10E/_cards.dat")),
            Some(Dialect::WAGIC)
        );
        assert_eq!(
            detect_by_path(Path::new("sets/primitives/mtg.txt")),
            Some(Dialect::WAGIC)
        );
        assert_eq!(
            detect_by_path(Path::new("x/sets/primitives/_macros.txt")),
            Some(Dialect::WAGIC)
        );
        assert_eq!(
            detect_by_path(Path::new("res/cardsfolder/a/abrade.txt")),
            Some(Dialect::FORGE)
        );
        assert_eq!(
            detect_by_path(Path::new("tokenscripts/w_1_1_soldier.txt")),
            Some(Dialect::FORGE)
        );
        assert_eq!(detect_by_path(Path::new("test/cycling.txt")), None);
        assert_eq!(
            detect_by_path(Path::new("mtg/data/m15_cards.txt")),
            Some(Dialect::PYMTG)
        );
        assert_eq!(
            detect_by_path(Path::new("o8g/Scripts/CardScripts.py")),
            Some(Dialect::NETRUNNER)
        );
        assert_eq!(
            detect_by_path(Path::new("o8g/Scripts/card_rules.py")),
            Some(Dialect::RULESCRIPT)
        );
        assert_eq!(detect_by_path(Path::new("o8g/Sets/Core/set.xml")), None);
        assert_eq!(detect_by_path(Path::new("primitives/mtg.txt")), None);
    }

    #[test]
    fn by_content() {
        assert_eq!(
            detect_by_content("# set\n[card]\nname=x\n"),
            Some(Dialect::WAGIC)
        );
        assert_eq!(
            detect_by_content("Name:Abrade\nManaCost:1 R\n"),
            Some(Dialect::FORGE)
        );
        assert_eq!(detect_by_content("[INIT]\nFIRSTMAIN\n[PLAYER1]\n"), None);
        assert_eq!(detect_by_content("just some notes: nothing\n"), None);
        assert_eq!(
            detect_by_content(
                "# guide\n##############################\nShock\n\tTargets:\n\t\t'creature'\n"
            ),
            Some(Dialect::PYMTG)
        );
        assert_eq!(
            detect_by_content("##########\nOne\n\n##########\nTwo\n"),
            Some(Dialect::PYMTG)
        );
        assert_eq!(
            detect_by_content("# ANR\nScriptsLocal = '''\n=====\n'''\n"),
            Some(Dialect::NETRUNNER)
        );
        assert_eq!(
            detect_by_content(
                "\"\"\"doc\"\"\"\nRulesDict = {}\nRulesDict[\"x\"] = \"\"\"\n\"\"\"\n"
            ),
            Some(Dialect::RULESCRIPT)
        );
        assert_eq!(
            detect_by_content(
                "<?xml version=\"1.0\"?>\n<set name=\"Core\" gameId=\"0f38e453-26df-4c04-9d67-6d43de939c77\">\n"
            ),
            Some(Dialect::NETRUNNER)
        );
        assert_eq!(
            detect_by_content(
                "\u{feff}<?xml version=\"1.0\"?>\n<set gameId=\"e3d56d9e-900d-49c6-b6ae-22cbb51be153\">\n"
            ),
            Some(Dialect::RULESCRIPT)
        );
        assert_eq!(
            detect_by_content("<?xml version=\"1.0\"?>\n<set gameId=\"other\">\n</set>\n"),
            None
        );
    }
}
