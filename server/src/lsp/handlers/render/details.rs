//! What a client that draws the `cells` part asks cell by cell:
//! `levls/renderCell` (the tooltip and source range of the cell under the
//! pointer or clicked) and `levls/renderCellAt` (the cell a text position
//! lights). Both read a [`CellIndex`] of the document's version: per cell a
//! tooltip number and a byte range, about 12 bytes a cell, made as the
//! pictures are drawn and kept for the document being previewed
//! ([`KeptIndex`]) instead of its pictures (about 100 bytes a cell).

use crate::lsp::documents::Snapshot;
use crate::lsp::position::{to_offset, to_range};
use crate::render::Picture;
use crate::text::Encoding;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tower_lsp_server::ls_types::{Position, Range, TextDocumentIdentifier, Uri};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CellParams {
    pub text_document: TextDocumentIdentifier,
    /// The picture's index in `levls/render`'s `pictures`.
    pub picture: usize,
    pub x: usize,
    pub y: usize,
}

#[derive(Serialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct CellDetails {
    /// The document version the answer reads.
    pub version: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tooltip: Option<String>,
    /// The text that put the cell's glyph there, in the negotiated encoding.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<Range>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CellAtParams {
    pub text_document: TextDocumentIdentifier,
    pub position: Position,
}

#[derive(Serialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct CellAt {
    pub version: i32,
    pub picture: usize,
    pub x: usize,
    pub y: usize,
}

/// The cell index of the document last drawn with `cells` (one document:
/// the one previewed).
#[derive(Default)]
pub struct KeptIndex(Mutex<Option<(Uri, Arc<CellIndex>)>>);

impl KeptIndex {
    /// Keep `index`, of `uri` (replacing the one kept).
    pub fn keep(&self, uri: Uri, index: CellIndex) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some((uri, Arc::new(index)));
    }

    /// The index of `doc`'s version: the one kept, else made now by `make`
    /// and kept. Call off the async workers.
    pub fn get_or_make(
        &self,
        doc: &Snapshot,
        make: impl FnOnce() -> Option<CellIndex>,
    ) -> Option<Arc<CellIndex>> {
        let kept = self
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .filter(|(uri, index)| *uri == doc.uri && index.version == doc.version)
            .map(|(_, index)| index.clone());
        if kept.is_some() {
            return kept;
        }
        let index = Arc::new(make()?);
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some((doc.uri.clone(), index.clone()));
        Some(index)
    }

    /// Forget `uri`'s index (the document was closed).
    pub fn forget(&self, uri: &Uri) {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if kept.as_ref().is_some_and(|(u, _)| u == uri) {
            *kept = None;
        }
    }
}

/// No source, in [`PictureIndex::sources`].
const NONE: [u32; 2] = [u32::MAX, u32::MAX];

/// The tooltips and source ranges of one version's pictures.
pub struct CellIndex {
    pub version: i32,
    pictures: Vec<PictureIndex>,
}

/// One picture's part of a [`CellIndex`].
pub struct PictureIndex {
    width: usize,
    height: usize,
    /// The distinct tooltips; `tips[i]` is cell `i`'s, plus one (0: none).
    tooltips: Vec<String>,
    tips: Vec<u32>,
    /// Each cell's source bytes, `[start, end)`, or [`NONE`].
    sources: Vec<[u32; 2]>,
}

impl CellIndex {
    /// The index of a version whose pictures gave `pictures`, in order.
    pub fn new(version: i32, pictures: Vec<PictureIndex>) -> CellIndex {
        CellIndex { version, pictures }
    }

    #[cfg(test)]
    fn of(version: i32, pictures: &[Picture]) -> CellIndex {
        CellIndex::new(version, pictures.iter().map(PictureIndex::of).collect())
    }

    pub fn details(
        &self,
        doc: &Snapshot,
        encoding: Encoding,
        picture: usize,
        x: usize,
        y: usize,
    ) -> Option<CellDetails> {
        let p = self.pictures.get(picture)?;
        if x >= p.width || y >= p.height {
            return None;
        }
        let i = y * p.width + x;
        let tooltip = p.tips[i]
            .checked_sub(1)
            .map(|t| p.tooltips[t as usize].clone());
        let range = (p.sources[i] != NONE)
            .then(|| {
                let [start, end] = p.sources[i];
                let (start, end) = (start as usize, end as usize);
                // The index belongs to this snapshot's version: in bounds.
                (end <= doc.text.len()).then(|| to_range(doc, &(start..end), encoding))
            })
            .flatten();
        Some(CellDetails {
            version: self.version,
            tooltip,
            range,
        })
    }

    /// The cell whose source holds byte `at`: the smallest range that
    /// contains it (a terrain character before the statement around it),
    /// else the smallest that ends right there (the cursor just after a
    /// statement); the first of equals.
    pub fn cell_at(&self, at: usize) -> Option<CellAt> {
        let at = u32::try_from(at).ok()?;
        // (inside, size, picture, cell)
        let mut best: Option<(bool, u32, usize, usize)> = None;
        for (n, p) in self.pictures.iter().enumerate() {
            for (i, &[start, end]) in p.sources.iter().enumerate() {
                if start == u32::MAX || at < start || at > end {
                    continue;
                }
                let inside = at < end || start == end;
                let size = end - start;
                let better = match best {
                    None => true,
                    Some((was_inside, was_size, ..)) => {
                        (inside && !was_inside) || (inside == was_inside && size < was_size)
                    }
                };
                if better {
                    best = Some((inside, size, n, i));
                }
            }
        }
        let (_, _, n, i) = best?;
        let width = self.pictures[n].width;
        Some(CellAt {
            version: self.version,
            picture: n,
            x: i % width,
            y: i / width,
        })
    }
}

impl PictureIndex {
    pub fn of(p: &Picture) -> PictureIndex {
        let mut tooltips: Vec<String> = Vec::new();
        // Cells that share a tooltip share its allocation (a WUAS space's
        // eight): one entry each, found by address, not by text.
        let mut seen: HashMap<*const u8, u32> = HashMap::new();
        let mut last: Option<(*const u8, u32)> = None;
        let tips = p
            .cells
            .iter()
            .map(|c| {
                let Some(tip) = &c.tooltip else {
                    return 0;
                };
                let at = tip.as_ptr();
                if let Some((was, n)) = last {
                    if was == at {
                        return n;
                    }
                }
                let n = *seen.entry(at).or_insert_with(|| {
                    tooltips.push(tip.to_string());
                    tooltips.len() as u32
                });
                last = Some((at, n));
                n
            })
            .collect();
        let sources = p
            .cells
            .iter()
            .map(|c| match &c.source {
                Some(r) => match (u32::try_from(r.start), u32::try_from(r.end)) {
                    (Ok(start), Ok(end)) if end != u32::MAX => [start, end],
                    _ => NONE,
                },
                None => NONE,
            })
            .collect();
        PictureIndex {
            width: p.width,
            height: p.height,
            tooltips,
            tips,
            sources,
        }
    }
}

/// The cell that the text position lights, if any.
pub fn cell_at(
    index: &CellIndex,
    doc: &Snapshot,
    position: Position,
    encoding: Encoding,
) -> Option<CellAt> {
    index.cell_at(to_offset(doc, position, encoding))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Style;

    const FLOOR: Style = Style {
        glyph: '.',
        fg: "#ffffff",
        bg: "#000000",
        meaning: "floor",
    };

    fn index() -> CellIndex {
        // A 3×1 map at bytes 10..13 and a statement (bytes 20..40) that
        // puts a monster on its middle cell; a second picture of one cell.
        let mut p = Picture::new("a", 3, 1, FLOOR);
        p.draw(0, 0, FLOOR, Some("floor".into()), Some(10..11));
        p.draw(1, 0, FLOOR, Some("a jackal".into()), Some(20..40));
        p.draw(2, 0, FLOOR, None, Some(12..13));
        // The third cell shares the first one's tooltip, as a WUAS space's cells do.
        p.cells[2].tooltip = p.cells[0].tooltip.clone();
        let mut q = Picture::new("b", 1, 1, FLOOR);
        q.draw(0, 0, FLOOR, None, Some(30..31));
        CellIndex::of(7, &[p, q])
    }

    #[test]
    fn a_shared_tooltip_is_kept_once_and_found_per_cell() {
        let index = index();
        let p = &index.pictures[0];
        assert_eq!(p.tooltips, ["floor", "a jackal"]);
        assert_eq!(p.tips, [1, 2, 1]);
        assert_eq!(index.pictures[1].tips, [0]);
    }

    #[test]
    fn a_position_lights_the_smallest_range_around_it() {
        let index = index();
        let at = |byte| index.cell_at(byte).map(|c| (c.picture, c.x, c.y));
        assert_eq!(at(10), Some((0, 0, 0)));
        assert_eq!(at(12), Some((0, 2, 0)));
        // Inside the statement, and on the one-byte range inside it.
        assert_eq!(at(25), Some((0, 1, 0)));
        assert_eq!(at(30), Some((1, 0, 0)), "the smaller range wins");
        // Just after the statement: the range that ends there.
        assert_eq!(at(40), Some((0, 1, 0)));
        assert_eq!(at(11), Some((0, 0, 0)), "the end of a one-byte range");
        assert_eq!(at(50), None);
        assert_eq!(index.cell_at(7).map(|c| c.version), None);
        assert_eq!(index.cell_at(10).unwrap().version, 7);
    }
}
