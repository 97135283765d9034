//! lev_comp's own checks (not its grammar), walked as each dialect's
//! lev_comp walks them, with its severity: errors block the level, warnings
//! never do (spec A3–A8, B2–B5). Each check reads the argument shapes it
//! needs and silently skips a statement of another shape: wrong shapes are
//! syntax errors, the grammar families' (`order`/`arguments`, `blocks`/`forms`).
//!
//! The rules live in their family's file, the 3.6 form beside the 3.4.3 one:
//! - [`level`]: level names, the MAZE fill, INIT_MAP, MESSAGE lengths;
//! - [`names`]: traps, class characters, monster/object names, room types;
//! - [`maps`]: map size, coordinates and regions, the map-reading checks;
//! - [`chances`]: percentages (3.6);
//! - [`registers`], [`rooms`]: RANDOM_* lists, rooms, subrooms, corridors
//!   and the per-part limits (3.4.3, whose levels are parts and rooms).

use super::{chances, level, maps, names, registers, rooms};
use crate::formats::nethack::names::NameKind;
use crate::formats::nethack::syntax::{Document, Item, LevelKind, Statement, Value, ValueKind};
use crate::formats::Diagnostic;

/// Nesting lev_comp accepts is far shallower; deeper input is not followed.
const MAX_DEPTH: usize = 64;

/// 3.4.3: level by level, part by part.
pub fn check_343(text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    for level in &doc.levels {
        level::header(level, out);
        level::messages(level, out);
        names::check(level, out);
        registers::check(level, out);
        match level.kind {
            LevelKind::Maze => maps::check(text, level, out),
            LevelKind::Room => rooms::check(level, out),
        }
        rooms::limits(level, out);
    }
}

/// 3.6: every statement, inside blocks too, in text order (a plain region is
/// checked against the last MAP read before it).
pub fn check_36(text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    for level in &doc.levels {
        level::level_name_36(level, out);
        let mut seen_map: Option<(i64, i64)> = None;
        for item in &level.items {
            walk(text, item, &mut seen_map, out, 0);
        }
    }
}

fn walk(
    text: &str,
    item: &Item,
    seen_map: &mut Option<(i64, i64)>,
    out: &mut Vec<Diagnostic>,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    match item {
        Item::Statement(s) => {
            if let Some(c) = &s.chance {
                chances::in_chance(c, out);
            }
            statement(s, *seen_map, out);
            for arg in &s.args {
                chances::in_value(arg, out, 0);
            }
        }
        Item::Map(m) => {
            *seen_map = Some((m.width() as i64, m.height() as i64));
            maps::map_size_36(text, m, out);
        }
        Item::Chance(c) => {
            if let Some(ch) = &c.chance {
                chances::in_chance(ch, out);
            }
        }
        Item::Assignment(a) => {
            if let Some(v) = &a.value {
                names::names_in_value_36(v, out, 0);
                chances::in_value(v, out, 0);
                maps::literals_36(v, out, 0);
                if matches!(&v.kind, ValueKind::Keyed { key, .. } if key.eq_ignore_ascii_case("terrain"))
                {
                    maps::map_chars_36(v, out, 0);
                }
            }
        }
        _ => {}
    }
    for child in item.children() {
        walk(text, child, seen_map, out, depth + 1);
    }
}

fn statement(s: &Statement, seen_map: Option<(i64, i64)>, out: &mut Vec<Diagnostic>) {
    let args = &s.args;
    let arg = |i: usize| args.get(i);
    match s.keyword.as_str() {
        "MONSTER" => {
            if let Some(v) = arg(0) {
                names::name_value_36(NameKind::Monster, v, out);
            }
        }
        "OBJECT" | "CONTAINER" => {
            if let Some(v) = arg(0) {
                names::name_value_36(NameKind::Object, v, out);
            }
            for v in args.iter().skip(1) {
                if let ValueKind::Keyed { key, value, .. } = &v.kind {
                    if key == "montype" {
                        names::name_value_36(NameKind::Monster, value, out)
                    }
                }
            }
        }
        "TRAP" => {
            if let Some(v) = arg(0) {
                names::trap_36(v, out);
            }
        }
        "REGION" | "ROOM" | "SUBROOM" => {
            let i = if s.keyword == "REGION" { 2 } else { 0 };
            let v = arg(i).map(|v| match &v.kind {
                ValueKind::Weighted { value, .. } => &**value,
                _ => v,
            });
            if let Some(v) = v {
                names::room_type_36(v, out);
            }
        }
        "INIT_MAP" => level::init_map_36(args, out),
        // The map character comes last: `line (…),(…)` is two arguments.
        "TERRAIN" if args.len() >= 2 => {
            if let Some(v) = args.last() {
                maps::map_chars_36(v, out, 0);
            }
        }
        "REPLACE_TERRAIN" => {
            for v in args.iter().skip(1).take(2) {
                maps::map_chars_36(v, out, 0);
            }
        }
        _ => {}
    }
    // Coordinates and regions, wherever they stand; a room's position and
    // size and a level region are their own kinds.
    let levregions = match s.keyword.as_str() {
        "TELEPORT_REGION" | "BRANCH" | "PORTAL" => 2,
        "STAIR" if args.len() >= 3 => 2,
        "ROOM" | "SUBROOM" => {
            rooms::position_36(s, out);
            args.len()
        }
        _ => 0,
    };
    for (i, v) in args.iter().enumerate() {
        if i < levregions {
            if s.keyword != "ROOM" && s.keyword != "SUBROOM" {
                maps::levregion_36(Some(v), seen_map, out);
            }
        } else {
            maps::literals_36(v, out, 0);
            filter_chars(v, out, 0);
        }
    }
}

/// `filter('c', selection)`: its map character, in any selection.
fn filter_chars(v: &Value, out: &mut Vec<Diagnostic>, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    match &v.kind {
        ValueKind::Call { name, args, .. } => {
            if name == "filter" {
                if let Some(first) = args.first() {
                    if !matches!(first.kind, ValueKind::Percent(_)) {
                        maps::map_chars_36(first, out, 0);
                    }
                }
            }
            for a in args {
                filter_chars(a, out, depth + 1);
            }
        }
        ValueKind::Binary { left, right, .. } => {
            filter_chars(left, out, depth + 1);
            filter_chars(right, out, depth + 1);
        }
        ValueKind::Tuple(vals) | ValueKind::List(vals) => {
            for a in vals {
                filter_chars(a, out, depth + 1);
            }
        }
        ValueKind::Keyed { value, .. } => filter_chars(value, out, depth + 1),
        _ => {}
    }
}

#[cfg(test)]
mod tests;
