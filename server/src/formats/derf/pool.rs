//! A folder of rooms is one dungeon's pool (`docs/formats/derf.md`, "A
//! folder of rooms"): the Dungeon Engine builds a dungeon from it with
//! exactly one entrance and one exit, joining each room's exits to rooms
//! that can be entered from the opposite side (`specs/derf.md`: "a room
//! that has an exit in one direction will always be enterable from the
//! opposite direction, unless the `non_euclidian` flag is specified").
//! Each room contributes its [`RoomFacts`]; the checks read the facts of
//! every room in its folder. A folder with one room is no dungeon yet: it
//! is left alone.

pub mod room;

use crate::formats::facts::{Facts, Workspace};
use crate::formats::{Diagnostic, Severity};
use room::RoomFacts;
use std::path::Path;

/// The exit of a neighbouring room that leads back through `exit`.
fn opposite(exit: &str) -> &'static str {
    match exit {
        "north_exit" => "south_exit",
        "south_exit" => "north_exit",
        "east_exit" => "west_exit",
        _ => "east_exit",
    }
}

/// A room's diagnostics as one of its folder's pool.
pub fn diagnostics(path: &Path, room: &RoomFacts, workspace: &dyn Workspace) -> Vec<Diagnostic> {
    let Some(folder) = path.parent() else {
        return Vec::new();
    };
    let neighbours = workspace.files(folder, false);
    let others: Vec<&RoomFacts> = neighbours
        .iter()
        .filter(|n| n.path != path)
        .filter_map(|n| match n.facts {
            Facts::Room(r) => Some(r),
            _ => None,
        })
        .collect();
    // A lone room is not a dungeon yet: nothing to check it against.
    if others.is_empty() {
        return Vec::new();
    }
    let pool = || std::iter::once(room).chain(others.iter().copied());
    let mut found = Vec::new();
    let rooms = others.len() + 1;
    for (what, flag, has) in [
        ("entrance", "dungeon_entrance", pool().any(|r| r.entrance)),
        ("exit", "dungeon_exit", pool().any(|r| r.exit)),
    ] {
        if !has {
            found.push(Diagnostic::new(
                Severity::Error,
                if what == "entrance" {
                    "derf::pool-without-entrance"
                } else {
                    "derf::pool-without-exit"
                },
                room.header.clone(),
                format!(
                    "no room of this folder's dungeon ({rooms} room{}) can be its {what}: every dungeon has exactly one; give one room `+{flag}`",
                    if rooms == 1 { "" } else { "s" }
                ),
            ));
        }
    }
    // Only the exits the author wrote: those an entrance or exit room opens
    // on its own are the engine's to fill when nothing joins them.
    if !room.non_euclidian {
        for exit in room.exits.iter().filter(|e| e.written) {
            let (at, exit) = (&exit.at, exit.name);
            let back = opposite(exit);
            let enterable = others
                .iter()
                .any(|r| r.non_euclidian || r.exits.iter().any(|e| e.name == back));
            if !enterable {
                found.push(Diagnostic::new(
                    Severity::Warning,
                    "derf::exit-leads-nowhere",
                    at.clone(),
                    format!(
                        "no other room of this folder has a `{back}` (nor is `non_euclidian`), so this room's `{exit}` can join no room"
                    ),
                ));
            }
        }
    }
    found
}
