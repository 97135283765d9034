//! Which level files the game loads for a dungeon description (NetHack
//! 3.4.3 and 3.6: `dungeon.c`, `mklev.c`, `mkmaze.c`). Each is a name
//! lev_comp writes `<name>.lev` for, from a `.des` file's `MAZE:` or
//! `LEVEL:` header:
//! - `LEVEL: "oracle"` loads `oracle`; `RNDLEVEL: "bigrm" … 5` loads one of
//!   `bigrm-1` … `bigrm-5` (`makemaz`: `"%s-%d"`, `rnd(rndlevs)`);
//! - a name that starts with `x-` is the quest's: the hero's role's file
//!   code replaces the `x` (`Arc-strt`), so every role needs its own;
//! - the Quest's filler levels are `<role>-fila` above the locate level and
//!   `<role>-filb` below it, the Gnomish Mines' are `minefill` (`mklev.c`);
//! - a dungeon's `PROTOFILE: "tower"` names the files of its levels that no
//!   special level takes: `tower<n>` (`tower1`, …), `tower` for a dungeon
//!   of one level, each maybe with `-<k>`;
//! - the Rogue level (`"rogue"`) is made by code, from no file, and the
//!   Elemental Planes' `"dummy"` only gives the Plane of Earth its depth
//!   (`dungeon.c`): no hero ever arrives there.

use super::Described;
use std::ops::Range;

/// Why the game loads a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// A `LEVEL:`/`CHAINLEVEL:` name.
    Level,
    /// One of an `RNDLEVEL:`'s variants: `n` of `count`.
    Variant { base: String, n: i32, count: i32 },
    /// A quest level for one role (`x-goal` for `Wiz`).
    Quest { written: String, role: String },
    /// A filler level the game's code names (`minefill`, `Arc-fila`).
    Filler { role: Option<String> },
}

/// A level file the game loads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Load {
    pub file: String,
    /// Where the description says so: the level's name, or for a filler
    /// level the name of the dungeon it fills.
    pub at: Range<usize>,
    pub why: Why,
}

/// Levels no file is loaded for: the Rogue level (`makeroguerooms()`) and
/// the Elemental Planes' placeholder.
const NEVER_LOADED: &[&str] = &["rogue", "dummy"];
const QUEST: &str = "The Quest";
const MINES: &str = "The Gnomish Mines";
const MINES_FILLER: &str = "minefill";
const QUEST_FILLERS: [&str; 2] = ["fila", "filb"];

/// The three-letter file code of a quest level's file (`Arc` of `Arc-strt`).
pub fn role_of(file: &str) -> Option<&str> {
    let (role, rest) = file.split_once('-')?;
    (role.len() == 3
        && role.chars().next()?.is_ascii_uppercase()
        && !rest.is_empty()
        && role != "x-")
        .then_some(role)
}

/// The files every level of the description makes the game load, for
/// `roles` (the file codes of the roles the project has quest levels for).
pub fn loads(described: &Described, roles: &[String]) -> Vec<Load> {
    let mut loads = Vec::new();
    for dungeon in &described.dungeons {
        for level in &dungeon.levels {
            let at = level.name_range.clone();
            if NEVER_LOADED.contains(&level.name.as_str()) {
                continue;
            }
            if let Some(rest) = level.name.strip_prefix("x-") {
                for role in roles {
                    loads.push(Load {
                        file: format!("{role}-{rest}"),
                        at: at.clone(),
                        why: Why::Quest {
                            written: level.name.clone(),
                            role: role.clone(),
                        },
                    });
                }
                continue;
            }
            match level.variants.filter(|n| *n > 0) {
                Some(count) => loads.extend((1..=count).map(|n| Load {
                    file: format!("{}-{n}", level.name),
                    at: at.clone(),
                    why: Why::Variant {
                        base: level.name.clone(),
                        n,
                        count,
                    },
                })),
                None => loads.push(Load {
                    file: level.name.clone(),
                    at,
                    why: Why::Level,
                }),
            }
        }
        let filler = |file: String, role: Option<String>| Load {
            file,
            at: dungeon.name_range.clone(),
            why: Why::Filler { role },
        };
        if dungeon.name == MINES {
            loads.push(filler(MINES_FILLER.into(), None));
        }
        if dungeon.name == QUEST {
            for role in roles {
                for f in QUEST_FILLERS {
                    loads.push(filler(format!("{role}-{f}"), Some(role.clone())));
                }
            }
        }
    }
    loads
}

/// Whether a `PROTOFILE:` of the description may load `file`: `tower`,
/// `tower3`, `tower-2`, `tower3-2` for `PROTOFILE: "tower"`.
pub fn by_protofile(described: &Described, file: &str) -> bool {
    described.dungeons.iter().any(|d| {
        d.protofile.as_deref().is_some_and(|proto| {
            file.strip_prefix(proto).is_some_and(|rest| {
                let (number, variant) = rest.split_once('-').unwrap_or((rest, ""));
                number.chars().all(|c| c.is_ascii_digit())
                    && variant.chars().all(|c| c.is_ascii_digit())
                    && !(rest.ends_with('-'))
            })
        })
    })
}
