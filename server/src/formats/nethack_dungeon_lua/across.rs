//! A `dungeon.lua` and the level scripts beside it, as NetHack 5.0 sees
//! them together: the game reads every file from one flat folder (its
//! `dat/`, packed into `nhdat`), so a level `n` is the script `n.lua` in the
//! folder of the `dungeon.lua`. Reported where a user fixes them: a script
//! the description loads and the folder lacks, on the name in the
//! description; a level script nothing loads, on its first line.
//!
//! Lua files the game loads by code are no level scripts (no line starts
//! with `des.`), so they are never asked about: `nhlib.lua` and
//! `nhcore.lua` (`nhlua.c`), `quest.lua` (`questpgr.c`), `themerms.lua`
//! (a dungeon's `themerooms`).

use super::loads::{self, Load, Why};
use super::model::Dungeons;
use crate::formats::facts::{Facts, Workspace};
use crate::formats::{closest, Diagnostic, Location, Severity};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The level scripts in `folder`, by name (the file name without `.lua`).
fn scripts(workspace: &dyn Workspace, folder: &Path) -> BTreeMap<String, PathBuf> {
    workspace
        .files(folder, false)
        .into_iter()
        .filter(|n| matches!(n.facts, Facts::LuaLevel { .. }))
        .filter_map(|n| {
            let stem = n.path.file_stem()?.to_str()?.to_string();
            Some((stem, n.path.to_path_buf()))
        })
        .collect()
}

/// The description's diagnostics across files: the scripts it loads that
/// its folder lacks. A description alone (no level script beside it: a
/// file being written, a corpus) has nothing to compare.
pub fn description(
    path: &Path,
    described: &Dungeons,
    workspace: &dyn Workspace,
) -> Vec<Diagnostic> {
    let Some(folder) = path.parent() else {
        return Vec::new();
    };
    let present = scripts(workspace, folder);
    if present.is_empty() {
        return Vec::new();
    }
    let mut missing: BTreeMap<(usize, usize), Vec<Load>> = BTreeMap::new();
    for load in loads::loads(described) {
        if !present.contains_key(&load.file) {
            missing
                .entry((load.at.start, load.at.end))
                .or_default()
                .push(load);
        }
    }
    missing
        .into_iter()
        .map(|((start, end), group)| missing_script(start..end, &group, &present))
        .collect()
}

fn listed(files: &[&str]) -> String {
    let shown: Vec<String> = files.iter().take(4).map(|f| format!("`{f}.lua`")).collect();
    match files.len() {
        n if n > 4 => format!("{} and {} more", shown.join(", "), n - 4),
        _ => shown.join(", "),
    }
}

fn missing_script(
    at: Range<usize>,
    group: &[Load],
    present: &BTreeMap<String, PathBuf>,
) -> Diagnostic {
    let files: Vec<&str> = group.iter().map(|l| l.file.as_str()).collect();
    let first = &group[0];
    let message = match &first.why {
        Why::Level => format!(
            "no script `{}.lua` beside this dungeon.lua: the game cannot load the level and makes a random maze instead (Couldn't load \"{}.lua\")",
            first.file, first.file
        ),
        Why::Variant { base, count } => format!(
            "`nlevels = {count}` picks one of `{base}-1.lua` … `{base}-{count}.lua`, but {} {} not here: when the game picks it, it makes a random maze instead",
            listed(&files),
            if files.len() == 1 { "is" } else { "are" }
        ),
        Why::Quest { written } => format!(
            "the quest level \"{written}\" is loaded as `<Role>{}.lua` for the hero's role, but {} {} not here: a hero of that role gets a random maze",
            &written[1..],
            listed(&files),
            if files.len() == 1 { "is" } else { "are" }
        ),
        Why::QuestFiller => format!(
            "the game makes the Quest's other levels from `<Role>-fila.lua` (above the locate level) and `<Role>-filb.lua` (below it), but {} {} not here",
            listed(&files),
            if files.len() == 1 { "is" } else { "are" }
        ),
        Why::Fill => format!(
            "`lvlfill` names `{}.lua`, which is not here: the game makes this dungeon's other levels as random mazes",
            first.file
        ),
    };
    let mut d = Diagnostic::new(
        Severity::Error,
        "nethack-dungeon-lua::script-missing",
        at.clone(),
        message,
    );
    if matches!(first.why, Why::Level | Why::Fill) {
        if let Some(near) = closest(&first.file, present.keys().map(String::as_str)) {
            d = d.with_suggestion(&format!("\"{near}\""), at.start + 1..at.end - 1, near, true);
        }
    }
    d
}

/// A level script's diagnostics across files: loaded by no `dungeon.lua`
/// of its folder (when its folder has one).
pub fn script(
    path: &Path,
    first_line: &Range<usize>,
    workspace: &dyn Workspace,
) -> Vec<Diagnostic> {
    let (Some(folder), Some(stem)) = (path.parent(), path.file_stem().and_then(|s| s.to_str()))
    else {
        return Vec::new();
    };
    let files = workspace.files(folder, false);
    let descriptions: Vec<&Dungeons> = files
        .iter()
        .filter_map(|n| match n.facts {
            Facts::LuaDungeons(d) => Some(d),
            _ => None,
        })
        .collect();
    if descriptions.is_empty() {
        return Vec::new();
    }
    let loaded: BTreeSet<String> = descriptions
        .iter()
        .flat_map(|d| loads::loads(d))
        .map(|l| l.file)
        .collect();
    let file_name = format!("{stem}.lua");
    let by_dungeon = descriptions.iter().any(|d| {
        loads::by_protofile(d, stem)
            || d.dungeons
                .iter()
                .any(|g| g.themerooms.as_ref().is_some_and(|t| t.text == file_name))
    });
    if loaded.contains(stem) || by_dungeon {
        return Vec::new();
    }
    let mut message = format!(
        "no entry of the dungeon.lua beside this script loads `{file_name}`: the game never plays it"
    );
    if let Some(near) = closest(stem, loaded.iter().map(String::as_str)) {
        message.push_str(&format!(" (did you mean to name it `{near}.lua`?)"));
    }
    vec![Diagnostic::new(
        Severity::Warning,
        "nethack-dungeon-lua::level-not-loaded",
        first_line.clone(),
        message,
    )]
}

/// Where the name under the cursor leads: a level's name to its scripts
/// (all its variants, each role's), a `lvlfill` to its script, a branch
/// to its dungeon's entry, a `chainlevel` to the level it names.
pub fn definitions(
    path: &Path,
    described: &Dungeons,
    offset: usize,
    workspace: Option<&dyn Workspace>,
) -> Vec<Location> {
    let inside = |r: &Range<usize>| r.start <= offset && offset <= r.end;
    let levels = || described.dungeons.iter().flat_map(|d| &d.levels);
    let chains = levels().filter_map(|l| l.chain.as_ref()).chain(
        described
            .dungeons
            .iter()
            .flat_map(|d| d.branches.iter().filter_map(|b| b.chain.as_ref())),
    );
    for chain in chains {
        if inside(&chain.range) {
            return levels()
                .filter(|l| l.name.text == chain.text)
                .map(|l| Location::here(l.name.range.clone()))
                .collect();
        }
    }
    for b in described.dungeons.iter().flat_map(|d| &d.branches) {
        if inside(&b.name.range) {
            return described
                .dungeons
                .iter()
                .filter(|d| d.name.text == b.name.text)
                .map(|d| Location::here(d.name.range.clone()))
                .collect();
        }
    }
    let (Some(folder), Some(workspace)) = (path.parent(), workspace) else {
        return Vec::new();
    };
    let present = scripts(workspace, folder);
    loads::loads(described)
        .into_iter()
        .filter(|l| inside(&l.at))
        .filter_map(|l| present.get(&l.file))
        .map(|p| Location::in_file(p.clone(), 0..0))
        .collect()
}

#[cfg(test)]
mod tests;
