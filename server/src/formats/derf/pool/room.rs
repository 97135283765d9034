//! What one room tells its folder's pool: whether it can be the entrance
//! or the exit, and its exits with where each is turned on.

use crate::formats::derf::effective::{effective_flags, Reason};
use crate::formats::derf::syntax::Room;
use crate::formats::derf::vocabulary::EXITS;
use std::ops::Range;

/// What a dungeon made of a folder of rooms needs of one room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomFacts {
    /// Where a problem of the whole pool is shown in this room: its `DERF:` line.
    pub header: Range<usize>,
    pub entrance: bool,
    pub exit: bool,
    pub non_euclidian: bool,
    /// Its exits that are on, each with the flag that turns it on (the exit
    /// itself, or the flag written that implies it) and whether the author
    /// wrote the exit itself.
    pub exits: Vec<Exit>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exit {
    pub name: &'static str,
    pub at: Range<usize>,
    pub written: bool,
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
            Exit {
                name: s.name,
                at: at.unwrap_or(header.clone()),
                written: matches!(s.reason, Reason::Written(_)),
            }
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
