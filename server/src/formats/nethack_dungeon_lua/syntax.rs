//! `dungeon.lua` as the loader reads it: the table assigned to the global
//! `dungeon` at the top of the file, read with the level scripts' reader
//! (`nethack_lua::syntax`: literal values and table constructors with their
//! keys), and the places the Lua grammar could not read.

use super::vocabulary::Entry;
use crate::formats::nethack_lua::syntax::{self as lua, Table, Value};
use std::ops::Range;

#[derive(Debug, Default)]
pub struct Description {
    /// The table assigned to `dungeon`, with the range of the name `dungeon`.
    pub dungeon: Option<(Table, Range<usize>)>,
    pub syntax_errors: Vec<(Range<usize>, Option<String>)>,
}

/// Does a line start by assigning a table to `dungeon`?
pub fn looks_like_dungeon(text: &str) -> bool {
    text.lines().any(|line| {
        line.strip_prefix("dungeon")
            .map(str::trim_start)
            .and_then(|rest| rest.strip_prefix('='))
            .is_some_and(|rest| rest.trim_start().starts_with('{'))
    })
}

pub fn read(text: &str, tree: &tree_sitter::Tree) -> Description {
    let root = tree.root_node();
    let mut found = Description {
        syntax_errors: lua::read(text, tree).syntax_errors,
        ..Description::default()
    };
    let mut cursor = root.walk();
    // The last top-level `dungeon = {…}` is the one in force when the file ends.
    for statement in root.named_children(&mut cursor) {
        if statement.kind() != "assignment_statement" {
            continue;
        }
        let mut inner = statement.walk();
        let parts: Vec<_> = statement.named_children(&mut inner).collect();
        let [names, values] = &parts[..] else {
            continue;
        };
        let (Some(name), Some(value)) = (names.named_child(0), values.named_child(0)) else {
            continue;
        };
        if name.kind() != "identifier" || &text[name.byte_range()] != "dungeon" {
            continue;
        }
        if let Value::Table(table) = lua::value(text, value) {
            found.dungeon = Some((table, name.byte_range()));
        }
    }
    found
}

/// The text of a string value, and the range of its literal (quotes included).
pub fn string(arg: &lua::Arg) -> Option<(&str, Range<usize>)> {
    match &arg.value {
        Value::String { text, .. } => Some((text.as_str(), arg.range.clone())),
        _ => None,
    }
}

/// The entries of a list: its positional fields that are tables.
pub fn entries(list: &lua::Arg) -> impl Iterator<Item = &Table> {
    let positional = match &list.value {
        Value::Table(t) => &t.positional[..],
        _ => &[],
    };
    positional.iter().filter_map(|a| match &a.value {
        Value::Table(t) => Some(t),
        _ => None,
    })
}

/// The innermost entry (a dungeon, a level, a branch) whose table holds `offset`.
pub fn entry_at(described: &Description, offset: usize) -> Option<(Entry, &Table)> {
    let inside = |t: &Table| t.range.start < offset && offset < t.range.end;
    let (top, _) = described.dungeon.as_ref()?;
    let dungeon = top.positional.iter().find_map(|a| match &a.value {
        Value::Table(t) if inside(t) => Some(t),
        _ => None,
    })?;
    for (key, kind) in [("levels", Entry::Level), ("branches", Entry::Branch)] {
        if let Some(inner) = dungeon
            .get(key)
            .into_iter()
            .flat_map(entries)
            .find(|t| inside(t))
        {
            return Some((kind, inner));
        }
    }
    Some((Entry::Dungeon, dungeon))
}
