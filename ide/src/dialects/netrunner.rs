//! Editor features of Netrunner AutoScripts (see `analysis::ide`): completion and hover of the
//! vocabularies of the file's game (triggers, command verbs, resident effects, modulators, the
//! words glued after a number), the card a GUID names, the entries and set-file cards as
//! symbols, and folding of them.

use crate::features::{
    Completion, CompletionKind, Cursor, DialectIde, FileView, Fold, Hover, Symbol, SymbolKind,
    VocabSource, vocab_completions, vocab_hover,
};
use lint::netrunner::{Linter, file_game};
use model::netrunner::vocab;
use model::vocab::Word;
use rowan::GreenNode;
use syntax::netrunner::{SyntaxKind, SyntaxNode, ast};
use syntax::{SyntaxError, TextRange, TextSize};

fn src(v: &'static model::vocab::Vocab, kind: CompletionKind, what: &'static str) -> VocabSource {
    VocabSource::new(v, kind, what)
}

fn triggers() -> VocabSource {
    src(vocab::triggers(), CompletionKind::Function, "trigger")
}
fn verbs() -> VocabSource {
    src(vocab::command_verbs(), CompletionKind::Keyword, "command")
}
fn residents() -> VocabSource {
    src(
        vocab::resident_effects(),
        CompletionKind::Keyword,
        "resident effect",
    )
}
fn modulators() -> VocabSource {
    src(vocab::modulators(), CompletionKind::Key, "modulator")
}

/// Words glued after a number (`Gain3Credits`, `Put1Virus`, `Inflict2NetDamage`).
fn glued() -> [VocabSource; 4] {
    [
        src(vocab::counters(), CompletionKind::Value, "counter"),
        src(vocab::markers(), CompletionKind::Value, "marker"),
        src(vocab::damage_types(), CompletionKind::Value, "damage type"),
        src(vocab::run_targets(), CompletionKind::Value, "server"),
    ]
}

/// Every vocabulary, for hover.
fn everything() -> Vec<VocabSource> {
    let mut all = vec![triggers(), verbs(), residents(), modulators()];
    all.extend(glued());
    all.extend([
        src(vocab::reshuffle_piles(), CompletionKind::Value, "pile"),
        src(vocab::shuffle_piles(), CompletionKind::Value, "pile"),
        src(
            vocab::modify_status_objects(),
            CompletionKind::Value,
            "status object",
        ),
        src(
            vocab::table_events(),
            CompletionKind::Function,
            "table event",
        ),
        src(vocab::warn_kinds(), CompletionKind::Value, "warning prompt"),
        src(
            vocab::cost_change_events(),
            CompletionKind::Function,
            "cost-change event",
        ),
    ]);
    all
}

fn range(start: usize, end: usize) -> TextRange {
    TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32))
}

/// The run of letters around `offset` (words are glued to numbers: `Gain3Credits`).
fn letters_at(text: &str, offset: usize) -> TextRange {
    let bytes = text.as_bytes();
    let is = |b: u8| b.is_ascii_alphabetic() || b == b'_';
    let mut s = offset;
    while s > 0 && is(bytes[s - 1]) {
        s -= 1;
    }
    let mut e = offset;
    while e < bytes.len() && is(bytes[e]) {
        e += 1;
    }
    range(s, e)
}

fn token_at(green: &GreenNode, offset: TextSize) -> Option<syntax::netrunner::SyntaxToken> {
    let root = SyntaxNode::new_root(green.clone());
    let at = root.token_at_offset(offset);
    at.clone().left_biased().or_else(|| at.right_biased())
}

impl DialectIde for Linter {
    type Doc = crate::doc::WholeDoc;

    /// The cards of a set file (`<card name=...>`); a script module defines none.
    fn card_names(&self, file: &model::source::SourceFile) -> Vec<crate::features::CardName> {
        crate::names::set_file_card_names(file.text())
    }

    fn parse(&self, text: &str) -> (GreenNode, Vec<SyntaxError>) {
        let parse = syntax::netrunner::parse(text);
        (parse.green().clone(), parse.errors().to_vec())
    }

    fn complete(&self, at: &Cursor<'_, Self>) -> Vec<Completion> {
        let text = at.view.text();
        let offset = usize::from(at.offset).min(text.len());
        let game = file_game(text);
        let keep = |w: &Word| vocab::in_game(w, game);
        let Some(token) = token_at(&at.view.green, at.offset) else {
            return Vec::new();
        };
        let kinds: Vec<SyntaxKind> = token.parent_ancestors().map(|n| n.kind()).collect();
        if !kinds
            .iter()
            .any(|k| matches!(k, SyntaxKind::AUTO_SCRIPT | SyntaxKind::AUTO_ACTION))
        {
            return Vec::new();
        }
        let word = letters_at(text, offset);
        let before = text[..usize::from(word.start())].bytes().next_back();
        match before {
            Some(b'-') => vocab_completions(&[modulators()], word, keep),
            Some(b) if b.is_ascii_digit() => vocab_completions(&glued(), word, keep),
            _ if kinds.contains(&SyntaxKind::PREFIX) => {
                vocab_completions(&[triggers()], word, keep)
            }
            Some(b':') | Some(b'$') | Some(b'|') | Some(b'+') | Some(b'\'') | Some(b'"')
            | Some(b'=') | Some(b'{') | Some(b'<') | Some(b',') | None => {
                vocab_completions(&[verbs(), residents(), triggers()], word, keep)
            }
            _ if kinds.contains(&SyntaxKind::PART) => {
                vocab_completions(&[verbs(), residents()], word, keep)
            }
            _ => vocab_completions(&[verbs(), residents(), triggers()], word, keep),
        }
    }

    fn hover(&self, at: &Cursor<'_, Self>) -> Option<Hover> {
        let view = &at.view;
        let text = view.text();
        let token = token_at(&view.green, at.offset)?;
        if token.kind() == SyntaxKind::GUID {
            let guid = token.text().trim().to_ascii_lowercase();
            let (name, game) = view.index.cards.get(&guid)?;
            return Some(Hover {
                range: token.text_range(),
                markdown: format!(
                    "**{name}** — the card of this GUID ({} set file)",
                    game.name()
                ),
            });
        }
        let offset = usize::from(at.offset).min(text.len());
        let word = letters_at(text, offset);
        if word.is_empty() {
            return None;
        }
        let game = file_game(text);
        let w = &text[word];
        if let Some(hover) = vocab_hover(&everything(), w, word, false) {
            return Some(hover);
        }
        // A verb with what is glued to it (`TrashTarged`): the verb it starts with.
        for source in [verbs(), residents(), modulators()] {
            if let Some(found) = vocab::longest_prefix(source.vocab, game, w) {
                let r = range(
                    usize::from(word.start()),
                    usize::from(word.start()) + found.word.len(),
                );
                return vocab_hover(&[source], found.word, r, false);
            }
        }
        None
    }

    fn symbols(&self, file: &FileView<'_, Self>) -> Vec<Symbol> {
        let Some(tree) = ast::SourceFile::cast(SyntaxNode::new_root(file.green.clone())) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if let Some(table) = tree.table() {
            for entry in table.entries() {
                let whole = entry.syntax().text_range();
                let name = entry.name();
                out.push(Symbol {
                    name: name
                        .as_ref()
                        .map(|t| t.text().trim().to_string())
                        .filter(|n| !n.is_empty())
                        .unwrap_or_else(|| "(no name)".into()),
                    detail: entry.guid().map(|g| g.text().trim().to_string()),
                    kind: SymbolKind::Card,
                    range: whole,
                    selection: name.map_or(whole, |t| t.text_range()),
                    children: Vec::new(),
                });
            }
        }
        for card in tree.cards() {
            let whole = card.syntax().text_range();
            let name = card.attr("name");
            out.push(Symbol {
                name: name
                    .as_ref()
                    .map(|t| lint::netrunner::decoded(t.text().trim_matches('"')))
                    .unwrap_or_else(|| "(no name)".into()),
                detail: card.property("Type").filter(|d| !d.is_empty()),
                kind: SymbolKind::Card,
                range: whole,
                selection: name.map_or(whole, |t| t.text_range()),
                children: Vec::new(),
            });
        }
        out
    }

    fn folding(&self, file: &FileView<'_, Self>) -> Vec<Fold> {
        Fold::multi_line(file.text(), self.symbols(file).into_iter().map(|s| s.range))
    }
}

#[cfg(test)]
mod tests {
    use crate::World;
    use std::path::PathBuf;

    const SCRIPTS: &str = "ScriptsLocal = '''\n=====\nPaper Lantern\n-----\nc0ffee00-0000-4000-8000-0000000000f1\n-----\nonPlay:Gain2Cred$$Draw1Card-isCo\n+++++\n\n.....\nGlass Door\n-----\nc0ffee00-0000-4000-8000-0000000000f2\n-----\nonRez:Gain1Credits\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''\n";

    const SET: &str = "<?xml version=\"1.0\"?>\n<set name=\"T\" id=\"c0ffee00-0000-4000-8000-0000000000a0\" gameId=\"0f38e453-26df-4c04-9d67-6d43de939c77\">\n  <cards>\n    <card id=\"c0ffee00-0000-4000-8000-0000000000f1\" name=\"Paper Lantern\">\n      <property name=\"Type\" value=\"Operation\" />\n    </card>\n  </cards>\n</set>\n";

    fn at(needle: &str, shift: usize) -> syntax::TextSize {
        syntax::TextSize::from((SCRIPTS.find(needle).unwrap() + shift) as u32)
    }

    #[test]
    fn completes_documents_and_outlines_scripts() {
        let mut w = World::new();
        let set = PathBuf::from("/virtual/o8g/Sets/T/set.xml");
        w.open(set.clone(), Some("netrunner"), SET.to_string(), 1);
        let path = PathBuf::from("/virtual/o8g/Scripts/CardScripts.py");
        w.open(path.clone(), Some("netrunner"), SCRIPTS.to_string(), 1);
        while w.has_background_work() {
            w.background_step();
        }
        let labels = |c: Vec<crate::Completion>| c.into_iter().map(|c| c.label).collect::<Vec<_>>();
        assert!(labels(w.complete(&path, at("Cred$$", 4))).contains(&"Credits".to_string()));
        assert!(labels(w.complete(&path, at("isCo", 4))).contains(&"isCost".to_string()));
        assert!(labels(w.complete(&path, at("onPlay", 3))).contains(&"onPlay".to_string()));
        assert!(labels(w.complete(&path, at("Draw1", 2))).contains(&"Draw".to_string()));
        let hover = w.hover(&path, at("onRez", 2)).unwrap();
        assert!(hover.markdown.contains("rezzed"), "{}", hover.markdown);
        assert!(w.hover(&path, at("Gain1", 1)).is_some());
        let hover = w.hover(&path, at("0000000000f1", 2)).unwrap();
        assert!(
            hover.markdown.contains("Paper Lantern"),
            "{}",
            hover.markdown
        );
        let symbols = w.symbols(&path);
        assert_eq!(
            symbols.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(),
            ["Paper Lantern", "Glass Door"]
        );
        assert_eq!(w.folding(&path).len(), 2);
        assert_eq!(w.symbols(&set)[0].name, "Paper Lantern");
        assert!(w.diagnostics(&path).is_some());
    }
}
