//! The world the map makes: what stands where (F19, F20), whether tools
//! and obstacles name each other (F16), and whether the hero can walk from
//! the start to the diamonds and the items.

use super::{edit, REFUSED};
use crate::formats::frupal::model::{reach, why_unreachable, Model};
use crate::formats::frupal::syntax::number_value;
use crate::formats::frupal::vocabulary::Terrain;
use crate::formats::{closest, Diagnostic, Severity};
use std::collections::HashMap;
use Severity::{Error, Hint, Warning};

pub fn check(model: &Model, out: &mut Vec<Diagnostic>) {
    check_cells(model, out);
    check_kinds(model, out);
    check_reachability(model, out);
}

fn check_cells(model: &Model, out: &mut Vec<Diagnostic>) {
    let Some(grid) = &model.grid else { return };
    let mut taken: HashMap<(i64, i64), usize> = HashMap::new();
    for item in model.items() {
        if !grid.contains(item.x, item.y) {
            continue; // already `frupal::outside-map`
        }
        let name = model.name(item.element).trim_end_matches(':');
        if grid.at(item.x, item.y) == Some(Terrain::Wall) {
            out.push(Diagnostic::new(
                Error,
                "frupal::item-on-wall",
                item.span.clone(),
                format!(
                    "{} {} is a wall: the {name} cannot stand there; {REFUSED}",
                    item.x, item.y
                ),
            ));
        }
        match taken.get(&(item.x, item.y)) {
            Some(&other) => {
                let other_line = model.map.elements[other].line + 1;
                let other_name = model.name(other).trim_end_matches(':');
                out.push(Diagnostic::new(
                    Error,
                    "frupal::cell-taken",
                    item.span.clone(),
                    format!("{} {} already holds the {other_name} of line {other_line}: one item per cell; {REFUSED}", item.x, item.y),
                ));
            }
            None => {
                taken.insert((item.x, item.y), item.element);
            }
        }
    }
    if let Some(start) = model.first_placed("start:") {
        if grid.at(start.x, start.y) == Some(Terrain::Wall) {
            out.push(Diagnostic::new(
                Warning,
                "frupal::start-on-wall",
                start.span.clone(),
                "the hero starts inside a wall (the game allows it, but it is surely not meant)",
            ));
        }
        if model
            .first_placed("diamonds:")
            .is_some_and(|d| (d.x, d.y) == (start.x, start.y))
        {
            out.push(Diagnostic::new(
                Hint,
                "frupal::start-on-diamonds",
                start.span.clone(),
                "the hero starts on the diamonds: the game is won at once",
            ));
        }
    }
}

/// F16: tool targets should name obstacle kinds, compared case-sensitively.
fn check_kinds(model: &Model, out: &mut Vec<Diagnostic>) {
    let kinds = model.kinds();
    let obstacles: Vec<&str> = kinds.iter().filter(|k| k.2).map(|k| k.0).collect();
    let targets: Vec<&str> = kinds.iter().filter(|k| !k.2).map(|k| k.0).collect();
    for (kind, span, is_obstacle) in &kinds {
        // A numeric target has its own hint (`frupal::numeric-target`).
        if *is_obstacle || obstacles.contains(kind) || number_value(kind).is_some() {
            continue;
        }
        let mut d = Diagnostic::new(
            Warning,
            "frupal::unknown-target",
            span.clone(),
            format!("no obstacle on this map is of kind `{kind}`, so this target removes nothing (kinds are case-sensitive)"),
        );
        let same_but_case = obstacles.iter().find(|o| o.eq_ignore_ascii_case(kind));
        if let Some(suggestion) = same_but_case
            .copied()
            .or_else(|| closest(kind, obstacles.iter().copied()))
        {
            d.message = format!("no obstacle on this map is of kind `{kind}`: did you mean `{suggestion}`? (kinds are case-sensitive)");
            d = d.with_fix(
                format!("Change to `{suggestion}`"),
                edit(span.clone(), suggestion),
                true,
            );
        }
        out.push(d);
    }
    let mut reported: Vec<&str> = Vec::new();
    for (kind, span, is_obstacle) in &kinds {
        if !*is_obstacle || targets.contains(kind) || reported.contains(kind) {
            continue;
        }
        reported.push(kind);
        out.push(Diagnostic::new(
            Hint,
            "frupal::unremovable-obstacle",
            span.clone(),
            format!("no tool targets `{kind}`: obstacles of this kind can only be removed at their full energy cost"),
        ));
    }
}

fn check_reachability(model: &Model, out: &mut Vec<Diagnostic>) {
    let Some(grid) = &model.grid else { return };
    // With holes in the grid (already errors) the paths would be guesses.
    if !grid.is_complete() {
        return;
    }
    let Some(start) = model.first_placed("start:") else {
        return;
    };
    if !grid.contains(start.x, start.y) {
        return;
    }
    let ships: Vec<(i64, i64)> = model
        .items()
        .into_iter()
        .filter(|p| model.name(p.element) == "ship:")
        .map(|p| (p.x, p.y))
        .collect();
    let reach = reach(grid, (start.x, start.y), &ships);
    for item in model.items() {
        if !grid.contains(item.x, item.y) || reach.can_reach(item.x, item.y) {
            continue;
        }
        let name = model.name(item.element);
        if grid.at(item.x, item.y) == Some(Terrain::Wall) {
            continue; // already `frupal::item-on-wall`
        }
        if name == "diamonds:" {
            let why = why_unreachable(
                grid,
                (start.x, start.y),
                (item.x, item.y),
                !ships.is_empty(),
            );
            out.push(Diagnostic::new(
                Warning,
                "frupal::unreachable-diamonds",
                item.span.clone(),
                format!(
                    "the hero cannot reach the diamonds from the start at {} {}: {why}",
                    start.x, start.y
                ),
            ));
        } else {
            out.push(Diagnostic::new(
                Hint,
                "frupal::unreachable-item",
                item.span.clone(),
                format!(
                    "the hero can never reach this {}",
                    name.trim_end_matches(':')
                ),
            ));
        }
    }
}
