//! Document symbols and folding: each floor (its rows and labels), then the
//! footer sections: tokens, attributes and graph edges.
//!
//! Rows are numbered from 0, as the tool's board coordinates are.

use super::lines::{split, Line, Span};
use super::model::{Datafile, Floor};
use super::reader::read_of;
use crate::formats::{Fold, FoldKind, SourceFile, Symbol, SymbolKind};

/// The lines a floor covers (its `floor=` line or first border, through its
/// closing border) and the span to select, or `None` for an empty v1–2 board.
fn floor_extent(floor: &Floor, lines: &[Line]) -> Option<(Span, Span)> {
    let first = floor.rows.first();
    let selection = floor
        .line
        .clone()
        .or_else(|| first.map(|r| lines[r.border].span.clone()))?;
    let last_line = floor
        .closing_border
        .or(floor.rows.last().map(|r| r.token_line));
    let end = last_line.map_or(selection.end, |l| lines[l].span.end.max(selection.end));
    Some((selection.start..end, selection))
}

fn floor_symbol(text: &str, floor: &Floor, lines: &[Line]) -> Option<Symbol> {
    let (range, selection) = floor_extent(floor, lines)?;
    let width = floor.rows.first().map_or(0, |r| r.cells.len());
    let mut children: Vec<Symbol> = floor
        .rows
        .iter()
        .enumerate()
        .map(|(r, row)| {
            let range = lines[row.border].span.start..lines[row.token_line].span.end;
            Symbol::leaf(
                format!("row {}", r + 1), // counted from 1, as hover does
                None,
                SymbolKind::Field,
                range,
                lines[row.space_line].span.clone(),
            )
        })
        .collect();
    for (r, row) in floor.rows.iter().enumerate() {
        for (c, cell) in row.cells.iter().enumerate() {
            let Some(label) = &cell.label else { continue };
            let space = match text[cell.name.clone()].trim() {
                "" => "gap",
                name => name,
            };
            let detail = format!("{space} at row {}, column {}", r + 1, c + 1);
            children.push(Symbol::leaf(
                format!("&{}", label.ch),
                Some(detail),
                SymbolKind::Constant,
                label.span.clone(),
                label.span.clone(),
            ));
        }
    }
    Some(Symbol {
        name: format!("floor {}", floor.id),
        detail: Some(format!("{width}×{}", floor.rows.len())),
        kind: SymbolKind::Struct,
        range,
        selection,
        children,
    })
}

/// A footer section around its entries, selecting the first one's name.
fn section(name: &str, kind: SymbolKind, children: Vec<Symbol>) -> Option<Symbol> {
    let (first, last) = (children.first()?, children.last()?);
    Some(Symbol {
        name: name.into(),
        detail: Some(children.len().to_string()),
        kind,
        range: first.range.start..last.range.end,
        selection: first.selection.clone(),
        children,
    })
}

fn footer(text: &str, data: &Datafile, lines: &[Line]) -> Vec<Symbol> {
    let field = |s: &Span| &text[s.clone()];
    let tokens = data
        .tokens
        .iter()
        .map(|t| {
            let at = format!("at {} {}", field(&t.x), field(&t.y));
            let detail = match field(&t.item) {
                "nil" => at,
                item => format!("{item} {at}"),
            };
            let name = format!("{} {}", field(&t.id), field(&t.name));
            Symbol::leaf(
                name,
                Some(detail),
                SymbolKind::Object,
                lines[t.line].span.clone(),
                t.id.clone(),
            )
        })
        .collect();
    let attributes = data
        .attributes
        .iter()
        .map(|a| {
            let name = format!("{} {}", field(&a.id), field(&a.name));
            Symbol::leaf(
                name,
                None,
                SymbolKind::Property,
                lines[a.line].span.clone(),
                a.id.clone(),
            )
        })
        .collect();
    let edges = data
        .edges
        .iter()
        .map(|e| {
            let name = format!("{}--{}", field(&e.from), field(&e.to));
            Symbol::leaf(
                name,
                None,
                SymbolKind::Field,
                lines[e.line].span.clone(),
                e.from.start..e.to.end,
            )
        })
        .collect();
    [
        section("tokens", SymbolKind::Namespace, tokens),
        section("attributes", SymbolKind::Namespace, attributes),
        section("graph", SymbolKind::Namespace, edges),
    ]
    .into_iter()
    .flatten()
    .collect()
}

pub fn symbols(file: &SourceFile) -> Vec<Symbol> {
    let reader = read_of(file);
    let lines = split(file.text);
    let data = &reader.file;
    let floors = data
        .floors
        .iter()
        .filter_map(|f| floor_symbol(file.text, f, &lines));
    floors.chain(footer(file.text, data, &lines)).collect()
}

/// A fold per floor and per footer section that spans more than one line.
pub fn folds(file: &SourceFile) -> Vec<Fold> {
    let reader = read_of(file);
    let lines = split(file.text);
    let data = &reader.file;
    let floors = data
        .floors
        .iter()
        .filter_map(|f| floor_extent(f, &lines))
        .map(|(range, _)| range);
    let sections = footer(file.text, data, &lines).into_iter().map(|s| s.range);
    floors
        .chain(sections)
        .filter(|r| file.text[r.clone()].contains(['\n', '\r']))
        .map(|range| Fold {
            range,
            kind: FoldKind::Region,
        })
        .collect()
}

#[cfg(test)]
mod tests;
