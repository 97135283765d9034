//! Each MAP block of each level, as the game would draw it on a black
//! screen: terrain in tty colours, and the statements of its part that
//! name an explicit point `(x,y)` (monsters, objects, traps, stairs,
//! altars, fountains…) at that cell. Points are relative to the map, as
//! lev_comp reads them, or at the point a 3.6 variable surely holds.
//! RANDOM_PLACES entries and the points of 3.6 lists that are shuffled or
//! picked from (`rndcoord`) become candidate markers; the diagnostics on a
//! map cell or a statement's point become markers.

use crate::formats::nethack::ide::navigation::cell;
use crate::formats::nethack::syntax::model;
use crate::formats::nethack::syntax::point_variables::PointVariables;
use crate::formats::nethack::syntax::{self, Item, Level, MapBlock, Statement, Value, ValueKind};
use crate::formats::picture::{MarkerKind, Picture, Style};
use crate::formats::{Severity, SourceFile};
use std::ops::Range;

const BLACK: &str = "#000000";

pub(crate) fn style(glyph: char, fg: &'static str, meaning: &'static str) -> Style {
    Style {
        glyph,
        fg,
        bg: BLACK,
        meaning,
    }
}

/// The map character `c` in its tty colour.
pub(crate) fn terrain_style(c: char) -> Style {
    let fg = match c {
        '-' | '|' | 'B' => "#b0b0b0",
        '.' | '#' | 'H' | 'A' | 'C' | 'K' => "#9e9e9e",
        '+' | 'S' => "#c68642",
        '}' | 'P' | 'W' | '{' => "#4f6cff",
        'L' => "#ff3d3d",
        'T' => "#2fbf3f",
        'I' => "#4dd0e1",
        '\\' => "#ffd54f",
        'F' => "#00bcd4",
        _ => "#606060",
    };
    let meaning = crate::formats::nethack::names::vocabulary::map_char(c)
        .map_or("unknown map character", |m| m.terrain);
    style(c, fg, meaning)
}

/// How a statement that places one thing at a point is drawn.
fn statement_style(s: &Statement) -> Option<Style> {
    Some(match s.keyword.as_str() {
        "MONSTER" => style(class_char(s).unwrap_or('M'), "#ff5252", "monster"),
        "OBJECT" => style(class_char(s).unwrap_or('*'), "#80deea", "object"),
        "CONTAINER" => style(class_char(s).unwrap_or('('), "#80deea", "container"),
        "TRAP" => style('^', "#e040fb", "trap"),
        "STAIR" => match s.args.iter().find_map(Value::word) {
            Some("up") => style('<', "#ffffff", "stairs up"),
            _ => style('>', "#ffffff", "stairs down"),
        },
        "LADDER" => match s.args.iter().find_map(Value::word) {
            Some("up") => style('<', "#ffd54f", "ladder up"),
            _ => style('>', "#ffd54f", "ladder down"),
        },
        "ALTAR" => style('_', "#bdbdbd", "altar"),
        "FOUNTAIN" => style('{', "#4f6cff", "fountain"),
        "SINK" => style('#', "#bdbdbd", "sink"),
        "POOL" => style('}', "#4f6cff", "pool"),
        "GRAVE" => style('|', "#ffffff", "grave"),
        "ENGRAVING" => style('~', "#ffee58", "engraving"),
        "GOLD" => style('$', "#ffd54f", "gold"),
        _ => return None,
    })
}

/// The class character of a MONSTER/OBJECT: `'d'`, or 3.6's `('d', "jackal")`.
fn class_char(s: &Statement) -> Option<char> {
    s.args.iter().find_map(|a| match &a.kind {
        ValueKind::Char(c) => Some(*c),
        ValueKind::Tuple(v) => v.first().and_then(Value::char),
        _ => None,
    })
}

/// One map and the items whose points are relative to it.
struct Segment<'a> {
    map: &'a MapBlock,
    items: Range<usize>,
    random_places: Option<&'a Statement>,
}

/// MAZE parts with a map; for a 3.6 `LEVEL` drawn with MAP blocks, each
/// top-level map and what follows it up to the next one.
fn segments(level: &Level) -> Vec<Segment<'_>> {
    let parts = model::parts(level);
    if !parts.is_empty() {
        return parts
            .into_iter()
            .filter_map(|p| {
                Some(Segment {
                    map: p.map?,
                    items: p.items,
                    random_places: p.random_places,
                })
            })
            .collect();
    }
    let starts: Vec<usize> = (0..level.items.len())
        .filter(|&i| matches!(level.items[i], Item::Map(_)))
        .collect();
    starts
        .iter()
        .enumerate()
        .map(|(n, &i)| {
            let end = starts.get(n + 1).copied().unwrap_or(level.items.len());
            Segment {
                map: level.items[i].map().expect("a map"),
                items: i..end,
                random_places: level.items[i..end]
                    .iter()
                    .filter_map(Item::statement)
                    .find(|s| s.keyword == "RANDOM_PLACES"),
            }
        })
        .collect()
}

fn statements<'a>(level: &'a Level, items: &Range<usize>) -> Vec<&'a Statement> {
    level.items[items.clone()]
        .iter()
        .flat_map(Item::walk)
        .filter_map(Item::statement)
        .collect()
}

/// The statement's first line, for tooltips and messages.
fn summary<'t>(text: &'t str, s: &Statement) -> &'t str {
    text[s.span.clone()].lines().next().unwrap_or("").trim()
}

pub fn pictures(file: &SourceFile, diagnostics: &[crate::formats::Diagnostic]) -> Vec<Picture> {
    let doc = syntax::read(file.text, file.tree);
    let mut out = Vec::new();
    for level in &doc.levels {
        let segments = segments(level);
        let name = level.name().map_or("(unnamed)", |(n, _)| n);
        for (n, segment) in segments.iter().enumerate() {
            let title = if segments.len() > 1 {
                format!("{} \"{name}\", map {}", level.header.keyword, n + 1)
            } else {
                format!("{} \"{name}\"", level.header.keyword)
            };
            let mut picture = picture(file.text, level, segment, title, diagnostics);
            picture.level = level.name().map(|(n, _)| n.to_string());
            out.push(picture);
        }
    }
    out
}

fn picture(
    text: &str,
    level: &Level,
    segment: &Segment,
    title: String,
    diagnostics: &[crate::formats::Diagnostic],
) -> Picture {
    let map = segment.map;
    let mut picture = Picture::new(title, map.width(), map.height(), terrain_style(' '));
    for y in 0..map.height() {
        for x in 0..map.width() {
            let c = map.cell(text, x, y).unwrap_or(' ');
            let style = terrain_style(c);
            let tooltip = format!("({x},{y}) '{c}' {}", style.meaning);
            let source = map.cell_span(text, x, y);
            picture.draw(x as i64, y as i64, style, Some(tooltip), source);
        }
    }
    let statements = statements(level, &segment.items);
    let variables = PointVariables::of(level);
    // Where a statement lands for sure: a literal point, or a 3.6 variable's.
    let point = |s: &Statement| {
        s.args
            .iter()
            .find_map(|a| a.point().or_else(|| variables.resolve(a)))
    };
    // As the game shows a square: a monster over an object, an object over
    // a trap or a dungeon feature (the later statement wins within a layer).
    let mut drawn = statements.clone();
    drawn.sort_by_key(|s| match s.keyword.as_str() {
        "MONSTER" => 3,
        "OBJECT" | "CONTAINER" | "GOLD" => 2,
        "TRAP" => 1,
        _ => 0,
    });
    for s in &drawn {
        let Some((x, y)) = point(s) else {
            continue;
        };
        if cell(map, x, y).is_none() {
            continue;
        }
        let Some(style) = statement_style(s) else {
            // DOOR, ENGRAVING's kin without a glyph of their own: the map
            // character stays, the statement joins its tooltip.
            if s.keyword == "DOOR" {
                picture.annotate(x, y, summary(text, s));
            }
            continue;
        };
        let mut tooltip = format!("({x},{y}) {}", summary(text, s));
        // What an earlier statement put here stays in the tooltip.
        let below = picture.cell(x as usize, y as usize);
        if let Some(below) =
            below.filter(|c| c.source != map.cell_span(text, x as usize, y as usize))
        {
            if let Some(t) = &below.tooltip {
                tooltip = format!("{tooltip}\nover {t}");
            }
        }
        picture.draw(x, y, style, Some(tooltip), Some(s.span.clone()));
    }
    if let Some(list) = segment.random_places {
        for (i, entry) in list.args.iter().enumerate() {
            let Some((x, y)) = entry.point() else {
                continue;
            };
            let users: Vec<&str> = statements
                .iter()
                .filter(|s| {
                    s.args.iter().any(|a| {
                        matches!(&a.kind, ValueKind::Register { name, index, .. }
                            if name == "place" && *index == i as i64)
                    })
                })
                .map(|s| summary(text, s))
                .collect();
            let message = if users.is_empty() {
                format!("place[{i}]")
            } else {
                format!("place[{i}]: {}", users.join("; "))
            };
            picture.mark(x, y, MarkerKind::Candidate, message);
        }
    }
    for (x, y, message) in variables.candidates(&statements, |s| summary(text, s).to_string()) {
        picture.mark(x, y, MarkerKind::Candidate, message);
    }
    for d in diagnostics {
        let kind = match d.severity {
            Severity::Error => MarkerKind::Error,
            Severity::Warning => MarkerKind::Warning,
            _ => continue,
        };
        let at = map
            .cell_at(d.range.start)
            .map(|(x, y)| (x as i64, y as i64))
            .or_else(|| {
                statements
                    .iter()
                    .filter(|s| s.span.start <= d.range.start && d.range.start < s.span.end)
                    .find_map(|s| point(s))
            });
        if let Some((x, y)) = at {
            picture.mark(x, y, kind, format!("{}: {}", d.code, d.message));
        }
    }
    picture
}

#[cfg(test)]
mod tests;
