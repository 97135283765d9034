//! Hover: what a part of the datafile means, read against the file itself
//! (where a token is used, which cells an edge joins) and, when there is
//! one, the game's definitions file (descriptions of spaces, tokens, items
//! and attributes).

use super::definitions::{self, Definitions, Entry, Found};
use super::lines::{split, Span};
use super::model::{Cell, Datafile, Floor, FloorId, Metadata};
use super::reader::read_of;
use crate::formats::{HoverInfo, SourceFile};
use std::collections::HashMap;

/// How many uses a footer line's hover lists before "and N more".
const USES_SHOWN: usize = 5;

/// What the cursor is on.
#[derive(Clone, Debug)]
pub(super) enum At {
    Version,
    Metadata(usize),
    FloorLine(usize),
    /// A cell's space line (`space: true`) or token line.
    Cell {
        floor: usize,
        row: usize,
        column: usize,
        space: bool,
    },
    Token(usize),
    Attribute(usize),
    Edge(usize),
}

/// The 0-based line that holds `offset` (its end included).
pub(super) fn line_at(text: &str, offset: usize) -> Option<(usize, Span)> {
    split(text)
        .into_iter()
        .enumerate()
        .find(|(_, l)| l.span.start <= offset && offset <= l.span.end)
        .map(|(i, l)| (i, l.span))
}

fn within(span: &Span, offset: usize) -> bool {
    span.start <= offset && offset <= span.end
}

pub(super) fn locate(text: &str, data: &Datafile, offset: usize) -> Option<At> {
    let (line, line_span) = line_at(text, offset)?;
    if data.version_span.as_ref().is_some_and(|s| *s == line_span) {
        return Some(At::Version);
    }
    if let Some(i) = data
        .metadata
        .iter()
        .position(|m| within(&(m.key.start..m.value.end), offset))
    {
        return Some(At::Metadata(i));
    }
    for (f, floor) in data.floors.iter().enumerate() {
        if floor.line.as_ref().is_some_and(|s| within(s, offset)) {
            return Some(At::FloorLine(f));
        }
        for (r, row) in floor.rows.iter().enumerate() {
            let (cells, space) = if row.space_line == line {
                (
                    row.cells.iter().map(|c| &c.space_cell).collect::<Vec<_>>(),
                    true,
                )
            } else if row.token_line == line {
                (row.cells.iter().map(|c| &c.token_cell).collect(), false)
            } else {
                continue;
            };
            // Inside a box; on a `|`, the box it closes.
            let column = cells.iter().position(|s| within(s, offset))?;
            return Some(At::Cell {
                floor: f,
                row: r,
                column,
                space,
            });
        }
    }
    if let Some(i) = data.tokens.iter().position(|t| t.line == line) {
        return Some(At::Token(i));
    }
    if let Some(i) = data.attributes.iter().position(|a| a.line == line) {
        return Some(At::Attribute(i));
    }
    data.edges.iter().position(|e| e.line == line).map(At::Edge)
}

pub fn hover(file: &SourceFile, offset: usize) -> Option<HoverInfo> {
    let text = file.text;
    if offset > text.len() || !text.is_char_boundary(offset) {
        return None;
    }
    let reader = read_of(file);
    let data = &reader.file;
    let at = locate(text, data, offset)?;
    let found = definitions::for_file(file, data);
    let defs = found.as_ref().and_then(|f| f.loaded.as_deref().ok());
    let ctx = Context { text, data, defs };
    let (range, markdown) = match at {
        At::Version => (data.version_span.clone()?, ctx.version(found.as_ref())),
        At::Metadata(i) => ctx.metadata(&data.metadata[i], found.as_ref()),
        At::FloorLine(f) => (data.floors[f].line.clone()?, ctx.floor_line(f)),
        At::Cell {
            floor,
            row,
            column,
            space,
        } => {
            let cell = &data.floors[floor].rows[row].cells[column];
            let range = if space {
                cell.space_cell.clone()
            } else {
                cell.token_cell.clone()
            };
            (range, ctx.cell(floor, row, column))
        }
        At::Token(i) => {
            let t = &data.tokens[i];
            (t.id.start..t.y.end, ctx.token_line(i))
        }
        At::Attribute(i) => {
            let a = &data.attributes[i];
            (a.id.start..a.name.end, ctx.attribute_line(i))
        }
        At::Edge(i) => {
            let e = &data.edges[i];
            (e.from.start..e.to.end, ctx.edge(i))
        }
    };
    Some(HoverInfo {
        range,
        markdown: markdown.trim_end().to_string(),
    })
}

/// `floor 0, row 2, column 5` (rows and columns counted from 1).
pub(super) fn place(floor: &Floor, row: usize, column: usize) -> String {
    format!("floor {}, row {}, column {}", floor.id, row + 1, column + 1)
}

/// The space a cell names, as the tool reads it: `*`/`?` stripped in v1–2, empty → `gap`.
pub(super) fn space_name(text: &str, version: u8, cell: &Cell) -> String {
    space_name_in(text, version, cell).into_owned()
}

/// [`space_name`], borrowed from the text when it is written as read (a
/// picture asks for every space's name).
pub(super) fn space_name_in<'t>(
    text: &'t str,
    version: u8,
    cell: &Cell,
) -> std::borrow::Cow<'t, str> {
    let written = &text[cell.name.clone()];
    let name: std::borrow::Cow<'t, str> = if version <= 2 && written.contains(['*', '?']) {
        written
            .chars()
            .filter(|c| !matches!(c, '*' | '?'))
            .collect::<String>()
            .into()
    } else {
        written.into()
    };
    if name.is_empty() {
        "gap".into()
    } else {
        name
    }
}

/// ` — Display Name` when the definition's name says more than the key.
fn display_name(key: &str, entry: &Entry) -> String {
    match &entry.name {
        Some(n) if n != key => format!(" — {n}"),
        _ => String::new(),
    }
}

/// An entry's name and description, or that the definitions file lacks it.
fn described(key: &str, entry: Option<&Entry>, defs: Option<&Definitions>, what: &str) -> String {
    match (entry, defs) {
        (Some(e), _) => {
            let mut out = display_name(key, e);
            if let Some(d) = &e.desc {
                out.push_str(&format!(": {d}"));
            }
            out
        }
        (None, Some(_)) => format!(" (no such {what} in the definitions file)"),
        (None, None) => String::new(),
    }
}

struct Context<'a> {
    text: &'a str,
    data: &'a Datafile,
    defs: Option<&'a Definitions>,
}

impl Context<'_> {
    fn version_number(&self) -> u8 {
        self.data.version.unwrap_or(5)
    }

    fn version(&self, found: Option<&Found>) -> String {
        let v = self.version_number();
        let features = match v {
            1 => "one board, no metadata; `*` and `?` in a space cell are stripped; a token table ends the file",
            2 => "one board, `key: value` metadata after the version; `*` and `?` in a space cell are stripped",
            3 => "metadata, `floor=N` boards, space names of ASCII letters followed by attribute ids, an attribute table",
            4 => "as version 3, plus space labels (`&A` in a token cell) and graph edges (`A--B`) after the attribute table",
            _ => "as version 4, plus hidden tokens (names ending `_HIDDEN`, item `nil`, position `0 0`)",
        };
        let mut out = format!("**WUAS datafile, version {v}**: {features}.\n\n");
        if self.data.version_assumed {
            out.push_str(&format!("The version line is damaged or missing: the tool stops there. levls reads the file as version {v}, the latest version whose layout fits.\n\n"));
        }
        out.push_str(&definitions_status(found));
        out
    }

    fn metadata(&self, meta: &Metadata, found: Option<&Found>) -> (Span, String) {
        let key = self.text[meta.key.clone()].trim();
        let range = meta.key.start..meta.value.end;
        if key == definitions::METADATA_KEY {
            return (range, format!("**Metadata `definitions`**: the game's definitions JSON for this file, relative to the file (levls reads it; the tool does not).\n\n{}", definitions_status(found)));
        }
        (range, format!("**Metadata `{key}`**: free `key: value` data; the tool keeps it and gives it no meaning (a key or value may not contain `:`)."))
    }

    fn floor_line(&self, f: usize) -> String {
        let floor = &self.data.floors[f];
        let (w, h) = (
            floor.rows.first().map_or(0, |r| r.cells.len()),
            floor.rows.len(),
        );
        let name = match floor.id {
            FloorId::Infinity => "the infinity floor `inf`".to_string(),
            FloorId::Number(n) => format!("floor {n}"),
        };
        let tokens: usize = floor
            .rows
            .iter()
            .flat_map(|r| &r.cells)
            .map(|c| c.tokens.len())
            .sum();
        format!(
            "**`floor=`**: starts the board of {name}: {w}×{h} cells, {tokens} token(s).\n\nA floor id is an integer or `inf`, unique in the file; every floor has the size of the first, and a blank line ends each board."
        )
    }

    fn cell(&self, f: usize, r: usize, c: usize) -> String {
        let (text, version) = (self.text, self.version_number());
        let floor = &self.data.floors[f];
        let cell = &floor.rows[r].cells[c];
        let mut out = format!("**Cell** at {}\n\n", place(floor, r, c));
        let name = space_name(text, version, cell);
        let blank = self.text[cell.name.clone()].is_empty();
        out.push_str(&format!("**Space** `{name}`"));
        if blank {
            out.push_str(" (an empty cell is the space `gap`)");
        }
        match self.defs {
            Some(defs) if defs.spaces.contains_key(&name) => {
                out.push_str(&described(
                    &name,
                    defs.spaces.get(&name),
                    Some(defs),
                    "space",
                ));
            }
            Some(defs) => match defs.composite_spaces.get(&name) {
                Some(composite) => {
                    let layers: Vec<String> =
                        composite.layers.iter().map(|l| format!("`{l}`")).collect();
                    out.push_str(&format!(
                        ": a composite space, layers {}",
                        layers.join(" + ")
                    ));
                    if let Some(effect) = &composite.effect {
                        out.push_str(&format!(", with the effect of `{effect}`"));
                        if let Some(d) = defs.spaces.get(effect).and_then(|e| e.desc.as_ref()) {
                            out.push_str(&format!(": {d}"));
                        }
                    }
                }
                None => out.push_str(" (no such space in the definitions file)"),
            },
            None => {}
        }
        out.push('\n');
        if version <= 2 && !cell.attributes.is_empty() {
            let stripped: String = cell.attributes.iter().map(|m| m.ch).collect();
            out.push_str(&format!("\n`{stripped}`: stripped by the tool (before version 3 `*` and `?` are not attributes)\n"));
        }
        if version >= 3 && !cell.attributes.is_empty() {
            out.push_str("\n**Attributes**\n");
            let table = last_definitions(
                self.data
                    .attributes
                    .iter()
                    .map(|a| (&text[a.id.clone()], a)),
            );
            for m in &cell.attributes {
                let id = m.ch.to_string();
                match table.get(id.as_str()) {
                    Some(a) => {
                        let name = &text[a.name.clone()];
                        let entry = self.defs.and_then(|d| d.attributes.get(name));
                        out.push_str(&format!(
                            "- `{id}` `{name}`{}\n",
                            described(name, entry, self.defs, "attribute")
                        ));
                    }
                    None => out.push_str(&format!("- `{id}`: not in the attribute table\n")),
                }
            }
        }
        if let Some(label) = &cell.label {
            let edges = self
                .data
                .edges
                .iter()
                .filter(|e| {
                    [&e.from, &e.to]
                        .iter()
                        .any(|s| text[(*s).clone()] == *label.ch.to_string())
                })
                .count();
            out.push_str(&format!(
                "\n**Label** `{}`: in {edges} graph edge(s)\n",
                label.ch
            ));
        }
        if !cell.tokens.is_empty() {
            out.push_str("\n**Tokens**\n");
            let table = last_definitions(self.data.tokens.iter().map(|t| (&text[t.id.clone()], t)));
            for m in &cell.tokens {
                let id = m.ch.to_string();
                match table.get(id.as_str()) {
                    Some(t) => {
                        let (name, item) = (&text[t.name.clone()], &text[t.item.clone()]);
                        let entry = self.defs.and_then(|d| d.tokens.get(name));
                        let mut line = format!("- `{id}` `{name}`{}", display_name_of(name, entry));
                        if item != "nil" {
                            let item_entry = self.defs.and_then(|d| d.items.get(item));
                            line.push_str(&format!(
                                ", item `{item}`{}",
                                display_name_of(item, item_entry)
                            ));
                        }
                        line.push_str(&format!(
                            ", at ({}, {})",
                            &text[t.x.clone()],
                            &text[t.y.clone()]
                        ));
                        if version >= 5 && name.ends_with("_HIDDEN") {
                            line.push_str(" (hidden from players)");
                        }
                        out.push_str(&line);
                        out.push('\n');
                    }
                    None => out.push_str(&format!("- `{id}`: not in the token table\n")),
                }
            }
        }
        out
    }

    /// Where the one-character `id` is used: by cells' tokens or attributes.
    fn uses(&self, id: &str, attributes: bool) -> String {
        let mut cells = Vec::new();
        for (f, floor) in self.data.floors.iter().enumerate() {
            for (r, row) in floor.rows.iter().enumerate() {
                for (c, cell) in row.cells.iter().enumerate() {
                    let marks = if attributes {
                        &cell.attributes
                    } else {
                        &cell.tokens
                    };
                    let n = marks.iter().filter(|m| m.ch.to_string() == id).count();
                    if n > 0 {
                        cells.push((f, r, c, n));
                    }
                }
            }
        }
        if cells.is_empty() {
            return "Not used on the board.".to_string();
        }
        let total: usize = cells.iter().map(|(_, _, _, n)| n).sum();
        let shown: Vec<String> = cells
            .iter()
            .take(USES_SHOWN)
            .map(|&(f, r, c, n)| {
                let times = if n > 1 {
                    format!(" (×{n})")
                } else {
                    String::new()
                };
                format!("- {}{times}", place(&self.data.floors[f], r, c))
            })
            .collect();
        let mut out = format!(
            "Used {total} time(s) in {} cell(s):\n{}",
            cells.len(),
            shown.join("\n")
        );
        if cells.len() > USES_SHOWN {
            out.push_str(&format!(
                "\n- … and {} more cell(s)",
                cells.len() - USES_SHOWN
            ));
        }
        out
    }

    fn token_line(&self, i: usize) -> String {
        let text = self.text;
        let t = &self.data.tokens[i];
        let (id, name, item) = (
            &text[t.id.clone()],
            &text[t.name.clone()],
            &text[t.item.clone()],
        );
        let entry = self.defs.and_then(|d| d.tokens.get(name));
        let mut out = format!(
            "**Token `{id}`**: `{name}`{}\n",
            described(name, entry, self.defs, "token")
        );
        if let Some((label, note)) = entry.and_then(|e| e.note.as_ref()) {
            out.push_str(&format!("\n{label}: {note}\n"));
        }
        if self.version_number() >= 5 && name.ends_with("_HIDDEN") {
            out.push_str(
                "\nHidden token: kept in the datafile, hidden from players; needs no definition.\n",
            );
        }
        if item == "nil" {
            out.push_str("\nNo item.\n");
        } else {
            let item_entry = self.defs.and_then(|d| d.items.get(item));
            out.push_str(&format!(
                "\n**Item** `{item}`{}\n",
                described(item, item_entry, self.defs, "item")
            ));
        }
        out.push_str(&format!(
            "\nDrawn at ({}, {}) in its space (pixels).\n\n",
            &text[t.x.clone()],
            &text[t.y.clone()]
        ));
        out.push_str(
            &self.footer_uses(
                id,
                t.line,
                self.data
                    .tokens
                    .iter()
                    .map(|t| (&text[t.id.clone()], t.line)),
                false,
            ),
        );
        out
    }

    fn attribute_line(&self, i: usize) -> String {
        let text = self.text;
        let a = &self.data.attributes[i];
        let (id, name) = (&text[a.id.clone()], &text[a.name.clone()]);
        let entry = self.defs.and_then(|d| d.attributes.get(name));
        let mut out = format!(
            "**Attribute `{id}`**: `{name}`{}\n",
            described(name, entry, self.defs, "attribute")
        );
        if let Some((label, note)) = entry.and_then(|e| e.note.as_ref()) {
            out.push_str(&format!("\n{label}: {note}\n"));
        }
        out.push('\n');
        out.push_str(
            &self.footer_uses(
                id,
                a.line,
                self.data
                    .attributes
                    .iter()
                    .map(|a| (&text[a.id.clone()], a.line)),
                true,
            ),
        );
        out
    }

    /// Uses of a footer id, unless a later line of the table replaces this one.
    fn footer_uses<'t>(
        &self,
        id: &str,
        line: usize,
        table: impl Iterator<Item = (&'t str, usize)>,
        attributes: bool,
    ) -> String {
        match table
            .filter(|(other, _)| *other == id)
            .map(|(_, l)| l)
            .last()
        {
            Some(last) if last != line => format!(
                "Line {} defines `{id}` again and replaces this line.",
                last + 1
            ),
            _ if id.chars().count() != 1 => {
                "A one-character id only can appear in a cell.".to_string()
            }
            _ => self.uses(id, attributes),
        }
    }

    fn edge(&self, i: usize) -> String {
        let text = self.text;
        let e = &self.data.edges[i];
        let mut labels = HashMap::new();
        for (floor, r, c, cell) in self.data.cells() {
            if let Some(label) = &cell.label {
                labels
                    .entry(label.ch.to_string())
                    .or_insert((floor, r, c, cell));
            }
        }
        let mut out =
            "**Graph edge**: a highway line drawn between two labelled spaces of one floor.\n\n"
                .to_string();
        for end in [&e.from, &e.to] {
            let name = &text[end.clone()];
            match labels.get(name) {
                Some((floor, r, c, cell)) => {
                    let space = space_name(text, self.version_number(), cell);
                    out.push_str(&format!(
                        "- `{name}`: {}, space `{space}`\n",
                        place(floor, *r, *c)
                    ));
                }
                None => out.push_str(&format!("- `{name}`: no cell has the label `&{name}`\n")),
            }
        }
        out
    }
}

fn display_name_of(key: &str, entry: Option<&Entry>) -> String {
    entry.map_or_else(String::new, |e| match &e.name {
        Some(n) if n != key => format!(" ({n})"),
        _ => String::new(),
    })
}

/// id → its last definition (a repeated id replaces the earlier line).
fn last_definitions<'t, T>(table: impl Iterator<Item = (&'t str, T)>) -> HashMap<&'t str, T> {
    table.collect()
}

/// Which definitions file is in use and how it was found, or how to give one.
fn definitions_status(found: Option<&Found>) -> String {
    match found {
        Some(f) => match &f.loaded {
            Ok(defs) => format!(
                "Definitions: `{}` ({}): {} spaces, {} composite spaces, {} tokens, {} items, {} attributes.",
                f.path.display(),
                f.origin.describe(),
                defs.spaces.len(),
                defs.composite_spaces.len(),
                defs.tokens.len(),
                defs.items.len(),
                defs.attributes.len()
            ),
            Err(why) => format!("Definitions: `{}` ({}) cannot be read: {why}.", f.path.display(), f.origin.describe()),
        },
        None => "No definitions file, so space, token, item and attribute names are not checked: add a `definitions: path/to/game.json` metadata line (v2+), set `wuas.definitions` in the editor (or `levls check --wuas-definitions`, or `levls.toml`), or put a `definitions.json` beside the file.".to_string(),
    }
}

#[cfg(test)]
mod tests;
