//! What a dialect offers an editor, and the protocol-neutral shapes of the answers.
//!
//! A dialect implements [`DialectIde`] for its `DialectLinter` in `ide/src/dialects/<dialect>.rs`.
//! Every method has a default that offers nothing, so a new dialect can start with none and
//! add them one by one. Positions are byte offsets into the file's text; the language server
//! converts them.

use lint::Edit;
use lint::workspace::DialectLinter;
use model::source::{FileId, SourceFile};
use rowan::GreenNode;
use syntax::{SyntaxError, TextRange, TextSize};

/// One file as a feature sees it: its text, its current tree, and the dialect's workspace index.
pub struct FileView<'a, L: DialectLinter + ?Sized> {
    pub id: FileId,
    /// Every file of the workspace (indexes in `L::Index` point into it).
    pub files: &'a [SourceFile],
    /// The files of this dialect that are part of the workspace (for searches across files).
    pub ids: &'a [FileId],
    pub index: &'a L::Index,
    /// The tree of the file's current text (the dialect's `SOURCE_FILE`).
    pub green: GreenNode,
    /// The configuration that applies to the file.
    pub config: &'a lint::config::Config,
}

impl<L: DialectLinter + ?Sized> FileView<'_, L> {
    pub fn file(&self) -> &SourceFile {
        &self.files[self.id]
    }

    pub fn text(&self) -> &str {
        self.files[self.id].text()
    }
}

/// A place in a file, for completion, hover, definition, references and rename.
pub struct Cursor<'a, L: DialectLinter + ?Sized> {
    pub view: FileView<'a, L>,
    pub offset: TextSize,
}

/// What an item of a completion list is (editors pick an icon by it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    /// A line key, a parameter name, an entry key.
    Key,
    /// An ability, an effect, a keyword.
    Keyword,
    /// An ApiType, a trigger mode, an event.
    Function,
    /// A zone, a phase, a counter type, a restriction...
    Value,
    /// An SVar name.
    Variable,
    /// A card name.
    Reference,
    Macro,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    pub label: String,
    pub kind: CompletionKind,
    /// A short line beside the label (what the word is).
    pub detail: Option<String>,
    /// Markdown documentation.
    pub documentation: Option<String>,
    /// The text to insert (the label when `None`).
    pub insert: Option<String>,
    /// The text the completion replaces (the word being typed).
    pub replace: TextRange,
    /// Known only to an older version of the engine.
    pub deprecated: bool,
    /// The key editors sort by (the label when `None`): set when the list is ranked by
    /// relevance rather than alphabetically.
    pub sort: Option<String>,
    /// The text editors match what was typed against (the label when `None`).
    pub filter: Option<String>,
}

impl Completion {
    pub fn new(label: impl Into<String>, kind: CompletionKind, replace: TextRange) -> Completion {
        Completion {
            label: label.into(),
            kind,
            detail: None,
            documentation: None,
            insert: None,
            replace,
            deprecated: false,
            sort: None,
            filter: None,
        }
    }

    pub fn detail(mut self, detail: impl Into<String>) -> Completion {
        self.detail = Some(detail.into());
        self
    }

    pub fn documentation(mut self, doc: impl Into<String>) -> Completion {
        let doc = doc.into();
        if !doc.is_empty() {
            self.documentation = Some(doc);
        }
        self
    }

    pub fn insert(mut self, text: impl Into<String>) -> Completion {
        self.insert = Some(text.into());
        self
    }

    pub fn deprecated(mut self, deprecated: bool) -> Completion {
        self.deprecated = deprecated;
        self
    }

    pub fn sort(mut self, key: impl Into<String>) -> Completion {
        self.sort = Some(key.into());
        self
    }

    pub fn filter(mut self, text: impl Into<String>) -> Completion {
        self.filter = Some(text.into());
        self
    }
}

/// Markdown shown under the mouse, for the word at `range`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hover {
    pub range: TextRange,
    pub markdown: String,
}

pub use model::source::Location;

/// An edit of one file (rename).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileEdit {
    pub file: FileId,
    pub edit: Edit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    /// A card (a Wagic `[card]` block, a Forge face).
    Card,
    /// An ability, trigger, static or replacement.
    Ability,
    /// An SVar, a key.
    Variable,
    Macro,
    /// A `[meta]` block, a file-level grade.
    Namespace,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub detail: Option<String>,
    pub kind: SymbolKind,
    /// The whole extent of the symbol.
    pub range: TextRange,
    /// What to select when going to it (its name).
    pub selection: TextRange,
    pub children: Vec<Symbol>,
}

/// A card a file defines (a Forge face's `Name:`, a Wagic block's `name=`), for workspace
/// symbols: its name as written, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardName {
    pub name: String,
    /// The name's text in the file.
    pub range: TextRange,
}

/// A foldable region (a block); the language server turns it into lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fold {
    pub range: TextRange,
    pub comment: bool,
}

impl Fold {
    /// A fold for each range of `text` that spans more than one line (blocks, cards, entries).
    pub fn multi_line(text: &str, ranges: impl IntoIterator<Item = TextRange>) -> Vec<Fold> {
        ranges
            .into_iter()
            .filter(|r| text[*r].trim_end().contains('\n'))
            .map(|range| Fold {
                range,
                comment: false,
            })
            .collect()
    }
}

/// The semantic token types cardlint reports, in the order of the legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TokenKind {
    /// Line keys, entry keys, parameter names.
    Property,
    /// ApiTypes, effects, abilities, keywords.
    Keyword,
    /// Trigger modes, events.
    Event,
    /// Zones, phases, counters, restrictions and other closed vocabularies.
    EnumMember,
    /// SVar names and references.
    Variable,
    /// Card names (`Name:`, `name=`, `primitive=`).
    Type,
    Macro,
    Number,
    String,
    Comment,
    Operator,
}

impl TokenKind {
    pub const ALL: [TokenKind; 11] = [
        TokenKind::Property,
        TokenKind::Keyword,
        TokenKind::Event,
        TokenKind::EnumMember,
        TokenKind::Variable,
        TokenKind::Type,
        TokenKind::Macro,
        TokenKind::Number,
        TokenKind::String,
        TokenKind::Comment,
        TokenKind::Operator,
    ];

    /// The LSP name of the token type.
    pub fn lsp_name(self) -> &'static str {
        match self {
            TokenKind::Property => "property",
            TokenKind::Keyword => "keyword",
            TokenKind::Event => "event",
            TokenKind::EnumMember => "enumMember",
            TokenKind::Variable => "variable",
            TokenKind::Type => "type",
            TokenKind::Macro => "macro",
            TokenKind::Number => "number",
            TokenKind::String => "string",
            TokenKind::Comment => "comment",
            TokenKind::Operator => "operator",
        }
    }
}

/// Token modifiers (bit flags, in the order of the legend).
pub mod modifier {
    /// Where a name is defined (`SVar:Name:`, `name=`).
    pub const DECLARATION: u32 = 1;
    /// A word the current engine no longer knows (known to the 2020 fork only, removed...).
    pub const DEPRECATED: u32 = 2;
    pub const NAMES: [&str; 2] = ["declaration", "deprecated"];
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SemanticToken {
    pub range: TextRange,
    pub kind: TokenKind,
    pub modifiers: u32,
}

/// A short label shown inside the text (an inlay hint): what an expression amounts to, what a
/// trigger provides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlayHint {
    /// The label is shown just before this offset.
    pub position: TextSize,
    pub label: String,
    /// Markdown shown when the mouse is on the label.
    pub tooltip: Option<String>,
}

/// The editor features of a dialect. See the module documentation.
pub trait DialectIde: DialectLinter
where
    Self::FileIndex: Clone + PartialEq,
{
    /// An open document's analysis state: `WholeDoc` (parsed and linted whole after each change)
    /// or an incremental one (`crate::doc`).
    type Doc: crate::doc::OpenDoc<Self>;

    /// The index is slow to build (a large card pool): it is rebuilt off the world's lock, as a
    /// job (`World::index_job`), while edits go on being answered.
    const SLOW_INDEX: bool = false;

    /// Parses a text (the tree features read, and the syntax errors).
    fn parse(&self, text: &str) -> (GreenNode, Vec<SyntaxError>);

    /// A new index was installed (after a scan or a rebuild) for a world of `files` files.
    fn index_installed(&self, _index: &mut Self::Index, _files: usize) {}

    /// Updates the merged index after one file's contribution changed (`None`: the file is not
    /// in the workspace). Returns `false` when the dialect cannot: the index is then rebuilt.
    fn update_index(
        &self,
        _index: &mut Self::Index,
        _files: &[SourceFile],
        _id: FileId,
        _old: Option<&Self::FileIndex>,
        _new: Option<&Self::FileIndex>,
    ) -> bool {
        false
    }

    /// The cards the file defines, in file order (workspace symbols). Read from the text alone,
    /// quickly: it runs on every file of the workspace when it is scanned, and again on a file
    /// when it changes.
    fn card_names(&self, _file: &SourceFile) -> Vec<CardName> {
        Vec::new()
    }

    /// Words that fit at the cursor.
    fn complete(&self, _at: &Cursor<'_, Self>) -> Vec<Completion> {
        Vec::new()
    }

    fn hover(&self, _at: &Cursor<'_, Self>) -> Option<Hover> {
        None
    }

    /// Where the name at the cursor is defined.
    fn definition(&self, _at: &Cursor<'_, Self>) -> Vec<Location> {
        Vec::new()
    }

    /// Where the name at the cursor is used (and defined, with `include_declaration`).
    fn references(&self, _at: &Cursor<'_, Self>, _include_declaration: bool) -> Vec<Location> {
        Vec::new()
    }

    /// The range of the name that a rename at the cursor would change: `Ok(None)` when there is
    /// nothing to rename there, `Err` when there is a name that must not be renamed (and why).
    fn prepare_rename(&self, _at: &Cursor<'_, Self>) -> Result<Option<TextRange>, String> {
        Ok(None)
    }

    /// The edits that rename the name at the cursor; `Err` explains why it cannot.
    fn rename(&self, _at: &Cursor<'_, Self>, _new_name: &str) -> Result<Vec<FileEdit>, String> {
        Err("nothing to rename here".into())
    }

    /// The outline of the file.
    fn symbols(&self, _file: &FileView<'_, Self>) -> Vec<Symbol> {
        Vec::new()
    }

    fn folding(&self, _file: &FileView<'_, Self>) -> Vec<Fold> {
        Vec::new()
    }

    /// Tokens in file order, not overlapping. With `range`, only those inside it are needed
    /// (the part of a large file the editor shows).
    fn semantic_tokens(
        &self,
        _file: &FileView<'_, Self>,
        _range: Option<TextRange>,
    ) -> Vec<SemanticToken> {
        Vec::new()
    }

    /// Inlay hints in file order. With `range`, only those inside it are needed.
    fn inlay_hints(&self, _file: &FileView<'_, Self>, _range: Option<TextRange>) -> Vec<InlayHint> {
        Vec::new()
    }
}

/// The word (letters, digits, `_`, `-`, `$`) around an offset: for completion, the part before
/// the cursor is what is being typed.
pub fn word_at(text: &str, offset: TextSize, extra: &[u8]) -> TextRange {
    let bytes = text.as_bytes();
    let at = usize::from(offset).min(bytes.len());
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || extra.contains(&b);
    let mut s = at;
    while s > 0 && is_word(bytes[s - 1]) {
        s -= 1;
    }
    let mut e = at;
    while e < bytes.len() && is_word(bytes[e]) {
        e += 1;
    }
    TextRange::new(TextSize::from(s as u32), TextSize::from(e as u32))
}

/// A vocabulary of `model/data/<dialect>/` as a dialect offers it in completion and documents
/// it on hover (dialects built on the shared `model::vocab` use these helpers).
#[derive(Clone, Copy)]
pub struct VocabSource {
    pub vocab: &'static model::vocab::Vocab,
    pub kind: CompletionKind,
    /// What a word of it is, for people ("trigger condition").
    pub what: &'static str,
}

impl VocabSource {
    pub const fn new(
        vocab: &'static model::vocab::Vocab,
        kind: CompletionKind,
        what: &'static str,
    ) -> VocabSource {
        VocabSource { vocab, kind, what }
    }
}

/// The documentation of a vocabulary word, as hover and completion show it.
pub fn vocab_doc(what: &str, word: &model::vocab::Word) -> String {
    use model::vocab::Status;
    let mut out = format!("**{}** — {what}\n\n{}", word.word, word.doc);
    match word.status {
        Status::New => out.push_str("\n\nOnly newer versions of the engine read it."),
        Status::Removed => out.push_str("\n\nOnly older versions of the engine read it."),
        Status::Internal => {
            out.push_str("\n\nThe engine's own word: scripts are not meant to write it.")
        }
        Status::Current => {}
    }
    out
}

/// The words of `sources` that `keep` accepts (internal words are left out), each label once.
pub fn vocab_completions(
    sources: &[VocabSource],
    replace: TextRange,
    keep: impl Fn(&model::vocab::Word) -> bool,
) -> Vec<Completion> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for source in sources {
        for word in source.vocab.words() {
            if word.status == model::vocab::Status::Internal
                || !keep(word)
                || !seen.insert(word.word)
            {
                continue;
            }
            out.push(
                Completion::new(word.word, source.kind, replace)
                    .detail(source.what)
                    .documentation(vocab_doc(source.what, word))
                    .deprecated(word.status == model::vocab::Status::Removed),
            );
        }
    }
    out
}

/// The documentation of `word` from the first of `sources` that holds it (with
/// `ignore_case`, in any letter case).
pub fn vocab_hover(
    sources: &[VocabSource],
    word: &str,
    range: TextRange,
    ignore_case: bool,
) -> Option<Hover> {
    sources.iter().find_map(|source| {
        let found = match ignore_case {
            true => source.vocab.get_ignore_case(word),
            false => source.vocab.get(word),
        }?;
        Some(Hover {
            range,
            markdown: vocab_doc(source.what, found),
        })
    })
}

/// A line of the workspace's own cards that shows a word in use (hover examples: never a line
/// shipped with cardlint). Looks for `needle` after a non-word character in the dialect's other
/// files, then in this one outside `here` (the line at the cursor), in one pass: `fit` rates
/// each line (`Some(0)`: the kind wanted, taken at once; `Some(1)`: a fallback, the first one
/// kept; `None`: not an example). Returns the file and the line (without its line break).
pub fn example_line<'a, L: DialectLinter + ?Sized>(
    view: &FileView<'a, L>,
    needle: &str,
    here: TextRange,
    fit: impl Fn(&str) -> Option<u8>,
) -> Option<(FileId, &'a str)> {
    let files: &'a [SourceFile] = view.files;
    let order = view
        .ids
        .iter()
        .copied()
        .filter(|&id| id != view.id)
        .chain(std::iter::once(view.id));
    let mut fallback = None;
    for id in order {
        let Some(file) = files.get(id) else {
            continue;
        };
        let text = file.text();
        for (i, _) in text.match_indices(needle) {
            let before = text[..i].bytes().last();
            if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_') {
                continue;
            }
            if id == view.id && here.contains_inclusive(TextSize::from(i as u32)) {
                continue;
            }
            let start = text[..i].rfind('\n').map_or(0, |s| s + 1);
            let end = text[i..].find('\n').map_or(text.len(), |e| i + e);
            let line = text[start..end].trim_end_matches('\r');
            match fit(line) {
                Some(0) => return Some((id, line)),
                Some(_) if fallback.is_none() => fallback = Some((id, line)),
                _ => {}
            }
        }
    }
    fallback
}

/// An example line as hover shows it: where it comes from (the file's name), then the line in a
/// code block (a long line cut).
pub fn example_markdown<L: DialectLinter + ?Sized>(
    view: &FileView<'_, L>,
    (id, line): (FileId, &str),
    language: &str,
) -> String {
    const MAX: usize = 240;
    let path = &view.files[id].path;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    // A fence inside the line would end the code block.
    let mut line = line.trim().replace("```", "'''");
    if line.len() > MAX {
        let mut cut = MAX;
        while !line.is_char_boundary(cut) {
            cut -= 1;
        }
        line.truncate(cut);
        line.push_str(" …");
    }
    format!("Example, from `{name}`:\n\n```{language}\n{line}\n```")
}

/// Orders completions by `key` (ties by label, case-insensitively) and tells editors to keep
/// that order (`sortText`) while matching the typed text against the label (`filterText`).
pub fn ranked<K: Ord>(items: Vec<Completion>, key: impl Fn(&Completion) -> K) -> Vec<Completion> {
    let mut keyed: Vec<_> = items
        .into_iter()
        .map(|c| ((key(&c), c.label.to_lowercase()), c))
        .collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    keyed
        .into_iter()
        .enumerate()
        .map(|(i, (_, c))| {
            let label = c.label.clone();
            c.sort(format!("{i:04}")).filter(label)
        })
        .collect()
}
