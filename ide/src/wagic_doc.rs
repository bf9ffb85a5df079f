//! An open Wagic file kept up to date edit by edit.
//!
//! A Wagic file is a sequence of independent `[card]` blocks, and the top level of its tree is
//! always outside any block at a line start. An edit is reparsed in a *window*: the top-level
//! lines it touches (extended until the window's parse ends outside a block), whose new children
//! replace the old ones in the tree. What the window contributes to the index is compared with
//! what it contributed before: when only positions moved, the index is moved along and only the
//! window's cards are linted again; when only type words changed (a `type=` line typed in), the
//! library's set of type words is patched and the cards that write a word that entered or left
//! it are linted again in the background; otherwise the index must be rebuilt (the caller does that in the
//! background) and the file's findings are refreshed afterwards.
//!
//! Findings are kept in two lists: those of the card runs (each lies inside its card, so a
//! card's findings are replaced when it is linted again) and those of the file-level run
//! (`Ctx::file_level`). Together they are what one run over the whole file reports.

use crate::doc::{OpenDoc, Reparsed};
use crate::edit::{Dirty, shift_diagnostic};
use lint::Diagnostic;
use lint::common;
use lint::config::Config;
use lint::dialect::Dialect;
use lint::registry::RuleFilter;
use lint::wagic::index::{self, BlockFacts, BlockStatus, MacroFacts, Resolution};
use model::source::{FileId, SourceFile};
use rayon::prelude::*;
use rowan::GreenNode;
use syntax::wagic::{SyntaxElement, SyntaxKind, SyntaxNode, ast};
use syntax::{ErrorKind, SyntaxError, TextRange, TextSize};

/// Cards linted together in one background step (a few milliseconds: an edit that arrives
/// meanwhile waits for it).
pub(crate) const CHUNK: usize = crate::world::BACKGROUND_CHUNK;

/// Cards linted before a newly opened (or wholly replaced) document is first published (a few
/// screens of text); the others are linted in the background.
pub(crate) const FIRST_CARDS: usize = 32;

pub struct WagicDoc {
    pub green: GreenNode,
    pub errors: Vec<SyntaxError>,
    /// Changes since the tree was built.
    pending: Option<Dirty>,
    /// Findings of card runs, sorted by start; each lies inside its card.
    card_diags: Vec<Diagnostic>,
    /// Findings of the file-level run.
    file_diags: Vec<Diagnostic>,
    /// Ranges whose cards must be linted before the next publication (an edit touched them).
    urgent: Vec<TextRange>,
    /// Ranges whose cards were linted against an index that has changed since.
    stale: Vec<TextRange>,
    file_dirty: bool,
    /// A newly opened large text is parsed up to here only (its first cards, for the first
    /// publication); the rest is parsed when first needed (`complete`): by the background lint,
    /// a feature or an edit. Until then the file-level run waits.
    unparsed_from: Option<usize>,
    /// The length of the text opened (while `unparsed_from` is set).
    opened_len: usize,
    /// The parse of the rest of the text opened (from `unparsed_from`), under way on a thread
    /// of its own once the first cards are linted: `complete` (or the first edit) takes it.
    tail: Option<std::thread::JoinHandle<(GreenNode, Vec<SyntaxError>)>>,
    /// Type words that entered or left the library since the cards that write them were
    /// linted (`resolve_flipped` finds those cards, in the background).
    flipped: Vec<String>,
    /// The text may hold control characters (false: it has none, and edits typed none: the
    /// publication skips the scan of the whole text).
    controls: bool,
}

fn kind(raw: rowan::SyntaxKind) -> SyntaxKind {
    <syntax::wagic::WagicLanguage as rowan::Language>::kind_from_raw(raw)
}

/// The top-level children of a tree: their ranges and kinds.
fn top_children(green: &GreenNode) -> Vec<(TextRange, SyntaxKind)> {
    let mut offset = TextSize::from(0);
    green
        .children()
        .map(|c| {
            let range = TextRange::at(offset, c.text_len());
            offset += c.text_len();
            (range, kind(c.kind()))
        })
        .collect()
}

fn size(o: usize) -> TextSize {
    TextSize::from(o as u32)
}

impl WagicDoc {
    /// The document of a newly opened text: a large text's first cards are parsed (and linted
    /// before the first publication), the rest later (`complete`).
    pub fn new(text: &str) -> WagicDoc {
        match parse_prefix(text, PARALLEL_PARSE_BYTES) {
            Some((green, errors, split)) => {
                let all = TextRange::up_to(TextSize::of(text));
                WagicDoc {
                    green,
                    errors,
                    pending: None,
                    card_diags: Vec::new(),
                    file_diags: Vec::new(),
                    urgent: vec![TextRange::new(all.start(), size(split))],
                    stale: vec![TextRange::new(size(split), all.end())],
                    file_dirty: true,
                    unparsed_from: Some(split),
                    opened_len: text.len(),
                    tail: None,
                    flipped: Vec::new(),
                    controls: common::has_control_characters(text),
                }
            }
            None => WagicDoc::new_full(text),
        }
    }

    /// The document of a text, parsed whole.
    fn new_full(text: &str) -> WagicDoc {
        let (green, errors) = parse_split(text, PARALLEL_PARSE_BYTES);
        // The first publication holds the findings of the first cards (what an editor shows
        // first) and of the file level; a large file's other cards are linted in the
        // background, in chunks, and published when all are done (a 4 MB file's 12,000 cards
        // take far longer than an editor should wait for its first findings).
        let all = TextRange::up_to(TextSize::of(text));
        let (urgent, stale) = match top_children(&green)
            .iter()
            .filter(|(_, k)| *k == SyntaxKind::CARD_BLOCK)
            .nth(FIRST_CARDS)
        {
            Some((card, _)) => (
                vec![TextRange::new(all.start(), card.start())],
                vec![TextRange::new(card.start(), all.end())],
            ),
            None => (vec![all], Vec::new()),
        };
        WagicDoc {
            green,
            errors,
            pending: None,
            card_diags: Vec::new(),
            file_diags: Vec::new(),
            urgent,
            stale,
            file_dirty: true,
            unparsed_from: None,
            opened_len: text.len(),
            tail: None,
            flipped: Vec::new(),
            controls: common::has_control_characters(text),
        }
    }

    /// Joins the parse of the rest of the text opened (started by `new`) to the tree, which
    /// then covers the whole text as opened. False when there is no such parse (or it failed):
    /// the tree stays as it was.
    fn join_tail(&mut self) -> bool {
        let (Some(split), Some(handle)) = (self.unparsed_from, self.tail.take()) else {
            return false;
        };
        let Ok((rest, errors)) = handle.join() else {
            return false;
        };
        if usize::from(self.green.text_len()) != split
            || split + usize::from(rest.text_len()) != self.opened_len
        {
            return false;
        }
        self.append_rest(split, &rest, errors);
        self.unparsed_from = None;
        true
    }

    /// Appends the tree and errors of the text's rest, parsed from `split` (the tree's end).
    fn append_rest(&mut self, split: usize, rest: &GreenNode, errors: Vec<SyntaxError>) {
        let n = self.green.children().len();
        self.green = self
            .green
            .splice_children(n..n, rest.children().map(|c| c.to_owned()));
        let base = size(split);
        self.errors.extend(errors.into_iter().map(|e| SyntaxError {
            range: e.range + base,
            ..e
        }));
    }

    /// Parses the rest of a newly opened text (`text`, unchanged since: an edit joins the rest
    /// first, or reparses the text whole).
    fn complete(&mut self, text: &str) {
        if self.join_tail() {
            return;
        }
        let Some(split) = self.unparsed_from.take() else {
            return;
        };
        if usize::from(self.green.text_len()) != split
            || split > text.len()
            || !text.is_char_boundary(split)
        {
            // Not the text opened (never expected): parse it whole.
            let (green, errors) = parse_split(text, PARALLEL_PARSE_BYTES);
            self.green = green;
            self.errors = errors;
            return;
        }
        let (rest, errors) = parse_split(&text[split..], PARALLEL_PARSE_BYTES);
        self.append_rest(split, &rest, errors);
    }

    /// Records a change of the text (`start..end` of the current text replaced by `len` bytes).
    pub fn edited(&mut self, start: usize, end: usize, len: usize) {
        self.pending = Some(Dirty::compose(self.pending, start, end, len));
    }

    /// The length of the text (the tree may cover only its start, `unparsed_from`).
    fn text_len(&self) -> TextSize {
        match self.unparsed_from {
            Some(_) => size(self.opened_len),
            None => self.green.text_len(),
        }
    }

    pub fn has_pending(&self) -> bool {
        self.pending.is_some()
    }

    pub fn has_stale(&self) -> bool {
        !self.stale.is_empty() || !self.flipped.is_empty()
    }

    /// Every finding is out of date (the index changed): they are refreshed in the background.
    pub fn mark_stale(&mut self, len: TextSize) {
        self.stale = vec![TextRange::up_to(len)];
        self.flipped.clear();
        self.file_dirty = true;
    }

    pub fn drop_stale(&mut self) {
        self.stale.clear();
        self.flipped.clear();
    }

    /// The cards holding these findings must be linted again before the next publication.
    pub fn mark_urgent(&mut self, ranges: impl IntoIterator<Item = TextRange>) {
        self.urgent.extend(ranges);
    }

    /// Findings (of this file) whose notes mention `needle` (a path followed by `:`).
    pub fn ranges_with_note(&self, needle: &str) -> (Vec<TextRange>, bool) {
        let cards = self
            .card_diags
            .iter()
            .filter(|d| d.notes.iter().any(|n| n.contains(needle)))
            .map(|d| d.range)
            .collect();
        let file = self
            .file_diags
            .iter()
            .any(|d| d.notes.iter().any(|n| n.contains(needle)));
        (cards, file)
    }

    pub fn mark_file_dirty(&mut self) {
        self.file_dirty = true;
    }

    /// Brings the tree (and the file's part of the index) up to date with `text`.
    pub fn reparse(
        &mut self,
        id: FileId,
        file: &SourceFile,
        files_len: usize,
        index: Option<&mut index::Index>,
    ) -> Reparsed {
        let Some(d) = self.pending.take() else {
            return Reparsed::default();
        };
        // The tree must cover the text as opened before the edits apply to it (the rest was
        // parsed meanwhile); without that parse, the edited text is parsed whole.
        if self.unparsed_from.is_some() && !self.join_tail() {
            return self.reparse_all(id, file, files_len, index);
        }
        let text = file.text();
        let old_len = usize::from(self.green.text_len());
        let delta = d.delta();
        let root = SyntaxNode::new_root(self.green.clone());
        let Some(Window {
            i,
            j,
            ws,
            we,
            parse,
        }) = window(&root, text, d, delta)
        else {
            return self.reparse_all(id, file, files_len, index);
        };
        let new_we = (we as i64 + delta) as usize;
        let old_text: String = self
            .green
            .children()
            .skip(i)
            .take(j + 1 - i)
            .map(|c| c.to_string())
            .collect();
        let new_text = &text[ws..new_we];
        self.controls |= common::has_control_characters(new_text);

        // The tree and the syntax errors.
        let root = parse.green().clone();
        self.green = self
            .green
            .splice_children(i..=j, root.children().map(|c| c.to_owned()));
        debug_assert_eq!(usize::from(self.green.text_len()), text.len());
        let (ws_size, we_size) = (size(ws), size(we));
        let mut errors = Vec::with_capacity(self.errors.len() + parse.errors().len());
        errors.extend(
            self.errors
                .iter()
                .filter(|e| e.range.start() < ws_size)
                .cloned(),
        );
        errors.extend(parse.errors().iter().map(|e| SyntaxError {
            range: e.range + ws_size,
            ..e.clone()
        }));
        errors.extend(
            self.errors
                .iter()
                .filter(|e| e.range.start() >= we_size)
                .map(|e| SyntaxError {
                    range: crate::edit::shift_range(e.range, we_size, delta),
                    ..e.clone()
                }),
        );
        self.errors = errors;

        // Findings: the window's are dropped (its cards are linted again), the rest move.
        self.card_diags
            .retain(|d| d.range.start() < ws_size || d.range.start() >= we_size);
        for diag in &mut self.card_diags {
            shift_diagnostic(diag, we_size, delta);
        }
        for diag in &mut self.file_diags {
            shift_diagnostic(diag, we_size, delta);
        }
        let window_new = TextRange::new(ws_size, size(new_we));
        for list in [&mut self.urgent, &mut self.stale] {
            *list = map_ranges(list, ws_size, we_size, delta);
        }
        self.urgent.push(window_new);
        self.file_dirty = true;

        let lines_changed =
            old_text.matches('\n').count() != new_text.matches('\n').count() || old_len == 0;
        let (contribution_changed, index_patched) = match index {
            Some(index) => match update_index(
                index,
                id,
                file,
                files_len,
                (ws, we, new_we),
                &old_text,
                new_text,
            ) {
                Contribution::Same => (false, false),
                Contribution::Changed => (true, false),
                Contribution::Words(flipped) => self.type_words_flipped(&flipped),
            },
            None => (true, false),
        };
        Reparsed {
            contribution_changed,
            lines_changed,
            index_patched,
        }
    }

    /// Type words entered or left the file's library (the index is patched already): the
    /// cards that write one of them are linted again in the background (finding them means a
    /// search of the whole text, too long for a keystroke). Returns (contribution changed,
    /// index patched) for `Reparsed`.
    fn type_words_flipped(&mut self, flipped: &[String]) -> (bool, bool) {
        if flipped.is_empty() {
            return (false, false);
        }
        self.flipped.extend(flipped.iter().cloned());
        self.file_dirty = true;
        (false, true)
    }

    /// The cards that write a flipped type word become stale (every card, when the findings
    /// of any may change).
    fn resolve_flipped(&mut self, index: &index::Index, id: FileId, text: &str) {
        if self.flipped.is_empty() {
            return;
        }
        let flipped = std::mem::take(&mut self.flipped);
        let uses = index
            .file(id)
            .and_then(|f| index.libraries.get(f.library))
            .and_then(|lib| lib.type_word_uses(&flipped, text));
        let Some(uses) = uses else {
            self.mark_stale(self.text_len());
            return;
        };
        let cards: Vec<TextRange> = top_children(&self.green)
            .into_iter()
            .filter(|(_, k)| *k == SyntaxKind::CARD_BLOCK)
            .map(|(r, _)| r)
            .collect();
        self.stale.extend(uses.into_iter().filter_map(|at| {
            let at = size(at);
            let i = cards.partition_point(|c| c.end() <= at);
            cards.get(i).filter(|c| c.start() <= at).copied()
        }));
        self.stale.sort_by_key(|r| r.start());
        let mut merged: Vec<TextRange> = Vec::with_capacity(self.stale.len());
        for r in self.stale.drain(..) {
            match merged.last_mut() {
                Some(last) if r.start() <= last.end() => *last = last.cover(r),
                _ => merged.push(r),
            }
        }
        self.stale = merged;
    }

    fn reparse_all(
        &mut self,
        id: FileId,
        file: &SourceFile,
        files_len: usize,
        index: Option<&mut index::Index>,
    ) -> Reparsed {
        let fresh = WagicDoc::new_full(file.text());
        self.controls = fresh.controls;
        self.green = fresh.green;
        self.errors = fresh.errors;
        self.card_diags.clear();
        self.file_diags.clear();
        self.urgent = fresh.urgent;
        self.stale = fresh.stale;
        self.file_dirty = true;
        self.unparsed_from = None;
        let contribution_changed = match index {
            Some(index) => {
                let new = index::index_file(file);
                let same = index.file(id).is_some_and(|f| f.index == new);
                if !same {
                    replace_file_index(index, id, new);
                }
                index.text_changed(id, files_len);
                !same
            }
            None => true,
        };
        Reparsed {
            contribution_changed,
            lines_changed: true,
            index_patched: false,
        }
    }

    /// Lints the urgent cards and the file level (when out of date); then up to `budget` stale
    /// cards. Returns whether stale cards remain.
    pub fn lint(
        &mut self,
        id: FileId,
        files: &[SourceFile],
        index: &index::Index,
        filter: &RuleFilter,
        settings: impl Into<lint::wagic::Settings>,
        budget: usize,
    ) -> bool {
        debug_assert!(self.pending.is_none(), "lint before reparse");
        if budget > 0 {
            self.complete(files[id].text());
            self.resolve_flipped(index, id, files[id].text());
        }
        let root = SyntaxNode::new_root(self.green.clone());
        let mut todo: Vec<TextRange> = Vec::new();
        let urgent = std::mem::take(&mut self.urgent);
        for r in &urgent {
            todo.extend(cards_in(&root, *r));
        }
        if budget > 0 && !self.stale.is_empty() {
            let mut taken = 0;
            let mut done_to = TextSize::from(0);
            'outer: for r in &self.stale {
                for c in cards_in(&root, *r) {
                    if taken == budget {
                        break 'outer;
                    }
                    todo.push(c);
                    taken += 1;
                    done_to = c.end();
                }
                done_to = done_to.max(r.end());
            }
            let stale = std::mem::take(&mut self.stale);
            self.stale = stale
                .into_iter()
                .filter(|r| r.end() > done_to)
                .map(|r| TextRange::new(r.start().max(done_to), r.end()))
                .collect();
        }
        todo.sort_by_key(|r| r.start());
        todo.dedup();
        // The file-level run reads the whole tree: while cards wait for the background, it
        // waits with them (a keystroke does not pay for it).
        let file_level = self.unparsed_from.is_none()
            && (budget > 0 || !self.has_stale())
            && std::mem::take(&mut self.file_dirty);
        let found = lint_cards_parallel(
            &self.green,
            id,
            files,
            index,
            filter,
            settings.into(),
            &todo,
            file_level,
        );
        // Replace the findings of the cards linted.
        if !todo.is_empty() {
            self.card_diags
                .retain(|d| !contains_sorted(&todo, d.range.start()));
        }
        for (file_level_run, diags) in found {
            if file_level_run {
                self.file_diags = diags;
            } else {
                self.card_diags.extend(diags);
            }
        }
        self.card_diags.sort_by_key(|d| d.range.start());
        self.parse_tail(files[id].text());
        self.has_stale()
    }

    /// Starts parsing the rest of a newly opened text on a thread of its own, once its first
    /// cards are linted (so that the first publication does not share the processor with it).
    fn parse_tail(&mut self, text: &str) {
        let Some(split) = self.unparsed_from else {
            return;
        };
        if self.tail.is_some() || split > text.len() || !text.is_char_boundary(split) {
            return;
        }
        // A copy of the rest: the thread outlives the call.
        let rest = text[split..].to_string();
        self.tail = std::thread::Builder::new()
            .name("cardlint-parse".into())
            .spawn(move || parse_split(&rest, PARALLEL_PARSE_BYTES))
            .ok();
    }

    /// Every finding of the file, as `workspace::lint_one` reports them.
    pub fn diagnostics(&self, file: &SourceFile, filter: &RuleFilter) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        common::check_source_with(file, self.controls, &mut out);
        let mut syntax_out = Vec::new();
        common::syntax_diagnostics(file.text(), &self.errors, &mut syntax_out);
        let mut rule_out: Vec<Diagnostic> = self.card_diags.clone();
        rule_out.extend(self.file_diags.iter().cloned());
        lint::wagic::drop_replaced_brackets(&mut syntax_out, &rule_out);
        out.extend(syntax_out);
        out.extend(rule_out);
        // As a check finishes them (per-rule cap and long messages included).
        lint::workspace::finish_with(file, filter, lint::suppress::Pass::Lint, &mut out);
        out
    }
}

/// Texts from this size are parsed in two halves at once (on two threads).
const PARALLEL_PARSE_BYTES: usize = 256 * 1024;

/// The tree and syntax errors of a text, as `syntax::wagic::parse` gives them. A text of `min`
/// bytes or more is parsed in two halves in parallel, split at a card's first line near the
/// middle: the top level of a Wagic tree lies outside any block at a line start, so when the
/// first half ends outside a block, the halves' children are those of the whole (as for the
/// windows of an edit); otherwise the whole text is parsed.
fn parse_split(text: &str, min: usize) -> (GreenNode, Vec<SyntaxError>) {
    let whole = || {
        let parse = syntax::wagic::parse(text);
        (parse.green().clone(), parse.errors().to_vec())
    };
    if text.len() < min {
        return whole();
    }
    let mut mid = text.len() / 2;
    while !text.is_char_boundary(mid) {
        mid -= 1;
    }
    let Some(split) = text[mid..].find("\n[card]").map(|i| mid + i + 1) else {
        return whole();
    };
    let (a, b) = rayon::join(
        || syntax::wagic::parse(&text[..split]),
        || syntax::wagic::parse(&text[split..]),
    );
    if a.errors()
        .iter()
        .any(|e| e.kind == ErrorKind::UnclosedBlock)
    {
        return whole();
    }
    let first = a.green().clone();
    let n = first.children().len();
    let green = first.splice_children(n..n, b.green().children().map(|c| c.to_owned()));
    let base = size(split);
    let mut errors = a.errors().to_vec();
    errors.extend(b.errors().iter().map(|e| SyntaxError {
        range: e.range + base,
        ..e.clone()
    }));
    (green, errors)
}

/// The first cards of a text of `min` bytes or more: the tree and syntax errors of its start up
/// to the line of card `FIRST_CARDS` (counted by `[card]` lines), and where that is. As for the
/// halves of `parse_split`, the start's children are those of the whole when its parse ends
/// outside a block; `None` otherwise (and for smaller texts).
fn parse_prefix(text: &str, min: usize) -> Option<(GreenNode, Vec<SyntaxError>, usize)> {
    if text.len() < min {
        return None;
    }
    let split = text
        .match_indices("\n[card]")
        .nth(FIRST_CARDS)
        .map(|(i, _)| i + 1)?;
    let parse = syntax::wagic::parse(&text[..split]);
    if parse
        .errors()
        .iter()
        .any(|e| e.kind == ErrorKind::UnclosedBlock)
    {
        return None;
    }
    Some((parse.green().clone(), parse.errors().to_vec(), split))
}

/// The window of top-level children around a change: their indices `i..=j`, the range
/// `ws..we` of their old text, and the parse of its new text.
struct Window {
    i: usize,
    j: usize,
    ws: usize,
    we: usize,
    parse: syntax::wagic::Parse,
}

/// The top-level child of `root` that holds the byte at `p` (the last one from the end on).
/// Found by a binary search: a long document has tens of thousands of top-level children, and
/// a keystroke must not list them.
fn child_at(root: &SyntaxNode, p: usize) -> Option<SyntaxElement> {
    let len = usize::from(root.text_range().end());
    let p = p.min(len.checked_sub(1)?);
    root.child_or_token_at_range(TextRange::at(size(p), TextSize::from(1)))
}

fn window(root: &SyntaxNode, text: &str, d: Dirty, delta: i64) -> Option<Window> {
    let mut first = child_at(root, d.start)?;
    while let Some(prev) = first.prev_sibling_or_token()
        && prev.kind() != SyntaxKind::NEWLINE
    {
        first = prev;
    }
    let to_line_end = |mut e: SyntaxElement| {
        while e.kind() != SyntaxKind::NEWLINE
            && let Some(next) = e.next_sibling_or_token()
        {
            e = next;
        }
        e
    };
    let mut last = to_line_end(child_at(root, d.old_end.max(d.start))?);
    let ws = usize::from(first.text_range().start());
    for _ in 0..16 {
        let we = usize::from(last.text_range().end());
        let new_we = usize::try_from(we as i64 + delta).ok()?;
        if new_we < ws || new_we > text.len() || !text.is_char_boundary(new_we) {
            return None;
        }
        let parse = syntax::wagic::parse(&text[ws..new_we]);
        let unclosed = parse
            .errors()
            .iter()
            .any(|e| e.kind == ErrorKind::UnclosedBlock);
        let next = last.next_sibling_or_token();
        let Some(next) = next.filter(|_| unclosed) else {
            return Some(Window {
                i: first.index(),
                j: last.index(),
                ws,
                we,
                parse,
            });
        };
        // The window ends inside a block: take in the next line and try again.
        last = to_line_end(next);
    }
    None
}

/// Ranges moved past an edit of `ws..we` (old text) that moved the rest by `delta`; the parts
/// inside the window are dropped (the window is handled on its own).
fn map_ranges(ranges: &[TextRange], ws: TextSize, we: TextSize, delta: i64) -> Vec<TextRange> {
    let mut out = Vec::with_capacity(ranges.len());
    for &r in ranges {
        if r.start() < ws {
            out.push(TextRange::new(r.start(), r.end().min(ws)));
        }
        if r.end() > we {
            let part = TextRange::new(r.start().max(we), r.end());
            out.push(crate::edit::shift_range(part, we, delta));
        }
    }
    out.retain(|r| !r.is_empty());
    out
}

/// The ranges of the top-level cards of `root` that intersect `range`, in order.
fn cards_in(root: &SyntaxNode, range: TextRange) -> impl Iterator<Item = TextRange> {
    let first =
        child_at(root, usize::from(range.start())).filter(|c| c.text_range().end() > range.start());
    std::iter::successors(first, |c| c.next_sibling_or_token())
        .take_while(move |c| c.text_range().start() < range.end())
        .filter(|c| c.kind() == SyntaxKind::CARD_BLOCK)
        .map(|c| c.text_range())
}

/// Whether `at` lies in one of the sorted, disjoint `ranges`.
fn contains_sorted(ranges: &[TextRange], at: TextSize) -> bool {
    let i = ranges.partition_point(|r| r.end() <= at);
    ranges.get(i).is_some_and(|r| r.start() <= at)
}

/// Lints cards (in parallel chunks when there are many) and, with `file_level`, the file level.
/// Returns the findings of each run, tagged `true` for the file-level run.
#[allow(clippy::too_many_arguments)]
fn lint_cards_parallel(
    green: &GreenNode,
    id: FileId,
    files: &[SourceFile],
    index: &index::Index,
    filter: &RuleFilter,
    settings: lint::wagic::Settings,
    cards: &[TextRange],
    file_level: bool,
) -> Vec<(bool, Vec<Diagnostic>)> {
    let run = |chunk: &[TextRange], file_level: bool| {
        let root = SyntaxNode::new_root(green.clone());
        let Some(tree) = ast::SourceFile::cast(root.clone()) else {
            return Vec::new();
        };
        let nodes: Vec<ast::CardBlock> = chunk
            .iter()
            .filter_map(|r| root.child_or_token_at_range(*r))
            .filter_map(|e| e.into_node())
            .filter_map(ast::CardBlock::cast)
            .collect();
        let mut out = Vec::new();
        lint::wagic::lint_cards(
            id, files, index, filter, &tree, nodes, file_level, settings, &mut out,
        );
        out
    };
    let mut jobs: Vec<(bool, &[TextRange])> = cards.chunks(CHUNK / 4).map(|c| (false, c)).collect();
    if file_level {
        jobs.push((true, &[]));
    }
    if jobs.len() == 1 {
        let (f, chunk) = jobs[0];
        return vec![(f, run(chunk, f))];
    }
    jobs.into_par_iter()
        .map(|(f, chunk)| (f, run(chunk, f)))
        .collect()
}

fn same_block(a: &BlockFacts, b: &BlockFacts) -> bool {
    let named = |n: &Option<index::Named>| n.as_ref().map(|n| (n.text.clone(), n.key.clone()));
    named(&a.name) == named(&b.name)
        && named(&a.primitive) == named(&b.primitive)
        && a.id.as_ref().map(|i| &i.0) == b.id.as_ref().map(|i| &i.0)
        && (a.rarity, a.grade, a.defines, a.after_gate, a.closed)
            == (b.rarity, b.grade, b.defines, b.after_gate, b.closed)
}

fn same_macro(a: &MacroFacts, b: &MacroFacts) -> bool {
    (&a.name, &a.params, &a.body) == (&b.name, &b.params, &b.body)
}

/// Replaces a file's index entry (its statuses become neutral until the index is rebuilt).
fn replace_file_index(index: &mut index::Index, id: FileId, new: index::FileIndex) {
    if let Some(facts) = index.files.get_mut(&id) {
        facts.blocks = new.blocks.iter().map(|_| neutral_status()).collect();
        facts.index = new;
    }
}

fn neutral_status() -> BlockStatus {
    BlockStatus {
        resolution: Resolution::NotChecked,
        duplicate_of: None,
        shadowed_by: None,
        added: false,
    }
}

/// Updates the file's part of the index after the window `ws..we` (old text; `ws..new_we` in
/// the new one) was reparsed, and says what changed in the file's contribution.
fn update_index(
    index: &mut index::Index,
    id: FileId,
    file: &SourceFile,
    files_len: usize,
    (ws, we, new_we): (usize, usize, usize),
    old_text: &str,
    new_text: &str,
) -> Contribution {
    let Some(facts) = index.file(id) else {
        return Contribution::Changed;
    };
    let delta = new_we as i64 - we as i64;
    let window_file = |t: &str| SourceFile::from_text(file.path.clone(), Dialect::WAGIC, t);
    let old_window = index::index_file(&window_file(old_text));
    let mut new_window = index::index_file(&window_file(new_text));
    let base = size(ws);
    let gate_before = facts
        .index
        .gate
        .is_some_and(|(_, r)| usize::from(r.start()) < ws);
    for b in &mut new_window.blocks {
        b.open += base;
        for n in [&mut b.name, &mut b.primitive].into_iter().flatten() {
            n.range += base;
        }
        if let Some((_, r)) = &mut b.id {
            *r += base;
        }
        b.after_gate |= gate_before;
    }
    for m in &mut new_window.macros {
        m.name_range += base;
        m.line += base;
    }
    if let Some((_, r)) = &mut new_window.gate {
        *r += base;
    }
    let in_window = |r: TextRange| usize::from(r.start()) >= ws && usize::from(r.start()) < we;
    let blocks = &facts.index.blocks;
    let (ba, bb) = (
        blocks.partition_point(|b| usize::from(b.open.start()) < ws),
        blocks.partition_point(|b| usize::from(b.open.start()) < we),
    );
    let macros = &facts.index.macros;
    let (ma, mb) = (
        macros.partition_point(|m| usize::from(m.line.start()) < ws),
        macros.partition_point(|m| usize::from(m.line.start()) < we),
    );
    let old_gate_here = facts.index.gate.is_some_and(|(_, r)| in_window(r));
    let mut old_words = old_window.type_words.clone();
    let mut new_words = new_window.type_words.clone();
    old_words.sort_unstable();
    new_words.sort_unstable();
    let same_blocks = bb - ba == new_window.blocks.len()
        && blocks[ba..bb]
            .iter()
            .zip(&new_window.blocks)
            .all(|(a, b)| same_block(a, b));
    let same_macros = mb - ma == new_window.macros.len()
        && macros[ma..mb]
            .iter()
            .zip(&new_window.macros)
            .all(|(a, b)| same_macro(a, b));
    let same_structure = same_blocks && same_macros && !old_gate_here && new_window.gate.is_none();

    // Old window positions to new ones, field by field, when the blocks pair up.
    let mut table: Vec<(TextRange, TextRange)> = Vec::new();
    if bb - ba == new_window.blocks.len() {
        for (a, b) in blocks[ba..bb].iter().zip(&new_window.blocks) {
            table.push((a.open, b.open));
            for (x, y) in [(&a.name, &b.name), (&a.primitive, &b.primitive)] {
                if let (Some(x), Some(y)) = (x, y) {
                    table.push((x.range, y.range));
                }
            }
            if let (Some(x), Some(y)) = (&a.id, &b.id) {
                table.push((x.1, y.1));
            }
        }
    }
    if mb - ma == new_window.macros.len() {
        for (a, b) in macros[ma..mb].iter().zip(&new_window.macros) {
            table.push((a.name_range, b.name_range));
            table.push((a.line, b.line));
        }
    }
    let pairs_up = bb - ba == new_window.blocks.len();
    let (ws_size, we_size) = (size(ws), size(we));
    let map = move |r: TextRange| {
        if r.end() <= ws_size && r.start() < ws_size {
            r
        } else if r.start() >= we_size {
            crate::edit::shift_range(r, we_size, delta)
        } else {
            table
                .iter()
                .find(|(old, _)| *old == r)
                .map_or(TextRange::empty(ws_size), |(_, new)| *new)
        }
    };
    index.map_positions(id, &map);
    index.text_changed(id, files_len);

    let Some(facts) = index.files.get_mut(&id) else {
        return Contribution::Changed;
    };
    let window_statuses: Vec<BlockStatus> = if pairs_up {
        facts.blocks[ba..bb].to_vec()
    } else {
        new_window.blocks.iter().map(|_| neutral_status()).collect()
    };
    facts.index.blocks.splice(ba..bb, new_window.blocks);
    facts.blocks.splice(ba..bb, window_statuses);
    facts.index.macros.splice(ma..mb, new_window.macros);
    if !same_structure {
        // The gate: the first grade line of the file that stops the loader.
        let before = facts
            .index
            .gate
            .filter(|(_, r)| usize::from(r.start()) < ws);
        let after = facts
            .index
            .gate
            .filter(|(_, r)| usize::from(r.start()) >= new_we);
        facts.index.gate = before.or(new_window.gate).or(after);
        return Contribution::Changed;
    }
    if old_words == new_words {
        return Contribution::Same;
    }
    // Only type words changed: the library's counts follow (the file's own list is merged
    // into them when the index is built).
    let library = facts.library;
    Contribution::Words(
        index
            .libraries
            .get_mut(library)
            .map_or_else(Vec::new, |lib| lib.count_type_words(&old_words, &new_words)),
    )
}

/// What an edit did to the file's contribution to the index.
enum Contribution {
    /// Only positions moved (the index follows them).
    Same,
    /// Blocks, macros or the gate changed: the index must be rebuilt.
    Changed,
    /// Only type words changed; the library's set was patched, and these words entered or left
    /// it.
    Words(Vec<String>),
}

/// A Wagic document follows edits: only the cards an edit touches are reparsed and relinted.
impl OpenDoc<lint::wagic::Linter> for WagicDoc {
    const INCREMENTAL: bool = true;

    fn open(text: &str) -> WagicDoc {
        WagicDoc::new(text)
    }

    fn edited(&mut self, start: usize, end: usize, len: usize) {
        WagicDoc::edited(self, start, end, len);
    }

    fn has_pending(&self) -> bool {
        WagicDoc::has_pending(self)
    }

    fn reparse(
        &mut self,
        _linter: &lint::wagic::Linter,
        id: FileId,
        file: &SourceFile,
        files_len: usize,
        index: Option<&mut index::Index>,
    ) -> Reparsed {
        WagicDoc::reparse(self, id, file, files_len, index)
    }

    fn tree(&mut self, _linter: &lint::wagic::Linter, text: &str) -> GreenNode {
        self.complete(text);
        self.green.clone()
    }

    fn diagnostics(
        &mut self,
        _linter: &lint::wagic::Linter,
        id: FileId,
        files: &[SourceFile],
        index: &index::Index,
        config: &Config,
    ) -> Vec<Diagnostic> {
        let filter = lint::workspace::file_filter(config, &files[id]);
        self.lint(
            id,
            files,
            index,
            &filter,
            lint::wagic::settings_of(config),
            0,
        );
        WagicDoc::diagnostics(self, &files[id], &filter)
    }

    fn index_changed(&mut self, rebuild_pending: bool) -> bool {
        if !rebuild_pending {
            // A rebuild marks the findings stale when it is done.
            self.mark_stale(self.text_len());
        }
        false
    }

    fn reset(&mut self, _text_len: usize) {
        self.mark_stale(self.text_len());
    }

    fn has_stale(&self) -> bool {
        WagicDoc::has_stale(self)
    }

    fn busy(&self) -> bool {
        self.tail.as_ref().is_some_and(|t| !t.is_finished())
    }

    fn lint_stale(
        &mut self,
        _linter: &lint::wagic::Linter,
        id: FileId,
        files: &[SourceFile],
        index: &index::Index,
        config: &Config,
        budget: usize,
    ) -> bool {
        let filter = lint::workspace::file_filter(config, &files[id]);
        self.lint(
            id,
            files,
            index,
            &filter,
            lint::wagic::settings_of(config),
            budget,
        )
    }

    fn drop_stale(&mut self) {
        WagicDoc::drop_stale(self);
    }

    fn lines_moved(&mut self, needle: &str) -> bool {
        let (cards, file_level) = self.ranges_with_note(needle);
        if cards.is_empty() && !file_level {
            return false;
        }
        self.mark_urgent(cards);
        if file_level {
            self.mark_file_dirty();
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lint::config::Config;
    use lint::workspace::{DialectLinter, lint_one};

    const FILE: &str = "#AUTO_DEFINE __DRAW__ draw:1\n\
[card]\nname=Alpha Bear\nauto={T}:damage:1 target(creature)\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Beta Wisp\nauto=lord(creature[fliyng]) +1/+1\ntype=Creature\nsubtype=Spirit\n[/card]\n\
# a comment\n\
[card]\nname=Gamma Bolt\nauto=damage:3 target(creature,player)\nauto=__DRAW__\ntype=Instant\nmana={R}\n[/card]\n";

    fn files(text: &str) -> Vec<SourceFile> {
        vec![
            SourceFile::from_text("res/sets/primitives/cards.txt", Dialect::WAGIC, text),
            SourceFile::from_text(
                "res/sets/AAA/_cards.dat",
                Dialect::WAGIC,
                "[card]\nprimitive=Alpha Bear\nid=1\nrarity=C\n[/card]\n[card]\nprimitive=Gamma Bolt\nid=2\nrarity=C\n[/card]\n",
            ),
        ]
    }

    fn full(files: &[SourceFile]) -> (index::Index, Vec<Diagnostic>) {
        let linter = lint::wagic::Linter;
        let indexes = files
            .iter()
            .enumerate()
            .map(|(i, f)| (i, linter.index_file(f)))
            .collect();
        let index = linter.build_index(files, indexes);
        let diags = lint_one(&linter, 0, files, &index, &Config::every_rule());
        (index, diags)
    }

    /// The type words of each library, with their counts, sorted.
    fn library_types(index: &index::Index) -> Vec<Vec<(String, u32)>> {
        index
            .libraries
            .iter()
            .map(|lib| {
                let mut words: Vec<(String, u32)> =
                    lib.types.iter().map(|(w, n)| (w.clone(), *n)).collect();
                words.sort();
                words
            })
            .collect()
    }

    fn keys(ds: &[Diagnostic]) -> Vec<String> {
        ds.iter().map(key).collect()
    }

    fn key(d: &Diagnostic) -> String {
        format!(
            "{} {:?} {} {:?} {:?} {:?}",
            d.rule.code, d.range, d.message, d.severity, d.fix, d.notes
        )
    }

    /// Applies edits one by one, relinting incrementally, and compares with a fresh full lint.
    fn check_edits(edits: &[(&str, &str)]) {
        let mut files = files(FILE);
        let (mut index, _) = full(&files);
        let filter = Config::every_rule().filter;
        let mut doc = WagicDoc::new(files[0].text());
        doc.lint(0, &files, &index, &filter, model::learn::wagic_shipped(), 0);
        for (find, replace) in edits {
            let mut text = files[0].text().to_string();
            let at = text
                .find(find)
                .unwrap_or_else(|| panic!("{find:?} not found"));
            text.replace_range(at..at + find.len(), replace);
            doc.edited(at, at + find.len(), replace.len());
            files[0] = SourceFile::from_text(files[0].path.clone(), Dialect::WAGIC, text);
            let outcome = doc.reparse(0, &files[0], files.len(), Some(&mut index));
            let fresh = syntax::wagic::parse(files[0].text());
            assert_eq!(
                &doc.green,
                fresh.green(),
                "tree after {find:?} -> {replace:?}"
            );
            assert_eq!(doc.errors, fresh.errors(), "errors after {find:?}");
            if outcome.lines_changed {
                let (cards, file_level) = doc.ranges_with_note("cards.txt:");
                doc.mark_urgent(cards);
                if file_level {
                    doc.mark_file_dirty();
                }
            }
            if outcome.contribution_changed {
                let (rebuilt, _) = full(&files);
                index = rebuilt;
                doc.mark_stale(TextSize::of(files[0].text()));
            }
            while doc.lint(0, &files, &index, &filter, model::learn::wagic_shipped(), 3) {}
            let (_, expected) = full(&files);
            assert_eq!(
                keys(&doc.diagnostics(&files[0], &filter)),
                keys(&expected),
                "after {find:?} -> {replace:?}"
            );
            let (fresh_index, _) = full(&files);
            assert_eq!(
                index.file(0).unwrap().index,
                fresh_index.file(0).unwrap().index,
                "index after {find:?}"
            );
            assert_eq!(
                index.file(0).unwrap().blocks,
                fresh_index.file(0).unwrap().blocks,
                "statuses after {find:?}"
            );
            assert_eq!(
                library_types(&index),
                library_types(&fresh_index),
                "type words after {find:?}"
            );
        }
    }

    /// Type words typed into a card enter and leave the library's set without a rebuild of the
    /// index; the findings of the other cards that write them follow in the background.
    #[test]
    fn type_words_are_patched_in_place() {
        let mut files = files(FILE);
        let (mut index, _) = full(&files);
        let filter = Config::every_rule().filter;
        let mut doc = WagicDoc::new(files[0].text());
        doc.lint(0, &files, &index, &filter, model::learn::wagic_shipped(), 0);
        let edits = [
            // `fliyng` (in Beta Wisp's `lord(creature[fliyng])`) becomes a type of the library.
            ("subtype=Bear\n", "subtype=Bear Fliyng\n"),
            ("Bear Fliyng", "Bear Fliyngx"),
            ("Bear Fliyngx", "Bear Fliyng"),
            ("Bear Fliyng", "Bear"),
            ("type=Instant", "type=Instant Plyer"),
        ];
        let mut flips = 0;
        for (find, replace) in edits {
            let mut text = files[0].text().to_string();
            let at = text.find(find).unwrap();
            text.replace_range(at..at + find.len(), replace);
            doc.edited(at, at + find.len(), replace.len());
            files[0] = SourceFile::from_text(files[0].path.clone(), Dialect::WAGIC, text);
            let outcome = doc.reparse(0, &files[0], files.len(), Some(&mut index));
            assert!(!outcome.contribution_changed, "rebuild after {find:?}");
            flips += usize::from(outcome.index_patched);
            assert!(
                doc.lint(0, &files, &index, &filter, model::learn::wagic_shipped(), 0),
                "the other cards are left to the background after {find:?}"
            );
            while doc.lint(
                0,
                &files,
                &index,
                &filter,
                model::learn::wagic_shipped(),
                CHUNK,
            ) {}
            let (fresh_index, expected) = full(&files);
            assert_eq!(library_types(&index), library_types(&fresh_index));
            assert_eq!(
                keys(&doc.diagnostics(&files[0], &filter)),
                keys(&expected),
                "after {find:?} -> {replace:?}"
            );
        }
        assert_eq!(flips, edits.len());
    }

    #[test]
    fn edits_inside_cards() {
        check_edits(&[
            ("damage:1", "damage:2"),
            ("fliyng", "flying"),
            ("flying", "flyng"),
            ("power=2\n", "power=2\nhaste\n"),
            ("# a comment\n", ""),
            ("target(creature,player)", "target(creature,plyer)"),
            // A control character typed into a text that had none, then removed.
            ("damage:2", "damage:\u{1}2"),
            ("damage:\u{1}2", "damage:2"),
        ]);
    }

    #[test]
    fn edits_of_structure_and_contribution() {
        check_edits(&[
            ("name=Beta Wisp", "name=Beta Wisps"),
            ("[/card]\n[card]\nname=Beta", "[card]\nname=Beta"),
            (
                "name=Gamma Bolt",
                "name=Gamma Bolt\n[/card]\n[card]\nname=Delta",
            ),
            (
                "#AUTO_DEFINE __DRAW__ draw:1",
                "#AUTO_DEFINE __DRAW__ draw:2",
            ),
            ("[card]\nname=Alpha", "[card]\ngrade=borderline\nname=Alpha"),
            ("subtype=Bear\n", ""),
            (
                "subtype=Spirit\n[/card]",
                "subtype=Spirit\n[/card] trailing",
            ),
        ]);
    }

    #[test]
    fn edits_at_the_ends() {
        check_edits(&[
            ("#AUTO_DEFINE", "\n#AUTO_DEFINE"),
            (
                "mana={R}\n[/card]\n",
                "mana={R}\n[/card]\n[card]\nname=Open",
            ),
            ("name=Open", "name=Open\n[/card]\n"),
        ]);
    }

    /// A large text is opened with its first cards parsed (the rest on a thread of its own);
    /// linted to the end, or edited in its first cards or in the rest (before or after that
    /// parse is done, or without it), it has the tree and findings of a full analysis.
    #[test]
    fn large_texts_are_parsed_in_two_steps() {
        let big: String = std::iter::repeat_n(FILE, 1000).collect();
        assert!(big.len() >= PARALLEL_PARSE_BYTES);
        let filter = Config::every_rule().filter;
        // (edit: none, in the rest, in the first cards; the rest's parse kept)
        let cases = [
            (None, true),
            (Some(true), true),
            (Some(false), true),
            (Some(true), false),
            (Some(false), false),
        ];
        for (edit, threaded) in cases {
            let mut files = files(&big);
            let (mut index, _) = full(&files);
            let mut doc = WagicDoc::new(files[0].text());
            assert!(doc.unparsed_from.is_some());
            doc.lint(0, &files, &index, &filter, model::learn::wagic_shipped(), 0);
            assert!(doc.tail.is_some());
            if !threaded {
                doc.tail = None;
            }
            let first = doc.diagnostics(&files[0], &filter);
            let split = doc.unparsed_from.unwrap();
            assert!(first.iter().all(|d| usize::from(d.range.start()) < split));
            if let Some(in_rest) = edit {
                let mut text = files[0].text().to_string();
                let at = if in_rest {
                    text.rfind("damage:3").unwrap()
                } else {
                    text.find("damage:3").unwrap()
                };
                assert_eq!(at > split, in_rest);
                text.replace_range(at..at + 8, "damage:4");
                doc.edited(at, at + 8, 8);
                files[0] = SourceFile::from_text(files[0].path.clone(), Dialect::WAGIC, text);
                let outcome = doc.reparse(0, &files[0], files.len(), Some(&mut index));
                assert!(doc.unparsed_from.is_none());
                if outcome.contribution_changed {
                    index = full(&files).0;
                    doc.mark_stale(TextSize::of(files[0].text()));
                }
            }
            while doc.lint(
                0,
                &files,
                &index,
                &filter,
                model::learn::wagic_shipped(),
                CHUNK,
            ) {}
            let fresh = syntax::wagic::parse(files[0].text());
            assert_eq!(&doc.green, fresh.green());
            assert_eq!(doc.errors, fresh.errors());
            let (_, expected) = full(&files);
            let got = keys(&doc.diagnostics(&files[0], &filter));
            let want = keys(&expected);
            assert!(want.len() > first.len());
            assert_eq!(got, want);
        }
    }

    /// A large text parsed in two halves gives the tree and errors of one parse, whatever
    /// the block around the middle.
    #[test]
    fn split_parses_equal_whole_ones() {
        let breaks = [
            "",
            "[card]\nname=Open\n",
            "[/card]\n",
            "stray text\n",
            "[card]\n[card]\n",
            "#AUTO_DEFINE __Y__ z\n",
            "[meta]\nkey=value\n",
            "[card]\nname=Broken\ntext=é ünïcode\r\n",
        ];
        for (n, middle) in breaks.iter().enumerate() {
            for cut in 0..FILE.len() {
                if !FILE.is_char_boundary(cut) || cut % 7 != n % 7 {
                    continue;
                }
                let text = format!("{}{middle}{}{}", &FILE[..cut], &FILE[cut..], FILE);
                let fresh = syntax::wagic::parse(&text);
                let (green, errors) = parse_split(&text, 0);
                assert_eq!(&green, fresh.green(), "tree: {middle:?} at {cut}");
                assert_eq!(errors, fresh.errors(), "errors: {middle:?} at {cut}");
            }
        }
    }

    /// Random edits (insertions and deletions of the characters that shape blocks) keep the
    /// incremental tree, index and findings equal to a fresh analysis.
    #[test]
    fn random_edits() {
        let pieces = [
            "\n",
            "[",
            "]",
            "[/card]\n",
            "[card]\n",
            "=",
            "name=Beta Wisp\n",
            "id=3\n",
            "a",
            "type=Goblin\n",
            "auto=lord(creature[goblin]) +1/+1\n",
            "#AUTO_DEFINE __X__ y\n",
            "grade=borderline\n",
            "(",
            ")",
            "{",
            "}",
            " ",
            "primitive=Alpha Bear\n",
        ];
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut files = files(FILE);
        let (mut index, _) = full(&files);
        let filter = Config::every_rule().filter;
        let mut doc = WagicDoc::new(files[0].text());
        doc.lint(0, &files, &index, &filter, model::learn::wagic_shipped(), 0);
        for step in 0..300 {
            let mut text = files[0].text().to_string();
            // One to three changes before the document is analysed again.
            for _ in 0..1 + next(3) {
                let mut at = next(text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                let (end, insert) = if next(3) == 0 && at < text.len() {
                    let mut end = (at + 1 + next(12)).min(text.len());
                    while !text.is_char_boundary(end) {
                        end += 1;
                    }
                    (end, String::new())
                } else {
                    (at, pieces[next(pieces.len())].to_string())
                };
                text.replace_range(at..end, &insert);
                doc.edited(at, end, insert.len());
            }
            files[0] = SourceFile::from_text(files[0].path.clone(), Dialect::WAGIC, text);
            let outcome = doc.reparse(0, &files[0], files.len(), Some(&mut index));
            let fresh = syntax::wagic::parse(files[0].text());
            assert_eq!(&doc.green, fresh.green(), "tree at step {step}");
            assert_eq!(doc.errors, fresh.errors(), "errors at step {step}");
            if outcome.lines_changed {
                let (cards, file_level) = doc.ranges_with_note("cards.txt:");
                doc.mark_urgent(cards);
                if file_level {
                    doc.mark_file_dirty();
                }
            }
            let (fresh_index, _) = full(&files);
            if outcome.contribution_changed {
                index = fresh_index;
                doc.mark_stale(TextSize::of(files[0].text()));
            } else {
                assert_eq!(
                    index.file(0).unwrap().index,
                    fresh_index.file(0).unwrap().index,
                    "index at step {step}"
                );
                assert_eq!(
                    index.file(0).unwrap().blocks,
                    fresh_index.file(0).unwrap().blocks,
                    "statuses at step {step}"
                );
                assert_eq!(
                    library_types(&index),
                    library_types(&fresh_index),
                    "type words at step {step}"
                );
            }
            while doc.lint(0, &files, &index, &filter, model::learn::wagic_shipped(), 2) {}
            let (_, expected) = full(&files);
            assert_eq!(
                keys(&doc.diagnostics(&files[0], &filter)),
                keys(&expected),
                "findings at step {step}:\n{}",
                files[0].text()
            );
        }
    }
}
