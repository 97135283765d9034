//! The kingdom as the game draws it: the terrain grid in its colours, every
//! item with its glyph, the hero's start, and the diagnostics that stand on
//! a cell (an item on a wall, unreachable diamonds…) as markers.

use super::model::Model;
use super::vocabulary::Terrain;
use crate::formats::picture::{MarkerKind, Picture, Style};
use crate::formats::{Diagnostic, Severity, SourceFile};

const BLACK: &str = "#000000";
const WHITE: &str = "#ffffff";

fn terrain_style(t: Terrain) -> Style {
    match t {
        Terrain::Meadow => Style {
            glyph: '.',
            fg: "#1b5e20",
            bg: "#4caf50",
            meaning: "meadow",
        },
        Terrain::Wall => Style {
            glyph: '=',
            fg: "#616161",
            bg: "#e0e0e0",
            meaning: "wall",
        },
        Terrain::Swamp => Style {
            glyph: '"',
            fg: "#4a148c",
            bg: "#9c27b0",
            meaning: "swamp",
        },
        Terrain::Water => Style {
            glyph: '~',
            fg: "#0d47a1",
            bg: "#2196f3",
            meaning: "water",
        },
    }
}

/// A cell the game cannot read: a short row or a character that is not terrain.
const NO_TERRAIN: Style = Style {
    glyph: ' ',
    fg: WHITE,
    bg: BLACK,
    meaning: "no terrain (short row or unknown character)",
};

/// An item's glyph, drawn in black on the terrain under it (the diamonds: white on cyan).
fn item_style(name: &str, bg: &'static str) -> Option<Style> {
    let (glyph, meaning) = match name {
        "diamonds:" => {
            return Some(Style {
                glyph: '$',
                fg: WHITE,
                bg: "#00bcd4",
                meaning: "the royal diamonds",
            })
        }
        "start:" => ('@', "the hero's start"),
        "treasure:" => ('$', "treasure"),
        "food:" => ('F', "food"),
        "clue:" => ('?', "clue"),
        "ship:" => ('S', "ship"),
        "binoculars:" => ('B', "binoculars"),
        "obstacle:" => ('!', "obstacle"),
        "tool:" => ('T', "tool"),
        _ => return None,
    };
    Some(Style {
        glyph,
        fg: BLACK,
        bg,
        meaning,
    })
}

pub fn pictures(file: &SourceFile, diagnostics: &[Diagnostic]) -> Vec<Picture> {
    let model = Model::of(file);
    let Some(grid) = &model.grid else {
        return Vec::new();
    };
    let title = file
        .path
        .and_then(|p| p.file_name())
        .map_or("Frupal map".to_string(), |n| {
            n.to_string_lossy().into_owned()
        });
    let mut picture = Picture::new(title, grid.width, grid.height, NO_TERRAIN);
    let rows = model.map.terrain.as_ref().map_or(&[][..], |t| &t.rows[..]);
    for y in 0..grid.height {
        // Where each character of the row is written.
        let written: Vec<std::ops::Range<usize>> = rows.get(y).map_or(Vec::new(), |&line| {
            let span = model.map.lines[line].clone();
            file.text[span.clone()]
                .char_indices()
                .take(grid.width)
                .map(|(at, c)| span.start + at..span.start + at + c.len_utf8())
                .collect()
        });
        for x in 0..grid.width {
            let source = written.get(x).cloned();
            let (style, tooltip) = match grid.at(x as i64, y as i64) {
                Some(t) => (terrain_style(t), format!("({x},{y}) {}", t.name())),
                None => (NO_TERRAIN, format!("({x},{y}) no terrain")),
            };
            picture.draw(x as i64, y as i64, style, Some(tooltip), source);
        }
    }
    let placed = model.placed();
    for placed in &placed {
        let bg = match grid.at(placed.x, placed.y) {
            Some(t) => terrain_style(t).bg,
            None => BLACK,
        };
        let Some(style) = item_style(model.name(placed.element), bg) else {
            continue;
        };
        let element = &model.map.elements[placed.element];
        let text = &file.text[element.span.clone()];
        picture.draw(
            placed.x,
            placed.y,
            style,
            Some(format!("({},{}) {text}", placed.x, placed.y)),
            Some(element.span.clone()),
        );
    }
    for d in diagnostics {
        let kind = match d.severity {
            Severity::Error => MarkerKind::Error,
            Severity::Warning => MarkerKind::Warning,
            _ => continue,
        };
        let line = model.map.line_of(d.range.start);
        let at = match placed
            .iter()
            .find(|p| model.map.elements[p.element].line == line)
        {
            Some(p) => Some((p.x, p.y)),
            None => rows.iter().position(|&l| l == line).map(|y| {
                let row = model.map.lines[line].clone();
                // A problem of the whole row (its length) stands where the row
                // ends; one of a character, on that character.
                let at = if d.range.start <= row.start && d.range.end >= row.end {
                    row.end
                } else {
                    d.range.start.clamp(row.start, row.end)
                };
                let x = file.text[row.start..at].chars().count();
                (x.min(grid.width.saturating_sub(1)) as i64, y as i64)
            }),
        };
        if let Some((x, y)) = at {
            picture.mark(x, y, kind, format!("{}: {}", d.code, d.message));
        }
    }
    vec![picture]
}

#[cfg(test)]
mod tests;
