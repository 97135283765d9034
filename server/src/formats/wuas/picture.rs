//! Each floor as the board the author wrote: every space is a block of 4×2
//! picture cells, like its box of two text lines. The top row holds the
//! first letters of the space name and an attribute slot, the bottom row up
//! to three tokens and the label slot; the block is coloured by its space
//! name. Graph edges between labels of one floor are lines, and the
//! diagnostics on a cell (or on an edge) are markers (`docs/render.md`).

use super::hover::{place, space_name_in};
use super::lines::{Line, Span};
use super::model::{Cell, Datafile, Floor, TokenDef};
use super::reader::read_of;
use crate::formats::picture::{LegendEntry, MarkerKind, Picture, Style};
use crate::formats::{Diagnostic, Severity, SourceFile};
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Write;
use std::rc::Rc;
use std::sync::Arc;

/// Picture cells per board space.
pub const BLOCK_WIDTH: usize = 4;
pub const BLOCK_HEIGHT: usize = 2;
/// Slots in a block: name letters, then the attribute; tokens, then the label.
const NAME_SLOTS: usize = 3;
const TOKEN_SLOTS: usize = 3;

const BLACK: &str = "#000000";
const WHITE: &str = "#ffffff";
const RED: &str = "#d50000";
const ATTRIBUTE_BG: &str = "#ffee58";
const LABEL_BG: &str = "#aa00ff";
/// Graph edges share the labels' colour: a line joins two purple badges.
const EDGE: &str = LABEL_BG;

/// Where a row is shorter than the floor's longest: no space at all.
const NO_CELL: Style = Style {
    glyph: ' ',
    fg: WHITE,
    bg: BLACK,
    meaning: "no cell: a row shorter than the floor's longest (the validator crashes)",
};

/// Space names whose colour says what they are (background, glyph colour).
fn known_colours(name: &str) -> Option<(&'static str, &'static str)> {
    Some(match name {
        // The game draws nothing for a gap: the page shows through.
        "gap" => (WHITE, BLACK),
        "fire" => ("#e53935", WHITE),
        "lava" => ("#ff6f00", BLACK),
        "water" => ("#1e88e5", WHITE),
        "sky" => ("#b3e5fc", BLACK),
        "grass" => ("#66bb6a", BLACK),
        "tree" => ("#2e7d32", WHITE),
        "ash" => ("#9e9e9e", BLACK),
        "black" => ("#212121", WHITE),
        "neutral" => ("#f5f5dc", BLACK),
        "dirt" => ("#795548", WHITE),
        "start" => ("#fff176", BLACK),
        _ => return None,
    })
}

/// Colours for the other names, picked by a stable hash of the name.
const PALETTE: [(&str, &str); 16] = [
    ("#8d6e63", WHITE),
    ("#ffb74d", BLACK),
    ("#aed581", BLACK),
    ("#4db6ac", BLACK),
    ("#7e57c2", WHITE),
    ("#f06292", BLACK),
    ("#3949ab", WHITE),
    ("#ffd54f", BLACK),
    ("#4fc3f7", BLACK),
    ("#dce775", BLACK),
    ("#ba68c8", BLACK),
    ("#90a4ae", BLACK),
    ("#ff8a65", BLACK),
    ("#00897b", WHITE),
    ("#e57373", BLACK),
    ("#c0ca33", BLACK),
];

/// FNV-1a: the same name gets the same colour in every file and every build.
fn stable_hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// One colour per space name of the file, in order of first use: a known
/// name's own colour, else the hashed palette entry, moving on to the next
/// free entry when another name of the file already has it.
fn space_colours<'t>(
    names: impl Iterator<Item = std::borrow::Cow<'t, str>>,
) -> HashMap<String, (&'static str, &'static str)> {
    let mut colours: HashMap<String, (&'static str, &'static str)> = HashMap::new();
    for name in names {
        if colours.contains_key(name.as_ref()) {
            continue;
        }
        let colour = known_colours(&name).unwrap_or_else(|| {
            let start = (stable_hash(&name) % PALETTE.len() as u64) as usize;
            (0..PALETTE.len())
                .map(|i| PALETTE[(start + i) % PALETTE.len()])
                .find(|c| !colours.values().any(|used| used == c))
                .unwrap_or(PALETTE[start])
        });
        colours.insert(name.into_owned(), colour);
    }
    colours
}

/// Is `at` inside `span` (an empty span: at its start)?
fn within(span: &Span, at: usize) -> bool {
    span.start <= at && (at < span.end || span.is_empty() && at == span.start)
}

/// The only character of `s`, if it has exactly one.
fn single(s: &str) -> Option<char> {
    let mut chars = s.chars();
    chars.next().filter(|_| chars.next().is_none())
}

/// A label's place: floor index, row and column.
type LabelAt = (usize, usize, usize);

struct Board<'t> {
    text: &'t str,
    version: u8,
    data: &'t Datafile,
    lines: &'t [Line],
    /// The token and attribute tables (a later line replaces an earlier one, as in the tool).
    tokens: HashMap<&'t str, &'t TokenDef>,
    attributes: HashMap<&'t str, &'t str>,
    /// Each label's first cell (a repeated label is an error the markers show).
    labels: HashMap<char, LabelAt>,
    colours: HashMap<String, (&'static str, &'static str)>,
    /// Each token's and attribute's colour and meaning, made once: a large
    /// board names the same few on every space (`'t'`/`'a'` and the id).
    meanings: RefCell<HashMap<(char, char), Meaning>>,
}

/// A token's or attribute's glyph colour and what it is.
type Meaning = (&'static str, Rc<str>);

/// What a block shows and where its parts are written.
struct Slot {
    glyph: char,
    fg: &'static str,
    bg: &'static str,
    source: Span,
    /// The legend line for this glyph, if it is not the space's.
    meaning: Option<Rc<str>>,
}

pub fn pictures(file: &SourceFile, diagnostics: &[Diagnostic]) -> Vec<Picture> {
    let mut pictures = Vec::new();
    each_picture(file, diagnostics, &mut |p| {
        pictures.push(p);
        true
    });
    pictures
}

/// The floors' pictures one at a time, in file order, until `each` says
/// stop: a caller keeps only what it takes from each (a 5 MB board's
/// pictures are a hundred megabytes at once).
pub fn each_picture(
    file: &SourceFile,
    diagnostics: &[Diagnostic],
    each: &mut dyn FnMut(Picture) -> bool,
) {
    let read = read_of(file);
    let data = &read.file;
    let text = file.text;
    let version = data.version.unwrap_or(5);
    let mut labels = HashMap::new();
    for (f, floor) in data.floors.iter().enumerate() {
        for (r, row) in floor.rows.iter().enumerate() {
            for (c, cell) in row.cells.iter().enumerate() {
                if let Some(label) = &cell.label {
                    labels.entry(label.ch).or_insert((f, r, c));
                }
            }
        }
    }
    let board = Board {
        text,
        version,
        data,
        lines: &read.lines,
        tokens: data
            .tokens
            .iter()
            .map(|t| (&text[t.id.clone()], t))
            .collect(),
        attributes: data
            .attributes
            .iter()
            .map(|a| (&text[a.id.clone()], &text[a.name.clone()]))
            .collect(),
        labels,
        colours: space_colours(
            data.cells()
                .map(|(_, _, _, cell)| space_name_in(text, version, cell)),
        ),
        meanings: RefCell::default(),
    };
    let markers: Vec<(usize, MarkerKind, String)> = diagnostics
        .iter()
        .filter_map(|d| {
            let kind = match d.severity {
                Severity::Error => MarkerKind::Error,
                Severity::Warning => MarkerKind::Warning,
                _ => return None,
            };
            Some((d.range.start, kind, format!("{}: {}", d.code, d.message)))
        })
        .collect();
    // Floors cut short before their first row have nothing to draw.
    let drawn =
        (0..data.floors.len()).filter(|&f| data.floors[f].rows.iter().any(|r| !r.cells.is_empty()));
    for f in drawn {
        let mut picture = board.floor(f);
        board.edges(f, &mut picture);
        for (at, kind, message) in &markers {
            for (x, y) in board.places_of(f, *at) {
                picture.mark(x as i64, y as i64, *kind, message.clone());
            }
        }
        if !each(picture) {
            return;
        }
    }
}

impl Board<'_> {
    fn floor(&self, f: usize) -> Picture {
        let floor = &self.data.floors[f];
        let columns = floor.rows.iter().map(|r| r.cells.len()).max().unwrap_or(0);
        let mut picture = Picture::new(
            format!("floor {}", floor.id),
            columns * BLOCK_WIDTH,
            floor.rows.len() * BLOCK_HEIGHT,
            NO_CELL,
        );
        picture.floor = Some(floor.id.to_string());
        for (r, row) in floor.rows.iter().enumerate() {
            if row.cells.len() < columns {
                picture.note(NO_CELL);
            }
            for (c, cell) in row.cells.iter().enumerate() {
                self.block(&mut picture, floor, r, c, cell);
            }
        }
        picture
    }

    /// Draw the space at row `r`, column `c` as its block.
    fn block(&self, picture: &mut Picture, floor: &Floor, r: usize, c: usize, cell: &Cell) {
        let name = space_name_in(self.text, self.version, cell);
        let tooltip: Arc<str> = self.describe(floor, r, c, cell, &name).into();
        let (x0, y0) = (c * BLOCK_WIDTH, r * BLOCK_HEIGHT);
        let written = self.text[cell.space_cell.clone()].trim();
        // v3+: a cell that does not start with a letter has no name at all.
        let unreadable = cell.name.is_empty() && self.version >= 3 && !written.is_empty();
        let (bg, fg) = if unreadable {
            (RED, WHITE)
        } else {
            self.colours
                .get(name.as_ref())
                .copied()
                .unwrap_or((WHITE, BLACK))
        };
        // A gap is drawn empty, as the game draws nothing there, whether it
        // is written `gap` or left blank.
        let shown: &str = if unreadable {
            written
        } else if name == "gap" {
            ""
        } else {
            &name
        };
        let mut letters = [' '; NAME_SLOTS];
        for (slot, letter) in letters.iter_mut().zip(shown.chars()) {
            *slot = letter;
        }
        let glyph = letters[0];
        if unreadable {
            add_legend(picture, glyph, fg, bg, "not a space name (the tool fails)");
        } else if name == "gap" {
            add_legend(picture, glyph, fg, bg, "space gap (an empty cell or `gap`)");
        } else if !picture
            .legend
            .iter()
            .any(|l| l.glyph == glyph && l.meaning.strip_prefix("space ") == Some(&name))
        {
            add_legend(picture, glyph, fg, bg, &format!("space {name}"));
        }
        let plain = |glyph: char, source: &Span| Slot {
            glyph,
            fg,
            bg,
            source: source.clone(),
            meaning: None,
        };
        // (Arrays, not vectors: a large board has 150,000 blocks.)
        let top: [Slot; BLOCK_WIDTH] = [
            plain(letters[0], &cell.space_cell),
            plain(letters[1], &cell.space_cell),
            plain(letters[2], &cell.space_cell),
            match &cell.attributes[..] {
                [] => plain(' ', &cell.space_cell),
                [one] => self.attribute_slot(one.ch, one.span.clone()),
                [first, .., last] => more(ATTRIBUTE_BG, first.span.start..last.span.end),
            },
        ];
        let tokens = &cell.tokens;
        // Up to three tokens; more: two and `…` for the rest.
        let token = |i: usize| {
            if tokens.len() > TOKEN_SLOTS && i == TOKEN_SLOTS - 1 {
                let rest = &tokens[TOKEN_SLOTS - 1..];
                more(WHITE, rest[0].span.start..rest[rest.len() - 1].span.end)
            } else if let Some(t) = tokens.get(i) {
                self.token_slot(t.ch, t.span.clone())
            } else {
                plain(' ', &cell.token_cell)
            }
        };
        let bottom: [Slot; BLOCK_WIDTH] = [
            token(0),
            token(1),
            token(2),
            match &cell.label {
                Some(label) => Slot {
                    glyph: label.ch,
                    fg: WHITE,
                    bg: LABEL_BG,
                    source: label.span.clone(),
                    meaning: Some(Rc::from(
                        "a label (the character after `&`); lines are graph edges",
                    )),
                },
                None => plain(' ', &cell.token_cell),
            },
        ];
        for (dy, slots) in [top, bottom].into_iter().enumerate() {
            for (dx, slot) in slots.into_iter().enumerate() {
                let (x, y) = (x0 + dx, y0 + dy);
                // The picture is as wide as the floor's longest row: every block fits.
                let target = &mut picture.cells[y * picture.width + x];
                target.glyph = slot.glyph;
                target.fg = slot.fg;
                target.bg = slot.bg;
                target.tooltip = Some(tooltip.clone());
                target.source = Some(slot.source);
                if let Some(meaning) = &slot.meaning {
                    // The label badge is explained once, with `&` as its glyph.
                    let glyph = if slot.bg == LABEL_BG { '&' } else { slot.glyph };
                    add_legend(picture, glyph, slot.fg, slot.bg, meaning);
                }
            }
        }
    }

    fn attribute_slot(&self, id: char, source: Span) -> Slot {
        let (fg, meaning) = self.attribute(id);
        Slot {
            glyph: id,
            fg,
            bg: ATTRIBUTE_BG,
            source,
            meaning: Some(meaning),
        }
    }

    /// The attribute's glyph colour and what it is (legend and tooltip).
    fn attribute(&self, id: char) -> (&'static str, Rc<str>) {
        self.meaning(('a', id), || self.describe_attribute(id))
    }

    /// A token's or attribute's colour and meaning, made the first time.
    fn meaning(
        &self,
        key: (char, char),
        make: impl FnOnce() -> (&'static str, String),
    ) -> (&'static str, Rc<str>) {
        if let Some((fg, meaning)) = self.meanings.borrow().get(&key) {
            return (fg, meaning.clone());
        }
        let (fg, meaning) = make();
        let meaning: Rc<str> = meaning.into();
        self.meanings
            .borrow_mut()
            .insert(key, (fg, meaning.clone()));
        (fg, meaning)
    }

    fn describe_attribute(&self, id: char) -> (&'static str, String) {
        if self.version <= 2 {
            (
                "#616161",
                format!("`{id}` stripped by the tool (before version 3 not an attribute)"),
            )
        } else {
            match self.attributes.get(id.to_string().as_str()) {
                Some(name) => (BLACK, format!("attribute {id}: {name}")),
                None => (RED, format!("attribute {id}: not in the attribute table")),
            }
        }
    }

    fn token_slot(&self, id: char, source: Span) -> Slot {
        let (fg, meaning) = self.token(id);
        Slot {
            glyph: id,
            fg,
            bg: WHITE,
            source,
            meaning: Some(meaning),
        }
    }

    /// The token's glyph colour and what it is (legend and tooltip).
    fn token(&self, id: char) -> (&'static str, Rc<str>) {
        self.meaning(('t', id), || self.describe_token(id))
    }

    fn describe_token(&self, id: char) -> (&'static str, String) {
        match self.tokens.get(id.to_string().as_str()) {
            Some(t) => {
                let mut meaning = format!("token {id}: {}", self.token_text(t));
                let hidden = self.hidden(t);
                if hidden {
                    meaning.push_str(" (hidden from players)");
                }
                (if hidden { "#9e9e9e" } else { BLACK }, meaning)
            }
            None => (RED, format!("token {id}: not in the token table")),
        }
    }

    /// `death`, or `item goldcoin` when the token carries an item.
    fn token_text(&self, t: &TokenDef) -> String {
        let (name, item) = (&self.text[t.name.clone()], &self.text[t.item.clone()]);
        if item == "nil" {
            name.to_string()
        } else {
            format!("{name} {item}")
        }
    }

    fn hidden(&self, t: &TokenDef) -> bool {
        self.version >= 5 && self.text[t.name.clone()].ends_with("_HIDDEN")
    }

    /// The block's tooltip: the place and the space, then each attribute,
    /// token and the label with its graph edges.
    fn describe(&self, floor: &Floor, r: usize, c: usize, cell: &Cell, name: &str) -> String {
        let written = self.text[cell.space_cell.clone()].trim();
        let mut out = place(floor, r, c);
        out.push_str(": ");
        if cell.name.is_empty() && self.version >= 3 && !written.is_empty() {
            let _ = write!(out, "`{written}` is not a space name (the tool fails)");
        } else if cell.name.is_empty() {
            out.push_str("gap (an empty cell)");
        } else {
            out.push_str(name);
        }
        for a in &cell.attributes {
            out.push('\n');
            out.push_str(&self.attribute(a.ch).1);
        }
        for t in &cell.tokens {
            out.push('\n');
            out.push_str(&self.token(t.ch).1);
        }
        if let Some(label) = &cell.label {
            let _ = write!(out, "\nlabel &{}", label.ch);
            for e in &self.data.edges {
                let ends = [&self.text[e.from.clone()], &self.text[e.to.clone()]];
                let Some(other) = (if single(ends[0]) == Some(label.ch) {
                    Some(ends[1])
                } else if single(ends[1]) == Some(label.ch) {
                    Some(ends[0])
                } else {
                    None
                }) else {
                    continue;
                };
                let edge = format!("{}--{}", ends[0], ends[1]);
                let here = self.labels.get(&label.ch).map(|l| l.0);
                let there = single(other).and_then(|o| self.labels.get(&o));
                out.push('\n');
                out.push_str(&match there {
                    None => format!("edge {edge}: no cell has the label {other}"),
                    Some(&(f, r, c)) => {
                        let at = place(&self.data.floors[f], r, c);
                        if Some(f) == here {
                            format!("edge {edge}: to {at}")
                        } else {
                            format!("edge {edge}: to {at}, another floor (not drawn; the validator rejects it)")
                        }
                    }
                });
            }
        }
        out
    }

    /// The picture cell of a label's badge.
    fn label_cell(&self, at: LabelAt) -> (usize, usize) {
        let (_, r, c) = at;
        (c * BLOCK_WIDTH + BLOCK_WIDTH - 1, r * BLOCK_HEIGHT + 1)
    }

    /// The ends of an edge, when both are labels.
    fn edge_ends(&self, e: &super::model::Edge) -> Option<(LabelAt, LabelAt)> {
        let end = |s: &Span| single(&self.text[s.clone()]).and_then(|c| self.labels.get(&c));
        Some((*end(&e.from)?, *end(&e.to)?))
    }

    /// Lines for the graph edges whose two labels are on floor `f`.
    fn edges(&self, f: usize, picture: &mut Picture) {
        for e in &self.data.edges {
            let Some((from, to)) = self.edge_ends(e) else {
                continue;
            };
            if from.0 == f && to.0 == f {
                let tooltip = format!(
                    "graph edge {}--{}",
                    &self.text[e.from.clone()],
                    &self.text[e.to.clone()]
                );
                picture.connect(
                    self.label_cell(from),
                    self.label_cell(to),
                    EDGE,
                    Some(tooltip),
                );
            }
        }
    }

    /// Where on floor `f` a diagnostic at byte `at` stands: the part of a
    /// cell it is on (a token, an attribute, the label, else the block's
    /// first cell on that line), the nearest block of its row, or, on a
    /// graph edge's line, both ends' labels. Elsewhere (header, borders,
    /// tables) nowhere: `levls check` lists those.
    fn places_of(&self, f: usize, at: usize) -> Vec<(usize, usize)> {
        let floor = &self.data.floors[f];
        for (r, row) in floor.rows.iter().enumerate() {
            let y0 = r * BLOCK_HEIGHT;
            for (line, dy) in [(row.space_line, 0), (row.token_line, 1)] {
                let Some(line) = self.lines.get(line) else {
                    continue;
                };
                if !(line.span.start <= at && at <= line.span.end) {
                    continue;
                }
                let starts = |c: &Cell| {
                    if dy == 0 {
                        c.space_cell.start
                    } else {
                        c.token_cell.start
                    }
                };
                let c = row
                    .cells
                    .iter()
                    .filter(|cell| starts(cell) <= at)
                    .count()
                    .saturating_sub(1);
                let x0 = c * BLOCK_WIDTH;
                let Some(cell) = row.cells.get(c) else {
                    return vec![(x0, y0 + dy)];
                };
                return vec![self
                    .slot_of(cell, at)
                    .map_or((x0, y0 + dy), |(dx, dy)| (x0 + dx, y0 + dy))];
            }
        }
        let mut out = Vec::new();
        for e in &self.data.edges {
            let on_line = self
                .lines
                .get(e.line)
                .is_some_and(|l| l.span.start <= at && at <= l.span.end);
            if !on_line {
                continue;
            }
            for s in [&e.from, &e.to] {
                let label = single(&self.text[s.clone()]).and_then(|c| self.labels.get(&c));
                if let Some(&l) = label.filter(|l| l.0 == f) {
                    if !out.contains(&self.label_cell(l)) {
                        out.push(self.label_cell(l));
                    }
                }
            }
        }
        out
    }

    /// The slot of `cell` (offset in its block) that shows the mark at `at`.
    fn slot_of(&self, cell: &Cell, at: usize) -> Option<(usize, usize)> {
        if cell.label.as_ref().is_some_and(|l| within(&l.span, at)) {
            return Some((BLOCK_WIDTH - 1, 1));
        }
        if cell.attributes.iter().any(|a| within(&a.span, at)) {
            return Some((BLOCK_WIDTH - 1, 0));
        }
        let i = cell.tokens.iter().position(|t| within(&t.span, at))?;
        // Tokens past the last slot are behind its `…`.
        let shown = if cell.tokens.len() <= TOKEN_SLOTS {
            i
        } else {
            i.min(TOKEN_SLOTS - 1)
        };
        Some((shown, 1))
    }
}

/// `…`: more attributes or tokens than the block has room for.
fn more(bg: &'static str, source: Span) -> Slot {
    Slot {
        glyph: '…',
        fg: BLACK,
        bg,
        source,
        meaning: Some("more than fit in the block: see the tooltip".into()),
    }
}

/// A legend line with a meaning taken from the file (the picture's own
/// [`Picture::note`] wants one fixed in the code).
fn add_legend(
    picture: &mut Picture,
    glyph: char,
    fg: &'static str,
    bg: &'static str,
    meaning: &str,
) {
    if picture
        .legend
        .iter()
        .any(|l| l.glyph == glyph && l.meaning == meaning)
    {
        return;
    }
    picture.legend.push(LegendEntry {
        glyph,
        fg,
        bg,
        meaning: meaning.to_string(),
    });
}

#[cfg(test)]
mod tests;
