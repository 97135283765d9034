//! `levls/documentInfo`: what levls makes of a document (its format, how that
//! was detected, and the format's own note such as the NetHack dialect), for
//! an editor's status item.

use crate::lsp::documents::Snapshot;
use serde::{Deserialize, Serialize};
use tower_lsp_server::ls_types::TextDocumentIdentifier;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DocumentInfoParams {
    pub text_document: TextDocumentIdentifier,
}

#[derive(Serialize, Default, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct DocumentInfo {
    /// The format's short name (`nethack`), or null when levls does not read this document.
    pub format: Option<&'static str>,
    /// Its human name (`NetHack special level (lev_comp .des)`).
    pub format_name: Option<&'static str>,
    /// What decided the format: `languageId`, `extension` or `content`.
    pub detected_by: Option<&'static str>,
    /// The format's note on this file (NetHack: `dialect 3.6 (why)`).
    pub status: Option<String>,
    pub version: i32,
}

pub fn document_info(doc: &Snapshot) -> DocumentInfo {
    let status = doc.source().and_then(|(format, file)| format.status(&file));
    DocumentInfo {
        format: doc.format.map(|d| d.format.name()),
        format_name: doc.format.map(|d| d.format.display_name()),
        detected_by: doc.format.map(|d| d.by),
        status,
        version: doc.version,
    }
}
