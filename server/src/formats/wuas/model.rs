//! The datafile as levls reads it, with the byte span of every part.

use super::lines::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FloorId {
    Number(i64),
    /// The reference tool's `inf` floor.
    Infinity,
}

impl std::fmt::Display for FloorId {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            FloorId::Number(n) => write!(f, "{n}"),
            FloorId::Infinity => write!(f, "inf"),
        }
    }
}

/// One character of a cell with its span: a token id, an attribute id, a label.
#[derive(Clone, Debug)]
pub struct Mark {
    pub ch: char,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Cell {
    /// The whole cell between its `|`s on the space line and on the token line.
    pub space_cell: Span,
    pub token_cell: Span,
    /// The space name as written (empty: the space `gap`).
    pub name: Span,
    /// v3+: every character after the name; v1–2: the stripped `*`/`?`.
    pub attributes: Vec<Mark>,
    pub tokens: Vec<Mark>,
    /// v4+: the character after the first `&`, with the span of `&X`.
    pub label: Option<Mark>,
}

#[derive(Clone, Debug)]
pub struct Row {
    /// Line numbers (0-based) of the border, space and token lines.
    pub border: usize,
    pub space_line: usize,
    pub token_line: usize,
    pub cells: Vec<Cell>,
}

#[derive(Clone, Debug)]
pub struct Floor {
    pub id: FloorId,
    /// The `floor=` line's span (v3+), or `None` for the single board of v1–2.
    pub line: Option<Span>,
    pub rows: Vec<Row>,
    /// The border line after the last row, if one was read there.
    pub closing_border: Option<usize>,
}

#[derive(Clone, Debug)]
pub struct TokenDef {
    pub line: usize,
    pub id: Span,
    pub name: Span,
    pub item: Span,
    pub x: Span,
    pub y: Span,
}

#[derive(Clone, Debug)]
pub struct AttributeDef {
    pub line: usize,
    pub id: Span,
    pub name: Span,
}

#[derive(Clone, Debug)]
pub struct Edge {
    pub line: usize,
    pub from: Span,
    pub to: Span,
}

#[derive(Clone, Debug)]
pub struct Metadata {
    pub key: Span,
    pub value: Span,
}

#[derive(Clone, Debug, Default)]
pub struct Datafile {
    pub version: Option<u8>,
    pub version_span: Option<Span>,
    /// The version line is damaged or missing: `version` is levls's reading.
    pub version_assumed: bool,
    pub metadata: Vec<Metadata>,
    pub floors: Vec<Floor>,
    pub tokens: Vec<TokenDef>,
    pub attributes: Vec<AttributeDef>,
    pub edges: Vec<Edge>,
}

impl Datafile {
    pub fn cells(&self) -> impl Iterator<Item = (&Floor, usize, usize, &Cell)> {
        self.floors.iter().flat_map(|f| {
            f.rows.iter().enumerate().flat_map(move |(r, row)| {
                row.cells
                    .iter()
                    .enumerate()
                    .map(move |(c, cell)| (f, r, c, cell))
            })
        })
    }

    pub fn metadata_value<'t>(&self, text: &'t str, key: &str) -> Option<&'t str> {
        self.metadata
            .iter()
            .rev()
            .find(|m| text[m.key.clone()].trim() == key)
            .map(|m| text[m.value.clone()].trim())
    }
}
