//! `levls/render`: the pictures of a document's maps at its current version,
//! as SVG (one per map) and as one HTML page, for an editor's preview; and
//! for each cell the source range that put it there, so that a click on a
//! cell can reveal its line and the cursor can light its cell. Text editors
//! get the glyph rows and their colours, to draw the map as text.

use crate::lsp::documents::Snapshot;
use crate::lsp::position::to_range;
use crate::render::{self, Picture};
use crate::text::Encoding;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
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
    /// How many markers (diagnostics, candidate places) the picture has.
    pub markers: usize,
    pub svg: String,
    /// The glyphs, one string per row (`width` characters each).
    pub rows: Vec<String>,
    /// The colour pairs of the cells…
    pub palette: Vec<Colours>,
    /// …and each cell's index into `palette`, row by row (`y * width + x`).
    pub paint: Vec<u16>,
    /// `[x, y, startLine, startCharacter, endLine, endCharacter]` for each
    /// cell that comes from the source, in the negotiated position encoding.
    pub links: Vec<[u32; 6]>,
    pub marks: Vec<Mark>,
    pub legend: Vec<Legend>,
}

#[derive(Serialize, Debug, Clone, PartialEq, Eq, Hash)]
pub struct Colours {
    pub fg: &'static str,
    pub bg: &'static str,
}

#[derive(Serialize, Debug)]
pub struct Mark {
    pub x: usize,
    pub y: usize,
    /// `error`, `warning` or `candidate`.
    pub kind: &'static str,
    pub message: String,
}

#[derive(Serialize, Debug)]
pub struct Legend {
    pub glyph: char,
    pub fg: &'static str,
    pub bg: &'static str,
    pub meaning: String,
}

/// None when the document's format draws no picture, or it has no map yet;
/// no pictures and a `message` when the format cannot draw it now (why).
pub fn render(doc: &Snapshot, encoding: Encoding) -> Option<Rendered> {
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
            .map(|p| rendered(doc, p, encoding))
            .collect(),
    })
}

fn rendered(doc: &Snapshot, p: &Picture, encoding: Encoding) -> RenderedPicture {
    let mut palette = Vec::new();
    let mut index: HashMap<Colours, u16> = HashMap::new();
    let paint = p
        .cells
        .iter()
        .map(|c| {
            let colours = Colours { fg: c.fg, bg: c.bg };
            *index.entry(colours.clone()).or_insert_with(|| {
                palette.push(colours);
                (palette.len() - 1) as u16
            })
        })
        .collect();
    let links = p
        .cells
        .iter()
        .filter_map(|c| {
            let range = to_range(doc, c.source.as_ref()?, encoding);
            Some([
                c.x as u32,
                c.y as u32,
                range.start.line,
                range.start.character,
                range.end.line,
                range.end.character,
            ])
        })
        .collect();
    RenderedPicture {
        title: p.title.clone(),
        width: p.width,
        height: p.height,
        markers: p.markers.len(),
        svg: render::svg::svg(p),
        rows: p
            .cells
            .chunks(p.width.max(1))
            .map(|row| row.iter().map(|c| c.glyph).collect())
            .collect(),
        palette,
        paint,
        links,
        marks: p
            .markers
            .iter()
            .map(|m| Mark {
                x: m.x,
                y: m.y,
                kind: m.kind.as_str(),
                message: m.message.clone(),
            })
            .collect(),
        legend: p
            .legend
            .iter()
            .map(|l| Legend {
                glyph: l.glyph,
                fg: l.fg,
                bg: l.bg,
                meaning: l.meaning.clone(),
            })
            .collect(),
    }
}
