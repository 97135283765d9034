//! What a `dungeon.lua` says that the level scripts beside it depend on
//! (its facts in the workspace index): its dungeons, their levels and
//! branches, each named, with where the names are written.

use super::syntax::{self, entries, string};
use crate::formats::nethack_lua::syntax::{Table, Value};
use std::ops::Range;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dungeons {
    pub dungeons: Vec<Dungeon>,
}

/// A string value and its literal's range (quotes included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    pub text: String,
    pub range: Range<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dungeon {
    pub name: Named,
    /// The whole entry.
    pub range: Range<usize>,
    pub lvlfill: Option<Named>,
    pub protofile: Option<Named>,
    pub themerooms: Option<Named>,
    pub unconnected: bool,
    /// How many levels it may have: `base + range - 1` (the loader picks from `base` up).
    pub most_levels: i64,
    pub levels: Vec<Level>,
    pub branches: Vec<Branch>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    pub name: Named,
    pub range: Range<usize>,
    /// `nlevels`: how many variants (0: none).
    pub variants: i64,
    pub chain: Option<Named>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    pub name: Named,
    pub range: Range<usize>,
    pub chain: Option<Named>,
}

fn named(table: &Table, key: &str) -> Option<Named> {
    let (text, range) = string(table.get(key)?)?;
    Some(Named {
        text: text.to_string(),
        range,
    })
}

fn integer(table: &Table, key: &str) -> Option<i64> {
    match &table.get(key)?.value {
        Value::Number(n) if n.fract() == 0.0 => Some(*n as i64),
        Value::String { text, .. } => text.trim().parse().ok(),
        _ => None,
    }
}

fn flags(table: &Table) -> Vec<String> {
    let Some(arg) = table.get("flags") else {
        return Vec::new();
    };
    match &arg.value {
        Value::String { text, .. } => vec![text.clone()],
        Value::Table(list) => list
            .positional
            .iter()
            .filter_map(|a| string(a).map(|(t, _)| t.to_string()))
            .collect(),
        _ => Vec::new(),
    }
}

/// The description's dungeons (entries without a name string are left out:
/// the checks report them).
pub fn dungeons(described: &syntax::Description) -> Dungeons {
    let Some((top, _)) = &described.dungeon else {
        return Dungeons::default();
    };
    let dungeons = top
        .positional
        .iter()
        .filter_map(|arg| match &arg.value {
            Value::Table(t) => Some(t),
            _ => None,
        })
        .filter_map(|d| {
            let levels: Vec<Level> = d
                .get("levels")
                .into_iter()
                .flat_map(entries)
                .filter_map(|l| {
                    Some(Level {
                        name: named(l, "name")?,
                        range: l.range.clone(),
                        // The game keeps it in a byte (`rndlevs`): 256 is 0.
                        variants: integer(l, "nlevels").unwrap_or(0).rem_euclid(256),
                        chain: named(l, "chainlevel"),
                    })
                })
                .collect();
            let branches = d
                .get("branches")
                .into_iter()
                .flat_map(entries)
                .filter_map(|b| {
                    Some(Branch {
                        name: named(b, "name")?,
                        range: b.range.clone(),
                        chain: named(b, "chainlevel"),
                    })
                })
                .collect();
            Some(Dungeon {
                name: named(d, "name")?,
                range: d.range.clone(),
                lvlfill: named(d, "lvlfill"),
                protofile: named(d, "protofile"),
                themerooms: named(d, "themerooms"),
                unconnected: flags(d).iter().any(|f| f == "unconnected"),
                // Saturating: a file may hold any number (the fuzzer's i64::MAX).
                most_levels: integer(d, "base")
                    .unwrap_or(0)
                    .saturating_add(integer(d, "range").unwrap_or(0).saturating_sub(1).max(0)),
                levels,
                branches,
            })
        })
        .collect();
    Dungeons { dungeons }
}
