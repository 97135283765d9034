//! A typed view of a Frupal map: its lines, its elements with their values,
//! and the terrain grid. Elements come from the tree-sitter tree; which
//! lines are terrain rows is decided here, from the `terrain:` numbers.

use super::vocabulary::{Terrain, HEADER};
use std::ops::Range;

pub type Span = Range<usize>;

#[derive(Clone, Debug)]
pub struct Value {
    pub span: Span,
    /// All digits, with an optional sign (`+5`, `007`, `-1`).
    pub is_number: bool,
}

#[derive(Clone, Debug)]
pub struct Element {
    /// 0-based line number.
    pub line: usize,
    /// The element's text on its line, without surrounding blanks.
    pub span: Span,
    /// The name, colon included (`start:`).
    pub name: Span,
    pub values: Vec<Value>,
}

#[derive(Debug)]
pub struct TerrainGrid {
    /// Index of the `terrain:` element in [`Map::elements`].
    pub element: usize,
    pub width: usize,
    pub height: usize,
    /// The physical lines read as rows, in order (fewer than `height` when the file ends early).
    pub rows: Vec<usize>,
}

#[derive(Debug)]
pub struct Map {
    /// Each physical line's content, without its line break.
    pub lines: Vec<Span>,
    /// Every element outside the terrain grid, in file order.
    pub elements: Vec<Element>,
    pub terrain: Option<TerrainGrid>,
    /// Lines that look like terrain rows (start with `. = " ~`), wherever they are.
    pub row_like_lines: Vec<usize>,
    /// Spans the grammar could not read.
    pub syntax_errors: Vec<Span>,
}

/// A parsed whole number, saturating far outside every range.
pub fn number_value(text: &str) -> Option<i64> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude = digits.parse::<i64>().unwrap_or(i64::MAX / 2);
    Some(if text.starts_with('-') {
        -magnitude
    } else {
        magnitude
    })
}

fn line_spans(text: &str) -> Vec<Span> {
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, _) in text.match_indices('\n') {
        let end = if text[..i].ends_with('\r') { i - 1 } else { i };
        lines.push(start..end);
        start = i + 1;
    }
    lines.push(start..text.len());
    lines
}

/// `Frupal_Kingdom: terrain: 2 2` (F11): the game reads the text after the
/// header as an element of its own, and so does levls (the header keeps its
/// values, for the diagnostic about them).
fn split_after_header(text: &str, elements: &mut Vec<Element>) {
    let Some(header) = elements.first() else {
        return;
    };
    if &text[header.name.clone()] != HEADER {
        return;
    }
    let Some(first) = header.values.first() else {
        return;
    };
    let name = &text[first.span.clone()];
    if !name.ends_with(':') || super::vocabulary::element(name).is_none() {
        return;
    }
    let inner = Element {
        line: header.line,
        span: first.span.start..header.span.end,
        name: first.span.clone(),
        values: header.values[1..].to_vec(),
    };
    elements.insert(1, inner);
}

impl Map {
    pub fn read(text: &str, tree: &tree_sitter::Tree) -> Map {
        let lines = line_spans(text);
        let mut elements = Vec::new();
        let mut syntax_errors = Vec::new();
        let mut row_like_lines = Vec::new();
        let root = tree.root_node();
        let mut cursor = root.walk();
        for node in root.children(&mut cursor) {
            if node.is_error() || node.is_missing() {
                syntax_errors.push(node.byte_range());
                continue;
            }
            if node.kind() == "terrain_row" {
                row_like_lines.push(node.start_position().row);
            }
            if node.kind() != "element" {
                continue;
            }
            let Some(name) = node.child_by_field_name("name") else {
                continue;
            };
            let mut values_cursor = node.walk();
            let values = node
                .children_by_field_name("value", &mut values_cursor)
                .map(|v| Value {
                    span: v.byte_range(),
                    is_number: v.kind() == "number",
                })
                .collect();
            elements.push(Element {
                line: node.start_position().row,
                span: node.byte_range(),
                name: name.byte_range(),
                values,
            });
        }
        split_after_header(text, &mut elements);
        let mut map = Map {
            lines,
            elements,
            terrain: None,
            row_like_lines,
            syntax_errors,
        };
        map.find_terrain(text);
        map
    }

    /// The first `terrain: W H` with readable numbers claims the next H lines as rows.
    fn find_terrain(&mut self, text: &str) {
        let Some(index) = self
            .elements
            .iter()
            .position(|e| &text[e.name.clone()] == "terrain:")
        else {
            return;
        };
        let element = &self.elements[index];
        let dimension = |i: usize| {
            element
                .values
                .get(i)
                .and_then(|v| number_value(&text[v.span.clone()]))
                .filter(|n| (2..=128).contains(n))
                .map(|n| n as usize)
        };
        let (Some(width), Some(height)) = (dimension(0), dimension(1)) else {
            return;
        };
        let first = element.line + 1;
        // The empty "line" after a final line break is no line at all.
        let real_lines = self.lines.len() - usize::from(text.ends_with('\n'));
        let rows: Vec<usize> = (first..(first + height).min(real_lines)).collect();
        let last = rows.last().copied();
        // Lines inside the grid are rows, whatever they look like.
        let terrain_line = element.line;
        self.elements.retain(|e| {
            e.line == terrain_line || last.is_none_or(|last| e.line < first || e.line > last)
        });
        let element = self
            .elements
            .iter()
            .position(|e| e.line == terrain_line)
            .expect("terrain element kept");
        self.terrain = Some(TerrainGrid {
            element,
            width,
            height,
            rows,
        });
    }

    pub fn line_text<'t>(&self, text: &'t str, line: usize) -> &'t str {
        &text[self.lines[line].clone()]
    }

    /// The line holding byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        // By line starts, so an offset between `\r` and `\n` stays on its line.
        self.lines
            .partition_point(|l| l.start <= offset)
            .saturating_sub(1)
    }

    pub fn name<'t>(&self, text: &'t str, element: &Element) -> &'t str {
        &text[element.name.clone()]
    }

    /// The elements with this exact name.
    pub fn named<'m, 't: 'm>(
        &'m self,
        text: &'t str,
        name: &'m str,
    ) -> impl Iterator<Item = &'m Element> + 'm {
        self.elements
            .iter()
            .filter(move |e| &text[e.name.clone()] == name)
    }

    pub fn is_header(&self, text: &str, element: &Element) -> bool {
        self.name(text, element) == HEADER
    }
}

/// The terrain as the game reads it: `cells[y][x]`, `None` where a row is
/// short or holds a character that is not terrain.
pub struct Grid {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<Vec<Option<Terrain>>>,
}

impl Grid {
    pub fn read(text: &str, map: &Map) -> Option<Grid> {
        let terrain = map.terrain.as_ref()?;
        let mut cells = vec![vec![None; terrain.width]; terrain.height];
        for (y, &line) in terrain.rows.iter().enumerate() {
            for (x, c) in map
                .line_text(text, line)
                .chars()
                .take(terrain.width)
                .enumerate()
            {
                cells[y][x] = Terrain::from_char(c);
            }
        }
        Some(Grid {
            width: terrain.width,
            height: terrain.height,
            cells,
        })
    }

    pub fn at(&self, x: i64, y: i64) -> Option<Terrain> {
        if x < 0 || y < 0 {
            return None;
        }
        self.cells
            .get(y as usize)?
            .get(x as usize)
            .copied()
            .flatten()
    }

    /// Every cell is a terrain character: no short, blank or bad rows.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().flatten().all(Option::is_some)
    }

    pub fn contains(&self, x: i64, y: i64) -> bool {
        (0..self.width as i64).contains(&x) && (0..self.height as i64).contains(&y)
    }
}
