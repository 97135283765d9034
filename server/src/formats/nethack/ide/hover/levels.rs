//! A level header's hover: what the level holds, and the dialect the file
//! is read in with the reason (the header is where a level starts, and a
//! file's dialect shows there in both dialects).

use super::plural;
use crate::formats::nethack::dialect::{Choice, Dialect};
use crate::formats::nethack::syntax::{model, scope, Document, Item, Level, LevelKind};
use crate::formats::HoverInfo;

/// "This level "x": …", as each dialect's level is built.
pub(super) fn summary(l: &Level, dialect: Dialect) -> String {
    match dialect {
        Dialect::V343 => parts_and_rooms(l),
        Dialect::V36 => maps_rooms_and_variables(l),
    }
}

fn parts_and_rooms(l: &Level) -> String {
    let name = l.name().map_or(String::new(), |(n, _)| format!(" \"{n}\""));
    match l.kind {
        LevelKind::Maze => {
            let parts = model::parts(l);
            let maps = parts.iter().filter(|p| p.map.is_some()).count();
            let nomaps = parts.len() - maps;
            format!(
                "This level{name}: a maze-style level with {} ({maps} MAP, {nomaps} NOMAP).",
                plural(parts.len(), "map part")
            )
        }
        LevelKind::Room => {
            let rooms = model::rooms(l);
            let subrooms = rooms
                .iter()
                .filter(|r| r.header.keyword == "SUBROOM")
                .count();
            let corridors = if l.statements().any(|s| s.keyword == "RANDOM_CORRIDORS") {
                "random corridors".to_string()
            } else {
                plural(
                    l.statements().filter(|s| s.keyword == "CORRIDOR").count(),
                    "corridor",
                )
            };
            format!(
                "This level{name}: a room-and-corridor level with {} ({}) and {corridors}.",
                plural(rooms.len(), "room"),
                plural(subrooms, "subroom")
            )
        }
    }
}

fn maps_rooms_and_variables(l: &Level) -> String {
    let name = l.name().map_or(String::new(), |(n, _)| format!(" \"{n}\""));
    let all: Vec<&Item> = l.items.iter().flat_map(Item::walk).collect();
    let maps = all.iter().filter(|i| matches!(i, Item::Map(_))).count();
    let rooms = all
        .iter()
        .filter_map(|i| i.statement())
        .filter(|s| matches!(s.keyword.as_str(), "ROOM" | "SUBROOM"))
        .count();
    let variables = scope::level_scope(l).variables.len();
    format!("This level{name}: {maps} map(s), {rooms} room(s), {variables} variable(s).")
}

/// "**NetHack 3.6**, detected from `$place`: … on line 5", and how editing
/// the open document bore on it.
pub(super) fn dialect_line(text: &str, choice: &Choice) -> String {
    let line = choice
        .span
        .as_ref()
        .and_then(|s| text.get(..s.start))
        .map(|before| before.matches('\n').count() + 1);
    let label = format!("NetHack {}", choice.dialect.label());
    let reason = &choice.reason;
    let said = if reason.starts_with("the ") {
        let at = line.map_or(String::new(), |n| format!(" on line {n}"));
        format!("Dialect: **{label}**, set by {reason}{at}.")
    } else if let Some(n) = line {
        format!("Dialect: **{label}**, detected on line {n}: {reason}.")
    } else {
        format!("Dialect: **{label}**: {reason}.")
    };
    match choice.editing_note() {
        Some(note) => format!("{said} {}{}.", note[..1].to_uppercase(), &note[1..]),
        None => said,
    }
}

/// A level header's keyword under the cursor.
pub(super) fn header_at(doc: &Document, offset: usize) -> Option<&Level> {
    doc.levels
        .iter()
        .find(|l| l.header.keyword_span.contains(&offset))
}

/// 3.4.3's hover with the dialect line added on a level header.
pub(super) fn with_dialect(
    text: &str,
    doc: &Document,
    choice: &Choice,
    offset: usize,
    base: Option<HoverInfo>,
) -> Option<HoverInfo> {
    let Some(level) = header_at(doc, offset) else {
        return base;
    };
    let line = dialect_line(text, choice);
    Some(match base {
        Some(mut h) => {
            h.markdown.push_str("\n\n");
            h.markdown.push_str(&line);
            h
        }
        None => HoverInfo {
            range: level.header.keyword_span.clone(),
            markdown: line,
        },
    })
}
