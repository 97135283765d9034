//! A `.des` file's checks across the files of its game (see
//! `dungeon_def::across`): reported in the `.des` file, where a user fixes
//! a level that another file defines too or that nothing loads.

use crate::formats::dungeon_def::across::checks::{all_loads, quoted};
use crate::formats::dungeon_def::across::loads::{self, Load, Why};
use crate::formats::dungeon_def::across::Project;
use crate::formats::facts::{DefinedLevel, Workspace};
use crate::formats::{closest, Diagnostic, Severity};
use std::collections::{BTreeSet, HashMap};
use std::path::Path;

/// The levels a file defines: each `MAZE:` or `LEVEL:` header's name, read
/// line by line as lev_comp's scanner meets them (a header starts its line
/// in every real file), without parsing the file: the workspace index
/// reads thousands of files, and a level's name is all it needs of them.
/// Only the lines where `MAZE` or `LEVEL` occurs are looked at: an open file
/// is read again at every keystroke.
pub fn defined_levels(text: &str) -> Vec<DefinedLevel> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    for at in super::recognise::level_keywords(text) {
        let start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |i| i + 1);
        // The keyword must be the line's first word.
        if !text[start..at].trim_start().is_empty() {
            continue;
        }
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(text.len(), |i| at + i + 1);
        let line = &text[start..end];
        let body = &text[at..end];
        let Some(rest) = body
            .strip_prefix("MAZE")
            .or_else(|| body.strip_prefix("LEVEL"))
        else {
            continue;
        };
        let Some(rest) = rest.trim_start().strip_prefix(':') else {
            continue;
        };
        let spaces = rest.len() - rest.trim_start().len();
        let Some(name) = rest.trim_start().strip_prefix('"') else {
            continue;
        };
        let Some(end) = name
            .find(['"', '\n'])
            .filter(|&e| name[e..].starts_with('"'))
        else {
            continue;
        };
        let quote = start + line.len() - rest.len() + spaces;
        found.push(DefinedLevel {
            name: name[..end].to_string(),
            name_range: quote..quote + end + 2,
        });
    }
    found
}

/// A `.des` file's diagnostics across files: a level another file of its
/// project defines too, and a level no description of its project loads.
pub fn diagnostics(
    path: &Path,
    defined: &[DefinedLevel],
    workspace: &dyn Workspace,
) -> Vec<Diagnostic> {
    let Some(project) = Project::of(workspace, path) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    // Every definition of each name, in path order.
    let mut everywhere: HashMap<&str, Vec<&Path>> = HashMap::new();
    for (file, level) in project.defined() {
        everywhere
            .entry(level.name.as_str())
            .or_default()
            .push(file);
    }
    let loads = all_loads(&project);
    let loaded: BTreeSet<&str> = loads.iter().map(|l| l.file.as_str()).collect();
    for level in defined {
        let name = level.name.as_str();
        // UnNetHack's lev_comp numbers a name with a `%` format itself.
        if name.contains('%') {
            continue;
        }
        let places = everywhere.get(name).map_or(&[][..], Vec::as_slice);
        if places.len() > 1 {
            found.push(defined_twice(path, level, places));
        }
        if loaded.contains(name)
            || project
                .descriptions
                .iter()
                .any(|(_, d)| loads::by_protofile(d, name))
        {
            continue;
        }
        found.push(not_loaded(level, &loads));
    }
    found
}

/// A level defined more than once: an error across files (which one the
/// game gets depends on the order they are compiled in), a warning within
/// one file (its last definition wins).
fn defined_twice(path: &Path, level: &DefinedLevel, places: &[&Path]) -> Diagnostic {
    let name = &level.name;
    let file_name = |p: &Path| {
        p.file_name().map_or_else(
            || p.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    };
    let elsewhere: Vec<String> = places
        .iter()
        .filter(|p| **p != path)
        .map(|p| file_name(p))
        .collect();
    if elsewhere.is_empty() {
        return Diagnostic::new(
            Severity::Warning,
            "nethack::level-defined-twice",
            level.name_range.clone(),
            format!(
                "this file defines level `{name}` {} times: lev_comp writes `{name}.lev` for each, and only the last one is kept",
                places.len()
            ),
        );
    }
    Diagnostic::new(
        Severity::Error,
        "nethack::level-defined-twice",
        level.name_range.clone(),
        format!(
            "level `{name}` is also defined in {}: lev_comp writes `{name}.lev` for each, and the game gets whichever was compiled last",
            quoted(&elsewhere.iter().map(String::as_str).collect::<Vec<_>>())
        ),
    )
}

fn not_loaded(level: &DefinedLevel, loads: &[Load]) -> Diagnostic {
    let name = level.name.as_str();
    // Past an RNDLEVEL's count: say which count.
    let variant_of = name.rsplit_once('-').and_then(|(base, n)| {
        let n: i32 = n.parse().ok()?;
        loads.iter().find_map(|l| match &l.why {
            Why::Variant { base: b, count, .. } if b == base && n > *count => Some(*count),
            _ => None,
        })
    });
    let message = match variant_of {
        Some(count) => format!(
            "level `{name}` is never loaded: its `RNDLEVEL` picks one of {count} variants only; raise its count to use this one"
        ),
        None => format!(
            "level `{name}` is never loaded: no dungeon description here names it"
        ),
    };
    let mut d = Diagnostic::new(
        Severity::Warning,
        "nethack::level-not-loaded",
        level.name_range.clone(),
        message,
    );
    if variant_of.is_none() {
        let names: BTreeSet<&str> = loads.iter().map(|l| l.file.as_str()).collect();
        if let Some(near) = closest(name, names) {
            let inside = level.name_range.start + 1..level.name_range.end - 1;
            d = d.with_suggestion(&format!("`{near}`"), inside, near, false);
        }
    }
    d
}

#[cfg(test)]
mod tests;
