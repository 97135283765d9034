//! The checks of a MAZE level's map parts: the map's size, coordinates and
//! regions against the part's frame (its MAP, or 80 × 22 after NOMAP), level
//! regions against the level, and the checks that read the map (DOOR on a
//! door, DRAWBRIDGE next to a wall, REGION shapes, things placed in walls).
//! Shared with `bounds`: which argument of which statement is a coordinate,
//! each part's frame, and what the map's characters are to lev_comp.

use crate::formats::nethack::check::report::lev_comp;
use crate::formats::nethack::names::vocabulary::{self, MAX_MAP_HEIGHT, MAX_MAP_WIDTH};
use crate::formats::nethack::syntax::model::{self, Part};
use crate::formats::nethack::syntax::{
    Item, Level, MapBlock, MapRow, Span, Statement, Value, ValueKind,
};
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
                "DOOR" => door(text, statement, &frame, init_map, out),
                "DRAWBRIDGE" => drawbridge(text, statement, &frame, wallified, init_map, out),
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
fn door(
    text: &str,
    statement: &Statement,
    frame: &Frame,
    init_map: bool,
    out: &mut Vec<Diagnostic>,
) {
    if statement.args.len() != 2 {
        return;
    }
    let Some(value) = statement.args.get(1) else {
        return;
    };
    let Some((x, y)) = value.point() else {
        return;
    };
    let says = "Door decl doesn't match the map";
    if init_map && read_past_map(frame, x, y) {
        out.push(past_map(value, x, y, "door", says));
        return;
    }
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

/// With INIT_MAP lev_comp checks no coordinate, yet looks up DOOR and
/// DRAWBRIDGE squares in its map: one past the map (but not negative, which
/// it skips) is read from memory past the map's rows.
fn read_past_map(frame: &Frame, x: i64, y: i64) -> bool {
    frame.map.is_some() && x >= 0 && y >= 0 && !frame.contains(x, y)
}

fn past_map(value: &Value, x: i64, y: i64, what: &str, says: &str) -> Diagnostic {
    lev_comp(
        Severity::Error,
        "nethack::coordinates-out-of-map",
        value.span.clone(),
        format!(
            "({x},{y}) is outside the map: with INIT_MAP lev_comp checks no coordinate, but it looks the {what} up in its map and reads past it (an error, or a crash)"
        ),
        says,
    )
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
    init_map: bool,
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
        if init_map && read_past_map(frame, x, y) {
            let says = format!("Wall needed for drawbridge ({x:02}, {y:02})");
            out.push(past_map(at, x, y, "drawbridge's wall", &says));
        }
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

// ---- Both dialects: how lev_comp's lexer reads a map block. Rows go into
// the map; a `MAP` line restarts the map state (nothing else happens); a
// line that is not a row is read as tokens, so a GEOMETRY written among the
// rows is read as if it stood before the MAP. The map ends at `ENDMAP`, and
// a missing one is found at the end of the file.

/// The lines of a map block lev_comp does not read as rows although they
/// are not map rows: a GEOMETRY statement (when it is the only such line),
/// and repeated `MAP` lines.
pub(super) fn lines_lev_comp_skips<'a>(
    text: &str,
    m: &'a MapBlock,
) -> (Option<&'a MapRow>, Vec<&'a MapRow>) {
    let line = |r: &MapRow| {
        text.get(r.span.clone())
            .unwrap_or("")
            .trim_end_matches('\r')
    };
    let repeated: Vec<&MapRow> = m.rows.iter().filter(|r| line(r) == "MAP").collect();
    let others: Vec<&MapRow> = m
        .rows
        .iter()
        .filter(|r| r.bad && line(r) != "MAP" && !line(r).trim().is_empty())
        .collect();
    let geometry = match others.as_slice() {
        [only] if only.geometry => Some(*only),
        _ => None,
    };
    (geometry, repeated)
}

/// `MAP` with no `ENDMAP`: lev_comp reads rows to the end of the file and
/// misses it there; this points after the last row (the end of the file
/// when the rows run to it).
pub(super) fn missing_endmap(text: &str, m: &MapBlock) -> Diagnostic {
    let line = super::report::line_of(text, m.start.start);
    let last = m.rows.last().map_or(m.start.end, |r| r.span.end);
    let at = line_end(text, last).min(text.len());
    let fix_text = if text[..at].ends_with('\n') || at == 0 {
        "ENDMAP\n"
    } else {
        "\nENDMAP\n"
    };
    let d = Diagnostic::new(
        Severity::Error,
        "nethack::missing-endmap",
        at..at,
        format!("`ENDMAP` missing: the `MAP` at line {line} reads every line to the end of the file as a map row (lev_comp: syntax error)"),
    );
    // Only when every line read is a map row: lines of statements swallowed
    // by the map would stay in it.
    if m.rows.iter().any(|r| r.bad) {
        return d;
    }
    d.with_fix(
        "Add `ENDMAP` after the last row",
        vec![Edit {
            range: at..at,
            new_text: fix_text.to_string(),
        }],
        false,
    )
}

/// A GEOMETRY line among the map's rows: lev_comp reads it as if it came
/// first, and its line break as an empty row of the map.
pub(super) fn geometry_in_map(text: &str, m: &MapBlock, row: &MapRow) -> Diagnostic {
    let written = text
        .get(row.span.clone())
        .unwrap_or("")
        .trim_end_matches('\r');
    let map_line = line_start(text, m.start.start);
    Diagnostic::new(
        Severity::Warning,
        "nethack::map-before-geometry",
        row.span.clone(),
        format!("`{written}` stands inside the map: lev_comp reads it as the map's GEOMETRY, as if it came before `MAP`, and leaves an empty row in its place (the rows below move down one); write it before `MAP`"),
    )
    // The empty row stays, so the map and its coordinates do not change.
    .with_fix(
        "Move it before `MAP`, leaving its empty row",
        vec![
            Edit {
                range: map_line..map_line,
                new_text: format!("{}\n", written.trim()),
            },
            Edit {
                range: row.span.clone(),
                new_text: String::new(),
            },
        ],
        false,
    )
}

/// A second `MAP` line inside a map: lev_comp skips it.
pub(super) fn repeated_map(text: &str, row: &MapRow) -> Diagnostic {
    let line = line_start(text, row.span.start)..line_end(text, row.span.end);
    Diagnostic::new(
        Severity::Warning,
        "nethack::map-repeated",
        row.span.clone(),
        "`MAP` again inside the map: lev_comp skips the line",
    )
    .with_fix(
        "Remove the line",
        vec![Edit {
            range: line,
            new_text: String::new(),
        }],
        true,
    )
}

/// GEOMETRY not followed by its map: lev_comp finds out at the next token,
/// where this points (within the level).
pub(super) fn geometry_without_map(text: &str, g: &Statement, message: &str) -> Diagnostic {
    let mut at = g.span.end;
    // Past blanks and comment lines, to the next token.
    loop {
        let rest = &text[at.min(text.len())..];
        let skip = rest.len() - rest.trim_start().len();
        at += skip;
        if text[at.min(text.len())..].starts_with('#') && line_start(text, at) == at {
            at = line_end(text, at);
            continue;
        }
        break;
    }
    let at = at.min(text.len());
    // The next level's header ends this level (and the text a level is
    // checked with, when only changed levels are checked again), even one
    // that lacks its colon: the parser starts a level there all the same.
    let next_level = crate::formats::nethack::recognise::starts_with_level_keyword(&text[at..]);
    let (span, next) =
        match crate::formats::nethack::syntax::first_token(text, &(at..line_end(text, at))) {
            Some(t) if !next_level => {
                let written = text.get(t.clone()).unwrap_or("").to_string();
                (t, format!("`{written}` comes first"))
            }
            // At the level's end: on the GEOMETRY itself, which stays in its
            // own level's text.
            _ => (g.keyword_span.clone(), "the level ends first".to_string()),
        };
    Diagnostic::new(
        Severity::Error,
        "nethack::geometry-without-map",
        span,
        format!(
            "the `GEOMETRY:` at line {} has no map: {next}. {message}",
            super::report::line_of(text, g.span.start)
        ),
    )
}

fn line_start(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].rfind('\n').map_or(0, |n| n + 1)
}

/// The offset after the line break that ends the line holding `at`.
fn line_end(text: &str, at: usize) -> usize {
    text[at.min(text.len())..]
        .find('\n')
        .map_or(text.len(), |n| at + n + 1)
}

// ---- 3.6: coordinates are checked against the whole level (80 × 21), never
// against the map; level regions against the level, plain regions against
// the last map read.

const COLNO: i64 = 80;
const ROWNO: i64 = 21;

/// A MAP block: 76 × 21 at most (3.6 counts every column).
pub(super) fn map_size_36(text: &str, m: &MapBlock, out: &mut Vec<Diagnostic>) {
    let (w, h) = (m.width(), m.height());
    if w > vocabulary::MAX_MAP_WIDTH || h > vocabulary::MAX_MAP_HEIGHT {
        // lev_comp measures the map at its ENDMAP.
        out.push(Diagnostic::new(
            Severity::Error,
            "nethack::map-too-large",
            m.end.clone().unwrap_or(m.start.clone()),
            format!(
                "Map too large at ({w} x {h}), max is (76 x 21). (The map starts at line {}.)",
                super::report::line_of(text, m.start.start)
            ),
        ));
    }
}

/// `(x, y)`: lev_comp 3.6 checks it against the level, not the map.
fn point_36(x: i64, y: i64, span: Span, out: &mut Vec<Diagnostic>) {
    if !(0..COLNO).contains(&x) || !(0..ROWNO).contains(&y) {
        out.push(Diagnostic::new(
            Severity::Error,
            "nethack::coordinate-range",
            span,
            format!(
                "Coordinates ({x},{y}) out of map range! x is 0 to {} and y 0 to {}.",
                COLNO - 1,
                ROWNO - 1
            ),
        ));
    }
}

/// `(x1,y1,x2,y2)`: the corners in order (lev_comp 3.6 checks no range).
/// `parens`: the span holds the `( )` (a tuple), or only the numbers (the
/// arguments of `rect (…)`).
fn corners_36(rect: [i64; 4], span: Span, parens: bool, out: &mut Vec<Diagnostic>) {
    let [x1, y1, x2, y2] = rect;
    // A signed number in a 3.6 region is a syntax error (`signed-number`):
    // lev_comp stops there, before it compares the corners.
    if rect.iter().any(|n| *n < 0) {
        return;
    }
    if x1 > x2 || y1 > y2 {
        let swapped = format!(
            "{},{},{},{}",
            x1.min(x2),
            y1.min(y2),
            x1.max(x2),
            y1.max(y2)
        );
        out.push(
            Diagnostic::new(
                Severity::Error,
                "nethack::region-reversed",
                span.clone(),
                format!(
                    "Region start > end: ({x1},{y1},{x2},{y2})! Write the top-left corner first."
                ),
            )
            .with_fix(
                "Swap the corners",
                vec![Edit {
                    range: span,
                    new_text: if parens {
                        format!("({swapped})")
                    } else {
                        swapped
                    },
                }],
                true,
            ),
        );
    }
}

/// Every literal coordinate and region inside a 3.6 value, wherever it
/// stands: lev_comp checks each `(x,y)` against the level and each
/// `(x1,y1,x2,y2)` for its corners' order as it reads it, in a selection,
/// an array or an expression alike. `floodfill`, `line` and `randline` take
/// a coordinate in their own parentheses, `rect` and `fillrect` a region;
/// `levregion(…)` is a level region, checked by [`levregion_36`].
pub(super) fn literals_36(v: &Value, out: &mut Vec<Diagnostic>, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    let ints = |vals: &[Value]| -> Option<Vec<i64>> { vals.iter().map(Value::integer).collect() };
    match &v.kind {
        ValueKind::Tuple(vals) => match ints(vals).as_deref() {
            Some(&[x, y]) => point_36(x, y, v.span.clone(), out),
            Some(&[a, b, c, d]) => corners_36([a, b, c, d], v.span.clone(), true, out),
            _ => {
                for x in vals {
                    literals_36(x, out, depth + 1);
                }
            }
        },
        ValueKind::Call { name, args, .. } => {
            let span = || match (args.first(), args.last()) {
                (Some(first), Some(last)) => first.span.start..last.span.end,
                _ => v.span.clone(),
            };
            match (name.as_str(), ints(args).as_deref()) {
                ("floodfill" | "line" | "randline", Some(&[x, y])) => point_36(x, y, span(), out),
                ("rect" | "fillrect", Some(&[a, b, c, d])) => {
                    corners_36([a, b, c, d], span(), false, out)
                }
                ("levregion", _) => {}
                _ => {
                    for x in args {
                        literals_36(x, out, depth + 1);
                    }
                }
            }
        }
        ValueKind::List(vals) => {
            for x in vals {
                literals_36(x, out, depth + 1);
            }
        }
        ValueKind::Keyed { value, .. } | ValueKind::Weighted { value, .. } => {
            literals_36(value, out, depth + 1)
        }
        ValueKind::Binary { left, right, .. } => {
            literals_36(left, out, depth + 1);
            literals_36(right, out, depth + 1);
        }
        _ => {}
    }
}

/// Every map character a 3.6 value gives TERRAIN, REPLACE_TERRAIN, a
/// `filter('c', …)` or a `terrain:` variable: `'c'`, `('c', lit)`, or a
/// `{ … }` of them. lev_comp knows the 3.4.3 map characters and `x`.
pub(super) fn map_chars_36(v: &Value, out: &mut Vec<Diagnostic>, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    match &v.kind {
        ValueKind::Char(c) if *c != 'x' && vocabulary::map_char(*c).is_none() => {
            out.push(Diagnostic::new(
                Severity::Error,
                "nethack::unknown-map-char",
                v.span.clone(),
                format!(
                    "Unknown map char type '{c}'! A map character is one of {}",
                    map_char_list()
                ),
            ))
        }
        ValueKind::Tuple(vals) => {
            if let Some(first) = vals.first() {
                map_chars_36(first, out, depth + 1);
            }
        }
        ValueKind::List(vals) => {
            for x in vals {
                map_chars_36(x, out, depth + 1);
            }
        }
        ValueKind::Keyed { value, .. } => map_chars_36(value, out, depth + 1),
        _ => {}
    }
}

/// The characters `map_chars_36` takes, for its message.
fn map_char_list() -> String {
    let mut all: Vec<String> = vocabulary::map_chars()
        .iter()
        .map(|m| format!("`{}`", m.ch))
        .collect();
    all.push("`x`".to_string());
    all.join(" ")
}

/// Selections nested this deep are not followed.
const MAX_DEPTH: usize = 64;

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
