//! What one file says that other files depend on (its *facts*), and what a
//! format may ask of the other files of the workspace.
//!
//! Cross-file checks and navigation read facts, never trees: the workspace
//! index (`crate::workspace`) keeps every indexed file's facts, recomputed
//! when that file changes, so a closed file is checked without parsing it
//! again and a keystroke that changes no fact costs nothing across files.

use std::ops::Range;
use std::path::Path;

/// A file's facts, one variant per kind of file that others depend on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Facts {
    /// A NetHack `.des` file: the levels it defines, in file order.
    Levels(Vec<DefinedLevel>),
    /// A `dungeon.def`: its dungeons, levels and branches.
    Dungeons(super::dungeon_def::model::Described),
    /// A DERF room: what a dungeon made of a folder of rooms needs of it.
    Room(super::derf::pool::room::RoomFacts),
    /// A NetHack 5.0 `dungeon.lua`: its dungeons, levels and branches.
    LuaDungeons(super::nethack_dungeon_lua::model::Dungeons),
    /// A NetHack 5.0 level script: the game knows it by its file name;
    /// its first line is where a check across files points.
    LuaLevel { first_line: Range<usize> },
}

/// A level a `.des` file defines: `MAZE: "castle"` or `LEVEL: "oracle"`,
/// which lev_comp compiles to the file `castle.lev` the game loads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefinedLevel {
    pub name: String,
    /// The name's string, quotes included.
    pub name_range: Range<usize>,
}

/// One indexed file, as another file's check sees it.
#[derive(Clone, Copy)]
pub struct Neighbour<'a> {
    pub path: &'a Path,
    pub facts: &'a Facts,
}

/// What a format may ask of the workspace index. The index notes which
/// folders each file's check asked about, so that a change re-checks only
/// the files whose answers it can change.
pub trait Workspace: Sync {
    /// The indexed files in `folder` (and below it when `deep`), in path order.
    fn files(&self, folder: &Path, deep: bool) -> Vec<Neighbour<'_>>;
}

/// A workspace with no files: what a lone file sees.
pub struct Alone;

impl Workspace for Alone {
    fn files(&self, _folder: &Path, _deep: bool) -> Vec<Neighbour<'_>> {
        Vec::new()
    }
}

/// A name worth finding from anywhere in the workspace (`workspace/symbol`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedPlace {
    pub name: String,
    /// What it is, and where (`level in "The Gnomish Mines"`).
    pub detail: String,
    pub kind: super::SymbolKind,
    pub range: Range<usize>,
}

impl Facts {
    /// The names a file's facts hold: the levels a `.des` file defines, a
    /// dungeon description's dungeons and levels.
    pub fn symbols(&self) -> Vec<NamedPlace> {
        match self {
            Facts::Levels(levels) => levels
                .iter()
                .map(|l| NamedPlace {
                    name: l.name.clone(),
                    detail: "level (.des)".into(),
                    kind: super::SymbolKind::Module,
                    range: l.name_range.clone(),
                })
                .collect(),
            Facts::Dungeons(described) => described
                .dungeons
                .iter()
                .flat_map(|d| {
                    dungeon_places(
                        (&d.name, &d.name_range),
                        "dungeon",
                        d.levels.iter().map(|l| (&l.name, &l.name_range)),
                    )
                })
                .collect(),
            Facts::LuaDungeons(described) => described
                .dungeons
                .iter()
                .flat_map(|d| {
                    dungeon_places(
                        (&d.name.text, &d.name.range),
                        "dungeon (dungeon.lua)",
                        d.levels.iter().map(|l| (&l.name.text, &l.name.range)),
                    )
                })
                .collect(),
            Facts::Room(_) | Facts::LuaLevel { .. } => Vec::new(),
        }
    }
}

/// A dungeon's name and its levels' names, as workspace symbols.
fn dungeon_places<'a>(
    (name, range): (&'a String, &'a Range<usize>),
    detail: &str,
    levels: impl Iterator<Item = (&'a String, &'a Range<usize>)> + 'a,
) -> impl Iterator<Item = NamedPlace> + 'a {
    std::iter::once(NamedPlace {
        name: name.clone(),
        detail: detail.into(),
        kind: super::SymbolKind::Namespace,
        range: range.clone(),
    })
    .chain(levels.map(move |(level, at)| NamedPlace {
        name: level.clone(),
        detail: format!("level in \"{name}\""),
        kind: super::SymbolKind::Field,
        range: at.clone(),
    }))
}
