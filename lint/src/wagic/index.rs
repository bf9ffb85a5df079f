//! The Wagic workspace index: what every card file contributes (a cheap scan with the engine's
//! line state machine), merged per card library in the engine's load order.
//!
//! A *library* is one `Res/sets` folder: its `primitives/*.txt` files and its `<SET>/_cards.dat`
//! files. Files of different libraries never see each other (two snapshots of the card data
//! checked together do not share ids or definitions).
//!
//! The merge reproduces what the engine does when it loads a library at the default maximum
//! grade: which definitions are registered under which name, which set entries resolve, which
//! entries are discarded because their id is taken, which macros exist.

use model::source::{FileId, SourceFile};
use model::wagic::vocab;
use std::collections::HashMap;
use syntax::wagic::keys::{KeyMeaning, key_meaning};
use syntax::wagic::outline::{Block, LineClass, MACRO_PREFIX, Outline};
use syntax::{Encoding, TextRange, TextSize};

pub use model::source::Location;

/// What a file is to the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FileKind {
    /// `sets/primitives/*.txt` (including `_macros.txt`): read first.
    Primitives,
    /// `sets/<SET>/_cards.dat`: read after every primitives file.
    Set,
    /// Anything else given explicitly as Wagic.
    Other,
}

/// A value as written, with the bytes the engine compares (names are compared byte for byte,
/// so a Latin-1 `Æ` and a UTF-8 `Æ` differ).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Named {
    pub text: String,
    pub key: Box<[u8]>,
    pub range: TextRange,
}

/// One `[card]` block, as the card reader sees it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BlockFacts {
    /// The `[card]` line.
    pub open: TextRange,
    /// The last `name=` (the engine keeps the last one).
    pub name: Option<Named>,
    /// The last `id=` value as written.
    pub id: Option<(String, TextRange)>,
    pub primitive: Option<Named>,
    pub rarity: bool,
    /// Card-level grade level (`grade=` inside the block).
    pub grade: Option<u8>,
    /// The block holds definition keys (anything but id, rarity, primitive and grade).
    pub defines: bool,
    /// The block comes after a file-level grade line that stops the default loader.
    pub after_gate: bool,
    pub closed: bool,
}

impl BlockFacts {
    /// A set entry: the engine builds a card entry from `id`, `rarity` or `primitive`.
    pub fn is_entry(&self) -> bool {
        self.id.is_some() || self.rarity || self.primitive.is_some()
    }

    /// The card the block names: its `primitive=`, else its `name=`.
    pub fn card_name(&self) -> &str {
        self.primitive
            .as_ref()
            .or(self.name.as_ref())
            .map_or("", |n| n.text.as_str())
    }

    /// The id as the engine reads it (`atoi`): the leading integer, 0 when there is none.
    pub fn id_value(&self) -> Option<i64> {
        self.id.as_ref().map(|(v, _)| atoi(v))
    }

    /// The grade level that decides whether this definition is loaded (the file gate counts).
    pub fn effective_grade(&self, file_gate: Option<u8>) -> u8 {
        let gate = if self.after_gate {
            file_gate.unwrap_or(0)
        } else {
            0
        };
        gate.max(self.grade.unwrap_or(0))
    }

    /// The key the definition is registered under: the id as decimal text, else the name.
    pub fn registration_key(&self) -> Box<[u8]> {
        match self.id_value() {
            Some(id) => id.to_string().into_bytes().into_boxed_slice(),
            None => self
                .name
                .as_ref()
                .map(|n| n.key.clone())
                .unwrap_or_default(),
        }
    }
}

/// One `#AUTO_DEFINE` line.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MacroFacts {
    /// Lowercased, as the engine stores it (empty when the engine registers an empty name).
    pub name: String,
    pub params: Vec<String>,
    /// The replacement, lowercased, with `\n` turned into newlines.
    pub body: String,
    pub name_range: TextRange,
    pub line: TextRange,
}

/// What one Wagic file contributes to the index.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FileIndex {
    pub kind: FileKind,
    /// The library the file belongs to (its `sets` folder).
    pub root: String,
    /// The level of the first file-level grade line that stops the default loader, and where.
    pub gate: Option<(u8, TextRange)>,
    pub blocks: Vec<BlockFacts>,
    pub macros: Vec<MacroFacts>,
    /// Lowercased type words of the file: `type=`/`subtype=` words, card names, and the marker
    /// types its code adds (`becomes(...)`, `transforms((...))`, `token(...)`, `create(...)`).
    pub type_words: Vec<String>,
}

/// How a set entry finds its definition at the default maximum grade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// The block defines the card itself.
    Inline,
    /// `primitive=` finds this definition.
    Resolved(Location),
    /// `primitive=` finds only a definition the default loader skips (its grade).
    Gated { at: Location, grade: u8 },
    /// `primitive=` finds nothing: the engine drops the entry.
    Unresolved,
    /// Not a set entry, or the library has no primitives to resolve against.
    NotChecked,
}

/// What the merge found about one block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockStatus {
    pub resolution: Resolution,
    /// An earlier entry with the same id: its place, its card, and whether it was added.
    pub duplicate_of: Option<Box<Duplicate>>,
    /// An earlier loaded definition registered under the same key (this one is discarded).
    pub shadowed_by: Option<Location>,
    /// Whether the engine adds this entry to the collection.
    pub added: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duplicate {
    pub at: Location,
    pub card: String,
    pub added: bool,
}

/// A registered card definition.
#[derive(Clone, Debug)]
pub struct Definition {
    pub at: Location,
    pub name: String,
    pub grade: u8,
}

/// A macro as the engine registers it (first definition of a name wins).
#[derive(Clone, Debug)]
pub struct Macro {
    pub name: String,
    pub params: Vec<String>,
    pub body: String,
    pub at: Location,
}

/// One card library: definitions, entries, macros and type words, in load order.
#[derive(Default)]
pub struct Library {
    pub has_primitives: bool,
    pub has_sets: bool,
    /// Definitions registered when every grade is allowed, by registration key (first wins;
    /// the later ones are listed after it).
    pub definitions: HashMap<Box<[u8]>, Vec<Definition>>,
    /// Definition names by a normalised spelling (case, accents, `Æ`, spaces, punctuation).
    pub normalized: HashMap<String, Vec<Box<[u8]>>>,
    /// Macros in load order, first definition of each name only.
    pub macros: Vec<Macro>,
    /// Every macro definition line, in load order (duplicates included).
    pub macro_lines: Vec<Macro>,
    /// Ids of the collection (entries the engine adds), to the entry's place.
    pub ids: HashMap<i64, Location>,
    /// Lowercased type words, card names and marker types of the library, each with the number
    /// of times the library's files hold it (an open document's edits add and remove words).
    pub types: HashMap<String, u32>,
    /// Finds uses of `macros` in ability text (index = position in `macros`).
    pub macro_matcher: Option<aho_corasick::AhoCorasick>,
    /// Normalised names by (first byte, length), for did-you-mean.
    shapes: HashMap<(u8, usize), Vec<String>>,
    /// Most `primitive=` references of the library's set files match nothing: primitives files
    /// are probably missing (a partial checkout), so single misses say little.
    pub incomplete: bool,
}

impl Library {
    /// The first definition registered under `key`, all grades allowed.
    pub fn definition(&self, key: &[u8]) -> Option<&Definition> {
        self.definitions.get(key).and_then(|d| d.first())
    }

    /// The first definition under `key` that the default loader keeps.
    pub fn loaded_definition(&self, key: &[u8]) -> Option<&Definition> {
        self.definitions
            .get(key)
            .and_then(|d| d.iter().find(|d| d.grade <= vocab::DEFAULT_MAX_GRADE))
    }

    /// Definitions whose name is spelt like `text` up to case, accents, `AE`/`Æ`, spaces and
    /// punctuation (byte-different from `key`).
    pub fn spelling_variants(&self, text: &str, key: &[u8]) -> Vec<&Definition> {
        let Some(keys) = self.normalized.get(&normalize_name(text)) else {
            return Vec::new();
        };
        keys.iter()
            .filter(|k| k.as_ref() != key)
            .filter_map(|k| self.definition(k))
            .collect()
    }

    /// Definition names within a small edit distance of `text` (normalised), closest first.
    pub fn near_names(&self, text: &str) -> Vec<&Definition> {
        let norm = normalize_name(text);
        if norm.len() < 4 {
            return Vec::new();
        }
        let limit = if norm.len() < 10 { 1 } else { 2 };
        let mut found: Vec<(usize, &Definition)> = Vec::new();
        let first = norm.as_bytes()[0];
        // Most names are ruled out by their letter counts without the distance's table.
        let letters = model::suggest::Letters::of(&norm);
        for len in norm.len().saturating_sub(limit)..=norm.len() + limit {
            for other in self.shapes.get(&(first, len)).into_iter().flatten() {
                if *other == norm || !letters.may_be_within(other, limit) {
                    continue;
                }
                let d = strsim::osa_distance(&norm, other);
                if d <= limit {
                    found.extend(
                        self.normalized[other]
                            .iter()
                            .filter_map(|k| self.definition(k))
                            .map(|def| (d, def)),
                    );
                }
            }
        }
        found.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.name.cmp(&b.1.name)));
        found.into_iter().map(|(_, d)| d).collect()
    }

    pub fn macro_named(&self, name: &str) -> Option<&Macro> {
        self.macros.iter().find(|m| m.name == name)
    }

    /// Removes one occurrence of each word of `removed` from `types` and adds one of each of
    /// `added` (an edit of an open file). Returns the words that entered or left the set.
    pub fn count_type_words(&mut self, removed: &[String], added: &[String]) -> Vec<String> {
        let mut involved: Vec<&String> = removed.iter().chain(added).collect();
        involved.sort_unstable();
        involved.dedup();
        let before: Vec<bool> = involved
            .iter()
            .map(|w| self.types.contains_key(*w))
            .collect();
        for w in removed {
            if let Some(n) = self.types.get_mut(w) {
                *n -= 1;
                if *n == 0 {
                    self.types.remove(w);
                }
            }
        }
        for w in added {
            *self.types.entry(w.clone()).or_default() += 1;
        }
        involved
            .into_iter()
            .zip(before)
            .filter(|(w, was)| self.types.contains_key(*w) != *was)
            .map(|(w, _)| w.clone())
            .collect()
    }

    /// Where in `text` (a file of this library) findings may change when the words `flipped`
    /// enter or leave `types`: the rules look a word up only when it is written in the card
    /// (`misspelt-target-type`, `unknown-target-attribute`: ASCII case aside), so the offsets
    /// where a flipped word starts, and where a parameterised macro is used (its expansion
    /// may join an argument to the body). `None` when findings anywhere may change: the word is
    /// a rules subtype (`misspelt-subtype` offers the library's subtypes to every card) or a
    /// macro body holds it.
    pub fn type_word_uses(&self, flipped: &[String], text: &str) -> Option<Vec<usize>> {
        let words: Vec<&str> = flipped
            .iter()
            .map(String::as_str)
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() {
            return Some(Vec::new());
        }
        let subtypes = &model::forge::vocab::types().list;
        for w in &words {
            let lower = w.to_ascii_lowercase();
            if subtypes
                .iter()
                .any(|(t, category)| category.contains("type") && t.name.to_lowercase() == *w)
                || self
                    .macro_lines
                    .iter()
                    .any(|m| m.body.to_ascii_lowercase().contains(&lower))
            {
                return None;
            }
        }
        let mut patterns: Vec<&str> = words;
        patterns.extend(
            self.macros
                .iter()
                .filter(|m| !m.params.is_empty() && !m.name.is_empty())
                .map(|m| m.name.as_str()),
        );
        // Leftmost matches (they let the searcher skip ahead fast); a match hidden by an
        // overlapping one starts on the same line (no pattern holds a line break), so in the
        // same card.
        let matcher = aho_corasick::AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(aho_corasick::MatchKind::LeftmostFirst)
            .build(&patterns)
            .ok()?;
        Some(matcher.find_iter(text).map(|m| m.start()).collect())
    }
}

/// Per file: its index, its library and what the merge found about each block.
pub struct FileFacts {
    pub index: FileIndex,
    pub library: usize,
    pub blocks: Vec<BlockStatus>,
}

/// The merged index of every Wagic file of the workspace.
#[derive(Default)]
pub struct Index {
    pub libraries: Vec<Library>,
    pub files: HashMap<FileId, FileFacts>,
    /// Line starts of each file of the workspace, computed when a note first needs them.
    line_starts: Vec<std::sync::OnceLock<Vec<u32>>>,
}

impl Index {
    /// The 1-based line of a place (for notes that point at another file).
    pub fn line_of(&self, files: &[SourceFile], at: Location) -> usize {
        let Some(cell) = self.line_starts.get(at.file) else {
            return 0;
        };
        let starts = cell.get_or_init(|| {
            memchr::memchr_iter(b'\n', files[at.file].text().as_bytes())
                .map(|i| i as u32 + 1)
                .collect()
        });
        starts.partition_point(|&s| s <= u32::from(at.range.start())) + 1
    }

    /// Forgets the line starts of a file whose text changed (they are computed again when a
    /// note needs them), and makes room for files added to the workspace since the build.
    pub fn text_changed(&mut self, file: FileId, files: usize) {
        if self.line_starts.len() < files {
            self.line_starts
                .resize_with(files, std::sync::OnceLock::new);
        }
        if let Some(cell) = self.line_starts.get_mut(file) {
            *cell = std::sync::OnceLock::new();
        }
    }

    /// Moves every position of `file` that the index holds (its blocks and macros, and the
    /// places of the definitions, ids, macros and statuses that point into it) through `map`:
    /// after an edit of the file that left what it contributes unchanged, only positions move.
    pub fn map_positions(&mut self, file: FileId, map: &dyn Fn(TextRange) -> TextRange) {
        let at = |loc: &mut Location| {
            if loc.file == file {
                loc.range = map(loc.range);
            }
        };
        if let Some(facts) = self.files.get_mut(&file) {
            let index = &mut facts.index;
            if let Some((_, range)) = &mut index.gate {
                *range = map(*range);
            }
            for block in &mut index.blocks {
                block.open = map(block.open);
                for named in [&mut block.name, &mut block.primitive]
                    .into_iter()
                    .flatten()
                {
                    named.range = map(named.range);
                }
                if let Some((_, range)) = &mut block.id {
                    *range = map(*range);
                }
            }
            for m in &mut index.macros {
                m.name_range = map(m.name_range);
                m.line = map(m.line);
            }
        }
        for facts in self.files.values_mut() {
            for status in &mut facts.blocks {
                match &mut status.resolution {
                    Resolution::Resolved(loc) | Resolution::Gated { at: loc, .. } => at(loc),
                    _ => {}
                }
                if let Some(dup) = &mut status.duplicate_of {
                    at(&mut dup.at);
                }
                if let Some(loc) = &mut status.shadowed_by {
                    at(loc);
                }
            }
        }
        for lib in &mut self.libraries {
            for defs in lib.definitions.values_mut() {
                for def in defs {
                    at(&mut def.at);
                }
            }
            for m in lib.macros.iter_mut().chain(lib.macro_lines.iter_mut()) {
                at(&mut m.at);
            }
            for loc in lib.ids.values_mut() {
                at(loc);
            }
        }
    }

    pub fn file(&self, id: FileId) -> Option<&FileFacts> {
        self.files.get(&id)
    }

    pub fn library_of(&self, id: FileId) -> Option<&Library> {
        self.files.get(&id).map(|f| &self.libraries[f.library])
    }

    /// The facts and status of the block whose `[card]` line starts at `open`.
    pub fn block(&self, id: FileId, open: TextSize) -> Option<(&BlockFacts, &BlockStatus)> {
        let facts = self.files.get(&id)?;
        let i = facts
            .index
            .blocks
            .binary_search_by_key(&open, |b| b.open.start())
            .ok()?;
        Some((&facts.index.blocks[i], &facts.blocks[i]))
    }
}

/// `atoi`: optional leading spaces and sign, then digits; 0 when there are none.
pub fn atoi(text: &str) -> i64 {
    let t = text.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let mut n: i64 = 0;
    for b in digits.bytes().take_while(u8::is_ascii_digit) {
        n = n.saturating_mul(10).saturating_add(i64::from(b - b'0'));
    }
    if neg { -n } else { n }
}

/// A card name folded for spelling comparisons: lowercase, accents removed, `æ` as `ae`,
/// spaces trimmed and collapsed (punctuation is kept: `Bat` and `Bat-` are different cards).
pub fn normalize_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.trim().chars().flat_map(char::to_lowercase) {
        match c {
            'æ' => out.push_str("ae"),
            'œ' => out.push_str("oe"),
            'ß' => out.push_str("ss"),
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => out.push('a'),
            'ç' => out.push('c'),
            'è' | 'é' | 'ê' | 'ë' => out.push('e'),
            'ì' | 'í' | 'î' | 'ï' => out.push('i'),
            'ñ' => out.push('n'),
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' => out.push('o'),
            'ù' | 'ú' | 'û' | 'ü' => out.push('u'),
            'ý' | 'ÿ' => out.push('y'),
            ' ' | '\t' if out.ends_with(' ') => {}
            '\t' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// The library folder of a file: the `sets` folder of `sets/primitives/x.txt` and
/// `sets/<SET>/_cards.dat`, else the file's folder.
pub fn library_root(file: &SourceFile) -> String {
    let path = file.path_string();
    let parts: Vec<&str> = path.split('/').collect();
    let n = parts.len();
    let keep = match file_kind(file) {
        FileKind::Primitives | FileKind::Set if n >= 2 => n - 2,
        _ => n.saturating_sub(1),
    };
    parts[..keep].join("/")
}

pub fn file_kind(file: &SourceFile) -> FileKind {
    let path = file.path_string();
    let mut parts = path.rsplit('/');
    let name = parts.next().unwrap_or_default();
    let parent = parts.next();
    if name == "_cards.dat" {
        FileKind::Set
    } else if parent == Some("primitives") {
        FileKind::Primitives
    } else {
        FileKind::Other
    }
}

/// Sort key reproducing the engine's load order: primitives files first, then set files, each
/// in byte order of their names; other files last.
pub fn load_order_key(file: &SourceFile) -> (u8, Vec<u8>) {
    let path = file.path_string();
    let mut parts = path.rsplit('/');
    let name = parts.next().unwrap_or_default();
    match file_kind(file) {
        FileKind::Primitives => (0, name.as_bytes().to_vec()),
        FileKind::Set => (1, parts.next().unwrap_or_default().as_bytes().to_vec()),
        FileKind::Other => (2, path.into_bytes()),
    }
}

fn range(s: usize, e: usize) -> TextRange {
    TextRange::new(TextSize::from(s as u32), TextSize::from(e as u32))
}

/// The bytes the engine reads for `text[start..end]`: UTF-8, except the characters the file
/// held as single Latin-1 bytes.
fn engine_bytes(text: &str, start: usize, end: usize, latin1: &[TextRange]) -> Box<[u8]> {
    let s = &text[start..end];
    if s.is_ascii() || latin1.is_empty() {
        return s.as_bytes().into();
    }
    let mut out = Vec::with_capacity(s.len());
    for (i, c) in s.char_indices() {
        let at = TextSize::from((start + i) as u32);
        let single = latin1
            .binary_search_by(|r| {
                if r.end() <= at {
                    std::cmp::Ordering::Less
                } else if r.start() > at {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .is_ok();
        if single {
            out.push(c as u32 as u8);
        } else {
            out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        }
    }
    out.into()
}

/// Reads one file with the engine's line state machine.
pub fn index_file(file: &SourceFile) -> FileIndex {
    let text = file.text();
    let latin1 = if file.source.encoding() == Encoding::Latin1Fallback {
        file.source.fallback_ranges()
    } else {
        Vec::new()
    };
    let mut index = FileIndex {
        kind: file_kind(file),
        root: library_root(file),
        gate: None,
        blocks: Vec::new(),
        macros: Vec::new(),
        type_words: Vec::new(),
    };
    let mut current: Option<BlockFacts> = None;
    for line in Outline::new(text) {
        let content = &text[line.start..line.content_end];
        match line.class {
            LineClass::BlockOpen { meta: false } => {
                current = Some(BlockFacts {
                    open: range(line.start, line.content_end),
                    name: None,
                    id: None,
                    primitive: None,
                    rarity: false,
                    grade: None,
                    defines: false,
                    after_gate: index.gate.is_some(),
                    closed: false,
                });
            }
            LineClass::Entry { eq } if line.block == Block::Card => {
                let Some(block) = current.as_mut() else {
                    continue;
                };
                let key = &content[..eq];
                let vs = line.start + eq + 1;
                let value = &content[eq + 1..];
                let named = || Named {
                    text: value.to_string(),
                    key: engine_bytes(text, vs, line.content_end, &latin1),
                    range: range(vs, line.content_end),
                };
                match key_meaning(key, content) {
                    KeyMeaning::Id => {
                        block.id = Some((value.to_string(), range(vs, line.content_end)))
                    }
                    KeyMeaning::Rarity => block.rarity = true,
                    KeyMeaning::Primitive => block.primitive = Some(named()),
                    KeyMeaning::Grade => block.grade = Some(vocab::grade_level(value).unwrap_or(0)),
                    KeyMeaning::Ignored | KeyMeaning::Unknown => {}
                    meaning => {
                        block.defines = true;
                        match meaning {
                            KeyMeaning::Name => {
                                if !value.is_empty() {
                                    index.type_words.push(value.to_lowercase());
                                }
                                block.name = Some(named());
                            }
                            KeyMeaning::Type | KeyMeaning::Subtype => index.type_words.extend(
                                value
                                    .split(' ')
                                    .filter(|w| !w.is_empty())
                                    .map(str::to_lowercase),
                            ),
                            m if m.is_ability() => marker_types(value, &mut index.type_words),
                            _ => {}
                        }
                    }
                }
            }
            LineClass::BlockClose if line.block == Block::Card => {
                if let Some(mut block) = current.take() {
                    block.closed = true;
                    index.blocks.push(block);
                }
            }
            LineClass::GradeLine => {
                // The engine reads the 9th character of the line: the third letter of the
                // value when the line starts with `grade=`.
                let level = content
                    .as_bytes()
                    .get(8)
                    .and_then(|&b| vocab::grade_level(&format!("xx{}", b as char)))
                    .unwrap_or(0);
                if level > vocab::DEFAULT_MAX_GRADE && index.gate.is_none() {
                    index.gate = Some((level, range(line.start, line.content_end)));
                }
            }
            LineClass::MacroDef => {
                index
                    .macros
                    .push(macro_facts(text, line.start, line.content_end))
            }
            _ => {}
        }
    }
    if let Some(block) = current.take() {
        index.blocks.push(block);
    }
    index
}

/// `#AUTO_DEFINE NAME[(p1,p2)] replacement`, read as the engine does.
pub fn macro_facts(text: &str, start: usize, end: usize) -> MacroFacts {
    let rest_start = start + MACRO_PREFIX.len();
    let rest = &text[rest_start..end];
    let space = rest.find(' ');
    let paren = rest.find('(').filter(|&p| space.is_none_or(|s| p < s));
    let (name_end, params, body_start) = match paren {
        Some(p) => {
            let close = rest.find(')').filter(|&c| c > p);
            let params = match close {
                Some(c) => rest[p + 1..c].split(',').map(str::to_lowercase).collect(),
                None => rest[p + 1..].split(',').map(str::to_lowercase).collect(),
            };
            (p, params, close.map(|c| c + 2))
        }
        None => (
            space.unwrap_or(rest.len()),
            Vec::new(),
            space.map(|s| s + 1),
        ),
    };
    // Without a space (or `(`) after the name the engine registers an empty name.
    let registered = if space.is_none() && paren.is_none() {
        String::new()
    } else {
        rest[..name_end].to_lowercase()
    };
    // The engine skips one byte after `)`; when that byte begins a longer character, the body
    // starts after that character (a slice inside it would panic).
    let body = body_start
        .filter(|&b| b <= rest.len())
        .and_then(|b| (b..=rest.len()).find(|&i| rest.is_char_boundary(i)))
        .map(|b| rest[b..].to_lowercase().replace("\\n", "\n"))
        .unwrap_or_default();
    MacroFacts {
        name: registered,
        params,
        body,
        name_range: range(rest_start, rest_start + name_end),
        line: range(start, end),
    }
}

/// The type words that ability code adds to cards (`becomes(...)`, the first field of
/// `transforms((...))`, the types of `token(...)`/`create(...)`), lowercased.
fn marker_types(value: &str, out: &mut Vec<String>) {
    if !value.contains('(') {
        return;
    }
    let lower = value.to_lowercase();
    let bytes = lower.as_bytes();
    for (pat, field) in [
        ("becomes(", 0usize),
        ("transforms((", 0),
        ("token(", 1),
        ("create(", 1),
    ] {
        // The first `)` after each body start, found again only once passed (linear in a nest).
        let mut close: Option<usize> = None;
        for at in memchr::memmem::find_iter(bytes, pat.as_bytes()) {
            let body_start = at + pat.len();
            if close.is_none_or(|c| c < body_start) {
                close = Some(
                    memchr::memchr(b')', &bytes[body_start..])
                        .map_or(lower.len(), |i| body_start + i),
                );
            }
            let body_end = close.unwrap_or(lower.len());
            let body = &lower[body_start..body_end];
            let sep = if pat == "create(" { ':' } else { ',' };
            let mut fields = body.split(sep);
            if field == 1 {
                // The token's name is a type word too (`token(Goblin,...)`).
                if let Some(name) = fields.next() {
                    let name = name.trim();
                    if !name.is_empty() && !name.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
                        out.push(name.to_string());
                    }
                }
            }
            if let Some(types) = fields.next() {
                out.extend(
                    types
                        .split([' ', '^'])
                        .map(str::trim)
                        .filter(|w| !w.is_empty())
                        .map(str::to_string),
                );
            }
        }
    }
}

/// Merges the per-file indexes: groups them by library, sorts each library in load order, and
/// replays the engine's loader over it. Only the paths of `files` are read (the language server
/// builds the index away from the texts).
pub fn build(files: &[SourceFile], indexes: Vec<(FileId, FileIndex)>) -> Index {
    let mut by_root: HashMap<String, Vec<(FileId, FileIndex)>> = HashMap::new();
    for (id, fi) in indexes {
        by_root.entry(fi.root.clone()).or_default().push((id, fi));
    }
    let mut roots: Vec<_> = by_root.into_iter().collect();
    roots.sort_by(|a, b| a.0.cmp(&b.0));
    let mut index = Index {
        line_starts: (0..files.len())
            .map(|_| std::sync::OnceLock::new())
            .collect(),
        ..Index::default()
    };
    for (_, mut members) in roots {
        members.sort_by_key(|(id, _)| load_order_key(&files[*id]));
        let lib_id = index.libraries.len();
        let mut lib = Library {
            has_primitives: members.iter().any(|(_, f)| f.kind == FileKind::Primitives),
            has_sets: members.iter().any(|(_, f)| f.kind == FileKind::Set),
            ..Library::default()
        };
        let (mut references, mut unresolved) = (0usize, 0usize);
        // Every id seen so far, with the first entry's place and card.
        let mut seen_ids: HashMap<i64, (Location, usize, bool)> = HashMap::new();
        for (file, mut fi) in members {
            let gate = fi.gate.map(|(level, _)| level);
            let mut statuses = Vec::with_capacity(fi.blocks.len());
            for (block_index, block) in fi.blocks.iter().enumerate() {
                let grade = block.effective_grade(gate);
                let mut status = BlockStatus {
                    resolution: Resolution::NotChecked,
                    duplicate_of: None,
                    shadowed_by: None,
                    added: false,
                };
                if !block.closed {
                    statuses.push(status);
                    continue;
                }
                let loaded = grade <= vocab::DEFAULT_MAX_GRADE;
                // 1. The definition.
                if block.defines {
                    let key = block.registration_key();
                    let at = Location {
                        file,
                        range: block.name.as_ref().map_or(block.open, |n| n.range),
                    };
                    let name = block
                        .name
                        .as_ref()
                        .map(|n| n.text.clone())
                        .unwrap_or_default();
                    if loaded && let Some(first) = lib.loaded_definition(&key) {
                        status.shadowed_by = Some(first.at);
                    }
                    if block.id.is_none() {
                        let norm = normalize_name(&name);
                        let keys = lib.normalized.entry(norm).or_default();
                        if !keys.contains(&key) {
                            keys.push(key.clone());
                        }
                    }
                    lib.definitions
                        .entry(key)
                        .or_default()
                        .push(Definition { at, name, grade });
                }
                // 2. The card entry.
                if block.is_entry() && !(block.after_gate && gate.is_some()) {
                    status.resolution = if block.defines {
                        Resolution::Inline
                    } else if let Some(p) = &block.primitive {
                        if !lib.has_primitives && fi.kind == FileKind::Set {
                            Resolution::NotChecked
                        } else if let Some(def) = lib.loaded_definition(&p.key) {
                            Resolution::Resolved(def.at)
                        } else if let Some(def) = lib.definition(&p.key) {
                            Resolution::Gated {
                                at: def.at,
                                grade: def.grade,
                            }
                        } else {
                            Resolution::Unresolved
                        }
                    } else {
                        Resolution::Unresolved
                    };
                    if block.primitive.is_some() {
                        references += 1;
                        unresolved += usize::from(status.resolution == Resolution::Unresolved);
                    }
                    let resolves = matches!(
                        status.resolution,
                        Resolution::Inline | Resolution::Resolved(_) | Resolution::NotChecked
                    );
                    let id = block.id_value().unwrap_or(0);
                    let at = Location {
                        file,
                        range: block.id.as_ref().map_or(block.open, |(_, r)| *r),
                    };
                    let taken = lib.ids.contains_key(&id);
                    match seen_ids.get(&id) {
                        Some(&(first, first_block, first_added)) if block.id.is_some() => {
                            let first_facts = if first.file == file {
                                &fi.blocks[first_block]
                            } else {
                                &index.files[&first.file].index.blocks[first_block]
                            };
                            status.duplicate_of = Some(Box::new(Duplicate {
                                at: first,
                                card: first_facts.card_name().to_string(),
                                added: first_added,
                            }));
                        }
                        _ => {}
                    }
                    status.added = resolves && loaded && !taken;
                    if status.added {
                        lib.ids.insert(id, at);
                    }
                    seen_ids
                        .entry(id)
                        .and_modify(|e| {
                            if !e.2 && status.added {
                                *e = (at, block_index, true);
                            }
                        })
                        .or_insert((at, block_index, status.added));
                }
                statuses.push(status);
            }
            for m in &fi.macros {
                let mac = Macro {
                    name: m.name.clone(),
                    params: m.params.clone(),
                    body: m.body.clone(),
                    at: Location {
                        file,
                        range: m.name_range,
                    },
                };
                if lib.macro_named(&m.name).is_none() {
                    lib.macros.push(mac.clone());
                }
                lib.macro_lines.push(mac);
            }
            for word in fi.type_words.drain(..) {
                *lib.types.entry(word).or_default() += 1;
            }
            index.files.insert(
                file,
                FileFacts {
                    index: fi,
                    library: lib_id,
                    blocks: statuses,
                },
            );
        }
        lib.macro_matcher = super::code::macro_matcher(&lib.macros);
        for norm in lib.normalized.keys() {
            if let Some(&b) = norm.as_bytes().first() {
                lib.shapes
                    .entry((b, norm.len()))
                    .or_default()
                    .push(norm.clone());
            }
        }
        lib.incomplete = references > 100 && unresolved * 2 > references;
        index.libraries.push(lib);
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dialect;

    fn file(path: &str, text: &str) -> SourceFile {
        SourceFile::from_text(path, Dialect::WAGIC, text)
    }

    #[test]
    fn atoi_reads_the_leading_integer() {
        assert_eq!(atoi("123"), 123);
        assert_eq!(atoi("-191552"), -191552);
        assert_eq!(atoi("12ab"), 12);
        assert_eq!(atoi("abc"), 0);
        assert_eq!(atoi(" 7"), 7);
    }

    #[test]
    fn names_normalise() {
        assert_eq!(
            normalize_name("Æther Storm"),
            normalize_name("AEther Storm")
        );
        assert_eq!(
            normalize_name("Lim-Dûl's Vault"),
            normalize_name("Lim-Dul's Vault")
        );
        assert_eq!(
            normalize_name("Sunken Hope "),
            normalize_name("sunken hope")
        );
    }

    #[test]
    fn macros_are_read_like_the_engine() {
        let text = "#AUTO_DEFINE __X__($a,$b) damage:$a\\nlife:$b\n#AUTO_DEFINE __Y__\n";
        let m = macro_facts(text, 0, text.find('\n').unwrap());
        assert_eq!(m.name, "__x__");
        assert_eq!(m.params, vec!["$a", "$b"]);
        assert_eq!(m.body, "damage:$a\nlife:$b");
        let second = text.find('\n').unwrap() + 1;
        let m = macro_facts(text, second, text.len() - 1);
        assert_eq!(m.name, "");
    }

    #[test]
    fn libraries_resolve_in_load_order() {
        let files = vec![
            file(
                "res/sets/primitives/a.txt",
                "[card]\nname=Alpha\ntype=Creature\n[/card]\n",
            ),
            file(
                "res/sets/primitives/unsupported.txt",
                "grade=unsupported\n[card]\nname=Beta\ntype=Creature\n[/card]\n",
            ),
            file(
                "res/sets/AAA/_cards.dat",
                "[card]\nprimitive=Alpha\nid=1\n[/card]\n[card]\nprimitive=Beta\nid=2\n[/card]\n[card]\nprimitive=Gamma\nid=3\n[/card]\n",
            ),
            file(
                "res/sets/BBB/_cards.dat",
                "[card]\nprimitive=Alpha\nid=1\n[/card]\n",
            ),
            file(
                "other/sets/CCC/_cards.dat",
                "[card]\nprimitive=Alpha\nid=1\n[/card]\n",
            ),
        ];
        let indexes = files
            .iter()
            .enumerate()
            .map(|(i, f)| (i, index_file(f)))
            .collect();
        let index = build(&files, indexes);
        assert_eq!(index.libraries.len(), 2);
        let set = index.file(2).unwrap();
        assert!(matches!(set.blocks[0].resolution, Resolution::Resolved(_)));
        assert!(matches!(
            set.blocks[1].resolution,
            Resolution::Gated { grade: 4, .. }
        ));
        assert_eq!(set.blocks[2].resolution, Resolution::Unresolved);
        let later = index.file(3).unwrap();
        let dup = later.blocks[0].duplicate_of.as_ref().unwrap();
        assert_eq!(dup.at.file, 2);
        assert!(dup.added && !later.blocks[0].added);
        // Another library does not see the first one.
        assert!(index.file(4).unwrap().blocks[0].duplicate_of.is_none());
        assert_eq!(
            index.file(4).unwrap().blocks[0].resolution,
            Resolution::NotChecked
        );
    }
}
