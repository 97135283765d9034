//! DERF rules → diagnostics. Each rule names its decision (D1…D35 in
//! `docs/formats/derf.md`) and its stable code; one file per part of the room.

mod containers;
mod flags;
mod header;
mod lines;

pub use containers::{declared_containers, split_container, ContainerRef};

use super::syntax::{Room, Span};
use crate::formats::{Diagnostic, Edit, SourceFile};
use containers::check_containers;
use flags::check_flags;
use header::{check_bom, check_header, HeaderState};
use lines::{check_body_order, check_descriptions, check_syntax};

/// The end of every message about a mistake that makes the engine drop the room.
const IGNORED: &str = "Dungeon Engine ignores this room";

fn edit(range: Span, new_text: impl Into<String>) -> Vec<Edit> {
    vec![Edit {
        range,
        new_text: new_text.into(),
    }]
}

pub fn diagnostics(file: &SourceFile) -> Vec<Diagnostic> {
    let text = file.text;
    let room = Room::of(file);
    let mut out = Vec::new();
    let derf_extension = matches!(file.extension().as_deref(), Some("derf" | "der"));
    check_bom(text, &mut out);
    if text.trim_start_matches('\u{feff}').trim().is_empty() {
        check_header(text, &room, derf_extension, &mut out);
        return out;
    }
    let header_missing =
        check_header(text, &room, derf_extension, &mut out) == HeaderState::Missing;
    // Without a header every line is read one line early: hints about the
    // name and descriptions would only add noise to the header error.
    if !header_missing {
        check_descriptions(text, &room, &mut out);
    }
    check_syntax(text, &room, &mut out);
    check_body_order(text, &room, &mut out);
    check_flags(text, &room, &mut out);
    check_containers(text, &room, &mut out);
    out.sort_by_key(|d| (d.range.start, d.range.end));
    out
}

/// Where the line holding `offset` ends (before its line break).
fn line_end(text: &str, offset: usize) -> usize {
    text[offset..]
        .find(['\r', '\n'])
        .map_or(text.len(), |i| offset + i)
}

#[cfg(test)]
mod tests;
