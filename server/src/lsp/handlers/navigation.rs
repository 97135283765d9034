//! textDocument/definition, textDocument/references, textDocument/prepareRename,
//! textDocument/rename: names that refer to each other, in one document or
//! (definition, references) across files.

use crate::formats;
use crate::formats::facts::Workspace;
use crate::lsp::documents::Snapshot;
use crate::lsp::position::{to_location, to_offset, to_range, OpenDocuments};
use crate::text::Encoding;
use std::collections::HashMap;
use tower_lsp_server::ls_types::{
    GotoDefinitionResponse, Location, Position, PrepareRenameResponse, TextEdit, Uri, WorkspaceEdit,
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
    workspace: &dyn Workspace,
) -> Option<GotoDefinitionResponse> {
    let (format, file) = doc.source_in(Some(workspace))?;
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
    workspace: &dyn Workspace,
) -> Option<Vec<Location>> {
    let (format, file) = doc.source_in(Some(workspace))?;
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
/// A name other files use too is renamed in each (their ranges in their
/// text as the editor has it).
pub fn rename(
    doc: &Snapshot,
    encoding: Encoding,
    position: Position,
    new_name: &str,
    open: OpenDocuments,
    workspace: &dyn Workspace,
) -> Result<Option<WorkspaceEdit>, String> {
    let Some((format, file)) = doc.source_in(Some(workspace)) else {
        return Ok(None);
    };
    let edits = format.rename_across(&file, to_offset(doc, position, encoding), new_name)?;
    let mut changes: HashMap<Uri, Vec<TextEdit>> = HashMap::new();
    for (place, new_text) in edits {
        let Some(at) = to_location(doc, &place, encoding, open) else {
            return Err(format!(
                "cannot read {} to rename in it",
                place
                    .file
                    .as_deref()
                    .map_or_else(String::new, |p| p.display().to_string())
            ));
        };
        changes.entry(at.uri).or_default().push(TextEdit {
            range: at.range,
            new_text,
        });
    }
    Ok(Some(WorkspaceEdit {
        changes: Some(changes),
        ..Default::default()
    }))
}
