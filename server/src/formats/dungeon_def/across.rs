//! A `dungeon.def` and the `.des` files beside it, as the game sees them
//! together (`docs/formats/dungeon-def.md`, "Across files"): which level
//! files the game loads for what the description says ([`loads`]), the
//! checks only both sides together can make ([`checks`]), and navigation
//! between a level's name in one and its definition in the other
//! ([`navigation`]).
//!
//! A `.des` file belongs to the nearest folder at or above it that holds a
//! dungeon description (the game's `dat/`); that folder and everything
//! below it, but for folders with a description of their own, is one
//! *project*. Outside a project a `.des` file is checked alone: a MiniHack
//! level names no dungeon.

pub mod checks;
pub mod loads;
pub mod navigation;

use super::model;
use crate::formats::facts::{DefinedLevel, Facts, Neighbour, Workspace};
use std::path::{Path, PathBuf};

pub use super::model::Described;

pub fn facts(text: &str, reading: &super::compiler::Reading) -> Described {
    Described {
        dungeons: model::dungeons(text, reading),
    }
}

/// One project: its descriptions and its `.des` files' levels.
pub struct Project<'w> {
    pub root: PathBuf,
    pub descriptions: Vec<(&'w Path, &'w Described)>,
    pub levels: Vec<(&'w Path, &'w [DefinedLevel])>,
}

/// The folder whose descriptions govern files in `folder`: the nearest at
/// or above it that holds one.
fn governing_root(workspace: &dyn Workspace, folder: &Path) -> Option<PathBuf> {
    folder.ancestors().find_map(|dir| {
        workspace
            .files(dir, false)
            .iter()
            .any(|n| matches!(n.facts, Facts::Dungeons(_)))
            .then(|| dir.to_path_buf())
    })
}

impl<'w> Project<'w> {
    /// The project of a file at `path` (None outside every project).
    pub fn of(workspace: &'w dyn Workspace, path: &Path) -> Option<Project<'w>> {
        let root = governing_root(workspace, path.parent()?)?;
        Some(Project::at(workspace, root))
    }

    /// The project whose descriptions are in `root`.
    pub fn at(workspace: &'w dyn Workspace, root: PathBuf) -> Project<'w> {
        let all = workspace.files(&root, true);
        // Folders below with a description of their own are projects of their own.
        let nested: Vec<&Path> = all
            .iter()
            .filter(|n| matches!(n.facts, Facts::Dungeons(_)))
            .filter_map(|n| n.path.parent())
            .filter(|dir| *dir != root)
            .collect();
        let ours = |n: &Neighbour| !nested.iter().any(|dir| n.path.starts_with(dir));
        let mut project = Project {
            root: root.clone(),
            descriptions: Vec::new(),
            levels: Vec::new(),
        };
        for n in all.into_iter().filter(ours) {
            match n.facts {
                Facts::Dungeons(d) if n.path.parent() == Some(root.as_path()) => {
                    project.descriptions.push((n.path, d))
                }
                Facts::Levels(levels) => project.levels.push((n.path, levels)),
                _ => {}
            }
        }
        project
    }

    /// Every level defined, with its file.
    pub fn defined(&self) -> impl Iterator<Item = (&'w Path, &'w DefinedLevel)> + '_ {
        self.levels
            .iter()
            .flat_map(|(path, levels)| levels.iter().map(move |l| (*path, l)))
    }
}

#[cfg(test)]
pub(crate) mod tests;
