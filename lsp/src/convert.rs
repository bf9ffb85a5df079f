//! Between the protocol and the analysis API: URIs and paths, UTF-16 positions and byte
//! offsets, findings and LSP diagnostics.

use ide::lint::{Diagnostic, Severity};
use ide::syntax::{LineCol, LineIndex, TextRange, TextSize};
use ide::{CompletionKind, SymbolKind as CSymbolKind};
use std::path::{Path, PathBuf};
use tower_lsp_server::ls_types::{self as lsp, Uri};

/// The path a document is known by: its file path, or the URI itself for other schemes.
pub fn path_of(uri: &Uri) -> PathBuf {
    match uri.to_file_path() {
        Some(path) => path.into_owned(),
        None => PathBuf::from(uri.as_str()),
    }
}

pub fn uri_of(path: &Path) -> Option<Uri> {
    Uri::from_file_path(path).or_else(|| path.to_str().and_then(|s| s.parse().ok()))
}

pub fn line_col(pos: lsp::Position) -> LineCol {
    LineCol {
        line: pos.line,
        col: pos.character,
    }
}

pub fn position(index: &LineIndex, offset: TextSize) -> lsp::Position {
    let lc = index.line_col_utf16(offset);
    lsp::Position::new(lc.line, lc.col)
}

pub fn range(index: &LineIndex, range: TextRange) -> lsp::Range {
    lsp::Range::new(position(index, range.start()), position(index, range.end()))
}

pub fn severity(s: Severity) -> lsp::DiagnosticSeverity {
    match s {
        Severity::Error => lsp::DiagnosticSeverity::ERROR,
        Severity::Warning => lsp::DiagnosticSeverity::WARNING,
        Severity::Info => lsp::DiagnosticSeverity::INFORMATION,
        Severity::Hint => lsp::DiagnosticSeverity::HINT,
    }
}

/// Text for a client that shows it as it is (diagnostic messages, code action titles): the
/// backticks that mark words in the command line's Markdown-like messages become quotes.
pub fn plain(text: &str) -> String {
    text.replace('`', "'")
}

pub fn diagnostic(index: &LineIndex, d: &Diagnostic) -> lsp::Diagnostic {
    let mut message = plain(&d.message);
    for note in &d.notes {
        message.push_str("\nnote: ");
        message.push_str(&plain(note));
    }
    let tags = d
        .rule
        .marks_unneeded_text
        .then(|| vec![lsp::DiagnosticTag::UNNECESSARY]);
    lsp::Diagnostic {
        range: range(index, d.range),
        severity: Some(severity(d.severity)),
        code: Some(lsp::NumberOrString::String(d.rule.code.to_string())),
        // The code links to the rule's documentation; the source names the rule, as the
        // command line does (`cardlint(unknown-api-type)`).
        code_description: d
            .rule
            .docs_url()
            .parse()
            .ok()
            .map(|href| lsp::CodeDescription { href }),
        source: Some(format!("cardlint({})", d.rule.name)),
        message,
        related_information: None,
        tags,
        data: None,
    }
}

/// The related places of a finding in the file `path` (whose line index is `index`), for a
/// client that shows them; `None` when there are none.
pub fn related(
    world: &mut ide::World,
    path: &Path,
    index: &LineIndex,
    d: &Diagnostic,
) -> Option<Vec<lsp::DiagnosticRelatedInformation>> {
    let mut out = Vec::new();
    for r in &d.related {
        let (file, range) = match &r.path {
            None => (path.to_path_buf(), self::range(index, r.range)),
            Some(other) => {
                let Some(other_index) = world.line_index(other) else {
                    continue;
                };
                (other.clone(), self::range(&other_index, r.range))
            }
        };
        let Some(uri) = uri_of(&file) else { continue };
        out.push(lsp::DiagnosticRelatedInformation {
            location: lsp::Location { uri, range },
            message: r.message.clone(),
        });
    }
    (!out.is_empty()).then_some(out)
}

pub fn completion_kind(kind: CompletionKind) -> lsp::CompletionItemKind {
    match kind {
        CompletionKind::Key => lsp::CompletionItemKind::PROPERTY,
        CompletionKind::Keyword => lsp::CompletionItemKind::KEYWORD,
        CompletionKind::Function => lsp::CompletionItemKind::FUNCTION,
        CompletionKind::Value => lsp::CompletionItemKind::ENUM_MEMBER,
        CompletionKind::Variable => lsp::CompletionItemKind::VARIABLE,
        CompletionKind::Reference => lsp::CompletionItemKind::REFERENCE,
        CompletionKind::Macro => lsp::CompletionItemKind::SNIPPET,
    }
}

pub fn symbol_kind(kind: CSymbolKind) -> lsp::SymbolKind {
    match kind {
        CSymbolKind::Card => lsp::SymbolKind::CLASS,
        CSymbolKind::Ability => lsp::SymbolKind::METHOD,
        CSymbolKind::Variable => lsp::SymbolKind::VARIABLE,
        CSymbolKind::Macro => lsp::SymbolKind::CONSTANT,
        CSymbolKind::Namespace => lsp::SymbolKind::NAMESPACE,
    }
}
