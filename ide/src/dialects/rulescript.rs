//! Editor features of RuleScript (see `analysis::ide`): completion and hover of the vocabulary
//! by what precedes the word (`@` zones, `~` events, `?` hooks, `[` filters, `[[` conditions,
//! `{` costs, `+`/`-` abilities, `::` selectors, keys at the start of a line), the card a GUID
//! names, the rule entries and set-file cards as symbols, and folding of entries.

use crate::features::{
    Completion, CompletionKind, Cursor, DialectIde, FileView, Fold, Hover, Symbol, SymbolKind,
    VocabSource, vocab_completions, vocab_doc, vocab_hover,
};
use lint::rulescript::Linter;
use model::rulescript::vocab;
use rowan::GreenNode;
use syntax::rulescript::{SyntaxKind, SyntaxNode, ast};
use syntax::{SyntaxError, TextRange, TextSize};

use CompletionKind as K;

fn src(v: &'static model::vocab::Vocab, kind: K, what: &'static str) -> VocabSource {
    VocabSource::new(v, kind, what)
}

/// The vocabularies that fit after `before` (the character before the word, and the one
/// before it).
fn sources_after(before: Option<u8>, before2: Option<u8>) -> Option<Vec<VocabSource>> {
    Some(match before? {
        b'@' => vec![
            src(vocab::zones(), K::Value, "zone"),
            src(vocab::zone_prefixes(), K::Value, "zone prefix"),
        ],
        b'~' => vec![
            src(vocab::events(), K::Function, "event"),
            src(vocab::event_prefixes(), K::Value, "event prefix"),
        ],
        b'?' => vec![src(vocab::hooks(), K::Function, "hook")],
        b'[' if before2 == Some(b'[') => vec![src(vocab::conditions(), K::Keyword, "condition")],
        b'[' => vec![src(vocab::filters(), K::Value, "filter")],
        b'{' => vec![src(vocab::cost_keywords(), K::Value, "cost")],
        b'+' | b'-' => vec![src(vocab::abilities(), K::Keyword, "ability")],
        b':' if before2 == Some(b':') => vec![src(vocab::selectors(), K::Function, "selector")],
        _ => return None,
    })
}

/// Every vocabulary, for hover (keys first: `target` is a key before it is a command).
fn everything() -> Vec<VocabSource> {
    vec![
        src(vocab::keys(), K::Key, "rule key"),
        src(vocab::commands(), K::Keyword, "command"),
        src(vocab::abilities(), K::Keyword, "ability"),
        src(vocab::zones(), K::Value, "zone"),
        src(vocab::zone_prefixes(), K::Value, "zone prefix"),
        src(vocab::events(), K::Function, "event"),
        src(vocab::event_prefixes(), K::Value, "event prefix"),
        src(vocab::event_suffixes(), K::Value, "event suffix"),
        src(vocab::hooks(), K::Function, "hook"),
        src(vocab::filters(), K::Value, "filter"),
        src(vocab::conditions(), K::Keyword, "condition"),
        src(vocab::target_keywords(), K::Value, "target type"),
        src(vocab::card_types(), K::Value, "card type"),
        src(vocab::restrictions(), K::Value, "duration"),
        src(vocab::restriction_prefixes(), K::Value, "duration prefix"),
        src(vocab::cost_keywords(), K::Value, "cost"),
        src(vocab::selectors(), K::Function, "selector"),
        src(vocab::game_rules(), K::Value, "game rule"),
        src(vocab::phases(), K::Value, "phase"),
        src(vocab::pile_view_states(), K::Value, "pile view state"),
        src(vocab::expression_names(), K::Variable, "expression name"),
        src(
            vocab::expression_attributes(),
            K::Value,
            "expression attribute",
        ),
    ]
}

fn range(start: usize, end: usize) -> TextRange {
    TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32))
}

/// The word around `offset` (letters, digits, `_`; `?` ends a key such as `target?`).
fn word_at(text: &str, offset: usize) -> TextRange {
    crate::features::word_at(text, TextSize::from(offset as u32), &[])
}

fn token_at(green: &GreenNode, offset: TextSize) -> Option<syntax::rulescript::SyntaxToken> {
    let root = SyntaxNode::new_root(green.clone());
    let at = root.token_at_offset(offset);
    at.clone().left_biased().or_else(|| at.right_biased())
}

/// The card of a GUID, from the set files of the workspace.
fn card_doc(index: &lint::rulescript::Index, guid: &str) -> Option<String> {
    let card = index.cards.get(&guid.trim().to_ascii_lowercase())?;
    let mut md = format!("**{}** — the card of this GUID", card.name);
    if !card.card_type.is_empty() {
        md.push_str(&format!("\n\n{}", card.card_type));
        if !card.subtype.is_empty() {
            md.push_str(&format!(" — {}", card.subtype));
        }
    }
    Some(md)
}

impl DialectIde for Linter {
    type Doc = crate::doc::WholeDoc;

    /// The cards of a set file (`<card name=...>`); a script module defines none.
    fn card_names(&self, file: &model::source::SourceFile) -> Vec<crate::features::CardName> {
        crate::names::set_file_card_names(file.text())
    }

    fn parse(&self, text: &str) -> (GreenNode, Vec<SyntaxError>) {
        let parse = syntax::rulescript::parse(text);
        (parse.green().clone(), parse.errors().to_vec())
    }

    fn complete(&self, at: &Cursor<'_, Self>) -> Vec<Completion> {
        let text = at.view.text();
        let offset = usize::from(at.offset).min(text.len());
        let Some(token) = token_at(&at.view.green, at.offset) else {
            return Vec::new();
        };
        let kinds: Vec<SyntaxKind> = token.parent_ancestors().map(|n| n.kind()).collect();
        if !kinds.contains(&SyntaxKind::RULE_TEXT) || token.kind() == SyntaxKind::COMMENT {
            return Vec::new();
        }
        let word = word_at(text, offset);
        let start = usize::from(word.start());
        let bytes = text.as_bytes();
        let before = start.checked_sub(1).map(|i| bytes[i]);
        let before2 = start.checked_sub(2).map(|i| bytes[i]);
        let all = |_: &model::vocab::Word| true;
        if let Some(sources) = sources_after(before, before2) {
            let mut out = vocab_completions(&sources, word, all);
            // `@oppring`: a zone prefix glued to a zone.
            if before == Some(b'@') {
                let typed = text[word].to_ascii_lowercase();
                for prefix in vocab::zone_prefixes().known() {
                    if typed.starts_with(prefix) {
                        for zone in vocab::zones().words().iter().filter(|z| z.is_known()) {
                            out.push(
                                Completion::new(format!("{prefix}{}", zone.word), K::Value, word)
                                    .detail("zone")
                                    .documentation(vocab_doc("zone", zone)),
                            );
                        }
                    }
                }
            }
            return out;
        }
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        if text[line_start..start].trim().is_empty() {
            return vocab_completions(&[src(vocab::keys(), K::Key, "rule key")], word, all);
        }
        if kinds.contains(&SyntaxKind::ABILITY_LIST) {
            return vocab_completions(&[src(vocab::abilities(), K::Keyword, "ability")], word, all);
        }
        if kinds.contains(&SyntaxKind::TARGET) || kinds.contains(&SyntaxKind::TARGET_LIST) {
            return vocab_completions(
                &[
                    src(vocab::target_keywords(), K::Value, "target type"),
                    src(vocab::card_types(), K::Value, "card type"),
                ],
                word,
                all,
            );
        }
        vocab_completions(
            &[
                src(vocab::commands(), K::Keyword, "command"),
                src(vocab::restrictions(), K::Value, "duration"),
                src(vocab::target_keywords(), K::Value, "target type"),
            ],
            word,
            all,
        )
    }

    fn hover(&self, at: &Cursor<'_, Self>) -> Option<Hover> {
        let view = &at.view;
        let text = view.text();
        let token = token_at(&view.green, at.offset)?;
        if token.kind() == SyntaxKind::GUID {
            return Some(Hover {
                range: token.text_range(),
                markdown: card_doc(view.index, token.text())?,
            });
        }
        let offset = usize::from(at.offset).min(text.len());
        let word = word_at(text, offset);
        if word.is_empty() {
            return None;
        }
        let start = usize::from(word.start());
        let bytes = text.as_bytes();
        let before = start.checked_sub(1).map(|i| bytes[i]);
        let before2 = start.checked_sub(2).map(|i| bytes[i]);
        let w = &text[word];
        if let Some(sources) = sources_after(before, before2)
            && let Some(h) = vocab_hover(&sources, w, word, true)
        {
            return Some(h);
        }
        // A key written `target?`.
        let end = usize::from(word.end());
        if bytes.get(end) == Some(&b'?') {
            let r = range(start, end + 1);
            if let Some(h) =
                vocab_hover(&[src(vocab::keys(), K::Key, "rule key")], &text[r], r, true)
            {
                return Some(h);
            }
        }
        vocab_hover(&everything(), w, word, true)
    }

    fn symbols(&self, file: &FileView<'_, Self>) -> Vec<Symbol> {
        let Some(tree) = ast::SourceFile::cast(SyntaxNode::new_root(file.green.clone())) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for entry in tree.entries() {
            let whole = entry.syntax().text_range();
            let guid = entry.guid();
            let card = guid
                .as_ref()
                .and_then(|g| file.index.cards.get(&g.text().trim().to_ascii_lowercase()));
            let name = card
                .map(|c| c.name.clone())
                .or_else(|| {
                    entry
                        .comment_above()
                        .map(|c| c.text().trim_start_matches('#').trim().to_string())
                })
                .or_else(|| guid.as_ref().map(|g| g.text().to_string()))
                .filter(|n| !n.is_empty())
                .unwrap_or_else(|| "(no key)".into());
            out.push(Symbol {
                name,
                detail: guid.as_ref().map(|g| g.text().to_string()),
                kind: SymbolKind::Card,
                range: whole,
                selection: guid.map_or(whole, |g| g.text_range()),
                children: Vec::new(),
            });
        }
        for card in tree.cards() {
            let whole = card.syntax().text_range();
            let name = card.attr("name");
            out.push(Symbol {
                name: name
                    .as_ref()
                    .map(|t| syntax::xml::decode(t.text().trim_matches('"')))
                    .unwrap_or_else(|| "(no name)".into()),
                detail: card.property("Type").map(|t| t.text().to_string()),
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

    const RULES: &str = "RulesDict = {}\n\n# Coal Golem's EMBER\nRulesDict[\"c0ffee00-0000-4000-8000-0000000000e1\"] = \"\"\"\ntarget = characters@oppRing\naction = {F}: destroy() to(characters@oppri)\nabilities = unbl\n\"\"\"\n";

    const SET: &str = "<?xml version=\"1.0\"?>\n<set name=\"T\" id=\"c0ffee00-0000-4000-8000-0000000000e0\" gameId=\"e3d56d9e-900d-49c6-b6ae-22cbb51be153\">\n  <cards>\n    <card name=\"Coal Golem\" id=\"c0ffee00-0000-4000-8000-0000000000e1\">\n      <property name=\"Type\" value=\"Character\" />\n    </card>\n  </cards>\n</set>\n";

    fn at(needle: &str, shift: usize) -> syntax::TextSize {
        syntax::TextSize::from((RULES.find(needle).unwrap() + shift) as u32)
    }

    #[test]
    fn completes_documents_and_outlines_rules() {
        let mut w = World::new();
        let set = PathBuf::from("/virtual/o8g/Sets/T/set.xml");
        w.open(set.clone(), Some("rulescript"), SET.to_string(), 1);
        let path = PathBuf::from("/virtual/o8g/Scripts/card_rules.py");
        w.open(path.clone(), Some("rulescript"), RULES.to_string(), 1);
        while w.has_background_work() {
            w.background_step();
        }
        let labels = |c: Vec<crate::Completion>| c.into_iter().map(|c| c.label).collect::<Vec<_>>();
        assert!(labels(w.complete(&path, at("action =", 3))).contains(&"target".to_string()));
        assert!(labels(w.complete(&path, at("oppri)", 5))).contains(&"oppring".to_string()));
        assert!(labels(w.complete(&path, at("{F}", 1))).contains(&"f".to_string()));
        let hover = w.hover(&path, at("destroy", 2)).unwrap();
        assert!(hover.markdown.contains("command"), "{}", hover.markdown);
        let hover = w.hover(&path, at("0000000000e1", 2)).unwrap();
        assert!(hover.markdown.contains("Coal Golem"), "{}", hover.markdown);
        let symbols = w.symbols(&path);
        assert_eq!(symbols.len(), 1);
        assert_eq!(symbols[0].name, "Coal Golem");
        assert_eq!(w.folding(&path).len(), 1);
        assert_eq!(w.symbols(&set)[0].name, "Coal Golem");
        assert!(w.diagnostics(&path).is_some());
    }
}
