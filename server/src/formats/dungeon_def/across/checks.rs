//! The checks that need a dungeon description and the `.des` files of its
//! project together, each reported where a user would fix it: in the
//! description when it names what no file defines, in the `.des` file when
//! it defines what nothing loads or what another file defines too.

use super::loads::{self, Load, Why};
use super::{Described, Project};
use crate::formats::facts::{DefinedLevel, Workspace};
use crate::formats::{closest, Diagnostic, Edit, Severity};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

/// The file codes of the roles the project has quest levels for: `Arc` when
/// a `.des` file defines `Arc-strt` for a description's `x-strt`, or one of
/// the Quest's fillers `Arc-fila`, `Arc-filb`.
pub fn roles(project: &Project) -> Vec<String> {
    let quest: BTreeSet<&str> = project
        .descriptions
        .iter()
        .flat_map(|(_, d)| d.dungeons.iter().flat_map(|d| &d.levels))
        .filter_map(|l| l.name.strip_prefix("x-"))
        .chain(["fila", "filb"])
        .collect();
    let found: BTreeSet<String> = project
        .defined()
        .filter_map(|(_, level)| {
            let role = loads::role_of(&level.name)?;
            quest
                .contains(&level.name[role.len() + 1..])
                .then(|| role.to_string())
        })
        .collect();
    found.into_iter().collect()
}

/// Every file the project's descriptions load.
pub fn all_loads(project: &Project) -> Vec<Load> {
    let roles = roles(project);
    project
        .descriptions
        .iter()
        .flat_map(|(_, d)| loads::loads(d, &roles))
        .collect()
}

/// A description's own diagnostics across files: what it loads that no
/// `.des` file of its project defines, and branches to no dungeon.
pub fn description(
    path: &Path,
    described: &Described,
    workspace: &dyn Workspace,
) -> Vec<Diagnostic> {
    let mut found = unknown_branches(described);
    let Some(dir) = path.parent() else {
        return found;
    };
    let project = Project::at(workspace, dir.to_path_buf());
    if project.levels.is_empty() {
        // A description alone (a corpus, a file being written): nothing to compare.
        return found;
    }
    let defined: BTreeSet<&str> = project.defined().map(|(_, l)| l.name.as_str()).collect();
    let roles = roles(&project);
    // Missing files, grouped by the place that loads them.
    let mut missing: BTreeMap<(usize, usize), Vec<Load>> = BTreeMap::new();
    for load in loads::loads(described, &roles) {
        if !defined.contains(load.file.as_str()) {
            missing
                .entry((load.at.start, load.at.end))
                .or_default()
                .push(load);
        }
    }
    for ((start, end), group) in missing {
        found.push(missing_diagnostic(start..end, &group, &defined, &roles));
    }
    found
}

fn quoted(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn missing_diagnostic(
    at: std::ops::Range<usize>,
    group: &[Load],
    defined: &BTreeSet<&str>,
    roles: &[String],
) -> Diagnostic {
    let files: Vec<&str> = group.iter().map(|l| l.file.as_str()).collect();
    let first = &group[0];
    match &first.why {
        Why::Level => {
            let mut d = Diagnostic::new(
                Severity::Error,
                "dungeon-def::level-not-defined",
                at.clone(),
                format!(
                    "no `.des` file here defines level `{}`: the game loads `{}.lev` for it, and without it makes a random maze instead",
                    first.file, first.file
                ),
            );
            if let Some(near) = closest(&first.file, defined.iter().copied()) {
                d.message.push_str(&format!("; did you mean `{near}`?"));
                d = d.with_fix(
                    format!("Change to `{near}`"),
                    vec![Edit {
                        range: at.start + 1..at.end - 1,
                        new_text: near.to_string(),
                    }],
                    true,
                );
            }
            d
        }
        Why::Variant { base, count, .. } => Diagnostic::new(
            Severity::Error,
            "dungeon-def::variant-not-defined",
            at,
            format!(
                "`RNDLEVEL` picks one of {count} variants, `{base}-1` … `{base}-{count}`, but no `.des` file here defines {}: when the game picks one, it makes a random maze instead",
                quoted(&files)
            ),
        ),
        Why::Quest { written, .. } => Diagnostic::new(
            Severity::Error,
            "dungeon-def::quest-level-missing",
            at,
            format!(
                "the quest level `{written}` is loaded as `<role>{}` for the hero's role ({} have quest levels here), but no `.des` file here defines {}",
                &written[1..],
                roles.join(", "),
                quoted(&files)
            ),
        ),
        Why::Filler { role: Some(_) } => Diagnostic::new(
            Severity::Error,
            "dungeon-def::quest-level-missing",
            at,
            format!(
                "the game fills the Quest's other levels from `<role>-fila` (above the locate level) and `<role>-filb` (below it), but no `.des` file here defines {}",
                quoted(&files)
            ),
        ),
        Why::Filler { role: None } => Diagnostic::new(
            Severity::Error,
            "dungeon-def::level-not-defined",
            at,
            format!(
                "the game fills this dungeon's other levels from `{}`, but no `.des` file here defines it",
                first.file
            ),
        ),
    }
}

/// Branches to a dungeon the description does not define: dgn_comp takes
/// them, the game stops when it starts ("Couldn't resolve dungeon number").
fn unknown_branches(described: &Described) -> Vec<Diagnostic> {
    let names: Vec<&str> = described.dungeons.iter().map(|d| d.name.as_str()).collect();
    described
        .dungeons
        .iter()
        .flat_map(|d| &d.branches)
        .filter(|b| !names.contains(&b.target.as_str()))
        .map(|b| {
            let mut d = Diagnostic::new(
                Severity::Error,
                "dungeon-def::unknown-branch",
                b.target_range.clone(),
                format!(
                    "no `DUNGEON:` here is named \"{}\": dgn_comp takes the branch, but the game stops as it starts (Couldn't resolve dungeon number)",
                    b.target
                ),
            );
            if let Some(near) = closest(&b.target, names.iter().copied()) {
                d.message.push_str(&format!("; did you mean \"{near}\"?"));
                d = d.with_fix(
                    format!("Change to \"{near}\""),
                    vec![Edit {
                        range: b.target_range.start + 1..b.target_range.end - 1,
                        new_text: near.to_string(),
                    }],
                    true,
                );
            }
            d
        })
        .collect()
}

/// A `.des` file's diagnostics across files: a level another file of its
/// project defines too, and a level no description of its project loads.
pub fn levels(path: &Path, defined: &[DefinedLevel], workspace: &dyn Workspace) -> Vec<Diagnostic> {
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
        if let Some(near) = closest(name, names.into_iter()) {
            d.message.push_str(&format!("; did you mean `{near}`?"));
            d = d.with_fix(
                format!("Change to `{near}`"),
                vec![Edit {
                    range: level.name_range.start + 1..level.name_range.end - 1,
                    new_text: near.to_string(),
                }],
                false,
            );
        }
    }
    d
}
