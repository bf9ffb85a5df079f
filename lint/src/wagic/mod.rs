//! Wagic card files: the workspace index (`index`), the vocabulary (`vocab`), what the engine
//! does with ability code (`code`), and the rules (`rules/`, one file each).

use crate::diagnostic::{Diagnostic, Sink};
use crate::registry::{Rule, RuleFilter, RuleMeta};
use crate::workspace::DialectLinter;
use model::source::{FileId, SourceFile};
use model::wagic::versions::Version;
use model::wagic::vocab;
use syntax::wagic::ast;
use syntax::wagic::{KeyMeaning, SyntaxKind, SyntaxNode};
use syntax::{TextRange, TextSize};

pub mod code;
pub mod index;
mod rules;

pub use index::{FileIndex, Index, Location, load_order_key};

/// What a rule sees: the file, its tree, the workspace index, and the file's ability code
/// (macro uses already expanded).
pub struct Ctx<'a> {
    pub file: &'a SourceFile,
    pub file_id: FileId,
    pub files: &'a [SourceFile],
    pub tree: ast::SourceFile,
    pub index: &'a Index,
    pub facts: Option<&'a index::FileFacts>,
    pub library: Option<&'a index::Library>,
    /// The card blocks of the file, with their entries read once.
    pub cards: Vec<CardView>,
    /// Every ability value of the cards being linted, in order.
    pub code: Vec<code::CodeLine>,
    /// Whether the checks of the file as a whole run too (grade lines, `[meta]` blocks, macro
    /// definitions, counts over every card). The CLI lints every card and the file level at
    /// once; the language server relints only the cards an edit touched.
    pub file_level: bool,
    /// The top level's nodes other than card blocks (`[meta]` blocks, grade lines), read once
    /// for the file-level run (empty in a run over cards): the rules that read them do not each
    /// walk a long file's thousands of cards.
    pub top: Vec<SyntaxNode>,
    /// The learned idioms W150 compares the cards with (`[wagic] idioms` or the shipped).
    pub idioms: &'static model::learn::Idioms,
    /// The engine the cards are checked against (`[wagic] engine`); none: today's, with the
    /// words only the 2016 engine read reported as removed.
    pub engine: Option<Version>,
}

impl Ctx<'_> {
    /// The top-level nodes that `cast` accepts (`ast::MetaBlock::cast`, ...): none in a run over
    /// cards.
    pub fn top_level<T: 'static>(
        &self,
        cast: fn(SyntaxNode) -> Option<T>,
    ) -> impl Iterator<Item = T> + '_ {
        self.top.iter().filter_map(move |n| cast(n.clone()))
    }

    /// The chosen engine reads this word although today's no longer does (`[wagic] engine =
    /// "2016"` and a word of the 2016 source): no finding about it.
    pub fn reads_removed(&self, word: &vocab::Word) -> bool {
        self.engine
            .is_some_and(|v| word.is_removed() && word.read_by(v))
    }

    /// The engine a finding about a removed word names: the chosen source, briefly, else
    /// "the current engine".
    pub fn engine_name(&self) -> &'static str {
        match self.engine {
            Some(v) => v.source_name(),
            None => "the current engine",
        }
    }
}

/// What a Wagic run is checked against (`[wagic]` of the configuration).
#[derive(Clone, Copy)]
pub struct Settings {
    /// The learned idioms W150 compares cards with: `[wagic] idioms` or the shipped set.
    pub idioms: &'static model::learn::Idioms,
    /// `[wagic] engine`: a shipped engine, or none (today's).
    pub engine: Option<Version>,
}

impl From<&'static model::learn::Idioms> for Settings {
    fn from(idioms: &'static model::learn::Idioms) -> Settings {
        Settings {
            idioms,
            engine: None,
        }
    }
}

/// The `[wagic]` settings of a configuration.
pub fn settings_of(config: &crate::config::Config) -> Settings {
    Settings {
        idioms: idioms_of(config),
        engine: config.wagic_engine,
    }
}

/// A card block with its entries (key and meaning computed once for every rule).
pub struct CardView {
    pub node: ast::CardBlock,
    pub entries: Vec<EntryView>,
    /// The block's position in the file's index.
    block: Option<usize>,
    /// `card_text::text_of`, read at the first of the rules that compare the rules text.
    text: std::sync::OnceLock<Option<rules::card_text::Text>>,
}

impl CardView {
    fn new(text: &str, node: ast::CardBlock, facts: Option<&index::FileFacts>) -> CardView {
        let start = node.range().start();
        let block = facts.and_then(|f| {
            f.index
                .blocks
                .binary_search_by_key(&start, |b| b.open.start())
                .ok()
        });
        let entries = node
            .entries()
            .map(|e| {
                let key = e.key_text();
                // Only `f`, `r` and `s` keys depend on the rest of the line (`facedown`, `rar`,
                // `suspend` anywhere in it).
                let needle = match key.as_bytes().first() {
                    Some(b'f') => "facedown",
                    Some(b'r') => "rar",
                    Some(b's') => "suspend",
                    _ => "",
                };
                let line = if needle.is_empty() || key.contains(needle) {
                    key.as_str()
                } else {
                    &text[e.range()]
                };
                let meaning = syntax::wagic::key_meaning(&key, line);
                EntryView {
                    node: e,
                    meaning,
                    key,
                }
            })
            .collect();
        CardView {
            node,
            entries,
            block,
            text: std::sync::OnceLock::new(),
        }
    }

    /// Whether some entry means `meaning`.
    pub fn has(&self, meaning: KeyMeaning) -> bool {
        self.entries.iter().any(|e| e.meaning == meaning)
    }

    /// The last entry meaning `meaning` (the engine keeps the last one for most keys).
    pub fn entry(&self, meaning: KeyMeaning) -> Option<&EntryView> {
        self.entries.iter().rev().find(|e| e.meaning == meaning)
    }

    pub fn value_of(&self, meaning: KeyMeaning) -> Option<String> {
        self.entry(meaning).map(|e| e.value_text())
    }

    pub fn entries_of(&self, meaning: KeyMeaning) -> impl Iterator<Item = &EntryView> {
        self.entries.iter().filter(move |e| e.meaning == meaning)
    }
}

impl std::ops::Deref for CardView {
    type Target = ast::CardBlock;
    fn deref(&self) -> &ast::CardBlock {
        &self.node
    }
}

/// An entry with its key text and what the engine does with it.
pub struct EntryView {
    pub node: ast::Entry,
    pub meaning: KeyMeaning,
    pub key: String,
}

impl std::ops::Deref for EntryView {
    type Target = ast::Entry;
    fn deref(&self) -> &ast::Entry {
        &self.node
    }
}

impl Ctx<'_> {
    pub fn text(&self, range: TextRange) -> &str {
        &self.file.text()[range]
    }

    pub fn kind(&self) -> index::FileKind {
        self.facts.map_or(index::FileKind::Other, |f| f.index.kind)
    }

    /// The facts and merge status of a card block.
    pub fn block(&self, card: &CardView) -> Option<(&index::BlockFacts, &index::BlockStatus)> {
        let facts = self.facts?;
        let i = card.block?;
        Some((&facts.index.blocks[i], &facts.blocks[i]))
    }

    /// Whether the engine's default loader reads the card (its grade, and the file's grade
    /// line, let it through); `true` when the file has no index facts.
    pub fn loaded(&self, card: &CardView) -> bool {
        let Some(facts) = self.facts else {
            return true;
        };
        match self.block(card) {
            Some((block, _)) => {
                block.effective_grade(facts.index.gate.map(|(level, _)| level))
                    <= model::wagic::vocab::DEFAULT_MAX_GRADE
            }
            None => true,
        }
    }

    /// A place in the workspace as related information of a finding of this file.
    pub fn related(&self, at: Location, message: impl Into<String>) -> crate::Related {
        let path = self
            .files
            .get(at.file)
            .map_or(self.file.path.as_path(), |f| f.path.as_path());
        crate::Related::at(path, &self.file.path, at.range, message)
    }

    /// `path:line` of a place in the workspace, for notes.
    pub fn describe(&self, at: Location) -> String {
        let line = self.index.line_of(self.files, at);
        format!("{}:{line}", self.files[at.file].path_string())
    }

    /// The ability values (`auto=`, `auto<zone>=`...) of one card.
    pub fn card_code<'c>(
        &'c self,
        card: &CardView,
    ) -> impl Iterator<Item = &'c code::CodeLine> + 'c {
        let range = card.range();
        self.code
            .iter()
            .filter(move |l| range.contains_range(l.entry.range()))
    }

    /// The ability views of the file: each line's own tree, or its macro expansion.
    pub fn code_views(&self) -> impl Iterator<Item = &code::CodeView> + '_ {
        self.code.iter().flat_map(|l| l.views.iter())
    }
}

/// The dialect's linter (its `DialectLinter`, registered as its `DialectPlugin`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Linter;

impl DialectLinter for Linter {
    type FileIndex = FileIndex;
    type Index = Index;

    const DIALECT: crate::Dialect = crate::Dialect::WAGIC;

    /// Set files (`_cards.dat`), macro files (`_macros.txt`) anywhere, and primitives files
    /// (`sets/primitives/*.txt`).
    fn claim_path(&self, dirs: &str, name: &str) -> Option<u8> {
        if name == "_cards.dat" || name == "_macros.txt" {
            return Some(100);
        }
        let primitives = name.ends_with(".txt")
            && (dirs == "sets/primitives" || dirs.ends_with("/sets/primitives"));
        primitives.then_some(60)
    }

    /// Content alone claims a file only when it is unmistakably a card file: a `[card]` line
    /// among the first 40 lines, followed in its block by a `name=`, `primitive=` or `id=` line.
    /// (Set files, macro files and primitives are told by their path.)
    fn claim_content(&self, text: &str) -> Option<u8> {
        let mut card = None;
        for (i, line) in text.lines().take(80).enumerate() {
            let line = line.trim_start_matches('\u{feff}').trim_end();
            if line.trim().is_empty() {
                continue;
            }
            match card {
                None => {
                    if i >= 40 {
                        return None;
                    }
                    if line.starts_with("[card]") {
                        card = Some(i);
                    } else if line.starts_with("[/card]") {
                        return None;
                    }
                }
                Some(at) => {
                    let key = line.trim_start();
                    if key.starts_with("name=")
                        || key.starts_with("primitive=")
                        || key.starts_with("id=")
                    {
                        return Some(crate::dialect::claim_by_line(at));
                    }
                    if key.starts_with("[/card]") || key.starts_with("[card]") {
                        return None;
                    }
                }
            }
        }
        None
    }

    fn example_path(&self) -> &'static str {
        "sets/primitives/example.txt"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["txt", "dat"]
    }

    fn rules(&self) -> Vec<&'static RuleMeta> {
        rule_metas()
    }

    fn debug_tree(&self, text: &str) -> String {
        syntax::wagic::parse(text).debug_dump()
    }

    fn bom_message(&self) -> Option<&'static str> {
        Some(
            "byte-order mark: Wagic reads it as part of the first line, so a `[card]` there is not seen",
        )
    }

    fn formatter(&self) -> Option<&'static dyn crate::format::Formatter> {
        Some(&crate::format::wagic::FORMATTER)
    }

    fn index_file(&self, file: &SourceFile) -> FileIndex {
        index::index_file(file)
    }

    fn build_index(&self, files: &[SourceFile], indexes: Vec<(FileId, FileIndex)>) -> Index {
        index::build(files, indexes)
    }

    fn file_salt(&self, _file: &SourceFile, config: &crate::config::Config) -> u64 {
        let engine = config.wagic_engine.map_or(0, |v| v as u64 + 1);
        config.wagic_idioms.map_or(0, |l| l.digest) ^ engine.rotate_left(7)
    }

    fn lint_file(
        &self,
        id: FileId,
        files: &[SourceFile],
        index: &Index,
        config: &crate::config::Config,
        filter: &RuleFilter,
        out: &mut Vec<Diagnostic>,
    ) {
        let file = &files[id];
        let settings = settings_of(config);
        let parse = syntax::wagic::parse(file.text());
        let mut syntax_out = Vec::new();
        crate::common::syntax_diagnostics(file.text(), parse.errors(), &mut syntax_out);
        let Some(tree) = ast::SourceFile::cast(parse.syntax()) else {
            out.extend(syntax_out);
            return;
        };
        // The cards are linted a chunk at a time (their views and ability code are dropped
        // after each chunk), then the file level: the same findings as one run over the whole
        // file (see `lint_cards`), with memory bounded by the tree instead of the tree and every
        // card's views.
        // The chunks run in parallel (a large file, such as the primitives, is most of a
        // run's work); each rebuilds its own view of the tree from the shared green tree, and
        // their findings are joined in file order, as one run in sequence gives them.
        let ranges: Vec<TextRange> = tree.cards().map(|c| c.range()).collect();
        let green = parse.green();
        let run = |chunk: &[TextRange]| {
            let root = syntax::wagic::SyntaxNode::new_root(green.clone());
            let mut out = Vec::new();
            if let Some(tree) = ast::SourceFile::cast(root.clone()) {
                let nodes: Vec<ast::CardBlock> = chunk
                    .iter()
                    .filter_map(|r| root.child_or_token_at_range(*r))
                    .filter_map(|e| e.into_node())
                    .filter_map(ast::CardBlock::cast)
                    .collect();
                lint_cards(
                    id, files, index, filter, &tree, nodes, false, settings, &mut out,
                );
            }
            out
        };
        let chunks: Vec<Vec<Diagnostic>> = if ranges.len() > CARDS_PER_RUN {
            use rayon::prelude::*;
            ranges.par_chunks(CARDS_PER_RUN).map(run).collect()
        } else {
            vec![run(&ranges)]
        };
        let mut rule_out: Vec<Diagnostic> = chunks.into_iter().flatten().collect();
        lint_cards(
            id,
            files,
            index,
            filter,
            &tree,
            Vec::new(),
            true,
            settings,
            &mut rule_out,
        );
        drop_replaced_brackets(&mut syntax_out, &rule_out);
        out.extend(syntax_out);
        out.extend(rule_out);
    }
}

/// The learned idioms W150 compares cards with: `[wagic] idioms` or the shipped set.
pub fn idioms_of(config: &crate::config::Config) -> &'static model::learn::Idioms {
    config
        .wagic_idioms
        .map_or_else(model::learn::wagic_shipped, |l| l.idioms)
}

/// How many cards `Linter::lint_file` gives one run of the rules.
const CARDS_PER_RUN: usize = 256;

/// Runs the rules over some card blocks of a parsed file and, with `file_level`, over the file
/// as a whole. Every finding of a card's run lies inside that card; linting every card and the
/// file level, in any grouping, reports what one run over the whole file reports.
#[allow(clippy::too_many_arguments)]
pub fn lint_cards(
    id: FileId,
    files: &[SourceFile],
    index: &Index,
    filter: &RuleFilter,
    tree: &ast::SourceFile,
    cards: Vec<ast::CardBlock>,
    file_level: bool,
    settings: impl Into<Settings>,
    out: &mut Vec<Diagnostic>,
) {
    let settings = settings.into();
    let file = &files[id];
    let facts = index.file(id);
    let library = index.library_of(id);
    let cards: Vec<CardView> = cards
        .into_iter()
        .map(|c| CardView::new(file.text(), c, facts))
        .collect();
    let code = code::collect(file.text(), &cards, library);
    let top = if file_level {
        top_level(tree)
    } else {
        Vec::new()
    };
    let ctx = Ctx {
        file,
        file_id: id,
        files,
        tree: tree.clone(),
        index,
        facts,
        library,
        cards,
        code,
        file_level,
        top,
        idioms: settings.idioms,
        engine: settings.engine,
    };
    let first = out.len();
    filter.run(rules::RULES, out, |check, sink| check(&ctx, sink));
    // A learned rule yields to the hand-written rule that explains the same card.
    let blocks: Vec<TextRange> = ctx.cards.iter().map(|c| c.node.range()).collect();
    crate::common::apply_yields(out, first, |at| {
        blocks.iter().position(|b| b.contains_inclusive(at))
    });
}

/// The top-level nodes of `tree` other than card blocks, found through the green children (a
/// red node is made only for what is kept).
fn top_level(tree: &ast::SourceFile) -> Vec<SyntaxNode> {
    let root = tree.syntax();
    let card: rowan::SyntaxKind = SyntaxKind::CARD_BLOCK.into();
    let mut out = Vec::new();
    let mut offset = TextSize::from(0);
    for child in root.green().children() {
        let len = child.text_len();
        if let rowan::NodeOrToken::Node(node) = child
            && node.kind() != card
            && let Some(rowan::NodeOrToken::Node(red)) =
                root.child_or_token_at_range(TextRange::at(offset, len))
        {
            out.push(red);
        }
        offset += len;
    }
    out
}

/// A bracket that a Wagic rule reports at its own level is not reported twice: drops the shared
/// `E011` findings inside a finding of `BRACKET_RULES`.
pub fn drop_replaced_brackets(syntax_out: &mut Vec<Diagnostic>, rule_out: &[Diagnostic]) {
    // The rules' ranges by start, with the furthest end reached so far: a range contains `d`
    // exactly when the furthest end among those starting at or before `d` reaches `d`'s end
    // (a search per finding, not a scan of every rule finding).
    let mut covers: Vec<(TextSize, TextSize)> = rule_out
        .iter()
        .filter(|r| BRACKET_RULES.contains(&r.rule.code))
        .map(|r| (r.range.start(), r.range.end()))
        .collect();
    if covers.is_empty() {
        return;
    }
    covers.sort_unstable();
    let mut furthest = TextSize::from(0);
    for cover in &mut covers {
        furthest = furthest.max(cover.1);
        cover.1 = furthest;
    }
    syntax_out.retain(|d| {
        if d.rule.code != "E011" {
            return true;
        }
        let before = covers.partition_point(|c| c.0 <= d.range.start());
        before == 0 || covers[before - 1].1 < d.range.end()
    });
}

/// Rules that report harmful brackets themselves (the shared `E011` warning is then dropped).
const BRACKET_RULES: &[&str] = &["W113", "W115", "W120", "W123"];

pub fn rule_metas() -> Vec<&'static RuleMeta> {
    rules::RULES.iter().map(|r| r.meta).collect()
}

/// A Wagic rule: metadata and a check over a `Ctx`.
pub type WagicRule = Rule<fn(&Ctx<'_>, &mut Sink<'_>)>;

pub(crate) fn range(start: usize, end: usize) -> TextRange {
    TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32))
}

/// The sub-range `start..end` (offsets relative to `outer`'s start).
pub(crate) fn sub_range(outer: TextRange, start: usize, end: usize) -> TextRange {
    let base = usize::from(outer.start());
    range(base + start, base + end)
}
