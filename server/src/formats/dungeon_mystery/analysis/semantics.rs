//! Combinations that run but do something the author probably does not mean (inputs spec §2,
//! §6 and §7). Each reads the effective values: the value in the file when it is a whole
//! number (or boolean), else the library default.

use super::values::codes_text;
use crate::formats::dungeon_mystery::syntax::{Json, Span};
use crate::formats::dungeon_mystery::vocabulary::{self as v, Value};
use crate::formats::{Diagnostic, Severity};

/// A value at `path` and its span, if present.
fn at<'a>(root: &'a Json, path: &[&str]) -> Option<&'a Json> {
    let mut node = root;
    for key in path {
        node = node.get(key)?;
    }
    Some(node)
}

/// The integer at `path` and its span, if present and whole.
fn int(root: &Json, path: &[&str]) -> Option<(i64, Span)> {
    at(root, path).and_then(|j| j.as_int().map(|i| (i, j.span.clone())))
}

fn default_int(path: &[&str]) -> i64 {
    match v::field_at(path).map(|f| f.default) {
        Some(Value::Int(i)) => i,
        _ => 0,
    }
}

/// The integer the library uses: the file's, else the class default.
fn effective_int(root: &Json, path: &[&str]) -> i64 {
    int(root, path).map_or_else(|| default_int(path), |(i, _)| i)
}

fn effective_bool(root: &Json, path: &[&str]) -> bool {
    match at(root, path).and_then(Json::as_bool) {
        Some(b) => b,
        None => matches!(
            v::field_at(path).map(|f| f.default),
            Some(Value::Bool(true))
        ),
    }
}

/// Present and different from both defaults (library and demo).
fn set(root: &Json, path: &[&str]) -> Option<(i64, Span)> {
    let (i, span) = int(root, path)?;
    let field = v::field_at(path)?;
    (!field.is_default(Value::Int(i))).then_some((i, span))
}

fn warn(out: &mut Vec<Diagnostic>, code: &'static str, span: Span, message: String) {
    out.push(Diagnostic::new(Severity::Warning, code, span, message));
}

pub fn check(root: &Json, out: &mut Vec<Diagnostic>) {
    const FP: &str = "floor_props";
    const DD: &str = "dungeon_data";
    // The layout the library runs: anything it does not handle is LARGE.
    let layout = match at(root, &[FP, "layout"]) {
        None => default_int(&[FP, "layout"]),
        Some(j) => j.as_int().filter(|l| (0..=11).contains(l)).unwrap_or(0),
    };
    let layout_name = v::LAYOUTS[layout as usize].name;

    if let Some((c, span)) = int(root, &[FP, "floor_connectivity"]) {
        if c <= 0 && v::connectivity_needed(layout) {
            warn(
                out,
                "dungeon-mystery::connectivity-fallback",
                span,
                format!(
                    "`floor_connectivity` {c} on layout {layout_name}: every attempt fails, and after 10 the floor becomes a One-Room Monster House"
                ),
            );
        }
    }

    if let Some((c, span)) = int(root, &[FP, "maze_room_chance"]) {
        if c > 0
            && !effective_bool(
                root,
                &[
                    "advanced_generation_settings",
                    "allow_wall_maze_room_generation",
                ],
            )
        {
            warn(
                out,
                "dungeon-mystery::maze-without-setting",
                span,
                "`maze_room_chance` has no effect: wall maze rooms are generated only with `advanced_generation_settings.allow_wall_maze_room_generation` true".into(),
            );
        }
    }

    if let Some((d, span)) = set(root, &[FP, "secondary_terrain_density"]) {
        let flag = effective_bool(root, &[FP, "room_flags", "f_secondary_terrain_generation"]);
        if !flag {
            warn(
                out,
                "dungeon-mystery::terrain-density-unused",
                span,
                format!(
                    "`secondary_terrain_density` {d} is unused: lakes are generated only with `room_flags.f_secondary_terrain_generation` true"
                ),
            );
        } else if !v::has_secondary_terrain(layout) {
            warn(
                out,
                "dungeon-mystery::terrain-density-unused",
                span,
                format!(
                    "`secondary_terrain_density` {d} is unused: layout {layout_name} generates no secondary terrain"
                ),
            );
        }
    }

    if let Some((d, span)) = int(root, &[FP, "room_density"]) {
        if d.abs() > 24 && (-128..=127).contains(&d) {
            warn(
                out,
                "dungeon-mystery::saturated-density",
                span,
                format!(
                    "`room_density` {d} asks for more rooms than the grid has cells (at most 6×4 = 24): every cell becomes a room, as with 24"
                ),
            );
        }
    }
    if let Some((d, span)) = int(root, &[FP, "trap_density"]) {
        if (112..=255).contains(&d) {
            warn(
                out,
                "dungeon-mystery::saturated-density",
                span,
                format!(
                    "`trap_density` {d} always gives the cap of 56 traps (the draw is at least {})",
                    d / 2
                ),
            );
        }
    }

    if let Some((id, span)) = int(root, &[FP, "fixed_room_id"]) {
        if (1..=110).contains(&id) {
            warn(
                out,
                "dungeon-mystery::fixed-room",
                span,
                format!(
                    "`fixed_room_id` {id}: dungeon-mystery has no fixed rooms; the only effect is a FIXED floor type (no monster house, stairs reachability not validated)"
                ),
            );
        }
    }

    if let Some((h, span)) = int(root, &[FP, "hidden_stairs_type"]) {
        let floor = effective_int(root, &[DD, "floor"]);
        let n = effective_int(root, &[DD, "n_floors_plus_one"]);
        if h != 0 && v::HIDDEN_STAIRS.iter().any(|c| c.code == h) && floor + 1 >= n {
            warn(
                out,
                "dungeon-mystery::hidden-stairs-last-floor",
                span,
                format!(
                    "no hidden stairs are placed: they need `dungeon_data.floor + 1 < n_floors_plus_one`, and here {floor} + 1 >= {n} (the last floor)"
                ),
            );
        }
    }

    let md = [DD, "mission_destination"];
    if let Some((sub, span)) = int(root, &[DD, "mission_destination", "mission_subtype"]) {
        let ty = effective_int(root, &[md[0], md[1], "mission_type"]);
        let ty_name = v::MISSION_TYPES
            .iter()
            .find(|c| c.code == ty)
            .map(|c| c.name);
        match (ty_name, v::mission_subtypes(ty)) {
            (Some(_), Some(subs)) if !subs.iter().any(|c| c.code == sub) => {
                let codes: Vec<String> = subs.iter().map(|c| c.code.to_string()).collect();
                out.push(Diagnostic::new(
                    Severity::Error,
                    "dungeon-mystery::unknown-code",
                    span,
                    format!(
                        "{sub} is not a subtype of mission type {ty} ({}) (valid: {})",
                        ty_name.unwrap_or_default(),
                        codes_text(&codes)
                    ),
                ));
            }
            (Some(name), None) if sub != 0 => warn(
                out,
                "dungeon-mystery::subtype-without-subtypes",
                span,
                format!(
                    "`mission_subtype` {sub} is ignored: mission type {ty} ({name}) has no subtypes"
                ),
            ),
            _ => {}
        }
    }

    if let Some((r, span)) = set(root, &[DD, "rescue_floor"]) {
        let objective = effective_int(root, &[DD, "dungeon_objective"]);
        if objective != 2 {
            warn(
                out,
                "dungeon-mystery::rescue-floor-unused",
                span,
                format!(
                    "`rescue_floor` {r} is unused: the rescue-floor rule applies only with `dungeon_objective` 2 (RESCUE), and here it is {objective}"
                ),
            );
        }
    }
}
