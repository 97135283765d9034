//! textDocument/definition, textDocument/references, textDocument/prepareRename,
//! textDocument/rename: names that refer to each other, in one document or
//! (definition, references) across files.

use crate::formats;
use crate::lsp::documents::Snapshot;
use crate::lsp::position::{to_location, to_offset, to_range, OpenDocuments};
use crate::text::Encoding;
use std::collections::HashMap;
use tower_lsp_server::ls_types::{
    GotoDefinitionResponse, Location, Position, PrepareRenameResponse, TextEdit, WorkspaceEdit,
};

fn locations(
    doc: &Snapshot,
    found: Vec<formats::Location>,
    encoding: Encoding,
    open: OpenDocuments,
) -> Vec<Location> {
    found
        .iter()
        .filter_map(|l| to_location(doc, l, encoding, open))
        .collect()
}

pub fn definition(
    doc: &Snapshot,
    encoding: Encoding,
    position: Position,
    open: OpenDocuments,
) -> Option<GotoDefinitionResponse> {
    let (format, file) = doc.source()?;
    let found = format.definition(&file, to_offset(doc, position, encoding));
    let found = locations(doc, found, encoding, open);
    (!found.is_empty()).then_some(GotoDefinitionResponse::Array(found))
}

pub fn references(
    doc: &Snapshot,
    encoding: Encoding,
    position: Position,
    include_declaration: bool,
    open: OpenDocuments,
) -> Option<Vec<Location>> {
    let (format, file) = doc.source()?;
    let found = format.references(
        &file,
        to_offset(doc, position, encoding),
        include_declaration,
    );
    let found = locations(doc, found, encoding, open);
    (!found.is_empty()).then_some(found)
}

pub fn prepare_rename(
    doc: &Snapshot,
    encoding: Encoding,
    position: Position,
) -> Option<PrepareRenameResponse> {
    let (format, file) = doc.source()?;
    let range = format.prepare_rename(&file, to_offset(doc, position, encoding))?;
    Some(PrepareRenameResponse::Range(to_range(
        doc, &range, encoding,
    )))
}

/// `Err` carries the reason the rename is refused, for the client to show.
pub fn rename(
    doc: &Snapshot,
    encoding: Encoding,
    position: Position,
    new_name: &str,
) -> Result<Option<WorkspaceEdit>, String> {
    let Some((format, file)) = doc.source() else {
        return Ok(None);
    };
    let edits = format.rename(&file, to_offset(doc, position, encoding), new_name)?;
    let edits = edits
        .into_iter()
        .map(|e| TextEdit {
            range: to_range(doc, &e.range, encoding),
            new_text: e.new_text,
        })
        .collect();
    Ok(Some(WorkspaceEdit {
        changes: Some(HashMap::from([(doc.uri.clone(), edits)])),
        ..Default::default()
    }))
}
