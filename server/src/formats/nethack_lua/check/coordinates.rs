//! Literal points outside what they are relative to: the level (a map's
//! points are relative to it: its `contents`, or the top-level calls after
//! it), or a room with a literal size. The game clamps or re-randomises most of them;
//! doors, terrain, mazewalks and drawbridges stop it ("coord not ok").
//! A level region turned inside out can crash it.

use super::super::picture::{map_text, number, point};
use super::super::syntax::{Call, Level, Value};
use super::map_rows;
use crate::formats::{Diagnostic, Severity};

/// The level's size (`COLNO` × `ROWNO`).
const COLUMNS: i64 = 80;
const ROWS: i64 = 21;

/// Calls that place one thing at a point.
pub const PLACING: &[&str] = &[
    "monster",
    "object",
    "trap",
    "door",
    "terrain",
    "mazewalk",
    "drawbridge",
    "stair",
    "ladder",
    "altar",
    "gold",
    "engraving",
    "grave",
    "feature",
];
/// Those the game refuses a point outside for.
const CHECKED: &[&str] = &["door", "terrain", "mazewalk", "drawbridge"];

/// What a point is relative to.
#[derive(Clone, Copy)]
pub enum Frame {
    /// A map of that width and height, the `des.map` call's index.
    Map {
        width: i64,
        height: i64,
        call: usize,
    },
    /// A room's inside: its walls are at -1 and at the size.
    Room {
        width: i64,
        height: i64,
    },
    Level,
}

/// The frame of call `index`: the innermost map or room whose contents
/// hold it, or the last top-level map before a top-level call.
pub fn frame(level: &Level, index: usize) -> Option<Frame> {
    let call = &level.calls[index];
    let holds = |o: &Call| {
        o.range != call.range && o.range.start <= call.range.start && call.range.end <= o.range.end
    };
    if let Some((i, outer)) = level.calls[..index]
        .iter()
        .enumerate()
        .rev()
        .find(|(_, o)| matches!(o.function.as_str(), "map" | "room") && holds(o))
    {
        return if outer.function == "map" {
            map_frame(outer, i)
        } else {
            let table = outer.table()?;
            Some(Frame::Room {
                width: number(table.get("w"))?,
                height: number(table.get("h"))?,
            })
        };
    }
    // Inside some other call's function (a monster's inventory): nothing known.
    if level.calls[..index].iter().any(holds) {
        return None;
    }
    let top_level = |c: &Call| {
        !level.calls.iter().any(|o| {
            o.range != c.range && o.range.start <= c.range.start && c.range.end <= o.range.end
        })
    };
    match level.calls[..index]
        .iter()
        .enumerate()
        .rev()
        .find(|(_, o)| o.function == "map" && top_level(o))
    {
        Some((i, map)) => map_frame(map, i),
        None => Some(Frame::Level),
    }
}

fn map_frame(call: &Call, index: usize) -> Option<Frame> {
    let (text, start) = map_text(call)?;
    let rows = map_rows(text, start);
    let width = rows.iter().map(|(_, r)| r.chars().count()).max()? as i64;
    Some(Frame::Map {
        width,
        height: rows.len() as i64,
        call: index,
    })
}

pub fn check(level: &Level, found: &mut Vec<Diagnostic>) {
    for (index, call) in level.calls.iter().enumerate() {
        if matches!(call.function.as_str(), "levregion" | "teleport_region") {
            inverted_region(call, found);
        }
        if !PLACING.contains(&call.function.as_str()) {
            continue;
        }
        let Some((x, y)) = point(call) else {
            continue;
        };
        // -1, -1 is the game's "random".
        if (x, y) == (-1, -1) {
            continue;
        }
        let Some(frame) = frame(level, index) else {
            continue;
        };
        // A point beyond a map but on the level is placed there (Pri-loca's
        // stairs are, on purpose): only a point off the level is a fault.
        let on_level = (0..COLUMNS).contains(&x) && (0..ROWS).contains(&y);
        let (inside, what) = match frame {
            Frame::Map { width, height, .. } => (
                on_level,
                format!("the level: the map is {width}×{height} and the level {COLUMNS}×{ROWS}"),
            ),
            Frame::Room { width, height } => (
                (-1..=width).contains(&x) && (-1..=height).contains(&y),
                format!("the room ({width}×{height}, its walls at -1 and {width}/{height})"),
            ),
            Frame::Level => (on_level, format!("the level ({COLUMNS}×{ROWS})")),
        };
        if inside {
            continue;
        }
        let (severity, outcome) = if CHECKED.contains(&call.function.as_str()) {
            (
                Severity::Error,
                format!("the game stops with \"{} coord not ok\"", call.function),
            )
        } else {
            (
                Severity::Warning,
                "the game clamps it or puts the thing somewhere at random".to_string(),
            )
        };
        found.push(Diagnostic::new(
            severity,
            "nethack-lua::coordinate-outside",
            call.args_range.clone(),
            format!(
                "({x},{y}) of `des.{}` lies outside {what}: {outcome}",
                call.function
            ),
        ));
    }
}

/// `region = {x1,y1,x2,y2}` with x2 < x1 or y2 < y1.
fn inverted_region(call: &Call, found: &mut Vec<Diagnostic>) {
    let Some(arg) = call.table().and_then(|t| t.get("region")) else {
        return;
    };
    let Value::Table(region) = &arg.value else {
        return;
    };
    let corners: Option<Vec<i64>> = region.positional.iter().map(|a| number(Some(a))).collect();
    let Some([x1, y1, x2, y2]) = corners
        .as_deref()
        .and_then(|c| <[i64; 4]>::try_from(c).ok())
    else {
        return;
    };
    if x2 >= x1 && y2 >= y1 {
        return;
    }
    found.push(Diagnostic::new(
        Severity::Error,
        "nethack-lua::region-inverted",
        arg.range.clone(),
        format!("the region {{{x1},{y1},{x2},{y2}}} is inside out (x2 < x1 or y2 < y1): placing it can crash the game (occupied, place_lregion) or put the stairs out of the level"),
    ));
}
