//! Go to definition and find references:
//! - `place[i]` / `monster[i]` / `object[i]` ↔ the i-th entry of the
//!   RANDOM_PLACES / RANDOM_MONSTERS / RANDOM_OBJECTS list in force;
//! - an explicit coordinate `(x,y)` (or a region's corner) ↔ its MAP cell;
//! - a SUBROOM's parent string → the NAME of the room it names;
//! - a PORTAL's destination → that level's header, when it is in this file.

use crate::formats::nethack::syntax::model::{self, Part};
use crate::formats::nethack::syntax::{self, Level, MapBlock, Statement, Value, ValueKind};
use std::ops::Range;

/// An explicit map coordinate in a MAZE part: a point `(x,y)`, or one
/// corner of a region `(x1,y1,x2,y2)`.
pub(in crate::formats::nethack) struct Coordinate<'a> {
    pub x: i64,
    pub y: i64,
    /// The point's tuple, or the corner's two numbers.
    pub span: Range<usize>,
    /// The whole tuple (a region's for its corners).
    pub tuple: &'a Value,
    /// A point, not a region's corner.
    pub point: bool,
}

/// Every explicit coordinate among the top-level arguments of a part's
/// statements, those nested in 3.6 blocks included. `levregion(…)` holds
/// level coordinates and is left out.
pub(in crate::formats::nethack) fn coordinates<'a>(
    level: &'a Level,
    part: &Part<'a>,
) -> Vec<Coordinate<'a>> {
    let mut out = Vec::new();
    let statements = level
        .items
        .get(part.items.clone())
        .unwrap_or_default()
        .iter()
        .flat_map(syntax::Item::walk)
        .filter_map(syntax::Item::statement);
    for statement in statements {
        for arg in &statement.args {
            if let Some((x, y)) = arg.point() {
                out.push(Coordinate {
                    x,
                    y,
                    span: arg.span.clone(),
                    tuple: arg,
                    point: true,
                });
            } else if let (Some([x1, y1, x2, y2]), Some(v)) = (arg.rect(), arg.tuple()) {
                for (x, y, from, to) in [(x1, y1, &v[0], &v[1]), (x2, y2, &v[2], &v[3])] {
                    out.push(Coordinate {
                        x,
                        y,
                        span: from.span.start..to.span.end,
                        tuple: arg,
                        point: false,
                    });
                }
            }
        }
    }
    out
}

/// The cell of the map at `(x, y)`, when both are inside it.
pub(in crate::formats::nethack) fn cell(map: &MapBlock, x: i64, y: i64) -> Option<(usize, usize)> {
    let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
    (x < map.width() && y < map.height()).then_some((x, y))
}

/// Does `span` hold the cursor? Its end counts, so a cursor just after a
/// word still finds it.
fn holds(span: &Range<usize>, offset: usize) -> bool {
    span.start <= offset && offset <= span.end
}

/// The statement and top-level argument under the cursor.
fn value_at(level: &Level, offset: usize) -> Option<(&Statement, usize, &Value)> {
    std::iter::once(&level.header)
        .chain(level.statements())
        .filter(|s| holds(&s.span, offset))
        .find_map(|s| {
            s.args
                .iter()
                .enumerate()
                .find(|(_, a)| holds(&a.span, offset))
                .map(|(i, a)| (s, i, a))
        })
}

/// The coordinate under the cursor: inside a point, or inside the half of a
/// region that holds the corner.
fn coordinate_at<'a>(coords: &'a [Coordinate<'a>], offset: usize) -> Option<&'a Coordinate<'a>> {
    let mut inside = coords.iter().filter(|c| holds(&c.tuple.span, offset));
    let first = inside.next()?;
    if first.point {
        return Some(first);
    }
    // The first corner runs from `(` to the end of y1, the second from there on.
    match inside.next() {
        Some(second) if offset > first.span.end => Some(second),
        _ => Some(first),
    }
}

/// The list entry a register `place[i]` (or `monster[i]`, `object[i]`) stands for.
fn register_target<'a>(level: &'a Level, value: &Value) -> Option<(&'a Statement, &'a Value)> {
    let ValueKind::Register { name, index, .. } = &value.kind else {
        return None;
    };
    let list = model::register_list(level, value.span.start, model::list_keyword(name)?)?;
    Some((list, model::list_entry(list, *index)?))
}

pub fn definition(text: &str, doc: &syntax::Document, offset: usize) -> Vec<Range<usize>> {
    let Some(level) = model::level_at(&doc.levels, offset) else {
        return Vec::new();
    };
    if let Some(part) = model::part_at(level, offset) {
        if let Some(map) = part.map {
            let coords = coordinates(level, &part);
            if let Some(c) = coordinate_at(&coords, offset) {
                return cell(map, c.x, c.y)
                    .and_then(|(x, y)| map.cell_span(text, x, y))
                    .into_iter()
                    .collect();
            }
        }
    }
    let Some((statement, index, value)) = value_at(level, offset) else {
        return Vec::new();
    };
    if let Some((_, entry)) = register_target(level, value) {
        return vec![entry.span.clone()];
    }
    match (statement.keyword.as_str(), index, value.string()) {
        ("SUBROOM", 4, Some(parent)) => room_names(level, parent)
            .into_iter()
            .filter(|(header, _)| !std::ptr::eq(*header, statement))
            .map(|(_, span)| span)
            .collect(),
        ("PORTAL", 2, Some(destination)) => doc
            .levels
            .iter()
            .filter(|l| {
                l.name()
                    .is_some_and(|(n, _)| n.eq_ignore_ascii_case(destination))
            })
            .map(|l| l.header.span.clone())
            .collect(),
        _ => Vec::new(),
    }
}

/// The rooms of a LEVEL level named `name` (by their NAME statement): each
/// room's header and the NAME's string.
pub(in crate::formats::nethack) fn room_names<'a>(
    level: &'a Level,
    name: &str,
) -> Vec<(&'a Statement, Range<usize>)> {
    model::rooms(level)
        .into_iter()
        .filter_map(|room| {
            let (named, span) = room_name(level, &room)?;
            (named == name).then_some((room.header, span))
        })
        .collect()
}

/// A room's name from its (first) NAME statement.
pub(in crate::formats::nethack) fn room_name<'a>(
    level: &'a Level,
    room: &model::Room<'a>,
) -> Option<(&'a str, Range<usize>)> {
    level
        .items
        .get(room.items.clone())?
        .iter()
        .filter_map(syntax::Item::statement)
        .find(|s| s.keyword == "NAME")
        .and_then(|s| s.args.first())
        .and_then(|v| Some((v.string()?, v.span.clone())))
}

pub fn references(
    text: &str,
    doc: &syntax::Document,
    offset: usize,
    include_definitions: bool,
) -> Vec<Range<usize>> {
    let Some(level) = model::level_at(&doc.levels, offset) else {
        return Vec::new();
    };
    // A RANDOM_* entry, or a register that uses one: every register using it.
    if let Some((statement, index, value)) = value_at(level, offset) {
        let entry = match statement.keyword.as_str() {
            "RANDOM_PLACES" | "RANDOM_OBJECTS" | "RANDOM_MONSTERS" => Some((statement, index)),
            _ => register_target(level, value).and_then(|(list, entry)| {
                let i = list.args.iter().position(|a| std::ptr::eq(a, entry))?;
                Some((list, i))
            }),
        };
        if let Some((list, index)) = entry {
            return register_uses(level, list, index, include_definitions);
        }
    }
    // A map cell, or a coordinate: every coordinate of the part on that cell.
    let Some(part) = model::part_at(level, offset) else {
        return Vec::new();
    };
    let Some(map) = part.map else {
        return Vec::new();
    };
    let coords = coordinates(level, &part);
    let target = map_cell_at(map, text, offset)
        .or_else(|| coordinate_at(&coords, offset).and_then(|c| cell(map, c.x, c.y)));
    let Some((x, y)) = target else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if include_definitions {
        out.extend(map.cell_span(text, x, y));
    }
    out.extend(
        coords
            .iter()
            .filter(|c| cell(map, c.x, c.y) == Some((x, y)))
            .map(|c| c.span.clone()),
    );
    out
}

/// The cell under the cursor in a MAP row; at the end of a row, its last cell.
fn map_cell_at(map: &MapBlock, text: &str, offset: usize) -> Option<(usize, usize)> {
    if !holds(&map.span, offset) {
        return None;
    }
    map.cell_at(offset).or_else(|| {
        let row = map
            .good_rows()
            .find(|r| r.span.end == offset && !r.span.is_empty())?;
        let last = *row.cells.last()?;
        let end = last + text.get(last..)?.chars().next()?.len_utf8();
        if end == offset {
            map.cell_at(last)
        } else {
            None
        }
    })
}

/// Every register that stands for entry `index` of `list`.
fn register_uses(
    level: &Level,
    list: &Statement,
    index: usize,
    include_definitions: bool,
) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    if include_definitions {
        out.extend(list.args.get(index).map(|a| a.span.clone()));
    }
    for statement in level.statements() {
        for arg in &statement.args {
            if let Some((found, entry)) = register_target(level, arg) {
                if std::ptr::eq(found, list)
                    && list.args.get(index).is_some_and(|e| std::ptr::eq(e, entry))
                {
                    out.push(arg.span.clone());
                }
            }
        }
    }
    out
}
