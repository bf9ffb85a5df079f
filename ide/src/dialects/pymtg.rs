//! Editor features of Python-MTG card files (see `analysis::ide`): completion and hover of the
//! vocabularies (section headers, trigger conditions, target shortcuts, static scopes, effect
//! names, keyword abilities, token colours, the engine's members and the names in scope, card
//! names), the cards and their sections as symbols, and folding of cards.

use crate::features::{
    Completion, CompletionKind, Cursor, DialectIde, FileView, Fold, Hover, Symbol, SymbolKind,
    VocabSource, vocab_completions, vocab_hover, word_at,
};
use lint::pymtg::Linter;
use model::pymtg::vocab;
use rowan::GreenNode;
use syntax::pymtg::{SyntaxKind, SyntaxNode, ast};
use syntax::{SyntaxError, TextRange, TextSize};

fn headers() -> VocabSource {
    VocabSource::new(
        vocab::section_headers(),
        CompletionKind::Key,
        "section header",
    )
}
fn sub_headers() -> VocabSource {
    VocabSource::new(vocab::sub_headers(), CompletionKind::Key, "sub-header")
}
fn triggers() -> VocabSource {
    VocabSource::new(
        vocab::trigger_conditions(),
        CompletionKind::Function,
        "trigger condition",
    )
}
fn shortcuts() -> VocabSource {
    VocabSource::new(
        vocab::target_shortcuts(),
        CompletionKind::Value,
        "target shortcut",
    )
}
fn scopes() -> VocabSource {
    VocabSource::new(
        vocab::static_scopes(),
        CompletionKind::Value,
        "static-effect scope",
    )
}
fn effects() -> VocabSource {
    VocabSource::new(
        vocab::effect_names(),
        CompletionKind::Keyword,
        "effect name",
    )
}
fn keywords() -> VocabSource {
    VocabSource::new(
        vocab::keyword_abilities(),
        CompletionKind::Keyword,
        "keyword ability",
    )
}
fn colors() -> VocabSource {
    VocabSource::new(vocab::token_colors(), CompletionKind::Value, "token colour")
}
fn api() -> VocabSource {
    VocabSource::new(
        vocab::engine_api(),
        CompletionKind::Function,
        "engine member",
    )
}
fn names() -> VocabSource {
    VocabSource::new(
        vocab::scope_names(),
        CompletionKind::Variable,
        "name in scope",
    )
}
fn cards() -> VocabSource {
    VocabSource::new(vocab::card_names(), CompletionKind::Reference, "card name")
}

/// The line around `offset`: its start, its end, and its count of leading tabs.
fn line_of(text: &str, offset: usize) -> (usize, usize, usize) {
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let tabs = text[start..end].bytes().take_while(|b| *b == b'\t').count();
    (start, end, tabs)
}

/// The quoted string the cursor is in: the range of its content (to the closing quote or the
/// end of the line).
fn in_quotes(text: &str, line_start: usize, line_end: usize, offset: usize) -> Option<TextRange> {
    let before = &text[line_start..offset];
    let mut open: Option<(usize, u8)> = None;
    for (i, b) in before.bytes().enumerate() {
        match open {
            Some((_, q)) if b == q => open = None,
            None if b == b'\'' || b == b'"' => open = Some((i, b)),
            _ => {}
        }
    }
    let (at, quote) = open?;
    let start = line_start + at + 1;
    let end = text[offset..line_end]
        .bytes()
        .position(|b| b == quote)
        .map_or(line_end, |i| offset + i);
    Some(range(start, end))
}

fn range(start: usize, end: usize) -> TextRange {
    TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32))
}

/// The innermost node of `kind`s around `offset`.
fn enclosing(green: &GreenNode, offset: TextSize, kinds: &[SyntaxKind]) -> Option<SyntaxNode> {
    let root = SyntaxNode::new_root(green.clone());
    let token = root
        .token_at_offset(offset)
        .left_biased()
        .or_else(|| root.token_at_offset(offset).right_biased())?;
    token.parent_ancestors().find(|n| kinds.contains(&n.kind()))
}

/// The kind of the section the cursor is in.
fn section_at(green: &GreenNode, offset: TextSize) -> Option<ast::SectionKind> {
    enclosing(green, offset, &[SyntaxKind::SECTION])
        .and_then(ast::Section::cast)
        .map(|s| s.kind())
}

/// Whether the line above (skipping blank lines) is a card separator.
fn after_separator(text: &str, line_start: usize) -> bool {
    text[..line_start]
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.trim_start().starts_with("###"))
}

impl DialectIde for Linter {
    type Doc = crate::doc::WholeDoc;

    fn parse(&self, text: &str) -> (GreenNode, Vec<SyntaxError>) {
        let parse = syntax::pymtg::parse(text);
        (parse.green().clone(), parse.errors().to_vec())
    }

    fn complete(&self, at: &Cursor<'_, Self>) -> Vec<Completion> {
        let text = at.view.text();
        let offset = usize::from(at.offset).min(text.len());
        if !text.is_char_boundary(offset) {
            return Vec::new();
        }
        let (start, end, tabs) = line_of(text, offset);
        let trimmed = text[start..offset].trim_start_matches('\t');
        if trimmed.starts_with('#') {
            return Vec::new();
        }
        let all = |_: &model::vocab::Word| true;
        // The card name under a separator.
        if tabs == 0 {
            if after_separator(text, start) {
                return vocab_completions(&[cards()], range(start, end), all);
            }
            return Vec::new();
        }
        let section = section_at(&at.view.green, at.offset);
        if let Some(quoted) = in_quotes(text, start, end, offset) {
            let sources: Vec<VocabSource> = match section {
                Some(ast::SectionKind::StaticEffects) => vec![scopes(), effects(), keywords()],
                Some(ast::SectionKind::Targets) => vec![shortcuts()],
                _ if tabs >= 3 => vec![shortcuts(), keywords(), colors(), effects()],
                _ => vec![keywords(), effects(), colors(), shortcuts()],
            };
            return vocab_completions(&sources, quoted, all);
        }
        let word = word_at(text, at.offset, &[]);
        let line_head = start + tabs;
        // A header: the first word of a line.
        if usize::from(word.start()) == line_head && !text[line_head..offset].contains(' ') {
            let header = range(line_head, end);
            match (tabs, section) {
                (1, _) => {
                    let mut out = vocab_completions(&[headers()], header, all);
                    out.extend(vocab_completions(&[names()], word, all));
                    return out;
                }
                (2, Some(ast::SectionKind::Triggers)) => {
                    return vocab_completions(&[triggers()], word, all);
                }
                (t, _) if t >= 3 => {
                    let mut out = vocab_completions(&[sub_headers()], header, all);
                    out.extend(vocab_completions(&[names()], word, all));
                    return out;
                }
                _ => {}
            }
        }
        let before = usize::from(word.start());
        if before > 0 && text.as_bytes()[before - 1] == b'.' {
            return vocab_completions(&[api()], word, all);
        }
        vocab_completions(&[names(), effects()], word, all)
    }

    fn hover(&self, at: &Cursor<'_, Self>) -> Option<Hover> {
        let text = at.view.text();
        let offset = usize::from(at.offset).min(text.len());
        if !text.is_char_boundary(offset) {
            return None;
        }
        let (start, end, _) = line_of(text, offset);
        // A quoted word (`'creature or player'`, `'Double Strike'`).
        if let Some(quoted) = in_quotes(text, start, end, offset) {
            let inner = &text[quoted];
            let sources = [shortcuts(), keywords(), scopes(), colors(), effects()];
            if let Some(h) = vocab_hover(&sources, inner, quoted, false) {
                return Some(h);
            }
        }
        // A whole line (a header, a card name).
        let line = text[start..end].trim();
        let line_range = {
            let s = start + text[start..end].find(line).unwrap_or(0);
            range(s, s + line.len())
        };
        if let Some(h) = vocab_hover(&[headers(), sub_headers()], line, line_range, false) {
            return Some(h);
        }
        let word = word_at(text, at.offset, &[]);
        if word.is_empty() {
            return None;
        }
        let sources = [triggers(), names(), api(), effects(), keywords(), colors()];
        vocab_hover(&sources, &text[word], word, false)
            .or_else(|| vocab_hover(&[cards()], line, line_range, false))
    }

    fn symbols(&self, file: &FileView<'_, Self>) -> Vec<Symbol> {
        let Some(tree) = ast::SourceFile::cast(SyntaxNode::new_root(file.green.clone())) else {
            return Vec::new();
        };
        tree.cards()
            .map(|card| {
                let whole = card.syntax().text_range();
                let (name, selection) = match card.name() {
                    Some(n) => (
                        card.name_text().unwrap_or_default(),
                        n.syntax().text_range(),
                    ),
                    None => ("(no name)".to_string(), whole),
                };
                let children = card
                    .sections()
                    .filter_map(|s| {
                        let header = s.header()?;
                        Some(Symbol {
                            name: header.text().trim_end_matches(':').to_string(),
                            detail: None,
                            kind: SymbolKind::Ability,
                            range: s.syntax().text_range(),
                            selection: header.text_range(),
                            children: Vec::new(),
                        })
                    })
                    .collect();
                Symbol {
                    name: if name.trim().is_empty() {
                        "(no name)".into()
                    } else {
                        name.trim().to_string()
                    },
                    detail: None,
                    kind: SymbolKind::Card,
                    range: whole,
                    selection,
                    children,
                }
            })
            .collect()
    }

    fn folding(&self, file: &FileView<'_, Self>) -> Vec<Fold> {
        let Some(tree) = ast::SourceFile::cast(SyntaxNode::new_root(file.green.clone())) else {
            return Vec::new();
        };
        Fold::multi_line(
            file.text(),
            tree.cards().map(|card| card.syntax().text_range()),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::World;
    use std::path::PathBuf;

    const CARDS: &str = "##############################\nGlimmer Newt\n\n\tTriggers:\n\t\tonPl\n\t\t\tself.controller.gain_life(1)\n\n##############################\nAsh Wisp\n\n\tTargets:\n\t\t'creature or player'\n\n\ttargets[0].deal_damage(1)\n";

    fn world() -> (World, PathBuf) {
        let mut world = World::new();
        let path = PathBuf::from("/virtual/data/test_cards.txt");
        world.open(path.clone(), Some("pymtg"), CARDS.to_string(), 1);
        (world, path)
    }

    fn at(needle: &str, shift: usize) -> syntax::TextSize {
        syntax::TextSize::from((CARDS.find(needle).unwrap() + shift) as u32)
    }

    #[test]
    fn completes_and_documents_the_vocabularies() {
        let (mut w, path) = world();
        let labels = |c: Vec<crate::Completion>| c.into_iter().map(|c| c.label).collect::<Vec<_>>();
        assert!(labels(w.complete(&path, at("onPl", 4))).contains(&"onPlay".to_string()));
        assert!(labels(w.complete(&path, at("Triggers:", 3))).contains(&"Abilities:".to_string()));
        assert!(
            labels(w.complete(&path, at("creature or", 3)))
                .contains(&"creature or player".to_string())
        );
        let hover = w.hover(&path, at("or player", 1)).unwrap();
        assert!(
            hover.markdown.contains("creature or player"),
            "{}",
            hover.markdown
        );
        assert!(w.hover(&path, at("Targets:", 2)).is_some());
        let symbols = w.symbols(&path);
        assert_eq!(symbols.len(), 2);
        assert_eq!(symbols[0].name, "Glimmer Newt");
        assert_eq!(symbols[0].children[0].name, "Triggers");
        assert_eq!(w.folding(&path).len(), 2);
        assert!(!w.diagnostics(&path).unwrap().is_empty());
    }
}
