//! The document's structure: symbols, folding ranges and semantic tokens.

use crate::Backend;
use crate::convert::{self, line_col, path_of};
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

/// Semantic tokens in the protocol's relative encoding (one line each, UTF-16 lengths).
fn encode_tokens(
    index: &ide::syntax::LineIndex,
    tokens: Vec<ide::SemanticToken>,
) -> SemanticTokens {
    let kinds = ide::TokenKind::ALL;
    let mut data = Vec::with_capacity(tokens.len());
    let (mut last_line, mut last_col) = (0u32, 0u32);
    for t in tokens {
        let start = index.line_col_utf16(t.range.start());
        let end = index.line_col_utf16(t.range.end());
        if end.line != start.line || end.col <= start.col {
            continue;
        }
        let delta_line = start.line - last_line;
        let delta_start = if delta_line == 0 {
            start.col - last_col
        } else {
            start.col
        };
        data.push(SemanticToken {
            delta_line,
            delta_start,
            length: end.col - start.col,
            token_type: kinds.iter().position(|k| *k == t.kind).unwrap_or(0) as u32,
            token_modifiers_bitset: t.modifiers,
        });
        last_line = start.line;
        last_col = start.col;
    }
    SemanticTokens {
        result_id: None,
        data,
    }
}

pub(crate) async fn document_symbol(
    server: &Backend,
    params: DocumentSymbolParams,
) -> Result<Option<DocumentSymbolResponse>> {
    let uri = params.text_document.uri;
    let path = path_of(&uri);
    let hierarchical = server
        .support
        .lock()
        .map(|s| s.hierarchical_symbols)
        .unwrap_or(false);
    server.with_world("textDocument/documentSymbol", |w| {
        let symbols = w.symbols(&path);
        let index = w.line_index(&path)?;
        if hierarchical {
            fn convert_symbol(index: &ide::syntax::LineIndex, s: ide::Symbol) -> DocumentSymbol {
                #[allow(deprecated)]
                DocumentSymbol {
                    name: if s.name.is_empty() {
                        "?".into()
                    } else {
                        s.name
                    },
                    detail: s.detail,
                    kind: convert::symbol_kind(s.kind),
                    tags: None,
                    deprecated: None,
                    range: convert::range(index, s.range),
                    selection_range: convert::range(index, s.selection),
                    children: Some(
                        s.children
                            .into_iter()
                            .map(|c| convert_symbol(index, c))
                            .collect(),
                    ),
                }
            }
            Some(DocumentSymbolResponse::Nested(
                symbols
                    .into_iter()
                    .map(|s| convert_symbol(&index, s))
                    .collect(),
            ))
        } else {
            let mut flat = Vec::new();
            fn flatten(
                index: &ide::syntax::LineIndex,
                uri: &Uri,
                container: Option<String>,
                s: ide::Symbol,
                out: &mut Vec<SymbolInformation>,
            ) {
                #[allow(deprecated)]
                out.push(SymbolInformation {
                    name: if s.name.is_empty() {
                        "?".into()
                    } else {
                        s.name.clone()
                    },
                    kind: convert::symbol_kind(s.kind),
                    tags: None,
                    deprecated: None,
                    location: Location::new(uri.clone(), convert::range(index, s.range)),
                    container_name: container,
                });
                for c in s.children {
                    flatten(index, uri, Some(s.name.clone()), c, out);
                }
            }
            for s in symbols {
                flatten(&index, &uri, None, s, &mut flat);
            }
            Some(DocumentSymbolResponse::Flat(flat))
        }
    })
}

pub(crate) async fn folding_range(
    server: &Backend,
    params: FoldingRangeParams,
) -> Result<Option<Vec<FoldingRange>>> {
    let path = path_of(&params.text_document.uri);
    server.with_world("textDocument/foldingRange", |w| {
        let folds = w.folding(&path);
        let index = w.line_index(&path)?;
        Some(
            folds
                .into_iter()
                .filter_map(|f| {
                    let start = index.line_col_utf16(f.range.start()).line;
                    let end = index.line_col_utf16(f.range.end()).line;
                    (end > start).then(|| FoldingRange {
                        start_line: start,
                        end_line: end,
                        kind: Some(if f.comment {
                            FoldingRangeKind::Comment
                        } else {
                            FoldingRangeKind::Region
                        }),
                        ..Default::default()
                    })
                })
                .collect(),
        )
    })
}

pub(crate) async fn semantic_tokens_full(
    server: &Backend,
    params: SemanticTokensParams,
) -> Result<Option<SemanticTokensResult>> {
    let path = path_of(&params.text_document.uri);
    server.with_world("textDocument/semanticTokens/full", |w| {
        let tokens = w.semantic_tokens(&path, None);
        let index = w.line_index(&path)?;
        Some(SemanticTokensResult::Tokens(encode_tokens(&index, tokens)))
    })
}

pub(crate) async fn semantic_tokens_range(
    server: &Backend,
    params: SemanticTokensRangeParams,
) -> Result<Option<SemanticTokensRangeResult>> {
    let path = path_of(&params.text_document.uri);
    server.with_world("textDocument/semanticTokens/range", |w| {
        let index = w.line_index(&path)?;
        let text = w.text(&path)?;
        let start = index.offset_utf16(text, line_col(params.range.start));
        let end = index.offset_utf16(text, line_col(params.range.end));
        let range = ide::syntax::TextRange::new(start.min(end), end.max(start));
        let tokens = w.semantic_tokens(&path, Some(range));
        Some(SemanticTokensRangeResult::Tokens(encode_tokens(
            &index, tokens,
        )))
    })
}

/// How many cards `workspace/symbol` answers with at most (the best matches).
const WORKSPACE_SYMBOLS: usize = 256;

/// `workspace/symbol`: the cards of the workspace whose name matches the query (fuzzy, best
/// first), each with its dialect as the container and its file as the location.
pub(crate) async fn workspace_symbol(
    server: &Backend,
    params: WorkspaceSymbolParams,
) -> Result<Option<WorkspaceSymbolResponse>> {
    server.with_world("workspace/symbol", |w| {
        let found = w.workspace_symbols(&params.query, WORKSPACE_SYMBOLS);
        let symbols: Vec<WorkspaceSymbol> = found
            .into_iter()
            .filter_map(|card| {
                let uri = convert::uri_of(w.path(card.file))?;
                let index = w.line_index_of(card.file);
                // The dialect; editors show the file (the location) beside it, VS Code as
                // `forge • cardsfolder/l/lightning_bolt.txt`.
                let container = card.dialect.name().to_string();
                Some(WorkspaceSymbol {
                    name: card.name,
                    kind: convert::symbol_kind(ide::SymbolKind::Card),
                    tags: None,
                    container_name: Some(container),
                    location: OneOf::Left(Location::new(uri, convert::range(&index, card.range))),
                    data: None,
                })
            })
            .collect();
        Some(WorkspaceSymbolResponse::Nested(symbols))
    })
}
