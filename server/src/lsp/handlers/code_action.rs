//! textDocument/codeAction: the quick fixes attached to diagnostics that
//! touch the requested range, those the format judges helpful.

use super::diagnostics::to_lsp;
use crate::lsp::documents::Snapshot;
use crate::lsp::position::{to_offset, to_range};
use crate::text::Encoding;
use std::collections::HashMap;
use tower_lsp_server::ls_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionResponse, Range, TextEdit,
    WorkspaceEdit,
};

pub fn code_actions(
    doc: &Snapshot,
    encoding: Encoding,
    range: Range,
) -> Option<CodeActionResponse> {
    let (format, file) = doc.source()?;
    let start = to_offset(doc, range.start, encoding);
    let end = to_offset(doc, range.end, encoding);
    let mut actions = Vec::new();
    let all = doc.diagnostics_now(format, &file);
    for d in all.iter() {
        // Touching counts: a cursor at either end of the diagnostic's span.
        if d.range.start > end || d.range.end < start || d.fixes.is_empty() {
            continue;
        }
        for fix in &format.helpful_fixes(&file, &all, d) {
            let edits = fix
                .edits
                .iter()
                .map(|e| TextEdit {
                    range: to_range(doc, &e.range, encoding),
                    new_text: e.new_text.clone(),
                })
                .collect();
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: fix.title.clone(),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![to_lsp(doc, d, encoding)]),
                edit: Some(WorkspaceEdit {
                    changes: Some(HashMap::from([(doc.uri.clone(), edits)])),
                    ..Default::default()
                }),
                is_preferred: Some(fix.preferred),
                ..Default::default()
            }));
        }
    }
    Some(actions)
}
