//! The language features: completion, hover, definition, references, rename and code actions.

use crate::Backend;
use crate::convert::{self, line_col, path_of, uri_of};
use ide::World;
use std::path::Path;
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp_server::ls_types::*;

fn location(world: &mut World, loc: ide::Location) -> Option<Location> {
    let path = world.path(loc.file).to_path_buf();
    let index = world.line_index_of(loc.file);
    Some(Location::new(
        uri_of(&path)?,
        convert::range(&index, loc.range),
    ))
}

fn offset_of(world: &mut World, path: &Path, pos: Position) -> Option<ide::syntax::TextSize> {
    world.offset(path, line_col(pos))
}

pub(crate) async fn completion(
    server: &Backend,
    params: CompletionParams,
) -> Result<Option<CompletionResponse>> {
    let pos = params.text_document_position;
    let path = path_of(&pos.text_document.uri);
    server.with_world("textDocument/completion", |w| {
        let offset = offset_of(w, &path, pos.position)?;
        let index = w.line_index(&path)?;
        let items: Vec<CompletionItem> = w
            .complete(&path, offset)
            .into_iter()
            .map(|c| {
                let range = convert::range(&index, c.replace);
                let new_text = c.insert.clone().unwrap_or_else(|| c.label.clone());
                CompletionItem {
                    label: c.label,
                    kind: Some(convert::completion_kind(c.kind)),
                    detail: c.detail,
                    documentation: c.documentation.map(|d| {
                        Documentation::MarkupContent(MarkupContent {
                            kind: MarkupKind::Markdown,
                            value: d,
                        })
                    }),
                    tags: c.deprecated.then(|| vec![CompletionItemTag::DEPRECATED]),
                    sort_text: c.sort,
                    filter_text: c.filter,
                    text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(range, new_text))),
                    ..Default::default()
                }
            })
            .collect();
        Some(CompletionResponse::Array(items))
    })
}

pub(crate) async fn hover(server: &Backend, params: HoverParams) -> Result<Option<Hover>> {
    let pos = params.text_document_position_params;
    let path = path_of(&pos.text_document.uri);
    server.with_world("textDocument/hover", |w| {
        let offset = offset_of(w, &path, pos.position)?;
        let hover = w.hover(&path, offset)?;
        let index = w.line_index(&path)?;
        Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: hover.markdown,
            }),
            range: Some(convert::range(&index, hover.range)),
        })
    })
}

pub(crate) async fn goto_definition(
    server: &Backend,
    params: GotoDefinitionParams,
) -> Result<Option<GotoDefinitionResponse>> {
    let pos = params.text_document_position_params;
    let path = path_of(&pos.text_document.uri);
    server.with_world("textDocument/definition", |w| {
        let offset = offset_of(w, &path, pos.position)?;
        let found: Vec<Location> = w
            .definition(&path, offset)
            .into_iter()
            .filter_map(|l| location(w, l))
            .collect();
        (!found.is_empty()).then_some(GotoDefinitionResponse::Array(found))
    })
}

pub(crate) async fn references(
    server: &Backend,
    params: ReferenceParams,
) -> Result<Option<Vec<Location>>> {
    let pos = params.text_document_position;
    let path = path_of(&pos.text_document.uri);
    let include = params.context.include_declaration;
    server.with_world("textDocument/references", |w| {
        let offset = offset_of(w, &path, pos.position)?;
        let found: Vec<Location> = w
            .references(&path, offset, include)
            .into_iter()
            .filter_map(|l| location(w, l))
            .collect();
        Some(found)
    })
}

pub(crate) async fn prepare_rename(
    server: &Backend,
    params: TextDocumentPositionParams,
) -> Result<Option<PrepareRenameResponse>> {
    let path = path_of(&params.text_document.uri);
    let result = server.with_world("textDocument/prepareRename", |w| {
        let Some(offset) = offset_of(w, &path, params.position) else {
            return Ok(None);
        };
        let Some(range) = w.prepare_rename(&path, offset)? else {
            return Ok(None);
        };
        let Some(index) = w.line_index(&path) else {
            return Ok(None);
        };
        Ok(Some(PrepareRenameResponse::Range(convert::range(
            &index, range,
        ))))
    })?;
    // A name that cannot be renamed: the editor shows why.
    result.map_err(|message: String| Error {
        code: ErrorCode::InvalidParams,
        message: message.into(),
        data: None,
    })
}

pub(crate) async fn rename(
    server: &Backend,
    params: RenameParams,
) -> Result<Option<WorkspaceEdit>> {
    let pos = params.text_document_position;
    let path = path_of(&pos.text_document.uri);
    let new_name = params.new_name;
    let result = server.with_world("textDocument/rename", |w| {
        let Some(offset) = offset_of(w, &path, pos.position) else {
            return Ok(None);
        };
        let edits = w.rename(&path, offset, &new_name)?;
        let mut changes: std::collections::HashMap<Uri, Vec<TextEdit>> = Default::default();
        for e in edits {
            let file = w.path(e.file).to_path_buf();
            let index = w.line_index_of(e.file);
            if let Some(uri) = uri_of(&file) {
                changes.entry(uri).or_default().push(TextEdit::new(
                    convert::range(&index, e.edit.range),
                    e.edit.new_text,
                ));
            }
        }
        Ok(Some(WorkspaceEdit {
            changes: Some(changes),
            ..Default::default()
        }))
    })?;
    result.map_err(|message: String| Error {
        code: ErrorCode::InvalidParams,
        message: message.into(),
        data: None,
    })
}

/// The kind of the action that applies every safe fix of a document (as `cardlint check
/// --fix`), for `editor.codeActionsOnSave` and the Source Action menu.
pub(crate) const FIX_ALL: &str = "source.fixAll.cardlint";

/// Whether the client asked for actions of `kind` (`only` lists kinds and their parents: a
/// request for `source` or `source.fixAll` wants `source.fixAll.cardlint`); all kinds when it
/// names none.
fn wanted(only: Option<&[CodeActionKind]>, kind: &str) -> bool {
    only.is_none_or(|only| {
        only.iter().any(|k| {
            let k = k.as_str();
            kind == k || kind.strip_prefix(k).is_some_and(|r| r.starts_with('.'))
        })
    })
}

pub(crate) async fn code_action(
    server: &Backend,
    params: CodeActionParams,
) -> Result<Option<CodeActionResponse>> {
    let uri = params.text_document.uri;
    let path = path_of(&uri);
    let only = params.context.only;
    let quick_fixes = wanted(only.as_deref(), CodeActionKind::QUICKFIX.as_str());
    let fix_all = wanted(only.as_deref(), FIX_ALL);
    server.with_world("textDocument/codeAction", |w| {
        let index = w.line_index(&path)?;
        let range = quick_fixes
            .then(|| {
                let text = w.text(&path)?;
                let start = index.offset_utf16(text, line_col(params.range.start));
                let end = index.offset_utf16(text, line_col(params.range.end));
                Some(ide::syntax::TextRange::new(start.min(end), end.max(start)))
            })
            .flatten();
        let (actions, all) = w.fixes(&path, range, fix_all);
        let mut out: Vec<_> = actions
            .into_iter()
            .map(|a| {
                let edits = a
                    .edits
                    .iter()
                    .map(|e| TextEdit::new(convert::range(&index, e.range), e.new_text.clone()))
                    .collect();
                let mut changes = std::collections::HashMap::new();
                changes.insert(uri.clone(), edits);
                CodeActionOrCommand::CodeAction(CodeAction {
                    title: convert::plain(&a.title),
                    kind: Some(CodeActionKind::QUICKFIX),
                    diagnostics: Some(vec![convert::diagnostic(&index, &a.diagnostic)]),
                    edit: Some(WorkspaceEdit {
                        changes: Some(changes),
                        ..Default::default()
                    }),
                    is_preferred: Some(a.preferred),
                    ..Default::default()
                })
            })
            .collect();
        // Last: the lightbulb lists the fixes of the finding under the cursor first.
        if let Some(all) = all {
            let edits = all
                .edits
                .iter()
                .map(|e| TextEdit::new(convert::range(&index, e.range), e.new_text.clone()))
                .collect();
            let title = match all.fixes {
                1 => "Fix all safe problems (cardlint: 1 fix)".to_string(),
                n => format!("Fix all safe problems (cardlint: {n} fixes)"),
            };
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title,
                kind: Some(CodeActionKind::new(FIX_ALL)),
                edit: Some(WorkspaceEdit {
                    changes: Some([(uri.clone(), edits)].into_iter().collect()),
                    ..Default::default()
                }),
                ..Default::default()
            }));
        }
        Some(out)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fix_all_is_wanted_by_its_kind_and_its_parents() {
        let kinds = |k: &[&'static str]| -> Vec<CodeActionKind> {
            k.iter().map(|k| CodeActionKind::new(k)).collect()
        };
        assert!(wanted(None, FIX_ALL));
        for only in [
            &["source"][..],
            &["source.fixAll"],
            &[FIX_ALL],
            &["quickfix", "source"],
        ] {
            assert!(wanted(Some(&kinds(only)), FIX_ALL), "{only:?}");
        }
        for only in [
            &["quickfix"][..],
            &["source.organizeImports"],
            &["source.fix"],
            &[],
        ] {
            assert!(!wanted(Some(&kinds(only)), FIX_ALL), "{only:?}");
        }
        assert!(wanted(Some(&kinds(&["quickfix"])), "quickfix"));
        assert!(!wanted(Some(&kinds(&["source.fixAll"])), "quickfix"));
    }
}
