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
mod tests {
    use super::super::tests::with_file;
    use expect_test::{expect, Expect};

    fn check(text: &str, expect: Expect) {
        let sketch = with_file(text, |file| {
            super::pictures(file, &super::super::analysis::diagnostics(file))
                .iter()
                .map(|p| p.snapshot())
                .collect::<String>()
        });
        expect.assert_eq(&sketch);
    }

    #[test]
    fn small_map_terrain_items_and_start() {
        check(
            "Frupal_Kingdom:\nterrain: 6 4\n......\n..=.~.\n..\"...\n......\nstart: 1 1\ndiamonds: 4 2\nfood: 0 3 1 2 Bread.\nship: 4 1 10\n",
            expect![[r#"
                map.fmap 6x4
                ......
                .@=.S.
                ..".$.
                F.....
                . #1b5e20 on #4caf50: meadow
                = #616161 on #e0e0e0: wall
                ~ #0d47a1 on #2196f3: water
                " #4a148c on #9c27b0: swamp
                @ #000000 on #4caf50: the hero's start
                $ #ffffff on #00bcd4: the royal diamonds
                F #000000 on #4caf50: food
                S #000000 on #2196f3: ship
            "#]],
        );
    }

    #[test]
    fn diagnostics_on_cells_become_markers() {
        check(
            "Frupal_Kingdom:\nterrain: 4 3\n..=.\n===.\n..=.\nstart: 0 0\ndiamonds: 3 2\ntreasure: 2 0 5 Gold.\n",
            expect![[r#"
                map.fmap 4x3
                @.$.
                ===.
                ..=$
                warning (3,2): frupal::unreachable-diamonds: the hero cannot reach the diamonds from the start at 0 0: walls cut them off from the start
                error (2,0): frupal::item-on-wall: 2 0 is a wall: the treasure cannot stand there; the game refuses to load this map
                . #1b5e20 on #4caf50: meadow
                = #616161 on #e0e0e0: wall
                @ #000000 on #4caf50: the hero's start
                $ #ffffff on #00bcd4: the royal diamonds
                $ #000000 on #e0e0e0: treasure
            "#]],
        );
    }

    #[test]
    fn short_rows_are_black() {
        check(
            "Frupal_Kingdom:\nterrain: 3 2\n..\n...\nstart: 0 0\ndiamonds: 2 1\n",
            expect![[r#"
                map.fmap 3x2
                @. 
                ..$
                error (2,0): frupal::row-length: terrain row 0 has 2 of 3 characters; the game refuses to load this map
                . #1b5e20 on #4caf50: meadow
                  #ffffff on #000000: no terrain (short row or unknown character)
                @ #000000 on #4caf50: the hero's start
                $ #ffffff on #00bcd4: the royal diamonds
            "#]],
        );
    }
}
