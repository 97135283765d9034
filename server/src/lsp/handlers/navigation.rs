//! textDocument/definition, textDocument/references, textDocument/prepareRename,
//! textDocument/rename: names that refer to each other inside one document.

use crate::lsp::documents::Snapshot;
use crate::lsp::position::{to_offset, to_range};
use crate::text::Encoding;
use std::collections::HashMap;
use tower_lsp_server::ls_types::{
    GotoDefinitionResponse, Location, Position, PrepareRenameResponse, TextEdit, WorkspaceEdit,
};

fn locations(
    doc: &Snapshot,
    ranges: Vec<std::ops::Range<usize>>,
    encoding: Encoding,
) -> Vec<Location> {
    ranges
        .iter()
        .map(|r| Location {
            uri: doc.uri.clone(),
            range: to_range(doc, r, encoding),
        })
        .collect()
}

pub fn definition(
    doc: &Snapshot,
    encoding: Encoding,
    position: Position,
) -> Option<GotoDefinitionResponse> {
    let (format, file) = doc.source()?;
    let found = format.definition(&file, to_offset(doc, position, encoding));
    (!found.is_empty()).then(|| GotoDefinitionResponse::Array(locations(doc, found, encoding)))
}

pub fn references(
    doc: &Snapshot,
    encoding: Encoding,
    position: Position,
    include_declaration: bool,
) -> Option<Vec<Location>> {
    let (format, file) = doc.source()?;
    let found = format.references(
        &file,
        to_offset(doc, position, encoding),
        include_declaration,
    );
    (!found.is_empty()).then(|| locations(doc, found, encoding))
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
