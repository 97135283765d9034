//! A typed view of a Frupal map: its lines, its elements with their values,
//! and the terrain grid. Lines are read from the text as the grammar reads
//! them (`grammars/tree-sitter-frupal`: a comment, an element of blank-split
//! words, or a terrain row); which lines are terrain rows is decided here,
//! from the `terrain:` numbers.
//!
//! The text is read without tree-sitter: the grammar is one flat list of
//! lines, whose reparse re-walks every line after an edit (7 ms a key in a
//! megabyte) and whose tree was most of a map's memory. A test holds this
//! reading equal to the tree's on every real map and thousands of edits.

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
    /// Where its values are in [`Map::values`] (one list for the whole map:
    /// a megabyte has tens of thousands of elements, each its own allocation
    /// to make and free again at every key).
    pub values: Range<usize>,
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
    /// The values of every element read, in file order ([`Map::values_of`]).
    pub values: Vec<Value>,
    pub terrain: Option<TerrainGrid>,
    /// Lines that look like terrain rows (start with `. = " ~`), wherever they are.
    pub row_like_lines: Vec<usize>,
    /// Spans the grammar could not read.
    pub syntax_errors: Vec<Span>,
}

/// The grammar's `number`: digits with an optional sign.
pub fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A parsed whole number, saturating far outside every range.
pub fn number_value(text: &str) -> Option<i64> {
    if !is_number(text) {
        return None;
    }
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let magnitude = digits.parse::<i64>().unwrap_or(i64::MAX / 2);
    Some(if text.starts_with('-') {
        -magnitude
    } else {
        magnitude
    })
}

/// `Frupal_Kingdom: terrain: 2 2` (F11): the game reads the text after the
/// header as an element of its own, and so does levls (the header keeps its
/// values, for the diagnostic about them).
fn split_after_header(text: &str, elements: &mut Vec<Element>, values: &[Value]) {
    let Some(header) = elements.first() else {
        return;
    };
    if &text[header.name.clone()] != HEADER {
        return;
    }
    let Some(first) = values[header.values.clone()].first() else {
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
        values: header.values.start + 1..header.values.end,
    };
    elements.insert(1, inner);
}

/// Blank for the grammar's words (`\s`): these, and nothing beyond ASCII.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// What the grammar cannot read past: a blank that is not a space or tab (a
/// `\r` not ending the line, a vertical tab, a form feed), and NUL (the end
/// of the text to tree-sitter's lexer).
fn is_unreadable(b: u8) -> bool {
    b == 0 || (is_space(b) && !matches!(b, b' ' | b'\t'))
}

impl Map {
    /// Reads `text` line by line as the grammar does. A line is its first
    /// word's kind: `#` a comment, `. = " ~` a terrain row, anything else an
    /// element (its name, then values split at blanks, each a number when it
    /// is all digits with an optional sign). The grammar cannot read past a
    /// `\r` inside a line or a NUL, nor past a vertical tab or a form feed
    /// outside a comment or a row: from there to the line's last word is a
    /// syntax error (tree-sitter's recovery drew that error's bounds on its
    /// own terms; the line is the same).
    pub fn read(text: &str) -> Map {
        let lines: Vec<Span> = crate::text::line_contents(text).collect();
        let bytes = text.as_bytes();
        let mut elements = Vec::new();
        let mut values = Vec::new();
        let mut syntax_errors = Vec::new();
        let mut row_like_lines = Vec::new();
        // One buffer for every line's words.
        let mut words = Vec::new();
        for (line, span) in lines.iter().enumerate() {
            let end = span.end;
            let mut at = span.start;
            // Tree-sitter skips a byte order mark at the start of the text.
            if line == 0 && text.starts_with('\u{feff}') {
                at += '\u{feff}'.len_utf8();
            }
            while at < end && matches!(bytes[at], b' ' | b'\t') {
                at += 1;
            }
            // A comment or a row is the rest of its line, blanks and all.
            let whole_line = at < end && matches!(bytes[at], b'#' | b'.' | b'=' | b'"' | b'~');
            let readable_end = if whole_line {
                memchr::memchr2(b'\r', 0, &bytes[at..end]).map(|i| at + i)
            } else {
                (at..end).find(|&i| is_unreadable(bytes[i]))
            }
            .unwrap_or(end);
            if readable_end < end {
                // Up to the line's last word: the blanks after it are blanks.
                let last = (readable_end + 1..end)
                    .rev()
                    .find(|&i| !matches!(bytes[i], b' ' | b'\t'))
                    .map_or(readable_end + 1, |i| i + 1);
                syntax_errors.push(readable_end..last);
            }
            if at == readable_end {
                continue;
            }
            match bytes[at] {
                b'#' => {}
                b'.' | b'=' | b'"' | b'~' => row_like_lines.push(line),
                _ => {
                    words.clear();
                    while at < readable_end {
                        let start = at;
                        while at < readable_end && !is_space(bytes[at]) {
                            at += 1;
                        }
                        words.push(start..at);
                        while at < readable_end && matches!(bytes[at], b' ' | b'\t') {
                            at += 1;
                        }
                    }
                    let name = words[0].clone();
                    let first_value = values.len();
                    values.extend(words[1..].iter().map(|w| Value {
                        span: w.clone(),
                        is_number: is_number(&text[w.clone()]),
                    }));
                    elements.push(Element {
                        line,
                        span: name.start..words.last().expect("a name").end,
                        name,
                        values: first_value..values.len(),
                    });
                }
            }
        }
        Map::assemble(text, lines, elements, values, row_like_lines, syntax_errors)
    }

    /// The map of `text` from what its `lines` hold.
    fn assemble(
        text: &str,
        lines: Vec<Span>,
        mut elements: Vec<Element>,
        values: Vec<Value>,
        row_like_lines: Vec<usize>,
        syntax_errors: Vec<Span>,
    ) -> Map {
        split_after_header(text, &mut elements, &values);
        let mut map = Map {
            lines,
            elements,
            values,
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
            self.values_of(element)
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

    /// The values written after `element`'s name.
    pub fn values_of(&self, element: &Element) -> &[Value] {
        &self.values[element.values.clone()]
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

#[cfg(test)]
mod tests;
