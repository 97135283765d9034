//! Document symbols (each level; its map parts or rooms; stairs, portals
//! and branches inside them) and folding (levels, MAP blocks, comment runs).

use crate::formats::nethack::ide::navigation::room_name;
use crate::formats::nethack::syntax::model::{self, Part, Room};
use crate::formats::nethack::syntax::{self, Item, Level, LevelKind, Statement};
use crate::formats::{Fold, FoldKind, Symbol, SymbolKind};
use std::ops::Range;

/// Statements worth a line in the outline: where the hero arrives and leaves.
const NOTABLE: [&str; 5] = ["STAIR", "LADDER", "PORTAL", "BRANCH", "TELEPORT_REGION"];

pub fn symbols(text: &str, doc: &syntax::Document) -> Vec<Symbol> {
    doc.levels.iter().map(|l| level(text, l)).collect()
}

fn level(text: &str, level: &Level) -> Symbol {
    let (name, selection) = match level.name() {
        Some((name, span)) => (name.to_string(), span),
        None => (
            level.header.keyword.clone(),
            level.header.keyword_span.clone(),
        ),
    };
    let (detail, children) = match level.kind {
        LevelKind::Maze => (
            "maze",
            model::parts(level)
                .iter()
                .map(|p| part(text, level, p))
                .collect(),
        ),
        LevelKind::Room => ("room-and-corridor level", rooms(text, level)),
    };
    Symbol {
        name,
        detail: Some(detail.to_string()),
        kind: SymbolKind::Module,
        range: level.span.clone(),
        selection,
        children,
    }
}

/// The span from the first to the last of `items`.
fn items_span(level: &Level, items: &Range<usize>) -> Option<Range<usize>> {
    let first = level.items.get(items.start)?;
    let last = level.items.get(items.end.checked_sub(1)?)?;
    Some(first.span().start..last.span().end)
}

fn part(text: &str, level: &Level, part: &Part) -> Symbol {
    let range = items_span(level, &part.items).unwrap_or_else(|| level.span.clone());
    let geometry = part.geometry.map(|g| {
        g.args
            .iter()
            .map(|a| &text[a.span.clone()])
            .collect::<Vec<_>>()
            .join(",")
    });
    let (name, detail, selection) = match part.map {
        Some(map) => {
            let size = format!("{}×{}", map.width(), map.height());
            let detail = match geometry {
                Some(g) if !g.is_empty() => format!("{size} {g}"),
                _ => size,
            };
            ("MAP", Some(detail), map.start.clone())
        }
        None => {
            let nomap = level.items[part.items.clone()]
                .iter()
                .filter_map(Item::statement)
                .find(|s| s.keyword == "NOMAP")
                .map_or(range.start..range.start, |s| s.keyword_span.clone());
            ("NOMAP", None, nomap)
        }
    };
    Symbol {
        name: name.to_string(),
        detail,
        kind: SymbolKind::Struct,
        range,
        selection,
        children: notable(text, level, &part.items),
    }
}

/// The notable statements among `items`.
fn notable(text: &str, level: &Level, items: &Range<usize>) -> Vec<Symbol> {
    level
        .items
        .get(items.clone())
        .unwrap_or_default()
        .iter()
        .filter_map(Item::statement)
        .filter(|s| NOTABLE.contains(&s.keyword.as_str()))
        .map(|s| statement(text, s))
        .collect()
}

/// `STAIR down` at `(55,07)`, `PORTAL → "fire"`, `BRANCH` at its region.
fn statement(text: &str, s: &Statement) -> Symbol {
    let last_word = s.args.last().and_then(|a| a.word());
    let name = match (s.keyword.as_str(), last_word) {
        ("PORTAL", _) => match s.args.get(2).and_then(|a| a.string()) {
            Some(to) => format!("PORTAL → {to}"),
            None => "PORTAL".to_string(),
        },
        (k, Some(w @ ("up" | "down"))) => format!("{k} {w}"),
        (k, _) => k.to_string(),
    };
    let detail = s.args.first().map(|a| text[a.span.clone()].to_string());
    Symbol::leaf(
        name,
        detail,
        SymbolKind::Field,
        s.span.clone(),
        s.keyword_span.clone(),
    )
}

/// The rooms of a LEVEL level; a SUBROOM goes under the ROOM its parent
/// string names, or stays at the top when no ROOM has that NAME.
fn rooms(text: &str, level: &Level) -> Vec<Symbol> {
    let rooms = model::rooms(level);
    let names: Vec<Option<&str>> = rooms
        .iter()
        .map(|r| room_name(level, r).map(|(n, _)| n))
        .collect();
    let parent_of = |room: &Room| -> Option<usize> {
        if room.header.keyword != "SUBROOM" {
            return None;
        }
        let parent = room.header.args.get(4)?.string()?;
        rooms
            .iter()
            .zip(&names)
            .position(|(r, n)| r.header.keyword == "ROOM" && *n == Some(parent))
    };
    let parents: Vec<Option<usize>> = rooms.iter().map(parent_of).collect();
    let mut symbols: Vec<Option<Symbol>> = rooms
        .iter()
        .zip(&names)
        .map(|(r, n)| Some(room(text, level, r, *n)))
        .collect();
    for (i, parent) in parents.iter().enumerate().rev() {
        if let Some(p) = *parent {
            if let Some(child) = symbols[i].take() {
                if let Some(Some(parent)) = symbols.get_mut(p) {
                    // A subroom may be written away from its parent: the
                    // parent's range grows to hold it.
                    parent.range.start = parent.range.start.min(child.range.start);
                    parent.range.end = parent.range.end.max(child.range.end);
                    parent.children.push(child);
                }
            }
        }
    }
    let mut out: Vec<Symbol> = symbols.into_iter().flatten().collect();
    for s in &mut out {
        s.children.sort_by_key(|c| c.range.start);
    }
    out
}

/// `throne "court"` (type and NAME), detail `room 3` (the number CORRIDOR uses).
fn room(text: &str, level: &Level, room: &Room, name: Option<&str>) -> Symbol {
    let kind = room
        .header
        .args
        .first()
        .map(|a| {
            a.string()
                .map_or_else(|| text[a.span.clone()].to_string(), str::to_string)
        })
        .unwrap_or_else(|| "?".to_string());
    let label = match name {
        Some(n) => format!("{kind} \"{n}\""),
        None => kind,
    };
    let detail = format!("{} {}", room.header.keyword.to_lowercase(), room.number);
    Symbol {
        name: label,
        detail: Some(detail),
        kind: SymbolKind::Struct,
        range: items_span(level, &room.items).unwrap_or_else(|| room.header.span.clone()),
        selection: room.header.keyword_span.clone(),
        children: notable(text, level, &room.items),
    }
}

/// Folds of levels, maps and comment runs (3.6's folds start from these).
pub(in crate::formats::nethack) fn folds_in(text: &str, doc: &syntax::Document) -> Vec<Fold> {
    let mut out = Vec::new();
    let multiline = |r: &Range<usize>| text.get(r.clone()).is_some_and(|t| t.contains('\n'));
    for level in &doc.levels {
        if multiline(&level.span) {
            out.push(Fold {
                range: level.span.clone(),
                kind: FoldKind::Region,
            });
        }
    }
    let maps = doc
        .prelude
        .iter()
        .chain(doc.levels.iter().flat_map(|l| l.items.iter()))
        .filter_map(Item::map);
    for map in maps {
        if multiline(&map.span) {
            out.push(Fold {
                range: map.span.clone(),
                kind: FoldKind::Region,
            });
        }
    }
    // Runs of comment lines that follow each other directly.
    let mut run: Option<Range<usize>> = None;
    for comment in &doc.comments {
        match &mut run {
            Some(r) if matches!(text.get(r.end..comment.start), Some("\n" | "\r\n")) => {
                r.end = comment.end;
            }
            _ => {
                out.extend(run.take().filter(&multiline).map(comment_fold));
                run = Some(comment.clone());
            }
        }
    }
    out.extend(run.filter(multiline).map(comment_fold));
    out.sort_by_key(|f| f.range.start);
    out
}

fn comment_fold(range: Range<usize>) -> Fold {
    Fold {
        range,
        kind: FoldKind::Comment,
    }
}
