//! `textDocument/inlayHint`: `ide::World::inlay_hints` (what an SVar's `Count$` expression
//! amounts to, the objects a trigger provides) in UTF-16 positions. Clients that asked for no
//! hints (`initializationOptions.inlayHints: false`) are not offered the capability.

use crate::Backend;
use crate::convert::{self, line_col, path_of};
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

pub(crate) async fn inlay_hint(
    server: &Backend,
    params: InlayHintParams,
) -> Result<Option<Vec<InlayHint>>> {
    let path = path_of(&params.text_document.uri);
    server.with_world("textDocument/inlayHint", |w| {
        let index = w.line_index(&path)?;
        let text = w.text(&path)?;
        let start = index.offset_utf16(text, line_col(params.range.start));
        let end = index.offset_utf16(text, line_col(params.range.end));
        let range = ide::syntax::TextRange::new(start.min(end), end.max(start));
        let hints = w.inlay_hints(&path, Some(range));
        Some(
            hints
                .into_iter()
                .map(|h| InlayHint {
                    position: convert::position(&index, h.position),
                    label: InlayHintLabel::String(h.label),
                    kind: None,
                    text_edits: None,
                    tooltip: h.tooltip.map(|t| {
                        InlayHintTooltip::MarkupContent(MarkupContent {
                            kind: MarkupKind::Markdown,
                            value: t,
                        })
                    }),
                    padding_left: Some(true),
                    padding_right: None,
                    data: None,
                })
                .collect(),
        )
    })
}
