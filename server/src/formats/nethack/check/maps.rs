//! The checks of a MAZE level's map parts: the map's size, coordinates and
//! regions against the part's frame (its MAP, or 80 × 22 after NOMAP), level
//! regions against the level, and the checks that read the map (DOOR on a
//! door, DRAWBRIDGE next to a wall, REGION shapes, things placed in walls).
//! Shared with `bounds`: which argument of which statement is a coordinate,
//! each part's frame, and what the map's characters are to lev_comp.

use crate::formats::nethack::check::report::lev_comp;
use crate::formats::nethack::names::vocabulary::{self, MAX_MAP_HEIGHT, MAX_MAP_WIDTH};
use crate::formats::nethack::syntax::model::{self, Part};
use crate::formats::nethack::syntax::{Item, Level, MapBlock, Statement, Value, ValueKind};
use crate::formats::{Diagnostic, Edit, Severity};

/// What a statement's argument at some index is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::formats::nethack::check) enum Slot {
    /// `(x,y)`, `place[i]` or `random`.
    Coord,
    /// `(x1,y1,x2,y2)` in map coordinates.
    Region,
    /// A region, or `levregion(x1,y1,x2,y2)` in level coordinates.
    LevRegion,
}

/// The coordinate and region arguments of a statement, by index.
pub(in crate::formats::nethack::check) fn slots(statement: &Statement) -> Vec<(usize, Slot)> {
    use Slot::*;
    let n = statement.args.len();
    match statement.keyword.as_str() {
        "MONSTER" | "OBJECT" | "CONTAINER" => vec![(2, Coord)],
        "TRAP" | "GOLD" => vec![(1, Coord)],
        // The room form (4 arguments) has no coordinate.
        "DOOR" if n == 2 => vec![(1, Coord)],
        "DRAWBRIDGE" | "MAZEWALK" | "LADDER" | "ALTAR" | "FOUNTAIN" | "ENGRAVING" | "SINK"
        | "POOL" => vec![(0, Coord)],
        "STAIR" if n == 3 => vec![(0, LevRegion), (1, LevRegion)],
        "STAIR" => vec![(0, Coord)],
        "PORTAL" | "TELEPORT_REGION" | "BRANCH" => vec![(0, LevRegion), (1, LevRegion)],
        "NON_DIGGABLE" | "NON_PASSWALL" | "REGION" => vec![(0, Region)],
        "RANDOM_PLACES" => (0..n).map(|i| (i, Coord)).collect(),
        _ => Vec::new(),
    }
}

/// What lev_comp calls the thing a statement places, in `… placed in wall`,
/// for the statements whose square it checks.
pub(in crate::formats::nethack::check) fn thing(statement: &Statement) -> Option<&'static str> {
    Some(match statement.keyword.as_str() {
        "MONSTER" => "Monster",
        "OBJECT" | "CONTAINER" => "Object",
        "TRAP" => "Trap",
        "LADDER" => "Ladder",
        "STAIR" if statement.args.len() == 2 => "Stairway",
        "FOUNTAIN" => "Fountain",
        "ALTAR" => "Altar",
        "GOLD" => "Gold",
        "ENGRAVING" => "Engraving",
        _ => return None,
    })
}

/// The area a part's coordinates are relative to.
pub(in crate::formats::nethack::check) struct Frame<'a> {
    /// The part's map; `None` after NOMAP (lev_comp then reads whatever map
    /// it read last, so nothing here reads a map).
    pub map: Option<&'a MapBlock>,
    pub max_x: i64,
    pub max_y: i64,
}

impl Frame<'_> {
    pub fn contains(&self, x: i64, y: i64) -> bool {
        (0..=self.max_x).contains(&x) && (0..=self.max_y).contains(&y)
    }

    /// The map character at `(x, y)` (short rows padded with stone).
    pub fn cell(&self, text: &str, x: i64, y: i64) -> Option<char> {
        let map = self.map?;
        if !self.contains(x, y) {
            return None;
        }
        map.cell(text, usize::try_from(x).ok()?, usize::try_from(y).ok()?)
    }
}

/// The frame of a part: its MAP (0..width-1 × 0..height-1), or after NOMAP the
/// level (0..79 × 0..21, lev_comp's bounds). `None` for a GEOMETRY with no MAP.
pub(in crate::formats::nethack::check) fn frame<'a>(
    level: &'a Level,
    part: &Part<'a>,
) -> Option<Frame<'a>> {
    if let Some(map) = part.map {
        return Some(Frame {
            map: Some(map),
            max_x: map.width() as i64 - 1,
            max_y: map.height() as i64 - 1,
        });
    }
    match level.items.get(part.items.start) {
        Some(Item::Statement(s)) if s.keyword == "NOMAP" => Some(Frame {
            map: None,
            max_x: 79,
            max_y: 21,
        }),
        _ => None,
    }
}

/// Solid to lev_comp (`IS_ROCK`): stone, walls, trees, secret doors and corridors.
pub(in crate::formats::nethack::check) fn is_rock(c: char) -> bool {
    matches!(c, ' ' | '-' | '|' | 'B' | 'T' | 'S' | 'H')
}

/// A wall (`IS_WALL`): `-`, `|` and the boundary `B`.
fn is_wall(c: char) -> bool {
    matches!(c, '-' | '|' | 'B')
}

/// Room-like floor (`IS_ROOM`).
fn is_room(c: char) -> bool {
    matches!(c, '.' | '{' | '\\' | 'K' | 'I' | 'A' | 'C')
}

/// `` `|` (vertical wall) ``.
pub(in crate::formats::nethack::check) fn describe_cell(c: char) -> String {
    let terrain = vocabulary::map_char(c).map_or("unknown", |m| m.terrain);
    if c == ' ' {
        format!("a blank ({terrain})")
    } else {
        format!("`{c}` ({terrain})")
    }
}

/// The two integers of a `(x, y)` tuple with their values.
fn point_values(value: &Value) -> Option<(&Value, &Value, i64, i64)> {
    match value.tuple()? {
        [x, y] => Some((x, y, x.integer()?, y.integer()?)),
        _ => None,
    }
}

pub(super) fn check(text: &str, level: &Level, out: &mut Vec<Diagnostic>) {
    for map in level.maps() {
        map_size(map, out);
    }
    // INIT_MAP turns off lev_comp's check of coordinates (not of regions).
    let init_map = level.statements().any(|s| s.keyword == "INIT_MAP");
    for part in model::parts(level) {
        let Some(frame) = frame(level, &part) else {
            continue;
        };
        let mut wallified = false;
        for item in &level.items[part.items.clone()] {
            let Some(statement) = item.statement() else {
                continue;
            };
            if statement.keyword == "WALLIFY" {
                wallified = true;
                continue;
            }
            for (index, slot) in slots(statement) {
                let Some(value) = statement.args.get(index) else {
                    continue;
                };
                match slot {
                    Slot::Coord if !init_map => coordinate(text, value, &frame, out),
                    Slot::Coord => {}
                    Slot::Region | Slot::LevRegion => match &value.kind {
                        ValueKind::Tuple(_) => region(text, value, &frame, out),
                        ValueKind::Call { name, args, .. }
                            if slot == Slot::LevRegion && name == "levregion" =>
                        {
                            levregion(text, args, out)
                        }
                        _ => {}
                    },
                }
            }
            match statement.keyword.as_str() {
                "DOOR" => door(text, statement, &frame, out),
                "DRAWBRIDGE" => drawbridge(text, statement, &frame, wallified, out),
                "REGION" => region_statement(text, statement, &frame, out),
                _ => placed_in_wall(text, statement, &frame, out),
            }
        }
    }
}

/// 76 × 21 at most, digits removed first.
fn map_size(map: &MapBlock, out: &mut Vec<Diagnostic>) {
    const SAYS: &str = "Map too large! (max 76 x 21)";
    let (width, height) = (map.width(), map.height());
    if width > MAX_MAP_WIDTH {
        if let Some(row) = map.good_rows().find(|r| r.cells.len() > MAX_MAP_WIDTH) {
            let start = row
                .cells
                .get(MAX_MAP_WIDTH)
                .copied()
                .unwrap_or(row.span.start);
            out.push(lev_comp(
                Severity::Error,
                "nethack::map-too-large",
                start..row.span.end.max(start),
                format!(
                    "this row is {} columns wide (digits do not count); a map is at most {MAX_MAP_WIDTH} wide",
                    row.cells.len()
                ),
                SAYS,
            ));
        }
    }
    if height > MAX_MAP_HEIGHT {
        let rows: Vec<_> = map.good_rows().collect();
        if let (Some(first), Some(last)) = (rows.get(MAX_MAP_HEIGHT), rows.last()) {
            out.push(lev_comp(
                Severity::Error,
                "nethack::map-too-large",
                first.span.start..last.span.end.max(first.span.start),
                format!("the map has {height} rows; a map is at most {MAX_MAP_HEIGHT} tall"),
                SAYS,
            ));
        }
    }
}

fn frame_words(frame: &Frame) -> String {
    match frame.map {
        Some(_) => format!(
            "the map: x goes from 0 to {} and y from 0 to {}",
            frame.max_x, frame.max_y
        ),
        None => format!(
            "the level (NOMAP): x goes from 0 to {} and y from 0 to {}",
            frame.max_x, frame.max_y
        ),
    }
}

/// An explicit `(x, y)` inside the part's frame.
fn coordinate(text: &str, value: &Value, frame: &Frame, out: &mut Vec<Diagnostic>) {
    let Some((xv, yv, x, y)) = point_values(value) else {
        return;
    };
    let x_bad = !(0..=frame.max_x).contains(&x);
    let y_bad = !(0..=frame.max_y).contains(&y);
    let span = match (x_bad, y_bad) {
        (false, false) => return,
        (true, false) => xv.span.clone(),
        (false, true) => yv.span.clone(),
        (true, true) => value.span.clone(),
    };
    out.push(lev_comp(
        Severity::Error,
        "nethack::coordinates-out-of-map",
        span,
        format!(
            "{} is outside {}",
            text.get(value.span.clone()).unwrap_or("the square"),
            frame_words(frame)
        ),
        "Coordinates out of map range!",
    ));
}

/// `(x1, y1, x2, y2)` inside the part's frame; lev_comp reports the first
/// corner value out of range.
fn region(text: &str, value: &Value, frame: &Frame, out: &mut Vec<Diagnostic>) {
    let Some(parts) = value.tuple() else {
        return;
    };
    if parts.len() != 4 || parts.iter().any(|p| p.integer().is_none()) {
        return;
    }
    for (i, part) in parts.iter().enumerate() {
        let n = part.integer().unwrap_or(0);
        let max = if i % 2 == 0 { frame.max_x } else { frame.max_y };
        if !(0..=max).contains(&n) {
            let axis = if i % 2 == 0 { "x" } else { "y" };
            out.push(lev_comp(
                Severity::Error,
                "nethack::region-out-of-map",
                part.span.clone(),
                format!(
                    "{axis} = {} is outside {}",
                    text.get(part.span.clone()).unwrap_or("?"),
                    frame_words(frame)
                ),
                "Region out of map range!",
            ));
            return;
        }
    }
}

/// `levregion(x1, y1, x2, y2)`: level coordinates, x 1..79, y 0..20.
fn levregion(text: &str, args: &[Value], out: &mut Vec<Diagnostic>) {
    if args.len() != 4 || args.iter().any(|a| a.integer().is_none()) {
        return;
    }
    for (i, arg) in args.iter().enumerate() {
        let n = arg.integer().unwrap_or(0);
        let (axis, range) = if i % 2 == 0 {
            ("x", 1..=79)
        } else {
            ("y", 0..=20)
        };
        if !range.contains(&n) {
            out.push(lev_comp(
                Severity::Error,
                "nethack::levregion-out-of-level",
                arg.span.clone(),
                format!(
                    "{axis} = {} is outside the level: in levregion(…) x goes from 1 to 79 and y from 0 to 20",
                    text.get(arg.span.clone()).unwrap_or("?")
                ),
                "Region out of level range!",
            ));
            return;
        }
    }
}

/// DOOR (map form) with an explicit square: it must be `+` or `S` in the map.
fn door(text: &str, statement: &Statement, frame: &Frame, out: &mut Vec<Diagnostic>) {
    if statement.args.len() != 2 {
        return;
    }
    let Some(value) = statement.args.get(1) else {
        return;
    };
    let Some((x, y)) = value.point() else {
        return;
    };
    let Some(c) = frame.cell(text, x, y) else {
        return;
    };
    if c != '+' && c != 'S' {
        out.push(lev_comp(
            Severity::Error,
            "nethack::door-not-in-map",
            value.span.clone(),
            format!(
                "the map has {} at ({x},{y}); a DOOR's square must be `+` (door) or `S` (secret door)",
                describe_cell(c)
            ),
            "Door decl doesn't match the map",
        ));
    }
}

/// After WALLIFY, lev_comp has turned stone next to floor into wall.
fn wall_at(text: &str, frame: &Frame, x: i64, y: i64, wallified: bool) -> bool {
    match frame.cell(text, x, y) {
        Some(c) if is_wall(c) => true,
        Some(' ') if wallified => (-1..=1).any(|dy| {
            (-1..=1).any(|dx| {
                frame
                    .cell(text, x.saturating_add(dx), y.saturating_add(dy))
                    .is_some_and(|n| is_room(n) || n == 'B')
            })
        }),
        _ => false,
    }
}

/// DRAWBRIDGE: a wall one step in its direction; open or closed only.
fn drawbridge(
    text: &str,
    statement: &Statement,
    frame: &Frame,
    wallified: bool,
    out: &mut Vec<Diagnostic>,
) {
    let args = &statement.args;
    let (Some(at), Some(dir), Some(state)) = (args.first(), args.get(1), args.get(2)) else {
        return;
    };
    let Some(dir_word) = dir.word() else {
        return;
    };
    let (dx, dy) = match dir_word {
        "north" => (0, -1),
        "south" => (0, 1),
        "east" => (1, 0),
        "west" => (-1, 0),
        _ => return,
    };
    if let Some((x, y)) = at.point() {
        // lev_comp reads the map wherever the square is; only judge squares it
        // can read meaningfully.
        if frame.map.is_some() && frame.contains(x, y) {
            let (wx, wy) = (x.saturating_add(dx), y.saturating_add(dy));
            if !wall_at(text, frame, wx, wy, wallified) {
                let found = match frame.cell(text, wx, wy) {
                    Some(c) => format!("the map has {} there", describe_cell(c)),
                    None => "that is outside the map".to_string(),
                };
                out.push(lev_comp(
                    Severity::Error,
                    "nethack::drawbridge-no-wall",
                    at.span.clone(),
                    format!(
                        "a drawbridge at ({x},{y}) facing {dir_word} needs a wall at ({wx},{wy}); {found}"
                    ),
                    &format!("Wall needed for drawbridge ({x:02}, {y:02})"),
                ));
            }
        }
    }
    if let Some(w) = state.word() {
        if matches!(w, "locked" | "nodoor" | "broken" | "random") {
            out.push(lev_comp(
                Severity::Error,
                "nethack::drawbridge-state",
                state.span.clone(),
                format!("a drawbridge is `open` or `closed`, not `{w}`"),
                "A drawbridge can only be open or closed!",
            ));
        }
    }
}

/// REGION: start ≤ end; a vault is exactly 2 × 2 and not irregular; an
/// irregular region starts on floor.
fn region_statement(text: &str, statement: &Statement, frame: &Frame, out: &mut Vec<Diagnostic>) {
    let args = &statement.args;
    let Some(area) = args.first() else {
        return;
    };
    let Some([x1, y1, x2, y2]) = area.rect() else {
        return;
    };
    if x1 > x2 || y1 > y2 {
        out.push(lev_comp(
            Severity::Error,
            "nethack::region-reversed",
            area.span.clone(),
            format!(
                "the region's first corner ({x1},{y1}) must be above and left of its second ({x2},{y2})"
            ),
            "Region start > end!",
        ));
    }
    let irregular = args.get(4).and_then(Value::word) == Some("true");
    // `unfilled` changes the type lev_comp compares with VAULT, so the vault
    // check only applies to filled vaults (the default).
    let unfilled = args.get(3).and_then(Value::word) == Some("unfilled");
    let vault = args.get(2).and_then(Value::string) == Some("vault");
    if vault && !unfilled && (irregular || x2.saturating_sub(x1) != 1 || y2.saturating_sub(y1) != 1)
    {
        let what = if irregular {
            "a vault cannot be irregular".to_string()
        } else {
            format!(
                "a vault is exactly 2 × 2, like (x,y,x+1,y+1); this region is {} × {}",
                x2.saturating_sub(x1).saturating_add(1),
                y2.saturating_sub(y1).saturating_add(1)
            )
        };
        out.push(lev_comp(
            Severity::Error,
            "nethack::vault-size",
            area.span.clone(),
            what,
            "Vaults must be exactly 2x2!",
        ));
    }
    if irregular {
        if let Some(c) = frame.cell(text, x1, y1) {
            if !is_room(c) {
                out.push(lev_comp(
                    Severity::Error,
                    "nethack::irregular-region-on-rock",
                    area.span.clone(),
                    format!(
                        "an irregular region is flood-filled from its first corner ({x1},{y1}), which must be floor; the map has {} there",
                        describe_cell(c)
                    ),
                    &format!("Rock in irregular room ({x1:02},{y1:02})?!"),
                ));
            }
        }
    }
}

/// `<Thing> placed in wall at (x,y)?!`: an explicit square on rock, wall,
/// tree, secret door or corridor, or a door. Stairs and ladders on solid
/// squares are `bounds`' error instead.
fn placed_in_wall(text: &str, statement: &Statement, frame: &Frame, out: &mut Vec<Diagnostic>) {
    let Some(thing) = thing(statement) else {
        return;
    };
    for (index, slot) in slots(statement) {
        if slot != Slot::Coord {
            continue;
        }
        let Some(value) = statement.args.get(index) else {
            continue;
        };
        let Some((x, y)) = value.point() else {
            continue;
        };
        let Some(c) = frame.cell(text, x, y) else {
            continue;
        };
        let stair = matches!(thing, "Stairway" | "Ladder");
        if (is_rock(c) && !stair) || c == '+' {
            out.push(lev_comp(
                Severity::Warning,
                "nethack::placed-in-wall",
                value.span.clone(),
                format!(
                    "the map has {} at ({x},{y}), not a square to stand on",
                    describe_cell(c)
                ),
                &format!("{thing} placed in wall at ({x:02},{y:02})?!"),
            ));
        }
    }
}

// ---- 3.6: coordinates are checked against the whole level (80 × 21), never
// against the map; level regions against the level, plain regions against
// the last map read.

const COLNO: i64 = 80;
const ROWNO: i64 = 21;

/// A MAP block: 76 × 21 at most (3.6 counts every column).
pub(super) fn map_size_36(m: &MapBlock, out: &mut Vec<Diagnostic>) {
    let (w, h) = (m.width(), m.height());
    if w > vocabulary::MAX_MAP_WIDTH || h > vocabulary::MAX_MAP_HEIGHT {
        out.push(Diagnostic::new(
            Severity::Error,
            "nethack::map-too-large",
            m.start.clone(),
            format!("Map too large at ({w} x {h}), max is (76 x 21)."),
        ));
    }
}

/// `(x, y)`: lev_comp 3.6 checks it against the level, not the map.
pub(super) fn coord_36(v: Option<&Value>, out: &mut Vec<Diagnostic>) {
    let Some(v) = v else { return };
    let Some((x, y)) = v.point() else { return };
    if !(0..COLNO).contains(&x) || !(0..ROWNO).contains(&y) {
        out.push(Diagnostic::new(
            Severity::Error,
            "nethack::coordinate-range",
            v.span.clone(),
            format!(
                "Coordinates ({x},{y}) out of map range! x is 0 to {} and y 0 to {}.",
                COLNO - 1,
                ROWNO - 1
            ),
        ));
    }
}

/// REGION and NON_DIGGABLE/NON_PASSWALL: the corners in order.
pub(super) fn region_order_36(v: Option<&Value>, out: &mut Vec<Diagnostic>) {
    let Some(v) = v else { return };
    let Some([x1, y1, x2, y2]) = v.rect() else {
        return;
    };
    // A signed number in a 3.6 region is a syntax error (`signed-number`):
    // lev_comp stops there, before it compares the corners.
    if [x1, y1, x2, y2].iter().any(|n| *n < 0) {
        return;
    }
    if x1 > x2 || y1 > y2 {
        out.push(
            Diagnostic::new(
                Severity::Error,
                "nethack::region-reversed",
                v.span.clone(),
                format!(
                    "Region start > end: ({x1},{y1},{x2},{y2})! Write the top-left corner first."
                ),
            )
            .with_fix(
                "Swap the corners",
                vec![Edit {
                    range: v.span.clone(),
                    new_text: format!(
                        "({},{},{},{})",
                        x1.min(x2),
                        y1.min(y2),
                        x1.max(x2),
                        y1.max(y2)
                    ),
                }],
                true,
            ),
        );
    }
}

/// A level region: `levregion(…)` against the level (x 1..79, y 0..20), a
/// plain `(…)` against the "map range" (x 0..79, y 0..21 while no MAP was
/// read, then the last map's size).
pub(super) fn levregion_36(
    v: Option<&Value>,
    seen_map: Option<(i64, i64)>,
    out: &mut Vec<Diagnostic>,
) {
    let Some(v) = v else { return };
    let (rect, span, level) = match &v.kind {
        ValueKind::Call { name, args, .. } if name == "levregion" => {
            let ints: Option<Vec<i64>> = args.iter().map(Value::integer).collect();
            match ints.as_deref() {
                Some(&[a, b, c, d]) => ([a, b, c, d], v.span.clone(), true),
                _ => return,
            }
        }
        _ => match v.rect() {
            Some(r) => (r, v.span.clone(), false),
            _ => return,
        },
    };
    let [x1, y1, x2, y2] = rect;
    // lev_comp's max_x_map/max_y_map: 79 and 21 until a MAP, then the
    // last map's width - 1 and height - 1.
    let (max_x, max_y) = seen_map.map_or((COLNO - 1, ROWNO), |(w, h)| (w - 1, h - 1));
    let bad = if level {
        if x1 <= 0 || x1 >= COLNO {
            Some("x1")
        } else if !(0..ROWNO).contains(&y1) {
            Some("y1")
        } else if x2 <= 0 || x2 >= COLNO {
            Some("x2")
        } else if !(0..ROWNO).contains(&y2) {
            Some("y2")
        } else {
            None
        }
    } else if !(0..=max_x).contains(&x1) {
        Some("x1")
    } else if !(0..=max_y).contains(&y1) {
        Some("y1")
    } else if !(0..=max_x).contains(&x2) {
        Some("x2")
    } else if !(0..=max_y).contains(&y2) {
        Some("y2")
    } else {
        None
    };
    if let Some(which) = bad {
        let (code, range) = if level {
            ("nethack::levregion-out-of-level", "level range")
        } else {
            ("nethack::region-out-of-map", "map range")
        };
        out.push(Diagnostic::new(
            Severity::Error,
            code,
            span,
            format!("Region ({x1},{y1},{x2},{y2}) out of {range} ({which})!"),
        ));
    }
}
