//! `textDocument/formatting` and `textDocument/rangeFormatting`: `ide::World::format` (the
//! layout of `cardlint format`) as text edits in UTF-16 positions. The client's formatting
//! options (tab size, spaces) do not apply: the layout is the card files' own.

use crate::Backend;
use crate::convert::{self, line_col, path_of};
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

pub(crate) async fn formatting(
    server: &Backend,
    params: DocumentFormattingParams,
) -> Result<Option<Vec<TextEdit>>> {
    let path = path_of(&params.text_document.uri);
    server.with_world("textDocument/formatting", |w| {
        let edits = w.format(&path, None)?;
        let index = w.line_index(&path)?;
        Some(
            edits
                .into_iter()
                .map(|e| TextEdit::new(convert::range(&index, e.range), e.new_text))
                .collect(),
        )
    })
}

pub(crate) async fn range_formatting(
    server: &Backend,
    params: DocumentRangeFormattingParams,
) -> Result<Option<Vec<TextEdit>>> {
    let path = path_of(&params.text_document.uri);
    server.with_world("textDocument/rangeFormatting", |w| {
        let index = w.line_index(&path)?;
        let text = w.text(&path)?;
        let start = index.offset_utf16(text, line_col(params.range.start));
        let end = index.offset_utf16(text, line_col(params.range.end));
        let range = ide::syntax::TextRange::new(start.min(end), end.max(start));
        let edits = w.format(&path, Some(range))?;
        Some(
            edits
                .into_iter()
                .map(|e| TextEdit::new(convert::range(&index, e.range), e.new_text))
                .collect(),
        )
    })
}
