//! `levls/render`: the pictures of a document's maps at its current version,
//! as SVG (one per map) and as one HTML page, for an editor's preview; and
//! for each cell the source range that put it there, so that a click on a
//! cell can reveal its line and the cursor can light its cell. Text editors
//! get the glyph rows and their colours, to draw the map as text. A client
//! that draws the picture itself takes it as data ([`cells`]) and asks for a
//! cell's tooltip and source when it needs them ([`details`]).

pub mod cells;
pub mod details;

use crate::lsp::documents::Snapshot;
use crate::lsp::position::to_range;
use crate::render::{self, Picture};
use crate::text::Encoding;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use tower_lsp_server::ls_types::TextDocumentIdentifier;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RenderParams {
    pub text_document: TextDocumentIdentifier,
    /// The parts wanted, of `html`, `svg`, `text` (rows, palette, paint,
    /// marks, legend), `links` and `cells` (the picture as data, with its
    /// hash); all but `cells` when absent. A 128×128 map's SVG and page are
    /// megabytes: a client asks only for what it shows.
    #[serde(default)]
    pub include: Option<Vec<String>>,
    /// The hashes of the pictures the client holds (from `cells`): those
    /// come back as their hash alone.
    #[serde(default)]
    pub known: Option<Vec<String>>,
    /// How many levels the game itself should generate from the text (a
    /// format that can: NetHack, with the user's MiniHack); none when absent.
    #[serde(default)]
    pub samples: Option<usize>,
}

/// Which parts of the answer to build.
#[derive(Clone, Copy, Debug)]
pub struct Parts {
    pub html: bool,
    pub svg: bool,
    pub text: bool,
    pub links: bool,
    pub cells: bool,
}

impl Parts {
    pub const ALL: Parts = Parts {
        html: true,
        svg: true,
        text: true,
        links: true,
        cells: false,
    };

    pub fn of(include: Option<&[String]>) -> Parts {
        match include {
            None => Parts::ALL,
            Some(list) => {
                let has = |part: &str| list.iter().any(|p| p == part);
                Parts {
                    html: has("html"),
                    svg: has("svg"),
                    text: has("text"),
                    links: has("links"),
                    cells: has("cells"),
                }
            }
        }
    }
}

#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Rendered {
    /// The document version the pictures show.
    pub version: i32,
    pub pictures: Vec<RenderedPicture>,
    /// Every picture on one self-contained page (or the message, as a page).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub html: Option<String>,
    /// Why there is no picture although the format draws this document
    /// (dungeon-mystery: node or its package is missing; `pictures` is
    /// empty), or what was left out (more maps than [`MAX_CELLS`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The levels the game generated from this version's text, when asked
    /// for (`samples`), drawn like `pictures` (with no links: no cell of a
    /// sample comes from one place in the text).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub samples: Vec<RenderedPicture>,
    /// Why the game generated no sample (its own words: lev_comp's error,
    /// NetHack's log line, no MiniHack on the interpreter).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub samples_message: Option<String>,
}

#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct RenderedPicture {
    pub title: String,
    pub width: usize,
    pub height: usize,
    /// How many markers (diagnostics, candidate places) the picture has.
    pub markers: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub svg: Option<String>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub text: Option<TextForm>,
    /// `[x, y, startLine, startCharacter, endLine, endCharacter]` for each
    /// cell that comes from the source, in the negotiated position encoding.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub links: Option<Vec<[u32; 6]>>,
    /// With `cells`: what is drawn, as a digest…
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
    /// …and as data, unless the client named the hash in `known`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<cells::CellData>,
}

/// The picture as coloured text, for editors that draw it in a buffer.
#[derive(Serialize, Debug)]
pub struct TextForm {
    /// The glyphs, one string per row (`width` characters each).
    pub rows: Vec<String>,
    /// The colour pairs of the cells…
    pub palette: Vec<Colours>,
    /// …and each cell's index into `palette`, row by row (`y * width + x`).
    pub paint: Vec<u16>,
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

/// None when the document's format draws no picture, or it has no map yet
/// (and no samples were asked for); no pictures and a `message` when the
/// format cannot draw it now (why). Samples are generated here, on the
/// blocking thread the server gives every render: typing never waits.
pub fn render(
    doc: &Snapshot,
    encoding: Encoding,
    parts: Parts,
    samples: usize,
    known: &[String],
) -> Option<(Rendered, Option<details::CellIndex>)> {
    let (format, file) = doc.source()?;
    let title = doc.path.as_ref().and_then(|p| p.file_name()).map_or_else(
        || doc.uri.as_str().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    // The version's diagnostics as published, when its analysis has run.
    let diagnostics = doc.diagnostics_now(format, &file);
    let known: HashSet<&str> = known.iter().map(String::as_str).collect();
    let known = &known;
    // Each picture is answered as it comes and dropped (the page keeps
    // them): a large board is drawn one floor at a time.
    let mut cap = Cap::new(parts.cap());
    let mut answered = Vec::new();
    let mut index = Vec::new();
    let mut for_page = Vec::new();
    let drawing = format.each_picture(&file, &diagnostics, &mut |p| {
        if cap.admit(&p) {
            answered.push(rendered(doc, &p, encoding, parts, known, false));
            if parts.cells {
                index.push(details::PictureIndex::of(&p));
            }
            if parts.html {
                for_page.push(p);
            }
        }
        true
    });
    if let Err(message) = drawing {
        let rendered = Rendered {
            version: doc.version,
            html: parts.html.then(|| render::html::message(&title, &message)),
            pictures: Vec::new(),
            message: Some(message),
            samples: Vec::new(),
            samples_message: None,
        };
        return Some((rendered, None));
    }
    let sampled = (samples > 0).then(|| format.samples(&file, samples));
    if answered.is_empty() && sampled.is_none() {
        return None;
    }
    let (made, samples_message) = match sampled {
        Some(Ok(made)) => (made, None),
        Some(Err(why)) => (Vec::new(), Some(why)),
        None => (Vec::new(), None),
    };
    let failures: Vec<String> = samples_message.iter().cloned().collect();
    let no_links = Parts {
        links: false,
        ..parts
    };
    let rendered = Rendered {
        version: doc.version,
        message: cap.left_out(),
        html: parts
            .html
            .then(|| render::html::with_samples(&title, &for_page, &made, &failures)),
        pictures: answered,
        samples: made
            .iter()
            .map(|p| rendered(doc, p, encoding, no_links, known, true))
            .collect(),
        samples_message,
    };
    // A client of `cells` asks for tooltips and sources next.
    let index = parts
        .cells
        .then(|| details::CellIndex::new(doc.version, index));
    Some((rendered, index))
}

/// The cell index of `doc`'s version, for the cell requests of a client
/// that asked for `cells` before this version was drawn (None: no pictures).
pub fn cell_index(doc: &Snapshot) -> Option<details::CellIndex> {
    let (format, file) = doc.source()?;
    let diagnostics = doc.diagnostics_now(format, &file);
    let mut cap = Cap::new(Parts::of(Some(&["cells".to_string()])).cap());
    let mut index = Vec::new();
    format
        .each_picture(&file, &diagnostics, &mut |p| {
            if cap.admit(&p) {
                index.push(details::PictureIndex::of(&p));
            }
            true
        })
        .ok()?;
    Some(details::CellIndex::new(doc.version, index))
}

/// The most picture cells one answer draws: about 20 MB of SVG and links.
/// Level files have a few thousand; a 1 MB NetHack file of 400 maps would
/// be 150 MB on every pause in typing.
pub const MAX_CELLS: usize = 100_000;

/// The most cells of an answer with no part but `cells` (3 bytes a cell):
/// a 32 MB WUAS board, the largest document the server reads, has about
/// 8 million.
pub const MAX_DATA_CELLS: usize = 8_000_000;

impl Parts {
    /// The most cells the parts asked for may draw.
    fn cap(self) -> usize {
        if self.html || self.svg || self.text || self.links {
            MAX_CELLS
        } else {
            MAX_DATA_CELLS
        }
    }
}

/// Which pictures an answer draws: in order, up to `cap` cells (always
/// the first), none after the first that does not fit; and how many there
/// were.
struct Cap {
    cap: usize,
    cells: usize,
    kept: usize,
    all: usize,
    full: bool,
}

impl Cap {
    fn new(cap: usize) -> Cap {
        Cap {
            cap,
            cells: 0,
            kept: 0,
            all: 0,
            full: false,
        }
    }

    /// Whether `p` is drawn.
    fn admit(&mut self, p: &Picture) -> bool {
        self.all += 1;
        if self.full || (self.kept > 0 && self.cells + p.cells.len() > self.cap) {
            self.full = true;
            return false;
        }
        self.cells += p.cells.len();
        self.kept += 1;
        true
    }

    /// What was left out, if anything.
    fn left_out(&self) -> Option<String> {
        let (keep, all, cap) = (self.kept, self.all, self.cap);
        (keep < all).then(|| {
            format!(
                "drew the first {keep} of {all} maps (at most {cap} cells for the preview); \
                 `levls render FILE --level NAME -o map.html` draws any of them"
            )
        })
    }
}

fn rendered(
    doc: &Snapshot,
    p: &Picture,
    encoding: Encoding,
    parts: Parts,
    known: &HashSet<&str>,
    sample: bool,
) -> RenderedPicture {
    let (hash, cells) = match parts.cells.then(|| cells::cell_data(p)) {
        Some((mut data, hash)) => {
            // A sample is made anew for each answer: its tooltips come with it.
            if sample {
                data.tooltips = Some(cells::tooltips(p));
            }
            let held = known.contains(hash.as_str());
            (Some(hash), (!held).then_some(data))
        }
        None => (None, None),
    };
    RenderedPicture {
        title: p.title.clone(),
        width: p.width,
        height: p.height,
        markers: p.markers.len(),
        svg: parts.svg.then(|| render::svg::svg(p)),
        text: parts.text.then(|| text_form(p)),
        links: parts.links.then(|| links(doc, p, encoding)),
        hash,
        cells,
    }
}

fn links(doc: &Snapshot, p: &Picture, encoding: Encoding) -> Vec<[u32; 6]> {
    p.cells
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
        .collect()
}

fn text_form(p: &Picture) -> TextForm {
    let (palette, paint) = cells::palette(p);
    TextForm {
        rows: glyph_rows(p),
        palette,
        paint,
        marks: marks(p),
        legend: legend(p),
    }
}

fn glyph_rows(p: &Picture) -> Vec<String> {
    p.cells
        .chunks(p.width.max(1))
        .map(|row| row.iter().map(|c| c.glyph).collect())
        .collect()
}

fn marks(p: &Picture) -> Vec<Mark> {
    p.markers
        .iter()
        .map(|m| Mark {
            x: m.x,
            y: m.y,
            kind: m.kind.as_str(),
            message: m.message.clone(),
        })
        .collect()
}

fn legend(p: &Picture) -> Vec<Legend> {
    p.legend
        .iter()
        .map(|l| Legend {
            glyph: l.glyph,
            fg: l.fg,
            bg: l.bg,
            meaning: l.meaning.clone(),
        })
        .collect()
}
