//! Inlay hints: after a literal point that lies on a known `des.map`, the
//! map character under it and its terrain (`'+' door`).

use super::check::coordinates::{frame, Frame, PLACING};
use super::check::map_rows;
use super::picture::{map_text, point};
use super::syntax::{Arg, Call, Level, Value};
use crate::formats::nethack::picture::terrain_style;
use crate::formats::InlayHint;
use std::ops::Range;

pub fn inlay_hints(level: &Level, range: Range<usize>) -> Vec<InlayHint> {
    let mut hints = Vec::new();
    for (index, call) in level.calls.iter().enumerate() {
        if !PLACING.contains(&call.function.as_str())
            || call.range.end < range.start
            || call.range.start > range.end
        {
            continue;
        }
        let (Some((x, y)), Some(offset)) = (point(call), point_end(call)) else {
            continue;
        };
        let Some(Frame::Map { call: map, .. }) = frame(level, index) else {
            continue;
        };
        let Some((text, start)) = map_text(&level.calls[map]) else {
            continue;
        };
        let rows = map_rows(text, start);
        let Some(c) = usize::try_from(y)
            .ok()
            .and_then(|y| rows.get(y))
            .and_then(|(_, row)| row.chars().nth(usize::try_from(x).ok()?))
        else {
            continue;
        };
        let meaning = terrain_style(c).meaning;
        hints.push(InlayHint {
            offset,
            label: format!("'{c}' {meaning}"),
            tooltip: Some(format!("({x},{y}) of the map: '{c}' {meaning}")),
        });
    }
    hints
}

/// Where the point's written y ends: its `y=` value, its `coord` table, or
/// the positional number or `{x,y}` table.
fn point_end(call: &Call) -> Option<usize> {
    let is_number = |a: &&Arg| matches!(a.value, Value::Number(_));
    if let Some(table) = call.table() {
        return table
            .get("y")
            .filter(is_number)
            .or(table.get("coord"))
            .map(|a| a.range.end);
    }
    match call.args.iter().position(|a| is_number(&a)) {
        Some(i) => call.args.get(i + 1).map(|a| a.range.end),
        None => call
            .args
            .iter()
            .find(|a| matches!(a.value, Value::Table(_)))
            .map(|a| a.range.end),
    }
}
