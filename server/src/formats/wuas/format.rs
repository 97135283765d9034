//! The canonical layout of a datafile: every box of every floor one width,
//! borders to match, the token and attribute tables in aligned columns.
//!
//! The width follows the tool's own writer: one space, then the content
//! padded to 9 characters (10 between the bars: `| sky      |`). Where a
//! cell's content is longer, the writer widens that one box; levls widens
//! every box of the file to it (the spec wants one width), so the widest
//! content ends right at its bar, as the writer leaves it. A cell's content is its text trimmed, as the tool
//! reads it, so the board the tool reads is the same before and after.
//! Every other line (comments, separator, version, metadata, `floor=` lines,
//! blank lines, the graph section, ignored trailing text) is left as it is,
//! and line breaks are never touched, so CRLF files stay CRLF.
//!
//! Formatting is refused (`None`) when it could lose or move content: when
//! the reading stopped at a fatal error, when the rows are not what they seem
//! (cell counts, ragged rows, a row read as a border), when text other than
//! blanks sits outside a row's bars, or when a line read as a border is blank
//! or holds letters, digits or `|` (it is then not a border to the author).

use super::lines::{Line, Span};
use super::model::{Cell, Datafile, Floor};
use super::reader::{Read, Reader};
use crate::formats::Edit;

/// The width between the bars that the tool's writer pads every cell to.
pub const WRITER_WIDTH: usize = 10;

/// Reader diagnostics after which the rows are not what they look like.
const STRUCTURAL: [&str; 3] = [
    "wuas::cell-count",
    "wuas::ragged-row",
    "wuas::missing-border",
];

/// The edits that lay the document out canonically (one per changed line,
/// in file order), or `None` when it cannot be formatted safely.
pub fn format(text: &str) -> Option<Vec<Edit>> {
    let reader = Reader::read(text);
    lay_out(
        text,
        &reader.lines,
        &reader.file,
        reader.complete,
        &reader.out,
    )
}

/// [`format`] of a text already read (the analysis offers the formatting on
/// every version: reading a board twice doubled its cost).
pub fn format_read(text: &str, read: &Read) -> Option<Vec<Edit>> {
    lay_out(text, &read.lines, &read.file, read.complete, &read.out)
}

fn lay_out(
    text: &str,
    lines: &[Line],
    file: &Datafile,
    complete: bool,
    found: &[crate::formats::Diagnostic],
) -> Option<Vec<Edit>> {
    if !complete || found.iter().any(|d| STRUCTURAL.contains(&d.code)) {
        return None;
    }
    let mut layout = Layout {
        text,
        lines,
        edits: Vec::new(),
    };
    layout.grid(file)?;
    layout.tokens(file);
    layout.attributes(file);
    let mut edits = layout.edits;
    edits.sort_by_key(|e| e.range.start);
    Some(edits)
}

/// The box width (between the bars) that [`format`] gives every cell of `data`.
pub fn box_width(text: &str, data: &Datafile) -> usize {
    data.cells()
        .flat_map(|(_, _, _, c)| [&c.space_cell, &c.token_cell])
        .map(|s| text[s.clone()].trim().chars().count() + 1)
        .fold(WRITER_WIDTH, usize::max)
}

struct Layout<'t> {
    text: &'t str,
    lines: &'t [Line],
    edits: Vec<Edit>,
}

impl Layout<'_> {
    fn line(&self, i: usize) -> &str {
        &self.text[self.lines[i].span.clone()]
    }

    /// Replace line `i`'s text (never its line break) when it differs.
    fn set(&mut self, i: usize, new_text: &str) {
        if self.line(i) != new_text {
            let range = self.lines[i].span.clone();
            self.edits.push(Edit {
                range,
                new_text: new_text.to_string(),
            });
        }
    }

    fn grid(&mut self, data: &Datafile) -> Option<()> {
        let width = box_width(self.text, data);
        for floor in &data.floors {
            self.floor(floor, width)?;
        }
        Some(())
    }

    /// Every row laid out into two reused lines, compared with the text and
    /// kept only where they differ (a megabyte's board is laid out whenever a
    /// box is misaligned, for its fix: no string per cell or row).
    fn floor(&mut self, floor: &Floor, width: usize) -> Option<()> {
        let border = |cells: usize| format!("+{}", format!("{}+", "-".repeat(width)).repeat(cells));
        let mut drawn = (usize::MAX, String::new());
        let (mut space_line, mut token_line) = (String::new(), String::new());
        for row in &floor.rows {
            if drawn.0 != row.cells.len() {
                drawn = (row.cells.len(), border(row.cells.len()));
            }
            self.row_line(
                row.space_line,
                &row.cells,
                |c| &c.space_cell,
                width,
                &mut space_line,
            )?;
            self.row_line(
                row.token_line,
                &row.cells,
                |c| &c.token_cell,
                width,
                &mut token_line,
            )?;
            self.border(row.border, &drawn.1)?;
            self.set(row.space_line, &space_line);
            self.set(row.token_line, &token_line);
        }
        if let (Some(closing), Some(last)) = (floor.closing_border, floor.rows.last()) {
            if drawn.0 != last.cells.len() {
                drawn = (last.cells.len(), border(last.cells.len()));
            }
            self.border(closing, &drawn.1)?;
        }
        Some(())
    }

    /// A border line becomes `new_text` if it is a border to the eye: some
    /// punctuation, no letters, digits or bars.
    fn border(&mut self, i: usize, new_text: &str) -> Option<()> {
        let old = self.line(i);
        let drawn = !old.trim().is_empty()
            && old
                .chars()
                .all(|c| c.is_whitespace() || (c.is_ascii_punctuation() && c != '|'));
        drawn.then(|| self.set(i, new_text))
    }

    /// A space or token line with every cell padded to `width`, written into
    /// `out`; `None` when something other than blanks is outside the first
    /// and last bar.
    fn row_line(
        &self,
        i: usize,
        cells: &[Cell],
        cell: fn(&Cell) -> &Span,
        width: usize,
        out: &mut String,
    ) -> Option<()> {
        let line = self.lines[i].span.clone();
        let text = self.line(i);
        let (first, last) = (text.find('|')?, text.rfind('|')?);
        if !text[..first].trim().is_empty() || !text[last + 1..].trim().is_empty() {
            return None;
        }
        // Cells are the pieces between the bars: make sure the model saw them all.
        let pieces = text[first..=last].matches('|').count().saturating_sub(1);
        if pieces != cells.len()
            || cells
                .iter()
                .map(cell)
                .any(|c| c.start < line.start || c.end > line.end)
        {
            return None;
        }
        out.clear();
        out.push('|');
        for c in cells {
            let content = self.text[cell(c).clone()].trim();
            out.push(' ');
            out.push_str(content);
            let written = content.chars().count();
            out.extend(std::iter::repeat_n(
                ' ',
                (width - 1).saturating_sub(written),
            ));
            out.push('|');
        }
        Some(())
    }

    /// Token lines as `id name item x y`, names and items left-aligned, the
    /// numbers right-aligned at least two wide (as the tool's writer does).
    fn tokens(&mut self, data: &Datafile) {
        let text = self.text;
        let field = |s: &Span| &text[s.clone()];
        let widest = |get: fn(&super::model::TokenDef) -> &Span, least: usize| {
            data.tokens
                .iter()
                .map(|t| field(get(t)).chars().count())
                .fold(least, usize::max)
        };
        let id = widest(|t| &t.id, 1);
        let name = widest(|t| &t.name, 1);
        let item = widest(|t| &t.item, 1);
        let x = widest(|t| &t.x, 2);
        let y = widest(|t| &t.y, 2);
        for t in &data.tokens {
            let line = format!(
                "{:<id$} {:<name$} {:<item$} {:>x$} {:>y$}",
                field(&t.id),
                field(&t.name),
                field(&t.item),
                field(&t.x),
                field(&t.y)
            );
            self.set(t.line, &line);
        }
    }

    /// Attribute lines as `id name`, the names in one column.
    fn attributes(&mut self, data: &Datafile) {
        let text = self.text;
        let id = data
            .attributes
            .iter()
            .map(|a| text[a.id.clone()].chars().count())
            .fold(1, usize::max);
        for a in &data.attributes {
            let line = format!("{:<id$} {}", &text[a.id.clone()], &text[a.name.clone()]);
            self.set(a.line, &line);
        }
    }
}

#[cfg(test)]
mod tests;
