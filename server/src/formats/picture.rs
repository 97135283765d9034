//! A picture of a level's map, in no output format: a grid of coloured
//! glyphs, markers on some cells (diagnostics, candidate places) and a
//! legend. Formats build pictures from what they already read; `render/`
//! turns them into SVG or HTML. Colours are CSS hex strings.

use std::ops::Range;
use std::sync::Arc;

/// One map (a Frupal kingdom, one MAP block of a NetHack level).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub title: String,
    /// The level this map belongs to (a NetHack level's name), for
    /// `levls render --level`.
    pub level: Option<String>,
    /// The floor this map shows (a WUAS floor), for `levls render --floor`.
    pub floor: Option<String>,
    pub width: usize,
    pub height: usize,
    /// One cell per grid position, row by row (`cells[y * width + x]`).
    pub cells: Vec<Cell>,
    pub markers: Vec<Marker>,
    /// Lines between cells (WUAS graph edges), drawn over the cells.
    pub edges: Vec<Edge>,
    /// What the glyphs mean, in order of first use.
    pub legend: Vec<LegendEntry>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub x: usize,
    pub y: usize,
    pub glyph: char,
    pub fg: &'static str,
    pub bg: &'static str,
    /// Shown when the pointer rests on the cell (shared: the cells of a
    /// WUAS space, eight of them, hold one).
    pub tooltip: Option<Arc<str>>,
    /// The bytes of the source that put this glyph here (a terrain character,
    /// or the statement that places an item).
    pub source: Option<Range<usize>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerKind {
    Error,
    Warning,
    /// A place something may be put (NetHack's RANDOM_PLACES entries).
    Candidate,
}

impl MarkerKind {
    pub fn as_str(self) -> &'static str {
        match self {
            MarkerKind::Error => "error",
            MarkerKind::Warning => "warning",
            MarkerKind::Candidate => "candidate",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marker {
    pub x: usize,
    pub y: usize,
    pub kind: MarkerKind,
    pub message: String,
}

/// A line from the centre of one cell to the centre of another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    pub from: (usize, usize),
    pub to: (usize, usize),
    pub colour: &'static str,
    /// Shown when the pointer rests on the line.
    pub tooltip: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegendEntry {
    pub glyph: char,
    pub fg: &'static str,
    pub bg: &'static str,
    pub meaning: String,
}

/// How one kind of thing is drawn: glyph, colours and its legend text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub glyph: char,
    pub fg: &'static str,
    pub bg: &'static str,
    pub meaning: &'static str,
}

impl Picture {
    /// A `width`×`height` picture filled with `fill` (not added to the legend).
    pub fn new(title: impl Into<String>, width: usize, height: usize, fill: Style) -> Picture {
        let cells = (0..height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .map(|(x, y)| Cell {
                x,
                y,
                glyph: fill.glyph,
                fg: fill.fg,
                bg: fill.bg,
                tooltip: None,
                source: None,
            })
            .collect();
        Picture {
            title: title.into(),
            level: None,
            floor: None,
            width,
            height,
            cells,
            markers: Vec::new(),
            edges: Vec::new(),
            legend: Vec::new(),
        }
    }

    pub fn contains(&self, x: i64, y: i64) -> bool {
        (0..self.width as i64).contains(&x) && (0..self.height as i64).contains(&y)
    }

    pub fn cell(&self, x: usize, y: usize) -> Option<&Cell> {
        (x < self.width && y < self.height).then(|| &self.cells[y * self.width + x])
    }

    /// Draw `style` at `(x, y)` (ignored outside the picture), noting it in the legend.
    pub fn draw(
        &mut self,
        x: i64,
        y: i64,
        style: Style,
        tooltip: Option<String>,
        source: Option<Range<usize>>,
    ) {
        if !self.contains(x, y) {
            return;
        }
        let i = y as usize * self.width + x as usize;
        let cell = &mut self.cells[i];
        cell.glyph = style.glyph;
        cell.fg = style.fg;
        cell.bg = style.bg;
        cell.tooltip = tooltip.map(Arc::from);
        cell.source = source;
        self.note(style);
    }

    /// Add a line to the tooltip of `(x, y)` (ignored outside the picture).
    pub fn annotate(&mut self, x: i64, y: i64, line: &str) {
        if !self.contains(x, y) {
            return;
        }
        let cell = &mut self.cells[y as usize * self.width + x as usize];
        cell.tooltip = Some(match cell.tooltip.take() {
            Some(t) => format!("{t}\n{line}").into(),
            None => line.into(),
        });
    }

    /// Add `style` to the legend unless an entry with its glyph and meaning
    /// is there (treasure on a wall is still treasure).
    pub fn note(&mut self, style: Style) {
        if self
            .legend
            .iter()
            .any(|l| l.glyph == style.glyph && l.meaning == style.meaning)
        {
            return;
        }
        self.legend.push(LegendEntry {
            glyph: style.glyph,
            fg: style.fg,
            bg: style.bg,
            meaning: style.meaning.to_string(),
        });
    }

    /// Mark `(x, y)` (ignored outside the picture).
    pub fn mark(&mut self, x: i64, y: i64, kind: MarkerKind, message: impl Into<String>) {
        if self.contains(x, y) {
            self.markers.push(Marker {
                x: x as usize,
                y: y as usize,
                kind,
                message: message.into(),
            });
        }
    }

    /// Draw a line between two cells (ignored unless both are inside).
    pub fn connect(
        &mut self,
        from: (usize, usize),
        to: (usize, usize),
        colour: &'static str,
        tooltip: Option<String>,
    ) {
        let inside = |(x, y): (usize, usize)| x < self.width && y < self.height;
        if inside(from) && inside(to) {
            self.edges.push(Edge {
                from,
                to,
                colour,
                tooltip,
            });
        }
    }

    /// `pictures` side by side, one blank column apart, top-aligned, in one
    /// picture (for outputs of one image: SVG, PNG); the titles joined.
    pub fn beside(pictures: &[Picture]) -> Picture {
        let width = pictures
            .iter()
            .map(|p| p.width + 1)
            .sum::<usize>()
            .saturating_sub(1);
        let height = pictures.iter().map(|p| p.height).max().unwrap_or(0);
        let blank = pictures.first().and_then(|p| p.cells.first()).map_or(
            Style {
                glyph: ' ',
                fg: "#000000",
                bg: "#000000",
                meaning: "",
            },
            |c| Style {
                glyph: ' ',
                fg: c.bg,
                bg: c.bg,
                meaning: "",
            },
        );
        let titles: Vec<&str> = pictures.iter().map(|p| p.title.as_str()).collect();
        let mut all = Picture::new(titles.join(" | "), width, height, blank);
        let mut left = 0;
        for p in pictures {
            for c in &p.cells {
                let i = c.y * width + left + c.x;
                all.cells[i] = Cell {
                    x: left + c.x,
                    ..c.clone()
                };
            }
            all.markers.extend(p.markers.iter().map(|m| Marker {
                x: left + m.x,
                ..m.clone()
            }));
            all.edges.extend(p.edges.iter().map(|e| Edge {
                from: (left + e.from.0, e.from.1),
                to: (left + e.to.0, e.to.1),
                ..e.clone()
            }));
            for l in &p.legend {
                if !all.legend.contains(l) {
                    all.legend.push(l.clone());
                }
            }
            left += p.width + 1;
        }
        all
    }

    /// Title and size, [`Picture::sketch`], then [`Picture::legend_sketch`]:
    /// a whole picture as text, for snapshot tests.
    pub fn snapshot(&self) -> String {
        format!(
            "{} {}x{}\n{}{}\n",
            self.title,
            self.width,
            self.height,
            self.sketch(),
            self.legend_sketch()
        )
    }

    /// The legend as text, `glyph fg on bg: meaning` per line: for snapshot tests.
    pub fn legend_sketch(&self) -> String {
        self.legend
            .iter()
            .map(|l| format!("{} {} on {}: {}", l.glyph, l.fg, l.bg, l.meaning))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The glyphs as text, one line per row, then one line per marker: for
    /// snapshot tests and quick looks.
    pub fn sketch(&self) -> String {
        let mut out = String::new();
        for row in self.cells.chunks(self.width.max(1)) {
            out.extend(row.iter().map(|c| c.glyph));
            out.push('\n');
        }
        for e in &self.edges {
            out.push_str(&format!(
                "edge ({},{})-({},{})\n",
                e.from.0, e.from.1, e.to.0, e.to.1
            ));
        }
        for m in &self.markers {
            out.push_str(&format!(
                "{} ({},{}): {}\n",
                m.kind.as_str(),
                m.x,
                m.y,
                m.message
            ));
        }
        out
    }
}
