//! Where the game must place things at run time, read against the level's
//! fixed terrain: the regions of BRANCH, STAIR, PORTAL and TELEPORT_REGION
//! (the game picks a square in the region, minus the excluded area, after
//! the whole level is made: `place_lregion` in NetHack's `mkmaze.c`), and
//! 3.6's down stairs and ladders at a fixed square (placed there whatever
//! the square is).
//!
//! A region fails when none of its squares is floor (`.`), air (`A`) or,
//! on a MAZE level, corridor (`#`), free of furniture, pools and lava: the
//! game says `impossible: Couldn't place lregion type N!` (in MiniHack, in a
//! log nobody reads) and the hero starts at a random spot. Only what the
//! text makes certain is reported: fixed MAP squares, placed where their
//! GEOMETRY says, on a level whose other statements cannot change them
//! (TERRAIN, REPLACE_TERRAIN, MAZEWALK, rooms, corridors, a MAP inside a
//! block make it uncertain, and nothing is said).

use super::maps::{describe_cell, is_rock};
use crate::formats::nethack::names::vocabulary;
use crate::formats::nethack::syntax::{
    Document, Item, Level, MapBlock, Statement, Value, ValueKind,
};
use crate::formats::nethack::Dialect;
use crate::formats::{Diagnostic, Severity};
use std::collections::BTreeSet;

/// The level's size: x 0..79 (column 0 unused), y 0..20.
const COLUMNS: i64 = 80;
const ROWS: i64 = 21;
/// `x_maze_max`, `y_maze_max`: the bounds GEOMETRY aligns maps in.
const MAZE_MAX_X: i64 = (COLUMNS - 1) & !1;
const MAZE_MAX_Y: i64 = (ROWS - 1) & !1;

pub(super) fn check_36(text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    check(text, doc, Dialect::V36, out);
}

pub(super) fn check_343(text: &str, doc: &Document, out: &mut Vec<Diagnostic>) {
    check(text, doc, Dialect::V343, out);
}

fn check(text: &str, doc: &Document, dialect: Dialect, out: &mut Vec<Diagnostic>) {
    for level in doc.levels.iter().filter(|l| readable(doc, l)) {
        if let Some(terrain) = Terrain::of(level, dialect) {
            terrain.check(text, level, dialect, out);
        }
    }
}

/// A level whose maps lev_comp reads as written, and which the game treats
/// as any other: no syntax error inside, no map that is not all rows or
/// runs on without ENDMAP, and not the Plane of Water (`water`), whose
/// bubbles the game turns into air after the level is made.
fn readable(doc: &Document, level: &Level) -> bool {
    let span = &level.span;
    // An error inside, or running into it: one that ends where the level
    // starts (a stray character before its header) is not the level's.
    let broken = doc.syntax_errors.iter().any(|e| {
        span.contains(&e.span.start) || (e.span.start < span.start && span.start < e.span.end)
    });
    let maps_ok = level
        .maps()
        .all(|m| m.end.is_some() && m.rows.iter().all(|r| !r.bad));
    !broken && maps_ok && level.name().is_none_or(|(name, _)| name != "water")
}

/// Statements after which a square's terrain is not known from the text.
const CHANGES_TERRAIN: &[&str] = &[
    "TERRAIN",
    "REPLACE_TERRAIN",
    "MAZEWALK",
    "ROOM",
    "SUBROOM",
    "CORRIDOR",
    "RANDOM_CORRIDORS",
];

/// Statements that put furniture (which no region's square may hold) on a
/// square: `occupied` in `mkmaze.c`.
const FURNITURE: &[&str] = &[
    "FOUNTAIN", "SINK", "ALTAR", "GRAVE", "LADDER", "STAIR", "POOL",
];

/// A MAP where the game loads it.
struct Placed<'a> {
    map: &'a MapBlock,
    x: i64,
    y: i64,
}

/// What a square is when the level is made.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Square {
    /// A square a region's thing can go on.
    Free,
    /// Not one; what it is, for the message.
    Taken(&'static str),
    /// Not known from the text.
    Unknown,
}

/// The level's fixed terrain, when the text makes it certain.
struct Terrain<'a> {
    maps: Vec<Placed<'a>>,
    /// Squares outside every MAP are solid rock (the MAZE fill, or a LEVEL's
    /// start); else they are not known.
    rock_outside: bool,
    /// A MAZE level: corridors take a region's thing.
    maze: bool,
    /// Squares given furniture by a statement (level coordinates).
    furniture: BTreeSet<(i64, i64)>,
}

impl<'a> Terrain<'a> {
    fn of(level: &'a Level, dialect: Dialect) -> Option<Terrain<'a>> {
        let maze = level.header.keyword == "MAZE";
        if !maze && dialect == Dialect::V343 {
            return None;
        }
        let mut maps = Vec::new();
        let mut geometry: Option<&Statement> = None;
        // The level starts as solid rock: a LEVEL's, or a MAZE's filled
        // with `' '`; an INIT_MAP before the maps says again.
        let fill = level.header.args.get(1).and_then(Value::char);
        let mut rock_outside = dialect == Dialect::V36 && (!maze || fill == Some(' '));
        let mut init = maze && fill.is_some();
        for item in &level.items {
            for nested in item.walk() {
                let nested_map = !std::ptr::eq(nested, item) && matches!(nested, Item::Map(_));
                let changes = nested.statement().is_some_and(|s| {
                    CHANGES_TERRAIN.contains(&s.keyword.as_str())
                        || (s.keyword == "INIT_MAP" && !std::ptr::eq(nested, item))
                        || (s.keyword == "FLAGS"
                            && s.args.iter().any(|a| a.word() == Some("inaccessibles")))
                });
                if nested_map || changes {
                    return None;
                }
            }
            match item {
                Item::Statement(s) if s.keyword == "GEOMETRY" => geometry = Some(s),
                Item::Statement(s) if s.keyword == "INIT_MAP" => {
                    if !maps.is_empty() {
                        return None;
                    }
                    init = true;
                    let solid = s.args.first().and_then(Value::word) == Some("solidfill");
                    rock_outside = dialect == Dialect::V36
                        && solid
                        && s.args.get(1).and_then(Value::char) == Some(' ');
                }
                Item::Map(map) => {
                    let (x, y) = origin(geometry.take()?, map, dialect, init)?;
                    maps.push(Placed { map, x, y });
                }
                _ => {}
            }
        }
        // Furniture at a fixed square, relative to the map in force.
        let mut furniture = BTreeSet::new();
        for (item, in_force) in level.items.iter().zip(maps_in_force(level)) {
            let (ox, oy) = in_force.map_or((1, 0), |i| (maps[i].x, maps[i].y));
            for s in item.walk().into_iter().filter_map(Item::statement) {
                if !FURNITURE.contains(&s.keyword.as_str()) {
                    continue;
                }
                if let Some((x, y)) = s.args.first().and_then(Value::point) {
                    furniture.insert((x + ox, y + oy));
                }
            }
        }
        Some(Terrain {
            maps,
            rock_outside,
            maze,
            furniture,
        })
    }

    /// The square at level coordinates `(x, y)`.
    fn square(&self, text: &str, x: i64, y: i64, taken: &BTreeSet<(i64, i64)>) -> Square {
        if !(1..COLUMNS).contains(&x) || !(0..ROWS).contains(&y) {
            return Square::Unknown;
        }
        if self.furniture.contains(&(x, y)) || taken.contains(&(x, y)) {
            return Square::Taken("furniture or stairs");
        }
        // The last MAP written there wins; `x` keeps what was under it.
        for placed in self.maps.iter().rev() {
            let (mx, my) = (x - placed.x, y - placed.y);
            let inside = (0..placed.map.width() as i64).contains(&mx)
                && (0..placed.map.height() as i64).contains(&my);
            if !inside {
                continue;
            }
            match placed.map.cell(text, mx as usize, my as usize) {
                Some('x') => continue,
                Some(c) => return self.terrain(c),
                None => return Square::Unknown,
            }
        }
        if self.rock_outside {
            Square::Taken("solid rock")
        } else {
            Square::Unknown
        }
    }

    /// A map character as a square for a region's thing (`bad_location`).
    fn terrain(&self, c: char) -> Square {
        match c {
            '.' | 'A' => Square::Free,
            '#' if self.maze => Square::Free,
            _ => match vocabulary::map_char(c) {
                Some(m) => Square::Taken(m.terrain),
                None => Square::Unknown,
            },
        }
    }

    fn check(&self, text: &str, level: &Level, dialect: Dialect, out: &mut Vec<Diagnostic>) {
        // Single squares already given stairs or a portal by an earlier region.
        let mut taken = BTreeSet::new();
        for (item, current) in level.items.iter().zip(maps_in_force(level)) {
            for s in item.walk().into_iter().filter_map(Item::statement) {
                if let Some(kind) = RegionKind::of(s) {
                    self.region(text, s, kind, current, &mut taken, out);
                } else if dialect == Dialect::V36 {
                    self.fixed_stairs(text, s, current.map(|i| &self.maps[i]), out);
                }
            }
        }
        self.anywhere(text, level, out);
    }

    /// A level with no BRANCH and no TELEPORT_REGION: the hero arrives on
    /// any square of the level (`u_on_rndspot`), which must have one.
    fn anywhere(&self, text: &str, level: &Level, out: &mut Vec<Diagnostic>) {
        let placed = level.items.iter().flat_map(Item::walk).any(|item| {
            item.statement()
                .is_some_and(|s| matches!(s.keyword.as_str(), "BRANCH" | "TELEPORT_REGION"))
        });
        if placed {
            return;
        }
        let none = BTreeSet::new();
        let mut what = BTreeSet::new();
        for x in 1..COLUMNS {
            for y in 0..ROWS {
                match self.square(text, x, y, &none) {
                    Square::Taken(t) => {
                        what.insert(t);
                    }
                    Square::Free | Square::Unknown => return,
                }
            }
        }
        let what: Vec<&str> = what.into_iter().collect();
        let at = level
            .name()
            .map_or(level.header.span.clone(), |(_, span)| span);
        out.push(Diagnostic::new(
            Severity::Warning,
            "nethack::unplaceable-region",
            at,
            format!(
                "the hero cannot arrive anywhere on this level: each of its squares is {}, and only {} will do. At run time the game says `impossible: Couldn't place lregion type 6!` (after `type 3!` on a level with a branch, as MiniHack's is)",
                what.join(" or "),
                self.usable(),
            ),
        ));
    }

    /// The squares a region's thing can go on, in words.
    fn usable(&self) -> &'static str {
        if self.maze {
            "floor, air or corridor"
        } else {
            "floor or air"
        }
    }

    /// A region statement: warn when none of its squares can take its thing.
    fn region(
        &self,
        text: &str,
        s: &Statement,
        kind: RegionKind,
        current: Option<usize>,
        taken: &mut BTreeSet<(i64, i64)>,
        out: &mut Vec<Diagnostic>,
    ) {
        let (Some(area), Some(excluded)) = (s.args.first(), s.args.get(1)) else {
            return;
        };
        let origin = current.map_or((1, 0), |i| (self.maps[i].x, self.maps[i].y));
        // A region past its map is lev_comp's error (`region-out-of-map`).
        if [area, excluded].iter().any(|v| self.past_map(v, current)) {
            return;
        }
        let (Some(inside), Some(outside)) =
            (level_rect(area, origin), level_rect(excluded, origin))
        else {
            return;
        };
        let [lx, ly, hx, hy] = inside;
        // `lx` 0 means the whole level; a reversed region is another story.
        if lx == 0 || lx > hx || ly > hy {
            return;
        }
        let mut free = Vec::new();
        let mut what = BTreeSet::new();
        let mut excluded_squares = 0;
        for x in lx..=hx {
            for y in ly..=hy {
                if within(outside, x, y) {
                    excluded_squares += 1;
                    continue;
                }
                match self.square(text, x, y, taken) {
                    Square::Free => free.push((x, y)),
                    Square::Taken(t) => {
                        what.insert(t);
                    }
                    Square::Unknown => return,
                }
            }
        }
        if let [only] = free[..] {
            if kind.leaves_furniture() {
                taken.insert(only);
            }
        }
        if !free.is_empty() {
            return;
        }
        let squares = (hx - lx + 1) * (hy - ly + 1);
        let why = if excluded_squares == squares {
            "every square of it is in its excluded area".to_string()
        } else {
            let what: Vec<&str> = what.into_iter().collect();
            let mut why = if squares == 1 {
                format!("its only square is {}", what.join(", "))
            } else {
                format!("each of its {squares} squares is {}", what.join(" or "))
            };
            if excluded_squares > 0 {
                why.push_str(" or excluded");
            }
            why
        };
        out.push(Diagnostic::new(
            Severity::Warning,
            "nethack::unplaceable-region",
            area.span.clone(),
            format!(
                "the game cannot place {} here: {why}, and only {} will do. At run time it says `impossible: Couldn't place lregion type {}!` {}",
                kind.what(),
                self.usable(),
                kind.lregion_type(),
                kind.outcome(),
            ),
        ));
    }

    /// A `(x1,y1,x2,y2)` region reaching past the map in force.
    fn past_map(&self, value: &Value, current: Option<usize>) -> bool {
        let (Some([x1, y1, x2, y2]), Some(i)) = (value.rect(), current) else {
            return false;
        };
        let (w, h) = (
            self.maps[i].map.width() as i64,
            self.maps[i].map.height() as i64,
        );
        [x1, x2].iter().any(|x| !(0..w).contains(x)) || [y1, y2].iter().any(|y| !(0..h).contains(y))
    }

    /// 3.6 `STAIR: (x, y), up|down` / `LADDER` on a square that is not floor:
    /// lev_comp 3.6 does not look, and the game turns the square into stairs.
    fn fixed_stairs(
        &self,
        text: &str,
        s: &Statement,
        map: Option<&Placed>,
        out: &mut Vec<Diagnostic>,
    ) {
        // Up stairs on a dungeon's first level (MiniHack's) are never made,
        // so the wall stays: only down stairs and ladders are certain.
        let down = s.args.get(1).and_then(Value::word) == Some("down");
        let thing = match s.keyword.as_str() {
            "STAIR" if s.args.len() == 2 && down => "stairs",
            "LADDER" => "a ladder",
            _ => return,
        };
        let (Some(placed), Some(value)) = (map, s.args.first()) else {
            return;
        };
        let Some((x, y)) = value.point() else {
            return;
        };
        let (lx, ly) = (x + placed.x, y + placed.y);
        // What the level has there, after every MAP.
        let c = self.maps.iter().rev().find_map(|p| {
            let (mx, my) = (lx - p.x, ly - p.y);
            let inside =
                (0..p.map.width() as i64).contains(&mx) && (0..p.map.height() as i64).contains(&my);
            inside
                .then(|| p.map.cell(text, mx as usize, my as usize))
                .flatten()
                .filter(|&c| c != 'x')
        });
        let Some(c) = c else {
            return;
        };
        if is_rock(c) {
            out.push(Diagnostic::new(
                Severity::Warning,
                "nethack::stair-in-wall",
                value.span.clone(),
                format!(
                    "the map has {} at ({x},{y}): the game turns that square into {thing} anyway (a gap in a wall, or {thing} sealed in rock); lev_comp 3.6 does not check",
                    describe_cell(c)
                ),
            ));
        }
    }
}

/// The statements whose region the game places a thing in.
#[derive(Clone, Copy)]
enum RegionKind {
    Branch,
    Stairs { up: bool },
    Portal,
    Teleport { up: Option<bool> },
}

impl RegionKind {
    fn of(s: &Statement) -> Option<RegionKind> {
        let direction = |i: usize| s.args.get(i).and_then(Value::word).map(|w| w == "up");
        Some(match s.keyword.as_str() {
            "BRANCH" => RegionKind::Branch,
            "STAIR" if s.args.len() == 3 => RegionKind::Stairs { up: direction(2)? },
            "PORTAL" => RegionKind::Portal,
            "TELEPORT_REGION" => RegionKind::Teleport { up: direction(2) },
            _ => return None,
        })
    }

    /// The `lev_region` type NetHack names in its message (`dungeon.h`).
    fn lregion_type(self) -> u8 {
        match self {
            RegionKind::Stairs { up: false } => 0,
            RegionKind::Stairs { up: true } => 1,
            RegionKind::Portal => 2,
            RegionKind::Branch => 3,
            RegionKind::Teleport { up: None } => 4,
            RegionKind::Teleport { up: Some(true) } => 5,
            RegionKind::Teleport { up: Some(false) } => 6,
        }
    }

    fn what(self) -> &'static str {
        match self {
            RegionKind::Branch => "the branch (where the hero starts in MiniHack)",
            RegionKind::Stairs { up: true } => "the up stairs",
            RegionKind::Stairs { up: false } => "the down stairs",
            RegionKind::Portal => "the portal",
            RegionKind::Teleport { .. } => "the hero arriving on the level",
        }
    }

    fn outcome(self) -> &'static str {
        match self {
            RegionKind::Branch => "and the hero starts at a random spot",
            RegionKind::Teleport { .. } => "when the hero arrives",
            _ => "and the level has none",
        }
    }

    /// A region of one free square leaves stairs or a trap there, which the
    /// next region cannot use.
    fn leaves_furniture(self) -> bool {
        matches!(self, RegionKind::Stairs { .. } | RegionKind::Portal)
    }
}

/// A region argument in level coordinates: `(x1,y1,x2,y2)` is relative to
/// the map in force (`origin`), `levregion(…)` is the level's own.
fn level_rect(value: &Value, origin: (i64, i64)) -> Option<[i64; 4]> {
    match &value.kind {
        ValueKind::Call { name, args, .. } if name == "levregion" => match &args[..] {
            [a, b, c, d] => Some([a.integer()?, b.integer()?, c.integer()?, d.integer()?]),
            _ => None,
        },
        _ => {
            let [x1, y1, x2, y2] = value.rect()?;
            let (ox, oy) = origin;
            Some([x1 + ox, y1 + oy, x2 + ox, y2 + oy])
        }
    }
}

/// For each of the level's items, the MAP its coordinates are relative to
/// (an index among the level's maps); `None` before any and after NOMAP,
/// when they are relative to the level from (1, 0).
fn maps_in_force(level: &Level) -> Vec<Option<usize>> {
    let mut current = None;
    let mut seen = 0;
    level
        .items
        .iter()
        .map(|item| {
            match item {
                Item::Map(_) => {
                    current = Some(seen);
                    seen += 1;
                }
                Item::Statement(s) if s.keyword == "NOMAP" => current = None,
                _ => {}
            }
            current
        })
        .collect()
}

/// `within_bounded_area`.
fn within([lx, ly, hx, hy]: [i64; 4], x: i64, y: i64) -> bool {
    (lx..=hx).contains(&x) && (ly..=hy).contains(&y)
}

/// Where the game loads a MAP: `spo_map` (3.6) / `load_maze` (3.4.3) from
/// the GEOMETRY's alignment words and the map's size; `init`: the level
/// was filled first (`splev_init_present`), which moves a left-aligned map.
fn origin(
    geometry: &Statement,
    map: &MapBlock,
    dialect: Dialect,
    init: bool,
) -> Option<(i64, i64)> {
    // Rust's `/` truncates toward zero, as C's does.
    let (w, h) = (map.width() as i64, map.height() as i64);
    let words: Vec<&str> = geometry
        .args
        .iter()
        .map(|a| a.word())
        .collect::<Option<_>>()?;
    let [horizontal, vertical] = words[..] else {
        return None;
    };
    let mut x = match horizontal {
        "left" if init && dialect == Dialect::V36 => 1,
        "left" => 3,
        "half-left" => 2 + (MAZE_MAX_X - 2 - w) / 4,
        "center" => 2 + (MAZE_MAX_X - 2 - w) / 2,
        "half-right" => 2 + (MAZE_MAX_X - 2 - w) * 3 / 4,
        "right" => MAZE_MAX_X - w - 1,
        _ => return None,
    };
    let mut y = match vertical {
        "top" => 3,
        "center" => 2 + (MAZE_MAX_Y - 2 - h) / 2,
        "bottom" => MAZE_MAX_Y - h - 1,
        _ => return None,
    };
    if x % 2 == 0 {
        x += 1;
    }
    if y % 2 == 0 {
        y += 1;
    }
    if y < 0 || y + h > ROWS {
        y += if y > 0 { -2 } else { 2 };
        if h == ROWS {
            y = 0;
        }
        if y < 0 || y + h > ROWS {
            return None;
        }
    }
    if w <= 1 && h <= 1 {
        return None;
    }
    Some((x, y))
}

#[cfg(test)]
mod tests;
