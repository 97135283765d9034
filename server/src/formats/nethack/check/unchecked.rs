//! What lev_comp 3.4.3 does not check but the game misbehaves on, or what
//! crashes lev_comp itself: registers past the end of their RANDOM_* list,
//! `contained` objects with no container, regions with swapped corners in
//! the statements lev_comp does not check them in, stairs and ladders in
//! walls, explicit squares in a NOMAP part before any MAP (a segfault), and a
//! hint for MAP rows of unequal width.
//!
//! Every check here was run on the 24 real 3.4.3 files; none fires there.
//! lev_comp accepts what these find, so they are warnings (the differential
//! test's mutants showed each on files lev_comp builds), but for the crash.

use crate::formats::nethack::check::maps::{self, describe_cell, is_rock, Slot};
use crate::formats::nethack::names::vocabulary::{MAX_RANDOM_LIST, MAX_REGISTER_INDEX};
use crate::formats::nethack::syntax::model;
use crate::formats::nethack::syntax::{Document, Level, LevelKind, Statement, Value, ValueKind};
use crate::formats::{Diagnostic, Severity};

pub fn check(text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    // lev_comp reads the last MAP it scanned for a NOMAP part's squares: with
    // no MAP before, it dereferences a null row.
    let first_map = if doc.map_before {
        Some(0)
    } else {
        doc.levels
            .iter()
            .flat_map(|l| l.maps())
            .map(|m| m.span.start)
            .min()
    };
    for level in &doc.levels {
        registers(level, out);
        contained(level, out);
        for statement in level.statements() {
            swapped_corners(statement, out);
        }
        if level.kind == LevelKind::Maze {
            parts(text, level, first_map, out);
        }
        for map in level.maps() {
            ragged_rows(map, out);
        }
    }
}

/// `place[i]`, `monster[i]`, `object[i]` must name an entry of the list in
/// force: the map part's (MAZE) or the level's (LEVEL).
fn registers(level: &Level, out: &mut Vec<Diagnostic>) {
    let scopes: Vec<(std::ops::Range<usize>, [Option<&Statement>; 3])> = match level.kind {
        LevelKind::Maze => model::parts(level)
            .into_iter()
            .map(|p| {
                (
                    p.items.clone(),
                    [p.random_places, p.random_objects, p.random_monsters],
                )
            })
            .collect(),
        LevelKind::Room => {
            let find = |k: &str| level.statements().find(|s| s.keyword == k);
            vec![(
                0..level.items.len(),
                [None, find("RANDOM_OBJECTS"), find("RANDOM_MONSTERS")],
            )]
        }
    };
    for (items, lists) in scopes {
        for statement in level.items[items].iter().filter_map(|i| i.statement()) {
            for value in &statement.args {
                let ValueKind::Register { name, index, .. } = &value.kind else {
                    continue;
                };
                let (list, keyword) = match name.as_str() {
                    "place" => (lists[0], "RANDOM_PLACES"),
                    "object" => (lists[1], "RANDOM_OBJECTS"),
                    "monster" => (lists[2], "RANDOM_MONSTERS"),
                    _ => continue,
                };
                // Indices above 9 are lev_comp's own error.
                if *index > MAX_REGISTER_INDEX as i64 {
                    continue;
                }
                let scope = match level.kind {
                    LevelKind::Maze => "this map part",
                    LevelKind::Room => "this level",
                };
                let len = list.map_or(0, |l| l.args.len().min(MAX_RANDOM_LIST)) as i64;
                let what = if *index < 0 {
                    format!("`{name}[{index}]`: a register index cannot be negative")
                } else if *index < len {
                    continue;
                } else if list.is_none() {
                    format!(
                        "`{name}[{index}]` but {scope} has no {keyword} list, so the game uses whatever an earlier level left in the register"
                    )
                } else {
                    format!(
                        "`{name}[{index}]` but {scope}'s {keyword} list has {len} entr{} ({name}[0] to {name}[{}]); lev_comp does not check this, and the game uses whatever an earlier level left in the register",
                        if len == 1 { "y" } else { "ies" },
                        len - 1
                    )
                };
                out.push(Diagnostic::new(
                    Severity::Warning,
                    "nethack::register-beyond-list",
                    value.span.clone(),
                    what,
                ));
            }
        }
    }
}

/// `OBJECT: …, contained` goes into the last CONTAINER before it in the same
/// map part or room; with none the game has nowhere to put it.
fn contained(level: &Level, out: &mut Vec<Diagnostic>) {
    let scopes: Vec<std::ops::Range<usize>> = match level.kind {
        LevelKind::Maze => model::parts(level).into_iter().map(|p| p.items).collect(),
        LevelKind::Room => model::rooms(level).into_iter().map(|r| r.items).collect(),
    };
    for scope in scopes {
        let mut container = false;
        for statement in level.items[scope].iter().filter_map(|i| i.statement()) {
            let is_container = statement.keyword == "CONTAINER";
            if !is_container && statement.keyword != "OBJECT" {
                continue;
            }
            if let Some(value) = statement.args.get(2) {
                if value.word() == Some("contained") && !container {
                    out.push(Diagnostic::new(
                        Severity::Warning,
                        "nethack::contained-without-container",
                        value.span.clone(),
                        "`contained` puts this object into the CONTAINER declared before it, but there is none earlier in this map part or room; lev_comp does not check this, the game cannot place the object",
                    ));
                }
            }
            container |= is_container;
        }
    }
}

/// `(x1,y1,x2,y2)` with x1 > x2 or y1 > y2 outside REGION (where lev_comp
/// checks it): the game's loops over the area never run, or pick squares
/// from an empty range.
fn swapped_corners(statement: &Statement, out: &mut Vec<Diagnostic>) {
    if statement.keyword == "REGION" {
        return;
    }
    for (index, slot) in maps::slots(statement) {
        if slot == Slot::Coord {
            continue;
        }
        let Some(value) = statement.args.get(index) else {
            continue;
        };
        let corners = match &value.kind {
            ValueKind::Tuple(_) => value.rect(),
            ValueKind::Call { name, args, .. } if name == "levregion" => match args.as_slice() {
                [a, b, c, d] => Some([a.integer(), b.integer(), c.integer(), d.integer()])
                    .and_then(|v| Some([v[0]?, v[1]?, v[2]?, v[3]?])),
                _ => None,
            },
            _ => None,
        };
        let Some([x1, y1, x2, y2]) = corners else {
            continue;
        };
        if x1 > x2 || y1 > y2 {
            out.push(Diagnostic::new(
                Severity::Warning,
                "nethack::region-corners-swapped",
                value.span.clone(),
                format!(
                    "the area's first corner ({x1},{y1}) must be above and left of its second ({x2},{y2}); lev_comp checks this only for REGION, the game ignores or mishandles a reversed {} area",
                    statement.keyword
                ),
            ));
        }
    }
}

/// Per map part: stairs and ladders on solid squares, and explicit squares
/// in a NOMAP part that lev_comp would crash on.
fn parts(text: &str, level: &Level, first_map: Option<usize>, out: &mut Vec<Diagnostic>) {
    for part in model::parts(level) {
        let Some(frame) = maps::frame(level, &part) else {
            continue;
        };
        for statement in level.items[part.items.clone()]
            .iter()
            .filter_map(|i| i.statement())
        {
            if frame.map.is_some() {
                stair_in_wall(text, statement, &frame, out);
            } else if first_map.is_none_or(|m| m > statement.span.start) {
                nomap_crash(statement, out);
            }
        }
    }
}

fn stair_in_wall(
    text: &str,
    statement: &Statement,
    frame: &maps::Frame,
    out: &mut Vec<Diagnostic>,
) {
    let thing = match maps::thing(statement) {
        Some("Stairway") => "stairs",
        Some("Ladder") => "a ladder",
        _ => return,
    };
    let Some(value) = statement.args.first() else {
        return;
    };
    let Some((x, y)) = value.point() else {
        return;
    };
    let Some(c) = frame.cell(text, x, y) else {
        return;
    };
    if is_rock(c) {
        let says = if thing == "stairs" {
            "Stairway"
        } else {
            "Ladder"
        };
        out.push(Diagnostic::new(
            Severity::Warning,
            "nethack::stair-in-wall",
            value.span.clone(),
            format!(
                "the map has {} at ({x},{y}): {thing} there cannot be reached; lev_comp only warns (`{says} placed in wall at ({x:02},{y:02})?!`)",
                describe_cell(c)
            ),
        ));
    }
}

/// Statements whose square lev_comp looks up in its map buffer.
fn reads_map(statement: &Statement) -> bool {
    maps::thing(statement).is_some()
        || statement.keyword == "DRAWBRIDGE"
        || (statement.keyword == "DOOR" && statement.args.len() == 2)
        || (statement.keyword == "REGION"
            && statement.args.get(4).and_then(Value::word) == Some("true"))
}

fn nomap_crash(statement: &Statement, out: &mut Vec<Diagnostic>) {
    if !reads_map(statement) {
        return;
    }
    for (index, slot) in maps::slots(statement) {
        let Some(value) = statement.args.get(index) else {
            continue;
        };
        let corner = match slot {
            Slot::Coord => value.point(),
            Slot::Region => value.rect().map(|[x, y, ..]| (x, y)),
            Slot::LevRegion => None,
        };
        let Some((x, y)) = corner else {
            continue;
        };
        // `… placed in wall` looks only inside 0..79 × 0..21.
        let looked_up = if maps::thing(statement).is_some() {
            (0..=79).contains(&x) && (0..=21).contains(&y)
        } else {
            x >= 0 && y >= 0
        };
        if looked_up {
            out.push(Diagnostic::new(
                Severity::Error,
                "nethack::nomap-coordinate-crash",
                value.span.clone(),
                "lev_comp 3.4.3 crashes (segmentation fault) on an explicit square in a NOMAP part when no MAP comes before it in the file: it looks the square up in a map it never read; use `random` or a MAP",
            ));
        }
    }
}

/// Rows shorter than the widest: accepted, padded with solid rock.
fn ragged_rows(map: &crate::formats::nethack::syntax::MapBlock, out: &mut Vec<Diagnostic>) {
    let width = map.width();
    let rows: Vec<_> = map.good_rows().collect();
    let short: Vec<_> = rows.iter().filter(|r| r.cells.len() < width).collect();
    let Some(first) = short.first() else {
        return;
    };
    let message = if short.len() == 1 {
        format!(
            "this row is {} columns wide and the map {width} (its widest row); lev_comp pads it with solid rock to that width",
            first.cells.len()
        )
    } else {
        format!(
            "{} of the map's {} rows are narrower than its widest row ({width} columns), this one first ({} columns); lev_comp pads them with solid rock to that width",
            short.len(),
            rows.len(),
            first.cells.len()
        )
    };
    out.push(Diagnostic::new(
        Severity::Hint,
        "nethack::map-ragged-rows",
        first.span.clone(),
        message,
    ));
}

#[cfg(test)]
mod tests;
