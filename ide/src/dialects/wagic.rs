//! Editor features for Wagic card files: completion and hover from the vocabulary (keys,
//! abilities, effects, triggers, zones, target attributes...), primitive card names and macros;
//! the card a `primitive=` resolves to and a macro's expansion on hover; definitions and
//! references of `primitive=`, macros and ids; the cards of a file as its outline; folding of
//! blocks; semantic tokens.

use crate::features::{
    CardName, Completion, CompletionKind, Cursor, DialectIde, FileEdit, FileView, Fold, Hover,
    Location, SemanticToken, Symbol, SymbolKind, TokenKind, example_line, example_markdown,
    modifier, word_at,
};
use lint::wagic::Linter;
use lint::wagic::index::{Index, Library, Resolution, normalize_name};
use model::source::FileId;
use model::wagic::vocab::{self, Vocab, Word};
use rowan::GreenNode;
use syntax::wagic::{KeyMeaning, SyntaxKind, SyntaxNode, ast, key_meaning};
use syntax::{SyntaxError, TextRange, TextSize};

fn range(s: usize, e: usize) -> TextRange {
    TextRange::new(TextSize::from(s as u32), TextSize::from(e as u32))
}

/// The start and end (before the line break) of the line holding `offset`.
fn line_bounds(text: &str, offset: TextSize) -> (usize, usize) {
    let at = usize::from(offset).min(text.len());
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let end = if end > start && text.as_bytes()[end - 1] == b'\r' {
        end - 1
    } else {
        end
    };
    (start, end.max(start))
}

/// What kind of block holds an offset.
#[derive(Clone, Copy, PartialEq, Eq)]
enum BlockKind {
    Card,
    Meta,
    Outside,
}

/// The top-level block holding `offset`, and its range.
fn block_at(green: &GreenNode, offset: TextSize) -> (BlockKind, TextRange) {
    let mut start = TextSize::from(0);
    for child in green.children() {
        let r = TextRange::at(start, child.text_len());
        start += child.text_len();
        if r.start() <= offset && (offset < r.end() || (offset == r.end() && r.end() == start)) {
            let kind = match kind_of(child.kind()) {
                SyntaxKind::CARD_BLOCK => BlockKind::Card,
                SyntaxKind::META_BLOCK => BlockKind::Meta,
                _ => continue,
            };
            return (kind, r);
        }
    }
    (BlockKind::Outside, TextRange::empty(offset))
}

fn kind_of(raw: rowan::SyntaxKind) -> SyntaxKind {
    <syntax::wagic::WagicLanguage as rowan::Language>::kind_from_raw(raw)
}

/// Where ability code's cursor is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Code {
    Trigger,
    Zone,
    TargetType,
    TargetAttribute,
    Cost,
    Effect,
}

/// Where the cursor is, in Wagic terms.
enum Site {
    Key {
        range: TextRange,
        meta: bool,
    },
    Value {
        meaning: KeyMeaning,
        word: TextRange,
        /// For ability code: the part of the language.
        code: Option<Code>,
    },
    Nothing,
}

/// Calls whose argument is a target spec (types, then `|` zones).
const TARGET_CALLS: &[&str] = &[
    "target",
    "notatarget",
    "movedto",
    "moved",
    "from",
    "damaged",
    "sacrificed",
    "discarded",
    "tapped",
    "untapped",
    "cycled",
    "blocking",
    "attacking",
    "casted",
    "drawn",
    "all",
    "foreach",
    "lord",
    "aslongas",
    "bury",
    "combat",
    "targetedby",
];

/// The words a target spec starts with (the engine's target chooser factory tests them; any
/// type word works too), with what each selects.
const TARGET_WORDS: &[(&str, &str)] = &[
    (
        "creature",
        "A creature (add `[...]` attributes and `|` zones to narrow it).",
    ),
    ("*", "Any card."),
    ("player", "A player."),
    ("land", "A land."),
    ("artifact", "An artifact."),
    ("enchantment", "An enchantment."),
    ("planeswalker", "A planeswalker."),
    ("instant", "An instant."),
    ("sorcery", "A sorcery."),
    ("permanent", "A permanent."),
    ("card", "Any card."),
    ("this", "The card itself."),
    (
        "other",
        "`other <type>`: a card of that type other than this one.",
    ),
    ("opponent", "An opponent."),
    ("controller", "This card's controller."),
    ("mytgt", "The target chosen for this ability."),
    ("targetedplayer", "The player this ability targets."),
    (
        "anytarget",
        "Any target: a creature, a player or a planeswalker.",
    ),
    ("equipment", "An Equipment."),
    ("aura", "An Aura."),
];

/// The order `target(` offers the words in: the most used by the cards of the Wagic corpus first.
const TARGET_ORDER: &[&str] = &[
    "creature",
    "*",
    "land",
    "player",
    "artifact",
    "enchantment",
    "other",
    "opponent",
    "this",
    "instant",
    "equipment",
    "aura",
    "permanent",
    "card",
    "planeswalker",
    "sorcery",
    "mytgt",
];

/// The order a trigger's card spec (`@movedto(`, `from(`, `@damaged(`...) offers them in.
const EVENT_CARD_ORDER: &[&str] = &[
    "*",
    "this",
    "creature",
    "other",
    "land",
    "enchantment",
    "mytgt",
    "instant",
    "artifact",
    "player",
    "opponent",
    "sorcery",
    "card",
    "permanent",
];

/// The order zones are offered in after `|`: the most used by the cards of the Wagic corpus
/// first.
const ZONE_ORDER: &[&str] = &[
    "battlefield",
    "graveyard",
    "mybattlefield",
    "mygraveyard",
    "mystack",
    "stack",
    "opponentstack",
    "hand",
    "myhand",
    "library",
    "mylibrary",
    "exile",
    "opponentbattlefield",
    "opponentgraveyard",
    "opponenthand",
    "nonbattlezone",
];

/// Items in `order` first (in that order), then the others alphabetically; editors keep the
/// order (`sortText`) and match the typed text against the label.
fn rank_by_order(items: Vec<Completion>, order: &[&str]) -> Vec<Completion> {
    crate::features::ranked(items, |c| {
        order
            .iter()
            .position(|o| o.eq_ignore_ascii_case(&c.label))
            .unwrap_or(order.len())
    })
}

/// The name of the innermost call still open at the end of `before` (`movedto` in
/// `auto=@movedto(`), lowercased, without its `@`.
fn open_call(before: &str) -> Option<String> {
    let mut depth = 0usize;
    for (i, b) in before.bytes().enumerate().rev() {
        match b {
            b')' => depth += 1,
            b'(' if depth > 0 => depth -= 1,
            b'(' => {
                let head = &before[..i];
                let start = head
                    .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .map_or(0, |j| j + 1);
                return Some(head[start..].to_ascii_lowercase());
            }
            _ => {}
        }
    }
    None
}

/// Whether `word` stands in `line` as a word of its own (not inside `autodestroy`).
fn has_word(line: &str, word: &str) -> bool {
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    line.match_indices(word).any(|(i, _)| {
        let before = line[..i].bytes().last();
        let after = line[i + word.len()..].bytes().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}

/// Classifies ability code from the start of the value to the cursor.
fn code_site(before: &str) -> Code {
    // Open brackets before the cursor: (char, the word before it, position).
    let mut stack: Vec<(u8, String, usize)> = Vec::new();
    let bytes = before.as_bytes();
    let mut word_start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'(' | b'[' | b'{' => {
                let name = before[word_start..i].trim().to_ascii_lowercase();
                stack.push((b, name, i));
                word_start = i + 1;
            }
            b')' | b']' | b'}' => {
                stack.pop();
                word_start = i + 1;
            }
            b if !(b.is_ascii_alphanumeric() || b == b'_') => word_start = i + 1,
            _ => {}
        }
    }
    match stack.last() {
        Some((b'[', name, _)) if name == "newability" || name.ends_with("ability") => Code::Effect,
        Some((b'[', _, _)) => Code::TargetAttribute,
        Some((b'{', _, _)) => Code::Cost,
        Some((b'(', name, at)) => {
            let inner = &before[at + 1..];
            let name = name.rsplit(['@', ' ', ':', '&']).next().unwrap_or(name);
            if name == "moveto" || name == "placefromthetop" || inner.contains('|') {
                Code::Zone
            } else if TARGET_CALLS.contains(&name) {
                Code::TargetType
            } else {
                Code::Effect
            }
        }
        _ => {
            // The trigger part runs from `@` to the `:` that ends it.
            match (before.rfind('@'), before.rfind(':')) {
                (Some(a), Some(c)) if a > c => Code::Trigger,
                (Some(_), None) => Code::Trigger,
                _ => Code::Effect,
            }
        }
    }
}

fn site(text: &str, green: &GreenNode, offset: TextSize) -> Site {
    let (ls, le) = line_bounds(text, offset);
    let at = usize::from(offset).clamp(ls, le);
    let line = &text[ls..le];
    let (block, _) = block_at(green, offset);
    if block == BlockKind::Outside || line.starts_with('#') || line.starts_with('[') {
        return Site::Nothing;
    }
    let eq = line.find('=');
    match eq {
        Some(eq) if at > ls + eq => {
            let key = &line[..eq];
            let meaning = if block == BlockKind::Meta {
                KeyMeaning::Text
            } else {
                key_meaning(key, line)
            };
            let word = word_at(text, TextSize::from(at as u32), &[]);
            let code = (meaning.is_ability() || meaning == KeyMeaning::Target)
                .then(|| code_site(&text[ls + eq + 1..usize::from(word.start()).max(ls + eq + 1)]));
            let code = match (meaning, code) {
                (KeyMeaning::Target, Some(Code::Effect | Code::Trigger)) => Some(Code::TargetType),
                (KeyMeaning::Target, Some(c)) => Some(c),
                (_, c) => c,
            };
            Site::Value {
                meaning,
                word,
                code,
            }
        }
        _ => Site::Key {
            range: range(ls, eq.map_or(at.max(ls), |e| ls + e)),
            meta: block == BlockKind::Meta,
        },
    }
}

fn usable(w: &Word) -> bool {
    !w.word.is_empty() && !w.word.contains('<')
}

fn word_doc(what: &str, w: &Word) -> String {
    let mut out = format!("**{}** — {what}\n\n{}", w.word, w.doc);
    match w.status {
        vocab::Status::New => out.push_str(
            "\n\nAdded after 2016: the 2016 engine (140ee7b, the one of the card corpus) does not read it.",
        ),
        vocab::Status::Removed => out.push_str("\n\nToday's engine (37115e1) no longer reads it."),
        vocab::Status::Current => {}
    }
    match (w.location, w.status) {
        (Some(at), vocab::Status::Removed) => {
            out.push_str(&format!("\n\nThe 2016 engine read it at `{at}`."));
        }
        (Some(at), _) => out.push_str(&format!("\n\nToday's engine reads it at `{at}`.")),
        (None, _) => {}
    }
    out
}

fn items(vocab: &Vocab, what: &str, kind: CompletionKind, replace: TextRange) -> Vec<Completion> {
    vocab
        .words()
        .iter()
        .filter(|w| usable(w))
        .map(|w| {
            Completion::new(w.word, kind, replace)
                .detail(what)
                .documentation(word_doc(what, w))
                .deprecated(w.is_removed())
        })
        .collect()
}

/// Orders the words that may start an ability: the effects and abilities most cards use in
/// their `auto=` values first (`vocab::auto_frequency`), the unused ones alphabetically, then
/// the structure symbols (`&&`, `!`...), then the library's macros (typing `__` lists them
/// alone). Editors keep the order (`sortText`) and match the typed text against the label.
fn rank_abilities(items: Vec<Completion>) -> Vec<Completion> {
    crate::features::ranked(items, |c| {
        let tier = if c.kind == CompletionKind::Macro {
            2
        } else if c.label.starts_with(|ch: char| ch.is_ascii_alphabetic()) {
            0
        } else {
            1
        };
        let count = vocab::auto_frequency(&c.label.to_ascii_lowercase());
        (tier, std::cmp::Reverse(count))
    })
}

fn macro_items(library: Option<&Library>, replace: TextRange) -> Vec<Completion> {
    let Some(lib) = library else {
        return Vec::new();
    };
    lib.macros
        .iter()
        .filter(|m| !m.name.is_empty())
        .map(|m| {
            let label = m.name.to_ascii_uppercase();
            let insert = if m.params.is_empty() {
                label.clone()
            } else {
                format!("{label}({})", m.params.join(","))
            };
            Completion::new(label, CompletionKind::Macro, replace)
                .detail("macro")
                .documentation(macro_doc(m))
                .insert(insert)
        })
        .collect()
}

fn macro_doc(m: &lint::wagic::index::Macro) -> String {
    let params = if m.params.is_empty() {
        String::new()
    } else {
        format!("({})", m.params.join(", "))
    };
    format!(
        "**{}{params}** — macro\n\n```wagic\n{}\n```",
        m.name.to_ascii_uppercase(),
        m.body
    )
}

/// Card names of the library that start like `prefix` (case and accents aside), at most 200.
fn card_names(library: Option<&Library>, prefix: &str, replace: TextRange) -> Vec<Completion> {
    let Some(lib) = library else {
        return Vec::new();
    };
    let norm = normalize_name(prefix);
    let mut names: Vec<&str> = lib
        .definitions
        .values()
        .filter_map(|d| d.first())
        .filter(|d| !d.name.is_empty() && normalize_name(&d.name).starts_with(&norm))
        .map(|d| d.name.as_str())
        .collect();
    names.sort_unstable();
    names.dedup();
    names.truncate(200);
    names
        .into_iter()
        .map(|n| Completion::new(n, CompletionKind::Reference, replace).detail("card"))
        .collect()
}

/// Every vocabulary, with what its words are, for hover.
fn vocabularies() -> [(&'static Vocab, &'static str); 11] {
    [
        (vocab::effects(), "effect"),
        (vocab::basic_abilities(), "basic ability"),
        (vocab::triggers(), "trigger"),
        (vocab::zones(), "zone"),
        (vocab::target_restrictions(), "target attribute"),
        (vocab::restrictions(), "restriction"),
        (vocab::phases(), "phase"),
        (vocab::variables(), "number"),
        (vocab::cost_symbols(), "cost symbol"),
        (vocab::colors(), "colour"),
        (vocab::zone_prefixes(), "zone prefix"),
    ]
}

/// The facts and status of the card block holding `offset`.
fn block_status<'i>(
    index: &'i Index,
    id: FileId,
    green: &GreenNode,
    offset: TextSize,
) -> Option<(
    &'i lint::wagic::index::BlockFacts,
    &'i lint::wagic::index::BlockStatus,
)> {
    let (kind, r) = block_at(green, offset);
    if kind != BlockKind::Card {
        return None;
    }
    index.block(id, r.start())
}

/// `path:line` of a place.
fn describe(view: &FileView<'_, Linter>, at: Location) -> String {
    let text = view.files[at.file].text();
    let line = text[..usize::from(at.range.start()).min(text.len())]
        .matches('\n')
        .count()
        + 1;
    format!("{}:{line}", view.files[at.file].path_string())
}

/// The `[card]` block around a place, as text (at most 20 lines).
fn block_text(view: &FileView<'_, Linter>, at: Location) -> String {
    let text = view.files[at.file].text();
    let pos = usize::from(at.range.start()).min(text.len());
    let start = text[..pos].rfind("[card]").unwrap_or(pos);
    let end = text[pos..]
        .find("[/card]")
        .map_or(text.len(), |i| pos + i + 7);
    let lines: Vec<&str> = text[start..end].lines().take(20).collect();
    lines.join("\n")
}

/// The macro named by the word at `offset`, and the word's range.
fn macro_at<'l>(
    text: &str,
    library: Option<&'l Library>,
    offset: TextSize,
) -> Option<(&'l lint::wagic::index::Macro, TextRange)> {
    let word = word_at(text, offset, &[]);
    let lower = text[word].to_ascii_lowercase();
    if !lower.starts_with('_') {
        return None;
    }
    library?.macro_named(&lower).map(|m| (m, word))
}

/// A name that references and rename follow across the library: a macro, or a card name (a
/// definition's `name=` or an entry's `primitive=`).
enum NamedAt {
    /// The lowercased name, as the engine registers it, and the word at the cursor.
    Macro { name: String, range: TextRange },
    /// The name's bytes as the engine compares them, and the value at the cursor.
    Card { key: Box<[u8]>, range: TextRange },
}

fn named_at(view: &FileView<'_, Linter>, offset: TextSize) -> Option<NamedAt> {
    let text = view.text();
    let library = view.index.library_of(view.id);
    if let Some((m, r)) = macro_at(text, library, offset) {
        return Some(NamedAt::Macro {
            name: m.name.clone(),
            range: r,
        });
    }
    let (facts, _) = block_status(view.index, view.id, &view.green, offset)?;
    let named = match site(text, &view.green, offset) {
        Site::Value {
            meaning: KeyMeaning::Primitive,
            ..
        } => facts.primitive.as_ref(),
        Site::Value {
            meaning: KeyMeaning::Name,
            ..
        } => facts.name.as_ref(),
        _ => None,
    }?;
    // The block's last `name=` is the one the engine keeps: not an earlier one under the cursor.
    (named.range.contains_inclusive(offset) && !named.key.is_empty()).then(|| NamedAt::Card {
        key: named.key.clone(),
        range: named.range,
    })
}

/// The files of the library of the view's file, in id order.
fn library_files(view: &FileView<'_, Linter>) -> Vec<FileId> {
    let Some(lib) = view.index.file(view.id).map(|f| f.library) else {
        return Vec::new();
    };
    let mut ids: Vec<FileId> = view
        .index
        .files
        .iter()
        .filter(|(_, f)| f.library == lib)
        .map(|(&id, _)| id)
        .collect();
    ids.sort_unstable();
    ids
}

/// Every definition (with `include_declaration`) and use of the macro `name` (lowercased) in
/// the library: the engine replaces the name wherever it occurs in a line, in any case.
fn macro_occurrences(
    view: &FileView<'_, Linter>,
    name: &str,
    include_declaration: bool,
) -> Vec<Location> {
    let Some(library) = view.index.library_of(view.id) else {
        return Vec::new();
    };
    if name.is_empty() {
        return Vec::new();
    }
    let definitions: Vec<Location> = library
        .macro_lines
        .iter()
        .filter(|x| x.name == name)
        .map(|x| x.at)
        .collect();
    let mut out = Vec::new();
    if include_declaration {
        out.extend(definitions.iter().copied());
    }
    for file in library_files(view) {
        let t = view.files[file].text();
        let lower = t.to_ascii_lowercase();
        for (i, _) in lower.match_indices(name) {
            let found = Location {
                file,
                range: range(i, i + name.len()),
            };
            // The definitions themselves (a use in another macro's body counts).
            if definitions.contains(&found) {
                continue;
            }
            out.push(found);
        }
    }
    out.sort_by_key(|l| (l.file, l.range.start()));
    out.dedup();
    out
}

/// Every definition registered under the card name `key` (with `include_declaration`) and
/// every `primitive=` naming it, in the library.
fn card_occurrences(
    view: &FileView<'_, Linter>,
    key: &[u8],
    include_declaration: bool,
) -> Vec<Location> {
    let mut out = Vec::new();
    for file in library_files(view) {
        let Some(f) = view.index.file(file) else {
            continue;
        };
        for b in &f.index.blocks {
            if let Some(p) = b.primitive.as_ref().filter(|p| *p.key == *key) {
                out.push(Location {
                    file,
                    range: p.range,
                });
            }
            if include_declaration
                && b.id.is_none()
                && b.defines
                && let Some(n) = b.name.as_ref().filter(|n| *n.key == *key)
            {
                out.push(Location {
                    file,
                    range: n.range,
                });
            }
        }
    }
    out.sort_by_key(|l| (l.file, l.range.start()));
    out.dedup();
    out
}

/// Why the macro `old` (lowercased) cannot be renamed to `new_name`, if it cannot.
fn macro_rename_refusal(library: Option<&Library>, old: &str, new_name: &str) -> Option<String> {
    if new_name.is_empty()
        || !new_name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_')
    {
        return Some(format!(
            "'{new_name}' is not a macro name: use letters, digits and '_' (such as _MYMACRO_)"
        ));
    }
    let lower = new_name.to_ascii_lowercase();
    if lower != old
        && let Some(lib) = library
    {
        if lib.macro_named(&lower).is_some() {
            return Some(format!("the library already defines a macro '{new_name}'"));
        }
        // The engine replaces names wherever they occur: one inside another would be replaced
        // in the other's uses.
        if let Some(m) = lib
            .macros
            .iter()
            .find(|m| m.name != old && (m.name.contains(&lower) || lower.contains(&m.name)))
        {
            return Some(format!(
                "'{new_name}' and the macro '{}' would overlap: the engine replaces a macro's name wherever it occurs",
                m.name
            ));
        }
    }
    None
}

/// Why a card name cannot become `new_name`, if it cannot.
fn card_rename_refusal(library: Option<&Library>, key: &[u8], new_name: &str) -> Option<String> {
    if new_name.trim().is_empty() {
        return Some("a card name cannot be empty".into());
    }
    if new_name.contains(['\n', '\r']) {
        return Some("a card name is one line".into());
    }
    if new_name.trim() != new_name {
        return Some(format!(
            "'{new_name}' starts or ends with spaces: the engine would keep them in the name"
        ));
    }
    if new_name.as_bytes() != key
        && let Some(lib) = library
        && lib.definition(new_name.as_bytes()).is_some()
    {
        return Some(format!("the library already defines a card '{new_name}'"));
    }
    None
}

/// The number written in `token(N)` around `offset`, or of an `id=` value.
fn id_at(text: &str, offset: TextSize) -> Option<(i64, TextRange)> {
    let word = word_at(text, offset, b"-");
    let w = &text[word];
    let id: i64 = w.parse().ok()?;
    let before = text[..usize::from(word.start())].to_ascii_lowercase();
    (before.ends_with("token(") || before.ends_with("id=")).then_some((id, word))
}

impl DialectIde for Linter {
    /// Wagic files are long (the primitives file holds ten thousand cards): an open one follows
    /// edits card by card.
    type Doc = crate::wagic_doc::WagicDoc;

    /// A card pool's index takes tens of milliseconds to build: it is rebuilt off the lock.
    const SLOW_INDEX: bool = true;

    /// The `name=` of each `[card]` block that has one (the last one: the engine keeps it);
    /// set entries that only point at a primitive (`primitive=`) define no card.
    fn card_names(&self, file: &model::source::SourceFile) -> Vec<CardName> {
        use syntax::wagic::outline::{Block, LineClass, Outline};
        let text = file.text();
        let mut out = Vec::new();
        let mut current: Option<CardName> = None;
        for line in Outline::new(text) {
            match line.class {
                LineClass::BlockOpen { .. } | LineClass::BlockClose => {
                    out.extend(current.take());
                }
                LineClass::Entry { eq } if line.block == Block::Card => {
                    let content = &text[line.start..line.content_end];
                    if key_meaning(&content[..eq], content) != KeyMeaning::Name {
                        continue;
                    }
                    let value = &content[eq + 1..];
                    let name = value.trim();
                    if name.is_empty() {
                        continue;
                    }
                    let from = line.start + eq + 1 + (value.len() - value.trim_start().len());
                    current = Some(CardName {
                        name: name.to_string(),
                        range: range(from, from + name.len()),
                    });
                }
                _ => {}
            }
        }
        out.extend(current);
        out
    }

    /// Positions the index keeps for each file are taken again for the new world.
    fn index_installed(&self, index: &mut Index, files: usize) {
        for id in 0..files {
            index.text_changed(id, files);
        }
    }

    fn parse(&self, text: &str) -> (GreenNode, Vec<SyntaxError>) {
        let parse = syntax::wagic::parse(text);
        (parse.green().clone(), parse.errors().to_vec())
    }

    fn complete(&self, at: &Cursor<'_, Self>) -> Vec<Completion> {
        let view = &at.view;
        let text = view.text();
        let library = view.index.library_of(view.id);
        match site(text, &view.green, at.offset) {
            Site::Key { range: r, meta } => vocab::keys()
                .words()
                .iter()
                .filter(|w| usable(w) && w.attr(if meta { "meta" } else { "card" }).is_some())
                .map(|w| {
                    Completion::new(w.word, CompletionKind::Key, r)
                        .detail("key")
                        .documentation(word_doc("key", w))
                        .insert(format!("{}=", w.word))
                        .deprecated(w.is_removed())
                })
                .collect(),
            Site::Value {
                meaning,
                word,
                code,
                ..
            } => {
                let typed = &text[TextRange::new(word.start(), at.offset.max(word.start()))];
                if typed.starts_with("__") {
                    return macro_items(library, word);
                }
                use KeyMeaning::*;
                match (meaning, code) {
                    (_, Some(Code::Trigger)) => {
                        items(vocab::triggers(), "trigger", CompletionKind::Function, word)
                    }
                    (_, Some(Code::Zone)) => rank_by_order(
                        items(vocab::zones(), "zone", CompletionKind::Value, word),
                        ZONE_ORDER,
                    ),
                    (_, Some(Code::TargetAttribute)) => {
                        let mut out = items(
                            vocab::target_restrictions(),
                            "target attribute",
                            CompletionKind::Value,
                            word,
                        );
                        out.extend(items(
                            vocab::basic_abilities(),
                            "basic ability",
                            CompletionKind::Value,
                            word,
                        ));
                        out
                    }
                    (_, Some(Code::TargetType)) => {
                        let (ls, _) = line_bounds(text, at.offset);
                        let before = &text[ls..usize::from(word.start()).max(ls)];
                        // A trigger's card (`@movedto(`) is most often the card itself or any
                        // card; a target, a creature.
                        let order = match open_call(before).as_deref() {
                            Some("target" | "notatarget") | None => TARGET_ORDER,
                            Some(_) => EVENT_CARD_ORDER,
                        };
                        let listed = TARGET_WORDS.iter().map(|(t, doc)| {
                            Completion::new(*t, CompletionKind::Value, word)
                                .detail("target")
                                .documentation(format!("**{t}** — target\n\n{doc}"))
                        });
                        rank_by_order(listed.collect(), order)
                    }
                    (_, Some(Code::Cost)) => items(
                        vocab::cost_symbols(),
                        "cost symbol",
                        CompletionKind::Value,
                        word,
                    ),
                    (_, Some(Code::Effect)) => {
                        let mut out =
                            items(vocab::effects(), "effect", CompletionKind::Keyword, word);
                        out.extend(items(
                            vocab::basic_abilities(),
                            "basic ability",
                            CompletionKind::Keyword,
                            word,
                        ));
                        out.extend(macro_items(library, word));
                        rank_abilities(out)
                    }
                    (Abilities, _) => items(
                        vocab::basic_abilities(),
                        "basic ability",
                        CompletionKind::Keyword,
                        word,
                    ),
                    (Primitive, _) => {
                        let (ls, le) = line_bounds(text, at.offset);
                        let eq = text[ls..le].find('=').map_or(ls, |e| ls + e + 1);
                        let value = range(eq, le);
                        card_names(library, &text[eq..usize::from(at.offset).max(eq)], value)
                    }
                    (Color, _) => items(vocab::colors(), "colour", CompletionKind::Value, word),
                    (Rarity, _) => items(vocab::rarities(), "rarity", CompletionKind::Value, word),
                    (Grade, _) => items(vocab::grades(), "grade", CompletionKind::Value, word),
                    (Restrictions | OtherRestriction, _) => items(
                        vocab::restrictions(),
                        "restriction",
                        CompletionKind::Value,
                        word,
                    ),
                    (m, _) if m.is_cost() => items(
                        vocab::cost_symbols(),
                        "cost symbol",
                        CompletionKind::Value,
                        word,
                    ),
                    _ => Vec::new(),
                }
            }
            Site::Nothing => Vec::new(),
        }
    }

    fn hover(&self, at: &Cursor<'_, Self>) -> Option<Hover> {
        let view = &at.view;
        let text = view.text();
        let library = view.index.library_of(view.id);
        if let Some((m, word)) = macro_at(text, library, at.offset) {
            let (ls, le) = line_bounds(text, at.offset);
            let line = text[ls..le].to_ascii_lowercase();
            let expanded = lint::wagic::code::expand(&line, &library?.macros);
            let mut md = macro_doc(m);
            md.push_str(&format!(
                "\n\nDefined at `{}`. This line expands to:\n\n```wagic\n{}\n```",
                describe(view, m.at),
                expanded
            ));
            return Some(Hover {
                range: word,
                markdown: md,
            });
        }
        let site = site(text, &view.green, at.offset);
        if let Site::Key { range: r, .. } = &site {
            let key = text[*r].trim();
            let w = vocab::keys().get(key)?;
            return Some(Hover {
                range: *r,
                markdown: word_doc("key", w),
            });
        }
        let Site::Value {
            meaning,
            word,
            code,
            ..
        } = site
        else {
            return None;
        };
        if meaning == KeyMeaning::Primitive {
            let (facts, status) = block_status(view.index, view.id, &view.green, at.offset)?;
            let p = facts.primitive.as_ref()?;
            let md = match &status.resolution {
                Resolution::Resolved(loc) => {
                    let loc = *loc;
                    format!(
                        "`primitive=` finds **{}** at `{}`\n\n```wagic\n{}\n```",
                        p.text,
                        describe(view, loc),
                        block_text(view, loc)
                    )
                }
                Resolution::Gated { at: loc, grade } => format!(
                    "**{}** is defined at `{}`, but at grade {}: the default loader skips it, so Wagic drops this entry.",
                    p.text,
                    describe(view, *loc),
                    vocab::grade_name(*grade)
                ),
                Resolution::Unresolved => format!(
                    "No card definition is named `{}`: Wagic drops this entry.",
                    p.text
                ),
                _ => format!("`primitive={}`", p.text),
            };
            return Some(Hover {
                range: p.range,
                markdown: md,
            });
        }
        if meaning == KeyMeaning::Name {
            let (facts, _) = block_status(view.index, view.id, &view.green, at.offset)?;
            let name = facts.name.as_ref()?;
            let lib = library?;
            let uses = view
                .index
                .files
                .values()
                .filter(|f| std::ptr::eq(&view.index.libraries[f.library], lib))
                .flat_map(|f| &f.index.blocks)
                .filter(|b| b.primitive.as_ref().is_some_and(|p| p.key == name.key))
                .count();
            return Some(Hover {
                range: name.range,
                markdown: format!(
                    "**{}** — card definition\n\n{uses} set entr{} `primitive=` this card.",
                    name.text,
                    if uses == 1 { "y names" } else { "ies name" }
                ),
            });
        }
        if let Some((id, r)) = id_at(text, at.offset)
            && let Some(lib) = library
        {
            let md = match lib.ids.get(&id) {
                Some(&loc) => {
                    format!(
                        "Card id **{id}** — `{}`\n\n```wagic\n{}\n```",
                        describe(view, loc),
                        block_text(view, loc)
                    )
                }
                None => format!("No card of this library has the id {id}."),
            };
            return Some(Hover {
                range: r,
                markdown: md,
            });
        }
        let w = text[word].to_ascii_lowercase();
        if w.is_empty() {
            return None;
        }
        // A target word (`mytgt`, `this`) inside `target(` or a trigger's card spec.
        if code == Some(Code::TargetType)
            && let Some((t, doc)) = TARGET_WORDS.iter().find(|(t, _)| *t == w)
        {
            return Some(Hover {
                range: word,
                markdown: format!("**{t}** — target\n\n{doc}"),
            });
        }
        let preferred: Option<(&Vocab, &str)> = match (meaning, code) {
            (_, Some(Code::Trigger)) => Some((vocab::triggers(), "trigger")),
            (_, Some(Code::Zone)) => Some((vocab::zones(), "zone")),
            (_, Some(Code::TargetAttribute)) => {
                Some((vocab::target_restrictions(), "target attribute"))
            }
            (_, Some(Code::Cost)) => Some((vocab::cost_symbols(), "cost symbol")),
            (KeyMeaning::Abilities, _) => Some((vocab::basic_abilities(), "basic ability")),
            (KeyMeaning::Color, _) => Some((vocab::colors(), "colour")),
            (KeyMeaning::Rarity, _) => Some((vocab::rarities(), "rarity")),
            (KeyMeaning::Grade, _) => Some((vocab::grades(), "grade")),
            (KeyMeaning::Restrictions | KeyMeaning::OtherRestriction, _) => {
                Some((vocab::restrictions(), "restriction"))
            }
            _ => None,
        };
        let text_word = &text[word];
        let found = preferred
            .into_iter()
            .chain(vocabularies())
            .find_map(|(v, what)| v.get(&w).or_else(|| v.get(text_word)).map(|x| (x, what)));
        let (w, what) = found?;
        let mut markdown = word_doc(what, w);
        // Ability code: a line of the user's own cards that uses the word.
        if (meaning.is_ability() || meaning == KeyMeaning::Abilities) && w.word.len() > 1 {
            let (ls, le) = line_bounds(text, at.offset);
            let word_lower = w.word.to_ascii_lowercase();
            let uses = |line: &str| {
                let lower = line.to_ascii_lowercase();
                ((lower.starts_with("auto") || lower.starts_with("abilities="))
                    && has_word(&lower, &word_lower))
                .then_some(0)
            };
            if let Some(found) = example_line(view, &word_lower, range(ls, le), uses) {
                markdown.push_str("\n\n");
                markdown.push_str(&example_markdown(view, found, "wagic"));
            }
        }
        Some(Hover {
            range: word,
            markdown,
        })
    }

    fn definition(&self, at: &Cursor<'_, Self>) -> Vec<Location> {
        let view = &at.view;
        let text = view.text();
        let library = view.index.library_of(view.id);
        if let Some((m, _)) = macro_at(text, library, at.offset) {
            return vec![m.at];
        }
        if let Some((id, _)) = id_at(text, at.offset)
            && let Some(loc) = library.and_then(|l| l.ids.get(&id))
        {
            return vec![*loc];
        }
        if let Site::Value {
            meaning: KeyMeaning::Primitive,
            ..
        } = site(text, &view.green, at.offset)
            && let Some((facts, status)) = block_status(view.index, view.id, &view.green, at.offset)
        {
            let loc = match &status.resolution {
                Resolution::Resolved(loc) | Resolution::Gated { at: loc, .. } => Some(*loc),
                _ => facts
                    .primitive
                    .as_ref()
                    .and_then(|p| library?.definition(&p.key))
                    .map(|d| d.at),
            };
            return loc.into_iter().collect();
        }
        Vec::new()
    }

    fn references(&self, at: &Cursor<'_, Self>, include_declaration: bool) -> Vec<Location> {
        let view = &at.view;
        let text = view.text();
        let Some(facts_of_file) = view.index.file(view.id) else {
            return Vec::new();
        };
        let lib_id = facts_of_file.library;
        let in_library = || {
            view.index
                .files
                .iter()
                .filter(move |(_, f)| f.library == lib_id)
        };
        match named_at(view, at.offset) {
            Some(NamedAt::Macro { name, .. }) => {
                return macro_occurrences(view, &name, include_declaration);
            }
            Some(NamedAt::Card { key, .. }) => {
                return card_occurrences(view, &key, include_declaration);
            }
            None => {}
        }
        // An id: the entries with it and the `token(id)` uses.
        if let Some((id, _)) = id_at(text, at.offset) {
            let mut out = Vec::new();
            for (&file, f) in in_library() {
                if include_declaration {
                    for b in &f.index.blocks {
                        if let Some((_, r)) = b.id.as_ref().filter(|_| b.id_value() == Some(id)) {
                            out.push(Location { file, range: *r });
                        }
                    }
                }
                let t = view.files[file].text();
                let needle = format!("token({id}");
                let lower = t.to_ascii_lowercase();
                for (i, _) in lower.match_indices(&needle) {
                    let s = i + "token(".len();
                    let after = t.as_bytes().get(s + id.to_string().len()).copied();
                    if after.is_some_and(|b| b.is_ascii_digit()) {
                        continue;
                    }
                    out.push(Location {
                        file,
                        range: range(s, s + id.to_string().len()),
                    });
                }
            }
            out.sort_by_key(|l| (l.file, l.range.start()));
            return out;
        }
        Vec::new()
    }

    fn prepare_rename(&self, at: &Cursor<'_, Self>) -> Result<Option<TextRange>, String> {
        Ok(match named_at(&at.view, at.offset) {
            Some(NamedAt::Macro { range, .. } | NamedAt::Card { range, .. }) => Some(range),
            None => None,
        })
    }

    fn rename(&self, at: &Cursor<'_, Self>, new_name: &str) -> Result<Vec<FileEdit>, String> {
        let view = &at.view;
        let library = view.index.library_of(view.id);
        let found = match named_at(view, at.offset) {
            Some(NamedAt::Macro { name, .. }) => {
                if let Some(why) = macro_rename_refusal(library, &name, new_name) {
                    return Err(why);
                }
                macro_occurrences(view, &name, true)
            }
            Some(NamedAt::Card { key, .. }) => {
                if let Some(why) = card_rename_refusal(library, &key, new_name) {
                    return Err(why);
                }
                card_occurrences(view, &key, true)
            }
            None => {
                return Err(
                    "only macros and card names (name=, primitive=) can be renamed here".into(),
                );
            }
        };
        Ok(found
            .into_iter()
            .map(|l| FileEdit {
                file: l.file,
                edit: lint::Edit::replace(l.range, new_name),
            })
            .collect())
    }

    fn symbols(&self, file: &FileView<'_, Self>) -> Vec<Symbol> {
        let root = SyntaxNode::new_root(file.green.clone());
        let Some(tree) = ast::SourceFile::cast(root.clone()) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for child in root.children() {
            match child.kind() {
                SyntaxKind::CARD_BLOCK => {
                    let Some(card) = ast::CardBlock::cast(child) else {
                        continue;
                    };
                    let r = card.range();
                    let named = card
                        .entry(KeyMeaning::Name)
                        .or_else(|| card.entry(KeyMeaning::Primitive));
                    let (name, selection) = match &named {
                        Some(e) => (e.value_text(), e.value_range()),
                        None => (
                            "(no name)".to_string(),
                            card.open().map_or(r, |t| t.text_range()),
                        ),
                    };
                    let detail = card
                        .value_of(KeyMeaning::Type)
                        .or_else(|| card.value_of(KeyMeaning::Id).map(|id| format!("id {id}")));
                    out.push(Symbol {
                        name,
                        detail,
                        kind: SymbolKind::Card,
                        range: r,
                        selection: if r.contains_range(selection) {
                            selection
                        } else {
                            r
                        },
                        children: Vec::new(),
                    });
                }
                SyntaxKind::META_BLOCK => out.push(Symbol {
                    name: "[meta]".into(),
                    detail: None,
                    kind: SymbolKind::Namespace,
                    range: child.text_range(),
                    selection: child.text_range(),
                    children: Vec::new(),
                }),
                _ => {}
            }
        }
        for def in tree.macro_defs() {
            let r = def.range();
            let name = def.name();
            out.push(Symbol {
                name: name
                    .as_ref()
                    .map_or(String::new(), |n| n.text().to_string()),
                detail: def.body().map(|b| b.text().to_string()),
                kind: SymbolKind::Macro,
                range: r,
                selection: name.map_or(r, |n| n.text_range()),
                children: Vec::new(),
            });
        }
        out.sort_by_key(|s| s.range.start());
        out
    }

    fn folding(&self, file: &FileView<'_, Self>) -> Vec<Fold> {
        let mut out = Vec::new();
        let mut start = TextSize::from(0);
        for child in file.green.children() {
            let r = TextRange::at(start, child.text_len());
            start += child.text_len();
            if matches!(
                kind_of(child.kind()),
                SyntaxKind::CARD_BLOCK | SyntaxKind::META_BLOCK
            ) {
                out.push(Fold {
                    range: r,
                    comment: false,
                });
            }
        }
        out
    }

    fn semantic_tokens(
        &self,
        file: &FileView<'_, Self>,
        only: Option<TextRange>,
    ) -> Vec<SemanticToken> {
        let root = SyntaxNode::new_root(file.green.clone());
        let mut out = Vec::new();
        for child in root.children_with_tokens() {
            let r = child.text_range();
            if only.is_some_and(|o| r.end() < o.start() || r.start() > o.end()) {
                continue;
            }
            let tokens: Vec<syntax::wagic::SyntaxToken> = match child {
                rowan::NodeOrToken::Token(t) => vec![t],
                rowan::NodeOrToken::Node(n) => n
                    .descendants_with_tokens()
                    .filter_map(|e| e.into_token())
                    .collect(),
            };
            for t in tokens {
                let r = t.text_range();
                let parent = t.parent().map(|p| p.kind());
                let kind = match t.kind() {
                    SyntaxKind::COMMENT => Some((TokenKind::Comment, 0)),
                    SyntaxKind::BLOCK_OPEN | SyntaxKind::BLOCK_CLOSE => {
                        Some((TokenKind::Keyword, 0))
                    }
                    SyntaxKind::KEY => Some((TokenKind::Property, 0)),
                    SyntaxKind::MACRO_KEYWORD => Some((TokenKind::Keyword, 0)),
                    SyntaxKind::MACRO_NAME => Some((TokenKind::Macro, modifier::DECLARATION)),
                    SyntaxKind::TEXT if parent == Some(SyntaxKind::VALUE) => {
                        let entry = t
                            .parent()
                            .and_then(|p| p.parent())
                            .and_then(ast::Entry::cast);
                        match entry.map(|e| e.key_text()) {
                            Some(k) if k == "name" => {
                                Some((TokenKind::Type, modifier::DECLARATION))
                            }
                            Some(k) if k == "primitive" => Some((TokenKind::Type, 0)),
                            _ => None,
                        }
                    }
                    SyntaxKind::WORD => {
                        let lower = t.text().to_ascii_lowercase();
                        if lower.starts_with("__") {
                            Some((TokenKind::Macro, 0))
                        } else if lower.bytes().all(|b| b.is_ascii_digit()) {
                            Some((TokenKind::Number, 0))
                        } else {
                            match parent {
                                Some(SyntaxKind::ZONE_LIST) => Some((TokenKind::EnumMember, 0)),
                                Some(SyntaxKind::TARGET_RESTRICTIONS) => {
                                    Some((TokenKind::EnumMember, 0))
                                }
                                Some(SyntaxKind::TARGET_TYPE) => Some((TokenKind::Type, 0)),
                                Some(SyntaxKind::MANA_SYMBOL) => Some((TokenKind::Number, 0)),
                                _ => {
                                    let in_trigger = t
                                        .parent_ancestors()
                                        .take(3)
                                        .any(|a| a.kind() == SyntaxKind::TRIGGER);
                                    if in_trigger && vocab::triggers().get(&lower).is_some() {
                                        Some((TokenKind::Event, 0))
                                    } else if let Some(w) = vocab::effects()
                                        .get(&lower)
                                        .or_else(|| vocab::basic_abilities().get(&lower))
                                    {
                                        let m = if w.is_removed() {
                                            modifier::DEPRECATED
                                        } else {
                                            0
                                        };
                                        Some((TokenKind::Keyword, m))
                                    } else {
                                        None
                                    }
                                }
                            }
                        }
                    }
                    _ => None,
                };
                if let Some((kind, modifiers)) = kind
                    && !r.is_empty()
                {
                    out.push(SemanticToken {
                        range: r,
                        kind,
                        modifiers,
                    });
                }
            }
        }
        out
    }
}
