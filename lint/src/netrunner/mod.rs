//! Netrunner AutoScripts (OCTGN): the workspace index (the cards of the set files, by GUID),
//! the context rules see, the vocabulary of both games, and the rules (`rules/`, one file each).

use crate::diagnostic::Diagnostic;
use crate::registry::{Rule, RuleFilter, RuleMeta};
use crate::workspace::DialectLinter;
use model::source::{FileId, SourceFile};
use std::collections::HashMap;
use syntax::netrunner::ast;

mod rules;

pub use model::netrunner::Game;

/// The game of a file: `CardScripts.py` is Android's; a set file says by its `gameId` (a set
/// file of an unknown game with scripts is taken for the classic game, which keeps its scripts
/// there).
pub fn file_game(text: &str) -> Game {
    let body = text.trim_start_matches('\u{feff}').trim_start();
    if !body.starts_with('<') {
        return Game::Android;
    }
    match crate::octgn::octgn_game_id(body) {
        Some(id) if !crate::octgn::is_classic_netrunner(&id) && id.starts_with("0f38e453") => {
            Game::Android
        }
        _ => Game::Classic,
    }
}

/// What a rule sees: the file, its tree, its game and the workspace index.
pub struct Ctx<'a> {
    pub file: &'a SourceFile,
    pub tree: ast::SourceFile,
    pub index: &'a Index,
    pub game: Game,
}

/// What one file contributes: the cards of a set file.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FileIndex {
    /// Whether the file is a set file, and of which game.
    pub set_of: Option<Game>,
    /// `(GUID in lower case, card name)` of each card.
    pub cards: Vec<(String, String)>,
}

/// The cards of every set file of the workspace.
#[derive(Default)]
pub struct Index {
    /// Card name by GUID (lower case), with the game of its set file.
    pub cards: HashMap<String, (String, Game)>,
    /// Whether the workspace holds set files of each game (GUID checks need them).
    pub android_sets: bool,
    pub classic_sets: bool,
    /// Card names with a dash, in lower case, with the dash as written (`ramujan-reliant 550 bmi`).
    pub dashed_names: std::collections::HashSet<String>,
}

/// The dialect's linter (its `DialectLinter`, registered as its `DialectPlugin`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Linter;

impl DialectLinter for Linter {
    type FileIndex = FileIndex;
    type Index = Index;

    const DIALECT: crate::Dialect = crate::Dialect::NETRUNNER;

    /// The game's script module in `o8g/Scripts/`.
    fn claim_path(&self, dirs: &str, name: &str) -> Option<u8> {
        (crate::octgn::detect_by_path(dirs, name) == Some(crate::Dialect::NETRUNNER)).then_some(90)
    }

    /// A set file of the game (by its id) or the module holding its scripts.
    fn claim_content(&self, text: &str) -> Option<u8> {
        (crate::octgn::detect_by_content(text) == Some(crate::Dialect::NETRUNNER)).then_some(100)
    }

    fn example_path(&self) -> &'static str {
        "o8g/Scripts/CardScripts.py"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["py", "xml"]
    }

    fn rules(&self) -> Vec<&'static RuleMeta> {
        rule_metas()
    }

    fn debug_tree(&self, text: &str) -> String {
        syntax::netrunner::parse(text).debug_dump()
    }

    fn index_file(&self, file: &SourceFile) -> FileIndex {
        let text = file.text();
        let Some(cards) = crate::octgn::set_cards(text) else {
            return FileIndex::default();
        };
        FileIndex {
            set_of: Some(file_game(text)),
            cards: cards
                .into_iter()
                .filter_map(|card| Some((card.id?, card.name)))
                .collect(),
        }
    }

    fn build_index(&self, _files: &[SourceFile], indexes: Vec<(FileId, FileIndex)>) -> Index {
        let mut index = Index::default();
        for (_, file) in indexes {
            let Some(game) = file.set_of else { continue };
            match game {
                Game::Android => index.android_sets = true,
                Game::Classic => index.classic_sets = true,
            }
            for (id, name) in file.cards {
                if name.contains('-') {
                    index.dashed_names.insert(name.to_lowercase());
                }
                index.cards.entry(id).or_insert((name, game));
            }
        }
        index
    }

    fn lint_file(
        &self,
        id: FileId,
        files: &[SourceFile],
        index: &Index,
        _config: &crate::config::Config,
        filter: &RuleFilter,
        out: &mut Vec<Diagnostic>,
    ) {
        let file = &files[id];
        let parse = syntax::netrunner::parse(file.text());
        crate::common::syntax_diagnostics(file.text(), parse.errors(), out);
        let Some(tree) = ast::SourceFile::cast(parse.syntax()) else {
            return;
        };
        let ctx = Ctx {
            file,
            tree,
            index,
            game: file_game(file.text()),
        };
        filter.run(rules::RULES, out, |check, sink| check(&ctx, sink));
    }
}

pub fn rule_metas() -> Vec<&'static RuleMeta> {
    rules::RULES.iter().map(|r| r.meta).collect()
}

/// A Netrunner rule: metadata and a check over a `Ctx`.
pub type NetrunnerRule = Rule<fn(&Ctx<'_>, &mut crate::diagnostic::Sink<'_>)>;

/// A token's text as the engine reads it (XML entities decoded).
pub fn decoded(text: &str) -> String {
    syntax::xml::decode(text)
}

/// Every part of the file's scripts, nested ones (inside `<a,b>`) included, except the
/// restrictions written after `Placement:` and `CaissaPlace:` (they are not commands) and the
/// parts of a `<a,b>` pair the engine splits wrongly (`effect-pair` reports those).
pub fn parts(ctx: &Ctx<'_>) -> impl Iterator<Item = ast::Part> + use<> {
    ctx.tree
        .syntax()
        .descendants()
        .filter_map(ast::Part::cast)
        .filter(|part| {
            let placement = part
                .alternative()
                .and_then(|a| a.prefix())
                .and_then(|p| p.word())
                .is_some_and(|w| matches!(w.text(), "Placement" | "CaissaPlace"));
            !placement && !in_broken_pair(part)
        })
}

/// Whether a part sits in a `<a,b>` pair whose first side holds an unclosed `{`.
fn in_broken_pair(part: &ast::Part) -> bool {
    part.syntax()
        .ancestors()
        .filter_map(ast::AngleArg::cast)
        .any(|angle| {
            angle.sides().first().is_some_and(|side| {
                side.syntax()
                    .descendants()
                    .filter_map(ast::BraceArg::cast)
                    .any(|b| !b.is_closed())
            })
        })
}

/// A command head split the way the engine reads it: the verb (or resident effect), the
/// number glued after it, and what follows.
#[derive(Debug)]
pub struct Head {
    /// The head as the engine reads it (XML entities decoded), without its brace and angle
    /// groups.
    pub text: String,
    /// Whether the file holds the head exactly as `text` (no entities), so that offsets in
    /// `text` are offsets in the file.
    same: bool,
    /// The range of the whole head in the file.
    whole: syntax::TextRange,
    /// Where `text` starts in the file.
    pub start: syntax::TextSize,
    pub verb: Option<&'static model::vocab::Word>,
    pub resident: Option<&'static model::vocab::Word>,
    /// The digits (or `X`) after the verb.
    pub number: String,
    /// The text after the number.
    pub rest: String,
    /// Where `rest` starts in `text`.
    pub rest_at: usize,
}

impl Head {
    pub fn of(command: &ast::Command, game: Game) -> Head {
        let raw = command.head_text();
        let text = syntax::xml::decode(&raw);
        let start = command.range().start();
        // The head's own tokens, from the command's start to the end of the last of them (a
        // child node between them makes the span longer than `raw`).
        let end = command
            .syntax()
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .last()
            .map_or(start, |t| t.text_range().end())
            .max(start);
        let whole = syntax::TextRange::new(start, end);
        // Offsets into `text` are offsets into the file only when the head is written plainly
        // and in one piece.
        let same = raw == text && whole.len() == syntax::TextSize::of(raw.as_str());
        let verb = model::netrunner::vocab::longest_prefix(
            model::netrunner::vocab::command_verbs(),
            game,
            &text,
        );
        let resident = model::netrunner::vocab::longest_prefix(
            model::netrunner::vocab::resident_effects(),
            game,
            &text,
        );
        let after = verb.map_or(0, |v| v.word.len());
        let n = text[after..]
            .bytes()
            .take_while(|b| b.is_ascii_digit() || matches!(b, b'X' | b'#'))
            .count();
        Head {
            number: text[after..after + n].to_string(),
            rest: text[after + n..].to_string(),
            rest_at: after + n,
            text,
            same,
            whole,
            start,
            verb,
            resident,
        }
    }

    /// The range of `len` bytes of the head from byte `at` (the whole head when the file
    /// writes it with entities).
    pub fn range(&self, at: usize, len: usize) -> syntax::TextRange {
        if !self.same {
            return self.whole;
        }
        syntax::TextRange::at(
            self.start + syntax::TextSize::from(at as u32),
            syntax::TextSize::from(len as u32),
        )
    }

    /// Whether sub-ranges of the head are exact (no entities in the file).
    pub fn exact(&self) -> bool {
        self.same
    }

    pub fn handler(&self) -> Option<&'static str> {
        self.verb.and_then(|v| v.attr("handler"))
    }
}
