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
use crate::formats::nethack::syntax::{Document, Item, LevelKind, Statement, ValueKind};
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
pub fn check_36(_text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    for level in &doc.levels {
        level::level_name_36(level, out);
        let mut seen_map: Option<(i64, i64)> = None;
        for item in &level.items {
            walk(item, &mut seen_map, out, 0);
        }
    }
}

fn walk(item: &Item, seen_map: &mut Option<(i64, i64)>, out: &mut Vec<Diagnostic>, depth: usize) {
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
            maps::map_size_36(m, out);
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
            }
        }
        _ => {}
    }
    for child in item.children() {
        walk(child, seen_map, out, depth + 1);
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
            maps::coord_36(arg(1), out);
        }
        "OBJECT" | "CONTAINER" => {
            if let Some(v) = arg(0) {
                names::name_value_36(NameKind::Object, v, out);
            }
            for v in args.iter().skip(1) {
                match &v.kind {
                    ValueKind::Tuple(t) if t.len() == 2 => maps::coord_36(Some(v), out),
                    ValueKind::Keyed { key, value, .. } if key == "montype" => {
                        names::name_value_36(NameKind::Monster, value, out)
                    }
                    _ => {}
                }
            }
        }
        "GOLD" | "TRAP" | "DOOR" => maps::coord_36(arg(1), out),
        "ENGRAVING" | "ALTAR" | "LADDER" | "FOUNTAIN" | "SINK" | "POOL" | "MAZEWALK" | "GRAVE"
        | "DRAWBRIDGE" | "TERRAIN" => maps::coord_36(arg(0), out),
        _ => {}
    }
    match s.keyword.as_str() {
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
            if s.keyword == "REGION" {
                maps::region_order_36(arg(0), out);
            }
        }
        "NON_DIGGABLE" | "NON_PASSWALL" => maps::region_order_36(arg(0), out),
        "TELEPORT_REGION" | "BRANCH" | "PORTAL" => {
            maps::levregion_36(arg(0), seen_map, out);
            maps::levregion_36(arg(1), seen_map, out);
        }
        "STAIR" if args.len() >= 3 => {
            maps::levregion_36(arg(0), seen_map, out);
            maps::levregion_36(arg(1), seen_map, out);
        }
        "STAIR" => maps::coord_36(arg(0), out),
        "INIT_MAP" => level::init_map_36(args, out),
        _ => {}
    }
}

#[cfg(test)]
mod tests;
