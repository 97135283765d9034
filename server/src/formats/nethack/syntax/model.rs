//! How a level's statements group: the parts of a MAZE level (each a MAP or
//! NOMAP with the statements that follow it, whose coordinates are relative
//! to that map) and the rooms of a LEVEL level. Shared by the analysis and
//! by the editor features (a coordinate's map cell, `place[i]`'s entry).

use crate::formats::nethack::syntax::{Item, Level, LevelKind, MapBlock, Statement, Value};
use std::ops::Range;

/// One map part of a MAZE level: `[GEOMETRY:] MAP…ENDMAP` or `NOMAP`, and
/// the statements after it up to the next part.
#[derive(Debug)]
pub struct Part<'a> {
    /// The items of the part, as indices into `level.items` (the GEOMETRY
    /// statement, the map or NOMAP, then its details).
    pub items: Range<usize>,
    pub geometry: Option<&'a Statement>,
    /// The MAP block; `None` for NOMAP (the whole level is the frame).
    pub map: Option<&'a MapBlock>,
    pub random_places: Option<&'a Statement>,
    pub random_objects: Option<&'a Statement>,
    pub random_monsters: Option<&'a Statement>,
}

/// A ROOM or SUBROOM of a LEVEL level with its detail statements.
#[derive(Debug)]
pub struct Room<'a> {
    pub header: &'a Statement,
    /// Indices into `level.items`: the header, then its details.
    pub items: Range<usize>,
    /// 0-based, in declaration order, SUBROOMs included (as CORRIDOR counts them).
    pub number: usize,
}

fn starts_part(item: &Item) -> bool {
    match item {
        Item::Map(_) => true,
        Item::Statement(s) => s.keyword == "GEOMETRY" || s.keyword == "NOMAP",
        _ => false,
    }
}

/// The parts of a MAZE level (empty for LEVEL levels).
pub fn parts(level: &Level) -> Vec<Part<'_>> {
    let mut parts: Vec<Part> = Vec::new();
    if level.kind != LevelKind::Maze {
        return parts;
    }
    let mut i = 0;
    while i < level.items.len() {
        let item = &level.items[i];
        // A MAP right after its GEOMETRY belongs to the GEOMETRY's part.
        let continues_geometry = matches!(item, Item::Map(_))
            && i > 0
            && matches!(&level.items[i - 1], Item::Statement(s) if s.keyword == "GEOMETRY");
        if starts_part(item) && !continues_geometry {
            parts.push(Part {
                items: i..i + 1,
                geometry: None,
                map: None,
                random_places: None,
                random_objects: None,
                random_monsters: None,
            });
        }
        if let Some(part) = parts.last_mut() {
            part.items.end = i + 1;
            match item {
                Item::Map(m) if part.map.is_none() => part.map = Some(m),
                Item::Statement(s) => match s.keyword.as_str() {
                    "GEOMETRY" if part.geometry.is_none() => part.geometry = Some(s),
                    "RANDOM_PLACES" if part.random_places.is_none() => part.random_places = Some(s),
                    "RANDOM_OBJECTS" if part.random_objects.is_none() => {
                        part.random_objects = Some(s)
                    }
                    "RANDOM_MONSTERS" if part.random_monsters.is_none() => {
                        part.random_monsters = Some(s)
                    }
                    _ => {}
                },
                _ => {}
            }
        }
        i += 1;
    }
    parts
}

/// The part whose items contain the byte `offset`.
pub fn part_at<'a>(level: &'a Level, offset: usize) -> Option<Part<'a>> {
    parts(level).into_iter().find(|p| {
        let first = level.items[p.items.start].span().start;
        let last = level.items[p.items.end - 1].span().end;
        (first..=last).contains(&offset)
    })
}

/// The rooms of a LEVEL level (empty for MAZE levels).
pub fn rooms(level: &Level) -> Vec<Room<'_>> {
    let mut rooms: Vec<Room> = Vec::new();
    if level.kind != LevelKind::Room {
        return rooms;
    }
    for (i, item) in level.items.iter().enumerate() {
        match item {
            Item::Statement(s) if s.keyword == "ROOM" || s.keyword == "SUBROOM" => {
                rooms.push(Room {
                    header: s,
                    items: i..i + 1,
                    number: rooms.len(),
                });
            }
            Item::Statement(s) if s.keyword == "RANDOM_CORRIDORS" || s.keyword == "CORRIDOR" => {
                // Corridors end the room list.
                break;
            }
            _ => {
                if let Some(room) = rooms.last_mut() {
                    room.items.end = i + 1;
                }
            }
        }
    }
    rooms
}

/// The level-wide register lists of a LEVEL level (RANDOM_OBJECTS / RANDOM_MONSTERS
/// before the first room), or of one MAZE part.
pub fn register_list<'a>(level: &'a Level, offset: usize, keyword: &str) -> Option<&'a Statement> {
    match level.kind {
        LevelKind::Maze => {
            let part = part_at(level, offset)?;
            match keyword {
                "RANDOM_PLACES" => part.random_places,
                "RANDOM_OBJECTS" => part.random_objects,
                "RANDOM_MONSTERS" => part.random_monsters,
                _ => None,
            }
        }
        LevelKind::Room => level.statements().find(|s| s.keyword == keyword),
    }
}

/// Which RANDOM_* list a register name indexes.
pub fn list_keyword(register: &str) -> Option<&'static str> {
    match register {
        "place" => Some("RANDOM_PLACES"),
        "object" => Some("RANDOM_OBJECTS"),
        "monster" => Some("RANDOM_MONSTERS"),
        _ => None,
    }
}

/// The level containing `offset`.
pub fn level_at(levels: &[Level], offset: usize) -> Option<&Level> {
    // Levels follow each other: what lies between two belongs to the earlier one.
    levels.iter().rev().find(|l| l.span.start <= offset)
}

/// The entry `index` of a RANDOM_* list statement.
pub fn list_entry(list: &Statement, index: i64) -> Option<&Value> {
    usize::try_from(index).ok().and_then(|i| list.args.get(i))
}
