//! What a dungeon description says, as facts another file can be checked
//! against: each dungeon with its levels (the level files the game loads,
//! with where they go) and its branches.

use super::compiler::{Reading, Role, Statement};
use super::scanner::Keyword;
use std::ops::Range;

/// What a dungeon description tells the other files (its facts): its
/// dungeons, with their levels and branches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Described {
    pub dungeons: Vec<Dungeon>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dungeon {
    pub name: String,
    /// The name's string, quotes included.
    pub name_range: Range<usize>,
    /// `PROTOFILE:`'s name: the level files of its levels that no special
    /// level takes (`tower` → `tower1`, `tower2`, … or `tower` alone).
    pub protofile: Option<String>,
    /// The `DUNGEON:` statement.
    pub statement: Range<usize>,
    /// From the `DUNGEON:` line to the last statement before the next one.
    pub range: Range<usize>,
    pub levels: Vec<Level>,
    pub branches: Vec<Branch>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    pub name: String,
    pub name_range: Range<usize>,
    pub statement: Range<usize>,
    pub keyword: Keyword,
    /// `(base, range)` as written.
    pub base: Option<i32>,
    pub range: Option<i32>,
    /// RNDLEVEL's number of variants (files `name-1` … `name-N`).
    pub variants: Option<i32>,
    pub chained_from: Option<String>,
    /// The string of the level it is chained from.
    pub chain_range: Option<Range<usize>>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    pub target: String,
    pub target_range: Range<usize>,
    pub statement: Range<usize>,
    pub chained_from: Option<String>,
    /// The string of the level it is chained from.
    pub chain_range: Option<Range<usize>>,
}

/// The dungeons in file order (statements before the first `DUNGEON:` belong to none).
pub fn dungeons(text: &str, reading: &Reading) -> Vec<Dungeon> {
    let mut dungeons: Vec<Dungeon> = Vec::new();
    for s in &reading.statements {
        if s.keyword == Keyword::Dungeon {
            dungeons.push(Dungeon {
                name: s.string(text, Role::Name).unwrap_or_default().to_string(),
                name_range: s
                    .part(Role::Name)
                    .map_or(s.range.clone(), |p| p.range.clone()),
                protofile: None,
                statement: s.range.clone(),
                range: s.range.clone(),
                levels: Vec::new(),
                branches: Vec::new(),
            });
            continue;
        }
        let Some(dungeon) = dungeons.last_mut() else {
            continue;
        };
        dungeon.range.end = s.range.end;
        match s.keyword {
            Keyword::Level | Keyword::RndLevel | Keyword::ChainLevel | Keyword::RndChainLevel => {
                if let Some(level) = level(text, s) {
                    dungeon.levels.push(level);
                }
            }
            Keyword::Protofile => {
                dungeon.protofile = s.string(text, Role::Protofile).map(str::to_string);
            }
            Keyword::Branch | Keyword::ChainBranch => {
                if let Some(part) = s.part(Role::Target) {
                    dungeon.branches.push(Branch {
                        target: s.string(text, Role::Target).unwrap_or_default().to_string(),
                        target_range: part.range.clone(),
                        statement: s.range.clone(),
                        chained_from: s.string(text, Role::ChainFrom).map(str::to_string),
                        chain_range: s.part(Role::ChainFrom).map(|p| p.range.clone()),
                    });
                }
            }
            _ => {}
        }
    }
    dungeons
}

fn level(text: &str, s: &Statement) -> Option<Level> {
    let part = s.part(Role::Name)?;
    Some(Level {
        name: s.string(text, Role::Name)?.to_string(),
        name_range: part.range.clone(),
        statement: s.range.clone(),
        keyword: s.keyword,
        base: s.integer(Role::Base),
        range: s.integer(Role::Range),
        variants: s.integer(Role::Variants),
        chained_from: s.string(text, Role::ChainFrom).map(str::to_string),
        chain_range: s.part(Role::ChainFrom).map(|p| p.range.clone()),
    })
}
