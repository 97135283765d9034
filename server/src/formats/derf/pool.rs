//! A folder of rooms is one dungeon's pool (`docs/formats/derf.md`, "A
//! folder of rooms"): the Dungeon Engine builds a dungeon from it with
//! exactly one entrance and one exit, joining each room's exits to rooms
//! that can be entered from the opposite side (`specs/derf.md`: "a room
//! that has an exit in one direction will always be enterable from the
//! opposite direction, unless the `non_euclidian` flag is specified").
//! Each room contributes its [`RoomFacts`]; the checks read the facts of
//! every room in its folder. A folder with one room is no dungeon yet: it
//! is left alone.

use super::effective::{effective_flags, Reason};
use super::syntax::Room;
use super::vocabulary::EXITS;
use crate::formats::facts::{Facts, Workspace};
use crate::formats::{Diagnostic, Severity};
use std::ops::Range;
use std::path::Path;

/// What a dungeon made of a folder of rooms needs of one room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomFacts {
    /// Where a problem of the whole pool is shown in this room: its `DERF:` line.
    pub header: Range<usize>,
    pub entrance: bool,
    pub exit: bool,
    pub non_euclidian: bool,
    /// Its exits that are on, each with the flag that turns it on (the exit
    /// itself, or the flag written that implies it).
    pub exits: Vec<(&'static str, Range<usize>)>,
}

pub fn facts(text: &str, room: &Room) -> RoomFacts {
    let states = effective_flags(text, room);
    let on = |name: &str| states.iter().any(|s| s.name == name && s.on);
    let tokens: Vec<_> = room.flags_lines().flat_map(|l| &l.flags).collect();
    let written_at = |offset: usize| {
        tokens
            .iter()
            .find(|t| t.span.start == offset)
            .map(|t| t.span.clone())
    };
    let header = room
        .header
        .as_ref()
        .map_or(0..0, |h| h.declaration.clone().unwrap_or(h.line.clone()));
    let exits = states
        .iter()
        .filter(|s| s.on && EXITS.contains(&s.name))
        .map(|s| {
            let at = match &s.reason {
                Reason::Written(offset) => written_at(*offset),
                // Implied: where the flag at the chain's root is written.
                Reason::Implied(chain) => chain.last().and_then(|root| {
                    states.iter().find_map(|r| match r.reason {
                        Reason::Written(offset) if r.name == *root => written_at(offset),
                        _ => None,
                    })
                }),
                Reason::Default => None,
            };
            (s.name, at.unwrap_or(header.clone()))
        })
        .collect();
    RoomFacts {
        header,
        entrance: on("dungeon_entrance"),
        exit: on("dungeon_exit"),
        non_euclidian: on("non_euclidian"),
        exits,
    }
}

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
    if !room.non_euclidian {
        for (exit, at) in &room.exits {
            let back = opposite(exit);
            let enterable = others
                .iter()
                .any(|r| r.non_euclidian || r.exits.iter().any(|(e, _)| *e == back));
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
