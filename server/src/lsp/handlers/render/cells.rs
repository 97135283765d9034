//! The `cells` part of `levls/render`: a picture as data, for a client that
//! draws it itself (VS Code's preview draws on a canvas): the glyph rows, a
//! palette and each cell's index into it, markers, edges and the legend, and
//! a hash of all of it. A client that already holds a picture names its hash
//! in `known` and gets only the hash back: an edit to one floor of a large
//! WUAS board sends that floor alone.
//!
//! Tooltips and source ranges are not in it: a 5 MB WUAS board has 150,000
//! distinct tooltips, more than the rest of the picture. The client asks for
//! the cell under the pointer or the cursor ([`super::details`]).

use super::{Colours, Legend, Mark};
use crate::render::Picture;
use serde::Serialize;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

#[derive(Serialize, Debug)]
pub struct CellData {
    /// The glyphs, one string per row (`width` characters each).
    pub rows: Vec<String>,
    pub palette: Vec<Colours>,
    /// Each cell's index into `palette`, row by row, as one character
    /// (U+0100 + index): two bytes a cell in JSON, never escaped.
    pub paint: String,
    pub marks: Vec<Mark>,
    pub edges: Vec<EdgeData>,
    pub legend: Vec<Legend>,
    /// The cells' tooltips, inline: only for pictures no cell request can
    /// reach (the game's samples, made anew for each answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tooltips: Option<Tooltips>,
}

#[derive(Serialize, Debug)]
pub struct Tooltips {
    /// The distinct tooltips…
    pub texts: Vec<String>,
    /// …and each cell's, as one character: U+0100 for none, else U+0100
    /// plus its index in `texts` plus one.
    pub cells: String,
}

#[derive(Serialize, Debug, Hash)]
pub struct EdgeData {
    pub from: [usize; 2],
    pub to: [usize; 2],
    pub colour: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tooltip: Option<String>,
}

/// The first character of `paint`: index 0.
const PAINT_BASE: u32 = 0x100;
/// The most colour pairs `paint` can name below the surrogates.
const MAX_PALETTE: usize = (0xD800 - PAINT_BASE) as usize;

/// Each cell's colour pair as an index into the distinct pairs, in order of
/// first use (cells of one block share their pair: the previous one is
/// checked before the table).
pub fn palette(p: &Picture) -> (Vec<Colours>, Vec<u16>) {
    let mut palette: Vec<Colours> = Vec::new();
    let mut index: HashMap<Colours, u16> = HashMap::new();
    let mut last: Option<(&str, &str, u16)> = None;
    let paint = p
        .cells
        .iter()
        .map(|c| {
            if let Some((fg, bg, i)) = last {
                if fg == c.fg && bg == c.bg {
                    return i;
                }
            }
            let colours = Colours { fg: c.fg, bg: c.bg };
            let i = *index.entry(colours.clone()).or_insert_with(|| {
                palette.push(colours);
                (palette.len() - 1).min(u16::MAX as usize) as u16
            });
            last = Some((c.fg, c.bg, i));
            i
        })
        .collect();
    (palette, paint)
}

/// The picture as data and its hash.
pub fn cell_data(p: &Picture) -> (CellData, String) {
    let (palette, indices) = palette(p);
    let paint: String = indices
        .iter()
        .map(|&i| {
            // A picture of more colour pairs than that draws the rest in the last one.
            let i = (i as usize).min(MAX_PALETTE - 1) as u32;
            char::from_u32(PAINT_BASE + i).unwrap_or('\u{100}')
        })
        .collect();
    let data = CellData {
        rows: super::glyph_rows(p),
        palette,
        paint,
        marks: super::marks(p),
        edges: p
            .edges
            .iter()
            .map(|e| EdgeData {
                from: [e.from.0, e.from.1],
                to: [e.to.0, e.to.1],
                colour: e.colour,
                tooltip: e.tooltip.clone(),
            })
            .collect(),
        legend: super::legend(p),
        tooltips: None,
    };
    let hash = hash_of(&p.title, p.width, p.height, &data);
    (data, hash)
}

/// The cells' tooltips of `p`, for [`CellData::tooltips`].
pub fn tooltips(p: &Picture) -> Tooltips {
    let mut texts: Vec<String> = Vec::new();
    let mut seen: HashMap<&str, u32> = HashMap::new();
    let cells = p
        .cells
        .iter()
        .map(|c| {
            let n = c.tooltip.as_deref().map_or(0, |t| {
                *seen.entry(t).or_insert_with(|| {
                    texts.push(t.to_string());
                    texts.len() as u32
                })
            });
            char::from_u32(PAINT_BASE + n.min(MAX_PALETTE as u32 - 1)).unwrap_or('\u{100}')
        })
        .collect();
    Tooltips { texts, cells }
}

/// A digest of everything drawn, as 16 hex digits. `DefaultHasher::new()`
/// has fixed keys: the same picture hashes the same in every run.
fn hash_of(title: &str, width: usize, height: usize, data: &CellData) -> String {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (title, width, height).hash(&mut h);
    data.rows.hash(&mut h);
    data.paint.hash(&mut h);
    for c in &data.palette {
        (c.fg, c.bg).hash(&mut h);
    }
    for m in &data.marks {
        (m.x, m.y, m.kind, &m.message).hash(&mut h);
    }
    data.edges.hash(&mut h);
    for l in &data.legend {
        (l.glyph, l.fg, l.bg, &l.meaning).hash(&mut h);
    }
    format!("{:016x}", h.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::{MarkerKind, Style};

    const FLOOR: Style = Style {
        glyph: '.',
        fg: "#ffffff",
        bg: "#000000",
        meaning: "floor",
    };
    const DOOR: Style = Style {
        glyph: '+',
        fg: "#aa5500",
        bg: "#000000",
        meaning: "door",
    };

    #[test]
    fn paint_names_each_cells_colours_in_two_bytes() {
        let mut p = Picture::new("t", 3, 2, FLOOR);
        p.draw(1, 0, DOOR, Some("a door".into()), Some(4..5));
        p.mark(2, 1, MarkerKind::Error, "bad");
        let (data, hash) = cell_data(&p);
        assert_eq!(data.rows, [".+.", "..."]);
        assert_eq!(data.palette.len(), 2);
        let indices: Vec<u32> = data.paint.chars().map(|c| c as u32 - PAINT_BASE).collect();
        assert_eq!(indices, [0, 1, 0, 0, 0, 0]);
        assert_eq!(data.paint.len(), 12, "two bytes a cell");
        assert_eq!(
            serde_json::to_string(&data.paint).unwrap().len(),
            14,
            "no escapes"
        );
        assert_eq!(data.marks.len(), 1);
        assert_eq!(hash.len(), 16);
    }

    #[test]
    fn inline_tooltips_name_each_cells_once() {
        let mut p = Picture::new("t", 3, 1, FLOOR);
        p.draw(0, 0, FLOOR, Some("a".into()), None);
        p.draw(2, 0, DOOR, Some("a".into()), None);
        let t = tooltips(&p);
        assert_eq!(t.texts, ["a"]);
        let cells: Vec<u32> = t.cells.chars().map(|c| c as u32 - PAINT_BASE).collect();
        assert_eq!(cells, [1, 0, 1]);
    }

    #[test]
    fn the_hash_follows_what_is_drawn_and_nothing_else() {
        let mut p = Picture::new("t", 3, 2, FLOOR);
        // (Drawing puts the style in the legend, which is drawn.)
        p.draw(1, 0, FLOOR, None, None);
        let (_, before) = cell_data(&p);
        // A tooltip or a source range is not drawn: the same picture.
        p.draw(0, 0, FLOOR, Some("moved".into()), Some(40..41));
        assert_eq!(cell_data(&p).1, before);
        p.draw(0, 0, DOOR, None, None);
        let (_, door) = cell_data(&p);
        assert_ne!(door, before, "a glyph changed");
        p.mark(0, 0, MarkerKind::Warning, "hm");
        assert_ne!(cell_data(&p).1, door, "a marker came");
        let mut q = p.clone();
        q.title = "u".into();
        assert_ne!(cell_data(&q).1, cell_data(&p).1, "another title");
    }
}
