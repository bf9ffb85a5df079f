//! The card-script dialects cardlint knows, and how a file's dialect is found: by path first,
//! then by content; `--dialect` and the config file override both.

use crate::registry::RuleMeta;
use std::path::Path;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dialect {
    Forge,
    Wagic,
}

impl Dialect {
    pub const ALL: [Dialect; 2] = [Dialect::Forge, Dialect::Wagic];

    pub fn name(self) -> &'static str {
        match self {
            Dialect::Forge => "forge",
            Dialect::Wagic => "wagic",
        }
    }

    pub fn from_name(name: &str) -> Option<Dialect> {
        Dialect::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name))
    }

    /// The rules of this dialect (not counting the shared ones).
    pub fn rules(self) -> Vec<&'static RuleMeta> {
        match self {
            Dialect::Forge => crate::forge::rule_metas(),
            Dialect::Wagic => crate::wagic::rule_metas(),
        }
    }

    /// The tree of a text in rust-analyzer's debug format, with the syntax errors.
    pub fn debug_tree(self, text: &str) -> String {
        match self {
            Dialect::Forge => syntax::forge::parse(text).debug_dump(),
            Dialect::Wagic => syntax::wagic::parse(text).debug_dump(),
        }
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
    if !name.ends_with(".txt") {
        return None;
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

/// The dialect a text looks like, from its first meaningful lines.
pub fn detect_by_content(text: &str) -> Option<Dialect> {
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
    }
}
