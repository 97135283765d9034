//! textDocument/codeAction: the quick fixes attached to diagnostics that
//! touch the requested range, those the format judges helpful; and the
//! format's conversions of the part of the file under the cursor (a NetHack
//! level into a NetHack 5.0 Lua script), each creating a file beside it.

use super::diagnostics::to_lsp;
use crate::formats::{Conversion, Format, SourceFile};
use crate::lsp::documents::Snapshot;
use crate::lsp::position::{to_offset, to_range};
use crate::text::Encoding;
use std::collections::HashMap;
use tower_lsp_server::ls_types::{
    ClientCapabilities, CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams,
    CodeActionResponse, CreateFile, CreateFileOptions, DocumentChangeOperation, DocumentChanges,
    OneOf, OptionalVersionedTextDocumentIdentifier, Position, Range, ResourceOp,
    ResourceOperationKind, TextDocumentEdit, TextEdit, Uri, WorkspaceEdit,
};

/// Whether the client can apply a conversion's edit. A conversion creates a
/// new file, which only a `CreateFile` in `documentChanges` can say: a plain
/// `changes` map edits files that exist, and a client without
/// `resourceOperations: ["create"]` rejects the edit whole. Announcing
/// resource operations is enough: they exist only inside `documentChanges`,
/// and Neovim, which applies them, announces them without `documentChanges`.
pub fn can_create_files(capabilities: &ClientCapabilities) -> bool {
    capabilities
        .workspace
        .as_ref()
        .and_then(|w| w.workspace_edit.as_ref())
        .and_then(|e| e.resource_operations.as_ref())
        .is_some_and(|ops| ops.contains(&ResourceOperationKind::Create))
}

pub fn code_actions(
    doc: &Snapshot,
    encoding: Encoding,
    params: &CodeActionParams,
    create_files: bool,
) -> Option<CodeActionResponse> {
    let (format, file) = doc.source()?;
    let range = params.range;
    let start = to_offset(doc, range.start, encoding);
    let end = to_offset(doc, range.end, encoding);
    let only = params.context.only.as_deref();
    let mut actions = Vec::new();
    if wanted(only, &CodeActionKind::QUICKFIX) {
        quick_fixes(doc, encoding, format, &file, start..end, &mut actions);
    }
    if create_files && wanted(only, &CodeActionKind::REFACTOR_REWRITE) {
        // The part under the cursor (its end included: a cursor at the end
        // of a level's last line is in it), converted alone.
        for conversion in format.conversions(&file, Some(start)) {
            actions.extend(convert_action(doc, conversion));
        }
    }
    Some(actions)
}

/// Whether `kind` is among those the client asked for: `only` lists kinds
/// and their parents (`refactor` asks for `refactor.rewrite` too).
fn wanted(only: Option<&[CodeActionKind]>, kind: &CodeActionKind) -> bool {
    let Some(only) = only else { return true };
    let kind = kind.as_str();
    only.iter().any(|asked| {
        let asked = asked.as_str();
        kind == asked
            || kind
                .strip_prefix(asked)
                .is_some_and(|rest| rest.starts_with('.'))
    })
}

fn quick_fixes(
    doc: &Snapshot,
    encoding: Encoding,
    format: &dyn Format,
    file: &SourceFile,
    requested: std::ops::Range<usize>,
    actions: &mut Vec<CodeActionOrCommand>,
) {
    let all = doc.diagnostics_now(format, file);
    for d in all.iter() {
        // Touching counts: a cursor at either end of the diagnostic's span.
        if d.range.start > requested.end || d.range.end < requested.start || d.fixes.is_empty() {
            continue;
        }
        for fix in &format.helpful_fixes(file, &all, d) {
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
}

/// The action creating `conversion`'s file beside the document, or none
/// when the document is not a file on disk (nowhere to put it).
fn convert_action(doc: &Snapshot, conversion: Conversion) -> Option<CodeActionOrCommand> {
    let target = doc.path.as_deref()?.parent()?.join(&conversion.file_name);
    let uri = Uri::from_file_path(&target)?;
    // The title warns before an earlier conversion (perhaps edited since) is
    // replaced; when there is none, a file appearing meanwhile makes the
    // client fail the edit instead of being overwritten.
    let replaces = target.exists();
    let mut title = conversion.title;
    if replaces {
        title.push_str(&format!(" (replaces {})", conversion.file_name));
    }
    match conversion.unconverted.len() {
        0 => {}
        1 => title.push_str(" (1 construct needs a hand: see the comments)"),
        n => title.push_str(&format!(" ({n} constructs need a hand: see the comments)")),
    }
    let create = DocumentChangeOperation::Op(ResourceOp::Create(CreateFile {
        uri: uri.clone(),
        options: Some(CreateFileOptions {
            overwrite: Some(replaces),
            ignore_if_exists: Some(false),
        }),
        annotation_id: None,
    }));
    let write = DocumentChangeOperation::Edit(TextDocumentEdit {
        text_document: OptionalVersionedTextDocumentIdentifier { uri, version: None },
        edits: vec![OneOf::Left(TextEdit {
            range: Range::new(Position::new(0, 0), Position::new(0, 0)),
            new_text: conversion.text,
        })],
    });
    Some(CodeActionOrCommand::CodeAction(CodeAction {
        title,
        kind: Some(CodeActionKind::REFACTOR_REWRITE),
        edit: Some(WorkspaceEdit {
            document_changes: Some(DocumentChanges::Operations(vec![create, write])),
            ..Default::default()
        }),
        ..Default::default()
    }))
}
