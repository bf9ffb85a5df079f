//! `cardlint.toml`: which rules run and how loudly, which files are skipped, which dialect a path
//! is in. Found in the checked folder or its parents; shared by the CLI and the language server.

use crate::diagnostic::Severity;
use crate::dialect::Dialect;
use crate::registry::{RuleFilter, RuleMeta, all_rules};
use globset::{Glob, GlobMatcher, GlobSet, GlobSetBuilder};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use toml::Spanned;

pub const FILE_NAMES: [&str; 2] = ["cardlint.toml", ".cardlint.toml"];

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    #[serde(default)]
    lint: RawLint,
    #[serde(default)]
    files: RawFiles,
    #[serde(default)]
    dialects: BTreeMap<Spanned<String>, Spanned<String>>,
    #[serde(default)]
    forge: RawForge,
    #[serde(default)]
    wagic: RawWagic,
    #[serde(default)]
    simulate: RawSimulate,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawSimulate {
    /// Report what the simulation cannot play yet (`G101`).
    show_limits: Option<bool>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawForge {
    /// `"2020"`, `"2022"`, `"latest"` or the path of a Forge source tree.
    engine: Option<Spanned<String>>,
    /// A learned-idioms file (`cardlint learn forge ... -o FILE`) used instead of the shipped one.
    idioms: Option<Spanned<String>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWagic {
    /// `"2016"` or `"head"`: the shipped Wagic engine the cards are checked against.
    engine: Option<Spanned<String>>,
    /// A learned-idioms file (`cardlint learn wagic ... -o FILE`) used instead of the shipped one.
    idioms: Option<Spanned<String>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawLint {
    select: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    ignore: Vec<Spanned<String>>,
    #[serde(default)]
    severity: BTreeMap<Spanned<String>, Spanned<String>>,
    #[serde(default)]
    per_file_ignores: BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFiles {
    #[serde(default)]
    exclude: Vec<Spanned<String>>,
}

/// A configuration error, with the file and line it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    pub path: PathBuf,
    pub line: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.path.display(), line, self.message),
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

/// The resolved configuration.
#[derive(Debug, Default, Clone)]
pub struct Config {
    /// The file it was read from (none: defaults).
    pub path: Option<PathBuf>,
    /// The folder that relative patterns start from.
    pub root: PathBuf,
    pub filter: RuleFilter,
    per_file_ignores: Vec<(GlobMatcher, Vec<&'static str>)>,
    exclude: Option<GlobSet>,
    dialects: Vec<(GlobMatcher, Dialect)>,
    /// Which Forge the Forge cards are checked against (`[forge] engine`).
    pub forge_engine: model::forge::versions::EngineChoice,
    /// The learned idioms F180 compares Forge cards with (`[forge] idioms`; none: the shipped).
    pub forge_idioms: Option<model::learn::LoadedIdioms>,
    /// The learned idioms W150 compares Wagic cards with (`[wagic] idioms`; none: the shipped).
    pub wagic_idioms: Option<model::learn::LoadedIdioms>,
    /// Which Wagic engine the Wagic cards are checked against (`[wagic] engine`); none: today's,
    /// with the words only the 2016 engine read reported as removed.
    pub wagic_engine: Option<model::wagic::versions::Version>,
    /// Report what the simulation cannot play yet (`G101` `not-simulated`; `[simulate]
    /// show-limits`). Off by default: those findings are about cardlint, not the cards.
    pub show_limits: bool,
}

impl Config {
    /// Defaults with every rule on, including those off by default (for tests and docs).
    pub fn every_rule() -> Config {
        let mut config = Config::default();
        config.filter.explicit = crate::registry::off_by_default();
        config
    }

    /// Looks for a config file in `start` (a file's folder or a folder) and its parents.
    pub fn discover(start: &Path) -> Option<PathBuf> {
        let start = std::fs::canonicalize(start).unwrap_or_else(|_| start.to_path_buf());
        let mut dir = if start.is_file() {
            start.parent().map(Path::to_path_buf)
        } else {
            Some(start)
        };
        while let Some(d) = dir {
            for name in FILE_NAMES {
                let candidate = d.join(name);
                if candidate.is_file() {
                    return Some(candidate);
                }
            }
            dir = d.parent().map(Path::to_path_buf);
        }
        None
    }

    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        // Never blocks on a FIFO named like a config file.
        let text = crate::discover::read_regular(path)
            .and_then(|bytes| {
                String::from_utf8(bytes)
                    .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
            })
            .map_err(|e| ConfigError {
                path: path.to_path_buf(),
                line: None,
                message: e.to_string(),
            })?;
        let root = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let root = std::fs::canonicalize(&root).unwrap_or(root);
        Config::parse(&text, path, root)
    }

    /// Parses config text; `path` is only used in messages, `root` anchors relative patterns.
    pub fn parse(text: &str, path: &Path, root: PathBuf) -> Result<Config, ConfigError> {
        let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
        let error = |span: Option<std::ops::Range<usize>>, message: String| ConfigError {
            path: path.to_path_buf(),
            line: span.map(|s| line_of(s.start)),
            message,
        };
        let raw: RawConfig = toml::from_str(text).map_err(|e| {
            let message = e.message().to_string();
            error(e.span(), message)
        })?;
        let rules = all_rules();
        let resolve = |selector: &Spanned<String>| -> Result<Vec<&'static str>, ConfigError> {
            let found = resolve_selector(&rules, selector.get_ref());
            if found.is_empty() {
                let names = rules.iter().flat_map(|r| [r.code, r.name]);
                let hint = model::suggest::did_you_mean(selector.get_ref(), names)
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                return Err(error(
                    Some(selector.span()),
                    format!("no rule is called `{}`{hint}", selector.get_ref()),
                ));
            }
            Ok(found)
        };
        let mut filter = RuleFilter::default();
        if let Some(select) = &raw.lint.select {
            let mut codes = Vec::new();
            for s in select {
                codes.extend(resolve(s)?);
                filter
                    .explicit
                    .extend(explicitly_selected(&rules, s.get_ref()));
            }
            filter.select = Some(codes);
        }
        for s in &raw.lint.ignore {
            filter.ignore.extend(resolve(s)?);
        }
        for (selector, severity) in &raw.lint.severity {
            let level = Severity::from_name(severity.get_ref()).ok_or_else(|| {
                error(
                    Some(severity.span()),
                    format!(
                        "`{}` is not a severity: use error, warning, info or hint",
                        severity.get_ref()
                    ),
                )
            })?;
            for code in resolve(selector)? {
                filter.severity.push((code, level));
            }
        }
        let glob = |pattern: &Spanned<String>| -> Result<Glob, ConfigError> {
            let p = pattern.get_ref();
            let p = if p.contains('/') {
                p.trim_start_matches("./").to_string()
            } else {
                format!("**/{p}")
            };
            Glob::new(&p).map_err(|e| {
                error(
                    Some(pattern.span()),
                    format!("bad glob `{}`: {e}", pattern.get_ref()),
                )
            })
        };
        let mut per_file_ignores = Vec::new();
        for (pattern, selectors) in &raw.lint.per_file_ignores {
            let mut codes = Vec::new();
            for s in selectors {
                codes.extend(resolve(s)?);
            }
            per_file_ignores.push((glob(pattern)?.compile_matcher(), codes));
        }
        let exclude = if raw.files.exclude.is_empty() {
            None
        } else {
            let mut builder = GlobSetBuilder::new();
            for pattern in &raw.files.exclude {
                builder.add(glob(pattern)?);
            }
            Some(builder.build().map_err(|e| error(None, e.to_string()))?)
        };
        let mut dialects = Vec::new();
        for (pattern, name) in &raw.dialects {
            let dialect = crate::dialect::from_name(name.get_ref()).ok_or_else(|| {
                let known = crate::dialect::names();
                error(
                    Some(name.span()),
                    format!(
                        "unknown dialect `{}` (known: {})",
                        name.get_ref(),
                        known.join(", ")
                    ),
                )
            })?;
            dialects.push((glob(pattern)?.compile_matcher(), dialect));
        }
        let forge_engine = match &raw.forge.engine {
            None => model::forge::versions::EngineChoice::Auto,
            Some(value) => {
                let text = value.get_ref().trim();
                if text.is_empty() {
                    return Err(error(
                        Some(value.span()),
                        "`engine` is empty: use \"2020\", \"2022\", \"latest\" or the path of a Forge source tree".to_string(),
                    ));
                }
                model::forge::versions::EngineChoice::parse(text, &root)
            }
        };
        let idioms = |value: &Option<Spanned<String>>, dialect: &str| match value {
            None => Ok(None),
            Some(value) => {
                let text = value.get_ref().trim();
                let file = root.join(text);
                if text.is_empty() {
                    return Err(error(
                        Some(value.span()),
                        format!(
                            "`idioms` is empty: name a file written by `cardlint learn {dialect}`"
                        ),
                    ));
                }
                model::learn::load(&file, dialect)
                    .map(Some)
                    .map_err(|e| error(Some(value.span()), e))
            }
        };
        let wagic_engine = match &raw.wagic.engine {
            None => None,
            Some(value) => Some(
                model::wagic::versions::Version::parse(value.get_ref()).ok_or_else(|| {
                    error(
                        Some(value.span()),
                        format!(
                            "unknown Wagic engine `{}`: use \"2016\" or \"head\"",
                            value.get_ref().trim()
                        ),
                    )
                })?,
            ),
        };
        let forge_idioms = idioms(&raw.forge.idioms, "forge")?;
        let wagic_idioms = idioms(&raw.wagic.idioms, "wagic")?;
        Ok(Config {
            path: Some(path.to_path_buf()),
            root,
            filter,
            per_file_ignores,
            exclude,
            dialects,
            forge_engine,
            forge_idioms,
            wagic_idioms,
            wagic_engine,
            show_limits: raw.simulate.show_limits.unwrap_or(false),
        })
    }

    /// `path` relative to the config's root when it is inside it.
    fn relative<'p>(&self, path: &'p Path) -> std::borrow::Cow<'p, Path> {
        if self.root.as_os_str().is_empty() {
            return path.into();
        }
        if let Ok(rel) = path.strip_prefix(&self.root) {
            return rel.into();
        }
        match std::fs::canonicalize(path) {
            Ok(abs) => match abs.strip_prefix(&self.root) {
                Ok(rel) => rel.to_path_buf().into(),
                Err(_) => path.into(),
            },
            Err(_) => path.into(),
        }
    }

    pub fn is_excluded(&self, path: &Path) -> bool {
        self.exclude
            .as_ref()
            .is_some_and(|set| set.is_match(self.relative(path)))
    }

    /// The dialect the config assigns to `path`, if any.
    pub fn dialect_for(&self, path: &Path) -> Option<Dialect> {
        if self.dialects.is_empty() {
            return None;
        }
        let rel = self.relative(path);
        self.dialects
            .iter()
            .find(|(m, _)| m.is_match(&rel))
            .map(|(_, d)| *d)
    }

    /// Extra rules ignored for `path` (per-file ignores).
    pub fn ignores_for(&self, path: &Path) -> Vec<&'static str> {
        if self.per_file_ignores.is_empty() {
            return Vec::new();
        }
        let rel = self.relative(path);
        self.per_file_ignores
            .iter()
            .filter(|(m, _)| m.is_match(&rel))
            .flat_map(|(_, c)| c.iter().copied())
            .collect()
    }
}

/// The rules a selector turns on even when they are off by default: every rule for `ALL`, else
/// the rule it names exactly (code or kebab name), if it does (a prefix does not).
pub fn explicitly_selected(rules: &[&'static RuleMeta], selector: &str) -> Vec<&'static str> {
    if selector.eq_ignore_ascii_case("ALL") {
        return rules.iter().map(|r| r.code).collect();
    }
    exact_rule(rules, selector).into_iter().collect()
}

/// The code of the rule a selector names exactly (code or kebab name), if it does.
pub fn exact_rule(rules: &[&'static RuleMeta], selector: &str) -> Option<&'static str> {
    rules
        .iter()
        .find(|r| r.code.eq_ignore_ascii_case(selector) || r.name == selector)
        .map(|r| r.code)
}

/// Codes matched by a selector: `ALL`, a code (any case), a kebab name, or a code prefix (`F1`).
pub fn resolve_selector(rules: &[&'static RuleMeta], selector: &str) -> Vec<&'static str> {
    if selector.eq_ignore_ascii_case("ALL") {
        return rules.iter().map(|r| r.code).collect();
    }
    if let Some(r) = rules
        .iter()
        .find(|r| r.code.eq_ignore_ascii_case(selector) || r.name == selector)
    {
        return vec![r.code];
    }
    let upper = selector.to_ascii_uppercase();
    let looks_like_prefix = !upper.is_empty()
        && upper
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
        && upper[1..].chars().all(|c| c.is_ascii_digit());
    if looks_like_prefix {
        return rules
            .iter()
            .filter(|r| r.code.starts_with(&upper))
            .map(|r| r.code)
            .collect();
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, ConfigError> {
        Config::parse(text, Path::new("cardlint.toml"), PathBuf::from("/root"))
    }

    #[test]
    fn the_wagic_engine_is_a_shipped_version() {
        use model::wagic::versions::Version;
        assert_eq!(parse("").unwrap().wagic_engine, None);
        assert_eq!(
            parse("[wagic]\nengine = \"2016\"\n").unwrap().wagic_engine,
            Some(Version::V2016)
        );
        assert_eq!(
            parse("[wagic]\nengine = \"head\"\n").unwrap().wagic_engine,
            Some(Version::Head)
        );
        let err = parse("[wagic]\nengine = \"2017\"\n").unwrap_err();
        assert!(
            err.to_string().contains("use \"2016\" or \"head\""),
            "{err}"
        );
    }

    #[test]
    fn selects_ignores_and_severities() {
        let config = parse("[lint]\nselect = [\"E\"]\nignore = [\"byte-order-mark\"]\n[lint.severity]\nE011 = \"error\"\n").unwrap();
        assert!(config.filter.enabled(&crate::common::UNBALANCED_BRACKET));
        assert!(!config.filter.enabled(&crate::common::BYTE_ORDER_MARK));
        assert_eq!(
            config
                .filter
                .severity_of(&crate::common::UNBALANCED_BRACKET),
            Some(Severity::Error)
        );
    }

    #[test]
    fn rules_off_by_default_need_their_exact_name_or_all() {
        let gated = crate::find_rule("W108").unwrap();
        assert!(!parse("").unwrap().filter.enabled(gated));
        assert!(
            parse("[lint]\nselect = [\"ALL\"]\n")
                .unwrap()
                .filter
                .enabled(gated),
            "ALL turns on every rule"
        );
        assert!(
            !parse("[lint]\nselect = [\"W\"]\n")
                .unwrap()
                .filter
                .enabled(gated)
        );
        assert!(
            parse("[lint]\nselect = [\"W\", \"grade-gated-primitive\"]\n")
                .unwrap()
                .filter
                .enabled(gated)
        );
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse("[lint]\nselect = [\"E\"]\nignore = [\"byte-order-mrk\"]\n").unwrap_err();
        assert_eq!(e.line, Some(3));
        assert!(
            e.message.contains("did you mean `byte-order-mark`"),
            "{}",
            e.message
        );
        let e = parse("[lint]\nunknown = 1\n").unwrap_err();
        assert_eq!(e.line, Some(2));
        let e = parse("[lint.severity]\nE011 = \"loud\"\n").unwrap_err();
        assert_eq!(e.line, Some(2));
        let e = parse("[dialects]\n\"*.x\" = \"klingon\"\n").unwrap_err();
        assert_eq!(e.line, Some(2));
        let e = parse("[lint\n").unwrap_err();
        assert_eq!(e.line, Some(1));
    }

    #[test]
    fn globs_match_relative_paths() {
        let config = parse(
            "[files]\nexclude = [\"unsupported.txt\", \"sets/OLD/**\"]\n[dialects]\n\"extra/*.cards\" = \"wagic\"\n[lint.per-file-ignores]\n\"sets/primitives/*.txt\" = [\"E014\"]\n",
        )
        .unwrap();
        assert!(config.is_excluded(Path::new("/root/sets/primitives/unsupported.txt")));
        assert!(config.is_excluded(Path::new("/root/sets/OLD/_cards.dat")));
        assert!(!config.is_excluded(Path::new("/root/sets/NEW/_cards.dat")));
        assert_eq!(
            config.dialect_for(Path::new("/root/extra/x.cards")),
            Some(Dialect::WAGIC)
        );
        assert_eq!(
            config.ignores_for(Path::new("/root/sets/primitives/mtg.txt")),
            vec!["E014"]
        );
        assert!(
            config
                .ignores_for(Path::new("/root/sets/TST/_cards.dat"))
                .is_empty()
        );
    }
}
