//! `levls/render`: the pictures of a document's maps at its current version,
//! as SVG (one per map) and as one HTML page, for an editor's preview.

use crate::lsp::documents::Snapshot;
use crate::render;
use serde::{Deserialize, Serialize};
use tower_lsp_server::ls_types::TextDocumentIdentifier;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RenderParams {
    pub text_document: TextDocumentIdentifier,
}

#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Rendered {
    /// The document version the pictures show.
    pub version: i32,
    pub pictures: Vec<RenderedPicture>,
    /// Every picture on one self-contained page (or the message, as a page).
    pub html: String,
    /// Why there is no picture although the format draws this document
    /// (dungeon-mystery: node or its package is missing); then `pictures` is empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct RenderedPicture {
    pub title: String,
    pub width: usize,
    pub height: usize,
    pub markers: usize,
    pub svg: String,
}

/// None when the document's format draws no picture, or it has no map yet;
/// no pictures and a `message` when the format cannot draw it now (why).
pub fn render(doc: &Snapshot) -> Option<Rendered> {
    let (format, file) = doc.source()?;
    let title = doc.path.as_ref().and_then(|p| p.file_name()).map_or_else(
        || doc.uri.as_str().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let pictures = match format.pictures_or_reason(&file) {
        Ok(pictures) => pictures,
        Err(message) => {
            return Some(Rendered {
                version: doc.version,
                html: render::html::message(&title, &message),
                pictures: Vec::new(),
                message: Some(message),
            })
        }
    };
    if pictures.is_empty() {
        return None;
    }
    Some(Rendered {
        version: doc.version,
        message: None,
        html: render::html::html(&title, &pictures),
        pictures: pictures
            .iter()
            .map(|p| RenderedPicture {
                title: p.title.clone(),
                width: p.width,
                height: p.height,
                markers: p.markers.len(),
                svg: render::svg::svg(p),
            })
            .collect(),
    })
}
