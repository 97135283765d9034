//! From a level's name in a dungeon description to the `.des` headers that
//! define its files, and back; renaming a level in both at once.

use super::checks::all_loads;
use super::loads::{self, Why};
use super::{Described, Project};
use crate::formats::facts::{DefinedLevel, Workspace};
use crate::formats::Location;
use std::ops::Range;
use std::path::Path;

/// The level (or branch target) of the description whose name is at `offset`.
fn level_at(described: &Described, offset: usize) -> Option<&super::model::Level> {
    described
        .dungeons
        .iter()
        .flat_map(|d| &d.levels)
        .find(|l| l.name_range.start <= offset && offset <= l.name_range.end)
}

/// The definitions of the files the game loads for the description's level
/// at `offset` (every variant of an RNDLEVEL, every role's quest level).
pub fn definitions_from_description(
    path: &Path,
    described: &Described,
    offset: usize,
    workspace: &dyn Workspace,
) -> Vec<Location> {
    if let Some(target) = described
        .dungeons
        .iter()
        .flat_map(|d| &d.branches)
        .find(|b| b.target_range.start <= offset && offset <= b.target_range.end)
    {
        return described
            .dungeons
            .iter()
            .filter(|d| d.name == target.target)
            .map(|d| Location::here(d.name_range.clone()))
            .collect();
    }
    let Some(level) = level_at(described, offset) else {
        return Vec::new();
    };
    let Some(dir) = path.parent() else {
        return Vec::new();
    };
    let project = Project::at(workspace, dir.to_path_buf());
    let roles = super::checks::roles(&project);
    let files: Vec<String> = loads::loads(described, &roles)
        .into_iter()
        .filter(|l| l.at == level.name_range)
        .map(|l| l.file)
        .collect();
    project
        .defined()
        .filter(|(_, l)| files.contains(&l.name))
        .map(|(p, l)| Location::in_file(p, l.name_range.clone()))
        .collect()
}

/// The `.des` level whose header name is at `offset`.
fn defined_at(defined: &[DefinedLevel], offset: usize) -> Option<&DefinedLevel> {
    defined
        .iter()
        .find(|l| l.name_range.start <= offset && offset <= l.name_range.end)
}

/// Where the project's descriptions name the `.des` level at `offset`
/// (its "declaration"), and, when asked, every definition of its name.
pub fn references_from_levels(
    path: &Path,
    defined: &[DefinedLevel],
    offset: usize,
    workspace: &dyn Workspace,
    include_definitions: bool,
) -> Vec<Location> {
    let Some(level) = defined_at(defined, offset) else {
        return Vec::new();
    };
    let Some(project) = Project::of(workspace, path) else {
        return Vec::new();
    };
    let mut found = loaders(&project, &level.name);
    if include_definitions {
        found.extend(
            project
                .defined()
                .filter(|(_, l)| l.name == level.name)
                .map(|(p, l)| Location::in_file(p, l.name_range.clone())),
        );
    }
    found
}

/// Where the project's descriptions load `file`.
fn loaders(project: &Project, file: &str) -> Vec<Location> {
    let mut found = Vec::new();
    let roles = super::checks::roles(project);
    for (path, described) in &project.descriptions {
        for load in loads::loads(described, &roles) {
            let here = Location::in_file(*path, load.at.clone());
            if load.file == file && !found.contains(&here) {
                found.push(here);
            }
        }
    }
    found
}

/// The definition from a `.des` level's name: where a description loads it.
pub fn definitions_from_levels(
    path: &Path,
    defined: &[DefinedLevel],
    offset: usize,
    workspace: &dyn Workspace,
) -> Vec<Location> {
    references_from_levels(path, defined, offset, workspace, false)
}

/// The edits that rename a level everywhere: its name in the description
/// (and the chains that name it) and the headers of its files, keeping an
/// RNDLEVEL's `-<n>` suffixes. `written` is the name as the description
/// has it; `rest` what is left of a file name once `written` is renamed.
fn rename_level(
    project: &Project,
    written: &str,
    new_name: &str,
) -> Result<Vec<(Location, String)>, String> {
    if written.starts_with("x-") {
        return Err(format!(
            "`{written}` is a quest level: the game's code names it, and each role's file replaces the `x`"
        ));
    }
    check_name(new_name)?;
    let mut edits = Vec::new();
    let mut variants = false;
    for (path, described) in &project.descriptions {
        for dungeon in &described.dungeons {
            for level in &dungeon.levels {
                if level.name == written {
                    variants |= level.variants.is_some_and(|n| n > 0);
                    edits.push(inside(path, &level.name_range, new_name));
                }
                if let (Some(chain), Some(range)) = (&level.chained_from, &level.chain_range) {
                    if chain == written {
                        edits.push(inside(path, range, new_name));
                    }
                }
            }
            for branch in &dungeon.branches {
                if let (Some(chain), Some(range)) = (&branch.chained_from, &branch.chain_range) {
                    if chain == written {
                        edits.push(inside(path, range, new_name));
                    }
                }
            }
        }
    }
    for (path, level) in project.defined() {
        let renamed = if variants {
            level
                .name
                .strip_prefix(written)
                .and_then(|rest| rest.strip_prefix('-'))
                .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
                .map(|n| format!("{new_name}-{n}"))
        } else {
            (level.name == written).then(|| new_name.to_string())
        };
        if let Some(renamed) = renamed {
            edits.push(inside(path, &level.name_range, &renamed));
        }
    }
    Ok(edits)
}

/// Replace the text inside a string's quotes.
fn inside(path: &Path, string: &Range<usize>, new_text: &str) -> (Location, String) {
    (
        Location::in_file(path, string.start + 1..string.end - 1),
        new_text.to_string(),
    )
}

/// A level name the game can load: lev_comp and the game keep it in a
/// 20-byte buffer with `-<n>` and `.lev`, and it is a file name.
fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty() || name.len() > 12 {
        return Err("a level name is 1 to 12 characters: the game adds `-<n>` and `.lev` in a 20-byte buffer".into());
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err("a level name is a file name: letters, digits, `-` and `_`".into());
    }
    Ok(())
}

/// Rename from a description's level name at `offset`.
pub fn rename_from_description(
    path: &Path,
    described: &Described,
    offset: usize,
    new_name: &str,
    workspace: &dyn Workspace,
) -> Option<Result<Vec<(Location, String)>, String>> {
    let level = level_at(described, offset)?;
    let project = Project::at(workspace, path.parent()?.to_path_buf());
    Some(rename_level(&project, &level.name, new_name))
}

/// Rename from a `.des` header's level name at `offset`: the description's
/// name and every file of it when a description loads it, else the
/// definitions of that name alone.
pub fn rename_from_levels(
    path: &Path,
    defined: &[DefinedLevel],
    offset: usize,
    new_name: &str,
    workspace: &dyn Workspace,
) -> Option<Result<Vec<(Location, String)>, String>> {
    let level = defined_at(defined, offset)?;
    let project = Project::of(workspace, path)?;
    let loads = all_loads(&project);
    let load = loads.iter().find(|l| l.file == level.name);
    Some(match load.map(|l| &l.why) {
        Some(Why::Level) => rename_level(&project, &level.name, new_name),
        Some(Why::Variant { base, .. }) => Err(format!(
            "`{}` is one of the variants of `{base}`: rename `{base}` in the dungeon description to rename them all",
            level.name
        )),
        Some(Why::Quest { .. } | Why::Filler { .. }) => Err(format!(
            "the game's code names `{}`: each role's quest levels keep their names",
            level.name
        )),
        None => check_name(new_name).map(|()| {
            project
                .defined()
                .filter(|(_, l)| l.name == level.name)
                .map(|(p, l)| inside(p, &l.name_range, new_name))
                .collect()
        }),
    })
}

/// The span a rename of the name at `offset` replaces, when it is a level's.
pub fn rename_span(
    ranges: impl IntoIterator<Item = Range<usize>>,
    offset: usize,
) -> Option<Range<usize>> {
    ranges
        .into_iter()
        .find(|r| r.start <= offset && offset <= r.end && r.len() >= 2)
        .map(|r| r.start + 1..r.end - 1)
}
