//! The checks that need a dungeon description and the `.des` files of its
//! project together, reported in the description, where a user fixes a
//! name it loads that no file defines (the `.des` side's are NetHack's:
//! `nethack/across.rs`).

use super::loads::{self, Load, Why};
use super::{Described, Project};
use crate::formats::facts::Workspace;
use crate::formats::{closest, Diagnostic, Severity};
use std::collections::{BTreeMap, BTreeSet};
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

/// Names as a list of code spans.
pub fn quoted(names: &[&str]) -> String {
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
                d = d.with_suggestion(&format!("`{near}`"), at.start + 1..at.end - 1, near, true);
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
                let inside = b.target_range.start + 1..b.target_range.end - 1;
                d = d.with_suggestion(&format!("\"{near}\""), inside, near, true);
            }
            d
        })
        .collect()
}
