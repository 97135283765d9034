//! Completion: token ids in a token cell, attribute ids after a space name
//! (v3+), space names in a space cell, token, item and attribute names in
//! the footer tables (from the definitions file), and labels in graph
//! edges (only those on the floor of the edge's other end).

use super::definitions::{self, Definitions};
use super::hover::{line_at, locate, place, space_name, At};
use super::lines::{split, Span};
use super::model::{Cell, Datafile, FloorId};
use super::reader::read_of;
use crate::formats::{Completion, CompletionKind, SourceFile};
use std::collections::{BTreeMap, BTreeSet};

pub fn completions(file: &SourceFile, offset: usize) -> Vec<Completion> {
    let text = file.text;
    if offset > text.len() || !text.is_char_boundary(offset) {
        return Vec::new();
    }
    let reader = read_of(file);
    let data = &reader.file;
    let found = definitions::for_file(file, data);
    let defs = found.as_ref().and_then(|f| f.loaded.as_deref().ok());
    let ctx = Context {
        text,
        data,
        defs,
        version: data.version.unwrap_or(5),
    };
    match locate(text, data, offset) {
        Some(At::Cell {
            floor,
            row,
            column,
            space: true,
        }) => ctx.space_cell(floor, row, column, offset),
        Some(At::Cell {
            floor,
            row,
            column,
            space: false,
        }) => ctx.token_cell(floor, row, column, offset),
        Some(At::Version | At::Metadata(_) | At::FloorLine(_)) => Vec::new(),
        // Footer lines: by section, so that half-written lines complete too.
        _ => match footer_section(text, data, offset) {
            Some((Section::Tokens, line)) => ctx.token_table(line, offset),
            Some((Section::Attributes, line)) if ctx.version >= 3 => {
                ctx.attribute_table(line, offset)
            }
            Some((Section::Graph, line)) if ctx.version >= 4 => ctx.graph(line, offset),
            _ => Vec::new(),
        },
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Section {
    Tokens,
    Attributes,
    Graph,
}

/// Which footer section the (non-empty) line at `offset` is in, counting
/// the empty lines after the board the way the tool reads them.
fn footer_section(text: &str, data: &Datafile, offset: usize) -> Option<(Section, Span)> {
    let (line, span) = line_at(text, offset)?;
    let lines = split(text);
    if span.is_empty() {
        return None;
    }
    let last = data.floors.last()?.closing_border?;
    // After the last board: its terminating line, then (v3+) the empty line ending the floors.
    let start = last + if data.version.unwrap_or(5) >= 3 { 3 } else { 2 };
    if line < start {
        return None;
    }
    let empties = (start..line).filter(|&i| lines[i].span.is_empty()).count();
    let section = [Section::Tokens, Section::Attributes, Section::Graph]
        .get(empties)
        .copied()?;
    Some((section, span))
}

fn item(
    label: &str,
    kind: CompletionKind,
    detail: Option<String>,
    documentation: Option<String>,
    replace: Span,
) -> Completion {
    Completion {
        label: label.to_string(),
        kind,
        detail,
        documentation,
        insert_text: None,
        replace,
        snippet: false,
    }
}

/// How a space name is written into its cell without changing the box's
/// width: from the cursor (a blank cell) or the name's start to the closing
/// `|`, the name, the attributes after it, then blanks up to the width the
/// other boxes have.
struct CellFit {
    replace: Span,
    /// A blank before the name when the cursor is right after the `|`.
    lead: &'static str,
    /// The attributes (v3+) or stripped marks after the name, kept.
    tail: String,
    /// Characters from `replace.start` to the box's closing `|`.
    room: usize,
    /// Keep a blank before the closing `|`, as the cell had one.
    pad: bool,
}

impl CellFit {
    /// Writing from `start` (what follows is kept after the new text).
    fn new(text: &str, data: &Datafile, cell: &Cell, start: usize, keep_from: usize) -> CellFit {
        let inner = cell.space_cell.clone();
        let tail = text[keep_from..inner.end].trim_end().to_string();
        let blank = text[inner.clone()].trim().is_empty();
        let width = |s: &Span| text[s.clone()].chars().count();
        // The width most boxes have (typing may have widened this one).
        let mut widths: BTreeMap<usize, usize> = BTreeMap::new();
        for (_, _, _, other) in data.cells() {
            if other.space_cell != inner {
                *widths.entry(width(&other.space_cell)).or_default() += 1;
            }
        }
        let box_width = widths
            .into_iter()
            .max_by_key(|&(w, n)| (n, std::cmp::Reverse(w)))
            .map_or(width(&inner), |(w, _)| w);
        let before = text[inner.start..start].chars().count();
        CellFit {
            replace: start..inner.end,
            lead: if start == inner.start { " " } else { "" },
            tail,
            room: box_width.saturating_sub(before),
            pad: text[..inner.end].ends_with(char::is_whitespace) || blank,
        }
    }

    /// `item` writing its name into the cell, or `None` when it does not fit.
    fn apply(&self, mut item: Completion) -> Option<Completion> {
        let written = format!("{}{}{}", self.lead, item.label, self.tail);
        let used = written.chars().count() + usize::from(self.pad);
        if used > self.room {
            return None;
        }
        let blanks = self.room - written.chars().count();
        item.insert_text = Some(format!("{written}{}", " ".repeat(blanks)));
        item.replace = self.replace.clone();
        Some(item)
    }
}

struct Context<'a> {
    text: &'a str,
    data: &'a Datafile,
    defs: Option<&'a Definitions>,
    version: u8,
}

impl Context<'_> {
    fn token_cell(&self, f: usize, r: usize, c: usize, offset: usize) -> Vec<Completion> {
        let text = self.text;
        let cell = &self.data.floors[f].rows[r].cells[c];
        // Right after `&` (v4+) comes a label: any character, nothing to offer.
        if self.version >= 4 && text[cell.token_cell.start..offset].ends_with('&') {
            return Vec::new();
        }
        let mut table: BTreeMap<&str, &super::model::TokenDef> = BTreeMap::new();
        for t in &self.data.tokens {
            table.insert(&text[t.id.clone()], t);
        }
        table
            .into_iter()
            .filter(|(id, _)| id.chars().count() == 1 && !(self.version >= 4 && *id == "&"))
            .map(|(id, t)| {
                let (name, item_name) = (&text[t.name.clone()], &text[t.item.clone()]);
                let detail = if item_name == "nil" {
                    name.to_string()
                } else {
                    format!("{name} · item {item_name}")
                };
                let doc = self
                    .defs
                    .and_then(|d| d.tokens.get(name))
                    .and_then(|e| e.desc.clone());
                item(
                    id,
                    CompletionKind::Constant,
                    Some(detail),
                    doc,
                    offset..offset,
                )
            })
            .collect()
    }

    fn space_cell(&self, f: usize, r: usize, c: usize, offset: usize) -> Vec<Completion> {
        let text = self.text;
        let cell = &self.data.floors[f].rows[r].cells[c];
        let blank = text[cell.space_cell.clone()].trim().is_empty();
        let mut out = Vec::new();
        let in_name = blank
            || (!cell.name.is_empty() && cell.name.start <= offset && offset <= cell.name.end);
        if in_name {
            let (start, keep_from) = if blank {
                (offset, offset)
            } else {
                (cell.name.start, cell.name.end)
            };
            let fit = CellFit::new(text, self.data, cell, start, keep_from);
            out.extend(
                self.space_names(fit.replace.clone(), &cell.name)
                    .into_iter()
                    .filter_map(|c| fit.apply(c)),
            );
        }
        // v3+: attribute ids go after the name (and after other attributes).
        if self.version >= 3 && !cell.name.is_empty() && offset >= cell.name.end {
            let mut table: BTreeMap<&str, &str> = BTreeMap::new();
            for a in &self.data.attributes {
                table.insert(&text[a.id.clone()], &text[a.name.clone()]);
            }
            let fit = CellFit::new(text, self.data, cell, offset, offset);
            for (id, name) in table.into_iter().filter(|(id, _)| id.chars().count() == 1) {
                let doc = self
                    .defs
                    .and_then(|d| d.attributes.get(name))
                    .and_then(|e| e.desc.clone());
                out.extend(fit.apply(item(
                    id,
                    CompletionKind::Constant,
                    Some(format!("attribute {name}")),
                    doc,
                    offset..offset,
                )));
            }
        }
        out
    }

    /// The definitions' space names, or without definitions the names already on the board.
    /// `typed` is the name being typed, which is not yet a name on the board.
    fn space_names(&self, replace: Span, typed: &Span) -> Vec<Completion> {
        let writable = |n: &str| self.version <= 2 || n.bytes().all(|b| b.is_ascii_alphabetic());
        match self.defs {
            Some(defs) => {
                let plain = defs
                    .spaces
                    .iter()
                    .filter(|(k, _)| writable(k))
                    .map(|(k, e)| {
                        item(
                            k,
                            CompletionKind::Value,
                            e.name.clone(),
                            e.desc.clone(),
                            replace.clone(),
                        )
                    });
                let composite = defs
                    .composite_spaces
                    .iter()
                    .filter(|(k, _)| writable(k))
                    .map(|(k, s)| {
                        let detail = format!("composite: {}", s.layers.join(" + "));
                        item(
                            k,
                            CompletionKind::Value,
                            Some(detail),
                            None,
                            replace.clone(),
                        )
                    });
                plain.chain(composite).collect()
            }
            None => {
                let used: BTreeSet<String> = self
                    .data
                    .cells()
                    .filter(|(_, _, _, c)| !c.name.is_empty() && c.name != *typed)
                    .map(|(_, _, _, c)| space_name(self.text, self.version, c))
                    .collect();
                used.iter()
                    .map(|n| {
                        item(
                            n,
                            CompletionKind::Value,
                            Some("used in this file".into()),
                            None,
                            replace.clone(),
                        )
                    })
                    .collect()
            }
        }
    }

    /// Which whitespace-separated field of `line` the cursor is in, and the word's span.
    fn field(&self, line: &Span, offset: usize) -> (usize, Span) {
        let start = crate::formats::word_start(self.text, line.start, offset);
        let before = &self.text[line.start..start];
        let index = before.split_whitespace().count();
        (index, start..offset)
    }

    fn token_table(&self, line: Span, offset: usize) -> Vec<Completion> {
        let Some(defs) = self.defs else {
            return Vec::new();
        };
        match self.field(&line, offset) {
            (1, replace) => defs
                .tokens
                .iter()
                .map(|(k, e)| {
                    item(
                        k,
                        CompletionKind::Class,
                        e.name.clone(),
                        e.desc.clone(),
                        replace.clone(),
                    )
                })
                .collect(),
            (2, replace) => std::iter::once(item(
                "nil",
                CompletionKind::Keyword,
                Some("no item".into()),
                None,
                replace.clone(),
            ))
            .chain(defs.items.iter().map(|(k, e)| {
                item(
                    k,
                    CompletionKind::Value,
                    e.name.clone(),
                    e.desc.clone(),
                    replace.clone(),
                )
            }))
            .collect(),
            _ => Vec::new(),
        }
    }

    fn attribute_table(&self, line: Span, offset: usize) -> Vec<Completion> {
        let Some(defs) = self.defs else {
            return Vec::new();
        };
        match self.field(&line, offset) {
            (1, replace) => defs
                .attributes
                .iter()
                .map(|(k, e)| {
                    item(
                        k,
                        CompletionKind::Value,
                        e.name.clone(),
                        e.desc.clone(),
                        replace.clone(),
                    )
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Labels for the end of `A--B` under the cursor; when the other end is
    /// a label, only labels on its floor (an edge joins spaces of one floor).
    fn graph(&self, line: Span, offset: usize) -> Vec<Completion> {
        let text = self.text;
        let written = &text[line.clone()];
        let (mine, other) = match written.find("--") {
            Some(at) if offset <= line.start + at => {
                (line.start..line.start + at, &written[at + 2..])
            }
            Some(at) => (line.start + at + 2..line.end, &written[..at]),
            None => (line.clone(), ""),
        };
        let mut labels: BTreeMap<char, (FloorId, String)> = BTreeMap::new();
        for (floor, r, c, cell) in self.data.cells() {
            if let Some(label) = &cell.label {
                let detail = format!(
                    "{}: {}",
                    place(floor, r, c),
                    space_name(text, self.version, cell)
                );
                labels.entry(label.ch).or_insert((floor.id, detail));
            }
        }
        let mut chars = other.chars();
        let other_label = match (chars.next(), chars.next()) {
            (Some(ch), None) => labels.get(&ch).map(|(floor, _)| (ch, *floor)),
            _ => None,
        };
        labels
            .iter()
            .filter(|(ch, (floor, _))| other_label.is_none_or(|(o, f)| f == *floor && o != **ch))
            .map(|(ch, (_, detail))| {
                item(
                    &ch.to_string(),
                    CompletionKind::Constant,
                    Some(detail.clone()),
                    None,
                    mine.clone(),
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
