//! The document's structure: symbols, folding ranges and semantic tokens.

use crate::Backend;
use crate::convert::{self, line_col, path_of};
use crate::transport;
use std::sync::Arc;
use tower_lsp_server::jsonrpc::{ErrorCode, Result};
use tower_lsp_server::ls_types::*;

/// Semantic tokens in the protocol's relative encoding (one line each, UTF-16 lengths).
fn encode_tokens(
    index: &ide::syntax::LineIndex,
    tokens: Vec<ide::SemanticToken>,
) -> SemanticTokens {
    let kinds = ide::TokenKind::ALL;
    let mut data = Vec::with_capacity(tokens.len());
    let (mut last_line, mut last_col) = (0u32, 0u32);
    let mut cursor = index.cursor();
    for t in tokens {
        let start = cursor.line_col_utf16(t.range.start());
        let end = cursor.line_col_utf16(t.range.end());
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
    // In a session the guard reroutes this request (`document_symbol_rerouted`): this answer is
    // for a server driven without the guard.
    let uri = params.text_document.uri;
    let path = path_of(&uri);
    let hierarchical = hierarchical(server);
    server
        .with_world_off("textDocument/documentSymbol", move |w| {
            build_outline(w, &path, &uri, hierarchical)
        })
        .await
}

fn hierarchical(server: &Backend) -> bool {
    server
        .support
        .lock()
        .map(|s| s.hierarchical_symbols)
        .unwrap_or(false)
}

/// `textDocument/documentSymbol` as the guard reroutes it (`{"id", "params"}`): the answer is
/// serialised from the protocol's types and written out here, not through tower-lsp-server.
pub(crate) async fn document_symbol_rerouted(server: &Backend, request: serde_json::Value) {
    let Some(output) = server.output.clone() else {
        return;
    };
    let id = request.get("id").cloned().unwrap_or_default();
    let params = request
        .get("params")
        .cloned()
        .and_then(|p| serde_json::from_value::<DocumentSymbolParams>(p).ok());
    let Some(params) = params else {
        let bad = (ErrorCode::InvalidParams.code(), "Invalid params");
        return transport::send(&output, &id, Err(bad)).await;
    };
    match outline_json(server, params).await {
        Ok(json) => transport::send(&output, &id, Ok(&json)).await,
        Err(e) => transport::send(&output, &id, Err((e.code.code(), &e.message))).await,
    }
}

/// The outline's JSON text. Editors ask twice after an edit (outline and breadcrumbs): the same
/// version's is given again.
async fn outline_json(server: &Backend, params: DocumentSymbolParams) -> Result<Arc<Vec<u8>>> {
    let uri = params.text_document.uri;
    let path = path_of(&uri);
    let hierarchical = hierarchical(server);
    let outline = server.outline.clone();
    server
        .with_world_off("textDocument/documentSymbol", move |w| {
            let key = (uri.clone(), w.version(&path), hierarchical);
            let mut last = outline.lock().unwrap_or_else(|e| e.into_inner());
            if key.1.is_some()
                && let Some((k, answer)) = last.as_ref()
                && *k == key
            {
                return answer.clone();
            }
            let answer = build_outline(w, &path, &uri, hierarchical);
            let json = Arc::new(serde_json::to_vec(&answer).unwrap_or_else(|_| b"null".to_vec()));
            *last = Some((key, json.clone()));
            json
        })
        .await
}

/// A document's symbols in the protocol's form (nested when the client takes it).
fn build_outline(
    w: &mut ide::World,
    path: &std::path::Path,
    uri: &Uri,
    hierarchical: bool,
) -> Option<DocumentSymbolResponse> {
    let symbols = w.symbols(path);
    let index = w.line_index(path)?;
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
            flatten(&index, uri, None, s, &mut flat);
        }
        Some(DocumentSymbolResponse::Flat(flat))
    }
}

/// The last outline answered: (document, version, nested), the answer's JSON text.
pub(crate) type LastOutline =
    Arc<std::sync::Mutex<Option<((Uri, Option<i32>, bool), Arc<Vec<u8>>)>>>;

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
    let tokens = all_tokens(server, "textDocument/semanticTokens/full", path).await?;
    Ok(tokens.map(|t| {
        SemanticTokensResult::Tokens(server.tokens.remember(&params.text_document.uri, t))
    }))
}

/// Every semantic token of a document, encoded (`None`: no card file).
async fn all_tokens(
    server: &Backend,
    what: &'static str,
    path: std::path::PathBuf,
) -> Result<Option<SemanticTokens>> {
    server
        .with_world_off(what, move |w| {
            let tokens = w.semantic_tokens(&path, None);
            let index = w.line_index(&path)?;
            Some(encode_tokens(&index, tokens))
        })
        .await
}

/// `semanticTokens/full/delta`: the tokens as edits of the last result the client holds (one
/// edit: what lies between the unchanged start and the unchanged end), or whole when that result
/// is no longer known.
pub(crate) async fn semantic_tokens_full_delta(
    server: &Backend,
    params: SemanticTokensDeltaParams,
) -> Result<Option<SemanticTokensFullDeltaResult>> {
    let uri = params.text_document.uri;
    let path = path_of(&uri);
    let tokens = all_tokens(server, "textDocument/semanticTokens/full/delta", path).await?;
    let Some(tokens) = tokens else {
        return Ok(None);
    };
    Ok(Some(server.tokens.delta(
        &uri,
        &params.previous_result_id,
        tokens,
    )))
}

/// A document's last semantic tokens: the result id and the data.
type LastTokens = (String, Vec<SemanticToken>);

/// The last semantic tokens sent for each document, by result id, for deltas.
#[derive(Default)]
pub(crate) struct TokenResults {
    last: std::sync::Mutex<(u64, std::collections::HashMap<Uri, LastTokens>)>,
}

impl TokenResults {
    /// Gives `tokens` a new result id and keeps them as the document's last result.
    pub(crate) fn remember(&self, uri: &Uri, mut tokens: SemanticTokens) -> SemanticTokens {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        last.0 += 1;
        let id = last.0.to_string();
        last.1
            .insert(uri.clone(), (id.clone(), tokens.data.clone()));
        tokens.result_id = Some(id);
        tokens
    }

    /// `tokens` as a delta of the result `previous`, when it is the document's last.
    pub(crate) fn delta(
        &self,
        uri: &Uri,
        previous: &str,
        tokens: SemanticTokens,
    ) -> SemanticTokensFullDeltaResult {
        let before = {
            let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
            match last.1.remove(uri) {
                Some((id, data)) if id == previous => Some(data),
                _ => None,
            }
        };
        let Some(before) = before else {
            return SemanticTokensFullDeltaResult::Tokens(self.remember(uri, tokens));
        };
        let edit = token_edit(&before, &tokens.data);
        let remembered = self.remember(uri, tokens);
        SemanticTokensFullDeltaResult::TokensDelta(SemanticTokensDelta {
            result_id: remembered.result_id,
            edits: edit.into_iter().collect(),
        })
    }

    /// A document closed: its tokens are no longer needed.
    pub(crate) fn forget(&self, uri: &Uri) {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        last.1.remove(uri);
    }
}

/// The one edit that turns `before` into `after`: the tokens between their common start and
/// their common end (positions in the protocol's flat array of five numbers a token). `None`:
/// they are the same.
fn token_edit(before: &[SemanticToken], after: &[SemanticToken]) -> Option<SemanticTokensEdit> {
    let prefix = before.iter().zip(after).take_while(|(a, b)| a == b).count();
    let rest = (before.len() - prefix).min(after.len() - prefix);
    let suffix = before[prefix..]
        .iter()
        .rev()
        .zip(after[prefix..].iter().rev())
        .take(rest)
        .take_while(|(a, b)| a == b)
        .count();
    let removed = before.len() - prefix - suffix;
    let added = &after[prefix..after.len() - suffix];
    if removed == 0 && added.is_empty() {
        return None;
    }
    Some(SemanticTokensEdit {
        start: 5 * prefix as u32,
        delete_count: 5 * removed as u32,
        data: Some(added.to_vec()),
    })
}

pub(crate) async fn semantic_tokens_range(
    server: &Backend,
    params: SemanticTokensRangeParams,
) -> Result<Option<SemanticTokensRangeResult>> {
    let path = path_of(&params.text_document.uri);
    server
        .with_world_off("textDocument/semanticTokens/range", move |w| {
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
        .await
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

#[cfg(test)]
mod tests {
    use super::*;

    fn token(line: u32, start: u32) -> SemanticToken {
        SemanticToken {
            delta_line: line,
            delta_start: start,
            length: 1,
            token_type: 0,
            token_modifiers_bitset: 0,
        }
    }

    /// The edit applied to `before` as a client does gives `after`.
    fn apply(before: &[SemanticToken], edit: &SemanticTokensEdit) -> Vec<SemanticToken> {
        let (start, count) = (edit.start as usize / 5, edit.delete_count as usize / 5);
        let mut out = before[..start].to_vec();
        out.extend(edit.data.clone().unwrap_or_default());
        out.extend_from_slice(&before[start + count..]);
        out
    }

    #[test]
    fn one_edit_between_the_common_ends() {
        let before = [token(0, 1), token(1, 2), token(1, 3), token(2, 0)];
        let cases: [&[SemanticToken]; 5] = [
            &[token(0, 1), token(1, 2), token(1, 4), token(2, 0)],
            &[token(0, 1), token(1, 2), token(2, 0)],
            &[
                token(0, 1),
                token(1, 2),
                token(1, 3),
                token(1, 3),
                token(2, 0),
            ],
            &[token(9, 9)],
            &[],
        ];
        for after in cases {
            let edit = token_edit(&before, after).unwrap();
            assert_eq!(apply(&before, &edit), after);
        }
        // Repeated tokens: the common start and end never overlap.
        let same = [token(1, 1), token(1, 1)];
        let longer = [token(1, 1), token(1, 1), token(1, 1)];
        let edit = token_edit(&same, &longer).unwrap();
        assert_eq!(apply(&same, &edit), longer);
        assert!(token_edit(&before, &before).is_none());
    }
}
