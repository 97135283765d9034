//! The map as a whole: syntax, every element read against its parameters,
//! the terrain grid, and what the hero can reach. Built once per version of
//! a document (kept in its `Memo`; once per query without one); everything
//! else (analysis, hover, hints) reads from it.

use super::elements::{parse, Parsed};
use super::syntax::{Grid, Map, Span};
use crate::formats::SourceFile;
use std::collections::VecDeque;
use std::sync::Arc;

/// The map read from the text: what [`Model`] shares between the queries of
/// one version.
pub struct Read {
    pub map: Map,
    pub grid: Option<Grid>,
    /// `parsed[i]` reads `map.elements[i]`; `None` for unknown elements.
    pub parsed: Vec<Option<Parsed>>,
}

pub struct Model<'t> {
    pub text: &'t str,
    read: Arc<Read>,
}

impl std::ops::Deref for Model<'_> {
    type Target = Read;
    fn deref(&self) -> &Read {
        &self.read
    }
}

fn read(text: &str) -> Read {
    let map = Map::read(text);
    let grid = Grid::read(text, &map);
    let parsed = map
        .elements
        .iter()
        .map(|e| parse(text, e, map.values_of(e), map.lines[e.line].end))
        .collect();
    Read { map, grid, parsed }
}

/// An item or the start, where it stands.
pub struct Placed {
    pub element: usize,
    pub x: i64,
    pub y: i64,
    /// From the x value to the y value.
    pub span: Span,
}

impl<'t> Model<'t> {
    /// The model of `file`, read once per version when the file has a memo.
    pub fn of(file: &SourceFile<'t>) -> Model<'t> {
        Model {
            text: file.text,
            read: file.read_shared(read),
        }
    }

    pub fn name(&self, element: usize) -> &'t str {
        &self.text[self.map.elements[element].name.clone()]
    }

    /// Every element with a readable position, in file order.
    pub fn placed(&self) -> Vec<Placed> {
        let mut out = Vec::new();
        for (i, parsed) in self.parsed.iter().enumerate() {
            let Some(p) = parsed else { continue };
            let Some((x, y)) = p.position(self.text) else {
                continue;
            };
            let span = p.args[0].value.as_ref().unwrap().span.start
                ..p.args[1].value.as_ref().unwrap().span.end;
            out.push(Placed {
                element: i,
                x,
                y,
                span,
            });
        }
        out
    }

    /// Items: everything placed except the hero's start.
    pub fn items(&self) -> Vec<Placed> {
        self.placed()
            .into_iter()
            .filter(|p| self.name(p.element) != "start:")
            .collect()
    }

    pub fn first_placed(&self, name: &str) -> Option<Placed> {
        self.placed()
            .into_iter()
            .find(|p| self.name(p.element) == name)
    }

    /// Obstacle kinds and tool targets: (kind text, span, is_obstacle), in file order.
    pub fn kinds(&self) -> Vec<(&'t str, Span, bool)> {
        let mut out = Vec::new();
        for (i, parsed) in self.parsed.iter().enumerate() {
            let Some(p) = parsed else { continue };
            match self.name(i) {
                "obstacle:" => {
                    if let Some((kind, span)) = p.kind(self.text) {
                        out.push((kind, span, true));
                    }
                }
                "tool:" => out.extend(
                    p.targets
                        .iter()
                        .map(|t| (&self.text[t.clone()], t.clone(), false)),
                ),
                _ => {}
            }
        }
        out
    }
}

/// Which cells the hero can reach from the start, on foot and with the ship.
pub struct Reach {
    pub on_foot: Vec<Vec<bool>>,
    /// `None` when the map has no ship or the hero cannot get to it.
    pub with_ship: Option<Vec<Vec<bool>>>,
}

impl Reach {
    pub fn can_reach(&self, x: i64, y: i64) -> bool {
        let at = |cells: &Vec<Vec<bool>>| cells[y as usize][x as usize];
        at(&self.on_foot) || self.with_ship.as_ref().is_some_and(at)
    }
}

fn flood(grid: &Grid, start: (i64, i64), with_ship: bool) -> Vec<Vec<bool>> {
    let mut seen = vec![vec![false; grid.width]; grid.height];
    if !grid.contains(start.0, start.1) {
        return seen;
    }
    let mut queue = VecDeque::from([start]);
    seen[start.1 as usize][start.0 as usize] = true;
    while let Some((x, y)) = queue.pop_front() {
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (nx, ny) = (x + dx, y + dy);
            if !grid.contains(nx, ny) || seen[ny as usize][nx as usize] {
                continue;
            }
            if grid.at(nx, ny).is_some_and(|t| t.walkable(with_ship)) {
                seen[ny as usize][nx as usize] = true;
                queue.push_back((nx, ny));
            }
        }
    }
    seen
}

/// Meadow and swamp on foot; water too once the hero can step onto a ship
/// (a ship on water counts when it lies next to a cell reached on foot).
pub fn reach(grid: &Grid, start: (i64, i64), ships: &[(i64, i64)]) -> Reach {
    let on_foot = flood(grid, start, false);
    let reached = |x: i64, y: i64| grid.contains(x, y) && on_foot[y as usize][x as usize];
    let boardable = ships.iter().any(|&(x, y)| {
        reached(x, y)
            || [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .iter()
                .any(|(dx, dy)| reached(x + dx, y + dy))
    });
    let with_ship = boardable.then(|| flood(grid, start, true));
    Reach { on_foot, with_ship }
}

/// Why the hero cannot reach `target` from `start`: for the unreachable-diamonds warning.
pub fn why_unreachable(
    grid: &Grid,
    start: (i64, i64),
    target: (i64, i64),
    has_ship: bool,
) -> &'static str {
    let by_boat = flood(grid, start, true);
    if grid.contains(target.0, target.1) && by_boat[target.1 as usize][target.0 as usize] {
        if has_ship {
            "the way crosses water, and the hero cannot get to the ship"
        } else {
            "the way crosses water, and the map has no ship"
        }
    } else {
        "walls cut them off from the start"
    }
}
