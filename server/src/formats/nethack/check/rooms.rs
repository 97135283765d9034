//! LEVEL levels: each room's NAME and CHANCE, room and subroom positions,
//! room doors, subroom parents, corridor room numbers. Every level: how many
//! of each thing one room or map part may hold.

use crate::formats::nethack::check::report::lev_comp;
use crate::formats::nethack::names::profiles::forms_in_force;
use crate::formats::nethack::names::vocabulary::{
    room_types, MAX_CORRIDORS, MAX_PASSWALLS, MAX_PER_PART, MAX_SUBROOMS,
};
use crate::formats::nethack::syntax::model;
use crate::formats::nethack::syntax::{Level, LevelKind, Statement, Value, ValueKind};
use crate::formats::{Diagnostic, Severity};
use std::collections::HashMap;

pub(super) fn check(level: &Level, out: &mut Vec<Diagnostic>) {
    let rooms = model::rooms(level);
    let mut names: Vec<&str> = Vec::new();
    for room in &rooms {
        let header = room.header;
        position(header, out);
        // An unknown type is made ordinary; `random` is not ordinary.
        let typed = match header.args.first().map(|v| &v.kind) {
            Some(ValueKind::Word(w)) => Some(w == "random"),
            Some(ValueKind::String(t)) => {
                Some(t != "ordinary" && room_types().iter().any(|r| r.name == t.as_str()))
            }
            _ => None,
        };
        let mut named = false;
        let mut has_chance = false;
        for item in &level.items[room.items.clone()] {
            let Some(s) = item.statement() else {
                continue;
            };
            match s.keyword.as_str() {
                "NAME" => {
                    let Some(ValueKind::String(name)) = s.args.first().map(|v| &v.kind) else {
                        continue;
                    };
                    if named {
                        out.push(lev_comp(
                            Severity::Error,
                            "nethack::room-name-twice",
                            s.keyword_span.clone(),
                            "this room already has a NAME; a room has one name",
                            "This room already has a name!",
                        ));
                    } else {
                        named = true;
                        names.push(name);
                    }
                }
                "CHANCE" => {
                    let Some(value) = s.args.first() else {
                        continue;
                    };
                    let (Some(n), Some(typed)) = (value.integer(), typed) else {
                        continue;
                    };
                    if has_chance {
                        out.push(lev_comp(
                            Severity::Error,
                            "nethack::room-chance",
                            s.keyword_span.clone(),
                            "this room already has a CHANCE; a room has one",
                            "This room already assigned a chance!",
                        ));
                    } else if !typed {
                        out.push(lev_comp(
                            Severity::Error,
                            "nethack::room-chance",
                            s.keyword_span.clone(),
                            "CHANCE is the chance that a typed room gets its type; an ordinary room has no type to lose",
                            "Only typed rooms can have a chance!",
                        ));
                    } else if !(1..=99).contains(&n) {
                        out.push(lev_comp(
                            Severity::Error,
                            "nethack::room-chance",
                            value.span.clone(),
                            format!("a room's CHANCE is a percentage from 1 to 99, not {n}"),
                            "The chance is supposed to be precentile.",
                        ));
                    } else {
                        has_chance = true;
                    }
                }
                "DOOR" => room_door(s, out),
                _ => {}
            }
        }
    }
    subrooms(&rooms, &names, out);
    corridors(level, rooms.len(), out);
}

/// Whether the grammar in force takes (x,y) as a ROOM's position: a cell of
/// the 5 × 5 grid in vanilla, a square of the level in some variants.
fn room_position_ok(x: i64, y: i64) -> bool {
    let (low, max_x, max_y) = forms_in_force().room_position;
    (low..=max_x).contains(&x) && (low..=max_y).contains(&y)
}

/// ROOM: a grid position 1..5 × 1..5; SUBROOM: a position ≥ 0 in its parent.
fn position(header: &Statement, out: &mut Vec<Diagnostic>) {
    let Some(value) = header.args.get(2) else {
        return;
    };
    let Some((x, y)) = value.point() else {
        return;
    };
    if header.keyword == "ROOM" && !room_position_ok(x, y) {
        out.push(lev_comp(
            Severity::Error,
            "nethack::room-position",
            value.span.clone(),
            format!("a ROOM's position is a cell of a 5 × 5 grid, (1,1) to (5,5), not ({x},{y})"),
            "Room position should be between 1 & 5!",
        ));
    }
    if header.keyword == "SUBROOM" && (x < 0 || y < 0) {
        out.push(lev_comp(
            Severity::Error,
            "nethack::subroom-position",
            value.span.clone(),
            format!(
                "a SUBROOM's position is relative to its parent and cannot be negative: ({x},{y})"
            ),
            "Invalid subroom position !",
        ));
    }
}

/// 3.6: the same rules, with lev_comp 3.6's words; its ROOM and SUBROOM
/// statements stand anywhere in a level.
pub(super) fn position_36(header: &Statement, out: &mut Vec<Diagnostic>) {
    let Some(value) = header.args.get(2) else {
        return;
    };
    let Some((x, y)) = value.point() else {
        return;
    };
    if header.keyword == "ROOM" && !room_position_ok(x, y) {
        out.push(Diagnostic::new(
            Severity::Error,
            "nethack::room-position",
            value.span.clone(),
            format!("Room positions should be between 1-5: ({x},{y})! A ROOM's position is a cell of a 5 × 5 grid, (1,1) to (5,5)."),
        ));
    }
    if header.keyword == "SUBROOM" && (x < 0 || y < 0) {
        out.push(Diagnostic::new(
            Severity::Error,
            "nethack::subroom-position",
            value.span.clone(),
            format!("Invalid subroom position ({x},{y})! A SUBROOM's position is relative to its parent and cannot be negative."),
        ));
    }
}

/// DOOR (room form) `secret, state, wall, pos`: a random wall needs a random pos.
fn room_door(statement: &Statement, out: &mut Vec<Diagnostic>) {
    let args = &statement.args;
    if args.len() != 4 {
        return;
    }
    let (Some(wall), Some(pos)) = (args.get(2), args.get(3)) else {
        return;
    };
    if wall.word() == Some("random") && pos.integer().is_some() {
        out.push(lev_comp(
            Severity::Error,
            "nethack::door-random-wall",
            pos.span.clone(),
            "the door's wall is random, so its position along the wall cannot be fixed; write `random` here or name the wall",
            "If the door wall is random, so must be its pos!",
        ));
    }
}

/// Each SUBROOM's parent is the NAME of some room of the level; at most 24
/// subrooms per parent.
fn subrooms(rooms: &[model::Room], names: &[&str], out: &mut Vec<Diagnostic>) {
    let mut per_parent: HashMap<&str, usize> = HashMap::new();
    for room in rooms.iter().filter(|r| r.header.keyword == "SUBROOM") {
        let Some(value) = room.header.args.get(4) else {
            continue;
        };
        let ValueKind::String(parent) = &value.kind else {
            continue;
        };
        if !names.contains(&parent.as_str()) {
            out.push(lev_comp(
                Severity::Error,
                "nethack::subroom-parent",
                value.span.clone(),
                format!("no room of this level has `NAME: \"{parent}\"`; a SUBROOM names its parent room"),
                &format!("Subroom error : parent room '{parent}' not found!"),
            ));
        }
        let count = per_parent.entry(parent.as_str()).or_default();
        *count += 1;
        if *count == MAX_SUBROOMS + 1 {
            out.push(lev_comp(
                Severity::Error,
                "nethack::too-many-subrooms",
                value.span.clone(),
                format!("room `{parent}` has more than {MAX_SUBROOMS} subrooms"),
                &format!("Subroom error: too many subrooms attached to parent room '{parent}'!"),
            ));
        }
    }
}

/// CORRIDOR `(room, wall, door)`: the room numbers of the declared rooms.
fn corridors(level: &Level, rooms: usize, out: &mut Vec<Diagnostic>) {
    for statement in level.statements().filter(|s| s.keyword == "CORRIDOR") {
        for spec in statement.args.iter().take(2) {
            let Some([number, ..]) = spec.tuple() else {
                continue;
            };
            let Some(n) = number.integer() else {
                continue;
            };
            if n < 0 || n >= rooms as i64 {
                let what = match rooms {
                    0 => "this level declares no room, so no room number is valid".to_string(),
                    1 => format!("room {n} does not exist: the only room is room 0"),
                    _ => format!(
                        "room {n} does not exist: rooms are numbered from 0 to {} in the order ROOM and SUBROOM declare them",
                        rooms - 1
                    ),
                };
                out.push(lev_comp(
                    Severity::Error,
                    "nethack::corridor-room",
                    number.span.clone(),
                    what,
                    "Wrong room number!",
                ));
            }
        }
    }
}

/// What one room or map part may hold; the 128th of a kind is an error.
fn limit(statement: &Statement, kind: LevelKind) -> Option<(&'static str, usize, &'static str)> {
    let per = MAX_PER_PART;
    Some(match statement.keyword.as_str() {
        "MONSTER" => ("monsters", per, "Too many monsters in room or mazepart!"),
        "OBJECT" | "CONTAINER" => ("objects", per, "Too many objects in room or mazepart!"),
        "TRAP" => ("traps", per, "Too many traps in room or mazepart!"),
        "DOOR" if kind == LevelKind::Room => ("doors", per, "Too many doors in room!"),
        "DOOR" => ("doors", per, "Too many doors in mazepart!"),
        "DRAWBRIDGE" => ("drawbridges", per, "Too many drawbridges in mazepart!"),
        "MAZEWALK" => ("mazewalks", per, "Too many mazewalks in mazepart!"),
        "LADDER" => ("ladders", per, "Too many ladders in mazepart!"),
        "STAIR" if statement.args.len() == 3 => {
            ("level regions", per, "Too many levregions in mazepart!")
        }
        "STAIR" => ("stairs", per, "Too many stairs in room or mazepart!"),
        "PORTAL" | "TELEPORT_REGION" | "BRANCH" => {
            ("level regions", per, "Too many levregions in mazepart!")
        }
        "FOUNTAIN" => ("fountains", per, "Too many fountains in room or mazepart!"),
        "SINK" => ("sinks", per, "Too many sinks in room!"),
        "POOL" => ("pools", per, "Too many pools in room!"),
        "NON_DIGGABLE" => (
            "NON_DIGGABLE regions",
            per,
            "Too many diggables in mazepart!",
        ),
        "NON_PASSWALL" => (
            "NON_PASSWALL regions",
            MAX_PASSWALLS,
            "Too many passwalls in mazepart!",
        ),
        "REGION" => ("regions", per, "Too many regions in mazepart!"),
        "ALTAR" => ("altars", per, "Too many altars in room or mazepart!"),
        "GOLD" => ("gold piles", per, "Too many golds in room or mazepart!"),
        "ENGRAVING" => (
            "engravings",
            per,
            "Too many engravings in room or mazepart!",
        ),
        _ => return None,
    })
}

/// Per-part (MAZE) or per-room (LEVEL) limits, and corridors per level.
pub(super) fn limits(level: &Level, out: &mut Vec<Diagnostic>) {
    let scopes: Vec<std::ops::Range<usize>> = match level.kind {
        LevelKind::Maze => model::parts(level).into_iter().map(|p| p.items).collect(),
        LevelKind::Room => model::rooms(level).into_iter().map(|r| r.items).collect(),
    };
    let scope_word = match level.kind {
        LevelKind::Maze => "map part",
        LevelKind::Room => "room",
    };
    for scope in scopes {
        let mut counts: HashMap<&str, usize> = HashMap::new();
        for item in &level.items[scope] {
            let Some(statement) = item.statement() else {
                continue;
            };
            // A room door with a random wall and a fixed position is refused, not counted.
            if level.kind == LevelKind::Room
                && statement.keyword == "DOOR"
                && statement.args.get(2).and_then(Value::word) == Some("random")
                && statement.args.get(3).and_then(Value::integer).is_some()
            {
                continue;
            }
            let Some((what, max, says)) = limit(statement, level.kind) else {
                continue;
            };
            let count = counts.entry(what).or_default();
            *count += 1;
            if *count > max {
                out.push(lev_comp(
                    Severity::Error,
                    "nethack::too-many",
                    statement.keyword_span.clone(),
                    format!(
                        "one {scope_word} may hold at most {max} {what}; this is number {count}"
                    ),
                    says,
                ));
            }
        }
    }
    let mut corridors = 0usize;
    for statement in level.statements().filter(|s| s.keyword == "CORRIDOR") {
        corridors += 1;
        if corridors > MAX_CORRIDORS {
            out.push(lev_comp(
                Severity::Error,
                "nethack::too-many",
                statement.keyword_span.clone(),
                format!("a level may hold at most {MAX_CORRIDORS} corridors; this is number {corridors}"),
                "Too many corridors in level!",
            ));
        }
    }
}
